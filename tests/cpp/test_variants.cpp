// The seven lichess variants: perft against tests/data/perft-<variant>.epd (counts from
// chessops and Fairy-Stockfish, tests/tools/gen-variant-perft.mjs), the self-checking perft
// (incremental key vs recomputed key and every invariant at every node), FEN dialects
// (pockets, promoted marks, three-check counters), UCI for drops and king promotions, keys.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "pgn.h"
#include "rules.h"
#include "setup.h"
#include "test_util.h"
#include "zobrist.h"

using namespace cw;

namespace {

const Variant LICHESS[] = {CRAZYHOUSE, ATOMIC, ANTICHESS, KING_OF_THE_HILL, THREE_CHECK, RACING_KINGS, HORDE};

Position variant_position(const std::string& fen, Variant v) {
  Position pos;
  FenError e = pos.set_fen(fen, v);
  EXPECT_EQ(e, FenError::OK) << variant_name(v) << " " << fen << ": " << fen_error_name(e);
  return pos;
}

void run_variant_perft(Variant v, uint64_t min_nodes, uint64_t max_nodes, bool checked) {
  cwtest::run_epd_perft({.file = std::string("perft-") + variant_name(v) + ".epd",
                         .variant = v,
                         .min_lines = 40,
                         .min_nodes = min_nodes,
                         .max_nodes = max_nodes,
                         .checked = checked});
}

class VariantPerft : public ::testing::TestWithParam<Variant> {};

}  // namespace

TEST_P(VariantPerft, AllLines) { run_variant_perft(GetParam(), 0, cwtest::perft_budget(), false); }
// The self-checking perft plays every move twice in the variants (gives_check plays it), so
// it takes a tenth of the budget.
TEST_P(VariantPerft, Checked) { run_variant_perft(GetParam(), 0, cwtest::checked_budget() / 10, true); }
INSTANTIATE_TEST_SUITE_P(Lichess, VariantPerft, ::testing::ValuesIn(LICHESS), [](const auto& info) {
  return std::string(variant_name(info.param)) == "3check" ? std::string("threecheck")
                                                           : std::string(variant_name(info.param));
});

TEST(VariantPerftStart, KnownCounts) {
  // Published start-position counts (lichess / Fairy-Stockfish / chessops agree).
  struct Case {
    Variant v;
    int depth;
    uint64_t nodes;
  };
  const Case cases[] = {
      {CRAZYHOUSE, 4, 197281},  {ATOMIC, 4, 197326},
      {ANTICHESS, 4, 153299},   {KING_OF_THE_HILL, 4, 197281},
      {THREE_CHECK, 4, 197281}, {RACING_KINGS, 4, 296242},
      {HORDE, 4, 23310},
  };
  for (const Case& c : cases) {
    Position pos = variant_position(start_fen(c.v), c.v);
    EXPECT_EQ(perft(pos, c.depth), c.nodes) << variant_name(c.v);
  }
}

TEST(VariantNames, RoundTrip) {
  for (int v = 0; v < VARIANT_NB; ++v) EXPECT_EQ(variant_of_name(variant_name(Variant(v))), Variant(v));
  EXPECT_EQ(variant_of_name("nonsense"), VARIANT_NB);
}

TEST(VariantFen, CrazyhousePocketForms) {
  const std::string brackets = "r1bqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 0 3";
  Position a = variant_position(brackets, CRAZYHOUSE);
  EXPECT_EQ(a.pocket(WHITE, PAWN), 1);
  EXPECT_EQ(a.pocket(BLACK, KNIGHT), 1);
  EXPECT_EQ(a.fen(), brackets);
  Position b =
      variant_position("r1bqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R/nP w KQkq - 0 3", CRAZYHOUSE);
  EXPECT_EQ(b.fen(), brackets);  // written in PNBRQpnbrq order
  EXPECT_EQ(a.key(), b.key());
  EXPECT_EQ(cw::Setup::of(a).fen(false, true),
            "r1bqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R/Pn w KQkq - 0 3");
  // No pocket field: empty pockets, written as [].
  Position c = variant_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CRAZYHOUSE);
  EXPECT_EQ(c.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
  Position d;
  EXPECT_EQ(d.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1", CRAZYHOUSE),
            FenError::BAD_POCKET);
  EXPECT_EQ(d.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1", CHESS),
            FenError::BAD_PIECE);
}

TEST(VariantFen, PromotedMarks) {
  const std::string fen = "k7/1Q~6/8/8/8/8/8/4K3[] b - - 0 1";
  Position pos = variant_position(fen, CRAZYHOUSE);
  EXPECT_EQ(pos.promoted(), square_bb(SQ_B7));
  EXPECT_EQ(pos.fen(), fen);
  cwtest::play_uci_line(pos, "a8b7");  // the promoted queen goes into Black's pocket as a pawn
  EXPECT_EQ(pos.pocket(BLACK, PAWN), 1);
  EXPECT_EQ(pos.pocket(BLACK, QUEEN), 0);
  EXPECT_EQ(pos.fen(), "8/1k6/8/8/8/8/8/4K3[p] w - - 0 2");
  pos.undo_move();
  EXPECT_EQ(pos.fen(), fen);
  Position chess;
  EXPECT_EQ(chess.set_fen(fen, KING_OF_THE_HILL), FenError::BAD_PROMOTED);
  // A promotion marks the piece; it moves with its mark.
  Position p = variant_position("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", CRAZYHOUSE);
  cwtest::play_uci_line(p, "a7a8q e8d7 a8a5");
  EXPECT_EQ(p.fen(), "8/3k4/8/Q~7/8/8/8/4K3[] b - - 2 2");
}

TEST(VariantFen, ThreeCheckCounters) {
  const std::string fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2";
  Position a = variant_position(fen, THREE_CHECK);
  EXPECT_EQ(a.checks_left(WHITE), 2);
  EXPECT_EQ(a.checks_left(BLACK), 3);
  EXPECT_EQ(a.fen(), fen);
  Position b =
      variant_position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+0", THREE_CHECK);
  EXPECT_EQ(b.fen(), fen);
  EXPECT_EQ(cw::Setup::of(b).fen(false, true),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+0");
  Position c =
      variant_position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - +1+0 0 2", THREE_CHECK);
  EXPECT_EQ(c.fen(), fen);
  EXPECT_EQ(a.key(), b.key());
  Position d;
  EXPECT_EQ(d.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+3 0 1", THREE_CHECK),
            FenError::BAD_CHECKS);
  // A check is counted; the third ends the game.
  Position e = variant_position("4k3/8/8/8/8/8/8/4K2R w K - 1+3 0 1", THREE_CHECK);
  cwtest::play_uci_line(e, "h1h8");
  EXPECT_EQ(e.checks_left(WHITE), 0);
  EXPECT_TRUE(e.is_variant_end());
  MoveList list;
  generate_legal(e, list);
  EXPECT_EQ(list.size(), 0);
  e.undo_move();
  EXPECT_EQ(e.checks_left(WHITE), 1);
}

TEST(VariantFen, AntichessDropsCastling) {
  Position pos = variant_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ANTICHESS);
  EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
}

TEST(VariantUci, DropsAndKingPromotion) {
  Position zh = variant_position("4k3/8/8/8/8/8/8/4K3[Np] w - - 0 1", CRAZYHOUSE);
  Move m = parse_uci(zh, "N@f3");
  ASSERT_NE(m, MOVE_NONE);
  EXPECT_TRUE(is_drop(m));
  EXPECT_EQ(drop_type(m), KNIGHT);
  EXPECT_EQ(move_to(m), SQ_F3);
  EXPECT_FALSE(is_capture(m));
  EXPECT_FALSE(is_promotion(m));
  EXPECT_FALSE(is_castling(m));
  EXPECT_EQ(move_to_uci(zh, m), "N@f3");
  EXPECT_EQ(parse_uci(zh, "P@e4"), MOVE_NONE);  // White has no pawn in hand
  EXPECT_EQ(parse_uci(zh, "K@e4"), MOVE_NONE);
  zh.do_move(m);
  EXPECT_EQ(zh.fen(), "4k3/8/8/8/8/5N2/8/4K3[p] b - - 1 1");
  EXPECT_EQ(parse_uci(zh, "P@e1"), MOVE_NONE);  // not on rank 1
  Move p = parse_uci(zh, "P@e2");
  ASSERT_NE(p, MOVE_NONE);
  zh.do_move(p);  // a pawn drop resets the halfmove clock and gives check
  EXPECT_EQ(zh.fen(), "4k3/8/8/8/8/5N2/4p3/4K3[] w - - 0 2");
  EXPECT_FALSE(zh.in_check());  // e2 pawn attacks d1 and f1

  Position anti = variant_position("8/P7/8/8/8/8/8/7k w - - 0 1", ANTICHESS);
  Move k = parse_uci(anti, "a7a8k");
  ASSERT_NE(k, MOVE_NONE);
  EXPECT_EQ(promotion_type(k, ANTICHESS), KING);
  EXPECT_EQ(move_to_uci(anti, k), "a7a8k");
  anti.do_move(k);
  EXPECT_EQ(anti.fen(), "K7/8/8/8/8/8/8/7k b - - 0 1");
  Position chess;
  EXPECT_EQ(parse_uci(chess, "a2a4k"), MOVE_NONE);
}

TEST(VariantAtomic, ExplosionAndUndo) {
  const std::string fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  Position pos = variant_position(fen, ATOMIC);
  cwtest::play_uci_line(pos, "e4d5");  // pawn takes pawn: both vanish, pawns around stay
  EXPECT_EQ(pos.fen(), "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
  pos.undo_move();
  EXPECT_EQ(pos.fen(), fen);
  // A queen capture next to the king explodes it: White wins, the game is over.
  Position q = variant_position("4k3/4p3/8/8/8/8/8/4QK2 w - - 0 1", ATOMIC);
  cwtest::play_uci_line(q, "e1e7");
  EXPECT_EQ(q.pieces(BLACK, KING), 0u);
  EXPECT_TRUE(q.is_variant_end());
  EXPECT_EQ(q.fen(), "8/8/8/8/8/8/8/5K2 b - - 0 1");
}

TEST(VariantKeys, PolyglotBoardPlusVariantKeys) {
  Position chess;
  for (Variant v : {KING_OF_THE_HILL, THREE_CHECK, CRAZYHOUSE, ATOMIC}) {
    Position pos = variant_position(START_FEN, v);
    EXPECT_EQ(pos.key(), chess.key()) << variant_name(v);  // empty pockets and 3+3 add nothing
  }
  Position a = variant_position("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", CRAZYHOUSE);
  Position b = variant_position("4k3/8/8/8/8/8/8/4K3[n] w - - 0 1", CRAZYHOUSE);
  Position c = variant_position("4k3/8/8/8/8/8/8/4K3[] w - - 0 1", CRAZYHOUSE);
  EXPECT_NE(a.key(), b.key());
  EXPECT_NE(a.key(), c.key());
  Position d = variant_position("4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1", THREE_CHECK);
  Position e = variant_position("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1", THREE_CHECK);
  EXPECT_NE(d.key(), e.key());
  EXPECT_EQ(d.key(), d.compute_key());
}

TEST(VariantSetup, Verdicts) {
  Position pos;
  EXPECT_EQ(pos.set_fen(HORDE_START_FEN, HORDE), FenError::OK);
  EXPECT_EQ(pos.set_fen(HORDE_START_FEN, CHESS), FenError::MISSING_KING);
  EXPECT_EQ(pos.set_fen("8/8/8/8/8/8/8/4K3 b - - 0 1", ATOMIC), FenError::OK);  // finished game
  EXPECT_EQ(pos.set_fen("4k3/8/8/8/8/8/8/8 b - - 0 1", ATOMIC), FenError::MISSING_KING);
  EXPECT_EQ(pos.set_fen("8/8/8/8/3kK3/8/8/8 w - - 0 1", ATOMIC), FenError::OK);  // touching kings
  EXPECT_EQ(pos.set_fen("kk6/8/8/8/8/8/8/KK6 w - - 0 1", ANTICHESS), FenError::OK);
  EXPECT_EQ(pos.set_fen("8/8/8/8/8/8/8/8 w - - 0 1", ANTICHESS), FenError::VARIANT_MATERIAL);
  EXPECT_EQ(pos.set_fen("8/8/8/8/8/8/P7/k6K w - - 0 1", RACING_KINGS), FenError::VARIANT_MATERIAL);
  EXPECT_EQ(pos.set_fen("4K1k1/8/8/8/8/8/8/8 b - - 0 1", RACING_KINGS), FenError::VARIANT_MATERIAL);
  EXPECT_EQ(pos.set_fen("8/8/8/8/8/8/8/kr5K w - - 0 1", RACING_KINGS),
            FenError::VARIANT_MATERIAL);  // in check
}

TEST(VariantSan, DropsKingPromotionAndWinningSuffix) {
  Position zh = variant_position("4k3/8/8/8/8/8/8/4K3[NP] w - - 0 1", CRAZYHOUSE);
  EXPECT_EQ(move_to_san(zh, parse_uci(zh, "N@f3")), "N@f3");
  EXPECT_EQ(move_to_san(zh, parse_uci(zh, "P@e4")), "@e4");
  for (const char* san : {"@e4", "P@e4", "N@f3"}) {
    SanResult r = parse_san(zh, san);
    EXPECT_EQ(r.status, SanStatus::OK) << san;
    EXPECT_TRUE(is_drop(r.move)) << san;
  }
  EXPECT_EQ(parse_san(zh, "B@e4").status, SanStatus::ILLEGAL);
  EXPECT_EQ(parse_san(zh, "K@e4").status, SanStatus::SYNTAX);
  // A drop that mates.
  Position mate = variant_position("6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1", CRAZYHOUSE);
  EXPECT_EQ(move_to_san(mate, parse_uci(mate, "R@e8")), "R@e8#");
  // King of the hill: the step to the centre wins.
  Position koth = variant_position("8/8/8/8/8/3K4/8/k7 w - - 0 1", KING_OF_THE_HILL);
  EXPECT_EQ(move_to_san(koth, parse_uci(koth, "d3d4")), "Kd4#");
  EXPECT_EQ(move_to_san(koth, parse_uci(koth, "d3c3")), "Kc3");
  // Three-check: the third check.
  Position tc = variant_position("4k3/8/8/8/8/8/8/4K2R w K - 1+3 0 1", THREE_CHECK);
  EXPECT_EQ(move_to_san(tc, parse_uci(tc, "h1h8")), "Rh8#");
  // Antichess: promotion to a king.
  Position anti = variant_position("8/P7/8/8/8/8/8/7k w - - 0 1", ANTICHESS);
  EXPECT_EQ(move_to_san(anti, parse_uci(anti, "a7a8k")), "a8=K");
  EXPECT_EQ(parse_san(anti, "a8=K").move, parse_uci(anti, "a7a8k"));
  // Racing kings: reaching rank 8 when Black cannot follow wins; a drawing move has no '#'.
  Position rk = variant_position("8/1K6/8/8/8/8/8/6k1 w - - 0 1", RACING_KINGS);
  EXPECT_EQ(move_to_san(rk, parse_uci(rk, "b7b8")), "Kb8#");
  Position rkd = variant_position("4K3/6k1/8/8/8/8/8/8 b - - 0 1", RACING_KINGS);
  EXPECT_EQ(move_to_san(rkd, parse_uci(rkd, "g7g8")), "Kg8");
  rkd.do_move(parse_uci(rkd, "g7g8"));
  EXPECT_EQ(outcome(rkd).termination, Termination::VARIANT_DRAW);
  // Atomic: the explosion of the enemy king.
  Position at = variant_position("4k3/4p3/8/8/8/8/8/4QK2 w - - 0 1", ATOMIC);
  EXPECT_EQ(move_to_san(at, parse_uci(at, "e1e7")), "Qxe7#");
}

TEST(VariantOutcome, FromTheSideToMove) {
  Position at = variant_position("8/8/8/8/8/8/8/4K3 b - - 0 1", ATOMIC);
  Outcome o = outcome(at);
  EXPECT_EQ(o.termination, Termination::VARIANT_LOSS);
  EXPECT_EQ(o.winner, WHITE);
  Position anti = variant_position("8/8/8/8/8/8/8/K7 b - - 0 1", ANTICHESS);
  o = outcome(anti);
  EXPECT_EQ(o.termination, Termination::VARIANT_WIN);
  EXPECT_EQ(o.winner, BLACK);
  Position horde = variant_position("k7/8/8/8/8/8/8/8 w - - 0 1", HORDE);
  EXPECT_EQ(outcome(horde).termination, Termination::VARIANT_LOSS);
  EXPECT_EQ(outcome(horde).winner, BLACK);
  Position tc = variant_position("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1", THREE_CHECK);
  EXPECT_EQ(outcome(tc).termination, Termination::INSUFFICIENT_MATERIAL);
  Position zh = variant_position("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", CRAZYHOUSE);
  EXPECT_EQ(outcome(zh).termination, Termination::INSUFFICIENT_MATERIAL);
  Position zh2 = variant_position("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", CRAZYHOUSE);
  EXPECT_FALSE(outcome(zh2).is_over());
  Position koth = variant_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1", KING_OF_THE_HILL);
  EXPECT_FALSE(outcome(koth).is_over());  // never insufficient: a king can walk to the hill
}

// Horde's insufficient material: the hand-made material classes of
// tests/data/horde-insufficient.tsv (each also checked against chessops in
// tests/unit/variants.test.ts). The side with the king never has insufficient material, and
// neither does the game as a whole (isInsufficientMaterial is false in horde).
TEST(VariantOutcome, HordeInsufficientMaterial) {
  std::ifstream in(cwtest::data_path("horde-insufficient.tsv"));
  ASSERT_TRUE(in) << "tests/data/horde-insufficient.tsv";
  std::string line;
  int cases = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string fen, white, black, why;
    std::getline(fields, fen, '\t');
    std::getline(fields, white, '\t');
    std::getline(fields, black, '\t');
    std::getline(fields, why);
    Position pos = variant_position(fen, HORDE);
    EXPECT_EQ(has_insufficient_material(pos, WHITE), white == "1") << fen << " (" << why << ")";
    EXPECT_EQ(has_insufficient_material(pos, BLACK), black == "1") << fen << " (" << why << ")";
    EXPECT_FALSE(is_insufficient_material(pos)) << fen;
    ++cases;
  }
  EXPECT_GE(cases, 50);
}

TEST(VariantNames, ParseVariant) {
  EXPECT_EQ(parse_variant("threeCheck"), THREE_CHECK);
  EXPECT_EQ(parse_variant("Three-check"), THREE_CHECK);
  EXPECT_EQ(parse_variant("3check"), THREE_CHECK);
  EXPECT_EQ(parse_variant("King of the Hill"), KING_OF_THE_HILL);
  EXPECT_EQ(parse_variant("kingOfTheHill"), KING_OF_THE_HILL);
  EXPECT_EQ(parse_variant("zh"), CRAZYHOUSE);
  EXPECT_EQ(parse_variant("Racing Kings"), RACING_KINGS);
  EXPECT_EQ(parse_variant("racingKings"), RACING_KINGS);
  EXPECT_EQ(parse_variant("Standard"), CHESS);
  EXPECT_EQ(parse_variant("From Position"), CHESS);
  EXPECT_EQ(parse_variant("Chess960"), CHESS960);
  EXPECT_EQ(parse_variant("HORDE"), HORDE);
  EXPECT_EQ(parse_variant("giveaway"), VARIANT_NB);
  EXPECT_EQ(parse_variant("bughouse"), VARIANT_NB);
  for (int v = 0; v < VARIANT_NB; ++v) EXPECT_EQ(parse_variant(variant_pgn_name(Variant(v))), Variant(v));
}

TEST(VariantPgn, CrazyhouseGameWithDrops) {
  const char* text =
      "[Event \"Rated Crazyhouse game\"]\n[Variant \"Crazyhouse\"]\n[Result \"1-0\"]\n\n"
      "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Nf6 5. d4 Bg4 6. P@d5 e6 7. dxe6 Bxe6 8. P@g5 *\n";
  PgnGame game;
  PgnError error;
  ASSERT_EQ(read_pgn(text, game, error), PgnStatus::GAME) << pgn_error_message(error);
  EXPECT_EQ(game.variant, CRAZYHOUSE);
  const std::string out = write_pgn(game);
  EXPECT_NE(out.find("[Variant \"Crazyhouse\"]"), std::string::npos) << out;
  EXPECT_NE(out.find("6. P@d5 e6"), std::string::npos) << out;  // the movetext as read
  EXPECT_NE(out.find("P@g5"), std::string::npos) << out;
  PgnGame again;
  ASSERT_EQ(read_pgn(out, again, error), PgnStatus::GAME) << pgn_error_message(error);
  EXPECT_EQ(write_pgn(again), out);
}

// Counts published by other projects (chessops, Fairy-Stockfish, shakmaty, chessops #194),
// written by hand into tests/data/perft-published-<variant>.epd and
// perft960-published-atomic.epd, beside the generated files above.
TEST(VariantPerftPublished, Atomic) {
  cwtest::run_epd_perft({.file = "perft-published-atomic.epd",
                         .variant = ATOMIC,
                         .min_lines = 4,
                         .max_nodes = cwtest::perft_budget(),
                         .always_depth1 = true});
}
TEST(VariantPerftPublished, Atomic960) {
  cwtest::run_epd_perft({.file = "perft960-published-atomic.epd",
                         .variant = ATOMIC,
                         .chess960 = true,
                         .min_lines = 4,
                         .max_nodes = cwtest::perft_budget(),
                         .checked = true});
}
TEST(VariantPerftPublished, Antichess) {
  cwtest::run_epd_perft({.file = "perft-published-antichess.epd",
                         .variant = ANTICHESS,
                         .min_lines = 3,
                         .max_nodes = cwtest::perft_budget(),
                         .always_depth1 = true});
}
TEST(VariantPerftPublished, RacingKings) {
  cwtest::run_epd_perft({.file = "perft-published-racingkings.epd",
                         .variant = RACING_KINGS,
                         .min_lines = 3,
                         .max_nodes = cwtest::perft_budget(),
                         .always_depth1 = true});
}

// Atomic castling with Chess960 rooks (python-chess's atomic tests): the squares the king
// passes are judged with the castling rook still on its square; the destination with the
// rook beside the king, where touching kings are never in check.
TEST(Atomic960, CastlingWhereTheKingsTouch) {
  auto castles = [](const char* fen) {
    Position pos;
    EXPECT_EQ(pos.set_fen(fen, ATOMIC, true), FenError::OK) << fen;
    return is_castling(parse_uci(pos, "g1b1"));  // parse_uci: 0 (no castling) when illegal
  };
  // The kings touch at the end (c1 next to c2): legal although a1's rook sees c1 once b1 is empty.
  EXPECT_TRUE(castles("8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1"));
  // The same with the black king on e2: c1 is attacked through b1 at the end, illegal.
  EXPECT_FALSE(castles("8/8/8/8/8/8/4k3/rR4KR w KQ - 0 1"));
}
