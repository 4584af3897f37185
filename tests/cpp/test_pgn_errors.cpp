// chesswasm tests — pgn.h, errors: every refused game carries its PgnErrorCode with its
// data (the offending text, the limit, the FEN error), the message is built from them by
// pgn_error_message, and every code has a name.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "pgn.h"

using namespace cw;

TEST(PgnErrors, EachFailureHasItsCodeAndData) {
  struct Case {
    const char* text;
    PgnErrorCode code;
    const char* detail;
    long limit;
    const char* message;
  };
  const Case cases[] = {
      {"[ \"x\"]", PgnErrorCode::TAG_NAME, "", 0, "tag name expected after '['"},
      {"[Event x]", PgnErrorCode::TAG_VALUE_QUOTES, "", 0, "tag value must be in double quotes"},
      {"[Event \"x\n\"]", PgnErrorCode::TAG_VALUE_UNTERMINATED, "", 0, "unterminated tag value"},
      {"[Event \"x\"\n1. e4 *", PgnErrorCode::TAG_NOT_CLOSED, "", 0, "']' expected after the tag value"},
      {"[Variant \"Atomic\"]\n\n1. e4 *", PgnErrorCode::UNSUPPORTED_VARIANT, "Atomic", 0,
       "unsupported variant \"Atomic\""},
      {"[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *", PgnErrorCode::BAD_FEN_TAG, "8/8/8 w - - 0 1", 0,
       "invalid FEN tag: "},
      {"1. e4 { never closed", PgnErrorCode::COMMENT_UNTERMINATED, "", 0, "unterminated comment"},
      {"( 1. e4 ) *", PgnErrorCode::VARIATION_WITHOUT_MOVE, "", 0, "a variation must follow a move"},
      {"1. e4 ) *", PgnErrorCode::VARIATION_UNOPENED, "", 0, "')' without '('"},
      {"1. e4 ( 1. d4 *", PgnErrorCode::RESULT_IN_VARIATION, "", 0, "result inside a variation"},
      {"1. e4 ( 1. d4", PgnErrorCode::VARIATION_UNCLOSED, "", 0, "variation not closed"},
      {"1. e4 $300 *", PgnErrorCode::NAG_RANGE, "", 0, "NAG out of range (0-255)"},
      {"1. e4 $1000 *", PgnErrorCode::NAG_RANGE, "", 0, "NAG out of range (0-255)"},
      {"1. e4 $ *", PgnErrorCode::NAG_NUMBER, "", 0, "'$' must be followed by a number"},
      {"1. e4 e5 [x] *", PgnErrorCode::UNEXPECTED_TAG, "", 0, "unexpected '[' in movetext"},
      {"1. e4 ] *", PgnErrorCode::UNEXPECTED_CHARACTER, "]", 0, "unexpected ']' in movetext"},
      {"1. e4 foo *", PgnErrorCode::NOT_A_MOVE, "foo", 0, "not a move \"foo\""},
      {"1. e4 e5 2. Ke3 *", PgnErrorCode::ILLEGAL_MOVE, "Ke3", 0, "illegal move \"Ke3\""},
      {"[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n\n1. Nd2 *", PgnErrorCode::AMBIGUOUS_MOVE, "Nd2", 0,
       "ambiguous move \"Nd2\""},
      {"1. e4 e5 2. Qh5 Ke7 3. Qxe5+ -- *", PgnErrorCode::NULL_MOVE_IN_CHECK, "", 0,
       "null move while in check"},
  };
  for (const Case& c : cases) {
    PgnGame g;
    PgnError e;
    ASSERT_EQ(read_pgn(c.text, g, e), PgnStatus::ERROR) << c.text;
    EXPECT_EQ(e.code, c.code) << c.text << ": " << e.message;
    EXPECT_EQ(e.detail, c.detail) << c.text;
    EXPECT_EQ(e.limit, c.limit) << c.text;
    EXPECT_EQ(e.message.rfind(c.message, 0), 0u) << c.text << ": " << e.message;
    EXPECT_EQ(e.message, pgn_error_message(e));
  }
  // The FEN tag's reason.
  PgnGame g;
  PgnError e;
  ASSERT_EQ(read_pgn("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*", g, e), PgnStatus::ERROR);
  EXPECT_EQ(e.code, PgnErrorCode::BAD_FEN_TAG);
  EXPECT_EQ(e.fen_error, FenError::MISSING_KING);
  EXPECT_EQ(e.message, std::string("invalid FEN tag: ") + fen_error_message(FenError::MISSING_KING));
  // A later success leaves no stale data behind in the next failure.
  ASSERT_EQ(read_pgn("1. e4 foo *", g, e), PgnStatus::ERROR);
  EXPECT_EQ(e.fen_error, FenError::OK);
}

TEST(PgnErrors, LimitsCarryTheirValue) {
  PgnLimits limits;
  limits.max_nodes = 3;
  limits.max_variation_depth = 2;
  limits.max_tags = 2;
  limits.max_token_bytes = 8;
  struct Case {
    std::string text;
    PgnErrorCode code;
    long limit;
    std::string message;
  };
  const Case cases[] = {
      {"1. e4 e5 2. Nf3 Nc6 *", PgnErrorCode::TOO_MANY_MOVES, 3, "more than 3 moves in one game"},
      {"1. e4 (1. d4 (1. c4 (1. Nf3))) *", PgnErrorCode::VARIATION_TOO_DEEP, 2,
       "variations nested deeper than 2"},
      {"[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n\n*", PgnErrorCode::TOO_MANY_TAGS, 2, "too many tags (limit 2)"},
      {"[A \"123456789\"]\n\n*", PgnErrorCode::TAG_VALUE_TOO_LONG, 8, "tag value too long (limit 8 bytes)"},
      {"1. e4 {123456789} *", PgnErrorCode::COMMENT_TOO_LONG, 8, "comment too long (limit 8 bytes)"},
  };
  for (const Case& c : cases) {
    PgnReader reader(c.text, limits);
    PgnGame g;
    PgnError e;
    ASSERT_EQ(reader.read_game(g, e), PgnStatus::ERROR) << c.text;
    EXPECT_EQ(e.code, c.code) << c.text << ": " << e.message;
    EXPECT_EQ(e.limit, c.limit) << c.text;
    EXPECT_EQ(e.message, c.message);
  }
  limits = PgnLimits{};
  limits.max_line_bytes = 16;
  const std::string long_line = std::string(40, ' ') + "e4 *";
  PgnReader lines(long_line, limits);
  PgnGame g;
  PgnError e;
  ASSERT_EQ(lines.read_game(g, e), PgnStatus::ERROR);
  EXPECT_EQ(e.code, PgnErrorCode::LINE_TOO_LONG);
  EXPECT_EQ(e.message, "line longer than 16 bytes");
  limits = PgnLimits{};
  limits.max_game_bytes = 16;
  PgnReader games("[Event \"a long enough tag\"]\n\n1. e4 *", limits);
  ASSERT_EQ(games.read_game(g, e), PgnStatus::ERROR);
  EXPECT_EQ(e.code, PgnErrorCode::GAME_TOO_LONG);
  EXPECT_EQ(e.message, "game longer than 16 bytes");
}

TEST(PgnErrors, EveryCodeHasAUniqueName) {
  std::set<std::string> names;
  int n = 0;
  for (; std::string(pgn_error_name(PgnErrorCode(n))) != "UNKNOWN"; ++n) {
    EXPECT_TRUE(names.insert(pgn_error_name(PgnErrorCode(n))).second) << n;
    PgnError e;
    e.code = PgnErrorCode(n);
    EXPECT_FALSE(pgn_error_message(e).empty());
  }
  EXPECT_EQ(n, int(PgnErrorCode::NULL_MOVE_IN_CHECK) + 1);
  EXPECT_STREQ(pgn_error_name(PgnErrorCode::ILLEGAL_MOVE), "ILLEGAL_MOVE");
}
