/**
 * The CommonJS entry of `chesswasm` (scripts/bundle.mjs bundles it as dist/cjs/index.cjs, with
 * the glue that instantiates synchronously): the exports of index.js, and the wasm module
 * loaded before `require` returns. A failure is kept for init(), as in the ES module entry.
 * Internal (the types are index.js's).
 * @module
 */
import { loadSync } from '../boundary/wasm.js';

export * from '../index.js';

loadSync();
