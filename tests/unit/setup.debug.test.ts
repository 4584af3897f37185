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

// Castling rights kept as written (a permissive position, the facade's): every move of a seeded
// random walk and its undo checked by the core's invariants (is_consistent after each do/undo:
// written rights disjoint from the held ones, each bound to a rook square), and the FEN back
// after the walk is taken back.
test('castling rights kept as written: random play and undo under the core asserts (debug build)', () => {
  const fens = [
    'r3k2r/8/8/8/8/8/4Q3/1K5R w KQkq - 0 1', // white's written only; black in check, the king can be taken
    '4k3/8/8/8/8/8/6B1/4K3 w KQkq - 0 1',
    'rn2k2r/pppppppp/8/8/8/8/PPPPPPPP/1N1QK1NR b KQkq - 0 1',
  ];
  let seed = 39;
  const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  for (const fen of fens) {
    const pos = Setup.fromFen(fen).toPosition({ permissive: true });
    expect(pos.fen()).toBe(fen);
    let plies = 0;
    for (; plies < 40; plies++) {
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      pos.play(moves[next(moves.length)]!);
    }
    for (let i = 0; i < plies; i++) pos.undo();
    expect(pos.fen()).toBe(fen);
    pos.dispose();
  }
  // The king capture through the facade: chess.js 1.4 gives this FEN (black's rights stay
  // written, white's too: neither its king nor a piece on its corners moved).
  const chess = new Chess(fens[0]);
  expect(chess.fen()).toBe(fens[0]);
  chess.move('Qxe8');
  expect(chess.fen()).toBe('r3Q2r/8/8/8/8/8/8/1K5R b KQkq - 0 1');
  chess.move('Rh7');
  expect(chess.fen()).toBe('r3Q3/7r/8/8/8/8/8/1K5R w KQq - 1 2');
});
