/**
 * Moves as 16-bit numbers and squares: decoding helpers. A move is
 * `from | to << 6 | flags << 12` (see {@link MoveFlag}); for castling, `to` is the square of
 * the castling rook (king-to-rook), in every variant. 0 is the null move.
 *
 * The lichess variants' own moves fit the same 16 bits:
 *
 * | helper | crazyhouse drop (`N@f3`) | antichess promotion to a king (`a7a8k`, `b7a8k`) |
 * | --- | --- | --- |
 * | {@link moveFrom} | b1..f1: the origin field holds the piece type (pawn 1 … queen 5), no square | the pawn's square |
 * | {@link moveTo} | the square dropped on | the promotion square |
 * | {@link moveFlags} | `DOUBLE_PUSH` (a real double push never starts on rank 1) | `PROMO_MET`, `PROMO_MET_CAPTURE` |
 * | {@link isDrop} / {@link dropPiece} | `true` / the piece (`'n'`) | `false` / `null` |
 * | {@link movePromotion} | `null` | `'k'` |
 * | {@link isPromotion} | `false` | `true` |
 * | {@link isCapture} | `false` | `true` for the capturing one |
 * | {@link isCastling} / {@link isEnPassant} | `false` | `false` |
 *
 * Horde's double steps from the first rank are plain moves (`QUIET`: no en passant square).
 * @module
 */
import { MOVE_FLAGS, MOVE_FLAG_SHIFT, MOVE_TO_SHIFT, PIECE_LETTERS, PROMOTION_TYPE } from '../boundary/boundary.js';
import { describe } from '../boundary/errors.js';

/** A move: the core's 16-bit encoding, `from | to << 6 | flags << 12`. */
export type Move = number;

/** A square index, a1 = 0, b1 = 1, ..., h8 = 63. */
export type Square = number;

/** File letters. */
export type FileName = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h';
/** Rank digits. */
export type RankName = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
/** A square name such as `'e4'`. */
export type SquareName = `${FileName}${RankName}`;

/** A colour: `'w'` (white) or `'b'` (black). */
export type Color = 'w' | 'b';

/**
 * Piece letters (lower case): chess pieces, and Makruk's Met (`'m'`, also a promoted Bia)
 * and Khon (`'s'`).
 */
export type PieceType = 'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'm' | 's';

/** A piece promoted to by a move: chess pieces, Makruk's Met (`'m'`), antichess's king (`'k'`). */
export type PromotionPiece = 'n' | 'b' | 'r' | 'q' | 'm' | 'k';

/**
 * The 4-bit flags of a move (bits 12-15), by name, as the core registers them
 * (`cpp/core/types.h`; the values are generated from the registration, so they are
 * documented here as a whole): `QUIET` (no capture, none of the below), `DOUBLE_PUSH` (a
 * pawn's two-square first step), `CASTLE_KING` / `CASTLE_QUEEN` (castling on the king's /
 * queen's side), `CAPTURE` (a capture that is not en passant and no promotion),
 * `EN_PASSANT`, `PROMO_MET` / `PROMO_MET_CAPTURE` (Makruk: a Bia promoting to a Met, without /
 * with a capture), `PROMO_KNIGHT`, `PROMO_BISHOP`, `PROMO_ROOK`, `PROMO_QUEEN` (promotions) and
 * `PROMO_KNIGHT_CAPTURE` … `PROMO_QUEEN_CAPTURE` (capturing promotions).
 */
export const MoveFlag = MOVE_FLAGS;

/** The names of all 64 squares, indexed by {@link Square}. */
export const SQUARE_NAMES: readonly SquareName[] = Object.freeze(
  Array.from({ length: 64 }, (_, s) => `${'abcdefgh'[s & 7]}${(s >> 3) + 1}` as SquareName),
);

/**
 * The origin square of a move. A crazyhouse drop has none: its origin field holds the dropped
 * piece's type (see {@link isDrop}).
 */
export function moveFrom(move: Move): Square {
  return move & 63;
}

/** The destination square of a move (for castling: the rook's square). */
export function moveTo(move: Move): Square {
  return (move >> MOVE_TO_SHIFT) & 63;
}

/** The flags of a move, one of {@link MoveFlag}'s values. */
export function moveFlags(move: Move): number {
  return (move >> MOVE_FLAG_SHIFT) & 15;
}

/**
 * The piece a move promotes to, or `null` for a move that is no promotion (a drop included).
 * The flags `PROMO_MET` / `PROMO_MET_CAPTURE` promote to the rule set's own piece, told apart by
 * the destination: a Makruk Bia becomes a Met on the sixth rank (`'m'`: the destination is on
 * rank 6 or 3), an antichess pawn becomes a king on the last rank (`'k'`: rank 8 or 1, where
 * no Makruk promotion lands).
 */
export function movePromotion(move: Move): PromotionPiece | null {
  const type = PROMOTION_TYPE[moveFlags(move)]!;
  if (type === 0) return null;
  const to = moveTo(move);
  if (PIECE_LETTERS[type] === 'm' && (to < 8 || to >= 56)) return 'k';
  return PIECE_LETTERS[type] as PromotionPiece;
}

/** Whether a move removes an enemy piece (en passant and capturing promotions included). */
export function isCapture(move: Move): boolean {
  const f = moveFlags(move);
  return (
    f === MoveFlag.CAPTURE ||
    f === MoveFlag.EN_PASSANT ||
    f === MoveFlag.PROMO_MET_CAPTURE ||
    f >= MoveFlag.PROMO_KNIGHT_CAPTURE
  );
}

/** Whether a move is castling (king-to-rook: {@link moveTo} is the rook's square). */
export function isCastling(move: Move): boolean {
  const f = moveFlags(move);
  return f === MoveFlag.CASTLE_KING || f === MoveFlag.CASTLE_QUEEN;
}

/**
 * Whether a move is a crazyhouse drop: the flag `DOUBLE_PUSH` with an origin on rank 1, where
 * no double push starts (the origin field holds the dropped piece's type). A drop is no
 * capture, castling, en passant or promotion.
 */
export function isDrop(move: Move): boolean {
  return (move & 0xf038) === MoveFlag.DOUBLE_PUSH << MOVE_FLAG_SHIFT;
}

/** The piece a drop puts on the board (`'p'`, `'n'`, `'b'`, `'r'`, `'q'`), `null` for another move. */
export function dropPiece(move: Move): PieceType | null {
  return isDrop(move) ? (PIECE_LETTERS[move & 7] as PieceType) : null;
}

/** Whether a move is an en passant capture. */
export function isEnPassant(move: Move): boolean {
  return moveFlags(move) === MoveFlag.EN_PASSANT;
}

/** Whether a move is a promotion. */
export function isPromotion(move: Move): boolean {
  return moveFlags(move) >= MoveFlag.PROMO_MET;
}

/** The name of a square index (`squareName(28) === 'e4'`); throws a RangeError off the board. */
export function squareName(square: Square): SquareName {
  // Only a number indexes the table: another key would be converted with its toString(),
  // which may throw (the RangeError below names any value safely).
  const name = typeof square === 'number' ? SQUARE_NAMES[square] : undefined;
  if (name === undefined) throw new RangeError(`not a square index: ${describe(square)}`);
  return name;
}

/** The index of a square name (`parseSquare('e4') === 28`), or `undefined` if it is none. */
export function parseSquare(name: string): Square | undefined {
  if (typeof name !== 'string' || name.length !== 2) return undefined;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? rank * 8 + file : undefined;
}
