#!/usr/bin/env bash
# Builds the npm package: the wasm module (release and debug), the TypeScript side of its
# boundary (scripts/gen-boundary.mjs), then the TypeScript sources (web/src) with tsc into
# dist/, next to the emscripten glue and the .wasm:
#   dist/index.js, *.d.ts            the package (ESM + types): tsc's output bundled with the
#                                    glue of build/wasm's module (scripts/bundle.mjs)
#   dist/openings.js, openings/*.d.ts  `chesswasm/openings` (the opening table: its own entry)
#   dist/chesswasm.wasm, .d.mts      the module from build/wasm (Release, -O3), the glue's types
#   build/dist-modules/              tsc's per-module output with the release module (tests of
#                                    a module's internals)
#   build/dist-debug/                the same JS with build/wasm-debug's module (asserts,
#                                    ASSERTIONS=2, SAFE_HEAP), for the Vitest "debug" project
# usage: scripts/package.sh [--no-wasm]   (--no-wasm: the wasm builds are up to date already)
set -euo pipefail
# shellcheck source=SCRIPTDIR/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

[[ "${1:-}" == --no-wasm ]] || bash scripts/build.sh wasm wasm-debug

# The TypeScript side of the boundary (web/src/boundary.ts, web/src/chesswasm.d.mts) from the
# module's embind registration; checked in (npm test fails when the committed files are stale).
node scripts/gen-boundary.mjs

echo "== tsc (web/src -> dist)"
rm -rf dist/*.js dist/*.d.ts dist/chesswasm.mjs dist/chessjs dist/engine dist/openings # the last build's files
npx --no-install tsc -p tsconfig.json
cp build/wasm/chesswasm.mjs build/wasm/chesswasm.wasm web/src/chesswasm.d.mts dist/

rm -rf build/dist-debug
mkdir -p build/dist-debug
cp dist/*.js build/dist-debug/
cp -r dist/openings dist/chessjs build/dist-debug/
cp build/wasm-debug/chesswasm.wasm build/dist-debug/
# The debug glue (ASSERTIONS) asserts that it does not run in Node, which it was not built
# for; the package hands it the .wasm itself, so the test copy disables that one assertion
# (scripts/node-debug-glue.mjs: fails when the glue has not exactly that one).
node scripts/node-debug-glue.mjs build/wasm-debug/chesswasm.mjs build/dist-debug/chesswasm.mjs
# tsc's per-module output with the release module, for tests that reach a module's internals.
rm -rf build/dist-modules
mkdir -p build/dist-modules
cp dist/*.js dist/chesswasm.mjs dist/chesswasm.wasm build/dist-modules/
cp -r dist/engine dist/openings dist/chessjs build/dist-modules/
# The shipped JS bundled and minified (what users download; measured by the bench's size row);
# the copies above keep the readable tsc output.
node scripts/bundle.mjs dist
echo "== package: dist/ ($(du -ch dist/*.js dist/chesswasm.wasm | tail -1 | cut -f1)), build/dist-debug/"
