// chesswasm tests — Setup (cpp/core/setup.h): FEN syntax and writing, the set of validity
// verdicts, building positions (set_fen's one code path), and boards without kings: move
// generation against the naive model of naive_board.h (pseudo-legal moves; no king, no
// check), perft included.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <random>

#include "attacks.h"
#include "movegen.h"
#include "naive_board.h"
#include "perft.h"
#include "setup.h"
#include "test_util.h"

using namespace cw;

namespace {

cw::Setup parsed(const std::string& fen, Variant v = CHESS) {
  cw::Setup s;
  const FenError e = s.parse(fen, v);
  EXPECT_EQ(e, FenError::OK) << fen << ": " << fen_error_name(e);
  return s;
}

FenErrors bits(std::initializer_list<FenError> codes) {
  FenErrors b = 0;
  for (FenError e : codes) b |= fen_error_bit(e);
  return b;
}

// The naive model's perft: its legal moves played on copies of the board (no castling
// rights: the boards given have none).
uint64_t naive_perft(const naive::Naive& b, int depth) {
  const auto moves = naive::naive_legal(b);
  if (depth == 1) return moves.size();
  uint64_t n = 0;
  for (const naive::NaiveMove& m : moves) {
    naive::Naive c = b;
    const Piece p = c.sq[m.from];
    c.sq[m.from] = NO_PIECE;
    c.sq[m.to] = m.promo != NO_PIECE_TYPE ? make_piece(b.side, m.promo) : p;
    if (m.en_passant) c.sq[m.to - 8 * naive::forward(b.side)] = NO_PIECE;
    const bool double_push = type_of(p) == PAWN && (m.to - m.from == 16 || m.from - m.to == 16);
    c.ep = double_push ? (m.from + m.to) / 2 : -1;
    c.side = ~b.side;
    c.castles.clear();
    n += naive_perft(c, depth - 1);
  }
  return n;
}

// A kingless (or one-king) position from a FEN, built with the kings' verdict tolerated.
bool build_kingless(const cw::Setup& s, Position& pos) {
  return s.build(pos, TOLERATE_MISSING_KINGS) == FenError::OK;
}

}  // namespace

TEST(Setup, ParsesAndWritesFen) {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
           "8/8/8/8/8/8/8/8 w - - 0 1",                               // empty: a set-up, no position
           "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR b - - 7 40",  // no kings
           "QQQQQQQQ/8/8/8/8/8/8/qqqqqqqq w - - 0 1",                 // impossible material
       })
    EXPECT_EQ(parsed(fen).fen(), fen);
  // Four fields get the default counters; Chess960 X-FEN and Shredder-FEN; Makruk.
  EXPECT_EQ(parsed("4k3/8/8/8/8/8/8/4K3 b - -").fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  const cw::Setup c960 = parsed("1r2k1r1/8/8/8/8/8/8/RR2K2R w KBkb - 0 1", CHESS960);
  EXPECT_EQ(c960.fen(), "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBkq - 0 1");
  EXPECT_EQ(c960.fen(true), "1r2k1r1/8/8/8/8/8/8/RR2K2R w HBgb - 0 1");
  EXPECT_EQ(parsed("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 16 3 20", MAKRUK).fen(),
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - 16 3 20");
}

TEST(Setup, SyntaxErrorsLeaveItUnchanged) {
  cw::Setup s = parsed("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  const cw::Setup before = s;
  const std::pair<const char*, FenError> cases[] = {
      {"", FenError::EMPTY},
      {"8/8/8/8/8/8/8/8 w -", FenError::FIELD_COUNT},
      {"8/8/8/8/8/8/8/7x w - - 0 1", FenError::BAD_PIECE},
      {"ppppppppp/8/8/8/8/8/8/8 w - - 0 1", FenError::RANK_TOO_LONG},
      {"7/8/8/8/8/8/8/8 w - - 0 1", FenError::RANK_TOO_SHORT},
      {"8/8/8/8/8/8/8 w - - 0 1", FenError::RANK_COUNT},
      {"44/8/8/8/8/8/8/8 w - - 0 1", FenError::CONSECUTIVE_DIGITS},
      {"8/8/8/8/8/8/8/8 x - - 0 1", FenError::BAD_SIDE},
      {"8/8/8/8/8/8/8/8 w Kx - 0 1", FenError::BAD_CASTLING},
      {"8/8/8/8/8/8/8/8 w KK - 0 1", FenError::BAD_CASTLING},
      {"8/8/8/8/8/8/8/8 w - e9 0 1", FenError::BAD_EN_PASSANT},
      {"8/8/8/8/8/8/8/8 w - - x 1", FenError::BAD_HALFMOVE},
      {"8/8/8/8/8/8/8/8 w - - 0 0", FenError::BAD_FULLMOVE},
  };
  for (const auto& [fen, code] : cases) {
    EXPECT_EQ(s.parse(fen), code) << fen;
    EXPECT_TRUE(s == before) << fen;
  }
}

TEST(Setup, ReportsEveryVerdict) {
  EXPECT_EQ(parsed(START_FEN).validate(), 0u);
  EXPECT_EQ(parsed("8/8/8/8/8/8/8/8 w - - 0 1").validate(), bits({FenError::MISSING_KING}));
  // No white king, a pawn on the eighth rank, castling rights without king or rook, an en
  // passant square on the wrong rank: all reported at once.
  EXPECT_EQ(parsed("P3k3/8/8/8/8/8/8/8 w KQq e3 0 1").validate(),
            bits({FenError::MISSING_KING, FenError::PAWN_ON_BACK_RANK, FenError::CASTLING_NO_KING,
                  FenError::CASTLING_NO_ROOK, FenError::EN_PASSANT_WRONG_RANK}));
  EXPECT_EQ(parsed("kk6/8/8/8/8/8/8/KK6 w - - 0 1").validate(), bits({FenError::TOO_MANY_KINGS}));
  EXPECT_EQ(parsed("4k3/8/8/8/8/8/QQ2K3/QQQQQQQQ w - - 0 1").validate(),
            bits({FenError::IMPOSSIBLE_MATERIAL}));
  EXPECT_EQ(parsed("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1").validate(),
            bits({FenError::TOO_MANY_PAWNS, FenError::IMPOSSIBLE_MATERIAL}));
  EXPECT_EQ(parsed("rnbqkbnr/pppppppp/n7/8/8/8/8/4K3 w - - 0 1").validate(),
            bits({FenError::TOO_MANY_PIECES, FenError::IMPOSSIBLE_MATERIAL}));
  // The checks: the side not to move in check; three checkers; en passant.
  EXPECT_EQ(parsed("4k3/8/8/8/8/8/8/4KR2 w - - 0 1").validate(), 0u);
  EXPECT_EQ(parsed("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1").validate(), bits({FenError::OPPOSITE_CHECK}));
  EXPECT_EQ(parsed("4k3/8/8/8/8/5n2/8/3rK2r w - - 0 1").validate(), bits({FenError::TOO_MANY_CHECKERS}));
  EXPECT_EQ(parsed("4k3/8/8/8/8/8/8/r3K2r w - - 0 1").validate(), bits({FenError::ALIGNED_CHECKERS}));
  EXPECT_EQ(parsed("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").validate(), 0u);
  EXPECT_EQ(parsed("4k3/8/8/3pP3/8/8/8/4K3 w - c6 0 1").validate(), bits({FenError::EN_PASSANT_NO_PAWN}));
  // A board without one king still gets the verdict on the other king's checks.
  EXPECT_EQ(parsed("4k3/4R3/8/8/8/8/8/8 w - - 0 1").validate(),
            bits({FenError::MISSING_KING, FenError::OPPOSITE_CHECK}));
}

TEST(Setup, SyntaxErrorsOfEveryField) {
  EXPECT_EQ(fen_syntax_errors("8/8/8/8/8/8/8/8 w - - 0 1"), 0u);
  EXPECT_EQ(fen_syntax_errors("8/8/8/8/8/8/8/8 w -"), bits({FenError::FIELD_COUNT}));
  EXPECT_EQ(fen_syntax_errors("8/8/8/8/8/8/8/7x x KX e9 -1 0"),
            bits({FenError::BAD_PIECE, FenError::BAD_SIDE, FenError::BAD_CASTLING, FenError::BAD_EN_PASSANT,
                  FenError::BAD_HALFMOVE, FenError::BAD_FULLMOVE}));
  // Only the syntax: a board without kings is well-formed.
  EXPECT_EQ(fen_syntax_errors("8/8/8/8/8/8/8/8 w KQ e4 0 1"), 0u);
}

TEST(Setup, FirstErrorOrder) {
  EXPECT_EQ(first_fen_error(0), FenError::OK);
  EXPECT_EQ(first_fen_error(bits({FenError::IMPOSSIBLE_CHECK, FenError::MISSING_KING})),
            FenError::MISSING_KING);
  EXPECT_EQ(first_fen_error(bits({FenError::OPPOSITE_CHECK, FenError::EN_PASSANT_NO_PAWN})),
            FenError::EN_PASSANT_NO_PAWN);
  EXPECT_EQ(first_fen_error(bits({FenError::BAD_SIDE})), FenError::BAD_SIDE);
}

// set_fen is Setup::parse + Setup::build: the code it returns is the parse error or the
// first verdict, for FENs of every kind (mutations of valid ones).
TEST(Setup, SetFenIsParsePlusFirstVerdict) {
  std::mt19937 rng(13);
  const char alphabet[] = "pnbrqkPNBRQK12345678/ wb-KQkqe36";
  int built = 0;
  for (const auto& e : cwtest::load_epd("perft-standard.epd")) {
    for (int k = 0; k < 30; ++k) {
      std::string fen = e.fen;
      for (int j = 0; j < 1 + k % 3; ++j) fen[rng() % fen.size()] = alphabet[rng() % (sizeof alphabet - 1)];
      cw::Setup s;
      Position pos;
      const FenError parse = s.parse(fen);
      const FenError got = pos.set_fen(fen);
      const FenErrors syntax = fen_syntax_errors(fen);
      EXPECT_EQ(syntax == 0, parse == FenError::OK) << fen;
      if (parse != FenError::OK) {
        EXPECT_TRUE(syntax & fen_error_bit(parse)) << fen;
        EXPECT_EQ(got, parse) << fen;
        continue;
      }
      EXPECT_EQ(got, first_fen_error(s.validate())) << fen;
      if (got == FenError::OK) {
        ++built;
        EXPECT_TRUE(cw::Setup::of(pos) == s) << fen;
        EXPECT_EQ(pos.fen(), s.fen()) << fen;
      }
    }
  }
  EXPECT_GT(built, 50);
}

TEST(Setup, OfPositionRoundTrips) {
  for (const auto& e : cwtest::load_epd("perft-chess960.epd")) {
    Position pos;
    ASSERT_EQ(pos.set_fen(e.fen, CHESS960), FenError::OK);
    const cw::Setup s = cw::Setup::of(pos);
    EXPECT_EQ(s.fen(), pos.fen()) << e.fen;
    EXPECT_EQ(s.validate(), 0u);
    Position again;
    ASSERT_EQ(s.build(again), FenError::OK);
    EXPECT_EQ(again.fen(), pos.fen());
    EXPECT_EQ(again.key(), pos.key());
  }
}

TEST(Setup, BuildFailureLeavesThePositionUnchanged) {
  Position pos;
  const std::string before = pos.fen();
  EXPECT_EQ(parsed("8/8/8/8/8/8/8/8 w - - 0 1").build(pos), FenError::MISSING_KING);
  EXPECT_EQ(parsed("4k3/4R3/8/8/8/8/8/8 w - - 0 1").build(pos, TOLERATE_MISSING_KINGS),
            FenError::OPPOSITE_CHECK);
  EXPECT_EQ(parsed("8/8/8/8/8/8/QQ6/QQQQQQQQ w - - 0 1").build(pos, TOLERATE_MISSING_KINGS),
            FenError::IMPOSSIBLE_MATERIAL);
  EXPECT_EQ(pos.fen(), before);
}

TEST(Setup, EditsAndDroppedFields) {
  cw::Setup s = parsed("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
  s.remove(SQ_H1);
  s.remove(SQ_E8);
  s.drop_contradicted();
  EXPECT_EQ(s.fen(), "r6r/8/8/3pP3/8/8/8/R3K3 w Q d6 0 1");
  s.put(make_piece(WHITE, KNIGHT), SQ_D6);
  s.drop_contradicted();
  EXPECT_EQ(s.fen(), "r6r/8/3N4/3pP3/8/8/8/R3K3 w Q - 0 1");
  EXPECT_EQ(s.validate(), bits({FenError::MISSING_KING}));
}

TEST(Setup, CastlingRookOffTheBackRankIsRefused) {
  // A FEN can only bind a right to a back-rank rook; a Setup edited in C++ can name any square.
  for (const bool chess960 : {false, true}) {
    cw::Setup s = parsed("4k3/8/8/8/7R/8/8/4K2R w K - 0 1");
    s.chess960 = chess960;
    ASSERT_EQ(s.castling_rook[0], SQ_H1);
    EXPECT_EQ(s.validate(), 0u);
    s.castling_rook[0] = SQ_H4;  // a white rook, east of the king, on the fourth rank
    EXPECT_EQ(s.validate(), bits({FenError::CASTLING_NO_ROOK}));
    Position pos;
    EXPECT_EQ(s.build(pos), FenError::CASTLING_NO_ROOK);
    s.drop_contradicted();
    EXPECT_EQ(s.castling_rook[0], SQ_NONE);
    EXPECT_EQ(s.build(pos), FenError::OK);
    EXPECT_FALSE(pos.can_castle(WHITE_OO));
  }
}

// ---- boards without kings ------------------------------------------------------------------

TEST(Kingless, StartPositionWithoutKings) {
  Position pos;
  ASSERT_TRUE(build_kingless(parsed("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1"), pos));
  EXPECT_FALSE(pos.in_check());
  // chess.js 1.4 lists the same 21 moves (the queen may step to e1) and counts 441 at depth 2.
  EXPECT_EQ(count_legal_moves(pos), 21);
  // Independent counts: the naive model (pseudo-legal moves are legal without a king).
  for (int depth = 1; depth <= 4; ++depth)
    EXPECT_EQ(perft(pos, depth), naive_perft(naive::naive_from(pos), depth)) << depth;
  EXPECT_EQ(perft(pos, 2), 441u);
  const char* why = nullptr;
  EXPECT_TRUE(pos.is_consistent(&why)) << why;
}

// Kings removed from the perft files' positions (one or both; the rights they held dropped):
// the core's perft agrees with the naive model's.
TEST(Kingless, PerftAgreesWithTheNaiveModel) {
  int compared = 0;
  for (const char* file : {"perft-standard.epd", "perft-tricky.epd"}) {
    for (const auto& e : cwtest::load_epd(file)) {
      for (int drop = 0; drop < 3; ++drop) {
        cw::Setup s = parsed(e.fen);
        for (int sq = 0; sq < 64; ++sq)
          if (type_of(s.board[sq]) == KING && (drop == 2 || color_of(s.board[sq]) == Color(drop)))
            s.remove(Square(sq));
        s.drop_contradicted();
        // The naive perft plays no castling: drop the rights of the side that kept its king.
        for (Square& r : s.castling_rook) r = SQ_NONE;
        Position pos;
        if (!build_kingless(s, pos)) continue;  // e.g. the remaining king is attacked
        for (int depth = 1; depth <= 3; ++depth)
          ASSERT_EQ(perft(pos, depth), naive_perft(naive::naive_from(pos), depth))
              << s.fen() << " depth " << depth;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 40);
}

// The most crowded board a kingless side can have under the material rule: 9 queens, 2
// rooks, 2 bishops, 2 knights. Its moves stay under MAX_MOVES (types.h: 313 at most for a
// side without a king); the debug build's move writer asserts the bound, ASan watches the
// buffers.
TEST(Kingless, CrowdedBoardStaysInTheBound) {
  Position pos;
  ASSERT_TRUE(build_kingless(parsed("Q1Q1Q1Q1/8/1Q1Q1Q1Q/8/Q1N1B1R1/7n/1N1B1R2/8 w - - 0 1"), pos));
  MoveList list;
  generate_legal(pos, list);
  EXPECT_EQ(list.size(), int(naive::naive_legal(naive::naive_from(pos)).size()));
  EXPECT_LE(list.size(), MAX_MOVES);
  EXPECT_GE(list.size(), 150);
  EXPECT_EQ(perft(pos, 2), naive_perft(naive::naive_from(pos), 2));
}

TEST(Kingless, OneKingLeft) {
  // White has a king and is in check from nothing it cannot see; black has none: white's
  // moves are the ordinary legal ones (pins and checks by black pieces still count).
  Position pos;
  ASSERT_TRUE(build_kingless(parsed("4r3/8/8/8/8/8/4B3/4K3 w - - 0 1"), pos));
  MoveList list;
  generate_legal(pos, list);
  // The bishop is pinned; the king has 4 steps off the e-file.
  EXPECT_EQ(list.size(), 4);
  EXPECT_FALSE(pos.gives_check(list.moves[0]));
  ASSERT_TRUE(build_kingless(parsed("4r3/8/8/8/8/8/4B3/4K3 b - - 0 1"), pos));
  EXPECT_EQ(count_legal_moves(pos), int(naive::naive_legal(naive::naive_from(pos)).size()));
  EXPECT_EQ(perft(pos, 3), naive_perft(naive::naive_from(pos), 3));
}

// The checkers of a position built from a set-up are found once, by Setup's check verdicts
// and handed to the position: they must be what the position's own question
// finds. Along random games in every rule set (checkers computed by do_move's path, then
// by set_fen from the FEN), and on random boards built with every verdict tolerated that can
// be (checked against the magic-table attackers).
TEST(Setup, CheckersOfABuiltPositionAreItsOwn) {
  std::mt19937 rng(2929);
  int checks = 0, double_checks = 0, positions = 0;
  for (int v = 0; v < VARIANT_NB; ++v)
    for (int g = 0; g < 30; ++g) {
      Position pos;
      ASSERT_EQ(pos.set_fen(start_fen(Variant(v)), Variant(v)), FenError::OK);
      for (int ply = 0; ply < 200; ++ply) {
        MoveList list;
        generate_legal(pos, list);
        if (list.count == 0) break;
        pos.do_move(list.moves[rng() % unsigned(list.count)]);
        Position set;
        const std::string fen = pos.fen();
        ASSERT_EQ(set.set_fen(fen, Variant(v)), FenError::OK) << fen;
        ASSERT_EQ(set.checkers(), pos.checkers()) << fen << " (variant " << v << ")";
        ++positions;
        checks += pos.checkers() != 0;
      }
    }
  for (int i = 0; i < 20000; ++i) {
    cw::Setup s;
    const Square wk = Square(rng() % 64);
    Square bk;
    do bk = Square(rng() % 64);
    while (bk == wk);
    s.board[wk] = make_piece(WHITE, KING);
    s.board[bk] = make_piece(BLACK, KING);
    for (int k = int(rng() % 12); k > 0; --k) {
      const Square sq = Square(rng() % 64);
      if (s.board[sq] == NO_PIECE) s.board[sq] = make_piece(Color(rng() % 2), PieceType(PAWN + rng() % 5));
    }
    s.side = Color(rng() % 2);
    Position pos;
    if (s.build(pos, TOLERATE_ANY_BOARD) != FenError::OK) continue;
    const Color us = pos.side_to_move();
    const Bitboard want = attackers(pos, ~us, pos.king_square(us), pos.pieces());
    ASSERT_EQ(pos.checkers(), want) << s.fen();
    ++positions;
    checks += want != 0;
    double_checks += more_than_one(want);
  }
  EXPECT_GT(positions, 20000);
  EXPECT_GT(checks, 1000);
  EXPECT_GT(double_checks, 50);
}

// The number of differences between the move trees of a and b, depth plies deep: the legal
// moves, and the key after each.
int same_tree(Position& a, Position& b, int depth) {
  MoveList ma, mb;
  generate_legal(a, ma);
  generate_legal(b, mb);
  if (ma.count != mb.count) return 1;
  int diffs = 0;
  for (int k = 0; k < ma.count; ++k) {
    if (ma.moves[k] != mb.moves[k]) return 1;
    a.do_move(ma.moves[k]);
    b.do_move(ma.moves[k]);
    diffs += a.key() != b.key();
    if (depth > 1) diffs += same_tree(a, b, depth - 1);
    a.undo_move();
    b.undo_move();
  }
  return diffs;
}

// Setup::build writes the position it replaces field by field (no position built aside and
// copied in), keeping only its state stack's memory. So a position that has played
// moves in one rule set (states, snapshots of the variants' moves, castling data, pockets,
// checks, Makruk counting, an any_board() build) and is then set from a FEN must be exactly
// the position a fresh one builds from it.
TEST(Setup, BuildOverAPlayedPositionIsAFreshOne) {
  std::mt19937 rng(4141);
  // FENs along random games in every rule set, with and without Chess960 castling.
  struct Case {
    std::string fen;
    Variant v;
    bool chess960;
  };
  std::vector<Case> cases;
  for (int v = 0; v < VARIANT_NB; ++v)
    for (int g = 0; g < 4; ++g) {
      Position pos;
      const bool c960 = g % 2 && variant_has_castling(Variant(v));
      ASSERT_EQ(pos.set_fen(start_fen(Variant(v)), Variant(v), c960), FenError::OK);
      for (int ply = 0; ply < 120; ++ply) {
        if (ply % 8 == 0) cases.push_back({pos.fen(), Variant(v), c960});
        MoveList list;
        generate_legal(pos, list);
        if (list.count == 0) break;
        pos.do_move(list.moves[rng() % unsigned(list.count)]);
      }
    }
  // Chess960 start positions (kings and rooks on other files: other castling data).
  int n960 = 0;
  for (const auto& e : cwtest::load_epd("perft-chess960.epd"))
    if (n960++ < 100) cases.push_back({e.fen, CHESS960, true});
  ASSERT_GT(cases.size(), 300u);
  // One position reused for all of them: before each FEN it plays a few moves of its own.
  Position reused;
  {  // the castling data of a king on b1, then a knight there in standard chess
    ASSERT_EQ(reused.set_fen("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", CHESS960), FenError::OK);
    const std::string fen = "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1";
    Position fresh;
    ASSERT_EQ(fresh.set_fen(fen), FenError::OK);
    ASSERT_EQ(reused.set_fen(fen), FenError::OK);
    EXPECT_EQ(same_tree(reused, fresh, 2), 0) << fen;
  }
  int compared = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[(i * 7919) % cases.size()];  // the rule sets interleaved
    if (i % 5 == 0) {                                  // a board beyond the strict rules first (any_board)
      ASSERT_EQ(parsed("QQQQQQQQ/8/8/8/8/8/8/K6k w - - 0 1").build(reused, TOLERATE_ANY_BOARD), FenError::OK);
    }
    for (int k = int(rng() % 6); k > 0; --k) {
      MoveList list;
      generate_legal(reused, list);
      if (list.count == 0) break;
      reused.do_move(list.moves[rng() % unsigned(list.count)]);
    }
    Position fresh;
    ASSERT_EQ(fresh.set_fen(c.fen, c.v, c.chess960), FenError::OK) << c.fen;
    ASSERT_EQ(reused.set_fen(c.fen, c.v, c.chess960), FenError::OK) << c.fen;
    const char* why = nullptr;
    ASSERT_TRUE(reused.is_consistent(&why)) << c.fen << ": " << why;
    EXPECT_EQ(reused.fen(), fresh.fen()) << c.fen;
    EXPECT_EQ(reused.key(), fresh.key()) << c.fen;
    EXPECT_EQ(reused.checkers(), fresh.checkers()) << c.fen;
    EXPECT_EQ(reused.history_size(), 0) << c.fen;
    EXPECT_EQ(reused.variant(), fresh.variant()) << c.fen;
    EXPECT_EQ(reused.chess960(), fresh.chess960()) << c.fen;
    EXPECT_EQ(reused.any_board(), fresh.any_board()) << c.fen;
    EXPECT_EQ(reused.rule50(), fresh.rule50()) << c.fen;
    EXPECT_EQ(reused.game_ply(), fresh.game_ply()) << c.fen;
    EXPECT_EQ(reused.count_limit(), fresh.count_limit()) << c.fen;
    EXPECT_EQ(reused.count_ply(), fresh.count_ply()) << c.fen;
    EXPECT_EQ(reused.promoted(), fresh.promoted()) << c.fen;
    EXPECT_EQ(reused.last_move(), fresh.last_move()) << c.fen;
    for (Color col : {WHITE, BLACK}) {
      EXPECT_EQ(reused.checks_left(col), fresh.checks_left(col)) << c.fen;
      for (int pt = PAWN; pt <= QUEEN; ++pt)
        EXPECT_EQ(reused.pocket(col, PieceType(pt)), fresh.pocket(col, PieceType(pt))) << c.fen;
    }
    for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
      EXPECT_EQ(reused.castling_rook_square(cr), fresh.castling_rook_square(cr)) << c.fen;
      EXPECT_EQ(reused.castling_path(cr), fresh.castling_path(cr)) << c.fen;
      EXPECT_EQ(reused.castling_king_path(cr), fresh.castling_king_path(cr)) << c.fen;
    }
    // What the castling masks and the rest decide: the moves two plies deep, and each
    // one's position after it (the rights it keeps are in the key).
    EXPECT_EQ(same_tree(reused, fresh, 2), 0) << c.fen;
    EXPECT_EQ(reused.fen(), fresh.fen()) << c.fen;
    ++compared;
  }
  EXPECT_EQ(compared, int(cases.size()));
}

// ---- castling rights kept as written -------------------------------------------------------

namespace {

// The position of a FEN built with TOLERATE_ANY_BOARD (the chess.js facade's boards).
Position any_board(const std::string& fen) {
  Position pos;
  EXPECT_EQ(parsed(fen).build(pos, TOLERATE_ANY_BOARD), FenError::OK) << fen;
  return pos;
}

// Plays a UCI move (it must be legal) and checks every invariant.
void play(Position& pos, const char* uci) {
  const Move m = parse_uci(pos, uci);
  ASSERT_NE(m, MOVE_NONE) << uci << " in " << pos.fen();
  pos.do_move(m);
  const char* why = nullptr;
  ASSERT_TRUE(pos.is_consistent(&why)) << uci << ": " << why;
}

}  // namespace

TEST(WrittenCastling, KeptAsWrittenWithoutCastlingFromThem) {
  const std::string fen = "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1";
  Position pos = any_board(fen);
  EXPECT_EQ(pos.castling_rights(), 0);
  EXPECT_EQ(pos.written_castling_rights(), ALL_CASTLING);
  EXPECT_EQ(pos.castling_rook_square(WHITE_OO), SQ_H1);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OOO), SQ_A8);
  EXPECT_EQ(pos.fen(), fen);
  EXPECT_EQ(cw::Setup::of(pos).fen(), fen);
  // No castling move, and the key of the board without the rights (Polyglot's: rights held).
  Position bare = any_board("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(pos.key(), bare.key());
  EXPECT_EQ(perft(pos, 3), perft(bare, 3));
  const char* why = nullptr;
  EXPECT_TRUE(pos.is_consistent(&why)) << why;
  // Real rights beside written ones: white castles, black's are written only.
  Position mixed = any_board("8/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(mixed.castling_rights(), WHITE_OO | WHITE_OOO);
  EXPECT_EQ(mixed.written_castling_rights(), BLACK_OO | BLACK_OOO);
  EXPECT_NE(parse_uci(mixed, "e1g1"), MOVE_NONE);
  EXPECT_EQ(mixed.fen(), "8/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

TEST(WrittenCastling, RefusedByTheStrictRulesAndOtherRuleSets) {
  Position pos;
  const std::string before = pos.fen();
  const cw::Setup s = parsed("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
  EXPECT_EQ(s.build(pos), FenError::CASTLING_NO_ROOK);
  EXPECT_EQ(s.build(pos, TOLERATE_MISSING_KINGS), FenError::CASTLING_NO_ROOK);
  EXPECT_EQ(parsed("4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1").build(pos), FenError::CASTLING_NO_KING);
  // The tolerance is standard chess's only.
  EXPECT_EQ(parsed("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", ATOMIC).build(pos, TOLERATE_ANY_BOARD),
            FenError::CASTLING_NO_ROOK);
  EXPECT_EQ(pos.fen(), before);
  EXPECT_EQ(pos.written_castling_rights(), 0);
  // Still refused on such a board: an en passant square that the board contradicts.
  EXPECT_EQ(parsed("4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1").build(pos, TOLERATE_ANY_BOARD),
            FenError::EN_PASSANT_NO_PAWN);
  EXPECT_EQ(pos.fen(), before);
}

TEST(WrittenCastling, DropContradictedCanKeepTheCastlingRights) {
  cw::Setup s = parsed("4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1");
  s.drop_contradicted(false);
  EXPECT_EQ(s.fen(), "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
  s.drop_contradicted();
  EXPECT_EQ(s.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST(WrittenCastling, LostByTheRuleOfEveryRightAndBackOnUndo) {
  // White's rights are written only (its king on b1), black's held. A move from a rook's
  // square takes its side's right there, a move onto the other side's takes theirs, a king
  // move its side's (from wherever it stands).
  Position pos = any_board("r3k2r/8/8/8/8/8/8/1K5R w KQkq - 0 1");
  EXPECT_EQ(pos.castling_rights(), BLACK_OO | BLACK_OOO);
  EXPECT_EQ(pos.written_castling_rights(), WHITE_OO | WHITE_OOO);
  const char* steps[][2] = {
      {"h1h8", "r3k2R/8/8/8/8/8/8/1K6 b Qq - 0 1"},
      {"e8d7", "r6R/3k4/8/8/8/8/8/1K6 w Q - 1 2"},
      {"b1b2", "r6R/3k4/8/8/8/8/1K6/8 b - - 2 2"},
  };
  std::vector<std::string> fens{pos.fen()};
  for (const auto& [uci, fen] : steps) {
    play(pos, uci);
    EXPECT_EQ(pos.fen(), fen) << uci;
    fens.push_back(pos.fen());
  }
  EXPECT_EQ(pos.written_castling_rights(), 0);
  for (int i = int(fens.size()) - 2; i >= 0; --i) {
    pos.undo_move();
    EXPECT_EQ(pos.fen(), fens[size_t(i)]);
  }
  EXPECT_EQ(pos.written_castling_rights(), WHITE_OO | WHITE_OOO);
}

TEST(WrittenCastling, TheOwnerOnItsEmptyCornerKeepsTheRightTheOtherSideTakesIt) {
  // White's K is written only (no rook on h1). A white piece landing on h1 keeps it, leaving
  // h1 takes it; a black piece landing on h1 takes it.
  Position pos = any_board("4k3/8/8/8/8/8/6B1/4K3 w K - 0 1");
  play(pos, "g2h1");
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K2B b K - 1 1");
  play(pos, "e8d8");
  play(pos, "h1g2");
  EXPECT_EQ(pos.fen(), "3k4/8/8/8/8/8/6B1/4K3 b - - 3 2");
  Position other = any_board("4k3/8/8/8/8/8/6b1/4K3 b K - 0 1");
  play(other, "g2h1");
  EXPECT_EQ(other.fen(), "4k3/8/8/8/8/8/8/4K2b w - - 1 2");
  // A null move keeps them.
  Position passing = any_board("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
  passing.do_null_move();
  EXPECT_EQ(passing.fen(), "4k3/8/8/8/8/8/8/4K3 b KQkq - 1 1");
  passing.undo_null_move();
  EXPECT_EQ(passing.written_castling_rights(), ALL_CASTLING);
}

TEST(WrittenCastling, ACapturedKingKeepsItsSidesRightsWritten) {
  // Black in check with white to move (a board the strict rules refuse): the queen takes the
  // king; black's held rights become written only, and are then lost as written rights are.
  Position pos = any_board("r3k2r/8/8/8/8/8/4Q3/4K3 w kq - 0 1");
  EXPECT_EQ(pos.castling_rights(), BLACK_OO | BLACK_OOO);
  play(pos, "e2e8");
  EXPECT_EQ(pos.castling_rights(), 0);
  EXPECT_EQ(pos.written_castling_rights(), BLACK_OO | BLACK_OOO);
  EXPECT_EQ(pos.fen(), "r3Q2r/8/8/8/8/8/8/4K3 b kq - 0 1");
  EXPECT_EQ(pos.key(), any_board("r3Q2r/8/8/8/8/8/8/4K3 b - - 0 1").key());
  play(pos, "h8h7");
  EXPECT_EQ(pos.fen(), "r3Q3/7r/8/8/8/8/8/4K3 w q - 1 2");
  pos.undo_move();
  pos.undo_move();
  EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/4Q3/4K3 w kq - 0 1");
  EXPECT_EQ(pos.castling_rights(), BLACK_OO | BLACK_OOO);
  EXPECT_EQ(pos.written_castling_rights(), 0);
}

TEST(WrittenCastling, AFreshBuildForgetsThem) {
  Position pos = any_board("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
  ASSERT_EQ(parsed("4k3/8/8/8/8/8/8/4K3 w - - 0 1").build(pos, TOLERATE_ANY_BOARD), FenError::OK);
  EXPECT_EQ(pos.written_castling_rights(), 0);
  EXPECT_EQ(pos.castling_rook_square(WHITE_OO), SQ_NONE);
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

// ---- the en passant square as chess.js writes it -------------------------------------------

TEST(Setup, OfPositionWritesALegalEnPassantSquareOnly) {
  struct Case {
    const char* fen;
    bool legal;  // whether an en passant capture is legal there
  };
  const Case cases[] = {
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", true},   // e5xd6
      {"4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2", false},   // no pawn beside
      {"4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2", false},  // the capture would uncover the king
      {"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", true},   // d4xe3
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", false},      // no square at all
  };
  for (const Case& c : cases) {
    Position pos;
    ASSERT_EQ(pos.set_fen(c.fen), FenError::OK) << c.fen;
    EXPECT_EQ(has_legal_en_passant(pos), c.legal) << c.fen;
    EXPECT_EQ(cw::Setup::of(pos).fen(), c.fen);
    std::string expected = c.fen;
    if (!c.legal && pos.ep_square() != SQ_NONE) {
      const size_t end = expected.rfind(' ', expected.rfind(' ') - 1), start = expected.rfind(' ', end - 1);
      expected.replace(start + 1, end - start - 1, "-");
    }
    EXPECT_EQ(cw::Setup::of(pos, true).fen(), expected) << c.fen;
  }
}
