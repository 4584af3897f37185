// chesswasm — move notation: UCI and SAN.
// SPDX-License-Identifier: MIT
#include "notation.h"

#include "attacks.h"
#include "rules.h"

namespace cw {

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return std::string{char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string move_to_uci(const Position& pos, Move m) { return move_to_uci(m, pos.variant(), pos.chess960()); }

std::string move_to_uci(Move m, Variant v, bool chess960) {
  if (m == MOVE_NONE) return "0000";
  if (is_drop(m)) {
    const Square to = move_to(m);
    return std::string{"?PNBRQ"[drop_type(m) % 6], '@', char('a' + file_of(to)), char('1' + rank_of(to))};
  }
  Square from = move_from(m), to = move_to(m);
  if (is_castling(m) && !castling_chess960(v, chess960))
    to = castle_king_to(rank_of(from) == 0 ? WHITE : BLACK, move_flag(m) == CASTLE_KING);
  const PieceType pt = promotion_type(m, v);
  char s[5] = {char('a' + file_of(from)), char('1' + rank_of(from)), char('a' + file_of(to)),
               char('1' + rank_of(to)), " pnbrqkmsm"[pt]};
  return std::string(s, pt != NO_PIECE_TYPE ? 5 : 4);
}

Move parse_uci(const Position& pos, std::string_view uci) {
  if (uci.size() == 4 && uci[1] == '@') {  // a drop: N@f3, P@e4
    const PieceType pt = piece_type_of_letter(uci[0], pos.variant());
    const char f = uci[2], r = uci[3];
    if (pt == NO_PIECE_TYPE || pt == KING || uci[0] > 'Z' || f < 'a' || f > 'h' || r < '1' || r > '8')
      return MOVE_NONE;
    const Move m = make_drop(pt, make_square(f - 'a', r - '1'));
    return pos.variant() == CRAZYHOUSE && is_legal(pos, m) ? m : MOVE_NONE;
  }
  if (uci.size() < 4 || uci.size() > 5) return MOVE_NONE;
  auto sq = [&](size_t i) -> Square {
    char f = uci[i], r = uci[i + 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return SQ_NONE;
    return make_square(f - 'a', r - '1');
  };
  Square from = sq(0), to = sq(2);
  if (from == SQ_NONE || to == SQ_NONE) return MOVE_NONE;
  PieceType promo = NO_PIECE_TYPE;
  if (uci.size() == 5) {
    switch (uci[4] | 0x20) {
      case 'n':
        promo = KNIGHT;
        break;
      case 'b':
        promo = BISHOP;
        break;
      case 'r':
        promo = ROOK;
        break;
      case 'q':
        promo = QUEEN;
        break;
      case 'm':
        promo = PMET;
        break;
      case 'k':
        promo = KING;
        break;
      default:
        return MOVE_NONE;
    }
  }
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    if (is_drop(m) || move_from(m) != from || promotion_type(m, pos.variant()) != promo) continue;
    if (move_to(m) == to) {
      // In standard chess a king-to-rook castling is only accepted as such.
      return m;
    }
    if (is_castling(m) && !pos.chess960() &&
        castle_king_to(pos.side_to_move(), move_flag(m) == CASTLE_KING) == to)
      return m;
  }
  return MOVE_NONE;
}

// ---- SAN ------------------------------------------------------------------------------------

namespace {

// SAN letter of a piece type; Makruk's Met and promoted Bia share M.
constexpr char PIECE_LETTER[PIECE_TYPE_NB] = {'?', 'P', 'N', 'B', 'R', 'Q', 'K', 'M', 'S', 'M'};

// The piece type a SAN letter names in the variant (MET stands for Met and promoted Bia):
// an upper-case piece letter other than P.
constexpr PieceType piece_of_letter(char c, Variant v) {
  return c >= 'A' && c <= 'Z' && c != 'P' ? piece_type_of_letter(c, v) : NO_PIECE_TYPE;
}

// The promotion piece a letter (either case) names, NO_PIECE_TYPE if none.
PieceType promotion_of_letter(char c, Variant v) {
  switch (c | 0x20) {
    case 'n':
      return v == MAKRUK ? NO_PIECE_TYPE : KNIGHT;
    case 'b':
      return v == MAKRUK ? NO_PIECE_TYPE : BISHOP;
    case 'r':
      return v == MAKRUK ? NO_PIECE_TYPE : ROOK;
    case 'q':
      return v == MAKRUK ? NO_PIECE_TYPE : QUEEN;
    case 'm':
      return v == MAKRUK ? PMET : NO_PIECE_TYPE;
    case 'k':
      return v == ANTICHESS ? KING : NO_PIECE_TYPE;
    default:
      return NO_PIECE_TYPE;
  }
}

// Both types are written with the same SAN letter.
inline bool same_letter(PieceType a, PieceType b) { return PIECE_LETTER[a] == PIECE_LETTER[b]; }

// The pieces of set that reach s as pieces of type pt (of colour c) on the board occ: the
// empty-board attacks and, for a slider, nothing between (small tables; no magic lookup,
// whose big table misses the cache). Equals attacks_of(pt, c, s, occ) & set.
[[gnu::noinline]] Bitboard reaching(PieceType pt, Color c, Square s, Bitboard set, Bitboard occ) {
  Bitboard b = attacks_of(pt, c, s, 0) & set;
  if (pt < BISHOP || pt > QUEEN) return b;
  Bitboard r = 0;
  for (Bitboard x = b; x;) {
    const Square f = pop_lsb(x);
    if (!(between_bb(s, f) & occ)) r |= square_bb(f);
  }
  return r;
}

// Origin information SAN needs for a (non-castling) move m among the legal moves: bit 0
// the file, bit 1 the rank. Pawn captures always need the file. Chess pieces find their
// twins (other pieces of the kind that can legally go to the same square) from the attack
// tables; Makruk's (the Met and the promoted Bia share a letter) from the legal list, which
// must then be given.
int needed_disambiguation(const Position& pos, Move m, const MoveList* legal) {
  Square from = move_from(m), to = move_to(m);
  PieceType pt = type_of(pos.piece_on(from));
  if (pt == PAWN) return is_capture(m) ? 1 : 0;
  if (pt == KING && pos.variant() != ANTICHESS) return 0;
  bool twin = false, same_file = false, same_rank = false;
  if (is_lichess_variant(pos.variant()) && !legal) return 0;
  if (pt <= QUEEN && !is_lichess_variant(pos.variant())) {
    // Most moves have no twin at all: no other piece of the kind even attacks the square.
    const Color us = pos.side_to_move();
    Bitboard others = reaching(pt, us, to, pos.pieces(us, pt) & ~square_bb(from), pos.pieces());
    while (others) {
      const Square of = pop_lsb(others);
      if (!king_safe_after(pos, make_move(of, to, move_flag(m)))) continue;
      twin = true;
      same_file |= file_of(of) == file_of(from);
      same_rank |= rank_of(of) == rank_of(from);
    }
  } else {
    for (Move o : *legal) {
      Square of = move_from(o);
      if (of == from || move_to(o) != to || is_castling(o) || is_drop(o)) continue;
      if (!same_letter(type_of(pos.piece_on(of)), pt)) continue;
      twin = true;
      same_file |= file_of(of) == file_of(from);
      same_rank |= rank_of(of) == rank_of(from);
    }
  }
  if (!twin) return 0;
  if (!same_file) return 1;
  if (!same_rank) return 2;
  return 3;
}

// The check suffix a legal move earns: 0, '+' or '#'. Plays m on pos and takes it back.
char check_suffix(Position& pos, Move m) {
  if (is_lichess_variant(pos.variant())) {
    // '#' after a move that decides the game, by mate or by the variant's rule (as
    // python-chess and chessops: in antichess the move that leaves the opponent without
    // pieces or moves, a win for the opponent, gets it too); '+' after a check.
    pos.do_move(m);
    const Outcome o = outcome(pos);
    const bool check = pos.in_check();
    pos.undo_move();
    return o.is_over() && o.winner != COLOR_NB ? '#' : check ? '+' : 0;
  }
  if (!pos.gives_check(m)) return 0;
  pos.do_move(m);
  bool mate = !has_legal_move(pos);
  pos.undo_move();
  return mate ? '#' : '+';
}

// SAN without the check suffix.
void append_san_body(const Position& pos, Move m, const MoveList& legal, std::string& s) {
  if (is_castling(m)) {
    s += move_flag(m) == CASTLE_KING ? "O-O" : "O-O-O";
    return;
  }
  if (is_drop(m)) {  // N@f3, and @e4 for a pawn
    if (drop_type(m) != PAWN) s += PIECE_LETTER[drop_type(m)];
    s += '@';
    s += char('a' + file_of(move_to(m)));
    s += char('1' + rank_of(move_to(m)));
    return;
  }
  Square from = move_from(m), to = move_to(m);
  PieceType pt = type_of(pos.piece_on(from));
  if (pt != PAWN) s += PIECE_LETTER[pt];
  int d = needed_disambiguation(pos, m, &legal);
  if (d & 1) s += char('a' + file_of(from));
  if (d & 2) s += char('1' + rank_of(from));
  if (is_capture(m)) s += 'x';
  s += char('a' + file_of(to));
  s += char('1' + rank_of(to));
  if (is_promotion(m)) {
    s += '=';
    s += PIECE_LETTER[promotion_type(m, pos.variant())];
  }
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

SanResult fail(SanStatus st, uint16_t leniency = SAN_EXACT) { return SanResult{MOVE_NONE, st, leniency}; }

}  // namespace

std::string move_to_san(Position& pos, Move m, const MoveList& legal) {
  if (m == MOVE_NONE) return "--";
  std::string s;
  s.reserve(8);
  append_san_body(pos, m, legal, s);
  if (char c = check_suffix(pos, m)) s += c;
  return s;
}

std::string move_to_san(Position& pos, Move m) {
  MoveList legal;
  generate_legal(pos, legal);
  return move_to_san(pos, m, legal);
}

std::string move_to_san(const Position& pos, Move m) {
  Position copy = pos;
  return move_to_san(copy, m);
}

void legal_moves_san(Position& pos, std::vector<std::string>& out) {
  MoveList legal;
  generate_legal(pos, legal);
  out.clear();
  out.reserve(legal.size());
  for (Move m : legal) out.push_back(move_to_san(pos, m, legal));
}

const char* san_status_name(SanStatus s) {
  switch (s) {
    case SanStatus::OK:
      return "OK";
    case SanStatus::SYNTAX:
      return "SYNTAX";
    case SanStatus::ILLEGAL:
      return "ILLEGAL";
    case SanStatus::AMBIGUOUS:
      return "AMBIGUOUS";
  }
  return "?";
}

// ---- parse_san, in steps ----------------------------------------------------------------------
//
// parse_san takes SAN apart in this order: the suffixes (glyphs, check mark) off the end; then
// the body is a drop (`N@f3`), castling (`O-O`) or a move of a piece to a square, lexed into
// its parts; the tolerances the spelling uses are decided; the candidates (the moves that fit
// the parts) are searched; one candidate is a move, and the verdict on its origin hints, capture
// mark and check suffix adds the last tolerances.

namespace {

// SAN text taken apart; nothing in it is checked against the position yet.
struct SanParts {
  std::string_view body;               // the text without trailing glyphs and check suffix
  char suffix = 0;                     // '+', '#' or 0
  PieceType piece = NO_PIECE_TYPE;     // the letter's piece (PAWN for `P`); none named: NO_PIECE_TYPE
  PieceType promo = NO_PIECE_TYPE;     // the promotion piece, if any
  Square to = SQ_NONE;                 // the target square
  int from_file = -1, from_rank = -1;  // origin hints (-1: not given)
  bool capture = false;                // an `x` or `:` before the target
  bool dash = false;                   // a `-` before the target (long algebraic)
  bool long_any = false;               // long algebraic without a letter (g1f3): any piece may move
  // Origin information the text gives: bit 0 the file, bit 1 the rank (as needed_disambiguation);
  // set by decide_spelling before it makes a pawn's file explicit.
  int given = 0;
};

// Takes the trailing glyphs (`!`, `?`, any run) and the check suffix (`+`, `#`) off the text.
// False when no body is left.
inline bool strip_suffixes(std::string_view text, SanParts& p, uint16_t& len) {
  size_t n = text.size();
  while (n > 0 && (text[n - 1] == '!' || text[n - 1] == '?')) --n;
  if (n != text.size()) len |= SAN_ANNOTATION;
  if (n > 0 && (text[n - 1] == '+' || text[n - 1] == '#')) p.suffix = text[--n];
  p.body = text.substr(0, n);
  return !p.body.empty();
}

// The castling a body spells: 1 short, 2 long, 0 none. Zeros and lower case are tolerances.
inline int castling_side(std::string_view body, uint16_t& len) {
  const char c0 = body[0];
  if (c0 != 'O' && c0 != '0' && c0 != 'o') return 0;
  if (body == "O-O") return 1;
  if (body == "O-O-O") return 2;
  const uint16_t tolerated = SAN_ZERO_CASTLING | (c0 == 'o' ? SAN_LOWER_CASE : 0);
  if (body == "0-0" || body == "o-o") return len |= tolerated, 1;
  if (body == "0-0-0" || body == "o-o-o") return len |= tolerated, 2;
  return 0;
}

// A drop (`@e4`, `P@e4`, `N@f3`; the '@' at `at`): legal only in crazyhouse.
SanResult resolve_drop(const Position& pos, std::string_view body, size_t at, uint16_t len) {
  PieceType pt = PAWN;
  if (at == 1 && body[0] != 'P') pt = piece_of_letter(body[0], pos.variant());
  if (at > 1 || pt == NO_PIECE_TYPE || pt == KING || body.size() != at + 3 || !is_file(body[at + 1]) ||
      !is_rank(body[at + 2]))
    return fail(SanStatus::SYNTAX, len);
  const Move m = make_drop(pt, make_square(body[at + 1] - 'a', body[at + 2] - '1'));
  if (pos.variant() != CRAZYHOUSE || !is_legal(pos, m)) return fail(SanStatus::ILLEGAL, len);
  return SanResult{m, SanStatus::OK, len};
}

// Castling by its SAN (1 short, 2 long): the legal castling move of that side.
SanResult resolve_castling(Position& pos, int castle, uint16_t len) {
  MoveList legal;
  generate_legal(pos, legal);
  const MoveFlag want = castle == 1 ? CASTLE_KING : CASTLE_QUEEN;
  Move found = MOVE_NONE;
  for (Move m : legal)
    if (move_flag(m) == want) found = m;
  if (found == MOVE_NONE) return fail(SanStatus::ILLEGAL, len);
  return SanResult{found, SanStatus::OK, len};
}

// Lexes a move's body, read from both ends:
// [piece] [file] [rank] [x : -] file rank [[=] promotion]. False when it is no such text.
inline bool lex_piece_move(SanParts& p, Variant v, uint16_t& len) {
  const std::string_view body = p.body;
  size_t i = 0, j = body.size();
  if (body[0] == 'P') {
    p.piece = PAWN;
    len |= SAN_PAWN_LETTER;
    i = 1;
  } else if (PieceType pt = piece_of_letter(body[0], v)) {
    p.piece = pt;
    i = 1;
  }
  if (j - i >= 3) {
    if (PieceType pp = promotion_of_letter(body[j - 1], v)) {
      const bool upper = body[j - 1] >= 'A' && body[j - 1] <= 'Z';
      if (body[j - 2] == '=') {
        p.promo = pp;
        j -= 2;
        if (!upper) len |= SAN_PROMOTION | SAN_LOWER_CASE;
      } else if (is_rank(body[j - 2])) {
        p.promo = pp;
        j -= 1;
        len |= SAN_PROMOTION | (upper ? 0 : SAN_LOWER_CASE);
      }
    }
  }
  if (j < i + 2 || !is_file(body[j - 2]) || !is_rank(body[j - 1])) return false;
  p.to = make_square(body[j - 2] - 'a', body[j - 1] - '1');
  j -= 2;
  if (j > i && (body[j - 1] == 'x' || body[j - 1] == ':')) {
    p.capture = true;
    if (body[j - 1] == ':') len |= SAN_CAPTURE_MARK;
    --j;
  } else if (j > i && body[j - 1] == '-') {
    p.dash = true;
    --j;
  }
  if (j > i && is_file(body[i])) p.from_file = body[i++] - 'a';
  if (j > i && is_rank(body[i])) p.from_rank = body[i++] - '1';
  return i == j;
}

// The tolerances a lexed move's spelling uses, and what it leaves unsaid made explicit (no
// letter and no full origin: a pawn; a bare "d5": the push from the d-file). False for
// spellings that name no move: a dash without both origin hints, a pawn capture without a
// file ("xd5").
inline bool decide_spelling(SanParts& p, uint16_t& len) {
  p.given = (p.from_file >= 0 ? 1 : 0) | (p.from_rank >= 0 ? 2 : 0);
  const bool full_from = p.given == 3;
  if (p.dash && !full_from) return false;
  if ((len & SAN_PAWN_LETTER) && p.given == 0) len |= SAN_SHORT_PAWN_LETTER;
  p.long_any = p.piece == NO_PIECE_TYPE && full_from;
  if (p.dash || p.long_any) len |= SAN_LONG_ALGEBRAIC;
  if (p.piece == NO_PIECE_TYPE && !p.long_any) {
    p.piece = PAWN;
    if (p.from_file < 0) {
      if (p.capture) return false;  // "xd5": whose pawn?
      p.from_file = file_of(p.to);  // a bare "d5" is the push
    }
  }
  return true;
}

// Whether the candidates can be found directly: chess SAN naming a piece (or a pawn) and a
// square. Long algebraic without a letter, a king named by its squares (castling may be meant),
// Makruk and the lichess variants go through the legal list.
inline bool resolves_directly(const SanParts& p, Variant v) {
  return !p.long_any && !(p.piece == KING && p.given == 3) && v != MAKRUK && !is_lichess_variant(v);
}

// The candidates, found directly: only the moves of the piece type to the square are made, each
// checked for legality (no full move generation). Returns how many are legal; found is the
// first.
inline int search_directly(const Position& pos, const SanParts& p, Move& found) {
  const Color us = pos.side_to_move();
  const Square to = p.to;
  const Piece on_to = pos.piece_on(to);
  const bool enemy = on_to != NO_PIECE;
  int matches = 0;
  Bitboard from_mask = ~Bitboard(0);
  if (p.from_file >= 0) from_mask &= file_bb(p.from_file);
  if (p.from_rank >= 0) from_mask &= rank_bb(p.from_rank);
  // (not inlined: one copy for its four calls, as when it was part of parse_san)
  auto consider = [&](Square f, MoveFlag flag) __attribute__((noinline)) {
    const Move m = make_move(f, to, flag);
    const bool ok = flag == EN_PASSANT ? is_legal(pos, m) : king_safe_after(pos, m);
    if (ok && matches++ == 0) found = m;
  };
  if (enemy && color_of(on_to) == us) {
    // Nothing moves onto its own side's piece.
  } else if (p.piece == PAWN) {
    const int rank = relative_rank(us, to);
    const bool last = rank == 7;
    const Bitboard pawns = pos.pieces(us, PAWN) & from_mask;
    if (last == (p.promo != NO_PIECE_TYPE) && rank >= 2) {
      const Square behind = Square(to - pawn_push(us));
      if (!enemy) {
        if (pawns & square_bb(behind))
          consider(behind, last ? promotion_flag(p.promo, false) : QUIET);
        else if (rank == 3 && pos.empty(behind) && (pawns & square_bb(Square(behind - pawn_push(us)))))
          consider(Square(behind - pawn_push(us)), DOUBLE_PUSH);
      }
      const Bitboard capturers = pawn_attacks(~us, to) & pawns;
      if (enemy || to == pos.ep_square())
        for (Bitboard b = capturers; b;)
          consider(pop_lsb(b), !enemy ? EN_PASSANT : last ? promotion_flag(p.promo, true) : CAPTURE);
    }
  } else if (p.promo == NO_PIECE_TYPE) {
    for (Bitboard b = reaching(p.piece, us, to, pos.pieces(us, p.piece) & from_mask, pos.pieces()); b;)
      consider(pop_lsb(b), enemy ? CAPTURE : QUIET);
  }
  return matches;
}

// The candidates, from the legal moves (generated into legal): those that fit the parts. Long
// algebraic may name castling by its squares; Makruk's single promotion may be left out (both
// noted in len). Returns how many fit; found is the first.
int search_legal_moves(Position& pos, const SanParts& p, MoveList& legal, Move& found, uint16_t& len) {
  const Variant v = pos.variant();
  const Color us = pos.side_to_move();
  const Square from_sq = p.given == 3 ? make_square(p.from_file, p.from_rank) : SQ_NONE;
  int matches = 0;
  generate_legal(pos, legal);
  for (Move m : legal) {
    if (is_drop(m)) continue;
    const Square mf = move_from(m);
    if (p.from_file >= 0 && file_of(mf) != p.from_file) continue;
    if (p.from_rank >= 0 && rank_of(mf) != p.from_rank) continue;
    const PieceType pt = type_of(pos.piece_on(mf));
    if (!p.long_any && !same_letter(pt, p.piece)) continue;
    if (is_castling(m)) {
      // Only long algebraic names castling by squares: king-to-rook, or in standard
      // chess also king-to-destination (e1g1, Ke1g1).
      if (mf != from_sq) continue;
      const bool ok =
          move_to(m) == p.to || (!pos.chess960() && castle_king_to(us, move_flag(m) == CASTLE_KING) == p.to);
      if (!ok) continue;
      if (!p.dash && !p.long_any) len |= SAN_LONG_ALGEBRAIC;
    } else if (move_to(m) != p.to) {
      continue;
    }
    if (promotion_type(m, v) != p.promo) {
      // Makruk has a single promotion, so leaving it out names the move well enough.
      if (p.promo == NO_PIECE_TYPE && promotion_type(m) == PMET) {
        len |= SAN_PROMOTION;
      } else {
        continue;
      }
    }
    if (matches++ == 0) found = m;
  }
  return matches;
}

// The verdict on the one candidate's capture mark and origin hints: the tolerances they use
// (none for castling named by squares). legal: the legal moves, when the search generated them.
inline uint16_t judge_origin(const Position& pos, const SanParts& p, Move found, bool direct,
                             const MoveList& legal, uint16_t len) {
  if (is_castling(found)) return 0;
  uint16_t more = 0;
  // (with any origin information, chess.js's parser ignores an `x`)
  if (p.capture != is_capture(found))
    more |= SAN_CAPTURE_MARK | (p.capture && p.given == 0 ? SAN_EXTRA_CAPTURE_MARK : 0);
  // Resolved directly with no origin given, every piece of the kind that reaches `to` was
  // tried and only `found` was legal (a bare pawn move is a push): no twin, nothing needed.
  const int needed = direct && p.given == 0 ? 0 : needed_disambiguation(pos, found, &legal);
  if (p.given != needed && !(len & SAN_LONG_ALGEBRAIC)) more |= SAN_DISAMBIGUATION;
  return more;
}

// A move of a piece (or pawn) to a square: lexed, its spelling decided, its candidates
// searched, and the verdict on the one found.
SanResult resolve_piece_move(Position& pos, SanParts& p, uint16_t len) {
  if (!lex_piece_move(p, pos.variant(), len) || !decide_spelling(p, len)) return fail(SanStatus::SYNTAX, len);
  MoveList legal;  // generated only where the move is not resolved directly
  Move found = MOVE_NONE;
  const bool direct = resolves_directly(p, pos.variant());
  const int matches = direct ? search_directly(pos, p, found) : search_legal_moves(pos, p, legal, found, len);
  if (matches == 0) return fail(SanStatus::ILLEGAL, len);
  if (matches > 1) return fail(SanStatus::AMBIGUOUS, len);
  len |= judge_origin(pos, p, found, direct, legal, len);
  return SanResult{found, SanStatus::OK, len};
}

// The last verdict on a resolved move: long algebraic has no capture mark and spells
// promotions as it likes (UCI: e7e8q); the check suffix must be the one the move earns; strict
// mode refuses any tolerance.
SanResult judge_suffix(Position& pos, SanResult r, char suffix, bool strict) {
  if (r.leniency & SAN_LONG_ALGEBRAIC)
    r.leniency &= ~(SAN_CAPTURE_MARK | SAN_EXTRA_CAPTURE_MARK | SAN_PROMOTION | SAN_LOWER_CASE);
  if (check_suffix(pos, r.move) != suffix) r.leniency |= SAN_CHECK_SUFFIX;
  if (strict && r.leniency != SAN_EXACT) return fail(SanStatus::SYNTAX, r.leniency);
  return r;
}

}  // namespace

SanResult parse_san(Position& pos, std::string_view text, bool strict) {
  // Longer than any tolerated spelling ("Ng1xf3=Q+!!" and the like): refuse cheaply.
  if (text.empty() || text.size() > MAX_SAN_LENGTH) return fail(SanStatus::SYNTAX);
  uint16_t len = SAN_EXACT;
  SanParts parts;
  if (!strip_suffixes(text, parts, len)) return fail(SanStatus::SYNTAX, len);
  const int castle = castling_side(parts.body, len);
  SanResult r;
  if (const size_t at = parts.body.find('@'); at != std::string_view::npos)
    r = resolve_drop(pos, parts.body, at, len);
  else if (castle)
    r = resolve_castling(pos, castle, len);
  else
    r = resolve_piece_move(pos, parts, len);
  if (r.status != SanStatus::OK) return r;
  return judge_suffix(pos, r, parts.suffix, strict);
}

SanResult parse_san(const Position& pos, std::string_view text, bool strict) {
  Position copy = pos;
  return parse_san(copy, text, strict);
}

}  // namespace cw
