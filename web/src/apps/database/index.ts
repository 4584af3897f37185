/**
 * `chesswasm/database`: a game database with an opening explorer and a position search, in
 * SQLite's official wasm build (`@sqlite.org/sqlite-wasm`, Apache-2.0, this entry's one
 * runtime dependency): a file in Node, OPFS in a browser's worker, `':memory:'` anywhere.
 *
 * An entry point of its own: `import 'chesswasm'` loads nothing of it. SQLite's module is
 * loaded by the first {@link GameDatabase.open}.
 * @module
 */
export {
  DATABASE_FORMAT,
  DatabaseError,
  GameDatabase,
  type AddGamesOptions,
  type DatabaseErrorCode,
  type Explorer,
  type ExportedGame,
  type ExportedPosition,
  type ExplorerMove,
  type GameHeader,
  type GameSource,
  type GamesOptions,
  type ImportError,
  type ImportProgress,
  type ImportResult,
  type OpenOptions,
} from './database.js';
export { type GameFilter, type Result, type Speed } from './filter.js';
