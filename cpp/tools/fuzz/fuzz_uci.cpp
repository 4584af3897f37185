// chesswasm fuzzing — UCI move parsing in random legal positions. Input: one byte choosing
// a seed position (any variant; from cwfuzz::DENSE_FROM up a crowded position, chosen with
// the next byte), one byte for the number of random plies played from it
// (byte % 24) and their choice, then the UCI text.
// parse_uci returns MOVE_NONE or a legal move whose UCI text names it again, and leaves the
// position unchanged; every legal move's UCI text parses back to that move.
// SPDX-License-Identifier: MIT
#include <string>

#include "fuzz_common.h"
#include "notation.h"

using namespace cw;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cwfuzz::Bytes in{data, size};
  const uint8_t seed = in.next(), plies = in.next();
  Position pos;
  cwfuzz::seed_position(pos, seed, plies % 24, plies);
  const std::string fen = pos.fen();
  const Key key = pos.key();
  const std::string_view text = in.rest();

  const Move m = parse_uci(pos, text);
  CWFUZZ_CHECK(pos.fen() == fen && pos.key() == key, fen);
  if (m != MOVE_NONE) {
    CWFUZZ_CHECK(is_legal(pos, m), fen + " '" + std::string(text) + "'");
    const std::string uci = move_to_uci(pos, m);
    CWFUZZ_CHECK(parse_uci(pos, uci) == m, fen + " '" + std::string(text) + "' -> " + uci);
  }
  MoveList list;
  generate_legal(pos, list);
  for (Move lm : list) {
    const std::string uci = move_to_uci(pos, lm);
    CWFUZZ_CHECK(uci.size() == 4 || uci.size() == 5, fen + " " + uci);
    CWFUZZ_CHECK(parse_uci(pos, uci) == lm, fen + " " + uci);
  }
  return 0;
}
