// Runs against build/dist-debug (the Vitest "debug" project): the same package JS over the
// debug wasm (core asserts and invariant checks after every move, emscripten ASSERTIONS=2,
// SAFE_HEAP). Perft, random playouts with take-backs, and the error paths must all pass
// without an assert or a heap error.
import { expect, test } from 'vitest';
import { FenError, IllegalMoveError, Position } from 'chesswasm';
import { readPerftFile } from './helpers.js';
import { prng } from '../tools/prng.mjs';

test('perft on the CPW positions and Chess960 lines (debug build)', () => {
  for (const c of readPerftFile('perft-cpw6.epd')) {
    using pos = Position.fromFen(c.fen);
    expect(pos.perft(2)).toBe(c.depths.get(2));
  }
  for (const c of readPerftFile('perft-chess960.epd').slice(0, 20)) {
    using pos = Position.fromFen(c.fen, { variant: 'chess960' });
    expect(pos.perft(2)).toBe(c.depths.get(2));
  }
});

test('seeded random playouts with take-backs keep hash and FEN consistent (debug build)', () => {
  const rand = prng(12345).int;
  for (const [fen, variant] of [
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'chess'],
    ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 'chess'],
    ['bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', 'chess960'],
  ] as const) {
    for (let game = 0; game < 20; game++) {
      using pos = Position.fromFen(fen, { variant });
      const fens = [pos.fen()];
      for (let ply = 0; ply < 120; ply++) {
        const moves = pos.legalMoves();
        if (moves.length === 0) break;
        pos.play(moves[rand(moves.length)]!);
        fens.push(pos.fen());
        if (rand(5) === 0) {
          pos.undo();
          fens.pop();
          expect(pos.fen()).toBe(fens[fens.length - 1]);
        }
      }
      while (pos.historyLength > 0) {
        pos.undo();
        fens.pop();
        expect(pos.fen()).toBe(fens[fens.length - 1]);
      }
    }
  }
});

test('error paths in the debug build', () => {
  for (const fen of [
    '',
    'x',
    '8/8/8/8/8/8/8/8 w - - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1',
    '♔'.repeat(2000),
  ])
    expect(() => Position.fromFen(fen)).toThrow(FenError);
  using pos = Position.startpos();
  for (const m of [0, 1, 65535, -1, 65536, NaN, null, 'e2e5', 'e7e5', 'zz', 'x'.repeat(5000)])
    expect(() => pos.play(m as number)).toThrow(IllegalMoveError);
  expect(() => pos.undo()).toThrow(expect.objectContaining({ code: 'nothing-to-undo' }));
  expect(pos.fen()).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  for (let i = 0; i < 1000; i++) Position.startpos().dispose();
});
