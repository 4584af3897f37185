// chesswasm tests — FEN in and out (Position::set_fen / Position::fen): round-trips over
// the data files, X-FEN and Shredder-FEN for Chess960, one FEN per error code, and a
// fuzz-style test that no input crashes or changes a position it fails to replace.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "movegen.h"
#include "position.h"
#include "setup.h"
#include "test_util.h"

using namespace cw;

namespace {

const char* const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// A snapshot of everything set_fen must leave alone when it fails.
struct Snapshot {
  std::string fen, shredder;
  Key key;
  int history;
  Variant variant;
  explicit Snapshot(const Position& p)
      : fen(p.fen()), shredder(p.fen(true)), key(p.key()), history(p.history_size()), variant(p.variant()) {}
  bool operator==(const Snapshot& o) const {
    return fen == o.fen && shredder == o.shredder && key == o.key && history == o.history &&
           variant == o.variant;
  }
};

// A position with some history, so that "unchanged" also covers the undo stack.
Position played_position() {
  Position pos;
  EXPECT_EQ(pos.set_fen(KIWIPETE), FenError::OK);
  for (int i = 0; i < 3; ++i) {
    MoveList list;
    generate_legal(pos, list);
    pos.do_move(list.moves[list.size() / 2]);
  }
  return pos;
}

struct BadFen {
  const char* fen;
  FenError error;
  Variant variant;
};

// One or more FENs for every error class (CHESS unless stated).
const BadFen BAD_FENS[] = {
    // the lichess variants' own codes (more in test_variants.cpp)
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qx] w KQkq - 0 1", FenError::BAD_POCKET, CRAZYHOUSE},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+4 0 1", FenError::BAD_CHECKS, THREE_CHECK},
    {"8/8/8/8/8/8/P7/k6K w - - 0 1", FenError::VARIANT_MATERIAL, RACING_KINGS},
    {"", FenError::EMPTY, CHESS},
    {"   ", FenError::EMPTY, CHESS},
    {"\t\n", FenError::EMPTY, CHESS},
    // field count: 4 or 6 fields only
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", FenError::FIELD_COUNT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", FenError::FIELD_COUNT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", FenError::FIELD_COUNT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", FenError::FIELD_COUNT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1", FenError::FIELD_COUNT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", FenError::FIELD_COUNT, CHESS},
    // piece letters
    {"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::BAD_PIECE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1", FenError::BAD_PIECE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::BAD_PIECE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/4\xc3\xa9"
     "3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     FenError::BAD_PIECE, CHESS},
    // rank length
    {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RANK_TOO_LONG, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/p8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RANK_TOO_LONG, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/4p4/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RANK_TOO_LONG, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/44/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::CONSECUTIVE_DIGITS, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/p16/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::CONSECUTIVE_DIGITS, CHESS},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RANK_TOO_SHORT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RANK_TOO_SHORT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", FenError::RANK_TOO_SHORT, CHESS},
    // ranks of other lengths that add up to 64 squares in eight ranks
    {"rnbqkbnr/ppppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RANK_TOO_LONG, CHESS},
    {"rnbqkbnr/ppppppp/1p7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RANK_TOO_SHORT, CHESS},
    {"4k3/8/8/8/8/8/NNNNNNNNNNNNNNNN/ w - - 0 1", FenError::RANK_TOO_LONG, CHESS},
    {"4k3/8/8/8/8/8//4K3NNNNNNNN w - - 0 1", FenError::RANK_TOO_SHORT, CHESS},
    {"4k3/8/8/8/8/8/8/4K3/ w - - 0 1", FenError::RANK_COUNT, CHESS},
    // rank count
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RANK_COUNT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RANK_COUNT, CHESS},
    // kings
    {"8/8/8/8/8/8/8/8 w - - 0 1", FenError::MISSING_KING, CHESS},
    {"4k3/8/8/8/8/8/8/8 w - - 0 1", FenError::MISSING_KING, CHESS},
    {"8/8/8/8/8/8/8/4K3 b - - 0 1", FenError::MISSING_KING, CHESS},
    {"4k3/8/8/8/8/8/8/K3K3 w - - 0 1", FenError::TOO_MANY_KINGS, CHESS},
    {"k3k3/8/8/8/8/8/8/4K3 w - - 0 1", FenError::TOO_MANY_KINGS, CHESS},
    // pawns on the first or last rank
    {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", FenError::PAWN_ON_BACK_RANK, CHESS},
    {"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", FenError::PAWN_ON_BACK_RANK, CHESS},
    {"4k2p/8/8/8/8/8/8/4K3 w - - 0 1", FenError::PAWN_ON_BACK_RANK, CHESS},
    {"4k3/8/8/8/8/8/8/4K2P w - - 0 1", FenError::PAWN_ON_BACK_RANK, CHESS},
    // side to move
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", FenError::BAD_SIDE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", FenError::BAD_SIDE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1", FenError::BAD_SIDE, CHESS},
    // castling field syntax
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", FenError::BAD_CASTLING, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", FenError::BAD_CASTLING, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", FenError::BAD_CASTLING, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K1 - 0 1", FenError::BAD_CASTLING, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq- - 0 1", FenError::BAD_CASTLING, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::OK, CHESS},  // control
    // castling rights without the king / rook on its square
    {"r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1", FenError::CASTLING_NO_KING, CHESS},
    {"r4k1r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", FenError::CASTLING_NO_KING, CHESS},
    {"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", FenError::CASTLING_NO_KING, CHESS},
    {"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", FenError::CASTLING_NO_KING, CHESS960},
    {"r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1", FenError::CASTLING_NO_ROOK, CHESS},
    {"r3k2r/8/8/8/8/8/8/4K2R w Q - 0 1", FenError::CASTLING_NO_ROOK, CHESS},
    {"4k2r/8/8/8/8/8/8/R3K2R w KQq - 0 1", FenError::CASTLING_NO_ROOK, CHESS},
    {"r3k2r/8/8/8/8/8/8/R3K2N w KQkq - 0 1", FenError::CASTLING_NO_ROOK, CHESS},
    {"r3k2r/8/8/8/8/8/8/R3K2r w K - 0 1", FenError::CASTLING_NO_ROOK, CHESS},
    {"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", FenError::CASTLING_NO_ROOK, CHESS960},
    {"4k3/8/8/8/8/8/8/R3K3 w C - 0 1", FenError::CASTLING_NO_ROOK, CHESS960},
    {"4k3/8/8/8/8/8/8/R3K2R w G - 0 1", FenError::CASTLING_NO_ROOK, CHESS960},
    // en passant field
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1", FenError::BAD_EN_PASSANT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq i3 0 1", FenError::BAD_EN_PASSANT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e 0 1", FenError::BAD_EN_PASSANT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e33 0 1", FenError::BAD_EN_PASSANT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq E3 0 1", FenError::BAD_EN_PASSANT, CHESS},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -- 0 1", FenError::BAD_EN_PASSANT, CHESS},
    // en passant square impossible: wrong rank for the side to move
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", FenError::EN_PASSANT_WRONG_RANK, CHESS},
    {"rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR b KQkq d6 0 1", FenError::EN_PASSANT_WRONG_RANK, CHESS},
    {"4k3/8/8/8/8/8/8/4K3 b - h6 0 1", FenError::EN_PASSANT_WRONG_RANK, CHESS},
    // ... no enemy pawn in front of it
    {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", FenError::EN_PASSANT_NO_PAWN, CHESS},
    {"4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1", FenError::EN_PASSANT_NO_PAWN, CHESS},
    {"4k3/8/8/4n3/8/8/8/4K3 w - e6 0 1", FenError::EN_PASSANT_NO_PAWN, CHESS},
    {"4k3/8/8/8/8/8/8/4K3 b - d3 0 1", FenError::EN_PASSANT_NO_PAWN, CHESS},
    // ... the square or the one behind it (where the pawn came from) occupied
    {"4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", FenError::EN_PASSANT_OCCUPIED, CHESS},
    {"4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", FenError::EN_PASSANT_OCCUPIED, CHESS},
    {"4k3/8/8/8/3P4/3N4/8/4K3 b - d3 0 1", FenError::EN_PASSANT_OCCUPIED, CHESS},
    {"4k3/8/8/8/3P4/8/3B4/4K3 b - d3 0 1", FenError::EN_PASSANT_OCCUPIED, CHESS},
    // the side not to move is in check
    {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", FenError::OPPOSITE_CHECK, CHESS},
    {"4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", FenError::OPPOSITE_CHECK, CHESS},
    {"4k3/8/8/8/8/8/8/3K4 b - - 0 1", FenError::OK, CHESS},  // control
    {"8/8/8/8/8/8/8/3Kk3 w - - 0 1", FenError::OPPOSITE_CHECK, CHESS},
    // impossible checks: three checkers (more cases in ImpossibleChecks below)
    {"4k3/8/8/4r3/8/5n2/8/q3K3 w - - 0 1", FenError::TOO_MANY_CHECKERS, CHESS},
    {"4k3/8/8/4r3/8/3n4/5p2/4K3 w - - 0 1", FenError::TOO_MANY_CHECKERS, CHESS},
    // three boards with two checkers on one line through the king
    {"3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1", FenError::ALIGNED_CHECKERS, CHESS},
    {"2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - - 0 1", FenError::ALIGNED_CHECKERS, CHESS},
    {"5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1", FenError::ALIGNED_CHECKERS, CHESS},
    // a knight and a bishop: neither move uncovers the other (more in test_fen_checks.cpp)
    {"4k3/8/8/8/1b6/3n4/8/4K3 w - - 0 1", FenError::IMPOSSIBLE_CHECK, CHESS},
    // the double push e7-e5 (ep e6) cannot give a check along a line through e6
    {"6b1/8/8/4p3/8/8/K7/7k w - e6 0 1", FenError::EN_PASSANT_CHECK, CHESS},
    // counters
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", FenError::BAD_HALFMOVE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", FenError::BAD_HALFMOVE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1.5 1", FenError::BAD_HALFMOVE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999999 1", FenError::BAD_HALFMOVE,
     CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", FenError::BAD_FULLMOVE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", FenError::BAD_FULLMOVE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 abc", FenError::BAD_FULLMOVE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x", FenError::BAD_FULLMOVE, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999999", FenError::BAD_FULLMOVE,
     CHESS},
    // impossible material (more in tests/cpp/test_dense.cpp)
    {"kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", FenError::TOO_MANY_PIECES, CHESS},
    {"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::TOO_MANY_PIECES, CHESS},
    {"4k3/8/8/8/7P/8/PPPPPPPP/4K3 w - - 0 1", FenError::TOO_MANY_PAWNS, CHESS},
    {"4k3/8/8/8/8/Q7/PPPPPPPP/3QK3 w - - 0 1", FenError::IMPOSSIBLE_MATERIAL, CHESS},
    {"4k3/8/8/8/8/4B3/PPPPPPPP/2B1K3 w - - 0 1", FenError::IMPOSSIBLE_MATERIAL, CHESS},
};

std::string code(FenError e) { return fen_error_name(e); }

// Moves one or two pieces of a FEN's board to random squares (the rest of the FEN is kept):
// mostly valid positions with odd structure.
std::string move_pieces_around(const std::string& fen, std::mt19937& rng) {
  std::vector<std::string> f = cwtest::fields(fen);
  std::vector<std::string> ranks = cwtest::split(f.empty() ? "" : f[0], '/');
  if (ranks.size() != 8) return fen;
  std::string board;  // 64 chars, a8..h8, a7..., '.' = empty
  for (const auto& r : ranks) {
    std::string row;
    for (char c : r) {
      if (c >= '1' && c <= '8')
        row.append(size_t(c - '0'), '.');
      else
        row += c;
    }
    if (row.size() != 8) return fen;
    board += row;
  }
  int moves = 1 + int(rng() % 2);
  for (int k = 0; k < moves; ++k) {
    size_t a = rng() % 64, b = rng() % 64;
    if (board[a] != '.') {
      board[b] = board[a];
      board[a] = '.';
    }
  }
  std::string out;
  for (int r = 0; r < 8; ++r) {
    int run = 0;
    for (int c = 0; c < 8; ++c) {
      char p = board[size_t(r * 8 + c)];
      if (p == '.') {
        ++run;
        continue;
      }
      if (run) out += char('0' + run);
      run = 0;
      out += p;
    }
    if (run) out += char('0' + run);
    if (r < 7) out += '/';
  }
  f[0] = out;
  std::string r;
  for (size_t i = 0; i < f.size(); ++i) r += (i ? " " : "") + f[i];
  return r;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Error classes

TEST(FenErrors, EveryBadFenGivesItsCode) {
  for (const BadFen& b : BAD_FENS) {
    Position pos;
    EXPECT_EQ(code(pos.set_fen(b.fen, b.variant)), code(b.error))
        << "FEN \"" << b.fen << "\" (" << (b.variant == CHESS960 ? "chess960" : "chess") << ")";
  }
}

// Every code of the enum (except Makruk's and OK) is produced by at least one FEN above.
TEST(FenErrors, EveryChessCodeIsCovered) {
  std::vector<bool> seen(64, false);
  for (const BadFen& b : BAD_FENS) seen[size_t(b.error)] = true;
  for (int e = int(FenError::EMPTY); std::string(fen_error_name(FenError(e))) != "UNKNOWN"; ++e) {
    FenError err = FenError(e);
    if (err == FenError::BAD_PROMOTED || err == FenError::BAD_COUNTING) continue;  // Makruk only
    EXPECT_TRUE(seen[size_t(e)]) << "no test FEN for " << code(err);
  }
}

TEST(FenErrors, NamesAndMessagesExist) {
  EXPECT_EQ(code(FenError::OK), "OK");
  EXPECT_EQ(code(FenError::FIELD_COUNT), "FIELD_COUNT");
  EXPECT_EQ(code(FenError::EN_PASSANT_OCCUPIED), "EN_PASSANT_OCCUPIED");
  EXPECT_EQ(code(FenError::IMPOSSIBLE_MATERIAL), "IMPOSSIBLE_MATERIAL");
  for (int e = 0; std::string(fen_error_name(FenError(e))) != "UNKNOWN"; ++e) {
    const char* name = fen_error_name(FenError(e));
    const char* msg = fen_error_message(FenError(e));
    ASSERT_NE(name, nullptr);
    ASSERT_NE(msg, nullptr);
    EXPECT_GT(std::string(name).size(), 0u);
    EXPECT_GT(std::string(msg).size(), 0u);
    for (int f = 0; f < e; ++f) EXPECT_NE(std::string(name), std::string(fen_error_name(FenError(f))));
  }
}

// '~' (a promoted piece, used by Makruk FENs) is no part of a standard FEN.
TEST(FenErrors, TildeIsRejectedInChess) {
  Position pos;
  FenError e = pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w KQkq - 0 1");
  EXPECT_TRUE(e == FenError::BAD_PIECE || e == FenError::BAD_PROMOTED) << code(e);
  e = pos.set_fen("~nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_NE(e, FenError::OK);
}

TEST(FenErrors, FailureLeavesThePositionUnchanged) {
  for (const BadFen& b : BAD_FENS) {
    if (b.error == FenError::OK) continue;
    for (Variant v : {CHESS, CHESS960}) {
      Position pos = played_position();
      Snapshot before(pos);
      FenError e = pos.set_fen(b.fen, v);
      if (e == FenError::OK) continue;  // e.g. a castling FEN that is fine in the other variant
      EXPECT_TRUE(Snapshot(pos) == before) << "set_fen(\"" << b.fen << "\") changed the position";
      EXPECT_EQ(pos.key(), pos.compute_key());
      // The undo stack still works.
      while (pos.history_size() > 0) pos.undo_move();
      EXPECT_EQ(pos.fen(), KIWIPETE) << b.fen;
    }
  }
}

// ---------------------------------------------------------------------------------------
// Accepted FENs

TEST(Fen, StartPosition) {
  Position pos;
  EXPECT_EQ(pos.fen(), START);
  EXPECT_EQ(std::string(START_FEN), START);
  EXPECT_EQ(pos.side_to_move(), WHITE);
  EXPECT_EQ(pos.castling_rights(), int(ALL_CASTLING));
  EXPECT_EQ(pos.ep_square(), SQ_NONE);
  EXPECT_EQ(pos.rule50(), 0);
  EXPECT_EQ(pos.fullmove_number(), 1);
  EXPECT_EQ(pos.variant(), CHESS);
  EXPECT_EQ(pos.piece_on(SQ_E1), make_piece(WHITE, KING));
  EXPECT_EQ(pos.piece_on(SQ_D8), make_piece(BLACK, QUEEN));
  EXPECT_EQ(pos.castling_rook_square(WHITE_OO), SQ_H1);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OOO), SQ_A8);
  EXPECT_EQ(pos.history_size(), 0);
}

TEST(Fen, FourFieldsGetDefaultCounters) {
  Position pos;
  ASSERT_EQ(pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"), FenError::OK);
  EXPECT_EQ(pos.fen(), START);
  ASSERT_EQ(pos.set_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3"), FenError::OK);
  EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  ASSERT_EQ(pos.set_fen("4k3/8/8/8/8/8/8/4K2R b K -", CHESS960), FenError::OK);
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
}

TEST(Fen, CountersAreRead) {
  Position pos;
  ASSERT_EQ(pos.set_fen("4k3/8/8/8/8/8/8/4K2R b K - 37 112"), FenError::OK);
  EXPECT_EQ(pos.rule50(), 37);
  EXPECT_EQ(pos.fullmove_number(), 112);
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K2R b K - 37 112");
}

// An en passant square that no pawn can use is still valid FEN, kept on output.
TEST(Fen, EnPassantWithoutCapturerIsKept) {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
      "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1",
      "4k3/8/8/8/6P1/8/8/4K3 b - g3 0 1",
  };
  for (const char* f : fens) {
    Position pos;
    ASSERT_EQ(code(pos.set_fen(f)), "OK") << f;
    EXPECT_EQ(pos.fen(), f);
    EXPECT_NE(pos.ep_square(), SQ_NONE) << f;
    EXPECT_FALSE(pos.ep_capturable()) << f;
  }
  Position pos;
  ASSERT_EQ(pos.set_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"), FenError::OK);
  EXPECT_EQ(pos.ep_square(), SQ_F6);
  EXPECT_TRUE(pos.ep_capturable());
}

// Every FEN in the data files is normalised: reading and writing it gives the same text.
TEST(Fen, RoundTripsOverDataFiles) {
  int checked = 0;
  for (const char* f : {"perft-standard.epd", "perft-tricky.epd", "perft-cpw6.epd"}) {
    for (const auto& e : cwtest::load_epd(f)) {
      for (Variant v : {CHESS, CHESS960}) {
        Position pos;
        ASSERT_EQ(code(pos.set_fen(e.fen, v)), "OK") << e.where();
        EXPECT_EQ(pos.fen(), e.fen) << e.where();
        ++checked;
      }
    }
  }
  for (const auto& kv : cwtest::load_key_vectors()) {
    Position pos;
    ASSERT_EQ(code(pos.set_fen(kv.fen)), "OK") << kv.fen;
    EXPECT_EQ(pos.fen(), kv.fen);
    ++checked;
  }
  EXPECT_GT(checked, 300);
}

// The Chess960 file is Shredder-FEN: fen(true) gives it back, fen() gives X-FEN, and the
// X-FEN text reads back to the same position.
TEST(Fen, Chess960ShredderAndXFen) {
  for (const auto& e : cwtest::load_epd("perft-chess960.epd")) {
    Position pos;
    ASSERT_EQ(code(pos.set_fen(e.fen, CHESS960)), "OK") << e.where();
    EXPECT_EQ(pos.fen(true), e.fen) << e.where();
    std::string xfen = cwtest::shredder_to_xfen(e.fen);
    EXPECT_EQ(pos.fen(), xfen) << e.where();
    Position again;
    ASSERT_EQ(code(again.set_fen(xfen, CHESS960)), "OK") << xfen;
    EXPECT_EQ(again.fen(true), e.fen);
    EXPECT_EQ(again.key(), pos.key());
  }
}

// The tricky Chess960 file is X-FEN, including an inner rook written by its file (Ff).
TEST(Fen, TrickyChess960XFen) {
  const std::pair<const char*, const char*> shredder[] = {
      {"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", "EAea"},
      {"r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1", "FAfa"},
      {"8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1", "C"},
      {"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", "E"},
      {"4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", "FB"},
      {"r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1", "HAa"},
      {"4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1", "Ff"},
  };
  auto entries = cwtest::load_epd("perft-tricky-chess960.epd");
  ASSERT_EQ(entries.size(), std::size(shredder));
  for (size_t i = 0; i < entries.size(); ++i) {
    ASSERT_EQ(entries[i].fen, shredder[i].first);
    Position pos;
    ASSERT_EQ(code(pos.set_fen(entries[i].fen, CHESS960)), "OK") << entries[i].where();
    EXPECT_EQ(pos.fen(), entries[i].fen);
    EXPECT_EQ(cwtest::fields(pos.fen(true))[2], shredder[i].second) << entries[i].where();
    // The Shredder form reads back to the same position.
    Position again;
    ASSERT_EQ(code(again.set_fen(pos.fen(true), CHESS960)), "OK") << pos.fen(true);
    EXPECT_EQ(again.fen(), entries[i].fen);
    EXPECT_EQ(again.key(), pos.key());
  }
  // The inner rook: king g1, rooks e1 and f1, right bound to f1.
  Position pos;
  ASSERT_EQ(pos.set_fen(shredder[6].first, CHESS960), FenError::OK);
  EXPECT_EQ(pos.castling_rook_square(WHITE_OOO), SQ_F1);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OOO), SQ_F8);
  EXPECT_FALSE(pos.can_castle(WHITE_OO));
}

// The same standard position read as chess or Chess960 is one position with one key.
TEST(Fen, StandardPositionsReadTheSameInBothVariants) {
  for (const auto& e : cwtest::load_epd("perft-standard.epd")) {
    Position a, b;
    ASSERT_EQ(a.set_fen(e.fen, CHESS), FenError::OK);
    ASSERT_EQ(b.set_fen(e.fen, CHESS960), FenError::OK);
    EXPECT_EQ(a.key(), b.key()) << e.where();
    EXPECT_EQ(a.castling_rights(), b.castling_rights()) << e.where();
    EXPECT_EQ(b.variant(), CHESS960);
  }
}

TEST(Fen, VariantSpecificCastlingSquares) {
  // King on b1 with rooks a1/h1: a Chess960 start, but not a standard castling setup.
  Position pos;
  EXPECT_EQ(pos.set_fen("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", CHESS960), FenError::OK);
  EXPECT_EQ(pos.fen(true), "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1");
  EXPECT_EQ(pos.set_fen("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", CHESS960), FenError::OK);
  EXPECT_EQ(pos.fen(), "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1");
  EXPECT_EQ(pos.castling_rook_square(WHITE_OOO), SQ_A1);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OO), SQ_H8);
}

TEST(Fen, ConsistentAfterSetup) {
  for (const char* f : {"perft-standard.epd", "perft-tricky.epd", "perft-chess960.epd",
                        "perft-tricky-chess960.epd", "perft-cpw6.epd"}) {
    Variant v = std::string(f).find("960") != std::string::npos ? CHESS960 : CHESS;
    for (const auto& e : cwtest::load_epd(f)) {
      Position pos;
      ASSERT_EQ(pos.set_fen(e.fen, v), FenError::OK);
      const char* why = nullptr;
      EXPECT_TRUE(pos.is_consistent(&why)) << e.where() << ": " << (why ? why : "");
      EXPECT_EQ(pos.key(), pos.compute_key()) << e.where();
    }
  }
}

// ---------------------------------------------------------------------------------------
// Fuzz: random and mutated strings never crash; a failure leaves the position unchanged,
// and an accepted FEN gives a consistent position whose FEN reads back to itself.

TEST(FenFuzz, RandomAndMutatedStrings) {
  std::vector<std::string> seeds = {START, KIWIPETE};
  for (const char* f : {"perft-tricky.epd", "perft-tricky-chess960.epd", "perft-cpw6.epd"})
    for (const auto& e : cwtest::load_epd(f)) seeds.push_back(e.fen);
  for (const BadFen& b : BAD_FENS) seeds.push_back(b.fen);
  const std::string alphabet = "pnbrqkPNBRQK12345678/ -wbKQkqABCDEFGHabcdefgh0123456789~\t";
  std::mt19937 rng(12345);
  auto pick = [&](const std::string& s) { return s[rng() % s.size()]; };
  auto random_byte = [&]() { return char(rng() % 256); };
  int accepted = 0, rejected = 0;
  for (int iter = 0; iter < 40000; ++iter) {
    std::string s = seeds[rng() % seeds.size()];
    int kind = int(rng() % 8);
    if (kind == 7) {
      s = move_pieces_around(s, rng);
    } else if (kind == 0) {
      s.clear();
      int n = int(rng() % 100);
      for (int i = 0; i < n; ++i) s += (rng() % 4 ? pick(alphabet) : random_byte());
    } else {
      int edits = 1 + int(rng() % 4);
      for (int k = 0; k < edits; ++k) {
        size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
        switch (rng() % 6) {
          case 0:
            if (at < s.size()) s[at] = pick(alphabet);
            break;
          case 1:
            s.insert(s.begin() + long(at), pick(alphabet));
            break;
          case 2:
            if (at < s.size()) s.erase(at, 1 + rng() % 3);
            break;
          case 3:
            s = s.substr(0, at);
            break;
          case 4:
            if (at < s.size()) s[at] = random_byte();
            break;
          case 5: {
            size_t j = s.empty() ? 0 : rng() % s.size();
            if (at < s.size() && j < s.size()) std::swap(s[at], s[j]);
          } break;
        }
      }
    }
    Variant v = rng() % 2 ? CHESS : CHESS960;
    Position pos = (iter % 3 == 0) ? played_position() : Position();
    Snapshot before(pos);
    FenError e = pos.set_fen(s, v);
    if (e != FenError::OK) {
      ++rejected;
      ASSERT_TRUE(Snapshot(pos) == before)
          << "failed set_fen changed the position: \"" << s << "\" -> " << code(e);
      continue;
    }
    ++accepted;
    const char* why = nullptr;
    ASSERT_TRUE(pos.is_consistent(&why)) << "\"" << s << "\": " << (why ? why : "");
    ASSERT_EQ(pos.key(), pos.compute_key()) << s;
    ASSERT_EQ(pos.history_size(), 0) << s;
    std::string out = pos.fen();
    Position again;
    ASSERT_EQ(code(again.set_fen(out, v)), "OK")
        << "fen() output does not read back: \"" << s << "\" -> \"" << out << "\"";
    ASSERT_EQ(again.fen(), out) << s;
    ASSERT_EQ(again.key(), pos.key()) << s;
    // The accepted position is usable: moves can be generated, made and unmade.
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
      pos.do_move(m);
      ASSERT_TRUE(pos.is_consistent(&why)) << "\"" << s << "\" after move " << m << ": " << (why ? why : "");
      pos.undo_move();
    }
    ASSERT_EQ(pos.fen(), out) << s;
  }
  std::cout << "  " << accepted << " accepted, " << rejected << " rejected\n";
  EXPECT_GT(accepted, 1500);
  EXPECT_GT(rejected, 10000);
}

// The board field against a reference reader written here (ranks split at '/', each a run of
// piece letters and digits 1-8, no two digits in a row, eight squares each, eight ranks;
// Makruk's M~): on
// boards along random games and on their mutations (characters inserted, deleted, replaced),
// Setup::parse accepts exactly the boards the reference accepts, with the same squares.
TEST(Fen, BoardFieldAgainstAReferenceReader) {
  auto reference = [](const std::string& text, Variant v, Piece* board) {
    std::vector<std::string> ranks = cwtest::split(text, '/');
    if (ranks.size() != 8) return false;
    std::fill(board, board + 64, NO_PIECE);
    for (int r = 0; r < 8; ++r) {
      int file = 0;
      bool digit_before = false;
      char before = '/';
      for (char c : ranks[size_t(r)]) {
        const char last = before;
        before = c;
        if (c == '~') {  // Makruk: a promoted Bia, written M~
          if (v != MAKRUK || (last != 'M' && last != 'm')) return false;
          Piece& p = board[(7 - r) * 8 + file - 1];
          p = make_piece(color_of(p), PMET);
          continue;
        }
        if (c >= '1' && c <= '8') {
          if (digit_before) return false;
          file += c - '0';
          digit_before = true;
          continue;
        }
        digit_before = false;
        const PieceType pt = piece_type_of_letter(c, v);
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (pt == NO_PIECE_TYPE || !letter || file >= 8) return false;
        board[(7 - r) * 8 + file++] = make_piece(c >= 'a' ? BLACK : WHITE, pt);
      }
      if (file != 8) return false;
    }
    return true;
  };
  std::mt19937 rng(2930);
  const std::string alphabet = "pnbrqkPNBRQKmsMS123456789/0~x ";
  int accepted = 0, refused = 0;
  for (Variant v : {CHESS, MAKRUK}) {
    for (int g = 0; g < 40; ++g) {
      Position pos;
      ASSERT_EQ(pos.set_fen(start_fen(v), v), FenError::OK);
      for (int ply = 0; ply < 120; ++ply) {
        const std::string board = cwtest::fields(pos.fen())[0];
        for (int k = 0; k < 8; ++k) {
          std::string t = board;
          for (int edits = k == 0 ? 0 : 1 + int(rng() % 2); edits > 0; --edits) {
            const size_t at = rng() % (t.size() + 1);
            const char c = alphabet[rng() % alphabet.size()];
            switch (rng() % 3) {
              case 0:
                t.insert(at, 1, c);
                break;
              case 1:
                if (at < t.size()) t.erase(at, 1);
                break;
              default:
                if (at < t.size()) t[at] = c;
                break;
            }
          }
          if (t.find(' ') != std::string::npos || t.empty()) continue;
          Piece want[64];
          const bool ok = reference(t, v, want);
          cw::Setup s;
          const FenError e = s.parse(t + " w - - 0 1", v);
          ASSERT_EQ(e == FenError::OK, ok) << t << ": " << fen_error_name(e);
          if (ok) {
            ASSERT_TRUE(std::equal(want, want + 64, s.board)) << t;
            ++accepted;
          } else {
            ++refused;
          }
        }
        MoveList list;
        generate_legal(pos, list);
        if (list.count == 0) break;
        pos.do_move(list.moves[rng() % unsigned(list.count)]);
      }
    }
  }
  EXPECT_GT(accepted, 5000);
  EXPECT_GT(refused, 5000);
}

// The fields of a FEN: split at runs of ' ', '\t', '\n', '\r' only (the core finds a field's
// end eight characters at a time; fen.cpp). FENs along games with white space and
// other control characters (and bytes above 0x7F) put at every offset: Setup::parse says EMPTY
// or FIELD_COUNT exactly when a reference split written here finds no fields or neither 4 nor 6.
TEST(Fen, FieldsAreSplitAtWhiteSpaceOnly) {
  auto reference_count = [](const std::string& t) {
    int n = 0;
    bool in_field = false;
    for (char c : t) {
      const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
      if (!space && !in_field) ++n;
      in_field = !space;
    }
    return n;
  };
  std::mt19937 rng(2931);
  const char inserts[] = {' ',    '\t',   '\n',   '\r',   '\x01', '\x0b', '\x0c',
                          '\x1f', '\x20', '\x21', '\x7f', '\x80', '\xa0', '\xff'};
  int splits = 0, kept = 0;
  Position pos;
  for (int ply = 0; ply < 200; ++ply) {
    const std::string fen = pos.fen();
    for (size_t at = 0; at <= fen.size(); ++at)
      for (char c : inserts) {
        std::string t = fen;
        t.insert(at, 1, c);
        if (rng() % 4 == 0) t.insert(rng() % (t.size() + 1), 1, inserts[rng() % sizeof inserts]);
        const int n = reference_count(t);
        cw::Setup s;
        const FenError e = s.parse(t);
        ASSERT_EQ(e == FenError::EMPTY, n == 0) << t;
        ASSERT_EQ(e == FenError::FIELD_COUNT, n != 0 && n != 4 && n != 6) << t;
        (n == 6 ? kept : splits) += 1;
      }
    MoveList list;
    generate_legal(pos, list);
    if (list.count == 0) break;
    pos.do_move(list.moves[rng() % unsigned(list.count)]);
  }
  EXPECT_GT(splits, 1000);
  EXPECT_GT(kept, 1000);
}
