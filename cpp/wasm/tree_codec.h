// chesswasm — the game-tree wire format: a cw::PgnGame as two flat buffers, so that a whole
// game crosses the wasm boundary in one piece (web/src/games/tree-codec.ts reads and writes the
// same layout). No JS here: bindings.cpp exposes the buffers, tests/cpp/test_tree_codec.cpp tests
// the format natively.
//
// Words (int32), in this order:
//   [0] the number of words, [1] the number of bytes (both filled by encode_game; ignored by
//   decode_game);
//   variant (with TREE_CHESS960 set for PgnGame::chess960), tag count, then per tag: name length, value
//   length; root FEN length, result length, node count, then per node (nodes[0] is the root; a node's parent
//   comes before it, and the children of a node appear in their order): parent, move, SAN length, UCI length,
//   comments-before count, their lengths, comments-after count, their lengths, NAG count, the NAGs.
// A string length has bit 30 (NON_ASCII) set when the string is not pure ASCII (the TS side
// then decodes it on its own as UTF-8). The bytes are the strings in the same order: tag
// names and values, root FEN, result, then per node SAN, UCI, comments before, comments after.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pgn.h"

namespace cw::wasm {

// Flag of a string length: the string has a byte >= 128.
constexpr int32_t NON_ASCII = 1 << 30;
// Flag of the variant word: the game has Chess960 castling in a rule set without a 960 name.
constexpr int32_t TREE_CHESS960 = 1 << 8;
// Words before the variant: the word count and the byte count.
constexpr int TREE_HEADER_WORDS = 2;

// The encoding of one game.
struct TreeBuffers {
  std::vector<int32_t> words;
  std::string bytes;
};

// Encodes a game into out (replaced; its storage is reused).
void encode_game(const PgnGame& game, TreeBuffers& out);

// The compact layout, for a game read going to JS (PgnSource::next, the hot path of PGN
// reading): as above except that per node the SAN is two words, packed as san_keys.h packs
// it (or -1, -1 when it does not fit, then its length as a string whose bytes follow in
// order), and there is no UCI (the TS side derives it from the move and the variant); and
// words[1] has NON_ASCII set when some string of the game is not pure ASCII (the TS side
// then decodes string by string, else all the bytes at once). Measured: with the full
// layout the PGN rows of `npm run bench` read about half as many games per second.
void encode_game_compact(const PgnGame& game, TreeBuffers& out);

// Decodes nwords words and nbytes bytes laid out as encode_game writes them (words[0..1] are
// not read) into game (replaced). False, with game unspecified, when they are no well-formed
// tree: a count or length past the end, an unknown variant, a node whose parent does not come
// before it, no root. Never reads outside the buffers.
bool decode_game(const int32_t* words, size_t nwords, const char* bytes, size_t nbytes, PgnGame& game);

// The same for the compact layout (the SAN unpacked, the UCI left empty): the native tests'
// view of what the TS side reads.
bool decode_game_compact(const int32_t* words, size_t nwords, const char* bytes, size_t nbytes,
                         PgnGame& game);

}  // namespace cw::wasm
