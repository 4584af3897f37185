// The JS fuzz test (fuzz.test.ts) against build/dist-debug (the Vitest "debug" project): the
// debug wasm (core asserts, ASSERTIONS=2, SAFE_HEAP) catches out-of-bounds or misaligned
// accesses that the release build would let pass. A fifth of the calls in npm test, half in the
// deep run (CHESSWASM_DEEP=1; the debug wasm is slower); FUZZ_SCALE sets it.
process.env.FUZZ_SCALE ??= process.env.CHESSWASM_DEEP === '1' ? '0.5' : '0.2';
await import('./fuzz.test.js');
