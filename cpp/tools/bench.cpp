// chesswasm-bench — perft speed of the core: nodes/second for the start position (depth 6)
// and Kiwipete (depth 5), with and without bulk counting, each the median of >= 3 runs.
// The same source builds natively and to wasm (run with node); tests/bench/core.mjs runs
// both and prints them side by side with the wasm/native ratio.
//   chesswasm-bench [--quick] [--runs N] [--json]
//   chesswasm-bench [--quick] --serve
// --quick: shallower depths (start position 5, Kiwipete 4), for a smoke run.
// --warmup S: the warm-up's CPU seconds (default 0.5; 0: none, for counting instructions
// under valgrind, where a warm-up by time would make the count vary; with node --no-liftoff).
// Wall-clock time is reported; --json also gives the process CPU time of every run (useful
// when other work shares the machine). A wrong node count is an error (exit 1): a fast wrong answer is no
// benchmark.
// --serve: one sample at a time, on request, for a driver that interleaves builds
// (tests/bench/core.mjs): after the warm-up the program writes one JSON line describing itself
// and its cases, then for every line it reads (a case's index) runs that case once and writes
// one JSON line with its wall-clock and CPU seconds; at end of input (or a line "q") it exits.
// SPDX-License-Identifier: MIT
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
// --serve: the next request from standard input, read synchronously (a blocking pipe: Node
// leaves file descriptor 0 alone unless process.stdin is touched): the number on the line,
// -1 at the end of input or for "q".
EM_JS(int, read_request, (), {
  const fs = require('fs');
  const one = Buffer.alloc(1);
  let line = "";
  for (;;) {
    let n;
    try {
      n = fs.readSync(0, one, 0, 1, null);
    } catch (e) {
      if (e.code == 'EAGAIN') continue;
      return -1;
    }
    if (n == 0) return line.trim() == "" ? -1 : parseInt(line, 10);
    if (one[0] == 10) break;
    line += String.fromCharCode(one[0]);
  }
  const v = parseInt(line, 10);
  return Number.isNaN(v) ? -1 : v;
});
#else
#include <time.h>
double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}
int read_request() {
  char line[64];
  if (!std::fgets(line, sizeof line, stdin)) return -1;
  char* end = nullptr;
  long v = std::strtol(line, &end, 10);
  return end == line ? -1 : int(v);
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
  bool quick = false, json = false, serve = false;
  double warmup = 0.5;
  int runs = 3;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) {
      quick = true;
    } else if (!std::strcmp(argv[i], "--json")) {
      json = true;
    } else if (!std::strcmp(argv[i], "--serve")) {
      serve = true;
    } else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
      runs = std::atoi(argv[++i]);
      if (runs < 1) runs = 1;
    } else if (!std::strcmp(argv[i], "--warmup") && i + 1 < argc) {
      warmup = std::atof(argv[++i]);
    } else {
      std::fprintf(stderr,
                   "usage: chesswasm-bench [--quick] [--warmup S] [--runs N] [--json] | [--quick] [--warmup "
                   "S] --serve\n");
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
  // --no-liftoff`: docs/performance.md, "What limits it").
  {
    cw::Position start, kiwi;
    kiwi.set_fen(KIWIPETE, cw::CHESS);
    const double c0 = cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    while (warmup > 0 &&
           (cpu_seconds() - c0 < warmup ||
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 0.3)) {
      cw::perft(start, 4, true);
      cw::perft(start, 3, false);
      cw::perft(kiwi, 3, true);
      cw::perft(kiwi, 2, false);
    }
  }

  // One timed perft of a case: wall-clock and CPU seconds; false for a wrong node count.
  std::vector<cw::Position> positions(cases.size());
  for (size_t i = 0; i < cases.size(); ++i)
    if (cases[i].fen && positions[i].set_fen(cases[i].fen, cw::CHESS) != cw::FenError::OK) {
      std::fprintf(stderr, "chesswasm-bench: the core refused the FEN %s\n", cases[i].fen);
      return 1;
    }
  auto sample = [&](size_t i, double& wall, double& cpu) {
    const Case& c = cases[i];
    double c0 = cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    uint64_t n = cw::perft(positions[i], c.depth, c.bulk);
    wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    cpu = cpu_seconds() - c0;
    if (n == c.expected) return true;
    std::fprintf(stderr, "chesswasm-bench: %s depth %d (%s): %llu nodes, expected %llu\n", c.name, c.depth,
                 c.bulk ? "bulk" : "no bulk", (unsigned long long)n, (unsigned long long)c.expected);
    return false;
  };

  if (serve) {
    std::printf("{\"platform\":\"%s\",\"build\":\"%s\",\"compiler\":\"%s\",\"cases\":[", platform(),
                CHESSWASM_BUILD_INFO, __VERSION__);
    for (size_t i = 0; i < cases.size(); ++i)
      std::printf("%s{\"name\":\"%s\",\"depth\":%d,\"bulk\":%s,\"nodes\":%llu}", i ? "," : "", cases[i].name,
                  cases[i].depth, cases[i].bulk ? "true" : "false", (unsigned long long)cases[i].expected);
    std::printf("]}\n");
    std::fflush(stdout);
    for (int i; (i = read_request()) >= 0;) {
      if (size_t(i) >= cases.size()) {
        std::fprintf(stderr, "chesswasm-bench: no case %d\n", i);
        return 2;
      }
      double wall, cpu;
      if (!sample(size_t(i), wall, cpu)) return 1;
      std::printf("{\"case\":%d,\"seconds\":%.6f,\"cpu_seconds\":%.6f}\n", i, wall, cpu);
      std::fflush(stdout);
    }
    return 0;
  }

  std::vector<Result> results;
  for (size_t ci = 0; ci < cases.size(); ++ci) {
    const Case& c = cases[ci];
    Result r{c, {}, {}, 0};
    for (int i = 0; i < runs; ++i) {
      double wall, cpu;
      if (!sample(ci, wall, cpu)) return 1;
      r.seconds.push_back(wall);
      r.cpu_seconds.push_back(cpu);
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
