// chesswasm — Setup: a board plus the FEN fields, with no legality required (an edited
// board, a board without kings). It parses and writes FEN, reports every validity verdict
// as a set of FenError codes, and becomes a Position when legal; Position::set_fen is
// Setup::parse + Setup::build.
// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

#include "position.h"

namespace cw {

// The bounds of a FEN's counters (and of Setup::halfmove and Setup::fullmove): registered for
// the TypeScript side as MAX_HALFMOVE_CLOCK and MAX_FULLMOVE_NUMBER (cpp/wasm/bindings.cpp).
constexpr int MAX_HALFMOVE_CLOCK = 65535;
constexpr int MAX_FULLMOVE_NUMBER = 100000;

// A set of FenError codes, one bit per code (bit e for FenError e).
using FenErrors = uint64_t;
constexpr FenErrors fen_error_bit(FenError e) { return FenErrors(1) << unsigned(e); }
// The verdicts about a board without kings that Setup::build can be asked to tolerate: the
// side(s) without a king have no checks and no pins (movegen.cpp).
constexpr FenErrors TOLERATE_MISSING_KINGS = fen_error_bit(FenError::MISSING_KING);
// Castling rights the board contradicts (no king or no rook at home), kept as written: the
// position holds them apart from the rights it castles with (Position::written_castling_rights:
// fen() writes them, no castling move comes from them, the key leaves them out), and loses them
// by the rule of every right (Position::do_move). chess.js keeps such rights in its FEN.
constexpr FenErrors TOLERATE_WRITTEN_CASTLING =
    fen_error_bit(FenError::CASTLING_NO_KING) | fen_error_bit(FenError::CASTLING_NO_ROOK);
// The verdicts a board chess.js accepts and plays may break (the chess.js facade builds its
// positions with them passed over): a side without a king, more material than a game can
// have (TOO_MANY_PIECES, TOO_MANY_PAWNS, IMPOSSIBLE_MATERIAL), pawns on a back rank, the
// side not to move in check, checks that no last move gives, and castling rights that the
// board contradicts (kept as written: TOLERATE_WRITTEN_CASTLING). Still refused: two kings of
// a side, and an en passant square that the board contradicts (drop it first:
// drop_contradicted). The position is then Position::any_board(); its moves fit in MAX_MOVES
// (types.h), whatever the board.
constexpr FenErrors TOLERATE_ANY_BOARD =
    TOLERATE_MISSING_KINGS | fen_error_bit(FenError::TOO_MANY_PIECES) |
    fen_error_bit(FenError::TOO_MANY_PAWNS) | fen_error_bit(FenError::IMPOSSIBLE_MATERIAL) |
    fen_error_bit(FenError::PAWN_ON_BACK_RANK) | fen_error_bit(FenError::OPPOSITE_CHECK) |
    fen_error_bit(FenError::TOO_MANY_CHECKERS) | fen_error_bit(FenError::ALIGNED_CHECKERS) |
    fen_error_bit(FenError::IMPOSSIBLE_CHECK) | fen_error_bit(FenError::EN_PASSANT_CHECK) |
    TOLERATE_WRITTEN_CASTLING;
// The first code of a set in the order set_fen reports them: the kings, pawns on back
// ranks, material, castling, en passant, then checks (OK for the empty set).
FenError first_fen_error(FenErrors errors);

// The syntax verdicts on a FEN, every field checked on its own (the board's first error, the
// side, the castling field's letters, the en passant field's form, each counter): a set, so
// that a reader with another order of checks (chess.js) can pick its first. EMPTY or
// FIELD_COUNT alone when the fields cannot be told apart. Setup::parse returns one of them.
FenErrors fen_syntax_errors(std::string_view fen, Variant v = CHESS, bool chess960 = false);

struct Setup {
  Piece board[SQUARE_NB];  // NO_PIECE on empty squares (Setup() clears it)
  Color side = WHITE;
  Variant variant = CHESS;
  // Chess960 castling: K/Q name the outermost rook, the king and rooks may stand on any file
  // (castling_chess960 in types.h: true for CHESS960, false for a rule set without castling).
  bool chess960 = false;
  // The rook square bound to each castling right, by castling_index (SQ_NONE: no right). A
  // right the board contradicts is kept as written; validate() reports it.
  Square castling_rook[4] = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
  Square ep_square = SQ_NONE;  // as written (any square), validate() says whether it can be
  uint16_t halfmove = 0;       // halfmove clock (Makruk: the counting ply when a count runs)
  uint16_t count_limit = 0;    // Makruk: counting limit in plies, 0 when no count runs
  uint32_t fullmove = 1;
  // Lichess variants: the crazyhouse pockets (by colour and piece type) and promoted pieces
  // ('~' in FEN), and the checks each side still has to give in three-check.
  uint8_t pocket[COLOR_NB][8] = {};
  Bitboard promoted = 0;
  uint8_t checks_left[COLOR_NB] = {3, 3};

  // An empty board, white to move, no rights, move 1.
  Setup() : board{} {}
  // The same but the board, left unwritten: for a parser that writes every square before the
  // board is read (Position::set_fen; in the wasm build a cleared board is a call to
  // memory.fill).
  struct UnwrittenBoard {};
  explicit Setup(UnwrittenBoard) {}
  // The board and fields of a position (its castling rights held or kept as written). With
  // legal_en_passant, the en passant square only when a legal en passant capture exists (as
  // chess.js, chessops and python-chess's en_passant="legal" write it); else whenever the last
  // move was a double push (the FEN standard).
  static Setup of(const Position& pos, bool legal_en_passant = false);

  // Replaces this set-up by the one a FEN describes, checking its syntax only (field count,
  // ranks, letters, the castling and en passant fields' form, the counters). Four-field FENs
  // are accepted. On error, returns the reason and leaves the set-up as it was. chess960:
  // Chess960 castling (standard rules with it become CHESS960; no effect without castling).
  FenError parse(std::string_view fen, Variant v = CHESS, bool chess960 = false);
  // The FEN (castling as Position::fen writes it; shredder: rook files). Crazyhouse
  // pockets as [PNBRQpnbrq] after the board and three-check's remaining checks as W+B after
  // the en passant field (chessops' forms), or with lichess: the pocket as a ninth rank
  // (/PNBRQpnbrq) and the checks given as +W+B after the move number.
  std::string fen(bool shredder = false, bool lichess = false) const;
  // The same into out, which has room for fen_size_bound() bytes; returns the length.
  size_t write_fen(char* out, bool shredder = false, bool lichess = false) const;
  size_t fen_size_bound() const;

  // Every validity verdict, as a set of codes (0: legal). Kings, pawns on back ranks and
  // material for each side; castling rights and the en passant square against the board;
  // the checks (only when both sides have one king and the fields are valid: they rest on
  // them).
  FenErrors validate() const;
  // Builds the position when every verdict is OK or tolerated (see TOLERATE_MISSING_KINGS,
  // TOLERATE_ANY_BOARD: a tolerated verdict beyond MISSING_KING makes an any_board()
  // position, standard chess only, whose contradicted castling rights are kept as written);
  // else returns the first verdict not tolerated (first_fen_error order) and leaves out as it
  // was.
  FenError build(Position& out, FenErrors tolerated = 0) const;

  // Edits. put/remove leave the fields as they are: drop_contradicted() then removes the
  // castling rights (unless castling is false) and the en passant square that the board
  // contradicts.
  void put(Piece p, Square s) { board[s] = p; }
  void remove(Square s) { board[s] = NO_PIECE; }
  void drop_contradicted(bool castling = true);
  bool has_castling(CastlingRights cr) const { return castling_rook[castling_index(cr)] != SQ_NONE; }
  bool operator==(const Setup& o) const;

 private:
  // The part of a position that the verdicts read: the pieces, the side, the rule set.
  // Returns the pieces' part of the position's key (one loop over the pieces for both).
  Key load_pieces(Position& pos) const;
  // The rest but the rights and the en passant square into out, the pieces from `pieces`
  // (load_pieces).
  void load_board(Position& out, const Position& pieces) const;
  // pos: this set-up's pieces (load_pieces). When the checks were judged in standard chess or
  // Makruk, *checkers is set to the side to move's checkers and *checkers_known to true.
  FenErrors verdicts(const Position& pos, Bitboard* checkers, bool* checkers_known) const;
};

}  // namespace cw
