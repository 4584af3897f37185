// chesswasm — game end: mate, stalemate, insufficient material, repetition, move counts.
// SPDX-License-Identifier: MIT
#include "rules.h"

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
    Bitboard attackers = pos.attackers_to(ksq, occ) & pos.pieces(them) & ~square_bb(capsq);
    if (!attackers) return true;
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
    default:  // king of the hill, racing kings, horde (not analysed: never insufficient)
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
    if (!across_null_moves && pos.state(k - 1).move == MOVE_NULL) break;  // a null move led to state k-1
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
bool is_seventyfive_moves(const Position& pos) { return pos.variant() != MAKRUK && pos.rule50() >= 150; }
bool can_claim_fifty_moves(const Position& pos) { return pos.variant() != MAKRUK && pos.rule50() >= 100; }
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
