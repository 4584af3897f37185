// chesswasm — the tablebase module's boundary: the Syzygy prober (cpp/core/tablebase.h) as JS sees
// it, registered with embind. A module of its own (chesswasm-tablebase.wasm, CMakeLists.txt),
// loaded by the `chesswasm/tablebase` entry only: the prober is 19 KB of gzipped wasm, which the
// package's module would carry into every `import 'chesswasm'` (docs/performance.md, "Budgets":
// 100 KB). Registration and conversion only, as bindings.cpp.
//
// What JS sees (web/src/apps/tablebase/native.ts loads it; tablebase-boundary.ts and
// chesswasm-tablebase.d.mts beside it are generated from this registration by
// scripts/gen-boundary.mjs):
//   - the code types TbStatus (the core's name table) and FenError;
//   - the class Tablebase: the prober, the position it probes (set from a FEN in the I/O buffer)
//     and the buffer a chunk of a file is supplied through;
//   - value objects TbResult (a status and a value: addFile) and TbRange (the bytes a probe
//     needs); the probes answer a status and a value packed in one int32 (packed());
//   - typed_memory_views of the I/O buffer and the verdict buffer.
//
// The asynchronous read protocol (tablebase.h): a probe that needs bytes the cache lacks returns
// PENDING and pending() names the chunk; JS reads it, writes it into chunkBuffer() and calls
// supply(), then probes again. Nothing throws or aborts on bad arguments: every one is checked.
// SPDX-License-Identifier: MIT
#include <emscripten/bind.h>

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "arguments.h"
#include "codes.h"
#include "position.h"
#include "tablebase.h"

using namespace emscripten;
using cw::tb::TbStatus;

namespace {

// Text (a FEN, a file name) crosses through the I/O buffer: JS writes UTF-8 bytes and passes
// their length; a call that writes text returns its length.
std::vector<char> io(256);

template <typename T>
val view(size_t n, T* data) {
  return val(typed_memory_view(n, data));
}

// The I/O buffer with room for `size` bytes.
val io_buffer(int size) {
  if (size > int(io.size())) io.resize(cw::wasm::room_for(size_t(size)));
  return view(io.size(), reinterpret_cast<uint8_t*>(io.data()));
}

std::string_view io_text(int len) { return cw::wasm::text_in(io.data(), io.size(), len); }

int write_io(std::string_view s) {
  if (s.size() > io.size()) io.resize(cw::wasm::room_for(s.size()));
  std::memcpy(io.data(), s.data(), s.size());
  return int(s.size());
}

// A prober for JS, the position it probes and the buffer a chunk is supplied through.
struct JsTablebase {
  cw::tb::Tablebase tb;
  cw::Position pos;
  std::vector<uint8_t> chunk;
  explicit JsTablebase(int chunk_size)
      : tb(uint32_t(chunk_size > 0 ? chunk_size : 0)), chunk(tb.chunk_size()) {}
};

// A call's status and value (WDL, DTZ, a file index, or the count of move verdicts).
struct TbResult {
  TbStatus status = TbStatus::OK;
  int value = 0;
};

// The byte range a PENDING probe needs (offsets cross as doubles: files pass 4 GB).
struct TbRange {
  int file = -1;
  double offset = 0;
  int length = 0;
};

// The verdicts of probeMoves, TB_VERDICT_WORDS int32 per move: the move, WDL and DTZ after it
// (for the side to move there), and the TB_ZEROING, TB_CHECKMATE, TB_STALEMATE bits.
constexpr int TB_VERDICT_WORDS = 4;
constexpr int TB_ZEROING = 1, TB_CHECKMATE = 2, TB_STALEMATE = 4;
int32_t verdicts[TB_VERDICT_WORDS * cw::MAX_MOVES];

// Registers the file named by the len bytes of the I/O buffer; BAD_NAME for no table's name,
// DAMAGED for a size no table file has (valid_table_file_size).
TbResult add_file(JsTablebase& t, int len, double size) {
  if (!cw::wasm::valid_table_file_size(size, t.tb.chunk_size())) return {TbStatus::DAMAGED, -1};
  const int f = t.tb.add_file(io_text(len), uint64_t(size));
  return f < 0 ? TbResult{TbStatus::BAD_NAME, -1} : TbResult{TbStatus::OK, f};
}

// Stores the first `length` bytes of the chunk buffer as the chunk of `file` at `offset`.
bool supply(JsTablebase& t, int file, double offset, int length) {
  if (!cw::wasm::valid_byte_offset(offset) || length < 0 || size_t(length) > t.chunk.size()) return false;
  return t.tb.supply(file, uint64_t(offset), t.chunk.data(), size_t(length));
}

// Sets the position to probe from the FEN in the I/O buffer, of a variant (a Variant code) with
// or without Chess960 castling; the FenError code (0: set; otherwise the position is as it was).
// check() and the probes refuse the rule sets the tables are not of.
cw::FenError set_position(JsTablebase& t, int len, int variant, bool chess960) {
  std::string_view fen;
  if (!cw::wasm::variant_and_text(variant, io.data(), io.size(), len, fen)) return cw::FenError::EMPTY;
  cw::Position p;
  const cw::FenError e = p.set_fen(fen, cw::Variant(variant), chess960);
  if (e == cw::FenError::OK) t.pos = p;
  return e;
}

// A probe's answer as one int32 (a value object costs the hot path a JS object per call): the
// value times 2^TB_STATUS_BITS plus the TbStatus; JS reads the status as r & (2^bits - 1) and
// the value as r >> bits.
constexpr int TB_STATUS_BITS = 4;
static_assert(int(TbStatus::BAD_NAME) < (1 << TB_STATUS_BITS));
int packed(TbStatus s, int value) { return value * (1 << TB_STATUS_BITS) + int(s); }

int probe_moves(JsTablebase& t) {
  std::vector<cw::tb::MoveVerdict> list;
  const TbStatus s = t.tb.probe_moves(t.pos, list);
  if (s != TbStatus::OK) return packed(s, 0);
  int n = 0;
  for (const cw::tb::MoveVerdict& v : list) {
    int32_t* w = verdicts + TB_VERDICT_WORDS * n++;
    w[0] = v.move;
    w[1] = v.wdl;
    w[2] = v.dtz;
    w[3] = (v.zeroing ? TB_ZEROING : 0) | (v.checkmate ? TB_CHECKMATE : 0) | (v.stalemate ? TB_STALEMATE : 0);
  }
  return packed(TbStatus::OK, n);
}

}  // namespace

EMSCRIPTEN_BINDINGS(chesswasm_tablebase) {
  cw::wasm::codes_from_names<TbStatus>("TbStatus", cw::tb::tb_status_name);
  cw::wasm::codes_from_names<cw::FenError>("FenError", cw::fen_error_name);
#ifdef CHESSWASM_RECORD
  function(
      "registeredCodes", +[]() { return cw::wasm::code_names(); });
  constant("TB_VERDICT_WORDS", TB_VERDICT_WORDS);
  constant("TB_ZEROING", TB_ZEROING);
  constant("TB_CHECKMATE", TB_CHECKMATE);
  constant("TB_STALEMATE", TB_STALEMATE);
  constant("TB_STATUS_BITS", TB_STATUS_BITS);
#endif
  value_object<TbResult>("TbResult").field("status", &TbResult::status).field("value", &TbResult::value);
  value_object<TbRange>("TbRange")
      .field("file", &TbRange::file)
      .field("offset", &TbRange::offset)
      .field("length", &TbRange::length);
  function("ioBuffer", &io_buffer);
  function(
      "verdictBuffer", +[]() { return view(TB_VERDICT_WORDS * cw::MAX_MOVES, verdicts); });

  // A prober; chunk_size: the cache's read unit (the core rounds it up to a power of two from 64).
  class_<JsTablebase>("Tablebase")
      .constructor<int>()
      .function("chunkSize", optional_override([](const JsTablebase& t) { return int(t.tb.chunk_size()); }))
      .function("addFile", &add_file)
      .function("fileCount", optional_override([](const JsTablebase& t) { return t.tb.file_count(); }))
      // A file's name into the I/O buffer (its length; 0 for no file).
      .function("fileName",
                optional_override([](const JsTablebase& t, int f) { return write_io(t.tb.file_name(f)); }))
      .function("maxPieces", optional_override([](const JsTablebase& t) { return t.tb.max_pieces(); }))
      .function("chunkBuffer",
                optional_override([](JsTablebase& t) { return view(t.chunk.size(), t.chunk.data()); }))
      .function("supply", &supply)
      .function("pending", optional_override([](const JsTablebase& t) {
                  const cw::tb::ByteRange r = t.tb.pending();
                  return TbRange{r.file, double(r.offset), int(r.length)};
                }))
      // The table the last MISSING_TABLE probe needed, into the I/O buffer (its length).
      .function("missingTable",
                optional_override([](const JsTablebase& t) { return write_io(t.tb.missing_table()); }))
      .function("damagedFile", optional_override([](const JsTablebase& t) { return t.tb.damaged_file(); }))
      .function("bytesRead",
                optional_override([](const JsTablebase& t) { return double(t.tb.bytes_read()); }))
      .function("setPosition", &set_position)
      .function("check", optional_override([](const JsTablebase& t) { return t.tb.check(t.pos); }))
      // The probes answer packed (packed()): WDL, DTZ.
      .function("probeWdl", optional_override([](JsTablebase& t) {
                  int v = 0;
                  const TbStatus s = t.tb.probe_wdl(t.pos, v);
                  return packed(s, v);
                }))
      .function("probeDtz", optional_override([](JsTablebase& t) {
                  int v = 0;
                  const TbStatus s = t.tb.probe_dtz(t.pos, v);
                  return packed(s, v);
                }))
      // Every legal move's verdict into the verdict buffer (verdictBuffer); value: their count.
      .function("probeMoves", &probe_moves);
}
