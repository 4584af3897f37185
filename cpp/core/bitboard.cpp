// chesswasm — bitboard tables, filled once at start-up.
// SPDX-License-Identifier: MIT
#include "bitboard.h"

#include <cstdlib>

#include "magics.h"

namespace cw {

namespace tables {
Bitboard pawn_attacks[COLOR_NB][SQUARE_NB];
Bitboard knight_attacks[SQUARE_NB];
Bitboard king_attacks[SQUARE_NB];
Bitboard fers_attacks[SQUARE_NB];
Bitboard khon_attacks[COLOR_NB][SQUARE_NB];
Bitboard between[SQUARE_NB][SQUARE_NB];
Bitboard line[SQUARE_NB][SQUARE_NB];
Magic rook_magics[SQUARE_NB];
Magic bishop_magics[SQUARE_NB];
}  // namespace tables

namespace {

// Fancy magic tables: sizes are the sums of 2^bits over the squares.
Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

bool initialised = false;

// Start-up code (the tables are filled once): compiled for size in the wasm build (types.h).
CW_SIZE_CODE_BEGIN

// The square (file+df, rank+dr), or SQ_NONE off the board.
Square step(Square s, int df, int dr) {
  int f = file_of(s) + df, r = rank_of(s) + dr;
  return (f < 0 || f > 7 || r < 0 || r > 7) ? SQ_NONE : make_square(f, r);
}

// Slider attacks by walking rays: slow, used only to fill the tables.
Bitboard ray_attacks(const int (*dirs)[2], Square s, Bitboard occ) {
  Bitboard att = 0;
  for (int d = 0; d < 4; ++d) {
    Square t = s;
    while ((t = step(t, dirs[d][0], dirs[d][1])) != SQ_NONE) {
      att |= square_bb(t);
      if (occ & square_bb(t)) break;
    }
  }
  return att;
}

constexpr int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_DIRS[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

// Empty-board rays per direction (same order as the DIRS arrays), for fast table filling.
Bitboard rays[2][4][SQUARE_NB];

// A slider's attacks along direction d (of the DIRS array dirs) from precomputed rays: the
// first blocker cuts the ray behind it. Rays that grow the square index are cut at their
// lowest blocker, the others at their highest.
Bitboard ray_cut(int kind, const int (*dirs)[2], int d, Square s, Bitboard occ) {
  Bitboard r = rays[kind][d][s];
  Bitboard b = r & occ;
  if (b) {
    bool grows = dirs[d][1] > 0 || (dirs[d][1] == 0 && dirs[d][0] > 0);
    Square blocker = grows ? lsb(b) : Square(63 - __builtin_clzll(b));
    r ^= rays[kind][d][blocker];
  }
  return r;
}

Bitboard leaper(Square s, const int (*deltas)[2], int n) {
  Bitboard b = 0;
  for (int i = 0; i < n; ++i) {
    Square t = step(s, deltas[i][0], deltas[i][1]);
    if (t != SQ_NONE) b |= square_bb(t);
  }
  return b;
}

// Fills one slider's magic table using the precomputed magic numbers. Every magic in
// magics.h was found by cpp/tools/find_magics.cpp and is verified here: a collision
// between two occupancies with different attacks aborts start-up.
// Each subset of a square's mask is the union of one subset of each direction's part of the
// mask, and its attacks the union of each part's attacks: the (at most 64) subsets of each
// direction are cut once, then combined in four nested loops, where each table entry costs a
// few ORs, the magic multiply and a store (the tables hold 107,520 entries, filled while the
// module starts, in V8's first-tier code: docs/performance.md, "What limits it"). The tables are zero
// before (static storage, filled once).
void init_magics(int kind, Magic* magics, Bitboard* table, const int (*dirs)[2], const uint64_t* numbers,
                 const unsigned char* bits) {
  Bitboard* next = table;
  for (int si = 0; si < 64; ++si) {
    Square s = Square(si);
    Bitboard edges =
        ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    Magic& m = magics[s];
    m.mask = ray_attacks(dirs, s, 0) & ~edges;
    m.magic = numbers[s];
    m.shift = 64 - bits[s];
    m.attacks = next;
    // Per direction: each subset of its part of the mask and the attacks along it.
    Bitboard occ[4][64], att[4][64];
    int count[4];
    for (int d = 0; d < 4; ++d) {
      const Bitboard part = rays[kind][d][s] & m.mask;
      int n = 0;
      Bitboard o = 0;
      do {  // carry-rippler over the subsets of the part
        occ[d][n] = o;
        att[d][n++] = ray_cut(kind, dirs, d, s, o);
        o = (o - part) & part;
      } while (o);
      count[d] = n;
    }
    for (int a = 0; a < count[0]; ++a)
      for (int b = 0; b < count[1]; ++b) {
        const Bitboard occ_ab = occ[0][a] | occ[1][b], att_ab = att[0][a] | att[1][b];
        for (int c = 0; c < count[2]; ++c) {
          const Bitboard occ_abc = occ_ab | occ[2][c], att_abc = att_ab | att[2][c];
          for (int e = 0; e < count[3]; ++e) {
            const Bitboard o = occ_abc | occ[3][e], at = att_abc | att[3][e];
            Bitboard& slot = m.attacks[m.index(o)];
            if (slot && slot != at) std::abort();  // a wrong magic: never ship one
            slot = at;
          }
        }
      }
    next += size_t(1) << bits[s];
  }
}

}  // namespace

void init_bitboards() {
  if (initialised) return;
  static const int KNIGHT_D[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  static const int KING_D[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  static const int FERS_D[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
  static const int WPAWN_D[2][2] = {{-1, 1}, {1, 1}};
  static const int BPAWN_D[2][2] = {{-1, -1}, {1, -1}};
  for (int si = 0; si < 64; ++si) {
    Square s = Square(si);
    tables::knight_attacks[s] = leaper(s, KNIGHT_D, 8);
    tables::king_attacks[s] = leaper(s, KING_D, 8);
    tables::fers_attacks[s] = leaper(s, FERS_D, 4);
    tables::pawn_attacks[WHITE][s] = leaper(s, WPAWN_D, 2);
    tables::pawn_attacks[BLACK][s] = leaper(s, BPAWN_D, 2);
    Square up = step(s, 0, 1), down = step(s, 0, -1);
    tables::khon_attacks[WHITE][s] = tables::fers_attacks[s] | (up != SQ_NONE ? square_bb(up) : 0);
    tables::khon_attacks[BLACK][s] = tables::fers_attacks[s] | (down != SQ_NONE ? square_bb(down) : 0);
  }
  for (int si = 0; si < 64; ++si)
    for (int d = 0; d < 4; ++d) {
      const int(*both[2])[2] = {ROOK_DIRS, BISHOP_DIRS};
      for (int kind = 0; kind < 2; ++kind) {
        Bitboard r = 0;
        for (Square t = Square(si); (t = step(t, both[kind][d][0], both[kind][d][1])) != SQ_NONE;)
          r |= square_bb(t);
        rays[kind][d][si] = r;
      }
    }
  init_magics(0, tables::rook_magics, rook_table, ROOK_DIRS, ROOK_MAGIC_NUMBERS, ROOK_MAGIC_BITS);
  init_magics(1, tables::bishop_magics, bishop_table, BISHOP_DIRS, BISHOP_MAGIC_NUMBERS, BISHOP_MAGIC_BITS);
  // Lines and the squares between two squares, by walking the eight rays from each square.
  static const int DIRS8[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {-1, 1}, {1, -1}};
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) tables::between[a][b] = tables::line[a][b] = 0;
    for (int d = 0; d < 8; ++d) {
      const int* fwd = DIRS8[d];
      const int* back = DIRS8[d ^ 1];  // the opposite direction
      Bitboard full = square_bb(Square(a));
      for (Square t = Square(a); (t = step(t, fwd[0], fwd[1])) != SQ_NONE;) full |= square_bb(t);
      for (Square t = Square(a); (t = step(t, back[0], back[1])) != SQ_NONE;) full |= square_bb(t);
      Bitboard walked = 0;
      for (Square t = Square(a); (t = step(t, fwd[0], fwd[1])) != SQ_NONE;) {
        tables::between[a][t] = walked;
        tables::line[a][t] = full;
        walked |= square_bb(t);
      }
    }
  }
  initialised = true;
}

void print_bitboard(Bitboard b, char* out) {
  int k = 0;
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) out[k++] = (b & square_bb(make_square(f, r))) ? 'X' : '.';
    out[k++] = '\n';
  }
  out[k] = 0;
}

CW_SIZE_CODE_END

}  // namespace cw
