// chesswasm — the boundary benchmark's module (wasm only, never shipped): the calls of the
// package's hot paths exposed in every style the boundary could use, so that
// tests/bench/boundary.mjs times the same JS loop over each and prints what a style costs:
//   raw     `extern "C"` exports on a handle address (what bindings.cpp keeps for hot calls);
//   fn      embind free functions taking the handle address as an integer;
//   fnref   embind free functions taking the embind object (`Handle&`: the class type check);
//   method  embind class methods;
// plus, for FEN text, the I/O buffer (bytes in wasm memory, written by TextEncoder.encodeInto
// and read by TextDecoder) against embind's std::string conversion, and for the move list a
// filled buffer read through HEAPU16 against a typed_memory_view returned per call, and for
// the outcome a packed int against a value object (its codes plain integers, codes.h).
// Every style calls the same cw::wasm::Handle code (cpp/wasm/handle.h).
// SPDX-License-Identifier: MIT
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "codes.h"
#include "handle.h"
#include "perft.h"
#include "rules.h"

using cw::wasm::Handle;
using namespace emscripten;

namespace {

std::vector<char> io(1024);
cw::Move move_buffer[cw::MAX_MOVES];

int fill_moves(Handle& h) {
  const cw::wasm::LegalMoves list = h.legal_moves();
  std::memcpy(move_buffer, list.moves, size_t(list.count) * sizeof(cw::Move));
  return list.count;
}
int set_fen_io(Handle& h, int len) {
  return int(h.set_fen(std::string_view(io.data(), size_t(len)), cw::CHESS));
}
int fen_io(Handle& h) {
  std::string s = h.position().fen();
  if (s.size() > io.size()) io.resize(s.size());
  std::memcpy(io.data(), s.data(), s.size());
  return int(s.size());
}
Handle& at(uintptr_t h) { return *reinterpret_cast<Handle*>(h); }
int outcome_packed(const Handle& h) {
  cw::Outcome o = cw::outcome(h.position(), false);
  return int(o.termination) | (int(o.winner) << 8);
}

}  // namespace

extern "C" {
EMSCRIPTEN_KEEPALIVE char* bb_io(int size) {
  if (size > int(io.size())) io.resize(size_t(size));
  return io.data();
}
EMSCRIPTEN_KEEPALIVE cw::Move* bb_move_buffer() { return move_buffer; }
EMSCRIPTEN_KEEPALIVE Handle* bb_new() { return new Handle(); }
EMSCRIPTEN_KEEPALIVE void bb_delete(Handle* h) { delete h; }
EMSCRIPTEN_KEEPALIVE int bb_play(Handle* h, int m) { return int(h->play(m)); }
EMSCRIPTEN_KEEPALIVE int bb_take_back(Handle* h) { return h->take_back(); }
EMSCRIPTEN_KEEPALIVE int bb_legal_moves(Handle* h) { return fill_moves(*h); }
EMSCRIPTEN_KEEPALIVE int bb_is_legal(Handle* h, int m) { return h->is_legal(m); }
EMSCRIPTEN_KEEPALIVE int bb_turn(Handle* h) { return h->position().side_to_move(); }
EMSCRIPTEN_KEEPALIVE uint64_t bb_key(Handle* h) { return h->position().key(); }
EMSCRIPTEN_KEEPALIVE double bb_perft(Handle* h, int depth) {
  return double(h->restoring([&](cw::Position& pos) { return cw::perft(pos, depth, true); }));
}
EMSCRIPTEN_KEEPALIVE int bb_set_fen(Handle* h, int len) { return set_fen_io(*h, len); }
EMSCRIPTEN_KEEPALIVE int bb_fen(Handle* h) { return fen_io(*h); }
EMSCRIPTEN_KEEPALIVE int bb_in_check(Handle* h) { return h->position().in_check(); }
EMSCRIPTEN_KEEPALIVE int bb_has_legal_move(Handle* h) { return h->legal_moves().size() > 0; }
EMSCRIPTEN_KEEPALIVE int bb_rule50(Handle* h) { return h->position().rule50(); }
EMSCRIPTEN_KEEPALIVE int bb_repetition_count(Handle* h) { return cw::repetition_count(h->position()); }
EMSCRIPTEN_KEEPALIVE int bb_outcome(Handle* h) { return outcome_packed(*h); }
}

EMSCRIPTEN_BINDINGS(boundary_bench) {
  // embind free functions on the handle's address (an integer in JS).
  function(
      "fn_play", +[](uintptr_t h, int m) { return int(at(h).play(m)); });
  function(
      "fn_take_back", +[](uintptr_t h) { return at(h).take_back(); });
  function(
      "fn_legal_moves", +[](uintptr_t h) { return fill_moves(at(h)); });
  function(
      "fn_is_legal", +[](uintptr_t h, int m) { return at(h).is_legal(m); });
  function(
      "fn_turn", +[](uintptr_t h) { return int(at(h).position().side_to_move()); });
  function(
      "fn_key", +[](uintptr_t h) { return at(h).position().key(); });
  function(
      "fn_perft", +[](uintptr_t h, int d) {
        return double(at(h).restoring([&](cw::Position& pos) { return cw::perft(pos, d, true); }));
      });
  function(
      "fn_set_fen", +[](uintptr_t h, int len) { return set_fen_io(at(h), len); });
  function(
      "fn_fen", +[](uintptr_t h) { return fen_io(at(h)); });
  function(
      "fn_set_fen_string",
      +[](uintptr_t h, const std::string& fen) { return int(at(h).set_fen(fen, cw::CHESS)); });
  function(
      "fn_fen_string", +[](uintptr_t h) { return at(h).position().fen(); });
  function(
      "fn_legal_view", +[](uintptr_t h) {
        const cw::wasm::LegalMoves list = at(h).legal_moves();
        return val(typed_memory_view(size_t(list.count), list.moves));
      });

  // embind free functions on the embind object.
  function(
      "ref_play", +[](Handle& h, int m) { return int(h.play(m)); });
  function(
      "ref_take_back", +[](Handle& h) { return h.take_back(); });
  function(
      "ref_legal_moves", +[](Handle& h) { return fill_moves(h); });
  function(
      "ref_is_legal", +[](Handle& h, int m) { return h.is_legal(m); });
  function(
      "ref_turn", +[](Handle& h) { return int(h.position().side_to_move()); });
  function(
      "ref_key", +[](Handle& h) { return h.position().key(); });
  function(
      "ref_perft", +[](Handle& h, int d) {
        return double(h.restoring([&](cw::Position& pos) { return cw::perft(pos, d, true); }));
      });
  function(
      "ref_set_fen", +[](Handle& h, int len) { return set_fen_io(h, len); });
  function(
      "ref_fen", +[](Handle& h) { return fen_io(h); });

  value_object<cw::Outcome>("Outcome")
      .field("termination", &cw::Outcome::termination)
      .field("winner", &cw::Outcome::winner);
  // The value object's fields cross as plain integers, as in the package (codes.h).
  cw::wasm::codes<cw::Termination>("Termination");
  cw::wasm::codes<cw::Color>("Color");

  // embind class methods.
  class_<Handle>("Handle")
      .constructor<>()
      .function("address", optional_override([](Handle& h) { return uintptr_t(&h); }))
      .function("play", optional_override([](Handle& h, int m) { return int(h.play(m)); }))
      .function("take_back", optional_override([](Handle& h) { return h.take_back(); }))
      .function("legal_moves", optional_override([](Handle& h) { return fill_moves(h); }))
      .function("is_legal", optional_override([](Handle& h, int m) { return h.is_legal(m); }))
      .function("turn", optional_override([](Handle& h) { return int(h.position().side_to_move()); }))
      .function("key", optional_override([](Handle& h) { return h.position().key(); }))
      .function("perft", optional_override([](Handle& h, int d) {
                  return double(h.restoring([&](cw::Position& pos) { return cw::perft(pos, d, true); }));
                }))
      .function("set_fen", optional_override([](Handle& h, int len) { return set_fen_io(h, len); }))
      .function("fen", optional_override([](Handle& h) { return fen_io(h); }))
      .function("set_fen_string", optional_override([](Handle& h, const std::string& fen) {
                  return int(h.set_fen(fen, cw::CHESS));
                }))
      .function("fen_string", optional_override([](Handle& h) { return h.position().fen(); }))
      .function("in_check", optional_override([](const Handle& h) { return h.position().in_check(); }))
      .function("has_legal_move", optional_override([](Handle& h) { return h.legal_moves().size() > 0; }))
      .function("rule50", optional_override([](const Handle& h) { return h.position().rule50(); }))
      .function("repetition_count",
                optional_override([](const Handle& h) { return cw::repetition_count(h.position()); }))
      .function("outcome_packed", optional_override([](const Handle& h) { return outcome_packed(h); }))
      .function("outcome",
                optional_override([](const Handle& h) { return cw::outcome(h.position(), false); }))
      .function("legal_view", optional_override([](Handle& h) {
                  const cw::wasm::LegalMoves list = h.legal_moves();
                  return val(typed_memory_view(size_t(list.count), list.moves));
                }));
}
