/**
 * The ES module entry of `chesswasm` (scripts/bundle.mjs bundles it as dist/index.js): the
 * exports of index.js, and the wasm module loaded from its default location (top-level
 * await). A failure is kept, not thrown, so that hosts that place the file elsewhere can
 * still import and call init(). Internal (the types are index.js's).
 * @module
 */
import { init } from '../boundary/wasm.js';

export * from '../index.js';

await init().catch(() => undefined);
