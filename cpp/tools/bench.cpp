// chesswasm-bench — perft speed of the core: nodes/second for the start position (depth 6)
// and Kiwipete (depth 5), with and without bulk counting, each the median of >= 3 runs.
// The same source builds natively and to wasm (run with node); tests/bench/core.mjs runs
// both and prints them side by side with the wasm/native ratio.
//   chesswasm-bench [--quick] [--runs N] [--json]
// --quick: shallower depths (start position 5, Kiwipete 4), for a smoke run.
// Wall-clock time is reported; --json also gives the process CPU time of every run (useful
// when other work shares the machine). A wrong node count is an error (exit 1): a fast wrong answer is no
// benchmark. SPDX-License-Identifier: MIT
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "perft.h"
#include "position.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
// CPU time of the Node process (user + system), for measurements on a loaded machine.
EM_JS(double, cpu_seconds, (), {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
});
#else
#include <time.h>
double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}
#endif

#ifndef CHESSWASM_BUILD_INFO
#define CHESSWASM_BUILD_INFO ""
#endif

namespace {

const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

struct Case {
  const char* name;
  const char* fen;  // nullptr: the start position
  int depth;
  bool bulk;
  uint64_t expected;
};

struct Result {
  Case c;
  std::vector<double> seconds;      // wall clock
  std::vector<double> cpu_seconds;  // process CPU time
  double median = 0;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

const char* platform() {
#ifdef __EMSCRIPTEN__
  return "wasm";
#else
  return "native";
#endif
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false, json = false;
  int runs = 3;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) {
      quick = true;
    } else if (!std::strcmp(argv[i], "--json")) {
      json = true;
    } else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
      runs = std::atoi(argv[++i]);
      if (runs < 1) runs = 1;
    } else {
      std::fprintf(stderr, "usage: chesswasm-bench [--quick] [--runs N] [--json]\n");
      return 2;
    }
  }

  std::vector<Case> cases;
  if (quick) {
    cases = {{"startpos", nullptr, 5, true, 4865609ULL},
             {"startpos", nullptr, 5, false, 4865609ULL},
             {"kiwipete", KIWIPETE, 4, true, 4085603ULL},
             {"kiwipete", KIWIPETE, 4, false, 4085603ULL}};
  } else {
    cases = {{"startpos", nullptr, 6, true, 119060324ULL},
             {"startpos", nullptr, 6, false, 119060324ULL},
             {"kiwipete", KIWIPETE, 5, true, 193690690ULL},
             {"kiwipete", KIWIPETE, 5, false, 193690690ULL}};
  }

  // Warm-up (0.5 s of process CPU time, and at least 0.3 s): in Node, V8 first runs wasm on
  // its baseline compiler (Liftoff) and compiles hot functions with its optimising compiler
  // (TurboFan) on a background thread while they run; native code warms caches and the
  // clock. Counted in CPU time, not wall-clock time: on a busy machine 0.3 s of wall-clock
  // time was a fraction of that in CPU time, and the first timed cases still ran on Liftoff
  // code (startpos depth 5 with bulk counting at 55 M nodes/s instead of 240 under `node
  // --no-liftoff`: docs/performance.md, "Perft, wasm vs native").
  {
    cw::Position start, kiwi;
    kiwi.set_fen(KIWIPETE, cw::CHESS);
    const double c0 = cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    while (cpu_seconds() - c0 < 0.5 ||
           std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 0.3) {
      cw::perft(start, 4, true);
      cw::perft(start, 3, false);
      cw::perft(kiwi, 3, true);
      cw::perft(kiwi, 2, false);
    }
  }

  std::vector<Result> results;
  for (const Case& c : cases) {
    cw::Position pos;
    if (c.fen && pos.set_fen(c.fen, cw::CHESS) != cw::FenError::OK) {
      std::fprintf(stderr, "chesswasm-bench: the core refused the FEN %s\n", c.fen);
      return 1;
    }
    Result r{c, {}, {}, 0};
    for (int i = 0; i < runs; ++i) {
      double c0 = cpu_seconds();
      auto t0 = std::chrono::steady_clock::now();
      uint64_t n = cw::perft(pos, c.depth, c.bulk);
      double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      r.cpu_seconds.push_back(cpu_seconds() - c0);
      if (n != c.expected) {
        std::fprintf(stderr, "chesswasm-bench: %s depth %d (%s): %llu nodes, expected %llu\n", c.name,
                     c.depth, c.bulk ? "bulk" : "no bulk", (unsigned long long)n,
                     (unsigned long long)c.expected);
        return 1;
      }
      r.seconds.push_back(s);
    }
    r.median = median(r.seconds);
    if (!json)
      std::printf("%-9s depth %d  %-7s  %11llu nodes  %8.3f s  %8.1f M nodes/s\n", c.name, c.depth,
                  c.bulk ? "bulk" : "no-bulk", (unsigned long long)c.expected, r.median,
                  c.expected / r.median / 1e6);
    std::fflush(stdout);
    results.push_back(r);
  }

  if (json) {
    std::printf("{\"platform\":\"%s\",\"build\":\"%s\",\"compiler\":\"%s\",\"runs\":%d,\"results\":[",
                platform(), CHESSWASM_BUILD_INFO, __VERSION__, runs);
    for (size_t i = 0; i < results.size(); ++i) {
      const Result& r = results[i];
      std::printf("%s{\"name\":\"%s\",\"depth\":%d,\"bulk\":%s,\"nodes\":%llu,\"seconds\":[", i ? "," : "",
                  r.c.name, r.c.depth, r.c.bulk ? "true" : "false", (unsigned long long)r.c.expected);
      for (size_t j = 0; j < r.seconds.size(); ++j) std::printf("%s%.6f", j ? "," : "", r.seconds[j]);
      std::printf("],\"cpu_seconds\":[");
      for (size_t j = 0; j < r.cpu_seconds.size(); ++j) std::printf("%s%.6f", j ? "," : "", r.cpu_seconds[j]);
      std::printf("],\"median_seconds\":%.6f,\"nps\":%.0f}", r.median, r.c.expected / r.median);
    }
    std::printf("]}\n");
  }
  return 0;
}
