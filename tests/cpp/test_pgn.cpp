// chesswasm tests — pgn.h: hand-written files for each construct, BOM/CRLF, malformed games
// with line and column and the reader going on, main lines against chess.js, trees with
// variations against chessops, round trips (also of random trees), limits, garbage.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "pgn.h"
#include "position.h"
#include "test_util.h"

using namespace cw;
using cwtest::data_path;
using cwtest::split;

namespace {

std::string slurp(const std::string& name) {
  std::ifstream in(data_path(name), std::ios::binary);
  EXPECT_TRUE(in) << name;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<PgnGame> read_all(std::string_view text) {
  PgnReader reader(text);
  std::vector<PgnGame> games;
  PgnGame g;
  PgnError e;
  for (PgnStatus st; (st = reader.read_game(g, e)) != PgnStatus::END;) {
    EXPECT_EQ(st, PgnStatus::GAME) << e.line << ":" << e.column << " " << e.message;
    if (st == PgnStatus::GAME) games.push_back(g);
  }
  return games;
}

std::vector<std::string> mainline_san(const PgnGame& g) {
  std::vector<std::string> out;
  for (int n : g.mainline()) out.push_back(g.nodes[n].san);
  return out;
}

// Pre-order listing "parent san nags=.. before=.. after=..", parents numbered in walk order.
void listing(const PgnGame& g, int node, int parent_id, std::vector<std::string>& out) {
  for (int c : g.nodes[node].children) {
    const PgnNode& n = g.nodes[c];
    std::string nags, before, after;
    for (size_t i = 0; i < n.nags.size(); ++i) {
      if (i) nags += ',';
      nags += std::to_string(n.nags[i]);
    }
    for (size_t i = 0; i < n.comments_before.size(); ++i) before += (i ? "|" : "") + n.comments_before[i];
    for (size_t i = 0; i < n.comments_after.size(); ++i) after += (i ? "|" : "") + n.comments_after[i];
    out.push_back(std::to_string(parent_id) + " " + n.san + " nags=" + nags + " before=" + before +
                  " after=" + after);
    listing(g, c, int(out.size()), out);
  }
}

// Same tree: moves, SAN, UCI, comments and NAGs, children in order.
void expect_same_tree(const PgnGame& a, int na, const PgnGame& b, int nb, const std::string& where) {
  const PgnNode &x = a.nodes[na], &y = b.nodes[nb];
  ASSERT_EQ(x.move, y.move) << where;
  ASSERT_EQ(x.san, y.san) << where;
  ASSERT_EQ(x.uci, y.uci) << where;
  ASSERT_EQ(x.nags, y.nags) << where << " " << x.san;
  ASSERT_EQ(x.comments_before, y.comments_before) << where << " " << x.san;
  ASSERT_EQ(x.comments_after, y.comments_after) << where << " " << x.san;
  ASSERT_EQ(x.children.size(), y.children.size()) << where << " " << x.san;
  for (size_t i = 0; i < x.children.size(); ++i)
    expect_same_tree(a, x.children[i], b, y.children[i], where + " " + x.san);
}

// write -> read gives the same tree, and writing that again gives the same text.
void expect_round_trip(const PgnGame& g, const std::string& where) {
  std::string text = write_pgn(g);
  PgnGame back;
  PgnError e;
  ASSERT_EQ(read_pgn(text, back, e), PgnStatus::GAME)
      << where << " " << e.line << ":" << e.column << " " << e.message << "\n"
      << text;
  EXPECT_EQ(back.root_fen, g.root_fen) << where;
  EXPECT_EQ(back.variant, g.variant) << where;
  EXPECT_EQ(back.result, g.result) << where;
  expect_same_tree(g, 0, back, 0, where);
  EXPECT_EQ(write_pgn(back), text) << where;
  // Export format: no line longer than 80 columns unless a single comment is.
  for (const auto& line : split(text, '\n')) {
    if (line.size() > 80) {
      EXPECT_NE(line.find('{'), std::string::npos) << where << ": " << line;
    }
  }
}

}  // namespace

TEST(Pgn, EveryConstruct) {
  auto games = read_all(slurp("pgn/constructs.pgn"));
  ASSERT_EQ(games.size(), 5u);

  const PgnGame& g = games[0];
  ASSERT_NE(g.tag("Event"), nullptr);
  EXPECT_EQ(*g.tag("Event"), "Tags \"quoted\" and back\\slash");
  EXPECT_EQ(*g.tag("Annotator"), "chesswasm tests");
  EXPECT_EQ(g.tags.size(), 8u);
  EXPECT_EQ(g.tags[0].first, "Event");
  EXPECT_EQ(g.result, "1-0");
  EXPECT_EQ(mainline_san(g), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6",
                                                       "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"}));
  auto ml = g.mainline();
  EXPECT_EQ(g.nodes[0].comments_after, std::vector<std::string>{"Game comment before the first move."});
  EXPECT_TRUE(g.nodes[ml[0]].comments_before.empty());
  EXPECT_EQ(g.nodes[ml[0]].comments_after, std::vector<std::string>{"[%clk 0:03:00] [%eval 0.3]"});
  EXPECT_EQ(g.nodes[ml[0]].uci, "e2e4");
  EXPECT_EQ(g.nodes[ml[2]].nags, std::vector<uint8_t>{1});
  EXPECT_EQ(g.nodes[ml[3]].nags, std::vector<uint8_t>{6});  // ?!
  EXPECT_EQ(g.nodes[ml[4]].nags, std::vector<uint8_t>{3});  // a free-standing !!
  EXPECT_EQ(g.nodes[ml[5]].comments_after, std::vector<std::string>{"a rest-of-line comment"});
  // 4. Ba4 has two alternatives: 4. Bxc6 (with a sub-variation) and 4. Bc4.
  int a6 = ml[5];
  ASSERT_EQ(g.nodes[a6].children.size(), 3u);
  const PgnNode& bxc6 = g.nodes[g.nodes[a6].children[1]];
  EXPECT_EQ(bxc6.san, "Bxc6");
  const PgnNode& dxc6 = g.nodes[bxc6.children[0]];
  ASSERT_EQ(dxc6.children.size(), 1u);
  const PgnNode& bxc6b = g.nodes[bxc6.children.size() > 1 ? bxc6.children[1] : bxc6.children[0]];
  EXPECT_EQ(bxc6.children.size(), 2u);
  EXPECT_EQ(bxc6b.san, "bxc6");
  const PgnNode& oo = g.nodes[dxc6.children[0]];
  EXPECT_EQ(oo.san, "O-O");
  EXPECT_EQ(oo.nags, std::vector<uint8_t>{14});
  EXPECT_EQ(oo.comments_after, std::vector<std::string>{"the exchange"});
  EXPECT_EQ(g.nodes[g.nodes[a6].children[2]].san, "Bc4");

  const PgnGame& nested = games[1];
  EXPECT_EQ(mainline_san(nested), (std::vector<std::string>{"d4", "d5", "--", "Nf6", "--", "e6"}));
  EXPECT_EQ(nested.nodes[nested.mainline()[2]].uci, "0000");
  std::vector<std::string> lst;
  listing(nested, 0, 0, lst);
  EXPECT_EQ(lst.size(), 15u);

  const PgnGame& setup = games[2];
  EXPECT_EQ(setup.root_fen, "4k3/1P6/8/8/8/8/8/4K2R w K - 0 40");
  EXPECT_EQ(mainline_san(setup), (std::vector<std::string>{"b8=Q+", "Kd7", "O-O", "Kc6", "Qb6+"}));

  const PgnGame& c960 = games[3];
  EXPECT_EQ(c960.variant, CHESS960);
  EXPECT_EQ(mainline_san(c960), (std::vector<std::string>{"O-O", "O-O-O", "Kg2", "Kb8"}));
  EXPECT_EQ(c960.nodes[c960.mainline()[0]].uci, "b1e1");
  EXPECT_EQ(c960.result, "1/2-1/2");

  const PgnGame& tolerant = games[4];
  EXPECT_EQ(tolerant.variant, CHESS960);
  EXPECT_EQ(tolerant.result, "*");  // no termination marker
  EXPECT_EQ(mainline_san(tolerant), (std::vector<std::string>{"O-O-O", "Kc7", "Rd7+", "Kc6", "Rd6+"}));
  EXPECT_NE(tolerant.nodes[tolerant.mainline()[0]].leniency & SAN_ZERO_CASTLING, 0);
  EXPECT_EQ(tolerant.nodes[tolerant.mainline()[4]].nags, std::vector<uint8_t>{5});

  for (size_t i = 0; i < games.size(); ++i)
    expect_round_trip(games[i], "constructs game " + std::to_string(i));
}

// fill_uci(false) (the wasm source's setting): the same games, nodes without UCI text.
// An empty variation is dropped as if it were not there: the comments after it go where they
// would have gone without it (after the move before it, or before the next move when a
// variation came before), so that writing the game and reading it back gives the same tree.
TEST(Pgn, CommentsAfterAnEmptyVariation) {
  struct Case {
    const char* text;
    std::vector<std::string> listing;
  };
  const Case cases[] = {
      {"1. c4 d5 2. Nc3 ( ) { C } a6 *",
       {"0 c4 nags= before= after=", "1 d5 nags= before= after=", "2 Nc3 nags= before= after=C",
        "3 a6 nags= before= after="}},
      {"1. e4 e5 ( 1... c5 ) ( ) { C } 2. Nf3 *",
       {"0 e4 nags= before= after=", "1 e5 nags= before= after=", "2 Nf3 nags= before=C after=",
        "1 c5 nags= before= after="}},
      {"1. e4 { A } ( ) ( { inside } ) { B } e5 *",
       {"0 e4 nags= before= after=A|B", "1 e5 nags= before= after="}},
  };
  for (const Case& c : cases) {
    PgnGame g;
    PgnError e;
    ASSERT_EQ(read_pgn(c.text, g, e), PgnStatus::GAME) << c.text << ": " << e.message;
    std::vector<std::string> lst;
    listing(g, 0, 0, lst);
    EXPECT_EQ(lst, c.listing) << c.text;
    expect_round_trip(g, c.text);
  }
}

TEST(Pgn, WithoutUciText) {
  const std::string text = slurp("pgn/constructs.pgn");
  const std::vector<PgnGame> with = read_all(text);
  ASSERT_FALSE(with.empty());
  PgnReader reader(text);
  reader.fill_uci(false);
  PgnGame g;
  PgnError e;
  size_t i = 0;
  for (PgnStatus st; (st = reader.read_game(g, e)) != PgnStatus::END; ++i) {
    ASSERT_EQ(st, PgnStatus::GAME) << e.message;
    ASSERT_LT(i, with.size());
    ASSERT_EQ(g.nodes.size(), with[i].nodes.size()) << i;
    for (size_t n = 0; n < g.nodes.size(); ++n) {
      EXPECT_TRUE(g.nodes[n].uci.empty()) << i << " " << n;
      EXPECT_EQ(g.nodes[n].move, with[i].nodes[n].move) << i << " " << n;
      EXPECT_EQ(g.nodes[n].san, with[i].nodes[n].san) << i << " " << n;
      if (n) {
        EXPECT_FALSE(with[i].nodes[n].uci.empty()) << i << " " << n;
      }
    }
  }
  EXPECT_EQ(i, with.size());
}

TEST(Pgn, BomAndCrlf) {
  std::string text = slurp("pgn/bom-crlf.pgn");
  ASSERT_EQ(text.substr(0, 3), "\xEF\xBB\xBF");
  PgnGame g;
  PgnError e;
  ASSERT_EQ(read_pgn(text, g, e), PgnStatus::GAME) << e.message;
  EXPECT_EQ(g.tags[0].first, "Event");
  EXPECT_EQ(*g.tag("Event"), "BOM and CRLF");
  EXPECT_EQ(mainline_san(g), (std::vector<std::string>{"f3", "e5", "g4", "Qh4#"}));
  EXPECT_EQ(g.result, "0-1");
  ASSERT_EQ(g.nodes[g.mainline()[2]].comments_after.size(), 1u);
  EXPECT_NE(g.nodes[g.mainline()[2]].comments_after[0].find("in one"), std::string::npos);
}

TEST(Pgn, MalformedGamesReportLineAndColumnAndTheReaderGoesOn) {
  std::string text = slurp("pgn/malformed.pgn");
  PgnReader reader(text);
  struct Want {
    PgnStatus status;
    const char* event;  // for games
    int line, column;   // for errors
    const char* message_part;
  };
  const Want wants[] = {
      {PgnStatus::GAME, "ok 1", 0, 0, ""},
      {PgnStatus::ERROR, "", 7, 13, "illegal move \"Ke3\""},
      {PgnStatus::GAME, "ok 2", 0, 0, ""},
      {PgnStatus::ERROR, "", 13, 17, "']'"},
      {PgnStatus::ERROR, "", 20, 7, "')' without '('"},
      {PgnStatus::ERROR, "", 25, 4, "ambiguous move \"Nd2\""},
      {PgnStatus::GAME, "ok 3", 0, 0, ""},
      {PgnStatus::ERROR, "", 33, 24, "result inside a variation"},
      {PgnStatus::GAME, "ok 4", 0, 0, ""},
      {PgnStatus::END, "", 0, 0, ""},
  };
  for (const auto& w : wants) {
    PgnGame g;
    PgnError e;
    PgnStatus st = reader.read_game(g, e);
    ASSERT_EQ(st, w.status) << w.event << " " << w.line << " got " << e.line << ":" << e.column << " "
                            << e.message;
    if (st == PgnStatus::GAME) {
      EXPECT_EQ(*g.tag("Event"), w.event);
    } else if (st == PgnStatus::ERROR) {
      EXPECT_EQ(e.line, w.line) << e.message;
      EXPECT_EQ(e.column, w.column) << e.message;
      EXPECT_NE(e.message.find(w.message_part), std::string::npos) << e.message;
    }
  }
}

TEST(Pgn, MoreErrors) {
  struct Case {
    const char* text;
    int line, column;
    const char* message_part;
  };
  const Case cases[] = {
      {"1. e4 { never closed\n\n[Event \"x\"]\n1. d4 *", 1, 7, "unterminated comment"},
      {"[Variant \"Bughouse\"]\n\n1. e4 *", 1, 1, "unsupported variant"},
      {"[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *", 1, 1, "invalid FEN"},
      {"1. e4 $ *", 1, 7, "'$'"},
      {"1. e4 $300 *", 1, 7, "NAG"},
      {"( 1. e4 ) *", 1, 1, "must follow a move"},
      {"1. e4 e5 2. Qh5 Ke7 3. Qxe5+ -- *", 1, 30, "null move while in check"},
      {"1. e4 foo *", 1, 7, "not a move"},
      {"1. e4 ] *", 1, 7, "unexpected"},
      {"1. e4 e5 [x] *", 1, 10, "unexpected '['"},
      {"[Event \"x\n\"]", 1, 1, "unterminated tag value"},
      {"[ \"x\"]", 1, 3, "tag name"},
      {"[Event x]", 1, 8, "double quotes"},
  };
  for (const auto& c : cases) {
    PgnGame g;
    PgnError e;
    EXPECT_EQ(read_pgn(c.text, g, e), PgnStatus::ERROR) << c.text;
    EXPECT_EQ(e.line, c.line) << c.text << " " << e.message;
    EXPECT_EQ(e.column, c.column) << c.text << " " << e.message;
    EXPECT_NE(e.message.find(c.message_part), std::string::npos) << c.text << " " << e.message;
  }
  // After an unterminated comment, the reader still finds the next game.
  std::string text = "1. e4 { never closed\n\n[Event \"next\"]\n1. d4 *";
  PgnReader reader(text);
  PgnGame g;
  PgnError e;
  EXPECT_EQ(reader.read_game(g, e), PgnStatus::ERROR);
  ASSERT_EQ(reader.read_game(g, e), PgnStatus::GAME);
  EXPECT_EQ(*g.tag("Event"), "next");
  EXPECT_EQ(reader.read_game(g, e), PgnStatus::END);
  // Empty input and white space only: no game.
  EXPECT_EQ(read_pgn("", g, e), PgnStatus::END);
  EXPECT_EQ(read_pgn(" \n\r\n% escape\n", g, e), PgnStatus::END);
}

TEST(Pgn, Limits) {
  std::string deep = "1. e4 ";
  for (int i = 0; i < 200; ++i) deep += "( 1. d4 ";
  PgnGame g;
  PgnError e;
  EXPECT_EQ(read_pgn(deep, g, e), PgnStatus::ERROR);
  EXPECT_NE(e.message.find("nested deeper than 128"), std::string::npos) << e.message;
  std::string ok = "1. e4 ";
  for (int i = 0; i < 100; ++i) ok += "( 1. d4 ";
  for (int i = 0; i < 100; ++i) ok += ") ";
  ok += "*";
  ASSERT_EQ(read_pgn(ok, g, e), PgnStatus::GAME) << e.message;
  EXPECT_EQ(g.nodes[0].children.size(), 101u);
  PgnLimits small;
  small.max_nodes = 3;
  PgnReader reader("1. e4 e5 2. Nf3 Nc6 *", small);
  EXPECT_EQ(reader.read_game(g, e), PgnStatus::ERROR);
  EXPECT_NE(e.message.find("more than 3 moves"), std::string::npos) << e.message;
  // max_tags counts the Result tag every game gets.
  PgnLimits tags;
  tags.max_tags = 3;
  PgnReader two(
      "[A \"1\"]\n[B \"2\"]\n\n*\n\n[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n\n*\n\n"
      "[A \"1\"]\n[Result \"1-0\"]\n[C \"3\"]\n\n*",
      tags);
  ASSERT_EQ(two.read_game(g, e), PgnStatus::GAME);
  EXPECT_EQ(g.tags.size(), 3u);
  EXPECT_EQ(two.read_game(g, e), PgnStatus::ERROR);
  EXPECT_NE(e.message.find("too many tags (limit 3)"), std::string::npos) << e.message;
  ASSERT_EQ(two.read_game(g, e), PgnStatus::GAME) << e.message;
  EXPECT_EQ(g.tags.size(), 3u);
}

// chess.js wrote these games; its move history and final FEN are the expectation.
TEST(Pgn, MainLinesMatchChessJs) {
  auto games = read_all(slurp("pgn/chessjs-random.pgn"));
  std::ifstream in(data_path("pgn/chessjs-random.expected.tsv"));
  std::string line;
  size_t i = 0;
  for (; std::getline(in, line); ++i) {
    ASSERT_LT(i, games.size());
    auto cols = split(line, '\t');
    ASSERT_EQ(cols.size(), 3u);
    const PgnGame& g = games[i];
    EXPECT_EQ(g.result, cols[0]) << i;
    EXPECT_EQ(mainline_san(g), cwtest::fields(cols[1])) << i;
    EXPECT_EQ(*g.tag("White"), "A \"quoted\" name");
    EXPECT_EQ(*g.tag("Black"), "back\\slash");
    Position pos;
    for (int n : g.mainline()) pos.do_move(g.nodes[n].move);
    auto ours = cwtest::fields(pos.fen()), theirs = cwtest::fields(cols[2]);
    for (int f : {0, 1, 2, 4, 5}) EXPECT_EQ(ours[f], theirs[f]) << i << " field " << f;
    expect_round_trip(g, "chess.js game " + std::to_string(i));
  }
  EXPECT_EQ(i, games.size());
  EXPECT_EQ(i, 40u);
}

// chessops wrote these trees; its pre-order node listing is the expectation.
TEST(Pgn, TreesMatchChessops) {
  auto games = read_all(slurp("pgn/chessops-trees.pgn"));
  std::ifstream in(data_path("pgn/chessops-trees.expected.txt"));
  std::vector<std::vector<std::string>> want;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("game ", 0) == 0)
      want.emplace_back();
    else
      want.back().push_back(line);
  }
  ASSERT_EQ(games.size(), want.size());
  ASSERT_EQ(games.size(), 30u);
  for (size_t i = 0; i < games.size(); ++i) {
    std::vector<std::string> got;
    listing(games[i], 0, 0, got);
    EXPECT_EQ(got, want[i]) << "game " << i;
    expect_round_trip(games[i], "chessops game " + std::to_string(i));
  }
}

// Random trees built with the core: written, read back, compared.
TEST(Pgn, RandomTreesRoundTrip) {
  std::mt19937 rng(42);
  for (int iter = 0; iter < 60; ++iter) {
    PgnGame g;
    g.nodes.emplace_back();
    g.root_fen = Position().fen();
    g.result = iter % 4 == 0 ? "1-0" : "*";
    g.set_tag("Event", "random tree " + std::to_string(iter));
    g.set_tag("Annotator", "x\\y \"z\"");
    if (iter % 5 == 0) g.nodes[0].comments_after.push_back("a game comment");
    // Grow lines depth-first from a position; returns nothing, appends nodes.
    struct Grow {
      std::mt19937& rng;
      PgnGame& g;
      int count = 0;
      void line(Position& pos, int parent, int plies, int depth) {
        int made = 0;
        for (int p = 0; p < plies && count < 400; ++p) {
          MoveList legal;
          generate_legal(pos, legal);
          if (legal.size() == 0) break;
          int branches = depth < 4 && rng() % 6 == 0 ? 2 : 1;
          int next = -1;
          for (int b = 0; b < branches; ++b) {
            Move m = legal.moves[rng() % legal.size()];
            bool dup = false;
            for (int c : g.nodes[parent].children) dup |= g.nodes[c].move == m;
            if (dup) continue;
            PgnNode n;
            n.move = m;
            n.parent = parent;
            n.san = move_to_san(pos, m);
            n.uci = move_to_uci(pos, m);
            if (rng() % 7 == 0) n.nags.push_back(uint8_t(rng() % 256));
            if (rng() % 9 == 0) n.comments_after.push_back("after " + std::to_string(count) + " } brace");
            if (rng() % 9 == 0) n.comments_after.push_back("[%clk 0:00:0" + std::to_string(count % 10) + "]");
            bool head = !g.nodes[parent].children.empty();  // a variation's first move
            if (head && rng() % 4 == 0) n.comments_before.push_back("before " + std::to_string(count));
            int idx = int(g.nodes.size());
            g.nodes.push_back(n);
            g.nodes[parent].children.push_back(idx);
            ++count;
            if (g.nodes[parent].children.size() == 1) {
              next = idx;
            } else {
              pos.do_move(m);
              line(pos, idx, 1 + int(rng() % 6), depth + 1);
              pos.undo_move();
            }
          }
          if (next < 0) break;
          pos.do_move(g.nodes[next].move);
          ++made;
          parent = next;
        }
        for (int i = 0; i < made; ++i) pos.undo_move();
      }
    } grow{rng, g};
    Position pos;
    grow.line(pos, 0, 10 + int(rng() % 80), 0);
    expect_round_trip(g, "random tree " + std::to_string(iter));
  }
}

// Mutated PGN text never crashes the reader, and every call makes progress.
TEST(Pgn, GarbageNeverCrashes) {
  std::string base = slurp("pgn/constructs.pgn") + slurp("pgn/malformed.pgn");
  std::mt19937 rng(3);
  const std::string junk = "{}()[]\";$%!?-+#=xO0 \n\r\t\\.*/1abcdefghNBRQK\xef\xbb\xbf";
  for (int iter = 0; iter < 300; ++iter) {
    std::string text = base;
    int edits = 1 + int(rng() % 20);
    for (int k = 0; k < edits; ++k) {
      size_t at = rng() % text.size();
      switch (rng() % 3) {
        case 0:
          text[at] = junk[rng() % junk.size()];
          break;
        case 1:
          text.erase(at, 1 + rng() % 8);
          break;
        default:
          text.insert(at, 1, junk[rng() % junk.size()]);
          break;
      }
      if (text.empty()) text = "x";
    }
    PgnReader reader(text);
    PgnGame g;
    PgnError e;
    int calls = 0;
    size_t last = 0;
    for (PgnStatus st; (st = reader.read_game(g, e)) != PgnStatus::END; ++calls) {
      ASSERT_LT(calls, 1000);
      ASSERT_GT(reader.offset(), last) << "no progress";
      last = reader.offset();
      if (st == PgnStatus::GAME) {
        std::string out = write_pgn(g);  // whatever was read can be written
        ASSERT_FALSE(out.empty());
      } else {
        ASSERT_GE(e.line, 1);
        ASSERT_GE(e.column, 1);
      }
    }
  }
}

// ---- what other readers read -----------------------------------------------------

namespace {

// Every game of a text: status, tags (name=value, in order), result, main line SAN; errors
// as "ERROR line:column message".
std::vector<std::string> summary(std::string_view text, bool partial = false) {
  PgnReader reader(text);
  reader.keep_partial_games(partial);
  std::vector<std::string> out;
  PgnGame g;
  PgnError e;
  for (PgnStatus st; (st = reader.read_game(g, e)) != PgnStatus::END;) {
    if (st == PgnStatus::ERROR) {
      out.push_back("ERROR " + std::to_string(e.line) + ":" + std::to_string(e.column) + " " + e.message);
      continue;
    }
    std::string s = st == PgnStatus::PARTIAL ? "PARTIAL(" + std::to_string(e.line) + ":" +
                                                   std::to_string(e.column) + " " + e.message + ")"
                                             : "GAME";
    for (const auto& [k, v] : g.tags) s += " " + k + "=" + v;
    s += " |";
    for (const std::string& san : mainline_san(g)) s += " " + san;
    s += " | " + g.result;
    out.push_back(s);
  }
  return out;
}

using Lines = std::vector<std::string>;

}  // namespace

// Every tag section starts a game: a blank line ends a tag section.
TEST(PgnTolerant, HeaderOnlyGamesAreSeparateGames) {
  EXPECT_EQ(summary("[Event \"A\"]\n\n[Event \"B\"]\n"),
            (Lines{"GAME Event=A Result=* | | *", "GAME Event=B Result=* | | *"}));
  EXPECT_EQ(summary("[Event \"A\"]\r\n[Site \"a\"]\r\n\r\n\r\n[Event \"B\"]\r\n\r\n1. e4 *\r\n"),
            (Lines{"GAME Event=A Site=a Result=* | | *", "GAME Event=B Result=* | e4 | *"}));
  EXPECT_EQ(summary("[Event \"A\"]\n[Result \"1-0\"]\n\n[Event \"B\"]\n"),
            (Lines{"GAME Event=A Result=1-0 | | 1-0", "GAME Event=B Result=* | | *"}));
  // An escape line between tags does not end the section.
  EXPECT_EQ(summary("[Event \"A\"]\n% note\n[Site \"a\"]\n\n1. d4 *"),
            (Lines{"GAME Event=A Site=a Result=* | d4 | *"}));
}

// The result and the Result tag always agree; the writer writes them equal too.
TEST(PgnTolerant, ResultTagAndResultAgree) {
  EXPECT_EQ(summary("1. d4 1-0"), (Lines{"GAME Result=1-0 | d4 | 1-0"}));  // added from the marker
  EXPECT_EQ(summary("[Result \"0-1\"]\n\n1. d4"), (Lines{"GAME Result=0-1 | d4 | 0-1"}));    // no marker
  EXPECT_EQ(summary("[Result \"0-1\"]\n\n1. d4 *"), (Lines{"GAME Result=0-1 | d4 | 0-1"}));  // '*' marker
  EXPECT_EQ(summary("[Result \"0-1\"]\n\n1. d4 1-0"),
            (Lines{"GAME Result=1-0 | d4 | 1-0"}));  // the marker wins
  EXPECT_EQ(summary("[Result \"1\xE2\x80\x93"
                    "0\"]\n\n1. d4"),
            (Lines{"GAME Result=1-0 | d4 | 1-0"}));
  EXPECT_EQ(summary("[Result \"?\"]\n\n1. d4"), (Lines{"GAME Result=* | d4 | *"}));
  // The writer: the Result tag is the result.
  PgnGame g;
  PgnError e;
  ASSERT_EQ(read_pgn("1. d4 1-0", g, e), PgnStatus::GAME);
  EXPECT_NE(write_pgn(g).find("[Result \"1-0\"]"), std::string::npos);
  g.set_tag("Result", "0-1");  // a tag changed behind the result's back is not written
  EXPECT_NE(write_pgn(g).find("[Result \"1-0\"]"), std::string::npos);
  EXPECT_EQ(write_pgn(g).find("0-1"), std::string::npos);
}

// Tag names are PGN symbols: letters, digits and _+#=:- after a letter or digit.
TEST(PgnTolerant, TagNamesWithSymbolCharacters) {
  EXPECT_EQ(summary("[BlackType: \"program\"]\n[A_b+#=:-9 \"x\"]\n[1st \"y\"]\n\n1. e4 *"),
            (Lines{"GAME BlackType:=program A_b+#=:-9=x 1st=y Result=* | e4 | *"}));
  PgnGame g;
  PgnError e;
  ASSERT_EQ(read_pgn("[BlackType: \"program\"]\n\n1. e4 *", g, e), PgnStatus::GAME);
  const std::string written = write_pgn(g);
  EXPECT_NE(written.find("[BlackType: \"program\"]"), std::string::npos) << written;
  PgnGame again;
  ASSERT_EQ(read_pgn(written, again, e), PgnStatus::GAME);
  EXPECT_EQ(*again.tag("BlackType:"), "program");
  // A symbol starts with a letter or digit.
  EXPECT_EQ(summary("[_x \"v\"]\n\n1. e4 *"), (Lines{"ERROR 1:2 tag name expected after '['"}));
}

// After an error the reader skips the rest of the game (tokens, comments and variations
// respected) and reads the next one whole.
TEST(PgnTolerant, TheGameAfterAnErrorIsReadWhole) {
  // A variation never closed, then a game whose first tag is not Event, no blank line.
  EXPECT_EQ(summary("[Event \"A\"]\n\n1. e4 (1. d4 d5\n[White \"B\"]\n[Black \"C\"]\n\n1. d4 d5 *\n"),
            (Lines{"ERROR 3:7 variation not closed: '(' without ')'",
                   "GAME White=B Black=C Result=* | d4 d5 | *"}));
  // A comment holding a blank line and a '[' after the illegal move.
  EXPECT_EQ(
      summary("[Event \"A\"]\n\n1. e4 e5 2. Ke3 {a comment\n\n[%clk 0:01:00]} Nf6 1-0\n\n[Event \"B\"]\n\n"
              "1. d4 d5 *\n"),
      (Lines{"ERROR 3:13 illegal move \"Ke3\"", "GAME Event=B Result=* | d4 d5 | *"}));
  // The result, then the next game's tags at once, without Event.
  EXPECT_EQ(summary("[Event \"A\"]\n\n1. e4 e5 2. Ke3 Nf6 1-0\n[White \"B\"]\n\n1. d4 d5 *\n"),
            (Lines{"ERROR 3:13 illegal move \"Ke3\"", "GAME White=B Result=* | d4 d5 | *"}));
  // A result inside a variation of the broken game does not end it.
  EXPECT_EQ(summary("1. e4 e5 2. Ke3 (2. Nf3 1-0) Nf6 0-1\n1. c4 *\n"),
            (Lines{"ERROR 1:13 illegal move \"Ke3\"", "GAME Result=* | c4 | *"}));
  // A broken tag: the rest of its section and its movetext are skipped.
  EXPECT_EQ(summary("[Event \"A]\n[Site \"a\"]\n1. e4 e5 { [x] } 2. Nf3 *\n[Event \"B\"]\n\n1. d4 *\n"),
            (Lines{"ERROR 1:1 unterminated tag value", "GAME Event=B Result=* | d4 | *"}));
  // A broken header-only game before a good one.
  EXPECT_EQ(summary("[Event x]\n\n[Event \"B\"]\n\n1. d4 *\n"),
            (Lines{"ERROR 1:8 tag value must be in double quotes", "GAME Event=B Result=* | d4 | *"}));
  // An illegal move in the last game: nothing follows.
  EXPECT_EQ(summary("1. e4 *\n\n1. e4 e5 2. Ke4"),
            (Lines{"GAME Result=* | e4 | *", "ERROR 3:13 illegal move \"Ke4\""}));
}

// Games separated only by blank lines, without result markers, each with its tag section.
TEST(PgnTolerant, GamesWithoutResultMarkers) {
  EXPECT_EQ(summary("[Event \"A\"]\n\n1. e4 e5\n\n[Event \"B\"]\n\n1. d4 d5\n\n[Event \"C\"]\n1. c4\n"),
            (Lines{"GAME Event=A Result=* | e4 e5 | *", "GAME Event=B Result=* | d4 d5 | *",
                   "GAME Event=C Result=* | c4 | *"}));
}

// One blank line between tag pairs continues the section (ChessBase writes one after the
// Event tag); two blank lines or a repeated tag name after a blank line end it.
TEST(PgnTolerant, OneBlankLineInsideTheTagSection) {
  const std::vector<PgnGame> games = read_all(slurp("pgn/chessbase-blank-tag-line.pgn"));
  ASSERT_EQ(games.size(), 1u);
  std::string tags;
  for (const auto& [k, v] : games[0].tags) tags += k + "=" + v + ";";
  EXPECT_EQ(
      tags,
      "Event=AlphaZero vs. Stockfish;Date=2017.12.04;Round=1;White=AlphaZero;Black=Stockfish;Result=1-0;");
  EXPECT_EQ(games[0].mainline().size(), 119u);
  EXPECT_EQ(games[0].result, "1-0");
  EXPECT_EQ(summary("[Event \"A\"]\n\n[Site \"s\"]\n\n1. e4 *"),
            (Lines{"GAME Event=A Site=s Result=* | e4 | *"}));
  EXPECT_EQ(summary("[Event \"A\"]\r\n \t\r\n[Site \"s\"]\r\n1. e4 *"),
            (Lines{"GAME Event=A Site=s Result=* | e4 | *"}));
  // Two blank lines: two games.
  EXPECT_EQ(summary("[Event \"A\"]\n\n\n[Site \"s\"]\n\n1. e4 *"),
            (Lines{"GAME Event=A Result=* | | *", "GAME Site=s Result=* | e4 | *"}));
  // A repeated tag name after a blank line: the next game's section.
  EXPECT_EQ(summary("[Event \"A\"]\n[Site \"a\"]\n\n[Site \"b\"]\n\n1. e4 *"),
            (Lines{"GAME Event=A Site=a Result=* | | *", "GAME Site=b Result=* | e4 | *"}));
}

// A blank line after a main-line move ends the game, result or not (chessops's
// leading-whitespace.pgn: four games, the last without tags).
TEST(PgnTolerant, BlankLineAfterMovetextEndsTheGame) {
  const Lines games = summary(slurp("pgn/leading-whitespace.pgn"));
  EXPECT_EQ(games, (Lines{"GAME Variant=Standard Result=* | e4 e5 Nf3 Nc6 Bb5 | *",
                          "GAME Variant=Standard Result=* | e4 e5 Nf3 Nc6 Bb5 | *",
                          "GAME Variant=Standard Result=* | e4 e5 Nf3 Nc6 Bb5 | *",
                          "GAME Result=* | e4 e5 Nf3 Nc6 Bb5 | *"}));
  for (const PgnGame& g : read_all(slurp("pgn/leading-whitespace.pgn")))
    EXPECT_EQ(g.nodes[g.mainline().back()].comments_after.size(), 1u);
  // Without tags, blank lines of white space, CRLF.
  EXPECT_EQ(summary("1. e4 e5\r\n \r\n1. d4 d5\n\n\n1. c4"),
            (Lines{"GAME Result=* | e4 e5 | *", "GAME Result=* | d4 d5 | *", "GAME Result=* | c4 | *"}));
  // Not inside a variation, a comment, or before the first move.
  EXPECT_EQ(summary("{ intro }\n\n1. e4 (1. d4\n\nd5) e5 { a\n\nb } Nf3 *"),
            (Lines{"GAME Result=* | e4 e5 Nf3 | *"}));
  // After an illegal move, the rest of that game is skipped to the blank line.
  EXPECT_EQ(summary("1. e4 Ke3 Nf3\n\n1. d4 *"),
            (Lines{"ERROR 1:7 illegal move \"Ke3\"", "GAME Result=* | d4 | *"}));
  // A broken tag section before its movetext: the movetext is that game's, not a new one.
  EXPECT_EQ(summary("[Event x]\n\n1. e4 e5\n\n1. d4 *"),
            (Lines{"ERROR 1:8 tag value must be in double quotes", "GAME Result=* | d4 | *"}));
}

// Castling with zeros or dashes and results with dashes; the writer writes the standard form.
TEST(PgnTolerant, CastlingAndResultsWithDashes) {
  const std::string fen = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n";
  const char* const EN = "\xE2\x80\x93";     // U+2013
  const char* const EM = "\xE2\x80\x94";     // U+2014
  const char* const MINUS = "\xE2\x88\x92";  // U+2212
  const std::string half = "\xC2\xBD";       // ½
  struct Case {
    std::string movetext;
    const char* expected;
  };
  const Case cases[] = {
      {"1. 0-0-0 0-0 1-0", "O-O-O O-O | 1-0"},
      {std::string("1. 0") + EN + "0" + EN + "0 O" + EM + "O 1" + EM + "0", "O-O-O O-O | 1-0"},
      {std::string("1. O") + MINUS + "O o-o-o 0" + EN + "1", "O-O O-O-O | 0-1"},
      {"1. O-O+ O-O-O " + half + "-" + half, "O-O O-O-O | 1/2-1/2"},
      {std::string("1. O-O-O 0-0 1/2") + EN + "1/2", "O-O-O O-O | 1/2-1/2"},
      {"1. O-O-O 0-0 1/2", "O-O-O O-O | 1/2-1/2"},
  };
  for (const Case& c : cases) {
    const Lines got = summary(fen + c.movetext);
    ASSERT_EQ(got.size(), 1u) << c.movetext;
    EXPECT_NE(got[0].find(c.expected), std::string::npos) << c.movetext << " -> " << got[0];
    PgnGame g;
    PgnError e;
    ASSERT_EQ(read_pgn(fen + c.movetext, g, e), PgnStatus::GAME) << e.message;
    const std::string written = write_pgn(g);
    EXPECT_EQ(written.find('\xE2'), std::string::npos) << written;
    EXPECT_EQ(written.find("0-0"), std::string::npos) << written;
    EXPECT_NE(written.find(std::string("O-O-O")), std::string::npos) << written;
  }
}

// keep_partial_games: a game with a bad move comes back up to the move before it.
TEST(PgnTolerant, PartialGames) {
  const std::string text =
      "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Ke3 Nf6 1-0\n\n"
      "[Event \"B\"]\n\n1. d4 (1. e4 e5 2. Qxf7) d5 *\n\n"
      "[Event \"C\"]\n[FEN \"bad\"]\n\n1. e4 *\n\n"
      "[Event \"D\"]\n\n1. c4 *\n";
  EXPECT_EQ(
      summary(text, true),
      (Lines{
          "PARTIAL(4:41 illegal move \"Ke3\") Event=A Result=1-0 | e4 e5 Nf3 Nc6 | 1-0",
          "PARTIAL(8:20 illegal move \"Qxf7\") Event=B Result=* | d4 | *",
          "ERROR 10:1 invalid FEN tag: FEN must have 6 fields (or 4, without the move counters) separated by "
          "spaces",
          "GAME Event=D Result=* | c4 | *"}));
  // The variation read before the error is kept; its unfinished branch too.
  PgnReader reader(text);
  reader.keep_partial_games(true);
  PgnGame g;
  PgnError e;
  ASSERT_EQ(reader.read_game(g, e), PgnStatus::PARTIAL);
  ASSERT_EQ(reader.read_game(g, e), PgnStatus::PARTIAL);
  const PgnNode& d4 = g.nodes[g.mainline()[0]];
  EXPECT_EQ(d4.san, "d4");
  ASSERT_EQ(g.nodes[0].children.size(), 2u);
  const PgnNode& e4 = g.nodes[g.nodes[0].children[1]];
  EXPECT_EQ(e4.san, "e4");
  ASSERT_EQ(e4.children.size(), 1u);
  EXPECT_EQ(g.nodes[e4.children[0]].san, "e5");
  expect_round_trip(g, "partial game");
  // Without the option: errors.
  EXPECT_EQ(summary(text)[0], "ERROR 4:41 illegal move \"Ke3\"");
  // Errors in tags are no partial games.
  EXPECT_EQ(summary("[Event x]\n\n1. e4 *", true), (Lines{"ERROR 1:8 tag value must be in double quotes"}));
}

// PgnStyle::CHESS_JS: what chess.js 1.4's pgn() writes for the same game (the expected texts
// are chess.js's output); the chess.js facade's tests compare it at every width and newline.
TEST(PgnWriter, ChessJsLayout) {
  PgnGame g;
  PgnError e;
  ASSERT_EQ(read_pgn("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 17\"]\n\n"
                     "{set up} 17... Kd7 {a} 18. e4 Ke6 {long comment \xC3\xA9 \xF0\x9F\x98\x80 words} *",
                     g, e),
            PgnStatus::GAME)
      << e.message;
  g.tags = {{"Event", "?"},      {"Site", "?"},   {"Date", "????.??.??"}, {"Round", "?"},
            {"White", "?"},      {"Black", "?"},  {"Result", "*"},        {"SetUp", "1"},
            {"FEN", g.root_fen}, {"WhiteElo", ""}};  // an empty value is left out
  const std::string tags =
      "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
      "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 17\"]\n\n";
  PgnLayout layout;
  layout.style = PgnStyle::CHESS_JS;
  layout.wrap = false;
  EXPECT_EQ(write_pgn(g, layout),
            tags + "{set up} 17. ... Kd7 {a} 18. e4 Ke6 {long comment \xC3\xA9 \xF0\x9F\x98\x80 words} *");
  // chess.js's wrapping: widths in UTF-16 units (the emoji is two), a comment cut at its spaces
  layout.wrap = true;
  layout.max_width = 12;
  layout.newline = "<br />";
  std::string wrapped = tags;
  for (size_t at; (at = wrapped.find('\n')) != std::string::npos;) wrapped.replace(at, 1, "<br />");
  EXPECT_EQ(write_pgn(g, layout), wrapped +
                                      "{set up} 17.<br />... Kd7 {a}<br />18. e4 Ke6<br />{long<br />comment "
                                      "\xC3\xA9 \xF0\x9F\x98\x80<br />words} *");
  // a game without moves: no blank line, the result after a space
  PgnGame empty;
  empty.tags = {{"Event", "?"}};
  layout.wrap = false;
  layout.newline = "\n";
  EXPECT_EQ(write_pgn(empty, layout), "[Event \"?\"]\n *");
  // the start position, wrapped at 7: each unit on its line
  ASSERT_EQ(read_pgn("1. e4 e5 *", g, e), PgnStatus::GAME);
  g.tags.clear();
  layout.wrap = true;
  layout.max_width = 7;
  EXPECT_EQ(write_pgn(g, layout), "1. e4 e5\n*");
}

// PgnLayout for the export format: the newline and the width are the layout's.
TEST(PgnWriter, ExportLayout) {
  PgnGame g;
  PgnError e;
  ASSERT_EQ(
      read_pgn("[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 "
               "8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *",
               g, e),
      PgnStatus::GAME);
  const std::string usual = write_pgn(g);
  EXPECT_EQ(write_pgn(g, PgnLayout{}), usual);
  PgnLayout crlf;
  crlf.newline = "\r\n";
  std::string expected = usual;
  for (size_t at = 0; (at = expected.find('\n', at)) != std::string::npos; at += 2)
    expected.replace(at, 1, "\r\n");
  EXPECT_EQ(write_pgn(g, crlf), expected);
  PgnLayout one_line;
  one_line.wrap = false;
  const std::string line = write_pgn(g, one_line);
  const std::string movetext = line.substr(line.find("\n\n") + 2);
  EXPECT_EQ(movetext.find('\n'), movetext.size() - 1) << movetext;
  PgnLayout narrow;
  narrow.max_width = 20;
  const std::string text = write_pgn(g, narrow);
  for (size_t start = text.find("\n\n") + 2, end; (end = text.find('\n', start)) != std::string::npos;
       start = end + 1)
    EXPECT_LE(end - start, 20u) << text;
  PgnGame back;
  ASSERT_EQ(read_pgn(text, back, e), PgnStatus::GAME);
  EXPECT_EQ(write_pgn(back), usual);
}
