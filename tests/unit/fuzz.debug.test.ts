// The JS fuzz test (fuzz.test.ts) against build/dist-debug (the Vitest "debug" project): the
// debug wasm (core asserts, ASSERTIONS=2, SAFE_HEAP) catches out-of-bounds or misaligned
// accesses that the release build would let pass. Half the calls by default (the debug wasm
// is slower); FUZZ_SCALE sets it.
process.env.FUZZ_SCALE ??= '0.5';
await import('./fuzz.test.js');
