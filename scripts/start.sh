#!/usr/bin/env bash
# npm start (until the analysis board exists): builds the native and wasm tools, then runs
# perft of the start position to depth 5, natively (with divide) and as wasm in Node.
set -euo pipefail
# shellcheck source=SCRIPTDIR/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

bash scripts/check-deps.sh --check-only
bash scripts/build.sh native wasm

echo
echo "== native: build/native/chesswasm-perft 5 --divide --time"
build/native/chesswasm-perft 5 --divide --time
echo
echo "== wasm in Node: node build/wasm/chesswasm-perft.js 5 --time"
node build/wasm/chesswasm-perft.js 5 --time
echo
echo "== wasm smoke binding (embind) in Node"
node --test tests/wasm/
