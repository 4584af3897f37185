// chesswasm — perft: counting the leaves of the legal move tree.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "position.h"

namespace cw {

// Leaf count at depth (0 gives 1). With bulk counting, the last ply counts the move list
// instead of making each move. The position is restored before returning.
uint64_t perft(Position& pos, int depth, bool bulk = true);
// The perft count below each legal move, in generation order.
std::vector<std::pair<Move, uint64_t>> divide(Position& pos, int depth);
// Perft that cross-checks at every node: has_legal_move agrees with the list, a move
// reported as giving check leaves the opponent in check (and the converse), captures-only
// generation is the capture subset, the incremental key equals the scratch key, and the
// position is consistent. Returns the count, or writes the first failure into error.
uint64_t perft_checked(Position& pos, int depth, std::string& error);

}  // namespace cw
