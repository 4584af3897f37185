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

namespace cw {

namespace {

// Writes moves into a buffer of MAX_MOVES slots. The bound (types.h) is proven for every
// position set-up accepts; the assert catches a set-up that would let a position break it.
struct MoveWriter {
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
};

struct MoveCounter {
  int n = 0;
  void add(Square, Bitboard targets, MoveFlag) { n += popcount(targets); }
  void add_pawn(int, Bitboard targets, MoveFlag) { n += popcount(targets); }
  void add_promotions(int, Bitboard targets, bool) { n += 4 * popcount(targets); }
  void add_one(Move) { ++n; }
};

// Whether colour Them attacks s when the board holds occ (Them's pieces as in pos).
template <Color Them>
inline bool attacked(const Position& pos, Square s, Bitboard occ) {
  return (pawn_attacks(~Them, s) & pos.pieces(Them, PAWN)) ||
         (knight_attacks(s) & pos.pieces(Them, KNIGHT)) || (king_attacks(s) & pos.pieces(Them, KING)) ||
         (bishop_attacks(s, occ) & pos.pieces(Them, BISHOP, QUEEN)) ||
         (rook_attacks(s, occ) & pos.pieces(Them, ROOK, QUEEN));
}

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
      bool exposed = ksq != SQ_NONE && ((rook_attacks(ksq, occ2) & pos.pieces(Them, ROOK, QUEEN)) ||
                                        (bishop_attacks(ksq, occ2) & pos.pieces(Them, BISHOP, QUEEN)) ||
                                        (knight_attacks(ksq) & pos.pieces(Them, KNIGHT)) ||
                                        (pawn_attacks(Us, ksq) & pos.pieces(Them, PAWN) & ~square_bb(capsq)));
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
      safe = !attacked<Them>(pos, pop_lsb(path), occ2);
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
// are the opponent's sliders along ranks and files (rook_like) and diagonals (bishop_like).
// Shared by chess and Makruk. A side without a king (a board built with Setup::build's
// TOLERATE_MISSING_KINGS) has no king moves, no checks and no pins: every move of its pieces
// is legal.
template <Color Us, GenType T, class Sink, class Attacked>
bool king_moves_and_restrictions(const Position& pos, Sink& sink, Attacked attacked_by_them,
                                 Bitboard rook_like, Bitboard bishop_like, Restrictions& r) {
  constexpr Color Them = ~Us;
  if (!pos.pieces(Us, KING)) {
    r.target_mask = ~Bitboard(0);
    r.pinned = 0;
    return true;
  }
  const Square ksq = pos.king_square(Us);
  const Bitboard us_bb = pos.pieces(Us), them_bb = pos.pieces(Them);
  const Bitboard occ = us_bb | them_bb;
  const Bitboard checkers = pos.checkers();

  Bitboard king_targets = king_attacks(ksq) & ~us_bb;
  if constexpr (T == CAPTURES) king_targets &= them_bb;
  const Bitboard occ_no_king = occ ^ square_bb(ksq);
  Bitboard safe = 0;
  for (Bitboard b = king_targets; b;) {
    Square to = pop_lsb(b);
    if (!attacked_by_them(to, occ_no_king)) safe |= square_bb(to);
  }
  sink.add(ksq, safe & them_bb, CAPTURE);
  if constexpr (T == LEGAL) sink.add(ksq, safe & ~them_bb, QUIET);
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
  // SQ_NONE without a king: then nothing is pinned and en passant exposes nothing.
  const Square ksq = pos.pieces(Us, KING) ? pos.king_square(Us) : SQ_NONE;
  const Bitboard us_bb = pos.pieces(Us), them_bb = pos.pieces(Them);
  const Bitboard occ = us_bb | them_bb;
  Restrictions r;
  if (!king_moves_and_restrictions<Us, T>(
          pos, sink, [&](Square s, Bitboard o) { return attacked<Them>(pos, s, o); },
          pos.pieces(Them, ROOK, QUEEN), pos.pieces(Them, BISHOP, QUEEN), r))
    return;
  const Bitboard checkers = pos.checkers();
  const Bitboard target_mask = r.target_mask, pinned = r.pinned;

  generate_pawn_moves<Us, T>(pos, sink, target_mask, pinned, ksq);

  Bitboard targets = ~us_bb & target_mask;
  if constexpr (T == CAPTURES) targets &= them_bb;
  const Bitboard quiet_targets = targets & ~them_bb, capture_targets = targets & them_bb;
  auto emit = [&](Square from, Bitboard att) {
    if (pinned & square_bb(from)) att &= line_bb(ksq, from);
    sink.add(from, att & capture_targets, CAPTURE);
    if constexpr (T == LEGAL) sink.add(from, att & quiet_targets, QUIET);
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

template <Color Them>
inline bool attacked_makruk(const Position& pos, Square s, Bitboard occ) {
  return (pawn_attacks(~Them, s) & pos.pieces(Them, PAWN)) ||
         (knight_attacks(s) & pos.pieces(Them, KNIGHT)) || (king_attacks(s) & pos.pieces(Them, KING)) ||
         (tables::fers_attacks[s] & (pos.pieces(Them, MET, PMET) | pos.pieces(Them, KHON))) ||
         (tables::khon_attacks[~Them][s] & ~tables::fers_attacks[s] & pos.pieces(Them, KHON)) ||
         (rook_attacks(s, occ) & pos.pieces(Them, ROOK));
}

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
          pos, sink, [&](Square s, Bitboard o) { return attacked_makruk<Them>(pos, s, o); },
          pos.pieces(Them, ROOK), 0, r))
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

template <GenType T, class Sink>
void dispatch(const Position& pos, Sink& sink) {
  if (pos.variant() == MAKRUK) {
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

namespace {

// Position::attacked_by with the sliders found through the empty-board lines from s (two
// entries per square, in cache) and the squares between (a small table): no magic lookup,
// whose big table misses the cache. For the one-off questions of SAN and mate detection.
[[gnu::noinline]] bool attacked_by_lines(const Position& pos, Color by, Square s, Bitboard occ,
                                         Bitboard excluded = 0) {
  if (pos.variant() == MAKRUK) return pos.attacked_by(by, s, occ, excluded);
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

}  // namespace

bool has_legal_move(const Position& pos) {
  // A king step to a square no enemy attacks (the king lifted) is the cheapest answer and
  // the usual one, in check too; else count them all.
  const Color us = pos.side_to_move();
  if (!pos.pieces(us, KING)) return count_legal_moves(pos) > 0;
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

bool is_legal(const Position& pos, Move m) {
  if (m == MOVE_NONE) return false;
  Move buf[MAX_MOVES];
  Move* end = generate<LEGAL>(pos, buf);
  for (Move* p = buf; p != end; ++p)
    if (*p == m) return true;
  return false;
}

}  // namespace cw
