// chesswasm — UCI move notation.
// SPDX-License-Identifier: MIT
#include "notation.h"

#include "movegen.h"

namespace cw {

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return std::string{char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string move_to_uci(const Position& pos, Move m) {
  if (m == MOVE_NULL) return "0000";
  Square from = move_from(m), to = move_to(m);
  if (is_castling(m) && pos.variant() != CHESS960)
    to = castle_king_to(pos.side_to_move(), move_flag(m) == CASTLE_KING);
  std::string s = square_name(from) + square_name(to);
  PieceType pt = promotion_type(m);
  if (pt != NO_PIECE_TYPE) s += " pnbrqkmsm"[pt];
  return s;
}

Move parse_uci(const Position& pos, std::string_view uci) {
  if (uci.size() < 4 || uci.size() > 5) return MOVE_NONE;
  auto sq = [&](size_t i) -> Square {
    char f = uci[i], r = uci[i + 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return SQ_NONE;
    return make_square(f - 'a', r - '1');
  };
  Square from = sq(0), to = sq(2);
  if (from == SQ_NONE || to == SQ_NONE) return MOVE_NONE;
  PieceType promo = NO_PIECE_TYPE;
  if (uci.size() == 5) {
    switch (uci[4] | 0x20) {
      case 'n': promo = KNIGHT; break;
      case 'b': promo = BISHOP; break;
      case 'r': promo = ROOK; break;
      case 'q': promo = QUEEN; break;
      case 'm': promo = PMET; break;
      default: return MOVE_NONE;
    }
  }
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    if (move_from(m) != from || promotion_type(m) != promo) continue;
    if (move_to(m) == to) {
      // In standard chess a king-to-rook castling is only accepted as such.
      return m;
    }
    if (is_castling(m) && pos.variant() != CHESS960 &&
        castle_king_to(pos.side_to_move(), move_flag(m) == CASTLE_KING) == to)
      return m;
  }
  return MOVE_NONE;
}

}  // namespace cw
