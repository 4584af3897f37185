/**
 * `Setup`: a board and the FEN fields with no legality required, over the core's
 * `cw::Setup` (cpp/core/setup.h) in wasm memory.
 * @module
 */
import {
  Color as COLORS,
  FenError as FEN_ERRORS,
  MAX_FULLMOVE_NUMBER,
  MAX_HALFMOVE_CLOCK,
  PIECE_COLOR_SHIFT,
  PIECE_LETTERS,
} from './boundary.js';
import type { Setup as NativeSetup } from './chesswasm.mjs';
import { ChessError, FenError, describe, type FenErrorCode } from './errors.js';
import { type Color, type PieceType, type Square, parseSquare } from './move.js';
import {
  type FenOptions,
  type Piece,
  type Position,
  type Variant,
  VARIANTS,
  fenError,
  nativePosition,
  positionFromSetup,
  variantCode,
} from './position.js';
import { DISPOSE, disposedError } from './lifecycle.js';
import { M, readString, releaseIo, writeString } from './wasm.js';

/** A castling side: `'k'` (the king's side, O-O) or `'q'` (the queen's side, O-O-O). */
export type CastlingSide = 'k' | 'q';

/** Options of {@link Setup.toPosition}. */
export interface ToPositionOptions {
  /**
   * Build a position where a side has no king (the verdict `MISSING_KING` passed over):
   * that side is never in check and every move of its pieces is legal, as chess.js plays
   * such boards. Every other verdict still applies (the material rule included).
   */
  tolerateMissingKings?: boolean;
}

const registry = /* @__PURE__ */ new FinalizationRegistry<NativeSetup>((s) => s.delete());
const NO_SQUARE = 64;
const EMPTY_BOARD = '8/8/8/8/8/8/8/8 w - - 0 1';

function squareArg(square: unknown): Square {
  const sq = typeof square === 'string' ? parseSquare(square) : square;
  if (typeof sq !== 'number' || (sq & 63) !== sq) throw new ChessError('invalid-argument', `not a square: ${describe(square)}`);
  return sq;
}

function castlingIndex(color: unknown, side: unknown): number {
  if ((color !== 'w' && color !== 'b') || (side !== 'k' && side !== 'q'))
    throw new ChessError('invalid-argument', `not a colour and castling side: ${describe(color)}, ${describe(side)}`);
  return (color === 'w' ? 0 : 2) + (side === 'k' ? 0 : 1);
}

// The codes of a set of FenError codes (bit e for code e), in the core's order: its first,
// then the first of the rest, and so on.
function codesOf(bits: number): FenErrorCode[] {
  const out: FenErrorCode[] = [];
  for (let rest = bits >>> 0; rest !== 0; ) {
    const code = M.firstFenError(rest).value;
    out.push(FEN_ERRORS[code] as FenErrorCode);
    rest = (rest & ~(1 << code)) >>> 0;
  }
  return out;
}

/**
 * A board and the FEN fields (side to move, castling rights, en passant square, counters)
 * with no legality required: an edited board, a board without kings, a FEN that
 * {@link Position.fromFen} refuses for a reason other than its syntax. The rules are the
 * core's: {@link Setup.validate} lists every verdict as {@link FenError} codes, and
 * {@link Setup.toPosition} builds the position when it is legal. Memory lives in wasm; it is
 * freed by {@link Setup.dispose}, else when the object is garbage-collected. A method that
 * throws leaves the set-up unchanged.
 */
export class Setup {
  #s: NativeSetup | null;

  private constructor(s: NativeSetup) {
    this.#s = s;
    registry.register(this, s, this);
  }

  /** An empty board, white to move, no castling rights, no en passant square, move 1. */
  static empty(variant: Variant = 'chess'): Setup {
    return Setup.fromFen(EMPTY_BOARD, { variant });
  }

  /**
   * The set-up a FEN describes; only its syntax is checked (see {@link Setup.validate}).
   * The halfmove and fullmove fields may be omitted.
   * @throws {@link FenError} for a FEN that is not well-formed (e.g. `'RANK_TOO_LONG'`).
   */
  static fromFen(fen: string, options: FenOptions = {}): Setup {
    const variant = variantCode((options as FenOptions | null | undefined)?.variant);
    if (typeof fen !== 'string') throw new FenError('NOT_A_STRING', `a FEN must be a string, not ${describe(fen)}`, describe(fen));
    const s = new M.Setup();
    const status = s.parse(writeString(fen), M.Variant.values[variant]!).value;
    releaseIo();
    if (status !== 0) {
      s.delete();
      throw fenError(status, fen);
    }
    return new Setup(s);
  }

  /**
   * The syntax verdicts on a FEN, every field checked on its own (the board's first error,
   * the side, the castling letters, the en passant field, each counter), in the core's
   * order; `[]` when {@link Setup.fromFen} reads it. For readers with their own order of
   * checks (the chess.js facade). `['NOT_A_STRING']` for a non-string.
   */
  static syntaxErrors(fen: string, options: FenOptions = {}): FenErrorCode[] {
    const variant = variantCode((options as FenOptions | null | undefined)?.variant);
    if (typeof fen !== 'string') return ['NOT_A_STRING'];
    const bits = M.fenSyntaxErrors(writeString(fen), M.Variant.values[variant]!);
    releaseIo();
    return codesOf(bits);
  }

  /** The board and fields of a position. */
  static fromPosition(position: Position): Setup {
    return new Setup(M.setupOf(nativePosition(position)));
  }

  #live(): NativeSetup {
    const s = this.#s;
    if (s === null) throw disposedError('Setup');
    return s;
  }

  /** Whether {@link Setup.dispose} was called. */
  get disposed(): boolean {
    return this.#s === null;
  }

  /** Frees the wasm memory now (idempotent). */
  dispose(): void {
    const s = this.#s;
    if (s === null) return;
    this.#s = null;
    registry.unregister(this);
    s.delete();
  }

  /** `using` support: calls {@link dispose}. */
  [DISPOSE](): void {
    this.dispose();
  }

  /** An independent copy. */
  clone(): Setup {
    return new Setup(new M.Setup(this.#live()));
  }

  /**
   * The FEN (castling as {@link Position.fen} writes it; `shredder`: the rooks' files).
   * Every field is written as it is held, legal or not.
   */
  fen(options: { shredder?: boolean } = {}): string {
    return readString(this.#live().fen(options?.shredder === true));
  }

  /**
   * Every validity verdict, as {@link FenError} codes in the order the core reports the
   * first of them (kings, pawns on back ranks, material, castling, en passant, checks); `[]`
   * for a legal set-up.
   */
  validate(): FenErrorCode[] {
    return codesOf(this.#live().validate());
  }

  /** Whether every verdict is OK (then {@link Setup.toPosition} succeeds). */
  get valid(): boolean {
    return this.#live().validate() === 0;
  }

  /**
   * The position, when the set-up is legal (with `tolerateMissingKings`, a side may lack its
   * king).
   * @throws {@link FenError} with the first verdict (e.g. `'OPPOSITE_CHECK'`).
   */
  toPosition(options: ToPositionOptions = {}): Position {
    return positionFromSetup(this.#live(), options?.tolerateMissingKings === true);
  }

  /** The rules variant. */
  get variant(): Variant {
    return VARIANTS[this.#live().variant().value]!;
  }

  /** The piece on a square (index or name), or `null` when it is empty. */
  pieceAt(square: Square | string): Piece | null {
    const code = this.#live().pieceOn(squareArg(square));
    if (code === 0) return null;
    return {
      color: COLORS[code >> PIECE_COLOR_SHIFT] === 'WHITE' ? 'w' : 'b',
      type: PIECE_LETTERS[code & ((1 << PIECE_COLOR_SHIFT) - 1)] as PieceType,
    };
  }

  /**
   * Puts a piece on a square (`null` empties it). The fields stay as they are; see
   * {@link Setup.dropContradicted}.
   * @throws {@link ChessError} `'invalid-argument'` for a bad square or a piece the variant
   * does not have.
   */
  put(square: Square | string, piece: Piece | null): void {
    const s = this.#live();
    const sq = squareArg(square);
    let code = 0;
    if (piece !== null) {
      const type = PIECE_LETTERS.indexOf((piece as Piece | undefined)?.type as (typeof PIECE_LETTERS)[number]);
      const color = piece?.color === 'w' ? 0 : piece?.color === 'b' ? 1 : -1;
      code = type > 0 && color >= 0 ? (color << PIECE_COLOR_SHIFT) | type : -1;
    }
    if (code < 0 || !s.setPiece(sq, code)) throw new ChessError('invalid-argument', `not a piece of ${this.variant}: ${describe(piece)}`);
  }

  /** Removes and returns the piece on a square (`null` when it was empty). */
  remove(square: Square | string): Piece | null {
    const piece = this.pieceAt(square);
    this.#live().setPiece(squareArg(square), 0);
    return piece;
  }

  /** The side to move. */
  get turn(): Color {
    return this.#live().turn().value === 0 ? 'w' : 'b';
  }

  /** Sets the side to move. */
  set turn(color: Color) {
    if (color !== 'w' && color !== 'b') throw new ChessError('invalid-argument', `not a colour: ${describe(color)}`);
    this.#live().setTurn(color === 'w' ? 0 : 1);
  }

  /** The square of the rook bound to a castling right, or `null` when the right is not given. */
  castlingRook(color: Color, side: CastlingSide): Square | null {
    const sq = this.#live().castlingRook(castlingIndex(color, side));
    return sq === NO_SQUARE ? null : sq;
  }

  /**
   * Gives a castling right, bound to the rook on `square` (on that colour's back rank), or
   * takes it away (`null`). The board is not checked here: {@link Setup.validate} is.
   * @throws {@link ChessError} `'invalid-argument'` for a square off that back rank.
   */
  setCastlingRook(color: Color, side: CastlingSide, square: Square | string | null): void {
    const s = this.#live();
    const i = castlingIndex(color, side);
    const sq = square === null ? NO_SQUARE : squareArg(square);
    if (!s.setCastlingRook(i, sq)) throw new ChessError('invalid-argument', `not a square of ${color === 'w' ? 'white' : 'black'}'s back rank: ${describe(square)}`);
  }

  /** The en passant square as held (legal or not), or `null`. */
  get epSquare(): Square | null {
    const sq = this.#live().epSquare();
    return sq === NO_SQUARE ? null : sq;
  }

  /** Sets the en passant square (any square; `null` for none). */
  set epSquare(square: Square | string | null) {
    this.#live().setEpSquare(square === null ? NO_SQUARE : squareArg(square));
  }

  /** The halfmove clock (Makruk: the counting ply while a count runs). */
  get halfmoves(): number {
    return this.#live().halfmoves();
  }

  /** Sets the halfmove clock (an integer from 0 to 65535). */
  set halfmoves(n: number) {
    if (!this.#live().setHalfmoves(typeof n === 'number' ? n : NaN))
      throw new ChessError('invalid-argument', `the halfmove clock is an integer from 0 to ${MAX_HALFMOVE_CLOCK}, not ${describe(n)}`);
  }

  /** The fullmove number. */
  get fullmoves(): number {
    return this.#live().fullmoves();
  }

  /** Sets the fullmove number (an integer from 1 to 100000). */
  set fullmoves(n: number) {
    if (!this.#live().setFullmoves(typeof n === 'number' ? n : NaN))
      throw new ChessError('invalid-argument', `the fullmove number is an integer from 1 to ${MAX_FULLMOVE_NUMBER}, not ${describe(n)}`);
  }

  /**
   * Drops the castling rights and the en passant square that the board contradicts (a
   * right without its king or rook at home, an en passant square without the pawn that
   * made it, or occupied).
   */
  dropContradicted(): void {
    this.#live().dropContradicted();
  }

  /** The FEN, for debugging. */
  toString(): string {
    return this.#s === null ? 'Setup(disposed)' : this.fen();
  }
}

export interface Setup {
  /** Same as {@link Setup.dispose}, for `using` declarations. */
  [Symbol.dispose](): void;
}
