// Setup of the Vitest "debug" project. With ASSERTIONS, emscripten 3.1.6's glue (built for
// web/worker) refuses to start unless `window` or `importScripts` exists; the package feeds it
// the .wasm itself, so an empty `window` is all the debug glue needs under Node.
(globalThis as { window?: unknown }).window ??= {};
