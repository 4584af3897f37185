// chesswasm — PGN reading: one game at a time, into a move tree (the writer: pgn_writer.cpp).
// SPDX-License-Identifier: MIT
#include "pgn.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstring>

#include "notation.h"
#include "setup.h"
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

// Character classes, as tables: white space, and what ends a movetext token (a move, a move
// number, a result or a glyph): white space, {}();$[]" and NUL.
struct CharClasses {
  bool space[256] = {}, delimiter[256] = {};
  constexpr CharClasses() {
    for (unsigned char c : {' ', '\t', '\n', '\r', '\f', '\v'}) space[c] = delimiter[c] = true;
    for (unsigned char c : {'{', '}', '(', ')', ';', '$', '[', ']', '"', '\0'}) delimiter[c] = true;
  }
};
constexpr CharClasses CHAR_CLASSES;

inline bool is_space(char c) { return CHAR_CLASSES.space[static_cast<unsigned char>(c)]; }
inline bool is_delimiter(char c) { return CHAR_CLASSES.delimiter[static_cast<unsigned char>(c)]; }

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// A tag name is a PGN symbol: a letter or digit, then letters, digits and `_+#=:-`.
bool is_symbol_start(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool is_symbol_char(char c) {
  return is_symbol_start(c) || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-';
}

// The token with the Unicode dashes some writers use in castling and results (U+2010 to
// U+2015, U+2212) written as '-', and '½' as "1/2" (in buf); the token itself when it has
// none.
std::string_view plain_dashes(std::string_view tok, std::string& buf) {
  if (tok.find('\xE2') == std::string_view::npos && tok.find('\xC2') == std::string_view::npos) return tok;
  buf.clear();
  for (size_t i = 0; i < tok.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(tok[i]);
    if (c == 0xE2 && i + 2 < tok.size()) {
      const unsigned char b = static_cast<unsigned char>(tok[i + 1]),
                          d = static_cast<unsigned char>(tok[i + 2]);
      if ((b == 0x80 && d >= 0x90 && d <= 0x95) || (b == 0x88 && d == 0x92)) {
        buf += '-';
        i += 2;
        continue;
      }
    } else if (c == 0xC2 && i + 1 < tok.size() && static_cast<unsigned char>(tok[i + 1]) == 0xBD) {
      buf += "1/2";
      ++i;
      continue;
    }
    buf += char(c);
  }
  return buf;
}

// The standard result that a token or tag value (dashes made plain) names, or "" for none.
std::string_view result_of(std::string_view s) {
  static constexpr std::string_view RESULTS[] = {"1-0", "0-1", "1/2-1/2", "*"};
  for (std::string_view r : RESULTS)
    if (s == r) return r;
  if (s == "1/2") return RESULTS[2];
  return {};
}

// Makes the result and the Result tag agree (see PgnReader): the marker, unless it is
// missing or '*' and the tag names a result.
void settle_result(PgnGame& game) {
  if (game.result == "*")
    if (const std::string* tag = game.tag("Result")) {
      std::string buf;
      std::string_view r = result_of(plain_dashes(*tag, buf));
      if (!r.empty()) game.result = std::string(r);
    }
  game.set_tag("Result", game.result);
}

// The NAG of a move-suffix glyph ("!" 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6), else 0.
int glyph_nag(std::string_view g) {
  if (g.size() == 1) return g[0] == '!' ? 1 : 2;
  if (g.size() != 2) return 0;
  return g == "!!" ? 3 : g == "??" ? 4 : g == "!?" ? 5 : 6;
}

// The variant a Variant tag names; false for one the core does not play.
bool variant_of_tag(std::string_view value, Variant& v) {
  const Variant parsed = parse_variant(value);
  if (parsed == VARIANT_NB) return false;
  v = parsed;
  return true;
}

}  // namespace

bool is_pgn_tag_name(std::string_view name) {
  if (name.empty() || !is_symbol_start(name[0])) return false;
  for (char c : name)
    if (!is_symbol_char(c)) return false;
  return true;
}

bool is_pgn_result(std::string_view s) { return !result_of(s).empty(); }

namespace {
// Not inlined into the ten initialisers below: each copy of a whole FEN parse cost the .wasm
// 0.2 KB gzipped.
CW_SIZE_CODE_BEGIN
[[gnu::noinline]] Position start_position(Variant v) {
  Position p;
  p.set_fen(start_fen(v), v);
  return p;
}
CW_SIZE_CODE_END
// The start positions, copied into the reader's board (cheaper than parsing a FEN per game).
// Made at start-up, not on first use: a first use during a big read would leave them for good
// in the middle of the wasm heap, past the text's block, and the heap could not reuse that
// block for a bigger input (tests/unit/buffers.test.ts).
const Position START_POSITIONS[VARIANT_NB] = {start_position(CHESS),
                                              start_position(CHESS960),
                                              start_position(MAKRUK),
                                              start_position(CRAZYHOUSE),
                                              start_position(ATOMIC),
                                              start_position(ANTICHESS),
                                              start_position(KING_OF_THE_HILL),
                                              start_position(THREE_CHECK),
                                              start_position(RACING_KINGS),
                                              start_position(HORDE)};
}  // namespace

PgnReader::PgnReader(std::string_view text, PgnLimits limits) : text_(text), limits_(limits) {
  if (text_.size() >= 3 && std::memcmp(text_.data(), "\xEF\xBB\xBF", 3) == 0) pos_ = line_start_ = 3;
}

void PgnReader::clear_node(PgnNode& n) {
  n.move = MOVE_NONE;
  n.parent = -1;
  n.children.clear();
  n.san.clear();
  n.uci.clear();
  n.comments_before.clear();
  n.comments_after.clear();
  n.nags.clear();
  n.leniency = 0;
}

PgnNode& PgnReader::new_node(std::vector<PgnNode>& nodes) {
  if (used_nodes_ == nodes.size()) {
    if (spare_nodes_.empty()) {
      nodes.emplace_back();
    } else {
      nodes.push_back(std::move(spare_nodes_.back()));
      spare_nodes_.pop_back();
    }
  }
  PgnNode& n = nodes[used_nodes_++];
  clear_node(n);
  return n;
}

void PgnReader::trim_nodes(PgnGame& game) {
  for (size_t i = game.nodes.size(); i-- > used_nodes_;) spare_nodes_.push_back(std::move(game.nodes[i]));
  game.nodes.resize(used_nodes_);
}

void PgnReader::advance_to(size_t end) {
  const char* base = text_.data();
  while (pos_ < end) {
    const void* nl = std::memchr(base + pos_, '\n', end - pos_);
    if (!nl) break;
    pos_ = size_t(static_cast<const char*>(nl) - base) + 1;
    ++line_;
    line_start_ = pos_;
  }
  pos_ = end;
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

// Error reporting and recovery: cold, compiled for size in the wasm build (types.h).
CW_SIZE_CODE_BEGIN

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
    {"SETUP_WITHOUT_FEN", "a SetUp tag \"1\" without a FEN tag"},
    {"REFUSED_TOLERANCE", "move not in the SAN required \"%s\""},
};
constexpr size_t PGN_ERROR_COUNT = sizeof(PGN_ERRORS) / sizeof(PGN_ERRORS[0]);

// Whether a FEN's castling field names a rook by its file (Shredder-FEN, "HAha"): how the
// writer marks a lichess rule set played with Chess960 castling, which has no Variant name.
bool has_file_letter_rights(const std::string& fen) {
  size_t field = fen.find(' ');
  if (field != std::string::npos) field = fen.find(' ', field + 1);
  if (field == std::string::npos) return false;
  for (size_t i = field + 1; i < fen.size() && fen[i] != ' '; ++i) {
    const char c = static_cast<char>(fen[i] | 0x20);
    if (c >= 'a' && c <= 'h') return true;
  }
  return false;
}

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

// Not inlined: each of the ~40 places that fail would get a copy (1 KB of .wasm in all).
[[gnu::noinline, gnu::cold]] bool PgnReader::fail(PgnError& error, int line, int column, PgnErrorCode code,
                                                  std::string_view detail, long limit, FenError fen_error) {
  error.line = line;
  error.column = column;
  error.code = code;
  error.detail = std::string(detail);
  error.limit = limit;
  error.fen_error = fen_error;
  error.message = pgn_error_message(error);
  return false;
}

CW_SIZE_CODE_END

bool PgnReader::read_tags(PgnGame& game, PgnError& error) {
  while (peek() == '[') {
    int l = line_, c = column();
    advance();
    while (!at_end() && is_space(peek())) advance();
    size_t name_start = pos_;
    if (is_symbol_start(peek()))
      while (!at_end() && is_symbol_char(peek())) advance();
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
    // The limit counts the Result tag that every game gets (see settle_result).
    const bool result_slot = name != "Result" && !game.tag("Result");
    if (int(game.tags.size()) + result_slot >= limits_.max_tags && !game.tag(name))
      return fail(error, l, c, PgnErrorCode::TOO_MANY_TAGS, {}, limits_.max_tags);
    game.set_tag(name, value);
    // White space and escape lines up to the next tag. One blank line between two tag
    // pairs continues the section (ChessBase writes one after the Event tag); two or more
    // blank lines end it, and so does one before a tag name the section has already (the
    // next game's tags: a game of tags only before it).
    int blanks = 0;
    bool content = true;
    while (!at_end() && blanks < 2) {
      const char ch = peek();
      if (ch == '\n') {
        blanks += !content;
        content = false;
        advance();
      } else if (ch == '%' && pos_ == line_start_) {
        skip_line();  // an escape line
      } else if (is_space(ch)) {
        advance();
      } else {
        break;
      }
    }
    if (blanks >= 2 || peek() != '[') break;
    if (blanks == 1 && game.tag(next_tag_name())) break;
  }
  return true;
}

std::string_view PgnReader::next_tag_name() const {
  size_t i = pos_ + 1;
  while (i < text_.size() && text_[i] != '\n' && is_space(text_[i])) ++i;
  const size_t start = i;
  if (i < text_.size() && is_symbol_start(text_[i]))
    while (i < text_.size() && is_symbol_char(text_[i])) ++i;
  return text_.substr(start, i - start);
}

PgnStatus read_pgn(std::string_view text, PgnGame& game, PgnError& error) {
  PgnReader reader(text);
  return reader.read_game(game, error);
}

PgnStatus PgnReader::read_game(PgnGame& game, PgnError& error) {
  // The game is replaced, its nodes reused in place (cleared as they are needed) with their
  // buffers (children, comments, strings), then the reader's spare nodes (the surplus of
  // earlier games, see trim_nodes): reading many games into one PgnGame then allocates next
  // to nothing.
  if (game.nodes.empty()) game.nodes.emplace_back();
  used_nodes_ = 1;
  clear_node(game.nodes[0]);
  game.tags.clear();
  game.variant = CHESS;
  game.chess960 = false;
  game.root_fen.clear();
  game.result = "*";
  game.first_line = 1;
  skip_space_and_escapes();
  if (at_end()) return trim_nodes(game), PgnStatus::END;
  game.first_line = line_;
  game_start_ = pos_;
  in_movetext_ = lost_sync_ = false;
  if (!read_tags(game, error)) {
    skip_tag_section();
    return trim_nodes(game), PgnStatus::ERROR;
  }
  const bool ok = read_movetext(game, error);
  trim_nodes(game);
  if (!ok) {
    if (lost_sync_)
      skip_to_next_game();
    else
      skip_rest_of_game(in_movetext_ && pos_ > movetext_start_);
    if (!partial_ || !in_movetext_) return PgnStatus::ERROR;
    settle_result(game);
    return PgnStatus::PARTIAL;
  }
  settle_result(game);
  return PgnStatus::GAME;
}

// Error recovery: compiled for size in the wasm build (types.h).
CW_SIZE_CODE_BEGIN

void PgnReader::skip_tag_section() {
  if (pos_ != line_start_) skip_line();
  // The section's other tags: the lines up to a blank line that start with '['.
  while (!at_end()) {
    size_t i = pos_;
    while (i < text_.size() && text_[i] != '\n' && is_space(text_[i])) ++i;
    if (i >= text_.size() || text_[i] != '[') break;
    skip_line();
  }
  skip_rest_of_game(false);
}

void PgnReader::skip_rest_of_game(bool moved) {
  int depth = 0;  // open variations
  std::string buf;
  for (;;) {
    int newlines = pos_ == line_start_;
    bool blank_line = false;
    while (!at_end() && is_space(peek())) {
      if (peek() == '\n') blank_line |= ++newlines >= 2;
      advance();
    }
    if (at_end() || (blank_line && moved && depth == 0)) return;
    const char c = peek();
    if (c == '%' && pos_ == line_start_) {
      skip_line();
    } else if (c == '[' && at_line_start()) {
      return;  // the next game's tags
    } else if (c == '{') {
      const size_t close = text_.find('}', pos_ + 1);
      if (close == std::string_view::npos) {  // never closed: find the next game by its lines
        advance();
        skip_to_next_game();
        return;
      }
      while (pos_ <= close) advance();
    } else if (c == ';') {
      while (!at_end() && peek() != '\n') advance();
    } else if (c == '(' || c == ')') {
      depth = c == '(' ? depth + 1 : std::max(depth - 1, 0);
      advance();
    } else if (is_delimiter(c)) {
      advance();
    } else {
      moved = true;
      const size_t start = pos_;
      while (!at_end() && !is_delimiter(peek())) advance();
      if (depth == 0 && !result_of(plain_dashes(text_.substr(start, pos_ - start), buf)).empty()) return;
    }
  }
}

CW_SIZE_CODE_END

// ---- movetext, in steps -----------------------------------------------------------------------
//
// read_movetext sets up the root position (set_up_root), then reads items until the game ends:
// white space (skip_movetext_space), escape lines, comments (read_brace_comment,
// read_line_comment), variations (open_variation, close_variation), NAGs (read_nag), the next
// game's tags, and tokens (read_token_item: a result, a move number, glyphs, a move played by
// play_move). finish_movetext checks that every variation closed and places the last comments.
// A step that fails fills the error; read_game then recovers (skip_rest_of_game and the rest).

// The state of the movetext being read: one frame per open line (the node its moves branch
// from, the last move played in it, how many moves of it are on the board, to take them back
// at ')', where it opened, and whether a comment belonged after a move when it opened), the
// comments waiting for the next move.
struct PgnReader::Movetext {
  struct Frame {
    int parent, last, plies, line, column;
    bool after_move_outside = false;
  };
  PgnGame& game;
  Position& pos;
  std::vector<Frame> frames;
  std::vector<std::string> pending;  // comments waiting for the next move
  bool after_move = false;           // a comment now belongs after the last move
  bool ended = false;                // the game's end was read (a result, the next game's tags)
  std::string dash_buf;              // a token with its Unicode dashes made plain

  Movetext(PgnGame& g, Position& p, int line, int column)
      : game(g), pos(p), frames{{0, -1, 0, line, column}} {}

  std::vector<PgnNode>& nodes() { return game.nodes; }
  bool in_variation() const { return frames.size() > 1; }
  void undo(const PgnNode& n) {
    if (n.san == "--")
      pos.undo_null_move();
    else
      pos.undo_move();
  }
  void redo(const PgnNode& n) {
    if (n.san == "--")
      pos.do_null_move();
    else
      pos.do_move(n.move);
  }
  void add_comment(std::string_view text) {
    const Frame& f = frames.back();
    if (after_move && f.last >= 0 && pending.empty())
      nodes()[f.last].comments_after.emplace_back(text);
    else
      pending.emplace_back(text);
  }
  void add_nag(int nag) {
    const Frame& f = frames.back();
    if (f.last >= 0 && pending.empty()) nodes()[f.last].nags.push_back(uint8_t(nag));
  }
  // Attaches comments left at the end of a line to its last move (or the root).
  void flush_pending(int node) {
    for (auto& c : pending) nodes()[node].comments_after.push_back(std::move(c));
    pending.clear();
  }
};

// The root position, once per game: compiled for size in the wasm build (types.h), and not
// inlined into the reading loop.
CW_SIZE_CODE_BEGIN

const std::string* PgnReader::root_fen_tag(const PgnGame& game, PgnError& error, bool& ok) {
  ok = true;
  switch (fen_rule_) {
    case FenTagRule::FEN_TAG:
      return game.tag("FEN");
    case FenTagRule::ANY_CASE: {
      const std::string* fen = nullptr;
      for (const auto& t : game.tags)
        if (t.first.size() == 3 && (t.first[0] | 0x20) == 'f' && (t.first[1] | 0x20) == 'e' &&
            (t.first[2] | 0x20) == 'n')
          fen = &t.second;
      return fen;
    }
    case FenTagRule::WITH_SETUP:
      if (const std::string* setup = game.tag("SetUp"); setup && *setup == "1") {
        const std::string* fen = game.tag("FEN");
        if (!fen) ok = fail(error, game.first_line, 1, PgnErrorCode::SETUP_WITHOUT_FEN);
        return fen;
      }
      return nullptr;
  }
  return nullptr;
}

[[gnu::noinline]] bool PgnReader::set_up_root(PgnGame& game, PgnError& error) {
  Variant variant = CHESS;
  if (const std::string* v = game.tag("Variant"))
    if (!variant_of_tag(*v, variant))
      return fail(error, game.first_line, 1, PgnErrorCode::UNSUPPORTED_VARIANT, *v);
  game.variant = variant;
  // The reader's board, set to the root (a copy of a start position reuses its storage).
  Position& pos = board_;
  bool ok = true;
  const std::string* fen = root_fen_tag(game, error, ok);
  if (!ok) return false;
  if (!fen) {
    pos = START_POSITIONS[variant];
    game.root_fen = start_fen(variant);  // what pos.fen() writes for it
    assert(game.root_fen == pos.fen());
    return true;
  }
  std::string repaired;
  if (drop_contradicted_) {
    repaired = drop_contradicted_fields(*fen, variant);
    if (repaired != *fen) fen = &repaired;
  }
  FenError fe = FenError::OK;
  if (any_board_) {
    Setup s;
    fe = s.parse(*fen, variant);
    if (fe == FenError::OK) fe = s.build(pos, TOLERATE_ANY_BOARD);
  } else {
    fe = pos.set_fen(*fen, variant);
    // A lichess rule set has no name for its Chess960 form: a FEN whose castling rights
    // make sense only with Chess960 castling (a king off the e-file, an inner rook, a
    // Shredder letter) is read with it.
    if ((fe == FenError::CASTLING_NO_KING || fe == FenError::CASTLING_NO_ROOK ||
         (fe == FenError::OK && has_file_letter_rights(*fen))) &&
        is_lichess_variant(variant) && variant_has_castling(variant) &&
        pos.set_fen(*fen, variant, true) == FenError::OK) {
      fe = FenError::OK;
      game.chess960 = true;
    }
  }
  if (fe != FenError::OK) return fail(error, game.first_line, 1, PgnErrorCode::BAD_FEN_TAG, *fen, 0, fe);
  game.root_fen = pos.fen();
  return true;
}

CW_SIZE_CODE_END

bool PgnReader::skip_movetext_space() {
  // (a local cursor: the members are written once)
  bool blank_line = false;
  const char* const text = text_.data();
  size_t p = pos_;
  int newlines = pos_ == line_start_;  // a run that starts a line ends a blank one at its first '\n'
  while (p < text_.size() && is_space(text[p])) {
    if (text[p] == '\n') {
      ++line_;
      line_start_ = p + 1;
      blank_line |= ++newlines >= 2;
    }
    ++p;
  }
  pos_ = p;
  return blank_line;
}

bool PgnReader::within_movetext_limits(PgnError& error, int l, int col) {
  if (pos_ - game_start_ > limits_.max_game_bytes)
    return fail(error, l, col, PgnErrorCode::GAME_TOO_LONG, {}, long(limits_.max_game_bytes));
  if (pos_ - line_start_ > limits_.max_line_bytes)
    return fail(error, l, col, PgnErrorCode::LINE_TOO_LONG, {}, long(limits_.max_line_bytes));
  return true;
}

bool PgnReader::read_brace_comment(Movetext& m, PgnError& error, int l, int col) {
  const size_t save_pos = pos_, save_start = line_start_;
  const int save_line = line_;
  advance();
  const size_t start = pos_;
  const size_t close = text_.find('}', start);
  if (close == std::string_view::npos) {
    // Resume just after the '{', so that the games after it are not lost.
    pos_ = save_pos + 1;
    line_ = save_line;
    line_start_ = save_start;
    lost_sync_ = true;
    return fail(error, l, col, PgnErrorCode::COMMENT_UNTERMINATED);
  }
  advance_to(close);
  if (pos_ - start > limits_.max_token_bytes)
    return fail(error, l, col, PgnErrorCode::COMMENT_TOO_LONG, {}, long(limits_.max_token_bytes));
  const std::string_view body = text_.substr(start, pos_ - start);
  m.add_comment(raw_braces_ ? body : trim(body));
  advance();
  return true;
}

bool PgnReader::read_line_comment(Movetext& m, PgnError& error, int l, int col) {
  advance();
  const size_t start = pos_;
  pos_ = std::min(text_.find('\n', start), text_.size());  // the line's end, not crossed
  if (pos_ - start > limits_.max_token_bytes)
    return fail(error, l, col, PgnErrorCode::COMMENT_TOO_LONG, {}, long(limits_.max_token_bytes));
  m.add_comment(trim(text_.substr(start, pos_ - start)));
  return true;
}

bool PgnReader::open_variation(Movetext& m, PgnError& error, int l, int col) {
  Movetext::Frame& f = m.frames.back();
  if (f.last < 0) return fail(error, l, col, PgnErrorCode::VARIATION_WITHOUT_MOVE);
  if (int(m.frames.size()) > limits_.max_variation_depth)
    return fail(error, l, col, PgnErrorCode::VARIATION_TOO_DEEP, {}, limits_.max_variation_depth);
  if (!m.pending.empty()) m.flush_pending(f.last);
  // The variation replaces the line's last move: taken back, its parent is the branch point.
  m.undo(m.nodes()[f.last]);
  --f.plies;
  const int parent = m.nodes()[f.last].parent;
  m.frames.push_back({parent, -1, 0, l, col, m.after_move});
  m.after_move = false;
  advance();
  return true;
}

bool PgnReader::close_variation(Movetext& m, PgnError& error, int l, int col) {
  if (!m.in_variation()) return fail(error, l, col, PgnErrorCode::VARIATION_UNOPENED);
  Movetext::Frame g = m.frames.back();
  if (g.last >= 0) m.flush_pending(g.last);
  m.pending.clear();  // comments of an empty variation are dropped
  for (int i = 0; i < g.plies; ++i) {
    m.undo(m.nodes()[g.last]);
    g.last = m.nodes()[g.last].parent;
  }
  m.frames.pop_back();
  // The outer line's last move, taken back when the variation opened, is played again.
  Movetext::Frame& f = m.frames.back();
  m.redo(m.nodes()[f.last]);
  ++f.plies;
  // After a variation, a comment waits for the next move (the writer puts it after the ')');
  // an empty variation is dropped, so the comments after it go where they went before it.
  m.after_move = g.last < 0 && g.after_move_outside;
  advance();
  return true;
}

bool PgnReader::read_nag(Movetext& m, PgnError& error, int l, int col) {
  advance();
  int nag = 0, digits = 0;
  while (is_digit(peek())) {
    if (++digits > 3) return fail(error, l, col, PgnErrorCode::NAG_RANGE);
    nag = nag * 10 + (peek() - '0');
    advance();
  }
  if (digits == 0) return fail(error, l, col, PgnErrorCode::NAG_NUMBER);
  if (nag > 255) return fail(error, l, col, PgnErrorCode::NAG_RANGE);
  m.add_nag(nag);
  return true;
}

std::string_view PgnReader::next_token(std::string& dash_buf) {
  // No line ends inside a token; note whether it has a byte beyond ASCII.
  const char* const text = text_.data();
  const size_t start = pos_;
  unsigned high = 0;
  size_t p = start;
  while (p < text_.size() && !is_delimiter(text[p])) high |= static_cast<unsigned char>(text[p++]);
  pos_ = p;
  const std::string_view tok = text_.substr(start, p - start);
  return high & 0x80 ? plain_dashes(tok, dash_buf) : tok;
}

namespace {

// The token without a move number before it ("12." or "12..." may be glued to its move:
// "12.e4"; col moves past it); empty for a move number alone.
inline std::string_view strip_move_number(std::string_view tok, int& col) {
  if (!is_digit(tok[0])) return tok;
  size_t i = 0;
  while (i < tok.size() && is_digit(tok[i])) ++i;
  if (i == tok.size()) return {};  // a bare number
  if (tok[i] != '.') return tok;
  while (i < tok.size() && tok[i] == '.') ++i;
  col += int(i);
  return tok.substr(i);
}

// Takes trailing glyphs (`!`, `?`) off the token; returns their NAG (0 for unknown runs such as
// "!!!", which are ignored).
inline int strip_glyphs(std::string_view& tok) {
  size_t g = tok.size();
  while (g > 0 && (tok[g - 1] == '!' || tok[g - 1] == '?')) --g;
  const int nag = glyph_nag(tok.substr(g));
  tok = tok.substr(0, g);
  return nag;
}

}  // namespace

bool PgnReader::read_token_item(Movetext& m, PgnError& error, int l, int col) {
  std::string_view tok = next_token(m.dash_buf);
  if (tok.size() >= 3 && (tok[0] == '0' || tok[0] == '1'))
    if (std::string_view r = result_of(tok); !r.empty()) {
      if (m.in_variation()) return fail(error, l, col, PgnErrorCode::RESULT_IN_VARIATION);
      m.game.result = std::string(r);
      m.ended = true;
      return true;
    }
  tok = strip_move_number(tok, col);
  if (tok.empty()) return true;
  const int nag = strip_glyphs(tok);
  if (tok.empty()) {  // glyphs alone
    if (nag) m.add_nag(nag);
    return true;
  }
  if (tok.size() > 16) return fail(error, l, col, PgnErrorCode::NOT_A_MOVE, tok.substr(0, 32));
  if (tok[0] == '.' && (tok.size() == 1 || (tok.size() == 2 && tok[1] == '.'))) return true;  // "1. ..."
  return play_move(m, tok, nag, error, l, col);
}

bool PgnReader::play_move(Movetext& m, std::string_view tok, int nag, PgnError& error, int l, int col) {
  if (int(used_nodes_) > limits_.max_nodes)
    return fail(error, l, col, PgnErrorCode::TOO_MANY_MOVES, {}, limits_.max_nodes);
  Position& pos = m.pos;
  Move move = MOVE_NONE;
  uint16_t leniency = 0;
  const bool null_move =
      tok.size() == 2 && ((tok[0] == '-' && tok[1] == '-') || (tok[0] == 'Z' && tok[1] == '0'));
  if (null_move) {
    if (pos.in_check()) return fail(error, l, col, PgnErrorCode::NULL_MOVE_IN_CHECK);
  } else {
    const SanResult r = parse_san(pos, tok, false);
    if (r.status != SanStatus::OK) {
      const PgnErrorCode code = r.status == SanStatus::ILLEGAL     ? PgnErrorCode::ILLEGAL_MOVE
                                : r.status == SanStatus::AMBIGUOUS ? PgnErrorCode::AMBIGUOUS_MOVE
                                                                   : PgnErrorCode::NOT_A_MOVE;
      return fail(error, l, col, code, tok);
    }
    move = r.move;
    leniency = r.leniency;
    if ((leniency & refused_) && !m.in_variation())
      return fail(error, l, col, PgnErrorCode::REFUSED_TOLERANCE, tok);
  }
  Movetext::Frame& f = m.frames.back();
  // Comments before the game's first move are the game comment (python-chess's rule).
  if (!m.in_variation() && f.last < 0) m.flush_pending(0);
  std::vector<PgnNode>& nodes = m.nodes();
  const int idx = int(used_nodes_);
  PgnNode& node = new_node(nodes);  // filled in place
  node.move = move;
  node.leniency = leniency;
  node.parent = f.last >= 0 ? f.last : f.parent;
  if (null_move) {
    node.san = "--";
    if (fill_uci_) node.uci = "0000";
    pos.do_null_move();
  } else {
    node.san = leniency == SAN_EXACT ? std::string(tok) : move_to_san(pos, move);
    if (fill_uci_) node.uci = move_to_uci(pos, move);
    pos.do_move(move);
  }
  if (!m.pending.empty()) {
    node.comments_before = std::move(m.pending);
    m.pending.clear();
  }
  if (nag) node.nags.push_back(uint8_t(nag));
  nodes[node.parent].children.push_back(idx);
  f.last = idx;
  ++f.plies;
  m.after_move = true;
  return true;
}

bool PgnReader::finish_movetext(Movetext& m, PgnError& error) {
  const Movetext::Frame& f = m.frames.back();
  if (m.in_variation()) return fail(error, f.line, f.column, PgnErrorCode::VARIATION_UNCLOSED);
  if (!m.pending.empty()) m.flush_pending(f.last >= 0 ? f.last : 0);
  return true;
}

bool PgnReader::read_movetext(PgnGame& game, PgnError& error) {
  if (!set_up_root(game, error)) return false;
  in_movetext_ = true;
  movetext_start_ = pos_;
  Movetext m(game, board_, line_, column());
  for (;;) {
    // A blank line (only white space between two line ends) after a main-line move ends
    // the game, with or without a result (chessops and python-chess read so): movetext
    // after it is the next game's.
    const bool blank_line = skip_movetext_space();
    if (blank_line && !m.in_variation() && m.frames[0].last >= 0) break;
    if (at_end()) break;
    const int l = line_, col = column();
    if (!within_movetext_limits(error, l, col)) return false;
    const char c = peek();
    bool ok = true;
    if (c == '%' && pos_ == line_start_) {
      skip_line();  // an escape line
    } else if (c == '{') {
      ok = read_brace_comment(m, error, l, col);
    } else if (c == ';') {
      ok = read_line_comment(m, error, l, col);
    } else if (c == '(') {
      ok = open_variation(m, error, l, col);
    } else if (c == ')') {
      ok = close_variation(m, error, l, col);
    } else if (c == '$') {
      ok = read_nag(m, error, l, col);
    } else if (c == '[') {
      if (!at_line_start()) return fail(error, l, col, PgnErrorCode::UNEXPECTED_TAG);
      break;  // the next game's tags: this one had no result
    } else if (c == '*') {
      advance();
      if (m.in_variation()) return fail(error, l, col, PgnErrorCode::RESULT_IN_VARIATION);
      game.result = "*";
      break;
    } else if (is_delimiter(c)) {
      return fail(error, l, col, PgnErrorCode::UNEXPECTED_CHARACTER, std::string_view(&c, 1));
    } else {
      ok = read_token_item(m, error, l, col);
    }
    if (!ok) return false;
    if (m.ended) break;
  }
  return finish_movetext(m, error);
}

}  // namespace cw
