// chesswasm — an emscripten JS library linked into the package's module (CMakeLists.txt): gives
// the module's function table to JS, where web/src/boundary/wasm.ts looks up the raw hot calls
// (cpp/wasm/bindings.cpp, "raw calls"). The glue of MINIMAL_RUNTIME instantiates the module
// itself and keeps its exports to itself; `wasmTable` is the variable its runtime (and the
// classic one) keeps the table in. A runtime without it fails here at the first call, and the
// loader reports that the module exports no function table.
// SPDX-License-Identifier: MIT
mergeInto(LibraryManager.library, {
  cw_function_table__deps: ['$Emval'],
  cw_function_table: function () {
    return Emval.toHandle(typeof wasmTable == 'object' ? wasmTable : null);
  },
});
