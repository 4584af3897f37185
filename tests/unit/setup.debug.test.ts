// Boards without kings on the debug build (core asserts: the move writer checks MAX_MOVES;
// emscripten ASSERTIONS=2, SAFE_HEAP): the most crowded kingless board the material rule
// allows is generated, played and taken back, through Setup and through Chess.
import { expect, test } from 'vitest';
import { Setup } from 'chesswasm';
import { Chess } from 'chesswasm/chessjs';

// 9 queens, 2 rooks, 2 bishops, 2 knights and no king: the material rule's largest set.
const CROWDED = 'Q1Q1Q1Q1/8/1Q1Q1Q1Q/8/Q1N1B1R1/7n/1N1B1R2/8 w - - 0 1';

test('a crowded kingless board: moves within MAX_MOVES, perft, play and undo (debug build)', () => {
  const pos = Setup.fromFen(CROWDED).toPosition({ tolerateMissingKings: true });
  const moves = pos.legalMoves();
  expect(moves.length).toBe(150);
  // The naive model's count (tests/cpp/test_setup.cpp, Kingless.CrowdedBoardStaysInTheBound).
  expect(pos.perft(2)).toBe(596);
  for (const m of moves) {
    pos.play(m);
    pos.legalMoves();
    pos.undo();
  }
  expect(pos.fen()).toBe(CROWDED);
  const chess = new Chess(CROWDED, { skipValidation: true });
  expect(chess.moves()).toHaveLength(150);
  expect(chess.isStalemate()).toBe(false);
});
