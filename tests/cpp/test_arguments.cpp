// The checks of what JS passes to the module (cpp/wasm/arguments.h): each accepts exactly the
// valid values; JS can pass any number.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string_view>

#include "arguments.h"

using namespace cw;
using namespace cw::wasm;

TEST(Arguments, VariantsAndSquares) {
  EXPECT_TRUE(valid_variant(CHESS));
  EXPECT_TRUE(valid_variant(CHESS960));
  EXPECT_TRUE(valid_variant(MAKRUK));
  EXPECT_FALSE(valid_variant(-1));
  EXPECT_FALSE(valid_variant(MAKRUK + 1000));
  for (int sq = -2; sq <= 66; ++sq) {
    EXPECT_EQ(valid_square(sq), sq >= 0 && sq <= 63) << sq;
    EXPECT_EQ(valid_square_or_none(sq), sq >= 0 && sq <= 64) << sq;
  }
}

TEST(Arguments, PiecesOfTheVariant) {
  cw::Setup chess;
  cw::Setup makruk;
  ASSERT_EQ(makruk.parse("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", MAKRUK), FenError::OK);
  EXPECT_TRUE(valid_piece(chess, 0));
  EXPECT_FALSE(valid_piece(chess, -1));
  EXPECT_FALSE(valid_piece(chess, PIECE_NB));
  for (Color c : {WHITE, BLACK}) {
    for (int pt = PAWN; pt <= KING; ++pt) EXPECT_TRUE(valid_piece(chess, make_piece(c, PieceType(pt))));
    EXPECT_FALSE(valid_piece(chess, make_piece(c, MET)));
    EXPECT_TRUE(valid_piece(makruk, make_piece(c, MET)));
    EXPECT_TRUE(valid_piece(makruk, make_piece(c, KHON)));
    EXPECT_FALSE(valid_piece(makruk, make_piece(c, QUEEN)));
    EXPECT_FALSE(valid_piece(makruk, make_piece(c, BISHOP)));
  }
}

TEST(Arguments, Counters) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(valid_halfmoves(0));
  EXPECT_TRUE(valid_halfmoves(MAX_HALFMOVE_CLOCK));
  EXPECT_FALSE(valid_halfmoves(MAX_HALFMOVE_CLOCK + 1));
  EXPECT_FALSE(valid_halfmoves(-1));
  EXPECT_FALSE(valid_halfmoves(0.5));
  EXPECT_FALSE(valid_halfmoves(nan));
  EXPECT_FALSE(valid_halfmoves(inf));
  EXPECT_TRUE(valid_fullmoves(1));
  EXPECT_TRUE(valid_fullmoves(MAX_FULLMOVE_NUMBER));
  EXPECT_FALSE(valid_fullmoves(0));
  EXPECT_FALSE(valid_fullmoves(MAX_FULLMOVE_NUMBER + 1));
  EXPECT_FALSE(valid_fullmoves(1.5));
  EXPECT_FALSE(valid_fullmoves(nan));
  EXPECT_FALSE(valid_fullmoves(-inf));
  EXPECT_FALSE(valid_fullmoves(1e300));
}

TEST(Arguments, TextsInABuffer) {
  const char buf[] = "abcdef";
  EXPECT_EQ(text_in(buf, 6, 3), "abc");
  EXPECT_EQ(text_in(buf, 6, 6), "abcdef");
  EXPECT_EQ(text_in(buf, 6, 7), "");
  EXPECT_EQ(text_in(buf, 6, -1), "");
  std::string_view a = "x", b = "y";
  EXPECT_TRUE(texts_in(buf, 6, 2, 4, a, b));
  EXPECT_EQ(a, "ab");
  EXPECT_EQ(b, "cdef");
  a = "x";
  EXPECT_FALSE(texts_in(buf, 6, 3, 4, a, b));
  EXPECT_FALSE(texts_in(buf, 6, -1, 2, a, b));
  EXPECT_FALSE(texts_in(buf, 6, 2, -1, a, b));
  EXPECT_EQ(a, "x");  // unchanged on a refusal
}

TEST(Arguments, TextOfAndAt) {
  const char buf[] = "abcdef";
  std::string_view t = "x";
  EXPECT_TRUE(text_of(buf, 6, 0, t));
  EXPECT_EQ(t, "");
  EXPECT_TRUE(text_of(buf, 6, 6, t));
  EXPECT_EQ(t, "abcdef");
  t = "x";
  EXPECT_FALSE(text_of(buf, 6, 7, t));
  EXPECT_FALSE(text_of(buf, 6, -1, t));
  EXPECT_EQ(t, "x");
  EXPECT_TRUE(text_at(buf, 6, 2, 3, t));
  EXPECT_EQ(t, "cde");
  EXPECT_TRUE(text_at(buf, 6, 6, 0, t));
  EXPECT_EQ(t, "");
  t = "x";
  EXPECT_FALSE(text_at(buf, 6, 4, 3, t));
  EXPECT_FALSE(text_at(buf, 6, -1, 2, t));
  EXPECT_FALSE(text_at(buf, 6, 2, -1, t));
  EXPECT_FALSE(text_at(buf, 6, 7, 0, t));
  EXPECT_FALSE(text_at(buf, 6, 2147483647, 2147483647, t));  // no wrap-around
  EXPECT_EQ(t, "x");
}

TEST(Arguments, NotationAndVariantWithTexts) {
  EXPECT_TRUE(valid_notation(0));
  EXPECT_TRUE(valid_notation(2));
  EXPECT_FALSE(valid_notation(3));
  EXPECT_FALSE(valid_notation(-1));
  const char buf[] = "fenline";
  std::string_view a = "x", b = "y";
  EXPECT_TRUE(variant_and_text(MAKRUK, buf, 7, 3, a));
  EXPECT_EQ(a, "fen");
  a = "x";
  EXPECT_FALSE(variant_and_text(VARIANT_NB, buf, 7, 3, a));
  EXPECT_FALSE(variant_and_text(-1, buf, 7, 3, a));
  EXPECT_FALSE(variant_and_text(CHESS, buf, 7, 8, a));
  EXPECT_EQ(a, "x");
  EXPECT_TRUE(variant_and_texts(HORDE, buf, 7, 3, 4, a, b));
  EXPECT_EQ(a, "fen");
  EXPECT_EQ(b, "line");
  a = "x";
  EXPECT_FALSE(variant_and_texts(VARIANT_NB, buf, 7, 3, 4, a, b));
  EXPECT_FALSE(variant_and_texts(CHESS, buf, 7, 4, 4, a, b));
  EXPECT_FALSE(variant_and_texts(CHESS, buf, 7, -1, 4, a, b));
  EXPECT_EQ(a, "x");
}

TEST(Arguments, RoomFor) {
  EXPECT_EQ(room_for(0), 0u);
  EXPECT_EQ(room_for(65536), 65536u);
  EXPECT_EQ(room_for(65537), 131072u);
  EXPECT_EQ(room_for(20000056), room_for(20000060));
  EXPECT_EQ(room_for(20000056), 33554432u);
}
