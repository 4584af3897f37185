/**
 * `GameDatabase`: games in SQLite (its official wasm build), with an opening explorer over a
 * position index of sorted segments (segments.ts). Internal (the entry re-exports it).
 * @module
 */
import { PgnError } from '../../boundary/errors.js';
import { Position, uciOfMove } from '../../core/position.js';
import { Game, type GameNode } from '../../games/game.js';
import { readGamesKeepingText, sourceTextOf } from '../../games/pgn.js';
import {
  type CompiledFilter,
  type GameFilter,
  type Result,
  RESULTS,
  SPEEDS,
  type Speed,
  compileFilter,
  filters,
  packDate,
  speedOf,
  unpackDate,
} from './filter.js';
import { NODE_VFS, deleteStore, installNodeVfs, isNode, storePath } from './node-vfs.js';
import {
  EntryBuffer,
  type EntryCursor,
  KeyReader,
  type MoveTotals,
  SEGMENT_SCHEMA,
  addEntry,
  emptyTotals,
  mergeSegments,
  type RemovedGame,
  removeFromTotals,
  rewriteSegments,
  segmentsOf,
  upgradeSegments,
  writeSegment,
} from './segments.js';
import {
  type Connection,
  type SqlValue,
  type Sqlite3,
  type SqliteError,
  bindUtf8,
  lastInsertId,
  loadSqlite,
  rollback,
  takeStorageError,
} from './sqlite.js';
import { DatabaseError } from './errors.js';
import { decompressIfZstd } from './zstd.js';

export { DatabaseError, type DatabaseErrorCode } from './errors.js';

/** The store format this version writes; a store of a later one is refused (`'newer-format'`). */
export const DATABASE_FORMAT = 2;

/** Options of {@link GameDatabase.open}. */
export interface OpenOptions {
  /** How long a call waits for another connection's lock before `'locked'` (ms; default 10,000). */
  busyTimeout?: number;
}

/** The progress of {@link GameDatabase.addGames}, after each committed batch. */
export interface ImportProgress {
  /** Games read so far (added, skipped and malformed). */
  games: number;
  /** Games stored so far. */
  added: number;
  /** Duplicates skipped so far. */
  skipped: number;
  /** Malformed games so far. */
  errors: number;
}

/** Options of {@link GameDatabase.addGames}. */
export interface AddGamesOptions {
  /** Called after each committed batch. */
  onProgress?: (progress: ImportProgress) => void;
  /** Stops the import: the games read so far are committed, then the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Games per transaction (default 1,000). */
  batchSize?: number;
}

/** A game that could not be read ({@link ImportResult.errors}). */
export interface ImportError {
  /** The game's index in the source (0-based, malformed games counted). */
  index: number;
  /** Where reading stopped in the source (1-based; columns in UTF-8 bytes). */
  line: number;
  /** The column where reading stopped (1-based, in UTF-8 bytes). */
  column: number;
  /** The {@link PgnError}'s code. */
  code: string;
  /** The error's sentence for humans. */
  message: string;
}

/** What {@link GameDatabase.addGames} did. */
export interface ImportResult {
  /** Games stored. */
  added: number;
  /** Games already stored (the same tags and moves). */
  skipped: number;
  /** The malformed games, in the source's order. */
  errors: ImportError[];
}

/** A move's line of {@link Explorer.moves}. */
export interface ExplorerMove {
  /** The move in UCI (`'e2e4'`). */
  uci: string;
  /** The move in SAN (`'e4'`). */
  san: string;
  /** Games that played the move here (any result). */
  games: number;
  /** Of them, games White won. */
  white: number;
  /** Of them, drawn games. */
  draws: number;
  /** Of them, games Black won. */
  black: number;
  /** The mean of both players' average rating over the games with both ratings (null: none). */
  averageRating: number | null;
  /** The latest date of these games (PGN form, unknown parts `??`; null: none dated). */
  lastDate: string | null;
}

/** What {@link GameDatabase.explore} finds at a position. */
export interface Explorer {
  /** Games that reached the position (`*` results counted here only). */
  games: number;
  /** Of them, games White won. */
  white: number;
  /** Of them, drawn games. */
  draws: number;
  /** Of them, games Black won. */
  black: number;
  /** The moves played from the position, most played first. */
  moves: ExplorerMove[];
}

/** A stored game's headers ({@link GameDatabase.games}). */
export interface GameHeader {
  /** The game's id in this database ({@link GameDatabase.game}); never reused after a removal. */
  id: number;
  /** The `White` tag (null: absent). */
  White: string | null;
  /** The `Black` tag. */
  Black: string | null;
  /** The `WhiteElo` tag as a number (null: absent or not a rating). */
  WhiteElo: number | null;
  /** The `BlackElo` tag as a number. */
  BlackElo: number | null;
  /** The game's result. */
  Result: Result;
  /** The `Date` tag (the `UTCDate` tag when `Date` is unknown). */
  Date: string | null;
  /** The `Event` tag. */
  Event: string | null;
  /** The `Site` tag. */
  Site: string | null;
  /** The `TimeControl` tag. */
  TimeControl: string | null;
  /** The ply at which the game reached the queried position (null for `games(null)`). */
  ply: number | null;
}

/** Options of {@link GameDatabase.games}. */
export interface GamesOptions {
  /** Games of the page (default 20, at most 10,000). */
  limit?: number;
  /** Games skipped before the page (default 0). */
  offset?: number;
  /** `'newest'` (default), `'oldest'`, or `'rating'` (the players' average, highest first). */
  order?: 'newest' | 'oldest' | 'rating';
}

/** What {@link GameDatabase.addGames} reads: PGN text, its UTF-8 bytes, or a stream of either. */
export type GameSource =
  | string
  | Uint8Array
  | AsyncIterable<string | Uint8Array>
  | Iterable<string | Uint8Array>
  | ReadableStream<string | Uint8Array>;

const SCHEMA = `
  CREATE TABLE meta (name TEXT PRIMARY KEY, value) WITHOUT ROWID;
  CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, ns TEXT NOT NULL, digest INTEGER NOT NULL UNIQUE,
    white TEXT, black TEXT, white_elo INTEGER, black_elo INTEGER, result INTEGER NOT NULL,
    date TEXT, date_num INTEGER NOT NULL, event TEXT, site TEXT, time_control TEXT,
    speed INTEGER NOT NULL, plies INTEGER NOT NULL, pgn TEXT NOT NULL);
  CREATE INDEX games_white ON games (white COLLATE NOCASE);
  CREATE INDEX games_black ON games (black COLLATE NOCASE);
  CREATE INDEX games_date ON games (date_num);
  CREATE TABLE removed (id INTEGER PRIMARY KEY);
  ${SEGMENT_SCHEMA}
  INSERT INTO meta VALUES ('format', ${DATABASE_FORMAT});`;

// A removal of at most this many games takes each out of the index's totals (its main line
// read again); a larger one rewrites the segments that hold them.
const REMOVE_ONE_BY_ONE = 1000;

const HEADER_COLUMNS = 'id, white, black, white_elo, black_elo, result, date, event, site, time_control';

// SQLite's primary result codes the errors are told apart by.
const RC = { BUSY: 5, LOCKED: 6, IOERR: 10, CORRUPT: 11, FULL: 13, CANTOPEN: 14, NOTADB: 26 };

/** A SQLite failure as a DatabaseError (anything else passes through). */
function translate(e: unknown): unknown {
  if (e instanceof DatabaseError) return e;
  const rc = (e as SqliteError)?.resultCode;
  if (typeof rc !== 'number') return e;
  const message = (e as Error).message;
  switch (rc & 0xff) {
    case RC.BUSY:
    case RC.LOCKED:
      return new DatabaseError('locked', `the database is locked by another connection: ${message}`);
    case RC.FULL:
      return new DatabaseError('full', `the disk or storage quota is full: ${message}`);
    case RC.CORRUPT:
    case RC.NOTADB:
      return new DatabaseError('damaged', `the database is damaged or not a database: ${message}`);
    case RC.CANTOPEN:
      return new DatabaseError('cannot-open', `the database cannot be opened: ${message}`);
    case RC.IOERR: {
      // The OPFS VFS reports a full quota as an I/O error; what it logged says which: the
      // browser's QuotaExceededError, or a short write (Chromium writes what fits in the
      // quota and returns the count; the VFS calls that an "Unknown write() failure").
      const cause = takeStorageError() as { name?: unknown; message?: unknown } | null;
      if (cause?.name === 'QuotaExceededError' || String(cause?.message).includes('write() failure'))
        return new DatabaseError('full', `the browser's storage quota is full: ${message}`);
      return new DatabaseError('io', `a read or write of the database failed: ${message}`);
    }
    default:
      return e;
  }
}

// The stores open in this thread (a Node file by its absolute path, an OPFS store by its name in
// the pool), with their connection counts: GameDatabase.delete refuses them.
const openStores = new Map<string, number>();

// A browser store's name in the OPFS pool (an absolute name, as the pool keeps them).
const opfsName = (name: string): string => (name.startsWith('/') ? name : `/${name}`);

// The OPFS pool of this thread (a worker's), or 'cannot-open' where there is none.
async function opfsPool(sqlite3: Sqlite3) {
  if (!sqlite3.installOpfsSAHPoolVfs)
    throw new DatabaseError('cannot-open', 'no persistent storage here: use ":memory:"');
  return sqlite3.installOpfsSAHPoolVfs({ name: 'chesswasm-opfs' }).catch((e: unknown) => {
    throw new DatabaseError(
      'cannot-open',
      `OPFS is not available here (a persistent database needs a worker with OPFS): ${String(e)}`,
    );
  });
}

const invalid = (message: string): never => {
  throw new DatabaseError('invalid-argument', message);
};

// The index's namespace of a rule set: its name, with '-960' for Chess960 castling in another one.
const namespaceOf = (variant: string, chess960: boolean): string =>
  chess960 && variant !== 'chess960' ? `${variant}-960` : variant;

// Two 32-bit lanes (murmur3's mixing) over a text: the duplicate check's 64-bit digest.
function digest(text: string): bigint {
  let h1 = 0x9747b28c;
  let h2 = 0x85ebca6b;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0xcc9e2d51);
    h1 = (h1 << 15) | (h1 >>> 17);
    h2 = Math.imul(h2 ^ c, 0x1b873593);
    h2 = (h2 << 13) | (h2 >>> 19);
    h2 = Math.imul(h2, 5) + 0xe6546b64;
  }
  h1 ^= text.length;
  h2 ^= text.length;
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
  h1 = Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35) ^ (h1 >>> 16);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0x85ebca6b);
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35) ^ (h2 >>> 16);
  return BigInt.asIntN(64, (BigInt(h1 >>> 0) << 32n) | BigInt(h2 >>> 0));
}

// A key split into its 32-bit words.
const keyWords = new DataView(new ArrayBuffer(8));

// A game's PGN as stored (UTF-8): the text it was read from, without the white space (and
// byte order mark) around it.
function storedText(game: Game): Uint8Array {
  const text = sourceTextOf(game);
  if (text === undefined) return new TextEncoder().encode(game.pgn());
  let a = 0;
  let b = text.length;
  if (text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) a = 3;
  while (a < b && text[a]! <= 0x20) a++;
  while (b > a && text[b - 1]! <= 0x20) b--;
  return text.subarray(a, b);
}

const elo = (v: string | undefined): number => {
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 && n < 65536 ? n : 0;
};
const RESULT_CODE: Record<string, number> = { '1-0': 0, '1/2-1/2': 1, '0-1': 2 };

// A game read and keyed, waiting for its batch's transaction.
interface Pending {
  ns: string;
  digest: bigint;
  tags: Map<string, string>;
  whiteElo: number;
  blackElo: number;
  result: number;
  date: number;
  speed: number;
  /** Its PGN (UTF-8). */
  pgn: Uint8Array;
  plies: number;
  /** Its positions in the batch's key arrays: [start, end). */
  start: number;
  end: number;
}

// The keys of a batch's positions (each key's words and the move played there, in the games'
// order), in arrays that grow: the games' [start, end) ranges index them.
class KeyList {
  hi = new Int32Array(1 << 16);
  lo = new Uint32Array(1 << 16);
  move = new Uint16Array(1 << 16);
  length = 0;

  push(hi: number, lo: number, move: number): void {
    if (this.length === this.hi.length) {
      const grow = <T extends Int32Array | Uint32Array | Uint16Array>(a: T, b: T): T => (b.set(a), b);
      const n = this.length * 2;
      this.hi = grow(this.hi, new Int32Array(n));
      this.lo = grow(this.lo, new Uint32Array(n));
      this.move = grow(this.move, new Uint16Array(n));
    }
    this.hi[this.length] = hi;
    this.lo[this.length] = lo;
    this.move[this.length++] = move;
  }
}

// The streams a source is read as (readGames takes strings, or iterables of chunks); bytes
// that start with a Zstandard frame are decompressed as they come (zstd.ts).
function chunksOf(source: GameSource): Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array> {
  if (typeof source === 'string') return [source];
  if (source instanceof Uint8Array) return decompressIfZstd([source]);
  if (source !== null && typeof source === 'object') {
    if (Symbol.asyncIterator in source || Symbol.iterator in source)
      return decompressIfZstd(source as AsyncIterable<string | Uint8Array>);
    if (typeof (source as ReadableStream).getReader === 'function') {
      const reader = (source as ReadableStream<string | Uint8Array>).getReader();
      return decompressIfZstd({
        async *[Symbol.asyncIterator]() {
          try {
            for (;;) {
              const r = await reader.read();
              if (r.done) return;
              yield r.value;
            }
          } finally {
            reader.releaseLock();
          }
        },
      });
    }
  }
  return invalid(
    'addGames takes a PGN string, a Uint8Array, an iterable or async iterable of chunks, or a ReadableStream',
  );
}

/**
 * Walks a game's main line: `visit(key, ply, node)` for the position before each ply's move
 * (`node`: that move) and for the last position (`node` undefined); `key` is the position's
 * Zobrist key the first time the line reaches it, null when it is reached again. Returns the
 * main line's nodes. The one definition of what the index holds (import and export).
 */
function walkMainline(
  game: Game,
  visit: (key: bigint | null, ply: number, node: GameNode | undefined) => void,
): GameNode[] {
  const nodes = game.mainlineNodes();
  const pos = Position.fromFen(game.rootFen, { variant: game.variant, chess960: game.chess960 });
  const seen = new Set<bigint>();
  try {
    for (let ply = 0; ; ply++) {
      const key = pos.hash();
      const node = nodes[ply];
      const first = !seen.has(key);
      if (first) seen.add(key);
      visit(first ? key : null, ply, node);
      if (node === undefined) break;
      pos.play(node.move);
    }
  } finally {
    pos.dispose();
  }
  return nodes;
}

/**
 * A game's main line as moves and their UCI texts: from the tree as read when its nodes are
 * not made yet (an imported game: no node objects), else from its nodes.
 */
function mainlineMoves(game: Game): { moves: number[]; ucis: string[] } {
  const moves: number[] = [];
  const ucis: string[] = [];
  const tree = game.root.builtChildren === null ? game.root.pendingTree : null;
  if (tree !== null)
    for (let i = tree.firstChild(0); i !== -1; i = tree.firstChild(i)) {
      const move = tree.move(i);
      moves.push(move);
      ucis.push(uciOfMove(tree.uciKey, move));
    }
  else
    for (const node of game.mainlineNodes()) {
      moves.push(node.move);
      ucis.push(node.uci);
    }
  return { moves, ucis };
}

/** A stored game as {@link GameDatabase.exportGames} gives it. */
export interface ExportedGame extends GameHeader {
  /** The index's namespace: the rule set (`'chess'`, `'atomic'`, ...; `'-960'` added for Chess960 castling in another). */
  variant: string;
  /** The speed class of its `TimeControl` (null: none or unreadable). */
  speed: Speed | null;
  /** Plies of its main line. */
  plies: number;
  /** The game as stored (comments and variations kept). */
  pgn: string;
  /** Its indexed positions: each the first time the main line reaches it, in order. */
  positions: ExportedPosition[];
}

/** An indexed position of an {@link ExportedGame}. */
export interface ExportedPosition {
  /** The position's Zobrist key (unsigned; the Polyglot key in standard chess). */
  key: bigint;
  /** The ply at which the main line reaches it. */
  ply: number;
  /** The move played there in UCI (null at the position the game ends in). */
  uci: string | null;
  /** The same in SAN. */
  san: string | null;
}

/**
 * A game database: games stored in SQLite with their tags and PGN (comments and variations
 * kept), and a position index of every main-line position (by Zobrist key, the Polyglot key in
 * standard chess, so that transpositions are found) for an opening explorer and a position
 * search. Open one with {@link GameDatabase.open}.
 *
 * ```ts
 * const db = await GameDatabase.open('games.db');              // a file in Node
 * await db.addGames(fs.createReadStream('lichess.pgn'), { onProgress: (p) => console.log(p.games) });
 * const start = db.explore(Position.startpos());              // { games, white, draws, black, moves }
 * const sicilian = db.games(Position.fromFen(fen), { player: 'DrNykterstein', color: 'w' }, { limit: 10 });
 * const game = db.game(sicilian[0].id, sicilian[0].ply);      // a Game at that position
 * db.close();
 * ```
 */
export class GameDatabase {
  #db: Connection | null;
  #store: string | null;
  #removed: Set<number> | null = null;
  #removedVersion = -1;

  private constructor(db: Connection, store: string | null) {
    this.#db = db;
    this.#store = store;
    if (store !== null) openStores.set(store, (openStores.get(store) ?? 0) + 1);
  }

  /**
   * Opens (creating it if needed) a database: `':memory:'` anywhere (gone when closed); in Node
   * a file path (a rollback journal beside it keeps every batch atomic; a lock file
   * `PATH-lock` keeps two connections, of one process or two, from writing at once); in a
   * worker of a browser with OPFS, a name in the origin's private file system (SQLite's
   * `opfs-sahpool` VFS). Rejects with a {@link DatabaseError}: `'cannot-open'` (nowhere to
   * store it here), `'damaged'` (not a database), `'newer-format'`, `'locked'`.
   */
  static async open(name: string, options: OpenOptions = {}): Promise<GameDatabase> {
    if (typeof name !== 'string' || name === '') invalid('GameDatabase.open needs a name, a file path or ":memory:"');
    const timeout = options.busyTimeout ?? 10_000;
    if (!Number.isInteger(timeout) || timeout < 0) invalid('busyTimeout must be a non-negative integer');
    const sqlite3 = await loadSqlite();
    let db: Connection;
    let store: string | null = null;
    try {
      if (name === ':memory:') db = new sqlite3.oo1.DB(':memory:', 'c');
      else if (isNode()) {
        await installNodeVfs(sqlite3);
        store = await storePath(name);
        db = new sqlite3.oo1.DB(name, 'c', NODE_VFS);
      } else {
        const pool = await opfsPool(sqlite3);
        store = opfsName(name);
        db = new pool.OpfsSAHPoolDb(store);
      }
    } catch (e) {
      throw translate(e);
    }
    try {
      sqlite3.capi.sqlite3_busy_timeout(db.pointer, timeout);
      db.exec('PRAGMA temp_store = MEMORY; PRAGMA cache_size = -16000');
      const tables = Number(db.selectValue("SELECT count(*) FROM sqlite_schema WHERE name = 'meta'"));
      if (tables === 0) {
        db.exec('BEGIN IMMEDIATE');
        try {
          // Another connection may have created it meanwhile.
          if (Number(db.selectValue("SELECT count(*) FROM sqlite_schema WHERE name = 'meta'")) === 0) {
            db.exec('PRAGMA page_size = 8192');
            db.exec(SCHEMA);
          }
          db.exec('COMMIT');
        } catch (e) {
          rollback(db);
          throw e;
        }
      }
      let format = Number(db.selectValue("SELECT value FROM meta WHERE name = 'format'"));
      if (format === 1) {
        // Format 1 (index entries not in date order, no totals): upgraded once, in one transaction.
        db.exec('BEGIN IMMEDIATE');
        try {
          format = Number(db.selectValue("SELECT value FROM meta WHERE name = 'format'"));
          if (format === 1) {
            upgradeSegments(db);
            db.exec(`UPDATE meta SET value = ${DATABASE_FORMAT} WHERE name = 'format'`);
            format = DATABASE_FORMAT;
          }
          db.exec('COMMIT');
        } catch (e) {
          rollback(db);
          throw e;
        }
      }
      if (!(format <= DATABASE_FORMAT))
        throw new DatabaseError(
          'newer-format',
          `the database has format ${format}; this version of chesswasm reads format ${DATABASE_FORMAT} and earlier`,
        );
    } catch (e) {
      db.close();
      throw translate(e);
    }
    return new GameDatabase(db, store);
  }

  /**
   * Deletes a database's store: in Node the file (and its rollback journal), in a browser's
   * worker the OPFS store of that name. Resolves to whether there was one. Rejects with a
   * {@link DatabaseError}: `'locked'` while this thread has it open (close it first) or another
   * connection is writing it, `'invalid-argument'` for `':memory:'` (nothing is stored),
   * `'cannot-open'` where there is no persistent storage. A connection of another process or
   * tab that still has it open is not told: close it there first.
   */
  static async delete(name: string): Promise<boolean> {
    if (typeof name !== 'string' || name === '') invalid('GameDatabase.delete needs a name or a file path');
    if (name === ':memory:') invalid('":memory:" is not stored: there is nothing to delete');
    const sqlite3 = await loadSqlite();
    if (isNode()) {
      const path = await storePath(name);
      if (openStores.has(path)) throw new DatabaseError('locked', `${path} is open: close it before deleting it`);
      return deleteStore(path);
    }
    const pool = await opfsPool(sqlite3);
    const store = opfsName(name);
    if (openStores.has(store)) throw new DatabaseError('locked', `${name} is open: close it before deleting it`);
    const existed = pool.unlink(store);
    pool.unlink(`${store}-journal`);
    return existed;
  }

  #conn(): Connection {
    if (this.#db === null) throw new DatabaseError('closed', 'the database is closed');
    return this.#db;
  }

  // Runs `f` on the connection, SQLite's failures as DatabaseErrors.
  #run<T>(f: (db: Connection) => T): T {
    const db = this.#conn();
    takeStorageError(); // a storage error logged before this call is not this call's
    try {
      return f(db);
    } catch (e) {
      throw translate(e);
    }
  }

  /**
   * Reads every game of `source` and stores the new ones: a PGN string, its UTF-8 bytes, or
   * a stream (an async iterable such as `fs.createReadStream(path)`, or a `ReadableStream`
   * such as a fetch body) of text or bytes, read as it comes (memory stays bounded by a
   * batch). Bytes that start with a Zstandard frame (a `.pgn.zst`, as lichess exports) are
   * decompressed as they are read; a compressed source that ends inside a frame keeps the
   * games before and rejects with {@link DatabaseError} `'truncated'`. A malformed game is reported in `errors` and the others go on; a game with the
   * same tags and main line as a stored one is skipped. Each batch of games is one
   * transaction: an import that is interrupted keeps the batches committed before, and
   * importing the same source again adds only the rest.
   */
  async addGames(source: GameSource, options: AddGamesOptions = {}): Promise<ImportResult> {
    this.#conn();
    const batchSize = options.batchSize ?? 1000;
    if (!Number.isInteger(batchSize) || batchSize < 1) invalid('batchSize must be a positive integer');
    const { onProgress, signal } = options;
    const result: ImportResult = { added: 0, skipped: 0, errors: [] };
    let index = 0;
    const onError = (e: PgnError): void => {
      result.errors.push({ index: index++, line: e.line, column: e.column, code: e.code, message: e.message });
    };
    // Each game's text is kept: it is stored as it was read (comments and variations in
    // place), instead of written again.
    const games = readGamesKeepingText(chunksOf(source), { onError });
    let pending: Pending[] = [];
    const keys = new KeyList();
    let reported = -1;
    const commit = (): void => {
      if (pending.length > 0) this.#commit(pending, keys, result);
      pending = [];
      keys.length = 0;
      if (reported === index) return;
      reported = index;
      onProgress?.({ games: index, added: result.added, skipped: result.skipped, errors: result.errors.length });
    };
    const next = games[Symbol.asyncIterator]();
    for (;;) {
      let r: IteratorResult<Game>;
      try {
        r = await next.next();
      } catch (e) {
        // The source failed (a truncated .zst, a broken stream): the games read before it stay.
        commit();
        throw e;
      }
      if (r.done) break;
      const game = r.value;
      index++;
      pending.push(this.#prepare(game, keys));
      if (pending.length >= batchSize) commit();
      if (signal?.aborted) {
        commit();
        throw signal.reason ?? new DOMException('the import was aborted', 'AbortError');
      }
    }
    commit();
    return result;
  }

  // Keys a game's main line (each position the first time it occurs, with the move played there).
  #prepare(game: Game, keys: KeyList): Pending {
    const tags = game.tags;
    const start = keys.length;
    const { moves, ucis } = mainlineMoves(game);
    // The same positions as walkMainline (export, remove) visits, without the nodes.
    const pos = Position.fromFen(game.rootFen, { variant: game.variant, chess960: game.chess960 });
    // Repeated positions: the low words seen (a match checked against the full keys pushed).
    const seen = new Set<number>();
    try {
      for (let ply = 0; ; ply++) {
        keyWords.setBigUint64(0, pos.hash(), true);
        const hi = keyWords.getInt32(4, true);
        const lo = keyWords.getUint32(0, true);
        let repeated = false;
        if (seen.has(lo)) {
          for (let i = start; i < keys.length && !repeated; i++)
            repeated = keys.lo[i] === lo && keys.hi[i] === hi && keys.move[i] !== 0xffff;
        } else seen.add(lo);
        if (repeated)
          keys.push(0, 0, 0xffff); // a repeated position: a placeholder keeps plies aligned
        else keys.push(hi, lo, moves[ply] ?? 0);
        if (ply === moves.length) break;
        pos.play(moves[ply]!);
      }
    } finally {
      pos.dispose();
    }
    let text = `${game.variant}\u0001${game.rootFen}\u0001`;
    for (const [k, v] of tags) text += `${k}\u0000${v}\u0001`;
    text += `\u0002${ucis.join(' ')}\u0002${game.result}`;
    return {
      ns: namespaceOf(game.variant, game.chess960),
      digest: digest(text),
      tags,
      whiteElo: elo(tags.get('WhiteElo')),
      blackElo: elo(tags.get('BlackElo')),
      result: RESULT_CODE[game.result] ?? 3,
      date: packDate(tags.get('Date')) || packDate(tags.get('UTCDate')),
      speed: speedOf(tags.get('TimeControl')),
      pgn: storedText(game),
      plies: moves.length,
      start,
      end: keys.length,
    };
  }

  // One batch: the games' rows (duplicates skipped by the digest's UNIQUE), then their
  // positions as one sorted segment per namespace, in one transaction; then the merges.
  #commit(pending: Pending[], keys: KeyList, result: ImportResult): void {
    const namespaces = new Map<string, EntryBuffer>();
    this.#run((db) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        const insert = db.prepare(
          `INSERT OR IGNORE INTO games (ns, digest, white, black, white_elo, black_elo, result, date, date_num,
           event, site, time_control, speed, plies, pgn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        let added = 0;
        try {
          for (const g of pending) {
            const t = g.tags;
            const v = (k: string): string | null => t.get(k) ?? null;
            insert.bind([
              g.ns,
              g.digest,
              v('White'),
              v('Black'),
              g.whiteElo || null,
              g.blackElo || null,
              g.result,
              g.date > 0 && packDate(v('Date') ?? undefined) === 0 ? v('UTCDate') : v('Date'),
              g.date,
              v('Event'),
              v('Site'),
              v('TimeControl'),
              g.speed,
              g.plies,
              null,
            ]);
            bindUtf8(insert, 15, g.pgn);
            insert.stepReset();
            if (db.changes() === 0) {
              result.skipped++;
              continue;
            }
            added++;
            const id = lastInsertId(db);
            let buf = namespaces.get(g.ns);
            if (buf === undefined) namespaces.set(g.ns, (buf = new EntryBuffer()));
            const facts = g.date | (g.result << 21) | (g.speed << 23);
            for (let i = g.start; i < g.end; i++)
              if (keys.move[i] !== 0xffff || keys.hi[i] !== 0 || keys.lo[i] !== 0)
                buf.push(keys.hi[i]!, keys.lo[i]!, id, keys.move[i]!, i - g.start, g.whiteElo, g.blackElo, facts);
          }
        } finally {
          insert.finalize();
        }
        for (const [ns, buf] of namespaces) writeSegment(db, ns, buf.sorted());
        db.exec('COMMIT');
        result.added += added;
      } catch (e) {
        rollback(db);
        throw e;
      }
      for (const ns of namespaces.keys()) mergeSegments(db, ns, this.#removedIds(db));
    });
  }

  // The ids of removed games (their index entries stay until a merge drops them), cached until
  // the store changes.
  #removedIds(db: Connection): ReadonlySet<number> {
    const version = Number(db.selectValue('SELECT count(*) FROM removed'));
    if (this.#removed === null || this.#removedVersion !== version) {
      const rows = db.exec({ sql: 'SELECT id FROM removed', rowMode: 'array', returnValue: 'resultRows' });
      this.#removed = new Set(rows.map((r) => Number(r[0])));
      this.#removedVersion = version;
    }
    return this.#removed;
  }

  // The games of `player` (id -> 1 as White, 2 as Black, 3 both).
  #playerGames(db: Connection, f: CompiledFilter): Map<number, number> {
    const sides = new Map<number, number>();
    if (f.color !== 'b')
      for (const [id] of db.exec({
        sql: 'SELECT id FROM games WHERE white = ? COLLATE NOCASE',
        bind: [f.player],
        rowMode: 'array',
        returnValue: 'resultRows',
      }))
        sides.set(Number(id), 1);
    if (f.color !== 'w')
      for (const [id] of db.exec({
        sql: 'SELECT id FROM games WHERE black = ? COLLATE NOCASE',
        bind: [f.player],
        rowMode: 'array',
        returnValue: 'resultRows',
      }))
        sides.set(Number(id), (sides.get(Number(id)) ?? 0) | 2);
    return sides;
  }

  // The position and namespace a query names, and its key (signed, as the index stores it).
  #position(position: Position | string): { pos: Position; ns: string; key: bigint } {
    let pos: Position;
    if (typeof position === 'string') {
      try {
        pos = Position.fromFen(position);
      } catch (e) {
        throw new DatabaseError('invalid-argument', `not a FEN: ${(e as Error).message}`);
      }
    } else if (position instanceof Position) pos = position;
    else return invalid('a position is a Position or a FEN string');
    return { pos, ns: namespaceOf(pos.variant, pos.chess960), key: BigInt.asIntN(64, pos.hash()) };
  }

  // The test an entry passes to count: not a removed game's, and through the filter.
  #accept(db: Connection, f: CompiledFilter): (v: DataView, o: number) => boolean {
    const removed = this.#removedIds(db);
    const sides = f.player === null ? null : this.#playerGames(db, f);
    if (!filters(f)) return removed.size === 0 ? () => true : (v, o) => !removed.has(v.getUint32(o + 8, true));
    const rated = f.minRating > 0 || f.maxRating < 65535;
    return (v, o) => {
      const id = v.getUint32(o + 8, true);
      if (removed.has(id)) return false;
      const facts = v.getUint32(o + 20, true);
      if (!((f.results >> ((facts >> 21) & 3)) & 1) || !((f.speeds >> ((facts >> 23) & 7)) & 1)) return false;
      const date = facts & 0x1fffff;
      if (date < f.since || date > f.until) return false;
      const w = v.getUint16(o + 16, true);
      const b = v.getUint16(o + 18, true);
      let lowest = Math.min(w, b);
      let highest = Math.max(w, b);
      if (sides !== null) {
        const side = sides.get(id);
        if (side === undefined) return false;
        if (side === 1) lowest = highest = b;
        else if (side === 2) lowest = highest = w;
      }
      return !(rated && (lowest === 0 || lowest < f.minRating || highest > f.maxRating));
    };
  }

  /**
   * The opening explorer at a position (a {@link Position} of any rule set, or a FEN of
   * standard chess): the games that reached it, by result, and the moves they played there.
   * A game counts at a position the first time its main line reaches it (by Zobrist key:
   * transpositions included), with the move it played next; a game that ended there counts
   * in the totals only. `*` results count in `games` only.
   */
  explore(position: Position | string, filter?: GameFilter): Explorer {
    const f = compileFilter(filter, invalid);
    const { pos, ns, key } = this.#position(position);
    const byMove = new Map<number, MoveTotals>();
    const acc = (move: number): MoveTotals => {
      let a = byMove.get(move);
      if (a === undefined) byMove.set(move, (a = emptyTotals(move)));
      return a;
    };
    this.#run((db) => {
      const accept = this.#accept(db, f);
      // Without a filter, a segment's totals of the key (a busy position) stand for its entries.
      const whole = !filters(f);
      const reader = new KeyReader(db, key);
      try {
        for (const seg of segmentsOf(db, ns)) {
          const totals = whole ? reader.totals(seg.id) : [];
          if (totals.length > 0) {
            for (const t of totals) {
              const a = acc(t.move);
              a.games += t.games;
              a.white += t.white;
              a.draws += t.draws;
              a.black += t.black;
              a.rating2 += t.rating2;
              a.rated += t.rated;
              if (t.last > a.last) a.last = t.last;
            }
          } else
            reader.scan(seg.id, (v, o) => {
              if (accept(v, o)) addEntry(acc(v.getUint16(o + 12, true)), v, o);
            });
        }
      } finally {
        reader.close();
      }
    });
    const totals: Explorer = { games: 0, white: 0, draws: 0, black: 0, moves: [] };
    for (const a of byMove.values()) {
      totals.games += a.games;
      totals.white += a.white;
      totals.draws += a.draws;
      totals.black += a.black;
      if (a.move === 0 || a.games === 0) continue; // move 0: the games that ended here
      if (!pos.isLegal(a.move)) continue; // a key shared with another position (never seen in practice)
      totals.moves.push({
        uci: pos.uci(a.move),
        san: pos.san(a.move),
        games: a.games,
        white: a.white,
        draws: a.draws,
        black: a.black,
        averageRating: a.rated === 0 ? null : Math.round(a.rating2 / 2 / a.rated),
        lastDate: unpackDate(a.last),
      });
    }
    totals.moves.sort((x, y) => y.games - x.games || (x.uci < y.uci ? -1 : 1));
    if (typeof position === 'string') pos.dispose();
    return totals;
  }

  /**
   * The headers of the games that reached a position (with the ply where they did), or of
   * every game for `null`, that pass the filter: one page of them, newest first by default.
   */
  games(position: Position | string | null, filter?: GameFilter, options: GamesOptions = {}): GameHeader[] {
    const limit = options.limit ?? 20;
    const offset = options.offset ?? 0;
    const order = options.order ?? 'newest';
    if (!Number.isInteger(limit) || limit < 0 || limit > 10_000) invalid('limit must be an integer from 0 to 10000');
    if (!Number.isInteger(offset) || offset < 0) invalid('offset must be a non-negative integer');
    if (!['newest', 'oldest', 'rating'].includes(order)) invalid(`order must be 'newest', 'oldest' or 'rating'`);
    const f = compileFilter(filter, invalid);
    if (position === null) {
      return this.#run((db) => {
        const { where, bind } = sqlFilter(f);
        const by =
          order === 'oldest'
            ? 'date_num, id'
            : order === 'rating'
              ? '(coalesce(white_elo, 0) + coalesce(black_elo, 0)) DESC, id'
              : 'date_num DESC, id DESC';
        const rows = db.exec({
          sql: `SELECT ${HEADER_COLUMNS} FROM games WHERE ${where} ORDER BY ${by} LIMIT ? OFFSET ?`,
          bind: [...bind, limit, offset],
          rowMode: 'array',
          returnValue: 'resultRows',
        });
        return rows.map((r) => header(r, null));
      });
    }
    const { pos, ns, key } = this.#position(position);
    if (typeof position === 'string') pos.dispose();
    const page = this.#run((db) =>
      order === 'rating'
        ? this.#pageByRating(db, ns, key, f, limit, offset)
        : this.#pageByDate(db, ns, key, f, order === 'newest', limit, offset),
    );
    if (page.length === 0) return [];
    return this.#run((db) => {
      const rows = db.exec({
        sql: `SELECT ${HEADER_COLUMNS} FROM games WHERE id IN (${page.map((p) => p.id).join(',')})`,
        rowMode: 'array',
        returnValue: 'resultRows',
      });
      const byId = new Map(rows.map((r) => [Number(r[0]), r]));
      return page.filter((p) => byId.has(p.id)).map((p) => header(byId.get(p.id)!, p.ply));
    });
  }

  // A page in date order: each segment's entries of the key come in date order (then game
  // id), so the page is a merge of one cursor per segment that stops after offset + limit
  // accepted entries (a chunk of each segment read, unless the filter passes few).
  #pageByDate(
    db: Connection,
    ns: string,
    key: bigint,
    f: CompiledFilter,
    newest: boolean,
    limit: number,
    offset: number,
  ): { id: number; ply: number }[] {
    const accept = this.#accept(db, f);
    const reader = new KeyReader(db, key);
    const cursors: EntryCursor[] = [];
    try {
      for (const seg of segmentsOf(db, ns)) {
        const c = reader.cursor(seg, newest);
        if (c !== null) cursors.push(c);
      }
    } finally {
      reader.close();
    }
    const sign = newest ? -1 : 1;
    const page: { id: number; ply: number }[] = [];
    let skip = offset;
    while (page.length < limit) {
      let best: EntryCursor | null = null;
      let bestDate = 0;
      let bestId = 0;
      for (const c of cursors) {
        if (c.offset < 0) continue;
        const facts = c.view.getUint32(c.offset + 20, true);
        const date = facts & 0x1fffff;
        const id = c.view.getUint32(c.offset + 8, true);
        if (best === null || sign * (date - bestDate || id - bestId) < 0) {
          best = c;
          bestDate = date;
          bestId = id;
        }
      }
      if (best === null) break;
      if (accept(best.view, best.offset)) {
        if (skip > 0) skip--;
        else page.push({ id: bestId, ply: best.view.getUint16(best.offset + 14, true) });
      }
      best.advance();
    }
    return page;
  }

  // A page by rating (the players' sum, highest first, then id): every accepted entry ranked
  // as one number (rank = primary * 2^32 + id), sorted as a Float64Array (a numeric sort, no
  // comparator), the page's ids taken from the front.
  #pageByRating(
    db: Connection,
    ns: string,
    key: bigint,
    f: CompiledFilter,
    limit: number,
    offset: number,
  ): { id: number; ply: number }[] {
    const TWO32 = 4294967296;
    let ranks = new Float64Array(1024);
    const plies = new Map<number, number>();
    let n = 0;
    const accept = this.#accept(db, f);
    const reader = new KeyReader(db, key);
    try {
      for (const seg of segmentsOf(db, ns))
        reader.scan(seg.id, (v, o) => {
          if (!accept(v, o)) return;
          if (n === ranks.length) {
            const grown = new Float64Array(n * 2);
            grown.set(ranks);
            ranks = grown;
          }
          const id = v.getUint32(o + 8, true);
          ranks[n++] = (131071 - v.getUint16(o + 16, true) - v.getUint16(o + 18, true)) * TWO32 + id;
          plies.set(id, v.getUint16(o + 14, true));
        });
    } finally {
      reader.close();
    }
    const sorted = ranks.subarray(0, n).sort();
    return Array.from(sorted.subarray(offset, offset + limit), (rank) => {
      const id = rank % TWO32;
      return { id, ply: plies.get(id)! };
    });
  }

  /**
   * A stored game as a {@link Game} (its comments, variations and tags as imported), at ply
   * `ply` of its main line when given (a {@link GameHeader}'s `ply`), else at its start.
   * Throws a {@link DatabaseError} `'not-found'` for an unknown id.
   */
  game(id: number, ply?: number): Game {
    if (!Number.isInteger(id)) invalid('a game id is an integer');
    const pgn = this.#run((db) => db.selectValue('SELECT pgn FROM games WHERE id = ?', [id]));
    if (typeof pgn !== 'string') throw new DatabaseError('not-found', `no game has id ${id}`);
    const game = Game.fromPgn(pgn);
    if (ply !== undefined) {
      if (!Number.isInteger(ply) || ply < 0 || ply > game.mainline().length)
        invalid(`ply must be an integer from 0 to ${game.mainline().length}`);
      game.goToPly(ply);
    }
    return game;
  }

  /**
   * Every stored game in id order with its indexed positions (what the position index holds,
   * as rows): the source of an export to Parquet (`chesswasm db export`) or any other store.
   * Reads 500 games per query, so that no lock is held between the iterator's steps.
   */
  *exportGames(): IterableIterator<ExportedGame> {
    let last = 0;
    for (;;) {
      const rows = this.#run((db) =>
        db.exec({
          sql: `SELECT ${HEADER_COLUMNS}, ns, speed, plies, pgn FROM games WHERE id > ? ORDER BY id LIMIT 500`,
          bind: [last],
          rowMode: 'array',
          returnValue: 'resultRows',
        }),
      );
      if (rows.length === 0) return;
      for (const r of rows) {
        last = Number(r[0]);
        const game = Game.fromPgn(r[13] as string);
        const positions: ExportedPosition[] = [];
        walkMainline(game, (key, ply, node) => {
          if (key !== null) positions.push({ key, ply, uci: node?.uci ?? null, san: node?.san ?? null });
        });
        game.dispose();
        const speed = Number(r[11]);
        yield {
          ...header(r, null),
          variant: r[10] as string,
          speed: speed === 0 ? null : SPEEDS[speed - 1]!,
          plies: Number(r[12]),
          pgn: r[13] as string,
          positions,
        };
      }
    }
  }

  /** The number of stored games that pass the filter (all of them without one). */
  count(filter?: GameFilter): number {
    const f = compileFilter(filter, invalid);
    return this.#run((db) => {
      const { where, bind } = sqlFilter(f);
      return Number(db.selectValue(`SELECT count(*) FROM games WHERE ${where}`, bind.length > 0 ? bind : undefined));
    });
  }

  /**
   * Removes a game (by id) or every game that passes a filter (`{}` removes all); returns how
   * many were removed. One transaction.
   */
  remove(target: number | GameFilter): number {
    const byId = typeof target === 'number';
    if (byId && !Number.isInteger(target)) invalid('a game id is an integer');
    const f = byId ? null : compileFilter(target, invalid);
    return this.#run((db) => {
      const { where, bind } = f === null ? { where: 'id = ?', bind: [target as number] } : sqlFilter(f);
      db.exec('BEGIN IMMEDIATE');
      try {
        const rows = db.exec({
          sql: `SELECT id, ns, result, date_num, coalesce(white_elo, 0), coalesce(black_elo, 0) FROM games WHERE ${where}`,
          ...(bind.length > 0 ? { bind } : {}),
          rowMode: 'array',
          returnValue: 'resultRows',
        });
        const list = rows.map((r) => Number(r[0])).join(',');
        if (list !== '') {
          // The index's totals first (the games' main lines are read from their PGN): one
          // game at a time for a few; for many, the segments that hold them are rewritten.
          const byNs = new Map<string, SqlValue[][]>();
          for (const r of rows) {
            const ns = r[1] as string;
            const list = byNs.get(ns);
            if (list === undefined) byNs.set(ns, [r]);
            else list.push(r);
          }
          const few = rows.length <= REMOVE_ONE_BY_ONE;
          const pgns = new Map<number, string>();
          if (few)
            for (const [id, pgn] of db.exec({
              sql: `SELECT id, pgn FROM games WHERE id IN (${list})`,
              rowMode: 'array',
              returnValue: 'resultRows',
            }))
              pgns.set(Number(id), pgn as string);
          db.exec(
            `INSERT OR IGNORE INTO removed (id) SELECT id FROM games WHERE id IN (${list}); DELETE FROM games WHERE id IN (${list})`,
          );
          for (const [ns, games] of byNs) {
            if (!few) {
              rewriteSegments(
                db,
                ns,
                games.map((r) => Number(r[0])),
                this.#removedIds(db),
              );
              continue;
            }
            const removed: RemovedGame[] = games.map((r) => {
              const id = Number(r[0]);
              const game = Game.fromPgn(pgns.get(id)!);
              const keys: { key: bigint; move: number }[] = [];
              walkMainline(game, (key, _ply, node) => {
                if (key !== null) keys.push({ key: BigInt.asIntN(64, key), move: node?.move ?? 0 });
              });
              game.dispose();
              return {
                id,
                keys,
                result: Number(r[2]),
                date: Number(r[3]),
                whiteElo: Number(r[4]),
                blackElo: Number(r[5]),
              };
            });
            removeFromTotals(db, ns, removed);
          }
        }
        const n = rows.length;
        db.exec('COMMIT');
        return n;
      } catch (e) {
        rollback(db);
        throw e;
      }
    });
  }

  /** Closes the connection (idempotent); every other call then throws `'closed'`. */
  close(): void {
    if (this.#db === null) return;
    this.#db.close();
    this.#db = null;
    if (this.#store !== null) {
      const n = (openStores.get(this.#store) ?? 1) - 1;
      if (n > 0) openStores.set(this.#store, n);
      else openStores.delete(this.#store);
    }
  }
}

// A filter as an SQL condition over the games table (the same tests as GameDatabase's scan).
function sqlFilter(f: CompiledFilter): { where: string; bind: SqlValue[] } {
  const parts: string[] = ['1'];
  const bind: SqlValue[] = [];
  const w = 'coalesce(white_elo, 0)';
  const b = 'coalesce(black_elo, 0)';
  let lowest = `min(${w}, ${b})`;
  let highest = `max(${w}, ${b})`;
  if (f.player !== null) {
    const white = 'white = ? COLLATE NOCASE';
    const black = 'black = ? COLLATE NOCASE';
    if (f.color === 'w') {
      parts.push(white);
      bind.push(f.player);
    } else if (f.color === 'b') {
      parts.push(black);
      bind.push(f.player);
    } else {
      parts.push(`(${white} OR ${black})`);
      bind.push(f.player, f.player);
    }
    // The opponent's rating (both when the player played both sides).
    const opp = (m: string): string =>
      `CASE WHEN (white = ?1p COLLATE NOCASE) AND (black = ?1p COLLATE NOCASE) THEN ${m}(${w}, ${b}) WHEN white = ?1p COLLATE NOCASE THEN ${b} ELSE ${w} END`;
    lowest = opp('min');
    highest = opp('max');
  }
  if (f.minRating > 0 || f.maxRating < 65535) {
    parts.push(`${lowest} > 0 AND ${lowest} >= ${f.minRating} AND ${highest} <= ${f.maxRating}`);
  }
  if (f.since > 0) parts.push(`date_num >= ${f.since}`);
  if (f.until < 0x7fffffff) parts.push(`date_num > 0 AND date_num <= ${f.until}`);
  if (f.results !== 15) parts.push(`result IN (${[0, 1, 2, 3].filter((r) => (f.results >> r) & 1).join(',') || '-1'})`);
  if (f.speeds !== 127)
    parts.push(`speed IN (${[0, 1, 2, 3, 4, 5, 6].filter((s) => (f.speeds >> s) & 1).join(',') || '-1'})`);
  // The player's name, where the opponent's rating names it, as a literal (no positional clash).
  const where = parts.join(' AND ').replaceAll('?1p', f.player === null ? 'NULL' : sqlString(f.player));
  return { where, bind };
}

const sqlString = (s: string): string => `'${s.replaceAll("'", "''")}'`;

function header(r: SqlValue[], ply: number | null): GameHeader {
  const text = (v: SqlValue): string | null => (typeof v === 'string' ? v : null);
  const num = (v: SqlValue): number | null => (v === null ? null : Number(v));
  return {
    id: Number(r[0]),
    White: text(r[1]!),
    Black: text(r[2]!),
    WhiteElo: num(r[3]!),
    BlackElo: num(r[4]!),
    Result: RESULTS[Number(r[5])] ?? '*',
    Date: text(r[6]!),
    Event: text(r[7]!),
    Site: text(r[8]!),
    TimeControl: text(r[9]!),
    ply,
  };
}
