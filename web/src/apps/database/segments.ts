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
/** Entries of a chunk. */
export const CHUNK = 2048;
/** Segments of one level that are merged into one of the next. */
const FANOUT = 4;

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
    if ((this.length + 1) * ENTRY > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
      this.view = new DataView(grown.buffer);
    }
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

  /** The entries sorted by key, then game (a new buffer). */
  sorted(): Uint8Array {
    const v = this.view;
    const n = this.length;
    const hi = new Int32Array(n);
    const lo = new Uint32Array(n);
    const game = new Uint32Array(n);
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      hi[i] = v.getInt32(i * ENTRY, true);
      lo[i] = v.getUint32(i * ENTRY + 4, true);
      game[i] = v.getUint32(i * ENTRY + 8, true);
      order[i] = i;
    }
    order.sort((a, b) => hi[a]! - hi[b]! || lo[a]! - lo[b]! || game[a]! - game[b]!);
    const out = new Uint8Array(this.length * ENTRY);
    for (let i = 0; i < order.length; i++)
      out.set(this.bytes.subarray(order[i]! * ENTRY, (order[i]! + 1) * ENTRY), i * ENTRY);
    return out;
  }
}

/** Orders two entries by key (signed high word, unsigned low word), then game. */
export function compareAt(a: DataView, i: number, b: DataView, j: number): number {
  return (
    a.getInt32(i, true) - b.getInt32(j, true) ||
    a.getUint32(i + 4, true) - b.getUint32(j + 4, true) ||
    a.getUint32(i + 8, true) - b.getUint32(j + 8, true)
  );
}

/** The signed 64-bit key of an entry. */
export function keyAt(v: DataView, o: number): bigint {
  return (BigInt(v.getInt32(o, true)) << 32n) | BigInt(v.getUint32(o + 4, true));
}

/** The schema of the index (created with the games' tables). */
export const SEGMENT_SCHEMA = `
  CREATE TABLE segments (id INTEGER PRIMARY KEY, ns TEXT NOT NULL, level INTEGER NOT NULL,
    entries INTEGER NOT NULL, first_chunk INTEGER NOT NULL, chunks INTEGER NOT NULL);
  CREATE INDEX segments_ns ON segments (ns, level);
  CREATE TABLE chunks (id INTEGER PRIMARY KEY, seg INTEGER NOT NULL, first_key INTEGER NOT NULL,
    last_key INTEGER NOT NULL, data BLOB NOT NULL);
  CREATE INDEX chunks_seg ON chunks (seg, last_key, id);`;

/** Writes sorted entries (whole entries, in order) as a new segment of `ns` at `level`. */
export class SegmentWriter {
  #db: Connection;
  #insertChunk: Statement;
  #seg: number;
  #chunk = new Uint8Array(CHUNK * ENTRY);
  #view = new DataView(this.#chunk.buffer);
  #fill = 0;
  #entries = 0;
  #firstChunk = -1;
  #chunks = 0;

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
  }

  /** Appends the entry at `offset` of `source` (entries must come in order). */
  add(source: Uint8Array, offset: number): void {
    this.#chunk.set(source.subarray(offset, offset + ENTRY), this.#fill * ENTRY);
    if (++this.#fill === CHUNK) this.#flush();
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
    this.#flush();
    this.#insertChunk.finalize();
    if (this.#entries === 0) this.#db.exec(`DELETE FROM segments WHERE id = ${this.#seg}`);
    else
      this.#db.exec(
        `UPDATE segments SET entries = ${this.#entries}, first_chunk = ${this.#firstChunk}, chunks = ${this.#chunks} WHERE id = ${this.#seg}`,
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
      const read = db.prepare('SELECT data FROM chunks WHERE id = ?');
      const cursors = inputs.map((r) => new Cursor(read, Number(r[1]), Number(r[2])));
      const out = new SegmentWriter(db, ns, level + 1);
      for (;;) {
        let best: Cursor | null = null;
        for (const c of cursors)
          if (c.live && (best === null || compareAt(c.view, c.offset, best.view, best.offset) < 0)) best = c;
        if (best === null) break;
        if (!removed.has(best.view.getUint32(best.offset + 8, true))) out.add(best.bytes, best.offset);
        best.advance();
      }
      out.finish();
      read.finalize();
      const ids = inputs.map((r) => Number(r[0])).join(',');
      db.exec(`DELETE FROM chunks WHERE seg IN (${ids}); DELETE FROM segments WHERE id IN (${ids})`);
      db.exec('COMMIT');
    } catch (e) {
      rollback(db);
      throw e;
    }
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
        this.bytes = data;
        this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
        this.offset = 0;
        return;
      }
    }
  }

  advance(): void {
    this.offset += ENTRY;
    if (this.offset >= this.bytes.length) this.#load();
  }
}

/**
 * Calls `visit(view, offset)` for every entry of `ns` with the key `key` (signed), in the
 * segments of `ns`: each segment's chunks from the first whose last key reaches `key` on,
 * while their first key does not pass it.
 */
export function lookup(db: Connection, ns: string, key: bigint, visit: (view: DataView, offset: number) => void): void {
  const segs = db.exec({
    sql: 'SELECT id FROM segments WHERE ns = ?',
    bind: [ns],
    rowMode: 'array',
    returnValue: 'resultRows',
  });
  if (segs.length === 0) return;
  const hi = Number(key >> 32n) | 0;
  const lo = Number(key & 0xffffffffn) >>> 0;
  const q = db.prepare('SELECT first_key, data FROM chunks WHERE seg = ? AND last_key >= ? ORDER BY last_key, id');
  try {
    for (const [seg] of segs) {
      q.bind([seg!, key]);
      while (q.step()) {
        if (BigInt(q.get(0) as number | bigint) > key) break;
        const data = q.getBlob(1)!;
        const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
        const n = data.length / ENTRY;
        // The first entry with a key >= key (binary search), then the run of equal keys.
        let a = 0;
        let b = n;
        while (a < b) {
          const m = (a + b) >> 1;
          const o = m * ENTRY;
          const c = v.getInt32(o, true) - hi || v.getUint32(o + 4, true) - lo;
          if (c < 0) a = m + 1;
          else b = m;
        }
        for (let i = a; i < n; i++) {
          const o = i * ENTRY;
          if (v.getInt32(o, true) !== hi || v.getUint32(o + 4, true) !== lo) break;
          visit(v, o);
        }
      }
      q.reset();
    }
  } finally {
    q.finalize();
  }
}
