// chesswasm — fully legal move generation (pins, checks and evasions handled up front,
// never "pseudo-legal then filter").
// SPDX-License-Identifier: MIT
#pragma once

#include "position.h"

namespace cw {

enum GenType { LEGAL, CAPTURES };

// begin/end/size/contains over a `moves` array (or pointer) and its `count`, for MoveList
// and for views of lists kept elsewhere (the wasm layer's per-ply cache).
template <class Self>
struct MoveRange {
  const Move* begin() const { return self().moves; }
  const Move* end() const { return self().moves + self().count; }
  int size() const { return self().count; }
  bool contains(Move m) const {
    for (const Move x : self())
      if (x == m) return true;
    return false;
  }

 private:
  const Self& self() const { return static_cast<const Self&>(*this); }
};

struct MoveList : MoveRange<MoveList> {
  Move moves[MAX_MOVES];
  int count = 0;
};

// Writes every legal move (LEGAL) or every legal capture, en passant and capture-
// promotions included (CAPTURES), of the side to move to list (room for MAX_MOVES moves);
// returns the end.
template <GenType T>
Move* generate(const Position& pos, Move* list);

// Fills a MoveList with the legal moves (or legal captures) of the side to move.
void generate_legal(const Position& pos, MoveList& out);
void generate_captures(const Position& pos, MoveList& out);
// The number of legal moves, without keeping them.
int count_legal_moves(const Position& pos);
// Whether the side to move has any legal move; stops at the first one found.
bool has_legal_move(const Position& pos);
// Whether m is a legal move in pos (any 16-bit value may be passed).
bool is_legal(const Position& pos, Move m);
// Whether the side to move has a legal en passant capture (at most two candidates are tried).
bool has_legal_en_passant(const Position& pos);
// Whether the king of the side to move is safe after m, a move of one of its pieces (not
// castling, not en passant) to a square its own side does not occupy, along that piece's
// moves: the check that turns such a pseudo-legal move into a legal one, without generating
// the other moves. For resolving one named move (SAN) quickly.
bool king_safe_after(const Position& pos, Move m);

}  // namespace cw
