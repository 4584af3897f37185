// chesswasm tests — position.h: do_move/undo_move (null moves too) on known positions,
// long random playouts that check the incremental key and restore the exact FEN, and the
// check/attack queries (checkers, attackers_to, attacked_by, pinned, gives_check).
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "attacks.h"
#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "test_util.h"

using namespace cw;

namespace {

const char* const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

Bitboard squares(std::initializer_list<Square> sqs) {
  Bitboard b = 0;
  for (Square s : sqs) b |= square_bb(s);
  return b;
}

// Checkers recomputed from the board: enemy pieces attacking our king.
Bitboard expected_checkers(const Position& pos) {
  Color us = pos.side_to_move();
  return attackers_to(pos, pos.king_square(us)) & pos.pieces(~us);
}

// Plays UCI moves, failing the test on any that does not parse.
bool play(Position& pos, std::initializer_list<const char*> moves) {
  for (const char* u : moves) {
    Move m = parse_uci(pos, u);
    if (m == MOVE_NONE) {
      ADD_FAILURE() << u << " is not legal in " << pos.fen();
      return false;
    }
    pos.do_move(m);
  }
  return true;
}

std::string check_node(const Position& pos) {
  const char* why = nullptr;
  if (!pos.is_consistent(&why)) return std::string("inconsistent: ") + (why ? why : "?");
  if (pos.key() != pos.compute_key())
    return "key " + cwtest::hex(pos.key()) + " != scratch " + cwtest::hex(pos.compute_key());
  if (pos.checkers() != expected_checkers(pos)) return "checkers disagree with attackers_to";
  return "";
}

}  // namespace

// ---------------------------------------------------------------------------------------
// do_move / undo_move on known positions (expected FENs checked with Stockfish's `d`,
// except the en passant field, which FEN writes after every double push).

TEST(DoMove, SpecialMovesGiveTheExpectedFen) {
  struct Case {
    const char* fen;
    Variant variant;
    std::vector<const char*> moves;
    const char* after;
    bool check;
  };
  const Case cases[] = {
      {START, CHESS, {"e2e4"}, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false},
      {START, CHESS, {"g1f3", "g8f6"}, "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2", false},
      {KIWIPETE,
       CHESS,
       {"e1c1"},
       "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/2KR3R b kq - 1 1",
       false},
      {KIWIPETE,
       CHESS,
       {"e1g1", "h3g2"},
       "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPpP/R4RK1 w kq - 0 2",
       false},
      {KIWIPETE,
       CHESS,
       {"e1g1", "h3g2", "a2a4"},
       "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q2/1PPBBPpP/R4RK1 b kq a3 0 2",
       false},
      {KIWIPETE,
       CHESS,
       {"e1g1", "h3g2", "a2a4", "g2f1q"},
       "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q2/1PPBBP1P/R4qK1 w kq - 0 3",
       true},
      {KIWIPETE,
       CHESS,
       {"e2a6"},
       "r3k2r/p1ppqpb1/Bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPB1PPP/R3K2R b KQkq - 0 1",
       false},
      {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
       CHESS,
       {"e5f6"},
       "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
       false},
      {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", CHESS, {"e1g1"}, "5k2/8/8/8/8/8/8/5RK1 b - - 1 1", true},
      // Chess960: O-O-O with the king staying on c1; O-O with king and rook side by side.
      {"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
       CHESS960,
       {"c1a1"},
       "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/2KRR2Q b kq - 1 1",
       false},
      {"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", CHESS960, {"d1e1"}, "2r5/8/8/8/8/8/6PP/k4RK1 b - - 1 1", true},
  };
  for (const Case& c : cases) {
    Position pos;
    ASSERT_EQ(pos.set_fen(c.fen, c.variant), FenError::OK) << c.fen;
    std::vector<std::string> fens = {pos.fen()};
    for (const char* u : c.moves) {
      Move m = parse_uci(pos, u);
      ASSERT_NE(m, MOVE_NONE) << u << " in " << pos.fen();
      bool gives = pos.gives_check(m);
      pos.do_move(m);
      EXPECT_EQ(gives, pos.in_check()) << u << " in " << fens.back();
      EXPECT_EQ(pos.last_move(), m);
      EXPECT_EQ(check_node(pos), "") << u;
      fens.push_back(pos.fen());
    }
    EXPECT_EQ(pos.fen(), c.after) << c.fen;
    EXPECT_EQ(pos.in_check(), c.check) << c.after;
    for (size_t i = fens.size() - 1; i > 0; --i) {
      pos.undo_move();
      EXPECT_EQ(pos.fen(), fens[i - 1]);
      EXPECT_EQ(check_node(pos), "");
    }
    EXPECT_EQ(pos.history_size(), 0);
  }
}

TEST(DoMove, CapturedPieceAndHistory) {
  Position pos;
  ASSERT_EQ(pos.set_fen(KIWIPETE), FenError::OK);
  EXPECT_EQ(pos.history_size(), 0);
  ASSERT_TRUE(play(pos, {"e2a6"}));
  EXPECT_EQ(pos.captured_piece(), make_piece(BLACK, BISHOP));
  EXPECT_EQ(pos.history_size(), 1);
  ASSERT_TRUE(play(pos, {"b4c3"}));
  EXPECT_EQ(pos.captured_piece(), make_piece(WHITE, KNIGHT));
  EXPECT_EQ(pos.history_size(), 2);
  EXPECT_EQ(pos.state(1).captured, make_piece(BLACK, BISHOP));
  ASSERT_TRUE(play(pos, {"a1b1"}));
  EXPECT_EQ(pos.captured_piece(), NO_PIECE);
  EXPECT_FALSE(pos.can_castle(WHITE_OOO));
  EXPECT_TRUE(pos.can_castle(WHITE_OO));
  EXPECT_EQ(pos.game_ply(), 3);
  EXPECT_EQ(pos.fullmove_number(), 2);
}

// A rook captured on its corner takes the castling right with it.
TEST(DoMove, CapturingARookRemovesTheRight) {
  Position pos;
  ASSERT_EQ(pos.set_fen("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1"), FenError::OK);
  ASSERT_TRUE(play(pos, {"g2a8"}));
  EXPECT_EQ(pos.fen(), "B3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1");
  EXPECT_EQ(pos.key(), pos.compute_key());
}

TEST(NullMove, PassesTheTurnAndUndoes) {
  Position pos;
  ASSERT_EQ(pos.set_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"), FenError::OK);
  const std::string before = pos.fen();
  pos.do_null_move();
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(pos.ep_square(), SQ_NONE);
  EXPECT_EQ(pos.history_size(), 1);
  EXPECT_EQ(check_node(pos), "");
  // Moves can be made on top of a null move and everything unwinds.
  MoveList list;
  generate_legal(pos, list);
  ASSERT_GT(list.size(), 0);
  pos.do_move(list.moves[0]);
  EXPECT_EQ(check_node(pos), "");
  pos.undo_move();
  pos.undo_null_move();
  EXPECT_EQ(pos.fen(), before);
  EXPECT_EQ(check_node(pos), "");
}

// ---------------------------------------------------------------------------------------
// Random playouts: >= 100k plies in total, null moves mixed in, partial take-backs; after
// every do and every undo the incremental key equals the scratch key and the position is
// consistent; every undo restores the exact FEN; the root FEN comes back at the end.

TEST(Playout, RandomGamesKeepKeysAndRestoreFen) {
  std::vector<std::pair<std::string, Variant>> roots = {{START, CHESS}, {KIWIPETE, CHESS}};
  for (const auto& e : cwtest::load_epd("perft-tricky.epd")) roots.emplace_back(e.fen, CHESS);
  for (const auto& e : cwtest::load_epd("perft-cpw6.epd")) roots.emplace_back(e.fen, CHESS);
  for (const auto& e : cwtest::load_epd("perft-tricky-chess960.epd")) roots.emplace_back(e.fen, CHESS960);
  auto c960 = cwtest::load_epd("perft-chess960.epd");
  for (size_t i = 0; i < c960.size(); i += 8) roots.emplace_back(c960[i].fen, CHESS960);

  std::mt19937 rng(0xC0FFEE);
  long plies = 0, null_moves = 0, undos = 0, gives_check_checked = 0, games = 0;
  struct Frame {
    std::string fen;
    Key key;
    bool null;
  };
  while (plies < 110000) {
    const auto& [root_fen, variant] = roots[size_t(games) % roots.size()];
    ++games;
    Position pos;
    ASSERT_EQ(pos.set_fen(root_fen, variant), FenError::OK) << root_fen;
    const std::string root = pos.fen();
    std::vector<Frame> stack;
    int length = 20 + int(rng() % 200);
    for (int ply = 0; ply < length; ++ply) {
      // Now and then take back one to three plies.
      if (!stack.empty() && rng() % 10 == 0) {
        int back = 1 + int(rng() % 3);
        for (int k = 0; k < back && !stack.empty(); ++k) {
          if (stack.back().null)
            pos.undo_null_move();
          else
            pos.undo_move();
          ++undos;
          ASSERT_EQ(pos.fen(), stack.back().fen) << "undo in a game from " << root;
          ASSERT_EQ(pos.key(), stack.back().key);
          ASSERT_EQ(check_node(pos), "") << pos.fen();
          stack.pop_back();
        }
      }
      MoveList list;
      generate_legal(pos, list);
      if (list.size() == 0) break;
      if (pos.rule50() >= 100 && pos.history_size() > 0) break;
      // Every fifth ply: gives_check of every legal move agrees with making it.
      if (ply % 5 == 0) {
        for (Move m : list) {
          bool gives = pos.gives_check(m);
          pos.do_move(m);
          bool checked = pos.in_check();
          pos.undo_move();
          ASSERT_EQ(gives, checked) << pos.fen() << " move " << move_to_uci(pos, m);
          ++gives_check_checked;
        }
      }
      stack.push_back({pos.fen(), pos.key(), false});
      int rule50 = pos.rule50(), fullmove = pos.fullmove_number();
      Color us = pos.side_to_move();
      if (!pos.in_check() && rng() % 20 == 0) {
        pos.do_null_move();
        stack.back().null = true;
        ++null_moves;
        ASSERT_EQ(pos.side_to_move(), ~us);
        ASSERT_EQ(pos.last_move(), MOVE_NONE);
      } else {
        Move m = list.moves[rng() % unsigned(list.size())];
        bool resets = is_capture(m) || type_of(pos.piece_on(move_from(m))) == PAWN;
        pos.do_move(m);
        ASSERT_EQ(pos.side_to_move(), ~us);
        ASSERT_EQ(pos.last_move(), m);
        ASSERT_EQ(pos.rule50(), resets ? 0 : rule50 + 1) << stack.back().fen << " " << move_to_uci(pos, m);
        ASSERT_EQ(pos.fullmove_number(), fullmove + (us == BLACK ? 1 : 0));
      }
      ++plies;
      ASSERT_EQ(pos.history_size(), int(stack.size()));
      ASSERT_EQ(check_node(pos), "") << "after a move from " << stack.back().fen << ": " << pos.fen();
    }
    // Unmake everything.
    while (!stack.empty()) {
      if (stack.back().null)
        pos.undo_null_move();
      else
        pos.undo_move();
      ++undos;
      ASSERT_EQ(pos.fen(), stack.back().fen);
      ASSERT_EQ(pos.key(), stack.back().key);
      ASSERT_EQ(check_node(pos), "");
      stack.pop_back();
    }
    ASSERT_EQ(pos.fen(), root);
    ASSERT_EQ(pos.history_size(), 0);
  }
  std::cout << "  " << games << " games, " << plies << " plies (" << null_moves << " null), " << undos
            << " undos, gives_check checked on " << gives_check_checked << " moves\n";
  EXPECT_GE(plies, 100000);
  EXPECT_GT(null_moves, 1000);
}

// ---------------------------------------------------------------------------------------
// Queries

TEST(Queries, AttackersToAndIsAttacked) {
  Position pos;
  EXPECT_EQ(attackers_to(pos, SQ_F3), squares({SQ_G1, SQ_E2, SQ_G2}));
  EXPECT_EQ(attackers_to(pos, SQ_F6), squares({SQ_G8, SQ_E7, SQ_G7}));
  EXPECT_EQ(attackers_to(pos, SQ_E4), 0u);
  EXPECT_EQ(attackers_to(pos, SQ_D2), squares({SQ_B1, SQ_C1, SQ_D1, SQ_E1}));
  EXPECT_TRUE(attacked_by(pos, WHITE, SQ_F3));
  EXPECT_FALSE(attacked_by(pos, BLACK, SQ_F3));
  EXPECT_FALSE(attacked_by(pos, WHITE, SQ_E4));
  EXPECT_FALSE(attacked_by(pos, BLACK, SQ_E4));

  ASSERT_EQ(pos.set_fen("4k3/8/8/8/8/8/8/R3K1R1 w - - 0 1"), FenError::OK);
  EXPECT_EQ(attackers_to(pos, SQ_D1), squares({SQ_A1, SQ_E1}));
  // With the king lifted off the board the g1 rook sees d1 too (x-ray through e1).
  EXPECT_EQ(attackers_to(pos, SQ_D1, pos.pieces() ^ square_bb(SQ_E1)), squares({SQ_A1, SQ_E1, SQ_G1}));
  EXPECT_EQ(attackers_to(pos, SQ_E8), 0u);
  EXPECT_EQ(attackers_to(pos, SQ_E7), squares({SQ_E8}));

  // Both colours are reported; pawns attack diagonally forward only.
  ASSERT_EQ(pos.set_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"), FenError::OK);
  EXPECT_EQ(attackers_to(pos, SQ_D5), squares({SQ_E4}));
  EXPECT_EQ(attackers_to(pos, SQ_E4), squares({SQ_D5}));
  EXPECT_EQ(attackers_to(pos, SQ_D4), 0u);
  EXPECT_TRUE(attacked_by(pos, BLACK, SQ_C4));
  EXPECT_TRUE(attacked_by(pos, WHITE, SQ_F5));
}

TEST(Queries, PinnedAndBlockers) {
  Position pos;
  EXPECT_EQ(pos.pinned(WHITE), 0u);
  EXPECT_EQ(pos.blockers_for_king(BLACK), 0u);

  // Rook pins the e2 bishop to the white king.
  ASSERT_EQ(pos.set_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"), FenError::OK);
  EXPECT_EQ(pos.pinned(WHITE), squares({SQ_E2}));
  EXPECT_EQ(pos.blockers_for_king(WHITE), squares({SQ_E2}));
  EXPECT_EQ(pos.pinned(BLACK), 0u);

  // Bishop a5 pins the c3 pawn along the diagonal to e1; the queen h4 pins the f2 pawn.
  ASSERT_EQ(pos.set_fen("4k3/8/8/b7/7q/2P5/5P2/4K3 w - - 0 1"), FenError::OK);
  EXPECT_EQ(pos.pinned(WHITE), squares({SQ_C3, SQ_F2}));

  // Two pieces between: neither is pinned.
  ASSERT_EQ(pos.set_fen("4k3/4r3/4P3/8/4B3/8/8/4K3 w - - 0 1"), FenError::OK);
  EXPECT_EQ(pos.pinned(WHITE), 0u);
  EXPECT_EQ(pos.blockers_for_king(WHITE), 0u);

  // An enemy piece between an enemy slider and our king blocks (a discovered-check
  // candidate for the opponent) but is not pinned.
  ASSERT_EQ(pos.set_fen("4k3/4r3/8/8/4n3/8/8/4K3 b - - 0 1"), FenError::OK);
  EXPECT_EQ(pos.blockers_for_king(WHITE), squares({SQ_E4}));
  EXPECT_EQ(pos.pinned(WHITE), 0u);
  EXPECT_EQ(pos.pinned(BLACK), 0u);

  // A pinned piece only moves along the pin line (Stockfish: 8 moves, rook e2 stays on e).
  ASSERT_EQ(pos.set_fen("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1"), FenError::OK);
  EXPECT_EQ(pos.pinned(WHITE), squares({SQ_E2}));
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    if (move_from(m) == SQ_E2) {
      EXPECT_EQ(file_of(move_to(m)), 4) << move_to_uci(pos, m);
    }
  }
}

TEST(Queries, CheckersAndInCheck) {
  Position pos;
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(pos.checkers(), 0u);
  ASSERT_EQ(pos.set_fen("7k/8/4r3/8/8/5n2/8/4K3 w - - 0 1"), FenError::OK);
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(pos.checkers(), squares({SQ_E6, SQ_F3}));
  ASSERT_EQ(pos.set_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), FenError::OK);
  EXPECT_EQ(pos.checkers(), squares({SQ_H4}));
}

TEST(Queries, GivesCheckOnKnownMoves) {
  struct Case {
    const char* fen;
    Variant variant;
    const char* uci;
    bool check;
  };
  const Case cases[] = {
      {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", CHESS, "a7a8q", true},
      {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", CHESS, "a7a8r", true},
      {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", CHESS, "a7a8b", false},
      {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", CHESS, "a7a8n", false},
      {"8/P2k4/8/8/8/8/8/4K3 w - - 0 1", CHESS, "a7a8n", false},
      {"8/P7/1k6/8/8/8/8/4K3 w - - 0 1", CHESS, "a7a8n", true},
      // Discovered check: the knight leaves the e-file in front of the rook.
      {"4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", CHESS, "e2c3", true},
      {"4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", CHESS, "e2g3", true},
      {"4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", CHESS, "g1h2", false},
      // Castling: the rook lands on f1 and checks the king on f8.
      {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", CHESS, "e1g1", true},
      {"6k1/8/8/8/8/8/8/4K2R w K - 0 1", CHESS, "e1g1", false},
      {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", CHESS, "e1c1", true},
      // En passant that opens the rank between a rook and the king.
      {"8/8/8/r2pP2k/8/8/8/4K3 w - d6 0 1", CHESS, "e5d6", false},
      {"8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1", CHESS, "e5d6", true},
      // Chess960: king and rook swap sides; the rook on f1 checks f8.
      {"5k2/8/8/8/8/8/8/6KR w K - 0 1", CHESS960, "g1h1", true},
  };
  for (const Case& c : cases) {
    Position pos;
    ASSERT_EQ(pos.set_fen(c.fen, c.variant), FenError::OK) << c.fen;
    Move m = parse_uci(pos, c.uci);
    ASSERT_NE(m, MOVE_NONE) << c.uci << " in " << c.fen;
    EXPECT_EQ(pos.gives_check(m), c.check) << c.uci << " in " << c.fen;
    pos.do_move(m);
    EXPECT_EQ(pos.in_check(), c.check) << c.uci << " in " << c.fen;
  }
}

TEST(Queries, EpCapturable) {
  Position pos;
  EXPECT_FALSE(pos.ep_capturable());
  ASSERT_EQ(pos.set_fen("rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3"), FenError::OK);
  EXPECT_TRUE(pos.ep_capturable());
  ASSERT_EQ(pos.set_fen("rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq a3 0 1"), FenError::OK);
  EXPECT_FALSE(pos.ep_capturable());
}
