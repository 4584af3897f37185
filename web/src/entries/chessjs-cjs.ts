/**
 * The CommonJS entry of `chesswasm/chessjs` (scripts/bundle.mjs bundles it as dist/cjs/chessjs.cjs, with
 * the glue that instantiates synchronously): the exports of adapters/chessjs/index.js, and the wasm module
 * loaded before `require` returns. A failure is kept for init(), as in the ES module entry.
 * Internal (the types are adapters/chessjs/index.js's).
 * @module
 */
import { loadSync } from '../boundary/wasm.js';

export * from '../adapters/chessjs/index.js';

loadSync();
