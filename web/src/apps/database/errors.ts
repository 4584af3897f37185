/**
 * `DatabaseError` and its codes (a module of their own: the source readers throw them too).
 * Internal (the entry re-exports them).
 * @module
 */
import { ChessError } from '../../boundary/errors.js';

/** Why a database call failed. */
export type DatabaseErrorCode =
  /** The disk or the browser's storage quota is full (the transaction was rolled back). */
  | 'full'
  /** Another connection held the store's lock for longer than the busy timeout. */
  | 'locked'
  /** The file is not a database or its pages are damaged. */
  | 'damaged'
  /** The store was written by a later version of the package. */
  | 'newer-format'
  /** The store cannot be opened here (no file system or OPFS, a directory, no permission). */
  | 'cannot-open'
  /** A read or write of the store failed. */
  | 'io'
  /** The database was closed. */
  | 'closed'
  /** No game has this id. */
  | 'not-found'
  /** An argument is not what the method takes. */
  | 'invalid-argument'
  /** A compressed source (`.pgn.zst`) ended inside a frame (the games before it are kept). */
  | 'truncated';

/** A database call failed; `code` says why ({@link DatabaseErrorCode}). */
export class DatabaseError extends ChessError {
  declare readonly code: DatabaseErrorCode;

  /**
   * @param code - why.
   * @param message - a sentence for humans.
   */
  constructor(code: DatabaseErrorCode, message: string) {
    super(code, message);
    this.name = 'DatabaseError';
  }
}
