// The soak test (soak.test.ts) against build/dist-debug (the Vitest "debug" project): the
// core's invariant checks after every move and undo, SAFE_HEAP on every access. 100,000 plies
// by default (SOAK_PLIES sets it).
process.env.SOAK_PLIES ??= '100000';
await import('./soak.test.js');
