/**
 * `GameDatabase`: games in SQLite (its official wasm build), with an opening explorer over a
 * position index of sorted segments (segments.ts). Internal (the entry re-exports it).
 * @module
 */
import { PgnError } from '../../boundary/errors.js';
import { Position } from '../../core/position.js';
import { Game, type GameNode } from '../../games/game.js';
import { readGames } from '../../games/pgn.js';
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
import { NODE_VFS, installNodeVfs, isNode } from './node-vfs.js';
import { EntryBuffer, SEGMENT_SCHEMA, lookup, mergeSegments, writeSegment } from './segments.js';
import {
  type Connection,
  type SqlValue,
  type SqliteError,
  lastInsertId,
  loadSqlite,
  rollback,
  takeStorageError,
} from './sqlite.js';
import { DatabaseError } from './errors.js';
import { decompressIfZstd } from './zstd.js';

export { DatabaseError, type DatabaseErrorCode } from './errors.js';

/** The store format this version writes; a store of a later one is refused (`'newer-format'`). */
export const DATABASE_FORMAT = 1;

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
  pgn: string;
  plies: number;
  /** Its positions in the batch's key arrays: [start, end). */
  start: number;
  end: number;
}

// The streams a source is read as (readGames takes strings, or iterables of chunks); bytes
// that start with a Zstandard frame are decompressed as they come (zstd.ts).
function chunksOf(source: GameSource): string | AsyncIterable<string | Uint8Array> {
  if (typeof source === 'string') return source;
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
  #removed: Set<number> | null = null;
  #removedVersion = -1;

  private constructor(db: Connection) {
    this.#db = db;
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
    try {
      if (name === ':memory:') db = new sqlite3.oo1.DB(':memory:', 'c');
      else if (isNode()) {
        await installNodeVfs(sqlite3);
        db = new sqlite3.oo1.DB(name, 'c', NODE_VFS);
      } else if (sqlite3.installOpfsSAHPoolVfs) {
        const pool = await sqlite3.installOpfsSAHPoolVfs({ name: 'chesswasm-opfs' }).catch((e: unknown) => {
          throw new DatabaseError(
            'cannot-open',
            `OPFS is not available here (a persistent database needs a worker with OPFS): ${String(e)}`,
          );
        });
        db = new pool.OpfsSAHPoolDb(name.startsWith('/') ? name : `/${name}`);
      } else throw new DatabaseError('cannot-open', 'no persistent storage here: use ":memory:"');
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
      const format = Number(db.selectValue("SELECT value FROM meta WHERE name = 'format'"));
      if (!(format <= DATABASE_FORMAT))
        throw new DatabaseError(
          'newer-format',
          `the database has format ${format}; this version of chesswasm reads format ${DATABASE_FORMAT} and earlier`,
        );
    } catch (e) {
      db.close();
      throw translate(e);
    }
    return new GameDatabase(db);
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
    // (the iterator readGames returns for a string is async-iterable too)
    const games = readGames(chunksOf(source) as AsyncIterable<string | Uint8Array>, { onError });
    let pending: Pending[] = [];
    let keys = { hi: new Int32Array(1 << 16), lo: new Uint32Array(1 << 16), move: new Uint16Array(1 << 16), length: 0 };
    const push = (hi: number, lo: number, move: number): void => {
      if (keys.length === keys.hi.length) {
        const n = keys.length * 2;
        const grown = { hi: new Int32Array(n), lo: new Uint32Array(n), move: new Uint16Array(n), length: keys.length };
        grown.hi.set(keys.hi);
        grown.lo.set(keys.lo);
        grown.move.set(keys.move);
        keys = grown;
      }
      keys.hi[keys.length] = hi;
      keys.lo[keys.length] = lo;
      keys.move[keys.length++] = move;
    };
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
      pending.push(this.#prepare(game, push, keys));
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
  #prepare(game: Game, push: (hi: number, lo: number, move: number) => void, keys: { length: number }): Pending {
    const tags = game.tags;
    const start = keys.length;
    const ucis: string[] = [];
    const nodes = walkMainline(game, (key, ply, node) => {
      if (key === null)
        push(0, 0, 0xffff); // a repeated position: a placeholder keeps plies aligned
      else push(Number(key >> 32n) | 0, Number(key & 0xffffffffn) >>> 0, node?.move ?? 0);
      if (node !== undefined) ucis.push(node.uci);
    });
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
      pgn: game.pgn(),
      plies: nodes.length,
      start,
      end: keys.length,
    };
  }

  // One batch: the games' rows (duplicates skipped by the digest's UNIQUE), then their
  // positions as one sorted segment per namespace, in one transaction; then the merges.
  #commit(
    pending: Pending[],
    keys: { hi: Int32Array; lo: Uint32Array; move: Uint16Array },
    result: ImportResult,
  ): void {
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
            insert
              .bind([
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
                g.pgn,
              ])
              .stepReset();
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

  // The entries at a position that pass the filter: visit(view, offset) for each.
  #scan(
    position: Position | string,
    filter: GameFilter | undefined,
    visit: (v: DataView, o: number) => void,
  ): Position {
    const f = compileFilter(filter, invalid);
    let pos: Position;
    if (typeof position === 'string') {
      try {
        pos = Position.fromFen(position);
      } catch (e) {
        throw new DatabaseError('invalid-argument', `not a FEN: ${(e as Error).message}`);
      }
    } else if (position instanceof Position) pos = position;
    else return invalid('a position is a Position or a FEN string');
    const ns = namespaceOf(pos.variant, pos.chess960);
    const key = BigInt.asIntN(64, pos.hash());
    this.#run((db) => {
      const removed = this.#removedIds(db);
      const sides = f.player === null ? null : this.#playerGames(db, f);
      const any = filters(f);
      lookup(db, ns, key, (v, o) => {
        const id = v.getUint32(o + 8, true);
        if (removed.has(id)) return;
        if (any) {
          const facts = v.getUint32(o + 20, true);
          if (!((f.results >> ((facts >> 21) & 3)) & 1) || !((f.speeds >> ((facts >> 23) & 7)) & 1)) return;
          const date = facts & 0x1fffff;
          if (date < f.since || date > f.until) return;
          const w = v.getUint16(o + 16, true);
          const b = v.getUint16(o + 18, true);
          let lowest = Math.min(w, b);
          let highest = Math.max(w, b);
          if (sides !== null) {
            const side = sides.get(id);
            if (side === undefined) return;
            if (side === 1) lowest = highest = b;
            else if (side === 2) lowest = highest = w;
          }
          if (
            (f.minRating > 0 || f.maxRating < 65535) &&
            (lowest === 0 || lowest < f.minRating || highest > f.maxRating)
          )
            return;
        }
        visit(v, o);
      });
    });
    return pos;
  }

  /**
   * The opening explorer at a position (a {@link Position} of any rule set, or a FEN of
   * standard chess): the games that reached it, by result, and the moves they played there.
   * A game counts at a position the first time its main line reaches it (by Zobrist key:
   * transpositions included), with the move it played next; a game that ended there counts
   * in the totals only. `*` results count in `games` only.
   */
  explore(position: Position | string, filter?: GameFilter): Explorer {
    const totals: Explorer = { games: 0, white: 0, draws: 0, black: 0, moves: [] };
    interface Acc {
      move: number;
      games: number;
      white: number;
      draws: number;
      black: number;
      rating: number;
      rated: number;
      last: number;
    }
    const byMove = new Map<number, Acc>();
    const pos = this.#scan(position, filter, (v, o) => {
      const facts = v.getUint32(o + 20, true);
      const result = (facts >> 21) & 3;
      totals.games++;
      if (result === 0) totals.white++;
      else if (result === 1) totals.draws++;
      else if (result === 2) totals.black++;
      const move = v.getUint16(o + 12, true);
      if (move === 0) return;
      let a = byMove.get(move);
      if (a === undefined)
        byMove.set(move, (a = { move, games: 0, white: 0, draws: 0, black: 0, rating: 0, rated: 0, last: 0 }));
      a.games++;
      if (result === 0) a.white++;
      else if (result === 1) a.draws++;
      else if (result === 2) a.black++;
      const w = v.getUint16(o + 16, true);
      const b = v.getUint16(o + 18, true);
      if (w > 0 && b > 0) {
        a.rating += (w + b) / 2;
        a.rated++;
      }
      a.last = Math.max(a.last, facts & 0x1fffff);
    });
    for (const a of byMove.values()) {
      if (!pos.isLegal(a.move)) continue; // a key shared with another position (never seen in practice)
      totals.moves.push({
        uci: pos.uci(a.move),
        san: pos.san(a.move),
        games: a.games,
        white: a.white,
        draws: a.draws,
        black: a.black,
        averageRating: a.rated === 0 ? null : Math.round(a.rating / a.rated),
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
    if (position === null) {
      const f = compileFilter(filter, invalid);
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
    // Each game's place in the order as one number (the page's ids come back out of it), sorted
    // as a Float64Array (a numeric sort, no comparator): rank = primary * 2^32 + secondary.
    const TWO32 = 4294967296;
    let ranks = new Float64Array(1024);
    let ids = new Uint32Array(1024);
    let plies = new Uint16Array(1024);
    let n = 0;
    const pos = this.#scan(position, filter, (v, o) => {
      if (n === ranks.length) {
        const grow = <T extends Float64Array | Uint32Array | Uint16Array>(a: T, b: T): T => (b.set(a), b);
        ranks = grow(ranks, new Float64Array(n * 2));
        ids = grow(ids, new Uint32Array(n * 2));
        plies = grow(plies, new Uint16Array(n * 2));
      }
      const id = v.getUint32(o + 8, true);
      const date = v.getUint32(o + 20, true) & 0x1fffff;
      // Sorted ascending: the first of the page has the lowest rank.
      ranks[n] =
        order === 'oldest'
          ? date * TWO32 + id
          : order === 'rating'
            ? (131071 - v.getUint16(o + 16, true) - v.getUint16(o + 18, true)) * TWO32 + id
            : (0x1fffff - date) * TWO32 + (TWO32 - 1 - id);
      ids[n] = id;
      plies[n++] = v.getUint16(o + 14, true);
    });
    if (typeof position === 'string') pos.dispose();
    const sorted = ranks.subarray(0, n).sort();
    const idOf = (rank: number): number => {
      const low = rank % TWO32;
      return order === 'newest' ? TWO32 - 1 - low : low;
    };
    const pageIds = Array.from(sorted.subarray(offset, offset + limit), idOf);
    const plyOf = new Map(pageIds.map((id) => [id, 0]));
    for (let i = 0; i < n; i++) if (plyOf.has(ids[i]!)) plyOf.set(ids[i]!, plies[i]!);
    const found = pageIds.map((id) => ({ id, ply: plyOf.get(id)! }));
    const page = found;
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
        const ids = db.exec({
          sql: `SELECT id FROM games WHERE ${where}`,
          ...(bind.length > 0 ? { bind } : {}),
          rowMode: 'array',
          returnValue: 'resultRows',
        });
        const list = ids.map((r) => Number(r[0])).join(',');
        if (list !== '')
          db.exec(
            `INSERT OR IGNORE INTO removed (id) SELECT id FROM games WHERE id IN (${list}); DELETE FROM games WHERE id IN (${list})`,
          );
        const n = ids.length;
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
