// chesswasm — PGN reading (one game at a time, into a move tree) and writing (export format).
// SPDX-License-Identifier: MIT
#include "pgn.h"

#include <cctype>
#include <cstring>

#include "notation.h"
#include "text.h"

namespace cw {

// ---- PgnGame --------------------------------------------------------------------------------

const std::string* PgnGame::tag(std::string_view name) const {
  for (const auto& t : tags)
    if (t.first == name) return &t.second;
  return nullptr;
}

void PgnGame::set_tag(std::string_view name, std::string_view value) {
  for (auto& t : tags)
    if (t.first == name) {
      t.second = std::string(value);
      return;
    }
  tags.emplace_back(std::string(name), std::string(value));
}

std::vector<int> PgnGame::mainline() const {
  std::vector<int> line;
  for (int n = 0; !nodes.empty() && !nodes[n].children.empty();) {
    n = nodes[n].children[0];
    line.push_back(n);
  }
  return line;
}

// ---- reading --------------------------------------------------------------------------------

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Ends a movetext token (a move, a move number, a result or a glyph).
bool is_delimiter(char c) {
  return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '$' || c == '[' ||
         c == ']' || c == '"' || c == '\0';
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// The NAG of a move-suffix glyph ("!" 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6), else 0.
int glyph_nag(std::string_view g) {
  static constexpr const char* GLYPHS[] = {"!", "?", "!!", "??", "!?", "?!"};
  for (int i = 0; i < 6; ++i)
    if (g == GLYPHS[i]) return i + 1;
  return 0;
}

// The variant a Variant tag names; false for one the core does not play.
bool variant_of_tag(std::string_view value, Variant& v) {
  std::string k;
  for (char c : value) {
    if (c == ' ' || c == '-' || c == '_') continue;
    k += char(c >= 'A' && c <= 'Z' ? c + 32 : c);
  }
  if (k == "chess960" || k == "fischerandom" || k == "fischerrandom" || k == "960" || k == "frc") {
    v = CHESS960;
  } else if (k.empty() || k == "standard" || k == "chess" || k == "normal" || k == "fromposition") {
    v = CHESS;
  } else if (k == "makruk") {
    v = MAKRUK;
  } else {
    return false;
  }
  return true;
}

}  // namespace

PgnReader::PgnReader(std::string_view text, PgnLimits limits) : text_(text), limits_(limits) {
  if (text_.size() >= 3 && std::memcmp(text_.data(), "\xEF\xBB\xBF", 3) == 0) pos_ = line_start_ = 3;
}

void PgnReader::advance() {
  if (text_[pos_] == '\n') {
    ++line_;
    line_start_ = pos_ + 1;
  }
  ++pos_;
}

bool PgnReader::at_line_start() const {
  for (size_t i = line_start_; i < pos_; ++i)
    if (!is_space(text_[i])) return false;
  return true;
}

void PgnReader::skip_line() {
  while (!at_end() && peek() != '\n') advance();
  if (!at_end()) advance();
}

void PgnReader::skip_space_and_escapes() {
  while (!at_end()) {
    char c = peek();
    if (is_space(c)) {
      advance();
    } else if (c == '%' && pos_ == line_start_) {
      skip_line();  // an escape line: ignored
    } else {
      break;
    }
  }
}

void PgnReader::skip_to_next_game() {
  if (pos_ != line_start_) skip_line();
  bool prev_blank = false;
  while (!at_end()) {
    size_t i = pos_;
    while (i < text_.size() && text_[i] != '\n' && is_space(text_[i])) ++i;
    std::string_view rest = text_.substr(i);
    bool blank = rest.empty() || rest[0] == '\n';
    if (!blank && rest[0] == '[' && (prev_blank || rest.substr(0, 7) == "[Event ")) return;
    prev_blank = blank;
    skip_line();
  }
}

// ---- errors ---------------------------------------------------------------------------------

namespace {

// Name and sentence of each PgnErrorCode, in code order. In a sentence, %s stands for the
// detail, %n for the limit and %f for the FEN error's message.
constexpr struct {
  const char* name;
  const char* text;
} PGN_ERRORS[] = {
    {"NONE", "no error"},
    {"TAG_NAME", "tag name expected after '['"},
    {"TAG_VALUE_QUOTES", "tag value must be in double quotes"},
    {"TAG_VALUE_UNTERMINATED", "unterminated tag value"},
    {"TAG_VALUE_TOO_LONG", "tag value too long (limit %n bytes)"},
    {"TAG_NOT_CLOSED", "']' expected after the tag value"},
    {"TOO_MANY_TAGS", "too many tags (limit %n)"},
    {"UNSUPPORTED_VARIANT", "unsupported variant \"%s\""},
    {"BAD_FEN_TAG", "invalid FEN tag: %f"},
    {"GAME_TOO_LONG", "game longer than %n bytes"},
    {"LINE_TOO_LONG", "line longer than %n bytes"},
    {"COMMENT_UNTERMINATED", "unterminated comment: '{' without '}'"},
    {"COMMENT_TOO_LONG", "comment too long (limit %n bytes)"},
    {"VARIATION_WITHOUT_MOVE", "a variation must follow a move"},
    {"VARIATION_TOO_DEEP", "variations nested deeper than %n"},
    {"VARIATION_UNOPENED", "')' without '('"},
    {"VARIATION_UNCLOSED", "variation not closed: '(' without ')'"},
    {"NAG_RANGE", "NAG out of range (0-255)"},
    {"NAG_NUMBER", "'$' must be followed by a number"},
    {"UNEXPECTED_TAG", "unexpected '[' in movetext"},
    {"RESULT_IN_VARIATION", "result inside a variation"},
    {"UNEXPECTED_CHARACTER", "unexpected '%s' in movetext"},
    {"NOT_A_MOVE", "not a move \"%s\""},
    {"ILLEGAL_MOVE", "illegal move \"%s\""},
    {"AMBIGUOUS_MOVE", "ambiguous move \"%s\""},
    {"TOO_MANY_MOVES", "more than %n moves in one game"},
    {"NULL_MOVE_IN_CHECK", "null move while in check"},
};
constexpr size_t PGN_ERROR_COUNT = sizeof(PGN_ERRORS) / sizeof(PGN_ERRORS[0]);

}  // namespace

const char* pgn_error_name(PgnErrorCode c) {
  return size_t(c) < PGN_ERROR_COUNT ? PGN_ERRORS[size_t(c)].name : "UNKNOWN";
}

std::string pgn_error_message(const PgnError& e) {
  if (size_t(e.code) >= PGN_ERROR_COUNT) return "unknown PGN error";
  std::string out;
  for (const char* p = PGN_ERRORS[size_t(e.code)].text; *p; ++p) {
    if (p[0] == '%' && p[1] == 's') {
      out += e.detail;
    } else if (p[0] == '%' && p[1] == 'n') {
      out += decimal((unsigned long)(e.limit));
    } else if (p[0] == '%' && p[1] == 'f') {
      out += fen_error_message(e.fen_error);
    } else {
      out += *p;
      continue;
    }
    ++p;
  }
  return out;
}

bool PgnReader::fail(PgnError& error, int line, int column, PgnErrorCode code, std::string_view detail,
                     long limit, FenError fen_error) {
  error.line = line;
  error.column = column;
  error.code = code;
  error.detail = std::string(detail);
  error.limit = limit;
  error.fen_error = fen_error;
  error.message = pgn_error_message(error);
  return false;
}

bool PgnReader::read_tags(PgnGame& game, PgnError& error) {
  while (peek() == '[') {
    int l = line_, c = column();
    advance();
    while (!at_end() && is_space(peek())) advance();
    size_t name_start = pos_;
    while (!at_end() && (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_')) advance();
    std::string_view name = text_.substr(name_start, pos_ - name_start);
    if (name.empty()) return fail(error, line_, column(), PgnErrorCode::TAG_NAME);
    while (!at_end() && is_space(peek())) advance();
    if (peek() != '"') return fail(error, line_, column(), PgnErrorCode::TAG_VALUE_QUOTES);
    advance();
    std::string value;
    for (;;) {
      if (at_end() || peek() == '\n') return fail(error, l, c, PgnErrorCode::TAG_VALUE_UNTERMINATED);
      char ch = peek();
      if (ch == '"') {
        // Ends the value if only ']' follows (on this line); an unescaped quote inside a
        // value, as some writers leave it, is kept.
        size_t k = pos_ + 1;
        while (k < text_.size() && (text_[k] == ' ' || text_[k] == '\t')) ++k;
        if (k >= text_.size() || text_[k] == ']' || text_[k] == '\n' || text_[k] == '\r') break;
      }
      if (ch == '\\' && (peek(1) == '"' || peek(1) == '\\')) {
        advance();
        ch = peek();
      }
      value += ch;
      advance();
      if (value.size() > limits_.max_token_bytes)
        return fail(error, l, c, PgnErrorCode::TAG_VALUE_TOO_LONG, {}, long(limits_.max_token_bytes));
    }
    advance();
    while (!at_end() && peek() != '\n' && is_space(peek())) advance();
    if (peek() != ']') return fail(error, line_, column(), PgnErrorCode::TAG_NOT_CLOSED);
    advance();
    if (int(game.tags.size()) >= limits_.max_tags && !game.tag(name))
      return fail(error, l, c, PgnErrorCode::TOO_MANY_TAGS, {}, limits_.max_tags);
    game.set_tag(name, value);
    skip_space_and_escapes();
  }
  return true;
}

PgnStatus read_pgn(std::string_view text, PgnGame& game, PgnError& error) {
  PgnReader reader(text);
  return reader.read_game(game, error);
}

PgnStatus PgnReader::read_game(PgnGame& game, PgnError& error) {
  game = PgnGame{};
  game.nodes.reserve(256);
  game.nodes.emplace_back();
  skip_space_and_escapes();
  if (at_end()) return PgnStatus::END;
  game.first_line = line_;
  game_start_ = pos_;
  if (!read_tags(game, error) || !read_movetext(game, error)) {
    skip_to_next_game();
    return PgnStatus::ERROR;
  }
  return PgnStatus::GAME;
}

bool PgnReader::read_movetext(PgnGame& game, PgnError& error) {
  // The root position.
  Variant variant = CHESS;
  if (const std::string* v = game.tag("Variant"))
    if (!variant_of_tag(*v, variant))
      return fail(error, game.first_line, 1, PgnErrorCode::UNSUPPORTED_VARIANT, *v);
  game.variant = variant;
  Position pos;
  if (const std::string* fen = game.tag("FEN")) {
    FenError fe = pos.set_fen(*fen, variant);
    if (fe != FenError::OK) return fail(error, game.first_line, 1, PgnErrorCode::BAD_FEN_TAG, *fen, 0, fe);
  } else if (variant != CHESS) {
    pos.set_fen(start_fen(variant), variant);
  }
  game.root_fen = pos.fen();
  std::vector<PgnNode>& nodes = game.nodes;

  // One frame per open line: the node its moves branch from, the last move played in it,
  // and how many moves of it are on pos (to take them back at ')').
  struct Frame {
    int parent, last, plies, line, column;
  };
  std::vector<Frame> frames{{0, -1, 0, line_, column()}};
  std::vector<std::string> pending;  // comments waiting for the next move
  bool after_move = false;           // a comment now belongs after the last move

  auto undo = [&](const PgnNode& n) {
    if (n.san == "--")
      pos.undo_null_move();
    else
      pos.undo_move();
  };
  auto redo = [&](const PgnNode& n) {
    if (n.san == "--")
      pos.do_null_move();
    else
      pos.do_move(n.move);
  };
  auto add_comment = [&](std::string_view text) {
    Frame& f = frames.back();
    if (after_move && f.last >= 0 && pending.empty())
      nodes[f.last].comments_after.emplace_back(text);
    else
      pending.emplace_back(text);
  };
  auto add_nag = [&](int nag) {
    Frame& f = frames.back();
    if (f.last >= 0 && pending.empty()) nodes[f.last].nags.push_back(uint8_t(nag));
  };
  // Attaches comments left at the end of a line to its last move (or the root).
  auto flush_pending = [&](int node) {
    for (auto& c : pending) nodes[node].comments_after.push_back(std::move(c));
    pending.clear();
  };

  for (;;) {
    while (!at_end() && is_space(peek())) advance();
    if (at_end()) break;
    int l = line_, col = column();
    if (pos_ - game_start_ > limits_.max_game_bytes)
      return fail(error, l, col, PgnErrorCode::GAME_TOO_LONG, {}, long(limits_.max_game_bytes));
    if (pos_ - line_start_ > limits_.max_line_bytes)
      return fail(error, l, col, PgnErrorCode::LINE_TOO_LONG, {}, long(limits_.max_line_bytes));
    char c = peek();
    if (c == '%' && pos_ == line_start_) {
      skip_line();
      continue;
    }
    if (c == '{') {
      size_t save_pos = pos_, save_start = line_start_;
      int save_line = line_;
      advance();
      size_t start = pos_;
      while (!at_end() && peek() != '}') advance();
      if (at_end()) {
        // Resume just after the '{', so that the games after it are not lost.
        pos_ = save_pos + 1;
        line_ = save_line;
        line_start_ = save_start;
        return fail(error, l, col, PgnErrorCode::COMMENT_UNTERMINATED);
      }
      if (pos_ - start > limits_.max_token_bytes)
        return fail(error, l, col, PgnErrorCode::COMMENT_TOO_LONG, {}, long(limits_.max_token_bytes));
      add_comment(trim(text_.substr(start, pos_ - start)));
      advance();
      continue;
    }
    if (c == ';') {
      advance();
      size_t start = pos_;
      while (!at_end() && peek() != '\n') advance();
      if (pos_ - start > limits_.max_token_bytes)
        return fail(error, l, col, PgnErrorCode::COMMENT_TOO_LONG, {}, long(limits_.max_token_bytes));
      add_comment(trim(text_.substr(start, pos_ - start)));
      continue;
    }
    if (c == '(') {
      Frame& f = frames.back();
      if (f.last < 0) return fail(error, l, col, PgnErrorCode::VARIATION_WITHOUT_MOVE);
      if (int(frames.size()) > limits_.max_variation_depth)
        return fail(error, l, col, PgnErrorCode::VARIATION_TOO_DEEP, {}, limits_.max_variation_depth);
      if (!pending.empty()) flush_pending(f.last);
      undo(nodes[f.last]);
      --f.plies;
      int parent = nodes[f.last].parent;
      frames.push_back({parent, -1, 0, l, col});
      after_move = false;
      advance();
      continue;
    }
    if (c == ')') {
      if (frames.size() == 1) return fail(error, l, col, PgnErrorCode::VARIATION_UNOPENED);
      Frame g = frames.back();
      if (g.last >= 0) flush_pending(g.last);
      pending.clear();  // comments of an empty variation are dropped
      for (int i = 0; i < g.plies; ++i) {
        undo(nodes[g.last]);
        g.last = nodes[g.last].parent;
      }
      frames.pop_back();
      Frame& f = frames.back();
      redo(nodes[f.last]);
      ++f.plies;
      after_move = false;
      advance();
      continue;
    }
    if (c == '$') {
      advance();
      int nag = 0, digits = 0;
      while (is_digit(peek())) {
        if (++digits > 3) return fail(error, l, col, PgnErrorCode::NAG_RANGE);
        nag = nag * 10 + (peek() - '0');
        advance();
      }
      if (digits == 0) return fail(error, l, col, PgnErrorCode::NAG_NUMBER);
      if (nag > 255) return fail(error, l, col, PgnErrorCode::NAG_RANGE);
      add_nag(nag);
      continue;
    }
    if (c == '[') {
      if (!at_line_start()) return fail(error, l, col, PgnErrorCode::UNEXPECTED_TAG);
      break;  // the next game's tags: this one had no result
    }
    if (c == '*') {
      advance();
      if (frames.size() > 1) return fail(error, l, col, PgnErrorCode::RESULT_IN_VARIATION);
      game.result = "*";
      break;
    }
    if (is_delimiter(c))
      return fail(error, l, col, PgnErrorCode::UNEXPECTED_CHARACTER, std::string_view(&c, 1));

    size_t start = pos_;
    while (!at_end() && !is_delimiter(peek())) advance();
    std::string_view tok = text_.substr(start, pos_ - start);
    if (tok == "1-0" || tok == "0-1" || tok == "1/2-1/2") {
      if (frames.size() > 1) return fail(error, l, col, PgnErrorCode::RESULT_IN_VARIATION);
      game.result = std::string(tok);
      break;
    }
    // A move number ("12." or "12...") may be glued to its move ("12.e4").
    if (is_digit(tok[0])) {
      size_t i = 0;
      while (i < tok.size() && is_digit(tok[i])) ++i;
      if (i == tok.size()) continue;  // a bare number
      if (tok[i] == '.') {
        while (i < tok.size() && tok[i] == '.') ++i;
        tok.remove_prefix(i);
        col += int(i);
        if (tok.empty()) continue;
      }
    }
    // Glyphs, alone or after the move.
    size_t g = tok.size();
    while (g > 0 && (tok[g - 1] == '!' || tok[g - 1] == '?')) --g;
    int nag = glyph_nag(tok.substr(g));  // unknown runs such as "!!!" are ignored
    tok = tok.substr(0, g);
    if (tok.empty()) {
      if (nag) add_nag(nag);
      continue;
    }
    if (tok.size() > 16) return fail(error, l, col, PgnErrorCode::NOT_A_MOVE, tok.substr(0, 32));
    if (tok == "." || tok == "..") continue;

    if (int(nodes.size()) > limits_.max_nodes)
      return fail(error, l, col, PgnErrorCode::TOO_MANY_MOVES, {}, limits_.max_nodes);
    PgnNode node;
    if (tok == "--" || tok == "Z0") {
      if (pos.in_check()) return fail(error, l, col, PgnErrorCode::NULL_MOVE_IN_CHECK);
      node.move = MOVE_NULL;
      node.san = "--";
      node.uci = "0000";
      pos.do_null_move();
    } else {
      SanResult r = parse_san(pos, tok, false);
      if (r.status != SanStatus::OK) {
        PgnErrorCode code = r.status == SanStatus::ILLEGAL     ? PgnErrorCode::ILLEGAL_MOVE
                            : r.status == SanStatus::AMBIGUOUS ? PgnErrorCode::AMBIGUOUS_MOVE
                                                               : PgnErrorCode::NOT_A_MOVE;
        return fail(error, l, col, code, tok);
      }
      node.move = r.move;
      node.leniency = r.leniency;
      node.san = r.leniency == SAN_EXACT ? std::string(tok) : move_to_san(pos, r.move);
      node.uci = move_to_uci(pos, r.move);
      pos.do_move(r.move);
    }
    Frame& f = frames.back();
    node.parent = f.last >= 0 ? f.last : f.parent;
    // Comments before the game's first move are the game comment (python-chess's rule).
    if (frames.size() == 1 && f.last < 0) flush_pending(0);
    node.comments_before = std::move(pending);
    pending.clear();
    if (nag) node.nags.push_back(uint8_t(nag));
    int idx = int(nodes.size());
    nodes.push_back(std::move(node));
    nodes[nodes[idx].parent].children.push_back(idx);
    f.last = idx;
    ++f.plies;
    after_move = true;
  }
  if (frames.size() > 1)
    return fail(error, frames.back().line, frames.back().column, PgnErrorCode::VARIATION_UNCLOSED);
  if (!pending.empty()) flush_pending(frames.back().last >= 0 ? frames.back().last : 0);
  return true;
}

// ---- writing --------------------------------------------------------------------------------

namespace {

// Appends tokens separated by spaces, breaking lines before 80 columns.
struct LineWriter {
  std::string& out;
  size_t col = 0;
  static constexpr size_t WIDTH = 80;
  void token(std::string_view t) {
    if (col > 0 && col + 1 + t.size() > WIDTH) {
      out += '\n';
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
      out += '\n';
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

// Whether the reader takes a tag name back: letters, digits and '_'.
bool is_tag_name(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// Writes one tag pair. A tag whose name is no PGN symbol cannot be written so that a reader
// takes it back, so it is left out; a line feed in a value (it would end the tag) becomes a
// space.
void write_tag(std::string& out, std::string_view name, std::string_view value) {
  if (!is_tag_name(name)) return;
  out += '[';
  out += name;
  out += " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  out += "\"]\n";
}

}  // namespace

std::string write_pgn(const PgnGame& game) {
  std::string out;
  static constexpr const char* ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
  for (const char* name : ROSTER) {
    const std::string* v = game.tag(name);
    std::string def = std::strcmp(name, "Date") == 0     ? "????.??.??"
                      : std::strcmp(name, "Result") == 0 ? game.result
                                                         : "?";
    write_tag(out, name, v ? *v : def);
  }
  Position root;
  if (root.set_fen(game.root_fen.empty() ? start_fen(game.variant) : game.root_fen, game.variant) !=
      FenError::OK)
    root.set_fen(start_fen(game.variant), game.variant);
  Position start;
  start.set_fen(start_fen(game.variant), game.variant);
  bool needs_fen = root.fen() != start.fen();
  bool wrote_variant = false, wrote_fen = false, wrote_setup = false;
  for (const auto& [name, value] : game.tags) {
    bool roster = false;
    for (const char* r : ROSTER) roster |= name == r;
    if (roster) continue;
    if (name == "FEN") {
      write_tag(out, name, root.fen());
      wrote_fen = true;
    } else {
      write_tag(out, name, value);
      wrote_variant |= name == "Variant";
      wrote_setup |= name == "SetUp";
    }
  }
  if (game.variant != CHESS && !wrote_variant)
    write_tag(out, "Variant", game.variant == CHESS960 ? "Chess960" : "Makruk");
  if (needs_fen && !wrote_setup) write_tag(out, "SetUp", "1");
  if (needs_fen && !wrote_fen) write_tag(out, "FEN", root.fen());
  out += '\n';

  LineWriter w{out};
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
  w.token(game.result.empty() ? "*" : game.result);
  out += '\n';
  return out;
}

}  // namespace cw
