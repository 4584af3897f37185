// chesswasm — the checks of what JS passes to the module (arguments.h).
// SPDX-License-Identifier: MIT
#include "arguments.h"

namespace cw::wasm {

bool valid_variant(int v) { return v >= CHESS && v < VARIANT_NB; }

bool valid_square(int sq) { return sq >= 0 && sq < 64; }

bool valid_square_or_none(int sq) { return sq >= 0 && sq <= 64; }

bool valid_piece(const Setup& s, int p) {
  if (p == 0) return true;
  if (p < 0 || p >= PIECE_NB) return false;
  const int pt = p & ((1 << PIECE_COLOR_SHIFT) - 1);
  if (s.variant == MAKRUK)
    return pt == PAWN || pt == KNIGHT || pt == ROOK || pt == KING || pt == MET || pt == KHON || pt == PMET;
  return pt >= PAWN && pt <= KING;
}

bool valid_color(int c) { return c == WHITE || c == BLACK; }

bool valid_castling_index(int i) { return i >= 0 && i < 4; }

bool valid_castling_rook(int i, int sq) {
  if (!valid_castling_index(i) || !valid_square_or_none(sq)) return false;
  return sq == SQ_NONE || rank_of(Square(sq)) == (i < 2 ? 0 : 7);
}

bool valid_pocket_type(int pt) { return pt >= PAWN && pt <= QUEEN; }

bool valid_halfmoves(double n) { return n >= 0 && n <= MAX_HALFMOVE_CLOCK && n == double(int(n)); }

bool valid_fullmoves(double n) { return n >= 1 && n <= MAX_FULLMOVE_NUMBER && n == double(int(n)); }

FenErrors tolerated_by(int tolerance) {
  return tolerance == 2 ? TOLERATE_ANY_BOARD : tolerance == 1 ? TOLERATE_MISSING_KINGS : 0;
}

FenErrors fen_errors_in(double bits) { return bits >= 0 && bits < 9007199254740992.0 ? FenErrors(bits) : 0; }

std::string_view text_in(const char* buffer, size_t size, int len) {
  return len >= 0 && size_t(len) <= size ? std::string_view(buffer, size_t(len)) : std::string_view();
}

bool texts_in(const char* buffer, size_t size, int len1, int len2, std::string_view& a, std::string_view& b) {
  if (len1 < 0 || len2 < 0 || size_t(len1) + size_t(len2) > size) return false;
  a = std::string_view(buffer, size_t(len1));
  b = std::string_view(buffer + len1, size_t(len2));
  return true;
}

bool text_of(const char* buffer, size_t size, int len, std::string_view& text) {
  if (len < 0 || size_t(len) > size) return false;
  text = std::string_view(buffer, size_t(len));
  return true;
}

bool text_at(const char* buffer, size_t size, int offset, int len, std::string_view& text) {
  if (offset < 0 || len < 0 || size_t(offset) + size_t(len) > size) return false;
  text = std::string_view(buffer + offset, size_t(len));
  return true;
}

bool valid_notation(int n) { return n >= int(Notation::AUTO) && n <= int(Notation::SAN); }

bool variant_and_text(int variant, const char* buffer, size_t size, int len, std::string_view& text) {
  return valid_variant(variant) && text_of(buffer, size, len, text);
}

bool variant_and_texts(int variant, const char* buffer, size_t size, int len1, int len2, std::string_view& a,
                       std::string_view& b) {
  return valid_variant(variant) && texts_in(buffer, size, len1, len2, a, b);
}

size_t room_for(size_t n) {
  if (n <= 65536) return n;
  size_t r = 65536;
  while (r < n) r *= 2;
  return r;
}

bool valid_table_file_size(double size, uint32_t chunk_size) {
  return valid_byte_offset(size) && chunk_size > 0 && size / double(chunk_size) <= MAX_TABLE_CHUNKS;
}

bool valid_byte_offset(double offset) {
  return offset >= 0 && offset < 9007199254740992.0 && offset == double(uint64_t(offset));
}

}  // namespace cw::wasm
