/**
 * The CommonJS entry of `chesswasm/engine` (scripts/bundle.mjs bundles it as dist/cjs/engine.cjs, with
 * the glue that instantiates synchronously): the exports of apps/engine/index.js, and the wasm module
 * loaded before `require` returns. A failure is kept for init(), as in the ES module entry.
 * Internal (the types are apps/engine/index.js's).
 * @module
 */
import { loadSync } from '../boundary/wasm.js';

export * from '../apps/engine/index.js';

loadSync();
