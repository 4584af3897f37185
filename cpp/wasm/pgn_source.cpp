// chesswasm — a PGN text being read, one game at a time (pgn_source.h).
// SPDX-License-Identifier: MIT
#include "pgn_source.h"

#include "arguments.h"

namespace cw::wasm {

PgnSource::PgnSource(int len) {
  const size_t n = size_t(len > 0 ? len : 0);
  text_.reserve(room_for(n));
  text_.assign(n, '\0');
}

void PgnSource::resize(int len) {
  const size_t n = size_t(len > 0 ? len : 0);
  if (n > text_.capacity()) text_.reserve(room_for(n));
  text_.resize(n, '\0');
}

void PgnSource::start() {
  reader_ = PgnReader(text_);
  reader_.fill_uci(false);
}

PgnStatus PgnSource::next() {
  const PgnStatus st = reader_.read_game(game_, error_);
  if (st == PgnStatus::GAME || st == PgnStatus::PARTIAL) encode_game(game_, tree_);
  return st;
}

}  // namespace cw::wasm
