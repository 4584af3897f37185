// chesswasm tests — the attack queries (attacks.h) against a brute-force reference: every
// piece's attacks walked step by step from its movement (no table, no magic), on random
// positions of every variant reached by random play, with the occupancy changed and pieces
// excluded as the callers do.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "attacks.h"
#include "movegen.h"
#include "position.h"

using namespace cw;

namespace {

// The squares a piece of type pt and colour c on s attacks, walked on the board.
Bitboard ref_attacks(PieceType pt, Color c, int s, Bitboard occ) {
  struct Step {
    int df, dr;
  };
  static const Step KNIGHT_S[] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  static const Step DIAG[] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  static const Step ORTHO[] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  const int fwd = c == WHITE ? 1 : -1;
  const int f0 = s % 8, r0 = s / 8;
  Bitboard out = 0;
  auto walk = [&](Step st, bool slide) {
    for (int f = f0 + st.df, r = r0 + st.dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += st.df, r += st.dr) {
      const Bitboard b = Bitboard(1) << (r * 8 + f);
      out |= b;
      if (!slide || (occ & b)) break;
    }
  };
  switch (pt) {
    case PAWN:
      walk({1, fwd}, false);
      walk({-1, fwd}, false);
      break;
    case KNIGHT:
      for (Step st : KNIGHT_S) walk(st, false);
      break;
    case BISHOP:
      for (Step st : DIAG) walk(st, true);
      break;
    case ROOK:
      for (Step st : ORTHO) walk(st, true);
      break;
    case QUEEN:
      for (Step st : DIAG) walk(st, true);
      for (Step st : ORTHO) walk(st, true);
      break;
    case KING:
      for (Step st : DIAG) walk(st, false);
      for (Step st : ORTHO) walk(st, false);
      break;
    case MET:
    case PMET:
      for (Step st : DIAG) walk(st, false);
      break;
    case KHON:
      for (Step st : DIAG) walk(st, false);
      walk({0, fwd}, false);
      break;
    default:
      break;
  }
  return out;
}

// The pieces of colour by, less excluded, whose reference attacks reach s.
Bitboard ref_attackers(const Position& pos, Color by, int s, Bitboard occ, Bitboard excluded) {
  Bitboard out = 0;
  for (int q = 0; q < 64; ++q) {
    const Piece p = pos.piece_on(Square(q));
    if (p == NO_PIECE || color_of(p) != by || (excluded >> q & 1)) continue;
    if (ref_attacks(type_of(p), by, q, occ) >> s & 1) out |= Bitboard(1) << q;
  }
  return out;
}

// Checks every query of the family on every square, for both colours, with occupancy occ.
void check_queries(const Position& pos, Bitboard occ, Bitboard excluded, const std::string& where) {
  const bool makruk = pos.variant() == MAKRUK;
  for (int si = 0; si < 64; ++si) {
    const Square s = Square(si);
    Bitboard both = 0;
    for (Color by : {WHITE, BLACK}) {
      const Bitboard want = ref_attackers(pos, by, si, occ, excluded);
      const Bitboard all = ref_attackers(pos, by, si, occ, 0);
      both |= all;
      const std::string ctx =
          where + " square " + std::to_string(si) + (by == WHITE ? " by white" : " by black");
      ASSERT_EQ(attackers(pos, by, s, occ, excluded), want) << ctx;
      ASSERT_EQ(makruk ? attackers<PieceSet::MAKRUK>(pos, by, s, occ, excluded)
                       : attackers<PieceSet::CHESS>(pos, by, s, occ, excluded),
                want)
          << ctx;
      ASSERT_EQ(attacked_by(pos, by, s, occ, excluded), want != 0) << ctx;
      ASSERT_EQ(attacked_by_lines(pos, by, s, occ, excluded), want != 0) << ctx;
      ASSERT_EQ(attackers_by_lines(pos, by, s, occ, excluded), want) << ctx;
      const bool templ = by == WHITE ? (makruk ? attacked<PieceSet::MAKRUK, WHITE>(pos, s, occ, excluded)
                                               : attacked<PieceSet::CHESS, WHITE>(pos, s, occ, excluded))
                                     : (makruk ? attacked<PieceSet::MAKRUK, BLACK>(pos, s, occ, excluded)
                                               : attacked<PieceSet::CHESS, BLACK>(pos, s, occ, excluded));
      ASSERT_EQ(templ, want != 0) << ctx;
      if (occ == pos.pieces() && !excluded) {
        ASSERT_EQ(attacked_by(pos, by, s), want != 0) << ctx;
      }
    }
    ASSERT_EQ(attackers_to(pos, s, occ), both) << where << " square " << si;
    if (occ == pos.pieces()) {
      ASSERT_EQ(attackers_to(pos, s), both) << where << " square " << si;
    }
  }
}

struct VariantStart {
  Variant v;
  const char* fen;  // nullptr: start_fen(v)
};

}  // namespace

TEST(Attacks, AttacksOfEveryPieceMatchesWalk) {
  init_bitboards();
  std::mt19937_64 rng(24);
  for (int s = 0; s < 64; ++s)
    for (int i = 0; i < 40; ++i) {
      const Bitboard occ = rng() & rng();
      for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
        for (Color c : {WHITE, BLACK})
          ASSERT_EQ(attacks_of(PieceType(pt), c, Square(s), occ), ref_attacks(PieceType(pt), c, s, occ))
              << "type " << pt << " colour " << int(c) << " square " << s;
    }
}

TEST(Attacks, PieceSetFromVariant) {
  for (int v = 0; v < VARIANT_NB; ++v)
    EXPECT_EQ(piece_set(Variant(v)), v == MAKRUK ? PieceSet::MAKRUK : PieceSet::CHESS) << v;
}

// Random play in every variant; at every position, the queries on the board as it is, on a
// changed occupancy (pieces lifted, empty squares filled) and with pieces excluded.
TEST(Attacks, EveryQueryMatchesReferenceOnRandomPlay) {
  const VariantStart starts[] = {
      {CHESS, nullptr},
      {CHESS, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
      {CHESS960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
      {MAKRUK, nullptr},
      {MAKRUK, "8/8/4k3/3mM3/2s1S3/8/4K3/8 w - - 0 1"},
      {CRAZYHOUSE, nullptr},
      {ATOMIC, nullptr},
      {ANTICHESS, nullptr},
      {KING_OF_THE_HILL, nullptr},
      {THREE_CHECK, nullptr},
      {RACING_KINGS, nullptr},
      {HORDE, nullptr},
  };
  std::mt19937_64 rng(2024);
  int positions = 0;
  for (const VariantStart& st : starts) {
    const std::string fen = st.fen ? st.fen : start_fen(st.v);
    for (int game = 0; game < 6; ++game) {
      Position pos;
      ASSERT_EQ(pos.set_fen(fen, st.v), FenError::OK) << fen;
      for (int ply = 0; ply < 120; ++ply) {
        const std::string where = "variant " + std::to_string(int(st.v)) + " " + pos.fen();
        check_queries(pos, pos.pieces(), 0, where);
        const Bitboard noise = rng() & rng() & rng();
        check_queries(pos, pos.pieces() ^ noise, 0, where + " (occupancy changed)");
        check_queries(pos, pos.pieces(), pos.pieces() & rng() & rng(), where + " (pieces excluded)");
        if (HasFatalFailure()) return;
        ++positions;
        MoveList moves;
        generate_legal(pos, moves);
        if (moves.count == 0) break;
        pos.do_move(moves.moves[rng() % moves.count]);
      }
    }
  }
  EXPECT_GT(positions, 3000);
}
