// chesswasm tests — shared helpers: where the data lives, EPD/TSV parsing, node budgets.
// SPDX-License-Identifier: MIT
#pragma once

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#ifndef CHESSWASM_TEST_DATA
#error "CHESSWASM_TEST_DATA must name the tests/data directory"
#endif

#include <gtest/gtest.h>

#include "notation.h"
#include "perft.h"
#include "position.h"

namespace cwtest {

// Full path of a file in tests/data.
inline std::string data_path(const std::string& name) {
  return std::string(CHESSWASM_TEST_DATA) + "/" + name;
}

inline std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

inline std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

// Whitespace-separated fields.
inline std::vector<std::string> fields(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  std::string f;
  while (in >> f) out.push_back(f);
  return out;
}

// One line of a perft file: `FEN ;D1 n ;D2 n ...`.
struct EpdEntry {
  std::string file;  // data file name
  int line = 0;      // 1-based line number
  std::string fen;
  std::vector<std::pair<int, uint64_t>> counts;  // (depth, nodes), in file order
  std::string where() const { return file + ":" + std::to_string(line) + " [" + fen + "]"; }
};

// Parses "D<depth> <count>"; false on anything else.
inline bool parse_depth_field(const std::string& raw, int& depth, uint64_t& count) {
  std::string f = trim(raw);
  if (f.size() < 2 || f[0] != 'D') return false;
  size_t i = 1;
  if (!std::isdigit(static_cast<unsigned char>(f[i]))) return false;
  uint64_t d = 0;
  while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i]))) {
    d = d * 10 + uint64_t(f[i] - '0');
    if (d > 1000) return false;
    ++i;
  }
  if (i == f.size() || !std::isspace(static_cast<unsigned char>(f[i]))) return false;
  while (i < f.size() && std::isspace(static_cast<unsigned char>(f[i]))) ++i;
  if (i == f.size()) return false;
  uint64_t n = 0;
  for (; i < f.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(f[i]))) return false;
    if (n > (UINT64_MAX - 9) / 10) return false;
    n = n * 10 + uint64_t(f[i] - '0');
  }
  depth = int(d);
  count = n;
  return true;
}

// Reads a perft file. Blank lines and lines starting with '#' are skipped. Every problem
// (unreadable file, malformed depth field, no counts, depths not increasing) is appended
// to problems; the well-formed parts of a line are still returned.
// Oddities that are not errors (a depth sequence with a gap, e.g. D1 D2 D32) go to notes.
inline std::vector<EpdEntry> load_epd(const std::string& name, std::vector<std::string>* problems = nullptr,
                                      std::vector<std::string>* notes = nullptr) {
  std::vector<EpdEntry> out;
  std::ifstream in(data_path(name));
  auto problem = [&](const std::string& p) {
    if (problems) problems->push_back(p);
  };
  if (!in) {
    problem("cannot open " + data_path(name));
    return out;
  }
  std::string line;
  int no = 0;
  while (std::getline(in, line)) {
    ++no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    std::vector<std::string> parts = split(t, ';');
    EpdEntry e;
    e.file = name;
    e.line = no;
    e.fen = trim(parts[0]);
    int last_depth = 0;
    for (size_t i = 1; i < parts.size(); ++i) {
      int d;
      uint64_t n;
      if (!parse_depth_field(parts[i], d, n)) {
        if (!trim(parts[i]).empty()) problem(e.where() + ": malformed field '" + parts[i] + "'");
        continue;
      }
      if (d <= last_depth) problem(e.where() + ": depth D" + std::to_string(d) + " not increasing");
      if (d != last_depth + 1 && last_depth != 0 && notes)
        notes->push_back(e.where() + ": depth jumps from D" + std::to_string(last_depth) + " to D" +
                         std::to_string(d));
      last_depth = d;
      e.counts.emplace_back(d, n);
    }
    if (e.counts.empty()) problem(e.where() + ": no perft counts");
    out.push_back(std::move(e));
  }
  return out;
}

// One line of polyglot-zobrist-vectors.tsv.
struct KeyVector {
  int line = 0;
  std::string fen;
  uint64_t key = 0;
  std::string note;
};

inline std::vector<KeyVector> load_key_vectors(std::vector<std::string>* problems = nullptr) {
  std::vector<KeyVector> out;
  std::ifstream in(data_path("polyglot-zobrist-vectors.tsv"));
  if (!in) {
    if (problems) problems->push_back("cannot open polyglot-zobrist-vectors.tsv");
    return out;
  }
  std::string line;
  int no = 0;
  while (std::getline(in, line)) {
    ++no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (trim(line).empty() || line[0] == '#') continue;
    std::vector<std::string> cols = split(line, '\t');
    if (no == 1 && cols[0] == "fen") continue;  // header
    if (cols.size() < 2) {
      if (problems) problems->push_back("tsv line " + std::to_string(no) + ": fewer than 2 columns");
      continue;
    }
    KeyVector v;
    v.line = no;
    v.fen = trim(cols[0]);
    v.note = cols.size() > 3 ? cols[3] : "";
    char* end = nullptr;
    std::string hex = trim(cols[1]);
    v.key = std::strtoull(hex.c_str(), &end, 16);
    if (hex.size() != 16 || *end != '\0') {
      if (problems) problems->push_back("tsv line " + std::to_string(no) + ": bad key '" + hex + "'");
      continue;
    }
    out.push_back(v);
  }
  return out;
}

// Node budgets. A perft line runs every listed depth whose count is <= the budget. Debug
// (sanitizer) builds are much slower, so they get smaller budgets; an environment
// variable overrides each one.
inline uint64_t env_budget(const char* name, uint64_t release_default, uint64_t debug_default) {
  if (const char* v = std::getenv(name)) {
    char* end = nullptr;
    unsigned long long n = std::strtoull(v, &end, 10);
    if (end != v) return n;
  }
#ifdef NDEBUG
  (void)debug_default;
  return release_default;
#else
  (void)release_default;
  return debug_default;
#endif
}

// Bulk-counting perft in the normal suite.
inline uint64_t perft_budget() { return env_budget("CHESSWASM_PERFT_NODES", 10'000'000, 300'000); }
// Perft without bulk counting (makes every leaf move) in the normal suite.
inline uint64_t perft_nobulk_budget() {
  return env_budget("CHESSWASM_PERFT_NOBULK_NODES", 1'000'000, 30'000);
}
// perft_checked (cross-checks at every node) in the normal suite.
inline uint64_t checked_budget() { return env_budget("CHESSWASM_CHECKED_NODES", 100'000, 20'000); }
// perft_checked is slow per node, so the normal suite checks every fourth line of the
// 480-line Chess960 file (all of them get plain perft; the Deep suite checks every line).
constexpr int CHECKED_STRIDE_960 = 4;
// The Deep suite: every count above the normal budget up to these. The 480-line Chess960
// file has most of the big counts, so it gets a budget of its own.
inline uint64_t deep_perft_budget() {
  return env_budget("CHESSWASM_DEEP_PERFT_NODES", 1'000'000'000, 20'000'000);
}
inline uint64_t deep_perft_budget_960() {
  return env_budget("CHESSWASM_DEEP_PERFT_NODES_960", 300'000'000, 2'000'000);
}
inline uint64_t deep_nobulk_budget() {
  return env_budget("CHESSWASM_DEEP_NOBULK_NODES", 50'000'000, 300'000);
}
inline uint64_t deep_checked_budget() {
  return env_budget("CHESSWASM_DEEP_CHECKED_NODES", 1'000'000, 200'000);
}

// Perft of every line of a perft file in tests/data under a rule set (Chess960 castling when
// chess960): each count in (min_nodes, max_nodes] is compared, depth 1 always when
// always_depth1; with bulk counting and, up to perft_nobulk_budget(), without it, or with the
// self-checking perft_checked when checked. Each FEN must load with the rule set and flag, and
// perft must leave the position as it was. The file has at least min_lines lines, and some
// count is compared unless the node range is empty.
struct EpdPerftRun {
  std::string file;
  cw::Variant variant = cw::CHESS;
  bool chess960 = false;
  size_t min_lines = 1;
  uint64_t min_nodes = 0;
  uint64_t max_nodes = 0;
  bool checked = false;
  bool always_depth1 = false;
};

inline void run_epd_perft(const EpdPerftRun& run) {
  std::vector<std::string> problems;
  auto entries = load_epd(run.file, &problems);
  ASSERT_TRUE(problems.empty()) << problems.front();
  ASSERT_GE(entries.size(), run.min_lines) << run.file;
  int ran = 0;
  for (const auto& e : entries) {
    cw::Position pos;
    const cw::FenError fe = pos.set_fen(e.fen, run.variant, run.chess960);
    ASSERT_EQ(fe, cw::FenError::OK) << e.where() << ": " << cw::fen_error_name(fe);
    ASSERT_EQ(pos.variant(), run.variant) << e.where();
    ASSERT_EQ(pos.chess960(), run.chess960) << e.where();
    const std::string before = pos.fen();
    for (auto [depth, count] : e.counts) {
      const bool in_range = count > run.min_nodes && count <= run.max_nodes;
      if (!in_range && !(run.always_depth1 && depth == 1)) continue;
      ++ran;
      if (run.checked) {
        std::string error;
        EXPECT_EQ(cw::perft_checked(pos, depth, error), count) << e.where() << " D" << depth;
        EXPECT_EQ(error, "") << e.where();
      } else {
        EXPECT_EQ(cw::perft(pos, depth, true), count) << e.where() << " D" << depth;
        if (count <= perft_nobulk_budget()) {
          EXPECT_EQ(cw::perft(pos, depth, false), count) << e.where() << " D" << depth << " (no bulk)";
        }
      }
      EXPECT_EQ(pos.fen(), before) << e.where() << " D" << depth << ": perft must restore the position";
    }
  }
  if (run.max_nodes > run.min_nodes || run.always_depth1) {
    EXPECT_GT(ran, 0) << run.file;
  }
}

// Plays a space-separated UCI line, failing the test on the first move that is not legal.
inline void play_uci_line(cw::Position& pos, const std::string& line) {
  std::istringstream in(line);
  std::string uci;
  while (in >> uci) {
    cw::Move m = cw::parse_uci(pos, uci);
    ASSERT_NE(m, cw::MOVE_NONE) << uci << " is not legal in " << pos.fen();
    pos.do_move(m);
  }
}

// Hex text of a key, for messages.
inline std::string hex(uint64_t k) {
  char buf[17];
  static const char* digits = "0123456789abcdef";
  for (int i = 15; i >= 0; --i) {
    buf[i] = digits[k & 15];
    k >>= 4;
  }
  buf[16] = '\0';
  return buf;
}

// Converts the castling field of a Shredder-FEN (file letters) to X-FEN: a right whose rook
// is the outermost rook on its side of the king is written K/Q (k/q), any other one keeps
// its file letter. Works from the FEN text alone, independently of the core.
inline std::string shredder_to_xfen(const std::string& fen) {
  std::vector<std::string> f = fields(fen);
  if (f.size() < 3 || f[2] == "-") return fen;
  std::vector<std::string> ranks = split(f[0], '/');
  if (ranks.size() != 8) return fen;
  auto expand = [](const std::string& r) {
    std::string s;
    for (char c : r) {
      if (std::isdigit(static_cast<unsigned char>(c)))
        s.append(size_t(c - '0'), '.');
      else
        s += c;
    }
    return s;
  };
  std::string white = expand(ranks[7]), black = expand(ranks[0]);
  std::string upper, lower;
  for (char c : f[2]) {
    bool is_white = std::isupper(static_cast<unsigned char>(c));
    const std::string& rank = is_white ? white : black;
    char king = is_white ? 'K' : 'k', rook = is_white ? 'R' : 'r';
    char lc = char(std::tolower(static_cast<unsigned char>(c)));
    if (lc < 'a' || lc > 'h' || rank.size() != 8) {
      (is_white ? upper : lower) += c;
      continue;
    }
    int file = lc - 'a';
    int kf = int(rank.find(king));
    bool king_side = file > kf;
    bool outermost = true;
    for (int x = king_side ? file + 1 : 0; x < (king_side ? 8 : file); ++x)
      if (rank[size_t(x)] == rook) outermost = false;
    char out = outermost ? (king_side ? 'K' : 'Q') : char(std::toupper(static_cast<unsigned char>(c)));
    if (!is_white) out = char(std::tolower(static_cast<unsigned char>(out)));
    (is_white ? upper : lower) += out;
  }
  f[2] = upper + lower;
  std::string r;
  for (size_t i = 0; i < f.size(); ++i) r += (i ? " " : "") + f[i];
  return r;
}

}  // namespace cwtest
