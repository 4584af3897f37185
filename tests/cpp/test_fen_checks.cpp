// chesswasm tests — set-up refuses checks that no last move gives (setup.cpp, "checks a last
// move could give"): the cases one by one with their reasons, then a property test against
// a retro move generator written here on the mailbox model (naive_board.h): for random
// boards in check, set_fen accepts exactly when some last move of the side that just moved,
// played from a board where the side to move was not in check, leads to the board.
// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "movegen.h"
#include "naive_board.h"
#include "position.h"
#include "test_util.h"
#include "tools/dense_positions.h"

using namespace cw;

namespace {

std::string code(FenError e) { return fen_error_name(e); }

struct Case {
  const char* fen;
  Variant variant;
  FenError expected;
  const char* why;
};

const Case CASES[] = {
    // More than two checkers.
    {"4k3/8/8/4r3/8/5n2/8/q3K3 w - - 0 1", CHESS, FenError::TOO_MANY_CHECKERS, "rook, knight and queen"},
    {"4k3/8/3N4/1B6/8/8/8/K3R3 b - - 0 1", CHESS, FenError::TOO_MANY_CHECKERS, "knight, bishop and rook"},
    // Two checkers on one line through the king (three such boards).
    {"3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1", CHESS, FenError::ALIGNED_CHECKERS,
     "queen a6 and bishop d3 on a6-d3"},
    {"2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - - 0 1", CHESS, FenError::ALIGNED_CHECKERS,
     "queen d8 and bishop b6 on d8-b6"},
    {"5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1", CHESS, FenError::ALIGNED_CHECKERS,
     "rooks d3 and h3 on the third rank"},
    {"B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", CHESS, FenError::ALIGNED_CHECKERS,
     "bishops a8 and h1 (a line of perft-standard.epd, commented out there)"},
    // Two checkers, and no move uncovers one with the other.
    {"4k3/8/8/8/8/8/3p4/r3K3 w - - 0 1", CHESS, FenError::IMPOSSIBLE_CHECK,
     "pawn d2 and rook a1: the pawn came from d3, c3 or e3, none on the rook's line"},
    {"4k3/8/8/8/1b6/3n4/8/4K3 w - - 0 1", CHESS, FenError::IMPOSSIBLE_CHECK,
     "knight d3 and bishop b4: the knight cannot have come from c3 or d2"},
    {"4k3/8/8/8/1b6/5n2/8/4K3 w - - 0 1", CHESS, FenError::OK, "Nd2-f3 uncovered the bishop b4"},
    {"4R3/1B6/8/8/4k3/8/8/7K b - - 0 1", CHESS, FenError::IMPOSSIBLE_CHECK,
     "rook e8 and bishop b7, no piece left e5-e7 or c6-d5 (python-chess and chessops accept it)"},
    {"4R3/1B6/3P4/8/4k3/8/8/7K b - - 0 1", CHESS, FenError::OK,
     "e5xd6 en passant emptied e5 and d5, uncovering both"},
    {"4R3/1B6/3P4/8/4k3/8/8/7K b - - 0 1", CHESS960, FenError::OK, "the same in Chess960"},
    {"4R3/1B1p4/3P4/8/4k3/8/8/7K b - - 0 1", CHESS, FenError::IMPOSSIBLE_CHECK,
     "as above, but d7 is occupied: no black pawn can have come from there to be taken en passant"},
    // One checker without an en passant square is accepted (as python-chess and chessops
    // do), even when no last move gives the check: CPW perft position 4 is such a position.
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", CHESS, FenError::OK,
     "CPW position 4: the bishop b6 checks, but no black move gives that check"},
    {"8/3p4/4K3/8/8/8/8/k7 w - - 0 1", CHESS, FenError::OK, "a pawn on its starting rank checks"},
    {"n7/2K5/1P6/8/8/8/8/k7 w - - 0 1", CHESS, FenError::OK,
     "the knight a8's squares of origin are occupied"},
    // En passant: the double push e7-e5 (ep e6) must give the check, and the king was not in
    // check before it.
    {"6b1/8/8/4p3/8/8/K7/7k w - e6 0 1", CHESS, FenError::EN_PASSANT_CHECK,
     "bishop g8 checks along a line through e6, empty before the push too"},
    {"6b1/8/8/4p3/8/8/K7/7k w - - 0 1", CHESS, FenError::OK, "without the en passant square: Bh7-g8"},
    {"7k/8/8/K3p2r/8/8/8/8 w - e6 0 1", CHESS, FenError::EN_PASSANT_CHECK,
     "no check now, but the rook h5 checked a5 through e5 before the push"},
    {"7k/8/3K4/4p3/8/8/8/8 w - e6 0 1", CHESS, FenError::EN_PASSANT_CHECK, "the pawn on e7 attacked d6"},
    {"3r3k/8/8/4p3/3K4/8/8/8 w - e6 0 1", CHESS, FenError::EN_PASSANT_CHECK,
     "two checkers after a double push"},
    {"7k/8/8/4p3/3K4/8/8/8 w - e6 0 1", CHESS, FenError::OK, "the pushed pawn checks d4"},
    {"5b1k/8/8/2K1p3/8/8/8/8 w - e6 0 1", CHESS, FenError::OK, "the push uncovered the bishop f8 through e7"},
    {"8/8/8/8/3Pp3/8/8/4K2k b - d3 0 1", CHESS, FenError::OK, "black to move, d2-d4 (control)"},
    {"8/8/8/8/R2P3k/8/8/4K3 b - d3 0 1", CHESS, FenError::EN_PASSANT_CHECK,
     "no check now, but the rook a4 checked h4 through d4 before d2-d4"},
    // Makruk: the same rule with Makruk moves (a Bia may be set up on any rank, so any square
    // behind it is an origin).
    {"7k/8/8/3p4/4K3/8/8/8 w - - 0 1", MAKRUK, FenError::OK, "d6-d5"},
    {"7k/8/8/8/r3K2r/8/8/8 w - - 0 1", MAKRUK, FenError::ALIGNED_CHECKERS, "two Ruea on the fourth rank"},
    {"7k/8/8/8/r3K3/3s4/8/8 w - - 0 1", MAKRUK, FenError::OK, "Khon d4-d3 uncovered the Ruea a4"},
    {"7k/8/8/8/r3K3/5s2/8/8 w - - 0 1", MAKRUK, FenError::IMPOSSIBLE_CHECK,
     "Ruea a4 and Khon f3: the Khon came from e2, g2, g4 or f4, none on b4-d4"},
};

}  // namespace

TEST(ImpossibleChecks, EachCaseWithItsReason) {
  for (const Case& c : CASES) {
    Position pos;
    EXPECT_EQ(code(pos.set_fen(c.fen, c.variant)), code(c.expected)) << c.fen << ": " << c.why;
  }
}

// ---- a retro move generator -------------------------------------------------------------------

namespace {

struct Board {
  Piece sq[64] = {};
  Color side = WHITE;
  Variant variant = CHESS;
  int ep = -1;
};

int rel_rank(Color c, int s) { return c == WHITE ? s / 8 : 7 - s / 8; }

// Whether some last move of the side not to move leads to the board from a board where the
// side to move was not in check. Written square by square on the mailbox, independently of
// the core: every kind of move is undone on a copy of the board, and the copy is tested for
// a check with the mailbox's own attack walk.
// `skip` leaves out kinds of move (SKIP_*), to see which ones the tested boards need.
enum { SKIP_CASTLING = 1, SKIP_EN_PASSANT = 2, SKIP_PROMOTION = 4 };
bool retro_last_move(const Board& r, int skip = 0) {
  const Color us = r.side, them = ~us;
  const Variant v = r.variant;
  const bool makruk = v == MAKRUK;
  int ksq = -1;
  for (int s = 0; s < 64; ++s)
    if (r.sq[s] == make_piece(us, KING)) ksq = s;
  auto legal_before = [&](const Piece* q) { return !naive::attacked(q, ksq, them, v); };
  const int up = naive::forward(them) * 8;
  const Piece pawn = make_piece(them, PAWN), captured = make_piece(us, KNIGHT);
  auto empty = [&](int s) { return s >= 0 && s < 64 && r.sq[s] == NO_PIECE; };

  if (r.ep >= 0) {  // the last move was the double push over the ep square
    Board q = r;
    q.sq[r.ep + up] = NO_PIECE;
    q.sq[r.ep - up] = pawn;
    return legal_before(q.sq);
  }
  for (int to = 0; to < 64; ++to) {
    const Piece p = r.sq[to];
    if (p == NO_PIECE || color_of(p) != them) continue;
    const PieceType pt = type_of(p);
    const int f = to % 8, rank = rel_rank(them, to);
    auto try_board = [&](std::initializer_list<std::pair<int, Piece>> changes) {
      Board q = r;
      for (auto [s, piece] : changes) q.sq[s] = piece;
      return legal_before(q.sq);
    };
    // Ordinary moves and captures: walk back along the piece's own moves.
    if (pt != PAWN) {
      std::vector<std::pair<int, int>> steps;
      bool slide = false;
      const int back = -naive::forward(them);
      switch (pt) {
        case KNIGHT:
          steps = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
          break;
        case KING:
          steps = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
          break;
        case BISHOP:
          steps = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, slide = true;
          break;
        case ROOK:
          steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, slide = true;
          break;
        case QUEEN:
          steps = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}}, slide = true;
          break;
        case MET:
        case PMET:
          steps = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
          break;
        case KHON:  // it stepped diagonally, or straight forward from the square behind
          steps = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {0, back}};
          break;
        default:
          break;
      }
      for (auto [df, dr] : steps) {
        int ff = f + df, rr = to / 8 + dr;
        while (naive::on_board(ff, rr) && r.sq[rr * 8 + ff] == NO_PIECE) {
          if (try_board({{rr * 8 + ff, p}, {to, captured}})) return true;
          if (!slide) break;
          ff += df, rr += dr;
        }
      }
    }
    // Pawn moves, and promotions (the piece was a pawn).
    const bool promoted = !(skip & SKIP_PROMOTION) && (makruk ? (pt == MET || pt == PMET) && rank == 5
                                                              : pt != PAWN && pt != KING && rank == 7);
    auto pawn_may_stand = [&](int s) { return makruk || (rel_rank(them, s) >= 1 && rel_rank(them, s) <= 6); };
    if (pt == PAWN || promoted) {
      if (rank > 0 && empty(to - up) && pawn_may_stand(to - up) &&
          try_board({{to - up, pawn}, {to, NO_PIECE}}))
        return true;
      if (!makruk && pt == PAWN && rank == 3 && empty(to - up) && empty(to - 2 * up) &&
          try_board({{to - 2 * up, pawn}, {to, NO_PIECE}}))
        return true;
      for (int df : {-1, 1}) {
        if (rank == 0 || !naive::on_board(f + df, 0)) continue;
        const int from = to - up + df;
        if (empty(from) && pawn_may_stand(from) && try_board({{from, pawn}, {to, captured}})) return true;
        // En passant: the captured pawn stood on to - up, having come from to + up.
        if (!makruk && !(skip & SKIP_EN_PASSANT) && pt == PAWN && rank == 5 && empty(from) &&
            empty(to - up) && empty(to + up) &&
            try_board({{from, pawn}, {to - up, make_piece(us, PAWN)}, {to, NO_PIECE}}))
          return true;
      }
    }
    // Castling.
    if (!makruk && !(skip & SKIP_CASTLING) && pt == KING && rank == 0 && (f == 2 || f == 6)) {
      const bool king_side = f == 6;
      const int rook_to = to - f + (king_side ? 5 : 3);
      if (r.sq[rook_to] != make_piece(them, ROOK)) continue;
      const int row = to - f;
      for (int kf = 0; kf < 8; ++kf)
        for (int rf = 0; rf < 8; ++rf) {
          if (v == CHESS && (kf != 4 || rf != (king_side ? 7 : 0))) continue;
          if (kf == rf || (king_side ? rf < kf : rf > kf)) continue;
          auto free = [&](int s) { return r.sq[s] == NO_PIECE || s == to || s == rook_to; };
          bool ok = free(row + kf) && free(row + rf);
          for (int x = std::min(kf, f); x <= std::max(kf, f); ++x)
            if (x != kf) ok &= free(row + x);
          const int rt = rook_to - row;
          for (int x = std::min(rf, rt); x <= std::max(rf, rt); ++x)
            if (x != rf) ok &= free(row + x);
          if (ok &&
              try_board(
                  {{to, NO_PIECE}, {rook_to, NO_PIECE}, {row + kf, p}, {row + rf, make_piece(them, ROOK)}}))
            return true;
        }
    }
  }
  return false;
}

std::string board_fen(const Board& b) {
  static const char LETTERS[] = " PNBRQKMSM";
  std::string s;
  for (int r = 7; r >= 0; --r) {
    int run = 0;
    for (int f = 0; f < 8; ++f) {
      const Piece p = b.sq[r * 8 + f];
      if (p == NO_PIECE) {
        ++run;
        continue;
      }
      if (run) s += char('0' + run), run = 0;
      const char c = LETTERS[type_of(p)];
      s += color_of(p) == WHITE ? c : char(c | 0x20);
      if (type_of(p) == PMET) s += '~';
    }
    if (run) s += char('0' + run);
    if (r) s += '/';
  }
  s += b.side == WHITE ? " w - " : " b - ";
  s += b.ep < 0 ? std::string("-") : std::string{char('a' + b.ep % 8), char('1' + b.ep / 8)};
  return s + " 0 1";
}

// A random sparse board: two kings and a few pieces each, often with the side not to move's
// king castled (c/g file, rook beside it) or an en passant square, so that checks of every
// kind come up.
Board random_board(Variant v, std::mt19937& rng) {
  Board b;
  b.variant = v;
  b.side = rng() & 1 ? BLACK : WHITE;
  const Color them = ~b.side;
  const bool makruk = v == MAKRUK;
  auto put = [&](Piece p, int s) {
    if (b.sq[s] == NO_PIECE) b.sq[s] = p;
  };
  if (!makruk && rng() % 4 == 0) {  // castled
    const int row = them == WHITE ? 0 : 56;
    const bool king_side = rng() & 1;
    put(make_piece(them, KING), row + (king_side ? 6 : 2));
    put(make_piece(them, ROOK), row + (king_side ? 5 : 3));
  }
  for (Color c : {WHITE, BLACK}) {
    bool has_king = false;
    for (int s = 0; s < 64; ++s) has_king |= b.sq[s] == make_piece(c, KING);
    while (!has_king) {
      const int s = int(rng() % 64);
      if (b.sq[s] == NO_PIECE) b.sq[s] = make_piece(c, KING), has_king = true;
    }
  }
  static const PieceType CHESS_TYPES[] = {PAWN, PAWN, KNIGHT, BISHOP, ROOK, QUEEN};
  static const PieceType MAKRUK_TYPES[] = {PAWN, PAWN, KNIGHT, ROOK, ROOK, KHON, MET, PMET};
  for (Color c : {WHITE, BLACK}) {
    const int n = int(rng() % 6);
    for (int i = 0; i < n; ++i) {
      const PieceType pt = makruk ? MAKRUK_TYPES[rng() % 8] : CHESS_TYPES[rng() % 6];
      const int s = int(rng() % 64);
      if (!makruk && pt == PAWN && (s < 8 || s >= 56)) continue;
      put(make_piece(c, pt), s);
    }
  }
  if (!makruk && rng() % 3 == 0) {
    // An en passant square behind a pawn of the side not to move on its fourth rank.
    const int f = int(rng() % 8);
    const int pawn = them == WHITE ? 24 + f : 32 + f, ep = them == WHITE ? 16 + f : 40 + f;
    const int origin = them == WHITE ? 8 + f : 48 + f;
    if (b.sq[ep] == NO_PIECE && b.sq[origin] == NO_PIECE &&
        (b.sq[pawn] == NO_PIECE || type_of(b.sq[pawn]) == PAWN)) {
      b.sq[pawn] = make_piece(them, PAWN);
      b.ep = ep;
    }
  }
  return b;
}

// A board built around a double check that only an en passant capture or a promotion
// explains: the moved piece, and a slider of the same side beyond the square(s) the move
// emptied, on the line from the king of the side to move (when there is one). Random boards
// rarely make those.
Board constructed_board(Variant v, std::mt19937& rng) {
  Board b;
  b.variant = v;
  b.side = rng() & 1 ? BLACK : WHITE;
  const Color us = b.side, them = ~us;
  const bool makruk = v == MAKRUK;
  const int up = naive::forward(them) * 8;
  // The moved piece: a pawn that took en passant (chess) or a promoted piece.
  const bool en_passant = !makruk && (rng() & 1);
  const int f = int(rng() % 8);
  const int to = en_passant ? (them == WHITE ? 40 : 16) + f
                 : makruk   ? (them == WHITE ? 40 : 16) + f
                            : (them == WHITE ? 56 : 0) + f;
  static const PieceType PROMOTED[] = {KNIGHT, BISHOP, ROOK, QUEEN};
  b.sq[to] = make_piece(them, en_passant ? PAWN : makruk ? PMET : PROMOTED[rng() % 4]);
  const int df = rng() & 1 ? 1 : -1;
  std::vector<int> vacated;
  if (f + df >= 0 && f + df < 8) vacated.push_back(to - up + df);
  if (en_passant || (rng() & 1)) vacated.push_back(to - up);
  // The king of the side to move, and sliders beyond the vacated squares on its lines.
  int ksq;
  do ksq = int(rng() % 64);
  while (b.sq[ksq] != NO_PIECE || std::find(vacated.begin(), vacated.end(), ksq) != vacated.end());
  b.sq[ksq] = make_piece(us, KING);
  for (int x : vacated) {
    const int dx = x % 8 - ksq % 8, dy = x / 8 - ksq / 8;
    if (dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy)) continue;
    if (makruk && dx != 0 && dy != 0) continue;  // only the Ruea slides
    const int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    int fx = x % 8 + sx, fy = x / 8 + sy, steps = int(rng() % 3);
    while (steps-- > 0 && naive::on_board(fx + sx, fy + sy)) fx += sx, fy += sy;
    if (!naive::on_board(fx, fy) || b.sq[fy * 8 + fx] != NO_PIECE) continue;
    const PieceType slider = makruk ? ROOK : rng() % 3 == 0 ? QUEEN : (dx == 0 || dy == 0) ? ROOK : BISHOP;
    b.sq[fy * 8 + fx] = make_piece(them, slider);
  }
  int tk;
  do tk = int(rng() % 64);
  while (b.sq[tk] != NO_PIECE);
  b.sq[tk] = make_piece(them, KING);
  for (int i = int(rng() % 3); i > 0; --i) {
    const int s = int(rng() % 64);
    if (b.sq[s] == NO_PIECE && std::find(vacated.begin(), vacated.end(), s) == vacated.end())
      b.sq[s] = make_piece(rng() & 1 ? us : them, makruk ? KNIGHT : (rng() & 1) ? KNIGHT : ROOK);
  }
  return b;
}

}  // namespace

// The rule against the retro generator on random boards of every variant: among the boards
// with two or more checkers or an en passant square that pass the other checks, set_fen
// refuses (TOO_MANY_CHECKERS, ALIGNED_CHECKERS, IMPOSSIBLE_CHECK, EN_PASSANT_CHECK) exactly
// those that no last move leads to.
TEST(ImpossibleChecks, AgreeWithARetroMoveGenerator) {
  for (Variant v : {CHESS, CHESS960, MAKRUK}) {
    std::mt19937 rng(1600 + v);
    int counts[64] = {};
    int accepted_in_check = 0;
    int needed[3] = {};  // accepted boards only castling / en passant / a promotion explains
    for (int i = 0; i < 60000; ++i) {
      const Board b = i % 4 == 3 ? constructed_board(v, rng) : random_board(v, rng);
      const std::string fen = board_fen(b);
      Position pos;
      const FenError e = pos.set_fen(fen, v);
      const bool check_refusal = e == FenError::TOO_MANY_CHECKERS || e == FenError::ALIGNED_CHECKERS ||
                                 e == FenError::IMPOSSIBLE_CHECK || e == FenError::EN_PASSANT_CHECK;
      if (e != FenError::OK && !check_refusal) continue;
      const bool relevant = check_refusal || more_than_one(pos.checkers()) || pos.ep_square() != SQ_NONE;
      if (!relevant) continue;
      ++counts[int(e)];
      accepted_in_check += e == FenError::OK;
      ASSERT_EQ(retro_last_move(b), e == FenError::OK) << fen << " " << code(e);
      if (e == FenError::OK)
        for (int k = 0; k < 3; ++k) needed[k] += !retro_last_move(b, 1 << k);
    }
    std::printf(
        "%s: accepted with two checkers or ep %d; refused: too many checkers %d, aligned %d, impossible %d, "
        "en passant %d; explained only by castling %d, en passant %d, a promotion %d\n",
        v == CHESS      ? "chess"
        : v == CHESS960 ? "chess960"
                        : "makruk",
        accepted_in_check, counts[int(FenError::TOO_MANY_CHECKERS)], counts[int(FenError::ALIGNED_CHECKERS)],
        counts[int(FenError::IMPOSSIBLE_CHECK)], counts[int(FenError::EN_PASSANT_CHECK)], needed[0],
        needed[1], needed[2]);
    EXPECT_GT(accepted_in_check, 200);
    EXPECT_GT(counts[int(FenError::IMPOSSIBLE_CHECK)], 100);
    EXPECT_GT(counts[int(FenError::ALIGNED_CHECKERS)], 20);
    if (v != MAKRUK) {
      EXPECT_GT(counts[int(FenError::EN_PASSANT_CHECK)], 100);
      // En passant explains boards nothing else does. (Castling never gives two checks: its
      // rook checks along a line a discovered check would have to cross; none is expected.)
      EXPECT_GT(needed[1], 0);
    }
    EXPECT_GT(needed[2], 0);
  }
}

// The rule looks one move back, so it never refuses a position that legal moves (or null
// moves) reach from an accepted one: random games from the perft positions and from crowded
// boards, every position's FEN read back.
TEST(ImpossibleChecks, PositionsReachedByMovesAreAccepted) {
  std::vector<std::pair<std::string, Variant>> starts;
  for (const char* file :
       {"perft-standard.epd", "perft-tricky.epd", "perft-chess960.epd", "perft-makruk.epd"}) {
    const Variant v = std::string(file).find("960") != std::string::npos      ? CHESS960
                      : std::string(file).find("makruk") != std::string::npos ? MAKRUK
                                                                              : CHESS;
    for (const auto& e : cwtest::load_epd(file)) starts.emplace_back(e.fen, v);
  }
  std::mt19937 rng(16);
  for (int i = 0; i < 300; ++i) {
    const Variant v = Variant(i % 3);
    auto next = [&]() { return uint8_t(rng()); };
    bool ok = false;
    const std::string fen = cwtools::dense_fen(v, next, &ok);
    if (ok) starts.emplace_back(fen, v);
  }
  int checked = 0, in_check = 0;
  for (const auto& [fen, v] : starts) {
    Position pos;
    ASSERT_EQ(pos.set_fen(fen, v), FenError::OK) << fen;
    for (int ply = 0; ply < 60; ++ply) {
      MoveList list;
      generate_legal(pos, list);
      if (list.size() == 0) break;
      if (!pos.in_check() && rng() % 16 == 0)
        pos.do_null_move();
      else
        pos.do_move(list.moves[rng() % unsigned(list.size())]);
      Position again;
      const FenError e = again.set_fen(pos.fen(), v);
      ASSERT_EQ(code(e), "OK") << pos.fen() << " reached from " << fen;
      ++checked;
      in_check += pos.in_check();
    }
  }
  std::printf("%d positions read back, %d of them in check\n", checked, in_check);
  EXPECT_GT(in_check, 1000);
}
