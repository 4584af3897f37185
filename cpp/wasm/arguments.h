// chesswasm — the checks of what JS passes to the module, before any of it reaches the core:
// integers that name a variant, a square, a colour, a piece or a castling right, the counters
// of a set-up, a set of FenError codes, and lengths of text in a buffer; and the room a buffer
// grows to. JS may pass any number (a binding takes
// an int or a double), so each check accepts exactly the valid values and nothing else.
// No JS here: bindings.cpp uses it, tests/cpp/test_arguments.cpp tests it natively.
// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "puzzle.h"
#include "setup.h"

namespace cw::wasm {

// Whether v is a registered variant.
bool valid_variant(int v);
// Whether sq is a square (0-63); with `or_none`, 64 (no square) too.
bool valid_square(int sq);
bool valid_square_or_none(int sq);
// Whether p is NO_PIECE or a piece of the set-up's variant (chess: pawn to king; Makruk:
// pawn, knight, rook, king and its own kinds).
bool valid_piece(const Setup& s, int p);
// Whether c is a colour: WHITE (0) or BLACK (1).
bool valid_color(int c);
// Whether i is the index of a castling right (Setup::castling_rook: 0 white short, 1 white
// long, 2 black short, 3 black long).
bool valid_castling_index(int i);
// Whether sq may be bound to castling right i: 64 (the right taken away) or a square of that
// colour's back rank (false for any i that is not an index).
bool valid_castling_rook(int i, int sq);
// Whether pt is a piece type a crazyhouse pocket holds (pawn to queen).
bool valid_pocket_type(int pt);
// Whether n is a halfmove clock (an integer, 0 to MAX_HALFMOVE_CLOCK) or a fullmove number
// (an integer, 1 to MAX_FULLMOVE_NUMBER); NaN and fractions are not.
bool valid_halfmoves(double n);
bool valid_fullmoves(double n);
// The verdicts Setup::build tolerates for a tolerance code: 1 TOLERATE_MISSING_KINGS,
// 2 TOLERATE_ANY_BOARD; 0 and any other value the strict rules (none).
FenErrors tolerated_by(int tolerance);
// A set of FenError codes from the JS number it crosses as (bit e for code e; exact below
// 2^53): the empty set for a negative number, NaN, or one from 2^53 up.
FenErrors fen_errors_in(double bits);

// The first `len` bytes of a buffer of `size` bytes (nothing for a length out of range).
std::string_view text_in(const char* buffer, size_t size, int len);
// Two texts back to back at the start of a buffer; false when the lengths do not fit.
bool texts_in(const char* buffer, size_t size, int len1, int len2, std::string_view& a, std::string_view& b);

// The first `len` bytes of a buffer as `text`; false (text unchanged) for a length out of range.
bool text_of(const char* buffer, size_t size, int len, std::string_view& text);
// The `len` bytes at `offset` (check_puzzle_row's row buffer); false when they are not all in it.
bool text_at(const char* buffer, size_t size, int offset, int len, std::string_view& text);
// Whether n is a Notation (puzzle.h: AUTO, UCI or SAN).
bool valid_notation(int n);
// A variant and the text at the start of a buffer (set_fen, Setup::parse, the FEN syntax
// verdicts): false for an unknown variant or a length out of range.
bool variant_and_text(int variant, const char* buffer, size_t size, int len, std::string_view& text);
// A variant and two texts back to back, a FEN and a line (play_line, check_puzzle): false for
// an unknown variant or lengths that do not fit.
bool variant_and_texts(int variant, const char* buffer, size_t size, int len1, int len2, std::string_view& a,
                       std::string_view& b);

// The room a buffer grows to for n bytes: n itself up to 64 KB, else the next power of two.
// Big inputs of about the same size then ask for blocks of one size, so a block freed by
// one is reused by the next, wherever it lies in the heap; exact sizes (20,000,056 bytes,
// then 20,000,060) would each need a fresh block above any small one allocated since, and
// the heap would grow with every round of such inputs (tests/unit/buffers.test.ts).
size_t room_for(size_t n);

// A tablebase file's size from JS (Tablebase.addFile): a whole number of bytes whose chunk count
// at the chunk size is at most MAX_TABLE_CHUNKS (the file's chunk slots are allocated when it is
// registered: 64 MiB of slots at most; 64 GiB files at the default 4 KB chunk).
constexpr double MAX_TABLE_CHUNKS = double(1 << 24);
bool valid_table_file_size(double size, uint32_t chunk_size);
// A byte offset from JS: a whole number from 0 below 2^53.
bool valid_byte_offset(double offset);

}  // namespace cw::wasm
