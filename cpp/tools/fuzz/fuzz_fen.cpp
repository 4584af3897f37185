// chesswasm fuzzing — FEN parsing. Input: one byte choosing the variant ('0'..'9': chess,
// Chess960, Makruk, crazyhouse, atomic, antichess, king of the hill, three-check, racing
// kings, horde, as the seed files start; 'a'..'j' the same with the Chess960 castling flag; any
// other byte: byte % 3), then the FEN text
// (pockets in brackets or as a ninth rank, '~' marks, three-check counters in both forms); a first byte
// from 240 up reads a crowded board instead (cpp/tools/dense_positions.h, from a seed in the
// next two bytes).
// A refused FEN leaves the position (with its move history) exactly as it was; an accepted
// one gives a consistent position whose FEN (and Shredder-FEN) reads back to the same FEN
// and key, and whose legal moves pass the move-generator cross-checks. The Setup of the same
// text agrees: set_fen's code is its parse error or its first verdict, the per-field syntax
// set contains the parse error, a set-up without castling verdicts reads back from its FEN,
// and one that only lacks kings builds a position (kingless move generation) that passes the
// same cross-checks, as does one that breaks only verdicts TOLERATE_ANY_BOARD passes over
// (the chess.js facade's boards: any material, the side not to move in check).
// SPDX-License-Identifier: MIT
#include <string>

#include "fuzz_common.h"
#include "notation.h"
#include "setup.h"

using namespace cw;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cwfuzz::Bytes in{data, size};
  const uint8_t selector = in.next();
  Variant variant = cwfuzz::selector_variant(selector);
  bool chess960 = cwfuzz::selector_chess960(selector);
  std::string_view text;
  std::string dense;
  if (selector >= 240) {
    // A crowded board (the builder's FEN, from a seed in the next two bytes; the rest of the
    // input is not read): the FEN checks below on positions with the most moves.
    const uint32_t seed = uint32_t(in.next()) << 8 | in.next();
    variant = Variant(seed % 3);
    chess960 = false;
    uint32_t r = seed * 2654435761u + 7;
    auto next = [&]() {
      r = r * 1664525u + 1013904223u;
      return uint8_t(r >> 24);
    };
    dense = cwtools::dense_fen(variant, next);
    text = dense;
  } else {
    text = in.rest();
  }

  // A position with history, so that a refused FEN must also leave the state stack alone.
  Position pos;
  cwfuzz::seed_position(pos, uint8_t(selector / 3), 3, selector);
  const std::string before = pos.fen(), before_shredder = pos.fen(true);
  const Key before_key = pos.key();
  const int before_history = pos.history_size();
  const Variant before_variant = pos.variant();

  const FenError err = pos.set_fen(text, variant, chess960);
  Setup setup;
  const FenError parsed = setup.parse(text, variant, chess960);
  const FenErrors syntax = fen_syntax_errors(text, variant, chess960);
  CWFUZZ_CHECK((syntax == 0) == (parsed == FenError::OK), std::string(text));
  if (parsed != FenError::OK) {
    CWFUZZ_CHECK(syntax & fen_error_bit(parsed), std::string(text));
    CWFUZZ_CHECK(err == parsed, std::string(text));
  } else {
    const FenErrors verdicts = setup.validate();
    CWFUZZ_CHECK(err == first_fen_error(verdicts), std::string(text));
    constexpr FenErrors CASTLING =
        fen_error_bit(FenError::CASTLING_NO_KING) | fen_error_bit(FenError::CASTLING_NO_ROOK);
    if (!(verdicts & CASTLING)) {
      Setup again;
      CWFUZZ_CHECK(again.parse(setup.fen(true), variant, chess960) == FenError::OK && again == setup,
                   setup.fen(true));
    }
    if ((verdicts & ~TOLERATE_MISSING_KINGS) == 0) {
      Position kingless;
      CWFUZZ_CHECK(setup.build(kingless, TOLERATE_MISSING_KINGS) == FenError::OK, std::string(text));
      cwfuzz::check_position(kingless, "after a tolerant build");
      cwfuzz::check_moves(kingless, true);
    }
    // Any board chess.js plays (the facade's permissive build): standard chess only.
    if (variant == CHESS && !chess960 && (verdicts & ~TOLERATE_ANY_BOARD) == 0) {
      Position any;
      CWFUZZ_CHECK(setup.build(any, TOLERATE_ANY_BOARD) == FenError::OK, std::string(text));
      CWFUZZ_CHECK(any.any_board(), std::string(text));
      cwfuzz::check_position(any, "after a permissive build");
      cwfuzz::check_moves(any, true);
    }
  }
  if (err != FenError::OK) {
    CWFUZZ_CHECK(fen_error_name(err) != nullptr && fen_error_message(err) != nullptr, "");
    CWFUZZ_CHECK(pos.fen() == before && pos.fen(true) == before_shredder, before);
    CWFUZZ_CHECK(pos.key() == before_key && pos.history_size() == before_history, before);
    CWFUZZ_CHECK(pos.variant() == before_variant, before);
    cwfuzz::check_position(pos, "after a refused FEN");
    return 0;
  }

  cwfuzz::check_position(pos, "after set_fen");
  // The flag: standard rules with it are CHESS960; it means nothing without castling.
  CWFUZZ_CHECK(pos.variant() == rules_with_chess960(variant, chess960), std::string(text));
  CWFUZZ_CHECK(pos.chess960() == castling_chess960(variant, chess960), std::string(text));
  CWFUZZ_CHECK(pos.history_size() == 0, std::string(text));
  const std::string fen = pos.fen();
  for (bool shredder : {false, true}) {
    Position again;
    const std::string written = pos.fen(shredder);
    const FenError e2 = again.set_fen(written, variant, chess960);
    CWFUZZ_CHECK(e2 == FenError::OK, written + " refused: " + fen_error_name(e2));
    CWFUZZ_CHECK(again.fen() == fen, std::string(text) + " -> " + fen + " -> " + again.fen());
    CWFUZZ_CHECK(again.key() == pos.key(), fen);
    CWFUZZ_CHECK(again.fen(true) == pos.fen(true), fen);
  }
  cwfuzz::check_moves(pos, true);
  CWFUZZ_CHECK(pos.fen() == fen, fen);
  return 0;
}
