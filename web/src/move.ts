/**
 * Moves as 16-bit numbers and squares: decoding helpers. A move is
 * `from | to << 6 | flags << 12` (see {@link MoveFlag}); for castling, `to` is the square of
 * the castling rook (king-to-rook), in every variant. 0 is the null move.
 * @module
 */

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

/** A piece promoted to by a move. */
export type PromotionPiece = 'n' | 'b' | 'r' | 'q' | 'm';

/** The 4-bit flags of a move (bits 12-15), as in `cpp/core/types.h`. */
export const MoveFlag = {
  /** A move that captures nothing and is none of the below. */
  QUIET: 0,
  /** A pawn's two-square first step. */
  DOUBLE_PUSH: 1,
  /** Castling on the king's side (h-file rook in standard chess). */
  CASTLE_KING: 2,
  /** Castling on the queen's side (a-file rook in standard chess). */
  CASTLE_QUEEN: 3,
  /** A capture (not en passant, not a promotion). */
  CAPTURE: 4,
  /** An en passant capture. */
  EN_PASSANT: 5,
  /** Makruk: a Bia promoting to a Met. */
  PROMO_MET: 6,
  /** Makruk: a Bia capturing and promoting to a Met. */
  PROMO_MET_CAPTURE: 7,
  /** A promotion to a knight. */
  PROMO_KNIGHT: 8,
  /** A promotion to a bishop. */
  PROMO_BISHOP: 9,
  /** A promotion to a rook. */
  PROMO_ROOK: 10,
  /** A promotion to a queen. */
  PROMO_QUEEN: 11,
  /** A capture promoting to a knight. */
  PROMO_KNIGHT_CAPTURE: 12,
  /** A capture promoting to a bishop. */
  PROMO_BISHOP_CAPTURE: 13,
  /** A capture promoting to a rook. */
  PROMO_ROOK_CAPTURE: 14,
  /** A capture promoting to a queen. */
  PROMO_QUEEN_CAPTURE: 15,
} as const;

/** The names of all 64 squares, indexed by {@link Square}. */
export const SQUARE_NAMES: readonly SquareName[] = Object.freeze(
  Array.from({ length: 64 }, (_, s) => `${'abcdefgh'[s & 7]}${(s >> 3) + 1}` as SquareName),
);

/** The origin square of a move. */
export function moveFrom(move: Move): Square {
  return move & 63;
}

/** The destination square of a move (for castling: the rook's square). */
export function moveTo(move: Move): Square {
  return (move >> 6) & 63;
}

/** The flags of a move, one of {@link MoveFlag}'s values. */
export function moveFlags(move: Move): number {
  return (move >> 12) & 15;
}

/** The piece a move promotes to, or `null` for a move that is no promotion. */
export function movePromotion(move: Move): PromotionPiece | null {
  const f = moveFlags(move);
  if (f >= MoveFlag.PROMO_KNIGHT) return (['n', 'b', 'r', 'q'] as const)[f & 3]!;
  return f === MoveFlag.PROMO_MET || f === MoveFlag.PROMO_MET_CAPTURE ? 'm' : null;
}

/** Whether a move removes an enemy piece (en passant and capturing promotions included). */
export function isCapture(move: Move): boolean {
  const f = moveFlags(move);
  return f === MoveFlag.CAPTURE || f === MoveFlag.EN_PASSANT || f === MoveFlag.PROMO_MET_CAPTURE || f >= MoveFlag.PROMO_KNIGHT_CAPTURE;
}

/** Whether a move is castling (king-to-rook: {@link moveTo} is the rook's square). */
export function isCastling(move: Move): boolean {
  const f = moveFlags(move);
  return f === MoveFlag.CASTLE_KING || f === MoveFlag.CASTLE_QUEEN;
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
  const name = SQUARE_NAMES[square];
  if (name === undefined) throw new RangeError(`not a square index: ${String(square)}`);
  return name;
}

/** The index of a square name (`parseSquare('e4') === 28`), or `undefined` if it is none. */
export function parseSquare(name: string): Square | undefined {
  if (typeof name !== 'string' || name.length !== 2) return undefined;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? rank * 8 + file : undefined;
}
