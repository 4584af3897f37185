// Memory: a million positions created and dropped, with and without dispose(), leave the
// wasm heap bounded (the FinalizationRegistry frees forgotten ones).
import { expect, test } from 'vitest';
import { Position, wasmHeapSize } from 'chesswasm';

const gc = (globalThis as { gc?: () => void }).gc;

async function settle() {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 0));
  }
}

test('1,000,000 positions with dispose() keep the heap bounded', async () => {
  const first = Position.startpos();
  first.dispose();
  const before = wasmHeapSize();
  for (let i = 0; i < 1_000_000; i++) {
    const p = Position.startpos();
    if (i % 1000 === 0) p.play('e2e4');
    p.dispose();
  }
  // Disposed positions are freed (or pooled) at once: the heap does not grow at all.
  expect(wasmHeapSize()).toBe(before);
});

test('1,000,000 positions dropped without dispose() are freed by the FinalizationRegistry', async () => {
  expect(gc, 'run with --expose-gc').toBeTypeOf('function');
  await settle();
  const before = wasmHeapSize();
  for (let i = 0; i < 1_000_000; i++) {
    const p = Position.fromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    if (i % 1000 === 0) p.play('e1g1');
    if (i % 20_000 === 0) await settle();
  }
  await settle();
  // Unfreed, 1M positions would need > 2 GB (each holds a 2 KB state stack) and the heap
  // would have hit its 2 GB limit; freed, it stays within a few tens of MB.
  expect(wasmHeapSize() - before).toBeLessThan(64 * 1024 * 1024);
  expect(wasmHeapSize()).toBeLessThan(128 * 1024 * 1024);
});
