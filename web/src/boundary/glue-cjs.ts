/**
 * The emscripten glue of the CommonJS build (`require('chesswasm')` in Node and Jest),
 * bundled in glue.ts's place (scripts/bundle.mjs): emscripten's classic runtime
 * (chesswasm-cjs.cjs, linked from the same sources as chesswasm.mjs, with its own .wasm),
 * through its documented `instantiateWasm` hook. The module is instantiated here with
 * `new WebAssembly.Instance`, so the registration has run when the factory returns: the
 * package is usable as soon as `require` returns. Internal.
 * @module
 */
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
import type { ChesswasmGlue } from './chesswasm.mjs';
import createChesswasm from './chesswasm-cjs.cjs';
import { ChessError } from './errors.js';

/** Whether {@link instantiate} returns the glue itself (true here). */
export const SYNCHRONOUS: boolean = true;

/**
 * Instantiates a compiled module with the classic runtime's glue, synchronously.
 *
 * @param module - the compiled chesswasm-cjs.wasm.
 * @returns the glue, its registration done.
 * @throws the instantiation's error (a LinkError for another build's module).
 */
export function instantiate(module: WebAssembly.Module): ChesswasmGlue {
  let failure: { error: unknown } | null = null;
  let instantiated = false;
  const glue = {
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void): object {
      let instance: WebAssembly.Instance;
      try {
        instance = new WebAssembly.Instance(module, imports);
      } catch (error) {
        failure = { error };
        return {};
      }
      done(instance);
      instantiated = true;
      return instance.exports;
    },
  };
  // The factory's promise settles later (or never, after a failure): the object it was given
  // is the glue, filled by the registration before the factory returns.
  void createChesswasm(glue);
  if (failure !== null) throw (failure as { error: unknown }).error;
  if (!instantiated) throw new ChessError('not-initialized', 'chesswasm: the glue did not instantiate the module');
  return glue as unknown as ChesswasmGlue;
}

/**
 * Node's text codecs, for hosts that run this build without the global ones (Jest's jsdom
 * environment gives a module neither `TextEncoder` nor `TextDecoder`).
 */
export function hostTextCodecs(): { TextEncoder: typeof TextEncoder; TextDecoder: typeof TextDecoder } {
  return { TextEncoder: NodeTextEncoder, TextDecoder: NodeTextDecoder as unknown as typeof TextDecoder };
}
