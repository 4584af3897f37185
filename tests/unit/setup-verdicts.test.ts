// Setup.validate() and Setup.toPosition() / Position.fromFen agree, in every variant: on
// random set-ups (boards with too many or too few kings, pawns on back ranks, far more pieces
// than a side has, pockets, remaining checks, castling rights and en passant squares of any
// kind), validate() is [] exactly when toPosition() builds the position, and otherwise
// toPosition() and Position.fromFen refuse with validate()'s first code; then the variants'
// own set-up rules one by one.
import { describe, expect, test } from 'vitest';
import { FenError, Position, Setup, type FenErrorCode, type Variant } from 'chesswasm';
import { boardFen } from './helpers.js';
import { prng, type Prng } from '../tools/prng.mjs';

const VARIANTS: Variant[] = [
  'chess',
  'chess960',
  'crazyhouse',
  'atomic',
  'antichess',
  'kingofthehill',
  '3check',
  'racingkings',
  'horde',
  'makruk',
];
const BOARDS = Number(process.env.CHESSWASM_SETUP_BOARDS ?? 3000);

// What toPosition / Position.fromFen say: null when built, else the refusal's code.
function refusal(f: () => Position): FenErrorCode | null {
  try {
    f().dispose();
    return null;
  } catch (e) {
    if (!(e instanceof FenError)) throw e;
    return e.code;
  }
}

// A random FEN of a variant: mostly one king a side and a handful of pieces (often legal),
// sometimes no king or several, many pieces (beyond a side's 16, its 8 pawns, the promotions its
// pawns allow, the variant's own limits), pawns anywhere.
function randomFen(variant: Variant, rand: Prng): string {
  const makruk = variant === 'makruk';
  const pieces = makruk ? 'pnsmr' : 'pnbrq';
  const board: string[] = new Array<string>(64).fill('');
  const free = () => {
    for (let tries = 0; tries < 200; tries++) {
      const sq = rand.int(64);
      if (!board[sq]) return sq;
    }
    return -1;
  };
  const put = (letter: string) => {
    const sq = free();
    if (sq >= 0) board[sq] = letter;
  };
  for (const white of [true, false]) {
    const kings = rand.chance(0.85) ? 1 : rand.int(4);
    for (let k = 0; k < kings; k++) put(white ? 'K' : 'k');
    const many = rand.pick([3, 6, 12, 20, 36]);
    for (let n = rand.int(many + 1); n > 0; n--) {
      const p = rand.chance(variant === 'racingkings' ? 0.01 : 0.4) ? 'p' : rand.pick([...pieces]);
      put(white ? p.toUpperCase() : p);
    }
  }
  // Horde: a white horde of pawns, its king taken away.
  if (variant === 'horde' && rand.chance(0.6)) {
    for (let i = 0; i < 64; i++) if (board[i] === 'K') board[i] = '';
    for (let n = 8 + rand.int(32); n > 0; n--) {
      const sq = free();
      if (sq >= 0 && sq < 56) board[sq] = 'P';
    }
  }
  let placement = boardFen(board);
  if (variant === 'crazyhouse') {
    let pocket = '';
    for (let n = rand.int(rand.pick([3, 12, 30])); n > 0; n--) {
      const p = rand.pick([...pieces]);
      pocket += rand.chance(0.5) ? p.toUpperCase() : p;
    }
    placement += `[${pocket}]`;
  }
  const side = rand.chance(0.5) ? 'w' : 'b';
  const castling = rand.chance(0.5)
    ? '-'
    : [...'KQkq'].filter(() => rand.chance(0.5)).join('') || (rand.chance(0.5) ? 'Bg' : '-');
  const ep = rand.chance(0.85) ? '-' : `${'abcdefgh'[rand.int(8)]}${side === 'w' ? 6 : 3}`;
  const checks = variant === '3check' ? ` ${rand.int(4)}+${rand.int(4)}` : '';
  return `${placement} ${side} ${makruk ? '-' : castling} ${makruk ? '-' : ep}${checks} 0 1`;
}

describe.each(VARIANTS)('%s: validate() agrees with toPosition() and Position.fromFen', (variant) => {
  test(`${BOARDS} random set-ups`, () => {
    const rand = prng(0x5e7 + VARIANTS.indexOf(variant));
    const seen = new Map<FenErrorCode | 'ok', number>();
    for (let i = 0; i < BOARDS; i++) {
      const chess960 = variant !== 'chess960' && variant !== 'makruk' && rand.chance(0.3);
      const fen = randomFen(variant, rand);
      const options = { variant, chess960 };
      let setup: Setup;
      try {
        setup = Setup.fromFen(fen, options);
      } catch (e) {
        // A syntax error (e.g. a Chess960 right letter in a variant without it): Position.fromFen
        // refuses with the same code.
        expect(e, fen).toBeInstanceOf(FenError);
        expect(
          refusal(() => Position.fromFen(fen, options)),
          fen,
        ).toBe((e as FenError).code);
        continue;
      }
      try {
        const verdicts = setup.validate();
        const where = `${variant}${chess960 ? ' (chess960)' : ''} ${fen}: ${verdicts.join(', ')}`;
        const built = refusal(() => setup.toPosition());
        expect(built, where).toBe(verdicts[0] ?? null);
        expect(
          refusal(() => Position.fromFen(fen, options)),
          where,
        ).toBe(verdicts[0] ?? null);
        expect(setup.valid, where).toBe(verdicts.length === 0);
        const key = verdicts[0] ?? 'ok';
        seen.set(key, (seen.get(key) ?? 0) + 1);
      } finally {
        setup.dispose();
      }
    }
    // Both sides of the equivalence were reached, and several kinds of refusal.
    expect(seen.get('ok') ?? 0).toBeGreaterThan(BOARDS / 50);
    expect(BOARDS - (seen.get('ok') ?? 0)).toBeGreaterThan(BOARDS / 10);
    expect(seen.size).toBeGreaterThan(4);
  });
});

// Each of the variants' own rules (cpp/core/setup.cpp variant_verdicts and check_material):
// validate() names it, toPosition() and Position.fromFen refuse with it, and the same board
// within the rule is accepted.
describe('the variants’ set-up rules, one by one', () => {
  const cases: [Variant, string, FenErrorCode | null, string][] = [
    ['racingkings', '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1', null, 'the start'],
    ['racingkings', '8/8/8/8/8/P7/krbnNBRK/qrbnNBRQ w - - 0 1', 'variant-material', 'a pawn'],
    ['racingkings', '8/8/8/8/8/N7/krbnNBRK/qrbnNBRQ w - - 0 1', 'variant-material', 'a third knight'],
    ['racingkings', '8/8/8/7Q/8/8/krbnNBRK/qrbnNBRQ w - - 0 1', 'variant-material', 'a second queen'],
    ['racingkings', '4K1k1/8/8/8/8/8/8/8 w - - 0 1', null, 'both on rank 8, Black just moved'],
    ['racingkings', '4K1k1/8/8/8/8/8/8/8 b - - 0 1', 'variant-material', 'both on rank 8, Black to move'],
    ['racingkings', '8/8/8/8/8/8/7k/K6r w - - 0 1', 'variant-material', 'the side to move in check'],
    ['crazyhouse', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1', null, 'the start'],
    ['crazyhouse', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1', 'variant-material', '33 units'],
    ['crazyhouse', '4k3/8/8/8/8/8/8/4K3[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ] w - - 0 1', null, '32 units'],
    ['crazyhouse', '4k3/8/8/8/8/8/8/4K3[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQq] w - - 0 1', 'variant-material', '33'],
    ['horde', 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1', null, 'the start'],
    ['horde', 'rnbqkbnr/pppppppp/8/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1', 'variant-material', '40'],
    ['horde', 'rnbqkbnr/pppppppp/Q7/8/8/8/8/PPPPPPPP w kq - 0 1', null, 'a horde queen'],
    ['horde', 'rnbqkbnr/pppppppp/n7/8/8/8/8/PPPPPPPP w kq - 0 1', 'too-many-pieces', 'a 17th black piece'],
    ['horde', 'r1bqkbnr/ppppppp1/p7/p7/8/8/8/PPPPPPPP w kq - 0 1', 'too-many-pawns', 'a ninth black pawn'],
    ['horde', 'rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPK w kq - 0 1', 'too-many-kings', 'two kings'],
    ['horde', 'rnbq1bnr/pppppppp/8/8/8/8/8/PPPPPPPP w - - 0 1', 'missing-king', 'no king'],
    ['antichess', '8/8/8/8/8/8/8/8 w - - 0 1', 'variant-material', 'an empty board'],
    ['antichess', 'kkkk4/8/8/8/8/8/8/K7 w - - 0 1', null, 'four kings'],
    ['antichess', 'kkkkkkkk/kp6/8/8/8/8/8/K7 w - - 0 1', 'impossible-material', 'nine kings and a pawn'],
    ['atomic', '8/8/8/8/8/8/8/4K3 b - - 0 1', null, 'the side to move lost its king'],
    ['atomic', '4k3/8/8/8/8/8/8/8 b - - 0 1', 'missing-king', 'the side not to move has no king'],
    ['makruk', 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', null, 'the start'],
    ['makruk', 'rnsmksnr/8/pppppppp/8/8/PPPPPPP1/R7/RNSKMSNR w - - 0 1', 'impossible-material', 'a third Ruea'],
    ['chess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', null, 'the start'],
    [
      'chess',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'.replace('8/8/8/8', 'Q7/8/8/8'),
      'too-many-pieces',
      '17',
    ],
    [
      'chess',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBQKBNR w KQkq - 0 1',
      'impossible-material',
      'a queen for a knight, 8 pawns',
    ],
  ];
  test.each(cases)('%s %s: %s (%s)', (variant, fen, code) => {
    using setup = Setup.fromFen(fen, { variant });
    const verdicts = setup.validate();
    if (code === null) expect(verdicts).toEqual([]);
    else expect(verdicts[0]).toBe(code);
    expect(refusal(() => setup.toPosition())).toBe(code);
    expect(refusal(() => Position.fromFen(fen, { variant }))).toBe(code);
  });
});

// Codes 32 and up cross the wasm boundary too (a 32-bit set lost BAD_CHECKS and
// VARIANT_MATERIAL: validate() said [] for boards toPosition() refused).
test('codes beyond 31 cross the boundary, in the core order', () => {
  expect(Setup.syntaxErrors('4k3/8/8/8/8/8/8/4K3 w - - 9+9 0 1', { variant: '3check' })).toEqual(['bad-checks']);
  expect(() => Setup.fromFen('4k3/8/8/8/8/8/8/4K3 w - - 9+9 0 1', { variant: '3check' })).toThrow(
    expect.objectContaining({ code: 'bad-checks' }),
  );
  using race = Setup.fromFen('8/8/8/8/8/P7/krbnNBRK/qrbnNBRQ w - - 0 1', { variant: 'racingkings' });
  race.put('a4', { color: 'w', type: 'k' });
  expect(race.validate()).toEqual(['too-many-kings', 'variant-material']);
  expect(race.valid).toBe(false);
  race.put('a4', null);
  expect(race.validate()).toEqual(['variant-material']);
  expect(race.valid).toBe(false);
  expect(refusal(() => race.toPosition())).toBe('variant-material');
  race.put('a3', null);
  expect(race.validate()).toEqual([]);
  expect(race.valid).toBe(true);
});
