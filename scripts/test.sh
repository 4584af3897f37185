#!/usr/bin/env bash
# The test command (npm test): checks the formatting (clang-format for all C++, Prettier for
# the TypeScript and JavaScript: scripts/format.sh --check), lints the TypeScript and
# JavaScript and type-checks them (npm run lint: ESLint, then tsc --noEmit on the programs it
# sees: tsconfig.eslint.json, web/board/tsconfig.eslint.json),
# builds the API reference (TypeDoc, npm run docs: fails on any warning), builds everything,
# checks that the generated TypeScript of the wasm boundary (web/src/boundary/boundary.ts,
# web/src/boundary/chesswasm.d.mts) is current, then runs
#   1. the native Release GoogleTest suite          ctest -L unit  (build/native)
#   2. the package's Vitest suites (tests/unit, tests/pack: npm pack + Vite + Chromium)  vitest run
#   3. the analysis board in Chromium (tests/browser) scripts/board.sh, node --test (two files at a time)
# The same native suite under ASan+UBSan (a second build of every test) and the long perft counts
# (label `deep`) are in scripts/test-deep.sh, which CI runs after this (.ci/run); SANITIZE=1 runs
# the sanitizer suite here too.
set -euo pipefail
# shellcheck source=SCRIPTDIR/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

# Each step prints its title; when the next starts (and at the end) the time it took, and the
# end prints every step's time: the figures for keeping npm test short.
suite_start=$(date +%s)
step_name=""
step_start=$suite_start
timings=()
step_done() {
  if [[ -n "$step_name" ]]; then
    local took=$(($(date +%s) - step_start))
    echo "== ${took} s: ${step_name%% (*}"
    timings+=("$(printf '%5d s  %s' "$took" "${step_name%% (*}")")
  fi
}
step() {
  step_done
  step_name="$*"
  step_start=$(date +%s)
  echo
  echo "== $*"
}

step "set-up (scripts/setup.sh: system packages, npm ci when needed)"
bash scripts/setup.sh

step "format (clang-format 14 for C++, Prettier for TS/JS: scripts/format.sh --check; npm run format fixes)"
bash scripts/format.sh --check

step "lint (ESLint with typescript-eslint, tsc --noEmit on the tests, scripts and board: npm run lint)"
npm run --silent lint

step "API reference (TypeDoc: npm run docs -> dist/docs; every export documented, warnings are errors)"
npx --no-install typedoc

step "build (scripts/build.sh: native, sanitizers, wasm, wasm debug; the package; generated files checked)"
configs=(native wasm wasm-debug)
[[ "${SANITIZE:-0}" != 1 ]] || configs=(native debug wasm wasm-debug)
bash scripts/build.sh "${configs[@]}"
# The committed TypeScript side of the boundary must be what the registration says (before
# package.sh rewrites it): a code added in C++ needs `node scripts/gen-boundary.mjs` and a commit.
node scripts/gen-boundary.mjs --check
# The opening table (web/src/apps/openings/table.ts) must be what tests/data/openings/*.tsv says
# (checked after package.sh: the generator replays the lines with the built package).
bash scripts/package.sh --no-wasm
node scripts/gen-openings.mjs --check
# The board type-checked against the package as shipped (web/board/tsconfig.json: dist/types/*.d.ts;
# lint checked it against the sources).
npx --no-install tsc --noEmit -p web/board/tsconfig.json

step "native tests (Release)"
ctest --test-dir build/native -L unit --output-on-failure

if [[ "${SANITIZE:-0}" == 1 ]]; then
  step "native tests (Debug, ASan+UBSan)"
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" \
    UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
    ctest --test-dir build/debug -L unit --output-on-failure
fi

step "package tests (Vitest: dist/ and the debug wasm build)"
npx --no-install vitest run

step "analysis board in Chromium (tests/browser; screenshots in test-artifacts/)"
bash scripts/board.sh
# The files that measure the page's long tasks (no task or frame over 100 ms) run alone; the
# others two at a time, the largest files first (the long ones then do not start last): each
# Chromium waits on its page most of the time (the step took 560 s with one file at a time on
# 2 cores).
# A file measures them when it watches them: watchLongTasks (helpers.mjs) or a PerformanceObserver
# of its own for 'longtask'.
measures='watchLongTasks|longtask'
mapfile -t timed < <(grep -lE "$measures" tests/browser/*.test.mjs)
mapfile -t others < <(ls -S tests/browser/*.test.mjs | xargs grep -LE "$measures")
node --test "${timed[@]}"
node --test --test-concurrency=2 "${others[@]}"

step_done
echo
echo "== step times"
printf '%s\n' "${timings[@]}"
echo "== all tests passed in $(($(date +%s) - suite_start)) s"
