// Crowded boards on the debug build (core asserts, emscripten ASSERTIONS=2, SAFE_HEAP): the crowded
// position whose 270 legal moves overflowed the 256-move buffers is refused with a typed
// FenError by every strict entry point, and the instance stays healthy afterwards, including
// on positions with the most material the core accepts (the move buffers hold MAX_MOVES, the
// proven bound of cpp/core/types.h). The chess.js facade plays it, as chess.js does (any
// board, within the same proven bound).
import { expect, test } from 'vitest';
import { Chess as JsChess } from 'chess.js';
import { FenError, Game, PgnError, Position, chessgroundDests } from 'chesswasm';
import { Chess } from 'chesswasm/chessjs';

const CRASH = 'kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1';
// 9 queens, 2 rooks, 2 bishops, 2 knights: the material rule's largest set; 218 moves, the
// most known in any position.
const RECORD = 'R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1';

function fenError(f: () => unknown): FenError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FenError);
    return e as FenError;
  }
  throw new Error('no FenError thrown');
}

test('the 270-move position is refused with too-many-pieces (debug build)', () => {
  for (const variant of ['chess', 'chess960'] as const) {
    const e = fenError(() => Position.fromFen(CRASH, { variant }));
    expect(e.code).toBe('too-many-pieces');
    expect(e.fen).toBe(CRASH);
  }
  expect(fenError(() => new Game(CRASH)).code).toBe('too-many-pieces');
  expect(() => Game.fromPgn(`[SetUp "1"]\n[FEN "${CRASH}"]\n\n1. Qa1 *`)).toThrow(PgnError);
});

test('the chess.js facade plays the 270-move position as chess.js does (debug build)', () => {
  const chess = new Chess(RECORD);
  chess.load(CRASH);
  const js = new JsChess(CRASH);
  expect(chess.moves()).toEqual(js.moves());
  expect(chess.moves()).toHaveLength(270);
  for (const san of js.moves().filter((_, i) => i % 9 === 0)) {
    expect(chess.move(san).san).toBe(js.move(san).san);
    expect(chess.moves()).toEqual(js.moves());
    expect(chess.undo()!.san).toBe(js.undo()!.san);
  }
  expect(chess.perft(2)).toBe(js.perft(2));
  const first = js.moves()[0]!;
  chess.loadPgn(`[SetUp "1"]\n[FEN "${CRASH}"]\n\n1. ${first} *`);
  expect(chess.history()).toEqual([first]);
});

test('the instance stays healthy: the most material the core accepts, moves played and taken back (debug build)', () => {
  for (let round = 0; round < 50; round++) {
    expect(() => Position.fromFen(CRASH)).toThrow(FenError);
    using pos = Position.fromFen(RECORD);
    const moves = pos.legalMoves();
    expect(moves).toHaveLength(218);
    expect(new Set(moves).size).toBe(218);
    expect([...chessgroundDests(pos).values()].reduce((n, d) => n + d.length, 0)).toBe(218);
    expect(new Set(pos.legalSan()).size).toBe(218);
    expect(new Set(pos.legalUci()).size).toBe(218);
    if (round % 10 === 0) {
      expect(pos.perft(2)).toBe(
        pos.legalMoves().reduce((n, m) => {
          pos.play(m);
          const k = pos.legalMoves().length;
          pos.undo();
          return n + k;
        }, 0),
      );
      expect(pos.divide(1).size).toBe(218);
    }
    pos.play(moves[round % moves.length]!);
    pos.undo();
    expect(pos.fen()).toBe(RECORD);
  }
  using start = Position.startpos();
  expect(start.perft(3)).toBe(8902);
});
