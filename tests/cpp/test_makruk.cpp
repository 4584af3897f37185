// Makruk (Thai chess): perft against perft-makruk.epd, FEN with promoted pieces and the
// counting fields (the examples of makruk-rules.md, reproduced with Fairy-Stockfish),
// counting rules, Makruk FEN errors, its own Zobrist keys, and UCI with the 'm' suffix.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "rules.h"
#include "test_util.h"
#include "zobrist.h"

using namespace cw;

namespace {

const char* const MAKRUK_START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

Position makruk(const std::string& fen) {
  Position pos;
  FenError e = pos.set_fen(fen, MAKRUK);
  EXPECT_EQ(e, FenError::OK) << fen << ": " << fen_error_name(e);
  return pos;
}

void run_makruk_perft(uint64_t min_nodes, uint64_t max_nodes, bool checked) {
  cwtest::run_epd_perft({.file = "perft-makruk.epd",
                         .variant = MAKRUK,
                         .min_lines = 10,
                         .min_nodes = min_nodes,
                         .max_nodes = max_nodes,
                         .checked = checked});
}

}  // namespace

TEST(MakrukPerft, AllLines) { run_makruk_perft(0, cwtest::perft_budget(), false); }
TEST(MakrukPerft, Checked) { run_makruk_perft(0, cwtest::checked_budget(), true); }
TEST(MakrukPerftDeep, AllLines) {
  run_makruk_perft(cwtest::perft_budget(), cwtest::deep_perft_budget(), false);
}

TEST(MakrukFen, StartPositionRoundTrips) {
  Position pos = makruk(MAKRUK_START);
  EXPECT_EQ(pos.fen(), MAKRUK_START);
  EXPECT_EQ(pos.variant(), MAKRUK);
  EXPECT_EQ(pos.piece_on(SQ_D1), make_piece(WHITE, KING));
  EXPECT_EQ(pos.piece_on(SQ_E1), make_piece(WHITE, MET));
  EXPECT_EQ(pos.piece_on(SQ_C8), make_piece(BLACK, KHON));
  EXPECT_EQ(popcount(pos.pieces(WHITE, PAWN)), 8);
}

TEST(MakrukFen, PromotedMetIsWrittenWithTilde) {
  const std::string fen = "rnsmksnr/8/1pM~1pppp/p7/8/PPPP1PPP/8/RNSKMSNR b - - 0 3";
  Position pos = makruk(fen);
  EXPECT_EQ(pos.piece_on(SQ_C6), make_piece(WHITE, PMET));
  EXPECT_EQ(pos.fen(), fen);
}

// The counting examples of makruk-rules.md (from Fairy-Stockfish's test.py, re-run with
// the Debian fairy-stockfish 11.1 binary).
TEST(MakrukCounting, RulesDocumentExamples) {
  struct Case {
    const char* start;
    const char* moves;
    const char* expected;
  };
  const Case cases[] = {
      {"8/3k4/8/2K1S1P1/8/8/8/8 w - - 0 1", "g5g6m", "8/3k4/6M~1/2K1S3/8/8/8/8 b - 88 8 1"},
      {"8/2K3k1/5m2/4S1S1/8/8/8/8 w - 128 97 1", "e5f6", "8/2K3k1/5S2/6S1/8/8/8/8 b - 44 8 1"},
      {"3k4/2m5/8/4MP2/3KS3/8/8/8 w - - 0 1", "f5f6m", "3k4/2m5/5M~2/4M3/3KS3/8/8/8 b - 128 0 1"},
      {MAKRUK_START, "e3e4 d6d5 e4d5 a6a5 d5c6m", "rnsmksnr/8/1pM~1pppp/p7/8/PPPP1PPP/8/RNSKMSNR b - - 0 3"},
  };
  for (const Case& c : cases) {
    Position pos = makruk(c.start);
    cwtest::play_uci_line(pos, c.moves);
    EXPECT_EQ(pos.fen(), c.expected) << c.start << " + " << c.moves;
    EXPECT_EQ(pos.key(), pos.compute_key());
    // The resulting FEN reads back to the same position and key.
    Position again = makruk(c.expected);
    EXPECT_EQ(again.fen(), c.expected);
    EXPECT_EQ(again.key(), pos.key());
  }
}

// Sequences checked move by move against fairy-stockfish (`position fen ... moves ...`, `d`).
TEST(MakrukCounting, FairyStockfishTraces) {
  // The count ply grows every ply once a count runs.
  Position a = makruk("8/3k4/8/2K1S1P1/8/8/8/8 w - - 0 1");
  cwtest::play_uci_line(a, "g5g6m d7e7 c5d5");
  EXPECT_EQ(a.fen(), "8/4k3/6M~1/3KS3/8/8/8/8 b - 88 10 2");
  // A bare king that takes the last Bia starts no count (the opponent has a bare king for
  // the side to move's count); the count starts on the next ply for the bare side.
  Position b = makruk("4R3/8/8/1kP5/R7/8/4K3/8 b - - 12 19");
  cwtest::play_uci_line(b, "b5c5");
  EXPECT_EQ(b.fen(), "4R3/8/8/2k5/R7/8/4K3/8 w - - 0 20");
  cwtest::play_uci_line(b, "e2e3");
  EXPECT_EQ(b.fen(), "4R3/8/8/2k5/R7/4K3/8/8 b - 16 8 20");
  // Khon and Ma against a bare king: one Khon decides, 44 moves.
  Position c = makruk("8/8/8/8/6k1/2p5/2K3S1/1N6 w - - 0 14");
  cwtest::play_uci_line(c, "c2c3");
  EXPECT_EQ(c.fen(), "8/8/8/8/6k1/2K5/6S1/1N6 b - 88 8 14");
  // A running count is kept when the capture leaves both kings bare.
  Position d = makruk("8/8/8/8/5kN1/8/8/K7 b - 128 38 18");
  cwtest::play_uci_line(d, "f4g4");
  EXPECT_EQ(d.fen(), "8/8/8/8/6k1/8/8/K7 w - 128 39 19");
  EXPECT_FALSE(d.count_exceeded());
}

TEST(MakrukCounting, CountLimitsByMaterial) {
  struct Case {
    const char* fen;
    Color side;
    int limit;
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/3RR3/3K4 b - - 0 1", BLACK, 8},    // two Rueas
      {"4k3/8/8/8/8/8/3R4/3K4 b - - 0 1", BLACK, 16},    // one Ruea
      {"4k3/8/8/8/8/8/3SS3/3K4 b - - 0 1", BLACK, 22},   // two Khons
      {"4k3/8/8/8/8/8/3NN3/3K4 b - - 0 1", BLACK, 32},   // two Mas
      {"4k3/8/8/8/8/8/3S4/3K4 b - - 0 1", BLACK, 44},    // one Khon
      {"4k3/8/8/8/8/8/3M4/3K4 b - - 0 1", BLACK, 64},    // anything else
      {"4k3/3m4/8/8/8/8/3R4/3K4 b - - 0 1", BLACK, 64},  // board's honour: more than a king
      {"4k3/3p4/8/8/8/8/3R4/3K4 b - - 0 1", BLACK, 0},   // a Bia remains: no count
      {"4k3/8/8/8/8/8/8/3K4 b - - 0 1", BLACK, 0},       // the opponent is bare too
  };
  for (const Case& c : cases) EXPECT_EQ(makruk(c.fen).makruk_count_limit(c.side), c.limit) << c.fen;
}

TEST(MakrukCounting, CountPassingItsLimitIsReported) {
  Position pos = makruk("8/8/8/8/6k1/8/8/K2R4 b - 16 16 30");
  EXPECT_FALSE(pos.count_exceeded());
  cwtest::play_uci_line(pos, "g4g5");
  EXPECT_EQ(pos.fen(), "8/8/8/6k1/8/8/8/K2R4 w - 16 17 31");  // as fairy-stockfish writes it
  EXPECT_TRUE(pos.count_exceeded());
  EXPECT_EQ(pos.count_ply(), 17);
}

TEST(MakrukFen, Errors) {
  Position pos = makruk(MAKRUK_START);
  const std::string before = pos.fen();
  const Key key = pos.key();
  struct Case {
    const char* fen;
    FenError code;
  };
  const Case cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", FenError::BAD_PIECE},  // chess letters
      {"rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w KQkq - 0 1", FenError::BAD_CASTLING},
      {"rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 999 0 1", FenError::BAD_COUNTING},
      {"rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - x 0 1", FenError::BAD_COUNTING},
      {"rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNS~KMSNR w - - 0 1", FenError::BAD_PROMOTED},
      {"rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSMMSNR w - - 0 1", FenError::MISSING_KING},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(pos.set_fen(c.fen, MAKRUK), c.code) << c.fen;
    EXPECT_EQ(pos.fen(), before);
    EXPECT_EQ(pos.key(), key);
  }
  // '~' is Makruk-only.
  Position chess;
  EXPECT_EQ(chess.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w KQkq - 0 1", CHESS),
            FenError::BAD_PROMOTED);
}

TEST(MakrukZobrist, OwnKeysIncrementalEqualsScratch) {
  Position pos = makruk(MAKRUK_START);
  Position chess;
  ASSERT_EQ(chess.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", CHESS), FenError::OK);
  Position bare = makruk("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_NE(bare.key(), chess.key()) << "Makruk keys must differ from the Polyglot ones";
  std::mt19937 rng(20261122);
  int plies = 0;
  for (int game = 0; game < 200; ++game) {
    Position p = makruk(MAKRUK_START);
    const std::string start = p.fen();
    int made = 0;
    for (; made < 300; ++made) {
      MoveList list;
      generate_legal(p, list);
      if (!list.size()) break;
      p.do_move(list.moves[rng() % list.size()]);
      ASSERT_EQ(p.key(), p.compute_key()) << p.fen();
      const char* why = nullptr;
      ASSERT_TRUE(p.is_consistent(&why)) << why << " at " << p.fen();
      ++plies;
    }
    for (int i = 0; i < made; ++i) {
      p.undo_move();
      ASSERT_EQ(p.key(), p.compute_key());
    }
    EXPECT_EQ(p.fen(), start);
  }
  EXPECT_GT(plies, 20000);
}

TEST(MakrukUci, PromotionSuffixM) {
  Position pos = makruk("8/3k4/8/2K1S1P1/8/8/8/8 w - - 0 1");
  Move m = parse_uci(pos, "g5g6m");
  ASSERT_NE(m, MOVE_NONE);
  EXPECT_EQ(promotion_type(m), PMET);
  EXPECT_EQ(move_to_uci(pos, m), "g5g6m");
  EXPECT_EQ(parse_uci(pos, "g5g6"), MOVE_NONE) << "promotion is forced";
  EXPECT_EQ(parse_uci(pos, "g5g6q"), MOVE_NONE);
}

TEST(MakrukOutcome, CountingRepetitionAndMate) {
  // The count passes its limit: an automatic draw.
  Position counted = makruk("8/8/8/8/6k1/8/8/K2R4 b - 16 16 30");
  EXPECT_EQ(outcome(counted).termination, Termination::NONE);
  cwtest::play_uci_line(counted, "g4g5");
  EXPECT_EQ(outcome(counted).termination, Termination::COUNTING_RULE);
  EXPECT_EQ(outcome(counted).winner, COLOR_NB);
  // Threefold repetition ends a Makruk game without a claim; there is no fifty-move rule.
  Position rep = makruk(MAKRUK_START);
  cwtest::play_uci_line(rep, "b1d2 b8d7 d2b1 d7b8 b1d2 b8d7 d2b1");
  EXPECT_EQ(outcome(rep).termination, Termination::NONE);
  cwtest::play_uci_line(rep, "d7b8");
  EXPECT_EQ(outcome(rep).termination, Termination::THREEFOLD_REPETITION);
  Position quiet = makruk("4k3/8/8/8/8/8/3R4/3K4 w - - 120 80");
  EXPECT_FALSE(can_claim_fifty_moves(quiet));
  EXPECT_EQ(outcome(quiet, true).termination, Termination::NONE);
  // Bare kings cannot mate.
  EXPECT_EQ(outcome(makruk("4k3/8/8/8/8/8/8/3K4 w - - 0 1")).termination, Termination::INSUFFICIENT_MATERIAL);
  // Mate by two Rueas (fairy-stockfish: "go perft 1" lists no move, and the king is in check).
  Position mate = makruk("R3k3/7R/8/8/8/8/8/3K4 b - 16 9 40");
  EXPECT_EQ(outcome(mate).termination, Termination::CHECKMATE);
  EXPECT_EQ(outcome(mate).winner, WHITE);
}
