#!/usr/bin/env bash
# Builds the npm package: the wasm module (release and debug), the TypeScript side of its
# boundary (scripts/gen-boundary.mjs), then the TypeScript sources (web/src) with tsc into
# dist/, next to the emscripten glue and the .wasm:
#   dist/index.js, *.d.ts            the package (ESM + types): tsc's output bundled with the
#                                    glue of build/wasm's module (scripts/bundle.mjs)
#   dist/openings.js, engine.js, chessjs.js, database.js  the other entries (chesswasm/openings,
#                                    /engine, /chessjs, /database)
#   dist/<layer>/**/*.d.ts           the types, in web/src's folders (boundary/, core/, games/,
#                                    apps/, adapters/); boundary/chesswasm.d.mts the glue's types
#   dist/chesswasm.wasm              the module from build/wasm (Release, -O3)
#   dist/chesswasm-tablebase.wasm    the tablebase module (chesswasm/tablebase loads it on open)
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

# The TypeScript side of the boundary (web/src/boundary/boundary.ts, web/src/boundary/chesswasm.d.mts) from the
# module's embind registration; checked in (npm test fails when the committed files are stale).
node scripts/gen-boundary.mjs

echo "== tsc (web/src -> dist)"
# The last build's files (tsc writes web/src's folders: boundary/, core/, games/, apps/, adapters/).
rm -rf dist/*.js dist/*.d.ts dist/chesswasm.mjs dist/chesswasm.d.mts dist/chesswasm.wasm dist/chesswasm-tablebase.wasm \
  dist/boundary dist/core dist/games dist/apps dist/adapters dist/entries dist/cjs dist/types dist/chessjs dist/engine dist/openings
npx --no-install tsc -p tsconfig.json
# The glue beside its loader (boundary/wasm.js imports ./chesswasm.mjs, whose types tsc's
# boundary/wasm.d.ts refers to) and the .wasm beside it for the unbundled copies below.
cp build/wasm/chesswasm.mjs build/wasm/chesswasm.wasm dist/boundary/
cp build/wasm/chesswasm-tablebase.mjs build/wasm/chesswasm-tablebase.wasm dist/apps/tablebase/
# The types (tsc's declarationDir): one set for both builds. CommonJS-format declarations
# (dist/types/package.json), which TypeScript lets ES modules import by name too, so that a
# CommonJS TypeScript file under "node16" resolution can require the package.
# The glue's types go with them in the same format (chesswasm.d.ts): a CommonJS declaration may
# not import an ES module's types, so the declarations that name './chesswasm.mjs' name
# './chesswasm.js' (the glue's code itself is bundled: no file of that name is imported).
cp web/src/boundary/chesswasm.d.mts dist/types/boundary/chesswasm.d.ts
cp web/src/apps/tablebase/chesswasm-tablebase.d.mts dist/types/apps/tablebase/chesswasm-tablebase.d.ts
find dist/types -name '*.d.ts' -exec sed -i -E "s#from '((\.\./|\./)[a-z/]*)(chesswasm(-tablebase)?)\.mjs'#from '\1\3.js'#" {} +
echo '{ "type": "commonjs" }' > dist/types/package.json
# The CommonJS build's glue (the classic runtime: it instantiates synchronously; bundled into
# dist/cjs/ by scripts/bundle.mjs, its .wasm beside those files).
cp build/wasm/chesswasm-cjs.js dist/boundary/chesswasm-cjs.cjs
# tsc's JS tree (the entry index.js and the layer folders), the glue and the .wasm, into $1.
copy_tree() {
  (cd dist && find index.js boundary core games apps adapters entries -name '*.js' -o -name '*.mjs' -o -name '*.cjs' -o -name '*.wasm' |
    xargs cp --parents -t "$ROOT/$1")
}

rm -rf build/dist-debug
mkdir -p build/dist-debug
copy_tree build/dist-debug
cp build/wasm-debug/chesswasm.mjs build/wasm-debug/chesswasm.wasm build/dist-debug/boundary/
cp build/wasm-debug/chesswasm-tablebase.mjs build/wasm-debug/chesswasm-tablebase.wasm build/dist-debug/apps/tablebase/
# tsc's per-module output with the release module, for tests that reach a module's internals.
rm -rf build/dist-modules
mkdir -p build/dist-modules
copy_tree build/dist-modules
# The bundled chunks sit in dist/ and load ./chesswasm.wasm next to them.
mv dist/boundary/chesswasm.wasm dist/apps/tablebase/chesswasm-tablebase.wasm dist/
# The shipped JS bundled and minified (what users download; measured by the bench's size row);
# the copies above keep the readable tsc output.
node scripts/bundle.mjs dist
cp build/wasm/chesswasm-cjs.wasm dist/cjs/chesswasm.wasm
echo "== package: dist/ ($(du -ch dist/*.js dist/chesswasm.wasm | tail -1 | cut -f1)), build/dist-debug/"
