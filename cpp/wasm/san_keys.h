// chesswasm — the legal moves of a position with their SAN packed as numbers, so that a whole
// list of SAN crosses the wasm boundary in one call without a string per move: the TS layer
// (web/src/core/position.ts, legalSan) keeps one string per distinct packed SAN. No JS here:
// bindings.cpp exposes it, tests/cpp/test_san_keys.cpp tests it natively.
//
// A packed SAN is two int32 words: up to SAN_KEY_CHARS ASCII characters, 7 bits each, the
// first 4 in the first word (the first character lowest) and the rest in the second; both
// words are -1 for a SAN that does not fit (the TS layer then asks for its text).
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string_view>

#include "handle.h"

namespace cw::wasm {

constexpr int SAN_KEY_CHARS = 7;

// Packs SAN text into out[0], out[1].
void pack_san(std::string_view san, int32_t out[2]);

// Writes the legal moves of h into moves (at most MAX_MOVES) and the packed SAN of each into
// keys (two words per move); returns their number. h is left as it was.
int legal_moves_san(Handle& h, Move* moves, int32_t* keys);

}  // namespace cw::wasm
