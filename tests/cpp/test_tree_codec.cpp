// chesswasm tests — cpp/wasm/tree_codec.h: the game-tree wire format. Every game of the
// corpus and of the construct files survives encode + decode (same tree, same PGN written);
// the ASCII flag is set exactly on non-ASCII strings; malformed buffers (truncated at every
// length, wrong parents, huge counts, unknown variants, random words) are refused without
// reading outside them or allocating by their counts.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "notation.h"
#include "pgn.h"
#include "san_keys.h"
#include "test_util.h"
#include "tree_codec.h"

using namespace cw;
using namespace cw::wasm;

namespace {

std::string slurp(const std::string& name) {
  std::ifstream in(cwtest::data_path(name), std::ios::binary);
  EXPECT_TRUE(in) << name;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<PgnGame> read_all(const std::string& text) {
  PgnReader reader(text);
  std::vector<PgnGame> games;
  PgnGame g;
  PgnError e;
  for (PgnStatus st; (st = reader.read_game(g, e)) != PgnStatus::END;)
    if (st == PgnStatus::GAME) games.push_back(g);
  return games;
}

void expect_same(const PgnGame& a, const PgnGame& b) {
  EXPECT_EQ(a.variant, b.variant);
  EXPECT_EQ(a.tags, b.tags);
  EXPECT_EQ(a.root_fen, b.root_fen);
  EXPECT_EQ(a.result, b.result);
  ASSERT_EQ(a.nodes.size(), b.nodes.size());
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    const PgnNode &x = a.nodes[i], &y = b.nodes[i];
    EXPECT_EQ(x.parent, y.parent) << i;
    EXPECT_EQ(x.children, y.children) << i;
    EXPECT_EQ(x.move, y.move) << i;
    EXPECT_EQ(x.san, y.san) << i;
    EXPECT_EQ(x.comments_before, y.comments_before) << i;
    EXPECT_EQ(x.comments_after, y.comments_after) << i;
    EXPECT_EQ(x.nags, y.nags) << i;
  }
}

bool decode(const TreeBuffers& t, PgnGame& g, size_t nwords, size_t nbytes) {
  return decode_game(t.words.data(), nwords, t.bytes.data(), nbytes, g);
}

}  // namespace

// Every game of the corpora: the same tree back, SAN packed or spelled out, no UCI (derived
// from the move and the variant), words[1] flagged for a game with a non-ASCII string, and the
// same PGN written from it.
TEST(TreeCodec, RoundTripsEveryGame) {
  int games = 0, non_ascii = 0;
  for (const char* file : {"corpus/stockfish-selfplay.pgn", "pgn/constructs.pgn", "pgn/chessops-trees.pgn",
                           "pgn/bom-crlf.pgn", "pgn/chessjs-random.pgn"}) {
    TreeBuffers t;
    for (PgnGame g : read_all(slurp(file))) {
      encode_game(g, t);
      ASSERT_EQ(size_t(t.words[0]), t.words.size());
      ASSERT_EQ(size_t(t.words[1] & ~NON_ASCII), t.bytes.size());
      bool has_non_ascii = false;
      for (char c : t.bytes) has_non_ascii |= (c & 0x80) != 0;
      EXPECT_EQ((t.words[1] & NON_ASCII) != 0, has_non_ascii);
      non_ascii += has_non_ascii;
      PgnGame back;
      ASSERT_TRUE(decode(t, back, t.words.size(), t.bytes.size())) << file << " game " << games;
      for (PgnNode& n : g.nodes) {
        if (n.parent >= 0) {
          EXPECT_EQ(n.uci, move_to_uci(n.move, g.variant));
        }
        n.uci.clear();
      }
      expect_same(g, back);
      EXPECT_EQ(write_pgn(back), write_pgn(g));
      ++games;
    }
  }
  EXPECT_GT(games, 500);
  EXPECT_GT(non_ascii, 0);
}

TEST(TreeCodec, CompactLayoutSpellsOutLongSan) {
  PgnGame g;
  g.root_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  g.nodes.resize(3);
  g.nodes[0].children = {1, 2};
  for (int i : {1, 2}) g.nodes[size_t(i)].parent = 0;
  g.nodes[1].san = "Qh4xe1+";   // 7 characters: packed
  g.nodes[2].san = "R1a3xa7+";  // 8: spelled out
  TreeBuffers t;
  encode_game(g, t);
  EXPECT_EQ(t.words[1], int32_t(t.bytes.size()));  // pure ASCII: no flag
  PgnGame back;
  ASSERT_TRUE(decode_game(t.words.data(), t.words.size(), t.bytes.data(), t.bytes.size(), back));
  expect_same(g, back);
  EXPECT_NE(t.bytes.find("R1a3xa7+"), std::string::npos);
  EXPECT_EQ(t.bytes.find("Qh4xe1+"), std::string::npos);
  g.nodes[2].comments_after = {"déjà vu"};
  encode_game(g, t);
  EXPECT_NE(t.words[1] & NON_ASCII, 0);
}

TEST(TreeCodec, FlagsNonAsciiStrings) {
  PgnGame g;
  g.tags = {{"White", "Ölçer"}, {"Black", "Smith"}};
  g.root_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  g.nodes.resize(1);
  g.nodes[0].comments_after = {"déjà vu", "plain"};
  TreeBuffers t;
  encode_game(g, t);
  // variant, tag count, then the four tag strings.
  EXPECT_EQ(t.words[4], int32_t(std::string("White").size()));
  EXPECT_EQ(t.words[5], int32_t(std::string("Ölçer").size()) | NON_ASCII);
  EXPECT_EQ(t.words[7], 5);
  PgnGame back;
  ASSERT_TRUE(decode(t, back, t.words.size(), t.bytes.size()));
  expect_same(g, back);
}

TEST(TreeCodec, RefusesTruncatedBuffers) {
  const std::vector<PgnGame> games = read_all(slurp("pgn/constructs.pgn"));
  ASSERT_FALSE(games.empty());
  TreeBuffers t;
  encode_game(games.back(), t);
  PgnGame back;
  for (size_t n = 0; n < t.words.size(); ++n) EXPECT_FALSE(decode(t, back, n, t.bytes.size())) << n;
  for (size_t n = 0; n < t.bytes.size(); ++n) {
    EXPECT_FALSE(decode(t, back, t.words.size(), n)) << n;
  }
  EXPECT_TRUE(decode(t, back, t.words.size(), t.bytes.size()));
}

TEST(TreeCodec, RefusesMalformedTrees) {
  PgnGame g;
  g.root_fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
  g.nodes.resize(2);
  g.nodes[0].children = {1};
  g.nodes[1].parent = 0;
  TreeBuffers t;
  encode_game(g, t);
  PgnGame back;
  ASSERT_TRUE(decode(t, back, t.words.size(), t.bytes.size()));
  // Word offsets: variant 2, tag count 3, root FEN 4, result 5, node count 6, root parent 7,
  // then the second node's parent at 7 + 7 = 14.
  auto refused = [&](size_t at, int32_t value) {
    TreeBuffers bad = t;
    bad.words[at] = value;
    return !decode(bad, back, bad.words.size(), bad.bytes.size());
  };
  EXPECT_TRUE(refused(2, VARIANT_NB));  // unknown variant
  EXPECT_TRUE(refused(2, -1));
  EXPECT_TRUE(refused(3, 0x3fffffff));  // tag count past the end: refused, not allocated
  EXPECT_TRUE(refused(6, 0));           // no root
  EXPECT_TRUE(refused(6, 0x7fffffff));  // node count past the end
  EXPECT_TRUE(refused(7, 0));           // the root has a parent
  EXPECT_TRUE(refused(14, 1));          // a node its own parent
  EXPECT_TRUE(refused(14, -1));
  EXPECT_TRUE(refused(4, 1 << 29));  // a string past the bytes
  EXPECT_FALSE(refused(14, 0));
}

TEST(TreeCodec, RandomWordsNeverReadOutside) {
  std::mt19937 rng(7);
  std::string bytes(64, 'x');
  PgnGame back;
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::vector<int32_t> words(2 + rng() % 40);
    for (auto& w : words) w = rng() % 4 == 0 ? int32_t(rng()) : int32_t(rng() % 8) - 1;
    accepted += decode_game(words.data(), words.size(), bytes.data(), bytes.size(), back);
  }
  EXPECT_LT(accepted, 20000);
}
