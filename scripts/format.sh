#!/usr/bin/env bash
# Formats every C++ source (cpp/, tests/cpp/) with .clang-format (clang-format 14) and the
# TypeScript and JavaScript with Prettier (.prettierrc.json; what it leaves alone is in
# .prettierignore).  --check: report differences, change nothing (npm test runs it).
#   scripts/format.sh [--check] [--cpp | --ts]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
check=0
which=all
for a in "$@"; do
  case "$a" in
    --check) check=1 ;;
    --cpp) which=cpp ;;
    --ts) which=ts ;;
    *)
      echo "usage: scripts/format.sh [--check] [--cpp | --ts]" >&2
      exit 2
      ;;
  esac
done
if [[ "$which" != ts ]]; then
  mapfile -t files < <(git ls-files --cached --others --exclude-standard -- 'cpp/*.cpp' 'cpp/*.h' 'tests/cpp/*.cpp' 'tests/cpp/*.h' | sort)
  if ((check)); then
    clang-format --dry-run --Werror "${files[@]}"
  else
    clang-format -i "${files[@]}"
  fi
fi
if [[ "$which" != cpp ]]; then
  if ((check)); then
    npx --no-install prettier --check --log-level warn .
  else
    npx --no-install prettier --write --log-level warn .
  fi
fi
