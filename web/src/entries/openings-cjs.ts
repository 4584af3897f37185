/**
 * The CommonJS entry of `chesswasm/openings` (scripts/bundle.mjs bundles it as dist/cjs/openings.cjs, with
 * the glue that instantiates synchronously): the exports of apps/openings/index.js, and the wasm module
 * loaded before `require` returns. A failure is kept for init(), as in the ES module entry.
 * Internal (the types are apps/openings/index.js's).
 * @module
 */
import { loadSync } from '../boundary/wasm.js';

export * from '../apps/openings/index.js';

loadSync();
