/**
 * The CommonJS entry of `chesswasm/tablebase` (scripts/bundle.mjs bundles it as dist/cjs/tablebase.cjs, with
 * the glue that instantiates synchronously): the exports of apps/tablebase/index.js, and the wasm module
 * loaded before `require` returns. A failure is kept for init(), as in the ES module entry.
 * Internal (the types are apps/tablebase/index.js's).
 * @module
 */
import { loadSync } from '../boundary/wasm.js';

export * from '../apps/tablebase/index.js';

loadSync();
