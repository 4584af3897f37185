// chesswasm — puzzle lines and lichess puzzle-file checks (see puzzle.h).
// SPDX-License-Identifier: MIT
#include "puzzle.h"

#include "notation.h"
#include "rules.h"

namespace cw {

const char* line_status_name(LineStatus s) {
  switch (s) {
    case LineStatus::OK:
      return "OK";
    case LineStatus::SYNTAX:
      return "SYNTAX";
    case LineStatus::ILLEGAL:
      return "ILLEGAL";
    case LineStatus::AMBIGUOUS:
      return "AMBIGUOUS";
    case LineStatus::FEN:
      return "FEN";
  }
  return "?";
}

const char* puzzle_status_name(PuzzleStatus s) {
  switch (s) {
    case PuzzleStatus::OK:
      return "OK";
    case PuzzleStatus::SYNTAX:
      return "SYNTAX";
    case PuzzleStatus::ILLEGAL:
      return "ILLEGAL";
    case PuzzleStatus::AMBIGUOUS:
      return "AMBIGUOUS";
    case PuzzleStatus::FEN:
      return "FEN";
    case PuzzleStatus::NO_MOVES:
      return "NO_MOVES";
    case PuzzleStatus::NOT_MATE:
      return "NOT_MATE";
    case PuzzleStatus::MATE_LENGTH:
      return "MATE_LENGTH";
    case PuzzleStatus::ROW:
      return "ROW";
  }
  return "?";
}

namespace {

constexpr bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool looks_like_uci(std::string_view t) {
  if (t.size() != 4 && t.size() != 5) return false;
  auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](char c) { return c >= '1' && c <= '8'; };
  if (!file(t[0]) || !rank(t[1]) || !file(t[2]) || !rank(t[3])) return false;
  if (t.size() == 4) return true;
  switch (t[4] | 0x20) {
    case 'n':
    case 'b':
    case 'r':
    case 'q':
    case 'm':
      return true;
    default:
      return false;
  }
}

// The move a token names, or the reason it names none.
LineStatus parse_token(Position& pos, std::string_view token, Notation notation, Move& out) {
  if (notation != Notation::SAN && looks_like_uci(token)) {
    out = parse_uci(pos, token);
    return out == MOVE_NONE ? LineStatus::ILLEGAL : LineStatus::OK;
  }
  if (notation == Notation::UCI) return LineStatus::SYNTAX;
  SanResult r = parse_san(pos, token, false);
  out = r.move;
  switch (r.status) {
    case SanStatus::OK:
      return LineStatus::OK;
    case SanStatus::ILLEGAL:
      return LineStatus::ILLEGAL;
    case SanStatus::AMBIGUOUS:
      return LineStatus::AMBIGUOUS;
    default:
      return LineStatus::SYNTAX;
  }
}

// Calls f(token) for each white-space separated token until it returns false.
template <typename F>
void for_each_token(std::string_view line, F&& f) {
  size_t i = 0, n = line.size();
  while (i < n) {
    while (i < n && is_space(line[i])) ++i;
    if (i == n) break;
    size_t start = i;
    while (i < n && !is_space(line[i])) ++i;
    if (!f(line.substr(start, i - start))) break;
  }
}

int count_tokens(std::string_view line) {
  int n = 0;
  for_each_token(line, [&](std::string_view) {
    ++n;
    return true;
  });
  return n;
}

}  // namespace

LineResult play_line(Position& pos, std::string_view line, Notation notation, Move* moves, int capacity) {
  LineResult r;
  for_each_token(line, [&](std::string_view token) {
    if (r.ply >= MAX_LINE_PLIES) {
      r.status = LineStatus::SYNTAX;
      return false;
    }
    Move m = MOVE_NONE;
    LineStatus s = parse_token(pos, token, notation, m);
    if (s != LineStatus::OK) {
      r.status = s;
      return false;
    }
    pos.do_move(m);
    if (moves && r.ply < capacity) moves[r.ply] = m;
    ++r.ply;
    return true;
  });
  return r;
}

LineResult play_line(Position& pos, std::string_view fen, Variant variant, std::string_view line,
                     Notation notation, Move* moves, int capacity, bool chess960) {
  FenError e = pos.set_fen(fen, variant, chess960);
  if (e != FenError::OK) {
    LineResult r;
    r.status = LineStatus::FEN;
    r.fen_error = e;
    return r;
  }
  return play_line(pos, line, notation, moves, capacity);
}

int count_mating_moves(Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  int n = 0;
  for (Move m : list) {
    if (!pos.gives_check(m)) continue;
    pos.do_move(m);
    if (!has_legal_move(pos)) ++n;
    pos.undo_move();
  }
  return n;
}

PuzzleReport check_puzzle(Position& pos, std::string_view fen, std::string_view moves, int mate_in,
                          bool setup_first, Variant variant) {
  PuzzleReport r;
  r.mate_in = mate_in;
  FenError e = pos.set_fen(fen, variant);
  if (e != FenError::OK) {
    r.status = PuzzleStatus::FEN;
    r.fen_error = e;
    return r;
  }
  // The solver plays the plies of one parity; the last of them is where mating moves count.
  const int total = count_tokens(moves);
  const int first_solver = setup_first ? 1 : 0;
  int last_solver = -1;
  for (int i = total - 1; i >= first_solver; --i)
    if ((i - first_solver) % 2 == 0) {
      last_solver = i;
      break;
    }
  int ply = 0;
  LineStatus bad = LineStatus::OK;
  for_each_token(moves, [&](std::string_view token) {
    if (ply >= MAX_LINE_PLIES) {
      bad = LineStatus::SYNTAX;
      return false;
    }
    Move m = MOVE_NONE;
    LineStatus s = parse_token(pos, token, Notation::AUTO, m);
    if (s != LineStatus::OK) {
      bad = s;
      return false;
    }
    if (ply == last_solver) r.mating_moves = count_mating_moves(pos);
    pos.do_move(m);
    ++ply;
    return true;
  });
  r.plies = ply;
  r.solver_moves = ply > first_solver ? (ply - first_solver + 1) / 2 : 0;
  if (bad != LineStatus::OK) {
    r.status = PuzzleStatus(uint8_t(bad));
    r.ply = ply;
    r.mating_moves = -1;
    return r;
  }
  if (r.solver_moves == 0) {
    r.status = PuzzleStatus::NO_MOVES;
    return r;
  }
  r.mate = is_checkmate(pos);
  if (mate_in > 0) {
    if (!r.mate)
      r.status = PuzzleStatus::NOT_MATE;
    else if (r.solver_moves != mate_in)
      r.status = PuzzleStatus::MATE_LENGTH;
  }
  return r;
}

int mate_in_theme(std::string_view themes) {
  constexpr std::string_view key = "mateIn";
  size_t at = 0;
  while ((at = themes.find(key, at)) != std::string_view::npos) {
    bool word_start = at == 0 || is_space(themes[at - 1]);
    size_t i = at + key.size();
    int n = 0;
    size_t digits = 0;
    while (i < themes.size() && themes[i] >= '0' && themes[i] <= '9' && digits < 4) {
      n = n * 10 + (themes[i] - '0');
      ++i;
      ++digits;
    }
    bool word_end = i == themes.size() || is_space(themes[i]);
    if (word_start && word_end && digits > 0 && n > 0) return n;
    at += key.size();
  }
  return 0;
}

int split_csv_row(std::string_view row, std::string_view* fields, int max) {
  if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
  int n = 0;
  size_t i = 0;
  const size_t len = row.size();
  while (true) {
    std::string_view field;
    if (i < len && row[i] == '"') {
      size_t start = ++i;
      while (i < len) {
        if (row[i] == '"') {
          if (i + 1 < len && row[i + 1] == '"') {
            i += 2;
            continue;
          }
          break;
        }
        ++i;
      }
      field = row.substr(start, i - start);
      if (i < len) ++i;  // closing quote
      while (i < len && row[i] != ',') ++i;
    } else {
      size_t start = i;
      while (i < len && row[i] != ',') ++i;
      field = row.substr(start, i - start);
    }
    if (n < max) fields[n] = field;
    ++n;
    if (i >= len) break;
    ++i;  // the comma
  }
  return n;
}

PuzzleReport check_puzzle_row(Position& pos, std::string_view row) {
  std::string_view f[PUZZLE_CSV_FIELDS];
  int n = split_csv_row(row, f, PUZZLE_CSV_FIELDS);
  if (n < PUZZLE_CSV_FIELDS) {
    PuzzleReport r;
    r.status = PuzzleStatus::ROW;
    return r;
  }
  return check_puzzle(pos, f[1], f[2], mate_in_theme(f[7]), true, CHESS);
}

}  // namespace cw
