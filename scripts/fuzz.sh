#!/usr/bin/env bash
# Builds the libFuzzer targets (cpp/tools/fuzz; clang, ASan + UBSan, asserts on) in
# build/fuzz and runs each for FUZZ_SECONDS seconds (default 60) on a temporary copy of its
# seed corpus (cpp/tools/fuzz/corpus/<target>), so a run never writes into the repository.
# Fails on any crash, sanitizer report, leak, timeout (a single input > 10 s) or memory
# blow-up (> 2 GB); the offending input is kept in build/fuzz/artifacts/<target>/ and the
# command to reproduce it is printed.
# usage: scripts/fuzz.sh [target...]   (default: every target; FUZZ_SECONDS=20 for a quick run)
#   reproduce one input:  build/fuzz/fuzz_fen build/fuzz/artifacts/fuzz_fen/crash-...
#   keep the new corpus:  FUZZ_KEEP_CORPUS=dir scripts/fuzz.sh  (copied to dir/<target>)
set -euo pipefail
# shellcheck source=SCRIPTDIR/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

seconds="${FUZZ_SECONDS:-60}"
fuzz_dir=cpp/tools/fuzz
all_targets=(fuzz_fen fuzz_uci fuzz_moves fuzz_san fuzz_pgn fuzz_tree)
# Longest input per target: a FEN, a UCI move, a move sequence, a SAN move, a few PGN games,
# an encoded game tree.
declare -A max_len=([fuzz_fen]=256 [fuzz_uci]=32 [fuzz_moves]=400 [fuzz_san]=48 [fuzz_pgn]=8192 [fuzz_tree]=4096)

cxx="${FUZZ_CXX:-}"
if [[ -z "$cxx" ]]; then
  for c in clang++ clang++-14; do
    if command -v "$c" >/dev/null 2>&1; then cxx=$c && break; fi
  done
fi
[[ -n "$cxx" ]] || { echo "fuzz.sh: clang++ not found (apt-get install clang libclang-rt-14-dev)" >&2; exit 2; }

if [[ ! -f build/fuzz/CMakeCache.txt ]]; then
  echo "== configure build/fuzz ($cxx)"
  cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER="$cxx" -DCHESSWASM_FUZZ=ON
fi
echo "== build build/fuzz"
cmake --build build/fuzz -j"$JOBS" --target fuzz_all

targets=("$@")
if ((${#targets[@]} == 0)); then
  for t in "${all_targets[@]}"; do
    [[ -f "$fuzz_dir/$t.cpp" ]] && targets+=("$t")
  done
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/chesswasm-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=()
summary=()
for t in "${targets[@]}"; do
  [[ -x "build/fuzz/$t" ]] || { echo "fuzz.sh: unknown target '$t'" >&2; exit 2; }
  corpus="$work/$t"
  mkdir -p "$corpus" "build/fuzz/artifacts/$t"
  cp "$fuzz_dir/corpus/$t"/* "$corpus/"
  seeds=$(find "$corpus" -type f | wc -l)
  args=(-max_total_time="$seconds" -max_len="${max_len[$t]:-4096}" -timeout=10 -rss_limit_mb=2048
        -print_final_stats=1 -artifact_prefix="build/fuzz/artifacts/$t/")
  [[ -f "$fuzz_dir/$t.dict" ]] && args+=(-dict="$fuzz_dir/$t.dict")
  echo
  echo "== $t: ${seconds}s, $seeds seed inputs, max_len ${max_len[$t]:-4096}"
  log="$work/$t.log"
  if ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" \
    UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
    "build/fuzz/$t" "${args[@]}" "$corpus" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    units=$(find "$corpus" -type f | wc -l)
    line="$t: ok, $runs runs, $rate exec/s, coverage $cov, corpus $seeds -> $units, peak RSS ${rss} MB"
    echo "$line"
    summary+=("$line")
    if [[ -n "${FUZZ_KEEP_CORPUS:-}" ]]; then
      mkdir -p "$FUZZ_KEEP_CORPUS/$t" && cp "$corpus"/* "$FUZZ_KEEP_CORPUS/$t/"
    fi
  else
    tail -n 60 "$log"
    cp "$log" "build/fuzz/artifacts/$t/last.log"
    echo "$t: FAILED; input(s) in build/fuzz/artifacts/$t/, log in build/fuzz/artifacts/$t/last.log"
    for a in "build/fuzz/artifacts/$t"/{crash,leak,timeout,oom,slow-unit}-*; do
      [[ -e "$a" ]] && echo "  reproduce: build/fuzz/$t $a"
    done
    failed+=("$t")
    summary+=("$t: FAILED")
  fi
done

echo
echo "== fuzz summary (${seconds}s per target)"
printf '  %s\n' "${summary[@]}"
if ((${#failed[@]})); then
  echo "== fuzz: ${#failed[@]} target(s) failed: ${failed[*]}" >&2
  exit 1
fi
echo "== fuzz: all targets passed"
