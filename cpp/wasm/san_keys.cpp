// chesswasm — packed SAN of the legal moves: see san_keys.h.
// SPDX-License-Identifier: MIT
#include "san_keys.h"

#include <cstring>
#include <string>

#include "notation.h"

namespace cw::wasm {

void pack_san(std::string_view san, int32_t out[2]) {
  out[0] = out[1] = 0;
  for (size_t j = 0; j < san.size(); ++j) {
    // A NUL would end the text when unpacked, a byte >= 128 does not fit in 7 bits: spelled out.
    if (j >= size_t(SAN_KEY_CHARS) || uint8_t(san[j]) >= 128 || san[j] == '\0') {
      out[0] = out[1] = -1;
      return;
    }
    out[j / 4] |= int32_t(san[j]) << (7 * (j % 4));
  }
}

int legal_moves_san(Handle& h, Move* moves, int32_t* keys) {
  const MoveList legal = h.legal_moves().list();  // a copy: move_to_san plays on the position
  std::memcpy(moves, legal.moves, size_t(legal.count) * sizeof(Move));
  h.restoring([&](Position& pos) {
    for (int i = 0; i < legal.count; ++i) pack_san(move_to_san(pos, legal.moves[i], legal), keys + 2 * i);
  });
  return legal.count;
}

}  // namespace cw::wasm
