// Setup (web/src/core/setup.ts over cpp/core/setup.h): FEN syntax and writing, every verdict as
// codes, edits, and positions built from set-ups, kingless ones included (checked against
// chess.js, which plays boards without kings).
import { Chess as ChessJs } from 'chess.js';
import { expect, test } from 'vitest';
import { ChessError, FenError, Position, Setup } from 'chesswasm';

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('nothing thrown');
}

test('parses and writes FEN; syntax errors are FenErrors with the core code', () => {
  const fen = 'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq e3 0 1';
  const s = Setup.fromFen(fen);
  expect(s.fen()).toBe(fen);
  expect(Setup.fromFen('8/8/8/8/8/8/8/8 b - -').fen()).toBe('8/8/8/8/8/8/8/8 b - - 0 1');
  expect(Setup.empty().fen()).toBe('8/8/8/8/8/8/8/8 w - - 0 1');
  for (const [bad, code] of [
    ['8/8/8/8/8/8/8/7x w - - 0 1', 'bad-piece'],
    ['8/8/8/8/8/8/8 w - - 0 1', 'rank-count'],
    ['8/8/8/8/8/8/8/8 w - - 0 0', 'bad-fullmove'],
  ] as const) {
    const e = thrown(() => Setup.fromFen(bad));
    expect(e).toBeInstanceOf(FenError);
    expect((e as FenError).code).toBe(code);
  }
  expect((thrown(() => Setup.fromFen(42 as unknown as string)) as FenError).code).toBe('not-a-string');
});

test('validate() lists every verdict in the core order; toPosition() throws the first', () => {
  const s = Setup.fromFen('P3k3/8/8/8/8/8/8/8 w KQq e3 0 1');
  expect(s.validate()).toEqual([
    'missing-king',
    'pawn-on-back-rank',
    'castling-no-king',
    'castling-no-rook',
    'en-passant-wrong-rank',
  ]);
  expect(s.valid).toBe(false);
  const e = thrown(() => s.toPosition());
  expect(e).toBeInstanceOf(FenError);
  expect((e as FenError).code).toBe('missing-king');
  expect(Setup.fromFen('4k3/4R3/8/8/8/8/8/4K3 w - - 0 1').validate()).toEqual(['opposite-check']);
  const start = Setup.fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  expect(start.validate()).toEqual([]);
  expect(start.toPosition().fen()).toBe(Position.startpos().fen());
});

test('edits, fields and dropContradicted()', () => {
  const s = Setup.fromPosition(Position.fromFen('r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1'));
  expect(s.castlingRook('w', 'k')).toBe(7);
  expect(s.epSquare).toBe(43);
  expect(s.remove('h1')).toEqual({ color: 'w', type: 'r' });
  expect(s.remove('h1')).toBeNull();
  s.put('d6', { color: 'w', type: 'n' });
  expect(s.pieceAt('d6')).toEqual({ color: 'w', type: 'n' });
  s.dropContradicted();
  expect(s.fen()).toBe('r3k2r/8/3N4/3pP3/8/8/8/R3K3 w Qkq - 0 1');
  s.turn = 'b';
  s.halfmoves = 12;
  s.fullmoves = 30;
  s.setCastlingRook('b', 'q', null);
  expect(s.fen()).toBe('r3k2r/8/3N4/3pP3/8/8/8/R3K3 b Qk - 12 30');
  const copy = s.clone();
  copy.put('a1', null);
  expect(s.pieceAt('a1')).toEqual({ color: 'w', type: 'r' });
  // Refused arguments change nothing.
  const before = s.fen();
  for (const f of [
    () => s.put('z9', { color: 'w', type: 'q' }),
    () => s.put('a1', { color: 'w', type: 'm' }),
    () => s.put('a1', { color: 'x' as 'w', type: 'q' }),
    () => (s.halfmoves = -1),
    () => (s.fullmoves = 1.5),
    () => s.setCastlingRook('w', 'k', 'h8'),
    () => (s.turn = 'x' as 'w'),
  ]) {
    const e = thrown(f);
    expect(e).toBeInstanceOf(ChessError);
    expect((e as ChessError).code).toBe('invalid-argument');
  }
  expect(s.fen()).toBe(before);
  s.dispose();
  expect(s.disposed).toBe(true);
  expect((thrown(() => s.fen()) as ChessError).code).toBe('disposed');
});

test('every kind of bad value is an invalid-argument ChessError that changes nothing', () => {
  const s = Setup.fromFen('r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 12 30');
  const makruk = Setup.fromFen('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', { variant: 'makruk' });
  const before = s.fen();
  const bad = <T>(x: unknown) => x as T;
  const cases: [string, () => unknown][] = [
    // squares: out of range, negative, fractions, names off the board, not a square at all
    ['put z9', () => s.put('z9', { color: 'w', type: 'q' })],
    ['put a9', () => s.put('a9', { color: 'w', type: 'q' })],
    ['put -1', () => s.put(-1, { color: 'w', type: 'q' })],
    ['put 64', () => s.put(64, { color: 'w', type: 'q' })],
    ['put 1.5', () => s.put(1.5, { color: 'w', type: 'q' })],
    ['put NaN', () => s.put(NaN, { color: 'w', type: 'q' })],
    ['put null square', () => s.put(bad(null), { color: 'w', type: 'q' })],
    ['remove 64', () => s.remove(64)],
    ['pieceAt -1', () => s.pieceAt(-1)],
    // pieces: the variant's, a colour and a type
    ['put met in chess', () => s.put('a1', { color: 'w', type: 'm' })],
    ['put queen in makruk', () => makruk.put('a3', { color: 'b', type: 'q' })],
    ['put bishop in makruk', () => makruk.put('a3', { color: 'w', type: 'b' })],
    ['put colour x', () => s.put('a1', { color: bad('x'), type: 'q' })],
    ['put type x', () => s.put('a1', { color: 'w', type: bad('x') })],
    ['put no type', () => s.put('a1', bad({ color: 'w' }))],
    ['put a number', () => s.put('a1', bad(5))],
    // colours
    ['turn x', () => (s.turn = bad('x'))],
    ['turn 0', () => (s.turn = bad(0))],
    ['turn null', () => (s.turn = bad(null))],
    // castling: a square off that colour's back rank, a bad colour or side
    ['white rook on h8', () => s.setCastlingRook('w', 'k', 'h8')],
    ['black rook on a1', () => s.setCastlingRook('b', 'q', 'a1')],
    ['castling rook on z1', () => s.setCastlingRook('w', 'k', 'z1')],
    ['castling rook on 64', () => s.setCastlingRook('w', 'k', 64)],
    ['castling colour x', () => s.setCastlingRook(bad('x'), 'k', 'h1')],
    ['castling side x', () => s.setCastlingRook('w', bad('x'), 'h1')],
    ['castlingRook colour x', () => s.castlingRook(bad('x'), 'k')],
    // en passant squares
    ['ep i3', () => (s.epSquare = 'i3')],
    ['ep -1', () => (s.epSquare = -1)],
    ['ep 64', () => (s.epSquare = 64)],
    // counters: out of range, negative, fractions, NaN, infinities, strings
    ['halfmoves -1', () => (s.halfmoves = -1)],
    ['halfmoves 65536', () => (s.halfmoves = 65536)],
    ['halfmoves 1.5', () => (s.halfmoves = 1.5)],
    ['halfmoves NaN', () => (s.halfmoves = NaN)],
    ['halfmoves Infinity', () => (s.halfmoves = Infinity)],
    ['halfmoves "3"', () => (s.halfmoves = bad('3'))],
    ['fullmoves 0', () => (s.fullmoves = 0)],
    ['fullmoves 100001', () => (s.fullmoves = 100001)],
    ['fullmoves 2.5', () => (s.fullmoves = 2.5)],
    ['fullmoves NaN', () => (s.fullmoves = NaN)],
    ['fullmoves -Infinity', () => (s.fullmoves = -Infinity)],
    ['fullmoves "3"', () => (s.fullmoves = bad('3'))],
  ];
  for (const [what, f] of cases) {
    const e = thrown(f);
    expect(e, what).toBeInstanceOf(ChessError);
    expect((e as ChessError).code, what).toBe('invalid-argument');
    expect(s.fen(), what).toBe(before);
  }
  expect(makruk.fen()).toBe('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
  // The edge values are taken.
  s.put(63, { color: 'b', type: 'r' });
  s.turn = 'b';
  s.setCastlingRook('w', 'k', null);
  s.epSquare = null;
  s.halfmoves = 65535;
  s.fullmoves = 100000;
  makruk.put('e3', { color: 'w', type: 'm' });
  expect(s.fen()).toBe('r3k2r/8/8/3pP3/8/8/8/R3K2R b Qkq - 65535 100000');
  expect(makruk.pieceAt('e3')).toEqual({ color: 'w', type: 'm' });
  // Position's colour argument.
  const pos = Position.startpos();
  expect((thrown(() => pos.hasInsufficientMaterial(bad('x'))) as ChessError).code).toBe('invalid-argument');
});

test('kingless boards become positions when asked; moves and perft as chess.js', () => {
  const fens = [
    'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1',
    'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1',
    '8/8/3k4/8/8/8/3P4/8 w - - 0 1',
    '8/8/8/2pP4/8/8/8/8 w - c6 0 1',
    '8/P7/8/8/8/8/7p/8 b - - 0 1',
  ];
  for (const fen of fens) {
    const s = Setup.fromFen(fen);
    expect(s.validate()).toContain('missing-king');
    expect((thrown(() => s.toPosition()) as FenError).code).toBe('missing-king');
    const pos = s.toPosition({ tolerateMissingKings: true });
    const js = new ChessJs(fen, { skipValidation: true });
    expect(
      pos
        .legalMoves()
        .map((m) => pos.uci(m))
        .sort(),
    ).toEqual(
      js
        .moves({ verbose: true })
        .map((m) => m.lan)
        .sort(),
    );
    expect(pos.isCheck()).toBe(false);
    expect(pos.perft(3)).toBe(js.perft(3));
  }
});

test('permissive positions keep castling rights the board contradicts as written', () => {
  const fen = 'r3k2r/8/8/8/8/8/8/1K5R w KQkq - 0 1';
  const s = Setup.fromFen(fen);
  // The strict rules and the kings' tolerance refuse them, naming the verdict.
  expect((thrown(() => s.toPosition()) as FenError).code).toBe('castling-no-king');
  expect((thrown(() => s.toPosition({ tolerateMissingKings: true })) as FenError).code).toBe('castling-no-king');
  const pos = s.toPosition({ permissive: true });
  expect(pos.fen()).toBe(fen);
  expect(Setup.fromPosition(pos).fen()).toBe(fen);
  // No castling from white's written rights (its king is on b1); black's are held.
  const bare = Setup.fromFen('r3k2r/8/8/8/8/8/8/1K5R w kq - 0 1').toPosition({ permissive: true });
  expect(pos.hash()).toBe(bare.hash());
  expect(pos.legalMoves().map((m) => pos.uci(m))).toEqual(bare.legalMoves().map((m) => bare.uci(m)));
  // Lost by the rule of every right; undo brings them back.
  const line: [string, string][] = [
    ['h1h8', 'r3k2R/8/8/8/8/8/8/1K6 b Qq - 0 1'],
    ['e8d7', 'r6R/3k4/8/8/8/8/8/1K6 w Q - 1 2'],
    ['b1b2', 'r6R/3k4/8/8/8/8/1K6/8 b - - 2 2'],
  ];
  for (const [uci, after] of line) {
    pos.play(uci);
    expect(pos.fen()).toBe(after);
  }
  for (let i = 0; i < line.length; i++) pos.undo();
  expect(pos.fen()).toBe(fen);
  // Another rule set: refused as before.
  expect(
    (thrown(() => Setup.fromFen(fen, { variant: 'atomic' }).toPosition({ permissive: true })) as FenError).code,
  ).toBe('castling-no-king');
  for (const p of [pos, bare]) p.dispose();
  s.dispose();
});

test('dropContradicted({ castling: false }) drops the en passant square only', () => {
  const s = Setup.fromFen('4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1');
  expect((thrown(() => s.toPosition({ permissive: true })) as FenError).code).toBe('en-passant-no-pawn');
  s.dropContradicted({ castling: false });
  expect(s.fen()).toBe('4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1');
  expect(s.toPosition({ permissive: true }).fen()).toBe('4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1');
  // Any other value, or none, drops both.
  // @ts-expect-error a value of the wrong type is not `false`
  s.dropContradicted({ castling: 'no' });
  expect(s.fen()).toBe('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  s.dispose();
});
