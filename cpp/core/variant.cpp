// chesswasm — variant names (chessops' and PGN's), the names a caller may give, and the start FENs.
// SPDX-License-Identifier: MIT
#include <string>

#include "position.h"

namespace cw {

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

}  // namespace cw
