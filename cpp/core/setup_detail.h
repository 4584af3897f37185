// chesswasm — what setup.cpp (the verdicts, the building) and fen.cpp (the FEN text) share;
// internal to the two.
// SPDX-License-Identifier: MIT
#pragma once

#include "setup.h"

namespace cw {

// The occupied squares of a mailbox board (setup.cpp).
Bitboard occupancy(const Piece* board);
// The king of colour c on its back rank (the first from the a-file), SQ_NONE if none.
Square back_rank_king(const Setup& s, Color c);
// The verdict on the castling right of slot i (castling_index order): OK, CASTLING_NO_KING
// or CASTLING_NO_ROOK.
FenError castling_verdict(const Setup& s, int i);
// The verdict on the en passant square against the board and the side to move.
FenError ep_verdict(const Setup& s);

}  // namespace cw
