// chesswasm — Setup: FEN syntax, the validity verdicts, and the building of a Position.
// SPDX-License-Identifier: MIT
#include "setup.h"

#include <algorithm>
#include <cstring>

#include "attacks.h"
#include "text.h"
#include "zobrist.h"

namespace cw {

namespace {

// ' ', '\t', '\n', '\r': one comparison for the characters above ' ' (every other one of a FEN).
bool is_space(char c) {
  const unsigned u = static_cast<unsigned char>(c);
  return u <= ' ' && ((1ULL << u) & ((1ULL << ' ') | (1ULL << '\t') | (1ULL << '\n') | (1ULL << '\r')));
}

// Splits on runs of white space; returns the number of fields (stops counting at 8).
int split_fields(std::string_view s, std::string_view* out, int max) {
  const char* p = s.data();
  const char* const end = p + s.size();
  int n = 0;
  for (;;) {
    while (p < end && is_space(*p)) ++p;
    if (p == end) break;
    const char* q = p;
    while (q < end && !is_space(*q)) ++q;
    if (n < max) out[n] = std::string_view(p, size_t(q - p));
    ++n;
    p = q;
  }
  return n;
}

// Parses a decimal number of at most 9 digits; -1 when the text is not one.
long parse_number(std::string_view s) {
  if (s.empty() || s.size() > 9) return -1;
  long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

// The piece each ASCII letter names on a FEN board, for chess (and the lichess variants) and
// for Makruk (piece_type_of_letter's letters); NO_PIECE for every other character.
struct BoardLetters {
  Piece piece[2][128] = {};
  constexpr BoardLetters() {
    for (int v = 0; v < 2; ++v)
      for (int c = 0; c < 128; ++c) {
        const PieceType pt = piece_type_of_letter(char(c), v ? MAKRUK : CHESS);
        if (pt != NO_PIECE_TYPE && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
          piece[v][c] = make_piece(c >= 'a' ? BLACK : WHITE, pt);
      }
  }
};
constexpr BoardLetters BOARD_LETTERS;

FenError parse_board(Setup& s, std::string_view board) {
  const Piece* const letters = BOARD_LETTERS.piece[s.variant == MAKRUK];
  int rank = 7, file = 0;
  for (size_t i = 0; i < board.size(); ++i) {
    const char c = board[i];
    // A piece letter first (the most common character).
    const Piece pc = static_cast<unsigned char>(c) < 128 ? letters[static_cast<unsigned char>(c)] : NO_PIECE;
    if (pc != NO_PIECE) {
      if (file >= 8) return FenError::RANK_TOO_LONG;
      s.board[make_square(file, rank)] = pc;
      ++file;
    } else if (c == '/') {
      if (file < 8) return FenError::RANK_TOO_SHORT;
      if (--rank < 0) return FenError::RANK_COUNT;
      file = 0;
    } else if (c >= '1' && c <= '9') {  // a 9 is a digit too: a rank too long
      if (i > 0 && board[i - 1] >= '1' && board[i - 1] <= '9') return FenError::CONSECUTIVE_DIGITS;
      file += c - '0';
      if (file > 8) return FenError::RANK_TOO_LONG;
    } else if (c == '~') {
      // Makruk writes a promoted Bia as M~; crazyhouse marks a promoted piece (not a pawn or
      // a king); no other piece or variant can carry the mark.
      Square prev = file > 0 ? make_square(file - 1, rank) : SQ_NONE;
      bool after_piece = i > 0 && board[i - 1] != '/' && !(board[i - 1] >= '0' && board[i - 1] <= '9') &&
                         board[i - 1] != '~';
      if (s.variant == CRAZYHOUSE && after_piece && type_of(s.board[prev]) >= KNIGHT &&
          type_of(s.board[prev]) <= QUEEN) {
        s.promoted |= square_bb(prev);
        continue;
      }
      if (s.variant != MAKRUK || !after_piece || type_of(s.board[prev]) != MET) return FenError::BAD_PROMOTED;
      s.board[prev] = make_piece(color_of(s.board[prev]), PMET);
    } else {
      return FenError::BAD_PIECE;
    }
  }
  if (file < 8) return FenError::RANK_TOO_SHORT;
  if (rank != 0) return FenError::RANK_COUNT;
  return FenError::OK;
}

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

// Reads the castling field's letters into rights bound to rook squares: K/Q the outermost
// rook on that side of the king (X-FEN; standard chess: the corner), a file letter that
// file's back-rank square. Where the board has no king or rook to bind to, the corner (or
// for a file letter, the side of the board) is taken: validate() then reports the right.
FenError parse_castling(Setup& s, std::string_view field) {
  if (field == "-") return FenError::OK;
  for (char c : field) {
    const Color col = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
    const char lc = char(c | 0x20);
    const bool letter = lc == 'k' || lc == 'q';
    if (!letter && !(lc >= 'a' && lc <= 'h')) return FenError::BAD_CASTLING;
    const int rank = col == WHITE ? 0 : 7;
    const Square ksq = back_rank_king(s, col);
    Square rsq;
    bool king_side;
    if (letter) {
      king_side = lc == 'k';
      rsq = make_square(king_side ? 7 : 0, rank);
      if (s.chess960 && ksq != SQ_NONE)
        for (int f = king_side ? 7 : 0; f != file_of(ksq); f += king_side ? -1 : 1)
          if (s.board[make_square(f, rank)] == make_piece(col, ROOK)) {
            rsq = make_square(f, rank);
            break;
          }
    } else {
      rsq = make_square(lc - 'a', rank);
      king_side = ksq != SQ_NONE ? file_of(rsq) > file_of(ksq) : file_of(rsq) >= 4;
    }
    Square& slot = s.castling_rook[castling_index(castling_right(col, king_side))];
    if (slot != SQ_NONE) return FenError::BAD_CASTLING;  // a right given twice
    slot = rsq;
  }
  return FenError::OK;
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
  if (s.board[rsq] != make_piece(col, ROOK)) return FenError::CASTLING_NO_ROOK;
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
//                      python-chess and chessops apply; the three FENs of issue 16);
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
// position where it was not in check.
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

// The verdict on the checks: OK, TOO_MANY_CHECKERS, EN_PASSANT_CHECK, ALIGNED_CHECKERS or
// IMPOSSIBLE_CHECK (see above). The side to move has one king; ep is a valid en passant
// square or SQ_NONE.
FenError checkers_verdict(const Position& pos, Square ep) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square ksq = pos.king_square(us);
  const Bitboard occ = pos.pieces();
  const Bitboard checkers = attackers(pos, them, ksq, pos.pieces());
  if (popcount(checkers) > 2) return FenError::TOO_MANY_CHECKERS;
  if (ep != SQ_NONE) {
    // The last move pushed the pawn from `origin` over ep to `pawn`: it gives one check at
    // most, and before it us was not in check (the pawn on its origin).
    const Square pawn = Square(ep - pawn_push(us)), origin = Square(ep + pawn_push(us));
    if (more_than_one(checkers)) return FenError::EN_PASSANT_CHECK;
    const Bitboard before = occ ^ square_bb(pawn) ^ square_bb(origin);
    const bool attacked =
        attacked_by(pos, them, ksq, before, square_bb(pawn)) || (pawn_attacks(them, origin) & square_bb(ksq));
    return attacked ? FenError::EN_PASSANT_CHECK : FenError::OK;
  }
  if (!more_than_one(checkers)) return FenError::OK;  // see above: one check is accepted
  if (between_bb(lsb(checkers), Square(63 - __builtin_clzll(checkers))) & square_bb(ksq))
    return FenError::ALIGNED_CHECKERS;
  return has_last_move(pos, them, ksq) ? FenError::OK : FenError::IMPOSSIBLE_CHECK;
}

char piece_char(Piece p) {
  static const char LETTERS[PIECE_TYPE_NB + 1] = " PNBRQKMSM";
  char c = LETTERS[type_of(p)];
  return color_of(p) == WHITE ? c : char(c | 0x20);
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

// A three-check counter: remaining checks "W+B" or checks given "+W+B" (lichess), each 0..3.
bool parse_checks(Setup& s, std::string_view t) {
  const bool given = !t.empty() && t[0] == '+';
  if (given) t.remove_prefix(1);
  if (t.size() != 3 || t[1] != '+' || t[0] < '0' || t[0] > '3' || t[2] < '0' || t[2] > '3') return false;
  const int w = t[0] - '0', b = t[2] - '0';
  s.checks_left[WHITE] = uint8_t(given ? 3 - w : w);
  s.checks_left[BLACK] = uint8_t(given ? 3 - b : b);
  return true;
}

// The lichess variants' extra fields: the crazyhouse pocket ("[Qn]" after the board, or
// lichess's ninth rank "/Qn") and the three-check counter (after the en passant field or,
// lichess's, after the move number). Reads them into s and leaves f[0..n) as a plain FEN.
FenError strip_variant_fields(Setup& s, std::string_view* f, int& n) {
  if (s.variant == CRAZYHOUSE) {
    std::string_view& board = f[0];
    std::string_view pocket;
    if (!board.empty() && board.back() == ']') {
      const size_t open = board.find('[');
      if (open == std::string_view::npos) return FenError::BAD_POCKET;
      pocket = board.substr(open + 1, board.size() - open - 2);
      board = board.substr(0, open);
    } else if (std::count(board.begin(), board.end(), '/') == 8) {
      const size_t slash = board.rfind('/');
      pocket = board.substr(slash + 1);
      board = board.substr(0, slash);
    }
    for (char c : pocket) {
      const PieceType pt = piece_type_of_letter(c, CRAZYHOUSE);
      if (pt == NO_PIECE_TYPE || pt == KING) return FenError::BAD_POCKET;
      uint8_t& count = s.pocket[(c >= 'a' && c <= 'z') ? BLACK : WHITE][pt];
      if (count >= zobrist::POCKET_MAX) return FenError::BAD_POCKET;
      ++count;
    }
  }
  if (s.variant == THREE_CHECK) {
    int m = 0, counters = 0;
    for (int i = 0; i < n; ++i) {
      if (i >= 4 && f[i].find('+') != std::string_view::npos) {
        if (counters++ || !parse_checks(s, f[i])) return FenError::BAD_CHECKS;
      } else {
        f[m++] = f[i];
      }
    }
    n = m;
  }
  return FenError::OK;
}

}  // namespace

FenError Setup::parse(std::string_view fen, Variant v, bool chess960) {
  std::string_view f[8];
  int n = split_fields(fen, f, 8);
  if (n == 0) return FenError::EMPTY;
  Setup s;
  s.chess960 = castling_chess960(v, chess960);
  v = rules_with_chess960(v, chess960);
  s.variant = v;
  if (is_lichess_variant(v) && n <= 8)
    if (FenError e = strip_variant_fields(s, f, n); e != FenError::OK) return e;
  if (n != 4 && n != 6) return FenError::FIELD_COUNT;
  if (FenError e = parse_board(s, f[0]); e != FenError::OK) return e;
  if (f[1] == "w")
    s.side = WHITE;
  else if (f[1] == "b")
    s.side = BLACK;
  else
    return FenError::BAD_SIDE;
  if (v == MAKRUK) {
    if (f[2] != "-") return FenError::BAD_CASTLING;
    if (f[3] != "-") {
      const long limit = parse_number(f[3]);
      if (limit < 0 || limit > 128) return FenError::BAD_COUNTING;
      s.count_limit = uint16_t(limit);
    }
  } else {
    if (FenError e = parse_castling(s, f[2]); e != FenError::OK) return e;
    // Antichess and racing kings have no castling: rights in the FEN are dropped (chessops).
    if (!variant_has_castling(v))
      for (Square& r : s.castling_rook) r = SQ_NONE;
    if (f[3] != "-") {
      if (f[3].size() != 2 || f[3][0] < 'a' || f[3][0] > 'h' || f[3][1] < '1' || f[3][1] > '8')
        return FenError::BAD_EN_PASSANT;
      s.ep_square = make_square(f[3][0] - 'a', f[3][1] - '1');
    }
  }
  if (n == 6) {
    const long halfmove = parse_number(f[4]);
    if (halfmove < 0 || halfmove > MAX_HALFMOVE_CLOCK) return FenError::BAD_HALFMOVE;
    const long fullmove = parse_number(f[5]);
    if (fullmove < 1 || fullmove > MAX_FULLMOVE_NUMBER) return FenError::BAD_FULLMOVE;
    s.halfmove = uint16_t(halfmove);
    s.fullmove = uint32_t(fullmove);
  }
  *this = s;
  return FenError::OK;
}

FenErrors fen_syntax_errors(std::string_view fen, Variant v, bool chess960) {
  const bool castling960 = castling_chess960(v, chess960);
  v = rules_with_chess960(v, chess960);
  if (is_lichess_variant(v)) {
    Setup s;
    const FenError e = s.parse(fen, v, chess960);
    return e == FenError::OK ? 0 : fen_error_bit(e);
  }
  std::string_view f[6];
  const int n = split_fields(fen, f, 6);
  if (n == 0) return fen_error_bit(FenError::EMPTY);
  if (n != 4 && n != 6) return fen_error_bit(FenError::FIELD_COUNT);
  FenErrors errors = 0;
  Setup s;
  s.variant = v;
  s.chess960 = castling960;
  if (FenError e = parse_board(s, f[0]); e != FenError::OK) {
    errors |= fen_error_bit(e);
    s = Setup();  // the castling letters are then read against an empty board
    s.variant = v;
    s.chess960 = castling960;
  }
  if (f[1] != "w" && f[1] != "b") errors |= fen_error_bit(FenError::BAD_SIDE);
  if (v == MAKRUK) {
    if (f[2] != "-") errors |= fen_error_bit(FenError::BAD_CASTLING);
    if (f[3] != "-") {
      const long limit = parse_number(f[3]);
      if (limit < 0 || limit > 128) errors |= fen_error_bit(FenError::BAD_COUNTING);
    }
  } else {
    if (FenError e = parse_castling(s, f[2]); e != FenError::OK) errors |= fen_error_bit(e);
    if (f[3] != "-" && (f[3].size() != 2 || f[3][0] < 'a' || f[3][0] > 'h' || f[3][1] < '1' || f[3][1] > '8'))
      errors |= fen_error_bit(FenError::BAD_EN_PASSANT);
  }
  if (n == 6) {
    const long halfmove = parse_number(f[4]);
    if (halfmove < 0 || halfmove > MAX_HALFMOVE_CLOCK) errors |= fen_error_bit(FenError::BAD_HALFMOVE);
    const long fullmove = parse_number(f[5]);
    if (fullmove < 1 || fullmove > MAX_FULLMOVE_NUMBER) errors |= fen_error_bit(FenError::BAD_FULLMOVE);
  }
  return errors;
}

void Setup::load_board(Position& pos) const {
  pos.clear();
  pos.variant_ = variant;
  pos.chess960_ = castling_chess960(variant, chess960);
  pos.piece_keys_ = variant == MAKRUK ? zobrist::MAKRUK_PIECE_KEYS : zobrist::PIECE_KEYS;
  pos.turn_key_ = variant == MAKRUK ? zobrist::MAKRUK_TURN : zobrist::turn();
  std::memcpy(pos.board_, board, sizeof board);
  for (Bitboard b = occupancy(board); b;) {
    const Square s = pop_lsb(b);
    pos.by_type_[type_of(board[s])] |= square_bb(s);
    pos.by_color_[color_of(board[s])] |= square_bb(s);
  }
  pos.side_ = side;
  pos.st().rule50 = halfmove;
  pos.st().count_limit = count_limit;
  if (count_limit) pos.st().count_ply = halfmove;
  pos.game_ply_ = int(2 * (fullmove - 1) + (side == BLACK));
  if (variant == CRAZYHOUSE) {
    std::memcpy(pos.pocket_, pocket, sizeof pocket);
    pos.promoted_ = promoted & pos.pieces() & ~pos.pieces(PAWN, KING);
  }
  if (variant == THREE_CHECK) {
    pos.checks_left_[WHITE] = checks_left[WHITE];
    pos.checks_left_[BLACK] = checks_left[BLACK];
  }
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

FenErrors Setup::verdicts(Position& pos) const {
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
  if (kings[them] == 1 && kings[us] <= 1 && attacked_by(pos, us, pos.king_square(them)))
    errors |= fen_error_bit(FenError::OPPOSITE_CHECK);
  if (variant == RACING_KINGS && kings[us] == 1 && attacked_by(pos, them, pos.king_square(us)))
    errors |= fen_error_bit(FenError::VARIANT_MATERIAL);  // nobody is ever in check
  if (variant == ATOMIC) return errors;
  if (kings[us] == 1 && kings[them] <= 1 && ep == FenError::OK)
    if (FenError e = checkers_verdict(pos, variant == MAKRUK ? SQ_NONE : ep_square); e != FenError::OK)
      errors |= fen_error_bit(e);
  return errors;
}

FenErrors Setup::validate() const {
  init_bitboards();
  zobrist::init();
  Position pos{Position::Blank{}};
  load_board(pos);
  return verdicts(pos);
}

FenError Setup::build(Position& out, FenErrors tolerated) const {
  init_bitboards();
  zobrist::init();
  // pos is built from scratch; out is replaced only on success. Its state stack is the one
  // out had before the last build (kept here in between): no allocation per FEN.
  static thread_local std::vector<StateInfo> spare;
  Position pos{Position::Blank{}};
  pos.states_.swap(spare);
  struct GiveBack {
    Position& pos;
    ~GiveBack() { spare.swap(pos.states_); }
  } give_back{pos};
  load_board(pos);
  // Boards beyond the strict rules: standard chess only (the facade's).
  if (variant != CHESS) tolerated &= TOLERATE_MISSING_KINGS;
  if (FenErrors bad = verdicts(pos) & ~tolerated) return first_fen_error(bad);
  pos.any_board_ = (tolerated & ~TOLERATE_MISSING_KINGS) != 0;
  for (int i = 0; i < 4; ++i)
    if (castling_rook[i] != SQ_NONE) pos.set_castling_right(i < 2 ? WHITE : BLACK, castling_rook[i]);
  if (variant != MAKRUK) pos.st().ep_square = ep_square;
  pos.finish_setup();
  std::vector<StateInfo> old;
  old.swap(out.states_);
  out = std::move(pos);
  pos.states_.swap(old);  // out's old stack goes to spare (give_back)
  return FenError::OK;
}

Setup Setup::of(const Position& pos) {
  Setup s;
  std::memcpy(s.board, pos.board_, sizeof s.board);
  s.side = pos.side_to_move();
  s.variant = pos.variant();
  s.chess960 = pos.chess960();
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (pos.can_castle(cr)) s.castling_rook[castling_index(cr)] = pos.castling_rook_square(cr);
  s.ep_square = pos.ep_square();
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

size_t Setup::fen_size_bound() const {
  size_t pieces = 0;
  for (Color c : {WHITE, BLACK})
    for (int pt = PAWN; pt <= QUEEN; ++pt) pieces += pocket[c][pt];
  // The board with a '~' after every piece (71 + 64), the pocket's brackets and letters, the
  // side, castling (4), en passant or a Makruk count (3), three-check's counters (5), the two
  // counters (5 + 10 digits) and their spaces: 180 with room to spare.
  return 180 + pieces;
}

namespace {
// Writes n in decimal at p; returns the end.
char* put_decimal(char* p, unsigned long n) {
  char digits[20];
  int k = 0;
  do digits[k++] = char('0' + n % 10);
  while (n /= 10);
  while (k) *p++ = digits[--k];
  return p;
}
}  // namespace

// Into a buffer sized by fen_size_bound() (no std::string appends: FEN writing is on the FEN
// parse + write bench row's path). The board a rank at a time from its occupancy: an empty
// rank is one '8', and only the occupied squares are visited.
size_t Setup::write_fen(char* out, bool shredder, bool lichess) const {
  char* p = out;
  const Bitboard occ = occupancy(board);
  // '~' marks: Makruk's promoted Bia (always), crazyhouse's promoted pieces.
  const Bitboard marked = variant == CRAZYHOUSE ? promoted : 0;
  for (int r = 7; r >= 0; --r) {
    unsigned rank = unsigned(occ >> (8 * r)) & 0xFF;
    int file = 0;
    while (rank) {
      const int f = __builtin_ctz(rank);
      rank &= rank - 1;
      if (f > file) *p++ = char('0' + f - file);
      const Square sq = make_square(f, r);
      const Piece pc = board[sq];
      *p++ = piece_char(pc);
      if (type_of(pc) == PMET || (marked & square_bb(sq))) *p++ = '~';
      file = f + 1;
    }
    if (file < 8) *p++ = char('0' + 8 - file);
    if (r) *p++ = '/';
  }
  if (variant == CRAZYHOUSE) {
    *p++ = lichess ? '/' : '[';
    for (Color c : {WHITE, BLACK})
      for (int pt = PAWN; pt <= QUEEN; ++pt)
        for (int k = 0; k < pocket[c][pt]; ++k) *p++ = piece_char(make_piece(c, PieceType(pt)));
    if (!lichess) *p++ = ']';
  }
  *p++ = ' ';
  *p++ = side == WHITE ? 'w' : 'b';
  *p++ = ' ';
  bool any = false;
  for (int i = 0; i < 4; ++i) {
    const Square rsq = castling_rook[i];
    if (rsq == SQ_NONE) continue;
    any = true;
    const Color c = i < 2 ? WHITE : BLACK;
    const bool king_side = i % 2 == 0;
    // K/Q name the outermost rook on that side (a corner in standard chess); another rook
    // gets its file, as X-FEN does.
    bool outermost = true;
    for (int f = king_side ? 7 : 0; f != file_of(rsq); f += king_side ? -1 : 1)
      if (board[make_square(f, rank_of(rsq))] == make_piece(c, ROOK) || !chess960) outermost = false;
    const char letter = shredder || !outermost ? char('A' + file_of(rsq)) : (king_side ? 'K' : 'Q');
    *p++ = c == WHITE ? letter : char(letter | 0x20);
  }
  if (!any) *p++ = '-';
  *p++ = ' ';
  if (variant == MAKRUK) {
    if (count_limit)
      p = put_decimal(p, count_limit);
    else
      *p++ = '-';
  } else if (ep_square != SQ_NONE) {
    *p++ = char('a' + file_of(ep_square));
    *p++ = char('1' + rank_of(ep_square));
  } else {
    *p++ = '-';
  }
  if (variant == THREE_CHECK && !lichess) {
    *p++ = ' ';
    *p++ = char('0' + checks_left[WHITE]);
    *p++ = '+';
    *p++ = char('0' + checks_left[BLACK]);
  }
  *p++ = ' ';
  p = put_decimal(p, halfmove);
  *p++ = ' ';
  p = put_decimal(p, fullmove);
  if (variant == THREE_CHECK && lichess) {
    *p++ = ' ';
    *p++ = '+';
    *p++ = char('0' + 3 - checks_left[WHITE]);
    *p++ = '+';
    *p++ = char('0' + 3 - checks_left[BLACK]);
  }
  return size_t(p - out);
}

std::string Setup::fen(bool shredder, bool lichess) const {
  std::string s(fen_size_bound(), '\0');
  s.resize(write_fen(s.data(), shredder, lichess));
  return s;
}

void Setup::drop_contradicted() {
  for (int i = 0; i < 4; ++i)
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

// The FEN with its contradicted castling rights and en passant square dropped (position.h).
std::string drop_contradicted_fields(std::string_view fen, Variant variant) {
  std::string_view f[6];
  const int n = split_fields(fen, f, 6);
  if ((n != 4 && n != 6) || variant == MAKRUK || is_lichess_variant(variant)) return std::string(fen);
  Setup s;
  s.variant = variant;
  s.chess960 = castling_chess960(variant, false);
  if (parse_board(s, f[0]) != FenError::OK || (f[1] != "w" && f[1] != "b")) return std::string(fen);
  s.side = f[1] == "w" ? WHITE : BLACK;
  std::string castling;
  if (f[2] != "-")
    for (char c : f[2]) {
      // Kept: the rights the board allows, and malformed letters (set_fen reports them).
      Setup one = s;
      const FenError e = parse_castling(one, std::string_view(&c, 1));
      const char lc = char(c | 0x20);
      const bool letter = lc == 'k' || lc == 'q' || (lc >= 'a' && lc <= 'h');
      if (e != FenError::OK) {
        if (!letter) castling += c;
        continue;
      }
      int slot = 0;
      while (one.castling_rook[slot] == s.castling_rook[slot]) ++slot;
      if (castling_verdict(one, slot) != FenError::OK) continue;
      if (s.castling_rook[slot] != SQ_NONE) continue;  // given twice
      s = one;
      castling += c;
    }
  if (castling.empty()) castling = "-";
  std::string_view ep = f[3];
  if (ep.size() == 2 && ep[0] >= 'a' && ep[0] <= 'h' && ep[1] >= '1' && ep[1] <= '8') {
    s.ep_square = make_square(ep[0] - 'a', ep[1] - '1');
    const FenError e = ep_verdict(s);
    if (e == FenError::EN_PASSANT_NO_PAWN || e == FenError::EN_PASSANT_OCCUPIED) ep = "-";
  }
  std::string out;
  out.append(f[0]).append(" ").append(f[1]).append(" ").append(castling).append(" ").append(ep);
  if (n == 6) out.append(" ").append(f[4]).append(" ").append(f[5]);
  return out;
}

}  // namespace cw
