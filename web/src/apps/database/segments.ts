/**
 * The position index: entries (a position's key, the game, the move played there, the ply, and
 * the game's facts the filters test) sorted by key and stored as segments of BLOB chunks in
 * SQLite. Each committed import batch writes one segment; four segments of one level merge
 * into one of the next (a streaming merge: one chunk of each input in memory), so that a lookup
 * reads O(log n) segments, each by a range query on its chunks' last keys. Internal.
 *
 * An entry is 24 bytes, little-endian: the key's high 32 bits (signed) and low 32 bits, the
 * game id (u32), the move (the package's 16-bit move; 0 at the position a game ends in), the
 * ply (u16), White's and Black's rating (u16, 0: unknown), and the game's packed facts (u32:
 * the date as {@link packDate} in bits 0-20, the result code in 21-22, the speed code in 23-25).
 * @module
 */
import { type Connection, type Statement, lastInsertId, rollback } from './sqlite.js';

/** Bytes of an entry. */
export const ENTRY = 24;
/** 32-bit words of an entry. */
const WORDS = ENTRY / 4;
/** Entries of a chunk. */
export const CHUNK = 2048;
/** Segments of one level that are merged into one of the next. */
const FANOUT = 4;
/** Entries of one key in a segment from which the segment stores that key's totals. */
export const TOTALS_MIN = 128;

/** The packed date of an entry (bits 0-20 of its facts). */
const dateAt = (v: DataView, o: number): number => v.getUint32(o + 20, true) & 0x1fffff;

/** Entries being collected, in a growable buffer. */
export class EntryBuffer {
  bytes = new Uint8Array(ENTRY * 4096);
  view = new DataView(this.bytes.buffer);
  length = 0;

  /** Appends an entry. */
  push(
    hi: number,
    lo: number,
    game: number,
    move: number,
    ply: number,
    whiteElo: number,
    blackElo: number,
    facts: number,
  ): void {
    if ((this.length + 1) * ENTRY > this.bytes.length) this.#grow();
    const v = this.view;
    const o = this.length++ * ENTRY;
    v.setInt32(o, hi, true);
    v.setUint32(o + 4, lo, true);
    v.setUint32(o + 8, game, true);
    v.setUint16(o + 12, move, true);
    v.setUint16(o + 14, ply, true);
    v.setUint16(o + 16, whiteElo, true);
    v.setUint16(o + 18, blackElo, true);
    v.setUint32(o + 20, facts, true);
  }

  /** Appends the entry at `offset` of `source`. */
  pushBytes(source: Uint8Array, offset: number): void {
    if ((this.length + 1) * ENTRY > this.bytes.length) this.#grow();
    this.bytes.set(source.subarray(offset, offset + ENTRY), this.length++ * ENTRY);
  }

  #grow(): void {
    const grown = new Uint8Array(this.bytes.length * 2);
    grown.set(this.bytes);
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  /**
   * The entries sorted by key, then date, then game (a new buffer). The entries come in game
   * order, so a stable sort by key and date gives that order: a least-significant-digit radix
   * sort of their indexes, by the date's two 11-bit digits, then the key's four 16-bit digits
   * (the high word's sign bit flipped, so that signed keys sort in order); a pass whose digit
   * is the same for every entry is skipped.
   */
  sorted(): Uint8Array {
    const v = this.view;
    const n = this.length;
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    const date = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const o = i * ENTRY;
      hi[i] = (v.getInt32(o, true) ^ 0x80000000) >>> 0;
      lo[i] = v.getUint32(o + 4, true);
      date[i] = dateAt(v, o);
    }
    let order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    let next = new Uint32Array(n);
    const count = new Uint32Array(65536);
    const pass = (of: Uint32Array, shift: number, mask: number): void => {
      count.fill(0, 0, mask + 1);
      for (let i = 0; i < n; i++) count[(of[i]! >>> shift) & mask]!++;
      if (n === 0 || count[(of[0]! >>> shift) & mask] === n) return;
      let sum = 0;
      for (let d = 0; d <= mask; d++) {
        const c = count[d]!;
        count[d] = sum;
        sum += c;
      }
      for (let i = 0; i < n; i++) {
        const j = order[i]!;
        next[count[(of[j]! >>> shift) & mask]!++] = j;
      }
      [order, next] = [next, order];
    };
    pass(date, 0, 0x7ff);
    pass(date, 11, 0x7ff);
    pass(lo, 0, 0xffff);
    pass(lo, 16, 0xffff);
    pass(hi, 0, 0xffff);
    pass(hi, 16, 0xffff);
    // Entries are copied as six 32-bit words (bytes kept as they are, whatever the platform's byte order).
    const out = new Uint8Array(n * ENTRY);
    const to = new Uint32Array(out.buffer);
    const from = new Uint32Array(this.bytes.buffer, 0, n * WORDS);
    for (let i = 0; i < n; i++) {
      const s = order[i]! * WORDS;
      const t = i * WORDS;
      to[t] = from[s]!;
      to[t + 1] = from[s + 1]!;
      to[t + 2] = from[s + 2]!;
      to[t + 3] = from[s + 3]!;
      to[t + 4] = from[s + 4]!;
      to[t + 5] = from[s + 5]!;
    }
    return out;
  }
}

/** The signed 64-bit key of an entry. */
export function keyAt(v: DataView, o: number): bigint {
  return (BigInt(v.getInt32(o, true)) << 32n) | BigInt(v.getUint32(o + 4, true));
}

const TOTALS_TABLE = `CREATE TABLE totals (seg INTEGER NOT NULL, key INTEGER NOT NULL, move INTEGER NOT NULL,
    games INTEGER NOT NULL, white INTEGER NOT NULL, draws INTEGER NOT NULL, black INTEGER NOT NULL,
    rating2 INTEGER NOT NULL, rated INTEGER NOT NULL, last INTEGER NOT NULL, at_last INTEGER NOT NULL,
    PRIMARY KEY (seg, key, move)) WITHOUT ROWID;`;

/**
 * The schema of the index (created with the games' tables). A segment's `min_game` and
 * `max_game` bound its games' ids (a removal finds the segments whose totals it changes);
 * `totals` holds, for each key with at least {@link TOTALS_MIN} entries in a segment, one row
 * per move played there (move 0: the games that ended there): games, White wins, draws, Black
 * wins, the sum of both ratings and the count of the games with both, the latest date and how
 * many games have it (a removal of one of those can lower it: see {@link removeFromTotals}).
 */
export const SEGMENT_SCHEMA = `
  CREATE TABLE segments (id INTEGER PRIMARY KEY, ns TEXT NOT NULL, level INTEGER NOT NULL,
    entries INTEGER NOT NULL, first_chunk INTEGER NOT NULL, chunks INTEGER NOT NULL,
    min_game INTEGER, max_game INTEGER);
  CREATE INDEX segments_ns ON segments (ns, level);
  CREATE TABLE chunks (id INTEGER PRIMARY KEY, seg INTEGER NOT NULL, first_key INTEGER NOT NULL,
    last_key INTEGER NOT NULL, data BLOB NOT NULL);
  CREATE INDEX chunks_seg ON chunks (seg, last_key, id);
  ${TOTALS_TABLE}`;

/**
 * Brings the index of a store of format 1 (entries sorted by key, then game; no totals) to
 * this format, inside the caller's transaction: each segment is rewritten at its level with
 * its runs of one key sorted by date (a stream: one chunk and the longest run in memory) and
 * its totals, without the entries of removed games.
 */
export function upgradeSegments(db: Connection): void {
  db.exec(`ALTER TABLE segments ADD COLUMN min_game INTEGER; ALTER TABLE segments ADD COLUMN max_game INTEGER;
    ${TOTALS_TABLE}`);
  const old = db.exec({
    sql: 'SELECT id, ns, level, first_chunk, chunks FROM segments ORDER BY id',
    rowMode: 'array',
    returnValue: 'resultRows',
  });
  const removed = new Set(
    db.exec({ sql: 'SELECT id FROM removed', rowMode: 'array', returnValue: 'resultRows' }).map((r) => Number(r[0])),
  );
  const read = db.prepare('SELECT data FROM chunks WHERE id = ?');
  try {
    for (const [id, ns, level, firstChunk, chunks] of old) {
      const input = new Cursor(read, Number(firstChunk), Number(chunks));
      const out = new SegmentWriter(db, ns as string, Number(level));
      const run = new EntryBuffer();
      const flushRun = (): void => {
        const sorted = run.sorted();
        for (let o = 0; o < sorted.length; o += ENTRY) out.add(sorted, o);
        run.length = 0;
      };
      while (input.live) {
        const v = input.view;
        const o = input.offset;
        if (
          run.length > 0 &&
          (v.getInt32(o, true) !== run.view.getInt32(0, true) ||
            v.getUint32(o + 4, true) !== run.view.getUint32(4, true))
        )
          flushRun();
        if (!removed.has(v.getUint32(o + 8, true))) run.pushBytes(input.bytes, o);
        input.advance();
      }
      flushRun();
      out.finish();
      db.exec(`DELETE FROM chunks WHERE seg = ${Number(id)}; DELETE FROM segments WHERE id = ${Number(id)}`);
    }
  } finally {
    read.finalize();
  }
}

/** A move's totals at a key (a `totals` row, or the sum of a run's entries). */
export interface MoveTotals {
  move: number;
  games: number;
  white: number;
  draws: number;
  black: number;
  /** The sum of both ratings over the games with both. */
  rating2: number;
  rated: number;
  last: number;
  /** Games with the date `last`. */
  atLast: number;
}

/** Adds an entry's game to a move's totals. */
export function addEntry(t: MoveTotals, v: DataView, o: number): void {
  const facts = v.getUint32(o + 20, true);
  const result = (facts >> 21) & 3;
  t.games++;
  if (result === 0) t.white++;
  else if (result === 1) t.draws++;
  else if (result === 2) t.black++;
  const w = v.getUint16(o + 16, true);
  const b = v.getUint16(o + 18, true);
  if (w > 0 && b > 0) {
    t.rating2 += w + b;
    t.rated++;
  }
  const date = facts & 0x1fffff;
  if (date > t.last) {
    t.last = date;
    t.atLast = 1;
  } else if (date === t.last) t.atLast++;
}

export const emptyTotals = (move: number): MoveTotals => ({
  move,
  games: 0,
  white: 0,
  draws: 0,
  black: 0,
  rating2: 0,
  rated: 0,
  last: 0,
  atLast: 0,
});

/** Writes sorted entries (whole entries, in order) as a new segment of `ns` at `level`, with its totals. */
export class SegmentWriter {
  #db: Connection;
  #insertChunk: Statement;
  #insertTotals: Statement;
  #seg: number;
  #chunk = new Uint8Array(CHUNK * ENTRY);
  #view = new DataView(this.#chunk.buffer);
  #words = new Uint32Array(this.#chunk.buffer);
  #source: Uint8Array | null = null;
  #sourceWords: Uint32Array = new Uint32Array(0);
  #fill = 0;
  #entries = 0;
  #firstChunk = -1;
  #chunks = 0;
  #minGame = 0xffffffff;
  #maxGame = 0;
  // The current run of one key: its first entries (copied until the run is long enough to
  // have totals), then its totals per move.
  #runHi = 0;
  #runLo = 0;
  #runLength = 0;
  #run = new Uint8Array(TOTALS_MIN * ENTRY);
  #runView = new DataView(this.#run.buffer);
  #runWords = new Uint32Array(this.#run.buffer);
  #runTotals = new Map<number, MoveTotals>();

  constructor(db: Connection, ns: string, level: number) {
    this.#db = db;
    db.exec({
      sql: 'INSERT INTO segments (ns, level, entries, first_chunk, chunks) VALUES (?, ?, 0, 0, 0)',
      bind: [ns, level],
      rowMode: 'array',
      returnValue: 'resultRows',
    });
    this.#seg = lastInsertId(db);
    this.#insertChunk = db.prepare('INSERT INTO chunks (seg, first_key, last_key, data) VALUES (?, ?, ?, ?)');
    this.#insertTotals = db.prepare(`INSERT INTO totals VALUES (${this.#seg}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  }

  /** Appends the entry at `offset` of `source` (entries must come in order; `source` 4-byte aligned). */
  add(source: Uint8Array, offset: number): void {
    if (source !== this.#source) {
      this.#source = source;
      this.#sourceWords = new Uint32Array(source.buffer, source.byteOffset, source.byteLength >> 2);
    }
    const from = this.#sourceWords;
    const to = this.#words;
    const s = offset >> 2;
    const t = this.#fill * WORDS;
    to[t] = from[s]!;
    to[t + 1] = from[s + 1]!;
    to[t + 2] = from[s + 2]!;
    to[t + 3] = from[s + 3]!;
    to[t + 4] = from[s + 4]!;
    to[t + 5] = from[s + 5]!;
    const v = this.#view;
    const o = this.#fill * ENTRY;
    const game = v.getUint32(o + 8, true);
    if (game < this.#minGame) this.#minGame = game;
    if (game > this.#maxGame) this.#maxGame = game;
    const hi = v.getInt32(o, true);
    const lo = v.getUint32(o + 4, true);
    if (this.#runLength === 0 || hi !== this.#runHi || lo !== this.#runLo) {
      this.#endRun();
      this.#runHi = hi;
      this.#runLo = lo;
    }
    if (this.#runLength < TOTALS_MIN) {
      const r = this.#runWords;
      const u = this.#runLength * WORDS;
      r[u] = to[t]!;
      r[u + 1] = to[t + 1]!;
      r[u + 2] = to[t + 2]!;
      r[u + 3] = to[t + 3]!;
      r[u + 4] = to[t + 4]!;
      r[u + 5] = to[t + 5]!;
    } else this.#addToRun(v, o);
    if (++this.#runLength === TOTALS_MIN) for (let i = 0; i < TOTALS_MIN; i++) this.#addToRun(this.#runView, i * ENTRY);
    if (++this.#fill === CHUNK) this.#flush();
  }

  #addToRun(v: DataView, o: number): void {
    const move = v.getUint16(o + 12, true);
    let t = this.#runTotals.get(move);
    if (t === undefined) this.#runTotals.set(move, (t = emptyTotals(move)));
    addEntry(t, v, o);
  }

  // The run of one key has ended: its totals are written when it had enough entries.
  #endRun(): void {
    if (this.#runLength >= TOTALS_MIN) {
      const key = (BigInt(this.#runHi) << 32n) | BigInt(this.#runLo);
      for (const t of this.#runTotals.values())
        this.#insertTotals
          .bind([key, t.move, t.games, t.white, t.draws, t.black, t.rating2, t.rated, t.last, t.atLast])
          .stepReset();
      this.#runTotals.clear();
    }
    this.#runLength = 0;
  }

  #flush(): void {
    if (this.#fill === 0) return;
    const v = this.#view;
    this.#insertChunk
      .bind([this.#seg, keyAt(v, 0), keyAt(v, (this.#fill - 1) * ENTRY), this.#chunk.slice(0, this.#fill * ENTRY)])
      .stepReset();
    const id = lastInsertId(this.#db);
    if (this.#firstChunk < 0) this.#firstChunk = id;
    this.#chunks++;
    this.#entries += this.#fill;
    this.#fill = 0;
  }

  /** Writes the last chunk and the segment's row (an empty segment is deleted). */
  finish(): void {
    this.#endRun();
    this.#flush();
    this.#insertChunk.finalize();
    this.#insertTotals.finalize();
    if (this.#entries === 0) this.#db.exec(`DELETE FROM segments WHERE id = ${this.#seg}`);
    else
      this.#db.exec(
        `UPDATE segments SET entries = ${this.#entries}, first_chunk = ${this.#firstChunk}, chunks = ${this.#chunks},
         min_game = ${this.#minGame}, max_game = ${this.#maxGame} WHERE id = ${this.#seg}`,
      );
  }
}

/** Writes a sorted buffer as a level-0 segment of `ns`. */
export function writeSegment(db: Connection, ns: string, sorted: Uint8Array): void {
  const w = new SegmentWriter(db, ns, 0);
  for (let o = 0; o < sorted.length; o += ENTRY) w.add(sorted, o);
  w.finish();
}

/**
 * Merges segments while a level of `ns` holds {@link FANOUT} of them, each merge one transaction
 * (an interrupted merge leaves the inputs). Entries of `removed` games are dropped.
 */
export function mergeSegments(db: Connection, ns: string, removed: ReadonlySet<number>): void {
  for (;;) {
    const full = db.exec({
      sql: 'SELECT level FROM segments WHERE ns = ? GROUP BY level HAVING count(*) >= ? ORDER BY level LIMIT 1',
      bind: [ns, FANOUT],
      rowMode: 'array',
      returnValue: 'resultRows',
    });
    if (full.length === 0) return;
    const level = Number(full[0]![0]);
    const inputs = db.exec({
      sql: 'SELECT id, first_chunk, chunks FROM segments WHERE ns = ? AND level = ? ORDER BY id LIMIT ?',
      bind: [ns, level, FANOUT],
      rowMode: 'array',
      returnValue: 'resultRows',
    });
    db.exec('BEGIN IMMEDIATE');
    try {
      mergeInto(db, ns, level + 1, inputs, removed);
      db.exec('COMMIT');
    } catch (e) {
      rollback(db);
      throw e;
    }
  }
}

// Merges segments (rows of id, first_chunk, chunks) into one new one at `level` (entries of
// `removed` games dropped) and deletes them, in the caller's transaction.
function mergeInto(
  db: Connection,
  ns: string,
  level: number,
  inputs: readonly (readonly unknown[])[],
  removed: ReadonlySet<number>,
): void {
  const read = db.prepare('SELECT data FROM chunks WHERE id = ?');
  try {
    const cursors = inputs.map((r) => new Cursor(read, Number(r[1]), Number(r[2])));
    const out = new SegmentWriter(db, ns, level);
    for (;;) {
      let best: Cursor | null = null;
      for (const c of cursors) if (c.live && (best === null || c.before(best))) best = c;
      if (best === null) break;
      if (!removed.has(best.view.getUint32(best.offset + 8, true))) out.add(best.bytes, best.offset);
      best.advance();
    }
    out.finish();
  } finally {
    read.finalize();
  }
  const ids = inputs.map((r) => Number(r[0])).join(',');
  db.exec(
    `DELETE FROM chunks WHERE seg IN (${ids}); DELETE FROM totals WHERE seg IN (${ids}); DELETE FROM segments WHERE id IN (${ids})`,
  );
}

/** A removed game's indexed positions, as {@link removeFromTotals} takes them. */
export interface RemovedGame {
  id: number;
  /** Its keys (signed) and the move played at each (0 where it ended). */
  keys: { key: bigint; move: number }[];
  whiteElo: number;
  blackElo: number;
  result: number;
  date: number;
}

/**
 * Takes removed games out of the totals of the segments of `ns` that hold them, in the
 * caller's transaction (their entries stay in the segments until a merge drops them; a
 * lookup skips them there). A game is in the segment whose id range holds it; where two
 * ranges overlap (imports of two connections interleaved), or where the removed game was the
 * only one at a move's latest date (the new latest is not known without the entries), the
 * key's totals in that segment are deleted instead, and a lookup reads its entries.
 */
export function removeFromTotals(db: Connection, ns: string, games: readonly RemovedGame[]): void {
  const segs = db
    .exec({
      sql: 'SELECT id, min_game, max_game FROM segments WHERE ns = ? AND min_game IS NOT NULL',
      bind: [ns],
      rowMode: 'array',
      returnValue: 'resultRows',
    })
    .map((r) => ({ id: Number(r[0]), min: Number(r[1]), max: Number(r[2]) }));
  const get = db.prepare('SELECT last, at_last FROM totals WHERE seg = ? AND key = ? AND move = ?');
  const update = db.prepare(`UPDATE totals SET games = games - 1, white = white - ?, draws = draws - ?,
    black = black - ?, rating2 = rating2 - ?, rated = rated - ?, at_last = at_last - ? WHERE seg = ? AND key = ? AND move = ?`);
  const drop = db.prepare('DELETE FROM totals WHERE seg = ? AND key = ?');
  try {
    for (const g of games) {
      const holders = segs.filter((s) => s.min <= g.id && g.id <= s.max);
      const rated = g.whiteElo > 0 && g.blackElo > 0;
      for (const { key, move } of g.keys)
        for (const s of holders) {
          if (holders.length > 1) {
            drop.bind([s.id, key]).stepReset();
            continue;
          }
          get.bind([s.id, key, move]);
          const found = get.step();
          const last = found ? Number(get.get(0)) : 0;
          const atLast = found ? Number(get.get(1)) : 0;
          get.reset();
          if (!found) continue; // no totals at this key here (a quiet position)
          if (g.date === last && atLast <= 1) drop.bind([s.id, key]).stepReset();
          else
            update
              .bind([
                g.result === 0 ? 1 : 0,
                g.result === 1 ? 1 : 0,
                g.result === 2 ? 1 : 0,
                rated ? g.whiteElo + g.blackElo : 0,
                rated ? 1 : 0,
                g.date === last ? 1 : 0,
                s.id,
                key,
                move,
              ])
              .stepReset();
        }
    }
  } finally {
    get.finalize();
    update.finalize();
    drop.finalize();
  }
}

/**
 * Rewrites the segments of `ns` whose id ranges hold any of `ids` without the entries of
 * `removed` games (as a merge of one input, at the same level), in the caller's transaction:
 * after a removal of many games, cheaper than taking each out of the totals.
 */
export function rewriteSegments(
  db: Connection,
  ns: string,
  ids: readonly number[],
  removed: ReadonlySet<number>,
): void {
  const sorted = [...ids].sort((a, b) => a - b);
  const segs = db.exec({
    sql: 'SELECT id, first_chunk, chunks, level, min_game, max_game FROM segments WHERE ns = ? ORDER BY id',
    bind: [ns],
    rowMode: 'array',
    returnValue: 'resultRows',
  });
  for (const r of segs) {
    const min = r[4] === null ? -Infinity : Number(r[4]);
    const max = r[5] === null ? Infinity : Number(r[5]);
    // the first removed id >= min (binary search), then whether it is <= max
    let a = 0;
    let b = sorted.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (sorted[m]! < min) a = m + 1;
      else b = m;
    }
    if (a < sorted.length && sorted[a]! <= max) mergeInto(db, ns, Number(r[3]), [r], removed);
  }
}

// One input of a merge: the chunks of a segment, read one at a time by id.
class Cursor {
  bytes: Uint8Array = new Uint8Array(0);
  view: DataView = new DataView(this.bytes.buffer);
  offset = 0;
  live = true;
  #read: Statement;
  #next: number;
  #end: number;

  constructor(read: Statement, firstChunk: number, chunks: number) {
    this.#read = read;
    this.#next = firstChunk;
    this.#end = firstChunk + chunks;
    this.#load();
  }

  #load(): void {
    for (;;) {
      if (this.#next >= this.#end) {
        this.live = false;
        return;
      }
      this.#read.bind([this.#next++]);
      const found = this.#read.step();
      const data = found ? this.#read.getBlob(0) : null;
      this.#read.reset();
      if (data && data.length > 0) {
        this.bytes = data.byteOffset % 4 === 0 ? data : data.slice(); // aligned for SegmentWriter.add's word copy
        this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
        this.offset = 0;
        this.#fields();
        return;
      }
    }
  }

  // The current entry's sort fields, read once (a merge compares them many times).
  #fields(): void {
    const v = this.view;
    const o = this.offset;
    this.hi = v.getInt32(o, true);
    this.lo = v.getUint32(o + 4, true);
    this.then = dateAt(v, o) * 4294967296 + v.getUint32(o + 8, true);
  }

  /** The current entry's key (high word signed, low word) and date * 2^32 + game. */
  hi = 0;
  lo = 0;
  then = 0;

  /** Whether the current entry comes before `c`'s (key, date, game). */
  before(c: Cursor): boolean {
    return this.hi < c.hi || (this.hi === c.hi && (this.lo < c.lo || (this.lo === c.lo && this.then < c.then)));
  }

  advance(): void {
    this.offset += ENTRY;
    if (this.offset >= this.bytes.length) this.#load();
    else this.#fields();
  }
}

/** A segment of a namespace as a lookup reads it. */
export interface SegmentInfo {
  id: number;
  firstChunk: number;
  chunks: number;
}

/** The segments of `ns`. */
export function segmentsOf(db: Connection, ns: string): SegmentInfo[] {
  return db
    .exec({
      sql: 'SELECT id, first_chunk, chunks FROM segments WHERE ns = ? ORDER BY id',
      bind: [ns],
      rowMode: 'array',
      returnValue: 'resultRows',
    })
    .map((r) => ({ id: Number(r[0]), firstChunk: Number(r[1]), chunks: Number(r[2]) }));
}

// The first entry of a chunk whose key is >= (hi, lo), by binary search (n: its entries).
function lowerBound(v: DataView, n: number, hi: number, lo: number): number {
  let a = 0;
  let b = n;
  while (a < b) {
    const m = (a + b) >> 1;
    const o = m * ENTRY;
    const c = v.getInt32(o, true) - hi || v.getUint32(o + 4, true) - lo;
    if (c < 0) a = m + 1;
    else b = m;
  }
  return a;
}

const viewOf = (data: Uint8Array): DataView => new DataView(data.buffer, data.byteOffset, data.byteLength);

/** The lookups of one key in the segments of a namespace (its statements prepared once; {@link KeyReader.close}). */
export class KeyReader {
  #db: Connection;
  #key: bigint;
  #hi: number;
  #lo: number;
  #chunks: Statement | null = null;
  #totals: Statement | null = null;

  constructor(db: Connection, key: bigint) {
    this.#db = db;
    this.#key = key;
    this.#hi = Number(key >> 32n) | 0;
    this.#lo = Number(key & 0xffffffffn) >>> 0;
  }

  /** Calls `visit(view, offset)` for every entry of the key in segment `seg`, in the segment's order. */
  scan(seg: number, visit: (view: DataView, offset: number) => void): void {
    const q = (this.#chunks ??= this.#db.prepare(
      'SELECT first_key, data FROM chunks WHERE seg = ? AND last_key >= ? ORDER BY last_key, id',
    ));
    q.bind([seg, this.#key]);
    try {
      while (q.step()) {
        if (BigInt(q.get(0) as number | bigint) > this.#key) break;
        const data = q.getBlob(1)!;
        const v = viewOf(data);
        const n = data.length / ENTRY;
        for (let i = lowerBound(v, n, this.#hi, this.#lo); i < n; i++) {
          const o = i * ENTRY;
          if (v.getInt32(o, true) !== this.#hi || v.getUint32(o + 4, true) !== this.#lo) break;
          visit(v, o);
        }
      }
    } finally {
      q.reset();
    }
  }

  /** The key's totals per move in segment `seg` (empty: the segment has none for it; read its entries). */
  totals(seg: number): MoveTotals[] {
    const q = (this.#totals ??= this.#db.prepare(
      'SELECT move, games, white, draws, black, rating2, rated, last, at_last FROM totals WHERE seg = ? AND key = ?',
    ));
    q.bind([seg, this.#key]);
    const out: MoveTotals[] = [];
    try {
      while (q.step()) {
        const n = (i: number): number => Number(q.get(i));
        out.push({
          move: n(0),
          games: n(1),
          white: n(2),
          draws: n(3),
          black: n(4),
          rating2: n(5),
          rated: n(6),
          last: n(7),
          atLast: n(8),
        });
      }
    } finally {
      q.reset();
    }
    return out;
  }

  /**
   * The entries of the key in a segment, oldest first or newest first, read a
   * chunk at a time as `next()` asks for them: the chunks that hold the key are found by two
   * range queries on their last keys (a segment's chunks have consecutive ids).
   */
  cursor(s: SegmentInfo, newest: boolean): EntryCursor | null {
    const first = (strict: boolean): { id: number; firstKey: bigint } | null => {
      const row = this.#db.exec({
        sql: `SELECT id, first_key FROM chunks WHERE seg = ? AND last_key ${strict ? '>' : '>='} ? ORDER BY last_key, id LIMIT 1`,
        bind: [s.id, this.#key],
        rowMode: 'array',
        returnValue: 'resultRows',
      })[0];
      return row === undefined ? null : { id: Number(row[0]), firstKey: BigInt(row[1] as number | bigint) };
    };
    const from = first(false);
    if (from === null || from.firstKey > this.#key) return null;
    const after = first(true);
    const to = after === null ? s.firstChunk + s.chunks - 1 : after.firstKey <= this.#key ? after.id : after.id - 1;
    return new EntryCursor(this.#db, from.id, to, this.#hi, this.#lo, newest);
  }

  close(): void {
    this.#chunks?.finalize();
    this.#totals?.finalize();
    this.#chunks = this.#totals = null;
  }
}

/** The entries of one key in one segment, one at a time in date order ({@link KeyReader.cursor}). */
export class EntryCursor {
  view: DataView = new DataView(new ArrayBuffer(0));
  /** The current entry's offset in `view`; -1 when no entry is left. */
  offset = -1;
  #db: Connection;
  #next: number;
  #end: number;
  #hi: number;
  #lo: number;
  #newest: boolean;
  #i = 0;
  #start = 0;
  #n = 0;

  constructor(db: Connection, from: number, to: number, hi: number, lo: number, newest: boolean) {
    this.#db = db;
    this.#hi = hi;
    this.#lo = lo;
    this.#newest = newest;
    this.#next = newest ? to : from;
    this.#end = newest ? from - 1 : to + 1;
    this.#load();
  }

  // Reads the next chunk and places the cursor at its first entry of the key (in the cursor's direction).
  #load(): void {
    while (this.#next !== this.#end) {
      const id = this.#next;
      this.#next += this.#newest ? -1 : 1;
      const data = this.#db.selectValue('SELECT data FROM chunks WHERE id = ?', [id]);
      if (!(data instanceof Uint8Array) || data.length === 0) continue;
      const v = viewOf(data);
      const n = data.length / ENTRY;
      const start = lowerBound(v, n, this.#hi, this.#lo);
      let end = start;
      if (this.#newest) {
        // the run's end: the first entry past the key (the key + 1 as the bound)
        const lo = (this.#lo + 1) >>> 0;
        end = lowerBound(v, n, lo === 0 ? this.#hi + 1 : this.#hi, lo);
      } else
        while (end < n && v.getInt32(end * ENTRY, true) === this.#hi && v.getUint32(end * ENTRY + 4, true) === this.#lo)
          end++;
      if (end === start) continue;
      this.view = v;
      this.#n = end;
      this.#i = this.#newest ? end - 1 : start;
      this.#start = start;
      this.offset = this.#i * ENTRY;
      return;
    }
    this.offset = -1;
  }

  /** Moves to the next entry (offset -1 at the end). */
  advance(): void {
    if (this.#newest ? --this.#i >= this.#start : ++this.#i < this.#n) this.offset = this.#i * ENTRY;
    else this.#load();
  }
}
