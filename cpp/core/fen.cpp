// chesswasm — FEN in and out (standard FEN, X-FEN and Shredder-FEN castling fields).
// SPDX-License-Identifier: MIT
#include <cstring>

#include "attacks.h"
#include "position.h"
#include "setup.h"
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
  chess960_ = false;
  piece_keys_ = zobrist::PIECE_KEYS;
  turn_key_ = zobrist::turn();
  game_ply_ = 0;
  any_board_ = false;
  // The state stack keeps its memory (states above top_ are spare room, written when pushed).
  if (states_.size() < 64) states_.resize(64);
  states_[0] = StateInfo{};
  top_ = 0;
  states_[0].ep_square = SQ_NONE;
  states_[0].move = MOVE_NULL;
  std::memset(pocket_, 0, sizeof(pocket_));
  promoted_ = 0;
  checks_left_[WHITE] = checks_left_[BLACK] = 3;
  snapshots_.clear();
}

const char* const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const MAKRUK_START_FEN = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";

const char* const RACING_KINGS_START_FEN = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";
const char* const HORDE_START_FEN =
    "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";

namespace {
constexpr const char* VARIANT_NAMES[VARIANT_NB] = {"chess",       "chess960",  "makruk",        "crazyhouse",
                                                   "atomic",      "antichess", "kingofthehill", "3check",
                                                   "racingkings", "horde"};
}  // namespace

const char* variant_name(Variant v) { return v < VARIANT_NB ? VARIANT_NAMES[v] : "?"; }

Variant variant_of_name(std::string_view name) {
  for (int v = 0; v < VARIANT_NB; ++v)
    if (name == VARIANT_NAMES[v]) return Variant(v);
  return VARIANT_NB;
}

Variant parse_variant(std::string_view text) {
  std::string k;
  for (char c : text) {
    if (c == ' ' || c == '-' || c == '_') continue;
    if (k.size() > 20) return VARIANT_NB;
    k += char(c >= 'A' && c <= 'Z' ? c + 32 : c);
  }
  struct Alias {
    const char* name;
    Variant v;
  };
  static constexpr Alias ALIASES[] = {
      {"", CHESS},
      {"standard", CHESS},
      {"chess", CHESS},
      {"normal", CHESS},
      {"fromposition", CHESS},
      {"chess960", CHESS960},
      {"fischerandom", CHESS960},
      {"fischerrandom", CHESS960},
      {"960", CHESS960},
      {"frc", CHESS960},
      {"makruk", MAKRUK},
      {"crazyhouse", CRAZYHOUSE},
      {"zh", CRAZYHOUSE},
      {"house", CRAZYHOUSE},
      {"atomic", ATOMIC},
      {"atom", ATOMIC},
      {"antichess", ANTICHESS},
      {"anti", ANTICHESS},
      {"kingofthehill", KING_OF_THE_HILL},
      {"koth", KING_OF_THE_HILL},
      {"threecheck", THREE_CHECK},
      {"3check", THREE_CHECK},
      {"racingkings", RACING_KINGS},
      {"race", RACING_KINGS},
      {"horde", HORDE},
  };
  for (const Alias& a : ALIASES)
    if (k == a.name) return a.v;
  return VARIANT_NB;
}

const char* variant_pgn_name(Variant v) {
  static constexpr const char* NAMES[VARIANT_NB] = {
      "Standard",  "Chess960",         "Makruk",      "Crazyhouse",   "Atomic",
      "Antichess", "King of the Hill", "Three-check", "Racing Kings", "Horde"};
  return v < VARIANT_NB ? NAMES[v] : "?";
}

const char* start_fen(Variant v) {
  switch (v) {
    case MAKRUK:
      return MAKRUK_START_FEN;
    case RACING_KINGS:
      return RACING_KINGS_START_FEN;
    case HORDE:
      return HORDE_START_FEN;
    case ANTICHESS:
      return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    // As Position::fen writes them (empty pockets, three checks each to give).
    case CRAZYHOUSE:
      return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    case THREE_CHECK:
      return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    default:
      return START_FEN;
  }
}

Position::Position() {
  init_bitboards();
  zobrist::init();
  Setup s;
  s.parse(START_FEN, CHESS);
  s.build(*this);
}

void Position::finish_setup() {
  st().checkers = !pieces(side_, KING)           ? 0
                  : is_lichess_variant(variant_) ? variant_checkers()
                                                 : attackers(*this, ~side_, king_square(side_), pieces());
  st().checkers_known = true;
  st().key = compute_key();
}

FenError Position::set_fen(std::string_view fen, Variant variant, bool chess960) {
  // One code path: the syntax, then every verdict, then the position (Setup::build
  // replaces *this only on success).
  Setup s;
  if (FenError e = s.parse(fen, variant, chess960); e != FenError::OK) return e;
  return s.build(*this);
}

// Written by the set-up of the position (setup.cpp): one FEN writer for both.
std::string Position::fen(bool shredder, bool lichess) const {
  return Setup::of(*this).fen(shredder, lichess);
}

}  // namespace cw
