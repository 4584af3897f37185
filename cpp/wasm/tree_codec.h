// chesswasm — the game-tree wire format: a cw::PgnGame as two flat buffers, so that a whole
// game crosses the wasm boundary in one piece (web/src/games/tree-codec.ts reads and writes the
// same layout). No JS here: bindings.cpp exposes the buffers, tests/cpp/test_tree_codec.cpp tests
// the format natively.
//
// One layout, both ways (PGN read going to JS, a JS tree coming to the core's PGN writer).
// Words (int32), in this order:
//   [0] the number of words; [1] the number of bytes, with NON_ASCII set when some string of
//   the game is not pure ASCII (both filled by encode_game, not read by decode_game);
//   variant (with TREE_CHESS960 set for PgnGame::chess960), tag count, then per tag: name length,
//   value length; root FEN length, result length, node count, then per node (nodes[0] is the
//   root; a node's parent comes before it, and the children of a node appear in their order):
//   parent, move, the SAN as two words packed as san_keys.h packs it, or -1, -1 and then its
//   length as a string's (a SAN that does not pack: too long, or written by the TS side, which
//   never packs), comments-before count, their lengths, comments-after count, their lengths,
//   NAG count, the NAGs.
// No UCI crosses: the TS side derives it from the move and the variant, the PGN writer needs
// none. A string length has bit 30 (NON_ASCII) set when the string is not pure ASCII (the TS
// side then decodes it on its own as UTF-8). The bytes are the strings in the same order: tag
// names and values, root FEN, result, then per node its SAN when not packed, comments before,
// comments after.
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

// Encodes a game into out (replaced; its storage is reused). Packing the SANs keeps a game read
// from PGN small on its way to JS, the hot path of PGN reading.
void encode_game(const PgnGame& game, TreeBuffers& out);

// Decodes nwords words and nbytes bytes laid out as above (words[0..1] are not read) into game
// (replaced; the nodes' `uci` left empty). False, with game unspecified, when they are no
// well-formed tree: a count or length past the end, an unknown variant, a node whose parent
// does not come before it, no root. Never reads outside the buffers.
bool decode_game(const int32_t* words, size_t nwords, const char* bytes, size_t nbytes, PgnGame& game);

}  // namespace cw::wasm
