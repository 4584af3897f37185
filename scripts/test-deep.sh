#!/usr/bin/env bash
# The suites too slow for `npm test` that CI runs after it (.ci/run, before the fuzzing):
#   1. the native GoogleTest suite under ASan+UBSan, Debug (build/debug)   ctest -L unit
#      (the same tests npm test runs on the Release build, a second build of them)
#   2. the long perft counts (label `deep`, Release)                       ctest -L deep
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
if [[ "${DEEP_PERFT:-0}" == 1 ]]; then
  t=$(date +%s)
  bash scripts/build.sh native
  ctest --test-dir build/native -L deep --output-on-failure
  echo "== $(($(date +%s) - t)) s: deep perft"
fi
echo "== deep suites passed in $(($(date +%s) - start)) s"
