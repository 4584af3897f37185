// chesswasm tests — notation.h: UCI move text in and out, square names.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "test_util.h"

using namespace cw;

namespace {

const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

Position at(const char* fen, Variant v = CHESS) {
  Position pos;
  EXPECT_EQ(pos.set_fen(fen, v), FenError::OK) << fen;
  return pos;
}

}  // namespace

TEST(Uci, SquareNames) {
  EXPECT_EQ(square_name(SQ_A1), "a1");
  EXPECT_EQ(square_name(SQ_H1), "h1");
  EXPECT_EQ(square_name(SQ_E4), "e4");
  EXPECT_EQ(square_name(SQ_A8), "a8");
  EXPECT_EQ(square_name(SQ_H8), "h8");
  for (int s = 0; s < 64; ++s) {
    std::string n = square_name(Square(s));
    ASSERT_EQ(n.size(), 2u);
    EXPECT_EQ(n[0], 'a' + s % 8);
    EXPECT_EQ(n[1], '1' + s / 8);
  }
}

TEST(Uci, NullMoveIsFourZeros) {
  Position pos;
  EXPECT_EQ(move_to_uci(pos, MOVE_NONE), "0000");
}

TEST(Uci, QuietCaptureDoublePush) {
  Position pos;
  Move m = parse_uci(pos, "e2e4");
  ASSERT_NE(m, MOVE_NONE);
  EXPECT_EQ(move_from(m), SQ_E2);
  EXPECT_EQ(move_to(m), SQ_E4);
  EXPECT_EQ(move_flag(m), DOUBLE_PUSH);
  EXPECT_EQ(move_to_uci(pos, m), "e2e4");
  m = parse_uci(pos, "g1f3");
  ASSERT_NE(m, MOVE_NONE);
  EXPECT_EQ(move_flag(m), QUIET);
  Position k = at(KIWIPETE);
  m = parse_uci(k, "e2a6");
  ASSERT_NE(m, MOVE_NONE);
  EXPECT_TRUE(is_capture(m));
}

// Standard chess: castling is written king-to-destination (e1g1), and king-takes-rook
// (e1h1) is accepted as input too.
TEST(Uci, CastlingInStandardChess) {
  Position pos = at(KIWIPETE);
  Move oo = parse_uci(pos, "e1g1"), ooo = parse_uci(pos, "e1c1");
  ASSERT_NE(oo, MOVE_NONE);
  ASSERT_NE(ooo, MOVE_NONE);
  EXPECT_EQ(move_flag(oo), CASTLE_KING);
  EXPECT_EQ(move_flag(ooo), CASTLE_QUEEN);
  EXPECT_EQ(move_to(oo), SQ_H1);  // stored king-to-rook
  EXPECT_EQ(move_to(ooo), SQ_A1);
  EXPECT_EQ(move_to_uci(pos, oo), "e1g1");
  EXPECT_EQ(move_to_uci(pos, ooo), "e1c1");
  EXPECT_EQ(parse_uci(pos, "e1h1"), oo);
  EXPECT_EQ(parse_uci(pos, "e1a1"), ooo);
  // Black, after a white move.
  pos.do_move(parse_uci(pos, "a2a3"));
  Move boo = parse_uci(pos, "e8g8");
  ASSERT_NE(boo, MOVE_NONE);
  EXPECT_EQ(move_to_uci(pos, boo), "e8g8");
  EXPECT_EQ(parse_uci(pos, "e8h8"), boo);
  EXPECT_EQ(move_to_uci(pos, parse_uci(pos, "e8a8")), "e8c8");
  // No rights, no castling.
  Position none = at("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
  EXPECT_EQ(parse_uci(none, "e1g1"), MOVE_NONE);
  EXPECT_EQ(parse_uci(none, "e1h1"), MOVE_NONE);
  // Castling through check is not legal.
  Position through = at("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
  EXPECT_EQ(parse_uci(through, "e1g1"), MOVE_NONE);
}

// Chess960: castling is king-takes-rook, in and out.
TEST(Uci, CastlingInChess960) {
  Position pos = at("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", CHESS960);
  Move oo = parse_uci(pos, "c1e1");
  Move ooo = parse_uci(pos, "c1a1");
  ASSERT_NE(oo, MOVE_NONE);
  ASSERT_NE(ooo, MOVE_NONE);
  EXPECT_EQ(move_flag(oo), CASTLE_KING);
  EXPECT_EQ(move_flag(ooo), CASTLE_QUEEN);
  EXPECT_EQ(move_to_uci(pos, oo), "c1e1");
  EXPECT_EQ(move_to_uci(pos, ooo), "c1a1");
  // c1d1 is an ordinary king move here, not castling.
  Move kd1 = parse_uci(pos, "c1d1");
  ASSERT_NE(kd1, MOVE_NONE);
  EXPECT_EQ(move_flag(kd1), QUIET);
  // Standard chess positions read as Chess960 write castling king-to-rook.
  Position std960 = at(KIWIPETE, CHESS960);
  Move s = parse_uci(std960, "e1h1");
  ASSERT_NE(s, MOVE_NONE);
  EXPECT_EQ(move_flag(s), CASTLE_KING);
  EXPECT_EQ(move_to_uci(std960, s), "e1h1");
}

TEST(Uci, Promotions) {
  Position pos = at("3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
  const std::pair<const char*, PieceType> promos[] = {
      {"q", QUEEN}, {"r", ROOK}, {"b", BISHOP}, {"n", KNIGHT}};
  for (auto [suffix, pt] : promos) {
    for (const char* to : {"e8", "d8"}) {
      std::string text = std::string("e7") + to + suffix;
      Move m = parse_uci(pos, text);
      ASSERT_NE(m, MOVE_NONE) << text;
      EXPECT_EQ(promotion_type(m), pt) << text;
      EXPECT_EQ(is_capture(m), std::string(to) == "d8") << text;
      EXPECT_EQ(move_to_uci(pos, m), text);
    }
  }
  // A promotion needs its piece; other pieces and suffixes on ordinary moves are refused.
  EXPECT_EQ(parse_uci(pos, "e7e8"), MOVE_NONE);
  EXPECT_EQ(parse_uci(pos, "e7e8k"), MOVE_NONE);
  EXPECT_EQ(parse_uci(pos, "e7e8p"), MOVE_NONE);
  EXPECT_EQ(parse_uci(pos, "e7e8x"), MOVE_NONE);
  EXPECT_EQ(parse_uci(pos, "e1e2q"), MOVE_NONE);
  EXPECT_EQ(parse_uci(pos, "e7e8qq"), MOVE_NONE);
  // Black promotes on the first rank.
  Position black = at("4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
  Move m = parse_uci(black, "a2a1n");
  ASSERT_NE(m, MOVE_NONE);
  EXPECT_EQ(promotion_type(m), KNIGHT);
  EXPECT_EQ(move_to_uci(black, m), "a2a1n");
}

TEST(Uci, EnPassant) {
  Position pos = at("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  Move m = parse_uci(pos, "e5f6");
  ASSERT_NE(m, MOVE_NONE);
  EXPECT_EQ(move_flag(m), EN_PASSANT);
  EXPECT_EQ(move_to_uci(pos, m), "e5f6");
  EXPECT_EQ(parse_uci(pos, "e5d6"), MOVE_NONE);  // d5 pushed two squares earlier: too late
}

TEST(Uci, GarbageAndIllegalGiveMoveNone) {
  Position pos;
  const char* bad[] = {"",
                       "e",
                       "e2",
                       "e2e",
                       "e2-e4",
                       "e2e5",
                       "e2e3e4",
                       "z9z9",
                       "e9e4",
                       "i2i4",
                       "e0e4",
                       "0000",
                       "a1a1",
                       "e1g1",
                       "e1h1",
                       "d1d4",
                       "b1b3",
                       "g1f3n",
                       "e7e5",
                       "e2e2",
                       "h2h4h",
                       "🙂🙂",
                       "e2\xff"
                       "e4",
                       "11111111",
                       "e2e4e2e4",
                       "e2e4\n4"};
  for (const char* b : bad) EXPECT_EQ(parse_uci(pos, b), MOVE_NONE) << "\"" << b << "\"";
  EXPECT_EQ(parse_uci(pos, std::string_view("e2e4\0", 5)), MOVE_NONE);
  EXPECT_EQ(parse_uci(pos, std::string(10000, 'e')), MOVE_NONE);
  // Random strings never crash and never name an illegal move.
  std::mt19937 rng(99);
  const std::string alphabet = "abcdefghijk0123456789qrbnpQRBNK -";
  MoveList list;
  generate_legal(pos, list);
  for (int i = 0; i < 20000; ++i) {
    std::string s;
    int n = int(rng() % 7);
    for (int k = 0; k < n; ++k) s += rng() % 8 ? alphabet[rng() % alphabet.size()] : char(rng() % 256);
    Move m = parse_uci(pos, s);
    if (m != MOVE_NONE) {
      EXPECT_TRUE(list.contains(m)) << s;
    }
  }
  EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

// Every legal move of many positions prints to a distinct string that parses back to it.
TEST(Uci, RoundTripEveryLegalMove) {
  int moves = 0;
  for (const char* f : {"perft-standard.epd", "perft-tricky.epd", "perft-chess960.epd",
                        "perft-tricky-chess960.epd", "perft-cpw6.epd"}) {
    Variant v = std::string(f).find("960") != std::string::npos ? CHESS960 : CHESS;
    std::mt19937 rng(5);
    for (const auto& e : cwtest::load_epd(f)) {
      Position pos;
      ASSERT_EQ(pos.set_fen(e.fen, v), FenError::OK) << e.where();
      // The root and a few plies into a random game.
      for (int ply = 0; ply < 6; ++ply) {
        MoveList list;
        generate_legal(pos, list);
        std::set<std::string> seen;
        for (Move m : list) {
          std::string u = move_to_uci(pos, m);
          EXPECT_TRUE(seen.insert(u).second) << pos.fen() << ": two moves print as " << u;
          EXPECT_EQ(parse_uci(pos, u), m) << pos.fen() << ": " << u;
          EXPECT_TRUE(u.size() == 4 || (u.size() == 5 && is_promotion(m))) << u;
          ++moves;
        }
        if (list.size() == 0) break;
        pos.do_move(list.moves[rng() % unsigned(list.size())]);
      }
    }
  }
  EXPECT_GT(moves, 50000);
}
