// chesswasm — what one JS Position holds in wasm memory: a cw::Position and a small cache of
// the legal move lists of its most recent plies, so that play() checks legality by scanning a
// cached list instead of generating the moves again (play, undo, play of the same ply reuses
// it). No JS here: bindings.cpp exposes it, tests/cpp/test_handle.cpp tests it natively.
// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "movegen.h"
#include "position.h"

namespace cw::wasm {

// Status of Handle's mutating calls. Codes are stable (registered as the enum `PlayStatus`).
enum class PlayStatus : uint8_t {
  OK = 0,
  ILLEGAL,     // not a legal move here (or a null move while in check); nothing changed
  NO_HISTORY,  // nothing to take back
};

class Handle {
 public:
  // The cache holds this many plies (a ring indexed by ply): enough for play/undo at any
  // depth of a search or a game replay, and bounded whatever the length of the game.
  static constexpr int CACHE_PLIES = 4;

  // The standard start position.
  Handle() = default;

  const Position& position() const { return pos_; }
  // The position for calls that leave it as it was (SAN writing plays and takes back), or
  // that replace it (puzzle checks): call forget() after a replacement.
  Position& scratch() { return pos_; }

  // Sets the position from a FEN; on an error nothing changes (FenError says why).
  FenError set_fen(std::string_view fen, Variant variant);

  // The legal moves of the current position (computed once per ply, then cached).
  const MoveList& legal_moves();
  // Whether m (any integer) is a legal move here.
  bool is_legal(int m);
  // Plays m if it is legal (OK), else changes nothing (ILLEGAL).
  PlayStatus play(int m);
  // Passes the turn (a null move); ILLEGAL while in check.
  PlayStatus play_null();
  // Takes back the last move (a null move too): the move (0 for a null move), or -1 when
  // there is nothing to take back.
  int take_back();

  // Drops every cached list (after the position was replaced through scratch()).
  void forget();

 private:
  struct Entry {
    int ply = -1;  // the ply whose list this is, -1 for none
    MoveList list;
  };
  Entry& slot(int ply) { return cache_[size_t(ply) % CACHE_PLIES]; }
  // Called after the position at the current ply changed (a move or a null move led here).
  void arrived() { slot(pos_.history_size()).ply = -1; }

  Position pos_;
  std::array<Entry, CACHE_PLIES> cache_{};
};

}  // namespace cw::wasm
