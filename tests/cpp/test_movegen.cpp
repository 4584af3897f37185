// chesswasm tests — movegen.h and perft.h: the public perft suites (tests/data/*.epd),
// perft with every node cross-checked, divide, and properties of the generated lists.
// Tests with "Deep" in their name run only in the long `deep` ctest label.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <random>
#include <set>

#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "position.h"
#include "test_util.h"

using namespace cw;
using cwtest::EpdEntry;

namespace {

Variant variant_of(const std::string& file) {
  return file.find("chess960") != std::string::npos ? CHESS960 : CHESS;
}

enum class Mode { BULK, NO_BULK, CHECKED };

const char* mode_name(Mode m) {
  return m == Mode::BULK ? "perft" : m == Mode::NO_BULK ? "perft(no bulk)" : "perft_checked";
}

// Runs every listed depth of every line of a perft file whose count lies in (lo, hi]. In the
// normal bulk-counting suite (lo == 0) the shallowest listed depth of each line always
// runs, so that lines which start deep are not skipped. Returns the number of nodes visited.
// With stride > 1 only every stride-th line runs.
uint64_t run_perft_file(const std::string& file, Variant v, Mode mode, uint64_t lo, uint64_t hi,
                        int stride = 1) {
  std::vector<std::string> problems;
  std::vector<EpdEntry> entries = cwtest::load_epd(file, &problems);
  EXPECT_FALSE(entries.empty()) << "no positions in " << file;
  for (const auto& p : problems) ADD_FAILURE() << p;
  int failures = 0;
  uint64_t nodes = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (size_t idx = 0; idx < entries.size(); idx += size_t(stride)) {
    const EpdEntry& e = entries[idx];
    Position pos;
    FenError err = pos.set_fen(e.fen, v);
    if (err != FenError::OK) {
      ADD_FAILURE() << e.where() << ": set_fen failed with " << fen_error_name(err);
      if (++failures > 10) break;
      continue;
    }
    const std::string fen_before = pos.fen();
    const Key key_before = pos.key();
    for (size_t i = 0; i < e.counts.size(); ++i) {
      auto [depth, expected] = e.counts[i];
      bool run = expected > lo && expected <= hi;
      if (mode == Mode::BULK && lo == 0 && i == 0) run = true;
      if (!run) continue;
      uint64_t got = 0;
      std::string error;
      switch (mode) {
        case Mode::BULK:
          got = perft(pos, depth, true);
          break;
        case Mode::NO_BULK:
          got = perft(pos, depth, false);
          break;
        case Mode::CHECKED:
          got = perft_checked(pos, depth, error);
          break;
      }
      nodes += expected;
      if (got != expected || !error.empty()) {
        ADD_FAILURE() << e.where() << ": " << mode_name(mode) << " depth " << depth << " expected "
                      << expected << " got " << got << (error.empty() ? "" : " error: " + error);
        ++failures;
      }
      if (pos.fen() != fen_before || pos.key() != key_before) {
        ADD_FAILURE() << e.where() << ": position not restored after " << mode_name(mode) << " depth "
                      << depth << ", now " << pos.fen();
        ++failures;
        break;
      }
      if (failures > 10) break;
    }
    if (failures > 10) {
      ADD_FAILURE() << "more than 10 failures in " << file << ", stopping";
      break;
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << "  " << file << ": " << mode_name(mode) << " " << nodes << " nodes in " << secs << " s ("
            << (secs > 0 ? double(nodes) / secs / 1e6 : 0.0) << " M nodes/s)\n";
  return nodes;
}

const char* const ALL_FILES[] = {"perft-standard.epd", "perft-tricky.epd", "perft-chess960.epd",
                                 "perft-tricky-chess960.epd", "perft-cpw6.epd"};

std::set<std::string> uci_set(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  std::set<std::string> out;
  for (Move m : list) out.insert(move_to_uci(pos, m));
  return out;
}

std::set<std::string> words(const std::string& s) {
  std::set<std::string> out;
  for (auto& w : cwtest::fields(s)) out.insert(w);
  return out;
}

// A varied set of positions: the roots of the small perft files, a slice of the big ones,
// and positions reached by short random playouts from them.
std::vector<std::pair<std::string, Variant>> sample_positions(int playouts_per_root, unsigned seed) {
  std::vector<std::pair<std::string, Variant>> roots;
  for (const char* f : ALL_FILES) {
    auto entries = cwtest::load_epd(f);
    size_t step = entries.size() > 40 ? entries.size() / 40 : 1;
    for (size_t i = 0; i < entries.size(); i += step) roots.emplace_back(entries[i].fen, variant_of(f));
  }
  std::mt19937 rng(seed);
  std::vector<std::pair<std::string, Variant>> out = roots;
  for (const auto& [fen, v] : roots) {
    for (int k = 0; k < playouts_per_root; ++k) {
      Position pos;
      if (pos.set_fen(fen, v) != FenError::OK) continue;
      int plies = 1 + int(rng() % 40);
      for (int p = 0; p < plies; ++p) {
        MoveList list;
        generate_legal(pos, list);
        if (list.size() == 0) break;
        pos.do_move(list.moves[rng() % unsigned(list.size())]);
      }
      out.emplace_back(pos.fen(), v);
    }
  }
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// The data files themselves.

TEST(DataFiles, PerftFilesParse) {
  for (const char* f : ALL_FILES) {
    std::vector<std::string> problems, notes;
    auto entries = cwtest::load_epd(f, &problems, &notes);
    EXPECT_FALSE(entries.empty()) << f;
    for (const auto& p : problems) ADD_FAILURE() << p;
    for (const auto& n : notes) std::cout << "  note: " << n << "\n";
    for (const auto& e : entries) EXPECT_EQ(cwtest::fields(e.fen).size(), 6u) << e.where();
  }
  // 128 lines, one of them commented out: an impossible position set-up refuses.
  EXPECT_EQ(cwtest::load_epd("perft-standard.epd").size(), 127u);
  EXPECT_EQ(cwtest::load_epd("perft-chess960.epd").size(), 480u);
}

// ---------------------------------------------------------------------------------------
// Perft suites, normal budget.

TEST(Perft, Standard) { run_perft_file("perft-standard.epd", CHESS, Mode::BULK, 0, cwtest::perft_budget()); }
TEST(Perft, Tricky) { run_perft_file("perft-tricky.epd", CHESS, Mode::BULK, 0, cwtest::perft_budget()); }
TEST(Perft, Chess960) {
  run_perft_file("perft-chess960.epd", CHESS960, Mode::BULK, 0, cwtest::perft_budget());
}
TEST(Perft, TrickyChess960) {
  run_perft_file("perft-tricky-chess960.epd", CHESS960, Mode::BULK, 0, cwtest::perft_budget());
}
TEST(Perft, Cpw6) { run_perft_file("perft-cpw6.epd", CHESS, Mode::BULK, 0, cwtest::perft_budget()); }

// Standard chess is a special case of Chess960: the same counts must come out when the
// standard positions are read as Chess960.
TEST(Perft, StandardReadAsChess960) {
  uint64_t budget = std::min<uint64_t>(cwtest::perft_budget(), 1'000'000);
  run_perft_file("perft-standard.epd", CHESS960, Mode::BULK, 0, budget);
  run_perft_file("perft-cpw6.epd", CHESS960, Mode::BULK, 0, budget);
  run_perft_file("perft-tricky.epd", CHESS960, Mode::BULK, 0, budget);
}

// Without bulk counting every leaf move is made and unmade.
TEST(Perft, NoBulkCounting) {
  for (const char* f : ALL_FILES)
    run_perft_file(f, variant_of(f), Mode::NO_BULK, 0, cwtest::perft_nobulk_budget());
}

TEST(Perft, DepthZeroIsOne) {
  Position pos;
  EXPECT_EQ(perft(pos, 0, true), 1u);
  EXPECT_EQ(perft(pos, 0, false), 1u);
  std::string error;
  EXPECT_EQ(perft_checked(pos, 0, error), 1u);
  EXPECT_EQ(error, "");
}

// ---------------------------------------------------------------------------------------
// perft_checked: has_legal_move vs the list, gives_check vs in_check after the move,
// captures vs the capture subset, incremental vs scratch key, consistency — at every node.

TEST(PerftChecked, Standard) {
  run_perft_file("perft-standard.epd", CHESS, Mode::CHECKED, 0, cwtest::checked_budget());
}
TEST(PerftChecked, Tricky) {
  run_perft_file("perft-tricky.epd", CHESS, Mode::CHECKED, 0, cwtest::checked_budget());
}
TEST(PerftChecked, Chess960) {
  run_perft_file("perft-chess960.epd", CHESS960, Mode::CHECKED, 0, cwtest::checked_budget(),
                 cwtest::CHECKED_STRIDE_960);
}
TEST(PerftChecked, TrickyChess960) {
  run_perft_file("perft-tricky-chess960.epd", CHESS960, Mode::CHECKED, 0, cwtest::checked_budget());
}
TEST(PerftChecked, Cpw6) {
  run_perft_file("perft-cpw6.epd", CHESS, Mode::CHECKED, 0, cwtest::checked_budget());
}

// ---------------------------------------------------------------------------------------
// Deep suite: the counts above the normal budget.

TEST(PerftDeep, Standard) {
  run_perft_file("perft-standard.epd", CHESS, Mode::BULK, cwtest::perft_budget(),
                 cwtest::deep_perft_budget());
}
TEST(PerftDeep, Tricky) {
  run_perft_file("perft-tricky.epd", CHESS, Mode::BULK, cwtest::perft_budget(), cwtest::deep_perft_budget());
}
TEST(PerftDeep, Chess960) {
  run_perft_file("perft-chess960.epd", CHESS960, Mode::BULK, cwtest::perft_budget(),
                 cwtest::deep_perft_budget_960());
}
TEST(PerftDeep, TrickyChess960) {
  run_perft_file("perft-tricky-chess960.epd", CHESS960, Mode::BULK, cwtest::perft_budget(),
                 cwtest::deep_perft_budget());
}
TEST(PerftDeep, Cpw6) {
  run_perft_file("perft-cpw6.epd", CHESS, Mode::BULK, cwtest::perft_budget(), cwtest::deep_perft_budget());
}
// The big Chess960 file is left out of the slow modes below (its bulk counts cover it;
// perft_checked runs on all of its lines at the normal budget).
TEST(PerftDeep, NoBulkCounting) {
  for (const char* f : ALL_FILES)
    if (std::string(f) != "perft-chess960.epd")
      run_perft_file(f, variant_of(f), Mode::NO_BULK, cwtest::perft_nobulk_budget(),
                     cwtest::deep_nobulk_budget());
}
TEST(PerftCheckedDeep, AllFiles) {
  for (const char* f : ALL_FILES)
    if (std::string(f) != "perft-chess960.epd")
      run_perft_file(f, variant_of(f), Mode::CHECKED, cwtest::checked_budget(),
                     cwtest::deep_checked_budget());
}
// Every line of the Chess960 file at the normal checked budget.
TEST(PerftCheckedDeep, Chess960EveryLine) {
  run_perft_file("perft-chess960.epd", CHESS960, Mode::CHECKED, 0, cwtest::checked_budget());
}

// ---------------------------------------------------------------------------------------
// Hand-made positions; every count comes from Stockfish (`go perft N`).

TEST(Movegen, DoubleCheckOnlyKingMoves) {
  Position pos;
  // Ne5-f3 uncovered the rook (rook e5 with a knight on d3, as this test had before, is a
  // double check no move gives: set-up refuses it).
  ASSERT_EQ(pos.set_fen("7k/8/4r3/8/8/5n2/8/4K3 w - - 0 1"), FenError::OK);
  EXPECT_EQ(pos.checkers(), square_bb(SQ_E6) | square_bb(SQ_F3));
  EXPECT_EQ(uci_set(pos), words("e1d1 e1f1 e1f2"));
  EXPECT_EQ(perft(pos, 3), 234u);
}

TEST(Movegen, CheckmateAndStalemateHaveNoMoves) {
  Position pos;
  ASSERT_EQ(pos.set_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), FenError::OK);
  EXPECT_TRUE(pos.in_check());
  EXPECT_FALSE(has_legal_move(pos));
  EXPECT_EQ(count_legal_moves(pos), 0);
  EXPECT_EQ(perft(pos, 1), 0u);
  EXPECT_EQ(perft(pos, 3), 0u);
  ASSERT_EQ(pos.set_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), FenError::OK);
  EXPECT_FALSE(pos.in_check());
  EXPECT_FALSE(has_legal_move(pos));
  EXPECT_EQ(count_legal_moves(pos), 0);
  EXPECT_EQ(perft(pos, 2, false), 0u);
}

TEST(Movegen, PromotionsWithAndWithoutCapture) {
  Position pos;
  ASSERT_EQ(pos.set_fen("3r4/4P1k1/8/8/8/8/8/4K3 w - - 0 1"), FenError::OK);
  EXPECT_EQ(uci_set(pos), words("e7d8q e7d8r e7d8b e7d8n e7e8q e7e8r e7e8b e7e8n e1f2 e1f1 e1e2"));
  MoveList caps;
  generate_captures(pos, caps);
  EXPECT_EQ(caps.size(), 4);
  for (Move m : caps) {
    EXPECT_TRUE(is_promotion(m));
    EXPECT_TRUE(is_capture(m));
    EXPECT_EQ(move_to(m), SQ_D8);
  }
}

TEST(Movegen, StartPositionMovesMatchStockfish) {
  Position pos;
  EXPECT_EQ(uci_set(pos), words("a2a3 b2b3 c2c3 d2d3 e2e3 f2f3 g2g3 h2h3 a2a4 b2b4 c2c4 d2d4 e2e4 f2f4 g2g4 "
                                "h2h4 b1a3 b1c3 g1f3 g1h3"));
  MoveList caps;
  generate_captures(pos, caps);
  EXPECT_EQ(caps.size(), 0);
}

// Chess960: king on c1, rooks on a1 and e1. O-O-O leaves the king where it is (c1a1).
TEST(Movegen, Chess960CastlingMovesMatchStockfish) {
  Position pos;
  ASSERT_EQ(pos.set_fen("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", CHESS960), FenError::OK);
  EXPECT_EQ(uci_set(pos), words("a2a3 c2c3 d2d3 e2e3 g2g3 h2h3 a2a4 c2c4 d2d4 e2e4 g2g4 h2h4 a1b1 e1d1 e1f1 "
                                "e1g1 h1f1 h1g1 c1b1 c1d1 c1b2 c1e1 c1a1"));
  ASSERT_EQ(pos.set_fen("2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", CHESS960), FenError::OK);
  EXPECT_EQ(uci_set(pos), words("g2g3 h2h3 g2g4 h2h4 e1f1 e1g1 e1h1 e1e2 e1e3 e1e4 e1e5 e1e6 e1e7 e1e8 d1e1 "
                                "d1e2 d1d2"));
}

// ---------------------------------------------------------------------------------------
// divide

TEST(Divide, KiwipeteMatchesStockfish) {
  const char* expected =
      "a2a3:44 b2b3:42 g2g3:42 d5d6:41 a2a4:44 g2g4:42 g2h3:43 d5e6:46 c3b1:42 c3d1:42 c3a4:42 c3b5:39 "
      "e5d3:43 "
      "e5c4:42 e5g4:44 e5c6:41 e5g6:42 e5d7:45 e5f7:44 d2c1:43 d2e3:43 d2f4:43 d2g5:42 d2h6:41 e2d1:44 "
      "e2f1:44 "
      "e2d3:42 e2c4:41 e2b5:39 e2a6:36 a1b1:43 a1c1:43 a1d1:43 h1f1:43 h1g1:43 f3d3:42 f3e3:43 f3g3:43 "
      "f3h3:43 "
      "f3f4:43 f3g4:43 f3f5:45 f3h5:43 f3f6:39 e1d1:43 e1f1:43 e1g1:43 e1c1:43";
  std::map<std::string, uint64_t> want;
  for (const auto& w : cwtest::fields(expected)) {
    auto colon = w.find(':');
    want[w.substr(0, colon)] = std::stoull(w.substr(colon + 1));
  }
  Position pos;
  ASSERT_EQ(pos.set_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            FenError::OK);
  std::map<std::string, uint64_t> got;
  uint64_t total = 0;
  for (auto [m, n] : divide(pos, 2)) {
    got[move_to_uci(pos, m)] = n;
    total += n;
  }
  EXPECT_EQ(got, want);
  EXPECT_EQ(total, 2039u);
}

TEST(Divide, Chess960MatchesStockfish) {
  const char* expected =
      "a2a3:23 c2c3:23 d2d3:23 e2e3:23 g2g3:22 h2h3:23 a2a4:23 c2c4:23 d2d4:23 e2e4:23 g2g4:22 h2h4:23 "
      "a1b1:21 "
      "e1d1:23 e1f1:22 e1g1:23 h1f1:22 h1g1:23 c1b1:23 c1d1:23 c1b2:23 c1e1:22 c1a1:23";
  std::map<std::string, uint64_t> want;
  for (const auto& w : cwtest::fields(expected)) {
    auto colon = w.find(':');
    want[w.substr(0, colon)] = std::stoull(w.substr(colon + 1));
  }
  Position pos;
  ASSERT_EQ(pos.set_fen("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", CHESS960), FenError::OK);
  std::map<std::string, uint64_t> got;
  for (auto [m, n] : divide(pos, 2)) got[move_to_uci(pos, m)] = n;
  EXPECT_EQ(got, want);
}

TEST(Divide, SumsToPerftAndListsEveryLegalMove) {
  for (const auto& [fen, v] : sample_positions(0, 1)) {
    Position pos;
    ASSERT_EQ(pos.set_fen(fen, v), FenError::OK) << fen;
    MoveList list;
    generate_legal(pos, list);
    for (int depth : {1, 2}) {
      auto d = divide(pos, depth);
      ASSERT_EQ(int(d.size()), list.size()) << fen;
      uint64_t sum = 0;
      for (size_t i = 0; i < d.size(); ++i) {
        EXPECT_EQ(d[i].first, list.moves[i]) << fen << " (divide keeps generation order)";
        sum += d[i].second;
      }
      EXPECT_EQ(sum, perft(pos, depth)) << fen;
      if (depth == 1) {
        for (auto& [m, n] : d) EXPECT_EQ(n, 1u) << fen;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------
// Properties of the generated lists, over many positions.

TEST(Movegen, IsLegalAgreesWithListForEvery16BitValue) {
  auto positions = sample_positions(1, 2);
  for (const auto& [fen, v] : positions) {
    Position pos;
    ASSERT_EQ(pos.set_fen(fen, v), FenError::OK) << fen;
    const std::string fen_before = pos.fen();
    MoveList list;
    generate_legal(pos, list);
    std::vector<bool> legal(65536, false);
    for (Move m : list) legal[m] = true;
    int mismatches = 0;
    for (uint32_t m = 0; m < 65536; ++m) {
      if (is_legal(pos, Move(m)) != legal[m]) {
        ADD_FAILURE() << fen << ": is_legal(" << m << " = " << square_name(move_from(Move(m)))
                      << square_name(move_to(Move(m))) << " flag " << int(move_flag(Move(m))) << ") is "
                      << !legal[m];
        if (++mismatches > 5) break;
      }
    }
    ASSERT_EQ(pos.fen(), fen_before);
    if (mismatches) break;
  }
}

TEST(Movegen, ListsAreConsistent) {
  for (const auto& [fen, v] : sample_positions(4, 3)) {
    Position pos;
    ASSERT_EQ(pos.set_fen(fen, v), FenError::OK) << fen;
    MoveList list, caps;
    generate_legal(pos, list);
    generate_captures(pos, caps);
    EXPECT_EQ(count_legal_moves(pos), list.size()) << fen;
    EXPECT_EQ(has_legal_move(pos), list.size() > 0) << fen;
    std::set<Move> unique(list.begin(), list.end());
    EXPECT_EQ(int(unique.size()), list.size()) << fen << ": duplicate moves";
    EXPECT_EQ(unique.count(MOVE_NONE), 0u) << fen;
    std::set<Move> want_caps;
    for (Move m : list)
      if (is_capture(m)) want_caps.insert(m);
    std::set<Move> got_caps(caps.begin(), caps.end());
    EXPECT_EQ(int(got_caps.size()), caps.size()) << fen << ": duplicate captures";
    EXPECT_EQ(got_caps, want_caps) << fen;
    // The templated generator writes the same moves.
    Move raw[MAX_MOVES];
    Move* end = generate<LEGAL>(pos, raw);
    EXPECT_EQ(std::set<Move>(raw, end), unique) << fen;
    end = generate<CAPTURES>(pos, raw);
    EXPECT_EQ(std::set<Move>(raw, end), want_caps) << fen;
  }
}

// Every move's flags describe what is on the board.
TEST(Movegen, MoveFlagsDescribeTheBoard) {
  for (const auto& [fen, v] : sample_positions(4, 4)) {
    Position pos;
    ASSERT_EQ(pos.set_fen(fen, v), FenError::OK) << fen;
    Color us = pos.side_to_move();
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list) {
      Square from = move_from(m), to = move_to(m);
      Piece moving = pos.piece_on(from), target = pos.piece_on(to);
      std::string what =
          fen + " move " + square_name(from) + square_name(to) + " flag " + std::to_string(int(move_flag(m)));
      ASSERT_NE(from, to) << what;
      ASSERT_NE(moving, NO_PIECE) << what;
      EXPECT_EQ(color_of(moving), us) << what;
      bool last_rank = relative_rank(us, to) == 7;
      switch (move_flag(m)) {
        case CASTLE_KING:
        case CASTLE_QUEEN:
          EXPECT_EQ(type_of(moving), KING) << what;
          EXPECT_EQ(target, make_piece(us, ROOK)) << what;
          EXPECT_EQ(rank_of(from), rank_of(to)) << what;
          EXPECT_EQ(move_flag(m) == CASTLE_KING, file_of(to) > file_of(from)) << what;
          break;
        case EN_PASSANT:
          EXPECT_EQ(type_of(moving), PAWN) << what;
          EXPECT_EQ(to, pos.ep_square()) << what;
          EXPECT_EQ(target, NO_PIECE) << what;
          break;
        case DOUBLE_PUSH:
          EXPECT_EQ(type_of(moving), PAWN) << what;
          EXPECT_EQ(relative_rank(us, from), 1) << what;
          EXPECT_EQ(int(to) - int(from), 2 * pawn_push(us)) << what;
          EXPECT_EQ(target, NO_PIECE) << what;
          break;
        default:
          if (is_capture(m)) {
            ASSERT_NE(target, NO_PIECE) << what;
            EXPECT_NE(color_of(target), us) << what;
            EXPECT_NE(type_of(target), KING) << what;
          } else {
            EXPECT_EQ(target, NO_PIECE) << what;
          }
          if (is_promotion(m)) {
            EXPECT_EQ(type_of(moving), PAWN) << what;
            EXPECT_TRUE(last_rank) << what;
            PieceType pt = promotion_type(m);
            EXPECT_TRUE(pt == KNIGHT || pt == BISHOP || pt == ROOK || pt == QUEEN) << what;
          } else if (type_of(moving) == PAWN) {
            EXPECT_FALSE(last_rank) << what << ": pawn reaches the last rank without promoting";
          }
      }
    }
  }
}

// A pawn that can promote offers all four pieces, with and without capture.
TEST(Movegen, PromotionsComeInFours) {
  for (const auto& [fen, v] : sample_positions(4, 5)) {
    Position pos;
    ASSERT_EQ(pos.set_fen(fen, v), FenError::OK) << fen;
    MoveList list;
    generate_legal(pos, list);
    std::map<std::pair<int, int>, std::set<PieceType>> promos;
    for (Move m : list)
      if (is_promotion(m)) promos[{move_from(m), move_to(m)}].insert(promotion_type(m));
    for (auto& [ft, types] : promos)
      EXPECT_EQ(types, (std::set<PieceType>{KNIGHT, BISHOP, ROOK, QUEEN})) << fen;
  }
}
