// chesswasm — Syzygy tablebase probing (tablebase.h). The file format, as the tables' author
// documents it and his generator writes it:
//
//   bytes 0-3   magic (WDL 71 E8 23 5D, DTZ D7 66 0C A5); byte 4: bit 0 two sides stored
//               (WDL of an asymmetric table), bit 1 the table has pawns.
//   per "file" (one for a pawnless table; four for a table with pawns, by the file a-d of the
//   leading pawn): one order byte (two when both sides have pawns) and one byte per piece,
//   the low nibble for the white-to-move side, the high one for black-to-move; a piece is
//   its type 1-6 (P N B R Q K) plus 8 for black. Then padding to an even offset.
//   per file and side: the compression header (flags; block size and sparse-index span as
//   powers of two; block count; the canonical Huffman code's shortest and longest length
//   and lowest symbol per length; the symbol pairs of the recursive-pairing grammar).
//   DTZ: the value maps (four per file: win, loss, cursed win, blessed loss), then padding.
//   per file and side: the sparse index (6 bytes per span: block, offset in the block);
//   per file and side: the block lengths (16 bits, values in the block minus one);
//   per file and side: the blocks, each aligned to 64 bytes.
//
// A position is numbered by the table's piece order: the leading group (pawnless: the first
// three pieces when a piece is unique, else the two kings, placed by symmetry into the
// a1-d1-d4 triangle; with pawns: the leading side's pawns, the leading one on files a-d),
// then the other groups of like pieces as combinations of the squares left, multiplied in
// the order the header gives.
// SPDX-License-Identifier: MIT
#include "tablebase.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <unordered_map>

#include "bitboard.h"
#include "movegen.h"

namespace cw::tb {

namespace {

constexpr uint8_t WDL_MAGIC[4] = {0x71, 0xE8, 0x23, 0x5D};
constexpr uint8_t DTZ_MAGIC[4] = {0xD7, 0x66, 0x0C, 0xA5};
constexpr const char* LETTERS = "KQRBNP";
// The table's piece type of a letter index in LETTERS.
constexpr PieceType LETTER_TYPES[6] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};

// Pair flags.
constexpr uint8_t FLAG_STM = 1, FLAG_MAPPED = 2, FLAG_WIN_PLIES = 4, FLAG_LOSS_PLIES = 8, FLAG_WIDE = 16,
                  FLAG_SINGLE = 128;

// The numbering's own tables, computed once.
struct Encoding {
  uint64_t binom[8][65];  // binom[k][n]: ways to choose k of n
  int triangle[64];       // a1-d1-d4: b1 c1 d1 c2 d2 d3 = 0..5, a1 b2 c3 d4 = 6..9; -1 elsewhere
  int below[64];          // squares below the a1-h8 diagonal: b1 = 0 .. h7 = 27; -1 elsewhere
  int kk[10][64];         // two kings, the first in the triangle: 0..461; -1 for none
  int pawn[64];           // pawn squares a2..h7 by edge distance then rank: a2 = 47 .. e7 = 0
  uint64_t lead_idx[6][64];
  uint64_t lead_size[6][4];

  static int diag(int s) { return (s >> 3) - (s & 7); }  // > 0 above a1-h8, < 0 below

  Encoding() {
    for (int k = 0; k < 8; ++k)
      for (int n = 0; n <= 64; ++n) {
        if (k == 0)
          binom[k][n] = 1;
        else if (n == 0)
          binom[k][n] = 0;
        else
          binom[k][n] = binom[k - 1][n - 1] + binom[k][n - 1];
      }
    int code = 0;
    for (int s = 0; s < 64; ++s) below[s] = diag(s) < 0 ? code++ : -1;
    code = 0;
    for (int s = 0; s < 64; ++s) triangle[s] = -1;
    for (int s = 0; s < 64; ++s)
      if ((s & 7) <= 3 && (s >> 3) <= 3 && diag(s) < 0) triangle[s] = code++;
    for (int s = 0; s < 64; ++s)
      if ((s & 7) <= 3 && (s >> 3) <= 3 && diag(s) == 0) triangle[s] = code++;
    // The kings: for each first king in the triangle (by its code), the second on every square
    // it may stand on (not next to the first; not above the diagonal when the first is on it),
    // the pairs with both kings on the diagonal numbered after all others.
    code = 0;
    int late[10][64];
    for (auto& row : kk)
      for (int& v : row) v = -1;
    for (auto& row : late)
      for (int& v : row) v = 0;
    for (int t = 0; t < 10; ++t) {
      const int s1 = int(std::find(triangle, triangle + 64, t) - triangle);
      for (int s2 = 0; s2 < 64; ++s2) {
        const int df = std::abs((s1 & 7) - (s2 & 7)), dr = std::abs((s1 >> 3) - (s2 >> 3));
        if (df <= 1 && dr <= 1) continue;
        if (diag(s1) == 0 && diag(s2) > 0) continue;
        if (diag(s1) == 0 && diag(s2) == 0)
          late[t][s2] = 1;
        else
          kk[t][s2] = code++;
      }
    }
    for (int t = 0; t < 10; ++t)
      for (int s2 = 0; s2 < 64; ++s2)
        if (late[t][s2]) kk[t][s2] = code++;
    // Pawns: files a-d from the edge inwards, each rank 2..7, the square and its mirror on the
    // other wing; the highest number is the leading pawn's.
    for (int& v : pawn) v = -1;
    int avail = 47;
    for (int f = 0; f < 4; ++f)
      for (int r = 1; r <= 6; ++r) {
        pawn[r * 8 + f] = avail--;
        pawn[r * 8 + (7 - f)] = avail--;
      }
    for (int n = 1; n <= 5; ++n)
      for (int f = 0; f < 4; ++f) {
        uint64_t idx = 0;
        for (int r = 1; r <= 6; ++r) {
          const int s = r * 8 + f;
          lead_idx[n][s] = idx;
          idx += binom[n - 1][pawn[s]];
        }
        lead_size[n][f] = idx;
      }
  }
};

const Encoding& enc() {
  static const Encoding e;
  return e;
}

uint32_t le32(const uint8_t* p) { return p[0] | (p[1] << 8) | (p[2] << 16) | (uint32_t(p[3]) << 24); }
uint16_t le16(const uint8_t* p) { return uint16_t(p[0] | (p[1] << 8)); }

// Parses "KQvKR" into counts[side][letter index]; false when it is no table name of 3-7 pieces.
bool parse_name(std::string_view name, int counts[2][6]) {
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < 6; ++i) counts[s][i] = 0;
  const size_t v = name.find('v');
  if (v == std::string_view::npos || name.find('v', v + 1) != std::string_view::npos) return false;
  int total = 0;
  for (int s = 0; s < 2; ++s) {
    std::string_view part = s == 0 ? name.substr(0, v) : name.substr(v + 1);
    if (part.empty()) return false;
    for (char c : part) {
      const char* p = std::strchr(LETTERS, c);
      if (!p || !c) return false;
      ++counts[s][p - LETTERS];
      ++total;
    }
    if (counts[s][0] != 1) return false;
  }
  return total >= 3 && total <= 7;
}

std::string side_letters(const int counts[6]) {
  std::string s;
  for (int i = 0; i < 6; ++i) s.append(size_t(counts[i]), LETTERS[i]);
  return s;
}

// Whether side a comes first: more pieces, then the stronger pieces (python-chess's and the
// generator's naming).
bool comes_first(const int a[6], const int b[6]) {
  const std::string sa = side_letters(a), sb = side_letters(b);
  if (sa.size() != sb.size()) return sa.size() > sb.size();
  for (size_t i = 0; i < sa.size(); ++i) {
    const auto ia = std::strchr(LETTERS, sa[i]) - LETTERS, ib = std::strchr(LETTERS, sb[i]) - LETTERS;
    if (ia != ib) return ia < ib;
  }
  return true;
}

int letter_of(PieceType pt) {
  for (int i = 0; i < 6; ++i)
    if (LETTER_TYPES[i] == pt) return i;
  return -1;
}

void material(const Position& pos, int counts[2][6]) {
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < 6; ++i) counts[c][i] = popcount(pos.pieces(Color(c), LETTER_TYPES[i]));
}

int before_zeroing(int wdl) { return wdl > 0 ? (wdl == 2 ? 1 : 101) : wdl < 0 ? (wdl == -2 ? -1 : -101) : 0; }

// Insertion sort of a few squares (at most 7).
template <typename Less>
void sort_squares(int* sq, int n, Less less) {
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && less(sq[j], sq[j - 1]); --j) std::swap(sq[j], sq[j - 1]);
}

bool is_pawn_move(const Position& pos, Move m) { return type_of(pos.piece_on(move_from(m))) == PAWN; }

}  // namespace

const char* tb_status_name(TbStatus s) {
  switch (s) {
    case TbStatus::OK:
      return "OK";
    case TbStatus::PENDING:
      return "PENDING";
    case TbStatus::MISSING_TABLE:
      return "MISSING_TABLE";
    case TbStatus::CASTLING:
      return "CASTLING";
    case TbStatus::TOO_MANY_PIECES:
      return "TOO_MANY_PIECES";
    case TbStatus::DAMAGED:
      return "DAMAGED";
    case TbStatus::VARIANT:
      return "VARIANT";
    case TbStatus::BAD_NAME:
      return "BAD_NAME";
  }
  return "?";
}

std::string normalize_table_name(std::string_view name) {
  int counts[2][6];
  if (!parse_name(name, counts)) return {};
  const bool keep = comes_first(counts[0], counts[1]);
  return side_letters(counts[keep ? 0 : 1]) + "v" + side_letters(counts[keep ? 1 : 0]);
}

std::string table_name(const Position& pos) {
  int counts[2][6];
  material(pos, counts);
  const bool keep = comes_first(counts[0], counts[1]);
  return side_letters(counts[keep ? 0 : 1]) + "v" + side_letters(counts[keep ? 1 : 0]);
}

// One compressed sub-table: a side to move of a file of the table.
struct Tablebase::PairsData {
  uint8_t flags = 0;
  bool single = false;
  int single_value = 0;
  uint32_t block_size = 0;
  int idx_bits = 0;
  uint64_t num_indices = 0;
  uint32_t num_blocks = 0, real_blocks = 0;
  int min_len = 0;
  std::vector<uint64_t> base;    // per code length: the lowest code, left-aligned in 64 bits
  std::vector<uint16_t> lowest;  // per code length: the symbol of the lowest code
  std::vector<uint32_t> symlen;  // per symbol: the values it expands to, minus one
  std::vector<uint16_t> left, right;
  uint64_t index_at = 0, lengths_at = 0, data_at = 0;
  uint8_t pieces[7] = {};
  int group_len[8] = {};
  uint64_t group_mul[8] = {};
  int groups = 0;
  uint64_t tb_size = 0;
  std::vector<uint16_t> map[4];  // DTZ: stored value -> value, for win, loss, cursed, blessed
};

struct Tablebase::Table {
  std::string name;
  int counts[2][6] = {};  // by the name's sides: [0] before the 'v'
  int pieces = 0;
  bool pawns = false, symmetric = false, unique = false;
  int pawn_count[2] = {};  // the leading side's pawns, the other side's
  int file[2] = {-1, -1};  // WDL, DTZ
  int state[2] = {};       // 0 not read yet, 1 read, 2 damaged
  PairsData wdl[2][4];
  PairsData dtz[4];
};

struct Tablebase::File {
  std::string name;
  uint64_t size = 0;
  int table = -1;
  bool dtz = false;
  std::vector<std::unique_ptr<uint8_t[]>> chunks;
};

Tablebase::Tablebase(uint32_t chunk_size) {
  uint32_t c = 64;
  chunk_shift_ = 6;
  while (c < chunk_size && c < (1u << 24)) {
    c <<= 1;
    ++chunk_shift_;
  }
  chunk_size_ = c;
  enc();
}

Tablebase::~Tablebase() = default;

const std::string& Tablebase::file_name(int file) const {
  static const std::string none;
  return file >= 0 && file < file_count() ? files_[file]->name : none;
}

uint64_t Tablebase::file_size(int file) const {
  return file >= 0 && file < file_count() ? files_[file]->size : 0;
}

int Tablebase::add_file(std::string_view name, uint64_t size) {
  const size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return -1;
  std::string ext(name.substr(dot + 1));
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (ext != "rtbw" && ext != "rtbz") return -1;
  const bool dtz = ext == "rtbz";
  const std::string norm = normalize_table_name(name.substr(0, dot));
  if (norm.empty() || norm != name.substr(0, dot)) return -1;  // only the generator's spelling
  auto& index = index_;
  int t;
  auto it = index.find(norm);
  if (it == index.end()) {
    auto table = std::make_unique<Table>();
    table->name = norm;
    parse_name(norm, table->counts);
    for (int s = 0; s < 2; ++s)
      for (int i = 0; i < 6; ++i) table->pieces += table->counts[s][i];
    const int wp = table->counts[0][5], bp = table->counts[1][5];
    table->pawns = wp + bp > 0;
    table->symmetric = side_letters(table->counts[0]) == side_letters(table->counts[1]);
    for (int s = 0; s < 2; ++s)
      for (int i = 1; i < 6; ++i)
        if (table->counts[s][i] == 1) table->unique = true;
    // The leading side: the one with pawns, the one with fewer when both have them (white on a tie).
    const bool white_leads = bp == 0 || (wp > 0 && bp >= wp);
    table->pawn_count[0] = white_leads ? wp : bp;
    table->pawn_count[1] = white_leads ? bp : wp;
    t = int(tables_.size());
    tables_.push_back(std::move(table));
    index.emplace(norm, t);
  } else {
    t = it->second;
  }
  Table& table = *tables_[t];
  int f = table.file[dtz];
  if (f < 0) {
    f = int(files_.size());
    files_.push_back(std::make_unique<File>());
    table.file[dtz] = f;
  }
  File& file = *files_[f];
  file.name = std::string(name);
  file.size = size;
  file.table = t;
  file.dtz = dtz;
  file.chunks.clear();
  file.chunks.resize(size_t((size + chunk_size_ - 1) >> chunk_shift_));
  table.state[dtz] = 0;
  if (!dtz) max_pieces_ = std::max(max_pieces_, table.pieces);
  return f;
}

bool Tablebase::supply(int file, uint64_t offset, const uint8_t* data, size_t length) {
  if (file < 0 || file >= file_count()) return false;
  File& f = *files_[file];
  if (offset & (chunk_size_ - 1) || offset >= f.size) return false;
  const uint64_t want = std::min<uint64_t>(chunk_size_, f.size - offset);
  if (length != want) return false;
  auto& slot = f.chunks[size_t(offset >> chunk_shift_)];
  if (!slot) {
    slot = std::make_unique<uint8_t[]>(size_t(want));
    bytes_read_ += want;
  }
  std::memcpy(slot.get(), data, size_t(want));
  return true;
}

TbStatus Tablebase::read(int file, uint64_t offset, uint32_t length, uint8_t* out) {
  File& f = *files_[file];
  if (offset > f.size || length > f.size - offset) return damaged(file);
  while (length) {
    const size_t ci = size_t(offset >> chunk_shift_);
    const uint64_t base = uint64_t(ci) << chunk_shift_;
    const uint32_t clen = uint32_t(std::min<uint64_t>(chunk_size_, f.size - base));
    auto& slot = f.chunks[ci];
    if (!slot) {
      if (!loader_) {
        pending_ = {file, base, clen};
        return TbStatus::PENDING;
      }
      auto buf = std::make_unique<uint8_t[]>(clen);
      if (!loader_(file, base, clen, buf.get())) return damaged(file);
      bytes_read_ += clen;
      slot = std::move(buf);
    }
    const uint32_t in = uint32_t(offset - base);
    const uint32_t n = std::min<uint32_t>(length, clen - in);
    std::memcpy(out, slot.get() + in, n);
    out += n;
    offset += n;
    length -= n;
  }
  return TbStatus::OK;
}

TbStatus Tablebase::read_u8(int file, uint64_t offset, uint8_t& v) { return read(file, offset, 1, &v); }

TbStatus Tablebase::check(const Position& pos) const {
  if ((pos.variant() != CHESS && pos.variant() != CHESS960) || pos.any_board()) return TbStatus::VARIANT;
  if (pos.castling_rights()) return TbStatus::CASTLING;
  const int n = popcount(pos.pieces());
  if (n > 2 && (n > 7 || n > max_pieces_)) return TbStatus::TOO_MANY_PIECES;
  return TbStatus::OK;
}

Tablebase::Table* Tablebase::find_table(const Position& pos, bool& flip) {
  int counts[2][6];
  material(pos, counts);
  const bool white_first = comes_first(counts[WHITE], counts[BLACK]);
  // The table of a material, found by name once and then by the material's key: a probe looks
  // tables up many times (every capture its search tries), and the name is per table.
  uint64_t key = 0;
  for (const auto& side : counts)
    for (const int c : side) key = key * 8 + uint64_t(c);
  Table* t = nullptr;
  if (const auto hit = by_material_.find(key); hit != by_material_.end()) {
    t = tables_[size_t(hit->second)].get();
  } else {
    const std::string name = side_letters(counts[white_first ? WHITE : BLACK]) + "v" +
                             side_letters(counts[white_first ? BLACK : WHITE]);
    const auto it = index_.find(name);
    if (it == index_.end() || tables_[size_t(it->second)]->file[0] < 0) {
      missing_ = name;
      return nullptr;
    }
    by_material_.emplace(key, it->second);
    t = tables_[size_t(it->second)].get();
  }
  flip = t->symmetric ? pos.side_to_move() == BLACK : !white_first;
  return t;
}

TbStatus Tablebase::setup_pairs(int file, uint64_t& at, PairsData& d, bool dtz) {
  uint8_t h[12];
  TbStatus s = read(file, at, 2, h);
  if (s != TbStatus::OK) return s;
  d.flags = h[0];
  if (h[0] & FLAG_SINGLE) {
    d.single = true;
    d.single_value = dtz ? 0 : h[1];
    at += 2;
    return TbStatus::OK;
  }
  if ((s = read(file, at, 10, h)) != TbStatus::OK) return s;
  const int block_log = h[1];
  d.idx_bits = h[2];
  d.real_blocks = le32(h + 4);
  d.num_blocks = d.real_blocks + h[3];
  const int max_len = h[8];
  d.min_len = h[9];
  if (block_log > 24 || d.idx_bits < 1 || d.idx_bits > 40 || d.min_len < 1 || max_len < d.min_len ||
      max_len > 32 || d.num_blocks < d.real_blocks)
    return damaged(file);
  d.block_size = 1u << block_log;
  const int lengths = max_len - d.min_len + 1;
  std::vector<uint8_t> buf(size_t(2 * lengths + 2));
  if ((s = read(file, at + 10, uint32_t(buf.size()), buf.data())) != TbStatus::OK) return s;
  d.lowest.resize(size_t(lengths));
  for (int i = 0; i < lengths; ++i) d.lowest[size_t(i)] = le16(&buf[size_t(2 * i)]);
  const int syms = le16(&buf[size_t(2 * lengths)]);
  if (syms == 0 || syms > 4095) return damaged(file);
  std::vector<uint8_t> pat(size_t(3 * syms));
  if ((s = read(file, at + 12 + 2 * lengths, uint32_t(pat.size()), pat.data())) != TbStatus::OK) return s;
  at += 12 + 2 * uint64_t(lengths) + 3 * uint64_t(syms) + (syms & 1);

  // The canonical code: base[i] is the lowest code of length min_len + i, left-aligned.
  d.base.assign(size_t(lengths), 0);
  for (int i = lengths - 2; i >= 0; --i)
    d.base[size_t(i)] = (d.base[size_t(i + 1)] + d.lowest[size_t(i)] - d.lowest[size_t(i + 1)]) / 2;
  for (int i = 0; i < lengths; ++i) d.base[size_t(i)] <<= 64 - i - d.min_len;

  // The grammar: symbol s is the pair (left, right), or the value left when right is 0xFFF.
  d.left.resize(size_t(syms));
  d.right.resize(size_t(syms));
  for (int i = 0; i < syms; ++i) {
    const uint8_t* p = &pat[size_t(3 * i)];
    d.left[size_t(i)] = uint16_t(p[0] | ((p[1] & 0xF) << 8));
    d.right[size_t(i)] = uint16_t((p[1] >> 4) | (p[2] << 4));
  }
  // Expansion lengths, depth first without recursion; a cycle or an overlong expansion is damage.
  d.symlen.assign(size_t(syms), 0);
  std::vector<uint8_t> mark(size_t(syms), 0);  // 0 new, 1 on the stack, 2 done
  std::vector<int> stack;
  for (int root = 0; root < syms; ++root) {
    if (mark[size_t(root)] == 2) continue;
    stack.push_back(root);
    mark[size_t(root)] = 1;
    while (!stack.empty()) {
      const int x = stack.back();
      if (d.right[size_t(x)] == 0xFFF) {
        d.symlen[size_t(x)] = 0;
        mark[size_t(x)] = 2;
        stack.pop_back();
        continue;
      }
      const int l = d.left[size_t(x)], r = d.right[size_t(x)];
      if (l >= syms || r >= syms) return damaged(file);
      bool ready = true;
      for (int c : {l, r}) {
        if (mark[size_t(c)] == 1) return damaged(file);
        if (mark[size_t(c)] == 0) {
          mark[size_t(c)] = 1;
          stack.push_back(c);
          ready = false;
          break;
        }
      }
      if (!ready) continue;
      const uint64_t len = uint64_t(d.symlen[size_t(l)]) + d.symlen[size_t(r)] + 1;
      if (len > 0xFFFFFF) return damaged(file);
      d.symlen[size_t(x)] = uint32_t(len);
      mark[size_t(x)] = 2;
      stack.pop_back();
    }
  }
  return TbStatus::OK;
}

TbStatus Tablebase::ensure(Table& t, bool dtz) {
  if (t.state[dtz] == 1) return TbStatus::OK;
  if (t.state[dtz] == 2) return damaged(t.file[dtz]);
  const TbStatus s = parse(t, dtz);
  if (s == TbStatus::OK) t.state[dtz] = 1;
  if (s == TbStatus::DAMAGED) {
    t.state[dtz] = 2;
    damaged_file_ = t.file[dtz];
  }
  return s;
}

TbStatus Tablebase::parse(Table& t, bool dtz) {
  const int file = t.file[dtz];
  if (file < 0) {
    missing_ = t.name;
    return TbStatus::MISSING_TABLE;
  }
  const Encoding& e = enc();
  if (dtz) {
    for (auto& d : t.dtz) d = PairsData();
  } else {
    for (auto& side : t.wdl)
      for (auto& d : side) d = PairsData();
  }
  uint8_t head[5];
  TbStatus s = read(file, 0, 5, head);
  if (s != TbStatus::OK) return s;
  if (std::memcmp(head, dtz ? DTZ_MAGIC : WDL_MAGIC, 4) != 0) return damaged(file);
  const bool split = head[4] & 1, pawns = head[4] & 2;
  if (pawns != t.pawns) return damaged(file);
  if (!dtz && split == t.symmetric) return damaged(file);
  const int sides = dtz ? 1 : (t.symmetric ? 1 : 2);
  const int files = t.pawns ? 4 : 1;
  const bool pp = t.pawns && t.pawn_count[1] > 0;
  auto pd = [&](int side, int f) -> PairsData& { return dtz ? t.dtz[f] : t.wdl[side][f]; };
  uint64_t at = 5;
  for (int f = 0; f < files; ++f) {
    uint8_t bytes[9];
    const int n = (pp ? 2 : 1) + t.pieces;
    if ((s = read(file, at, uint32_t(n), bytes)) != TbStatus::OK) return s;
    at += uint64_t(n);
    for (int side = 0; side < sides; ++side) {
      PairsData& d = pd(side, f);
      const int shift = side ? 4 : 0;
      const int order0 = (bytes[0] >> shift) & 0xF;
      const int order1 = pp ? (bytes[1] >> shift) & 0xF : 0xF;
      // The pieces must be the table's material, colours as the name gives them.
      int seen[2][6] = {};
      for (int k = 0; k < t.pieces; ++k) {
        const int code = (bytes[(pp ? 2 : 1) + k] >> shift) & 0xF;
        const int type = code & 7, letter = type >= 1 && type <= 6 ? letter_of(PieceType(type)) : -1;
        if (letter < 0) return damaged(file);
        ++seen[code >> 3][letter];
        d.pieces[k] = uint8_t(code);
      }
      if (std::memcmp(seen, t.counts, sizeof seen) != 0) return damaged(file);
      if (t.pawns && (d.pieces[0] & 7) != PAWN) return damaged(file);
      // Groups: the leading group, then runs of like pieces.
      int first = t.pawns ? 0 : (t.unique ? 3 : 2);
      int g = 0;
      d.group_len[0] = 1;
      for (int k = 1; k < t.pieces; ++k) {
        if (--first > 0 || d.pieces[k] == d.pieces[k - 1])
          ++d.group_len[g];
        else
          d.group_len[++g] = 1;
      }
      d.groups = g + 1;
      if (t.pawns && d.group_len[0] > 5) return damaged(file);
      if (pp && (d.groups < 2 || (d.pieces[d.group_len[0]] & 7) != PAWN)) return damaged(file);
      // The multipliers, in the header's order: the leading group at order0, the other side's
      // pawns at order1, the other groups in between and after.
      int next = pp ? 2 : 1;
      int free = 64 - d.group_len[0] - (pp ? d.group_len[1] : 0);
      uint64_t mul = 1;
      bool placed0 = false, placed1 = !pp;
      for (int k = 0; (next < d.groups || k == order0 || k == order1) && k < 16; ++k) {
        if (k == order0) {
          d.group_mul[0] = mul;
          mul *= t.pawns ? e.lead_size[d.group_len[0]][f] : t.unique ? 31332 : 462;
          placed0 = true;
        } else if (k == order1) {
          d.group_mul[1] = mul;
          mul *= e.binom[d.group_len[1]][48 - d.group_len[0]];
          placed1 = true;
        } else {
          if (free < 0 || d.group_len[next] > 7) return damaged(file);
          d.group_mul[next] = mul;
          mul *= e.binom[d.group_len[next]][free];
          free -= d.group_len[next++];
        }
      }
      if (!placed0 || !placed1 || next != d.groups || mul == 0) return damaged(file);
      d.tb_size = mul;
    }
  }
  at += at & 1;
  for (int f = 0; f < files; ++f)
    for (int side = 0; side < sides; ++side) {
      PairsData& d = pd(side, f);
      if ((s = setup_pairs(file, at, d, dtz)) != TbStatus::OK) return s;
      if (!d.single) d.num_indices = (d.tb_size + (uint64_t(1) << d.idx_bits) - 1) >> d.idx_bits;
    }
  if (dtz) {
    for (int f = 0; f < files; ++f) {
      PairsData& d = t.dtz[f];
      if (!(d.flags & FLAG_MAPPED)) continue;
      const bool wide = d.flags & FLAG_WIDE;
      if (wide) at += at & 1;
      for (int i = 0; i < 4; ++i) {
        uint8_t nb[2] = {};
        if ((s = read(file, at, wide ? 2 : 1, nb)) != TbStatus::OK) return s;
        const uint32_t n = wide ? le16(nb) : nb[0];
        at += wide ? 2 : 1;
        std::vector<uint8_t> raw(size_t(n) * (wide ? 2 : 1));
        if (n && (s = read(file, at, uint32_t(raw.size()), raw.data())) != TbStatus::OK) return s;
        at += raw.size();
        d.map[i].resize(n);
        for (uint32_t j = 0; j < n; ++j) d.map[i][j] = wide ? le16(&raw[2 * j]) : raw[j];
      }
    }
    at += at & 1;
  }
  for (int f = 0; f < files; ++f)
    for (int side = 0; side < sides; ++side) {
      PairsData& d = pd(side, f);
      d.index_at = at;
      at += 6 * d.num_indices;
    }
  for (int f = 0; f < files; ++f)
    for (int side = 0; side < sides; ++side) {
      PairsData& d = pd(side, f);
      d.lengths_at = at;
      at += 2 * uint64_t(d.num_blocks);
    }
  for (int f = 0; f < files; ++f)
    for (int side = 0; side < sides; ++side) {
      PairsData& d = pd(side, f);
      at = (at + 63) & ~uint64_t(63);
      d.data_at = at;
      at += uint64_t(d.block_size) * d.real_blocks;
    }
  if (at > files_[file]->size) return damaged(file);  // truncated
  return TbStatus::OK;
}

TbStatus Tablebase::decompress(int file, const PairsData& d, uint64_t idx, int& value) {
  if (d.single) {
    value = d.single_value;
    return TbStatus::OK;
  }
  const uint64_t k = idx >> d.idx_bits;
  if (k >= d.num_indices) return damaged(file);
  uint8_t entry[6];
  TbStatus s = read(file, d.index_at + 6 * k, 6, entry);
  if (s != TbStatus::OK) return s;
  uint32_t block = le32(entry);
  const int64_t span = int64_t(1) << d.idx_bits;
  int64_t offset = int64_t(le16(entry + 4)) + int64_t(idx & uint64_t(span - 1)) - span / 2;
  if (block >= d.num_blocks) return damaged(file);
  auto length = [&](uint32_t b, int64_t& len) {
    uint8_t v[2];
    const TbStatus st = read(file, d.lengths_at + 2 * uint64_t(b), 2, v);
    len = le16(v);
    return st;
  };
  int64_t len;
  while (offset < 0) {
    if (block == 0) return damaged(file);
    if ((s = length(--block, len)) != TbStatus::OK) return s;
    offset += len + 1;
  }
  if ((s = length(block, len)) != TbStatus::OK) return s;
  while (offset > len) {
    offset -= len + 1;
    if (++block >= d.num_blocks) return damaged(file);
    if ((s = length(block, len)) != TbStatus::OK) return s;
  }
  if (block >= d.real_blocks) return damaged(file);

  // The block's bytes: straight from the cache when they lie in one chunk.
  const uint64_t start = d.data_at + uint64_t(block) * d.block_size;
  const uint8_t* bytes = nullptr;
  std::vector<uint8_t> scratch;
  File& f = *files_[file];
  if (start + d.block_size > f.size) return damaged(file);
  const size_t ci = size_t(start >> chunk_shift_);
  if (((start + d.block_size - 1) >> chunk_shift_) == ci && f.chunks[ci]) {
    bytes = f.chunks[ci].get() + (start - (uint64_t(ci) << chunk_shift_));
  } else {
    scratch.resize(d.block_size);
    if ((s = read(file, start, d.block_size, scratch.data())) != TbStatus::OK) return s;
    bytes = scratch.data();
  }
  const uint32_t size = d.block_size;
  auto word = [&](uint32_t at) -> uint32_t {
    uint32_t w = 0;
    for (uint32_t i = 0; i < 4; ++i) w = (w << 8) | (at + i < size ? bytes[at + i] : 0);
    return w;
  };
  uint64_t buf = (uint64_t(word(0)) << 32) | word(4);
  uint32_t next = 8;
  int bits = 64;
  const int lengths = int(d.base.size());
  const uint32_t syms = uint32_t(d.symlen.size());
  uint32_t sym;
  for (;;) {
    int l = 0;
    while (l < lengths - 1 && buf < d.base[size_t(l)]) ++l;
    sym = uint32_t((buf - d.base[size_t(l)]) >> (64 - l - d.min_len)) + d.lowest[size_t(l)];
    if (sym >= syms) return damaged(file);
    if (offset < int64_t(d.symlen[sym]) + 1) break;
    offset -= int64_t(d.symlen[sym]) + 1;
    const int used = l + d.min_len;
    buf <<= used;
    bits -= used;
    if (bits <= 32) {
      bits += 32;
      buf |= uint64_t(word(next)) << (64 - bits);
      next += 4;
      if (next > size + 8) return damaged(file);  // ran past the block: its lengths lie
    }
  }
  while (d.symlen[sym]) {
    const uint16_t l = d.left[sym];
    if (offset < int64_t(d.symlen[l]) + 1) {
      sym = l;
    } else {
      offset -= int64_t(d.symlen[l]) + 1;
      sym = d.right[sym];
    }
  }
  value = d.left[sym];
  return TbStatus::OK;
}

// The stored value of the position: WDL (-2..2), or the DTZ table's number of plies for a
// position of the given WDL (stored false when the DTZ table holds the other side to move).
TbStatus Tablebase::table_value(Position& pos, bool dtz, int wdl, int& value, bool& stored) {
  stored = true;
  if (popcount(pos.pieces()) == 2) {  // the two kings
    value = 0;
    return TbStatus::OK;
  }
  bool flip = false;
  Table* t = find_table(pos, flip);
  if (!t) return TbStatus::MISSING_TABLE;
  if (dtz && t->file[1] < 0) {
    missing_ = t->name;
    return TbStatus::MISSING_TABLE;
  }
  TbStatus s = ensure(*t, dtz);
  if (s != TbStatus::OK) return s;
  const int file = t->file[dtz];
  const Encoding& e = enc();
  const int stm = (pos.side_to_move() == BLACK) ^ flip;
  const int sq_flip = flip ? 56 : 0;
  int sq[7] = {};
  int n = 0, lead = 0, tbfile = 0;
  Bitboard lead_pawns = 0;
  if (t->pawns) {
    const PairsData& first = dtz ? t->dtz[0] : t->wdl[0][0];
    const Color c = Color(((first.pieces[0] >> 3) & 1) ^ int(flip));
    lead_pawns = pos.pieces(c, PAWN);
    for (Bitboard b = lead_pawns; b;) sq[n++] = pop_lsb(b) ^ sq_flip;
    lead = n;
    int best = 0;
    for (int i = 1; i < lead; ++i)
      if (e.pawn[sq[i]] > e.pawn[sq[best]]) best = i;
    std::swap(sq[0], sq[best]);
    tbfile = std::min(sq[0] & 7, 7 - (sq[0] & 7));
  }
  const PairsData& d = dtz ? t->dtz[tbfile] : t->wdl[t->symmetric ? 0 : stm][tbfile];
  if (dtz && (d.flags & FLAG_STM) != stm && !(t->symmetric && !t->pawns)) {
    stored = false;
    return TbStatus::OK;
  }
  // The other pieces, in the table's order.
  Bitboard left[2][8] = {};
  for (int c = 0; c < 2; ++c)
    for (int pt = PAWN; pt <= KING; ++pt) left[c][pt] = pos.pieces(Color(c), PieceType(pt));
  left[(((d.pieces[0] >> 3) & 1) ^ int(flip))][PAWN] &= t->pawns ? ~lead_pawns : ~Bitboard(0);
  for (int i = lead; i < t->pieces; ++i) {
    const int code = d.pieces[i];
    Bitboard& b = left[((code >> 3) & 1) ^ int(flip)][code & 7];
    if (!b) return damaged(file);
    sq[i] = pop_lsb(b) ^ sq_flip;
  }
  if ((sq[0] & 7) > 3)
    for (int i = 0; i < t->pieces; ++i) sq[i] ^= 7;
  uint64_t idx;
  if (t->pawns) {
    sort_squares(sq + 1, lead - 1, [&](int a, int b) { return e.pawn[a] < e.pawn[b]; });
    idx = e.lead_idx[lead][sq[0]];
    for (int i = 1; i < lead; ++i) idx += e.binom[i][e.pawn[sq[i]]];
  } else {
    if ((sq[0] >> 3) > 3)
      for (int i = 0; i < t->pieces; ++i) sq[i] ^= 56;
    for (int i = 0; i < d.group_len[0]; ++i) {
      const int o = Encoding::diag(sq[i]);
      if (o == 0) continue;
      if (o > 0)
        for (int j = 0; j < t->pieces; ++j) sq[j] = ((sq[j] >> 3) | (sq[j] << 3)) & 63;
      break;
    }
    if (t->unique) {
      const int a1 = sq[1] > sq[0], a2 = (sq[2] > sq[0]) + (sq[2] > sq[1]);
      const int r0 = sq[0] >> 3, r1 = sq[1] >> 3, r2 = sq[2] >> 3;
      if (Encoding::diag(sq[0]))
        idx = (uint64_t(e.triangle[sq[0]]) * 63 + uint64_t(sq[1] - a1)) * 62 + uint64_t(sq[2] - a2);
      else if (Encoding::diag(sq[1]))
        idx = (6 * 63 + uint64_t(r0) * 28 + uint64_t(e.below[sq[1]])) * 62 + uint64_t(sq[2] - a2);
      else if (Encoding::diag(sq[2]))
        idx = 6 * 63 * 62 + 4 * 28 * 62 + uint64_t(r0) * 7 * 28 + uint64_t(r1 - a1) * 28 +
              uint64_t(e.below[sq[2]]);
      else
        idx = 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + uint64_t(r0) * 7 * 6 + uint64_t(r1 - a1) * 6 +
              uint64_t(r2 - a2);
    } else {
      const int tri = e.triangle[sq[0]];
      if (tri < 0 || e.kk[tri][sq[1]] < 0) return damaged(file);
      idx = uint64_t(e.kk[tri][sq[1]]);
    }
  }
  idx *= d.group_mul[0];
  int start = d.group_len[0];
  bool other_pawns = t->pawns && t->pawn_count[1] > 0;
  for (int g = 1; g < d.groups; ++g) {
    const int len = d.group_len[g];
    sort_squares(sq + start, len, [](int a, int b) { return a < b; });
    uint64_t part = 0;
    for (int i = 0; i < len; ++i) {
      int below = 0;
      for (int j = 0; j < start; ++j) below += sq[j] < sq[start + i];
      const int v = sq[start + i] - below - (other_pawns ? 8 : 0);
      if (v < 0) return damaged(file);
      part += e.binom[i + 1][v];
    }
    other_pawns = false;
    idx += part * d.group_mul[g];
    start += len;
  }
  if (idx >= d.tb_size) return damaged(file);
  int v;
  if ((s = decompress(file, d, idx, v)) != TbStatus::OK) return s;
  if (!dtz) {
    if (v > 4) return damaged(file);
    value = v - 2;
    return TbStatus::OK;
  }
  if (d.flags & FLAG_MAPPED) {
    static constexpr int MAP_OF[5] = {1, 3, 0, 2, 0};
    const auto& m = d.map[MAP_OF[wdl + 2]];
    if (size_t(v) >= m.size()) return damaged(file);
    v = m[size_t(v)];
  }
  if (!((wdl == 2 && (d.flags & FLAG_WIN_PLIES)) || (wdl == -2 && (d.flags & FLAG_LOSS_PLIES)))) v *= 2;
  value = v;
  return TbStatus::OK;
}

// The WDL with captures searched (the tables do not store positions whose best move captures
// faithfully); success 2 when a capture gives the value.
TbStatus Tablebase::search_ab(Position& pos, int alpha, int beta, int& value, int& success) {
  MoveList caps;
  generate_captures(pos, caps);
  for (Move m : caps) {
    if (is_en_passant(m)) continue;
    pos.do_move(m);
    int v, sub;
    const TbStatus s = search_ab(pos, -beta, -alpha, v, sub);
    pos.undo_move();
    if (s != TbStatus::OK) return s;
    v = -v;
    if (v > alpha) {
      if (v >= beta) {
        value = v;
        success = 2;
        return TbStatus::OK;
      }
      alpha = v;
    }
  }
  int v;
  bool stored;
  const TbStatus s = table_value(pos, false, 0, v, stored);
  if (s != TbStatus::OK) return s;
  if (alpha >= v) {
    value = alpha;
    success = 1 + (alpha > 0);
  } else {
    value = v;
    success = 1;
  }
  return TbStatus::OK;
}

// The best WDL the side to move reaches by an en passant capture (-3: it has none), and
// whether en passant captures are its only legal moves: the tables store positions as if en
// passant were not possible, so the probes below resolve it themselves.
TbStatus Tablebase::en_passant_wdl(Position& pos, int& best, bool& only_ep) {
  best = -3;
  only_ep = true;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    if (!is_en_passant(m)) {
      only_ep = false;
      continue;
    }
    pos.do_move(m);
    int v, success;
    const TbStatus s = search_ab(pos, -2, 2, v, success);
    pos.undo_move();
    if (s != TbStatus::OK) return s;
    best = std::max(best, -v);
  }
  return TbStatus::OK;
}

TbStatus Tablebase::wdl_full(Position& pos, int& wdl) {
  int v, success;
  TbStatus s = search_ab(pos, -2, 2, v, success);
  if (s != TbStatus::OK) return s;
  if (pos.ep_square() != SQ_NONE) {
    int v1;
    bool only_ep;
    s = en_passant_wdl(pos, v1, only_ep);
    if (s != TbStatus::OK) return s;
    if (v1 > -3) {
      if (v1 >= v)
        v = v1;
      else if (v == 0 && only_ep)
        v = v1;
    }
  }
  wdl = v;
  return TbStatus::OK;
}

TbStatus Tablebase::dtz_no_ep(Position& pos, int& dtz, int depth) {
  if (depth > 4) return damaged(damaged_file_);
  int wdl, success;
  TbStatus s = search_ab(pos, -2, 2, wdl, success);
  if (s != TbStatus::OK) return s;
  if (wdl == 0) {
    dtz = 0;
    return TbStatus::OK;
  }
  if (success == 2) {
    dtz = before_zeroing(wdl);
    return TbStatus::OK;
  }
  MoveList moves;
  generate_legal(pos, moves);
  if (wdl > 0) {
    // A pawn move that keeps the result zeroes at once.
    for (Move m : moves) {
      if (!is_pawn_move(pos, m) || is_capture(m)) continue;
      pos.do_move(m);
      int v;
      s = wdl_full(pos, v);
      pos.undo_move();
      if (s != TbStatus::OK) return s;
      if (-v == wdl) {
        dtz = before_zeroing(wdl);
        return TbStatus::OK;
      }
    }
  }
  int res;
  bool stored;
  if ((s = table_value(pos, true, wdl, res, stored)) != TbStatus::OK) return s;
  if (stored) {
    dtz = before_zeroing(wdl) + (wdl > 0 ? res : -res);
    return TbStatus::OK;
  }
  // The table holds the other side to move: one ply of search.
  if (wdl > 0) {
    int best = INT_MAX;
    for (Move m : moves) {
      if (is_pawn_move(pos, m) || is_capture(m)) continue;
      pos.do_move(m);
      int v;
      s = dtz_full(pos, v, depth + 1);
      pos.undo_move();
      if (s != TbStatus::OK) return s;
      v = -v;
      if (v > 0 && v + 1 < best) best = v + 1;
    }
    if (best == INT_MAX) return damaged(files_.empty() ? -1 : damaged_file_);
    dtz = best;
  } else {
    int best = -1;
    for (Move m : moves) {
      const bool zeroing = is_capture(m) || is_pawn_move(pos, m);
      pos.do_move(m);
      int v;
      if (zeroing) {
        if (wdl == -2) {
          v = -1;
        } else {
          int sub;
          s = search_ab(pos, 1, 2, v, sub);
          v = v == 2 ? 0 : -101;
        }
      } else {
        s = dtz_full(pos, v, depth + 1);
        v = -v - 1;
      }
      pos.undo_move();
      if (s != TbStatus::OK) return s;
      best = std::min(best, v);
    }
    dtz = best;
  }
  return TbStatus::OK;
}

TbStatus Tablebase::dtz_full(Position& pos, int& dtz, int depth) {
  int v;
  TbStatus s = dtz_no_ep(pos, v, depth);
  if (s != TbStatus::OK) return s;
  if (pos.ep_square() != SQ_NONE) {
    int v1;
    bool only_ep;
    s = en_passant_wdl(pos, v1, only_ep);
    if (s != TbStatus::OK) return s;
    if (v1 != -3) {
      v1 = before_zeroing(v1);
      if (v < -100) {
        if (v1 >= 0) v = v1;
      } else if (v < 0) {
        if (v1 >= 0 || v1 < -100) v = v1;
      } else if (v > 100) {
        if (v1 > 0) v = v1;
      } else if (v > 0) {
        if (v1 == 1) v = v1;
      } else if (v1 >= 0) {
        v = v1;
      } else if (only_ep) {
        v = v1;
      }
    }
  }
  dtz = v;
  return TbStatus::OK;
}

TbStatus Tablebase::probe_wdl(const Position& pos, int& wdl) {
  const TbStatus s = check(pos);
  if (s != TbStatus::OK) return s;
  Position p = pos;
  return wdl_full(p, wdl);
}

TbStatus Tablebase::probe_dtz(const Position& pos, int& dtz) {
  const TbStatus s = check(pos);
  if (s != TbStatus::OK) return s;
  Position p = pos;
  return dtz_full(p, dtz, 0);
}

TbStatus Tablebase::probe_wdl_table(const Position& pos, int& wdl) {
  const TbStatus s = check(pos);
  if (s != TbStatus::OK) return s;
  Position p = pos;
  bool stored;
  return table_value(p, false, 0, wdl, stored);
}

TbStatus Tablebase::probe_moves(const Position& pos, std::vector<MoveVerdict>& out) {
  out.clear();
  TbStatus s = check(pos);
  if (s != TbStatus::OK) return s;
  Position p = pos;
  MoveList moves;
  generate_legal(p, moves);
  for (Move m : moves) {
    MoveVerdict v;
    v.move = m;
    v.zeroing = is_capture(m) || is_pawn_move(p, m);
    p.do_move(m);
    if (!has_legal_move(p)) {
      v.checkmate = p.in_check();
      v.stalemate = !v.checkmate;
      v.wdl = v.checkmate ? -2 : 0;
    } else {
      s = wdl_full(p, v.wdl);
      if (s == TbStatus::OK) s = dtz_full(p, v.dtz, 0);
    }
    p.undo_move();
    if (s != TbStatus::OK) {
      out.clear();
      return s;
    }
    out.push_back(v);
  }
  return TbStatus::OK;
}

}  // namespace cw::tb
