// chesswasm tests — cpp/wasm/handle.h: the handle of a JS Position. Its cached legal lists
// always equal a fresh generation (random games, play/undo at every depth, deep lines past
// the cache's ring, null moves, FEN replacement); refused calls change nothing; copies are
// independent.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "handle.h"
#include "movegen.h"
#include "notation.h"

using namespace cw;
using cw::wasm::Handle;
using cw::wasm::PlayStatus;

namespace {

std::vector<Move> fresh(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return {list.begin(), list.end()};
}

std::vector<Move> cached(Handle& h) {
  const cw::wasm::LegalMoves list = h.legal_moves();
  return {list.begin(), list.end()};
}

// Everything a refused call must leave alone.
struct Snapshot {
  std::string fen;
  Key key;
  int history;
  std::vector<Move> legal;
  bool operator==(const Snapshot&) const = default;
};
Snapshot snap(Handle& h) {
  return {h.position().fen(), h.position().key(), h.position().history_size(), cached(h)};
}

}  // namespace

TEST(Handle, StartsAtTheStartPosition) {
  Handle h;
  EXPECT_EQ(h.position().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(h.legal_moves().size(), 20);
  EXPECT_EQ(h.take_back(), -1);
}

// Random games with play, undo and replay at random: at every step the cached list is the
// generated one, and take_back returns the move played.
TEST(Handle, CacheAgreesWithGenerationInRandomGames) {
  std::mt19937 rng(20240601);
  for (int game = 0; game < 200; ++game) {
    Handle h;
    std::vector<Move> line;
    for (int step = 0; step < 300; ++step) {
      ASSERT_EQ(cached(h), fresh(h.position())) << h.position().fen();
      const cw::wasm::LegalMoves legal = h.legal_moves();
      bool back = !line.empty() && (legal.size() == 0 || rng() % 4 == 0);
      if (back) {
        ASSERT_EQ(h.take_back(), int(line.back()));
        line.pop_back();
        continue;
      }
      if (legal.size() == 0) break;
      Move m = legal.moves[rng() % legal.size()];
      ASSERT_EQ(h.play(m), PlayStatus::OK);
      line.push_back(m);
    }
  }
}

// A line longer than the ring of cached plies, taken back to the root and replayed
// differently: no list of an earlier ply may survive.
TEST(Handle, DeepLinesPastTheRing) {
  const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  Handle h;
  for (int i = 0; i < 4 * Handle::CACHE_PLIES + 3; ++i) {
    ASSERT_EQ(cached(h), fresh(h.position()));
    ASSERT_EQ(h.play(parse_uci(h.position(), cycle[i % 4])), PlayStatus::OK);
  }
  while (h.take_back() >= 0) ASSERT_EQ(cached(h), fresh(h.position()));
  // Same plies, other positions.
  const char* other[] = {"e2e4", "e7e5", "d2d4", "d7d5", "c2c4", "c7c5", "b2b4", "b7b5", "a2a4", "a7a5"};
  for (const char* u : other) {
    ASSERT_EQ(cached(h), fresh(h.position()));
    ASSERT_EQ(h.play(parse_uci(h.position(), u)), PlayStatus::OK) << u;
  }
  for (int i = 0; i < 10; ++i) {
    h.take_back();
    ASSERT_EQ(cached(h), fresh(h.position()));
  }
}

TEST(Handle, TenThousandPliesThenBack) {
  const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  Handle h;
  for (int i = 0; i < 10000; ++i) ASSERT_EQ(h.play(parse_uci(h.position(), cycle[i % 4])), PlayStatus::OK);
  EXPECT_EQ(h.position().history_size(), 10000);
  for (int i = 0; i < 10000; ++i) {
    ASSERT_GE(h.take_back(), 0);
    if (i % 997 == 0) {
      ASSERT_EQ(cached(h), fresh(h.position()));
    }
  }
  EXPECT_EQ(h.take_back(), -1);
  EXPECT_EQ(cached(h), fresh(h.position()));
}

TEST(Handle, RefusedCallsChangeNothing) {
  Handle h;
  ASSERT_EQ(h.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", CHESS), FenError::OK);
  Snapshot before = snap(h);
  for (int m : {-1, 0, 1, 0x10000, 0x7fffffff, int(make_move(SQ_E1, SQ_E2)) + 1}) {
    EXPECT_FALSE(h.is_legal(m)) << m;
    EXPECT_EQ(h.play(m), PlayStatus::ILLEGAL) << m;
    EXPECT_EQ(snap(h), before) << m;
  }
  EXPECT_EQ(h.set_fen("not a fen", CHESS), FenError::FIELD_COUNT);
  EXPECT_EQ(snap(h), before);
  // A null move in check is refused; out of check it is played and taken back (as 0).
  ASSERT_EQ(h.set_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1", CHESS), FenError::OK);
  Snapshot check = snap(h);
  EXPECT_EQ(h.play_null(), PlayStatus::ILLEGAL);
  EXPECT_EQ(snap(h), check);
  ASSERT_EQ(h.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", CHESS), FenError::OK);
  Snapshot quiet = snap(h);
  ASSERT_EQ(h.play_null(), PlayStatus::OK);
  EXPECT_EQ(h.position().side_to_move(), BLACK);
  EXPECT_EQ(cached(h), fresh(h.position()));
  EXPECT_EQ(h.take_back(), 0);
  EXPECT_EQ(snap(h), quiet);
}

TEST(Handle, SetFenDropsTheCache) {
  Handle h;
  EXPECT_EQ(h.legal_moves().size(), 20);
  ASSERT_EQ(h.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", CHESS), FenError::OK);
  EXPECT_EQ(cached(h), fresh(h.position()));
  // A replacement through replacing(): the cache is dropped with no call to remember.
  ASSERT_EQ(h.replacing([](Position& pos) { return pos.set_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", CHESS); }),
            FenError::OK);
  EXPECT_EQ(cached(h), fresh(h.position()));
  // A call that leaves the position as it was keeps the cache: the list is the same object.
  const Move* before = h.legal_moves().moves;
  const int ply = h.restoring([](Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    pos.do_move(list.moves[0]);
    pos.undo_move();
    return pos.history_size();
  });
  EXPECT_EQ(ply, 0);
  EXPECT_EQ(h.legal_moves().moves, before);
}

TEST(Handle, CopiesAreIndependent) {
  Handle a;
  ASSERT_EQ(a.play(parse_uci(a.position(), "e2e4")), PlayStatus::OK);
  Handle b = a;
  ASSERT_EQ(b.play(parse_uci(b.position(), "e7e5")), PlayStatus::OK);
  EXPECT_EQ(a.position().history_size(), 1);
  EXPECT_EQ(b.position().history_size(), 2);
  EXPECT_EQ(cached(a), fresh(a.position()));
  EXPECT_EQ(cached(b), fresh(b.position()));
  EXPECT_EQ(b.take_back(), int(parse_uci(a.position(), "e7e5")));
  EXPECT_EQ(b.position().fen(), a.position().fen());
}

// write_fen: what Position::fen() writes (the buffer grown when too small), whatever text set it.
TEST(Handle, WriteFenWritesThePosition) {
  std::vector<char> out(4);  // too small: grown
  auto written = [&out](const Handle& h, bool shredder) {
    const int n = h.write_fen(out, shredder);
    EXPECT_GE(n, 0);
    EXPECT_LE(size_t(n), out.size());
    return std::string(out.data(), size_t(n));
  };
  Handle h;
  EXPECT_EQ(written(h, false), START_FEN);
  const std::string kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  ASSERT_EQ(h.set_fen("  " + kiwi.substr(0, kiwi.size() - 4) + "  ", CHESS),
            FenError::OK);  // spaced, no counters
  EXPECT_EQ(written(h, false), kiwi);
  ASSERT_EQ(h.set_fen(kiwi, CHESS960), FenError::OK);
  EXPECT_EQ(written(h, false), kiwi);
  EXPECT_EQ(written(h, true), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w HAha - 0 1");
  ASSERT_EQ(h.play(int(h.legal_moves().moves[0])), PlayStatus::OK);
  EXPECT_EQ(written(h, false), h.position().fen());
  EXPECT_NE(written(h, false), kiwi);
}

TEST(Handle, WriteFenWithALegalEnPassantSquareOnly) {
  std::vector<char> out;
  Handle h;
  ASSERT_EQ(h.play(int(parse_uci(h.position(), "e2e4"))), PlayStatus::OK);
  const int all = h.write_fen(out, false);
  EXPECT_EQ(std::string(out.data(), size_t(all)),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  const int legal = h.write_fen(out, false, true);
  EXPECT_EQ(std::string(out.data(), size_t(legal)),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}
