// chesswasm tests — cpp/wasm/san_keys.h: the packed SAN of every legal move unpacks to
// move_to_san's text (random games, promotions, Makruk); SAN longer than 7 characters or not
// ASCII packs to -1, -1; the handle is left as it was.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "notation.h"
#include "san_keys.h"

using namespace cw;
using namespace cw::wasm;

namespace {

std::string unpack(const int32_t* key) {
  std::string s;
  for (int w = 0; w < 2; ++w)
    for (uint32_t k = uint32_t(key[w]); k != 0; k >>= 7) s += char(k & 127);
  return s;
}

void check_position(Handle& h) {
  const std::string fen = h.position().fen();
  Move moves[MAX_MOVES];
  int32_t keys[2 * MAX_MOVES];
  int n = legal_moves_san(h, moves, keys);
  ASSERT_EQ(n, h.legal_moves().size());
  EXPECT_EQ(h.position().fen(), fen);
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(moves[i], h.legal_moves().moves[i]);
    const std::string san = move_to_san(h.position(), moves[i]);
    if (san.size() <= size_t(SAN_KEY_CHARS)) {
      EXPECT_EQ(unpack(keys + 2 * i), san) << fen;
    } else {
      EXPECT_EQ(keys[2 * i], -1) << san;
      EXPECT_EQ(keys[2 * i + 1], -1) << san;
    }
  }
}

}  // namespace

TEST(SanKeys, PacksAndUnpacks) {
  int32_t key[2];
  pack_san("Nf3", key);
  EXPECT_EQ(unpack(key), "Nf3");
  EXPECT_EQ(key[1], 0);
  pack_san("exd8=Q+", key);  // 7 characters: the longest that fits
  EXPECT_EQ(unpack(key), "exd8=Q+");
  pack_san("Nbxd8=Q+", key);
  EXPECT_EQ(key[0], -1);
  EXPECT_EQ(key[1], -1);
  pack_san("N\xC3\xA9", key);
  EXPECT_EQ(key[0], -1);
}

TEST(SanKeys, EveryLegalMoveOfRandomGames) {
  std::mt19937 rng(99);
  const char* starts[][2] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess"},
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", "chess"},  // promotions with and without capture
      {"rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", "makruk"},
  };
  for (const auto& [fen, variant] : starts) {
    for (int game = 0; game < 20; ++game) {
      Handle h;
      ASSERT_EQ(h.set_fen(fen, std::string(variant) == "makruk" ? MAKRUK : CHESS), FenError::OK);
      for (int ply = 0; ply < 120 && h.legal_moves().size() > 0; ++ply) {
        check_position(h);
        const LegalMoves legal = h.legal_moves();
        ASSERT_EQ(h.play(legal.moves[rng() % legal.size()]), PlayStatus::OK);
      }
    }
  }
}

// A text that would not unpack to itself is spelled out (-1, -1): a NUL (it ends the text when
// unpacked), a byte >= 128, more than SAN_KEY_CHARS characters. The tree layout relies on it.
TEST(SanKeys, WhatDoesNotUnpackIsSpelledOut) {
  int32_t k[2];
  for (std::string s :
       {std::string("a\0b", 3), std::string("\0", 1), std::string("\xc3\xa9"), std::string("Nbxd7+!?")}) {
    pack_san(s, k);
    EXPECT_EQ(k[0], -1) << s.size();
    EXPECT_EQ(k[1], -1);
  }
  pack_san("", k);
  EXPECT_EQ(k[0], 0);
}
