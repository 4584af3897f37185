// chesswasm — emscripten --pre-js of the package's module (CMakeLists.txt). emscripten 3.1.6's
// MINIMAL_RUNTIME with embind assigns the wasm exports to `asm` without declaring it (it leaves
// the declaration to library_exports.js, which this module does not link): in an ES module
// (strict) that throws a ReferenceError. Declared here, inside the module's factory.
// SPDX-License-Identifier: MIT
var asm;
