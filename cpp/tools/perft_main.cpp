// chesswasm-perft — counts the leaves of the legal move tree from a position.
//   chesswasm-perft <depth> [--fen FEN] [--variant NAME] [--chess960] [--divide]
//                   [--no-bulk] [--time]
// --chess960: Chess960 castling for the variant (X-FEN / Shredder-FEN rights).
// With --divide, one line per legal move ("e2e4: 20"); the last line is always the total.
// --time writes the elapsed time and nodes/s to stderr. Errors go to stderr, exit code 1
// (2 for usage errors).
// SPDX-License-Identifier: MIT
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "position.h"

namespace {

const char* const USAGE =
    "usage: chesswasm-perft <depth> [--fen FEN] [--variant NAME] [--chess960] [--divide]\n"
    "                       [--no-bulk] [--time]\n";

int usage_error(const char* msg, const char* arg = nullptr) {
  if (arg)
    std::fprintf(stderr, "chesswasm-perft: %s: %s\n", msg, arg);
  else
    std::fprintf(stderr, "chesswasm-perft: %s\n", msg);
  std::fputs(USAGE, stderr);
  return 2;
}

bool parse_depth(const char* s, int& depth) {
  if (!*s) return false;
  char* end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (*end || v < 0 || v > 20) return false;
  depth = int(v);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int depth = -1;
  std::string fen;
  cw::Variant variant = cw::CHESS;
  bool divide = false, bulk = true, timing = false, chess960 = false;

  for (int i = 1; i < argc; ++i) {
    const char* a = argv[i];
    if (!std::strcmp(a, "--fen")) {
      if (++i >= argc) return usage_error("--fen needs a FEN");
      fen = argv[i];
    } else if (!std::strcmp(a, "--variant")) {
      if (++i >= argc) return usage_error("--variant needs a name");
      variant = cw::variant_of_name(argv[i]);
      if (variant == cw::VARIANT_NB) return usage_error("unknown variant", argv[i]);
    } else if (!std::strcmp(a, "--chess960")) {
      chess960 = true;
    } else if (!std::strcmp(a, "--divide")) {
      divide = true;
    } else if (!std::strcmp(a, "--no-bulk")) {
      bulk = false;
    } else if (!std::strcmp(a, "--time")) {
      timing = true;
    } else if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
      std::fputs(USAGE, stdout);
      return 0;
    } else if (depth < 0 && a[0] != '-') {
      if (!parse_depth(a, depth)) return usage_error("depth must be an integer from 0 to 20", a);
    } else {
      return usage_error("unexpected argument", a);
    }
  }
  if (depth < 0) return usage_error("missing depth");

  cw::Position pos;
  if (!fen.empty() || variant != cw::CHESS || chess960) {
    if (fen.empty()) {
      if (variant == cw::MAKRUK) return usage_error("--variant makruk needs --fen");
      fen = cw::start_fen(variant);
    }
    cw::FenError e = pos.set_fen(fen, variant, chess960);
    if (e != cw::FenError::OK) {
      std::fprintf(stderr, "chesswasm-perft: invalid FEN (%s): %s\n", cw::fen_error_name(e),
                   cw::fen_error_message(e));
      return 1;
    }
  }

  auto t0 = std::chrono::steady_clock::now();
  uint64_t total = 0;
  if (divide && depth > 0) {
    if (bulk) {
      for (const auto& [move, n] : cw::divide(pos, depth)) {
        std::printf("%s: %llu\n", cw::move_to_uci(pos, move).c_str(), (unsigned long long)n);
        total += n;
      }
    } else {
      cw::MoveList list;
      cw::generate_legal(pos, list);
      for (cw::Move m : list) {
        std::string uci = cw::move_to_uci(pos, m);
        pos.do_move(m);
        uint64_t n = cw::perft(pos, depth - 1, false);
        pos.undo_move();
        std::printf("%s: %llu\n", uci.c_str(), (unsigned long long)n);
        total += n;
      }
    }
  } else {
    total = cw::perft(pos, depth, bulk);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  std::printf("%llu\n", (unsigned long long)total);
  if (timing)
    std::fprintf(stderr, "time: %.3f s, %.1f M nodes/s\n", secs, secs > 0 ? total / secs / 1e6 : 0.0);
  return 0;
}
