#!/usr/bin/env bash
# Configures (once) and builds, incrementally:
#   build/native  Release: core, chesswasm_tests, chesswasm-perft, chesswasm-bench
#   build/debug   Debug + ASan/UBSan (CHESSWASM_SANITIZE=ON)
#   build/wasm    emscripten Release: chesswasm.{mjs,wasm} (the package's module),
#                 chesswasm-cjs.{js,wasm} (CommonJS); with wasm-tools chesswasm-{perft,bench}.js
#   build/wasm-debug  emscripten Debug: chesswasm.{mjs,wasm} with asserts, ASSERTIONS=2, SAFE_HEAP
# usage: scripts/build.sh [native] [debug] [wasm] [wasm-debug] [wasm-tools]   (default: native debug wasm)
#   wasm-tools: build/wasm's Node programs and the boundary benchmark's module, on request
# Extra cmake -D options for a configuration: CMAKE_ARGS_NATIVE, CMAKE_ARGS_DEBUG, CMAKE_ARGS_WASM.
set -euo pipefail
# shellcheck source=SCRIPTDIR/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

# Several builds may start at once (parallel test runs, several engineers in one tree):
# one build at a time per work tree.
mkdir -p build
exec 9>build/.build.lock
flock 9

targets=("$@")
((${#targets[@]})) || targets=(native debug wasm)

configure() {  # dir, then the configure command
  local dir=$1
  shift
  if [[ ! -f "$dir/CMakeCache.txt" ]]; then
    echo "== configure $dir"
    "$@"
  fi
}

for t in "${targets[@]}"; do
  case "$t" in
    native)
      # shellcheck disable=SC2086
      configure build/native cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release ${CMAKE_ARGS_NATIVE:-}
      ;;
    debug)
      # shellcheck disable=SC2086
      configure build/debug cmake -S . -B build/debug -DCMAKE_BUILD_TYPE=Debug -DCHESSWASM_SANITIZE=ON \
        ${CMAKE_ARGS_DEBUG:-}
      ;;
    wasm | wasm-tools)
      # wasm-tools: the benchmarks' programs of build/wasm, which its default build leaves out
      # shellcheck disable=SC2086
      configure build/wasm emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release ${CMAKE_ARGS_WASM:-}
      ;;
    wasm-debug)
      # The package's wasm with the core's asserts, ASSERTIONS=2 and SAFE_HEAP (Vitest "debug" project).
      # shellcheck disable=SC2086
      configure build/wasm-debug emcmake cmake -S . -B build/wasm-debug -DCMAKE_BUILD_TYPE=Debug \
        ${CMAKE_ARGS_WASM_DEBUG:-}
      ;;
    *)
      echo "build.sh: unknown configuration '$t' (native, debug, wasm, wasm-debug, wasm-tools)" >&2
      exit 2
      ;;
  esac
  if [[ "$t" == wasm-tools ]]; then
    echo "== build build/wasm: the benchmarks' programs"
    cmake --build build/wasm -j"$JOBS" --target chesswasm-perft chesswasm-bench chesswasm-notation-bench \
      chesswasm-boundary-bench
    continue
  fi
  echo "== build build/$t"
  if [[ "$t" == wasm-debug ]]; then
    cmake --build "build/$t" -j"$JOBS" --target chesswasm chesswasm-tablebase  # only the package's modules
  else
    cmake --build "build/$t" -j"$JOBS"
  fi
done
