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
    ['8/8/8/8/8/8/8/7x w - - 0 1', 'BAD_PIECE'],
    ['8/8/8/8/8/8/8 w - - 0 1', 'RANK_COUNT'],
    ['8/8/8/8/8/8/8/8 w - - 0 0', 'BAD_FULLMOVE'],
  ] as const) {
    const e = thrown(() => Setup.fromFen(bad));
    expect(e).toBeInstanceOf(FenError);
    expect((e as FenError).code).toBe(code);
  }
  expect((thrown(() => Setup.fromFen(42 as unknown as string)) as FenError).code).toBe('NOT_A_STRING');
});

test('validate() lists every verdict in the core order; toPosition() throws the first', () => {
  const s = Setup.fromFen('P3k3/8/8/8/8/8/8/8 w KQq e3 0 1');
  expect(s.validate()).toEqual([
    'MISSING_KING',
    'PAWN_ON_BACK_RANK',
    'CASTLING_NO_KING',
    'CASTLING_NO_ROOK',
    'EN_PASSANT_WRONG_RANK',
  ]);
  expect(s.valid).toBe(false);
  const e = thrown(() => s.toPosition());
  expect(e).toBeInstanceOf(FenError);
  expect((e as FenError).code).toBe('MISSING_KING');
  expect(Setup.fromFen('4k3/4R3/8/8/8/8/8/4K3 w - - 0 1').validate()).toEqual(['OPPOSITE_CHECK']);
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
    expect(s.validate()).toContain('MISSING_KING');
    expect((thrown(() => s.toPosition()) as FenError).code).toBe('MISSING_KING');
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
