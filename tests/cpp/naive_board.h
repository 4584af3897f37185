// chesswasm tests — an independent mailbox model of the rules, for checking the core:
// attacks walked square by square, pseudo-legal moves then a filter that plays each move and
// looks at the king (the core never works like that). Shared by test_dense.cpp (move counts)
// and test_fen_checks.cpp (the last-move rule of set-up).
// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <vector>

#include "position.h"

namespace naive {

using namespace cw;

struct Naive {
  Piece sq[64];
  Color side;
  Variant variant;
  int ep;  // -1 when none
  struct Castle {
    int rook;
    bool king_side;
  };
  std::vector<Castle> castles;  // the side to move's rights
};

inline Naive naive_from(const Position& pos) {
  Naive b;
  for (int s = 0; s < 64; ++s) b.sq[s] = pos.piece_on(Square(s));
  b.side = pos.side_to_move();
  b.variant = pos.variant();
  b.ep = pos.ep_square() == SQ_NONE ? -1 : int(pos.ep_square());
  for (bool king_side : {true, false}) {
    CastlingRights cr = castling_right(b.side, king_side);
    if (pos.can_castle(cr)) b.castles.push_back({int(pos.castling_rook_square(cr)), king_side});
  }
  return b;
}

inline bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }
inline int forward(Color c) { return c == WHITE ? 1 : -1; }

// Whether colour `by` attacks square s (file/rank walks from s outwards).
inline bool attacked(const Piece* sq, int s, Color by, Variant v) {
  const int f = s % 8, r = s / 8;
  auto is = [&](int ff, int rr, PieceType a, PieceType b = NO_PIECE_TYPE, PieceType c = NO_PIECE_TYPE) {
    if (!on_board(ff, rr)) return false;
    Piece p = sq[rr * 8 + ff];
    if (p == NO_PIECE || color_of(p) != by) return false;
    PieceType t = type_of(p);
    return t == a || (b != NO_PIECE_TYPE && t == b) || (c != NO_PIECE_TYPE && t == c);
  };
  // Pawns (and Bia) attack one step diagonally forward.
  const int back = -forward(by);
  if (is(f - 1, r + back, PAWN) || is(f + 1, r + back, PAWN)) return true;
  static const int KNIGHT_STEPS[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                         {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  static const int KING_STEPS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (auto& d : KNIGHT_STEPS)
    if (is(f + d[0], r + d[1], KNIGHT)) return true;
  for (auto& d : KING_STEPS)
    if (is(f + d[0], r + d[1], KING)) return true;
  const bool makruk = v == MAKRUK;
  for (auto& d : KING_STEPS) {
    const bool diagonal = d[0] != 0 && d[1] != 0;
    if (makruk && !diagonal) continue;  // only the Ruea slides, handled below
    int ff = f + d[0], rr = r + d[1];
    while (on_board(ff, rr)) {
      Piece p = sq[rr * 8 + ff];
      if (p != NO_PIECE) {
        if (color_of(p) == by) {
          PieceType t = type_of(p);
          if (!makruk && (t == QUEEN || t == (diagonal ? BISHOP : ROOK))) return true;
        }
        break;
      }
      if (makruk) break;
      ff += d[0], rr += d[1];
    }
  }
  if (makruk) {
    for (int dir = 0; dir < 4; ++dir) {
      static const int ORTHO[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
      int ff = f + ORTHO[dir][0], rr = r + ORTHO[dir][1];
      while (on_board(ff, rr)) {
        Piece p = sq[rr * 8 + ff];
        if (p != NO_PIECE) {
          if (color_of(p) == by && type_of(p) == ROOK) return true;
          break;
        }
        ff += ORTHO[dir][0], rr += ORTHO[dir][1];
      }
    }
    // Met, promoted Bia and Khon step diagonally; the Khon also straight forward.
    for (int df : {-1, 1})
      for (int dr : {-1, 1})
        if (is(f + df, r + dr, MET, PMET, KHON)) return true;
    if (is(f, r + back, KHON)) return true;
  }
  return false;
}

struct NaiveMove {
  int from, to;  // castling: king square, rook square
  PieceType promo;
  bool castle, en_passant;
  int key() const { return from | to << 6 | promo << 12 | castle << 16; }
};

// Pseudo-legal moves of the side to move, by walking the board.
inline std::vector<NaiveMove> pseudo_moves(const Naive& b) {
  std::vector<NaiveMove> out;
  const Color us = b.side;
  const bool makruk = b.variant == MAKRUK;
  auto own = [&](int s) { return b.sq[s] != NO_PIECE && color_of(b.sq[s]) == us; };
  auto enemy = [&](int s) { return b.sq[s] != NO_PIECE && color_of(b.sq[s]) != us; };
  auto add = [&](int from, int to) { out.push_back({from, to, NO_PIECE_TYPE, false, false}); };
  auto steps = [&](int s, const int(*d)[2], int n, bool slide) {
    for (int i = 0; i < n; ++i) {
      int f = s % 8 + d[i][0], r = s / 8 + d[i][1];
      while (on_board(f, r) && !own(r * 8 + f)) {
        add(s, r * 8 + f);
        if (!slide || enemy(r * 8 + f)) break;
        f += d[i][0], r += d[i][1];
      }
    }
  };
  static const int KNIGHT_D[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  static const int KING_D[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  static const int ORTHO[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  static const int DIAG[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  for (int s = 0; s < 64; ++s) {
    if (!own(s)) continue;
    const int f = s % 8, r = s / 8, up = forward(us);
    switch (type_of(b.sq[s])) {
      case KNIGHT:
        steps(s, KNIGHT_D, 8, false);
        break;
      case KING:
        steps(s, KING_D, 8, false);
        break;
      case BISHOP:
        steps(s, DIAG, 4, true);
        break;
      case ROOK:
        steps(s, ORTHO, 4, true);
        break;
      case QUEEN:
        steps(s, DIAG, 4, true);
        steps(s, ORTHO, 4, true);
        break;
      case MET:
      case PMET:
        steps(s, DIAG, 4, false);
        break;
      case KHON: {
        steps(s, DIAG, 4, false);
        const int fwd[1][2] = {{0, up}};
        steps(s, fwd, 1, false);
        break;
      }
      case PAWN: {
        const int rel = us == WHITE ? r : 7 - r;
        auto pawn_to = [&](int to) {
          const int rel_to = us == WHITE ? to / 8 : 7 - to / 8;
          if (makruk) {
            // A Bia promotes to a Met on entering the sixth rank; one set up there or beyond
            // moves on unpromoted.
            bool promotes = rel < 5 && rel_to >= 5;
            out.push_back({s, to, promotes ? PMET : NO_PIECE_TYPE, false, false});
          } else if (rel_to == 7) {
            for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) out.push_back({s, to, pt, false, false});
          } else {
            add(s, to);
          }
        };
        if (on_board(f, r + up) && b.sq[(r + up) * 8 + f] == NO_PIECE) {
          pawn_to((r + up) * 8 + f);
          if (!makruk && rel == 1 && b.sq[(r + 2 * up) * 8 + f] == NO_PIECE) add(s, (r + 2 * up) * 8 + f);
        }
        for (int df : {-1, 1}) {
          if (!on_board(f + df, r + up)) continue;
          const int to = (r + up) * 8 + f + df;
          if (enemy(to))
            pawn_to(to);
          else if (to == b.ep)
            out.push_back({s, to, NO_PIECE_TYPE, false, true});
        }
        break;
      }
      default:
        break;
    }
  }
  // Castling: the squares between the king and its destination and between the rook and its
  // destination are empty (but for the two), and the king does not start on, pass or land
  // on an attacked square.
  int ksq = -1;
  for (int s = 0; s < 64; ++s)
    if (b.sq[s] == make_piece(us, KING)) ksq = s;
  for (const auto& c : b.castles) {
    const int rank = us == WHITE ? 0 : 7;
    const int king_to = rank * 8 + (c.king_side ? 6 : 2), rook_to = rank * 8 + (c.king_side ? 5 : 3);
    auto clear = [&](int a, int z) {
      for (int s = std::min(a, z); s <= std::max(a, z); ++s)
        if (s != ksq && s != c.rook && b.sq[s] != NO_PIECE) return false;
      return true;
    };
    if (!clear(ksq, king_to) || !clear(c.rook, rook_to)) continue;
    Piece lifted[64];
    std::copy(b.sq, b.sq + 64, lifted);
    lifted[ksq] = lifted[c.rook] = NO_PIECE;
    bool safe = !attacked(b.sq, ksq, ~us, b.variant);
    for (int s = std::min(ksq, king_to); safe && s <= std::max(ksq, king_to); ++s)
      safe = !attacked(lifted, s, ~us, b.variant);
    if (safe) out.push_back({ksq, c.rook, NO_PIECE_TYPE, true, false});
  }
  return out;
}

// The legal moves: each pseudo-legal move played on a copy of the board, kept when the
// mover's king is not attacked afterwards.
inline std::vector<NaiveMove> naive_legal(const Naive& b) {
  std::vector<NaiveMove> legal;
  const Color us = b.side;
  for (const NaiveMove& m : pseudo_moves(b)) {
    Piece sq[64];
    std::copy(b.sq, b.sq + 64, sq);
    if (m.castle) {
      const int rank = us == WHITE ? 0 : 7;
      const bool king_side = m.to > m.from;
      sq[m.from] = sq[m.to] = NO_PIECE;
      sq[rank * 8 + (king_side ? 6 : 2)] = make_piece(us, KING);
      sq[rank * 8 + (king_side ? 5 : 3)] = make_piece(us, ROOK);
    } else {
      Piece p = sq[m.from];
      sq[m.from] = NO_PIECE;
      sq[m.to] = m.promo != NO_PIECE_TYPE ? make_piece(us, m.promo) : p;
      if (m.en_passant) sq[m.to - 8 * forward(us)] = NO_PIECE;
    }
    int ksq = -1;
    for (int s = 0; s < 64; ++s)
      if (sq[s] == make_piece(us, KING)) ksq = s;
    // A side without a king (a board Setup::build took with TOLERATE_MISSING_KINGS) is never
    // in check: every pseudo-legal move is legal.
    if (ksq < 0 || !attacked(sq, ksq, ~us, b.variant)) legal.push_back(m);
  }
  return legal;
}

}  // namespace naive
