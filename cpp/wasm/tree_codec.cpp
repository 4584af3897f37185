// chesswasm — the game-tree wire format: see tree_codec.h.
// SPDX-License-Identifier: MIT
#include "tree_codec.h"

#include <string_view>

#include "san_keys.h"

namespace cw::wasm {

namespace {

// Words a node takes at least: parent, move, the SAN's two words, and the three counts.
constexpr size_t MIN_NODE_WORDS = 7;

// Returns whether s is not pure ASCII.
bool put_string(TreeBuffers& out, std::string_view s) {
  unsigned char high = 0;
  for (unsigned char c : s) high |= c;
  out.words.push_back(int32_t(s.size()) | (high < 128 ? 0 : NON_ASCII));
  out.bytes += s;
  return high >= 128;
}

bool put_strings(TreeBuffers& out, const std::vector<std::string>& v) {
  out.words.push_back(int32_t(v.size()));
  bool non_ascii = false;
  for (const std::string& s : v) non_ascii |= put_string(out, s);
  return non_ascii;
}

// Reads the buffers front to back; every read past the end sets ok to false.
struct Reader {
  const int32_t* words;
  size_t nwords;
  const char* bytes;
  size_t nbytes;
  size_t w = TREE_HEADER_WORDS, b = 0;
  bool ok = true;

  size_t words_left() const { return w < nwords ? nwords - w : 0; }
  int32_t word() {
    if (w >= nwords) {
      ok = false;
      return 0;
    }
    return words[w++];
  }
  // A count of items that each take at least per_item more words.
  size_t count(size_t per_item) {
    int32_t n = word();
    if (n < 0 || size_t(n) > words_left() / per_item) {
      ok = false;
      return 0;
    }
    return size_t(n);
  }
  std::string string() {
    int32_t len = word() & ~NON_ASCII;
    if (len < 0 || size_t(len) > nbytes - b) {
      ok = false;
      return {};
    }
    std::string s(bytes + b, size_t(len));
    b += size_t(len);
    return s;
  }
  void strings(std::vector<std::string>& v) {
    size_t n = count(1);
    v.reserve(n);
    for (size_t i = 0; ok && i < n; ++i) v.push_back(string());
  }
};

}  // namespace

void encode_game(const PgnGame& g, TreeBuffers& out) {
  out.words.clear();
  out.bytes.clear();
  out.words.reserve(16 + 2 * g.tags.size() + 8 * g.nodes.size());
  out.words.push_back(0);
  out.words.push_back(0);
  out.words.push_back(int32_t(g.variant) | (g.chess960 ? TREE_CHESS960 : 0));
  out.words.push_back(int32_t(g.tags.size()));
  bool non_ascii = false;
  for (const auto& [name, value] : g.tags) {
    non_ascii |= put_string(out, name);
    non_ascii |= put_string(out, value);
  }
  non_ascii |= put_string(out, g.root_fen);
  non_ascii |= put_string(out, g.result);
  out.words.push_back(int32_t(g.nodes.size()));
  for (const PgnNode& n : g.nodes) {
    out.words.push_back(n.parent);
    out.words.push_back(int32_t(n.move));
    int32_t san[2];
    pack_san(n.san, san);
    out.words.push_back(san[0]);
    out.words.push_back(san[1]);
    if (san[0] == -1) non_ascii |= put_string(out, n.san);
    non_ascii |= put_strings(out, n.comments_before);
    non_ascii |= put_strings(out, n.comments_after);
    out.words.push_back(int32_t(n.nags.size()));
    for (uint8_t nag : n.nags) out.words.push_back(nag);
  }
  out.words[0] = int32_t(out.words.size());
  out.words[1] = int32_t(out.bytes.size()) | (non_ascii ? NON_ASCII : 0);
}

namespace {

// The SAN of a packed pair (see san_keys.h).
std::string unpack_san(int32_t lo, int32_t hi) {
  std::string s;
  for (int j = 0; j < SAN_KEY_CHARS; ++j) {
    const int32_t c = ((j < 4 ? lo : hi) >> (7 * (j % 4))) & 127;
    if (c == 0) break;
    s += char(c);
  }
  return s;
}

}  // namespace

bool decode_game(const int32_t* words, size_t nwords, const char* bytes, size_t nbytes, PgnGame& g) {
  g = PgnGame();
  Reader r{words, nwords, bytes, nbytes};
  const int32_t word = r.word();
  const int32_t variant = word & ~TREE_CHESS960;
  if (variant < CHESS || variant >= VARIANT_NB) return false;
  g.variant = Variant(variant);
  g.chess960 = (word & TREE_CHESS960) != 0 && castling_chess960(g.variant, true) && g.variant != CHESS960;
  size_t ntags = r.count(2);
  g.tags.reserve(ntags);
  for (size_t i = 0; r.ok && i < ntags; ++i) {
    std::string name = r.string();
    std::string value = r.string();
    g.tags.emplace_back(std::move(name), std::move(value));
  }
  g.root_fen = r.string();
  g.result = r.string();
  size_t nnodes = r.count(MIN_NODE_WORDS);
  if (!r.ok || nnodes < 1) return false;
  g.nodes.resize(nnodes);
  for (size_t i = 0; r.ok && i < nnodes; ++i) {
    PgnNode& n = g.nodes[i];
    n.parent = r.word();
    if (i == 0 ? n.parent != -1 : (n.parent < 0 || size_t(n.parent) >= i)) return false;
    if (i > 0) g.nodes[size_t(n.parent)].children.push_back(int(i));
    n.move = Move(r.word());
    const int32_t lo = r.word(), hi = r.word();
    n.san = lo == -1 ? r.string() : unpack_san(lo, hi);
    r.strings(n.comments_before);
    r.strings(n.comments_after);
    size_t nnags = r.count(1);
    n.nags.reserve(nnags);
    for (size_t k = 0; r.ok && k < nnags; ++k) n.nags.push_back(uint8_t(r.word()));
  }
  return r.ok;
}

}  // namespace cw::wasm
