// chesswasm fuzzing — helpers shared by the libFuzzer targets: a byte reader, the seed
// positions (every variant), and the invariant checks that abort on failure.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "attacks.h"
#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "tools/dense_positions.h"

namespace cwfuzz {

// Reports a broken invariant and aborts, so libFuzzer records the input as a crash.
[[noreturn]] inline void fail(const char* what, const std::string& detail = {}) {
  std::fprintf(stderr, "chesswasm fuzz: invariant failed: %s%s%s\n", what, detail.empty() ? "" : ": ",
               detail.c_str());
  std::abort();
}
#define CWFUZZ_CHECK(cond, detail)              \
  do {                                          \
    if (!(cond)) ::cwfuzz::fail(#cond, detail); \
  } while (0)

// Consumes the input front to back; reads past the end give 0.
struct Bytes {
  const uint8_t* data;
  size_t size;
  size_t pos = 0;
  bool empty() const { return pos >= size; }
  uint8_t next() { return pos < size ? data[pos++] : 0; }
  std::string_view rest() {
    std::string_view r(reinterpret_cast<const char*>(data) + pos, pos < size ? size - pos : 0);
    pos = size;
    return r;
  }
};

struct SeedPosition {
  cw::Variant variant;
  const char* fen;
};

// Public perft positions (tests/data/*.epd): every variant, many special cases (castling
// through checks, en passant pins, promotions, Makruk counting).
inline constexpr SeedPosition SEEDS[] = {
    {cw::CHESS, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {cw::CHESS, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {cw::CHESS, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
    {cw::CHESS, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"},
    {cw::CHESS, "4k2r/8/8/8/8/8/8/4K3 w k - 0 1"},
    {cw::CHESS, "r3k3/8/8/8/8/8/8/4K3 w q - 0 1"},
    {cw::CHESS, "8/ppp3p1/8/8/3p4/5Q2/1ppp2K1/brk4n w - - 0 1"},
    {cw::CHESS, "8/6kR/8/8/8/bq6/1rqqqqqq/K1nqnbrq b - - 0 1"},
    {cw::CHESS, "8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1"},
    {cw::CHESS, "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1"},
    {cw::CHESS, "8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K - 0 1"},
    {cw::CHESS, "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"},
    {cw::CHESS, "4k3/5p2/5p1p/8/rbR5/1N6/5PPP/5K2 b - - 1 29"},
    {cw::CHESS, "r7/4p3/5p1q/3P4/4pQ2/4pP2/6pp/R3K1kr w Q - 1 3"},
    {cw::CHESS, "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1"},
    {cw::CHESS, "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1"},
    {cw::CHESS, "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1"},
    {cw::CHESS, "5k2/8/8/8/8/8/8/4K2R w K - 0 1"},
    {cw::CHESS, "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1"},
    {cw::CHESS, "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1"},
    {cw::CHESS, "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1"},
    {cw::CHESS, "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1"},
    {cw::CHESS, "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1"},
    {cw::CHESS, "4k3/1P6/8/8/8/8/K7/8 w - - 0 1"},
    {cw::CHESS, "8/P1k5/K7/8/8/8/8/8 w - - 0 1"},
    {cw::CHESS, "K1k5/8/P7/8/8/8/8/8 w - - 0 1"},
    {cw::CHESS, "8/k1P5/8/1K6/8/8/8/8 w - - 0 1"},
    {cw::CHESS, "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1"},
    {cw::CHESS, "1k6/1b6/8/8/7R/8/8/4K2R b K - 0 1"},
    {cw::CHESS, "r6r/1b2k1bq/8/8/7B/8/8/R3K2R b KQ - 3 2"},
    {cw::CHESS, "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3"},
    {cw::CHESS, "r1bqkbnr/pppppppp/n7/8/8/P7/1PPPPPPP/RNBQKBNR w KQkq - 2 2"},
    {cw::CHESS, "r3k2r/p1pp1pb1/bn2Qnp1/2qPN3/1p2P3/2N5/PPPBBPPP/R3K2R b KQkq - 3 2"},
    {cw::CHESS, "2kr3r/p1ppqpb1/bn2Qnp1/3PN3/1p2P3/2N5/PPPBBPPP/R3K2R b KQ - 3 2"},
    {cw::CHESS, "rnb2k1r/pp1Pbppp/2p5/q7/2B5/8/PPPQNnPP/RNB1K2R w KQ - 3 9"},
    {cw::CHESS, "2r5/3pk3/8/2P5/8/2K5/8/8 w - - 5 4"},
    {cw::CHESS, "rnbqkbnr/p3pppp/2p5/1pPp4/3P4/8/PP2PPPP/RNBQKBNR w KQkq b6 0 4"},
    {cw::CHESS, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {cw::CHESS, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
    {cw::CHESS, "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"},
    {cw::CHESS, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
    {cw::CHESS, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
    {cw::CHESS960, "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1"},
    {cw::CHESS960, "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1"},
    {cw::CHESS960, "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1"},
    {cw::CHESS960, "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1"},
    {cw::CHESS960, "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1"},
    {cw::CHESS960, "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1"},
    {cw::CHESS960, "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1"},
    {cw::CHESS960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
    {cw::CHESS960, "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9"},
    {cw::CHESS960, "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9"},
    {cw::CHESS960, "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9"},
    {cw::CHESS960, "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9"},
    {cw::CHESS960, "qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9"},
    {cw::CHESS960, "q1bnrkr1/ppppp2p/2n2p2/4b1p1/2NP4/8/PPP1PPPP/QNB1RRKB w ge - 1 9"},
    {cw::CHESS960, "qbn1brkr/ppp1p1p1/2n4p/3p1p2/P7/6PP/QPPPPP2/1BNNBRKR w HFhf - 0 9"},
    {cw::CHESS960, "qnnbbrkr/1p2ppp1/2pp3p/p7/1P5P/2NP4/P1P1PPP1/Q1NBBRKR w HFhf - 0 9"},
    {cw::MAKRUK, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"},
    {cw::MAKRUK, "rnsmksnr/8/1pM~1pppp/p7/8/PPPP1PPP/8/RNSKMSNR b - - 0 3"},
    {cw::MAKRUK, "r1smksnr/3n4/pppp1ppp/4p3/4PP2/PPPP2PP/8/RNSKMSNR w - - 0 1"},
    {cw::MAKRUK, "rnsm1s1r/4n1k1/1ppppppp/p7/2PPP3/PP3PPP/4N2R/RNSKMS2 b - - 1 5"},
    {cw::MAKRUK, "4k3/8/8/4S3/8/2S5/8/4K3 w - - 0 1"},
    {cw::MAKRUK, "8/3k4/8/2K1S1P1/8/8/8/8 w - - 0 1"},
    {cw::MAKRUK, "3k4/2m5/8/4MP2/3KS3/8/8/8 w - - 0 1"},
    {cw::MAKRUK, "8/2K3k1/5m2/4S1S1/8/8/8/8 w - - 0 1"},
    {cw::MAKRUK, "3mk3/r3s1R1/1psppnp1/p1pn4/1P2NP2/P1PPP1P1/4NS2/R1SKM3 w - - 0 1"},
    {cw::MAKRUK, "r1s1k1nr/2mns3/1ppp1ppp/p3p3/P5P1/1PPPPP1P/1S6/RN1KMSNR w - - 2 6"},
    {cw::MAKRUK, "rn2k1nr/2mss3/1pp1ppp1/p6p/PP1P2P1/2PPSP1P/5M2/RNK2SNR b - - 0 8"},
    {cw::MAKRUK, "1r1m3r/1n1k3n/pM2p3/1P1pPp2/5P2/1SP2sP1/R2M4/1N2K1N1 b - - 4 32"},
    // The lichess variants (tests/data/perft-<variant>.epd): start positions, pockets and
    // promoted pieces, explosions next to kings, compulsory captures and king promotions,
    // the hill, check counters, racing kings' goal, horde's first-rank pawns.
    {cw::CRAZYHOUSE, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
    {cw::CRAZYHOUSE, "r3k2r/8/8/8/8/8/8/R3K2R[QRBNPqrbnp] w KQkq - 0 1"},
    {cw::CRAZYHOUSE, "k7/8/1K6/8/8/8/8/8[Pp] w - - 0 1"},
    {cw::CRAZYHOUSE, "rn2knn1/pp1bpp1r/4q1pp/QPp1b3/2Pp2PP/P2P1P2/4B1R1/Rq~B1K1N1[] w Qq - 3 21"},
    {cw::CRAZYHOUSE, "r1bqkbr1/ppppppp1/n7/7p/1P1n1B2/P2P1NP1/2P1PP1P/RN1QKB1R[] b KQq - 2 7"},
    {cw::ATOMIC, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {cw::ATOMIC, "8/8/8/8/8/8/4k3/R3K2q w Q - 0 1"},
    {cw::ATOMIC, "rnbq1knr/1p1p2b1/p6p/P1p1ppp1/8/BPPP1PPP/4P3/RNQ1KBNR w KQ - 1 11"},
    {cw::ATOMIC, "4kb2/2p1pppr/8/p6n/2N1qP2/2PP3P/PBQ5/R4KR1 w - - 3 20"},
    {cw::ATOMIC, "rnb3nr/p1p2k1p/8/Pp3pp1/1P3P2/6PN/4P2P/3K1B1R w - - 0 15"},
    {cw::ANTICHESS, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
    {cw::ANTICHESS, "kk6/8/8/8/8/8/8/KK6 w - - 0 1"},
    {cw::ANTICHESS, "r4bn1/1p2k3/8/p4P2/5n1p/P7/RPP5/1N1K4 w - - 0 21"},
    {cw::ANTICHESS, "6n1/6b1/8/p2P4/P7/7r/6p1/8 b - - 0 23"},
    {cw::ANTICHESS, "8/P7/8/8/8/8/8/7k w - - 0 1"},
    {cw::KING_OF_THE_HILL, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {cw::KING_OF_THE_HILL, "8/8/8/8/8/3K4/8/k7 w - - 0 1"},
    {cw::KING_OF_THE_HILL, "1r3b2/4pk2/1qpp1p2/1p2n1r1/1P1NPKbp/B7/2PP2P1/R2Q1BNR b - - 0 22"},
    {cw::THREE_CHECK, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"},
    {cw::THREE_CHECK, "4k3/8/8/8/8/8/8/4K2R w K - 1+3 0 1"},
    {cw::THREE_CHECK, "2k3nr/7p/rp3p1q/4p1pP/2Pp2P1/p4B2/PPnPKPR1/R1B4Q b - - 3+3 3 26"},
    {cw::THREE_CHECK, "2bk2nr/1p6/6pp/1Qp2pb1/N2r1P2/3nB1PP/4P3/3K1BNR w - - 1+2 13 32"},
    {cw::RACING_KINGS, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"},
    {cw::RACING_KINGS, "8/8/8/8/8/8/8/k1K3RB w - - 0 1"},
    {cw::RACING_KINGS, "4b3/8/8/1R6/3nnr2/q2r4/k5BK/3Q4 w - - 34 30"},
    {cw::RACING_KINGS, "8/6R1/4r3/6R1/8/8/k1bnNBQK/qrbnNB2 b - - 5 3"},
    {cw::RACING_KINGS, "8/6k1/4K3/8/8/8/8/8 w - - 0 1"},
    {cw::HORDE, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"},
    {cw::HORDE, "r3k2r/8/8/8/8/8/PPPPPPPP/8 b kq - 0 1"},
    {cw::HORDE, "Q4q2/p1k1p2r/P1P4p/4PP1P/PPPpPPPP/1P1PP1P1/PPP1PP1P/PPPP1PPP w - - 1 32"},
    {cw::HORDE, "rn3bN1/1p1k1p2/2p3Q1/p1P1P1PP/Pq2P3/PPPPPPPP/1P1PPPP1/PPPPPPPP b - - 0 20"},
    {cw::HORDE, "k7/8/8/8/8/8/8/5B1R b - - 0 1"},
};
inline constexpr int SEED_COUNT = int(sizeof(SEEDS) / sizeof(SEEDS[0]));

// Seed bytes from DENSE_FROM up choose a crowded position instead of a listed one.
inline constexpr uint8_t DENSE_FROM = 224;

// Sets pos to a crowded position (cpp/tools/dense_positions.h: as much material as set-up
// accepts, sliders of both colours, castling and en passant where possible) of the variant
// seed % 3, built from a small generator seeded with `seed`, so that the input's other bytes
// keep their meaning. Such boards reach move counts near the MAX_MOVES bound, where the
// generator asserts that its buffer holds.
inline void dense_position(cw::Position& pos, uint32_t seed) {
  const cw::Variant v = cw::Variant(seed % 3);
  uint32_t r = seed * 2654435761u + 12345;
  auto next = [&]() {
    r = r * 1664525u + 1013904223u;
    return uint8_t(r >> 24);
  };
  bool ok = false;
  const std::string fen = cwtools::dense_fen(v, next, &ok);
  if (!ok) {
    if (pos.set_fen(cw::START_FEN) != cw::FenError::OK) fail("start FEN refused");
    return;
  }
  if (pos.set_fen(fen, v) != cw::FenError::OK) fail("dense FEN refused", fen);
}

// Sets pos to the seed the byte selects (a listed position, or from DENSE_FROM up a crowded
// one chosen with salt), then plays up to `plies` pseudo-random legal moves (chosen by a
// small LCG seeded from `salt`), so that targets see positions beyond the seeds.
inline void seed_position(cw::Position& pos, uint8_t choice, int plies, uint32_t salt) {
  if (choice >= DENSE_FROM) {
    dense_position(pos, uint32_t(choice - DENSE_FROM) << 16 ^ salt);
  } else {
    const SeedPosition& s = SEEDS[choice % SEED_COUNT];
    if (pos.set_fen(s.fen, s.variant) != cw::FenError::OK) fail("seed FEN refused", s.fen);
  }
  uint32_t r = salt * 2654435761u + 1;
  for (int i = 0; i < plies; ++i) {
    cw::MoveList list;
    cw::generate_legal(pos, list);
    if (list.size() == 0) break;
    r = r * 1664525u + 1013904223u;
    pos.do_move(list.moves[(r >> 16) % unsigned(list.size())]);
  }
}

inline const char* variant_name(cw::Variant v) { return cw::variant_name(v); }

// The variant a FEN target's selector byte names: '0'..'9' (the seed files' first character)
// name variants 0..9 (chess, Chess960, Makruk, then the lichess variants in types.h order),
// and so do 'a'..'j' with Chess960 castling (selector_chess960); any other byte names one of
// the first three, byte % 3.
inline cw::Variant selector_variant(uint8_t selector) {
  if (selector >= 'a' && selector <= 'j') return cw::Variant(selector - 'a');
  return selector >= '0' && selector <= '9' ? cw::Variant(selector - '0') : cw::Variant(selector % 3);
}
// Whether the selector asks for Chess960 castling (Position::set_fen's flag): 'a'..'j'.
inline bool selector_chess960(uint8_t selector) { return selector >= 'a' && selector <= 'j'; }

// The position's invariants: consistency (bitboards, kings, checkers, hash) and the
// incremental key equal to the scratch key.
inline void check_position(const cw::Position& pos, const char* where) {
  const char* why = nullptr;
  if (!pos.is_consistent(&why))
    fail(where, std::string("is_consistent: ") + (why ? why : "?") + " in " + pos.fen());
  if (pos.key() != pos.compute_key()) fail(where, "key() != compute_key() in " + pos.fen());
}

// Whether colour us's king is safe after us has moved, by the variant's rules: a side may lack
// its king (kingless set-ups, horde); antichess kings are no royal pieces; in atomic a king
// that touches the enemy king cannot be captured, and a move that explodes the enemy king is
// legal even when ours stays attacked (the game is over), but our own king must survive.
inline bool king_safe(const cw::Position& pos, cw::Color us) {
  using namespace cw;
  if (pos.variant() == ANTICHESS) return true;
  if (pos.variant() == ATOMIC) {
    if (!pos.pieces(us, KING)) return false;
    if (!pos.pieces(~us, KING)) return true;
    if (king_attacks(pos.king_square(us)) & pos.pieces(~us, KING)) return true;
  }
  return !pos.pieces(us, KING) || !attacked_by(pos, ~us, pos.king_square(us));
}

// The UCI text of the move that led to pos (for failure messages).
inline std::string move_to_uci_after(cw::Position& pos, cw::Move m) {
  pos.undo_move();
  std::string uci = cw::move_to_uci(pos, m);
  pos.do_move(m);
  return uci;
}

// Antichess: when a capture exists, every legal move is one.
inline void check_compulsory_captures(const cw::Position& pos, const cw::MoveList& list,
                                      const std::string& fen) {
  if (pos.variant() != cw::ANTICHESS) return;
  bool capture = false, quiet = false;
  for (const cw::Move m : list) (cw::is_capture(m) ? capture : quiet) = true;
  if (capture && quiet) fail("antichess: a quiet move beside a capture", fen);
}

// Cross-checks the move generator on pos (which is left as it was): each generated move,
// played, leaves the mover's king safe and agrees with gives_check, and undo restores the
// key; the capture generator gives the capture subset; count_legal_moves / has_legal_move
// agree with the list. `thorough` adds, per move: is_legal, no duplicates, the UCI text
// parsing back to the move, the invariants after do_move and the FEN after undo_move.
inline void check_moves(cw::Position& pos, bool thorough) {
  using namespace cw;
  MoveList list, caps;
  generate_legal(pos, list);
  generate_captures(pos, caps);
  const Key key = pos.key();
  const std::string fen = pos.fen();
  if (count_legal_moves(pos) != list.size()) fail("count_legal_moves != list size", fen);
  if (has_legal_move(pos) != (list.size() > 0)) fail("has_legal_move disagrees", fen);
  check_compulsory_captures(pos, list, fen);
  // After the variant's own ending (hill, third check, exploded king, goal) nothing moves.
  if (pos.is_variant_end() && list.size()) fail("moves after the variant's end", fen);
  int capture_count = 0;
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list.moves[i];
    if (is_capture(m)) {
      ++capture_count;
      if (!caps.contains(m)) fail("capture missing from generate_captures", fen);
    }
    if (thorough) {
      if (!is_legal(pos, m)) fail("generated move is not is_legal", fen);
      for (int j = i + 1; j < list.size(); ++j)
        if (list.moves[j] == m) fail("duplicate move in the legal list", fen);
      const std::string uci = move_to_uci(pos, m);
      if (parse_uci(pos, uci) != m) fail("parse_uci(move_to_uci(m)) != m", fen + " " + uci);
    }
    const Color us = pos.side_to_move();
    const bool check = pos.gives_check(m);
    pos.do_move(m);
    if (!king_safe(pos, us)) fail("move leaves own king attacked", fen + " " + move_to_uci_after(pos, m));
    // Racing kings: no move gives check.
    if (pos.variant() == RACING_KINGS && pos.in_check()) fail("racing kings move gives check", fen);
    if (pos.in_check() != check) fail("gives_check disagrees with do_move", fen);
    if (thorough) check_position(pos, "after do_move");
    pos.undo_move();
    if (pos.key() != key) fail("undo_move does not restore the key", fen);
    if (thorough && pos.fen() != fen) fail("undo_move does not restore the FEN", fen);
  }
  if (caps.size() != capture_count) fail("generate_captures is not the capture subset", fen);
}

}  // namespace cwfuzz
