// chesswasm — the end of a game: checkmate, stalemate, insufficient material, repetition
// and the move-count rules, with python-chess's termination reasons.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

#include "position.h"

namespace cw {

// Why a game ended (or may be ended by a claim). Codes are stable: the TS layer exposes
// them by name, matching python-chess's Termination.
enum class Termination : uint8_t {
  NONE = 0,               // the game goes on
  CHECKMATE,              // automatic
  STALEMATE,              // automatic
  INSUFFICIENT_MATERIAL,  // automatic: neither side can mate by any series of legal moves
  SEVENTYFIVE_MOVES,      // automatic: 150 plies without a capture or pawn move (mate wins)
  FIVEFOLD_REPETITION,    // automatic: the current position occurred 5 times
  FIFTY_MOVES,            // by claim: 100 plies without a capture or pawn move
  THREEFOLD_REPETITION,   // by claim: the current position occurred 3 times (Makruk: automatic)
  COUNTING_RULE,          // Makruk, automatic: the count passed its limit (a mate still wins)
  VARIANT_WIN,            // lichess variants: the side to move has won by the variant's rule
  VARIANT_LOSS,           // lichess variants: the side to move has lost by the variant's rule
  VARIANT_DRAW,           // racing kings: both kings reached rank 8
};
const char* termination_name(Termination t);  // "FIVEFOLD_REPETITION"

struct Outcome {
  Termination termination = Termination::NONE;
  Color winner = COLOR_NB;  // the winner, COLOR_NB for a draw or a game that goes on
  bool is_over() const { return termination != Termination::NONE; }
};

// The side to move is checkmated / stalemated.
bool is_checkmate(const Position& pos);
bool is_stalemate(const Position& pos);

// Whether colour c cannot possibly mate, whatever both sides play (python-chess's rule):
// c has no pawn, rook or queen, and either
//   - only its king, or
//   - king and one knight, while the opponent has nothing but its king and queens (other
//     pieces could block their own king and let the knight mate), or
//   - king and bishops (any number), all bishops on the board on one square colour, and no
//     pawn and no knight on the board.
// Makruk: true only for a bare king (its counting rules are not part of this module).
bool has_insufficient_material(const Position& pos, Color c);
// Neither side can mate: K v K, K+N v K, K+B(s) v K+B(s) with every bishop on one colour.
bool is_insufficient_material(const Position& pos);

// How often the current position occurred in the game so far, this time included.
// Positions are compared by Zobrist key within the plies since the last capture or pawn
// move (rule50), looking no further back than the state stack and stopping at a null move
// (unless across_null_moves: chess.js counts positions on both sides of a null move).
// Position identity is FIDE's: same pieces, side to move, castling rights and en passant
// *legally* possible. The Polyglot key hashes the ep file when an ep capture is possible
// pseudo-legally, so a position right after a double push whose ep capture is illegal
// (pinned pawn) is matched against later positions by its key without the ep file, after
// checking on the current board that the ep capture would indeed be illegal.
int repetition_count(const Position& pos, bool across_null_moves = false);
bool is_fivefold_repetition(const Position& pos);  // repetition_count >= 5
// The plies without a capture or pawn move after which a draw can be claimed (the fifty-move
// rule) and after which the game is drawn (seventy-five moves). The TypeScript side has the
// first as FIFTY_MOVE_PLIES (cpp/wasm/bindings.cpp).
constexpr int FIFTY_MOVE_PLIES = 100;
constexpr int SEVENTYFIVE_MOVE_PLIES = 150;
bool is_seventyfive_moves(const Position& pos);   // rule50 >= 150 (a mate still wins, see outcome)
bool can_claim_fifty_moves(const Position& pos);  // rule50 >= 100 (a mate too)
// The current position occurred at least 3 times.
bool can_claim_threefold_repetition(const Position& pos);
// FIDE 9.2.1.1: a legal move of the side to move would reach a position that then occurred
// at least 3 times. Plays each non-capture, non-pawn move on pos and takes it back.
bool can_claim_threefold_repetition_by_move(Position& pos);
// can_claim_fifty_moves or can_claim_threefold_repetition (the current position only).
bool can_claim_draw(const Position& pos);

// The outcome, in python-chess's order: checkmate, insufficient material, stalemate,
// seventy-five moves, fivefold repetition, then (only when claim_draw) fifty moves and
// threefold repetition of the current position. Termination::NONE while the game goes on.
// Makruk (as Fairy-Stockfish): checkmate wins; stalemate, bare kings, a count past its
// limit and a threefold repetition draw automatically; there is no fifty-move rule.
// Lichess variants (python-chess's order): the variant's own ending first (VARIANT_WIN /
// VARIANT_LOSS from the side to move, VARIANT_DRAW), then as chess; crazyhouse has no
// fifty- or seventy-five-move rule. Antichess: a side without moves or pieces wins.
Outcome outcome(const Position& pos, bool claim_draw = false);

}  // namespace cw
