// chesswasm — Setup: the validity verdicts, and the building of a Position (the FEN text: fen.cpp).
// SPDX-License-Identifier: MIT
#include "setup.h"

#include <algorithm>
#include <cstring>

#include "attacks.h"
#include "movegen.h"
#include "setup_detail.h"
#include "zobrist.h"

namespace cw {

// The occupied squares of a mailbox board, a rank (8 bytes) at a time: the high bit of each
// non-zero byte, gathered into 8 bits by a multiplication (set-up's hot path: set_fen).
Bitboard occupancy(const Piece* board) {
  constexpr uint64_t LOW7 = 0x7F7F7F7F7F7F7F7FULL, HIGH = 0x8080808080808080ULL;
  Bitboard occ = 0;
  for (int r = 0; r < 8; ++r) {
    uint64_t x;
    std::memcpy(&x, board + 8 * r, 8);
    const uint64_t nonzero = (((x & LOW7) + LOW7) | x) & HIGH;
    occ |= Bitboard(((nonzero >> 7) * 0x0102040810204080ULL) >> 56) << (8 * r);
  }
  return occ;
}

// The king of colour c on its back rank (the first from the a-file), SQ_NONE if none.
Square back_rank_king(const Setup& s, Color c) {
  for (int f = 0; f < 8; ++f) {
    Square sq = make_square(f, c == WHITE ? 0 : 7);
    if (s.board[sq] == make_piece(c, KING)) return sq;
  }
  return SQ_NONE;
}

// The verdict on the castling right of slot i (castling_index order).
FenError castling_verdict(const Setup& s, int i) {
  const Square rsq = s.castling_rook[i];
  if (rsq == SQ_NONE) return FenError::OK;
  const Color col = i < 2 ? WHITE : BLACK;
  const bool king_side = i % 2 == 0;
  const Square ksq = back_rank_king(s, col);
  if (ksq == SQ_NONE || (!s.chess960 && ksq != relative_square(col, SQ_E1)))
    return FenError::CASTLING_NO_KING;
  // The rook stands on the king's rank (a FEN can say nothing else; a Setup edited in C++ can).
  if (rank_of(rsq) != rank_of(ksq) || s.board[rsq] != make_piece(col, ROOK))
    return FenError::CASTLING_NO_ROOK;
  if (!s.chess960 && file_of(rsq) != (king_side ? 7 : 0)) return FenError::CASTLING_NO_ROOK;
  if ((file_of(rsq) > file_of(ksq)) != king_side) return FenError::CASTLING_NO_ROOK;
  return FenError::OK;
}

// The verdict on the en passant square against the board and the side to move.
FenError ep_verdict(const Setup& s) {
  const Square ep = s.ep_square;
  if (ep == SQ_NONE || s.variant == MAKRUK) return FenError::OK;
  const Color us = s.side;
  if (relative_rank(us, ep) != 5) return FenError::EN_PASSANT_WRONG_RANK;
  if (s.board[ep - pawn_push(us)] != make_piece(~us, PAWN)) return FenError::EN_PASSANT_NO_PAWN;
  if (s.board[ep] != NO_PIECE || s.board[ep + pawn_push(us)] != NO_PIECE)
    return FenError::EN_PASSANT_OCCUPIED;
  return FenError::OK;
}
namespace {

// The material rule. A side starts with 16 pieces, 8 of them pawns, and gains pieces only by
// promoting a pawn, which it then no longer has. So a side has at most 16 pieces
// (TOO_MANY_PIECES) and 8 pawns (TOO_MANY_PAWNS), and its pawns plus its promoted pieces are
// at most 8 (IMPOSSIBLE_MATERIAL), where the promoted pieces are counted as the pieces beyond
// the original set: queens beyond 1, rooks and knights beyond 2, and bishops beyond 1 on each
// square colour (the two original bishops stand on squares of opposite colours and never
// leave them). Makruk: a Bia promotes only to a Met, so a third Ruea, Ma or Khon is
// impossible whatever the Bia count, and the promoted Mets (written M~, and any unmarked Met
// beyond the first) count with the Bia. Every count is the least number of promotions the
// position needs, so no position of a real game is refused. The rule bounds the number of
// legal moves: see MAX_MOVES (types.h).
FenErrors check_material(const Position& pos, Variant variant) {
  constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;
  auto beyond = [](Bitboard b, int original) { return std::max(0, popcount(b) - original); };
  FenErrors errors = 0;
  for (Color c : {WHITE, BLACK}) {
    if (popcount(pos.pieces(c)) > 16) errors |= fen_error_bit(FenError::TOO_MANY_PIECES);
    const int pawns = popcount(pos.pieces(c, PAWN));
    if (pawns > 8) errors |= fen_error_bit(FenError::TOO_MANY_PAWNS);
    int promoted;
    if (variant == MAKRUK) {
      if (popcount(pos.pieces(c, ROOK)) > 2 || popcount(pos.pieces(c, KNIGHT)) > 2 ||
          popcount(pos.pieces(c, KHON)) > 2)
        errors |= fen_error_bit(FenError::IMPOSSIBLE_MATERIAL);
      promoted = popcount(pos.pieces(c, PMET)) + beyond(pos.pieces(c, MET), 1);
    } else {
      const Bitboard bishops = pos.pieces(c, BISHOP);
      promoted = beyond(pos.pieces(c, QUEEN), 1) + beyond(pos.pieces(c, ROOK), 2) +
                 beyond(pos.pieces(c, KNIGHT), 2) + beyond(bishops & DARK_SQUARES, 1) +
                 beyond(bishops & ~DARK_SQUARES, 1);
    }
    if (pawns + promoted > 8) errors |= fen_error_bit(FenError::IMPOSSIBLE_MATERIAL);
  }
  return errors;
}

// ---- checks a last move could give ---------------------------------------------------------
//
// The side that just moved ("them") made one legal move, and before it the side to move
// ("us") was not in check: it was not us's turn. A move gives check with the piece it moves,
// and uncovers at most one line through the square it empties (two squares for en passant
// and castling). The codes:
//   TOO_MANY_CHECKERS  three or more checkers: no move gives that many (en passant and
//                      castling uncover at most two lines, and then their pawn or rook cannot
//                      check too);
//   ALIGNED_CHECKERS   two checkers on one line through the king, one on each side (the rule
//                      python-chess and chessops apply);
//   IMPOSSIBLE_CHECK   two checkers that no last move gives: no move of one uncovered the
//                      other, and no en passant or castling explains both. The moves
//                      considered are every kind a game has: an ordinary move or capture, a
//                      pawn push, double push or capture, a promotion, en passant, castling
//                      (standard: the king from e1, the rook from a1/h1; Chess960: from any
//                      back-rank squares on the right sides, the squares they crossed empty).
//                      A capture may have taken any piece but a king, so its square counts as
//                      occupied before the move. The position before the move must have had
//                      us out of check;
//   EN_PASSANT_CHECK   an en passant square says the last move was that double push: it gives
//                      at most one check (the pawn's, or a slider's through the square the
//                      pawn left), and before it us was not in check (so no check along a line
//                      through the en passant square, nor along one through the pawn's square
//                      that the pawn now blocks, nor from the pawn on its start square).
// One checker without an en passant square is accepted as it is by python-chess and
// chessops: widely used test positions (CPW perft positions 4 and 5) have a single check that
// no last move gives. The rule looks one move back only, so a position reached by a legal
// move from an accepted one is always accepted. tests/cpp/test_fen_checks.cpp compares it with
// a retro move generator on random boards.

// Whether some last move of `them` leaves us's king on ksq in the check it is in, from a
// position where it was not in check. Asked of a FEN in double check only: compiled for size in
// the wasm build (types.h).
CW_SIZE_CODE_BEGIN
bool has_last_move(const Position& pos, Color them, Square ksq) {
  const Color us = ~them;
  const bool makruk = pos.variant() == MAKRUK;
  const Bitboard occ = pos.pieces();
  // Before the move: occupancy occ_before, them's pieces as now except on `gone`, plus the
  // pieces listed in `placed` (up to two). Whether them attacked the king then.
  struct Placed {
    Square s;
    PieceType pt;
  };
  auto attacked_before = [&](Bitboard occ_before, Bitboard gone, Placed p,
                             Placed q = {SQ_NONE, NO_PIECE_TYPE}) {
    if (attacked_by(pos, them, ksq, occ_before, gone)) return true;
    if (attacks_of(p.pt, them, p.s, occ_before) & square_bb(ksq)) return true;
    return q.s != SQ_NONE && (attacks_of(q.pt, them, q.s, occ_before) & square_bb(ksq));
  };
  const int up = pawn_push(them);
  // A pawn never stood behind its second rank in chess (a Makruk set-up may place a Bia
  // anywhere, so any square behind counts there).
  auto pawn_square = [&](Square s) {
    return makruk || (relative_rank(them, s) >= 1 && relative_rank(them, s) <= 6);
  };

  for (Bitboard pieces = pos.pieces(them); pieces;) {
    const Square to = pop_lsb(pieces);
    const Bitboard to_bb = square_bb(to);
    const PieceType pt = type_of(pos.piece_on(to));
    const int rank = relative_rank(them, to);
    // An ordinary move or capture (a piece on `to` before it blocks lines best).
    if (pt != PAWN) {
      const Bitboard from =
          (pt == KHON ? tables::khon_attacks[us][to] : attacks_of(pt, them, to, occ)) & ~occ;
      for (Bitboard b = from; b;) {
        const Square f = pop_lsb(b);
        if (!attacked_before(occ | square_bb(f), to_bb, {f, pt})) return true;
      }
    }
    // Pawn moves, and promotions: the piece was a pawn before.
    const bool promoted =
        makruk ? (pt == MET || pt == PMET) && rank == 5 : pt != PAWN && pt != KING && rank == 7;
    if (pt == PAWN || promoted) {
      const Square behind = Square(to - up);
      if (rank > 0 && !(occ & square_bb(behind)) && pawn_square(behind) &&
          !attacked_before((occ ^ to_bb) | square_bb(behind), to_bb, {behind, PAWN}))
        return true;
      if (!makruk && pt == PAWN && rank == 3 && !(occ & square_bb(behind))) {
        const Square start = Square(behind - up);
        if (!(occ & square_bb(start)) &&
            !attacked_before((occ ^ to_bb) | square_bb(start), to_bb, {start, PAWN}))
          return true;
      }
      for (Bitboard b = pawn_attacks(us, to) & ~occ; b;) {
        const Square f = pop_lsb(b);
        if (pawn_square(f) && !attacked_before(occ | square_bb(f), to_bb, {f, PAWN})) return true;
      }
      // En passant: the captured pawn stood beside the origin, having come from its start.
      if (!makruk && pt == PAWN && rank == 5) {
        const Square captured = Square(to - up), start = Square(to + up);
        if (!(occ & (square_bb(captured) | square_bb(start))))
          for (Bitboard b = pawn_attacks(us, to) & ~occ; b;) {
            const Square f = pop_lsb(b);
            if (!attacked_before((occ ^ to_bb) | square_bb(f) | square_bb(captured), to_bb, {f, PAWN}))
              return true;
          }
      }
    }
    // Castling: the king on c/g of its back rank, the rook beside it towards the centre.
    if (!makruk && pt == KING && rank == 0 && (file_of(to) == 2 || file_of(to) == 6)) {
      const bool king_side = file_of(to) == 6;
      const Square rook_to = castle_rook_to(them, king_side);
      if (pos.piece_on(rook_to) != make_piece(them, ROOK)) continue;
      const Bitboard landed = to_bb | square_bb(rook_to);
      const int back = them == WHITE ? 0 : 7;
      for (int kf = 0; kf < 8; ++kf)
        for (int rf = 0; rf < 8; ++rf) {
          if (pos.variant() == CHESS && (kf != 4 || rf != (king_side ? 7 : 0))) continue;
          if (kf == rf || (king_side ? rf < kf : rf > kf)) continue;
          const Square ks = make_square(kf, back), rs = make_square(rf, back);
          const Bitboard origins = square_bb(ks) | square_bb(rs);
          // The origins are empty now (unless the other piece landed there), and so is
          // every square the king and the rook crossed.
          if (occ & origins & ~landed) continue;
          const Bitboard path = between_bb(ks, to) | to_bb | between_bb(rs, rook_to) | square_bb(rook_to);
          if (occ & path & ~landed) continue;
          if (!attacked_before((occ & ~landed) | origins, landed, {ks, KING}, {rs, ROOK})) return true;
        }
    }
  }
  return false;
}
CW_SIZE_CODE_END

// The verdict on the checks: OK, TOO_MANY_CHECKERS, EN_PASSANT_CHECK, ALIGNED_CHECKERS or
// IMPOSSIBLE_CHECK (see above). The side to move has one king, `checkers` are the pieces that
// attack it; ep is a valid en passant square or SQ_NONE.
FenError checkers_verdict(const Position& pos, Bitboard checkers, Square ep) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square ksq = pos.king_square(us);
  const Bitboard occ = pos.pieces();
  if (popcount(checkers) > 2) return FenError::TOO_MANY_CHECKERS;
  if (ep != SQ_NONE) {
    // The last move pushed the pawn from `origin` over ep to `pawn`: it gives one check at
    // most, and before it us was not in check (the pawn on its origin).
    const Square pawn = Square(ep - pawn_push(us)), origin = Square(ep + pawn_push(us));
    if (more_than_one(checkers)) return FenError::EN_PASSANT_CHECK;
    const Bitboard before = occ ^ square_bb(pawn) ^ square_bb(origin);
    const bool attacked = attacked_by_lines(pos, them, ksq, before, square_bb(pawn)) ||
                          (pawn_attacks(them, origin) & square_bb(ksq));
    return attacked ? FenError::EN_PASSANT_CHECK : FenError::OK;
  }
  if (!more_than_one(checkers)) return FenError::OK;  // see above: one check is accepted
  if (between_bb(lsb(checkers), Square(63 - __builtin_clzll(checkers))) & square_bb(ksq))
    return FenError::ALIGNED_CHECKERS;
  return has_last_move(pos, them, ksq) ? FenError::OK : FenError::IMPOSSIBLE_CHECK;
}

}  // namespace

FenError first_fen_error(FenErrors errors) {
  static constexpr FenError ORDER[] = {
      FenError::MISSING_KING,       FenError::TOO_MANY_KINGS,      FenError::PAWN_ON_BACK_RANK,
      FenError::TOO_MANY_PIECES,    FenError::TOO_MANY_PAWNS,      FenError::IMPOSSIBLE_MATERIAL,
      FenError::CASTLING_NO_KING,   FenError::CASTLING_NO_ROOK,    FenError::EN_PASSANT_WRONG_RANK,
      FenError::EN_PASSANT_NO_PAWN, FenError::EN_PASSANT_OCCUPIED, FenError::OPPOSITE_CHECK,
      FenError::TOO_MANY_CHECKERS,  FenError::EN_PASSANT_CHECK,    FenError::ALIGNED_CHECKERS,
      FenError::IMPOSSIBLE_CHECK,
  };
  for (FenError e : ORDER)
    if (errors & fen_error_bit(e)) return e;
  for (unsigned i = 1; i < 64; ++i)  // a syntax code put in a set by a caller
    if (errors & (FenErrors(1) << i)) return FenError(i);
  return FenError::OK;
}

namespace {

// Clears n 64-bit words, and copies them. In the wasm build a memset or memcpy of more than 64
// bytes becomes memory.fill or memory.copy (bulk memory), which V8 11 (Node 20) runs as a call
// into C++: about 60 instructions with its wrapper and the C library's routine, against one
// store (or one load and one store) a word. There the words are written one by one, each value
// hidden from the optimiser by an empty asm statement so that the stores are not merged back
// into one memset or memcpy (on the FEN set-up's path). Elsewhere the compiler's own memset and memcpy.
template <size_t N>
void clear_words(Bitboard (&words)[N]) {
#ifdef __EMSCRIPTEN__
  Bitboard zero = 0;
  __asm__("" : "+r"(zero));
  for (Bitboard& w : words) w = zero;
#else
  std::memset(words, 0, sizeof words);
#endif
}
template <size_t N>
void copy_words(Bitboard (&to)[N], const Bitboard (&from)[N]) {
#ifdef __EMSCRIPTEN__
  for (size_t i = 0; i < N; ++i) {
    Bitboard w = from[i];
    __asm__("" : "+r"(w));
    to[i] = w;
  }
#else
  std::memcpy(to, from, sizeof to);
#endif
}

}  // namespace

Key Setup::load_pieces(Position& pos) const {
  clear_words(pos.by_type_);
  clear_words(pos.by_color_);
  std::memcpy(pos.board_, board, sizeof board);
  const Key(*keys)[SQUARE_NB] = variant == MAKRUK ? zobrist::MAKRUK_PIECE_KEYS : zobrist::PIECE_KEYS;
  Key key = 0;
  for (Bitboard b = occupancy(board); b;) {
    const Square s = pop_lsb(b);
    const Piece p = board[s];
    pos.by_type_[type_of(p)] |= square_bb(s);
    pos.by_color_[color_of(p)] |= square_bb(s);
    key ^= keys[p][s];
  }
  pos.side_ = side;
  pos.variant_ = variant;
  pos.chess960_ = castling_chess960(variant, chess960);
  return key;
}

// Every field of pos is written once here (build then adds the rights, the en passant square
// and the checkers): pos was a position before and keeps only its state stack's memory.
void Setup::load_board(Position& pos, const Position& pieces) const {
  copy_words(pos.by_type_, pieces.by_type_);
  copy_words(pos.by_color_, pieces.by_color_);
  std::memcpy(pos.board_, pieces.board_, sizeof pos.board_);
  pos.side_ = side;
  pos.variant_ = variant;
  pos.chess960_ = castling_chess960(variant, chess960);
  pos.piece_keys_ = variant == MAKRUK ? zobrist::MAKRUK_PIECE_KEYS : zobrist::PIECE_KEYS;
  pos.turn_key_ = variant == MAKRUK ? zobrist::MAKRUK_TURN : zobrist::turn();
  pos.game_ply_ = int(2 * (fullmove - 1) + (side == BLACK));
  pos.any_board_ = false;
  // The castling data is all zero while no right is bound to a rook (set_castling_right writes
  // the rook's square with the rest, Position() starts with none): cleared only when the
  // replaced position had a right (most FENs along games have none).
  if (pos.has_castling_data()) pos.clear_castling_data();
  // The state stack keeps its memory (states above top_ are spare room, written when pushed).
  if (pos.states_.size() < 64) pos.states_.resize(64);
  pos.top_ = 0;
  StateInfo& st = pos.states_[0];
  st = StateInfo{};
  st.ep_square = SQ_NONE;
  st.move = MOVE_NONE;
  st.rule50 = halfmove;
  st.count_limit = count_limit;
  if (count_limit) st.count_ply = halfmove;
  if (variant == CRAZYHOUSE) {
    std::memcpy(pos.pocket_, pocket, sizeof pocket);
    pos.promoted_ = promoted & pos.pieces() & ~pos.pieces(PAWN, KING);
  } else {
    std::memset(pos.pocket_, 0, sizeof pos.pocket_);
    pos.promoted_ = 0;
  }
  if (variant == THREE_CHECK) {
    pos.checks_left_[WHITE] = checks_left[WHITE];
    pos.checks_left_[BLACK] = checks_left[BLACK];
  } else {
    pos.checks_left_[WHITE] = pos.checks_left_[BLACK] = 3;
  }
  pos.snapshots_.clear();
}

// The set-up rules of the lichess variants that differ from chess (kings, pawns on the back
// ranks, material); the checks are judged in verdicts().
FenErrors variant_verdicts(const Setup& s, const Position& pos, int* kings) {
  const Variant v = s.variant;
  FenErrors errors = 0;
  const FenErrors material = fen_error_bit(FenError::VARIANT_MATERIAL);
  // Kings: antichess any number; horde one in all; atomic: the side to move may have lost
  // its king (a finished game).
  for (Color c : {WHITE, BLACK}) {
    const bool missing_ok = v == ANTICHESS || (v == HORDE && kings[~c] == 1) || (v == ATOMIC && c == s.side);
    if (kings[c] == 0 && !missing_ok) errors |= fen_error_bit(FenError::MISSING_KING);
    if (kings[c] > 1 && v != ANTICHESS) errors |= fen_error_bit(FenError::TOO_MANY_KINGS);
  }
  if (v == HORDE && kings[WHITE] + kings[BLACK] != 1 && !(errors & fen_error_bit(FenError::TOO_MANY_KINGS)))
    errors |= kings[WHITE] + kings[BLACK] ? fen_error_bit(FenError::TOO_MANY_KINGS)
                                          : fen_error_bit(FenError::MISSING_KING);
  // Pawns on the back ranks: horde's kingless side may have them on its own first rank.
  for (Color c : {WHITE, BLACK}) {
    Bitboard banned = RANK_1_BB | RANK_8_BB;
    if (v == HORDE && kings[c] == 0) banned = c == WHITE ? RANK_8_BB : RANK_1_BB;
    if (pos.pieces(c, PAWN) & banned) errors |= fen_error_bit(FenError::PAWN_ON_BACK_RANK);
  }
  switch (v) {
    case CRAZYHOUSE: {
      int units = popcount(pos.pieces());
      for (Color c : {WHITE, BLACK})
        for (int pt = PAWN; pt <= QUEEN; ++pt) units += s.pocket[c][pt];
      if (units > 32) errors |= material;
      break;
    }
    case HORDE:
      for (Color c : {WHITE, BLACK})
        if (kings[c] == 0 ? popcount(pos.pieces(c)) > 36 : false) errors |= material;
      for (Color c : {WHITE, BLACK})
        if (kings[c]) {  // the side with the king: at most 16 pieces, 8 of them pawns
          if (popcount(pos.pieces(c)) > 16) errors |= fen_error_bit(FenError::TOO_MANY_PIECES);
          if (popcount(pos.pieces(c, PAWN)) > 8) errors |= fen_error_bit(FenError::TOO_MANY_PAWNS);
        }
      break;
    case RACING_KINGS:
      if (pos.pieces(PAWN)) errors |= material;
      for (Color c : {WHITE, BLACK})
        if (popcount(pos.pieces(c, KNIGHT)) > 2 || popcount(pos.pieces(c, BISHOP)) > 2 ||
            popcount(pos.pieces(c, ROOK)) > 2 || popcount(pos.pieces(c, QUEEN)) > 1)
          errors |= material;
      if (s.side == BLACK && (pos.pieces(WHITE, KING) & RANK_8_BB) && (pos.pieces(BLACK, KING) & RANK_8_BB))
        errors |= material;
      break;
    case ANTICHESS: {
      if (!pos.pieces()) errors |= material;
      errors |= check_material(pos, v);
      for (Color c : {WHITE, BLACK})  // kings beyond the first are promoted pieces
        if (popcount(pos.pieces(c, PAWN)) + std::max(0, popcount(pos.pieces(c, KING)) - 1) > 8)
          errors |= fen_error_bit(FenError::IMPOSSIBLE_MATERIAL);
      break;
    }
    default:
      errors |= check_material(pos, v);
      break;
  }
  return errors;
}

FenErrors Setup::verdicts(const Position& pos, Bitboard* checkers_out, bool* checkers_known) const {
  FenErrors errors = 0;
  int kings[COLOR_NB];
  for (Color c : {WHITE, BLACK}) kings[c] = popcount(pos.pieces(c, KING));
  if (is_lichess_variant(variant)) {
    errors |= variant_verdicts(*this, pos, kings);
  } else {
    for (Color c : {WHITE, BLACK}) {
      if (kings[c] == 0) errors |= fen_error_bit(FenError::MISSING_KING);
      if (kings[c] > 1) errors |= fen_error_bit(FenError::TOO_MANY_KINGS);
    }
    if (variant != MAKRUK && (pos.pieces(PAWN) & (RANK_1_BB | RANK_8_BB)))
      errors |= fen_error_bit(FenError::PAWN_ON_BACK_RANK);
    errors |= check_material(pos, variant);
  }
  for (int i = 0; i < 4; ++i)
    if (FenError e = castling_verdict(*this, i); e != FenError::OK) errors |= fen_error_bit(e);
  const FenError ep = ep_verdict(*this);
  if (ep != FenError::OK) errors |= fen_error_bit(ep);
  // The checks rest on the kings and on the en passant square.
  const Color us = side, them = ~us;
  if (variant == ANTICHESS) return errors;  // no checks
  // Atomic: kings that touch do not attack each other, and an explosion may uncover any
  // number of checks.
  const bool kings_touch =
      kings[us] == 1 && kings[them] == 1 && (king_attacks(pos.king_square(us)) & pos.pieces(them, KING));
  // A side that has just exploded the enemy king may stand in check.
  if (variant == ATOMIC && (kings_touch || kings[us] == 0)) return errors;
  // The attack questions by lines (attacks.h): a FEN's kings and occupancy are its own, so the
  // magic entries they would read are cold.
  if (kings[them] == 1 && kings[us] <= 1 && attacked_by_lines(pos, us, pos.king_square(them), pos.pieces()))
    errors |= fen_error_bit(FenError::OPPOSITE_CHECK);
  if (variant == RACING_KINGS && kings[us] == 1 && attacked_by(pos, them, pos.king_square(us)))
    errors |= fen_error_bit(FenError::VARIANT_MATERIAL);  // nobody is ever in check
  if (variant == ATOMIC) return errors;
  if (kings[us] == 1 && kings[them] <= 1 && ep == FenError::OK) {
    const Bitboard checkers = attackers_by_lines(pos, them, pos.king_square(us), pos.pieces());
    // Computed once: they are the position's checkers (Position::finish_setup's question, but
    // in the lichess variants, which have rules of their own for checks).
    if (!is_lichess_variant(variant)) {
      *checkers_out = checkers;
      *checkers_known = true;
    }
    if (FenError e = checkers_verdict(pos, checkers, variant == MAKRUK ? SQ_NONE : ep_square);
        e != FenError::OK)
      errors |= fen_error_bit(e);
  }
  return errors;
}

FenErrors Setup::validate() const {
  init_bitboards();
  zobrist::init();
  Position pos{Position::Blank{}};
  load_pieces(pos);
  Bitboard checkers;
  bool known = false;
  return verdicts(pos, &checkers, &known);
}

FenError Setup::build(Position& out, FenErrors tolerated) const {
  // No init_bitboards() and zobrist::init() here: out was made by Position(), which calls them
  // (or copied from such a position).
  // The verdicts are judged on the pieces alone (pos: nothing else of it is set); out is
  // written only when they allow, straight (no position built aside and copied).
  Position pos{Position::Blank{}};
  const Key pieces_key = load_pieces(pos);
  // Boards beyond the strict rules: standard chess only (the facade's).
  if (variant != CHESS) tolerated &= TOLERATE_MISSING_KINGS;
  Bitboard checkers = 0;
  bool checkers_known = false;
  if (FenErrors bad = verdicts(pos, &checkers, &checkers_known) & ~tolerated) return first_fen_error(bad);
  load_board(out, pos);
  out.any_board_ = (tolerated & ~TOLERATE_MISSING_KINGS) != 0;
  out.st().checkers = checkers;
  out.st().checkers_known = checkers_known;
  for (int i = 0; i < 4; ++i) {
    if (castling_rook[i] == SQ_NONE) continue;
    // A right the board contradicts gets here only when tolerated: kept as written.
    if ((tolerated & TOLERATE_WRITTEN_CASTLING) && castling_verdict(*this, i) != FenError::OK) {
      out.castling_rook_[i] = castling_rook[i];
      out.st().written_castling |= uint8_t(1 << i);
    } else {
      out.set_castling_right(i < 2 ? WHITE : BLACK, castling_rook[i]);
    }
  }
  if (variant != MAKRUK) out.st().ep_square = ep_square;
  out.finish_setup(pieces_key);
  return FenError::OK;
}

Setup Setup::of(const Position& pos, bool legal_en_passant) {
  Setup s;
  std::memcpy(s.board, pos.board_, sizeof s.board);
  s.side = pos.side_to_move();
  s.variant = pos.variant();
  s.chess960 = pos.chess960();
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if ((pos.castling_rights() | pos.written_castling_rights()) & cr)
      s.castling_rook[castling_index(cr)] = pos.castling_rook_square(cr);
  s.ep_square = legal_en_passant && !has_legal_en_passant(pos) ? SQ_NONE : pos.ep_square();
  s.count_limit = uint16_t(pos.count_limit());
  s.halfmove = uint16_t(pos.count_limit() ? pos.count_ply() : pos.rule50());
  s.fullmove = uint32_t(pos.fullmove_number());
  for (Color c : {WHITE, BLACK}) {
    for (int pt = PAWN; pt <= QUEEN; ++pt) s.pocket[c][pt] = uint8_t(pos.pocket(c, PieceType(pt)));
    s.checks_left[c] = uint8_t(pos.checks_left(c));
  }
  s.promoted = pos.promoted();
  return s;
}

void Setup::drop_contradicted(bool castling) {
  for (int i = 0; i < 4 && castling; ++i)
    if (castling_verdict(*this, i) != FenError::OK) castling_rook[i] = SQ_NONE;
  if (ep_verdict(*this) != FenError::OK) ep_square = SQ_NONE;
}

bool Setup::operator==(const Setup& o) const {
  for (int i = 0; i < 64; ++i)
    if (board[i] != o.board[i]) return false;
  for (int i = 0; i < 4; ++i)
    if (castling_rook[i] != o.castling_rook[i]) return false;
  return side == o.side && variant == o.variant && chess960 == o.chess960 && ep_square == o.ep_square &&
         halfmove == o.halfmove && count_limit == o.count_limit && fullmove == o.fullmove &&
         !std::memcmp(pocket, o.pocket, sizeof pocket) && promoted == o.promoted &&
         checks_left[WHITE] == o.checks_left[WHITE] && checks_left[BLACK] == o.checks_left[BLACK];
}

}  // namespace cw