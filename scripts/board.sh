#!/usr/bin/env bash
# The analysis board (web/board): builds the npm package when it is missing or older than its
# sources, then the board's static production build (Vite) into dist/board/.
# usage: scripts/board.sh [--force-package]
set -euo pipefail
# shellcheck source=SCRIPTDIR/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

stale=0
[[ "${1:-}" == --force-package ]] && stale=1
[[ -f dist/index.js && -f dist/chesswasm.wasm ]] || stale=1
if ((stale == 0)) && [[ -n "$(find web/src cpp CMakeLists.txt -newer dist/index.js -type f -print -quit)" ]]; then
  stale=1
fi
if ((stale)); then
  bash scripts/package.sh
fi

echo "== vite build (web/board -> dist/board)"
npx --no-install vite build --config web/board/vite.config.ts --logLevel warn
echo "== board: dist/board/ ($(du -sh dist/board | cut -f1))"
