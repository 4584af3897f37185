// chesswasm-notation-bench — speed of the notation layer:
//   san: SAN of every legal move of a position (positions/s), over a fixed set of positions;
//   pgn: PGN read of N games, every move validated (games/s and MB/s).
//   chesswasm-notation-bench [--quick] [--games N] [--pgn FILE] [--json]
// Without --pgn, the games are random playouts written by write_pgn (deterministic).
// SPDX-License-Identifier: MIT
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "pgn.h"
#include "position.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Positions from deterministic random playouts.
std::vector<std::string> sample_fens(int n) {
  std::mt19937 rng(1);
  std::vector<std::string> fens{cw::START_FEN,
                                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"};
  while (int(fens.size()) < n) {
    cw::Position pos;
    for (int ply = 0; ply < 80; ++ply) {
      cw::MoveList legal;
      cw::generate_legal(pos, legal);
      if (legal.size() == 0) break;
      pos.do_move(legal.moves[rng() % legal.size()]);
      if (ply % 8 == 7) fens.push_back(pos.fen());
    }
  }
  return fens;
}

// A PGN text of n random games of about 80 plies each.
std::string random_games(int n) {
  std::mt19937 rng(2);
  std::string text;
  for (int g = 0; g < n; ++g) {
    cw::PgnGame game;
    game.nodes.emplace_back();
    game.root_fen = cw::Position().fen();
    cw::Position pos;
    int parent = 0;
    for (int ply = 0; ply < 80; ++ply) {
      cw::MoveList legal;
      cw::generate_legal(pos, legal);
      if (legal.size() == 0) break;
      cw::Move m = legal.moves[rng() % legal.size()];
      cw::PgnNode node;
      node.move = m;
      node.parent = parent;
      node.san = cw::move_to_san(pos, m, legal);
      node.uci = cw::move_to_uci(pos, m);
      game.nodes.push_back(node);
      game.nodes[parent].children.push_back(int(game.nodes.size()) - 1);
      parent = int(game.nodes.size()) - 1;
      pos.do_move(m);
    }
    text += cw::write_pgn(game);
    text += '\n';
  }
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false, json = false;
  int games = 1000;
  const char* pgn_file = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick"))
      quick = true;
    else if (!std::strcmp(argv[i], "--json"))
      json = true;
    else if (!std::strcmp(argv[i], "--games") && i + 1 < argc)
      games = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--pgn") && i + 1 < argc)
      pgn_file = argv[++i];
    else {
      std::fprintf(stderr, "usage: %s [--quick] [--games N] [--pgn FILE] [--json]\n", argv[0]);
      return 2;
    }
  }
  if (quick) games = std::min(games, 200);

  // SAN of all legal moves.
  std::vector<std::string> fens = sample_fens(200);
  std::vector<cw::Position> positions(fens.size());
  for (size_t i = 0; i < fens.size(); ++i) positions[i].set_fen(fens[i]);
  std::vector<std::string> sans;
  long long san_positions = 0, san_moves = 0;
  auto t0 = Clock::now();
  double min_time = quick ? 0.2 : 1.0;
  while (seconds_since(t0) < min_time) {
    for (auto& pos : positions) {
      cw::legal_moves_san(pos, sans);
      san_moves += long(sans.size());
    }
    san_positions += long(positions.size());
  }
  double san_secs = seconds_since(t0);

  // PGN read.
  std::string text;
  if (pgn_file) {
    std::ifstream in(pgn_file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "cannot read %s\n", pgn_file);
      return 1;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  } else {
    text = random_games(games);
  }
  long long read_games = 0, read_moves = 0, errors = 0;
  int rounds = 0;
  t0 = Clock::now();
  while (rounds == 0 || seconds_since(t0) < min_time) {
    cw::PgnReader reader(text);
    cw::PgnGame game;
    cw::PgnError error;
    for (cw::PgnStatus st; (st = reader.read_game(game, error)) != cw::PgnStatus::END;) {
      if (st == cw::PgnStatus::GAME) {
        ++read_games;
        read_moves += long(game.nodes.size()) - 1;
      } else {
        ++errors;
      }
    }
    ++rounds;
  }
  double pgn_secs = seconds_since(t0);
  double mb = double(text.size()) * rounds / 1e6;
  if (json) {
    std::printf(
        "{\"san_positions_per_s\": %.0f, \"san_moves_per_s\": %.0f, \"pgn_games_per_s\": %.0f, "
        "\"pgn_mb_per_s\": %.2f, \"pgn_moves_per_s\": %.0f, \"pgn_errors\": %lld}\n",
        san_positions / san_secs, san_moves / san_secs, read_games / pgn_secs, mb / pgn_secs,
        read_moves / pgn_secs, errors);
  } else {
    std::printf("SAN of all legal moves: %.0f positions/s (%.0f moves/s)\n", san_positions / san_secs,
                san_moves / san_secs);
    std::printf("PGN read: %.0f games/s, %.2f MB/s, %.0f moves/s (%lld games x %d rounds, %lld errors)\n",
                read_games / pgn_secs, mb / pgn_secs, read_moves / pgn_secs, read_games / rounds, rounds,
                errors);
  }
  return errors ? 1 : 0;
}
