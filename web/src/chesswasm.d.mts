// Types of the emscripten glue (build/wasm/chesswasm.mjs, copied next to the compiled
// package). Only what web/src/wasm.ts uses; the functions are cpp/wasm/bindings.cpp's exports.
export interface ChesswasmGlue {
  HEAPU8: Uint8Array;
  HEAPU16: Uint16Array;
  HEAPF64: Float64Array;
  [name: `_cw_${string}`]: (...args: number[]) => number | bigint;
}

export interface ChesswasmGlueOptions {
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receiveInstance: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void,
  ) => object;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}

declare function createChesswasm(options?: ChesswasmGlueOptions): Promise<ChesswasmGlue>;
export default createChesswasm;
