// chesswasm — move notation: UCI and SAN (Standard Algebraic Notation), in and out.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "movegen.h"
#include "position.h"

namespace cw {

// UCI text of a move: e2e4, e7e8q; castling as e1g1 in standard chess and king-to-rook
// (e1h1) with Chess960 castling (Position::chess960); "0000" for the null move.
std::string move_to_uci(const Position& pos, Move m);
// The same from the move, the variant and the Chess960 castling flag alone (the text of a
// move depends on nothing else: a castling king starts on its own back rank).
std::string move_to_uci(Move m, Variant v, bool chess960 = false);
// The legal move a UCI string names, or MOVE_NONE if the text is malformed or the move is
// not legal. In standard chess castling is accepted as e1g1 and as king-to-rook (e1h1).
Move parse_uci(const Position& pos, std::string_view uci);

std::string square_name(Square s);

// ---- SAN ------------------------------------------------------------------------------------
//
// Output is what the PGN standard and lichess write: piece letter (none for pawns), the
// least disambiguation among the *legal* moves (origin file, else rank, else both; pawn
// captures always name their file), `x` for captures (en passant too, no "e.p."),
// `=Q` for promotions, `O-O`/`O-O-O` for castling in every variant, then `+` or `#`.
// The null move is `--`. Makruk pieces are written M (Met and promoted Bia), S (Khon).
//
// The Position& overloads play the move on pos for the mate test and take it back (pos is
// left exactly as it was); the const overloads do the same on a copy (slower).

// The SAN of a legal move of pos (MOVE_NONE gives "--").
std::string move_to_san(Position& pos, Move m);
std::string move_to_san(const Position& pos, Move m);
// The SAN of a legal move, given the legal moves of pos (saves generating them again).
std::string move_to_san(Position& pos, Move m, const MoveList& legal);
// The SAN of every legal move of pos, in generation order (out is replaced).
void legal_moves_san(Position& pos, std::vector<std::string>& out);

// Why a SAN string was refused. Codes are stable: the TS layer exposes them by name.
enum class SanStatus : uint8_t {
  OK = 0,
  SYNTAX,     // not SAN (or, in strict mode, not exactly the canonical SAN of the move)
  ILLEGAL,    // well-formed, but no legal move matches
  AMBIGUOUS,  // well-formed, but more than one legal move matches
};
const char* san_status_name(SanStatus s);  // "AMBIGUOUS"

// Tolerances that tolerant parsing used, as bits of SanResult::leniency.
enum SanLeniency : uint16_t {
  SAN_EXACT = 0,                // the text is exactly move_to_san's output
  SAN_CHECK_SUFFIX = 1 << 0,    // `+`/`#` missing, superfluous or the wrong one
  SAN_ZERO_CASTLING = 1 << 1,   // castling written 0-0 / 0-0-0 (or o-o)
  SAN_DISAMBIGUATION = 1 << 2,  // more (or other) origin information than needed: Ng1f3, N1d2
  SAN_LONG_ALGEBRAIC = 1 << 3,  // long algebraic or UCI: g1f3, e2-e4, Ng1-f3, e1g1, e1h1
  SAN_PROMOTION = 1 << 4,       // promotion without `=` or in lower case: e8Q, e8=q, e8q
  SAN_ANNOTATION = 1 << 5,      // trailing glyphs `!`, `?`, `!!`, `??`, `!?`, `?!` (any run)
  SAN_CAPTURE_MARK = 1 << 6,    // `x` missing (Nf3 for a capture, ed5) or superfluous, or `:`
  SAN_PAWN_LETTER = 1 << 7,     // a pawn move with a `P` letter: Pe4
  // Finer bits, each set together with one above (chess.js's permissive parser refuses them):
  SAN_EXTRA_CAPTURE_MARK = 1 << 8,  // (with CAPTURE_MARK) an `x` on a move that captures nothing,
                                    // without origin file or rank (Nxf3, not Ngxf3 or Ng1xf3)
  SAN_LOWER_CASE = 1 << 9,          // (with ZERO_CASTLING or PROMOTION) `o-o`, `e8=q`, `e8q`
  SAN_SHORT_PAWN_LETTER = 1 << 10,  // (with PAWN_LETTER) `P` without origin (Pe4, not Pexd5, Pe2e4)
};

struct SanResult {
  Move move = MOVE_NONE;  // the legal move, MOVE_NONE unless status is OK
  SanStatus status = SanStatus::SYNTAX;
  uint16_t leniency = SAN_EXACT;  // SanLeniency bits used (also set when strict refuses)
};

// The longest SAN text parse_san reads ("Ng1xf3=Q+!!" and the like fit); longer text is SYNTAX.
constexpr size_t MAX_SAN_LENGTH = 16;

// The legal move of pos that SAN text names; never reads outside text.
// Tolerant mode (strict = false) accepts every SanLeniency tolerance and reports the ones
// used. Pawn captures must name the origin file (`exd5` or `ed5`; a bare `d5` is only ever
// the push). `--`/`Z0` (null move) are not moves here: callers that allow them check first.
// Strict mode accepts exactly the text move_to_san writes; anything else that tolerant
// mode would accept is SYNTAX (with leniency telling why).
SanResult parse_san(Position& pos, std::string_view text, bool strict = false);
SanResult parse_san(const Position& pos, std::string_view text, bool strict = false);

}  // namespace cw
