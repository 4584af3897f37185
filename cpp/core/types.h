// chesswasm — the vocabulary of the core: colours, piece types, pieces, squares, moves.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

// Cold code compiled for size in the wasm build (the package ships the .wasm; -O3 inlining
// and unrolling of code that runs once or rarely made it several KB larger): every function
// defined between CW_SIZE_CODE_BEGIN and CW_SIZE_CODE_END gets clang's minsize. Native builds
// are unchanged.
#if defined(__EMSCRIPTEN__) && defined(__clang__)
#define CW_SIZE_CODE_BEGIN _Pragma("clang attribute push(__attribute__((minsize)), apply_to = function)")
#define CW_SIZE_CODE_END _Pragma("clang attribute pop")
#else
#define CW_SIZE_CODE_BEGIN
#define CW_SIZE_CODE_END
#endif

namespace cw {

using Bitboard = uint64_t;
using Key = uint64_t;

// The rule sets. CHESS960 is standard rules with Chess960 castling; the seven lichess
// variants (CRAZYHOUSE and after) share the chess pieces and the Polyglot piece keys.
enum Variant : uint8_t {
  CHESS = 0,
  CHESS960 = 1,
  MAKRUK = 2,
  CRAZYHOUSE = 3,
  ATOMIC = 4,
  ANTICHESS = 5,
  KING_OF_THE_HILL = 6,
  THREE_CHECK = 7,
  RACING_KINGS = 8,
  HORDE = 9,
  VARIANT_NB = 10
};
// One of the seven lichess variants (their own code paths: movegen.cpp, position.cpp).
constexpr bool is_lichess_variant(Variant v) { return v >= CRAZYHOUSE; }
// The rule set has castling.
constexpr bool variant_has_castling(Variant v) { return v != MAKRUK && v != ANTICHESS && v != RACING_KINGS; }
// Chess960 castling is a flag beside the rule set (X-FEN / Shredder-FEN rights, castling
// from any king and rook files, king-to-rook UCI). CHESS960 is standard rules with it; the
// flag means nothing for a rule set without castling. The rule set a variant and the flag
// give (standard rules with the flag are CHESS960), and whether its castling is Chess960's.
constexpr Variant rules_with_chess960(Variant v, bool chess960) {
  return v == CHESS && chess960 ? CHESS960 : v;
}
constexpr bool castling_chess960(Variant v, bool chess960) {
  return v == CHESS960 || (chess960 && variant_has_castling(v));
}

enum Color : uint8_t { WHITE = 0, BLACK = 1, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Piece types. The Makruk kinds are reserved here so that one Position type serves every
// variant; standard chess never places them.
enum PieceType : uint8_t {
  NO_PIECE_TYPE = 0,
  PAWN = 1,
  KNIGHT = 2,
  BISHOP = 3,
  ROOK = 4,
  QUEEN = 5,
  KING = 6,
  MET = 7,   // Makruk: one step diagonally
  KHON = 8,  // Makruk: one step diagonally or straight forward
  PMET = 9,  // Makruk: a promoted Bia, moves as a Met
  PIECE_TYPE_NB = 10
};

// The lower-case letter of a piece type in FEN and UCI (' ' for none; Makruk: 'm' for the
// Met and a promoted Bia, 's' for the Khon).
constexpr char piece_type_char(PieceType pt) { return " pnbrqkmsm"[pt]; }

// A piece is its colour in bit 4 and its type in bits 0-3; 0 is the empty square.
enum Piece : uint8_t { NO_PIECE = 0, PIECE_NB = 32 };
constexpr int PIECE_COLOR_SHIFT = 4;

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << PIECE_COLOR_SHIFT) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) { return Color(p >> PIECE_COLOR_SHIFT); }

// Squares a1 = 0, b1 = 1, ..., h8 = 63.
enum Square : uint8_t {
  SQ_A1,
  SQ_B1,
  SQ_C1,
  SQ_D1,
  SQ_E1,
  SQ_F1,
  SQ_G1,
  SQ_H1,
  SQ_A2,
  SQ_B2,
  SQ_C2,
  SQ_D2,
  SQ_E2,
  SQ_F2,
  SQ_G2,
  SQ_H2,
  SQ_A3,
  SQ_B3,
  SQ_C3,
  SQ_D3,
  SQ_E3,
  SQ_F3,
  SQ_G3,
  SQ_H3,
  SQ_A4,
  SQ_B4,
  SQ_C4,
  SQ_D4,
  SQ_E4,
  SQ_F4,
  SQ_G4,
  SQ_H4,
  SQ_A5,
  SQ_B5,
  SQ_C5,
  SQ_D5,
  SQ_E5,
  SQ_F5,
  SQ_G5,
  SQ_H5,
  SQ_A6,
  SQ_B6,
  SQ_C6,
  SQ_D6,
  SQ_E6,
  SQ_F6,
  SQ_G6,
  SQ_H6,
  SQ_A7,
  SQ_B7,
  SQ_C7,
  SQ_D7,
  SQ_E7,
  SQ_F7,
  SQ_G7,
  SQ_H7,
  SQ_A8,
  SQ_B8,
  SQ_C8,
  SQ_D8,
  SQ_E8,
  SQ_F8,
  SQ_G8,
  SQ_H8,
  SQ_NONE = 64,
  SQUARE_NB = 64
};

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
// The rank as seen from colour c (0 = its back rank).
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c == WHITE ? 0 : 56)); }
constexpr bool is_ok(Square s) { return s < 64; }
// The square one step forward for colour c.
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

// Castling rights: four slots, each bound to a rook square in the Position so that
// Chess960 castling needs no special case.
enum CastlingRights : uint8_t {
  NO_CASTLING = 0,
  WHITE_OO = 1,
  WHITE_OOO = 2,
  BLACK_OO = 4,
  BLACK_OOO = 8,
  ALL_CASTLING = 15
};
constexpr int CASTLING_RIGHT_NB = 16;
// Index 0..3 of a single right, in Polyglot order: white short, white long, black short,
// black long.
constexpr int castling_index(CastlingRights cr) {
  return cr == WHITE_OO ? 0 : cr == WHITE_OOO ? 1 : cr == BLACK_OO ? 2 : 3;
}
constexpr CastlingRights castling_right(Color c, bool king_side) {
  return CastlingRights(c == WHITE ? (king_side ? WHITE_OO : WHITE_OOO) : (king_side ? BLACK_OO : BLACK_OOO));
}

// A move fits in 16 bits:
//   bits  0-5   origin square
//   bits  6-11  destination square (for castling: the square of the castling rook)
//   bits 12-15  flags, see MoveFlag
// Move 0 (a1a1, quiet) is the null move; no legal move has origin == destination.
//
// Two encodings serve the lichess variants without a wider move:
//   - A crazyhouse drop has the flag DOUBLE_PUSH and, in the origin field, the dropped
//     piece type (PAWN..QUEEN, so the "origin" is b1..f1); the destination is the square.
//     A real double push starts on the second rank of its side, so origins on rank 1 with
//     that flag are free: horde's double steps from the first rank set no en passant square
//     and are QUIET moves. For a drop, move_from names no square (use drop_type), and
//     is_capture, is_castling, is_en_passant and is_promotion are false.
//   - The flags PROMO_MET / PROMO_MET_CAPTURE mean "promotes to the variant's special
//     piece": the Met in Makruk, the king in antichess (promotion_type(m, v)).
using Move = uint16_t;
// 0 is no move: a null move (a pass, "--" in SAN, "0000" in UCI), the move of a root
// state, and "no move" where a function returns one.
constexpr Move MOVE_NONE = 0;
constexpr int MOVE_TO_SHIFT = 6;
constexpr int MOVE_FLAG_SHIFT = 12;

enum MoveFlag : uint8_t {
  QUIET = 0,
  DOUBLE_PUSH = 1,
  CASTLE_KING = 2,   // king takes the rook on the h-side of it (O-O)
  CASTLE_QUEEN = 3,  // king takes the rook on the a-side of it (O-O-O)
  CAPTURE = 4,
  EN_PASSANT = 5,
  PROMO_MET = 6,          // Makruk: Bia promotes to Met
  PROMO_MET_CAPTURE = 7,  // Makruk: Bia captures and promotes to Met
  PROMO_KNIGHT = 8,
  PROMO_BISHOP = 9,
  PROMO_ROOK = 10,
  PROMO_QUEEN = 11,
  PROMO_KNIGHT_CAPTURE = 12,
  PROMO_BISHOP_CAPTURE = 13,
  PROMO_ROOK_CAPTURE = 14,
  PROMO_QUEEN_CAPTURE = 15
};

constexpr Move make_move(Square from, Square to, MoveFlag flag = QUIET) {
  return Move(from | (to << MOVE_TO_SHIFT) | (flag << MOVE_FLAG_SHIFT));
}
constexpr Square move_from(Move m) { return Square(m & 63); }
constexpr Square move_to(Move m) { return Square((m >> MOVE_TO_SHIFT) & 63); }
constexpr MoveFlag move_flag(Move m) { return MoveFlag(m >> MOVE_FLAG_SHIFT); }
constexpr bool is_castling(Move m) { return move_flag(m) == CASTLE_KING || move_flag(m) == CASTLE_QUEEN; }
constexpr bool is_en_passant(Move m) { return move_flag(m) == EN_PASSANT; }
constexpr bool is_promotion(Move m) { return move_flag(m) >= PROMO_MET; }
// True for every move that removes an enemy piece (en passant and promotion captures too).
constexpr bool is_capture(Move m) {
  return move_flag(m) == CAPTURE || move_flag(m) == EN_PASSANT || move_flag(m) == PROMO_MET_CAPTURE ||
         move_flag(m) >= PROMO_KNIGHT_CAPTURE;
}
// The piece type a pawn becomes; NO_PIECE_TYPE for a move that is no promotion.
constexpr PieceType promotion_type(Move m) {
  return move_flag(m) >= PROMO_KNIGHT ? PieceType(KNIGHT + (move_flag(m) & 3))
         : (move_flag(m) == PROMO_MET || move_flag(m) == PROMO_MET_CAPTURE) ? PMET
                                                                            : NO_PIECE_TYPE;
}
// The piece a promotion makes in variant v (antichess: PROMO_MET flags promote to a king).
constexpr PieceType promotion_type(Move m, Variant v) {
  return v == ANTICHESS && promotion_type(m) == PMET ? KING : promotion_type(m);
}
// A crazyhouse drop: see the encoding above.
constexpr Move make_drop(PieceType pt, Square to) {
  return Move(pt | (to << MOVE_TO_SHIFT) | (DOUBLE_PUSH << MOVE_FLAG_SHIFT));
}
constexpr bool is_drop(Move m) { return (m & 0xF038) == (DOUBLE_PUSH << MOVE_FLAG_SHIFT); }
constexpr PieceType drop_type(Move m) { return PieceType(m & 7); }
constexpr MoveFlag promotion_flag(PieceType pt, bool capture) {
  return pt == PMET || pt == MET || pt == KING
             ? (capture ? PROMO_MET_CAPTURE : PROMO_MET)
             : MoveFlag((capture ? PROMO_KNIGHT_CAPTURE : PROMO_KNIGHT) + (pt - KNIGHT));
}

// The piece type a letter names in a variant, either case (FEN board letters; SAN takes the
// upper-case ones but P); NO_PIECE_TYPE if none. Makruk: M is the Met (and a promoted Bia),
// S the Khon; B and Q name nothing there, M and S nothing elsewhere.
constexpr PieceType piece_type_of_letter(char c, Variant v) {
  switch (c | 0x20) {
    case 'p':
      return PAWN;
    case 'n':
      return KNIGHT;
    case 'r':
      return ROOK;
    case 'k':
      return KING;
    case 'b':
      return v == MAKRUK ? NO_PIECE_TYPE : BISHOP;
    case 'q':
      return v == MAKRUK ? NO_PIECE_TYPE : QUEEN;
    case 'm':
      return v == MAKRUK ? MET : NO_PIECE_TYPE;
    case 's':
      return v == MAKRUK ? KHON : NO_PIECE_TYPE;
    default:
      return NO_PIECE_TYPE;
  }
}

// The most legal moves any position the library accepts can have; every buffer that holds
// the moves of one position (MoveList, the generator's stack buffers, the wasm move buffers)
// has MAX_MOVES slots. Two bounds, for the two kinds of position:
//
// 1. Positions of the strict rules (every Position but Setup::build's TOLERATE_ANY_BOARD
//    ones): at most MAX_MOVES_STRICT = 323. Proof (the sum of per-piece maxima):
//   Set-up refuses impossible material (setup.cpp, check_material): a side has one king, at
//   most 1 queen, 2 rooks, 2 bishops and 2 knights of its original set, and at most 8 pawns
//   and promoted pieces together. The most legal moves one piece can have, on an empty board:
//     chess and Chess960: king 8 steps + 2 castlings (one per castling right of its side;
//     Chess960 castling is one king-to-rook move per right too), queen 27 (on d4, e4, d5 or
//     e5: 14 along lines + 13 along diagonals), rook 14, bishop 13, knight 8, pawn 12 (on its
//     seventh rank: push and two captures, four promotions each; elsewhere at most 4: single
//     and double push, two captures, en passant being one of them).
//     Makruk: king 8, Ruea 14, Ma 8, Khon 5, Met and promoted Bia 4, Bia 3 (a push and two
//     captures; a promotion is one move).
//   A promoted piece has at most 27 moves and a pawn 12, so a side has at most
//     chess:  10 + 27 + 2 x 14 + 2 x 13 + 2 x 8 + 8 x 27 = 323 (8 promoted queens)
//     Makruk:  8 + 4 + 2 x 14 + 2 x 8 + 2 x 5 + 8 x 4 = 98.
//   A side without a king (TOLERATE_MISSING_KINGS: the material rule still applies, so only
//   the king and its castlings are gone) has at most 27 + 2 x 14 + 2 x 13 + 2 x 8 + 8 x 27 = 313.
//   The bound is loose: the most known in any position is 218, and a search over set-ups
//   with the rule's largest material finds no more (tests/cpp/test_dense.cpp).
//
// 2. Any board of standard chess (TOLERATE_ANY_BOARD, the chess.js facade's: up to 62 pieces
//    of a side besides two kings, any number of queens, pawns on any rank): at most
//    MAX_MOVES = 712. Proof: call a move's (from, to) its pair; a promotion is four moves
//    with one pair, every other move one move with its own pair (castling is the king's pair
//    e1-g1 or e1-c1). Count the pairs two ways, for a side with n pieces:
//    (a) by destination: `to` is a square without a piece of the side (64 - n of them), and a
//        piece reaching it either stands a knight's jump away (at most 8 such squares) or is
//        the first piece met from `to` in one of the 8 directions (rook, bishop, queen and
//        king moves, pawn pushes including the double push, pawn captures including en
//        passant, castling: every square between is empty, so no second piece of that
//        direction can reach `to`). At most 16 pairs per destination: 16 (64 - n).
//    (b) by piece: no piece has more than 27 pairs (a queen on a centre square of an empty
//        board; king 8 + 2 castlings, rook 14, bishop 13, knight 8, pawn 4): 27 n.
//    So pairs <= min(27 n, 16 (64 - n)) <= 640 (its maximum over n, at n = 24: 27 x 24 = 648,
//    16 x 40 = 640; at n = 23: 621). Promotions add 3 moves per pair of a pawn on its seventh
//    rank: at most 8 such pawns with 3 pairs each, 72 moves. 640 + 72 = 712.
//    tests/cpp/test_dense.cpp (AnyBoard...) searches crowded boards for the most moves.
//
// 3. The lichess variants (set-up rules in setup.cpp, check_material):
//   crazyhouse: at most 32 units on the board and in the pockets together (the pieces a
//     game starts with), so with n pieces on the board (both kings among them) a side has
//     at most 27 (n - 2) + 10 board moves and 5 (64 - n) drops: 22 n + 276 <= 980;
//   horde: the kingless side's pawns plus promoted pieces are at most 36: 36 x 27 = 972;
//   antichess: promoted kings count as promoted pieces (8 steps each, fewer than a queen);
//   atomic, king of the hill, three-check and racing kings keep the chess material rule.
// MAX_MOVES is the largest of the three bounds, rounded up: 1024 (>= 712, 980, 972).
constexpr int MAX_MOVES_STRICT = 323;
constexpr int MAX_MOVES = 1024;

}  // namespace cw
