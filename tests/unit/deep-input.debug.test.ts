// The stack-heavy and huge inputs of deep-input.test.ts against build/dist-debug (the Vitest
// "debug" project): the debug wasm has larger stack frames, core asserts, ASSERTIONS=2 and
// SAFE_HEAP, so a recursion or an out-of-bounds access that the release build survives shows
// here.
await import('./deep-input.test.js');
