// chesswasm — game end: mate, stalemate, insufficient material, repetition, move counts.
// SPDX-License-Identifier: MIT
#include "rules.h"

#include <algorithm>

#include "attacks.h"
#include "movegen.h"
#include "zobrist.h"

namespace cw {

namespace {

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

// Whether the side to move could legally capture en passant on ep with the current board
// (the pawn it would take standing in front of ep).
bool ep_legal_on_board(const Position& pos, Square ep) {
  Color us = pos.side_to_move(), them = ~us;
  Square capsq = Square(ep - pawn_push(us));
  if (pos.piece_on(capsq) != make_piece(them, PAWN) || !pos.empty(ep)) return false;
  if (!pos.pieces(us, KING)) return pawn_attacks(them, ep) & pos.pieces(us, PAWN);  // nothing to expose
  Square ksq = pos.king_square(us);
  for (Bitboard b = pawn_attacks(them, ep) & pos.pieces(us, PAWN); b;) {
    Square from = pop_lsb(b);
    Bitboard occ = (pos.pieces() ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
    if (!attacked_by(pos, them, ksq, occ, square_bb(capsq))) return true;
  }
  return false;
}

}  // namespace

const char* termination_name(Termination t) {
  switch (t) {
    case Termination::NONE:
      return "NONE";
    case Termination::CHECKMATE:
      return "CHECKMATE";
    case Termination::STALEMATE:
      return "STALEMATE";
    case Termination::INSUFFICIENT_MATERIAL:
      return "INSUFFICIENT_MATERIAL";
    case Termination::SEVENTYFIVE_MOVES:
      return "SEVENTYFIVE_MOVES";
    case Termination::FIVEFOLD_REPETITION:
      return "FIVEFOLD_REPETITION";
    case Termination::FIFTY_MOVES:
      return "FIFTY_MOVES";
    case Termination::THREEFOLD_REPETITION:
      return "THREEFOLD_REPETITION";
    case Termination::COUNTING_RULE:
      return "COUNTING_RULE";
    case Termination::VARIANT_WIN:
      return "VARIANT_WIN";
    case Termination::VARIANT_LOSS:
      return "VARIANT_LOSS";
    case Termination::VARIANT_DRAW:
      return "VARIANT_DRAW";
  }
  return "?";
}

bool is_checkmate(const Position& pos) { return pos.in_check() && !has_legal_move(pos); }
bool is_stalemate(const Position& pos) { return !pos.in_check() && !has_legal_move(pos); }

namespace {

// Horde: whether the kingless side (the horde) can no longer checkmate, as python-chess and
// chessops decide it (their analysis of every material class the horde can have left; the
// side with the king can always win by capturing the horde, so it never has insufficient
// material). The horde mates only with the help of the enemy's own pieces boxing its king
// in (a lone king on an empty board cannot be mated by fewer than the usual pieces), so the
// verdict depends on what the enemy has to obstruct its king with:
//   - units: the horde's pieces, a third and further bishop of one square colour not
//     counted (they add no mating power); four or more units always suffice.
//   - a pawn or a queen with any other unit suffices; a lone pawn is as good as its best
//     promotion (a queen or a knight).
//   - a rook with any other unit suffices, except rook + bishop against a king whose only
//     other pieces are bishops of the horde bishop's square colour.
//   - lone pieces and the minor pairs need enemy pieces on the right squares around a king
//     in the corner (the mating patterns are named at each case below).
bool horde_insufficient(const Position& pos, Color horde) {
  if (pos.pieces(horde, KING)) return false;
  const Color them = ~horde;
  auto count = [&](Color c, PieceType pt) { return popcount(pos.pieces(c, pt)); };
  const int h_pawns = count(horde, PAWN), h_knights = count(horde, KNIGHT), h_bishops = count(horde, BISHOP),
            h_rooks = count(horde, ROOK), h_queens = count(horde, QUEEN);
  const Bitboard hb = pos.pieces(horde, BISHOP);
  const int h_light = popcount(hb & ~DARK_SQUARES), h_dark = popcount(hb & DARK_SQUARES);
  const bool h_pair = h_light && h_dark;
  // The square colour of the horde's bishops (light when it has light ones).
  const Bitboard h_colour = h_light ? ~DARK_SQUARES : DARK_SQUARES;
  const int units = h_pawns + h_knights + h_rooks + h_queens + std::min(h_light, 2) + std::min(h_dark, 2);

  const int pawns = count(them, PAWN), knights = count(them, KNIGHT), bishops = count(them, BISHOP),
            rooks = count(them, ROOK);
  const int all = popcount(pos.pieces(them));  // the king included
  const Bitboard tb = pos.pieces(them, BISHOP);
  const int same_bishops = popcount(tb & h_colour), other_bishops = popcount(tb & ~h_colour);
  const int light_bishops = popcount(tb & ~DARK_SQUARES), dark_bishops = popcount(tb & DARK_SQUARES);
  const bool their_pair = light_bishops && dark_bishops;

  if (units == 0) return true;
  if (units >= 4) return false;
  if ((h_pawns || h_queens) && units >= 2) return false;
  if (h_rooks && units >= 2) {
    // Rook + bishop mate (the king boxed in by one more enemy piece) needs an enemy piece
    // that is no bishop of the horde bishop's colour.
    const bool rook_and_bishop = units == 2 && h_rooks == 1 && h_bishops == 1;
    return rook_and_bishop && all - same_bishops == 1;
  }
  // A lone queen mates a cornered king boxed in by a pawn or rook, or by two bishops of one
  // colour, beside it.
  auto lone_queen_insufficient = [&] { return !(pawns || rooks || light_bishops >= 2 || dark_bishops >= 2); };
  // A lone knight smothers a cornered king when enough enemy pieces fill the squares around it.
  auto lone_knight_insufficient = [&] {
    const bool blockers = knights >= 2 || pawns >= 2 || (rooks && knights) || (rooks && bishops) ||
                          (knights && bishops) || (rooks && pawns) || (knights && pawns) ||
                          (bishops && pawns) || (their_pair && pawns);
    const bool mixed =
        (dark_bishops < 2 || all - dark_bishops >= 3) && (light_bishops < 2 || all - light_bishops >= 3);
    return !(all >= 4 && blockers && mixed);
  };
  if (units == 1) {
    if (all == 1) return true;  // one piece never mates a bare king
    if (h_queens) return lone_queen_insufficient();
    if (h_pawns) return lone_queen_insufficient() && lone_knight_insufficient();  // its promotions
    // A lone rook mates a king on the edge boxed in by two enemy pieces in front of it.
    if (h_rooks) return !(pawns >= 2 || (rooks && pawns) || (rooks && knights) || (pawns && knights));
    // A lone bishop mates a cornered king boxed in by pawns or bishops of the other colour.
    if (h_bishops) return !(other_bishops >= 2 || (other_bishops && pawns) || pawns >= 2);
    return lone_knight_insufficient();
  }
  if (units == 2) {
    if (all == 1) return true;                                // two minor pieces never mate a bare king
    if (h_knights == 2) return !(pawns + bishops + knights);  // a minor piece or pawn to block
    if (h_pair) return !(pawns || bishops || (knights && count(them, ROOK) + count(them, QUEEN)));
    if (h_bishops && h_knights) return !(pawns || other_bishops || all - same_bishops >= 3);
    // Two or more bishops of one square colour: the enemy must cover the other colour.
    return !((pawns && other_bishops) || (pawns && knights) || (other_bishops && knights) ||
             other_bishops >= 2 || knights >= 2 || pawns >= 2);
  }
  // Three minor pieces: two knights and a bishop, three knights or the bishop pair with any
  // third mate a cornered king; two bishops of one colour and a knight need an enemy tempo.
  if ((h_knights == 2 && h_bishops == 1) || h_knights == 3 || h_pair) return false;
  return all == 1;
}

// has_insufficient_material for the lichess variants (python-chess's and chessops' results).
bool variant_insufficient(const Position& pos, Color c) {
  const Bitboard ours = pos.pieces(c), theirs = pos.pieces(~c), all = pos.pieces();
  switch (pos.variant()) {
    case CRAZYHOUSE: {
      // At most 3 units on the board and in the pockets, no pawn, rook, queen or promoted piece.
      int units = popcount(all);
      for (Color s : {WHITE, BLACK}) {
        for (int pt = PAWN; pt <= QUEEN; ++pt) units += pos.pocket(s, PieceType(pt));
        if (pos.pocket(s, PAWN) || pos.pocket(s, ROOK) || pos.pocket(s, QUEEN)) return false;
      }
      return units <= 3 && !pos.pieces(PAWN) && !pos.pieces(ROOK, QUEEN) && !pos.promoted();
    }
    case ATOMIC: {
      if (!(theirs & pos.pieces(KING))) return false;  // their king has exploded already
      if (!(ours & ~pos.pieces(KING))) return true;    // a bare king cannot win
      if (theirs & ~pos.pieces(KING)) {
        // Their pieces may explode next to their king, unless only bishops that never meet remain.
        if (all == pos.pieces(BISHOP, KING)) {
          const Bitboard wb = pos.pieces(WHITE, BISHOP), bb = pos.pieces(BLACK, BISHOP);
          if (!(wb & DARK_SQUARES)) return !(bb & ~DARK_SQUARES);
          if (!(wb & ~DARK_SQUARES)) return !(bb & DARK_SQUARES);
        }
        return false;
      }
      if (pos.pieces(QUEEN) || pos.pieces(PAWN)) return false;
      if (popcount(pos.pieces(KNIGHT) | pos.pieces(BISHOP, ROOK)) == 1) return true;
      if (all == pos.pieces(KNIGHT, KING)) return popcount(pos.pieces(KNIGHT)) <= 2;
      return false;
    }
    case ANTICHESS: {
      if (!ours) return false;
      if (!theirs) return true;
      if (all == pos.pieces(BISHOP)) {
        // Bishops only: ours can never be captured when theirs all stand on the other colour.
        const bool we_light = ours & ~DARK_SQUARES, we_dark = ours & DARK_SQUARES;
        const bool they_dark = !(theirs & ~DARK_SQUARES), they_light = !(theirs & DARK_SQUARES);
        return (we_light && they_dark) || (we_dark && they_light);
      }
      if (all == pos.pieces(KNIGHT) && popcount(all) == 2) {
        const bool a = pos.pieces(WHITE) & ~DARK_SQUARES, b = pos.pieces(BLACK) & DARK_SQUARES;
        return (a != b) != (pos.side_to_move() == c);
      }
      return false;
    }
    case THREE_CHECK:
      return ours == pos.pieces(c, KING);
    case HORDE:
      return horde_insufficient(pos, c);
    default:  // king of the hill, racing kings: a king can always walk to its goal
      return false;
  }
}

}  // namespace

bool has_insufficient_material(const Position& pos, Color c) {
  Bitboard ours = pos.pieces(c), theirs = pos.pieces(~c);
  if (is_lichess_variant(pos.variant())) return variant_insufficient(pos, c);
  if (pos.variant() == MAKRUK) return ours == pos.pieces(c, KING);
  if (ours & pos.pieces(PAWN, ROOK) || ours & pos.pieces(QUEEN)) return false;
  if (ours & pos.pieces(KNIGHT)) return popcount(ours) <= 2 && !(theirs & ~pos.pieces(KING, QUEEN));
  if (ours & pos.pieces(BISHOP)) {
    Bitboard bishops = pos.pieces(BISHOP);
    bool one_colour = !(bishops & DARK_SQUARES) || !(bishops & ~DARK_SQUARES);
    return one_colour && !pos.pieces(PAWN) && !pos.pieces(KNIGHT);
  }
  return true;
}

bool is_insufficient_material(const Position& pos) {
  return has_insufficient_material(pos, WHITE) && has_insufficient_material(pos, BLACK);
}

int repetition_count(const Position& pos, bool across_null_moves) {
  const StateInfo& now = pos.state(0);
  // Crazyhouse: captures and pawn moves are not irreversible (pieces come back as drops).
  int window =
      now.rule50 < pos.history_size() && pos.variant() != CRAZYHOUSE ? now.rule50 : pos.history_size();
  int count = 1;
  for (int k = 1; k <= window; ++k) {
    if (!across_null_moves && pos.state(k - 1).move == MOVE_NONE) break;  // a null move led to state k-1
    if (k % 2) continue;                                                  // the other side was to move
    const StateInfo& then = pos.state(k);
    if (then.key == now.key) {
      ++count;
    } else if (then.ep_square != SQ_NONE && now.ep_square == SQ_NONE &&
               (then.key ^ zobrist::en_passant(file_of(then.ep_square))) == now.key &&
               !ep_legal_on_board(pos, then.ep_square)) {
      // The same position, except that its key hashed an ep capture that was illegal.
      ++count;
    }
  }
  return count;
}

bool is_fivefold_repetition(const Position& pos) { return repetition_count(pos) >= 5; }
bool is_seventyfive_moves(const Position& pos) {
  return pos.variant() != MAKRUK && pos.rule50() >= SEVENTYFIVE_MOVE_PLIES;
}
bool can_claim_fifty_moves(const Position& pos) {
  return pos.variant() != MAKRUK && pos.rule50() >= FIFTY_MOVE_PLIES;
}
bool can_claim_threefold_repetition(const Position& pos) { return repetition_count(pos) >= 3; }
bool can_claim_draw(const Position& pos) {
  return can_claim_fifty_moves(pos) || can_claim_threefold_repetition(pos);
}

bool can_claim_threefold_repetition_by_move(Position& pos) {
  if (can_claim_threefold_repetition(pos)) return true;
  MoveList legal;
  generate_legal(pos, legal);
  for (Move m : legal) {
    // A capture, pawn move or castling changes the position for good.
    if (is_capture(m) || is_castling(m) || type_of(pos.piece_on(move_from(m))) == PAWN) continue;
    pos.do_move(m);
    bool rep = repetition_count(pos) >= 3;
    pos.undo_move();
    if (rep) return true;
  }
  return false;
}

namespace {

constexpr Bitboard CENTER =
    (Bitboard(1) << SQ_D4) | (Bitboard(1) << SQ_E4) | (Bitboard(1) << SQ_D5) | (Bitboard(1) << SQ_E5);

// The variant's own ending, from the side to move; Termination::NONE when there is none.
Outcome variant_ending(const Position& pos) {
  const Color us = pos.side_to_move(), them = ~us;
  const Outcome loss{Termination::VARIANT_LOSS, them}, win{Termination::VARIANT_WIN, us};
  switch (pos.variant()) {
    case ATOMIC:
      if (!pos.pieces(us, KING)) return loss;
      if (!pos.pieces(them, KING)) return win;
      break;
    case KING_OF_THE_HILL:
      if (pos.pieces(them, KING) & CENTER) return loss;
      if (pos.pieces(us, KING) & CENTER) return win;
      break;
    case THREE_CHECK:
      if (!pos.checks_left(them)) return loss;
      if (!pos.checks_left(us)) return win;
      break;
    case HORDE:
      if (!pos.pieces(us)) return loss;
      if (!pos.pieces(them)) return win;
      break;
    case ANTICHESS:
      if (!has_legal_move(pos)) return win;  // no pieces, or stalemated
      break;
    case RACING_KINGS:
      if (pos.is_variant_end()) {
        const bool white = pos.pieces(WHITE, KING) & RANK_8_BB, black = pos.pieces(BLACK, KING) & RANK_8_BB;
        if (white && black) return {Termination::VARIANT_DRAW, COLOR_NB};
        if (white || black) return (white ? WHITE : BLACK) == us ? win : loss;
      }
      break;
    default:
      break;
  }
  return {};
}

}  // namespace

Outcome outcome(const Position& pos, bool claim_draw) {
  if (is_lichess_variant(pos.variant())) {
    if (Outcome o = variant_ending(pos); o.is_over()) return o;
    if (pos.variant() == CRAZYHOUSE) {
      // No fifty- or seventy-five-move rule.
      bool any = has_legal_move(pos);
      if (!any && pos.in_check()) return {Termination::CHECKMATE, ~pos.side_to_move()};
      if (is_insufficient_material(pos)) return {Termination::INSUFFICIENT_MATERIAL, COLOR_NB};
      if (!any) return {Termination::STALEMATE, COLOR_NB};
      int reps = repetition_count(pos);
      if (reps >= 5) return {Termination::FIVEFOLD_REPETITION, COLOR_NB};
      if (claim_draw && reps >= 3) return {Termination::THREEFOLD_REPETITION, COLOR_NB};
      return {};
    }
  }
  bool any_move = has_legal_move(pos);
  if (!any_move && pos.in_check()) return {Termination::CHECKMATE, ~pos.side_to_move()};
  if (is_insufficient_material(pos)) return {Termination::INSUFFICIENT_MATERIAL, COLOR_NB};
  if (!any_move) return {Termination::STALEMATE, COLOR_NB};
  if (pos.variant() == MAKRUK) {
    if (pos.count_exceeded()) return {Termination::COUNTING_RULE, COLOR_NB};
    if (repetition_count(pos) >= 3) return {Termination::THREEFOLD_REPETITION, COLOR_NB};
    return {};
  }
  if (is_seventyfive_moves(pos)) return {Termination::SEVENTYFIVE_MOVES, COLOR_NB};
  int reps = repetition_count(pos);
  if (reps >= 5) return {Termination::FIVEFOLD_REPETITION, COLOR_NB};
  if (claim_draw) {
    if (can_claim_fifty_moves(pos)) return {Termination::FIFTY_MOVES, COLOR_NB};
    if (reps >= 3) return {Termination::THREEFOLD_REPETITION, COLOR_NB};
  }
  return {};
}

}  // namespace cw
