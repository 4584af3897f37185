// chesswasm — Zobrist keys. Standard chess and Chess960 use the Polyglot Random64 table
// and rules, so Position::key() is the key Polyglot opening books are indexed by.
// SPDX-License-Identifier: MIT
#pragma once

#include "types.h"

namespace cw::zobrist {

// The 781 Polyglot Random64 keys in book order: 768 piece keys (64 * kind + square, kind
// = 2 * (type - 1) + (colour is white)), 4 castling keys (white short, white long, black
// short, black long), 8 en passant file keys, and the turn key (used when white moves).
extern const Key RANDOM64[781];

// Fills the piece-key tables (idempotent; Position set-up calls it before any key is used).
void init();

extern const Key (&PIECE_KEYS)[PIECE_NB][SQUARE_NB];
extern const Key (&CASTLING_KEYS)[CASTLING_RIGHT_NB];

// Makruk keys: every piece kind (the Polyglot table is for chess only), the turn, and the
// running count, all drawn from splitmix64 with a fixed seed at compile time.
extern const Key (&MAKRUK_PIECE_KEYS)[PIECE_NB][SQUARE_NB];
extern const Key& MAKRUK_TURN;
// Key of the counting state: the limit (in plies) of the count that runs, 0 for none.
Key makruk_count(int limit_plies);

// Lichess variants: the board keeps Polyglot's keys; these are added, drawn from splitmix64
// with a fixed seed. A pocket holding n pieces of a type (n = 0 has key 0, n <= POCKET_MAX),
// a promoted piece on a square (crazyhouse), and the checks a side still has to give
// (three-check; 3 has key 0, so the start position's key is Polyglot's).
constexpr int POCKET_MAX = 64;
Key pocket(Color c, PieceType pt, int n);
Key promoted(Square s);
Key checks_left(Color c, int n);

// Key of a piece on a square (Makruk kinds get keys of their own, see zobrist.cpp).
inline Key piece(Piece p, Square s) { return PIECE_KEYS[p][s]; }
// XOR of the keys of every castling right in the set.
inline Key castling(int rights) { return CASTLING_KEYS[rights & 15]; }
inline Key en_passant(int file) { return RANDOM64[772 + file]; }
// XORed in when white is to move.
inline Key turn() { return RANDOM64[780]; }

}  // namespace cw::zobrist
