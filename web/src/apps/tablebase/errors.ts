/**
 * `TablebaseError` and its codes. Internal but for what the entry exports.
 * @module
 */
import { ChessError } from '../../boundary/errors.js';

/**
 * Why a tablebase or a probe was refused:
 * - `'missing-table'`: a table the probe needs is not there ({@link TablebaseError.table} names it);
 * - `'castling'`: the position has castling rights (the tables hold none);
 * - `'too-many-pieces'`: more pieces than the largest table opened;
 * - `'damaged'`: a file is no valid table, or is truncated ({@link TablebaseError.file} names it);
 * - `'variant'`: not standard chess or Chess960;
 * - `'read-failed'`: the source could not read a file ({@link TablebaseError.file});
 * - `'invalid-source'`: `open` was given no usable source (a folder that cannot be listed, a URL
 *   without `names`, no table file);
 * - `'invalid-argument'`: an option or a position of the wrong type;
 * - `'closed'`: the tablebase was closed.
 */
export type TablebaseErrorCode =
  | 'missing-table'
  | 'castling'
  | 'too-many-pieces'
  | 'damaged'
  | 'variant'
  | 'read-failed'
  | 'invalid-source'
  | 'invalid-argument'
  | 'closed';

/** A tablebase could not be opened or a probe could not be answered; see {@link TablebaseErrorCode}. */
export class TablebaseError extends ChessError {
  declare readonly code: TablebaseErrorCode;
  /** The missing table (`'KQvKR'`) for `'missing-table'`, else `''`. */
  readonly table: string;
  /** The file at fault (`'KQvKR.rtbz'`) for `'damaged'` and `'read-failed'`, else `''`. */
  readonly file: string;

  /**
   * @param code - why.
   * @param message - a sentence for humans.
   * @param details - the table or file concerned.
   */
  constructor(code: TablebaseErrorCode, message: string, details: { table?: string; file?: string } = {}) {
    super(code, message);
    this.name = 'TablebaseError';
    this.table = details.table ?? '';
    this.file = details.file ?? '';
  }
}
