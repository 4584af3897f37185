// chesswasm fuzzing — SAN parsing, tolerant and strict, in random legal positions. Input:
// one byte choosing a seed position (any variant; from cwfuzz::DENSE_FROM up a crowded
// position, chosen with the next byte), one byte for the number of random
// plies played from it (byte % 24) and their choice, then the SAN text.
// Both modes return a legal move exactly when the status is OK, never change the position,
// and agree with each other (strict accepts only move_to_san's exact text; tolerant without
// leniency bits is that exact text too); every legal move's SAN parses back to it strictly.
// SPDX-License-Identifier: MIT
#include <string>
#include <vector>

#include "fuzz_common.h"
#include "notation.h"

using namespace cw;

namespace {

void check_result(const Position& pos, const SanResult& r, const std::string& where) {
  CWFUZZ_CHECK(r.status <= SanStatus::AMBIGUOUS, where);
  CWFUZZ_CHECK(san_status_name(r.status) != nullptr, where);
  CWFUZZ_CHECK((r.status == SanStatus::OK) == (r.move != MOVE_NONE), where);
  if (r.status == SanStatus::OK) CWFUZZ_CHECK(is_legal(pos, r.move), where);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cwfuzz::Bytes in{data, size};
  const uint8_t seed = in.next(), plies = in.next();
  Position pos;
  cwfuzz::seed_position(pos, seed, plies % 24, plies);
  const std::string fen = pos.fen();
  const Key key = pos.key();
  const int history = pos.history_size();
  const std::string_view text = in.rest();
  const std::string where = fen + " '" + std::string(text) + "'";

  const SanResult tolerant = parse_san(pos, text, false);
  CWFUZZ_CHECK(pos.fen() == fen && pos.key() == key && pos.history_size() == history, where);
  const SanResult strict = parse_san(pos, text, true);
  CWFUZZ_CHECK(pos.fen() == fen && pos.key() == key && pos.history_size() == history, where);
  check_result(pos, tolerant, where + " tolerant");
  check_result(pos, strict, where + " strict");

  // The const overload (works on a copy) gives the same answers.
  const Position& cpos = pos;
  const SanResult tolerant_c = parse_san(cpos, text, false);
  CWFUZZ_CHECK(tolerant_c.move == tolerant.move && tolerant_c.status == tolerant.status &&
                   tolerant_c.leniency == tolerant.leniency,
               where);

  if (strict.status == SanStatus::OK) {
    CWFUZZ_CHECK(tolerant.status == SanStatus::OK && tolerant.move == strict.move, where);
    CWFUZZ_CHECK(move_to_san(pos, strict.move) == text, where + " -> " + move_to_san(pos, strict.move));
  }
  if (tolerant.status == SanStatus::OK) {
    const std::string san = move_to_san(pos, tolerant.move);
    if (tolerant.leniency == SAN_EXACT) CWFUZZ_CHECK(san == text, where + " exact, but SAN is " + san);
    // Whatever the tolerant mode accepted, strict mode accepts its canonical SAN.
    const SanResult again = parse_san(pos, san, true);
    CWFUZZ_CHECK(again.status == SanStatus::OK && again.move == tolerant.move, where + " -> " + san);
  } else {
    // Tolerant mode refusing a move that is there: strict mode cannot accept it either.
    CWFUZZ_CHECK(strict.status != SanStatus::OK, where);
  }

  // Every legal move: SAN out, strict SAN in, and the batch writer agrees.
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::string> sans;
  legal_moves_san(pos, sans);
  CWFUZZ_CHECK(int(sans.size()) == list.size(), fen);
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list.moves[i];
    const std::string san = move_to_san(pos, m);
    CWFUZZ_CHECK(san == sans[i], fen + " " + san + " vs " + sans[i]);
    CWFUZZ_CHECK(san == move_to_san(pos, m, list), fen + " " + san);
    const SanResult r = parse_san(pos, san, true);
    CWFUZZ_CHECK(r.status == SanStatus::OK && r.move == m, fen + " " + san);
  }
  CWFUZZ_CHECK(pos.fen() == fen && pos.key() == key, fen);
  return 0;
}
