// chesswasm — perft and divide, plus a self-checking perft for the debug test suite.
// SPDX-License-Identifier: MIT
#include "perft.h"

#include "movegen.h"
#include "notation.h"

namespace cw {

namespace {

uint64_t perft_bulk(Position& pos, int depth) {
  if (depth == 1) return uint64_t(count_legal_moves(pos));
  Move buf[MAX_MOVES];
  Move* end = generate<LEGAL>(pos, buf);
  uint64_t nodes = 0;
  for (Move* m = buf; m != end; ++m) {
    pos.do_move(*m);
    nodes += perft_bulk(pos, depth - 1);
    pos.undo_move();
  }
  return nodes;
}

uint64_t perft_full(Position& pos, int depth) {
  if (depth == 0) return 1;
  Move buf[MAX_MOVES];
  Move* end = generate<LEGAL>(pos, buf);
  uint64_t nodes = 0;
  for (Move* m = buf; m != end; ++m) {
    pos.do_move(*m);
    nodes += perft_full(pos, depth - 1);
    pos.undo_move();
  }
  return nodes;
}

}  // namespace

uint64_t perft(Position& pos, int depth, bool bulk) {
  if (depth <= 0) return 1;
  return bulk ? perft_bulk(pos, depth) : perft_full(pos, depth);
}

std::vector<std::pair<Move, uint64_t>> divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  if (depth <= 0) return out;
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    pos.do_move(m);
    out.emplace_back(m, perft(pos, depth - 1, true));
    pos.undo_move();
  }
  return out;
}

uint64_t perft_checked(Position& pos, int depth, std::string& error) {
  if (!error.empty()) return 0;
  auto fail = [&](const std::string& what) {
    if (error.empty()) error = what + " at " + pos.fen();
    return uint64_t(0);
  };
  const char* why = nullptr;
  if (!pos.is_consistent(&why)) return fail(std::string("inconsistent position (") + why + ")");
  if (pos.key() != pos.compute_key()) return fail("incremental key differs from scratch key");
  MoveList list, caps;
  generate_legal(pos, list);
  generate_captures(pos, caps);
  if (has_legal_move(pos) != (list.size() > 0)) return fail("has_legal_move disagrees with the move list");
  if (count_legal_moves(pos) != list.size()) return fail("count_legal_moves disagrees with the move list");
  int capture_count = 0;
  for (Move m : list) {
    if (is_capture(m) != caps.contains(m))
      return fail("captures-only generation disagrees on " + move_to_uci(pos, m));
    capture_count += is_capture(m);
    if (parse_uci(pos, move_to_uci(pos, m)) != m)
      return fail("UCI round trip fails for " + move_to_uci(pos, m));
  }
  if (capture_count != caps.size()) return fail("captures-only generation has extra moves");
  if (depth == 0) return 1;
  uint64_t nodes = 0;
  for (Move m : list) {
    bool checks = pos.gives_check(m);
    std::string uci = move_to_uci(pos, m);
    pos.do_move(m);
    if (checks != pos.in_check()) {
      pos.undo_move();
      return fail(std::string("gives_check is ") + (checks ? "true" : "false") + " for " + uci);
    }
    nodes += perft_checked(pos, depth - 1, error);
    pos.undo_move();
    if (!error.empty()) return 0;
  }
  return nodes;
}

}  // namespace cw
