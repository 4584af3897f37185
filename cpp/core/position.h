// chesswasm — the Position: pieces, side to move, castling, en passant, counters, and the
// state stack that lets do_move/undo_move mutate in place.
// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bitboard.h"
#include "types.h"
#include "zobrist.h"

namespace cw {

// Why a FEN was refused. Codes are stable: the TS layer exposes them by name.
enum class FenError : uint8_t {
  OK = 0,
  EMPTY,                  // nothing but white space
  FIELD_COUNT,            // not 4 or 6 space-separated fields
  BAD_PIECE,              // a character that is no piece letter, digit or '/'
  RANK_TOO_LONG,          // a rank describes more than 8 squares
  RANK_TOO_SHORT,         // a rank describes fewer than 8 squares
  RANK_COUNT,             // not exactly 8 ranks
  MISSING_KING,           // a side has no king
  TOO_MANY_KINGS,         // a side has more than one king
  PAWN_ON_BACK_RANK,      // a pawn on the first or last rank
  BAD_SIDE,               // side to move is not 'w' or 'b'
  BAD_CASTLING,           // castling field is malformed (unknown letter, repeated right)
  CASTLING_NO_KING,       // a castling right but the king is not on its square
  CASTLING_NO_ROOK,       // a castling right but no rook where it must be
  BAD_EN_PASSANT,         // en passant field is not '-' or a square
  EN_PASSANT_WRONG_RANK,  // en passant square not on rank 6 (white to move) / 3 (black)
  EN_PASSANT_NO_PAWN,     // no enemy pawn in front of the en passant square
  EN_PASSANT_OCCUPIED,    // the en passant square or the one behind it is occupied
  OPPOSITE_CHECK,         // the side not to move is in check
  IMPOSSIBLE_CHECK,       // two checkers no last move gives (fen.cpp, "checks a last move could give")
  BAD_HALFMOVE,           // halfmove clock is not a non-negative integer
  BAD_FULLMOVE,           // fullmove number is not a positive integer
  BAD_PROMOTED,           // a '~' that does not follow a piece that can be promoted
  BAD_COUNTING,           // Makruk: a counting field that is out of range
  CONSECUTIVE_DIGITS,     // two digits in a row in a rank (write 8, not 44)
  TOO_MANY_PIECES,        // a side has more than 16 pieces (its king included)
  TOO_MANY_PAWNS,         // a side has more than 8 pawns (Makruk: Bia)
  IMPOSSIBLE_MATERIAL,    // more pawns plus promoted pieces than a side's 8 pawns could have become
  TOO_MANY_CHECKERS,      // the side to move is in check from more than two pieces
  ALIGNED_CHECKERS,       // two checkers on one line through the king, one on each side
  EN_PASSANT_CHECK,       // the double push the en passant square implies cannot give this check
  BAD_POCKET,             // crazyhouse: a pocket with a letter that is no droppable piece
  BAD_CHECKS,             // three-check: a check counter that is not W+B / +W+B with 0..3
  VARIANT_MATERIAL,       // the variant's own set-up rule (horde, racing kings, antichess, crazyhouse)
};
const char* fen_error_name(FenError e);  // "FIELD_COUNT"
// The FEN with the castling rights that its board contradicts (no king on its square, no
// rook where the right needs one, a right given twice) and an en passant square that its
// board contradicts (no enemy pawn in front of it, it or the square behind it occupied)
// replaced by what the board allows; every other field as written. The text unchanged when
// its board, side or field count is malformed (set_fen then says why). For readers that
// take such FENs (chess.js loads them and ignores what cannot be used).
std::string drop_contradicted_fields(std::string_view fen, Variant variant);
const char* fen_error_message(FenError e);  // a sentence for users

// The irreversible part of a position: pushed by do_move, popped by undo_move.
struct StateInfo {
  Key key;  // Zobrist key of the position this state belongs to
  // Pieces of the opponent giving check to the side to move. Computed on first use (a
  // perft leaf or a replayed line never asks), hence mutable; see Position::checkers().
  mutable Bitboard checkers;
  mutable bool checkers_known;
  uint16_t rule50;       // halfmove clock (Makruk: the counting ply)
  uint16_t count_limit;  // Makruk: counting limit in plies, 0 when no count runs
  uint16_t count_ply;    // Makruk: plies counted so far (meaningful while count_limit > 0)
  uint8_t castling;      // CastlingRights bits
  Square ep_square;      // as FEN writes it: the square behind a pawn that just moved two
  Piece captured;        // piece taken by the move that led here
  Move move;             // the move that led here (MOVE_NONE for a null move / the root)
};

class Position {
 public:
  Position();  // the standard start position

  // Replaces this position by the one a FEN describes. On error, returns the reason and
  // leaves the position exactly as it was. Four-field FENs (no counters) are accepted.
  // chess960: Chess960 castling for any rule set with castling (types.h castling_chess960).
  FenError set_fen(std::string_view fen, Variant variant = CHESS, bool chess960 = false);
  // The FEN of the current position. Chess960 castling is written as X-FEN (KQkq, or the
  // rook's file letter where the rook is not the outermost one) unless shredder is set.
  // lichess: crazyhouse pockets as a ninth rank and three-check's checks given as +W+B
  // after the move number (Setup::fen).
  std::string fen(bool shredder = false, bool lichess = false) const;

  // Plays a legal move (the caller guarantees legality: it came from the move generator).
  void do_move(Move m);
  // Takes back the last move made by do_move; the stack must not be empty.
  void undo_move();
  // Passes the turn; the side to move must not be in check.
  void do_null_move();
  void undo_null_move();

  // Board queries.
  Variant variant() const { return variant_; }
  // Chess960 castling (always for CHESS960; for another rule set with castling when set up
  // with the flag): X-FEN rights, king-to-rook UCI.
  bool chess960() const { return chess960_; }
  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return by_color_[c] & (by_type_[a] | by_type_[b]);
  }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }

  // State queries.
  Key key() const { return st().key; }
  // The key recomputed from scratch, for checking the incremental one.
  Key compute_key() const;
  Square ep_square() const { return st().ep_square; }
  int castling_rights() const { return st().castling; }
  bool can_castle(CastlingRights cr) const { return st().castling & cr; }
  // Square of the rook bound to a single castling right (SQ_NONE when unset).
  Square castling_rook_square(CastlingRights cr) const { return castling_rook_[castling_index(cr)]; }
  int rule50() const { return st().rule50; }
  int fullmove_number() const { return 1 + (game_ply_ - (side_ == BLACK)) / 2; }
  int game_ply() const { return game_ply_; }
  Move last_move() const { return st().move; }
  Piece captured_piece() const { return st().captured; }
  // Number of do_move/do_null_move calls that can still be undone.
  int history_size() const { return int(top_); }
  // The state plies_back moves ago (0 = current); plies_back <= history_size().
  const StateInfo& state(int plies_back) const { return states_[top_ - plies_back]; }

  // Check and attack queries.
  Bitboard checkers() const {
    const StateInfo& s = st();
    if (!s.checkers_known) {
      s.checkers = compute_checkers();
      s.checkers_known = true;
    }
    return s.checkers;
  }
  bool in_check() const { return checkers() != 0; }
  // Who attacks a square: attacks.h (attackers, attacked_by, attackers_to).
  // Pieces of either colour that alone stand between the king of colour c and an enemy slider.
  Bitboard blockers_for_king(Color c) const;
  // Pieces of colour c pinned to their own king.
  Bitboard pinned(Color c) const { return blockers_for_king(c) & pieces(c); }
  // Whether a legal move gives check.
  bool gives_check(Move m) const;
  // Whether colour c's pawn could capture en passant on the current ep square (pseudo-
  // legally: Polyglot's condition for hashing the ep file).
  bool ep_capturable() const;

  // The castling path data used by the move generator.
  Bitboard castling_path(CastlingRights cr) const { return castling_path_[castling_index(cr)]; }
  Bitboard castling_king_path(CastlingRights cr) const { return king_path_[castling_index(cr)]; }

  // Whether the position was built from a board the strict rules refuse (Setup::build with
  // TOLERATE_ANY_BOARD: chess.js's boards, for the chess.js facade): more material than a
  // game can have, the side not to move in check, checks no last move gives. Its moves are
  // generated by the same rules (the side to move may not leave its own king attacked, and
  // may capture the enemy king: that side then has no king); since a check may stand from
  // before the last move, checkers and gives_check are computed in full. A side whose king
  // was captured is a side without a king (no checks, no pins).
  bool any_board() const { return any_board_; }

  // Checks every invariant (bitboards vs mailbox, kings, checkers, hash); returns false and
  // writes the first failure into why (if given) when one does not hold.
  bool is_consistent(const char** why = nullptr) const;

  // Makruk counting limit in plies (0 when no count runs) and the plies counted so far.
  int count_limit() const { return st().count_limit; }
  int count_ply() const { return st().count_ply; }
  // Makruk: whether the running count has passed its limit (a draw unless the side to
  // move is checkmated).
  bool count_exceeded() const { return st().count_limit && st().count_ply > st().count_limit; }
  // Makruk: the limit in full moves of a count for colour c, 0 when none would run.
  int makruk_count_limit(Color c) const;

  // Crazyhouse: the pieces of type pt in colour c's pocket; the promoted pieces on the board.
  int pocket(Color c, PieceType pt) const { return pocket_[c][pt]; }
  Bitboard promoted() const { return promoted_; }
  // Three-check: the checks colour c still has to give (3 at the start, 0: c has won).
  int checks_left(Color c) const { return checks_left_[c]; }
  // The variant's own ending (king of the hill, third check, exploded king, racing kings'
  // goal, horde or antichess without pieces): then there are no legal moves.
  bool is_variant_end() const;

 private:
  friend struct Setup;
  struct Blank {};
  explicit Position(Blank) {}  // uninitialised: only for the FEN parser to fill
  const StateInfo& st() const { return states_[top_]; }
  StateInfo& st() { return states_[top_]; }
  // Makes room for one more state and returns it, uninitialised beyond what the caller writes.
  StateInfo& push_state() {
    if (++top_ == states_.size()) grow_states();
    return states_[top_];
  }
  // Doubles the state stack: out of line, so that do_move holds no inlined allocation and
  // copy (perft without bulk counting: native 2% fewer instructions, wasm 0.5%:
  // docs/performance.md, "What limits it").
  [[gnu::noinline]] void grow_states();
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void set_castling_right(Color c, Square rook_sq);
  // No castling right bound: every rook square SQ_NONE, the paths and masks zero.
  void clear_castling_data();
  bool has_castling_data() const {
    return castling_rook_[0] != SQ_NONE || castling_rook_[1] != SQ_NONE || castling_rook_[2] != SQ_NONE ||
           castling_rook_[3] != SQ_NONE;
  }
  // Derives the checkers (unless Setup::verdicts found them) and the key after set-up, from
  // the key of the pieces on the board (Setup::load_pieces computes it with the bitboards).
  void finish_setup(Key pieces_key);
  Key state_key() const;  // compute_key() but the pieces: rights, ep, side, counters, pockets
  // do_move's steps (position.cpp).
  void do_drop(Move m, Key& key);
  void do_castling(Color us, Square king_from, Square rook_from, bool king_side, Key& key);
  void undo_castling(Color us, Square king_from, Square rook_from, bool king_side);
  int variant_steps(Move m, Piece captured, Key& key);
  void promote(Square sq, Piece promoted, Key& key);
  int explode(Square sq, Key& key);
  void save_snapshot();
  void restore_snapshot();
  Key ep_key() const;
  Key piece_key(Piece p, Square s) const { return piece_keys_[p][s]; }
  void update_counting(StateInfo& next, int prev_limit, int prev_ply);
  Bitboard checkers_to_king(Color c) const;
  Bitboard checkers_after(Square from, Square to) const;
  Bitboard compute_checkers() const;  // from the last move when it allows, else in full
  void check_invariants() const;      // asserts in debug builds only
  Bitboard variant_checkers() const;

  Bitboard by_type_[PIECE_TYPE_NB];
  Bitboard by_color_[COLOR_NB];
  Piece board_[SQUARE_NB];
  Color side_;
  Variant variant_;
  bool chess960_;                       // castling_chess960(variant_, flag): see chess960()
  const Key (*piece_keys_)[SQUARE_NB];  // Polyglot's table, or Makruk's own
  Key turn_key_;
  int game_ply_;
  bool any_board_;  // built with TOLERATE_ANY_BOARD (setup.h): see any_board()
  Square castling_rook_[4];
  Bitboard castling_path_[4];         // squares that must be empty (except king and rook)
  Bitboard king_path_[4];             // squares the king crosses, destination included
  uint8_t castling_mask_[SQUARE_NB];  // rights lost when a piece leaves/enters a square
  std::vector<StateInfo> states_;     // states_[0..top_] are live; the rest is spare room
  size_t top_ = 0;
  // Lichess variants: pockets (crazyhouse, by colour and piece type), promoted pieces
  // (crazyhouse) and the checks each side still has to give (three-check).
  uint8_t pocket_[COLOR_NB][8];
  Bitboard promoted_;
  uint8_t checks_left_[COLOR_NB];
  // The board before each variant move, for undo_move (an atomic capture removes up to 10
  // pieces; a snapshot restores them all at once). Standard chess and Makruk never use it.
  struct Snapshot {
    Bitboard by_type[PIECE_TYPE_NB];
    Bitboard by_color[COLOR_NB];
    Piece board[SQUARE_NB];
    uint8_t pocket[COLOR_NB][8];
    Bitboard promoted;
    uint8_t checks_left[COLOR_NB];
  };
  std::vector<Snapshot> snapshots_;
};

// The square the king lands on when castling with the given right.
constexpr Square castle_king_to(Color c, bool king_side) {
  return relative_square(c, king_side ? SQ_G1 : SQ_C1);
}
constexpr Square castle_rook_to(Color c, bool king_side) {
  return relative_square(c, king_side ? SQ_F1 : SQ_D1);
}

extern const char* const START_FEN;         // standard chess
extern const char* const MAKRUK_START_FEN;  // Makruk
extern const char* const RACING_KINGS_START_FEN;
extern const char* const HORDE_START_FEN;
// The name of a variant as chessops writes it ("chess", "3check", "kingofthehill", ...) and
// the variant such a name gives (VARIANT_NB for none).
const char* variant_name(Variant v);
Variant variant_of_name(std::string_view name);
// The variant a lichess key or PGN [Variant] value names, case-insensitively and ignoring
// spaces, '-' and '_' ("threeCheck", "Three-check", "King of the Hill", "zh", "Standard",
// "From Position", "Chess960", ...); VARIANT_NB for none.
Variant parse_variant(std::string_view text);
// The name lichess writes in a PGN [Variant] tag ("Standard", "Three-check", ...).
const char* variant_pgn_name(Variant v);
// The start position of a variant (Chess960 has 960; this gives the standard one, #518), as
// Position::fen writes it.
const char* start_fen(Variant v);

}  // namespace cw
