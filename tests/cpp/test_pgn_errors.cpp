// chesswasm tests — pgn.h, errors: every refused game carries its PgnErrorCode with its
// data (the offending text, the limit, the FEN error), the message is built from them by
// pgn_error_message, and every code has a name.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "notation.h"
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
      {"[Variant \"Bughouse\"]\n\n1. e4 *", PgnErrorCode::UNSUPPORTED_VARIANT, "Bughouse", 0,
       "unsupported variant \"Bughouse\""},
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
  EXPECT_EQ(n, int(PgnErrorCode::REFUSED_TOLERANCE) + 1);
  EXPECT_STREQ(pgn_error_name(PgnErrorCode::ILLEGAL_MOVE), "ILLEGAL_MOVE");
}

// The reader's rules for the root position and for SAN tolerances (chess.js's loadPgn reads
// with them; tests/unit/chessjs-compat.test.ts compares the results with chess.js).
namespace {
struct Read {
  PgnStatus status;
  PgnGame game;
  PgnError error;
};
Read read_with(const char* text, FenTagRule rule, bool drop, uint16_t refused) {
  Read r;
  PgnReader reader(text);
  reader.set_fen_tag_rule(rule);
  reader.drop_contradicted_fen_fields(drop);
  reader.refuse_tolerances(refused);
  r.status = reader.read_game(r.game, r.error);
  return r;
}
}  // namespace

TEST(PgnReaderRules, FenTagRules) {
  const char* lower = "[fen \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n1. Ka2 *";
  EXPECT_EQ(read_with(lower, FenTagRule::FEN_TAG, false, 0).error.code, PgnErrorCode::ILLEGAL_MOVE);
  Read any = read_with(lower, FenTagRule::ANY_CASE, false, 0);
  ASSERT_EQ(any.status, PgnStatus::GAME);
  EXPECT_EQ(any.game.root_fen, "8/8/8/8/8/8/8/K1k5 w - - 0 1");
  // the last one in any case wins
  Read last = read_with("[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n[Fen \"8/8/8/8/8/8/8/K2k4 w - - 0 1\"]\n\n*",
                        FenTagRule::ANY_CASE, false, 0);
  EXPECT_EQ(last.game.root_fen, "8/8/8/8/8/8/8/K2k4 w - - 0 1");
  // WITH_SETUP: a FEN tag alone is ignored; SetUp "1" needs one
  const char* fen_only = "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n1. e4 *";
  Read ignored = read_with(fen_only, FenTagRule::WITH_SETUP, false, 0);
  ASSERT_EQ(ignored.status, PgnStatus::GAME);
  EXPECT_EQ(ignored.game.root_fen, START_FEN);
  Read setup = read_with("[SetUp \"1\"]\n\n1. e4 *", FenTagRule::WITH_SETUP, false, 0);
  EXPECT_EQ(setup.status, PgnStatus::ERROR);
  EXPECT_EQ(setup.error.code, PgnErrorCode::SETUP_WITHOUT_FEN);
  EXPECT_EQ(setup.error.message, "a SetUp tag \"1\" without a FEN tag");
  Read both = read_with("[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n1. Ka2 *",
                        FenTagRule::WITH_SETUP, false, 0);
  EXPECT_EQ(both.status, PgnStatus::GAME);
}

TEST(PgnReaderRules, ContradictedFenFieldsDropped) {
  // chess.js issue #85: castling rights without king or rook at home
  const char* text = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\"]\n\n1. Kd1 *";
  EXPECT_EQ(read_with(text, FenTagRule::FEN_TAG, false, 0).error.code, PgnErrorCode::BAD_FEN_TAG);
  Read r = read_with(text, FenTagRule::FEN_TAG, true, 0);
  ASSERT_EQ(r.status, PgnStatus::GAME);
  EXPECT_EQ(r.game.root_fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(drop_contradicted_fields("r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", CHESS),
            "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
  EXPECT_EQ(drop_contradicted_fields("4k3/8/8/8/8/8/8/R3K2R b KQkq e3 0 1", CHESS),
            "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1");
  EXPECT_EQ(drop_contradicted_fields("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", CHESS),
            "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
  EXPECT_EQ(drop_contradicted_fields("4k3/8/8/8/8/8/8/R3K2R w KKx - 0 1", CHESS),
            "4k3/8/8/8/8/8/8/R3K2R w Kx - 0 1");
  // malformed text comes back as it is, for set_fen to say why
  EXPECT_EQ(drop_contradicted_fields("4k3/8/8 w KQ - 0 1", CHESS), "4k3/8/8 w KQ - 0 1");
  EXPECT_EQ(drop_contradicted_fields("4k3/8/8/8/8/8/8/4K3 x KQ - 0 1", CHESS),
            "4k3/8/8/8/8/8/8/4K3 x KQ - 0 1");
  // a wrong-rank ep square is kept (set_fen refuses it)
  EXPECT_EQ(drop_contradicted_fields("4k3/8/8/8/8/8/8/4K3 w - e3", CHESS), "4k3/8/8/8/8/8/8/4K3 w - e3");
}

// allow_any_board: a root FEN beyond the strict rules (the chess.js facade's boards).
TEST(PgnReaderRules, AnyBoardRootFen) {
  const std::string texts[] = {
      "[FEN \"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 e5 *",  // nine pawns
      "[FEN \"4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Qxe8 *",  // black in check: its king taken
  };
  const char* sans[] = {"e4 e5", "Qxe8"};
  for (int i = 0; i < 2; ++i) {
    PgnGame g;
    PgnError e;
    PgnReader strict(texts[i]);
    EXPECT_EQ(strict.read_game(g, e), PgnStatus::ERROR);
    EXPECT_EQ(e.code, PgnErrorCode::BAD_FEN_TAG);
    PgnReader any(texts[i]);
    any.allow_any_board(true);
    ASSERT_EQ(any.read_game(g, e), PgnStatus::GAME) << e.message;
    std::string line;
    for (int n : g.mainline()) line += (line.empty() ? "" : " ") + g.nodes[n].san;
    EXPECT_EQ(line, sans[i]);
    // The next game of the same reader, strict again where its FEN is legal.
    const std::string two = texts[i] + "\n\n1. d4 *";  // the reader views the text
    PgnReader both(two);
    both.allow_any_board(true);
    ASSERT_EQ(both.read_game(g, e), PgnStatus::GAME);
    ASSERT_EQ(both.read_game(g, e), PgnStatus::GAME);
    EXPECT_EQ(g.nodes[g.mainline()[0]].san, "d4");
  }
}

TEST(PgnReaderRules, RefusedTolerancesOnTheMainLineOnly) {
  const uint16_t refused =
      SAN_ZERO_CASTLING | SAN_DISAMBIGUATION | SAN_LONG_ALGEBRAIC | SAN_CAPTURE_MARK | SAN_PAWN_LETTER;
  for (const char* move : {"e2e4", "e2-e4", "Pe2-e4", "Pe4"}) {
    std::string text = std::string("1. ") + move + " e5 *";
    Read r = read_with(text.c_str(), FenTagRule::FEN_TAG, false, refused);
    EXPECT_EQ(r.error.code, PgnErrorCode::REFUSED_TOLERANCE) << move;
    EXPECT_EQ(r.error.detail, move);
    EXPECT_EQ(read_with(text.c_str(), FenTagRule::FEN_TAG, false, 0).status, PgnStatus::GAME) << move;
  }
  EXPECT_EQ(read_with("1. e4 e5 2. Ngf3 *", FenTagRule::FEN_TAG, false, refused).error.detail, "Ngf3");
  EXPECT_EQ(
      read_with("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *", FenTagRule::FEN_TAG, false, refused).error.detail,
      "0-0");
  // taken: a wrong check mark, glyphs, a promotion without '='; variations read tolerantly
  EXPECT_EQ(read_with("1. e4+ e5!? 2. Nf3 *", FenTagRule::FEN_TAG, false, refused).status, PgnStatus::GAME);
  EXPECT_EQ(read_with("1. e4 (1. e2e4) e5 *", FenTagRule::FEN_TAG, false, refused).status, PgnStatus::GAME);
}

TEST(PgnReaderRules, BraceCommentsKeepTheirSpaceWhenAsked) {
  const char* text = "{  before } 1. e4 {  spaced  } e5 ; rest  \n*";
  PgnGame g;
  PgnError e;
  PgnReader trimmed(text);
  ASSERT_EQ(trimmed.read_game(g, e), PgnStatus::GAME);
  EXPECT_EQ(g.nodes[0].comments_after[0], "before");
  EXPECT_EQ(g.nodes[1].comments_after[0], "spaced");
  PgnReader raw(text);
  raw.keep_comment_space(true);
  ASSERT_EQ(raw.read_game(g, e), PgnStatus::GAME);
  EXPECT_EQ(g.nodes[0].comments_after[0], "  before ");
  EXPECT_EQ(g.nodes[1].comments_after[0], "  spaced  ");
  EXPECT_EQ(g.nodes[2].comments_after[0], "rest");  // a rest-of-line comment is trimmed
}
