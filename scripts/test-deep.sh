#!/usr/bin/env bash
# The suites too slow for `npm test` that CI runs after it (.ci/run, before the fuzzing):
#   1. the native GoogleTest suite under ASan+UBSan, Debug (build/debug)   ctest -L unit
#      (the same tests npm test runs on the Release build, a second build of them)
#   2. the seeded random suites of the package at their full size (CHESSWASM_DEEP=1 vitest run
#      on every tests/unit file that sizes itself with testSize or reads CHESSWASM_DEEP: the
#      5,000-game chess.js comparison, 300 games a variant against chessops, the fuzzing at
#      100,000+ calls, ...); npm test runs the first part of each (same seeds, smaller sizes).
#      Needs the package built (npm test, or scripts/build.sh and scripts/package.sh).
#   3. the long perft counts (label `deep`, Release)                       ctest -L deep
#      with DEEP_PERFT=1 only: they take hours.
# Each step prints its time.
set -euo pipefail
# shellcheck source=SCRIPTDIR/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

start=$(date +%s)
echo "== build build/debug (ASan+UBSan)"
bash scripts/build.sh debug
t=$(date +%s)
echo "== native tests (Debug, ASan+UBSan)"
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" \
  UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
  ctest --test-dir build/debug -L unit --output-on-failure
echo "== $(($(date +%s) - t)) s: native tests (Debug, ASan+UBSan); build $((t - start)) s"
t=$(date +%s)
echo "== package tests at full size (CHESSWASM_DEEP=1 vitest run)"
mapfile -t deep_files < <(grep -l -E "testSize\(|CHESSWASM_DEEP" tests/unit/*.test.ts)
CHESSWASM_DEEP=1 npx --no-install vitest run "${deep_files[@]}"
echo "== $(($(date +%s) - t)) s: package tests at full size (${#deep_files[@]} files)"
if [[ "${DEEP_PERFT:-0}" == 1 ]]; then
  t=$(date +%s)
  bash scripts/build.sh native
  ctest --test-dir build/native -L deep --output-on-failure
  echo "== $(($(date +%s) - t)) s: deep perft"
fi
echo "== deep suites passed in $(($(date +%s) - start)) s"
