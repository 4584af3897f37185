// chesswasm — move notation: UCI (SAN comes with the notation issue).
// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

#include "position.h"

namespace cw {

// UCI text of a move: e2e4, e7e8q; castling as e1g1 in standard chess and king-to-rook
// (e1h1) in Chess960; "0000" for the null move.
std::string move_to_uci(const Position& pos, Move m);
// The legal move a UCI string names, or MOVE_NONE if the text is malformed or the move is
// not legal. In standard chess castling is accepted as e1g1 and as king-to-rook (e1h1).
Move parse_uci(const Position& pos, std::string_view uci);

std::string square_name(Square s);

}  // namespace cw
