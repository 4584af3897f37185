// chesswasm — emscripten --pre-js of the package's module (CMakeLists.txt). emscripten 3.1.6's
// MINIMAL_RUNTIME with embind assigns the wasm exports to `asm` without declaring it (it leaves
// the declaration to library_exports.js, which this module does not link): in an ES module
// (strict) that throws a ReferenceError. Declared here, inside the module's factory.
// SPDX-License-Identifier: MIT
var asm;

// A module that compiles but does not link (another build's .wasm handed to init()) makes the
// minimal runtime's WebAssembly.instantiate reject, and the runtime chains no handler: the
// ready promise would never settle (init() hanging; Node exiting on the unhandled rejection).
// Inside this factory, `WebAssembly` is the host's with an instantiate whose failure rejects
// the ready promise instead (the runtime's own chain then waits forever, unreferenced).
// Everything else (Memory, Table, Module, …) is the host's through the prototype.
var WebAssembly = Object.create(globalThis.WebAssembly, {
  instantiate: {
    value: function (source, imports) {
      return globalThis.WebAssembly.instantiate(source, imports).catch(function (e) {
        readyPromiseReject(e);
        return new Promise(function () {});
      });
    },
  },
});
