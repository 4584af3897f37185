// chesswasm tests — zobrist.h and Position::key(): the Polyglot Random64 table, the
// published Polyglot keys, and incremental keys along the games those keys come from.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "test_util.h"
#include "zobrist.h"

using namespace cw;
using cwtest::hex;

namespace {

std::vector<uint64_t> load_random64() {
  std::vector<uint64_t> keys;
  std::ifstream in(cwtest::data_path("polyglot-random64.txt"));
  std::string line;
  while (std::getline(in, line)) {
    std::string t = cwtest::trim(line);
    if (t.empty() || t[0] == '#') continue;
    keys.push_back(std::stoull(t, nullptr, 16));
  }
  return keys;
}

}  // namespace

TEST(Zobrist, Random64TableIsPolyglots) {
  std::vector<uint64_t> keys = load_random64();
  ASSERT_EQ(keys.size(), 781u);
  EXPECT_EQ(keys[0], 0x9D39247E33776D41ULL);  // first key of the Polyglot specification
  for (size_t i = 0; i < keys.size(); ++i) ASSERT_EQ(zobrist::RANDOM64[i], keys[i]) << "index " << i;
}

// Book order: kind = 2 * (type - 1) + (white ? 1 : 0), key index 64 * kind + square; then
// castling (white short, white long, black short, black long), en passant files, turn.
TEST(Zobrist, KeyAccessorsUseBookOrder) {
  for (int c = 0; c < 2; ++c)
    for (int pt = PAWN; pt <= KING; ++pt)
      for (int s = 0; s < 64; ++s) {
        int kind = 2 * (pt - 1) + (c == WHITE ? 1 : 0);
        ASSERT_EQ(zobrist::piece(make_piece(Color(c), PieceType(pt)), Square(s)),
                  zobrist::RANDOM64[64 * kind + s])
            << c << " " << pt << " " << s;
      }
  EXPECT_EQ(zobrist::castling(WHITE_OO), zobrist::RANDOM64[768]);
  EXPECT_EQ(zobrist::castling(WHITE_OOO), zobrist::RANDOM64[769]);
  EXPECT_EQ(zobrist::castling(BLACK_OO), zobrist::RANDOM64[770]);
  EXPECT_EQ(zobrist::castling(BLACK_OOO), zobrist::RANDOM64[771]);
  EXPECT_EQ(zobrist::castling(NO_CASTLING), 0u);
  EXPECT_EQ(zobrist::castling(ALL_CASTLING), zobrist::RANDOM64[768] ^ zobrist::RANDOM64[769] ^
                                                 zobrist::RANDOM64[770] ^ zobrist::RANDOM64[771]);
  for (int f = 0; f < 8; ++f) EXPECT_EQ(zobrist::en_passant(f), zobrist::RANDOM64[772 + f]);
  EXPECT_EQ(zobrist::turn(), zobrist::RANDOM64[780]);
}

// key() equals the published Polyglot key for every vector, and so does compute_key();
// reading the FEN as Chess960 does not change the key of a standard position.
TEST(Zobrist, PublishedPolyglotKeys) {
  std::vector<std::string> problems;
  auto vectors = cwtest::load_key_vectors(&problems);
  for (const auto& p : problems) ADD_FAILURE() << p;
  ASSERT_GE(vectors.size(), 30u);
  for (const auto& v : vectors) {
    for (Variant var : {CHESS, CHESS960}) {
      Position pos;
      ASSERT_EQ(pos.set_fen(v.fen, var), FenError::OK) << v.fen;
      EXPECT_EQ(hex(pos.key()), hex(v.key))
          << "tsv line " << v.line << ": " << v.fen << " (" << v.note << ")";
      EXPECT_EQ(hex(pos.compute_key()), hex(v.key)) << "tsv line " << v.line << ": " << v.fen;
    }
  }
}

TEST(Zobrist, StartPositionKey) {
  Position pos;
  EXPECT_EQ(pos.key(), 0x463b96181691fc9cULL);
}

// Polyglot hashes the en passant file only when a pawn of the side to move stands next to
// the pawn that just moved two squares — even if that capture is illegal (pinned pawn).
TEST(Zobrist, EnPassantFileHashedOnlyWhenAPawnIsAdjacent) {
  Position pos;
  ASSERT_EQ(pos.set_fen("rnbqk1nr/ppbp2pp/2p1p3/4Pp2/8/6K1/PPPP1PPP/RNBQ1BNR w kq f6 0 6"), FenError::OK);
  EXPECT_EQ(hex(pos.key()), "fb0b84a679dbd9e9");
  EXPECT_TRUE(pos.ep_capturable());
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) EXPECT_FALSE(is_en_passant(m)) << "exf6 is illegal: the e5 pawn is pinned";
  ASSERT_EQ(pos.set_fen("rnbqk1nr/ppbp2pp/2p1p3/4Pp2/8/6K1/PPPP1PPP/RNBQ1BNR w kq - 0 6"), FenError::OK);
  EXPECT_EQ(hex(pos.key()), "2befc6dc2ccf229b");
}

// Play the games the vectors come from: the incremental key after each move equals the
// published key (and the scratch key).
TEST(Zobrist, IncrementalKeysAlongPolyglotGames) {
  struct Step {
    const char* uci;
    const char* key;
  };
  struct Game {
    const char* name;
    std::vector<Step> steps;
  };
  const Game games[] = {
      {"spec",
       {{"e2e4", "823c9b50fd114196"},
        {"d7d5", "0756b94461c50fb0"},
        {"e4e5", "662fafb965db29d4"},
        {"f7f5", "22a48b5a8e47ff78"},
        {"e1e2", "652a607ca3f242c1"},
        {"e8f7", "00fdd303c946bdd9"}}},
      {"spec-2",
       {{"a2a4", "2df2e8f47b022952"},
        {"b7b5", "4df682e1e0af946f"},
        {"h2h4", "d1551ec84b90ed11"},
        {"b5b4", "b0982f168a89b452"},
        {"c2c4", "3c8123ea7b067637"},
        {"b4c3", "93d32682782edfae"},
        {"a1a3", "5c3f9b829b279560"}}},
      {"pinned-ep",
       {{"e2e4", "823c9b50fd114196"},
        {"c7c6", "104676bf8ad1922d"},
        {"e4e5", "713f60428ecfb449"},
        {"e7e6", "0748927396ed241b"},
        {"e1e2", "90223b2fee4c62d0"},
        {"f8d6", "347a56ad3156b3f4"},
        {"e2f3", "fd99a186650dc0d5"},
        {"d6c7", "4ebb3322fae16fb8"},
        {"f3g3", "bf80a04592470f45"},
        {"f7f5", "fb0b84a679dbd9e9"},
        {"h2h3", "c31c1b62ee6ceb69"},
        {"d7d5", "5aefe7a54e0035ee"},
        {"g3h2", "98e59eb813a84aa9"}}},
      {"promotion",
       {{"a2a4", "2df2e8f47b022952"},
        {"b7b5", "4df682e1e0af946f"},
        {"a4b5", "95c7e513cddb267b"},
        {"a7a6", "473014e02afbdea7"},
        {"b5a6", "35178841fc681940"},
        {"c8b7", "8587c0c58e3ab6db"}}},
  };
  for (const Game& g : games) {
    Position pos;
    std::vector<Key> keys = {pos.key()};
    for (const Step& s : g.steps) {
      Move m = parse_uci(pos, s.uci);
      ASSERT_NE(m, MOVE_NONE) << g.name << ": " << s.uci << " in " << pos.fen();
      pos.do_move(m);
      EXPECT_EQ(hex(pos.key()), s.key) << g.name << " after " << s.uci << ": " << pos.fen();
      EXPECT_EQ(hex(pos.compute_key()), s.key) << g.name << " after " << s.uci;
      keys.push_back(pos.key());
    }
    // Unmaking restores every earlier key.
    for (size_t i = keys.size() - 1; i > 0; --i) {
      EXPECT_EQ(pos.key(), keys[i]);
      pos.undo_move();
    }
    EXPECT_EQ(pos.key(), keys[0]);
    EXPECT_EQ(pos.key(), 0x463b96181691fc9cULL);
  }
}

// The key is a function of the position: transposed move orders meet with one key, and the
// side to move, castling rights and a hashable en passant file each change it.
TEST(Zobrist, TranspositionsAndStateBits) {
  auto play = [](std::initializer_list<const char*> moves) {
    Position pos;
    for (const char* u : moves) {
      Move m = parse_uci(pos, u);
      EXPECT_NE(m, MOVE_NONE) << u;
      if (m != MOVE_NONE) pos.do_move(m);
    }
    return pos;
  };
  Position a = play({"g1f3", "g8f6", "b1c3", "b8c6"});
  Position b = play({"b1c3", "b8c6", "g1f3", "g8f6"});
  EXPECT_EQ(a.key(), b.key());
  EXPECT_EQ(a.fen(), b.fen());
  // Knights out and back: same placement, same rights, key back to the start key.
  Position c = play({"g1f3", "g8f6", "f3g1", "f6g8"});
  EXPECT_EQ(c.key(), Position().key());

  Position w, bl;
  ASSERT_EQ(w.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), FenError::OK);
  ASSERT_EQ(bl.set_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1"), FenError::OK);
  EXPECT_EQ(w.key() ^ bl.key(), zobrist::turn());
  Position r1, r2;
  ASSERT_EQ(r1.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), FenError::OK);
  ASSERT_EQ(r2.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1"), FenError::OK);
  EXPECT_EQ(r1.key() ^ r2.key(), zobrist::castling(WHITE_OO | BLACK_OOO));
  Position e1, e2;
  ASSERT_EQ(e1.set_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), FenError::OK);
  ASSERT_EQ(e2.set_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1"), FenError::OK);
  EXPECT_EQ(e1.key() ^ e2.key(), zobrist::en_passant(3));
  // Counters are not hashed.
  Position n1, n2;
  ASSERT_EQ(n1.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), FenError::OK);
  ASSERT_EQ(n2.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 42 77"), FenError::OK);
  EXPECT_EQ(n1.key(), n2.key());
}

// Null moves flip the turn key (and drop a hashed en passant file), and undo restores it.
TEST(Zobrist, NullMoveKey) {
  Position pos;
  Key k0 = pos.key();
  pos.do_null_move();
  EXPECT_EQ(pos.key(), k0 ^ zobrist::turn());
  EXPECT_EQ(pos.key(), pos.compute_key());
  pos.undo_null_move();
  EXPECT_EQ(pos.key(), k0);
  ASSERT_EQ(pos.set_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"), FenError::OK);
  Key k1 = pos.key();
  pos.do_null_move();
  EXPECT_EQ(pos.ep_square(), SQ_NONE);
  EXPECT_EQ(pos.key(), k1 ^ zobrist::turn() ^ zobrist::en_passant(5));
  EXPECT_EQ(pos.key(), pos.compute_key());
  pos.undo_null_move();
  EXPECT_EQ(pos.key(), k1);
  EXPECT_EQ(pos.fen(), "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
}
