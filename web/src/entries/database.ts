/**
 * The ES module entry of `chesswasm/database` (scripts/bundle.mjs bundles it as dist/database.js): the
 * exports of apps/database/index.js, and the wasm module loaded from its default location (top-level
 * await). A failure is kept, not thrown, so that hosts that place the file elsewhere can
 * still import and call init(). Internal (the types are apps/database/index.js's).
 * @module
 */
import { init } from '../boundary/wasm.js';

export * from '../apps/database/index.js';

await init().catch(() => undefined);
