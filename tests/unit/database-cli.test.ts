// bin/chesswasm db: import (a .pgn and a .pgn.zst made by Debian's zstd; progress on
// stderr, malformed games reported, a summary line on stdout; importing again skips every
// game), explore (text and --json, the same as GameDatabase.explore, --moves with or without
// move numbers, the filters), games (lines, --json, --pgn), import --jobs (files in processes
// of their own: the same store as one after the other), and the usage errors.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Position } from 'chesswasm';
import { GameDatabase } from 'chesswasm/database';
import { DATA } from './helpers.js';

const bin = fileURLToPath(new URL('../../bin/chesswasm', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cw-db-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const REAL = path.join(DATA, 'pgn/lichess-2013-01.pgn');
const MALFORMED = path.join(DATA, 'pgn/malformed.pgn');
const db = path.join(tmp, 'games.db');

describe('chesswasm db', () => {
  beforeAll(() => {
    const r = run('db', 'import', REAL, MALFORMED, '--db', db, '--batch', '40');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('109 games: 104 added, 0 skipped, 5 errors\n');
    expect(r.stderr).toContain(`${REAL}: 80 games, 80 added, 0 skipped, 0 errors`);
    expect(r.stderr).toMatch(/malformed\.pgn: game 2: PGN line 7, column \d+: illegal move/);
  });

  test('importing again skips every game', () => {
    const r = run('db', 'import', REAL, '--db', db);
    expect(r.stdout).toBe('100 games: 0 added, 100 skipped, 0 errors\n');
  });

  test('a .pgn.zst file is read as it streams; a truncated one keeps its games; a .zst that is none is refused', () => {
    // Debian's zstd (scripts/check-deps.sh installs it): no silent skip without it.
    const zst = path.join(tmp, 'games.pgn.zst');
    const made = spawnSync('zstd', ['-q', '-o', zst, REAL]);
    expect(made.error, 'the zstd program (apt-get install zstd)').toBeUndefined();
    expect(made.status).toBe(0);
    const other = path.join(tmp, 'zst.db');
    const r = run('db', 'import', zst, '--db', other);
    expect(r.stdout).toBe('100 games: 100 added, 0 skipped, 0 errors\n');
    const bytes = readFileSync(zst);
    writeFileSync(path.join(tmp, 'cut.pgn.zst'), bytes.subarray(0, bytes.length >> 1));
    const cut = run('db', 'import', path.join(tmp, 'cut.pgn.zst'), '--db', path.join(tmp, 'cut.db'));
    expect(cut.status).toBe(1);
    expect(cut.stderr).toMatch(/compressed source ends inside a frame/);
    writeFileSync(path.join(tmp, 'bad.pgn.zst'), 'not zstd');
    const bad = run('db', 'import', path.join(tmp, 'bad.pgn.zst'), '--db', other);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('is not Zstandard-compressed');
  });

  test('explore: --json is GameDatabase.explore; the text table lists the same moves', async () => {
    const json = run('db', 'explore', '--db', db, '--moves', '1. e4 e5 2.Nf3', '--json');
    expect(json.status, json.stderr).toBe(0);
    const pos = Position.startpos();
    for (const m of ['e4', 'e5', 'Nf3']) pos.play(m);
    const store = await GameDatabase.open(db);
    const expected = store.explore(pos);
    store.close();
    expect(JSON.parse(json.stdout)).toEqual({ fen: pos.fen(), ...expected });
    expect(expected.games).toBeGreaterThan(3);
    const text = run('db', 'explore', '--db', db, '--fen', pos.fen()).stdout.trim().split('\n');
    expect(text[0]).toMatch(/^move\s+games\s+white\s+draws\s+black\s+rating\s+last date$/);
    expect(text.slice(1, -1).map((l) => l.split(/\s+/)[0])).toEqual(expected.moves.map((m) => m.san));
    expect(text.at(-1)).toMatch(new RegExp(`^total\\s+${expected.games}\\s`));
  });

  test('explore and games with filters', async () => {
    const store = await GameDatabase.open(db);
    const h = store.games(null, {}, { limit: 200 }).find((x) => x.White !== null && x.White !== '?');
    const filter = { player: h!.White!.toUpperCase(), color: 'w' as const };
    const e = store.explore(Position.startpos(), filter);
    const rows = store.games(null, filter, { limit: 100 });
    store.close();
    const r = run('db', 'explore', '--db', db, '--player', filter.player, '--color', 'w', '--json');
    expect((JSON.parse(r.stdout) as { games: number }).games).toBe(e.games);
    const g = run('db', 'games', '--db', db, '--player', filter.player, '--color', 'w', '--json', '--limit', '100');
    expect(JSON.parse(g.stdout)).toEqual(rows);
    const blitz = run('db', 'explore', '--db', db, '--speed', 'blitz,bullet', '--min-rating', '1500', '--json');
    expect(blitz.status, blitz.stderr).toBe(0);
    expect((JSON.parse(blitz.stdout) as { games: number }).games).toBeLessThan(104);
  });

  test('games: one line each, with the ply; --pgn the games', () => {
    const r = run('db', 'games', '--db', db, '--moves', 'd4 d5', '--limit', '3', '--order', 'oldest');
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).toMatch(/^\d+ {2}[\d?.]+ {2}.+ - .+ {2}(1-0|0-1|1\/2-1\/2|\*) {2}ply 2$/);
    const pgn = run('db', 'games', '--db', db, '--limit', '2', '--pgn');
    expect(pgn.stdout.match(/\[Event /g)).toHaveLength(2);
  });

  test('usage errors exit 2, bad input 1', () => {
    expect(run('db').status).toBe(2);
    expect(run('db', 'nope', '--db', db).status).toBe(2);
    expect(run('db', 'explore').stderr).toContain('--db PATH');
    expect(run('db', 'import', '--db', db).status).toBe(2);
    const color = run('db', 'explore', '--db', db, '--color', 'x');
    expect(color.status).toBe(1);
    expect(color.stderr).toContain('[invalid-argument]');
    const moves = run('db', 'explore', '--db', db, '--moves', 'e4 e4');
    expect(moves.status).toBe(1);
    expect(moves.stderr).toContain('--moves: move 2 (e4)');
    const missing = run('db', 'import', path.join(tmp, 'missing.pgn'), '--db', db);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('no such file');
    expect(readFileSync(db).length).toBeGreaterThan(0);
  });

  test('import --jobs 2: the files in two processes at once give the same store as one after the other', async () => {
    // Four files: three slices of a generated corpus and the real one (some games in two files:
    // the duplicates are skipped whichever process reads them first).
    const { lichessLikeGames } = (await import('../bench/database-corpus.mjs')) as {
      lichessLikeGames: (P: unknown, read: unknown, n: number, seed: number) => string[];
    };
    const { readGames } = await import('chesswasm');
    const corpus = lichessLikeGames(Position, readGames, 900, 31);
    const files = [0, 1, 2].map((k) => {
      const f = path.join(tmp, `slice${k}.pgn`);
      writeFileSync(f, corpus.slice(k * 250, k * 250 + 400).join('\n'));
      return f;
    });
    files.push(REAL);
    const one = path.join(tmp, 'one.db');
    const two = path.join(tmp, 'two.db');
    const serial = run('db', 'import', ...files, '--db', one, '--batch', '50');
    expect(serial.status, serial.stderr).toBe(0);
    const parallel = run('db', 'import', ...files, '--db', two, '--batch', '50', '--jobs', '2');
    expect(parallel.status, parallel.stderr).toBe(0);
    // 1,300 games read, 1,000 distinct.
    expect(serial.stdout).toBe('1300 games: 1000 added, 300 skipped, 0 errors\n');
    expect(parallel.stdout).toBe(serial.stdout);
    for (const f of files) expect(parallel.stderr).toContain(`${f}: `);
    const a = await GameDatabase.open(one);
    const b = await GameDatabase.open(two);
    expect(b.count()).toBe(a.count());
    for (const moves of [[], ['e4'], ['d4', 'd5']]) {
      const pos = Position.startpos();
      for (const m of moves) pos.play(m);
      expect(b.explore(pos)).toEqual(a.explore(pos));
      pos.dispose();
    }
    a.close();
    b.close();
    expect(run('db', 'import', REAL, '--db', two, '--jobs', '0').status).toBe(2);
  });
});
