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
  // Codes that are no piece: a colour without a type, a type past the king.
  EXPECT_FALSE(valid_piece(chess, 1 << PIECE_COLOR_SHIFT));
  EXPECT_FALSE(valid_piece(makruk, 1 << PIECE_COLOR_SHIFT));
  for (int pt = KING + 1; pt < (1 << PIECE_COLOR_SHIFT); ++pt)
    if (pt != MET && pt != KHON && pt != PMET)
      for (Color c : {WHITE, BLACK}) {
        EXPECT_FALSE(valid_piece(chess, make_piece(c, PieceType(pt)))) << pt;
        EXPECT_FALSE(valid_piece(makruk, make_piece(c, PieceType(pt)))) << pt;
      }
}

TEST(Arguments, Colours) {
  EXPECT_TRUE(valid_color(WHITE));
  EXPECT_TRUE(valid_color(BLACK));
  EXPECT_FALSE(valid_color(COLOR_NB));  // "no colour" is not a colour to set
  EXPECT_FALSE(valid_color(-1));
  EXPECT_FALSE(valid_color(2));
  EXPECT_FALSE(valid_color(make_piece(BLACK, PAWN)));  // a piece code, not a colour
  EXPECT_FALSE(valid_color(std::numeric_limits<int>::min()));
}

TEST(Arguments, CastlingRights) {
  for (int i = -2; i <= 5; ++i) EXPECT_EQ(valid_castling_index(i), i >= 0 && i <= 3) << i;
  // Each right takes SQ_NONE or a square of its own colour's back rank, nothing else.
  for (int i = 0; i < 4; ++i) {
    const int back = i < 2 ? 0 : 7;
    EXPECT_TRUE(valid_castling_rook(i, SQ_NONE)) << i;
    for (int sq = 0; sq < 64; ++sq)
      EXPECT_EQ(valid_castling_rook(i, sq), rank_of(Square(sq)) == back) << i << " " << sq;
    EXPECT_FALSE(valid_castling_rook(i, -1)) << i;
    EXPECT_FALSE(valid_castling_rook(i, 65)) << i;
    EXPECT_FALSE(valid_castling_rook(i, -64)) << i;  // -64 & 63 would be a1
  }
  // No index, no square: not even SQ_NONE or a1.
  for (int i : {-1, 4, 64, std::numeric_limits<int>::max()}) {
    EXPECT_FALSE(valid_castling_rook(i, SQ_NONE)) << i;
    EXPECT_FALSE(valid_castling_rook(i, 0)) << i;
    EXPECT_FALSE(valid_castling_rook(i, 56)) << i;
  }
}

TEST(Arguments, PocketTypes) {
  for (int pt = PAWN; pt <= QUEEN; ++pt) EXPECT_TRUE(valid_pocket_type(pt)) << pt;
  EXPECT_FALSE(valid_pocket_type(0));     // no piece type
  EXPECT_FALSE(valid_pocket_type(KING));  // never in a pocket
  EXPECT_FALSE(valid_pocket_type(MET));   // Makruk's own kinds
  EXPECT_FALSE(valid_pocket_type(KHON));
  EXPECT_FALSE(valid_pocket_type(-1));
  EXPECT_FALSE(valid_pocket_type(make_piece(BLACK, PAWN)));  // a piece code, not a type
}

TEST(Arguments, Tolerances) {
  EXPECT_EQ(tolerated_by(0), FenErrors(0));
  EXPECT_EQ(tolerated_by(1), TOLERATE_MISSING_KINGS);
  EXPECT_EQ(tolerated_by(2), TOLERATE_ANY_BOARD);
  for (int t : {-1, 3, 100, std::numeric_limits<int>::min()}) EXPECT_EQ(tolerated_by(t), FenErrors(0)) << t;
}

TEST(Arguments, FenErrorSets) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const FenErrors both = fen_error_bit(FenError::MISSING_KING) | fen_error_bit(FenError::VARIANT_MATERIAL);
  EXPECT_EQ(fen_errors_in(double(both)), both);  // a code above 31 crosses
  EXPECT_EQ(fen_errors_in(0), FenErrors(0));
  EXPECT_EQ(fen_errors_in(9007199254740991.0), FenErrors(9007199254740991ull));
  EXPECT_EQ(fen_errors_in(9007199254740992.0), FenErrors(0));
  EXPECT_EQ(fen_errors_in(-1), FenErrors(0));
  EXPECT_EQ(fen_errors_in(nan), FenErrors(0));
  EXPECT_EQ(fen_errors_in(inf), FenErrors(0));
  EXPECT_EQ(fen_errors_in(-inf), FenErrors(0));
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

TEST(Arguments, TablebaseSizesAndOffsets) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(valid_byte_offset(0));
  EXPECT_TRUE(valid_byte_offset(9007199254740991.0));
  EXPECT_FALSE(valid_byte_offset(9007199254740992.0));
  EXPECT_FALSE(valid_byte_offset(-1));
  EXPECT_FALSE(valid_byte_offset(0.5));
  EXPECT_FALSE(valid_byte_offset(nan));
  EXPECT_FALSE(valid_byte_offset(inf));
  EXPECT_TRUE(valid_table_file_size(0, 4096));
  EXPECT_TRUE(valid_table_file_size(4096.0 * MAX_TABLE_CHUNKS, 4096));
  EXPECT_FALSE(valid_table_file_size(4096.0 * MAX_TABLE_CHUNKS + 1, 4096));
  EXPECT_TRUE(valid_table_file_size(4096.0 * MAX_TABLE_CHUNKS + 1, 8192));
  EXPECT_FALSE(valid_table_file_size(-4096, 4096));
  EXPECT_FALSE(valid_table_file_size(nan, 4096));
}
