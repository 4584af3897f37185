#!/usr/bin/env bash
# The analysis board (web/board): builds the npm package when it is missing or older than its
# sources, then the board's static production build (Vite) into dist/board/, with the API
# reference (TypeDoc) in dist/board/docs/.
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
# The API reference (TypeDoc, npm run docs -> dist/docs), served next to the board as docs/
# (the board's "API" link): built when missing or older than the sources.
if [[ ! -f dist/docs/index.html || -n "$(find web/src typedoc.json -newer dist/docs/index.html -type f -print -quit)" ]]; then
  echo "== typedoc (web/src -> dist/docs)"
  npx --no-install typedoc --logLevel Warn
fi
cp -r dist/docs dist/board/docs
echo "== board: dist/board/ ($(du -sh dist/board | cut -f1))"
