// Chess960 castling beside the rule set (`{ chess960: true }`) for the lichess variants with
// castling: perft against tests/data/perft960-<variant>.epd (chessops and Fairy-Stockfish with
// UCI_Chess960, tests/tools/gen-variant960-perft.mjs), a differential test against chessops
// along seeded random games from random Chess960 start arrays (legal moves as UCI, castling
// king-to-rook; FEN as X-FEN; SAN; outcome; insufficient material), and the API: the flag's
// normalisation, X-FEN / Shredder-FEN, Setup, Game and PGN.
// 150 games per variant by default; CHESSWASM_VARIANT960_GAMES=N for another count.
import type { Rules } from 'chessops/types';
import { describe, expect, test } from 'vitest';
import {
  ChessError,
  FenError,
  Game,
  Position,
  Setup,
  chess960BackRank,
  chessgroundDests,
  readGames,
  type Variant,
} from 'chesswasm';
import { prng } from '../tools/prng.mjs';
import { isOpsCastling, opsPosition, startFen960 } from '../tools/variant-play.mjs';
import { comparePly, playBoth } from './chessops-compare.js';
import { depthWithin, readPerftFile, testSize } from './helpers.js';

const VARIANTS: Variant[] = ['crazyhouse', 'atomic', 'kingofthehill', '3check', 'horde'];
const GAMES = testSize('CHESSWASM_VARIANT960_GAMES', 50, 150);
const SAN_EVERY = 4;
const MAX_PLIES = 120;

describe.each(VARIANTS)('%s with Chess960 castling: perft', (variant) => {
  const cases = readPerftFile(`perft960-${variant}.epd`);
  test('the file has start arrays, edge cases and random positions', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });
  test.each(cases.map((c) => [c.fen, c] as const))('%s', (_fen, c) => {
    using pos = Position.fromFen(c.fen, { variant, chess960: true });
    expect(pos.variant).toBe(variant);
    expect(pos.chess960).toBe(true);
    const depth = depthWithin(c.depths, 200_000);
    const before = pos.fen();
    expect(pos.perft(depth)).toBe(c.depths.get(depth));
    expect(pos.fen()).toBe(before);
  });
});

describe.each(VARIANTS)('%s with Chess960 castling against chessops', (variant) => {
  test(
    `${GAMES} random games: moves (castling king-to-rook), SAN, X-FEN, outcome, insufficient material`,
    () => {
      const rand = prng(0x96025 + VARIANTS.indexOf(variant));
      const rules = variant as Rules;
      let plies = 0;
      let castles = 0;
      for (let g = 0; g < GAMES; g++) {
        const start = startFen960(variant, chess960BackRank(rand.int(960)));
        const ours = Position.fromFen(start, { variant, chess960: true });
        const theirs = opsPosition(rules, ours.fen());
        for (let ply = 0; ply <= MAX_PLIES; ply++) {
          plies++;
          const where = `${variant} game ${g} ply ${ply}: ${ours.fen()}`;
          const { moves: theirMoves, end } = comparePly(ours, theirs, where, {
            sanNow: ply % SAN_EVERY === 0,
            castling: 'king-to-rook',
          });
          if (end) break;
          // Castling is preferred when it is legal, so that games castle often.
          const castling = theirMoves.filter(({ uci }) => isOpsCastling(theirs, uci));
          const pick =
            castling.length && rand.chance(0.5)
              ? castling[rand.int(castling.length)]!
              : theirMoves[rand.int(theirMoves.length)]!;
          if (castling.includes(pick)) castles++;
          playBoth(ours, theirs, pick, where);
        }
        ours.dispose();
      }
      expect(plies).toBeGreaterThan(GAMES * 5);
      // Every castling move chosen was compared; there were some (not a count: GAMES may be small).
      expect(castles).toBeGreaterThan(0);
    },
    Math.max(120_000, GAMES * 2_000),
  );
});

describe('the chess960 option', () => {
  test('keeps the rule set, writes X-FEN (Shredder on request), castles king-to-rook', () => {
    using pos = Position.fromFen('1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/RR1K2R1[] w GBgb - 0 1', {
      variant: 'crazyhouse',
      chess960: true,
    });
    expect(pos.variant).toBe('crazyhouse');
    expect(pos.chess960).toBe(true);
    expect(pos.fen()).toBe('1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/RR1K2R1[] w KBkq - 0 1');
    expect(pos.fen({ shredder: true })).toBe('1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/RR1K2R1[] w GBgb - 0 1');
    expect(pos.legalUci()).toContain('d1g1');
    expect(pos.legalUci()).toContain('d1b1');
    expect(pos.san(pos.parseUci('d1g1'))).toBe('O-O');
    pos.play('O-O-O');
    expect(pos.fen()).toBe('1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/R1KR2R1[] b kq - 1 1');
    using copy = pos.clone();
    expect(copy.chess960).toBe(true);
    expect(copy.divide(1).has('d8g8')).toBe(true);
  });

  test('chessgroundDests names castling king-to-rook only', () => {
    using pos = Position.fromFen('4k3/8/8/8/8/8/8/4K1R1 w K - 0 1', { variant: 'atomic', chess960: true });
    expect(chessgroundDests(pos).get('e1')).toContain('g1');
    using wide = Position.fromFen('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1', { variant: 'atomic', chess960: true });
    expect(chessgroundDests(wide).get('e1')).toContain('a1');
    expect(chessgroundDests(wide).get('e1')).not.toContain('c1');
    using plain = Position.fromFen('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1', { variant: 'atomic' });
    expect(chessgroundDests(plain).get('e1')).toContain('c1');
  });

  test('standard castling stays the default, and its UCI is king-to-destination', () => {
    using pos = Position.fromFen('4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1', { variant: 'atomic' });
    expect(pos.chess960).toBe(false);
    expect(pos.legalUci()).toContain('e1g1');
    using p960 = Position.fromFen('4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1', { variant: 'atomic', chess960: true });
    expect(p960.legalUci()).toContain('e1h1');
    expect(p960.legalUci()).not.toContain('e1g1');
    expect(() => Position.fromFen('rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1', { variant: 'atomic' })).toThrow(FenError);
  });

  test("standard rules with it are 'chess960'; rule sets without castling ignore it", () => {
    using chess = Position.fromFen('rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1', { chess960: true });
    expect(chess.variant).toBe('chess960');
    using start = Position.startpos('chess', { chess960: true });
    expect(start.variant).toBe('chess960');
    using twice = Position.startpos('chess960', { chess960: true });
    expect(twice.variant).toBe('chess960');
    for (const variant of ['antichess', 'racingkings', 'makruk'] as const) {
      using pos = Position.startpos(variant, { chess960: true });
      expect(pos.variant).toBe(variant);
      expect(pos.chess960).toBe(false);
      using plain = Position.startpos(variant);
      expect(pos.perft(3)).toBe(plain.perft(3));
    }
    using anti = Position.fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', {
      variant: 'antichess',
      chess960: true,
    });
    expect(anti.fen()).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1');
  });

  test('a value that is not a boolean is refused', () => {
    for (const bad of [1, 'yes', null])
      expect(() => Position.fromFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1', { chess960: bad as unknown as boolean })).toThrow(
        expect.objectContaining({ code: 'invalid-argument' }),
      );
    expect(() => Position.startpos('atomic', { chess960: 0 as unknown as boolean })).toThrow(ChessError);
    expect(() => new Game(undefined, { variant: 'atomic', chess960: 'x' as unknown as boolean })).toThrow(ChessError);
  });

  test('Setup reads, keeps and builds with it', () => {
    using s = Setup.fromFen('rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1', { variant: 'kingofthehill', chess960: true });
    expect(s.chess960).toBe(true);
    expect(s.validate()).toEqual([]);
    using pos = s.toPosition();
    expect(pos.variant).toBe('kingofthehill');
    expect(pos.chess960).toBe(true);
    using back = Setup.fromPosition(pos);
    expect(back.chess960).toBe(true);
    using plain = Setup.fromFen('rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1', { variant: 'kingofthehill' });
    expect(plain.chess960).toBe(false);
    expect(plain.validate()).not.toEqual([]);
    expect(Setup.syntaxErrors('rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1', { variant: 'atomic', chess960: true })).toEqual([]);
    using empty = Setup.empty('atomic', { chess960: true });
    expect(empty.chess960).toBe(true);
  });

  test('Game keeps it: UCI king-to-rook, positions, PGN round trip', () => {
    const fen = 'rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1';
    using game = new Game(fen, { variant: 'atomic', chess960: true });
    expect(game.variant).toBe('atomic');
    expect(game.chess960).toBe(true);
    game.play('O-O');
    game.play('O-O-O');
    expect(game.mainlineNodes().map((n) => n.uci)).toEqual(['b1h1', 'b8a8']);
    expect(game.position.chess960).toBe(true);
    const pgn = game.pgn();
    expect(pgn).toContain('[Variant "Atomic"]');
    // The FEN tag names the castling rooks by file (Shredder-FEN): how a lichess rule set
    // marks Chess960 castling, which has no Variant name.
    expect(pgn).toContain(`[FEN "${fen.replace('KQkq', 'HAha')}"]`);
    // The FEN tag's rights make sense only with Chess960 castling: read with it.
    using again = Game.fromPgn(pgn);
    expect(again.variant).toBe('atomic');
    expect(again.chess960).toBe(true);
    expect(again.mainlineNodes().map((n) => n.uci)).toEqual(['b1h1', 'b8a8']);
    expect(again.mainlineNodes()[1]!.fen).toBe('2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2');
    const [read] = [...readGames(pgn)];
    expect(read!.chess960).toBe(true);
    read!.dispose();
    // A FEN standard castling reads stays a standard-castling game.
    using plain = Game.fromPgn('[Variant "Atomic"]\n\n1. e4 *\n');
    expect(plain.chess960).toBe(false);
    expect(plain.mainlineNodes()[0]!.uci).toBe('e2e4');
  });

  test.each(VARIANTS)('%s from the standard start with it keeps it through PGN', (variant) => {
    using game = new Game(undefined, { variant, chess960: true });
    game.play(variant === 'horde' ? 'a4a5' : 'e2e4');
    const pgn = game.pgn();
    expect(pgn).toContain('[SetUp "1"]');
    expect(pgn).toMatch(/\[FEN "[^"]* [wb] [A-Ha-h]+ /);
    using again = Game.fromPgn(pgn);
    expect(again.variant).toBe(variant);
    expect(again.chess960).toBe(true);
    expect(again.mainlineNodes().map((n) => n.fen)).toEqual(game.mainlineNodes().map((n) => n.fen));
    // Without rights left the flag changes no move: the FEN is written only where it must be.
    using noRights = new Game(undefined, { variant: 'atomic' });
    expect(noRights.pgn()).not.toContain('[FEN');
  });
});
