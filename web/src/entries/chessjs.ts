/**
 * The ES module entry of `chesswasm/chessjs` (scripts/bundle.mjs bundles it as dist/chessjs.js): the
 * exports of adapters/chessjs/index.js, and the wasm module loaded from its default location (top-level
 * await). A failure is kept, not thrown, so that hosts that place the file elsewhere can
 * still import and call init(). Internal (the types are adapters/chessjs/index.js's).
 * @module
 */
import { init } from '../boundary/wasm.js';

export * from '../adapters/chessjs/index.js';

await init().catch(() => undefined);
