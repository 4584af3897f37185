// Differential test of the seven lichess variants against chessops: along seeded random games
// (from each variant's start position), at every ply, the set of legal moves (UCI), SAN, the
// FEN (en passant normalised as in differential.test.ts: chessops writes the square only when
// a legal en passant capture exists), the outcome (over or not, and the winner), insufficient
// material for each side, and the move helpers against each move's UCI text.
// 300 games per variant by default (2,100 games, about 85 s of CPU time on the 2-core development
// machine: SAN of every legal move is compared at every fourth ply, the SAN of the move played
// at every ply); CHESSWASM_VARIANT_GAMES=2000 for a long run. Then horde's and antichess's
// insufficient material on boards made for it, and the package's variant surface: pockets,
// remaining checks, lichess FEN, parseVariant, drops, the move helpers.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseFen } from 'chessops/fen';
import { setupPosition } from 'chessops/variant';
import type { Rules } from 'chessops/types';
import { describe, expect, test } from 'vitest';
import {
  Position,
  parseVariant,
  isDrop,
  dropPiece,
  isCapture,
  isPromotion,
  movePromotion,
  moveFrom,
  moveTo,
  squareName,
  type Variant,
} from 'chesswasm';
import { prng } from '../tools/prng.mjs';
import { opsPosition as setup } from '../tools/variant-play.mjs';
import { comparePly, playBoth } from './chessops-compare.js';
import { testSize } from './helpers.js';

const VARIANTS: Variant[] = ['crazyhouse', 'atomic', 'antichess', 'kingofthehill', '3check', 'racingkings', 'horde'];
const GAMES = testSize('CHESSWASM_VARIANT_GAMES', 100, 300);
const SAN_EVERY = 4;
const MAX_PLIES = 120;
const RANDOM_BOARDS = 4000;
const MIN_GAMES_FOR_AN_END = 100;

describe.each(VARIANTS)('%s against chessops', (variant) => {
  test(
    `${GAMES} random games: moves, SAN, FEN, outcome, insufficient material at every ply`,
    () => {
      const rand = prng(0x25000 + VARIANTS.indexOf(variant));
      const rules = variant as Rules;
      let plies = 0;
      let ends = 0;
      // Beyond GAMES, games go on until one has ended (at most MIN_GAMES_FOR_AN_END), so that the
      // outcome is compared whatever the count: three racing-kings games need not reach an end.
      for (let g = 0; g < GAMES || (ends === 0 && variant !== 'horde' && g < MIN_GAMES_FOR_AN_END); g++) {
        const ours = Position.startpos(variant);
        const theirs = setup(rules, ours.fen());
        for (let ply = 0; ply <= MAX_PLIES; ply++) {
          plies++;
          const where = `${variant} game ${g} ply ${ply}: ${ours.fen()}`;
          // SAN: of every legal move at every SAN_EVERY-th ply (chessops' makeSan is the
          // costliest call of the test), of the move played at every ply (playBoth).
          const {
            moves: theirMoves,
            ourUci,
            end,
          } = comparePly(ours, theirs, where, {
            sanNow: ply % SAN_EVERY === 0,
            castling: 'king-to-destination',
          });
          // The move helpers read every move as its UCI text says (origin or dropped piece,
          // promotion letter): one comparison per ply (an expect per move costs more than the move).
          const helpers = ours
            .legalMoves()
            .map((m) =>
              isDrop(m)
                ? `${dropPiece(m)!.toUpperCase()}@${squareName(moveTo(m))}`
                : `${squareName(moveFrom(m))}${movePromotion(m) ?? ''}`,
            );
          expect(helpers, where).toEqual(ourUci.map((u) => (u[1] === '@' ? u : u.slice(0, 2) + u.slice(4))));
          if (end === 'over') ends++;
          if (end) break;
          const pick = theirMoves[rand.int(theirMoves.length)]!;
          playBoth(ours, theirs, pick, where);
        }
        ours.dispose();
      }
      expect(plies).toBeGreaterThan(Math.min(GAMES, MIN_GAMES_FOR_AN_END) * 10);
      if (variant !== 'horde') expect(ends).toBeGreaterThan(0);
      // Vitest's default timeout (120 s) is too short for a long run on a loaded machine (300
      // crazyhouse games took 111 s at a load of 17): 2 s per game.
    },
    Math.max(120_000, GAMES * 2_000),
  );
});

// Horde's insufficient material: random games from the start position never get near the
// material classes where the horde can no longer mate, so these positions are made for it.
describe('horde: insufficient material against chessops', () => {
  const rows = readFileSync(fileURLToPath(new URL('../data/horde-insufficient.tsv', import.meta.url)), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));

  test(`${rows.length} hand-made material classes (tests/data/horde-insufficient.tsv)`, () => {
    expect(rows.length).toBeGreaterThanOrEqual(50);
    for (const [fen, white, black, why] of rows) {
      const ours = Position.fromFen(fen!, { variant: 'horde' });
      const theirs = setup('horde', fen!);
      for (const [c, expected] of [
        ['w', white],
        ['b', black],
      ] as const) {
        const where = `${fen} (${why}) ${c}`;
        expect(ours.hasInsufficientMaterial(c), where).toBe(expected === '1');
        expect(theirs.hasInsufficientMaterial(c === 'w' ? 'white' : 'black'), `chessops: ${where}`).toBe(
          expected === '1',
        );
      }
      expect(ours.isInsufficientMaterial()).toBe(false);
      ours.dispose();
    }
  });

  // Random boards: a small horde (one to four pieces of any kind, bishops often) against a king
  // with up to five pieces; both libraries must accept the FEN.
  test(`${RANDOM_BOARDS} random small-material boards`, () => {
    const rand = prng(0x25ad);
    const kinds = ['P', 'N', 'B', 'R', 'Q', 'B', 'N'];
    const seen = compareRandomBoards(
      'horde',
      RANDOM_BOARDS,
      (place) => {
        const hordeWhite = rand.int(8) !== 0;
        const horde = hordeWhite ? 'w' : 'b';
        const king = hordeWhite ? 'b' : 'w';
        place('K', king);
        for (let n = 1 + rand.int(4); n > 0; n--) place(kinds[rand.int(kinds.length)]!, horde);
        for (let n = rand.int(6); n > 0; n--) place(kinds[rand.int(kinds.length)]!, king);
        return hordeWhite ? 'b' : 'w';
      },
      rand,
    );
    expect(seen.compared).toBeGreaterThan(RANDOM_BOARDS / 2);
    expect(seen.insufficient).toBeGreaterThan(RANDOM_BOARDS / 20);
  });
});

// Antichess: the case analysis covers bishops only (which colours can still meet) and two
// lone knights (who must move into the other's reach); random boards of few minor pieces.
describe('antichess: insufficient material against chessops', () => {
  test(`${RANDOM_BOARDS} random boards of bishops and knights`, () => {
    const rand = prng(0x25ac);
    const seen = compareRandomBoards(
      'antichess',
      RANDOM_BOARDS,
      (place) => {
        const kinds = rand.int(2) ? ['B'] : rand.int(2) ? ['N'] : ['B', 'N', 'K', 'P'];
        for (const c of ['w', 'b'] as const)
          for (let n = 1 + rand.int(kinds[0] === 'N' ? 1 : 3); n > 0; n--) place(kinds[rand.int(kinds.length)]!, c);
        return rand.int(2) ? 'w' : 'b';
      },
      rand,
    );
    expect(seen.compared).toBeGreaterThan(RANDOM_BOARDS / 2);
    expect(seen.insufficient).toBeGreaterThan(RANDOM_BOARDS / 20);
  });
});

// Builds `count` boards with `fill` (which places pieces and returns the side to move) and
// compares hasInsufficientMaterial (both colours) and isInsufficientMaterial with chessops on
// every board both libraries accept (their set-up rules differ in details such as impossible
// checks: boards either refuses are skipped).
function compareRandomBoards(
  variant: Variant,
  count: number,
  fill: (place: (piece: string, color: 'w' | 'b') => void) => 'w' | 'b',
  rand: ReturnType<typeof prng>,
): { compared: number; insufficient: number } {
  let compared = 0;
  let insufficient = 0;
  for (let i = 0; i < count; i++) {
    const board: string[] = Array.from({ length: 64 }, () => '');
    const place = (piece: string, color: 'w' | 'b') => {
      for (;;) {
        const s = rand.int(64);
        if (board[s] || (piece === 'P' && (s < 8 || s >= 56))) continue;
        board[s] = color === 'w' ? piece : piece.toLowerCase();
        return;
      }
    };
    const turn = fill(place);
    const ranks: string[] = [];
    for (let rank = 7; rank >= 0; rank--)
      ranks.push(
        board
          .slice(rank * 8, rank * 8 + 8)
          .map((p) => p || '1')
          .join('')
          .replace(/1+/g, (ones) => String(ones.length)),
      );
    const fen = `${ranks.join('/')} ${turn} - - 0 1`;
    const theirs = setupPosition(variant as Rules, parseFen(fen).unwrap());
    let ours: Position | undefined;
    try {
      ours = Position.fromFen(fen, { variant });
    } catch {
      ours = undefined;
    }
    if (!ours || theirs.isErr) {
      ours?.dispose();
      continue;
    }
    for (const c of ['w', 'b'] as const) {
      const want = theirs.value.hasInsufficientMaterial(c === 'w' ? 'white' : 'black');
      expect(ours.hasInsufficientMaterial(c), `${variant} ${fen} ${c}`).toBe(want);
      if (want) insufficient++;
    }
    expect(ours.isInsufficientMaterial(), `${variant} ${fen}`).toBe(theirs.value.isInsufficientMaterial());
    compared++;
    ours.dispose();
  }
  return { compared, insufficient };
}

describe('the variants in the package', () => {
  test('pockets, remaining checks and the lichess FEN forms', () => {
    const zh = Position.fromFen('r1bqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R/nP w KQkq - 0 3', {
      variant: 'crazyhouse',
    });
    expect(zh.pockets).toEqual({ w: { p: 1, n: 0, b: 0, r: 0, q: 0 }, b: { p: 0, n: 1, b: 0, r: 0, q: 0 } });
    expect(zh.fen()).toBe('r1bqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 0 3');
    expect(zh.fen({ lichess: true })).toBe('r1bqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R/Pn w KQkq - 0 3');
    expect(zh.remainingChecks).toBeNull();
    const tc = Position.fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2', { variant: '3check' });
    expect(tc.remainingChecks).toEqual({ w: 2, b: 1 });
    expect(tc.fen()).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1');
    expect(tc.pockets).toBeNull();
    expect(Position.startpos().pockets).toBeNull();
  });

  test('drops in UCI and SAN; hash counts the pockets', () => {
    const a = Position.fromFen('4k3/8/8/8/8/8/8/4K3[N] w - - 0 1', { variant: 'crazyhouse' });
    const b = Position.fromFen('4k3/8/8/8/8/8/8/4K3[] w - - 0 1', { variant: 'crazyhouse' });
    expect(a.hash()).not.toBe(b.hash());
    expect(a.legalUci()).toContain('N@f3');
    const drop = a.parseUci('N@f3');
    expect(isDrop(drop)).toBe(true);
    expect(dropPiece(drop)).toBe('n');
    expect(isCapture(drop)).toBe(false);
    expect(a.san(drop)).toBe('N@f3');
    expect(isDrop(Position.startpos().parseUci('e2e4'))).toBe(false);
    a.play('N@f3');
    expect(a.fen()).toBe('4k3/8/8/8/8/5N2/8/4K3[] b - - 1 1');
  });

  test('move helpers: an antichess king promotion is "k", a Makruk promotion "m", a drop none', () => {
    const anti = Position.fromFen('1n6/P7/8/8/8/8/8/7k w - - 0 1', { variant: 'antichess' });
    const capture = anti.parseUci('a7b8k');
    expect(anti.legalUci()).not.toContain('a7a8k'); // captures are compulsory
    expect(movePromotion(capture)).toBe('k');
    expect(isPromotion(capture) && isCapture(capture)).toBe(true);
    const anti2 = Position.fromFen('8/P7/8/8/8/8/8/7k w - - 0 1', { variant: 'antichess' });
    const quiet2 = anti2.parseUci('a7a8k');
    expect(movePromotion(quiet2)).toBe('k');
    expect(isPromotion(quiet2) && !isCapture(quiet2)).toBe(true);
    expect(anti2.san(quiet2)).toBe('a8=K');
    expect(movePromotion(anti2.parseUci('a7a8q'))).toBe('q');
    const bia = Position.fromFen('4k3/8/8/P7/8/8/8/4K3 w - - 0 1', { variant: 'makruk' });
    const promo = bia.legalMoves().find((m) => isPromotion(m))!;
    expect(bia.uci(promo)).toBe('a5a6m');
    expect(movePromotion(promo)).toBe('m');
    const zh = Position.fromFen('4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1', { variant: 'crazyhouse' });
    const drop = zh.parseUci('Q@d4');
    expect(movePromotion(drop)).toBeNull();
    expect(isPromotion(drop)).toBe(false);
    for (const p of [anti, anti2, bia, zh]) p.dispose();
  });

  test('parseVariant reads lichess keys and PGN names', () => {
    expect(parseVariant('threeCheck')).toBe('3check');
    expect(parseVariant('Three-check')).toBe('3check');
    expect(parseVariant('King of the Hill')).toBe('kingofthehill');
    expect(parseVariant('zh')).toBe('crazyhouse');
    expect(parseVariant('Standard')).toBe('chess');
    expect(parseVariant('From Position')).toBe('chess');
    expect(parseVariant('Chess960')).toBe('chess960');
    expect(parseVariant('bughouse')).toBeUndefined();
    expect(parseVariant(42 as unknown as string)).toBeUndefined();
  });
});
