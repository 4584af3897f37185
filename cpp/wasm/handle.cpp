// chesswasm — the handle of a JS Position: see handle.h.
// SPDX-License-Identifier: MIT
#include "handle.h"

namespace cw::wasm {

FenError Handle::set_fen(std::string_view fen, Variant variant, bool chess960) {
  FenError e = pos_.set_fen(fen, variant, chess960);
  if (e == FenError::OK) forget();
  return e;
}

int Handle::write_fen(std::vector<char>& out, bool shredder, bool legal_en_passant) const {
  const Setup s = Setup::of(pos_, legal_en_passant);
  if (out.size() < s.fen_size_bound()) out.resize(s.fen_size_bound());
  return int(s.write_fen(out.data(), shredder));
}

FenError Handle::set_setup(const Setup& setup, FenErrors tolerated) {
  FenError e = setup.build(pos_, tolerated);
  if (e == FenError::OK) forget();
  return e;
}

LegalMoves Handle::legal_moves() {
  const int ply = pos_.history_size();
  if (cache_.empty()) cache_.resize(CACHE_PLIES);
  Entry& e = cache_[size_t(ply) % CACHE_PLIES];
  if (e.ply != ply) {
    MoveList list;
    generate_legal(pos_, list);
    e.moves.assign(list.begin(), list.end());
    e.ply = ply;
  }
  return {e.moves.data(), int(e.moves.size())};
}

bool Handle::is_legal(int m) { return m > 0 && m <= 0xFFFF && legal_moves().contains(Move(m)); }

PlayStatus Handle::play(int m) {
  if (!is_legal(m)) return PlayStatus::ILLEGAL;
  pos_.do_move(Move(m));
  arrived();
  return PlayStatus::OK;
}

PlayStatus Handle::play_null() {
  if (pos_.in_check()) return PlayStatus::ILLEGAL;
  pos_.do_null_move();
  arrived();
  return PlayStatus::OK;
}

int Handle::take_back() {
  if (pos_.history_size() == 0) return -1;
  const Move m = pos_.last_move();
  if (m == MOVE_NONE)
    pos_.undo_null_move();
  else
    pos_.undo_move();
  return m;
}

void Handle::forget() {
  for (Entry& e : cache_) e.ply = -1;
}

}  // namespace cw::wasm
