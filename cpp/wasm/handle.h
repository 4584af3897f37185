// chesswasm — what one JS Position holds in wasm memory: a cw::Position and a small cache of
// the legal move lists of its most recent plies, so that play() checks legality by scanning a
// cached list instead of generating the moves again (play, undo, play of the same ply reuses
// it). No JS here: bindings.cpp exposes it, tests/cpp/test_handle.cpp tests it natively.
// SPDX-License-Identifier: MIT
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "movegen.h"
#include "position.h"
#include "setup.h"

namespace cw::wasm {

// Status of Handle's mutating calls. Codes are stable (registered as the enum `PlayStatus`).
enum class PlayStatus : uint8_t {
  OK = 0,
  ILLEGAL,     // not a legal move here (or a null move while in check); nothing changed
  NO_HISTORY,  // nothing to take back
};

// A cached legal move list: the moves, in generation order.
struct LegalMoves : MoveRange<LegalMoves> {
  const Move* moves = nullptr;
  int count = 0;
  LegalMoves(const Move* m, int n) : moves(m), count(n) {}
  // As a MoveList (for the core's calls that take one).
  MoveList list() const {
    MoveList l;
    for (int i = 0; i < count; ++i) l.moves[i] = moves[i];
    l.count = count;
    return l;
  }
};

class Handle {
 public:
  // The cache holds this many plies (a ring indexed by ply): enough for play/undo at any
  // depth of a search or a game replay, and bounded whatever the length of the game. Each
  // entry keeps only its moves (about 80 bytes for a middlegame list), so that a position
  // costs little memory beyond its state stack.
  static constexpr int CACHE_PLIES = 4;

  // The standard start position.
  Handle() = default;

  const Position& position() const { return pos_; }

  // The position for a call that needs it mutable, by what the call does with it (there is no
  // other way to reach it, so the cache cannot be left stale):
  //   restoring(f): f(Position&) leaves it as it was (SAN writing plays and takes back,
  //                 perft, divide): the cache stays. Debug builds assert that the position's
  //                 key and ply are unchanged afterwards.
  //   replacing(f): f(Position&) may replace it (play_line, puzzle checks): the cache is
  //                 dropped afterwards, whatever f returns.
  template <typename F>
  decltype(auto) restoring(F&& f) {
#ifndef NDEBUG
    struct Unchanged {
      const Position& pos;
      const Key key = pos.key();
      const int ply = pos.history_size();
      ~Unchanged() {
        assert(pos.key() == key && pos.history_size() == ply && "restoring(): the call changed the position");
      }
    } unchanged{pos_};
#endif
    return f(pos_);
  }
  template <typename F>
  decltype(auto) replacing(F&& f) {
    struct Forget {
      Handle& h;
      ~Forget() { h.forget(); }
    } forget_after{*this};
    return f(pos_);
  }

  // Sets the position from a FEN (chess960: Chess960 castling, Position::set_fen); on an
  // error nothing changes (FenError says why).
  FenError set_fen(std::string_view fen, Variant variant, bool chess960 = false);
  // The FEN of the position as Position::fen() writes it (shredder: Chess960 castling as the
  // rooks' files) into out, grown when it has too little room: its length.
  int write_fen(std::vector<char>& out, bool shredder, bool legal_en_passant = false) const;
  // Sets the position from a set-up (Setup::build, the verdicts in `tolerated` passed over);
  // on an error nothing changes (FenError says why).
  FenError set_setup(const Setup& setup, FenErrors tolerated);

  // The legal moves of the current position (computed once per ply, then cached); valid
  // until the next call that changes the position or the cache.
  LegalMoves legal_moves();
  // Whether m (any integer) is a legal move here.
  bool is_legal(int m);
  // Plays m if it is legal (OK), else changes nothing (ILLEGAL).
  PlayStatus play(int m);
  // Passes the turn (a null move); ILLEGAL while in check.
  PlayStatus play_null();
  // Takes back the last move (a null move too): the move (0 for a null move), or -1 when
  // there is nothing to take back.
  int take_back();

 private:
  // Drops every cached list (after the position was replaced).
  void forget();

  struct Entry {
    int ply = -1;  // the ply whose list this is, -1 for none
    std::vector<Move> moves;
  };
  // Called after the position at the current ply changed (a move or a null move led here).
  void arrived() {
    if (!cache_.empty()) cache_[size_t(pos_.history_size()) % CACHE_PLIES].ply = -1;
  }

  Position pos_;
  // The ring, allocated on first use (a position that never lists its moves pays nothing).
  std::vector<Entry> cache_;
};

}  // namespace cw::wasm
