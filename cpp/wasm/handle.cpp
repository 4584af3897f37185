// chesswasm — the handle of a JS Position: see handle.h.
// SPDX-License-Identifier: MIT
#include "handle.h"

namespace cw::wasm {

FenError Handle::set_fen(std::string_view fen, Variant variant, bool chess960) {
  bool as_written;
  FenError e = pos_.set_fen(fen, variant, chess960, as_written);
  if (e == FenError::OK) {
    forget();
    fen_text_len_ = fen.size() <= FEN_TEXT_MAX ? uint8_t(fen.size()) : 0;
    std::memcpy(fen_text_, fen.data(), fen_text_len_);
    fen_current_ = fen_text_len_ != 0 && as_written;
  }
  return e;
}

Handle::WrittenFen Handle::write_fen(std::vector<char>& out, bool shredder) const {
  if (!shredder)
    if (const std::string_view t = fen_text_if_current(); !t.empty()) {
      if (out.size() < t.size()) out.resize(t.size());
      std::memcpy(out.data(), t.data(), t.size());
      return {int(t.size()), true};
    }
  const Setup s = Setup::of(pos_);
  if (out.size() < s.fen_size_bound()) out.resize(s.fen_size_bound());
  const size_t len = s.write_fen(out.data(), shredder);
  return {int(len), is_fen_set(std::string_view(out.data(), len))};
}

FenError Handle::set_setup(const Setup& setup, FenErrors tolerated) {
  FenError e = setup.build(pos_, tolerated);
  if (e == FenError::OK) {
    forget();
    fen_text_len_ = 0;
  }
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
  fen_current_ = false;
  if (m == MOVE_NONE)
    pos_.undo_null_move();
  else
    pos_.undo_move();
  return m;
}

void Handle::forget() {
  fen_current_ = false;
  for (Entry& e : cache_) e.ply = -1;
}

}  // namespace cw::wasm
