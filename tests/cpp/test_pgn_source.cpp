// A PGN text read one game at a time (cpp/wasm/pgn_source.h): the text written in place, the
// games and errors in order, each game's tree as the TS side decodes it.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "pgn_source.h"

using namespace cw;
using namespace cw::wasm;

namespace {

void write(PgnSource& src, const std::string& text) {
  src.resize(int(text.size()));
  std::memcpy(src.text(), text.data(), text.size());
}

PgnGame decoded(PgnSource& src) {
  PgnGame g;
  EXPECT_TRUE(decode_game(src.tree().words.data(), src.tree().words.size(), src.tree().bytes.data(),
                          src.tree().bytes.size(), g));
  return g;
}

}  // namespace

TEST(PgnSource, ReadsGamesInOrder) {
  PgnSource src(0);
  EXPECT_EQ(src.size(), 0u);
  write(src, "[White \"A\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[White \"B\"]\n\n1. d4 *\n");
  src.start();
  ASSERT_EQ(src.next(), PgnStatus::GAME);
  PgnGame a = decoded(src);
  EXPECT_EQ(a.result, "1-0");
  EXPECT_EQ(a.mainline().size(), 3u);
  ASSERT_EQ(src.next(), PgnStatus::GAME);
  PgnGame b = decoded(src);
  EXPECT_EQ(b.result, "*");
  bool white_b = false;
  for (const auto& [name, value] : b.tags) white_b |= name == "White" && value == "B";
  EXPECT_TRUE(white_b);
  EXPECT_EQ(src.game_line(), 5);
  EXPECT_EQ(src.next(), PgnStatus::END);
}

TEST(PgnSource, AnErrorThenTheNextGame) {
  PgnSource src(0);
  write(src, "1. e4 Ke7 Qxf7 *\n\n1. d4 d5 *\n");
  src.start();
  EXPECT_EQ(src.next(), PgnStatus::ERROR);
  EXPECT_NE(src.error().code, PgnErrorCode::NONE);
  EXPECT_EQ(src.error().line, 1);
  ASSERT_EQ(src.next(), PgnStatus::GAME);
  EXPECT_EQ(decoded(src).mainline().size(), 2u);
  EXPECT_EQ(src.next(), PgnStatus::END);
}

TEST(PgnSource, PartialGamesWhenAsked) {
  PgnSource src(0);
  write(src, "1. e4 e5 2. Qxf7 *\n");
  src.start();
  src.keep_partial(true);
  ASSERT_EQ(src.next(), PgnStatus::PARTIAL);
  EXPECT_EQ(decoded(src).mainline().size(), 2u);
  EXPECT_NE(src.error().code, PgnErrorCode::NONE);
}

TEST(PgnSource, ResizeKeepsTheStart) {
  PgnSource src(4);
  EXPECT_EQ(src.size(), 4u);
  std::memcpy(src.text(), "1. e", 4);
  src.resize(100000);  // past 64 KB: room_for's power of two
  EXPECT_EQ(std::string(src.text(), 4), "1. e");
  src.resize(8);
  std::memcpy(src.text() + 4, "4 *\n", 4);
  src.start();
  ASSERT_EQ(src.next(), PgnStatus::GAME);
  EXPECT_EQ(decoded(src).mainline().size(), 1u);
  PgnSource none(-5);
  EXPECT_EQ(none.size(), 0u);
}
