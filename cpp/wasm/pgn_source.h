// chesswasm — a PGN text being read, one game at a time: the text (owned; JS writes it in
// place), the core's reader going through it, and the last game read, encoded in tree
// buffers (tree_codec.h) for JS to decode. No JS here: bindings.cpp registers it (the class
// PgnSource), tests/cpp/test_pgn_source.cpp tests it natively.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "pgn.h"
#include "tree_codec.h"

namespace cw::wasm {

class PgnSource {
 public:
  // A text of len bytes (0 for a negative len), all NUL until written.
  explicit PgnSource(int len);

  // The text's bytes, for JS to write into (valid until resize()).
  char* text() { return text_.data(); }
  size_t size() const { return text_.size(); }
  // Sets the text's length in bytes, its start kept (JS encoding a text in steps).
  void resize(int len);

  // Starts reading the text from its beginning. The tree layout (tree_codec.h) carries no
  // UCI text: the reader makes none.
  void start();
  // The reader's options (pgn.h): games with a bad move come back up to the move before it
  // (next(): PARTIAL); which tag gives the root position; whether contradicted FEN fields are
  // dropped; the SAN tolerances refused; whether comments keep their spacing; whether a FEN tag
  // may give any board chess.js plays (the facade's permissive mode).
  void keep_partial(bool on) { reader_.keep_partial_games(on); }
  void fen_tag_rule(FenTagRule rule) { reader_.set_fen_tag_rule(rule); }
  void drop_contradicted(bool on) { reader_.drop_contradicted_fen_fields(on); }
  void refuse_tolerances(int leniency_bits) { reader_.refuse_tolerances(uint16_t(leniency_bits)); }
  void keep_comment_space(bool on) { reader_.keep_comment_space(on); }
  void allow_any_board(bool on) { reader_.allow_any_board(on); }

  // Reads the next game: GAME (tree() holds it), END, ERROR (see error()), or PARTIAL (tree()
  // holds the game up to the error, see error()); after an error the reader has moved on to
  // the next game.
  PgnStatus next();
  int offset() const { return int(reader_.offset()); }  // byte offset of the next unread character
  int line() const { return reader_.line(); }           // and its line
  int game_line() const { return game_.first_line; }    // the line of the last game's first token
  const PgnError& error() const { return error_; }
  TreeBuffers& tree() { return tree_; }

 private:
  std::string text_;
  PgnReader reader_{std::string_view()};
  PgnGame game_;
  PgnError error_;
  TreeBuffers tree_;
};

}  // namespace cw::wasm
