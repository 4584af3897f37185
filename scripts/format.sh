#!/usr/bin/env bash
# Formats the C++ sources with .clang-format.  --check: report differences, change nothing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
shopt -s nullglob
files=(cpp/core/*.h cpp/core/*.cpp cpp/wasm/*.cpp cpp/wasm/*.h cpp/tools/*.cpp tests/cpp/*.h tests/cpp/*.cpp)
if [[ "${1:-}" == "--check" ]]; then
  clang-format --dry-run --Werror "${files[@]}"
else
  clang-format -i "${files[@]}"
fi
