// chesswasm — FEN in and out (standard FEN, X-FEN and Shredder-FEN castling fields).
// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cstring>

#include "position.h"
#include "text.h"
#include "zobrist.h"

namespace cw {

namespace {

struct ErrorText {
  const char* name;
  const char* message;
};

constexpr ErrorText ERROR_TEXT[] = {
    {"OK", "valid FEN"},
    {"EMPTY", "FEN is empty"},
    {"FIELD_COUNT", "FEN must have 6 fields (or 4, without the move counters) separated by spaces"},
    {"BAD_PIECE", "FEN board contains a character that is not a piece letter, a digit 1-8 or '/'"},
    {"RANK_TOO_LONG", "FEN board has a rank with more than 8 squares"},
    {"RANK_TOO_SHORT", "FEN board has a rank with fewer than 8 squares"},
    {"RANK_COUNT", "FEN board must have exactly 8 ranks separated by '/'"},
    {"MISSING_KING", "a side has no king"},
    {"TOO_MANY_KINGS", "a side has more than one king"},
    {"PAWN_ON_BACK_RANK", "a pawn stands on the first or last rank"},
    {"BAD_SIDE", "side to move must be 'w' or 'b'"},
    {"BAD_CASTLING", "castling field is malformed (use '-', KQkq, or rook files such as HAha)"},
    {"CASTLING_NO_KING", "a castling right is given but the king is not on its square"},
    {"CASTLING_NO_ROOK", "a castling right is given but there is no rook on its square"},
    {"BAD_EN_PASSANT", "en passant field must be '-' or a square"},
    {"EN_PASSANT_WRONG_RANK",
     "en passant square must be on rank 6 when white moves, rank 3 when black moves"},
    {"EN_PASSANT_NO_PAWN",
     "en passant square has no enemy pawn in front of it that could have moved two squares"},
    {"EN_PASSANT_OCCUPIED", "en passant square or the square the pawn came from is occupied"},
    {"OPPOSITE_CHECK", "the side not to move is in check"},
    {"IMPOSSIBLE_CHECK",
     "the side to move is in check from two pieces that no last move could have given check together"},
    {"BAD_HALFMOVE", "halfmove clock must be a non-negative integer"},
    {"BAD_FULLMOVE", "fullmove number must be a positive integer"},
    {"BAD_PROMOTED", "'~' must follow a piece that can be a promoted piece"},
    {"BAD_COUNTING", "counting field is out of range"},
    {"CONSECUTIVE_DIGITS", "FEN board has two digits in a row in a rank"},
    {"TOO_MANY_PIECES", "a side has more than 16 pieces"},
    {"TOO_MANY_PAWNS", "a side has more than 8 pawns"},
    {"IMPOSSIBLE_MATERIAL",
     "a side has more pawns plus promoted pieces than its 8 pawns could have become (a second queen, a "
     "third rook or knight, two bishops on squares of one colour; Makruk: a second Met, a third Ruea, Ma "
     "or Khon)"},
    {"TOO_MANY_CHECKERS", "the side to move is in check from more than two pieces"},
    {"ALIGNED_CHECKERS",
     "the side to move is in check from two pieces on one line, one on each side of the king"},
    {"EN_PASSANT_CHECK",
     "the en passant square says the last move was a double pawn push, which cannot have given this check "
     "(or the king was in check before it)"},
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Splits on runs of white space; returns the number of fields (stops counting at 8).
int split_fields(std::string_view s, std::string_view* out, int max) {
  int n = 0;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    if (i >= s.size()) break;
    size_t j = i;
    while (j < s.size() && !is_space(s[j])) ++j;
    if (n < max) out[n] = s.substr(i, j - i);
    ++n;
    i = j;
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

PieceType piece_type_from_char(char c, Variant v) {
  switch (c | 0x20) {  // lower case
    case 'p':
      return PAWN;
    case 'n':
      return KNIGHT;
    case 'r':
      return ROOK;
    case 'k':
      return KING;
    case 'b':
      return v == MAKRUK ? NO_PIECE_TYPE : BISHOP;
    case 'q':
      return v == MAKRUK ? NO_PIECE_TYPE : QUEEN;
    case 'm':
      return v == MAKRUK ? MET : NO_PIECE_TYPE;
    case 's':
      return v == MAKRUK ? KHON : NO_PIECE_TYPE;
    default:
      return NO_PIECE_TYPE;
  }
}

char piece_char(Piece p) {
  static const char LETTERS[PIECE_TYPE_NB + 1] = " PNBRQKMSM";
  char c = LETTERS[type_of(p)];
  return color_of(p) == WHITE ? c : char(c | 0x20);
}

}  // namespace

const char* fen_error_name(FenError e) {
  size_t i = size_t(e);
  return i < sizeof(ERROR_TEXT) / sizeof(ERROR_TEXT[0]) ? ERROR_TEXT[i].name : "UNKNOWN";
}

const char* fen_error_message(FenError e) {
  size_t i = size_t(e);
  return i < sizeof(ERROR_TEXT) / sizeof(ERROR_TEXT[0]) ? ERROR_TEXT[i].message : "unknown FEN error";
}

void Position::clear() {
  std::memset(by_type_, 0, sizeof(by_type_));
  std::memset(by_color_, 0, sizeof(by_color_));
  std::memset(board_, 0, sizeof(board_));
  std::memset(castling_path_, 0, sizeof(castling_path_));
  std::memset(king_path_, 0, sizeof(king_path_));
  std::memset(castling_mask_, 0, sizeof(castling_mask_));
  for (Square& s : castling_rook_) s = SQ_NONE;
  side_ = WHITE;
  variant_ = CHESS;
  piece_keys_ = zobrist::PIECE_KEYS;
  turn_key_ = zobrist::turn();
  game_ply_ = 0;
  states_.assign(64, StateInfo{});
  top_ = 0;
  states_[0].ep_square = SQ_NONE;
  states_[0].move = MOVE_NULL;
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
FenError check_material(const Position& pos, Variant variant) {
  constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;
  auto beyond = [](Bitboard b, int original) { return std::max(0, popcount(b) - original); };
  for (Color c : {WHITE, BLACK}) {
    if (popcount(pos.pieces(c)) > 16) return FenError::TOO_MANY_PIECES;
    const int pawns = popcount(pos.pieces(c, PAWN));
    if (pawns > 8) return FenError::TOO_MANY_PAWNS;
    int promoted;
    if (variant == MAKRUK) {
      if (popcount(pos.pieces(c, ROOK)) > 2 || popcount(pos.pieces(c, KNIGHT)) > 2 ||
          popcount(pos.pieces(c, KHON)) > 2)
        return FenError::IMPOSSIBLE_MATERIAL;
      promoted = popcount(pos.pieces(c, PMET)) + beyond(pos.pieces(c, MET), 1);
    } else {
      const Bitboard bishops = pos.pieces(c, BISHOP);
      promoted = beyond(pos.pieces(c, QUEEN), 1) + beyond(pos.pieces(c, ROOK), 2) +
                 beyond(pos.pieces(c, KNIGHT), 2) + beyond(bishops & DARK_SQUARES, 1) +
                 beyond(bishops & ~DARK_SQUARES, 1);
    }
    if (pawns + promoted > 8) return FenError::IMPOSSIBLE_MATERIAL;
  }
  return FenError::OK;
}

}  // namespace

struct FenParser {
  static FenError parse(Position& pos, std::string_view fen, Variant variant);
  static FenError parse_board(Position& pos, std::string_view board, Variant variant);
  static FenError parse_castling(Position& pos, std::string_view field);
  static FenError parse_en_passant(Position& pos, std::string_view field);
  static FenError check_checks(const Position& pos);
  static std::string drop_contradicted(std::string_view fen, Variant variant);
};

FenError FenParser::parse_board(Position& pos, std::string_view board, Variant variant) {
  int rank = 7, file = 0;
  for (size_t i = 0; i < board.size(); ++i) {
    char c = board[i];
    if (c == '/') {
      if (file < 8) return FenError::RANK_TOO_SHORT;
      if (--rank < 0) return FenError::RANK_COUNT;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      if (i > 0 && board[i - 1] >= '1' && board[i - 1] <= '8') return FenError::CONSECUTIVE_DIGITS;
      file += c - '0';
      if (file > 8) return FenError::RANK_TOO_LONG;
    } else if (c == '~') {
      // Makruk writes a promoted Bia as M~; no other piece can carry the mark.
      Square prev = file > 0 ? make_square(file - 1, rank) : SQ_NONE;
      bool after_piece = i > 0 && board[i - 1] != '/' && !(board[i - 1] >= '0' && board[i - 1] <= '9') &&
                         board[i - 1] != '~';
      if (variant != MAKRUK || !after_piece || type_of(pos.board_[prev]) != MET)
        return FenError::BAD_PROMOTED;
      Piece p = pos.board_[prev];
      pos.remove_piece(prev);
      pos.put_piece(make_piece(color_of(p), PMET), prev);
    } else {
      PieceType pt = piece_type_from_char(c, variant);
      if (pt == NO_PIECE_TYPE) return FenError::BAD_PIECE;
      if (file >= 8) return FenError::RANK_TOO_LONG;
      Color col = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
      pos.put_piece(make_piece(col, pt), make_square(file, rank));
      ++file;
    }
  }
  if (file < 8) return FenError::RANK_TOO_SHORT;
  if (rank != 0) return FenError::RANK_COUNT;
  for (Color c : {WHITE, BLACK}) {
    int kings = popcount(pos.pieces(c, KING));
    if (kings == 0) return FenError::MISSING_KING;
    if (kings > 1) return FenError::TOO_MANY_KINGS;
  }
  if (variant != MAKRUK && (pos.pieces(PAWN) & (RANK_1_BB | RANK_8_BB))) return FenError::PAWN_ON_BACK_RANK;
  return check_material(pos, variant);
}

FenError FenParser::parse_castling(Position& pos, std::string_view field) {
  if (field == "-") return FenError::OK;
  bool chess960 = pos.variant_ == CHESS960;
  for (char c : field) {
    Color col = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
    char lc = char(c | 0x20);
    bool letter = (lc == 'k' || lc == 'q');
    bool file_letter = lc >= 'a' && lc <= 'h';
    if (!letter && !file_letter) return FenError::BAD_CASTLING;
    Bitboard back_rank = rank_bb(col == WHITE ? 0 : 7);
    Bitboard kings = pos.pieces(col, KING) & back_rank;
    if (!kings) return FenError::CASTLING_NO_KING;
    Square ksq = lsb(kings);
    if (!chess960 && ksq != relative_square(col, SQ_E1)) return FenError::CASTLING_NO_KING;
    Bitboard rooks = pos.pieces(col, ROOK) & back_rank;
    Square rsq;
    if (letter) {
      // The outermost rook on that side of the king (X-FEN).
      Bitboard side = lc == 'k' ? rooks & ~((square_bb(ksq) << 1) - 1) : rooks & (square_bb(ksq) - 1);
      if (!side) return FenError::CASTLING_NO_ROOK;
      rsq = lc == 'k' ? Square(63 - __builtin_clzll(side)) : lsb(side);
      if (!chess960 && file_of(rsq) != (lc == 'k' ? 7 : 0)) return FenError::CASTLING_NO_ROOK;
    } else {
      rsq = make_square(lc - 'a', col == WHITE ? 0 : 7);
      if (!(rooks & square_bb(rsq))) return FenError::CASTLING_NO_ROOK;
      if (!chess960 && file_of(rsq) != 0 && file_of(rsq) != 7) return FenError::CASTLING_NO_ROOK;
    }
    CastlingRights cr = castling_right(col, file_of(rsq) > file_of(ksq));
    if (pos.st().castling & cr) return FenError::BAD_CASTLING;  // a right given twice
    pos.set_castling_right(col, rsq);
  }
  return FenError::OK;
}

FenError FenParser::parse_en_passant(Position& pos, std::string_view field) {
  if (field == "-") return FenError::OK;
  if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
    return FenError::BAD_EN_PASSANT;
  Square ep = make_square(field[0] - 'a', field[1] - '1');
  Color us = pos.side_;
  if (relative_rank(us, ep) != 5) return FenError::EN_PASSANT_WRONG_RANK;
  Square pawn = Square(ep - pawn_push(us));
  Square origin = Square(ep + pawn_push(us));
  if (pos.board_[pawn] != make_piece(~us, PAWN)) return FenError::EN_PASSANT_NO_PAWN;
  if (pos.board_[ep] != NO_PIECE || pos.board_[origin] != NO_PIECE) return FenError::EN_PASSANT_OCCUPIED;
  pos.st().ep_square = ep;
  return FenError::OK;
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

namespace {

// What a piece of type pt and colour c on s attacks (pawns included).
Bitboard attacks_from(PieceType pt, Color c, Square s, Bitboard occ) {
  return pt == PAWN ? pawn_attacks(c, s) : attacks_of(pt, c, s, occ);
}

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
    if (pos.attackers_to(ksq, occ_before) & pos.pieces(them) & ~gone) return true;
    if (attacks_from(p.pt, them, p.s, occ_before) & square_bb(ksq)) return true;
    return q.s != SQ_NONE && (attacks_from(q.pt, them, q.s, occ_before) & square_bb(ksq));
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

}  // namespace

FenError FenParser::check_checks(const Position& pos) {
  const Color us = pos.side_, them = ~us;
  if (pos.attackers_to(pos.king_square(them)) & pos.pieces(us)) return FenError::OPPOSITE_CHECK;
  const Square ksq = pos.king_square(us);
  const Bitboard occ = pos.pieces();
  const Bitboard checkers = pos.attackers_to(ksq) & pos.pieces(them);
  if (popcount(checkers) > 2) return FenError::TOO_MANY_CHECKERS;
  const Square ep = pos.st().ep_square;
  if (ep != SQ_NONE) {
    // The last move pushed the pawn from `origin` over ep to `pawn`: it gives one check at
    // most, and before it us was not in check (the pawn on its origin).
    const Square pawn = Square(ep - pawn_push(us)), origin = Square(ep + pawn_push(us));
    if (more_than_one(checkers)) return FenError::EN_PASSANT_CHECK;
    const Bitboard before = occ ^ square_bb(pawn) ^ square_bb(origin);
    const bool attacked = (pos.attackers_to(ksq, before) & pos.pieces(them) & ~square_bb(pawn)) ||
                          (pawn_attacks(them, origin) & square_bb(ksq));
    return attacked ? FenError::EN_PASSANT_CHECK : FenError::OK;
  }
  if (!checkers) return FenError::OK;
  if (!more_than_one(checkers)) return FenError::OK;  // see above: one check is accepted
  if (between_bb(lsb(checkers), Square(63 - __builtin_clzll(checkers))) & square_bb(ksq))
    return FenError::ALIGNED_CHECKERS;
  return has_last_move(pos, them, ksq) ? FenError::OK : FenError::IMPOSSIBLE_CHECK;
}

FenError FenParser::parse(Position& pos, std::string_view fen, Variant variant) {
  std::string_view f[6];
  int n = split_fields(fen, f, 6);
  if (n == 0) return FenError::EMPTY;
  if (n != 4 && n != 6) return FenError::FIELD_COUNT;
  pos.clear();
  pos.variant_ = variant;
  pos.piece_keys_ = variant == MAKRUK ? zobrist::MAKRUK_PIECE_KEYS : zobrist::PIECE_KEYS;
  pos.turn_key_ = variant == MAKRUK ? zobrist::MAKRUK_TURN : zobrist::turn();
  if (FenError e = parse_board(pos, f[0], variant); e != FenError::OK) return e;
  if (f[1] == "w")
    pos.side_ = WHITE;
  else if (f[1] == "b")
    pos.side_ = BLACK;
  else
    return FenError::BAD_SIDE;
  if (variant == MAKRUK) {
    if (f[2] != "-") return FenError::BAD_CASTLING;
    if (f[3] != "-") {
      long limit = parse_number(f[3]);
      if (limit < 0 || limit > 128) return FenError::BAD_COUNTING;
      pos.st().count_limit = uint16_t(limit);
    }
  } else {
    if (FenError e = parse_castling(pos, f[2]); e != FenError::OK) return e;
    if (FenError e = parse_en_passant(pos, f[3]); e != FenError::OK) return e;
  }
  long halfmove = 0, fullmove = 1;
  if (n == 6) {
    halfmove = parse_number(f[4]);
    if (halfmove < 0 || halfmove > 65535) return FenError::BAD_HALFMOVE;
    fullmove = parse_number(f[5]);
    if (fullmove < 1 || fullmove > 100000) return FenError::BAD_FULLMOVE;
  }
  pos.st().rule50 = uint16_t(halfmove);
  if (pos.st().count_limit) pos.st().count_ply = uint16_t(halfmove);
  pos.game_ply_ = int(2 * (fullmove - 1) + (pos.side_ == BLACK));
  if (FenError e = check_checks(pos); e != FenError::OK) return e;
  pos.finish_setup();
  return FenError::OK;
}

std::string FenParser::drop_contradicted(std::string_view fen, Variant variant) {
  std::string_view f[6];
  const int n = split_fields(fen, f, 6);
  if ((n != 4 && n != 6) || variant == MAKRUK) return std::string(fen);
  Position pos{Position::Blank{}};
  pos.clear();
  pos.variant_ = variant;
  if (parse_board(pos, f[0], variant) != FenError::OK || (f[1] != "w" && f[1] != "b"))
    return std::string(fen);
  pos.side_ = f[1] == "w" ? WHITE : BLACK;
  std::string castling;
  if (f[2] != "-")
    for (char c : f[2]) {
      // Kept: the rights the board allows, and malformed letters (set_fen reports them).
      const FenError e = parse_castling(pos, std::string_view(&c, 1));
      const char lc = char(c | 0x20);
      const bool letter = lc == 'k' || lc == 'q' || (lc >= 'a' && lc <= 'h');
      if (e == FenError::OK || (e == FenError::BAD_CASTLING && !letter)) castling += c;
    }
  if (castling.empty()) castling = "-";
  std::string_view ep = f[3];
  const FenError ep_error = parse_en_passant(pos, ep);
  if (ep_error == FenError::EN_PASSANT_NO_PAWN || ep_error == FenError::EN_PASSANT_OCCUPIED) ep = "-";
  std::string out;
  out.append(f[0]).append(" ").append(f[1]).append(" ").append(castling).append(" ").append(ep);
  if (n == 6) out.append(" ").append(f[4]).append(" ").append(f[5]);
  return out;
}

std::string drop_contradicted_fields(std::string_view fen, Variant variant) {
  init_bitboards();
  zobrist::init();
  return FenParser::drop_contradicted(fen, variant);
}

const char* const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const MAKRUK_START_FEN = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

const char* start_fen(Variant v) { return v == MAKRUK ? MAKRUK_START_FEN : START_FEN; }

Position::Position() {
  init_bitboards();
  zobrist::init();
  FenParser::parse(*this, START_FEN, CHESS);
}

void Position::finish_setup() {
  st().checkers = attackers_to(king_square(side_)) & pieces(~side_);
  st().checkers_known = true;
  st().key = compute_key();
}

FenError Position::set_fen(std::string_view fen, Variant variant) {
  init_bitboards();
  zobrist::init();
  Position tmp{Position::Blank{}};
  // tmp is built from scratch by the parser; *this is replaced only on success.
  FenError e = FenParser::parse(tmp, fen, variant);
  if (e == FenError::OK) *this = std::move(tmp);
  return e;
}

std::string Position::fen(bool shredder) const {
  std::string s;
  s.reserve(90);
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      Piece p = board_[make_square(f, r)];
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty), empty = 0;
      s += piece_char(p);
      if (type_of(p) == PMET) s += '~';
    }
    if (empty) s += char('0' + empty);
    if (r) s += '/';
  }
  s += side_ == WHITE ? " w " : " b ";
  int rights = st().castling;
  if (!rights) s += '-';
  for (Color c : {WHITE, BLACK})
    for (bool king_side : {true, false}) {
      CastlingRights cr = castling_right(c, king_side);
      if (!(rights & cr)) continue;
      Square rsq = castling_rook_[castling_index(cr)];
      char letter = king_side ? 'K' : 'Q';
      if (variant_ == CHESS960) {
        // X-FEN: K/Q name the outermost rook on that side; an inner rook gets its file.
        Bitboard rooks = pieces(c, ROOK) & rank_bb(rank_of(rsq));
        Bitboard beyond = king_side ? rooks & ~((square_bb(rsq) << 1) - 1) : rooks & (square_bb(rsq) - 1);
        if (shredder || beyond) letter = char('A' + file_of(rsq));
      } else if (shredder) {
        letter = char('A' + file_of(rsq));
      }
      s += c == WHITE ? letter : char(letter | 0x20);
    }
  s += ' ';
  if (variant_ == MAKRUK) {
    s += st().count_limit ? decimal(st().count_limit) : "-";
  } else if (st().ep_square != SQ_NONE) {
    s += char('a' + file_of(st().ep_square));
    s += char('1' + rank_of(st().ep_square));
  } else {
    s += '-';
  }
  s += ' ';
  s += decimal(variant_ == MAKRUK && st().count_limit ? st().count_ply : st().rule50);
  s += ' ';
  s += decimal(fullmove_number());
  return s;
}

}  // namespace cw
