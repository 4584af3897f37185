// chesswasm — PGN writing: a game tree in export format, or in chess.js's layout (PgnLayout).
// Not a hot path: compiled for size in the wasm build (CW_SIZE_CODE_BEGIN, types.h; clang's
// minsize measured 0.29 KB of gzipped .wasm smaller than the file at -Oz).
// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cstring>

#include "pgn.h"
#include "setup.h"
#include "text.h"

namespace cw {
CW_SIZE_CODE_BEGIN

namespace {

// Appends tokens separated by spaces, breaking lines before the layout's width (80 columns
// by default) with its newline.
struct LineWriter {
  std::string& out;
  const PgnLayout& layout;
  size_t col = 0;
  void token(std::string_view t) {
    if (col > 0 && layout.wrap && col + 1 + t.size() > size_t(std::max(layout.max_width, 0))) {
      out += layout.newline;
      col = 0;
    } else if (col > 0) {
      out += ' ';
      ++col;
    }
    out += t;
    col += t.size();
  }
  void comment(const std::string& text) {
    bool brace = text.find('}') != std::string::npos, newline = text.find('\n') != std::string::npos;
    if (brace && !newline) {
      token(std::string("; ").append(text));  // a rest-of-line comment keeps the '}'
      out += layout.newline;
      col = 0;
      return;
    }
    std::string t;
    t.reserve(text.size() + 4);
    t.append("{ ").append(text).append(" }");
    // A '}' cannot live inside braces, nor a newline in a ';' comment: the only lossy case.
    if (brace)
      for (size_t i = 2; i + 2 < t.size(); ++i)
        if (t[i] == '}') t[i] = ')';
    token(t);
    if (size_t nl = t.rfind('\n'); nl != std::string::npos) col = t.size() - nl - 1;
  }
};

// Writes one tag pair. A tag whose name is no PGN symbol cannot be written so that a reader
// takes it back, so it is left out; a line feed in a value (it would end the tag) becomes a
// space.
void write_tag(std::string& out, std::string_view name, std::string_view value, std::string_view newline) {
  if (!is_pgn_tag_name(name)) return;
  out += '[';
  out += name;
  out += " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  out += "\"]";
  out += newline;
}

// The length of UTF-8 text as JavaScript counts it: UTF-16 code units (a four-byte sequence
// is two). Each byte that is no continuation byte starts one unit (two for a four-byte lead).
long utf16_length(std::string_view s) {
  long n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? (c >= 0xF0 ? 2 : 1) : 0;
  return n;
}

// chess.js's units of movetext (see PgnLayout): the root's comments, then per white move (or
// a first move by black) the move number, the moves and the comments after them.
[[gnu::cold]] std::vector<std::string> chessjs_units(const PgnGame& game) {
  Setup root;
  if (root.parse(game.root_fen.empty() ? start_fen(game.variant) : game.root_fen, game.variant) !=
      FenError::OK)
    root.parse(start_fen(game.variant), game.variant);
  std::vector<std::string> units;
  std::string unit;
  auto comments = [&unit](const std::vector<std::string>& list) {
    for (const std::string& c : list) {
      if (!unit.empty()) unit += ' ';
      unit.append("{").append(c).append("}");
    }
  };
  const std::vector<int> line = game.mainline();
  if (!game.nodes.empty()) comments(game.nodes[0].comments_after);
  Color side = root.side;
  unsigned long number = root.fullmove;
  for (size_t i = 0; i < line.size(); ++i) {
    const PgnNode& n = game.nodes[size_t(line[i])];
    comments(n.comments_before);
    if (side == WHITE) {
      if (!unit.empty()) units.push_back(std::move(unit));
      unit = decimal(number) + ".";
    } else if (i == 0) {
      unit.append(unit.empty() ? "" : " ").append(decimal(number)).append(". ...");
    }
    unit.append(" ").append(n.san.empty() ? "--" : n.san);
    for (uint8_t nag : n.nags) unit.append(" $").append(decimal(nag));
    comments(n.comments_after);
    if (side == BLACK) ++number;
    side = ~side;
  }
  // a game without moves: its one unit is the root's comments (or empty)
  if (!unit.empty() || line.empty()) units.push_back(std::move(unit));
  return units;
}

// cold (both): nothing calls them in a hot loop; measured 0.8 KB less .wasm (0.1 KB gzipped)
// than without ([[clang::minsize]] and noinline gave nothing more).
[[gnu::cold]] std::string write_chessjs(const PgnGame& game, const PgnLayout& layout) {
  const std::string& nl = layout.newline;
  std::string out;
  // chess.js builds its text as a list of pieces and takes back trailing pieces that are one
  // space: `spaces` counts them at the end of out.
  size_t spaces = 0;
  auto push = [&](std::string_view piece) {
    out += piece;
    spaces = piece == " " ? spaces + 1 : 0;
  };
  auto strip = [&]() {
    if (spaces == 0) return false;
    out.pop_back();
    --spaces;
    return true;
  };
  for (const auto& [name, value] : game.tags)
    if (!value.empty())
      push(std::string("[").append(name).append(" \"").append(value).append("\"]").append(nl));
  const bool moves = !game.nodes.empty() && !game.nodes[0].children.empty();
  if (!game.tags.empty() && moves) push(nl);
  std::vector<std::string> units = chessjs_units(game);
  units.push_back(game.result.empty() ? std::string("*") : game.result);
  if (!layout.wrap) {
    for (size_t i = 0; i < units.size(); ++i) out.append(i ? " " : "").append(units[i]);
    return out;
  }
  const long max = layout.max_width;
  long width = 0;
  for (size_t i = 0; i < units.size(); ++i) {
    const std::string& u = units[i];
    const long len = utf16_length(u);
    if (width + len > max && u.find('{') != std::string::npos) {
      // a unit with a comment: its pieces one by one, a new line before a piece that passes
      for (size_t start = 0; start <= u.size();) {
        size_t end = std::min(u.find(' ', start), u.size());
        std::string_view piece(u.data() + start, end - start);
        start = end + 1;
        if (piece.empty()) continue;
        const long plen = utf16_length(piece);
        if (width + plen > max) {
          while (strip()) --width;
          push(nl);
          width = 0;
        }
        push(piece);
        push(" ");
        width += plen + 1;
      }
      if (strip()) --width;
      continue;
    }
    if (width + len > max && i != 0) {
      strip();  // no line ends with a space
      push(nl);
      width = 0;
    } else if (i != 0) {
      push(" ");
      ++width;
    }
    push(u);
    width += len;
  }
  return out;
}

}  // namespace

std::string write_pgn(const PgnGame& game) { return write_pgn(game, PgnLayout{}); }

std::string write_pgn(const PgnGame& game, const PgnLayout& layout) {
  if (layout.style == PgnStyle::CHESS_JS) return write_chessjs(game, layout);
  const std::string& nl = layout.newline;
  std::string out;
  static constexpr const char* ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
  const std::string result = is_pgn_result(game.result) ? game.result : std::string("*");
  for (const char* name : ROSTER) {
    const std::string* v = game.tag(name);
    // The Result tag is the game's result, whatever the tags say: they always agree.
    if (std::strcmp(name, "Result") == 0)
      write_tag(out, name, result, nl);
    else
      write_tag(out, name, v ? *v : std::strcmp(name, "Date") == 0 ? "????.??.??" : "?", nl);
  }
  Position root;
  if (root.set_fen(game.root_fen.empty() ? start_fen(game.variant) : game.root_fen, game.variant,
                   game.chess960) != FenError::OK)
    root.set_fen(start_fen(game.variant), game.variant);
  Position start;
  start.set_fen(start_fen(game.variant), game.variant);
  // A lichess rule set played with Chess960 castling has no Variant name: its FEN tag names
  // the castling rooks by file (Shredder-FEN), which the reader takes as Chess960, also from
  // the standard start.
  const bool shredder = game.chess960 && game.variant != CHESS960 && root.castling_rights() != 0;
  const std::string root_fen = root.fen(shredder);
  bool needs_fen = shredder || root_fen != start.fen();
  bool wrote_variant = false, wrote_fen = false, wrote_setup = false;
  for (const auto& [name, value] : game.tags) {
    bool roster = false;
    for (const char* r : ROSTER) roster |= name == r;
    if (roster) continue;
    if (name == "FEN") {
      write_tag(out, name, root_fen, nl);
      wrote_fen = true;
    } else {
      write_tag(out, name, value, nl);
      wrote_variant |= name == "Variant";
      wrote_setup |= name == "SetUp";
    }
  }
  if (game.variant != CHESS && !wrote_variant) write_tag(out, "Variant", variant_pgn_name(game.variant), nl);
  if (needs_fen && !wrote_setup) write_tag(out, "SetUp", "1", nl);
  if (needs_fen && !wrote_fen) write_tag(out, "FEN", root_fen, nl);
  out += nl;

  LineWriter w{out, layout};
  const std::vector<PgnNode>& nodes = game.nodes;
  const Color root_side = root.side_to_move();
  const int root_fullmove = root.fullmove_number();
  bool force_number = true;
  auto write_move = [&](int idx, int depth) {
    const PgnNode& n = nodes[idx];
    for (const auto& c : n.comments_before) {
      w.comment(c);
      force_number = true;
    }
    bool white = (depth % 2 == 0) == (root_side == WHITE);
    int number = root_fullmove + (depth + (root_side == BLACK)) / 2;
    if (white)
      w.token(decimal(number) + ".");
    else if (force_number)
      w.token(decimal(number) + "...");
    w.token(n.san.empty() ? std::string("--") : n.san);
    for (uint8_t nag : n.nags) w.token("$" + decimal(nag));
    for (const auto& c : n.comments_after) w.comment(c);
    force_number = !n.comments_after.empty();
  };

  if (!nodes.empty()) {
    for (const auto& c : nodes[0].comments_after) w.comment(c);
    struct Frame {
      int node, depth;
      size_t alt;
      bool written;
    };
    std::vector<Frame> stack;
    if (!nodes[0].children.empty()) stack.push_back({nodes[0].children[0], 0, 1, false});
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (!f.written) {
        write_move(f.node, f.depth);
        f.written = true;
        f.alt = 1;
      }
      const PgnNode& n = nodes[f.node];
      const PgnNode& parent = nodes[n.parent];
      if (parent.children[0] == f.node && f.alt < parent.children.size()) {
        int alt = parent.children[f.alt++];
        int depth = f.depth;
        w.token("(");
        force_number = true;
        stack.push_back({alt, depth, 1, false});
        continue;
      }
      if (!n.children.empty()) {
        f.node = n.children[0];
        ++f.depth;
        f.written = false;
        continue;
      }
      stack.pop_back();
      if (!stack.empty()) {
        w.token(")");
        force_number = true;
      }
    }
  }
  w.token(result);
  out += nl;
  return out;
}

CW_SIZE_CODE_END
}  // namespace cw
