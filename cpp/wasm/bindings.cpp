// chesswasm — the wasm boundary: registration and type conversion only, no chess logic.
//
// Every call takes a Handle* (a wasm heap address, a plain number in JS) and returns a status
// code or a number; strings and move lists cross through two buffers in wasm memory that the
// TS layer (web/src/wasm.ts) reads and writes through typed-array views:
//   - the I/O buffer (cw_io_buffer): text in (FEN, UCI) and out (FEN, UCI), bytes + length;
//   - the move buffer (cw_move_buffer, MAX_MOVES x uint16) and the count buffer
//     (cw_count_buffer, MAX_MOVES x double): a legal move list or a divide result, filled in
//     one call (MAX_MOVES, types.h, is the proven most of any position set-up accepts).
// Why plain `extern "C"` exports rather than embind classes: measured on the play+undo hot path
// (see docs/architecture.md, "The boundary"), a raw export is called directly as a wasm function (about 2x faster
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
#include "pgn.h"
#include "position.h"
#include "puzzle.h"
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
int32_t san_keys[2 * cw::MAX_MOVES];  // see cw_legal_moves_san

bool valid_variant(int v) { return v == cw::CHESS || v == cw::CHESS960 || v == cw::MAKRUK; }

// A SAN packed as two int32: up to 7 ASCII characters, 7 bits each, the first 4 in words[0]
// (first character lowest) and the rest in words[1]; false (and -1, -1) for a longer or
// non-ASCII one. The TS layer keeps one string per packed SAN (web/src/position.ts, sanOf).
bool pack_san(const std::string& s, int32_t words[2]) {
  words[0] = words[1] = 0;
  for (size_t j = 0; j < s.size(); ++j) {
    if (j >= 7 || uint8_t(s[j]) >= 128) {
      words[0] = words[1] = -1;
      return false;
    }
    words[j / 4] |= int32_t(s[j]) << (7 * (j % 4));
  }
  return true;
}

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
EMSCRIPTEN_KEEPALIVE const char* cw_fen_error_name(int code) {
  return cw::fen_error_name(cw::FenError(code));
}
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
// The squares of the pieces of either colour that attack a square (pinned ones included,
// whatever stands on the square), as a 64-bit set; 0 for a square out of range.
EMSCRIPTEN_KEEPALIVE uint64_t cw_attackers(const Handle* h, int sq) {
  return sq >= 0 && sq < 64 ? h->pos.attackers_to(cw::Square(sq)) : 0;
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
  if (h->pos.last_move() == cw::MOVE_NULL)
    h->pos.undo_null_move();
  else
    h->pos.undo_move();
  return OK;
}
// cw_undo returning the move taken back (0 for a null move), or -1 when there is none: one
// call instead of cw_last_move + cw_undo on the play/undo hot path.
EMSCRIPTEN_KEEPALIVE int cw_take_back(Handle* h) {
  if (h->pos.history_size() == 0) return -1;
  const int m = h->pos.last_move();
  cw_undo(h);
  return m;
}
// Passes the turn (a null move, undone by cw_undo); ILLEGAL when the side to move is in check.
EMSCRIPTEN_KEEPALIVE int cw_play_null(Handle* h) {
  if (h->pos.in_check()) return ILLEGAL;
  h->pos.do_null_move();
  size_t ply = size_t(h->pos.history_size());
  if (ply < h->valid.size()) h->valid[ply] = 0;
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
// Writes the legal moves into the move buffer and, for each, its SAN packed as two int32 into
// the SAN key buffer: up to 7 ASCII characters, 7 bits each, the first 4 in the first word
// (first character lowest) and the rest in the second; -1, -1 for a longer SAN (the TS layer
// then asks cw_san). One call per position and no string crossing: the TS layer keeps one
// string per packed SAN. Returns the number of moves.
EMSCRIPTEN_KEEPALIVE int cw_legal_moves_san(Handle* h) {
  const cw::MoveList legal = h->legal_moves();  // a copy: move_to_san plays on pos
  std::memcpy(move_buffer, legal.moves, size_t(legal.count) * sizeof(cw::Move));
  for (int i = 0; i < legal.count; ++i)
    pack_san(cw::move_to_san(h->pos, legal.moves[i], legal), san_keys + 2 * i);
  return legal.count;
}
EMSCRIPTEN_KEEPALIVE int32_t* cw_san_key_buffer() { return san_keys; }
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
// How often the current position occurred since set-up, this time included (FIDE identity).
EMSCRIPTEN_KEEPALIVE int cw_repetition_count(const Handle* h) { return cw::repetition_count(h->pos); }
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

// ---- PGN ------------------------------------------------------------------------------------
//
// A game tree crosses the boundary in one piece, as two buffers (the tree buffers): 32-bit
// words for its structure and the bytes of its strings, in the same order. Words (after
// two header words, the word count and the byte count, the latter with bit 30 set when a
// game read has a string that is not pure ASCII):
//   variant, tag count, then per tag: name length, value length;
//   root FEN length, result length, node count, then per node (nodes[0] is the root; a
//   node's parent comes before it, and the children of a node appear in their order):
//   parent, move, SAN, [UCI length,] comments-before count, their lengths, comments-after
//   count, their lengths, NAG count, the NAGs.
// A string length has bit 30 set when the string is not pure ASCII (the TS side then
// decodes it as UTF-8). The bytes follow the same order: tag names and values, root FEN,
// result, then per node [SAN,] [UCI,] comments before, comments after.
// Two directions:
//   - a game read (cw_pgn_next, the hot path): the SAN is two words, packed as pack_san
//     does (or -1 and the SAN's length, its bytes then following), and there is no UCI
//     (the TS side derives it from the move and the variant);
//   - a game to write (cw_pgn_write): the SAN and the UCI are strings (one length word each).
// Both describe the same tree; web/src/game.ts (readTree, writeTree) is the other side.

namespace {

// A PGN text (owned) and the reader going through it, one game per cw_pgn_next.
struct PgnSource {
  std::string text;
  cw::PgnReader reader{std::string_view()};
  cw::PgnGame game;
  cw::PgnError error;
};

std::vector<int32_t> tree_words;
std::string tree_bytes;
constexpr int32_t NON_ASCII = 1 << 30;
bool tree_non_ascii = false;  // some string of the game put is not pure ASCII

void put_string(const std::string& s) {
  unsigned char high = 0;
  for (unsigned char c : s) high |= c;
  tree_words.push_back(int32_t(s.size()) | (high < 128 ? 0 : NON_ASCII));
  tree_non_ascii |= high >= 128;
  tree_bytes += s;
}

void put_strings(const std::vector<std::string>& v) {
  tree_words.push_back(int32_t(v.size()));
  for (const auto& s : v) put_string(s);
}

// Serialises a game into the tree buffers; words[0] and words[1] hold the sizes (words[1]
// with NON_ASCII set when some string is not pure ASCII).
void put_game(const cw::PgnGame& g) {
  tree_words.clear();
  tree_bytes.clear();
  tree_non_ascii = false;
  tree_words.reserve(16 + 2 * g.tags.size() + 8 * g.nodes.size());
  tree_words.push_back(0);
  tree_words.push_back(0);
  tree_words.push_back(int32_t(g.variant));
  tree_words.push_back(int32_t(g.tags.size()));
  for (const auto& [name, value] : g.tags) {
    put_string(name);
    put_string(value);
  }
  put_string(g.root_fen);
  put_string(g.result);
  tree_words.push_back(int32_t(g.nodes.size()));
  for (const cw::PgnNode& n : g.nodes) {
    tree_words.push_back(n.parent);
    tree_words.push_back(int32_t(n.move));
    int32_t san[2];
    if (pack_san(n.san, san)) {
      tree_words.push_back(san[0]);
      tree_words.push_back(san[1]);
    } else {
      tree_words.push_back(-1);
      put_string(n.san);
    }
    put_strings(n.comments_before);
    put_strings(n.comments_after);
    tree_words.push_back(int32_t(n.nags.size()));
    for (uint8_t nag : n.nags) tree_words.push_back(nag);
  }
  tree_words[0] = int32_t(tree_words.size());
  tree_words[1] = int32_t(tree_bytes.size()) | (tree_non_ascii ? NON_ASCII : 0);
}

// Reads a game back from the tree buffers (nwords words from words[2], nbytes bytes); false
// if they do not hold a well-formed tree.
bool get_game(int nwords, int nbytes, cw::PgnGame& g) {
  size_t w = 2, b = 0;
  bool ok = true;
  auto word = [&]() -> int32_t {
    if (w >= size_t(nwords)) {
      ok = false;
      return 0;
    }
    return tree_words[w++];
  };
  auto string = [&]() -> std::string {
    int32_t len = word() & ~NON_ASCII;
    if (len < 0 || b + size_t(len) > size_t(nbytes)) {
      ok = false;
      return {};
    }
    std::string s(tree_bytes.data() + b, size_t(len));
    b += size_t(len);
    return s;
  };
  auto strings = [&](std::vector<std::string>& v) {
    int32_t count = word();
    for (int32_t i = 0; ok && i < count; ++i) v.push_back(string());
  };
  int32_t variant = word();
  if (!valid_variant(variant)) return false;
  g.variant = cw::Variant(variant);
  int32_t ntags = word();
  for (int32_t i = 0; ok && i < ntags; ++i) {
    std::string name = string();
    std::string value = string();
    g.tags.emplace_back(std::move(name), std::move(value));
  }
  g.root_fen = string();
  g.result = string();
  int32_t nnodes = word();
  if (!ok || nnodes < 1) return false;
  g.nodes.resize(size_t(nnodes));
  for (int32_t i = 0; ok && i < nnodes; ++i) {
    cw::PgnNode& n = g.nodes[size_t(i)];
    n.parent = word();
    if (i == 0 ? n.parent != -1 : (n.parent < 0 || n.parent >= i)) return false;
    if (i > 0) g.nodes[size_t(n.parent)].children.push_back(i);
    n.move = cw::Move(word());
    n.san = string();
    n.uci = string();
    strings(n.comments_before);
    strings(n.comments_after);
    int32_t nnags = word();
    for (int32_t k = 0; ok && k < nnags; ++k) n.nags.push_back(uint8_t(word()));
  }
  return ok;
}

}  // namespace

extern "C" {

// A PGN source with room for `len` bytes of text (written by JS at cw_pgn_text); free it
// with cw_pgn_close. cw_pgn_start then starts reading it from the beginning.
EMSCRIPTEN_KEEPALIVE PgnSource* cw_pgn_open(int len) {
  if (len < 0) return nullptr;
  auto* s = new PgnSource();
  s->text.resize(size_t(len));
  return s;
}
EMSCRIPTEN_KEEPALIVE char* cw_pgn_text(PgnSource* s) { return s->text.data(); }
EMSCRIPTEN_KEEPALIVE void cw_pgn_start(PgnSource* s) { s->reader = cw::PgnReader(s->text); }
// Whether games with a bad move come back up to the move before it (cw_pgn_next: PARTIAL).
EMSCRIPTEN_KEEPALIVE void cw_pgn_keep_partial(PgnSource* s, int on) { s->reader.keep_partial_games(on != 0); }
EMSCRIPTEN_KEEPALIVE void cw_pgn_close(PgnSource* s) { delete s; }
// Reads the next game: the PgnStatus (0 GAME: the tree buffers hold it; 1 END; 2 ERROR:
// see cw_pgn_error_*; 3 PARTIAL: the tree buffers hold the game up to the error, see
// cw_pgn_error_*; after an error the reader has moved on to the next game).
EMSCRIPTEN_KEEPALIVE int cw_pgn_next(PgnSource* s) {
  cw::PgnStatus st = s->reader.read_game(s->game, s->error);
  if (st == cw::PgnStatus::GAME || st == cw::PgnStatus::PARTIAL) put_game(s->game);
  return int(st);
}
// Byte offset and line of the reader's next unread character.
EMSCRIPTEN_KEEPALIVE int cw_pgn_offset(const PgnSource* s) { return int(s->reader.offset()); }
EMSCRIPTEN_KEEPALIVE int cw_pgn_line(const PgnSource* s) { return s->reader.line(); }
// The line of the last game read (its first token).
EMSCRIPTEN_KEEPALIVE int cw_pgn_game_line(const PgnSource* s) { return s->game.first_line; }
// The last error: line, column, and its message written into the I/O buffer (its length).
EMSCRIPTEN_KEEPALIVE int cw_pgn_error_line(const PgnSource* s) { return s->error.line; }
EMSCRIPTEN_KEEPALIVE int cw_pgn_error_column(const PgnSource* s) { return s->error.column; }
EMSCRIPTEN_KEEPALIVE int cw_pgn_error_message(const PgnSource* s) { return write_io(s->error.message); }

// The tree buffers: the words (at least `words` of them) and the bytes (at least `bytes`);
// their addresses may change when they grow.
EMSCRIPTEN_KEEPALIVE int32_t* cw_tree_words(int words) {
  if (words > int(tree_words.size())) tree_words.resize(size_t(words));
  return tree_words.data();
}
EMSCRIPTEN_KEEPALIVE char* cw_tree_bytes(int bytes) {
  if (bytes > int(tree_bytes.size())) tree_bytes.resize(size_t(bytes));
  return tree_bytes.data();
}
// Writes the game in the tree buffers (nwords words, nbytes bytes, laid out as cw_pgn_next
// writes them; words[0..1] are not read) in PGN export format into the I/O buffer; returns
// its length, or -1 when the buffers do not hold a well-formed tree.
EMSCRIPTEN_KEEPALIVE int cw_pgn_write(int nwords, int nbytes) {
  if (nwords < 2 || nwords > int(tree_words.size()) || nbytes < 0 || nbytes > int(tree_bytes.size()))
    return -1;
  cw::PgnGame g;
  if (!get_game(nwords, nbytes, g)) return -1;
  return write_io(cw::write_pgn(g));
}

}  // extern "C"

// ---- puzzles --------------------------------------------------------------------------------
//
// One call per puzzle (web/src/puzzle.ts, the `chesswasm puzzles` CLI): the text goes in
// through the I/O buffer (FEN then move line, back to back) or, for CSV rows, through the row
// buffer (cw_row_buffer: a whole chunk of a file, rows addressed by offset); the report comes
// back in the result buffer (cw_puzzle_result, 8 x int32):
//   status, ply, fen_error, plies, solver_moves, mate_in, mate, mating_moves
// (the fields of cw::PuzzleReport; for cw_play_line: status, ply, fen_error).

namespace {
int32_t puzzle_result[8];
std::vector<char> row_buffer;

void put_report(const cw::PuzzleReport& r) {
  puzzle_result[0] = int32_t(r.status);
  puzzle_result[1] = r.ply;
  puzzle_result[2] = int32_t(r.fen_error);
  puzzle_result[3] = r.plies;
  puzzle_result[4] = r.solver_moves;
  puzzle_result[5] = r.mate_in;
  puzzle_result[6] = r.mate;
  puzzle_result[7] = r.mating_moves;
}
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int32_t* cw_puzzle_result() { return puzzle_result; }
// A buffer of at least `size` bytes for CSV text (its address may change when it grows).
EMSCRIPTEN_KEEPALIVE char* cw_row_buffer(int size) {
  if (size > int(row_buffer.size())) row_buffer.resize(size_t(size));
  return row_buffer.data();
}

// Sets h from the FEN (fen_len bytes of the I/O buffer) and plays the move line that follows
// it (line_len bytes); notation: cw::Notation. The moves played go into the move buffer (the
// first MAX_MOVES). Returns the cw::LineStatus; the result buffer holds status, ply, fen_error.
// On a bad move h is the position before it; on a bad FEN h is unchanged.
EMSCRIPTEN_KEEPALIVE int cw_play_line(Handle* h, int fen_len, int line_len, int variant, int notation) {
  puzzle_result[1] = puzzle_result[2] = 0;
  if (!valid_variant(variant) || fen_len < 0 || line_len < 0 || notation < 0 || notation > 2 ||
      size_t(fen_len) + size_t(line_len) > io.size()) {
    puzzle_result[0] = int32_t(cw::LineStatus::FEN);
    puzzle_result[2] = int32_t(cw::FenError::EMPTY);
    return puzzle_result[0];
  }
  std::string_view fen(io.data(), size_t(fen_len)), line(io.data() + fen_len, size_t(line_len));
  cw::LineResult r = cw::play_line(h->pos, fen, cw::Variant(variant), line, cw::Notation(notation),
                                   move_buffer, cw::MAX_MOVES);
  if (r.status != cw::LineStatus::FEN) h->forget_from(0);
  puzzle_result[0] = int32_t(r.status);
  puzzle_result[1] = r.ply;
  puzzle_result[2] = int32_t(r.fen_error);
  return puzzle_result[0];
}

// cw::check_puzzle on the FEN and line in the I/O buffer (as cw_play_line); h is scratch.
// Returns the cw::PuzzleStatus; the report is in the result buffer.
EMSCRIPTEN_KEEPALIVE int cw_check_puzzle(Handle* h, int fen_len, int line_len, int variant, int mate_in,
                                         int setup_first) {
  cw::PuzzleReport r;
  if (!valid_variant(variant) || fen_len < 0 || line_len < 0 ||
      size_t(fen_len) + size_t(line_len) > io.size()) {
    r.status = cw::PuzzleStatus::FEN;
    r.fen_error = cw::FenError::EMPTY;
  } else {
    r = cw::check_puzzle(h->pos, std::string_view(io.data(), size_t(fen_len)),
                         std::string_view(io.data() + fen_len, size_t(line_len)), mate_in, setup_first != 0,
                         cw::Variant(variant));
    h->forget_from(0);
  }
  put_report(r);
  return puzzle_result[0];
}

// cw::check_puzzle_row on the `len` bytes at `offset` in the row buffer; h is scratch.
EMSCRIPTEN_KEEPALIVE int cw_check_puzzle_row(Handle* h, int offset, int len) {
  cw::PuzzleReport r;
  if (offset < 0 || len < 0 || size_t(offset) + size_t(len) > row_buffer.size()) {
    r.status = cw::PuzzleStatus::ROW;
  } else {
    r = cw::check_puzzle_row(h->pos, std::string_view(row_buffer.data() + offset, size_t(len)));
    h->forget_from(0);
  }
  put_report(r);
  return puzzle_result[0];
}

// The number of legal moves of the side to move that give checkmate.
EMSCRIPTEN_KEEPALIVE int cw_count_mating_moves(Handle* h) { return cw::count_mating_moves(h->pos); }

}  // extern "C"
