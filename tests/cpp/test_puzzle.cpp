// chesswasm tests — puzzle.h: line validation (UCI, SAN, first bad ply and its reason) and
// the lichess puzzle-file checks (mateInN length, mating moves at the last solver ply, rows).
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "notation.h"
#include "puzzle.h"
#include "rules.h"
#include "test_util.h"

using namespace cw;

namespace {

const char* const SCHOLAR = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";

TEST(PuzzleLine, UciLinePlaysToTheFinalPosition) {
  Position pos;
  Move moves[8];
  LineResult r = play_line(pos, START_FEN, CHESS, "e2e4 e7e5  g1f3\tb8c6", Notation::AUTO, moves, 8);
  EXPECT_EQ(r.status, LineStatus::OK);
  EXPECT_EQ(r.ply, 4);
  EXPECT_EQ(pos.fen(), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  EXPECT_EQ(move_to_uci(pos, moves[3]), "b8c6");
}

TEST(PuzzleLine, SanAndMixedLines) {
  Position pos;
  EXPECT_EQ(play_line(pos, START_FEN, CHESS, "e4 e5 Nf3 Nc6 Bb5 a6 O-O", Notation::SAN).status,
            LineStatus::OK);
  EXPECT_EQ(pos.fen(), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4");
  EXPECT_EQ(play_line(pos, START_FEN, CHESS, "e2e4 e5 g1f3 Nc6").status, LineStatus::OK);
  // UCI only: SAN tokens are syntax errors.
  LineResult r = play_line(pos, START_FEN, CHESS, "e2e4 e5", Notation::UCI);
  EXPECT_EQ(r.status, LineStatus::SYNTAX);
  EXPECT_EQ(r.ply, 1);
  // SAN only still takes long algebraic (tolerant SAN).
  EXPECT_EQ(play_line(pos, START_FEN, CHESS, "e2e4", Notation::SAN).status, LineStatus::OK);
}

TEST(PuzzleLine, FirstBadPlyAndReason) {
  Position pos;
  LineResult r = play_line(pos, START_FEN, CHESS, "e2e4 e7e5 zz9 d2d4");
  EXPECT_EQ(r.status, LineStatus::SYNTAX);
  EXPECT_EQ(r.ply, 2);
  EXPECT_EQ(pos.history_size(), 2);  // the good moves stay played
  r = play_line(pos, START_FEN, CHESS, "e2e4 e9e5");
  EXPECT_EQ(r.status, LineStatus::SYNTAX);
  EXPECT_EQ(r.ply, 1);
  r = play_line(pos, START_FEN, CHESS, "e2e4 e2e4");
  EXPECT_EQ(r.status, LineStatus::ILLEGAL);
  EXPECT_EQ(r.ply, 1);
  EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  r = play_line(pos, START_FEN, CHESS, "Nf6");  // white to move: illegal
  EXPECT_EQ(r.status, LineStatus::ILLEGAL);
  EXPECT_EQ(r.ply, 0);
  r = play_line(pos, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", CHESS, "Nd2");
  EXPECT_EQ(r.status, LineStatus::AMBIGUOUS);
  EXPECT_EQ(r.ply, 0);
  EXPECT_EQ(play_line(pos, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", CHESS, "Nbd2").status, LineStatus::OK);
  r = play_line(pos, START_FEN, CHESS, "e2e4 0000");
  EXPECT_EQ(r.status, LineStatus::SYNTAX);
  EXPECT_EQ(r.ply, 1);
}

TEST(PuzzleLine, BadFenLeavesThePositionAlone) {
  Position pos;
  std::string before = pos.fen();
  LineResult r = play_line(pos, "not a fen", CHESS, "e2e4");
  EXPECT_EQ(r.status, LineStatus::FEN);
  EXPECT_EQ(r.ply, 0);
  EXPECT_NE(r.fen_error, FenError::OK);
  EXPECT_EQ(pos.fen(), before);
  EXPECT_EQ(play_line(pos, "8/8/8/8/8/8/8/8 w - - 0 1", CHESS, "").fen_error, FenError::MISSING_KING);
}

TEST(PuzzleLine, EmptyLineAndTooLongLine) {
  Position pos;
  EXPECT_EQ(play_line(pos, START_FEN, CHESS, "  ").status, LineStatus::OK);
  std::string shuffle;
  for (int i = 0; i < 300; ++i) shuffle += "g1f3 g8f6 f3g1 f6g8 ";  // 1200 plies
  LineResult r = play_line(pos, START_FEN, CHESS, shuffle);
  EXPECT_EQ(r.status, LineStatus::SYNTAX);
  EXPECT_EQ(r.ply, MAX_LINE_PLIES);
}

TEST(PuzzleLine, Chess960CastlingKingTakesRook) {
  Position pos;
  LineResult r = play_line(pos, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", CHESS960, "e1h1 O-O");
  EXPECT_EQ(r.status, LineStatus::ILLEGAL);  // black has no castling right
  EXPECT_EQ(r.ply, 1);
}

// Chess960 castling beside a variant's rules: king-to-rook UCI and O-O from a king on b1.
TEST(PuzzleLine, Chess960FlagWithAVariant) {
  Position pos;
  const char* fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
  LineResult r = play_line(pos, fen, ATOMIC, "b1h1 O-O-O", Notation::AUTO, nullptr, 0, true);
  EXPECT_EQ(r.status, LineStatus::OK);
  EXPECT_EQ(pos.variant(), ATOMIC);
  EXPECT_TRUE(pos.chess960());
  EXPECT_EQ(pos.fen(), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
  // Without the flag the rights of this board are refused (no king on e1).
  r = play_line(pos, fen, ATOMIC, "b1h1");
  EXPECT_EQ(r.status, LineStatus::FEN);
}

TEST(PuzzleMates, CountsMatingMoves) {
  Position pos;
  ASSERT_EQ(pos.set_fen("6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1"), FenError::OK);
  std::string fen = pos.fen();
  EXPECT_EQ(count_mating_moves(pos), 2);  // Ra8#, Re8#
  EXPECT_EQ(pos.fen(), fen);
  ASSERT_EQ(pos.set_fen(START_FEN), FenError::OK);
  EXPECT_EQ(count_mating_moves(pos), 0);
}

TEST(PuzzleCheck, MateInOne) {
  Position pos;
  PuzzleReport r = check_puzzle(pos, SCHOLAR, "g8f6 h5f7", 1);
  EXPECT_EQ(r.status, PuzzleStatus::OK);
  EXPECT_EQ(r.plies, 2);
  EXPECT_EQ(r.solver_moves, 1);
  EXPECT_TRUE(r.mate);
  EXPECT_EQ(r.mating_moves, 1);
  EXPECT_EQ(check_puzzle(pos, SCHOLAR, "g8f6 h5f7", 2).status, PuzzleStatus::MATE_LENGTH);
  EXPECT_EQ(check_puzzle(pos, SCHOLAR, "g8f6 h5g5", 1).status, PuzzleStatus::NOT_MATE);
  EXPECT_EQ(check_puzzle(pos, SCHOLAR, "g8f6 h5g5", 0).status, PuzzleStatus::OK);  // no mate theme
  EXPECT_EQ(check_puzzle(pos, SCHOLAR, "g8f6", 0).status, PuzzleStatus::NO_MOVES);
  r = check_puzzle(pos, SCHOLAR, "g8f6 h5f7 e8e7", 1);  // a move after mate
  EXPECT_EQ(r.status, PuzzleStatus::ILLEGAL);
  EXPECT_EQ(r.ply, 2);
  r = check_puzzle(pos, SCHOLAR, "g8f6 h5f8", 1);
  EXPECT_EQ(r.status, PuzzleStatus::ILLEGAL);
  EXPECT_EQ(r.ply, 1);
  EXPECT_EQ(r.mating_moves, -1);
  r = check_puzzle(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "e2e4 e7e5", 0);
  EXPECT_EQ(r.status, PuzzleStatus::FEN);
  // Solver first: the FEN is the position after the setup move.
  r = check_puzzle(pos, "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "Qxf7#", 1,
                   false);
  EXPECT_EQ(r.status, PuzzleStatus::OK);
  EXPECT_EQ(r.mating_moves, 1);
}

TEST(PuzzleCheck, MateInTwoCountsSolverMovesOnly) {
  Position pos;
  // Generated by tests/tools/gen-puzzles.mjs (stockfish): 1...Kf6 2.e5+ Kf5 3.g4#.
  PuzzleReport r =
      check_puzzle(pos, "r7/bpN2p1p/4k1p1/2n2N2/4PB2/4PPPP/1PK1B3/4R3 b - - 10 33", "e6f6 e4e5 f6f5 g3g4", 2);
  EXPECT_EQ(r.status, PuzzleStatus::OK);
  EXPECT_EQ(r.solver_moves, 2);
  EXPECT_TRUE(r.mate);
  EXPECT_GE(r.mating_moves, 1);
}

TEST(PuzzleCsv, Themes) {
  EXPECT_EQ(mate_in_theme("mate mateIn2 short"), 2);
  EXPECT_EQ(mate_in_theme("mateIn1"), 1);
  EXPECT_EQ(mate_in_theme("crushing hangingPiece long middlegame"), 0);
  EXPECT_EQ(mate_in_theme("mate mateIn"), 0);
  EXPECT_EQ(mate_in_theme("xmateIn3 mateIn4x"), 0);
  EXPECT_EQ(mate_in_theme(""), 0);
}

TEST(PuzzleCsv, SplitsRows) {
  std::string_view f[4];
  EXPECT_EQ(split_csv_row("a,b,,d\r", f, 4), 4);
  EXPECT_EQ(f[2], "");
  EXPECT_EQ(f[3], "d");
  EXPECT_EQ(split_csv_row("x,\"a,b\",c", f, 4), 3);
  EXPECT_EQ(f[1], "a,b");
  EXPECT_EQ(split_csv_row("", f, 4), 1);
  EXPECT_EQ(split_csv_row("a,b,c,d,e,f", f, 4), 6);
}

TEST(PuzzleCsv, Rows) {
  Position pos;
  std::string row = std::string("p1,") + SCHOLAR + ",g8f6 h5f7,900,75,90,100,mate mateIn1 oneMove,https://x,";
  PuzzleReport r = check_puzzle_row(pos, row);
  EXPECT_EQ(r.status, PuzzleStatus::OK);
  EXPECT_EQ(r.mate_in, 1);
  EXPECT_EQ(check_puzzle_row(pos, row.substr(0, 40)).status, PuzzleStatus::ROW);
}

// The committed sample: every row's expected status is in its PuzzleId ("ok-..." or the
// status name in lower case, e.g. "mate_length-1").
TEST(PuzzleCsv, SampleFile) {
  std::ifstream in(cwtest::data_path("puzzles/sample.csv"));
  ASSERT_TRUE(in) << "tests/data/puzzles/sample.csv";
  std::string line;
  Position pos;
  int rows = 0;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    ++rows;
    std::string id = line.substr(0, line.find(','));
    std::string expected = id.substr(0, id.rfind('-'));
    for (char& c : expected) c = char(std::toupper(static_cast<unsigned char>(c)));
    PuzzleReport r = check_puzzle_row(pos, line);
    EXPECT_EQ(puzzle_status_name(r.status), expected) << line;
  }
  EXPECT_GE(rows, 20);
}

}  // namespace
