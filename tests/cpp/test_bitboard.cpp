// chesswasm tests — bitboard.h: set helpers, leaper tables and magic slider attacks,
// checked against slow ray-walking references written here.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <random>

#include "bitboard.h"
#include "test_util.h"

using namespace cw;

namespace {

class BitboardTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { init_bitboards(); }
};

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

// Squares reached by stepping once by each (df, dr).
Bitboard steps(Square s, const int (*d)[2], int n) {
  Bitboard b = 0;
  for (int i = 0; i < n; ++i) {
    int f = file_of(s) + d[i][0], r = rank_of(s) + d[i][1];
    if (on_board(f, r)) b |= square_bb(make_square(f, r));
  }
  return b;
}

// Squares reached by sliding along each direction until (and including) a blocker.
Bitboard slide(Square s, Bitboard occ, const int (*d)[2], int n) {
  Bitboard b = 0;
  for (int i = 0; i < n; ++i) {
    int f = file_of(s) + d[i][0], r = rank_of(s) + d[i][1];
    while (on_board(f, r)) {
      Square t = make_square(f, r);
      b |= square_bb(t);
      if (occ & square_bb(t)) break;
      f += d[i][0];
      r += d[i][1];
    }
  }
  return b;
}

const int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
const int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
const int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
const int KING_STEPS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
const int WHITE_PAWN_STEPS[2][2] = {{-1, 1}, {1, 1}};
const int BLACK_PAWN_STEPS[2][2] = {{-1, -1}, {1, -1}};

Bitboard ref_rook(Square s, Bitboard occ) { return slide(s, occ, ROOK_DIRS, 4); }
Bitboard ref_bishop(Square s, Bitboard occ) { return slide(s, occ, BISHOP_DIRS, 4); }

// Random occupancies with a mix of densities.
Bitboard random_occupancy(std::mt19937_64& rng) {
  switch (rng() % 4) {
    case 0:
      return rng() & rng() & rng();
    case 1:
      return rng() & rng();
    case 2:
      return rng();
    default:
      return rng() | rng();
  }
}

}  // namespace

TEST_F(BitboardTest, SquareHelpers) {
  EXPECT_EQ(square_bb(SQ_A1), 1ULL);
  EXPECT_EQ(square_bb(SQ_H8), 1ULL << 63);
  EXPECT_EQ(file_bb(0), FILE_A_BB);
  EXPECT_EQ(file_bb(7), FILE_H_BB);
  EXPECT_EQ(rank_bb(0), RANK_1_BB);
  EXPECT_EQ(rank_bb(7), RANK_8_BB);
  EXPECT_EQ(make_square(4, 3), SQ_E4);
  EXPECT_EQ(file_of(SQ_E4), 4);
  EXPECT_EQ(rank_of(SQ_E4), 3);
  EXPECT_EQ(relative_square(BLACK, SQ_E1), SQ_E8);
  EXPECT_EQ(relative_rank(BLACK, SQ_E2), 6);
}

TEST_F(BitboardTest, PopcountLsbPopLsb) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 10000; ++i) {
    Bitboard b = rng() & rng();
    int n = 0;
    for (int s = 0; s < 64; ++s) n += (b >> s) & 1;
    EXPECT_EQ(popcount(b), n);
    EXPECT_EQ(more_than_one(b), n > 1);
    Bitboard c = b;
    int seen = 0;
    while (c) {
      Square low = lsb(c);
      EXPECT_EQ(c & ((1ULL << low) - 1), 0ULL);
      EXPECT_EQ(pop_lsb(c), low);
      EXPECT_EQ(c & square_bb(low), 0ULL);
      ++seen;
    }
    EXPECT_EQ(seen, n);
  }
}

TEST_F(BitboardTest, Shifts) {
  for (int s = 0; s < 64; ++s) {
    Square sq = Square(s);
    Bitboard b = square_bb(sq);
    int f = file_of(sq), r = rank_of(sq);
    EXPECT_EQ(shift_north(b), r < 7 ? square_bb(make_square(f, r + 1)) : 0ULL);
    EXPECT_EQ(shift_south(b), r > 0 ? square_bb(make_square(f, r - 1)) : 0ULL);
    EXPECT_EQ(shift_east(b), f < 7 ? square_bb(make_square(f + 1, r)) : 0ULL);
    EXPECT_EQ(shift_west(b), f > 0 ? square_bb(make_square(f - 1, r)) : 0ULL);
    EXPECT_EQ(shift_up<WHITE>(b), shift_north(b));
    EXPECT_EQ(shift_up<BLACK>(b), shift_south(b));
    EXPECT_EQ(pawn_attacks_bb<WHITE>(b), steps(sq, WHITE_PAWN_STEPS, 2)) << s;
    EXPECT_EQ(pawn_attacks_bb<BLACK>(b), steps(sq, BLACK_PAWN_STEPS, 2)) << s;
  }
}

TEST_F(BitboardTest, LeaperTables) {
  for (int s = 0; s < 64; ++s) {
    Square sq = Square(s);
    EXPECT_EQ(knight_attacks(sq), steps(sq, KNIGHT_STEPS, 8)) << s;
    EXPECT_EQ(king_attacks(sq), steps(sq, KING_STEPS, 8)) << s;
    EXPECT_EQ(pawn_attacks(WHITE, sq), steps(sq, WHITE_PAWN_STEPS, 2)) << s;
    EXPECT_EQ(pawn_attacks(BLACK, sq), steps(sq, BLACK_PAWN_STEPS, 2)) << s;
  }
}

TEST_F(BitboardTest, SliderAttacksMatchRayWalk) {
  std::mt19937_64 rng(20240601);
  for (int s = 0; s < 64; ++s) {
    Square sq = Square(s);
    EXPECT_EQ(rook_attacks(sq, 0), ref_rook(sq, 0)) << s;
    EXPECT_EQ(bishop_attacks(sq, 0), ref_bishop(sq, 0)) << s;
    EXPECT_EQ(rook_attacks(sq, ~0ULL), ref_rook(sq, ~0ULL)) << s;
    EXPECT_EQ(bishop_attacks(sq, ~0ULL), ref_bishop(sq, ~0ULL)) << s;
    for (int i = 0; i < 2000; ++i) {
      Bitboard occ = random_occupancy(rng);
      ASSERT_EQ(rook_attacks(sq, occ), ref_rook(sq, occ)) << "square " << s << " occ " << cwtest::hex(occ);
      ASSERT_EQ(bishop_attacks(sq, occ), ref_bishop(sq, occ))
          << "square " << s << " occ " << cwtest::hex(occ);
      ASSERT_EQ(queen_attacks(sq, occ), ref_rook(sq, occ) | ref_bishop(sq, occ)) << s;
    }
  }
}

TEST_F(BitboardTest, BetweenAndLine) {
  const int DIRS[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      Square sa = Square(a), sb = Square(b);
      Bitboard between = 0, line = 0;
      if (a != b) {
        for (const auto& d : DIRS) {
          // Walk from a in direction d; if b is met, record the squares in between and the
          // whole line through both.
          Bitboard path = 0;
          bool hit = false;
          for (int f = file_of(sa) + d[0], r = rank_of(sa) + d[1]; on_board(f, r); f += d[0], r += d[1]) {
            if (make_square(f, r) == sb) {
              hit = true;
              break;
            }
            path |= square_bb(make_square(f, r));
          }
          if (!hit) continue;
          between = path;
          line = square_bb(sa);
          for (int sign : {1, -1})
            for (int f = file_of(sa) + sign * d[0], r = rank_of(sa) + sign * d[1]; on_board(f, r);
                 f += sign * d[0], r += sign * d[1])
              line |= square_bb(make_square(f, r));
        }
      }
      ASSERT_EQ(between_bb(sa, sb), between) << a << " " << b;
      if (a == b) continue;  // line through a single square: not specified
      ASSERT_EQ(line_bb(sa, sb), line) << a << " " << b;
      if (line) {
        ASSERT_TRUE(aligned(sa, sb, sa));
        for (int c = 0; c < 64; ++c) ASSERT_EQ(aligned(sa, sb, Square(c)), bool(line & square_bb(Square(c))));
      }
    }
  }
}

TEST_F(BitboardTest, InitIsIdempotent) {
  Bitboard before = rook_attacks(SQ_D4, square_bb(SQ_D6) | square_bb(SQ_B4));
  init_bitboards();
  init_bitboards();
  EXPECT_EQ(rook_attacks(SQ_D4, square_bb(SQ_D6) | square_bb(SQ_B4)), before);
  EXPECT_EQ(before, ref_rook(SQ_D4, square_bb(SQ_D6) | square_bb(SQ_B4)));
}

TEST_F(BitboardTest, PrintBitboardWritesSomething) {
  char buf[128];
  std::fill(buf, buf + sizeof buf, '\x7f');
  print_bitboard(square_bb(SQ_A1) | square_bb(SQ_H8), buf);
  // Must be NUL-terminated within the documented 73 bytes.
  bool terminated = false;
  for (int i = 0; i < 73; ++i)
    if (buf[i] == '\0') terminated = true;
  EXPECT_TRUE(terminated);
}
