// chesswasm — Position: making and unmaking moves, attack queries, invariants.
// SPDX-License-Identifier: MIT
#include "position.h"

#include <cassert>
#include <cstring>

#include "attacks.h"
#include "setup.h"
#include "zobrist.h"

namespace cw {

Position::Position() {
  init_bitboards();
  zobrist::init();
  // No castling right bound yet (Setup::load_board clears the castling data only after one).
  clear_castling_data();
  Setup s;
  s.parse(START_FEN, CHESS);
  s.build(*this);
}

void Position::finish_setup(Key pieces_key) {
  // Known already when Setup::verdicts judged the checks (the same question: the board is
  // unchanged since, only castling rights and the en passant square were added).
  if (!st().checkers_known)
    st().checkers = !pieces(side_, KING)           ? 0
                    : is_lichess_variant(variant_) ? variant_checkers()
                                                   : attackers(*this, ~side_, king_square(side_), pieces());
  st().checkers_known = true;
  st().key = pieces_key ^ state_key();
  assert(st().key == compute_key());
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  by_type_[type_of(p)] ^= square_bb(s);
  by_color_[color_of(p)] ^= square_bb(s);
  board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard ft = square_bb(from) | square_bb(to);
  by_type_[type_of(p)] ^= ft;
  by_color_[color_of(p)] ^= ft;
  board_[from] = NO_PIECE;
  board_[to] = p;
}

void Position::clear_castling_data() {
  for (Square& s : castling_rook_) s = SQ_NONE;
  std::memset(castling_path_, 0, sizeof castling_path_);
  std::memset(king_path_, 0, sizeof king_path_);
  std::memset(castling_mask_, 0, sizeof castling_mask_);
}

// Binds a castling right to the rook on rook_sq and derives the squares that castling with
// it needs empty and unattacked. The king of colour c must be on its back rank.
void Position::set_castling_right(Color c, Square rook_sq) {
  Square ksq = king_square(c);
  bool king_side = file_of(rook_sq) > file_of(ksq);
  CastlingRights cr = castling_right(c, king_side);
  int i = castling_index(cr);
  st().castling |= cr;
  castling_rook_[i] = rook_sq;
  castling_mask_[ksq] |= cr;
  castling_mask_[rook_sq] |= cr;
  Square kto = castle_king_to(c, king_side), rto = castle_rook_to(c, king_side);
  castling_path_[i] = (between_bb(rook_sq, rto) | between_bb(ksq, kto) | square_bb(rto) | square_bb(kto)) &
                      ~(square_bb(ksq) | square_bb(rook_sq));
  king_path_[i] = between_bb(ksq, kto) | square_bb(kto);
}

Key Position::ep_key() const { return ep_capturable() ? zobrist::en_passant(file_of(st().ep_square)) : 0; }

bool Position::ep_capturable() const {
  Square ep = st().ep_square;
  return ep != SQ_NONE && (pawn_attacks(~side_, ep) & pieces(side_, PAWN));
}

Key Position::compute_key() const {
  Key k = 0;
  for (Bitboard b = pieces(); b;) {
    Square s = pop_lsb(b);
    k ^= piece_key(board_[s], s);
  }
  return k ^ state_key();
}

Key Position::state_key() const {
  Key k = zobrist::castling(st().castling);
  k ^= ep_key();
  if (side_ == WHITE) k ^= turn_key_;
  if (variant_ == MAKRUK) k ^= zobrist::makruk_count(st().count_limit);
  if (variant_ == CRAZYHOUSE) {
    for (Color c : {WHITE, BLACK})
      for (int pt = PAWN; pt <= QUEEN; ++pt) k ^= zobrist::pocket(c, PieceType(pt), pocket_[c][pt]);
    for (Bitboard b = promoted_; b;) k ^= zobrist::promoted(pop_lsb(b));
  }
  if (variant_ == THREE_CHECK)
    k ^= zobrist::checks_left(WHITE, checks_left_[WHITE]) ^ zobrist::checks_left(BLACK, checks_left_[BLACK]);
  return k;
}

Bitboard Position::blockers_for_king(Color c) const {
  if (!pieces(c, KING)) return 0;
  Square ksq = king_square(c);
  Bitboard snipers = ((rook_attacks(ksq, 0) & pieces(~c, ROOK, QUEEN)) |
                      (bishop_attacks(ksq, 0) & pieces(~c, BISHOP, QUEEN)));
  Bitboard occ = pieces() ^ snipers;
  Bitboard blockers = 0;
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard b = between_bb(ksq, s) & occ;
    if (b && !more_than_one(b)) blockers |= b;
  }
  return blockers;
}

bool Position::gives_check(Move m) const {
  if (is_lichess_variant(variant_)) {
    // Drops, explosions and the variants' own checks: play the move and look (it is taken
    // back at once, so the position is as it was).
    Position& self = const_cast<Position&>(*this);
    self.do_move(m);
    const bool check = self.in_check();
    self.undo_move();
    return check;
  }
  Color us = side_, them = ~us;
  if (!pieces(them, KING)) return false;  // a side without a king is never in check
  if (any_board_) {
    // A check may stand from before the move (or the move may capture the king): played out.
    Position after = *this;
    after.do_move(m);
    return after.in_check();
  }
  Square from = move_from(m), to = move_to(m), ksq = king_square(them);
  Bitboard occ = pieces();
  if (is_castling(m)) {
    bool king_side = move_flag(m) == CASTLE_KING;
    Square kto = castle_king_to(us, king_side), rto = castle_rook_to(us, king_side);
    Bitboard occ2 = (occ ^ square_bb(from) ^ square_bb(to)) | square_bb(kto) | square_bb(rto);
    return rook_attacks(rto, occ2) & square_bb(ksq);
  }
  PieceType pt = type_of(board_[from]);
  PieceType lands_as = is_promotion(m) ? promotion_type(m) : pt;
  Bitboard occ2 = (occ ^ square_bb(from)) | square_bb(to);
  if (is_en_passant(m)) occ2 ^= square_bb(Square(to - pawn_push(us)));
  // Direct check by the piece on its destination: for a slider, the empty-board line and
  // the squares between (small tables, no magic lookup).
  Bitboard direct = attacks_of(lands_as, us, to, 0);
  if ((direct & square_bb(ksq)) && (lands_as < BISHOP || lands_as > QUEEN || !(between_bb(to, ksq) & occ2)))
    return true;
  // Discovered check: a slider of ours now sees the king. Only a piece that leaves a line
  // through the king can uncover one (en passant also removes the captured pawn, so it is
  // always checked in full). The lines are the empty-board attacks from the king (two
  // entries per king square, in cache), a slider seeing it has nothing between.
  const Bitboard rook_lines = rook_attacks(ksq, 0), bishop_lines = bishop_attacks(ksq, 0);
  if (!is_en_passant(m) && !((rook_lines | bishop_lines) & square_bb(from))) return false;
  Bitboard snipers = ((rook_lines & pieces(us, ROOK, QUEEN)) | (bishop_lines & pieces(us, BISHOP, QUEEN))) &
                     ~square_bb(from);
  while (snipers)
    if (!(between_bb(ksq, pop_lsb(snipers)) & occ2)) return true;
  return false;
}

// One do_move for every rule set: the state pushed, the move's own steps (castling, or a
// capture, the piece's move and a promotion; a drop), then, for the other rule sets, their
// steps (variant_steps: crazyhouse's pockets and promoted marks, atomic's explosion,
// three-check's checks; Makruk's counting). A lichess variant's board is saved whole first (a
// snapshot: an atomic capture removes up to ten pieces) and undo_move restores it at once;
// standard chess and Makruk are undone step by step.
void Position::do_move(Move m) {
  assert(m != MOVE_NONE);
  const Color us = side_, them = ~us;
  if (is_lichess_variant(variant_)) [[unlikely]]
    save_snapshot();
  // The new state is written at the end, from locals (its byte-sized fields may alias
  // anything: written early, they make the compiler reload the board after each).
  const StateInfo& prev = st();
  Key key = prev.key ^ turn_key_ ^ ep_key();
  int castling = prev.castling;
  unsigned rule50 = prev.rule50 + (prev.rule50 != UINT16_MAX);  // saturates, never wraps
  Piece captured = NO_PIECE;
  Square ep = SQ_NONE;
  const Square from = move_from(m), to = move_to(m);
  const MoveFlag flag = move_flag(m);
  int lost = 0;  // the castling rights the move takes away
  if (is_drop(m)) [[unlikely]] {
    do_drop(m, key);
    if (drop_type(m) == PAWN) rule50 = 0;  // as lichess and chessops (python-chess 1.11.2 does not)
  } else if (flag == CASTLE_KING || flag == CASTLE_QUEEN) [[unlikely]] {
    lost = castling_mask_[from] | castling_mask_[to];
    do_castling(us, from, to, flag == CASTLE_KING, key);
  } else {
    const Piece pc = board_[from];
    lost = castling_mask_[from] | castling_mask_[to];
    const Square capsq = flag == EN_PASSANT ? Square(to - pawn_push(us)) : to;
    captured = board_[capsq];
    if (captured != NO_PIECE) {
      rule50 = 0;
      key ^= piece_key(captured, capsq);
      remove_piece(capsq);
    }
    key ^= piece_key(pc, from) ^ piece_key(pc, to);
    move_piece(from, to);
    if (type_of(pc) == PAWN) {
      rule50 = 0;
      if (flag == DOUBLE_PUSH)
        ep = Square(to - pawn_push(us));
      else if (is_promotion(m))
        promote(to, make_piece(us, promotion_type(m, variant_)), key);
    }
  }
  if (variant_ > CHESS960) [[unlikely]]
    lost |= variant_steps(m, captured, key);
  int written = prev.written_castling;
  if (any_board_) [[unlikely]]
    written = written_castling_after(m, from, captured, castling, written);
  if (castling & lost) {
    key ^= zobrist::castling(castling);
    castling &= ~lost;
    key ^= zobrist::castling(castling);
  }
  const int prev_count_limit = prev.count_limit, prev_count_ply = prev.count_ply;
  StateInfo& next = push_state();
  next.rule50 = uint16_t(rule50);
  next.count_limit = uint16_t(prev_count_limit);
  next.count_ply = uint16_t(prev_count_ply);
  next.ep_square = ep;
  next.captured = captured;
  next.move = m;
  next.castling = uint8_t(castling);
  next.written_castling = uint8_t(written);
  next.checkers_known = false;
  side_ = them;
  ++game_ply_;
  // Polyglot hashes the en passant file only when a pawn of the side to move can take there.
  key ^= ep_key();
  if (variant_ == THREE_CHECK && checkers()) {
    const int n = checks_left_[us];
    key ^= zobrist::checks_left(us, n) ^ zobrist::checks_left(us, n - 1);
    checks_left_[us] = uint8_t(n - 1);
  }
  next.key = key;
  if (variant_ == MAKRUK) update_counting(next, prev_count_limit, prev_count_ply);
  check_invariants();
}

// The rights kept as written on an any_board() position follow the rule the held ones follow:
// a right is lost when the king of its colour moves, when its colour moves a piece from the
// right's rook square, or when the other colour moves a piece onto that square (for a held
// right, castling_mask_ says the same: its king and its rook stand on those squares). A king
// captured, which such a board allows, did not move: the rights its side held stay written (no
// castling can come from them now). Called after the move's own steps, before the turn passes;
// castling: the held rights before the move.
int Position::written_castling_after(Move m, Square from, Piece captured, int castling, int written) const {
  const int ours = side_ == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO;
  const Square to = move_to(m);
  if (type_of(captured) == KING) written |= castling & ~ours;
  if (is_castling(m) || type_of(board_[to]) == KING) written &= ~ours;
  for (int i = 0; i < 4; ++i) {
    const int cr = 1 << i;  // the right of slot i (castling_index)
    if ((written & cr) && castling_rook_[i] == ((cr & ours) ? from : to)) written &= ~cr;
  }
  return written;
}

// The rules of crazyhouse and atomic after the move's own steps (do_move), by the side still
// to move: the castling rights of the squares they empty.
int Position::variant_steps(Move m, Piece captured, Key& key) {
  const Color us = side_;
  const Square to = move_to(m);
  if (variant_ == CRAZYHOUSE && !is_drop(m)) {
    const Square from = move_from(m);
    if (captured != NO_PIECE) {
      // The capturer pockets the piece in its own colour; a promoted piece goes in as a pawn.
      const Square capsq = move_flag(m) == EN_PASSANT ? Square(to - pawn_push(us)) : to;
      PieceType add = type_of(captured);
      if (promoted_ & square_bb(capsq)) {
        add = PAWN;
        promoted_ ^= square_bb(capsq);
        key ^= zobrist::promoted(capsq);
      }
      const int n = pocket_[us][add];
      key ^= zobrist::pocket(us, add, n) ^ zobrist::pocket(us, add, n + 1);
      pocket_[us][add] = uint8_t(n + 1);
    }
    if (promoted_ & square_bb(from)) {  // the mark goes with the piece
      promoted_ ^= square_bb(from) | square_bb(to);
      key ^= zobrist::promoted(from) ^ zobrist::promoted(to);
    }
    if (is_promotion(m)) {  // a promoted piece is marked: taken, it goes into a pocket as a pawn
      promoted_ |= square_bb(to);
      key ^= zobrist::promoted(to);
    }
  }
  if (variant_ == ATOMIC && captured != NO_PIECE) return explode(to, key);
  return 0;
}

// A piece from the pocket of the side to move onto an empty square (crazyhouse).
void Position::do_drop(Move m, Key& key) {
  const PieceType pt = drop_type(m);
  const Piece p = make_piece(side_, pt);
  const int n = pocket_[side_][pt];
  key ^= zobrist::pocket(side_, pt, n) ^ zobrist::pocket(side_, pt, n - 1);
  pocket_[side_][pt] = uint8_t(n - 1);
  put_piece(p, move_to(m));
  key ^= piece_key(p, move_to(m));
}

// Castling, given as the king taking its own rook (king_from, rook_from): both to their
// squares of the right (the king to g1/c1, the rook to f1/d1 for White), in Chess960 too.
void Position::do_castling(Color us, Square king_from, Square rook_from, bool king_side, Key& key) {
  const Square kto = castle_king_to(us, king_side), rto = castle_rook_to(us, king_side);
  const Piece king = board_[king_from], rook = board_[rook_from];
  key ^=
      piece_key(king, king_from) ^ piece_key(king, kto) ^ piece_key(rook, rook_from) ^ piece_key(rook, rto);
  remove_piece(king_from);
  remove_piece(rook_from);
  put_piece(king, kto);
  put_piece(rook, rto);
}

void Position::undo_castling(Color us, Square king_from, Square rook_from, bool king_side) {
  const Square kto = castle_king_to(us, king_side), rto = castle_rook_to(us, king_side);
  const Piece king = board_[kto], rook = board_[rto];
  remove_piece(kto);
  remove_piece(rto);
  put_piece(king, king_from);
  put_piece(rook, rook_from);
}

// The pawn on sq becomes `promoted`.
void Position::promote(Square sq, Piece promoted, Key& key) {
  key ^= piece_key(board_[sq], sq) ^ piece_key(promoted, sq);
  remove_piece(sq);
  put_piece(promoted, sq);
}

// Atomic: after a capture on sq, the capturer and every piece but pawns next to sq explode.
// Returns the castling rights of the squares emptied.
int Position::explode(Square sq, Key& key) {
  int lost = 0;
  for (Bitboard b = (king_attacks(sq) & pieces() & ~pieces(PAWN)) | square_bb(sq); b;) {
    const Square s = pop_lsb(b);
    key ^= piece_key(board_[s], s);
    lost |= castling_mask_[s];
    remove_piece(s);
  }
  return lost;
}

void Position::save_snapshot() {
  Snapshot& snap = snapshots_.emplace_back();
  std::memcpy(snap.by_type, by_type_, sizeof by_type_);
  std::memcpy(snap.by_color, by_color_, sizeof by_color_);
  std::memcpy(snap.board, board_, sizeof board_);
  std::memcpy(snap.pocket, pocket_, sizeof pocket_);
  snap.promoted = promoted_;
  snap.checks_left[WHITE] = checks_left_[WHITE];
  snap.checks_left[BLACK] = checks_left_[BLACK];
}

void Position::restore_snapshot() {
  const Snapshot& snap = snapshots_.back();
  std::memcpy(by_type_, snap.by_type, sizeof by_type_);
  std::memcpy(by_color_, snap.by_color, sizeof by_color_);
  std::memcpy(board_, snap.board, sizeof board_);
  std::memcpy(pocket_, snap.pocket, sizeof pocket_);
  promoted_ = snap.promoted;
  checks_left_[WHITE] = snap.checks_left[WHITE];
  checks_left_[BLACK] = snap.checks_left[BLACK];
  snapshots_.pop_back();
}

void Position::grow_states() { states_.resize(states_.size() * 2); }

Bitboard Position::compute_checkers() const {
  if (!pieces(side_, KING)) return 0;              // a side without a king is never in check
  if (any_board_) return checkers_to_king(side_);  // a check may stand from before the move
  if (is_lichess_variant(variant_)) return variant_checkers();
  Move m = st().move;
  MoveFlag flag = move_flag(m);
  if (m != MOVE_NONE && (flag <= DOUBLE_PUSH || flag == CAPTURE) && variant_ <= CHESS960)
    return checkers_after(move_from(m), move_to(m));
  return checkers_to_king(side_);
}

// Checkers after a plain move (quiet, double push or capture) from -> to by the side not
// to move: the moved piece may check directly, and leaving a line through the enemy king
// may uncover a slider. Most moves touch no such line and need no slider lookup at all.
Bitboard Position::checkers_after(Square from, Square to) const {
  Color us = ~side_;
  Square ksq = king_square(side_);
  Bitboard occ = pieces();
  Bitboard checkers = 0;
  switch (type_of(board_[to])) {
    case PAWN:
      checkers = pawn_attacks(side_, ksq) & square_bb(to);
      break;
    case KNIGHT:
      checkers = knight_attacks(ksq) & square_bb(to);
      break;
    case BISHOP:
    case ROOK:
    case QUEEN:
      if (line_bb(ksq, to) && !(between_bb(ksq, to) & occ)) {
        bool straight = file_of(ksq) == file_of(to) || rank_of(ksq) == rank_of(to);
        PieceType pt = type_of(board_[to]);
        if (pt == QUEEN || (pt == ROOK) == straight) checkers = square_bb(to);
      }
      break;
    default:
      break;
  }
  if (line_bb(ksq, from) && !(line_bb(ksq, from) & square_bb(to))) {
    if (file_of(ksq) == file_of(from) || rank_of(ksq) == rank_of(from))
      checkers |= rook_attacks(ksq, occ) & pieces(us, ROOK, QUEEN);
    else
      checkers |= bishop_attacks(ksq, occ) & pieces(us, BISHOP, QUEEN);
  }
  return checkers;
}

// Makruk counting (as Fairy-Stockfish implements it): the limit, in full moves, of a count
// for colour c; 0 when no count runs for it. No count while an unpromoted Bia remains or
// when c's opponent has a bare king. Board's honour (c has more than its king): 64.
// Pieces' honour (c has a bare king), by the opponent's material: two Rueas 8, one Ruea 16,
// two Khons 22, two Mas 32, one Khon 44 (with or without one Ma), anything else 64.
int Position::makruk_count_limit(Color c) const {
  if (pieces(PAWN) || popcount(pieces(~c)) == 1) return 0;
  if (popcount(pieces(c)) > 1) return 64;
  int rooks = popcount(pieces(~c, ROOK)), khons = popcount(pieces(~c, KHON)),
      knights = popcount(pieces(~c, KNIGHT));
  if (rooks > 1) return 8;
  if (rooks == 1) return 16;
  if (khons > 1) return 22;
  if (knights > 1) return 32;
  if (khons == 1) return 44;
  return 64;
}

// Advances the Makruk count after a move by the side now not to move. The count ply
// grows every ply; a count starts (or, for pieces' honour, restarts after a capture or a
// promotion that leaves the side to move with a bare king) for the side to move when a
// count can run for it (a running count is kept otherwise); pieces' honour starts from the
// number of pieces on the board. (Checked move by move against Fairy-Stockfish 11.1.)
void Position::update_counting(StateInfo& next, int prev_limit, int prev_ply) {
  int limit = prev_limit, ply = prev_ply + (prev_ply < UINT16_MAX);
  int all = popcount(pieces());
  bool capture_or_promotion = next.captured != NO_PIECE || is_promotion(next.move);
  int candidate = 2 * makruk_count_limit(side_);
  if (candidate && (!limit || (capture_or_promotion && popcount(pieces(side_)) == 1))) {
    limit = candidate;
    ply = popcount(pieces(side_)) == 1 ? 2 * all : 0;
  }
  next.key ^= zobrist::makruk_count(prev_limit) ^ zobrist::makruk_count(limit);
  next.count_limit = uint16_t(limit);
  next.count_ply = uint16_t(ply);
}

// Pieces of the side not to move that attack the king of colour c. The enemy king is left
// out: kings touch only on an any_board() board, where it has never counted as a checker.
Bitboard Position::checkers_to_king(Color c) const {
  return attackers(*this, ~c, king_square(c), pieces(), pieces(KING));
}

void Position::undo_move() {
  assert(top_ > 0);
  const StateInfo& cur = st();
  const Move m = cur.move;
  const Color them = side_, us = ~them;
  if (is_lichess_variant(variant_)) {
    restore_snapshot();
  } else {
    const Square from = move_from(m), to = move_to(m);
    const MoveFlag flag = move_flag(m);
    if (flag == CASTLE_KING || flag == CASTLE_QUEEN) {
      undo_castling(us, from, to, flag == CASTLE_KING);
    } else {
      if (is_promotion(m)) {
        remove_piece(to);
        put_piece(make_piece(us, PAWN), to);
      }
      move_piece(to, from);
      if (cur.captured != NO_PIECE)
        put_piece(cur.captured, flag == EN_PASSANT ? Square(to - pawn_push(us)) : to);
    }
  }
  side_ = us;
  --game_ply_;
  --top_;
  check_invariants();
}

void Position::do_null_move() {
  assert(!in_check());
  Key key = st().key ^ turn_key_ ^ ep_key();
  StateInfo& next = push_state();
  next = states_[top_ - 1];
  next.key = key;
  next.ep_square = SQ_NONE;
  next.captured = NO_PIECE;
  next.move = MOVE_NONE;
  next.rule50 = uint16_t(next.rule50 + (next.rule50 != UINT16_MAX));
  next.checkers = 0;                  // the side that passed was not in check, so the other is not either
  next.checkers_known = !any_board_;  // (unless the board began with it in check)
  side_ = ~side_;
  ++game_ply_;
  check_invariants();
}

void Position::undo_null_move() {
  assert(top_ > 0 && st().move == MOVE_NONE);
  side_ = ~side_;
  --game_ply_;
  --top_;
  check_invariants();
}

bool Position::is_consistent(const char** why) const {
  auto fail = [&](const char* msg) {
    if (why) *why = msg;
    return false;
  };
  // A side has one king, or none on a board built with Setup::build's TOLERATE_MISSING_KINGS.
  if (variant_ != ANTICHESS && (popcount(pieces(WHITE, KING)) > 1 || popcount(pieces(BLACK, KING)) > 1))
    return fail("two kings of a side");
  if (by_color_[WHITE] & by_color_[BLACK]) return fail("colour bitboards overlap");
  Bitboard all_types = 0;
  for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
    if (all_types & by_type_[pt]) return fail("type bitboards overlap");
    all_types |= by_type_[pt];
  }
  if (by_type_[NO_PIECE_TYPE]) return fail("empty-type bitboard not empty");
  if (all_types != pieces()) return fail("type and colour bitboards disagree");
  for (int si = 0; si < 64; ++si) {
    Square s = Square(si);
    Piece p = board_[s];
    if (p == NO_PIECE) {
      if (pieces() & square_bb(s)) return fail("bitboard has a piece the mailbox lacks");
    } else if (!(pieces(color_of(p), type_of(p)) & square_bb(s))) {
      return fail("mailbox has a piece the bitboards lack");
    }
  }
  const Bitboard expected = is_lichess_variant(variant_) ? (pieces(side_, KING) ? variant_checkers() : 0)
                            : pieces(side_, KING) ? attackers(*this, ~side_, king_square(side_), pieces())
                                                  : 0;
  if (checkers() != expected) return fail("checkers wrong");
  if (!any_board_ && variant_ != ANTICHESS && variant_ != ATOMIC && pieces(~side_, KING) &&
      attackers(*this, side_, king_square(~side_), pieces()))
    return fail("side not to move is in check");
  for (int pt = PAWN; pt <= QUEEN; ++pt)
    if ((pocket_[WHITE][pt] || pocket_[BLACK][pt]) && variant_ != CRAZYHOUSE)
      return fail("pocket outside crazyhouse");
  if (promoted_ & ~pieces()) return fail("promoted mark on an empty square");
  if (promoted_ & pieces(PAWN, KING)) return fail("promoted pawn or king");
  if (st().key != compute_key()) return fail("incremental key differs from scratch key");
  if (st().written_castling & (any_board_ ? int(st().castling) : int(ALL_CASTLING)))
    return fail("castling right kept as written off an any_board position, or also held");
  for (int i = 0; i < 4; ++i) {
    CastlingRights cr = CastlingRights(1 << i);
    if ((st().written_castling & cr) && castling_rook_[i] == SQ_NONE)
      return fail("castling right kept as written without its rook square");
    if (!(st().castling & cr)) continue;
    Color c = (cr & (WHITE_OO | WHITE_OOO)) ? WHITE : BLACK;
    Square r = castling_rook_[castling_index(cr)];
    if (r == SQ_NONE || board_[r] != make_piece(c, ROOK)) return fail("castling right without its rook");
    if (!(castling_mask_[king_square(c)] & cr)) return fail("castling right without its king");
  }
  return true;
}

// ---- the lichess variants -------------------------------------------------------------------

namespace {
constexpr Bitboard CENTER_BB =
    (Bitboard(1) << SQ_D4) | (Bitboard(1) << SQ_E4) | (Bitboard(1) << SQ_D5) | (Bitboard(1) << SQ_E5);
}  // namespace

// Checkers of the king of the side to move in a lichess variant: none in antichess (the king
// is an ordinary piece); atomic: none while the kings touch, and none from a side whose king
// has exploded (the game is over).
Bitboard Position::variant_checkers() const {
  if (variant_ == ANTICHESS || !pieces(side_, KING)) return 0;
  if (variant_ == ATOMIC) {
    if (!pieces(~side_, KING)) return 0;
    if (king_attacks(king_square(side_)) & pieces(~side_, KING)) return 0;
  }
  return checkers_to_king(side_);
}

bool Position::is_variant_end() const {
  switch (variant_) {
    case ATOMIC:
      return !pieces(WHITE, KING) || !pieces(BLACK, KING);
    case KING_OF_THE_HILL:
      return pieces(KING) & CENTER_BB;
    case THREE_CHECK:
      return !checks_left_[WHITE] || !checks_left_[BLACK];
    case HORDE:
      return !pieces(WHITE) || !pieces(BLACK);
    case ANTICHESS:
      return !pieces(side_);
    case RACING_KINGS: {
      const bool white_goal = pieces(WHITE, KING) & RANK_8_BB, black_goal = pieces(BLACK, KING) & RANK_8_BB;
      if (!white_goal && !black_goal) return false;
      if (black_goal || side_ == WHITE || !pieces(BLACK, KING)) return true;
      // White is there and Black moves: play goes on while Black's king can reach rank 8.
      const Square bk = king_square(BLACK);
      const Bitboard occ = pieces() ^ square_bb(bk);
      for (Bitboard b = king_attacks(bk) & RANK_8_BB & ~pieces(BLACK); b;)
        if (!attacked_by(*this, WHITE, pop_lsb(b), occ)) return false;
      return true;
    }
    default:
      return false;
  }
}

void Position::check_invariants() const {
#ifndef NDEBUG
  const char* why = nullptr;
  if (!is_consistent(&why)) {
    assert(!why);  // the message names the broken invariant
  }
#endif
}

}  // namespace cw
