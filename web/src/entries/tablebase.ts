/**
 * The ES module entry of `chesswasm/tablebase` (scripts/bundle.mjs bundles it as dist/tablebase.js): the
 * exports of apps/tablebase/index.js, and the wasm module loaded from its default location (top-level
 * await). A failure is kept, not thrown, so that hosts that place the file elsewhere can
 * still import and call init(). Internal (the types are apps/tablebase/index.js's).
 * @module
 */
import { init } from '../boundary/wasm.js';

export * from '../apps/tablebase/index.js';

await init().catch(() => undefined);
