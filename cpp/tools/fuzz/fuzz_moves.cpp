// chesswasm fuzzing — move sequences. Input: one byte choosing a seed position (any
// variant; from cwfuzz::DENSE_FROM up a crowded position, chosen by the next two bytes), then
// one byte per step: 255 takes back the last move (or null move), 254 plays
// a null move when the side to move is not in check, anything else plays legal[byte % n].
// After every step: the incremental key equals the scratch key, the position is
// consistent, and the legal moves pass the move-generator cross-checks (each is_legal,
// leaves the king safe, agrees with gives_check, undoes exactly; captures are the capture
// subset). At the end, taking back every step restores the start FEN and key exactly.
// SPDX-License-Identifier: MIT
#include <string>
#include <vector>

#include "fuzz_common.h"
#include "notation.h"

using namespace cw;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cwfuzz::Bytes in{data, size};
  Position pos;
  const uint8_t choice = in.next();
  // A crowded start position takes two more bytes to choose which.
  const uint32_t salt = choice >= cwfuzz::DENSE_FROM ? uint32_t(in.next()) << 8 | in.next() : 0;
  cwfuzz::seed_position(pos, choice, 0, salt);
  const std::string start_fen = pos.fen();
  const Key start_key = pos.key();
  std::vector<bool> null_moves;  // the kind of each step still on the stack
  std::vector<std::string> fens{start_fen};

  while (!in.empty()) {
    const uint8_t op = in.next();
    MoveList list;
    generate_legal(pos, list);
    if (op == 255 || (op < 254 && list.size() == 0)) {
      if (null_moves.empty()) continue;
      if (null_moves.back())
        pos.undo_null_move();
      else
        pos.undo_move();
      null_moves.pop_back();
      fens.pop_back();
      CWFUZZ_CHECK(pos.fen() == fens.back(), "undo: " + pos.fen() + " != " + fens.back());
    } else if (op == 254) {
      if (pos.in_check()) continue;
      pos.do_null_move();
      null_moves.push_back(true);
      fens.push_back(pos.fen());
    } else {
      pos.do_move(list.moves[op % list.size()]);
      null_moves.push_back(false);
      fens.push_back(pos.fen());
    }
    CWFUZZ_CHECK(pos.history_size() == int(null_moves.size()), pos.fen());
    cwfuzz::check_position(pos, "after a step");
    cwfuzz::check_moves(pos, null_moves.size() % 16 == 0);
  }

  while (!null_moves.empty()) {
    if (null_moves.back())
      pos.undo_null_move();
    else
      pos.undo_move();
    null_moves.pop_back();
    cwfuzz::check_position(pos, "while unwinding");
  }
  CWFUZZ_CHECK(pos.fen() == start_fen, pos.fen() + " != " + start_fen);
  CWFUZZ_CHECK(pos.key() == start_key, start_fen);
  CWFUZZ_CHECK(pos.history_size() == 0, start_fen);
  return 0;
}
