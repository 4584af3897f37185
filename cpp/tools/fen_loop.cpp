// chesswasm — the FEN round trip of the fen-games row in native code, for counting instructions
// (issue 29): every line of a file set on one handle (Handle::set_fen, the boundary's call)
// and written back (Handle::write_fen), `passes` times. Nothing is timed: run it under
// `valgrind --tool=callgrind` once with 1 pass and once with 2, the difference is one pass
// over the file (docs/performance.md, "FEN set-up along games"). tests/bench/fen-split.mjs
// --write FILE writes the row's FENs.
//   chesswasm-fen-loop FILE [passes (default 1)]
// SPDX-License-Identifier: MIT
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "handle.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: chesswasm-fen-loop FILE [passes]\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::vector<std::string> fens;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) fens.push_back(line);
  const int passes = argc > 2 ? std::atoi(argv[2]) : 1;
  cw::wasm::Handle h;
  std::vector<char> out(128);
  unsigned long refused = 0, given = 0, bytes = 0;
  for (int p = 0; p < passes; ++p)
    for (const std::string& f : fens) {
      if (h.set_fen(f, cw::CHESS) != cw::FenError::OK) {
        ++refused;
        continue;
      }
      const cw::wasm::Handle::WrittenFen w = h.write_fen(out, false);
      given += w.given;
      bytes += unsigned(w.length);
    }
  std::printf("%zu FENs x %d: refused %lu, given back %lu, %lu bytes\n", fens.size(), passes, refused, given,
              bytes);
  return 0;
}
