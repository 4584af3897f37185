// chesswasm — puzzle lines: validating a move line from a FEN (UCI or SAN, first bad ply
// with a typed reason), and the checks of a lichess puzzle file (a `mateInN` theme ends in
// checkmate after N solver moves; how many mating moves the last solver ply offers).
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string_view>

#include "movegen.h"
#include "position.h"

namespace cw {

// Why a line was refused. Codes are stable: the TS layer exposes them by name (lower case).
enum class LineStatus : uint8_t {
  OK = 0,
  SYNTAX,     // a token is no move in the notation (e.g. "e9e4", "Nxx", "0000")
  ILLEGAL,    // well-formed, but not legal in the position reached
  AMBIGUOUS,  // SAN that matches more than one legal move
  FEN,        // the FEN was refused (LineResult::fen_error says why)
};
const char* line_status_name(LineStatus s);  // "AMBIGUOUS"

// How the tokens of a line are read. AUTO: a token shaped like UCI ([a-h][1-8][a-h][1-8]
// plus an optional promotion letter) is UCI, anything else tolerant SAN (Position::parse_san).
enum class Notation : uint8_t { AUTO = 0, UCI = 1, SAN = 2 };

// Lines longer than this are refused (SYNTAX at ply MAX_LINE_PLIES).
constexpr int MAX_LINE_PLIES = 1024;

struct LineResult {
  LineStatus status = LineStatus::OK;
  // OK: the number of moves played. Otherwise the 0-based index of the first bad move
  // (0 for FEN).
  int ply = 0;
  FenError fen_error = FenError::OK;
};

// Plays a space-separated line (any ASCII white space separates tokens) on pos from its
// current position. On OK pos is the final position; on a bad move pos is the position
// before it (the good moves stay played). The moves played are written to moves[0..) when
// moves is given, at most capacity of them.
LineResult play_line(Position& pos, std::string_view line, Notation notation = Notation::AUTO,
                     Move* moves = nullptr, int capacity = 0);
// Sets pos from fen under variant, with Chess960 castling when chess960 (FEN status: pos
// unchanged), and plays the line on it.
LineResult play_line(Position& pos, std::string_view fen, Variant variant, std::string_view line,
                     Notation notation = Notation::AUTO, Move* moves = nullptr, int capacity = 0,
                     bool chess960 = false);

// The number of legal moves of the side to move that give checkmate (pos is left as it was).
int count_mating_moves(Position& pos);

// The result of checking one puzzle. Codes are stable (the TS layer and the CLI use names).
enum class PuzzleStatus : uint8_t {
  OK = 0,
  SYNTAX,  // the line: same meaning as LineStatus (ply: the bad move)
  ILLEGAL,
  AMBIGUOUS,
  FEN,
  NO_MOVES,     // the line has no solver move
  NOT_MATE,     // a mateInN theme, but the line does not end in checkmate
  MATE_LENGTH,  // a mateInN theme; the line ends in checkmate, but not after N solver moves
  ROW,          // a CSV row with fewer than the 10 lichess fields (e.g. a truncated file)
};
const char* puzzle_status_name(PuzzleStatus s);  // "MATE_LENGTH"

struct PuzzleReport {
  PuzzleStatus status = PuzzleStatus::OK;
  int ply = 0;  // line errors: index of the first bad move in the line (setup move = 0)
  FenError fen_error = FenError::OK;
  int plies = 0;         // moves in the line (played: up to the bad one on a line error)
  int solver_moves = 0;  // moves of the solver among them
  int mate_in = 0;       // N of the mateInN theme, 0 when there is none
  bool mate = false;     // the line ends in checkmate
  // Legal moves that give checkmate at the last solver ply (any of them solves a mate
  // puzzle); -1 when the line has no solver move.
  int mating_moves = -1;
};

// Checks a puzzle: the FEN, every move of the line, and for mate_in > 0 that the line ends in
// checkmate after mate_in solver moves. setup_first: the lichess format (the first move is
// the opponent's, the solver plays moves 1, 3, 5, ...); else the solver plays 0, 2, 4, ...
// pos is scratch space (set from fen).
PuzzleReport check_puzzle(Position& pos, std::string_view fen, std::string_view moves, int mate_in,
                          bool setup_first = true, Variant variant = CHESS);

// N of the first `mateInN` word of a lichess Themes field ("mate mateIn2 short" -> 2), else 0.
int mate_in_theme(std::string_view themes);

// Fields of a lichess puzzle CSV row:
// PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags
constexpr int PUZZLE_CSV_FIELDS = 10;
// Splits a CSV row (a trailing "\r" is ignored; double-quoted fields may hold commas, with
// "" for a quote, and are returned without their outer quotes but with "" left as is).
// Writes at most max fields; returns the number of fields in the row.
int split_csv_row(std::string_view row, std::string_view* fields, int max);
// check_puzzle on a lichess CSV row (ROW when it has fewer than 10 fields).
PuzzleReport check_puzzle_row(Position& pos, std::string_view row);

}  // namespace cw
