// Chess960 castling as a flag beside the rule set (Setup::chess960, Position::chess960): perft
// of the lichess rule sets with castling against tests/data/perft960-<variant>.epd (counts
// from chessops and Fairy-Stockfish with UCI_Chess960, tests/tools/gen-variant960-perft.mjs),
// self-checked perft, X-FEN / Shredder-FEN, king-to-rook UCI, and the flag's normalisation.
#include <gtest/gtest.h>

#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "pgn.h"
#include "setup.h"
#include "test_util.h"

using namespace cw;

namespace {

const Variant WITH_CASTLING[] = {CRAZYHOUSE, ATOMIC, KING_OF_THE_HILL, THREE_CHECK, HORDE};

void run_perft960(Variant v, uint64_t max_nodes, bool checked) {
  cwtest::run_epd_perft({.file = std::string("perft960-") + variant_name(v) + ".epd",
                         .variant = v,
                         .chess960 = true,
                         .min_lines = 25,
                         .max_nodes = max_nodes,
                         .checked = checked,
                         .always_depth1 = true});
}

class Variant960Perft : public ::testing::TestWithParam<Variant> {};

}  // namespace

TEST_P(Variant960Perft, AllLines) { run_perft960(GetParam(), cwtest::perft_budget(), false); }
TEST_P(Variant960Perft, Checked) { run_perft960(GetParam(), cwtest::checked_budget() / 10, true); }
INSTANTIATE_TEST_SUITE_P(Lichess, Variant960Perft, ::testing::ValuesIn(WITH_CASTLING), [](const auto& info) {
  return std::string(variant_name(info.param)) == "3check" ? std::string("threecheck")
                                                           : std::string(variant_name(info.param));
});

TEST(Variant960, FlagNormalisation) {
  Position pos;
  // Standard rules with the flag are CHESS960.
  ASSERT_EQ(pos.set_fen("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", CHESS, true), FenError::OK);
  EXPECT_EQ(pos.variant(), CHESS960);
  EXPECT_TRUE(pos.chess960());
  ASSERT_EQ(pos.set_fen("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", CHESS960, false), FenError::OK);
  EXPECT_TRUE(pos.chess960());
  // Without the flag, a king off the e-file with rights is refused in atomic.
  EXPECT_EQ(pos.set_fen("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", ATOMIC), FenError::CASTLING_NO_KING);
  ASSERT_EQ(pos.set_fen("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", ATOMIC, true), FenError::OK);
  EXPECT_EQ(pos.variant(), ATOMIC);
  EXPECT_TRUE(pos.chess960());
  // Rule sets without castling: the flag changes nothing (rights are dropped as without it).
  for (Variant v : {ANTICHESS, RACING_KINGS}) {
    ASSERT_EQ(pos.set_fen(start_fen(v), v, true), FenError::OK) << variant_name(v);
    EXPECT_EQ(pos.variant(), v);
    EXPECT_FALSE(pos.chess960());
  }
  ASSERT_EQ(pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ANTICHESS, true),
            FenError::OK);
  EXPECT_EQ(pos.castling_rights(), 0);
}

TEST(Variant960, FenAndUci) {
  Position pos;
  // X-FEN: K/Q for the outermost rooks, a file letter for an inner one; Shredder on request.
  ASSERT_EQ(pos.set_fen("1r1k2r1/8/8/8/8/8/8/RR1K2R1[] w GAkq - 0 1", CRAZYHOUSE, true), FenError::OK);
  EXPECT_EQ(pos.fen(), "1r1k2r1/8/8/8/8/8/8/RR1K2R1[] w KQkq - 0 1");
  ASSERT_EQ(pos.set_fen("1r1k2r1/8/8/8/8/8/8/RR1K2R1[] w KBkq - 0 1", CRAZYHOUSE, true), FenError::OK);
  EXPECT_EQ(pos.fen(), "1r1k2r1/8/8/8/8/8/8/RR1K2R1[] w KBkq - 0 1");
  EXPECT_EQ(pos.fen(true), "1r1k2r1/8/8/8/8/8/8/RR1K2R1[] w GBgb - 0 1");
  // Castling UCI is king-to-rook and only that is read.
  ASSERT_EQ(pos.set_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", ATOMIC, true), FenError::OK);
  EXPECT_NE(parse_uci(pos, "e1h1"), MOVE_NONE);
  EXPECT_EQ(parse_uci(pos, "e1g1"), MOVE_NONE);
  EXPECT_EQ(move_to_uci(pos, parse_uci(pos, "e1a1")), "e1a1");
  EXPECT_EQ(move_to_uci(parse_uci(pos, "e1h1"), ATOMIC, true), "e1h1");
  EXPECT_EQ(move_to_uci(parse_uci(pos, "e1h1"), ATOMIC, false), "e1g1");
  // The set-up keeps the flag.
  const cw::Setup s = cw::Setup::of(pos);
  EXPECT_TRUE(s.chess960);
  Position back;
  ASSERT_EQ(s.build(back), FenError::OK);
  EXPECT_TRUE(back.chess960());
  // King and rook swap squares (atomic960): f1 king, g1 rook, castle short.
  ASSERT_EQ(pos.set_fen("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", ATOMIC, true), FenError::OK);
  const Move m = parse_uci(pos, "f1g1");
  ASSERT_NE(m, MOVE_NONE);
  pos.do_move(m);
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(Variant960, PgnFenTagNeedsChess960) {
  // [Variant "Atomic"] with a FEN whose rights make sense only with Chess960 castling.
  const std::string pgn =
      "[Variant \"Atomic\"]\n[SetUp \"1\"]\n[FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1\"]\n\n"
      "1. O-O O-O *\n";
  PgnReader reader(pgn);
  PgnGame game;
  PgnError error;
  ASSERT_EQ(reader.read_game(game, error), PgnStatus::GAME) << error.message;
  EXPECT_EQ(game.variant, ATOMIC);
  EXPECT_TRUE(game.chess960);
  ASSERT_EQ(game.nodes.size(), 3u);
  EXPECT_EQ(game.nodes[1].uci, "b1h1");
  EXPECT_EQ(game.nodes[2].uci, "b8h8");
  // A FEN that standard castling reads stays a standard-castling game.
  const std::string plain = "[Variant \"Atomic\"]\n\n1. e4 *\n";
  PgnReader r2(plain);
  ASSERT_EQ(r2.read_game(game, error), PgnStatus::GAME);
  EXPECT_FALSE(game.chess960);
}
