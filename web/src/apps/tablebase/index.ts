/**
 * `chesswasm/tablebase`: Syzygy endgame tablebases, WDL and DTZ probing and every move's verdict
 * (lichess's tablebase API shape), the tables read from a folder, a URL, a directory handle or a
 * reader of yours. The prober is the core's (C++) in a wasm module of its own, loaded by
 * {@link Tablebase.open}.
 * @module
 */
export { Tablebase } from './tablebase.js';
export type { TablebaseCategory, TablebaseMove, TablebaseOptions, TablebaseSource, Wdl } from './tablebase.js';
export { TablebaseError } from './errors.js';
export type { TablebaseErrorCode } from './errors.js';
export type {
  TablebaseDirectory,
  TablebaseDirectoryEntry,
  TablebaseFileHandle,
  TablebaseReader,
  TablebaseWritable,
} from './sources.js';
