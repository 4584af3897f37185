// chesswasm fuzzing — the game-tree wire format (cpp/wasm/tree_codec.h) over arbitrary bytes:
// what `Game.pgn()` hands the module. Input: one byte that says where the words end, the
// words (int32), then the string bytes. decode_game never reads outside the buffers nor
// allocates by an unchecked count; a tree it accepts is well formed (every node after its
// parent, children listed by their parent), writes as PGN, and encodes back to buffers that
// decode to the same tree.
// SPDX-License-Identifier: MIT
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_common.h"
#include "pgn.h"
#include "tree_codec.h"

using namespace cw;
using namespace cw::wasm;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const size_t rest = size - 1;
  const size_t nwords = (rest * data[0] / 255) / 4;
  std::vector<int32_t> words(nwords);
  if (nwords) std::memcpy(words.data(), data + 1, nwords * 4);
  const std::string bytes(reinterpret_cast<const char*>(data) + 1 + nwords * 4, rest - nwords * 4);

  PgnGame g;
  if (!decode_game(words.data(), words.size(), bytes.data(), bytes.size(), g)) return 0;
  CWFUZZ_CHECK(!g.nodes.empty() && g.nodes[0].parent == -1, "");
  for (size_t i = 1; i < g.nodes.size(); ++i)
    CWFUZZ_CHECK(g.nodes[i].parent >= 0 && size_t(g.nodes[i].parent) < i, std::to_string(i));
  for (size_t i = 0; i < g.nodes.size(); ++i)
    for (int c : g.nodes[i].children) CWFUZZ_CHECK(size_t(g.nodes[c].parent) == i, std::to_string(c));
  const std::string text = write_pgn(g);
  CWFUZZ_CHECK(!text.empty(), "");

  TreeBuffers again;
  encode_game(g, again);
  PgnGame back;
  CWFUZZ_CHECK(
      decode_game(again.words.data(), again.words.size(), again.bytes.data(), again.bytes.size(), back), "");
  CWFUZZ_CHECK(write_pgn(back) == text, text);
  return 0;
}
