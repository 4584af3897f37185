// chesswasm tools — crowded positions for tests and fuzzers: as many pieces as the material
// rule allows (setup.cpp, check_material), many of them sliders, for both colours, with
// castling rights and en passant squares where the board allows them. The positions
// exercise the MAX_MOVES bound (types.h) and the move generator on boards no game reaches.
// The builder uses the core's attack tables only to repair a board (move away a piece that
// makes it illegal); whether a FEN is accepted is always the core's set_fen's verdict.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "attacks.h"
#include "bitboard.h"
#include "position.h"

namespace cwtools {

// Builds the FEN of a crowded position of variant v from a stream of bytes: next() returns
// the next byte (0-255; a fuzzer's input, or a seeded random generator in a test). The
// material is within the material rule; the board is repaired (a piece giving an impossible
// check is moved, en passant and castling are dropped if refused) until set_fen accepts it,
// up to a fixed number of attempts: the FEN returned is accepted unless it says otherwise
// in `accepted`. Most boards are also repaired until the side to move is not in check.
template <class Next>
std::string dense_fen(cw::Variant v, Next&& next, bool* accepted = nullptr) {
  using namespace cw;
  init_bitboards();
  Piece board[64] = {};
  constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL;
  const bool makruk = v == MAKRUK;
  const Bitboard pawn_squares = makruk ? ~Bitboard(0) : ~(RANK_1_BB | RANK_8_BB);
  const Color us = (next() & 1) ? BLACK : WHITE;
  // Most boards get no check at all (the side to move then has the most moves); the others
  // may have the side to move in check, repaired until the check is one a move could give.
  const bool quiet = (next() & 3) != 0;

  auto occupied = [&]() {
    Bitboard occ = 0;
    for (int s = 0; s < 64; ++s)
      if (board[s]) occ |= square_bb(Square(s));
    return occ;
  };
  auto king_of = [&](Color c) {
    for (int s = 0; s < 64; ++s)
      if (board[s] == make_piece(c, KING)) return Square(s);
    return SQ_NONE;
  };
  auto attacks_from = [&](Piece p, Square s, Bitboard occ) {
    return attacks_of(type_of(p), color_of(p), s, occ);
  };
  // A piece of colour c may not attack the other king when c is to move (the side not to
  // move is never in check), nor, on a quiet board, when the other side is to move.
  auto must_not_check = [&](Color c) { return c == us || quiet; };
  // An empty square in `allowed` (a byte picks where the search starts) from which piece p
  // does not attack the king it must not attack; any empty allowed square if there is none.
  auto empty_square = [&](Piece p, Bitboard allowed) -> Square {
    const int start = next() & 63;
    const Square enemy_king = p != NO_PIECE && must_not_check(color_of(p)) ? king_of(~color_of(p)) : SQ_NONE;
    const Bitboard occ = occupied();
    Square fallback = SQ_NONE;
    for (int i = 0; i < 64; ++i) {
      Square s = Square((start + i) & 63);
      if (board[s] != NO_PIECE || !(allowed & square_bb(s))) continue;
      if (enemy_king == SQ_NONE || !(attacks_from(p, s, occ) & square_bb(enemy_king))) return s;
      if (fallback == SQ_NONE) fallback = s;
    }
    return fallback;
  };
  auto place = [&](Color c, PieceType pt, Bitboard allowed) {
    Square s = empty_square(make_piece(c, pt), allowed);
    if (s != SQ_NONE) board[s] = make_piece(c, pt);
  };

  // Kings first, with castling set-ups when a byte asks: king and rooks on the back rank.
  bool castle_setup[2] = {false, false};
  for (Color c : {WHITE, BLACK}) {
    const int back = c == WHITE ? 0 : 7;
    if (!makruk && (next() & 3) == 0) {
      castle_setup[c] = true;
      int kf = v == CHESS960 ? 1 + int(next() % 6) : 4;  // the king between two rooks
      int qf = v == CHESS960 ? int(next() % unsigned(kf)) : 0;
      int hf = v == CHESS960 ? kf + 1 + int(next() % unsigned(7 - kf)) : 7;
      board[make_square(kf, back)] = make_piece(c, KING);
      board[make_square(qf, back)] = make_piece(c, ROOK);
      board[make_square(hf, back)] = make_piece(c, ROOK);
    } else {
      place(c, KING, ~Bitboard(0));
    }
  }
  for (Color c : {WHITE, BLACK}) {
    // Pawns, then promoted pieces for (most of) the rest of the 8, then the original set. A
    // side (more often the one not to move) is kept thin now and then, a few pieces, so that
    // the other's pieces have room: that is where the most moves are.
    const bool thin = c == us ? (next() & 7) == 0 : (next() & 1) == 0;
    const int pawns = thin || (next() & 1) ? next() % 3 : next() % 9;
    const int promoted = thin           ? int(next() % 3)
                         : (next() & 3) ? 8 - pawns
                                        : int(next() % unsigned(9 - pawns));
    for (int i = 0; i < pawns; ++i) place(c, PAWN, pawn_squares);
    for (int i = 0; i < promoted; ++i) {
      const uint8_t b = next();
      if (makruk)
        place(c, PMET, ~Bitboard(0));
      else
        place(c, b < 150 ? QUEEN : b < 185 ? ROOK : b < 220 ? KNIGHT : BISHOP, ~Bitboard(0));
    }
    // The originals, each left out now and then; the castling rooks are placed already.
    const PieceType originals[] = {QUEEN, ROOK, ROOK, BISHOP, BISHOP, KNIGHT, KNIGHT};
    const PieceType makruk_originals[] = {MET, ROOK, ROOK, KHON, KHON, KNIGHT, KNIGHT};
    int rooks_left = castle_setup[c] ? 0 : 2;
    for (int i = 0; i < 7; ++i) {
      PieceType pt = makruk ? makruk_originals[i] : originals[i];
      if (pt == ROOK && rooks_left-- <= 0) continue;
      if ((next() & 7) == 0 || (thin && (next() & 3) != 0)) continue;
      // The original bishops stand on squares of opposite colours.
      Bitboard allowed = !makruk && pt == BISHOP ? (i == 3 ? DARK : ~DARK) : ~Bitboard(0);
      place(c, pt, allowed);
    }
  }
  auto board_fen = [&]() {
    static const char LETTERS[] = " PNBRQKMSM";
    std::string s;
    for (int r = 7; r >= 0; --r) {
      int run = 0;
      for (int f = 0; f < 8; ++f) {
        Piece p = board[make_square(f, r)];
        if (p == NO_PIECE) {
          ++run;
          continue;
        }
        if (run) s += char('0' + run), run = 0;
        char ch = LETTERS[type_of(p)];
        s += color_of(p) == WHITE ? ch : char(ch | 0x20);
        if (type_of(p) == PMET) s += '~';
      }
      if (run) s += char('0' + run);
      if (r) s += '/';
    }
    return s;
  };
  auto castling_field = [&]() {
    std::string s;
    for (Color c : {WHITE, BLACK}) {
      const int back = c == WHITE ? 0 : 7;
      int kf = -1;
      for (int f = 0; f < 8; ++f)
        if (board[make_square(f, back)] == make_piece(c, KING)) kf = f;
      if (kf < 0) continue;
      for (int side = 0; side < 2; ++side) {
        // The outermost rook on that side of the king, as a Shredder-FEN file letter
        // (Chess960) or K/Q (chess, only from the standard squares).
        int rf = -1;
        for (int f = side == 0 ? 7 : 0; side == 0 ? f > kf : f < kf; f += side == 0 ? -1 : 1)
          if (board[make_square(f, back)] == make_piece(c, ROOK)) {
            rf = f;
            break;
          }
        if (rf < 0) continue;
        char letter;
        if (v == CHESS960)
          letter = char('A' + rf);
        else if (kf == 4 && rf == (side == 0 ? 7 : 0))
          letter = side == 0 ? 'K' : 'Q';
        else
          continue;
        s += c == WHITE ? letter : char(letter | 0x20);
      }
    }
    return s.empty() ? std::string("-") : s;
  };
  // An en passant square when an enemy pawn stands where a double push would have put it.
  auto ep_field = [&]() -> std::string {
    if (makruk) return "-";
    const int rank = us == WHITE ? 4 : 3;  // the enemy pawn's rank
    const int start = next() % 8;
    for (int i = 0; i < 8; ++i) {
      int f = (start + i) % 8;
      Square pawn = make_square(f, rank);
      Square ep = make_square(f, us == WHITE ? 5 : 2), origin = make_square(f, us == WHITE ? 6 : 1);
      if (board[pawn] == make_piece(~us, PAWN) && board[ep] == NO_PIECE && board[origin] == NO_PIECE)
        return std::string{char('a' + file_of(ep)), char('1' + rank_of(ep))};
    }
    return "-";
  };

  bool with_castling = (next() & 1) != 0, with_ep = (next() & 1) != 0;
  std::string fen;
  for (int attempt = 0; attempt < 96; ++attempt) {
    std::string castling = makruk || !with_castling ? "-" : castling_field();
    std::string ep = with_ep ? ep_field() : "-";
    fen = board_fen() + (us == WHITE ? " w " : " b ") + castling + " " + ep + " 0 1";
    Position pos;
    FenError e = pos.set_fen(fen, v);
    if (e == FenError::OK && quiet && pos.in_check() && attempt < 64) {
      e = FenError::IMPOSSIBLE_CHECK;  // repaired like one: a checker moves away
    } else if (e == FenError::OK) {
      if (accepted) *accepted = true;
      return fen;
    }
    if (e == FenError::BAD_CASTLING || e == FenError::CASTLING_NO_KING || e == FenError::CASTLING_NO_ROOK) {
      with_castling = false;
      continue;
    }
    if (e == FenError::EN_PASSANT_NO_PAWN || e == FenError::EN_PASSANT_OCCUPIED ||
        e == FenError::EN_PASSANT_WRONG_RANK || e == FenError::BAD_EN_PASSANT ||
        e == FenError::EN_PASSANT_CHECK) {
      with_ep = false;
      continue;
    }
    if (e == FenError::TOO_MANY_CHECKERS || e == FenError::ALIGNED_CHECKERS) e = FenError::IMPOSSIBLE_CHECK;
    if (e != FenError::OPPOSITE_CHECK && e != FenError::IMPOSSIBLE_CHECK) break;
    // Find the pieces attacking the king in question and move one of them to a square
    // from which it does not (after a while, remove it instead): the king of the side not to
    // move must not be attacked; the side to move may be in check, but only as a real last
    // move could have given it.
    const Color attacker = e == FenError::OPPOSITE_CHECK ? us : ~us;
    const Bitboard occ = occupied();
    const Square ksq = king_of(~attacker);
    std::vector<Square> checkers;
    for (int s = 0; s < 64; ++s) {
      Piece p = board[s];
      if (p != NO_PIECE && color_of(p) == attacker && (attacks_from(p, Square(s), occ) & square_bb(ksq)))
        checkers.push_back(Square(s));
    }
    if (checkers.empty()) break;  // not a refusal this repair can mend
    const Square from = checkers[next() % checkers.size()];
    const Piece p = board[from];
    board[from] = NO_PIECE;
    if (attempt < 48 || type_of(p) == KING) {
      Bitboard allowed = type_of(p) == PAWN ? pawn_squares : ~Bitboard(0);
      if (!makruk && type_of(p) == BISHOP) allowed = (square_bb(from) & DARK) ? DARK : ~DARK;
      const Square to = empty_square(p, allowed & ~square_bb(from));
      board[to != SQ_NONE ? to : from] = p;
    }
  }
  if (accepted) *accepted = false;
  return fen;
}

}  // namespace cwtools
