// chesswasm — FEN text in and out: the syntax (standard FEN, X-FEN and Shredder-FEN castling
// fields, the lichess variants' fields), the writer, and the error texts. The verdicts on what a
// FEN describes and the building of the position: setup.cpp.
// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cassert>
#include <cstring>

#include "position.h"
#include "setup.h"
#include "setup_detail.h"
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
    {"BAD_POCKET", "crazyhouse pocket must hold only the letters PNBRQ and pnbrq"},
    {"BAD_CHECKS", "three-check counter must be remaining checks W+B (0-3 each) or checks given +W+B"},
    {"VARIANT_MATERIAL",
     "the board breaks the variant's set-up rule (horde: one king, its side's pawns; racing kings: no pawns, "
     "at most 2 knights, bishops, rooks and 1 queen a side; crazyhouse: at most 32 units on the board and in "
     "the pockets; antichess: at least one piece)"},
};

}  // namespace

const char* fen_error_name(FenError e) {
  size_t i = size_t(e);
  return i < sizeof(ERROR_TEXT) / sizeof(ERROR_TEXT[0]) ? ERROR_TEXT[i].name : "UNKNOWN";
}

const char* fen_error_message(FenError e) {
  size_t i = size_t(e);
  return i < sizeof(ERROR_TEXT) / sizeof(ERROR_TEXT[0]) ? ERROR_TEXT[i].message : "unknown FEN error";
}

namespace {

// ' ', '\t', '\n', '\r': one comparison for the characters above ' ' (every other one of a FEN).
bool is_space(char c) {
  const unsigned u = static_cast<unsigned char>(c);
  return u <= ' ' && ((1ULL << u) & ((1ULL << ' ') | (1ULL << '\t') | (1ULL << '\n') | (1ULL << '\r')));
}

// The first white-space character from p on, or end. Eight characters at a time: in a word
// read as eight bytes (little-endian: the first character in the low byte), the lowest byte
// below 0x21 is flagged exactly by (x - 0x21..21) & ~x & 0x80..80 (the bytes below it borrow
// nothing; one at 0x80 or above is not flagged), so the loop stops only there; a character
// below 0x21 that is no white space belongs to the field. A FEN's longest field, the board,
// is then a few words instead of a branch per character.
const char* field_end(const char* p, const char* end) {
  constexpr uint64_t ONES = 0x0101010101010101ULL, HIGH = 0x8080808080808080ULL;
  while (end - p >= 8) {
    uint64_t x;
    std::memcpy(&x, p, 8);
    const uint64_t below = (x - 0x21 * ONES) & ~x & HIGH;
    if (!below) {
      p += 8;
      continue;
    }
    p += __builtin_ctzll(below) / 8;
    if (is_space(*p)) return p;
    ++p;
  }
  while (p < end && !is_space(*p)) ++p;
  return p;
}
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "field_end reads the first character in the low byte");

// Splits on runs of white space; returns the number of fields (stops counting at 8).
int split_fields(std::string_view s, std::string_view* out, int max) {
  const char* p = s.data();
  const char* const end = p + s.size();
  int n = 0;
  for (;;) {
    while (p < end && is_space(*p)) ++p;
    if (p == end) break;
    const char* q = field_end(p, end);
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

// The board field read character by character: the first error is said.
FenError read_board(Setup& s, std::string_view board) {
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

// The board field into s.board, which may be unwritten (Setup::UnwrittenBoard): read_board
// writes only the pieces, so the board is cleared first.
FenError parse_board(Setup& s, std::string_view board) {
  std::memset(s.board, 0, sizeof s.board);
  return read_board(s, board);
}

// Reads the castling field's letters into rights bound to rook squares: K/Q the outermost
// rook on that side of the king (X-FEN; standard chess: the corner), a file letter that
// file's back-rank square. Where the board has no king or rook to bind to, the corner (or
// for a file letter, the side of the board) is taken: validate() then reports the right.
FenError parse_castling(Setup& s, std::string_view field) {
  if (field == "-") return FenError::OK;
  // The kings, looked for once per side and only when a letter needs them (standard chess's
  // K and Q name the corner).
  Square kings[COLOR_NB] = {SQ_NONE, SQ_NONE};
  bool looked[COLOR_NB] = {false, false};
  for (char c : field) {
    const Color col = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
    const char lc = char(c | 0x20);
    const bool letter = lc == 'k' || lc == 'q';
    if (!letter && !(lc >= 'a' && lc <= 'h')) return FenError::BAD_CASTLING;
    const int rank = col == WHITE ? 0 : 7;
    if ((s.chess960 || !letter) && !looked[col]) {
      kings[col] = back_rank_king(s, col);
      looked[col] = true;
    }
    const Square ksq = kings[col];  // SQ_NONE when not looked for: not needed
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

char piece_char(Piece p) {
  static const char LETTERS[PIECE_TYPE_NB + 1] = " PNBRQKMSM";
  char c = LETTERS[type_of(p)];
  return color_of(p) == WHITE ? c : char(c | 0x20);
}

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

namespace {

// Setup::parse into a set-up that is as Setup() made it, or Setup(UnwrittenBoard) (the board
// is written before it is read: Position::set_fen parses straight into its own; Setup::parse
// into a copy, to leave itself as it was on an error).
FenError parse_into(Setup& s, std::string_view fen, Variant v, bool chess960) {
  std::string_view f[8];
  int n = split_fields(fen, f, 8);
  if (n == 0) return FenError::EMPTY;
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
  return FenError::OK;
}

}  // namespace

FenError Setup::parse(std::string_view fen, Variant v, bool chess960) {
  Setup s;
  if (FenError e = parse_into(s, fen, v, chess960); e != FenError::OK) return e;
  *this = s;
  return FenError::OK;
}

// Setup.syntaxErrors(): cold, compiled for size in the wasm build (types.h).
CW_SIZE_CODE_BEGIN
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
CW_SIZE_CODE_END

size_t Setup::fen_size_bound() const {
  size_t pieces = 0;
  for (Color c : {WHITE, BLACK})
    for (int pt = PAWN; pt <= QUEEN; ++pt) pieces += pocket[c][pt];
  // The board with a '~' after every piece (71 + 64), the pocket's brackets and letters, the
  // side, castling (4), en passant or a Makruk count (3), three-check's counters (5), the two
  // counters (5 + 10 digits) and their spaces: 180 with room to spare.
  return 180 + pieces;
}

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

FenError Position::set_fen(std::string_view fen, Variant variant, bool chess960) {
  // One code path: the syntax, then every verdict, then the position (Setup::build
  // replaces *this only on success). parse_board writes every square of the board.
  Setup s{Setup::UnwrittenBoard{}};
  if (FenError e = parse_into(s, fen, variant, chess960); e != FenError::OK) return e;
  return s.build(*this);
}

// Written by the set-up of the position (Setup::write_fen): one FEN writer for both.
std::string Position::fen(bool shredder, bool lichess) const {
  return Setup::of(*this).fen(shredder, lichess);
}

CW_SIZE_CODE_BEGIN
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
CW_SIZE_CODE_END

}  // namespace cw