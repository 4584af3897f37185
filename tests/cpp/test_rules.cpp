// chesswasm tests — rules.h: every termination, the draw claims, insufficient material and
// repetition with an en passant square that is only pseudo-legal.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "notation.h"
#include "position.h"
#include "rules.h"

using namespace cw;

namespace {

Position at(const std::string& fen) {
  Position pos;
  EXPECT_EQ(pos.set_fen(fen), FenError::OK) << fen;
  return pos;
}

// Plays SAN moves (strict), failing the test on a bad one.
void play(Position& pos, const std::vector<const char*>& sans) {
  for (const char* s : sans) {
    SanResult r = parse_san(pos, s, true);
    ASSERT_EQ(r.status, SanStatus::OK) << s;
    pos.do_move(r.move);
  }
}

}  // namespace

TEST(Rules, Checkmate) {
  Position pos;
  play(pos, {"f3", "e5", "g4", "Qh4#"});
  EXPECT_TRUE(is_checkmate(pos));
  Outcome o = outcome(pos);
  EXPECT_EQ(o.termination, Termination::CHECKMATE);
  EXPECT_EQ(o.winner, BLACK);
  EXPECT_TRUE(o.is_over());
  EXPECT_STREQ(termination_name(o.termination), "CHECKMATE");
}

TEST(Rules, Stalemate) {
  Position pos = at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_TRUE(is_stalemate(pos));
  EXPECT_FALSE(is_checkmate(pos));
  EXPECT_EQ(outcome(pos).termination, Termination::STALEMATE);
  EXPECT_EQ(outcome(pos).winner, COLOR_NB);
}

TEST(Rules, GameGoesOn) {
  Position pos;
  EXPECT_EQ(outcome(pos).termination, Termination::NONE);
  EXPECT_EQ(outcome(pos, true).termination, Termination::NONE);
  EXPECT_FALSE(outcome(pos).is_over());
}

TEST(Rules, InsufficientMaterial) {
  struct Case {
    const char* fen;
    bool draw;
  };
  const Case cases[] = {
      {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", true},       // K v K
      {"8/8/4k3/8/8/3K4/5N2/8 w - - 0 1", true},     // K+N v K
      {"8/8/4k3/8/8/3K4/5B2/8 w - - 0 1", true},     // K+B v K
      {"8/8/4k1b1/8/8/3K4/4B3/8 w - - 0 1", true},   // K+B v K+B, both on light squares (e2, g6)
      {"8/8/4kb2/8/8/3K4/4B3/8 w - - 0 1", false},   // opposite colours (e2 light, f6 dark)
      {"8/8/4k3/8/8/2BK4/4B3/8 w - - 0 1", false},   // two bishops on both colours
      {"8/8/4k3/8/3B4/3K4/4B3/8 w - - 0 1", false},  // d4 dark, e2 light
      {"8/4k3/8/8/2B5/3K4/4B3/8 w - - 0 1", true},   // c4 and e2 both light
      {"8/8/4k3/8/8/3K4/4NN2/8 w - - 0 1", false},   // two knights can mate (with help)
      {"8/8/4kn2/8/8/3K4/5N2/8 w - - 0 1", false},   // K+N v K+N: a helpmate exists
      {"8/8/4kq2/8/8/3K4/5N2/8 w - - 0 1", false},   // the queen side can mate
      {"8/8/4kb2/8/8/3K4/5N2/8 w - - 0 1", false},   // K+N v K+B
      {"8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", false},    // a pawn
      {"8/8/4k3/8/8/3K4/7R/8 w - - 0 1", false},     // a rook
  };
  for (const auto& c : cases) {
    Position pos = at(c.fen);
    EXPECT_EQ(is_insufficient_material(pos), c.draw) << c.fen;
    EXPECT_EQ(outcome(pos).termination == Termination::INSUFFICIENT_MATERIAL, c.draw) << c.fen;
  }
  // Per side: K+N v K+Q — the knight side cannot win, the queen side can.
  Position kn_kq = at("8/8/4kq2/8/8/3K4/5N2/8 w - - 0 1");
  EXPECT_TRUE(has_insufficient_material(kn_kq, WHITE));
  EXPECT_FALSE(has_insufficient_material(kn_kq, BLACK));
}

TEST(Rules, FiftyAndSeventyFiveMoves) {
  Position pos = at("8/8/4k3/8/8/3K4/7R/8 w - - 99 80");
  EXPECT_FALSE(can_claim_fifty_moves(pos));
  play(pos, {"Rg2"});
  EXPECT_TRUE(can_claim_fifty_moves(pos));
  EXPECT_TRUE(can_claim_draw(pos));
  EXPECT_EQ(outcome(pos).termination, Termination::NONE);
  EXPECT_EQ(outcome(pos, true).termination, Termination::FIFTY_MOVES);

  Position p75 = at("8/8/4k3/8/8/3K4/7R/8 w - - 149 120");
  EXPECT_FALSE(is_seventyfive_moves(p75));
  play(p75, {"Rg2"});
  EXPECT_TRUE(is_seventyfive_moves(p75));
  EXPECT_EQ(outcome(p75).termination, Termination::SEVENTYFIVE_MOVES);
  EXPECT_EQ(outcome(p75).winner, COLOR_NB);

  // A mate on the 150th ply still wins.
  Position mate = at("k7/8/1K6/8/8/8/8/7R w - - 149 120");
  play(mate, {"Rh8#"});
  EXPECT_EQ(outcome(mate).termination, Termination::CHECKMATE);
  EXPECT_EQ(outcome(mate).winner, WHITE);
}

TEST(Rules, ThreefoldAndFivefold) {
  Position pos;
  const std::vector<const char*> cycle = {"Nf3", "Nf6", "Ng1", "Ng8"};
  EXPECT_EQ(repetition_count(pos), 1);
  play(pos, cycle);
  EXPECT_EQ(repetition_count(pos), 2);
  play(pos, {"Nf3", "Nf6", "Ng1"});
  // Black can claim by announcing Ng8, which repeats the start position a third time.
  EXPECT_FALSE(can_claim_threefold_repetition(pos));
  EXPECT_TRUE(can_claim_threefold_repetition_by_move(pos));
  EXPECT_EQ(pos.fen(), "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4");
  play(pos, {"Ng8"});
  EXPECT_EQ(repetition_count(pos), 3);
  EXPECT_TRUE(can_claim_threefold_repetition(pos));
  EXPECT_EQ(outcome(pos).termination, Termination::NONE);
  EXPECT_EQ(outcome(pos, true).termination, Termination::THREEFOLD_REPETITION);
  play(pos, cycle);
  EXPECT_EQ(repetition_count(pos), 4);
  EXPECT_FALSE(is_fivefold_repetition(pos));
  play(pos, cycle);
  EXPECT_EQ(repetition_count(pos), 5);
  EXPECT_TRUE(is_fivefold_repetition(pos));
  EXPECT_EQ(outcome(pos).termination, Termination::FIVEFOLD_REPETITION);
  EXPECT_EQ(outcome(pos).winner, COLOR_NB);
}

TEST(Rules, RepetitionNeedsSameCastlingRights) {
  Position pos;
  play(pos, {"Nf3", "Nf6", "Rg1", "Rg8", "Rh1", "Rh8"});
  // The rooks are back, but both sides lost their short castling right.
  EXPECT_EQ(repetition_count(pos), 1);
  play(pos, {"Rg1", "Rg8", "Rh1", "Rh8"});
  EXPECT_EQ(repetition_count(pos), 2);
}

TEST(Rules, RepetitionStopsAtIrreversibleMovesAndNullMoves) {
  Position pos;
  play(pos, {"Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_EQ(repetition_count(pos), 2);  // the start position is behind the pawn moves
  Position q;
  play(q, {"Nf3", "Nf6"});
  q.do_null_move();
  q.do_null_move();
  EXPECT_EQ(repetition_count(q), 1);        // the same key, but only across null moves
  EXPECT_EQ(repetition_count(q, true), 2);  // chess.js's count goes on across them
  Position r;  // six null moves from the start: the start position three times on each side
  for (int i = 0; i < 6; ++i) r.do_null_move();
  EXPECT_EQ(repetition_count(r), 1);
  EXPECT_EQ(repetition_count(r, true), 4);
  r.undo_null_move();
  EXPECT_EQ(repetition_count(r, true), 3);
}

// FIDE: a position right after a double push whose en passant capture is illegal (the
// capturing pawn is pinned) is the same position as later ones without the ep square,
// although the Polyglot key hashed the ep file.
TEST(Rules, RepetitionWithIllegalEnPassant) {
  Position pinned = at("4r1nk/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
  play(pinned, {"d5"});
  ASSERT_TRUE(pinned.ep_capturable());  // pseudo-legally: Polyglot hashes the ep file
  EXPECT_EQ(parse_san(pinned, "exd6").status, SanStatus::ILLEGAL);
  play(pinned, {"Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_EQ(repetition_count(pinned), 2);
  play(pinned, {"Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_EQ(repetition_count(pinned), 3);
  EXPECT_EQ(outcome(pinned, true).termination, Termination::THREEFOLD_REPETITION);

  // The same with a legal ep capture: the first position differs (it had one more move).
  Position legal = at("r5nk/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
  play(legal, {"d5"});
  EXPECT_EQ(parse_san(legal, "exd6").status, SanStatus::OK);
  play(legal, {"Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_EQ(repetition_count(legal), 1);
  play(legal, {"Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_EQ(repetition_count(legal), 2);
}

// A FEN with a halfmove clock larger than the history looks back only as far as it can.
TEST(Rules, RepetitionWindowIsBoundedByHistory) {
  Position pos = at("8/8/4k3/8/8/3K4/7R/8 w - - 90 80");
  EXPECT_EQ(repetition_count(pos), 1);
  play(pos, {"Rg2", "Kf6", "Rh2", "Ke6"});
  EXPECT_EQ(repetition_count(pos), 2);
}
