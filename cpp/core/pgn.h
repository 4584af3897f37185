// chesswasm — PGN: reading games (tags, movetext with comments, NAGs and variations) into
// a move tree, one game at a time from a text buffer, and writing them in export format.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "position.h"

namespace cw {

// One move of the tree. nodes[0] of a PgnGame is the root: no move, no SAN; its
// comments_after hold the game comment (text before the first move).
struct PgnNode {
  Move move = MOVE_NONE;                     // MOVE_NONE (0) for a null move, as for the root
  int parent = -1;                           // index in PgnGame::nodes, -1 for the root
  std::vector<int> children;                 // children[0] continues the line, the rest are variations
  std::string san;                           // canonical SAN (move_to_san), "--" for a null move
  std::string uci;                           // move_to_uci, "0000" for a null move
  std::vector<std::string> comments_before;  // comments written before the move
  std::vector<std::string> comments_after;   // comments after the move (and its NAGs)
  std::vector<uint8_t> nags;                 // $n in order; glyphs ! ? !! ?? !? ?! become 1..6
  uint16_t leniency = 0;                     // SanLeniency bits the move's text needed
};

struct PgnGame {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order, unescaped
  Variant variant = CHESS;
  // Chess960 castling in a rule set that has no 960 name (atomic, crazyhouse, ...): set when
  // the FEN tag's castling rights make sense only with it (CHESS960 games keep it false).
  bool chess960 = false;
  std::string root_fen;        // FEN of the root (the FEN tag, else the start position)
  std::string result = "*";    // the termination marker ("*" when the movetext lacks one)
  std::vector<PgnNode> nodes;  // nodes[0] is the root
  int first_line = 1;          // line of the game's first token in the text

  // The value of a tag, or nullptr.
  const std::string* tag(std::string_view name) const;
  // Sets a tag (replacing the value in place if present, else appending it).
  void set_tag(std::string_view name, std::string_view value);
  // The main line: indices of nodes[0].children[0], its children[0], ...
  std::vector<int> mainline() const;
};

// Bounds that keep hostile input cheap to refuse.
struct PgnLimits {
  int max_nodes = 100000;            // moves in one game, variations included
  int max_variation_depth = 128;     // nesting of ( )
  int max_tags = 1000;               // the Result tag included, which every game read gets
  size_t max_token_bytes = 1 << 20;  // one comment, tag value or token
  size_t max_line_bytes = 2 << 20;   // one line of movetext (a token may not end it)
  size_t max_game_bytes = 8 << 20;   // one game, tags and movetext
};

// Why a game was refused. Codes are stable: the TS layer exposes them by name (PgnError's
// `reason`), through the embind registration, which takes the names from pgn_error_name.
enum class PgnErrorCode : uint8_t {
  NONE = 0,
  TAG_NAME,                // '[' not followed by a tag name
  TAG_VALUE_QUOTES,        // a tag value not in double quotes
  TAG_VALUE_UNTERMINATED,  // a tag value that the line ends
  TAG_VALUE_TOO_LONG,      // limit: PgnLimits::max_token_bytes
  TAG_NOT_CLOSED,          // no ']' after a tag value
  TOO_MANY_TAGS,           // limit: PgnLimits::max_tags
  UNSUPPORTED_VARIANT,     // detail: the Variant tag's value
  BAD_FEN_TAG,             // fen_error: why the FEN tag was refused; detail: the tag's value
  GAME_TOO_LONG,           // limit: PgnLimits::max_game_bytes
  LINE_TOO_LONG,           // limit: PgnLimits::max_line_bytes
  COMMENT_UNTERMINATED,    // '{' without '}'
  COMMENT_TOO_LONG,        // limit: PgnLimits::max_token_bytes
  VARIATION_WITHOUT_MOVE,  // '(' before any move of the line
  VARIATION_TOO_DEEP,      // limit: PgnLimits::max_variation_depth
  VARIATION_UNOPENED,      // ')' without '('
  VARIATION_UNCLOSED,      // '(' without ')'
  NAG_RANGE,               // '$' and a number above 255
  NAG_NUMBER,              // '$' without a number
  UNEXPECTED_TAG,          // '[' in movetext, not at the start of a line
  RESULT_IN_VARIATION,     // a game result inside ( )
  UNEXPECTED_CHARACTER,    // detail: the character
  NOT_A_MOVE,              // a token that is no move (SanStatus::SYNTAX); detail: the token
  ILLEGAL_MOVE,            // SanStatus::ILLEGAL; detail: the move as written
  AMBIGUOUS_MOVE,          // SanStatus::AMBIGUOUS; detail: the move as written
  TOO_MANY_MOVES,          // limit: PgnLimits::max_nodes
  NULL_MOVE_IN_CHECK,      // a null move ("--", "Z0") while in check
  SETUP_WITHOUT_FEN,       // (FenTagRule::WITH_SETUP) [SetUp "1"] without a FEN tag
  REFUSED_TOLERANCE,       // a main-line move written with a SanLeniency the reader refuses
                           // (PgnReader::refuse_tolerances); detail: the move as written
};

// Which tag gives a game's root position (PgnReader::set_fen_tag_rule).
enum class FenTagRule : uint8_t {
  FEN_TAG = 0,  // the tag named FEN, when there is one (the default)
  ANY_CASE,     // the last tag named FEN in any letter case (`fen`, `Fen`), when there is one
  WITH_SETUP,   // the FEN tag only with [SetUp "1"] (the standard's rule); [SetUp "1"]
                // without a FEN tag is SETUP_WITHOUT_FEN; a FEN tag without it is ignored
};
const char* pgn_error_name(PgnErrorCode c);  // "ILLEGAL_MOVE"; "UNKNOWN" past the last code

struct PgnError {
  int line = 0;    // 1-based line of the offending token
  int column = 0;  // 1-based column (in bytes; a leading BOM is not counted)
  PgnErrorCode code = PgnErrorCode::NONE;
  std::string detail;                 // the offending text (see PgnErrorCode), else empty
  long limit = 0;                     // the limit exceeded (see PgnErrorCode), else 0
  FenError fen_error = FenError::OK;  // BAD_FEN_TAG: why
  std::string message;                // a sentence for people: pgn_error_message of the above
};
// The sentence for an error ("illegal move \"Ke3\""), from its code and data: the one table
// of PGN messages.
std::string pgn_error_message(const PgnError& e);

enum class PgnStatus : uint8_t {
  GAME = 0,  // a game was read
  END,       // no game left: only white space, comments or escape lines remained
  ERROR,     // the game is malformed; the reader has moved on to the next game's start
  PARTIAL,   // (with keep_partial_games) a game read up to a malformed or illegal move: the
             // game holds its tags and the moves before it, `error` says what was wrong;
             // the reader has moved on to the next game's start
};

// Reads the games of a text one at a time; the text must outlive the reader.
//
// What it reads beyond the PGN standard (the tolerant reader): every tag section starts a
// game; one blank line between two tag pairs continues the section (ChessBase writes one
// after the Event tag), while two or more blank lines, or one before a tag name the section
// already has, end it (so two header-only games stay two games); a game also ends where a
// new tag section begins at the start of a line, and at a blank line after a main-line move
// (outside variations), with or without a result marker before it; tag names are PGN symbols (a letter or
// digit, then letters, digits and `_+#=:-`, as in `[BlackType: "program"]`); castling with zeros (`0-0-0`)
// and any Unicode dash in castling and results (`0–0–0`, `O—O`, `1—0`), `½-½` and `1/2` for a draw; SAN with
// the tolerances of parse_san. The writer always writes the standard form.
//
// The result: PgnGame::result and the Result tag always agree. The movetext's marker wins
// unless it is missing or `*`, in which case a Result tag with a result decides; the Result
// tag is then set to that result (added when the game has none).
class PgnReader {
 public:
  explicit PgnReader(std::string_view text, PgnLimits limits = {});
  // Reads the next game into game (replaced). On ERROR (or PARTIAL), fills error and skips
  // the rest of the game: its movetext is read on as tokens (comments and variations
  // respected) to its result marker or to the next tag section at the start of a line; an
  // error in a tag section skips that section first. The following call reads the next game.
  PgnStatus read_game(PgnGame& game, PgnError& error);
  // Whether a game with a malformed or illegal move is returned up to the move before it
  // (PARTIAL, like python-chess) instead of only an ERROR. Errors in the tag section, the
  // FEN or Variant tag stay errors. Off by default.
  void keep_partial_games(bool on) { partial_ = on; }
  // Which tag gives the root position (FenTagRule::FEN_TAG by default).
  void set_fen_tag_rule(FenTagRule rule) { fen_rule_ = rule; }
  // Whether castling rights and an en passant square that the root FEN's board contradicts
  // are dropped (drop_contradicted_fields) instead of refusing the tag. Off by default.
  void drop_contradicted_fen_fields(bool on) { drop_contradicted_ = on; }
  // Whether the root FEN may be any board of standard chess that chess.js plays (Setup::build
  // with TOLERATE_ANY_BOARD: 17 pieces of a side, the side not to move in check, ...). Off
  // by default (the strict rules); the chess.js facade turns it on.
  void allow_any_board(bool on) { any_board_ = on; }
  // SanLeniency bits that a main-line move's text may not need (REFUSED_TOLERANCE); moves
  // of variations are read tolerantly still. 0 (none refused) by default.
  void refuse_tolerances(uint16_t leniency_bits) { refused_ = leniency_bits; }
  // Whether a `{...}` comment keeps the white space around its text (chess.js keeps it);
  // trimmed by default.
  void keep_comment_space(bool on) { raw_braces_ = on; }
  // Whether each node's `uci` is filled (move_to_uci, "0000" for a null move). On by
  // default; a reader whose games leave by a layout without UCI text (the wasm tree codec's
  // compact layout) turns it off and saves a string per move.
  void fill_uci(bool on) { fill_uci_ = on; }
  // Byte offset of the next unread character, and its line.
  size_t offset() const { return pos_; }
  int line() const { return line_; }

 private:
  struct Movetext;  // the state of the movetext being read (pgn.cpp)
  bool at_end() const { return pos_ >= text_.size(); }
  char peek(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  void advance();                  // one byte, tracking lines
  void advance_to(size_t offset);  // to an offset ahead, tracking lines
  int column() const { return int(pos_ - line_start_) + 1; }
  bool at_line_start() const;
  void skip_line();
  void skip_space_and_escapes();
  void skip_to_next_game();            // after an error that lost the token structure
  void skip_tag_section();             // after an error in a tag section
  void skip_rest_of_game(bool moved);  // after an error in movetext (moved: some of it was read;
                                       // a blank line at depth 0 then ends the game)
  static void clear_node(PgnNode& n);
  PgnNode& new_node(std::vector<PgnNode>& nodes);  // the next node of the game, cleared
  void trim_nodes(PgnGame& game);                  // the nodes beyond the game's to the spares
  bool read_tags(PgnGame& game, PgnError& error);
  std::string_view next_tag_name() const;  // the name of the tag pair at pos_ ('[')
  // The movetext, in steps (pgn.cpp): each reads one item at pos_ and returns false with error
  // filled when it fails; l and col are where the item starts.
  bool read_movetext(PgnGame& game, PgnError& error);
  bool set_up_root(PgnGame& game, PgnError& error);  // the Variant and FEN tags -> board_
  const std::string* root_fen_tag(const PgnGame& game, PgnError& error, bool& ok);  // by fen_rule_
  bool skip_movetext_space();  // white space; whether it held a blank line
  bool within_movetext_limits(PgnError& error, int l, int col);
  bool read_brace_comment(Movetext& m, PgnError& error, int l, int col);
  bool read_line_comment(Movetext& m, PgnError& error, int l, int col);
  bool open_variation(Movetext& m, PgnError& error, int l, int col);
  bool close_variation(Movetext& m, PgnError& error, int l, int col);
  bool read_nag(Movetext& m, PgnError& error, int l, int col);
  std::string_view next_token(std::string& dash_buf);                  // up to a delimiter, dashes made plain
  bool read_token_item(Movetext& m, PgnError& error, int l, int col);  // a result, number, glyphs, move
  bool play_move(Movetext& m, std::string_view tok, int nag, PgnError& error, int l, int col);
  bool finish_movetext(Movetext& m, PgnError& error);  // variations closed, last comments placed
  bool fail(PgnError& error, int line, int column, PgnErrorCode code, std::string_view detail = {},
            long limit = 0, FenError fen_error = FenError::OK);

  std::string_view text_;
  PgnLimits limits_;
  size_t pos_ = 0;
  size_t line_start_ = 0;
  size_t game_start_ = 0;  // offset of the game being read (for max_game_bytes)
  int line_ = 1;
  bool partial_ = false;
  FenTagRule fen_rule_ = FenTagRule::FEN_TAG;
  bool drop_contradicted_ = false;
  bool any_board_ = false;
  uint16_t refused_ = 0;
  bool raw_braces_ = false;
  bool fill_uci_ = true;
  bool in_movetext_ = false;          // set once the root position is set up (a PARTIAL game exists)
  size_t movetext_start_ = 0;         // offset where the movetext of the game being read starts
  bool lost_sync_ = false;            // an unterminated comment: skip_to_next_game, not the token walk
  std::vector<PgnNode> spare_nodes_;  // nodes of earlier games, their buffers kept for reuse
  Position board_;                    // the position of the game being read
  size_t used_nodes_ = 1;             // nodes of the game being read (the rest are reused)
};

// Whether the reader takes a name as a tag name: a PGN symbol (a letter or digit, then letters,
// digits and `_+#=:-`).
bool is_pgn_tag_name(std::string_view name);
// Whether a text is a result the reader takes as a termination marker ("1-0", "0-1",
// "1/2-1/2", "1/2", "*"; Unicode dashes not made plain).
bool is_pgn_result(std::string_view s);

// Reads the first game of text. GAME, END (no game) or ERROR.
PgnStatus read_pgn(std::string_view text, PgnGame& game, PgnError& error);

// The game in PGN export format: the Seven Tag Roster first, in its order (missing ones
// written as "?", "????.??.??" and the result), then the other tags in game order (with
// Variant, SetUp and FEN added when the root needs them); movetext wrapped at 80 columns
// (a comment longer than a line is not split), move numbers after comments and variations
// (`3... Nf6`), NAGs as `$n`, comments as `{ text }` (as `; text` when the text contains
// '}'), and the result last. read(write(game)) gives back the same tree, comments and NAGs.
std::string write_pgn(const PgnGame& game);

// How write_pgn lays a game out.
enum class PgnStyle : uint8_t {
  EXPORT,    // the PGN export format, as above
  CHESS_JS,  // chess.js 1.x's pgn() (the chesswasm/chessjs facade), see below
};

// The layout of write_pgn. EXPORT wraps at max_width columns when wrap is set.
//
// CHESS_JS writes what chess.js's pgn() writes for the same game: the tags in the game's
// order with their values as they are (none added, none escaped; a tag with an empty value
// left out), then `newline` and a blank line when the game has tags and moves; the main line
// only (chess.js has no variations), comments as `{text}` (as they are), a move number before
// each white move only (`1. e4 {x} e5`; a first move by black as `17. ... Kd7`), NAGs as `$n`,
// the result as it is ("*" when empty). Movetext is cut into chess.js's units: a white move
// with the black reply and the comments after them (`12. Nf3 {a} Nc6 {b}`). Without wrap the
// units are joined by spaces. With wrap, a unit that would pass max_width starts a new line;
// one that holds a comment is instead cut at its spaces (runs of spaces are lost) and its
// pieces placed one by one, the first without a space before it (as chess.js does). Widths are
// counted in UTF-16 code units, as JavaScript's string length counts them.
struct PgnLayout {
  PgnStyle style = PgnStyle::EXPORT;
  bool wrap = true;
  int max_width = 80;
  std::string newline = "\n";
};
std::string write_pgn(const PgnGame& game, const PgnLayout& layout);

}  // namespace cw
