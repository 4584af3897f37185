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

// Positions are registered with the FinalizationRegistry lazily (at the end of the task, or
// when 1,024 wait): one disposed before that never reaches the registry. Disposed in any
// order, before and after their registration, every handle must be freed or pooled exactly
// once: a registry entry left for a disposed position throws in the finalizer when collected
// (or, had it kept its handle, would free a handle the pool has given to another position),
// and a live position missing from the registry would never be freed.
test('positions disposed in any order, before or after their lazy registration', async () => {
  expect(gc, 'run with --expose-gc').toBeTypeOf('function');
  const fens = [
    'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
    '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2',
    '8/8/8/8/8/2k5/8/K7 b - - 12 40',
  ];
  let seed = 12345;
  const random = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  await settle();
  const before = wasmHeapSize();
  for (let round = 0; round < 40; round++) {
    // 100 to 2,500 at once (beyond 1,024 the waiting list is registered partway through).
    const live: { p: Position; fen: string }[] = [];
    const n = 100 + random(2400);
    for (let i = 0; i < n; i++) {
      const fen = fens[random(fens.length)]!;
      live.push({ p: Position.fromFen(fen), fen });
      // Some disposed at once, in a random order among the waiting ones.
      if (random(3) === 0) {
        const k = random(live.length);
        live[k]!.p.dispose();
        live[k]!.p.dispose(); // a second dispose changes nothing
        live[k] = live[live.length - 1]!;
        live.pop();
      }
    }
    if (round % 2 === 1) await Promise.resolve(); // the waiting ones registered
    // Half of the rest disposed in a random order, the others dropped without dispose().
    for (let i = live.length >> 1; i > 0; i--) {
      const k = random(live.length);
      expect(live[k]!.p.fen()).toBe(live[k]!.fen);
      live[k]!.p.dispose();
      live[k] = live[live.length - 1]!;
      live.pop();
    }
    for (const { p, fen } of live) expect(p.fen()).toBe(fen);
    // Each holds a 2 KB state stack: dropped ones left unfreed would add up (40 rounds of up
    // to 1,200 dropped). Those with a move played go back to the pool or wasm alike.
    for (const { p } of live) p.play(p.legalMoves()[0]!);
    if (round % 10 === 9) await settle();
  }
  await settle();
  expect(wasmHeapSize() - before).toBeLessThan(8 * 1024 * 1024);
});
