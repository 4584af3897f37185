// The debug glue (build/wasm-debug/chesswasm.mjs, built with ASSERTIONS for web and workers)
// made loadable in Node, for the Vitest "debug" project (build/dist-debug) and
// scripts/gen-boundary.mjs: emscripten 3.1.6's glue asserts that it is not running in Node,
// and cannot be built for Node as an ES module (its Node path uses require and __dirname).
// The package hands the glue the .wasm itself, so that one assertion is all that stands in
// the way; it is disabled here, and anything else fails: the assertion must occur exactly
// once, in the form written here, or the build stops with a message (another emscripten
// version: look again at what its debug glue needs in Node).
//   node scripts/node-debug-glue.mjs IN OUT
import { readFileSync, writeFileSync } from 'node:fs';

const ASSERT = 'assert(!ENVIRONMENT_IS_NODE, ';

/** The debug glue's text with its not-in-Node assertion disabled. */
export function nodeDebugGlue(glue, file = 'the debug glue') {
  const at = [...glue.matchAll(/^assert\(!ENVIRONMENT_IS_NODE, /gm)];
  if (at.length !== 1 || glue.split(ASSERT).length !== 2) {
    throw new Error(
      `node-debug-glue: ${file} has ${at.length} lines starting "${ASSERT}" (expected 1): another emscripten version?`,
    );
  }
  return glue.replace(/^assert\(!ENVIRONMENT_IS_NODE, /m, 'if (0) assert(!ENVIRONMENT_IS_NODE, ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: node scripts/node-debug-glue.mjs IN OUT');
    process.exit(2);
  }
  try {
    writeFileSync(output, nodeDebugGlue(readFileSync(input, 'utf8'), input));
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
