// Types of the CommonJS build's emscripten glue (chesswasm-cjs.cjs: the classic runtime, built
// by CMakeLists.txt's chesswasm-cjs target). Its classes and functions are those of
// chesswasm.d.mts: web/src/boundary/glue-cjs.ts gives the filled object that type.
/** The factory: fills `module` with the registration once the hook has instantiated the wasm. */
declare function createChesswasm(module: {
  instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void): object;
}): Promise<unknown>;
export = createChesswasm;
