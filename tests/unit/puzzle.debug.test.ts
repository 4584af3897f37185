// Puzzles against build/dist-debug (core asserts, ASSERTIONS=2, SAFE_HEAP): every row of the
// sample CSV through validateLine and Puzzle, plus hostile lines, without an assert or a
// heap error.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { IllegalMoveError, Puzzle, validateLine } from 'chesswasm';
import { DATA } from './helpers.js';

test('sample rows, hostile lines (debug build)', () => {
  const rows = readFileSync(DATA + 'puzzles/sample.csv', 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean);
  let ok = 0;
  for (const row of rows) {
    const [id, fen = '', moves = ''] = row.split(',');
    const r = validateLine(fen, moves);
    if (id!.startsWith('ok-')) {
      expect(r.ok, row).toBe(true);
      const p = new Puzzle({ fen, moves });
      for (let i = 0; i < p.solution.length; i += 2) p.play(p.solution[i]!);
      expect(p.solved).toBe(true);
      p.dispose();
      ok++;
    }
  }
  expect(ok).toBeGreaterThan(15);
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  for (const line of [
    'g1f3 g8f6 f3g1 f6g8 '.repeat(300),
    'é'.repeat(3000),
    'e2e4\u0000e7e5',
    ' \t\n',
    'Nf3 Nf6 '.repeat(200),
  ])
    expect(() => validateLine(start, line)).not.toThrow();
  expect(validateLine(start, 'g1f3 g8f6 f3g1 f6g8 '.repeat(300))).toEqual({ ok: false, ply: 1024, reason: 'syntax' });
  expect(() => new Puzzle({ fen: start, moves: 'e2e4 e7e5 '.repeat(2) + 'Ke9' })).toThrow(IllegalMoveError);
});
