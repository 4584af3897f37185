// Every error path throws its typed error with its code and leaves the position unchanged.
import { expect, test } from 'vitest';
import {
  ChessError,
  FenError,
  Game,
  IllegalMoveError,
  PgnError,
  Position,
  Puzzle,
  Setup,
  chess960BackRank,
  chess960StartFen,
  chessgroundDests,
  squareName,
  type FenErrorCode,
} from 'chesswasm';

const bad_fens: [string, FenErrorCode][] = [
  ['', 'empty'],
  ['   ', 'empty'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq', 'field-count'],
  ['rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'bad-piece'],
  ['rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rank-too-long'],
  ['rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rank-too-short'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', 'rank-count'],
  ['rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1', 'missing-king'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1', 'too-many-kings'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1', 'pawn-on-back-rank'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', 'bad-side'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1', 'bad-castling'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1', 'missing-king'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1', 'castling-no-rook'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1', 'bad-en-passant'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1', 'en-passant-wrong-rank'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1', 'en-passant-no-pawn'],
  ['4k3/8/8/8/8/8/8/4K2r b - - 0 1', 'opposite-check'],
  ['4k3/8/8/8/8/8/8/4K2r b - - 0 1', 'opposite-check'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1', 'bad-halfmove'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0', 'bad-fullmove'],
  // more classes, and inputs that stress the parser (a NUL is data, not an end of string)
  ['4k3/8/8/8/8/8/4K3/7R w K - 0 1', 'castling-no-king'],
  ['4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1', 'en-passant-occupied'],
  ['4k3/8/3N4/1B6/8/8/8/K3R3 b - - 0 1', 'too-many-checkers'],
  // checks no last move gives (more in fen-checks.test.ts)
  ['3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1', 'aligned-checkers'],
  ['2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - - 0 1', 'aligned-checkers'],
  ['5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1', 'aligned-checkers'],
  ['4k3/8/8/8/1b6/3n4/8/4K3 w - - 0 1', 'impossible-check'],
  ['6b1/8/8/4p3/8/8/K7/7k w - e6 0 1', 'en-passant-check'],
  ['kk6/8/8/8/8/8/8/K7 w - - 0 1', 'too-many-kings'],
  ['4k3/8/8/8/8/8/8/4K3 W - - 0 1', 'bad-side'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E3 0 1', 'bad-en-passant'],
  ['rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rank-too-long'], // a 9 is a digit: a rank too long (chess.js: too many squares)
  ['\u2654nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'bad-piece'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra', 'field-count'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1', 'bad-halfmove'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999', 'bad-fullmove'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\u0000', 'bad-fullmove'],
  ['x'.repeat(1_000_000), 'field-count'],
  // impossible material (the first one has 270 legal moves)
  ['kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1', 'too-many-pieces'],
  ['4k3/8/8/8/7P/8/PPPPPPPP/4K3 w - - 0 1', 'too-many-pawns'],
  ['4k3/8/8/8/8/Q7/PPPPPPPP/3QK3 w - - 0 1', 'impossible-material'],
  ['4k3/8/8/8/8/4B3/PPPPPPPP/2B1K3 w - - 0 1', 'impossible-material'],
];

const fenCases = bad_fens.map(
  ([fen, code]) => [fen.length > 100 ? `${fen.slice(0, 20)}… (${fen.length} chars)` : fen, code, fen] as const,
);
test.each(fenCases)('fromFen(%j) throws FenError %s', (_name, code, fen) => {
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

test('a non-string FEN throws FenError not-a-string; an unknown variant invalid-variant', () => {
  for (const v of [null, undefined, 42, {}, [], Symbol('x')]) {
    expect(() => Position.fromFen(v as unknown as string)).toThrow(FenError);
    try {
      Position.fromFen(v as unknown as string);
    } catch (e) {
      expect((e as FenError).code).toBe('not-a-string');
    }
  }
  expect(() => Position.fromFen('8/8/8/8/8/8/8/8 w - - 0 1', { variant: 'bughouse' as 'chess' })).toThrow(
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
    '',
    'hello',
    'e2e4e5',
    'z9z9',
    'e7e8k',
    null,
    undefined,
    NaN,
    Infinity,
    -1,
    65536,
    1.5,
    2 ** 40,
    {},
    [],
    true,
    12n,
    () => 1,
    Symbol('m'),
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

test('Chess960: castling rights without their rook; Makruk: a FEN field too many', () => {
  expect(() => Position.fromFen('4k3/8/8/8/8/8/8/4K2R w HAha - 0 1', { variant: 'chess960' })).toThrow(
    expect.objectContaining({ code: 'castling-no-rook' }),
  );
  expect(() =>
    Position.fromFen('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 x', { variant: 'makruk' }),
  ).toThrow(expect.objectContaining({ code: 'field-count' }));
  for (const variant of [null, 5, 'Chess', {}]) {
    expect(() => Position.fromFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1', { variant: variant as 'chess' })).toThrow(
      expect.objectContaining({ code: 'invalid-variant' }),
    );
  }
  // options itself may be null
  expect(Position.fromFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1', null as unknown as {}).variant).toBe('chess');
});

test('odd strings as moves (unicode, NUL, whitespace, 1 MB) are syntax errors and change nothing', () => {
  using pos = Position.startpos();
  pos.play('e2e4');
  const before = snapshot(pos);
  for (const m of [
    '\u00e9',
    'e7e5\u0000',
    '\u0000',
    ' e7e5',
    'e7e5 ',
    'e7\ne5',
    '\u265ff6',
    'e'.repeat(1_000_000),
    '\ud800',
  ]) {
    let error: unknown;
    try {
      pos.play(m);
    } catch (e) {
      error = e;
    }
    expect(error, JSON.stringify(m.slice(0, 20))).toBeInstanceOf(IllegalMoveError);
    expect(['syntax', 'illegal']).toContain((error as IllegalMoveError).code);
    expect(snapshot(pos)).toEqual(before);
    expect(() => pos.parseSan(m)).toThrow(IllegalMoveError);
    expect(() => pos.parseUci(m)).toThrow(IllegalMoveError);
  }
  // after all that the I/O buffer and the position still work
  const e7e5 = pos.play('e7e5');
  expect(pos.undo()).toBe(e7e5);
  expect(pos.perft(2)).toBe(600);
});

test('SAN error paths: wrong types, strict mode, ambiguous, wrong side', () => {
  using pos = Position.fromFen('4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1');
  const before = snapshot(pos);
  for (const m of [null, undefined, 42, {}, [], true]) {
    expectMoveError(() => pos.parseSan(m as unknown as string), 'syntax');
    expectMoveError(() => pos.parseSan(m as unknown as string, { strict: true }), 'syntax');
  }
  expectMoveError(() => pos.parseSan('Nd2'), 'ambiguous');
  expectMoveError(() => pos.play('Nd2'), 'ambiguous');
  expectMoveError(() => pos.parseSan('Kd8'), 'illegal'); // a black king move, white to move
  // a wrong check suffix is no canonical SAN: strict mode reads it as no SAN at all
  expectMoveError(() => pos.parseSan('Nbd2+', { strict: true }), 'syntax');
  expectMoveError(() => pos.parseSan('Qd1'), 'illegal');
  expectMoveError(() => pos.parseSan('Zz9'), 'syntax');
  for (const m of [null, -1, 1.5, NaN, '12', 0]) expect(() => pos.san(m as number)).toThrow(IllegalMoveError);
  expect(snapshot(pos)).toEqual(before);
  const nbd2 = pos.parseSan('Nbd2', { strict: true });
  expect(pos.play('Nbd2')).toBe(nbd2);
});

test('perft/divide depths and pieceAt squares out of range throw invalid-argument and change nothing', () => {
  using pos = Position.startpos();
  pos.play('d2d4');
  const before = snapshot(pos);
  for (const d of [-1, 65, 1.5, NaN, Infinity, '3', null, undefined, {}, 2n]) {
    expect(() => pos.perft(d as number), String(d)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect(() => pos.divide(d as number), String(d)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect(snapshot(pos)).toEqual(before);
  }
  for (const sq of [-1, 64, 1.5, NaN, 'z9', 'e', 'e44', '', null, undefined, {}]) {
    expect(() => pos.pieceAt(sq as number), String(sq)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  }
  for (const m of [null, undefined, 'e7e5', -1, NaN, 1.5, 70000, {}]) expect(pos.isLegal(m as number)).toBe(false);
  expect(snapshot(pos)).toEqual(before);
  expect(pos.perft(0)).toBe(1);
});

test('a disposed position throws disposed from every method; dispose is idempotent', () => {
  const pos = Position.startpos();
  const e2e4 = pos.parseUci('e2e4');
  pos.dispose();
  pos.dispose();
  expect(pos.disposed).toBe(true);
  expect(String(pos)).toBe('Position(disposed)');
  const calls: [string, () => unknown][] = [
    ['fen', () => pos.fen()],
    ['hash', () => pos.hash()],
    ['turn', () => pos.turn],
    ['variant', () => pos.variant],
    ['legalMoves', () => pos.legalMoves()],
    ['isLegal', () => pos.isLegal(e2e4)],
    ['play', () => pos.play(e2e4)],
    ['play uci', () => pos.play('e2e4')],
    ['undo', () => pos.undo()],
    ['uci', () => pos.uci(e2e4)],
    ['san', () => pos.san(e2e4)],
    ['parseUci', () => pos.parseUci('e2e4')],
    ['parseSan', () => pos.parseSan('e4')],
    ['isCheck', () => pos.isCheck()],
    ['outcome', () => pos.outcome()],
    ['perft', () => pos.perft(1)],
    ['divide', () => pos.divide(1)],
    ['clone', () => pos.clone()],
    ['pieceAt', () => pos.pieceAt('e1')],
  ];
  for (const [name, call] of calls) expect(call, name).toThrow(expect.objectContaining({ code: 'disposed' }));
  // and the pool that recycles disposed handles hands out working positions
  using again = Position.startpos();
  expect(again.perft(2)).toBe(400);
});

test('`using` disposes Position, Setup and Game at the end of the block; the error names the class', () => {
  let pos: Position | undefined;
  let setup: Setup | undefined;
  let game: Game | undefined;
  {
    using p = Position.startpos();
    using s = Setup.fromFen('8/8/8/8/8/8/8/K1k5 w - - 0 1');
    using g = Game.fromPgn('1. e4 e5 *');
    pos = p;
    setup = s;
    game = g;
    expect([p.disposed, s.disposed, g.position.disposed]).toEqual([false, false, false]);
  }
  expect([pos.disposed, setup.disposed]).toEqual([true, true]);
  const thrown = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e as ChessError;
    }
    throw new Error('no error');
  };
  for (const [kind, f] of [
    ['Position', () => pos.fen()],
    ['Setup', () => setup.fen()],
    ['Game', () => game.position],
  ] as const) {
    const e = thrown(f);
    expect(e).toBeInstanceOf(ChessError);
    expect(e.code).toBe('disposed');
    expect(e.message).toBe(`this ${kind} was disposed and cannot be used any more`);
  }
  expect(game.pgn()).toContain('1. e4 e5'); // the tree outlives the position
});

// Found by the JS fuzzer (fuzz.test.ts), which now generates these inputs too.
test('a puzzle state that is not JSON, a number whose String() throws, a non-Position: invalid-argument', () => {
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(ChessError);
      return (e as ChessError).code;
    }
    return 'no error';
  };
  // Puzzle.fromJSON of a text that is not JSON (JSON.parse's SyntaxError before).
  for (const v of ['{', '', 'not json', '{"version":1,'])
    expect(code(() => Puzzle.fromJSON(v))).toBe('invalid-argument');
  // A value whose String() throws (a null-prototype object, a throwing toString): the
  // message names it without calling String().
  const hostile = {
    toString(): string {
      throw new Error('hostile toString');
    },
  };
  for (const v of [Object.create(null) as unknown, hostile]) {
    expect(code(() => chess960StartFen(v as number))).toBe('invalid-argument');
    expect(code(() => chess960BackRank(v as number))).toBe('invalid-argument');
  }
  // chessgroundDests of something that is not a Position (a TypeError before).
  for (const v of [null, undefined, 0, 'e2e4', {}, Symbol('x'), hostile, [], () => 0])
    expect(code(() => chessgroundDests(v as Position))).toBe('invalid-argument');
});

// squareName(square) names the value in its RangeError without calling its toString(): a
// value whose String() throws (a null-prototype object, an object with a throwing toString)
// still gives the documented RangeError.
test('squareName of a value whose String() throws is a RangeError', () => {
  const hostile = {
    toString(): string {
      throw new Error('hostile toString');
    },
  };
  for (const v of [Object.create(null) as unknown, hostile]) expect(() => squareName(v as number)).toThrow(RangeError);
});

// The shipped bundle (dist/, minified) keeps class names: `e.constructor.name` and `e.name`
// are the class's for every error class the package exports (the minifier had
// renamed them to single letters).
test('every exported error class keeps its name in the built package', async () => {
  const pkg = (await import('chesswasm')) as Record<string, unknown>;
  const errorClasses = Object.entries(pkg).filter(
    ([, v]) => typeof v === 'function' && (v as { prototype?: unknown }).prototype instanceof Error,
  ) as [string, new (...args: never[]) => Error][];
  expect(errorClasses.map(([k]) => k).sort()).toEqual(
    expect.arrayContaining(['BookError', 'ChessError', 'FenError', 'IllegalMoveError', 'PgnError']),
  );
  for (const [exported, cls] of errorClasses) expect(cls.name).toBe(exported);
  const thrown = (f: () => unknown): Error => {
    try {
      f();
    } catch (e) {
      return e as Error;
    }
    throw new Error('did not throw');
  };
  const fen = thrown(() => Position.fromFen('x'));
  expect([fen.constructor.name, fen.name]).toEqual(['FenError', 'FenError']);
  const pgn = thrown(() => Game.fromPgn('1. e4 e5 2. Ke3 *'));
  expect([pgn.constructor.name, pgn.name]).toEqual(['PgnError', 'PgnError']);
  const move = thrown(() => Position.startpos().play('e5'));
  expect([move.constructor.name, move.name]).toEqual(['IllegalMoveError', 'IllegalMoveError']);
  const chess = thrown(() => Setup.empty().put(99, { type: 'k', color: 'w' }));
  expect([chess.constructor.name, chess.name]).toEqual(['ChessError', 'ChessError']);
  // The other classes too (Position, Game, ...), for stack traces and console.log.
  expect([Position.name, Game.name, Setup.name, Puzzle.name]).toEqual(['Position', 'Game', 'Setup', 'Puzzle']);
});
