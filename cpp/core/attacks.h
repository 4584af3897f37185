// chesswasm — attack queries: what a piece attacks, and which pieces attack a square.
//
// One family with one contract; every attack question of the core is asked here.
//
// What a piece attacks: the squares it could capture on, whether or not something stands
// there. A pawn (Makruk: a Bia) attacks one step diagonally forward for its colour; a knight
// (Ma) its knight jumps; a bishop, rook (Ruea) or queen slides until the first occupied
// square of `occ`, which it attacks; a king (Khun) the eight squares around it. Makruk: a Met
// and a promoted Bia (PMET) one step diagonally; a Khon one step diagonally or one straight
// forward for its colour. Kings attack in every variant like this: atomic's rule that
// touching kings are no check, and antichess's kings that are ordinary pieces, are the
// callers' rules (Position::variant_checkers, movegen's atomic_legal), not the queries'.
//
// Who attacks a square s (`attackers`, `attacked`, `attacked_by`, `attackers_to`):
//   - the attacking pieces are the position's pieces (of colour `by`, or of both colours),
//     minus the squares in `excluded` (a piece about to be captured there);
//   - `occ` is only what the sliders see: pieces lifted off or put on the board for a
//     hypothetical move block or open lines, but a square of `occ` that holds none of the
//     position's attackers attacks nothing;
//   - a piece on s itself is never an attacker of s (no piece attacks its own square).
// The piece set is the variant's (PieceSet): Makruk's (no bishop or queen; Met, PMET and Khon)
// or chess's (every other variant). The one place that picks it from the variant at run time
// is piece_set(); the templates take it as a constant so that the move generator's king-step
// loop is inlined without a variant branch.
// SPDX-License-Identifier: MIT
#pragma once

#include "bitboard.h"
#include "position.h"

namespace cw {

// What a piece of type pt and colour c on s attacks with occupancy occ (pawns included).
[[gnu::always_inline]] inline Bitboard attacks_of(PieceType pt, Color c, Square s, Bitboard occ) {
  switch (pt) {
    case PAWN:
      return pawn_attacks(c, s);
    case KNIGHT:
      return knight_attacks(s);
    case BISHOP:
      return bishop_attacks(s, occ);
    case ROOK:
      return rook_attacks(s, occ);
    case QUEEN:
      return queen_attacks(s, occ);
    case KING:
      return king_attacks(s);
    case MET:
    case PMET:
      return tables::fers_attacks[s];
    case KHON:
      return tables::khon_attacks[c][s];
    default:
      return 0;
  }
}

enum class PieceSet : uint8_t { CHESS, MAKRUK };
constexpr PieceSet piece_set(Variant v) { return v == MAKRUK ? PieceSet::MAKRUK : PieceSet::CHESS; }

// The pieces of colour `by` (less `excluded`) that attack s, with occupancy occ; see above.
// Inlined: with `by` a constant the colour tests fold away.
template <PieceSet P>
[[gnu::always_inline]] inline Bitboard attackers(const Position& pos, Color by, Square s, Bitboard occ,
                                                 Bitboard excluded = 0) {
  const Bitboard them = pos.pieces(by) & ~excluded;
  Bitboard att = (pawn_attacks(~by, s) & pos.pieces(PAWN)) | (knight_attacks(s) & pos.pieces(KNIGHT)) |
                 (king_attacks(s) & pos.pieces(KING));
  if constexpr (P == PieceSet::MAKRUK) {
    // A Khon attacks the fers squares and the square in front of it: seen from s, the square
    // behind s for its colour, which is where a Khon of the other colour would step forward.
    att |= (tables::fers_attacks[s] & (pos.pieces(MET, PMET) | pos.pieces(KHON))) |
           (tables::khon_attacks[~by][s] & ~tables::fers_attacks[s] & pos.pieces(KHON)) |
           (rook_attacks(s, occ) & pos.pieces(ROOK));
  } else {
    att |= (rook_attacks(s, occ) & pos.pieces(ROOK, QUEEN)) |
           (bishop_attacks(s, occ) & pos.pieces(BISHOP, QUEEN));
  }
  return att & them;
}

// Whether colour By attacks s (attackers<P>(pos, By, ...) != 0), the cheap leapers asked
// first and the sliders only when they fail: the move generator's king steps, castling paths
// and en passant test. Inlined, no variant branch.
template <PieceSet P, Color By>
[[gnu::always_inline]] inline bool attacked(const Position& pos, Square s, Bitboard occ,
                                            Bitboard excluded = 0) {
  const Bitboard them = pos.pieces(By) & ~excluded;
  if ((pawn_attacks(~By, s) & pos.pieces(PAWN) & them) || (knight_attacks(s) & pos.pieces(KNIGHT) & them) ||
      (king_attacks(s) & pos.pieces(KING) & them))
    return true;
  if constexpr (P == PieceSet::MAKRUK)
    return (tables::fers_attacks[s] & (pos.pieces(MET, PMET) | pos.pieces(KHON)) & them) ||
           (tables::khon_attacks[~By][s] & ~tables::fers_attacks[s] & pos.pieces(KHON) & them) ||
           (rook_attacks(s, occ) & pos.pieces(ROOK) & them);
  else
    return (bishop_attacks(s, occ) & pos.pieces(BISHOP, QUEEN) & them) ||
           (rook_attacks(s, occ) & pos.pieces(ROOK, QUEEN) & them);
}

// The same questions with the piece set taken from pos.variant() (one branch, here).
// attackers(pos, by, ...): the pieces of colour `by` attacking s.
Bitboard attackers(const Position& pos, Color by, Square s, Bitboard occ, Bitboard excluded = 0);
// The pieces of both colours attacking s.
Bitboard attackers_to(const Position& pos, Square s, Bitboard occ);
inline Bitboard attackers_to(const Position& pos, Square s) { return attackers_to(pos, s, pos.pieces()); }
// Whether colour `by` attacks s.
bool attacked_by(const Position& pos, Color by, Square s, Bitboard occ, Bitboard excluded = 0);
inline bool attacked_by(const Position& pos, Color by, Square s) {
  return attacked_by(pos, by, s, pos.pieces());
}
// attacked_by with the sliders found through the empty-board lines from s (two table
// entries per square, in cache) and the squares between (a small table): no magic lookup,
// whose big table misses the cache. The same answer; for one-off questions (SAN's check
// marks, mate detection) where the magic tables are cold.
bool attacked_by_lines(const Position& pos, Color by, Square s, Bitboard occ, Bitboard excluded = 0);
// attackers(pos, by, s, occ, excluded) found the same way (the leapers from their small tables,
// the sliders through the empty-board lines from s and the squares between): the same set,
// without a magic lookup. For set-up (a FEN's checks: each FEN has its own kings and
// occupancy, so the magic entries it would read are cold).
Bitboard attackers_by_lines(const Position& pos, Color by, Square s, Bitboard occ, Bitboard excluded = 0);

}  // namespace cw
