// chesswasm tests — notation.h: SAN out (against chess.js and chessops data) and SAN in,
// strict and tolerant, with the leniency bits; garbage never crashes.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "test_util.h"

using namespace cw;
using cwtest::data_path;
using cwtest::fields;
using cwtest::split;

namespace {

Position at(const std::string& fen, Variant v = CHESS) {
  Position pos;
  EXPECT_EQ(pos.set_fen(fen, v), FenError::OK) << fen;
  return pos;
}

struct SanCase {
  int line;
  std::string fen;
  std::vector<std::string> sans;
  std::string name;
};

std::vector<SanCase> load_san_cases(const std::string& file) {
  std::ifstream in(data_path(file));
  EXPECT_TRUE(in) << file;
  std::vector<SanCase> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    auto cols = split(line, '\t');
    EXPECT_GE(cols.size(), 2u) << file << ":" << n;
    if (cols.size() < 2) continue;
    out.push_back({n, cols[0], fields(cols[1]), cols.size() > 2 ? cols[2] : ""});
  }
  return out;
}

// Our SAN of every legal move equals the oracle's set, and strict parsing of each oracle
// SAN names a move whose SAN is that text.
void check_san_file(const std::string& file, Variant v) {
  auto cases = load_san_cases(file);
  ASSERT_GT(cases.size(), 20u);
  for (const auto& c : cases) {
    Position pos = at(c.fen, v);
    std::vector<std::string> ours;
    legal_moves_san(pos, ours);
    std::vector<std::string> want = c.sans;
    std::sort(ours.begin(), ours.end());
    std::sort(want.begin(), want.end());
    EXPECT_EQ(ours, want) << file << ":" << c.line << " " << c.name << " [" << c.fen << "]";
    for (const auto& s : c.sans) {
      SanResult r = parse_san(pos, s, true);
      ASSERT_EQ(r.status, SanStatus::OK) << s << " [" << c.fen << "]";
      EXPECT_EQ(r.leniency, SAN_EXACT) << s;
      EXPECT_EQ(move_to_san(pos, r.move), s);
    }
    EXPECT_EQ(pos.fen(), at(c.fen, v).fen()) << "SAN must leave the position as it was";
  }
}

}  // namespace

TEST(San, MatchesChessJsOnHandPickedAndRandomPositions) { check_san_file("san/san-chess.tsv", CHESS); }

TEST(San, MatchesChessopsOnChess960) { check_san_file("san/san-chess960.tsv", CHESS960); }

TEST(San, DisambiguationKinds) {
  Position files = at("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  EXPECT_EQ(move_to_san(files, parse_uci(files, "b1d2")), "Nbd2");
  EXPECT_EQ(move_to_san(files, parse_uci(files, "f1d2")), "Nfd2");
  Position ranks = at("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
  EXPECT_EQ(move_to_san(ranks, parse_uci(ranks, "a1a3")), "R1a3");
  EXPECT_EQ(move_to_san(ranks, parse_uci(ranks, "a5a3")), "R5a3");
  Position both = at("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
  EXPECT_EQ(move_to_san(both, parse_uci(both, "a1b2")), "Qa1b2");
  // A pinned twin cannot go there, so it does not count.
  Position pinned = at("4k3/8/8/8/1b6/8/3N1N2/4K3 w - - 0 1");
  EXPECT_EQ(move_to_san(pinned, parse_uci(pinned, "f2e4")), "Ne4");
}

TEST(San, SpecialMoves) {
  Position promo = at("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(move_to_san(promo, parse_uci(promo, "b7b8q")), "b8=Q+");
  EXPECT_EQ(move_to_san(promo, parse_uci(promo, "b7b8n")), "b8=N");
  Position ep = at("3rkr2/5p2/1N6/3pP3/8/8/8/4R1K1 w - d6 0 1");
  EXPECT_EQ(move_to_san(ep, parse_uci(ep, "e5d6")), "exd6#");
  Position oo = at("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_EQ(move_to_san(oo, parse_uci(oo, "e1g1")), "O-O+");
  Position c960 = at("rk5r/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", CHESS960);
  EXPECT_EQ(move_to_san(c960, parse_uci(c960, "b1a1")), "O-O-O");
  EXPECT_EQ(move_to_san(c960, parse_uci(c960, "b1e1")), "O-O");
  Position start;
  EXPECT_EQ(move_to_san(start, MOVE_NONE), "--");
  const Position& cpos = start;  // the const overload works on a copy
  EXPECT_EQ(move_to_san(cpos, parse_uci(start, "g1f3")), "Nf3");
}

TEST(San, StrictAcceptsOnlyCanonical) {
  Position pos;
  EXPECT_EQ(parse_san(pos, "Nf3", true).status, SanStatus::OK);
  for (const char* s : {"Ng1f3", "g1f3", "Nf3+", "Nf3!", "Ng1-f3", "Pe4", "e2e4", "e2-e4"})
    EXPECT_EQ(parse_san(pos, s, true).status, SanStatus::SYNTAX) << s;
  EXPECT_EQ(parse_san(pos, "Nd2", true).status, SanStatus::ILLEGAL);
  EXPECT_EQ(parse_san(pos, "e5", true).status, SanStatus::ILLEGAL);
  Position files = at("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  EXPECT_EQ(parse_san(files, "Nd2", true).status, SanStatus::AMBIGUOUS);
  EXPECT_EQ(parse_san(files, "Nd2").status, SanStatus::AMBIGUOUS);
}

struct TolerantCase {
  const char* fen;
  const char* text;
  const char* uci;  // expected move, "" when refused
  SanStatus status;
  uint16_t leniency;
};

TEST(San, TolerantParsingReportsLeniency) {
  const char* S = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const char* CASTLE = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const char* PROMO = "1r4k1/P4ppp/8/8/8/8/8/4K3 w - - 0 1";
  const char* CAP = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  const char* RANKS = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
  const TolerantCase cases[] = {
      {S, "Nf3", "g1f3", SanStatus::OK, SAN_EXACT},
      {S, "Nf3+", "g1f3", SanStatus::OK, SAN_CHECK_SUFFIX},
      {S, "Nf3#", "g1f3", SanStatus::OK, SAN_CHECK_SUFFIX},
      {S, "Ng1f3", "g1f3", SanStatus::OK, SAN_DISAMBIGUATION},
      {S, "Ngf3", "g1f3", SanStatus::OK, SAN_DISAMBIGUATION},
      {S, "N1f3", "g1f3", SanStatus::OK, SAN_DISAMBIGUATION},
      {S, "g1f3", "g1f3", SanStatus::OK, SAN_LONG_ALGEBRAIC},
      {S, "Ng1-f3", "g1f3", SanStatus::OK, SAN_LONG_ALGEBRAIC},
      {S, "e2-e4", "e2e4", SanStatus::OK, SAN_LONG_ALGEBRAIC},
      {S, "e2e4", "e2e4", SanStatus::OK, SAN_LONG_ALGEBRAIC},
      {S, "Pe4", "e2e4", SanStatus::OK, SAN_PAWN_LETTER | SAN_SHORT_PAWN_LETTER},
      {S, "Nf3!", "g1f3", SanStatus::OK, SAN_ANNOTATION},
      {S, "Nf3?!", "g1f3", SanStatus::OK, SAN_ANNOTATION},
      {S, "Nf3+!!", "g1f3", SanStatus::OK, SAN_ANNOTATION | SAN_CHECK_SUFFIX},
      {S, "Nxf3", "g1f3", SanStatus::OK, SAN_CAPTURE_MARK | SAN_EXTRA_CAPTURE_MARK},
      {S, "Ng1xf3", "g1f3", SanStatus::OK, SAN_CAPTURE_MARK | SAN_DISAMBIGUATION},
      {CASTLE, "O-O", "e1g1", SanStatus::OK, SAN_EXACT},
      {CASTLE, "0-0", "e1g1", SanStatus::OK, SAN_ZERO_CASTLING},
      {CASTLE, "0-0-0", "e1c1", SanStatus::OK, SAN_ZERO_CASTLING},
      {CASTLE, "o-o", "e1g1", SanStatus::OK, SAN_ZERO_CASTLING | SAN_LOWER_CASE},
      {S, "Pe2-e4", "e2e4", SanStatus::OK, SAN_PAWN_LETTER | SAN_LONG_ALGEBRAIC},
      {S, "Pe2e4", "e2e4", SanStatus::OK, SAN_PAWN_LETTER | SAN_DISAMBIGUATION},
      {S, "Ngxf3", "g1f3", SanStatus::OK, SAN_CAPTURE_MARK | SAN_DISAMBIGUATION},
      {CASTLE, "O-O-O+", "e1c1", SanStatus::OK, SAN_CHECK_SUFFIX},
      {CASTLE, "e1g1", "e1g1", SanStatus::OK, SAN_LONG_ALGEBRAIC},
      {CASTLE, "e1h1", "e1g1", SanStatus::OK, SAN_LONG_ALGEBRAIC},
      {CASTLE, "Ke1g1", "e1g1", SanStatus::OK, SAN_LONG_ALGEBRAIC},
      {CASTLE, "Kg1", "", SanStatus::ILLEGAL, SAN_EXACT},
      {PROMO, "axb8=Q#", "a7b8q", SanStatus::OK, SAN_EXACT},
      {PROMO, "axb8Q", "a7b8q", SanStatus::OK, SAN_PROMOTION | SAN_CHECK_SUFFIX},
      {PROMO, "axb8=q#", "a7b8q", SanStatus::OK, SAN_PROMOTION | SAN_LOWER_CASE},
      {PROMO, "axb8q#", "a7b8q", SanStatus::OK, SAN_PROMOTION | SAN_LOWER_CASE},
      {PROMO, "a7b8n", "a7b8n", SanStatus::OK, SAN_LONG_ALGEBRAIC},
      {PROMO, "a8", "", SanStatus::ILLEGAL, SAN_EXACT},
      {PROMO, "a8=K", "", SanStatus::SYNTAX, SAN_EXACT},
      {CAP, "exd5", "e4d5", SanStatus::OK, SAN_EXACT},
      {CAP, "ed5", "e4d5", SanStatus::OK, SAN_CAPTURE_MARK},
      {CAP, "e:d5", "e4d5", SanStatus::OK, SAN_CAPTURE_MARK},
      {CAP, "d5", "", SanStatus::ILLEGAL, SAN_EXACT},
      {CAP, "xd5", "", SanStatus::SYNTAX, SAN_EXACT},
      {RANKS, "Ra3", "", SanStatus::AMBIGUOUS, SAN_EXACT},
      {RANKS, "Raa3", "", SanStatus::AMBIGUOUS, SAN_EXACT},
      {RANKS, "R1a3", "a1a3", SanStatus::OK, SAN_EXACT},
      {RANKS, "Ra1a3", "a1a3", SanStatus::OK, SAN_DISAMBIGUATION},
      {S, "", "", SanStatus::SYNTAX, SAN_EXACT},
      {S, "Zf3", "", SanStatus::SYNTAX, SAN_EXACT},
      {S, "N", "", SanStatus::SYNTAX, SAN_EXACT},
      {S, "Nf9", "", SanStatus::SYNTAX, SAN_EXACT},
      {S, "Nf3 ", "", SanStatus::SYNTAX, SAN_EXACT},
      {S, "--", "", SanStatus::SYNTAX, SAN_EXACT},
      {S, "O-O", "", SanStatus::ILLEGAL, SAN_EXACT},
  };
  for (const auto& c : cases) {
    Position pos = at(c.fen);
    SanResult r = parse_san(pos, c.text);
    EXPECT_EQ(r.status, c.status) << c.text << " [" << c.fen << "]";
    if (c.status == SanStatus::OK) {
      EXPECT_EQ(move_to_uci(pos, r.move), c.uci) << c.text;
      EXPECT_EQ(r.leniency, c.leniency) << c.text;
      // Strict mode refuses exactly the texts that needed a tolerance.
      SanResult s = parse_san(pos, c.text, true);
      EXPECT_EQ(s.status, c.leniency == SAN_EXACT ? SanStatus::OK : SanStatus::SYNTAX) << c.text;
    } else {
      EXPECT_EQ(r.move, MOVE_NONE) << c.text;
    }
  }
}

TEST(San, Chess960CastlingInput) {
  Position pos = at("rk5r/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", CHESS960);
  EXPECT_EQ(move_to_uci(pos, parse_san(pos, "O-O-O", true).move), "b1a1");
  EXPECT_EQ(move_to_uci(pos, parse_san(pos, "O-O", true).move), "b1e1");
  EXPECT_EQ(move_to_uci(pos, parse_san(pos, "b1e1").move), "b1e1");
  // c1 is an ordinary king move in this Chess960 position, not castling.
  EXPECT_EQ(move_to_uci(pos, parse_san(pos, "Kc1", true).move), "b1c1");
}

// Random strings (and mutations of real SAN) never crash and never return an illegal move.
TEST(San, GarbageNeverCrashes) {
  std::mt19937 rng(7);
  const std::string alphabet = "abcdefgh12345678NBRQKPxX=+#-!?O0o:. \t\xff";
  Position positions[] = {Position(),
                          at("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
                          at("1r4k1/P4ppp/8/8/8/8/8/4K3 w - - 0 1")};
  for (auto& pos : positions) {
    MoveList legal;
    generate_legal(pos, legal);
    for (int i = 0; i < 20000; ++i) {
      std::string s;
      int n = int(rng() % 12);
      for (int k = 0; k < n; ++k) s += alphabet[rng() % alphabet.size()];
      if (i % 3 == 0 && legal.size()) {
        s = move_to_san(pos, legal.moves[rng() % legal.size()]);
        if (!s.empty()) s[rng() % s.size()] = alphabet[rng() % alphabet.size()];
      }
      for (bool strict : {false, true}) {
        SanResult r = parse_san(pos, s, strict);
        if (r.status == SanStatus::OK)
          ASSERT_TRUE(legal.contains(r.move)) << s;
        else
          ASSERT_EQ(r.move, MOVE_NONE) << s;
      }
    }
    // Long inputs are refused without reading past their end.
    EXPECT_EQ(parse_san(pos, std::string(1000, 'N')).status, SanStatus::SYNTAX);
    EXPECT_EQ(parse_san(pos, std::string_view("e4", 1)).status, SanStatus::SYNTAX);
  }
}

TEST(San, StatusNames) {
  EXPECT_STREQ(san_status_name(SanStatus::OK), "OK");
  EXPECT_STREQ(san_status_name(SanStatus::SYNTAX), "SYNTAX");
  EXPECT_STREQ(san_status_name(SanStatus::ILLEGAL), "ILLEGAL");
  EXPECT_STREQ(san_status_name(SanStatus::AMBIGUOUS), "AMBIGUOUS");
}
