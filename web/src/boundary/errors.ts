/**
 * Errors thrown by chesswasm. Every error is a {@link ChessError} with a machine-readable
 * `code`; a call that throws leaves every object exactly as it was.
 * @module
 */
import {
  type FenErrorName,
  type PgnErrorCodeName,
  type SanStatusName,
  FenError as FEN_ERROR_NAMES,
  PgnErrorCode as PGN_ERROR_NAMES,
  SanStatus,
} from '../boundary/boundary.js';

/**
 * A name of the core's registered enums as an error code: every error code and reason of the
 * package is lower case, words joined by dashes (`MISSING_KING` → `'missing-king'`,
 * `ILLEGAL_MOVE` → `'illegal-move'`); docs/errors.md has the table.
 */
export type KebabCase<S extends string> = S extends `${infer A}_${infer B}`
  ? `${Lowercase<A>}-${KebabCase<B>}`
  : Lowercase<S>;

/** The code of a registered enum name (the one conversion: {@link KebabCase}). */
export function kebabCase<S extends string>(name: S): KebabCase<S> {
  return name.toLowerCase().replaceAll('_', '-') as KebabCase<S>;
}

/**
 * Why a FEN was refused: the core's FEN errors (`cpp/core/position.h`, `enum class FenError`,
 * as the wasm module registers them) as codes, e.g. `'missing-king'`, `'rank-too-long'`, plus
 * `'not-a-string'` when the FEN argument is no string at all.
 */
export type FenErrorCode = KebabCase<Exclude<FenErrorName, 'OK'>> | 'not-a-string';

// The two tables below are marked pure (a call has no side effects here) so that an app's
// bundler drops the one it does not use (an app of Position alone: the PGN reasons, 0.2 KB).
/** The FEN error codes, indexed by the core's FenError value (`'ok'` at 0). */
export const FEN_ERROR_CODES: readonly KebabCase<FenErrorName>[] = /* @__PURE__ */ FEN_ERROR_NAMES.map(kebabCase);

/**
 * Why a move was refused (the core's `SanStatus` as a code): `'syntax'` (not a move in any
 * accepted notation, or not a move number at all), `'illegal'` (well-formed but not legal
 * here, e.g. a move for the wrong side), `'ambiguous'` (SAN that matches more than one legal
 * move).
 */
export type IllegalMoveCode = KebabCase<Exclude<SanStatusName, 'OK'>>;

/**
 * Why a PGN text was refused: the core's `PgnErrorCode` names (`cpp/core/pgn.h`) as codes, e.g.
 * `'illegal-move'`, `'variation-unclosed'`, `'bad-fen-tag'`, plus `'no-game'` (the text holds
 * no game) and `'not-a-string'`.
 */
export type PgnErrorReason = KebabCase<Exclude<PgnErrorCodeName, 'NONE'>> | 'no-game' | 'not-a-string';

/** The PGN error reasons, indexed by the core's PgnErrorCode value (`'none'` at 0). */
export const PGN_ERROR_REASONS: readonly KebabCase<PgnErrorCodeName>[] = /* @__PURE__ */ PGN_ERROR_NAMES.map(kebabCase);

/** The words of a move error's message, by code (the one table of them). */
export const MOVE_ERROR_TEXT: { readonly [code in IllegalMoveCode]: string } = {
  syntax: 'not a move',
  illegal: 'illegal move',
  ambiguous: 'ambiguous move',
};

/** The code of a core `SanStatus` value (1-3). */
export function moveErrorCode(status: number): IllegalMoveCode {
  return kebabCase(SanStatus[status] ?? 'SYNTAX') as IllegalMoveCode;
}

/**
 * Codes of plain {@link ChessError}s: `'disposed'` (the object was disposed),
 * `'not-initialized'` (the wasm module is not loaded: call {@link init}),
 * `'invalid-argument'` (e.g. a negative perft depth), `'invalid-variant'`,
 * `'nothing-to-undo'` (undo with no move played).
 */
export type ChessErrorCode =
  'disposed' | 'not-initialized' | 'invalid-argument' | 'invalid-variant' | 'nothing-to-undo';

/** Base class of every error chesswasm throws; `code` says what went wrong. */
export class ChessError extends Error {
  /** Machine-readable reason, stable across releases. */
  readonly code: string;

  /**
   * @param code - machine-readable reason.
   * @param message - a sentence for humans.
   */
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ChessError';
    this.code = code;
  }
}

/** A FEN was refused; `code` names the core's reason (e.g. `'missing-king'`). */
export class FenError extends ChessError {
  declare readonly code: FenErrorCode;
  /** The FEN that was refused (as given, or its `String()` for a non-string). */
  readonly fen: string;

  /**
   * @param code - the core's FenError as a code.
   * @param message - a sentence for humans.
   * @param fen - the refused input.
   */
  constructor(code: FenErrorCode, message: string, fen: string) {
    super(code, message);
    this.name = 'FenError';
    this.fen = fen;
  }
}

/** A move (number, UCI or SAN) was refused; see {@link IllegalMoveCode}. */
export class IllegalMoveError extends ChessError {
  declare readonly code: IllegalMoveCode;
  /** The refused move as given (a number, a string, or `String()` of anything else). */
  readonly move: string;

  /**
   * @param code - why the move was refused.
   * @param message - a sentence for humans.
   * @param move - the refused input.
   */
  constructor(code: IllegalMoveCode, message: string, move: string) {
    super(code, message);
    this.name = 'IllegalMoveError';
    this.move = move;
  }
}

/**
 * A PGN text was refused (thrown by the PGN reader). `code` is `'invalid-pgn'` (a malformed or
 * illegal game) or `'no-game'`; `reason` says what exactly, `line`/`column` where.
 */
export class PgnError extends ChessError {
  /** 1-based line of the offending token (0 when unknown). */
  readonly line: number;
  /** 1-based column of the offending token (0 when unknown). */
  readonly column: number;
  /** The core's reason (e.g. `'illegal-move'`). */
  readonly reason: PgnErrorReason;
  /** The offending text when the reason has one (a move as written, a character, a tag value), else `''`. */
  readonly detail: string;

  /**
   * @param code - `'invalid-pgn'` or `'no-game'`.
   * @param message - a sentence for humans.
   * @param line - 1-based line (0 when unknown).
   * @param column - 1-based column (0 when unknown).
   * @param reason - the core's reason.
   * @param detail - the offending text, if any.
   */
  constructor(code: string, message: string, line = 0, column = 0, reason: PgnErrorReason = 'no-game', detail = '') {
    super(code, message);
    this.name = 'PgnError';
    this.line = line;
    this.column = column;
    this.reason = reason;
    this.detail = detail;
  }
}

/**
 * Why an opening book or a book lookup was refused: `'truncated'` (the file is not a whole
 * number of 16-byte entries), `'unsorted'` (an entry's key is lower than the one before it),
 * `'unsupported-variant'` (a Makruk position: the Polyglot format has no keys for it),
 * `'unsupported-castling'` (a Chess960 position in which a rook that is not the outermost
 * one on its side has castling rights: its key is not the Polyglot key).
 */
export type BookErrorCode = 'truncated' | 'unsorted' | 'unsupported-variant' | 'unsupported-castling';

/** A Polyglot opening book, or a position looked up in one, was refused; see {@link BookErrorCode}. */
export class BookError extends ChessError {
  declare readonly code: BookErrorCode;
  /** Byte offset in the book of the offending entry (`'truncated'`, `'unsorted'`), else -1. */
  readonly offset: number;

  /**
   * @param code - why the book or the lookup was refused.
   * @param message - a sentence for humans.
   * @param offset - byte offset of the offending entry, or -1.
   */
  constructor(code: BookErrorCode, message: string, offset = -1) {
    super(code, message);
    this.name = 'BookError';
    this.offset = offset;
  }
}

/** A short printable rendering of any value, for error messages. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return value.length > 100 ? `${value.slice(0, 100)}…` : value;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
