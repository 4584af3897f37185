// chesswasm tests — regressions: every input that ever crashed a fuzzer (cpp/tools/fuzz) or
// broke an invariant, reduced to a minimal reproducer. The crashing input itself also goes
// into cpp/tools/fuzz/corpus/<target>/, so each fuzz run replays it first.
// A test named DISABLED_... reproduces a bug that is not fixed yet: remove the prefix with
// the fix.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "movegen.h"
#include "notation.h"
#include "pgn.h"
#include "position.h"

using namespace cw;

namespace {

Move find_uci(const Position& pos, const char* uci) {
  const Move m = parse_uci(pos, uci);
  EXPECT_NE(m, MOVE_NONE) << uci << " in " << pos.fen();
  return m;
}

}  // namespace

// Found by review of the FEN limits: the halfmove clock is stored in 16 bits and a FEN may
// set it to 65535, so one more quiet move wrapped it to 0 and the position silently lost
// its fifty-move and seventy-five-move status (and the FEN then said 0). Whatever the fix
// (refuse such a FEN, saturate, or widen the counter), the clock must not go backwards.
TEST(Regressions, HalfmoveClockDoesNotWrap) {
  Position pos;
  if (pos.set_fen("4k3/8/8/8/8/8/8/4K2R w - - 65535 1") != FenError::OK) return;  // refusing is a fix too
  pos.do_move(find_uci(pos, "h1h2"));
  EXPECT_GE(pos.rule50(), 150) << pos.fen();
  pos.do_null_move();
  EXPECT_GE(pos.rule50(), 150) << pos.fen();
}

// fuzz_pgn (corpus: regression-fen-tag-adjacent-digits.pgn): a FEN tag with adjacent digits
// ("N12KN2") was accepted as N3KN2 and written back differently. Such a board is malformed
// (chess.js refuses it too): set_fen says CONSECUTIVE_DIGITS and the PGN reader reports the
// tag, with its line, and goes on with the next game.
TEST(Regressions, PgnFenTagWithConsecutiveDigitsIsRefused) {
  PgnGame game;
  PgnError error;
  Position pos;
  EXPECT_EQ(pos.set_fen("4k3/8/8/8/8/8/8/N12KN2 w - - 0 1"), FenError::CONSECUTIVE_DIGITS);
  ASSERT_EQ(read_pgn("[FEN \"4k3/8/8/8/8/8/8/N12KN2 w - - 0 1\"]\n\n1. Nh2 *\n", game, error),
            PgnStatus::ERROR);
  EXPECT_NE(error.message.find("FEN"), std::string::npos) << error.message;
  EXPECT_EQ(error.line, 1);
}

// fuzz_pgn (corpus: regression-makruk-no-fen.pgn): a game with [Variant "Makruk"] and no FEN
// tag was read from the *standard chess* start position (set_fen(START_FEN, MAKRUK) fails
// and the reader ignored that), with game.variant = MAKRUK and a root_fen that is not a
// Makruk position, so chess moves such as Bc4 were accepted. It must start from the Makruk
// start position.
TEST(Regressions, PgnMakrukWithoutFenTagStartsFromTheMakrukPosition) {
  PgnGame game;
  PgnError error;
  ASSERT_EQ(read_pgn("[Variant \"Makruk\"]\n\n1. e4 e5 *\n", game, error), PgnStatus::GAME) << error.message;
  EXPECT_EQ(game.variant, MAKRUK);
  EXPECT_EQ(game.root_fen, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1");
  Position root;
  EXPECT_EQ(root.set_fen(game.root_fen, game.variant), FenError::OK) << game.root_fen;
  // A bishop move exists only in chess.
  EXPECT_EQ(read_pgn("[Variant \"Makruk\"]\n\n1. e4 e5 2. Bc4 *\n", game, error), PgnStatus::ERROR);
}

// fuzz.test.ts (JS): a tag value with a line break, or a tag name that is no PGN symbol, was
// written as it is, and the reader refused the writer's own output. Line breaks become
// spaces and such tags are left out, so write_pgn's output always reads back.
TEST(Regressions, PgnWriterKeepsTagsReadable) {
  PgnGame game, again;
  PgnError error;
  ASSERT_EQ(read_pgn("1. e4 e5 *\n", game, error), PgnStatus::GAME) << error.message;
  game.set_tag("White", "a\nb");
  game.set_tag("Bad Name", "v");
  game.set_tag("", "v");
  const std::string text = write_pgn(game);
  ASSERT_EQ(read_pgn(text, again, error), PgnStatus::GAME) << error.message << "\n" << text;
  ASSERT_NE(again.tag("White"), nullptr);
  EXPECT_EQ(*again.tag("White"), "a b");
  EXPECT_EQ(again.tag("Bad Name"), nullptr);
  EXPECT_EQ(again.mainline().size(), 2u);
}

// Hostile PGN is refused cheaply by size, not only by structure. A game larger than
// max_game_bytes, or a movetext line longer than max_line_bytes, is a PgnError with its
// position, and the reader goes on with the next game.
TEST(Regressions, PgnGameAndLineSizeLimits) {
  PgnLimits limits;
  limits.max_game_bytes = 4096;
  limits.max_line_bytes = 512;
  std::string shuffle;
  for (int i = 0; i < 200; ++i) shuffle += "Nf3 Nf6 Ng1 Ng8 ";
  const std::string big = "[Event \"big\"]\n\n" + shuffle + "*\n\n[Event \"next\"]\n\n1. e4 *\n";
  PgnReader reader(big, limits);
  PgnGame game;
  PgnError error;
  ASSERT_EQ(reader.read_game(game, error), PgnStatus::ERROR);
  EXPECT_NE(error.message.find("line longer than 512 bytes"), std::string::npos) << error.message;
  ASSERT_EQ(reader.read_game(game, error), PgnStatus::GAME) << error.message;
  EXPECT_EQ(*game.tag("Event"), "next");

  std::string lines;
  for (int i = 0; i < 300; ++i) lines += "Nf3 Nf6 Ng1 Ng8\n";  // 5,100 bytes
  const std::string tall = "[Event \"tall\"]\n\n" + lines + "*\n";
  PgnReader tall_reader(tall, limits);
  ASSERT_EQ(tall_reader.read_game(game, error), PgnStatus::ERROR);
  EXPECT_NE(error.message.find("game longer than 4096 bytes"), std::string::npos) << error.message;
  // The defaults read both.
  PgnReader lenient(big);
  EXPECT_EQ(lenient.read_game(game, error), PgnStatus::GAME) << error.message;
}
