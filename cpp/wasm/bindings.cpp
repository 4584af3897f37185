// chesswasm — the wasm boundary: registration and type conversion only, no chess logic.
//
// Every call takes a Handle* (a wasm heap address, a plain number in JS) and returns a status
// code or a number; strings and move lists cross through two buffers in wasm memory that the
// TS layer (web/src/wasm.ts) reads and writes through typed-array views:
//   - the I/O buffer (cw_io_buffer): text in (FEN, UCI) and out (FEN, UCI), bytes + length;
//   - the move buffer (cw_move_buffer, 256 x uint16) and the count buffer (cw_count_buffer,
//     256 x double): a legal move list or a divide result, filled in one call.
// Why plain `extern "C"` exports rather than embind classes: measured on the play+undo hot path
// (see README, "Bindings"), a raw export is called directly as a wasm function (about 2x faster
// per call than an embind method, whose invoker converts every argument), and the glue is
// smaller. Nothing here throws or aborts on bad input: every argument is validated and bad
// input becomes a status code that the TS layer turns into a typed error.
// SPDX-License-Identifier: MIT
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "position.h"
#include "rules.h"

namespace {

// A Position plus, per ply of its history, the legal move list of that ply once computed,
// so that play() checks legality with a scan of a cached list instead of a fresh move
// generation (play/undo/play of the same ply reuses it). The list for a ply is dropped when
// a move is played from the ply below, i.e. whenever the position at that ply changes.
struct Handle {
  cw::Position pos;
  std::vector<cw::MoveList> legal;  // legal[ply], valid when valid[ply]
  std::vector<uint8_t> valid;

  const cw::MoveList& legal_moves() {
    size_t ply = size_t(pos.history_size());
    if (ply >= legal.size()) {
      legal.resize(ply + 1);
      valid.resize(ply + 1, 0);
    }
    if (!valid[ply]) {
      cw::generate_legal(pos, legal[ply]);
      valid[ply] = 1;
    }
    return legal[ply];
  }
  void forget_from(size_t ply) {
    for (size_t i = ply; i < valid.size(); ++i) valid[i] = 0;
  }
};

// Status codes shared with web/src/wasm.ts.
enum Status : int { OK = 0, ILLEGAL = 1, NO_HISTORY = 2, BAD_ARGUMENT = 3 };

constexpr int IO_CAPACITY_MIN = 1024;
std::vector<char> io(IO_CAPACITY_MIN);
cw::Move move_buffer[cw::MAX_MOVES];
double count_buffer[cw::MAX_MOVES];

bool valid_variant(int v) { return v == cw::CHESS || v == cw::CHESS960 || v == cw::MAKRUK; }

// Copies text into the I/O buffer (growing it if needed); returns its length.
int write_io(std::string_view s) {
  if (s.size() > io.size()) io.resize(s.size());
  std::memcpy(io.data(), s.data(), s.size());
  return int(s.size());
}

}  // namespace

extern "C" {

// ---- memory ---------------------------------------------------------------------------------

// The I/O buffer, with room for at least `size` bytes (its address may change when it grows).
EMSCRIPTEN_KEEPALIVE char* cw_io_buffer(int size) {
  if (size > int(io.size())) io.resize(size_t(size));
  return io.data();
}
EMSCRIPTEN_KEEPALIVE cw::Move* cw_move_buffer() { return move_buffer; }
EMSCRIPTEN_KEEPALIVE double* cw_count_buffer() { return count_buffer; }

// ---- lifetime -------------------------------------------------------------------------------

// A new position (the standard start position); free it with cw_delete.
EMSCRIPTEN_KEEPALIVE Handle* cw_new() { return new Handle(); }
EMSCRIPTEN_KEEPALIVE Handle* cw_clone(const Handle* h) { return new Handle(*h); }
EMSCRIPTEN_KEEPALIVE void cw_delete(Handle* h) { delete h; }

// ---- FEN ------------------------------------------------------------------------------------

// Sets the position from the `len` bytes of FEN in the I/O buffer; returns the FenError code
// (0 = OK; the position is unchanged otherwise), or -1 for an unknown variant.
EMSCRIPTEN_KEEPALIVE int cw_set_fen(Handle* h, int len, int variant) {
  if (!valid_variant(variant) || len < 0 || len > int(io.size())) return -1;
  cw::FenError e = h->pos.set_fen(std::string_view(io.data(), size_t(len)), cw::Variant(variant));
  if (e == cw::FenError::OK) h->forget_from(0);
  return int(e);
}
// Writes the FEN into the I/O buffer (Shredder-FEN castling if shredder); returns its length.
EMSCRIPTEN_KEEPALIVE int cw_fen(const Handle* h, int shredder) { return write_io(h->pos.fen(shredder != 0)); }
// Name ("MISSING_KING") and message of a FenError code, as NUL-terminated strings.
EMSCRIPTEN_KEEPALIVE const char* cw_fen_error_name(int code) { return cw::fen_error_name(cw::FenError(code)); }
EMSCRIPTEN_KEEPALIVE const char* cw_fen_error_message(int code) {
  return cw::fen_error_message(cw::FenError(code));
}

// ---- state ----------------------------------------------------------------------------------

EMSCRIPTEN_KEEPALIVE uint64_t cw_key(const Handle* h) { return h->pos.key(); }
EMSCRIPTEN_KEEPALIVE int cw_turn(const Handle* h) { return int(h->pos.side_to_move()); }
EMSCRIPTEN_KEEPALIVE int cw_variant(const Handle* h) { return int(h->pos.variant()); }
EMSCRIPTEN_KEEPALIVE int cw_in_check(const Handle* h) { return h->pos.in_check(); }
EMSCRIPTEN_KEEPALIVE uint64_t cw_checkers(const Handle* h) { return h->pos.checkers(); }
EMSCRIPTEN_KEEPALIVE int cw_has_legal_move(Handle* h) { return h->legal_moves().size() > 0; }
EMSCRIPTEN_KEEPALIVE int cw_history_size(const Handle* h) { return h->pos.history_size(); }
EMSCRIPTEN_KEEPALIVE int cw_last_move(const Handle* h) { return h->pos.last_move(); }
EMSCRIPTEN_KEEPALIVE int cw_rule50(const Handle* h) { return h->pos.rule50(); }
EMSCRIPTEN_KEEPALIVE int cw_fullmove_number(const Handle* h) { return h->pos.fullmove_number(); }
// The piece on a square (colour << 4 | type, 0 = empty); 0 for a square out of range.
EMSCRIPTEN_KEEPALIVE int cw_piece_on(const Handle* h, int sq) {
  return sq >= 0 && sq < 64 ? int(h->pos.piece_on(cw::Square(sq))) : 0;
}

// ---- moves ----------------------------------------------------------------------------------

// Writes the legal moves into the move buffer; returns their number.
EMSCRIPTEN_KEEPALIVE int cw_legal_moves(Handle* h) {
  const cw::MoveList& list = h->legal_moves();
  std::memcpy(move_buffer, list.moves, size_t(list.count) * sizeof(cw::Move));
  return list.count;
}
EMSCRIPTEN_KEEPALIVE int cw_is_legal(Handle* h, int m) {
  return m > 0 && m <= 0xFFFF && h->legal_moves().contains(cw::Move(m));
}
// Plays m if it is legal (status OK), else leaves the position unchanged (ILLEGAL).
EMSCRIPTEN_KEEPALIVE int cw_play(Handle* h, int m) {
  if (m <= 0 || m > 0xFFFF || !h->legal_moves().contains(cw::Move(m))) return ILLEGAL;
  h->pos.do_move(cw::Move(m));
  size_t ply = size_t(h->pos.history_size());
  if (ply < h->valid.size()) h->valid[ply] = 0;
  return OK;
}
// Takes back the last move (status OK), or NO_HISTORY when there is none.
EMSCRIPTEN_KEEPALIVE int cw_undo(Handle* h) {
  if (h->pos.history_size() == 0) return NO_HISTORY;
  h->pos.undo_move();
  return OK;
}
// Writes the UCI text of m (which must be legal, else status -1) into the I/O buffer;
// returns its length.
EMSCRIPTEN_KEEPALIVE int cw_uci(Handle* h, int m) {
  if (!cw_is_legal(h, m)) return -1;
  return write_io(cw::move_to_uci(h->pos, cw::Move(m)));
}
// The legal move named by the `len` bytes of UCI text in the I/O buffer, or 0.
EMSCRIPTEN_KEEPALIVE int cw_parse_uci(const Handle* h, int len) {
  if (len < 0 || len > int(io.size())) return 0;
  return cw::parse_uci(h->pos, std::string_view(io.data(), size_t(len)));
}

// ---- SAN ----------------------------------------------------------------------------------

// Writes the SAN of m (which must be legal, else -1) into the I/O buffer; returns its length.
EMSCRIPTEN_KEEPALIVE int cw_san(Handle* h, int m) {
  if (!cw_is_legal(h, m)) return -1;
  cw::MoveList legal = h->legal_moves();  // a copy: move_to_san plays on pos
  return write_io(cw::move_to_san(h->pos, cw::Move(m), legal));
}
// Parses the `len` bytes of SAN in the I/O buffer: the move (> 0), or minus the SanStatus
// code (SYNTAX, ILLEGAL, AMBIGUOUS). strict: only the exact canonical SAN is accepted.
EMSCRIPTEN_KEEPALIVE int cw_parse_san(Handle* h, int len, int strict) {
  if (len < 0 || len > int(io.size())) return -int(cw::SanStatus::SYNTAX);
  cw::SanResult r = cw::parse_san(h->pos, std::string_view(io.data(), size_t(len)), strict != 0);
  return r.status == cw::SanStatus::OK ? int(r.move) : -int(r.status);
}

// ---- outcome --------------------------------------------------------------------------------

// The outcome as termination | winner << 8 (termination 0: the game goes on; winner 2: none).
EMSCRIPTEN_KEEPALIVE int cw_outcome(const Handle* h, int claim_draw) {
  cw::Outcome o = cw::outcome(h->pos, claim_draw != 0);
  return int(o.termination) | (int(o.winner) << 8);
}
// The name of a Termination code ("CHECKMATE"), as a NUL-terminated string.
EMSCRIPTEN_KEEPALIVE const char* cw_termination_name(int t) {
  return cw::termination_name(cw::Termination(t));
}

// ---- perft ----------------------------------------------------------------------------------

// Perft count (exact below 2^53), or -1 for a negative depth.
EMSCRIPTEN_KEEPALIVE double cw_perft(Handle* h, int depth) {
  if (depth < 0) return -1;
  return double(cw::perft(h->pos, depth, true));
}
// Divide: the moves into the move buffer and their counts into the count buffer; returns the
// number of moves, or -1 for a negative depth.
EMSCRIPTEN_KEEPALIVE int cw_divide(Handle* h, int depth) {
  if (depth < 0) return -1;
  if (depth == 0) return 0;
  auto result = cw::divide(h->pos, depth);
  int n = 0;
  for (const auto& [m, count] : result) {
    move_buffer[n] = m;
    count_buffer[n] = double(count);
    if (++n == cw::MAX_MOVES) break;
  }
  return n;
}

}  // extern "C"
