// legalUci() / legalSan(): all legal moves as strings in one call (UCI decoded in JS from
// the move bits with a cached table; SAN packed by the core in one call), in the order of
// legalMoves(), equal to uci(m) / san(m) per move and to chess.js over random games, in every
// variant (castling: e1g1 in standard chess, king-to-rook in Chess960; promotions).
import { Chess } from 'chess.js';
import { expect, test } from 'vitest';
import { Position, type Variant } from 'chesswasm';
import { prng } from '../tools/prng.mjs';
import { testSize } from './helpers.js';

// The second start is Kiwipete with a pawn on the seventh rank for each side (promotions
// with and without capture), less Kiwipete's black h3 pawn: with it black would have 9
// pawns, which set-up refuses (too-many-pawns).
const starts: [Variant, string | null][] = [
  ['chess', null],
  ['chess', 'r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PpPBBPPP/R3K2R w KQkq - 0 1'],
  ['chess960', 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'],
  ['chess960', null],
  ['makruk', null],
];

test.each(starts)('legalUci and legalSan agree with uci() and san() per move (%s %s)', (variant, fen) => {
  const rand = prng(42);
  let checked = 0;
  for (let game = 0; game < 20; game++) {
    const pos = fen ? Position.fromFen(fen, { variant }) : Position.startpos(variant);
    for (let ply = 0; ply < 150; ply++) {
      const moves = pos.legalMoves();
      const uci = pos.legalUci();
      const san = pos.legalSan();
      expect(uci).toEqual(moves.map((m) => pos.uci(m)));
      expect(san).toEqual(moves.map((m) => pos.san(m)));
      for (let i = 0; i < moves.length; i++) expect(pos.parseUci(uci[i]!)).toBe(moves[i]);
      checked += moves.length;
      if (moves.length === 0) break;
      pos.play(rand.pick(moves)!);
    }
    pos.dispose();
  }
  expect(checked).toBeGreaterThan(1000);
});

const GAMES = testSize('MOVE_STRINGS_GAMES', 12, 40);

test(`legalUci and legalSan equal chess.js (lan, san) over ${GAMES} random games`, () => {
  const rand = prng(7);
  const starts = [undefined, 'r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PpPBBPPP/R3K2R w KQkq - 0 1'];
  let positions = 0;
  for (let game = 0; game < GAMES; game++) {
    const fen = starts[game % 2];
    const pos = fen ? Position.fromFen(fen) : Position.startpos();
    const chess = new Chess(fen);
    for (let ply = 0; ply < 120; ply++) {
      const verbose = chess.moves({ verbose: true });
      expect([...pos.legalUci()].sort()).toEqual(verbose.map((m) => m.lan).sort());
      expect([...pos.legalSan()].sort()).toEqual(verbose.map((m) => m.san).sort());
      positions++;
      if (verbose.length === 0) break;
      const uci = pos.legalUci()[rand.int(verbose.length)]!;
      pos.play(uci);
      chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    }
    pos.dispose();
  }
  expect(positions).toBeGreaterThan(500);
});

test('legalUci and legalSan on positions without moves and after a disposed position', () => {
  const mate = Position.fromFen('7k/6Q1/6K1/8/8/8/8/8 b - - 0 1');
  expect(mate.legalUci()).toEqual([]);
  expect(mate.legalSan()).toEqual([]);
  mate.dispose();
  expect(() => mate.legalUci()).toThrow(expect.objectContaining({ code: 'disposed' }));
  expect(() => mate.legalSan()).toThrow(expect.objectContaining({ code: 'disposed' }));
});
