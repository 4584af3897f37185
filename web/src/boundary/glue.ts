/**
 * The emscripten glue the ES module build loads: the minimal runtime (chesswasm.mjs), which
 * instantiates a compiled module asynchronously. The CommonJS build (`require('chesswasm')`)
 * bundles glue-cjs.ts in this module's place (scripts/bundle.mjs), whose glue instantiates
 * synchronously. Internal.
 * @module
 */
import createChesswasm, { type ChesswasmGlue } from './chesswasm.mjs';

/** Whether {@link instantiate} returns the glue itself (false here: a promise of it). */
export const SYNCHRONOUS: boolean = false;

/**
 * Instantiates a compiled module with this build's glue; its embind registration then fills
 * the glue object.
 *
 * @param module - the compiled chesswasm.wasm of this build.
 * @returns the glue, once instantiated.
 */
export function instantiate(module: WebAssembly.Module): Promise<ChesswasmGlue> | ChesswasmGlue {
  return createChesswasm({ wasm: module });
}

/** Text codecs for hosts without the global ones (none in browsers and ES module Node). */
export function hostTextCodecs(): { TextEncoder: typeof TextEncoder; TextDecoder: typeof TextDecoder } | null {
  return null;
}
