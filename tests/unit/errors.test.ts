// Every error path throws its typed error with its code and leaves the position unchanged.
import { expect, test } from 'vitest';
import { ChessError, FenError, IllegalMoveError, PgnError, Position, type FenErrorCode } from 'chesswasm';

const bad_fens: [string, FenErrorCode][] = [
  ['', 'EMPTY'],
  ['   ', 'EMPTY'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq', 'FIELD_COUNT'],
  ['rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'BAD_PIECE'],
  ['rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'RANK_TOO_LONG'],
  ['rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'RANK_TOO_SHORT'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', 'RANK_COUNT'],
  ['rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1', 'MISSING_KING'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1', 'TOO_MANY_KINGS'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1', 'PAWN_ON_BACK_RANK'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', 'BAD_SIDE'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1', 'BAD_CASTLING'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1', 'MISSING_KING'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1', 'CASTLING_NO_ROOK'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1', 'BAD_EN_PASSANT'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1', 'EN_PASSANT_WRONG_RANK'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1', 'EN_PASSANT_NO_PAWN'],
  ['4k3/8/8/8/8/8/8/4K2r b - - 0 1', 'OPPOSITE_CHECK'],
  ['4k3/8/8/8/8/8/8/4K2r b - - 0 1', 'OPPOSITE_CHECK'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1', 'BAD_HALFMOVE'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0', 'BAD_FULLMOVE'],
];

test.each(bad_fens)('fromFen(%j) throws FenError %s', (fen, code) => {
  let error: unknown;
  try {
    Position.fromFen(fen);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(FenError);
  expect(error).toBeInstanceOf(ChessError);
  expect(error).toBeInstanceOf(Error);
  const e = error as FenError;
  expect(typeof e.code).toBe('string');
  expect(e.message).toMatch(/invalid FEN/);
  expect(e.fen).toBe(fen);
  expect(e.code).toBe(code);
});

test('a non-string FEN throws FenError NOT_A_STRING; an unknown variant invalid-variant', () => {
  for (const v of [null, undefined, 42, {}, [], Symbol('x')]) {
    expect(() => Position.fromFen(v as unknown as string)).toThrow(FenError);
    try {
      Position.fromFen(v as unknown as string);
    } catch (e) {
      expect((e as FenError).code).toBe('NOT_A_STRING');
    }
  }
  expect(() => Position.fromFen('8/8/8/8/8/8/8/8 w - - 0 1', { variant: 'crazyhouse' as 'chess' })).toThrow(
    expect.objectContaining({ code: 'invalid-variant' }),
  );
  expect(() => Position.startpos('xiangqi' as 'chess')).toThrow(expect.objectContaining({ code: 'invalid-variant' }));
});

function snapshot(pos: Position) {
  return { fen: pos.fen(), hash: pos.hash(), history: pos.historyLength };
}

function expectMoveError(fn: () => unknown, code: string) {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(IllegalMoveError);
  expect((error as IllegalMoveError).code).toBe(code);
}

test('illegal, wrong-side, garbage and wrongly typed moves throw and change nothing', () => {
  using pos = Position.startpos();
  pos.play('e2e4');
  const before = snapshot(pos);
  const e7e5 = pos.parseUci('e7e5');
  pos.play(e7e5);
  pos.undo();
  // legal for white, but black is to move
  const whiteMove = 11 | (27 << 6) | (1 << 12); // d2d4 double push
  // 'e2' is well-formed SAN (a pawn push to e2): illegal, not a syntax error.
  const illegal: unknown[] = ['e2e4', 'd2d4', 'e7e4', 'a8a1', 'e8g8', 'e2', 'Nf3', 'O-O', whiteMove, 0, 1, 65535];
  for (const m of illegal) {
    expectMoveError(() => pos.play(m as number), 'illegal');
    expect(snapshot(pos)).toEqual(before);
  }
  const syntax: unknown[] = [
    '', 'hello', 'e2e4e5', 'z9z9', 'e7e8k', null, undefined, NaN, Infinity, -1, 65536, 1.5, 2 ** 40,
    {}, [], true, 12n, () => 1, Symbol('m'),
  ];
  for (const m of syntax) {
    expectMoveError(() => pos.play(m as number), 'syntax');
    expect(snapshot(pos)).toEqual(before);
  }
  for (const m of [null, undefined, 42, {}, 'e2e', 'E7E5x']) {
    expectMoveError(() => pos.parseUci(m as string), 'syntax');
  }
  expectMoveError(() => pos.parseUci('e2e4'), 'illegal');
  for (const m of [whiteMove, 0, -5, NaN, null, '12', 1.25]) {
    expect(() => pos.uci(m as number)).toThrow(IllegalMoveError);
  }
  expect(pos.isLegal(whiteMove)).toBe(false);
  expect(pos.isLegal(e7e5)).toBe(true);
  expect(snapshot(pos)).toEqual(before);
});

test('undo with no move played throws nothing-to-undo and changes nothing', () => {
  using pos = Position.fromFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  const before = snapshot(pos);
  expect(() => pos.undo()).toThrow(expect.objectContaining({ code: 'nothing-to-undo' }));
  expect(snapshot(pos)).toEqual(before);
});

test('a failed fromFen does not disturb other positions', () => {
  using pos = Position.startpos();
  pos.play('g1f3');
  const before = snapshot(pos);
  expect(() => Position.fromFen('garbage')).toThrow(FenError);
  expect(snapshot(pos)).toEqual(before);
});

test('error classes: names, codes, hierarchy', () => {
  const e = new PgnError('unexpected-token', 'bad', 3, 7);
  expect(e).toBeInstanceOf(ChessError);
  expect([e.name, e.code, e.line, e.column]).toEqual(['PgnError', 'unexpected-token', 3, 7]);
  expect(new IllegalMoveError('ambiguous', 'x', 'Nd2').name).toBe('IllegalMoveError');
  expect(new ChessError('disposed', 'x').name).toBe('ChessError');
});
