// chesswasm — a tiny embind module that proves the core runs as wasm: perft and FEN
// validation only. The real boundary is cpp/wasm/bindings.cpp.
// SPDX-License-Identifier: MIT
#include <emscripten/bind.h>

#include <string>

#include "perft.h"
#include "position.h"

namespace {

// FenError code of a FEN (0 = valid).
int fen_error(const std::string& fen) {
  cw::Position pos;
  return int(pos.set_fen(fen, cw::CHESS));
}

// Perft count of a standard-chess FEN as a double (exact below 2^53); -1 for an invalid FEN.
double perft(const std::string& fen, int depth) {
  cw::Position pos;
  if (pos.set_fen(fen, cw::CHESS) != cw::FenError::OK || depth < 0) return -1;
  return double(cw::perft(pos, depth, true));
}

}  // namespace

EMSCRIPTEN_BINDINGS(chesswasm_smoke) {
  emscripten::function("perft", &perft);
  emscripten::function("fenError", &fen_error);
}
