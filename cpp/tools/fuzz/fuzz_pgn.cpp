// chesswasm fuzzing — PGN reading over arbitrary bytes. Input: the PGN text.
// The reader always makes progress and ends; every game it returns is a well-formed tree
// whose moves replay legally from its root with the SAN and UCI it stores; writing the game
// and reading it back gives the same tree, comments, NAGs, result and tags, and writing that
// again gives the same text; its result is standard and equals its Result tag. The text is
// read again keeping partial games (each as well-formed as any game, and no fewer games), and
// with tiny limits (nodes, nesting, tags, token size), which must refuse cleanly.
// SPDX-License-Identifier: MIT
#include <string>
#include <vector>

#include "fuzz_common.h"
#include "notation.h"
#include "pgn.h"

using namespace cw;

namespace {

constexpr int MAX_GAMES = 64;  // per input (the reader is checked to progress anyway)

// The tree's shape: the root has no parent and no move; children point back to their
// parent and come after it.
void check_tree(const PgnGame& g) {
  CWFUZZ_CHECK(!g.nodes.empty(), "");
  CWFUZZ_CHECK(g.nodes[0].parent == -1 && g.nodes[0].move == MOVE_NONE, "");
  for (int i = 0; i < int(g.nodes.size()); ++i) {
    for (int c : g.nodes[i].children) {
      CWFUZZ_CHECK(c > i && c < int(g.nodes.size()), std::to_string(i) + " -> " + std::to_string(c));
      CWFUZZ_CHECK(g.nodes[c].parent == i, std::to_string(c));
    }
    if (i > 0) CWFUZZ_CHECK(g.nodes[i].parent >= 0 && g.nodes[i].parent < i, std::to_string(i));
  }
}

// Replays every node from the root (depth first, do/undo), checking legality, SAN and UCI.
void check_replay(const PgnGame& g) {
  Position pos;
  const FenError e = pos.set_fen(g.root_fen, g.variant);
  CWFUZZ_CHECK(e == FenError::OK, g.root_fen);
  const Key root_key = pos.key();
  struct Frame {
    int node;
    size_t next_child;
  };
  std::vector<Frame> stack{{0, 0}};
  while (!stack.empty()) {
    Frame& f = stack.back();
    const PgnNode& n = g.nodes[f.node];
    if (f.next_child == n.children.size()) {
      if (f.node != 0) {
        if (g.nodes[f.node].move == MOVE_NONE)
          pos.undo_null_move();
        else
          pos.undo_move();
      }
      stack.pop_back();
      continue;
    }
    const int c = n.children[f.next_child++];
    const PgnNode& child = g.nodes[c];
    if (child.move == MOVE_NONE) {
      CWFUZZ_CHECK(!pos.in_check(), "null move in check: " + pos.fen());
      CWFUZZ_CHECK(child.san == "--" && child.uci == "0000", child.san);
      pos.do_null_move();
    } else {
      CWFUZZ_CHECK(is_legal(pos, child.move), pos.fen() + " " + child.san);
      CWFUZZ_CHECK(move_to_san(pos, child.move) == child.san, pos.fen() + " " + child.san);
      CWFUZZ_CHECK(move_to_uci(pos, child.move) == child.uci, pos.fen() + " " + child.uci);
      pos.do_move(child.move);
    }
    stack.push_back({c, 0});
  }
  CWFUZZ_CHECK(pos.key() == root_key && pos.history_size() == 0, g.root_fen);
}

void check_same_game(const PgnGame& a, const PgnGame& b, const std::string& text) {
  CWFUZZ_CHECK(a.variant == b.variant, text);
  CWFUZZ_CHECK(a.root_fen == b.root_fen, a.root_fen + " vs " + b.root_fen + "\n" + text);
  CWFUZZ_CHECK(a.result == b.result, a.result + " vs " + b.result + "\n" + text);
  CWFUZZ_CHECK(a.nodes.size() == b.nodes.size(), text);
  // The trees are compared from the root, children in order (node numbers are the order the
  // reader met the nodes in, which a file with a variation nested before its sibling's
  // continuation numbers differently from the written form: the same tree).
  std::vector<std::pair<int, int>> stack{{0, 0}};
  while (!stack.empty()) {
    const auto [i, j] = stack.back();
    stack.pop_back();
    const PgnNode &x = a.nodes[size_t(i)], &y = b.nodes[size_t(j)];
    const std::string at = "node " + std::to_string(i) + "\n" + text;
    CWFUZZ_CHECK(x.move == y.move && x.children.size() == y.children.size(), at);
    CWFUZZ_CHECK(x.san == y.san && x.uci == y.uci, at);
    CWFUZZ_CHECK(x.comments_before == y.comments_before, at);
    CWFUZZ_CHECK(x.comments_after == y.comments_after, at);
    CWFUZZ_CHECK(x.nags == y.nags, at);
    for (size_t k = 0; k < x.children.size(); ++k) stack.push_back({x.children[k], y.children[k]});
  }
  for (const auto& [name, value] : a.tags) {
    // The writer derives these from the game (root_fen, variant, result, compared above),
    // normalising them: a FEN tag "8/8/8/8/8/8/8/N12KN2 ..." is written as "N3KN2".
    if (name == "FEN" || name == "SetUp" || name == "Variant" || name == "Result") continue;
    const std::string* v = b.tag(name);
    CWFUZZ_CHECK(v && *v == value, "tag " + name + "\n" + text);
  }
}

void check_round_trip(const PgnGame& game) {
  const std::string text = write_pgn(game);
  PgnGame again;
  PgnError error;
  const PgnStatus s = read_pgn(text, again, error);
  CWFUZZ_CHECK(s == PgnStatus::GAME, error.message + " at " + std::to_string(error.line) + ":" +
                                         std::to_string(error.column) + "\n" + text);
  check_same_game(game, again, text);
  for (const PgnNode& n : again.nodes) CWFUZZ_CHECK(n.leniency == 0, n.san + "\n" + text);
  const std::string text2 = write_pgn(again);
  CWFUZZ_CHECK(text2 == text, text + "\n---- written again ----\n" + text2);
}

// Reads every game of text (with keep_partial_games if partial); returns the number of
// games read.
int read_all(std::string_view text, const PgnLimits& limits, bool check_games, bool partial = false) {
  PgnReader reader(text, limits);
  reader.keep_partial_games(partial);
  PgnGame game;
  PgnError error;
  int games = 0;
  for (int i = 0; i < MAX_GAMES; ++i) {
    const size_t before = reader.offset();
    const PgnStatus s = reader.read_game(game, error);
    CWFUZZ_CHECK(reader.offset() <= text.size(), "offset past the end");
    if (s == PgnStatus::END) break;
    CWFUZZ_CHECK(reader.offset() > before, "the reader did not advance");
    CWFUZZ_CHECK(partial || s != PgnStatus::PARTIAL, "a partial game without keep_partial_games");
    if (s == PgnStatus::ERROR || s == PgnStatus::PARTIAL)
      CWFUZZ_CHECK(!error.message.empty() && error.line >= 1 && error.column >= 1, error.message);
    if (s == PgnStatus::ERROR) continue;
    ++games;
    // The result is a standard one, and the Result tag says the same.
    const std::string* result_tag = game.tag("Result");
    CWFUZZ_CHECK(result_tag && *result_tag == game.result, game.result);
    CWFUZZ_CHECK(
        game.result == "1-0" || game.result == "0-1" || game.result == "1/2-1/2" || game.result == "*",
        game.result);
    CWFUZZ_CHECK(int(game.nodes.size()) <= limits.max_nodes + 1, "node limit");
    CWFUZZ_CHECK(int(game.tags.size()) <= limits.max_tags, "tag limit");
    check_tree(game);
    if (check_games) {
      check_replay(game);
      check_round_trip(game);
    }
  }
  return games;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const int games = read_all(text, PgnLimits{}, true);
  // Partial games: at least as many games, each a well-formed tree that replays and round
  // trips like any other.
  CWFUZZ_CHECK(read_all(text, PgnLimits{}, true, true) >= games, "");
  PgnLimits tiny;
  tiny.max_nodes = 6;
  tiny.max_variation_depth = 2;
  tiny.max_tags = 3;
  tiny.max_token_bytes = 12;
  read_all(text, tiny, false);
  return 0;
}
