/**
 * The CommonJS entry of `chesswasm/database` (scripts/bundle.mjs bundles it as dist/cjs/database.cjs, with
 * the glue that instantiates synchronously): the exports of apps/database/index.js, and the wasm module
 * loaded before `require` returns. A failure is kept for init(), as in the ES module entry.
 * Internal (the types are apps/database/index.js's).
 * @module
 */
import { loadSync } from '../boundary/wasm.js';

export * from '../apps/database/index.js';

loadSync();
