// chesswasm — Syzygy endgame tablebases: WDL (.rtbw) and DTZ (.rtbz) probing for standard chess
// and Chess960 positions without castling rights, 3 to 7 pieces.
//
// The files' bytes come through a chunk cache. A loader (native: the files on disk) fills it
// on demand; without one (the wasm build: the bytes come from JS, asynchronously), a probe
// that needs bytes the cache lacks returns PENDING and names them (pending()); the caller
// supplies them (supply()) and probes again. A probe changes no state but the cache and the
// parsed headers, so a probe repeated after PENDING does the same work again and goes further.
//
// Conventions (those of python-chess's chess.syzygy, which follow the tables' author's prober):
//   WDL, for the side to move: -2 loss, -1 blessed loss (a loss the 50-move rule saves),
//   0 draw, 1 cursed win (a win the 50-move rule spoils), 2 win.
//   DTZ, for the side to move: 0 for a draw; for a win n > 0 with 1..100 an unconditional
//   win, > 100 a cursed win (100 added); for a loss the same, negated. |n| is the number of
//   plies to the next capture or pawn move (the zeroing move) on the best line, and may be
//   one more than that exact number (the tables store moves, not plies, where that makes
//   no difference under the 50-move rule). The halfmove clock of the position is not read.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "position.h"

namespace cw::tb {

// What a probe or an open says. Codes are stable: the TS layer exposes them by name.
enum class TbStatus : uint8_t {
  OK = 0,
  PENDING,          // bytes of a file are needed that the cache lacks: see pending()
  MISSING_TABLE,    // a table the probe needs is not registered (missing_table() names it)
  CASTLING,         // the position has castling rights (the tables hold none)
  TOO_MANY_PIECES,  // more pieces than the largest registered table
  DAMAGED,          // a file is not a valid table (bad magic, truncated, values out of range)
  VARIANT,          // not standard chess or Chess960
  BAD_NAME,         // add_file: not a table file name (KQvKR.rtbw, ...)
};
const char* tb_status_name(TbStatus s);

// A byte range of a registered file.
struct ByteRange {
  int file = -1;
  uint64_t offset = 0;
  uint32_t length = 0;
};

// Synchronous loader: copies length bytes of file at offset into out; false when it cannot.
using Loader = std::function<bool(int file, uint64_t offset, uint32_t length, uint8_t* out)>;

// The verdict on one legal move, from the side to move after it (as lichess's API gives it).
struct MoveVerdict {
  Move move = MOVE_NONE;
  int wdl = 0;  // of the position after the move, for the side to move there
  int dtz = 0;  // ditto; 0 after a checkmate or stalemate
  bool zeroing = false;
  bool checkmate = false;
  bool stalemate = false;
};

class Tablebase {
 public:
  // chunk_size: the cache's unit of reading (a power of two, at least 64).
  explicit Tablebase(uint32_t chunk_size = 4096);
  ~Tablebase();
  Tablebase(const Tablebase&) = delete;
  Tablebase& operator=(const Tablebase&) = delete;

  // Registers a file ("KQvKR.rtbw" or ".rtbz", any case of the extension, the piece letters
  // upper case, in either side order) of size bytes; returns its index (>= 0) or -1 for a
  // name that is no table of 3 to 7 pieces (status BAD_NAME). A name given again replaces the
  // file (its cached bytes dropped).
  int add_file(std::string_view name, uint64_t size);
  int file_count() const { return int(files_.size()); }
  const std::string& file_name(int file) const;
  uint64_t file_size(int file) const;
  // The largest number of pieces of a table with a WDL file (0 without any).
  int max_pieces() const { return max_pieces_; }

  void set_loader(Loader loader) { loader_ = std::move(loader); }
  // Stores bytes of a file (a whole chunk: offset a multiple of the chunk size, length the
  // chunk size or up to the file's end). False when they do not fit that.
  bool supply(int file, uint64_t offset, const uint8_t* data, size_t length);
  uint32_t chunk_size() const { return chunk_size_; }
  // The chunk the last PENDING probe needed.
  ByteRange pending() const { return pending_; }
  // The table the last MISSING_TABLE probe needed ("KQvKR").
  const std::string& missing_table() const { return missing_; }
  // The file the last DAMAGED probe found damaged.
  int damaged_file() const { return damaged_file_; }
  // Bytes brought into the cache so far (by the loader or supply).
  uint64_t bytes_read() const { return bytes_read_; }

  // Whether the position can be probed at all (rules, castling, piece count); OK or the reason.
  TbStatus check(const Position& pos) const;
  // WDL (-2..2) of the position, en passant and captures resolved.
  TbStatus probe_wdl(const Position& pos, int& wdl);
  // DTZ of the position (the header's conventions).
  TbStatus probe_dtz(const Position& pos, int& dtz);
  // Every legal move with its verdict, in move generation order (the caller sorts). Needs the
  // DTZ tables of the positions after the moves.
  TbStatus probe_moves(const Position& pos, std::vector<MoveVerdict>& out);
  // The value stored in the WDL table for the position, nothing resolved (python-chess's
  // probe_wdl_table): for comparing with the tables' own test data.
  TbStatus probe_wdl_table(const Position& pos, int& wdl);

  struct Table;
  struct PairsData;

 private:
  struct File;
  TbStatus read(int file, uint64_t offset, uint32_t length, uint8_t* out);
  TbStatus read_u8(int file, uint64_t offset, uint8_t& v);
  Table* find_table(const Position& pos, bool& flip);
  TbStatus ensure(Table& t, bool dtz);
  TbStatus parse(Table& t, bool dtz);
  TbStatus setup_pairs(int file, uint64_t& at, PairsData& d, bool dtz);
  TbStatus decompress(int file, const PairsData& d, uint64_t idx, int& value);
  TbStatus table_value(Position& pos, bool dtz, int wdl, int& value, bool& stored);
  TbStatus search_ab(Position& pos, int alpha, int beta, int& value, int& success);
  TbStatus en_passant_wdl(Position& pos, int& best, bool& only_ep);
  TbStatus wdl_full(Position& pos, int& wdl);
  TbStatus dtz_no_ep(Position& pos, int& dtz, int depth);
  TbStatus dtz_full(Position& pos, int& dtz, int depth);
  TbStatus damaged(int file) {
    damaged_file_ = file;
    return TbStatus::DAMAGED;
  }

  uint32_t chunk_size_;
  uint32_t chunk_shift_;
  std::vector<std::unique_ptr<File>> files_;
  std::vector<std::unique_ptr<Table>> tables_;
  std::unordered_map<std::string, int> index_;     // table name -> tables_ index
  std::unordered_map<uint64_t, int> by_material_;  // the tables found: material key -> tables_ index
  int max_pieces_ = 0;
  Loader loader_;
  ByteRange pending_;
  std::string missing_;
  int damaged_file_ = -1;
  uint64_t bytes_read_ = 0;
};

// The table name a position's material gives ("KQvKR": the side with more pieces first, then
// the side with the stronger pieces), as the files are named.
std::string table_name(const Position& pos);
// The same from a name in either side order ("KRvKQ" -> "KQvKR"); empty when it is no name.
std::string normalize_table_name(std::string_view name);

}  // namespace cw::tb
