// chesswasm — attack queries (attacks.h has the contract).
// SPDX-License-Identifier: MIT
#include "attacks.h"

namespace cw {

Bitboard attackers(const Position& pos, Color by, Square s, Bitboard occ, Bitboard excluded) {
  return piece_set(pos.variant()) == PieceSet::MAKRUK ? attackers<PieceSet::MAKRUK>(pos, by, s, occ, excluded)
                                                      : attackers<PieceSet::CHESS>(pos, by, s, occ, excluded);
}

Bitboard attackers_to(const Position& pos, Square s, Bitboard occ) {
  return attackers(pos, WHITE, s, occ) | attackers(pos, BLACK, s, occ);
}

bool attacked_by(const Position& pos, Color by, Square s, Bitboard occ, Bitboard excluded) {
  return attackers(pos, by, s, occ, excluded) != 0;
}

bool attacked_by_lines(const Position& pos, Color by, Square s, Bitboard occ, Bitboard excluded) {
  if (piece_set(pos.variant()) == PieceSet::MAKRUK) return attacked_by(pos, by, s, occ, excluded);
  const Bitboard them = pos.pieces(by) & ~excluded;
  if ((pawn_attacks(~by, s) & pos.pieces(PAWN) & them) || (knight_attacks(s) & pos.pieces(KNIGHT) & them) ||
      (king_attacks(s) & pos.pieces(KING) & them))
    return true;
  Bitboard snipers =
      ((rook_attacks(s, 0) & pos.pieces(ROOK, QUEEN)) | (bishop_attacks(s, 0) & pos.pieces(BISHOP, QUEEN))) &
      them;
  while (snipers)
    if (!(between_bb(s, pop_lsb(snipers)) & occ)) return true;
  return false;
}

Bitboard attackers_by_lines(const Position& pos, Color by, Square s, Bitboard occ, Bitboard excluded) {
  if (piece_set(pos.variant()) == PieceSet::MAKRUK) return attackers(pos, by, s, occ, excluded);
  const Bitboard them = pos.pieces(by) & ~excluded;
  Bitboard att = ((pawn_attacks(~by, s) & pos.pieces(PAWN)) | (knight_attacks(s) & pos.pieces(KNIGHT)) |
                  (king_attacks(s) & pos.pieces(KING))) &
                 them;
  Bitboard snipers =
      ((rook_attacks(s, 0) & pos.pieces(ROOK, QUEEN)) | (bishop_attacks(s, 0) & pos.pieces(BISHOP, QUEEN))) &
      them;
  while (snipers) {
    const Square q = pop_lsb(snipers);
    if (!(between_bb(s, q) & occ)) att |= square_bb(q);
  }
  return att;
}

}  // namespace cw
