// chesswasm/database across connections and processes, on a file (the Node VFS and its lock
// file): an import killed (SIGKILL) mid-way leaves a readable store holding exactly the
// batches it had committed, and importing again resumes (the rest added, the rest skipped);
// two processes importing into one file at once lose nothing; two connections of one process
// see each other's commits; a full disk (the process's file size limit) rejects with
// DatabaseError 'full' and keeps the batches before it; a stale lock found by two processes at
// once is taken by one of them (the two interleaved call by call).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { Position, readGames } from 'chesswasm';
import { GameDatabase } from 'chesswasm/database';
import { type LockFiles, lockFiles } from 'chesswasm-modules/apps/database/node-vfs.js';
import { lichessLikeGames } from '../bench/database-corpus.mjs';

const DIST = fileURLToPath(new URL('../../dist/database.js', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'cw-dbp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The corpus generator, typed for the package's sources (it is written against dist/).
const generate = lichessLikeGames as (P: unknown, read: unknown, n: number, seed: number) => string[];
const games = (n: number, seed: number): string => generate(Position, readGames, n, seed).join('\n');

// A child process importing `pgnFile` into `dbFile` in batches of `batch`, printing
// "committed N" after each batch.
const IMPORTER = path.join(dir, 'import.mjs');
writeFileSync(
  IMPORTER,
  `import { readFileSync } from 'node:fs';
import { GameDatabase } from ${JSON.stringify(DIST)};
const [dbFile, pgnFile, batch] = process.argv.slice(2);
const db = await GameDatabase.open(dbFile, { busyTimeout: 60000 });
const r = await db.addGames(readFileSync(pgnFile, 'utf8'), {
  batchSize: Number(batch),
  onProgress: (p) => process.stdout.write('committed ' + p.added + '\\n'),
});
db.close();
process.stdout.write('done ' + r.added + '\\n');
`,
);

function importer(dbFile: string, pgnFile: string, batch: number) {
  const child = spawn(process.execPath, [IMPORTER, dbFile, pgnFile, String(batch)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exit };
}

describe('the lock file: a stale lock taken over by one process only', () => {
  // Two processes, A and B, as two owners over the same files; a gone process's id in the lock.
  const [A, B, GONE] = [1001, 1002, 2147483646];
  const isAlive = (pid: number) => pid === A || pid === B;
  // A's file calls, with B's whole `take` run right after A's n-th read of `name`.
  const interleaved = (name: string, n: number, then: () => void) => {
    let reads = 0;
    return {
      ...fs,
      readFileSync: (p: string, encoding: 'utf8') => {
        const text = fs.readFileSync(p, encoding);
        if (p === name && ++reads === n) then();
        return text;
      },
    };
  };

  test('B takes the stale lock after A found it stale: A does not remove B’s lock', () => {
    const lock = path.join(dir, 'race1.db-lock');
    writeFileSync(lock, String(GONE));
    let b: LockFiles | null = null;
    let bTook: boolean | null = null;
    const a = lockFiles(
      interleaved(lock, 1, () => (bTook = b!.take(lock))),
      A,
      isAlive,
    );
    b = lockFiles(fs, B, isAlive);
    expect(a.take(lock)).toBe(false);
    expect(bTook).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(String(B));
    expect(a.heldElsewhere(lock)).toBe(true);
    b.release(lock);
    expect(a.take(lock)).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(String(A));
    a.release(lock);
    expect(existsSync(lock)).toBe(false);
    expect(existsSync(`${lock}-takeover`)).toBe(false);
  });

  test('B finds the lock stale while A takes it over: B waits, A has it', () => {
    const lock = path.join(dir, 'race2.db-lock');
    writeFileSync(lock, String(GONE));
    let b: LockFiles | null = null;
    let bTook: boolean | null = null;
    // A's second read of the lock is its check under the takeover mutex.
    const a = lockFiles(
      interleaved(lock, 2, () => (bTook = b!.take(lock))),
      A,
      isAlive,
    );
    b = lockFiles(fs, B, isAlive);
    expect(a.take(lock)).toBe(true);
    expect(bTook).toBe(false);
    expect(readFileSync(lock, 'utf8')).toBe(String(A));
    expect(b.take(lock)).toBe(false);
    a.release(lock);
  });

  test('a takeover mutex left by a process that died in it is removed, the lock taken next', () => {
    const lock = path.join(dir, 'race3.db-lock');
    writeFileSync(lock, String(GONE));
    writeFileSync(`${lock}-takeover`, String(GONE));
    const a = lockFiles(fs, A, isAlive);
    expect(a.take(lock)).toBe(false);
    expect(existsSync(`${lock}-takeover`)).toBe(false);
    expect(a.take(lock)).toBe(true);
    a.release(lock);
    // A lock that holds no process id is stale too (a lock made by take() always holds one).
    writeFileSync(lock, '');
    expect(a.take(lock)).toBe(true);
    a.release(lock);
  });
});

describe('a file store across processes', () => {
  test('an import killed mid-way keeps its committed batches; importing again resumes', async () => {
    const pgnFile = path.join(dir, 'killed.pgn');
    writeFileSync(pgnFile, games(2000, 21));
    const dbFile = path.join(dir, 'killed.db');
    const run = importer(dbFile, pgnFile, 50);
    // Killed once a few batches are in, while the next ones are being written.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if ((run.out().match(/committed/g) ?? []).length >= 4) {
          clearInterval(timer);
          run.child.kill('SIGKILL');
          resolve();
        }
      }, 2);
    });
    await run.exit;
    const reported = Math.max(...[...run.out().matchAll(/committed (\d+)/g)].map((m) => Number(m[1])));
    expect(reported, run.err()).toBeGreaterThanOrEqual(200);
    const db = await GameDatabase.open(dbFile, { busyTimeout: 2000 });
    const kept = db.count();
    expect(kept).toBeGreaterThanOrEqual(reported);
    expect(kept).toBeLessThan(2000);
    expect(kept % 50).toBe(0); // whole batches only
    expect(db.explore(Position.startpos()).games).toBe(kept);
    expect(db.games(null, {}, { limit: 10_000 }).length).toBe(kept);
    const r = await db.addGames(readFileSync(pgnFile, 'utf8'));
    expect(r).toEqual({ added: 2000 - kept, skipped: kept, errors: [] });
    expect(db.count()).toBe(2000);
    expect(db.explore(Position.startpos()).games).toBe(2000);
    db.close();
    expect(existsSync(`${dbFile}-journal`)).toBe(false);
    expect(existsSync(`${dbFile}-lock`)).toBe(false);
  });

  test('two processes importing into one file at once: every game stored once', async () => {
    const a = path.join(dir, 'a.pgn');
    const b = path.join(dir, 'b.pgn');
    writeFileSync(a, games(400, 31));
    writeFileSync(b, games(400, 32));
    const dbFile = path.join(dir, 'shared.db');
    const runs = [importer(dbFile, a, 25), importer(dbFile, b, 25)];
    const codes = await Promise.all(runs.map((r) => r.exit));
    expect(codes, runs.map((r) => r.err()).join('\n')).toEqual([0, 0]);
    expect(runs.map((r) => /done (\d+)/.exec(r.out())?.[1])).toEqual(['400', '400']);
    const db = await GameDatabase.open(dbFile);
    expect(db.count()).toBe(800);
    expect(db.explore(Position.startpos()).games).toBe(800);
    db.close();
  });

  test('two connections of one process see each other', async () => {
    const dbFile = path.join(dir, 'two.db');
    const one = await GameDatabase.open(dbFile);
    const two = await GameDatabase.open(dbFile);
    await one.addGames(games(60, 41));
    expect(two.count()).toBe(60);
    expect(two.explore(Position.startpos()).games).toBe(60);
    await two.addGames(games(40, 42));
    expect(one.count()).toBe(100);
    expect(one.explore(Position.startpos()).games).toBe(100);
    one.remove(one.games(null)[0]!.id);
    expect(two.count()).toBe(99);
    expect(two.explore(Position.startpos()).games).toBe(99);
    one.close();
    two.close();
  });

  test('a full disk: DatabaseError full, the committed batches kept and readable, the import resumed', async () => {
    const pgnFile = path.join(dir, 'full.pgn');
    writeFileSync(pgnFile, games(600, 23));
    const dbFile = path.join(dir, 'full.db');
    // A file may not grow past 1 MiB in this process (ulimit -f, in KiB; SIGXFSZ ignored, so a
    // write past it fails with EFBIG, as a write to a full disk fails with ENOSPC).
    const script = path.join(dir, 'full.mjs');
    writeFileSync(
      script,
      `import { readFileSync } from 'node:fs';
import { GameDatabase } from ${JSON.stringify(DIST)};
const [dbFile, pgnFile] = process.argv.slice(2);
const db = await GameDatabase.open(dbFile);
try {
  await db.addGames(readFileSync(pgnFile, 'utf8'), { batchSize: 50 });
  process.stdout.write(JSON.stringify({ code: null }));
} catch (e) {
  process.stdout.write(JSON.stringify({ name: e.name, code: e.code, count: db.count() }));
}
db.close();
`,
    );
    const child = spawn(
      'bash',
      ['-c', `trap '' XFSZ; ulimit -f 1024; exec "$0" "$@"`, process.execPath, script, dbFile, pgnFile],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, err).toBe(0);
    const full = JSON.parse(out) as { name: string; code: string; count: number };
    expect(full.name).toBe('DatabaseError');
    expect(full.code).toBe('full');
    expect(full.count % 50).toBe(0);
    expect(full.count).toBeGreaterThan(0);
    expect(full.count).toBeLessThan(600);
    // Without the limit: the store opens, holds those batches, and the import adds the rest.
    const db = await GameDatabase.open(dbFile);
    expect(db.count()).toBe(full.count);
    expect(db.explore(Position.startpos()).games).toBe(full.count);
    const again = await db.addGames(readFileSync(pgnFile, 'utf8'), { batchSize: 50 });
    expect(again).toMatchObject({ added: 600 - full.count, skipped: full.count });
    expect(db.explore(Position.startpos()).games).toBe(600);
    db.close();
  });
});
