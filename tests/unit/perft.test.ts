// Perft suites through the JS API (Position.perft / divide) at modest depths.
import { describe, expect, test } from 'vitest';
import { Position, type Variant } from 'chesswasm';
import { depthWithin, readPerftFile } from './helpers.js';

const suites: [string, Variant, number, number][] = [
  // file, variant, node budget per position, every n-th line
  ['perft-cpw6.epd', 'chess', 5_000_000, 1],
  ['perft-standard.epd', 'chess', 300_000, 1],
  ['perft-tricky.epd', 'chess', 1_000_000, 1],
  ['perft-chess960.epd', 'chess960', 100_000, 8],
  ['perft-tricky-chess960.epd', 'chess960', 1_000_000, 1],
  ['perft-makruk.epd', 'makruk', 1_000_000, 1],
];

describe.each(suites)('%s', (file, variant, budget, every) => {
  const cases = readPerftFile(file).filter((_, i) => i % every === 0);
  test.each(cases.map((c) => [c.fen, c] as const))('%s', (_fen, c) => {
    using pos = Position.fromFen(c.fen, { variant });
    const depth = depthWithin(c.depths, budget);
    const fenBefore = pos.fen();
    expect(pos.perft(depth)).toBe(c.depths.get(depth));
    expect(pos.fen()).toBe(fenBefore);
    if (c.depths.has(1)) expect(pos.legalMoves()).toHaveLength(c.depths.get(1)!);
  });
});

test('divide: one entry per legal move keyed by UCI, summing to perft', () => {
  using pos = Position.startpos();
  const d = pos.divide(3);
  expect(d.size).toBe(20);
  expect(d.get('e2e4')).toBe(600);
  expect(d.get('g1f3')).toBe(440);
  expect([...d.values()].reduce((a, b) => a + b, 0)).toBe(8902);
  expect(pos.divide(0).size).toBe(0);
  expect(pos.perft(0)).toBe(1);
});

test('divide in Chess960 names castling king-to-rook', () => {
  using pos = Position.fromFen('r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1', { variant: 'chess960' });
  const d = pos.divide(1);
  expect(d.has('e1h1')).toBe(true);
  expect(d.has('e1a1')).toBe(true);
  expect(d.has('e1g1')).toBe(false);
});

test('perft rejects bad depths with invalid-argument', () => {
  using pos = Position.startpos();
  for (const bad of [-1, 1.5, NaN, 65, '3', null, undefined, {}]) {
    expect(() => pos.perft(bad as number)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect(() => pos.divide(bad as number)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  }
});
