// chesswasm — legal move generation.
//
// Every move written is legal: the generator first finds the checkers (evasions must
// capture or block a single checker; only the king moves in double check) and the pieces
// pinned to the king (they move only along the pin line). The king steps only to squares
// no enemy attacks with the king itself lifted off the board; en passant, which removes
// two pieces from one rank, is checked by replaying its occupancy. The same code either
// writes moves (MoveWriter) or only counts them (MoveCounter, for bulk-counted perft).
// SPDX-License-Identifier: MIT
#include "movegen.h"

#include <cassert>

#include "attacks.h"

namespace cw {

namespace {

// Writes moves into a buffer of MAX_MOVES slots. The bound (types.h) is proven for every
// position set-up accepts; the assert catches a set-up that would let a position break it.
struct MoveWriter {
  static constexpr bool COUNTS = false;
  Move* cur;
#ifndef NDEBUG
  const Move* limit;
  void put(Move m) {
    assert(cur < limit && "more legal moves than MAX_MOVES: set-up accepted impossible material");
    *cur++ = m;
  }
#else
  void put(Move m) { *cur++ = m; }
#endif
  void add(Square from, Bitboard targets, MoveFlag flag) {
    while (targets) put(make_move(from, pop_lsb(targets), flag));
  }
  // Pawn moves given by destination set and the step that reached them.
  void add_pawn(int step, Bitboard targets, MoveFlag flag) {
    while (targets) {
      Square to = pop_lsb(targets);
      put(make_move(Square(to - step), to, flag));
    }
  }
  void add_promotions(int step, Bitboard targets, bool capture) {
    while (targets) {
      Square to = pop_lsb(targets);
      Square from = Square(to - step);
      MoveFlag base = capture ? PROMO_KNIGHT_CAPTURE : PROMO_KNIGHT;
      put(make_move(from, to, MoveFlag(base + 3)));  // queen first: the likeliest choice
      put(make_move(from, to, base));
      put(make_move(from, to, MoveFlag(base + 2)));
      put(make_move(from, to, MoveFlag(base + 1)));
    }
  }
  void add_one(Move m) { put(m); }
  void add_drops(PieceType pt, Bitboard targets) {
    while (targets) put(make_drop(pt, pop_lsb(targets)));
  }
};

struct MoveCounter {
  static constexpr bool COUNTS = true;  // callers may count a piece's moves in one popcount
  int n = 0;
  void add(Square, Bitboard targets, MoveFlag) { n += popcount(targets); }
  void add_pawn(int, Bitboard targets, MoveFlag) { n += popcount(targets); }
  void add_promotions(int, Bitboard targets, bool) { n += 4 * popcount(targets); }
  void add_one(Move) { ++n; }
  void add_drops(PieceType, Bitboard targets) { n += popcount(targets); }
};

template <Color Us, GenType T, class Sink>
void generate_pawn_moves(const Position& pos, Sink& sink, Bitboard target_mask, Bitboard pinned, Square ksq) {
  constexpr Color Them = ~Us;
  constexpr int UP = Us == WHITE ? 8 : -8;
  constexpr int UP_LEFT = Us == WHITE ? 7 : -9;   // towards the a-file
  constexpr int UP_RIGHT = Us == WHITE ? 9 : -7;  // towards the h-file
  constexpr Bitboard RANK_7 = Us == WHITE ? rank_bb(6) : rank_bb(1);
  constexpr Bitboard RANK_3 = Us == WHITE ? rank_bb(2) : rank_bb(5);
  const Bitboard occ = pos.pieces();
  const Bitboard empty = ~occ;
  const Bitboard enemies = pos.pieces(Them) & target_mask;
  const Bitboard pawns = pos.pieces(Us, PAWN);

  auto shift = [](Bitboard b, int step) { return step > 0 ? b << step : b >> -step; };
  auto left = [&](Bitboard b) { return shift(b & ~FILE_A_BB, UP_LEFT); };
  auto right = [&](Bitboard b) { return shift(b & ~FILE_H_BB, UP_RIGHT); };

  const Bitboard free = pawns & ~pinned;
  const Bitboard free_7 = free & RANK_7, free_other = free & ~RANK_7;

  if constexpr (T == LEGAL) {
    Bitboard single = shift(free_other, UP) & empty;
    Bitboard dbl = shift(single & RANK_3, UP) & empty & target_mask;
    sink.add_pawn(UP, single & target_mask, QUIET);
    sink.add_pawn(2 * UP, dbl, DOUBLE_PUSH);
    sink.add_promotions(UP, shift(free_7, UP) & empty & target_mask, false);
  }
  sink.add_pawn(UP_LEFT, left(free_other) & enemies, CAPTURE);
  sink.add_pawn(UP_RIGHT, right(free_other) & enemies, CAPTURE);
  sink.add_promotions(UP_LEFT, left(free_7) & enemies, true);
  sink.add_promotions(UP_RIGHT, right(free_7) & enemies, true);

  // A pinned pawn moves only along its pin line; rare, so one pawn at a time.
  for (Bitboard b = pawns & pinned; b;) {
    Square from = pop_lsb(b);
    Bitboard pin_line = line_bb(ksq, from);
    Bitboard fb = square_bb(from);
    Bitboard caps = pawn_attacks(Us, from) & enemies & pin_line;
    if (fb & RANK_7) {
      if constexpr (T == LEGAL)
        sink.add_promotions(UP, shift(fb, UP) & empty & target_mask & pin_line, false);
      sink.add_promotions(UP_LEFT, left(fb) & caps, true);
      sink.add_promotions(UP_RIGHT, right(fb) & caps, true);
    } else {
      if constexpr (T == LEGAL) {
        Bitboard single = shift(fb, UP) & empty & pin_line;
        sink.add(from, single & target_mask, QUIET);
        sink.add(from, shift(single & RANK_3, UP) & empty & target_mask, DOUBLE_PUSH);
      }
      sink.add(from, caps, CAPTURE);
    }
  }

  // En passant: replay the capture's occupancy and see whether the king is attacked.
  Square ep = pos.ep_square();
  if (ep != SQ_NONE) {
    Square capsq = Square(ep - UP);
    for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
      Square from = pop_lsb(b);
      Bitboard occ2 = (occ ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
      bool exposed = ksq != SQ_NONE && attacked<PieceSet::CHESS, Them>(pos, ksq, occ2, square_bb(capsq));
      if (!exposed) sink.add_one(make_move(from, ep, EN_PASSANT));
    }
  }
}

template <Color Us, GenType T, class Sink>
void generate_castling(const Position& pos, Sink& sink, Square ksq) {
  constexpr Color Them = ~Us;
  const Bitboard occ = pos.pieces();
  for (bool king_side : {true, false}) {
    CastlingRights cr = castling_right(Us, king_side);
    if (!pos.can_castle(cr) || (pos.castling_path(cr) & occ)) continue;
    Square rsq = pos.castling_rook_square(cr);
    // The king and the rook are lifted: neither shields a square of the king's path.
    Bitboard occ2 = occ ^ square_bb(ksq) ^ square_bb(rsq);
    bool safe = true;
    for (Bitboard path = pos.castling_king_path(cr); path && safe;)
      safe = !attacked<PieceSet::CHESS, Them>(pos, pop_lsb(path), occ2);
    if (safe) sink.add_one(make_move(ksq, rsq, king_side ? CASTLE_KING : CASTLE_QUEEN));
  }
}

// What the moves of every piece but the king are restricted to: the squares that answer a
// single check (every square when not in check), and the pieces pinned to the king, which
// move only along the pin line.
struct Restrictions {
  Bitboard target_mask;
  Bitboard pinned;
};

// Writes the king's steps, tested with the king lifted so that it cannot hide behind itself,
// then fills the restrictions for the other pieces. Returns false in double check, where only
// the king may move. attacked_by_them(s, occ) says whether the opponent attacks s; the pinners
// are the opponent's sliders along ranks and files (rook_like) and diagonals (bishop_like);
// checkers is pos.checkers(), asked once by the caller at its start: in wasm every call is a
// point where V8 saves every live value to the stack (its code has no callee-saved registers),
// so the one call the generator may make (checkers are computed on first use) comes first.
// Shared by chess and Makruk. A side without a king (a board built with Setup::build's
// TOLERATE_MISSING_KINGS) has no king moves, no checks and no pins: every move of its pieces
// is legal.
template <Color Us, GenType T, class Sink, class Attacked>
bool king_moves_and_restrictions(const Position& pos, Sink& sink, Attacked attacked_by_them,
                                 Bitboard rook_like, Bitboard bishop_like, Bitboard checkers,
                                 Restrictions& r) {
  constexpr Color Them = ~Us;
  if (!pos.pieces(Us, KING)) {
    r.target_mask = ~Bitboard(0);
    r.pinned = 0;
    return true;
  }
  const Square ksq = pos.king_square(Us);
  const Bitboard us_bb = pos.pieces(Us), them_bb = pos.pieces(Them);
  const Bitboard occ = us_bb | them_bb;

  Bitboard king_targets = king_attacks(ksq) & ~us_bb;
  if constexpr (T == CAPTURES) king_targets &= them_bb;
  const Bitboard occ_no_king = occ ^ square_bb(ksq);
  Bitboard safe = 0;
  for (Bitboard b = king_targets; b;) {
    Square to = pop_lsb(b);
    if (!attacked_by_them(to, occ_no_king)) safe |= square_bb(to);
  }
  if constexpr (T == LEGAL && Sink::COUNTS) {
    sink.add(ksq, safe, QUIET);  // counted, not written: captures and steps alike
  } else {
    sink.add(ksq, safe & them_bb, CAPTURE);
    if constexpr (T == LEGAL) sink.add(ksq, safe & ~them_bb, QUIET);
  }
  if (more_than_one(checkers)) return false;

  // Evasions must capture the checker or block its line.
  r.target_mask = checkers ? (between_bb(ksq, lsb(checkers)) | checkers) : ~Bitboard(0);

  // Pinned pieces: an x-ray from the king through our own pieces finds the pinners.
  r.pinned = 0;
  Bitboard snipers = rook_attacks(ksq, them_bb) & rook_like;
  if (bishop_like) snipers |= bishop_attacks(ksq, them_bb) & bishop_like;
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard b = between_bb(ksq, s) & occ;
    if (b && !more_than_one(b) && (b & us_bb)) r.pinned |= b;
  }
  return true;
}

template <Color Us, GenType T, class Sink>
void generate_moves(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Bitboard checkers = pos.checkers();  // first: see king_moves_and_restrictions
  // SQ_NONE without a king: then nothing is pinned and en passant exposes nothing.
  const Square ksq = pos.pieces(Us, KING) ? pos.king_square(Us) : SQ_NONE;
  const Bitboard us_bb = pos.pieces(Us), them_bb = pos.pieces(Them);
  const Bitboard occ = us_bb | them_bb;
  Restrictions r;
  if (!king_moves_and_restrictions<Us, T>(
          pos, sink, [&](Square s, Bitboard o) { return attacked<PieceSet::CHESS, Them>(pos, s, o); },
          pos.pieces(Them, ROOK, QUEEN), pos.pieces(Them, BISHOP, QUEEN), checkers, r))
    return;
  const Bitboard target_mask = r.target_mask, pinned = r.pinned;

  generate_pawn_moves<Us, T>(pos, sink, target_mask, pinned, ksq);

  Bitboard targets = ~us_bb & target_mask;
  if constexpr (T == CAPTURES) targets &= them_bb;
  const Bitboard quiet_targets = targets & ~them_bb, capture_targets = targets & them_bb;
  auto emit = [&](Square from, Bitboard att) {
    if (pinned & square_bb(from)) att &= line_bb(ksq, from);
    if constexpr (T == LEGAL && Sink::COUNTS) {
      sink.add(from, att & targets, QUIET);  // one popcount for captures and quiet moves
    } else {
      sink.add(from, att & capture_targets, CAPTURE);
      if constexpr (T == LEGAL) sink.add(from, att & quiet_targets, QUIET);
    }
  };
  // A pinned knight can never move.
  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
    Square from = pop_lsb(b);
    emit(from, knight_attacks(from));
  }
  for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN); b;) {
    Square from = pop_lsb(b);
    emit(from, bishop_attacks(from, occ));
  }
  for (Bitboard b = pos.pieces(Us, ROOK, QUEEN); b;) {
    Square from = pop_lsb(b);
    emit(from, rook_attacks(from, occ));
  }
  if constexpr (T == LEGAL)
    if (!checkers &&
        (pos.castling_rights() & (Us == WHITE ? (WHITE_OO | WHITE_OOO) : (BLACK_OO | BLACK_OOO))))
      generate_castling<Us, T>(pos, sink, ksq);
}

// ---- Makruk ----------------------------------------------------------------------------------
// The same scheme for Thai chess: only the Ruea (rook) slides, so only it pins or checks
// from afar; the Met and the promoted Bia step diagonally, the Khon diagonally or straight
// forward, the Bia one step forward (capturing diagonally forward) and it must promote to
// a Met on reaching the sixth rank (relative). No double step, en passant or castling.

template <Color Us, GenType T, class Sink>
void generate_makruk(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  constexpr Bitboard PROMOTION_ZONE = Us == WHITE
                                          ? ~(rank_bb(0) | rank_bb(1) | rank_bb(2) | rank_bb(3) | rank_bb(4))
                                          : (rank_bb(0) | rank_bb(1) | rank_bb(2));
  const Square ksq = pos.pieces(Us, KING) ? pos.king_square(Us) : SQ_NONE;  // see generate_moves
  const Bitboard us_bb = pos.pieces(Us), them_bb = pos.pieces(Them);
  const Bitboard occ = us_bb | them_bb;
  Restrictions r;
  if (!king_moves_and_restrictions<Us, T>(
          pos, sink, [&](Square s, Bitboard o) { return attacked<PieceSet::MAKRUK, Them>(pos, s, o); },
          pos.pieces(Them, ROOK), 0, pos.checkers(), r))
    return;
  const Bitboard target_mask = r.target_mask, pinned = r.pinned;
  Bitboard targets = ~us_bb & target_mask;
  if constexpr (T == CAPTURES) targets &= them_bb;
  const Bitboard quiet_targets = targets & ~them_bb, capture_targets = targets & them_bb;

  auto restrict_pin = [&](Square from, Bitboard att) {
    return (pinned & square_bb(from)) ? att & line_bb(ksq, from) : att;
  };
  auto emit = [&](Square from, Bitboard att) {
    att = restrict_pin(from, att);
    sink.add(from, att & capture_targets, CAPTURE);
    if constexpr (T == LEGAL) sink.add(from, att & quiet_targets, QUIET);
  };
  for (Bitboard b = pos.pieces(Us, PAWN); b;) {
    Square from = pop_lsb(b);
    Bitboard push = restrict_pin(from, shift_up<Us>(square_bb(from)) & ~occ) & target_mask;
    Bitboard caps = restrict_pin(from, pawn_attacks(Us, from)) & capture_targets;
    // A Bia promotes on entering the zone; one set up inside it moves on unpromoted.
    const Bitboard zone = (PROMOTION_ZONE & square_bb(from)) ? 0 : PROMOTION_ZONE;
    if constexpr (T == LEGAL) {
      sink.add(from, push & ~zone, QUIET);
      sink.add(from, push & zone, PROMO_MET);
    }
    sink.add(from, caps & ~zone, CAPTURE);
    sink.add(from, caps & zone, PROMO_MET_CAPTURE);
  }
  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
    Square from = pop_lsb(b);
    emit(from, knight_attacks(from));
  }
  for (Bitboard b = pos.pieces(Us, MET, PMET); b;) {
    Square from = pop_lsb(b);
    emit(from, tables::fers_attacks[from]);
  }
  for (Bitboard b = pos.pieces(Us, KHON); b;) {
    Square from = pop_lsb(b);
    emit(from, tables::khon_attacks[Us][from]);
  }
  for (Bitboard b = pos.pieces(Us, ROOK); b;) {
    Square from = pop_lsb(b);
    emit(from, rook_attacks(from, occ));
  }
}

// ---- the lichess variants -------------------------------------------------------------------
// Crazyhouse, king of the hill, three-check and horde move as chess (the legal generator
// above; a kingless horde has no checks and no pins), plus drops and horde's first-rank
// double steps. Antichess generates its captures, and only when there are none its other
// moves; racing kings leaves out the squares that would give check (generate_racing). Atomic
// is the one variant whose moves are generated pseudo-legally into a buffer and filtered
// (atomic_legal: the king after the explosion; docs/architecture.md says why). After the
// variant's ending there are no moves.

// Pseudo-legal moves (no king safety, no castling): kings capture when kings_capture, pawns
// promote to a king too when king_promotions. Kinds: every move, only the captures (en passant
// and capturing promotions included), or only the other moves.
enum PseudoKind { ALL_MOVES, ONLY_CAPTURES, ONLY_QUIETS };
template <Color Us, PseudoKind K>
Move* pseudo_moves(const Position& pos, Move* out, bool kings_capture, bool king_promotions) {
  constexpr Color Them = ~Us;
  constexpr bool CAPS = K != ONLY_QUIETS, QUIETS = K != ONLY_CAPTURES;
  const Bitboard us = pos.pieces(Us), them = pos.pieces(Them), occ = us | them;
  auto add = [&](Square from, Bitboard targets) {
    if constexpr (CAPS)
      for (Bitboard b = targets & them; b;) *out++ = make_move(from, pop_lsb(b), CAPTURE);
    if constexpr (QUIETS)
      for (Bitboard b = targets & ~occ; b;) *out++ = make_move(from, pop_lsb(b), QUIET);
  };
  auto promotions = [&](Square from, Square to, bool capture) {
    const MoveFlag base = capture ? PROMO_KNIGHT_CAPTURE : PROMO_KNIGHT;
    for (int i = 3; i >= 0; --i) *out++ = make_move(from, to, MoveFlag(base + i));
    if (king_promotions) *out++ = make_move(from, to, capture ? PROMO_MET_CAPTURE : PROMO_MET);
  };
  for (Bitboard b = pos.pieces(Us, PAWN); b;) {
    const Square from = pop_lsb(b);
    const int rr = relative_rank(Us, from);
    const Square one = Square(from + pawn_push(Us));
    if (QUIETS && rr < 7 && !(occ & square_bb(one))) {
      if (rr == 6)
        promotions(from, one, false);
      else
        *out++ = make_move(from, one, QUIET);
      const Square two = Square(one + pawn_push(Us));
      if (rr == 1 && !(occ & square_bb(two))) *out++ = make_move(from, two, DOUBLE_PUSH);
    }
    for (Bitboard c = CAPS ? pawn_attacks(Us, from) & them : 0; c;) {
      const Square to = pop_lsb(c);
      if (rr == 6)
        promotions(from, to, true);
      else
        *out++ = make_move(from, to, CAPTURE);
    }
  }
  const Square ep = pos.ep_square();
  if (CAPS && ep != SQ_NONE && !(occ & square_bb(ep)))
    for (Bitboard b = pawn_attacks(Them, ep) & pos.pieces(Us, PAWN); b;)
      *out++ = make_move(pop_lsb(b), ep, EN_PASSANT);
  for (Bitboard b = pos.pieces(Us, KNIGHT); b;) {
    const Square from = pop_lsb(b);
    add(from, knight_attacks(from));
  }
  for (Bitboard b = pos.pieces(Us, BISHOP, QUEEN); b;) {
    const Square from = pop_lsb(b);
    add(from, bishop_attacks(from, occ));
  }
  for (Bitboard b = pos.pieces(Us, ROOK, QUEEN); b;) {
    const Square from = pop_lsb(b);
    add(from, rook_attacks(from, occ));
  }
  for (Bitboard b = pos.pieces(Us, KING); b;) {
    const Square from = pop_lsb(b);
    add(from, king_attacks(from) & ~us & (kings_capture ? ~Bitboard(0) : ~them));
  }
  return out;
}

// Atomic: whether the king of Us survives m and is not attacked after it (touching kings do
// not attack each other), or m explodes the enemy king while ours survives.
template <Color Us>
bool atomic_legal(const Position& pos, Move m) {
  constexpr Color Them = ~Us;
  const Square from = move_from(m), to = move_to(m);
  Bitboard occ = pos.pieces();
  Square ksq = pos.king_square(Us);
  Bitboard gone = 0;  // enemy pieces removed by the move
  if (is_castling(m)) {
    const bool king_side = move_flag(m) == CASTLE_KING;
    const Square kto = castle_king_to(Us, king_side), rto = castle_rook_to(Us, king_side);
    occ = (occ ^ square_bb(from) ^ square_bb(to)) | square_bb(kto) | square_bb(rto);
    ksq = kto;
  } else if (is_capture(m)) {
    const Square capsq = is_en_passant(m) ? Square(to - pawn_push(Us)) : to;
    const Bitboard boom = (king_attacks(to) & occ & ~pos.pieces(PAWN)) | square_bb(capsq);
    if (boom & pos.pieces(Us, KING)) return false;
    if (boom & pos.pieces(Them, KING)) return true;
    occ &= ~(boom | square_bb(from));
    gone = boom;
  } else {
    occ = (occ ^ square_bb(from)) | square_bb(to);
    if (from == ksq) ksq = to;
  }
  if (king_attacks(ksq) & pos.pieces(Them, KING)) return true;
  return !attacked_by(pos, Them, ksq, occ, gone);  // out of line: atomic is not the hot path
}

template <Color Us>
Move* atomic_moves(const Position& pos, Move* out) {
  constexpr Color Them = ~Us;
  Move buf[MAX_MOVES];
  Move* end = pseudo_moves<Us, ALL_MOVES>(pos, buf, false, false);
  // Castling out of no (atomic) check, over squares the enemy does not attack; squares next
  // to the enemy king are safe (its attacks there do not count). The squares the king passes
  // are judged with the king lifted and the rook still standing (it moves last); the
  // destination, with the rook beside the king, by atomic_legal. Where the kings touch at
  // the end, the destination is safe even if the rook's start square opened a line to it.
  const Square ksq = pos.king_square(Us);
  if (!pos.checkers() &&
      (pos.castling_rights() & (Us == WHITE ? (WHITE_OO | WHITE_OOO) : (BLACK_OO | BLACK_OOO))))
    for (bool king_side : {true, false}) {
      const CastlingRights cr = castling_right(Us, king_side);
      if (!pos.can_castle(cr) || (pos.castling_path(cr) & pos.pieces())) continue;
      const Square rsq = pos.castling_rook_square(cr);
      const Bitboard occ2 = pos.pieces() ^ square_bb(ksq);
      const Bitboard their_king = pos.pieces(Them, KING);
      bool safe = true;
      const Square kto = castle_king_to(Us, king_side);
      for (Bitboard path = pos.castling_king_path(cr) & ~square_bb(kto); path && safe;) {
        const Square s = pop_lsb(path);
        safe = (king_attacks(s) & their_king) || !attacked_by(pos, Them, s, occ2);
      }
      if (safe) *end++ = make_move(ksq, rsq, king_side ? CASTLE_KING : CASTLE_QUEEN);
    }
  // A quiet move of a piece that is not the king and stands on no line between our king and
  // an enemy slider cannot expose the king (out of check; touching kings are never in check):
  // legal without the test. Captures (their explosions), king moves, castling and the moves of
  // such blockers are tested one by one.
  const Bitboard tested = pos.checkers() ? ~Bitboard(0) : pos.blockers_for_king(Us) | square_bb(ksq);
  for (Move* m = buf; m != end; ++m)
    if ((!is_capture(*m) && !(tested & square_bb(move_from(*m)))) || atomic_legal<Us>(pos, *m)) *out++ = *m;
  return out;
}

// Antichess: every pseudo-legal move is legal (kings are ordinary pieces), but captures are
// compulsory: the captures when there are any, else the other moves. Nothing is filtered.
template <Color Us>
Move* antichess_moves(const Position& pos, Move* out) {
  Move* end = pseudo_moves<Us, ONLY_CAPTURES>(pos, out, true, true);
  return end != out ? end : pseudo_moves<Us, ONLY_QUIETS>(pos, out, true, true);
}

// Racing kings: chess moves (no pawns, no castling there) of which none gives check, generated
// directly: a piece never goes to a square from which it would attack the enemy king (its
// check squares, seen from that king through the current board: a slider that moves along a
// line away from the king cannot uncover itself, since it would have been giving check
// already), and our pieces that alone stand between one of our sliders and the enemy king
// (discoverers, the king among them) move only along that line. Checks on our own king
// cannot stand (set-up refuses them and no move gives one), so the king steps and pins of
// the chess generator apply as they are.
template <class Sink>
struct MaskedSink {  // forwards the king's steps, restricted to a mask
  static constexpr bool COUNTS = Sink::COUNTS;
  Sink& sink;
  Bitboard mask;
  void add(Square from, Bitboard targets, MoveFlag flag) { sink.add(from, targets & mask, flag); }
};

template <Color Us, GenType T, class Sink>
void generate_racing(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Bitboard us_bb = pos.pieces(Us), them_bb = pos.pieces(Them), occ = us_bb | them_bb;
  // A side may lack its king on a board built with TOLERATE_MISSING_KINGS: without ours there are
  // no king moves and no pins (king_moves_and_restrictions), without theirs no check to avoid.
  const bool their_king = pos.pieces(Them, KING) != 0;
  const Square ksq = pos.pieces(Us, KING) ? pos.king_square(Us) : SQ_NONE;
  const Square tk = their_king ? pos.king_square(Them) : SQ_NONE;
  const Bitboard discoverers = their_king ? pos.blockers_for_king(Them) & us_bb : 0;
  const Bitboard knight_checks = their_king ? knight_attacks(tk) : 0,
                 bishop_checks = their_king ? bishop_attacks(tk, occ) : 0,
                 rook_checks = their_king ? rook_attacks(tk, occ) : 0;
  MaskedSink<Sink> king_sink{
      sink, ksq != SQ_NONE && (discoverers & square_bb(ksq)) ? line_bb(tk, ksq) : ~Bitboard(0)};
  Restrictions r;
  if (!king_moves_and_restrictions<Us, T>(
          pos, king_sink, [&](Square s, Bitboard o) { return attacked<PieceSet::CHESS, Them>(pos, s, o); },
          pos.pieces(Them, ROOK, QUEEN), pos.pieces(Them, BISHOP, QUEEN), pos.checkers(), r))
    return;
  Bitboard targets = ~us_bb & r.target_mask;
  if constexpr (T == CAPTURES) targets &= them_bb;
  const Bitboard quiet_targets = targets & ~them_bb, capture_targets = targets & them_bb;
  auto emit = [&](Square from, Bitboard att) {
    if (r.pinned & square_bb(from)) att &= line_bb(ksq, from);
    if (discoverers & square_bb(from)) att &= line_bb(tk, from);
    sink.add(from, att & capture_targets, CAPTURE);
    if constexpr (T == LEGAL) sink.add(from, att & quiet_targets, QUIET);
  };
  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~r.pinned; b;) {
    const Square from = pop_lsb(b);
    emit(from, knight_attacks(from) & ~knight_checks);
  }
  for (Bitboard b = pos.pieces(Us, BISHOP); b;) {
    const Square from = pop_lsb(b);
    emit(from, bishop_attacks(from, occ) & ~bishop_checks);
  }
  for (Bitboard b = pos.pieces(Us, ROOK); b;) {
    const Square from = pop_lsb(b);
    emit(from, rook_attacks(from, occ) & ~rook_checks);
  }
  for (Bitboard b = pos.pieces(Us, QUEEN); b;) {
    const Square from = pop_lsb(b);
    emit(from, (bishop_attacks(from, occ) | rook_attacks(from, occ)) & ~(bishop_checks | rook_checks));
  }
}

template <Color Us, class Sink>
void generate_drops(const Position& pos, Sink& sink) {
  const Bitboard checkers = pos.checkers();
  if (more_than_one(checkers)) return;
  Bitboard targets = ~pos.pieces();
  if (checkers) targets &= between_bb(pos.king_square(Us), lsb(checkers));
  for (int pt = PAWN; pt <= QUEEN; ++pt)
    if (pos.pocket(Us, PieceType(pt)))
      sink.add_drops(PieceType(pt), pt == PAWN ? targets & ~(RANK_1_BB | RANK_8_BB) : targets);
}

// Horde: pawns on their side's first rank may step two squares (no en passant square).
template <Color Us, class Sink>
void horde_first_rank(const Position& pos, Sink& sink) {
  const Bitboard occ = pos.pieces();
  for (Bitboard b = pos.pieces(Us, PAWN) & (Us == WHITE ? RANK_1_BB : RANK_8_BB); b;) {
    const Square from = pop_lsb(b), one = Square(from + pawn_push(Us)), two = Square(one + pawn_push(Us));
    if (occ & (square_bb(one) | square_bb(two))) continue;
    const Move m = make_move(from, two, QUIET);
    if (king_safe_after(pos, m)) sink.add_one(m);
  }
}

template <Color Us, GenType T, class Sink>
void generate_variant(const Position& pos, Sink& sink) {
  if (pos.is_variant_end()) return;
  Move buf[MAX_MOVES];
  Move* end = buf;
  switch (pos.variant()) {
    case CRAZYHOUSE:
      generate_moves<Us, T>(pos, sink);
      if constexpr (T == LEGAL) generate_drops<Us>(pos, sink);
      return;
    case HORDE:
      generate_moves<Us, T>(pos, sink);
      if constexpr (T == LEGAL) horde_first_rank<Us>(pos, sink);
      return;
    case ATOMIC:
      end = atomic_moves<Us>(pos, buf);
      break;
    case ANTICHESS:
      end = antichess_moves<Us>(pos, buf);
      break;
    case RACING_KINGS:
      generate_racing<Us, T>(pos, sink);
      return;
    default:  // king of the hill, three-check
      generate_moves<Us, T>(pos, sink);
      return;
  }
  for (Move* m = buf; m != end; ++m)
    if (T == LEGAL || is_capture(*m)) sink.add_one(*m);
}

template <GenType T, class Sink>
void dispatch(const Position& pos, Sink& sink) {
  if (is_lichess_variant(pos.variant())) {
    if (pos.side_to_move() == WHITE)
      generate_variant<WHITE, T>(pos, sink);
    else
      generate_variant<BLACK, T>(pos, sink);
  } else if (pos.variant() == MAKRUK) {
    if (pos.side_to_move() == WHITE)
      generate_makruk<WHITE, T>(pos, sink);
    else
      generate_makruk<BLACK, T>(pos, sink);
  } else if (pos.side_to_move() == WHITE) {
    generate_moves<WHITE, T>(pos, sink);
  } else {
    generate_moves<BLACK, T>(pos, sink);
  }
}

}  // namespace

template <GenType T>
Move* generate(const Position& pos, Move* list) {
#ifndef NDEBUG
  MoveWriter w{list, list + MAX_MOVES};
#else
  MoveWriter w{list};
#endif
  dispatch<T>(pos, w);
  return w.cur;
}

template Move* generate<LEGAL>(const Position&, Move*);
template Move* generate<CAPTURES>(const Position&, Move*);

void generate_legal(const Position& pos, MoveList& out) {
  out.count = int(generate<LEGAL>(pos, out.moves) - out.moves);
}

void generate_captures(const Position& pos, MoveList& out) {
  out.count = int(generate<CAPTURES>(pos, out.moves) - out.moves);
}

int count_legal_moves(const Position& pos) {
  MoveCounter c;
  dispatch<LEGAL>(pos, c);
  return c.n;
}

bool has_legal_move(const Position& pos) {
  // A king step to a square no enemy attacks (the king lifted) is the cheapest answer and
  // the usual one, in check too; else count them all.
  const Color us = pos.side_to_move();
  if (!pos.pieces(us, KING) || is_lichess_variant(pos.variant())) return count_legal_moves(pos) > 0;
  const Square ksq = pos.king_square(us);
  const Bitboard occ = pos.pieces() ^ square_bb(ksq);
  for (Bitboard b = king_attacks(ksq) & ~pos.pieces(us); b;)
    if (!attacked_by_lines(pos, ~us, pop_lsb(b), occ)) return true;
  return count_legal_moves(pos) > 0;
}

bool king_safe_after(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square from = move_from(m), to = move_to(m);
  const Bitboard to_bb = square_bb(to);
  const Bitboard occ = (pos.pieces() ^ square_bb(from)) | to_bb;
  // The piece captured on `to` (if any) attacks no more. A side without a king is always safe.
  if (!pos.pieces(us, KING)) return true;
  const Square ksq = type_of(pos.piece_on(from)) == KING ? to : pos.king_square(us);
  return !attacked_by_lines(pos, ~us, ksq, occ, to_bb);
}

bool has_legal_en_passant(const Position& pos) {
  const Square ep = pos.ep_square();
  if (ep == SQ_NONE) return false;
  const Color us = pos.side_to_move();
  for (Bitboard b = pawn_attacks(~us, ep) & pos.pieces(us, PAWN); b;)
    if (is_legal(pos, make_move(pop_lsb(b), ep, EN_PASSANT))) return true;
  return false;
}

bool is_legal(const Position& pos, Move m) {
  if (m == MOVE_NONE) return false;
  Move buf[MAX_MOVES];
  Move* end = generate<LEGAL>(pos, buf);
  for (Move* p = buf; p != end; ++p)
    if (*p == m) return true;
  return false;
}

}  // namespace cw
