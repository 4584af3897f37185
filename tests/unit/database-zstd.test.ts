// chesswasm/database reads .pgn.zst sources (lichess's exports) as they stream: files made by
// Debian's zstd (an independent encoder) give the same games as the plain PGN, whatever the
// chunking (a first chunk shorter than the frame's magic), in one frame or several, as bytes,
// a Node stream or a ReadableStream; a file cut inside a frame keeps the games before and
// rejects with DatabaseError 'truncated'.
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Position } from 'chesswasm';
import { DatabaseError, GameDatabase } from 'chesswasm/database';
import { DATA } from './helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cw-zst-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PLAIN = readFileSync(path.join(DATA, 'pgn/lichess-2013-01.pgn'));
const TEXT = PLAIN.toString('utf8');
const zstd = (file: string, ...args: string[]): Buffer => {
  execFileSync('zstd', ['-q', '-f', ...args, file, '-o', `${file}.zst`]);
  return readFileSync(`${file}.zst`);
};
const plainFile = path.join(dir, 'lichess.pgn');
writeFileSync(plainFile, PLAIN);
const ZST = zstd(plainFile, '-19');
// Two frames: the file cut at a game boundary, each half compressed on its own.
const cut = TEXT.indexOf('[Event', TEXT.length >> 1);
writeFileSync(path.join(dir, 'a.pgn'), TEXT.slice(0, cut));
writeFileSync(path.join(dir, 'b.pgn'), TEXT.slice(cut));
const TWO_FRAMES = Buffer.concat([zstd(path.join(dir, 'a.pgn')), zstd(path.join(dir, 'b.pgn'))]);

/** What a database holds: its count and the explorer at the start (moves in order). */
function contents(db: GameDatabase): unknown {
  const start = Position.startpos();
  try {
    return { count: db.count(), explore: db.explore(start) };
  } finally {
    start.dispose();
  }
}

async function imported(source: Parameters<GameDatabase['addGames']>[0]) {
  const db = await GameDatabase.open(':memory:');
  try {
    const result = await db.addGames(source);
    return { result, contents: contents(db) };
  } finally {
    db.close();
  }
}

describe('.pgn.zst sources', () => {
  test('the same games as the plain PGN: bytes, one frame or two, a Node stream, a ReadableStream', async () => {
    const plain = await imported(TEXT);
    expect(plain.result.added).toBeGreaterThan(90);
    expect(ZST.length).toBeLessThan(PLAIN.length / 3);
    expect(await imported(new Uint8Array(ZST))).toEqual(plain);
    expect(await imported(new Uint8Array(TWO_FRAMES))).toEqual(plain);
    expect(await imported(createReadStream(`${plainFile}.zst`, { highWaterMark: 4096 }))).toEqual(plain);
    const bytes = new Uint8Array(ZST);
    const web = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 10_000) c.enqueue(bytes.subarray(i, i + 10_000));
        c.close();
      },
    });
    expect(await imported(web)).toEqual(plain);
  });

  test('a first chunk shorter than the magic number, then odd chunk sizes', async () => {
    const plain = await imported(TEXT);
    const sizes = [1, 2, 3, 7, 1000, 65536];
    function* chunks() {
      for (let i = 0, k = 0; i < TWO_FRAMES.length; k++) {
        const n = sizes[Math.min(k, sizes.length - 1)]!;
        yield new Uint8Array(TWO_FRAMES.subarray(i, i + n));
        i += n;
      }
    }
    expect(await imported(chunks())).toEqual(plain);
    // Plain bytes in a short first chunk are not taken for zstd.
    function* plainChunks() {
      yield new Uint8Array(PLAIN.subarray(0, 2));
      yield new Uint8Array(PLAIN.subarray(2));
    }
    expect(await imported(plainChunks())).toEqual(plain);
  });

  test('cut inside a frame: the games before are kept, DatabaseError truncated, the database usable', async () => {
    const db = await GameDatabase.open(':memory:');
    try {
      // The second frame cut in its middle: the first frame's games are all read.
      const first = zstd(path.join(dir, 'a.pgn')).length;
      const cutAt = first + ((TWO_FRAMES.length - first) >> 1);
      const err = await db.addGames(new Uint8Array(TWO_FRAMES.subarray(0, cutAt)), { batchSize: 10 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DatabaseError);
      expect((err as DatabaseError).code).toBe('truncated');
      const firstHalf = await imported(TEXT.slice(0, cut));
      const n = db.count();
      expect(n).toBeGreaterThanOrEqual((firstHalf.contents as { count: number }).count);
      expect(n).toBeLessThan((await imported(TEXT)).result.added);
      // The rest, imported again from the whole file, completes it (the kept games are skipped).
      const again = await db.addGames(new Uint8Array(ZST));
      expect(again.skipped).toBe(n);
      expect(contents(db)).toEqual((await imported(TEXT)).contents);
    } finally {
      db.close();
    }
  });
});
