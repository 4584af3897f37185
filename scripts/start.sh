#!/usr/bin/env bash
# npm start: builds the wasm and the npm package if needed, builds the analysis board
# (web/board -> dist/board) and serves it with `vite preview` on http://127.0.0.1:5173/
# (PORT=... to change; the next free port if it is busy; Vite prints the URL).
#   BOARD_DEV=1 npm start    Vite's dev server instead (hot reload of web/board/src)
# `npm start -- --host` or HOST=0.0.0.0 serves beyond this machine.
# Both servers send COOP/COEP (web/board/vite.config.ts): the page is cross-origin isolated,
# so the multi-threaded engines run (docs/board.md, "HTTP headers").
set -euo pipefail
# shellcheck source=SCRIPTDIR/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

bash scripts/setup.sh
bash scripts/board.sh

port="${PORT:-5173}"
host="${HOST:-127.0.0.1}"
echo
echo "== serving the analysis board on http://$host:$port/ (Vite takes the next free port if that"
echo "   one is busy: the URL it prints below is the one to open; Ctrl-C stops)"
if [[ "${BOARD_DEV:-0}" == 1 ]]; then
  exec npx --no-install vite --config web/board/vite.config.ts --host "$host" --port "$port" "$@"
fi
exec npx --no-install vite preview --config web/board/vite.config.ts --host "$host" --port "$port" "$@"
