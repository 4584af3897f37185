// chesswasm — bitboards: square sets, leaper tables and magic slider attacks.
// SPDX-License-Identifier: MIT
#pragma once

#include "types.h"

namespace cw {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;

constexpr Bitboard square_bb(Square s) { return 1ULL << s; }
constexpr Bitboard file_bb(int f) { return FILE_A_BB << f; }
constexpr Bitboard rank_bb(int r) { return RANK_1_BB << (8 * r); }

inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
// The lowest square of a non-empty set.
inline Square lsb(Bitboard b) { return Square(__builtin_ctzll(b)); }
// Removes and returns the lowest square of a non-empty set.
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shifts a whole set one step in a direction, dropping what falls off the board.
constexpr Bitboard shift_north(Bitboard b) { return b << 8; }
constexpr Bitboard shift_south(Bitboard b) { return b >> 8; }
constexpr Bitboard shift_east(Bitboard b) { return (b & ~FILE_H_BB) << 1; }
constexpr Bitboard shift_west(Bitboard b) { return (b & ~FILE_A_BB) >> 1; }
template <Color C>
constexpr Bitboard shift_up(Bitboard b) {
  return C == WHITE ? b << 8 : b >> 8;
}
// The squares attacked by every pawn of colour C in b.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
  return C == WHITE ? ((b & ~FILE_A_BB) << 7) | ((b & ~FILE_H_BB) << 9)
                    : ((b & ~FILE_A_BB) >> 9) | ((b & ~FILE_H_BB) >> 7);
}

// One magic entry per square: attacks = table[((occ & mask) * magic) >> shift].
struct Magic {
  Bitboard mask;
  Bitboard magic;
  Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occ) const { return unsigned(((occ & mask) * magic) >> shift); }
};

namespace tables {
extern Bitboard pawn_attacks[COLOR_NB][SQUARE_NB];
extern Bitboard knight_attacks[SQUARE_NB];
extern Bitboard king_attacks[SQUARE_NB];
extern Bitboard fers_attacks[SQUARE_NB];            // one step diagonally (Met)
extern Bitboard khon_attacks[COLOR_NB][SQUARE_NB];  // fers plus one step forward
extern Bitboard between[SQUARE_NB][SQUARE_NB];      // squares strictly between, on a line
extern Bitboard line[SQUARE_NB][SQUARE_NB];         // the whole line through both, or 0
extern Magic rook_magics[SQUARE_NB];
extern Magic bishop_magics[SQUARE_NB];
}  // namespace tables

// Fills every table; idempotent and cheap to call again. Called by Position set-up.
void init_bitboards();

inline Bitboard rook_attacks(Square s, Bitboard occ) {
  const Magic& m = tables::rook_magics[s];
  return m.attacks[m.index(occ)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  const Magic& m = tables::bishop_magics[s];
  return m.attacks[m.index(occ)];
}
inline Bitboard queen_attacks(Square s, Bitboard occ) {
  return rook_attacks(s, occ) | bishop_attacks(s, occ);
}
inline Bitboard pawn_attacks(Color c, Square s) { return tables::pawn_attacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return tables::knight_attacks[s]; }
inline Bitboard king_attacks(Square s) { return tables::king_attacks[s]; }
inline Bitboard between_bb(Square a, Square b) { return tables::between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return tables::line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return (line_bb(a, b) & square_bb(c)) != 0; }

// Squares of a set as text, for debugging.
void print_bitboard(Bitboard b, char* out /* >= 73 bytes */);

}  // namespace cw
