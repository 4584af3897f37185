// chesswasm — the wasm boundary: what JS sees of the core, registered with embind in one
// EMSCRIPTEN_BINDINGS block, plus the raw calls (the hot calls). Registration and type
// conversion only: the chess is in cpp/core, the handle's legal-move cache in handle.h, the
// packed SAN lists in san_keys.h, the game-tree wire format in tree_codec.h.
//
// What JS sees (web/src/boundary/wasm.ts loads it; web/src/boundary/boundary.ts and
// web/src/boundary/chesswasm.d.mts are the TypeScript that scripts/gen-boundary.mjs writes from this
// registration):
//   - code types: every code that crosses (FenError, SanStatus, PlayStatus, Termination,
//     LineStatus, PuzzleStatus, PgnStatus, PgnErrorCode) and the vocabulary (Variant, Color,
//     PieceType, MoveFlag, Notation), each an enum of the core crossing as a plain integer
//     (`codes`, codes.h: no embind enum objects). The status codes take their names from the
//     core's name tables, so a code added to the core appears here without an edit;
//   - constants: the move and piece layout and the bounds the TS layer checks (with the names
//     of the codes and the tables' functions, in the debug module only: gen-boundary reads
//     them, the TS side has them from boundary.ts);
//   - the class Position (a cw::wasm::Handle), the class Setup (a cw::Setup: a board and the
//     FEN fields, legal or not) and the class PgnSource (a PGN text being read);
//   - value objects for structured results (MoveParse, Outcome, LineReport, PuzzleReport,
//     PgnErrorInfo);
//   - typed_memory_views of the buffers that text and move lists cross through.
//
// Conventions. Text crosses through the I/O buffer (ioBuffer(): the caller writes UTF-8 bytes
// and passes their length; a call that writes text returns its length), move lists through
// the move buffer (a call that fills it returns the count). A call that can be refused
// returns the code of its enum (0 = OK) and changes nothing when refused; a call that returns
// a result and a status returns a value object with a `status` field; a text call on a move
// that is not legal returns the length 0 (no legal move has an empty name). Nothing throws or
// aborts on bad arguments: every one is checked.
//
// Raw exports. An embind call goes through a generated JS invoker and a C++ invoker; a raw
// `extern "C"` export is the wasm function itself. tests/bench/boundary.mjs (npm run
// bench:boundary) measures both on every hot call; a raw call stays only where embind was
// measured at least 1.3x slower on a bench row (docs/architecture.md, "The boundary", has the table). Each
// keeps its figure below.
// SPDX-License-Identifier: MIT
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "arguments.h"
#include "attacks.h"
#include "codes.h"
#include "handle.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "pgn.h"
#include "pgn_source.h"
#include "position.h"
#include "puzzle.h"
#include "rules.h"
#include "san_keys.h"
#include "setup.h"
#include "tree_codec.h"

using namespace emscripten;
using cw::wasm::codes;
using cw::wasm::codes_from_names;
using cw::wasm::fen_errors_in;
using cw::wasm::Handle;
using cw::wasm::PgnSource;
using cw::wasm::PlayStatus;
using cw::wasm::room_for;
using cw::wasm::valid_castling_index;
using cw::wasm::valid_castling_rook;
using cw::wasm::valid_color;
using cw::wasm::valid_fullmoves;
using cw::wasm::valid_halfmoves;
using cw::wasm::valid_piece;
using cw::wasm::valid_pocket_type;
using cw::wasm::valid_square;
using cw::wasm::valid_square_or_none;
using cw::wasm::valid_variant;

namespace {

// ---- buffers --------------------------------------------------------------------------------

// The I/O buffer keeps IO_BASE bytes between calls (a FEN, a move, a SAN list's rare long
// SAN); a longer text grows it for one call, after which ioBuffer(0) gives the memory back.
constexpr size_t IO_BASE = 1024;
std::vector<char> io(IO_BASE);
cw::Move move_buffer[cw::MAX_MOVES];
double count_buffer[cw::MAX_MOVES];
int32_t san_keys[2 * cw::MAX_MOVES];
std::vector<char> row_buffer;   // CSV rows (the puzzles CLI), empty between chunks
cw::wasm::TreeBuffers tree_in;  // a game to write (writePgn), empty between calls

// A typed_memory_view (as a val: embind 3.1.6 cannot return a memory_view itself).
template <typename T>
val view(size_t n, T* data) {
  return val(typed_memory_view(n, data));
}

// The I/O buffer with room for `size` bytes; a size within IO_BASE shrinks it back to IO_BASE.
val io_buffer(int size) {
  if (size > int(io.size())) {
    io.resize(room_for(size_t(size)));
  } else if (size <= int(IO_BASE) && io.size() > IO_BASE) {
    std::vector<char>(IO_BASE).swap(io);
  }
  return view(io.size(), reinterpret_cast<uint8_t*>(io.data()));
}

// The first `len` bytes of the I/O buffer (nothing for a length out of range).
std::string_view io_text(int len) { return cw::wasm::text_in(io.data(), io.size(), len); }
// Copies text into the I/O buffer (growing it if needed); returns its length.
int write_io(std::string_view s) {
  if (s.size() > io.size()) io.resize(room_for(s.size()));
  std::memcpy(io.data(), s.data(), s.size());
  return int(s.size());
}

// Writes the FEN of a position into the I/O buffer (straight from its set-up, no std::string
// when it fits); returns its length.
int write_fen_io(const cw::Position& pos, bool shredder, bool lichess, bool legal_en_passant) {
  const cw::Setup s = cw::Setup::of(pos, legal_en_passant);
  if (s.fen_size_bound() > io.size()) return write_io(s.fen(shredder, lichess));
  return int(s.write_fen(io.data(), shredder, lichess));
}

#ifdef CHESSWASM_RECORD
// The registered name of a variant: chessops' name in upper case ("3CHECK"); TS lower-cases it.
const char* variant_enum_name(cw::Variant v) {
  static std::string names[cw::VARIANT_NB];
  if (!valid_variant(v)) return "?";
  if (names[v].empty())
    for (const char* p = cw::variant_name(v); *p; ++p)
      names[v] += char(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
  return names[v].c_str();
}
#endif

// ---- value objects ----------------------------------------------------------------------------

struct MoveParse {
  cw::SanStatus status = cw::SanStatus::SYNTAX;
  int move = 0;      // the legal move when status is OK
  int leniency = 0;  // the SanLeniency bits the text needed (tolerant mode; strict: why refused)
};

struct LineReport {
  cw::LineStatus status = cw::LineStatus::OK;
  int ply = 0;  // OK: moves played (the first MAX_MOVES in the move buffer); else the bad one
  cw::FenError fenError = cw::FenError::OK;
};

struct PgnErrorInfo {
  cw::PgnErrorCode code = cw::PgnErrorCode::NONE;
  int line = 0;
  int column = 0;
  std::string detail;
  double limit = 0;
  cw::FenError fenError = cw::FenError::OK;
  std::string message;
};

// ---- the set-up ------------------------------------------------------------------------------

// A set of FenError codes crosses as a JS number (bit e for code e), exact for codes below 53:
// a 32-bit number lost BAD_CHECKS and VARIANT_MATERIAL (codes 32 and 33). The last code is
// named here; tests/unit/setup-verdicts.test.ts checks that every code crosses.
static_assert(int(cw::FenError::VARIANT_MATERIAL) < 53, "FenErrors cross as a double: widen the boundary");
// (fen_errors_in, arguments.h, reads one back.)
double fen_errors_out(cw::FenErrors errors) { return double(errors); }

cw::FenError setup_parse(cw::Setup& s, int len, cw::Variant variant, bool chess960) {
  std::string_view fen;
  if (!cw::wasm::variant_and_text(variant, io.data(), io.size(), len, fen)) return cw::FenError::EMPTY;
  return s.parse(fen, variant, chess960);
}

// ---- the position -----------------------------------------------------------------------------

int set_fen(Handle& h, int len, cw::Variant variant, bool chess960) {
  std::string_view fen;
  if (!cw::wasm::variant_and_text(variant, io.data(), io.size(), len, fen)) return int(cw::FenError::EMPTY);
  return int(h.set_fen(fen, variant, chess960));
}

int fill_moves(Handle& h) {
  const cw::wasm::LegalMoves list = h.legal_moves();
  std::memcpy(move_buffer, list.moves, size_t(list.count) * sizeof(cw::Move));
  return list.count;
}

int uci(Handle& h, int m) { return h.is_legal(m) ? write_io(cw::move_to_uci(h.position(), cw::Move(m))) : 0; }

int san(Handle& h, int m) {
  if (!h.is_legal(m)) return 0;
  const cw::MoveList legal = h.legal_moves().list();  // a copy: move_to_san plays on the position
  return write_io(h.restoring([&](cw::Position& pos) { return cw::move_to_san(pos, cw::Move(m), legal); }));
}

MoveParse parse_san(Handle& h, int len, bool strict) {
  MoveParse r;
  std::string_view text;
  if (!cw::wasm::text_of(io.data(), io.size(), len, text)) return r;
  cw::SanResult s = h.restoring([&](cw::Position& pos) { return cw::parse_san(pos, text, strict); });
  r.status = s.status;
  r.move = s.status == cw::SanStatus::OK ? int(s.move) : 0;
  r.leniency = s.leniency;
  return r;
}

int divide(Handle& h, int depth) {
  if (depth <= 0) return 0;
  int n = 0;
  for (const auto& [m, count] : h.restoring([&](cw::Position& pos) { return cw::divide(pos, depth); })) {
    move_buffer[n] = m;
    count_buffer[n] = double(count);
    if (++n == cw::MAX_MOVES) break;
  }
  return n;
}

LineReport play_line(Handle& h, int fen_len, int line_len, cw::Variant variant, bool chess960,
                     cw::Notation notation) {
  LineReport r;
  std::string_view fen, line;
  if (!cw::wasm::valid_notation(int(notation)) ||
      !cw::wasm::variant_and_texts(variant, io.data(), io.size(), fen_len, line_len, fen, line)) {
    r.status = cw::LineStatus::FEN;
    r.fenError = cw::FenError::EMPTY;
    return r;
  }
  cw::LineResult l = h.replacing([&](cw::Position& pos) {
    return cw::play_line(pos, fen, variant, line, notation, move_buffer, cw::MAX_MOVES, chess960);
  });
  r.status = l.status;
  r.ply = l.ply;
  r.fenError = l.fen_error;
  return r;
}

// Puzzles and PGN: cold, compiled for size in the wasm build (types.h).
CW_SIZE_CODE_BEGIN
cw::PuzzleReport check_puzzle(Handle& h, int fen_len, int line_len, cw::Variant variant, int mate_in,
                              bool setup_first) {
  cw::PuzzleReport r;
  std::string_view fen, line;
  if (!cw::wasm::variant_and_texts(variant, io.data(), io.size(), fen_len, line_len, fen, line)) {
    r.status = cw::PuzzleStatus::FEN;
    r.fen_error = cw::FenError::EMPTY;
    return r;
  }
  r = h.replacing(
      [&](cw::Position& pos) { return cw::check_puzzle(pos, fen, line, mate_in, setup_first, variant); });
  return r;
}

cw::PuzzleReport check_puzzle_row(Handle& h, int offset, int len) {
  cw::PuzzleReport r;
  std::string_view row;
  if (!cw::wasm::text_at(row_buffer.data(), row_buffer.size(), offset, len, row)) {
    r.status = cw::PuzzleStatus::ROW;
    return r;
  }
  r = h.replacing([&](cw::Position& pos) { return cw::check_puzzle_row(pos, row); });
  return r;
}

// ---- PGN --------------------------------------------------------------------------------------

// The PGN source's error as a value object.
PgnErrorInfo pgn_error(const cw::wasm::PgnSource& src) {
  const cw::PgnError& e = src.error();
  return {e.code, e.line, e.column, e.detail, double(e.limit), e.fen_error, e.message};
}

// The buffers a game to write goes into: `words` int32 words and `bytes` bytes.
val tree_words_in(int words) {
  tree_in.words.reserve(room_for(size_t(words > 0 ? words : 0) * sizeof(int32_t)) / sizeof(int32_t));
  tree_in.words.assign(size_t(words > 0 ? words : 0), 0);
  return view(tree_in.words.size(), tree_in.words.data());
}
val tree_bytes_in(int bytes) {
  tree_in.bytes.reserve(room_for(size_t(bytes > 0 ? bytes : 0)));
  tree_in.bytes.assign(size_t(bytes > 0 ? bytes : 0), '\0');
  return view(tree_in.bytes.size(), reinterpret_cast<uint8_t*>(tree_in.bytes.data()));
}
// Writes the game in the input tree buffers in PGN into the I/O buffer, laid out as the
// arguments say (cw::PgnLayout: style a PgnStyle, wrap at max_width, lines ended by the
// newline_len bytes of text in the I/O buffer),
// and returns its length; 0 when they hold no well-formed tree. The tree buffers are freed. (The
// text goes through the I/O buffer, not as a std::string: embind 3.1.6 decodes a returned
// std::string piece by piece between NUL bytes, each piece with a TextDecoder that drops a
// leading U+FEFF, so a comment holding NUL then U+FEFF lost the U+FEFF; fuzz.test.ts found it.)
int write_pgn(int style, bool wrap, int max_width, int newline_len) {
  cw::PgnLayout layout;
  layout.style = style == int(cw::PgnStyle::CHESS_JS) ? cw::PgnStyle::CHESS_JS : cw::PgnStyle::EXPORT;
  layout.wrap = wrap;
  layout.max_width = max_width;
  layout.newline = std::string(io_text(newline_len));
  cw::PgnGame g;
  bool ok = cw::wasm::decode_game(tree_in.words.data(), tree_in.words.size(), tree_in.bytes.data(),
                                  tree_in.bytes.size(), g);
  std::vector<int32_t>().swap(tree_in.words);
  std::string().swap(tree_in.bytes);
  return ok ? write_io(cw::write_pgn(g, layout)) : 0;
}

val row_buffer_of(int size) {
  if (size <= 0)
    std::vector<char>().swap(row_buffer);
  else
    row_buffer.resize(room_for(size_t(size)));
  return view(row_buffer.size(), reinterpret_cast<uint8_t*>(row_buffer.data()));
}

// Bytes held by the buffers above beyond their base sizes (0 between calls).
double buffer_bytes() {
  return double(io.capacity() - IO_BASE + row_buffer.capacity() + tree_in.words.capacity() * sizeof(int32_t) +
                tree_in.bytes.capacity() - std::string().capacity());
}
CW_SIZE_CODE_END

}  // namespace

// ---- raw calls: the hot calls ------------------------------------------------------------------
//
// Each where embind was measured at least 1.3x slower on a row of `npm run bench` (the package
// built with embind in its place, in-process A/B against this build, CPU time; the per-call
// figures are tests/bench/boundary.mjs's, README "The boundary"). JS calls them as the wasm
// functions themselves: `hotCalls` gives their indices in the module's function table, which
// web/src/boundary/wasm.ts looks up in the instance it receives (WebAssembly's own API, nothing of
// emscripten's glue on the path).

// The module's function table as an emval handle (cpp/wasm/library-table.js).
extern "C" EM_VAL cw_function_table();

namespace {

// Plays m (any integer) if it is legal: PlayStatus OK, else ILLEGAL and nothing changes.
// Take-back: the move taken back (0 for a null move), or -1 when there is none.
// The play + undo row with embind: 1.36-1.40x slower with methods, 1.43x with free functions
// on the address (per call pair: raw 12.7 M/s, method 10.2 M/s, function 12.2 M/s).
int cw_play(Handle* h, int m) { return int(h->play(m)); }
int cw_take_back(Handle* h) { return h->take_back(); }
// Fills the move buffer with the legal moves; returns their number. The legal-moves-as-UCI row
// with embind: 1.15-1.35x slower over three runs with methods, 1.28x with functions (over the
// bench's 10% budget at best; per call: raw 6.8 M lists/s, method 5.3 M, function 5.4 M).
int cw_legal_moves(Handle* h) { return fill_moves(*h); }

// The table indices of the hot calls, in the order play, takeBack, legalMoves.
val hot_calls() {
  static const int32_t calls[] = {int32_t(reinterpret_cast<intptr_t>(&cw_play)),
                                  int32_t(reinterpret_cast<intptr_t>(&cw_take_back)),
                                  int32_t(reinterpret_cast<intptr_t>(&cw_legal_moves))};
  return view(3, calls);
}

// The module's function table, where the indices above are.
val function_table() { return val::take_ownership(cw_function_table()); }

}  // namespace

// ---- the registration -------------------------------------------------------------------------

EMSCRIPTEN_BINDINGS(chesswasm) {
  // Codes, named by the core's tables.
  codes_from_names<cw::FenError>("FenError", cw::fen_error_name);
  codes_from_names<cw::SanStatus>("SanStatus", cw::san_status_name);
  codes_from_names<cw::Termination>("Termination", cw::termination_name);
  codes_from_names<cw::LineStatus>("LineStatus", cw::line_status_name);
  codes_from_names<cw::PuzzleStatus>("PuzzleStatus", cw::puzzle_status_name);
  codes_from_names<cw::PgnErrorCode>("PgnErrorCode", cw::pgn_error_name);
  codes<PlayStatus>("PlayStatus")
      .value("OK", PlayStatus::OK)
      .value("ILLEGAL", PlayStatus::ILLEGAL)
      .value("NO_HISTORY", PlayStatus::NO_HISTORY);
  codes<cw::FenTagRule>("FenTagRule")
      .value("FEN_TAG", cw::FenTagRule::FEN_TAG)
      .value("ANY_CASE", cw::FenTagRule::ANY_CASE)
      .value("WITH_SETUP", cw::FenTagRule::WITH_SETUP);
  codes<cw::PgnStyle>("PgnStyle")
      .value("EXPORT", cw::PgnStyle::EXPORT)
      .value("CHESS_JS", cw::PgnStyle::CHESS_JS);
  codes<cw::PgnStatus>("PgnStatus")
      .value("GAME", cw::PgnStatus::GAME)
      .value("END", cw::PgnStatus::END)
      .value("ERROR", cw::PgnStatus::ERROR)
      .value("PARTIAL", cw::PgnStatus::PARTIAL);

  // The vocabulary.
#ifdef CHESSWASM_RECORD
  codes_from_names<cw::Variant>("Variant", variant_enum_name);
#else
  codes<cw::Variant>("Variant");
#endif
  codes<cw::Color>("Color").value("WHITE", cw::WHITE).value("BLACK", cw::BLACK).value("NONE", cw::COLOR_NB);
  codes<cw::PieceType>("PieceType")
      .value("NONE", cw::NO_PIECE_TYPE)
      .value("PAWN", cw::PAWN)
      .value("KNIGHT", cw::KNIGHT)
      .value("BISHOP", cw::BISHOP)
      .value("ROOK", cw::ROOK)
      .value("QUEEN", cw::QUEEN)
      .value("KING", cw::KING)
      .value("MET", cw::MET)
      .value("KHON", cw::KHON)
      .value("PROMOTED_MET", cw::PMET);
  codes<cw::MoveFlag>("MoveFlag")
      .value("QUIET", cw::QUIET)
      .value("DOUBLE_PUSH", cw::DOUBLE_PUSH)
      .value("CASTLE_KING", cw::CASTLE_KING)
      .value("CASTLE_QUEEN", cw::CASTLE_QUEEN)
      .value("CAPTURE", cw::CAPTURE)
      .value("EN_PASSANT", cw::EN_PASSANT)
      .value("PROMO_MET", cw::PROMO_MET)
      .value("PROMO_MET_CAPTURE", cw::PROMO_MET_CAPTURE)
      .value("PROMO_KNIGHT", cw::PROMO_KNIGHT)
      .value("PROMO_BISHOP", cw::PROMO_BISHOP)
      .value("PROMO_ROOK", cw::PROMO_ROOK)
      .value("PROMO_QUEEN", cw::PROMO_QUEEN)
      .value("PROMO_KNIGHT_CAPTURE", cw::PROMO_KNIGHT_CAPTURE)
      .value("PROMO_BISHOP_CAPTURE", cw::PROMO_BISHOP_CAPTURE)
      .value("PROMO_ROOK_CAPTURE", cw::PROMO_ROOK_CAPTURE)
      .value("PROMO_QUEEN_CAPTURE", cw::PROMO_QUEEN_CAPTURE);
  codes<cw::Notation>("Notation")
      .value("AUTO", cw::Notation::AUTO)
      .value("UCI", cw::Notation::UCI)
      .value("SAN", cw::Notation::SAN);
#ifdef CHESSWASM_RECORD
  // The names of the codes above, for scripts/gen-boundary.mjs (the debug module only).
  function(
      "registeredCodes", +[]() { return cw::wasm::code_names(); });
#endif

  // What only scripts/gen-boundary.mjs reads: the TS side has it from the generated
  // boundary.ts, so only the debug module registers it (1.3 KB of the .wasm, 0.6 KB gzipped).
#ifdef CHESSWASM_RECORD
  // The layouts and bounds.
  constant("MOVE_TO_SHIFT", cw::MOVE_TO_SHIFT);
  constant("MOVE_FLAG_SHIFT", cw::MOVE_FLAG_SHIFT);
  constant("PIECE_COLOR_SHIFT", cw::PIECE_COLOR_SHIFT);
  constant("MAX_MOVES", cw::MAX_MOVES);
  constant("MAX_SAN_LENGTH", int(cw::MAX_SAN_LENGTH));
  constant("MAX_LINE_PLIES", cw::MAX_LINE_PLIES);
  constant("MAX_HALFMOVE_CLOCK", cw::MAX_HALFMOVE_CLOCK);
  constant("MAX_FULLMOVE_NUMBER", cw::MAX_FULLMOVE_NUMBER);
  constant("FIFTY_MOVE_PLIES", cw::FIFTY_MOVE_PLIES);
  constant("SAN_KEY_CHARS", cw::wasm::SAN_KEY_CHARS);
  constant("TREE_NON_ASCII", cw::wasm::NON_ASCII);
  constant("TREE_HEADER_WORDS", cw::wasm::TREE_HEADER_WORDS);
  constant("TREE_CHESS960", cw::wasm::TREE_CHESS960);
  // The SanLeniency bits (PgnSource::refuseTolerances).
  constant("SAN_CHECK_SUFFIX", int(cw::SAN_CHECK_SUFFIX));
  constant("SAN_ZERO_CASTLING", int(cw::SAN_ZERO_CASTLING));
  constant("SAN_DISAMBIGUATION", int(cw::SAN_DISAMBIGUATION));
  constant("SAN_LONG_ALGEBRAIC", int(cw::SAN_LONG_ALGEBRAIC));
  constant("SAN_PROMOTION", int(cw::SAN_PROMOTION));
  constant("SAN_ANNOTATION", int(cw::SAN_ANNOTATION));
  constant("SAN_CAPTURE_MARK", int(cw::SAN_CAPTURE_MARK));
  constant("SAN_PAWN_LETTER", int(cw::SAN_PAWN_LETTER));
  constant("SAN_EXTRA_CAPTURE_MARK", int(cw::SAN_EXTRA_CAPTURE_MARK));
  constant("SAN_LOWER_CASE", int(cw::SAN_LOWER_CASE));
  constant("SAN_SHORT_PAWN_LETTER", int(cw::SAN_SHORT_PAWN_LETTER));
  // The start position of each variant (Chess960: the standard one); gen-boundary tabulates it.
  function(
      "startFen", +[](cw::Variant v) { return std::string(valid_variant(v) ? cw::start_fen(v) : ""); });
  // The letter of a piece type, and the piece type a move flag promotes to.
  function(
      "pieceLetter", +[](cw::PieceType pt) { return std::string(1, cw::piece_type_char(pt)); });
  function(
      "promotionType",
      +[](cw::MoveFlag f) { return cw::promotion_type(cw::Move(f << cw::MOVE_FLAG_SHIFT)); });
#endif
  function("hotCalls", &hot_calls);
  function("functionTable", &function_table);
  function(
      "fenErrorMessage", +[](cw::FenError e) { return std::string(cw::fen_error_message(e)); });

  // The UCI text of a move of a variant (no position needed): a game read from PGN crosses
  // without UCI strings (tree_codec.h), and the TS side keeps this text
  // per move number; "" for a variant out of range.
  function(
      "moveUci", +[](cw::Variant v, int m, bool chess960) {
        return valid_variant(v) ? cw::move_to_uci(cw::Move(uint16_t(m)), v, chess960) : std::string();
      });

  // Buffers.
  function("ioBuffer", &io_buffer);
  function(
      "moveBuffer", +[]() { return view(cw::MAX_MOVES, move_buffer); });
  function(
      "countBuffer", +[]() { return view(cw::MAX_MOVES, count_buffer); });
  function(
      "sanKeyBuffer", +[]() { return view(2 * cw::MAX_MOVES, san_keys); });
  function("rowBuffer", &row_buffer_of);
  function("bufferBytes", &buffer_bytes);

  // Structured results.
  value_object<MoveParse>("MoveParse")
      .field("status", &MoveParse::status)
      .field("move", &MoveParse::move)
      .field("leniency", &MoveParse::leniency);
  value_object<cw::Outcome>("Outcome")
      .field("termination", &cw::Outcome::termination)
      .field("winner", &cw::Outcome::winner);
  value_object<LineReport>("LineReport")
      .field("status", &LineReport::status)
      .field("ply", &LineReport::ply)
      .field("fenError", &LineReport::fenError);
  value_object<cw::PuzzleReport>("PuzzleReport")
      .field("status", &cw::PuzzleReport::status)
      .field("ply", &cw::PuzzleReport::ply)
      .field("fenError", &cw::PuzzleReport::fen_error)
      .field("plies", &cw::PuzzleReport::plies)
      .field("solverMoves", &cw::PuzzleReport::solver_moves)
      .field("mateIn", &cw::PuzzleReport::mate_in)
      .field("mate", &cw::PuzzleReport::mate)
      .field("matingMoves", &cw::PuzzleReport::mating_moves);
  value_object<PgnErrorInfo>("PgnErrorInfo")
      .field("code", &PgnErrorInfo::code)
      .field("line", &PgnErrorInfo::line)
      .field("column", &PgnErrorInfo::column)
      .field("detail", &PgnErrorInfo::detail)
      .field("limit", &PgnErrorInfo::limit)
      .field("fenError", &PgnErrorInfo::fenError)
      .field("message", &PgnErrorInfo::message);

  // The position: a cw::Position and its legal-move cache (handle.h). Text through the I/O
  // buffer, moves through the move buffer (see the conventions above).
  class_<Handle>("Position")
      .constructor<>()
      .constructor<const Handle&>()
      // The handle's address, for the raw calls.
      .function("address", optional_override([](Handle& h) { return uintptr_t(&h); }))
      .function("setFen", &set_fen)
      // The start position of a variant (Chess960: the standard array; chess960: with
      // Chess960 castling).
      .function("setStart", optional_override([](Handle& h, cw::Variant v, bool chess960) {
                  return valid_variant(v) ? h.set_fen(cw::start_fen(v), v, chess960) : cw::FenError::EMPTY;
                }))
      // The FEN into the I/O buffer (Handle::write_fen): its length. legalEnPassant: the en
      // passant square only when a legal en passant capture exists (Setup::of).
      .function("fen", optional_override([](const Handle& h, bool shredder, bool legal_en_passant) {
                  return h.write_fen(io, shredder, legal_en_passant);
                }))
      .function("key", optional_override([](const Handle& h) { return h.position().key(); }))
      .function("turn", optional_override([](const Handle& h) { return h.position().side_to_move(); }))
      .function("variant", optional_override([](const Handle& h) { return h.position().variant(); }))
      .function("chess960", optional_override([](const Handle& h) { return h.position().chess960(); }))
      .function("inCheck", optional_override([](const Handle& h) { return h.position().in_check(); }))
      .function("checkers", optional_override([](const Handle& h) { return h.position().checkers(); }))
      .function("hasLegalMove", optional_override([](Handle& h) { return h.legal_moves().size() > 0; }))
      .function("historySize", optional_override([](const Handle& h) { return h.position().history_size(); }))
      .function("lastMove", optional_override([](const Handle& h) { return int(h.position().last_move()); }))
      .function("rule50", optional_override([](const Handle& h) { return h.position().rule50(); }))
      .function("fullmoveNumber",
                optional_override([](const Handle& h) { return h.position().fullmove_number(); }))
      // The piece on a square (colour << PIECE_COLOR_SHIFT | type; 0: empty or no square).
      .function("pieceOn", optional_override([](const Handle& h, int sq) {
                  return valid_square(sq) ? int(h.position().piece_on(cw::Square(sq))) : 0;
                }))
      // The squares of the pieces of either colour attacking a square (0 for no square).
      .function("attackers", optional_override([](const Handle& h, int sq) {
                  return valid_square(sq) ? cw::attackers_to(h.position(), cw::Square(sq)) : cw::Bitboard(0);
                }))
      .function("legalMoves", &fill_moves)
      .function("legalSan", optional_override([](Handle& h) {
                  return cw::wasm::legal_moves_san(h, move_buffer, san_keys);
                }))
      .function("isLegal", optional_override([](Handle& h, int m) { return h.is_legal(m); }))
      .function("playNull", optional_override([](Handle& h) { return h.play_null(); }))
      .function("uci", &uci)
      .function("parseUci", optional_override([](const Handle& h, int len) {
                  return int(cw::parse_uci(h.position(), io_text(len)));
                }))
      .function("san", &san)
      .function("parseSan", &parse_san)
      .function("termination", optional_override([](const Handle& h, bool claim) {
                  return cw::outcome(h.position(), claim).termination;
                }))
      .function("outcome", optional_override(
                               [](const Handle& h, bool claim) { return cw::outcome(h.position(), claim); }))
      .function("canClaimFiftyMoves",
                optional_override([](const Handle& h) { return cw::can_claim_fifty_moves(h.position()); }))
      .function("repetitionCount", optional_override([](const Handle& h, bool across_null_moves) {
                  return cw::repetition_count(h.position(), across_null_moves);
                }))
      .function("perft", optional_override([](Handle& h, int depth) {
                  if (depth < 0) return 0.0;
                  return double(h.restoring([&](cw::Position& pos) { return cw::perft(pos, depth, true); }));
                }))
      .function("divide", &divide)
      .function("playLine", &play_line)
      .function("checkPuzzle", &check_puzzle)
      .function("checkPuzzleRow", &check_puzzle_row)
      .function("countMatingMoves", optional_override([](Handle& h) {
                  return h.restoring([](cw::Position& pos) { return cw::count_mating_moves(pos); });
                }));

  // A PGN text being read, one game at a time.
  // The set-up (cpp/core/setup.h): a board and the FEN fields with no legality required.
  // Setters refuse (false, nothing changed) out-of-range values; squares are 0-63, 64 = none.
  class_<cw::Setup>("Setup")
      .constructor<>()
      .constructor<const cw::Setup&>()
      .function("parse", &setup_parse)
      .function("fen", optional_override(
                           [](const cw::Setup& s, bool shredder) { return write_io(s.fen(shredder)); }))
      .function("validate",
                optional_override([](const cw::Setup& s) { return fen_errors_out(s.validate()); }))
      // tolerance: 0 the strict rules, 1 TOLERATE_MISSING_KINGS, 2 TOLERATE_ANY_BOARD.
      .function("build", optional_override([](const cw::Setup& s, Handle& h, int tolerance) {
                  return h.set_setup(s, cw::wasm::tolerated_by(tolerance));
                }))
      // castling false: the en passant square only (the castling rights kept as written).
      .function("dropContradicted",
                optional_override([](cw::Setup& s, bool castling) { s.drop_contradicted(castling); }))
      .function("variant", optional_override([](const cw::Setup& s) { return s.variant; }))
      .function("chess960", optional_override([](const cw::Setup& s) { return s.chess960; }))
      .function("pieceOn", optional_override([](const cw::Setup& s, int sq) {
                  return valid_square(sq) ? int(s.board[sq]) : 0;
                }))
      .function("setPiece", optional_override([](cw::Setup& s, int sq, int piece) {
                  if (!valid_square(sq) || !valid_piece(s, piece)) return false;
                  s.board[sq] = cw::Piece(piece);
                  return true;
                }))
      .function("turn", optional_override([](const cw::Setup& s) { return s.side; }))
      .function("setTurn", optional_override([](cw::Setup& s, int c) {
                  if (!valid_color(c)) return false;
                  s.side = cw::Color(c);
                  return true;
                }))
      // The rook square of a castling right (index: white short, white long, black short,
      // black long), 64 when the right is not given.
      .function("castlingRook", optional_override([](const cw::Setup& s, int i) {
                  return valid_castling_index(i) ? int(s.castling_rook[i]) : 64;
                }))
      .function("setCastlingRook", optional_override([](cw::Setup& s, int i, int sq) {
                  if (!valid_castling_rook(i, sq)) return false;
                  s.castling_rook[i] = cw::Square(sq);
                  return true;
                }))
      .function("epSquare", optional_override([](const cw::Setup& s) { return int(s.ep_square); }))
      .function("setEpSquare", optional_override([](cw::Setup& s, int sq) {
                  if (!valid_square_or_none(sq)) return false;
                  s.ep_square = cw::Square(sq);
                  return true;
                }))
      .function("halfmoves", optional_override([](const cw::Setup& s) { return int(s.halfmove); }))
      .function("setHalfmoves", optional_override([](cw::Setup& s, double n) {
                  if (!valid_halfmoves(n)) return false;
                  s.halfmove = uint16_t(n);
                  return true;
                }))
      .function("fullmoves", optional_override([](const cw::Setup& s) { return double(s.fullmove); }))
      .function("setFullmoves", optional_override([](cw::Setup& s, double n) {
                  if (!valid_fullmoves(n)) return false;
                  s.fullmove = uint32_t(n);
                  return true;
                }));
  // The set-up of a position (a new Setup; a free function: gen-boundary types methods only).
  function(
      "setupOf", +[](const Handle& h) { return cw::Setup::of(h.position()); });
  // The syntax verdicts on the FEN in the I/O buffer, every field on its own (a set).
  function(
      "fenSyntaxErrors", +[](int len, cw::Variant variant, bool chess960) {
        std::string_view fen;
        if (!cw::wasm::variant_and_text(variant, io.data(), io.size(), len, fen))
          return fen_errors_out(cw::fen_error_bit(cw::FenError::EMPTY));
        return fen_errors_out(cw::fen_syntax_errors(fen, variant, chess960));
      });
  // The first code of a set (the order set_fen reports them in).
  function(
      "firstFenError", +[](double errors) { return cw::first_fen_error(fen_errors_in(errors)); });

  class_<PgnSource>("PgnSource")
      .constructor<int>()
      .function("text", optional_override([](PgnSource& src) {
                  return view(src.size(), reinterpret_cast<uint8_t*>(src.text()));
                }))
      .function("resize", &PgnSource::resize)
      .function("start", &PgnSource::start)
      .function("keepPartial", &PgnSource::keep_partial)
      .function("fenTagRule", &PgnSource::fen_tag_rule)
      .function("dropContradicted", &PgnSource::drop_contradicted)
      .function("refuseTolerances", &PgnSource::refuse_tolerances)
      .function("keepCommentSpace", &PgnSource::keep_comment_space)
      .function("allowAnyBoard", &PgnSource::allow_any_board)
      .function("next", &PgnSource::next)
      .function("offset", &PgnSource::offset)
      .function("line", &PgnSource::line)
      .function("gameLine", &PgnSource::game_line)
      .function("error", &pgn_error)
      .function("treeWords", optional_override([](PgnSource& src) {
                  return view(src.tree().words.size(), src.tree().words.data());
                }))
      .function("treeBytes", optional_override([](PgnSource& src) {
                  return view(src.tree().bytes.size(), reinterpret_cast<uint8_t*>(src.tree().bytes.data()));
                }));
  function("treeWordsIn", &tree_words_in);
  function("treeBytesIn", &tree_bytes_in);
  function("writePgn", &write_pgn);
}

// ---- the lichess variants: pockets, check counters, lichess FEN, variant names ----
EMSCRIPTEN_BINDINGS(chesswasm_variants) {
  // The pieces of a type in a colour's crazyhouse pocket; -1 outside crazyhouse.
  function(
      "variantPocket", +[](const Handle& h, int color, int pt) {
        const cw::Position& p = h.position();
        if (p.variant() != cw::CRAZYHOUSE || !valid_color(color) || !valid_pocket_type(pt)) return -1;
        return p.pocket(cw::Color(color), cw::PieceType(pt));
      });
  // The checks a colour still has to give in three-check; -1 outside it.
  function(
      "variantChecksLeft", +[](const Handle& h, int color) {
        const cw::Position& p = h.position();
        return p.variant() != cw::THREE_CHECK || !valid_color(color) ? -1 : p.checks_left(cw::Color(color));
      });
  // The FEN in lichess's forms (pocket as a ninth rank, checks given after the move number).
  function(
      "fenLichess", +[](const Handle& h, bool shredder, bool legal_en_passant) {
        return write_fen_io(h.position(), shredder, true, legal_en_passant);
      });
  // The variant code a lichess key or PGN name in the I/O buffer names; VARIANT_NB for none.
  function(
      "parseVariant", +[](int len) {
        std::string_view name;
        if (!cw::wasm::text_of(io.data(), io.size(), len, name)) return int(cw::VARIANT_NB);
        return int(cw::parse_variant(name));
      });
  // Insufficient material as python-chess: colour 0 / 1 that side can no longer win
  // (has_insufficient_material), 2 neither side can (is_insufficient_material).
  function(
      "insufficientMaterial", +[](const Handle& h, int color) {
        if (valid_color(color)) return cw::has_insufficient_material(h.position(), cw::Color(color));
        return cw::is_insufficient_material(h.position());
      });
  // Lichess's PGN name of a variant ("Three-check") into the I/O buffer.
  function(
      "variantPgnName",
      +[](int v) { return write_io(valid_variant(v) ? cw::variant_pgn_name(cw::Variant(v)) : ""); });
}
