// `chesswasm puzzles-from`: lichess's puzzle CSV on stdout from a PGN file's games (Debian's
// Stockfish, few nodes), which `chesswasm puzzles` validates; --player, --punish, --jobs;
// exit 1 when the engine is missing, 2 for usage errors.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { DATA } from './helpers.js';

const SF = '/usr/games/stockfish';
const bin = fileURLToPath(new URL('../../bin/chesswasm', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
const dir = mkdtempSync(path.join(tmpdir(), 'puzzles-from-cli-'));
const file = path.join(dir, 'games.pgn');
const lichess = readFileSync(DATA + 'pgn/lichess-2013-01.pgn', 'utf8').split(/\n(?=\[Event )/);
writeFileSync(
  file,
  `[White "A"]\n[Black "B"]\n[Site "https://lichess.org/scholar1"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n${lichess[0]}\n`,
);
const HEADER = 'PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags';

test('--punish --jobs 2: the CSV, in the games order, valid for chesswasm puzzles', () => {
  const r = run('puzzles-from', file, '--engine', SF, '--nodes', '50000', '--punish', '--jobs', '2');
  expect(r.status).toBe(0);
  expect(r.stderr).toMatch(/(\d+) puzzles from 2 games/);
  const rows = r.stdout.trimEnd().split('\n');
  expect(rows[0]).toBe(HEADER);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  // The first game's puzzle first: 3...Nf6?? 4.Qxf7#.
  const first = rows[1]!.split(',');
  expect(first).toHaveLength(10);
  expect(first[1]).toBe('r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3');
  expect(first[2]).toBe('g8f6 h5f7');
  expect(first[7]!.split(' ').sort()).toEqual(['mate', 'mateIn1', 'oneMove']);
  expect(first[8]).toBe('https://lichess.org/scholar1#6');
  const csv = path.join(dir, 'out.csv');
  writeFileSync(csv, r.stdout);
  const v = run('puzzles', csv, '--workers', '0');
  expect(v.stdout).toContain(`${rows.length - 1} puzzles: ${rows.length - 1} valid, 0 invalid`);
  expect(v.status).toBe(0);
}, 60_000);

test('--player: only that player’s games and mistakes', () => {
  // B's own mistakes: several defences were as good as 3...Nf6's best, so no puzzle; the lichess game is skipped.
  const b = run('puzzles-from', file, '--engine', SF, '--nodes', '20000', '--player', 'b');
  expect(b.status).toBe(0);
  expect(b.stderr).toMatch(/0 puzzles from 1 games/);
  expect(b.stdout).toBe(`${HEADER}\n`);
  const nobody = run('puzzles-from', file, '--engine', SF, '--player', 'Nobody');
  expect(nobody.status).toBe(0);
  expect(nobody.stdout).toBe(`${HEADER}\n`);
  expect(nobody.stderr).toMatch(/0 puzzles from 0 games/);
});

test('--db: the database’s games that pass the filters, the same puzzles as from the file', () => {
  const db = path.join(dir, 'games.db');
  const imported = run('db', 'import', file, '--db', db);
  expect(imported.status, imported.stderr).toBe(0);
  const fromFile = run('puzzles-from', file, '--engine', SF, '--nodes', '50000', '--punish', '--player', 'a');
  const fromDb = run('puzzles-from', '--db', db, '--engine', SF, '--nodes', '50000', '--punish', '--player', 'a');
  expect(fromDb.status, fromDb.stderr).toBe(0);
  expect(fromDb.stderr).toMatch(/1 puzzles from 1 games/);
  expect(fromDb.stdout).toBe(fromFile.stdout);
  expect(fromDb.stdout).toContain(',g8f6 h5f7,');
  // --limit 1 of both games, oldest first: the lichess game of 2013 comes after the undated one.
  const first = run('puzzles-from', '--db', db, '--engine', SF, '--nodes', '20000', '--limit', '1');
  expect(first.status, first.stderr).toBe(0);
  expect(first.stderr).toMatch(/ puzzles from 1 games/);
  const missing = run('puzzles-from', '--db', path.join(dir, 'none', 'x.db'), '--engine', SF);
  expect(missing.status).toBe(1);
}, 60_000);

test('a missing engine exits 1', () => {
  const r = run('puzzles-from', file, '--engine', path.join(dir, 'no-such-engine'));
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/no-such-engine.*\[spawn\]/);
  expect(r.stdout).toBe('');
});

test.each([
  [['puzzles-from'], /exactly one PGN file/],
  [['puzzles-from', 'x.pgn'], /--engine/],
  [['puzzles-from', 'x.pgn', '--engine', SF, '--nodes', '0'], /--nodes must be/],
  [['puzzles-from', 'x.pgn', '--engine', SF, '--jobs', 'two'], /--jobs must be/],
  [['puzzles-from', 'x.pgn', '--engine', SF, '--player', ' '], /--player needs a name/],
  [['puzzles-from', 'x.pgn', '--engine', SF, '--color', 'w'], /--color needs --db PATH/],
  [['puzzles-from', 'x.pgn', '--engine', SF, '--db', 'x.db'], /a PGN file or --db PATH, not both/],
  [['puzzles-from', '--db', 'x.db', '--engine', SF, '--limit', '0'], /--limit must be/],
  [['puzzles-from', 'x.pgn', '--engine', SF, '--frob'], /unknown option/],
])('%j is a usage error (exit 2)', (args, message) => {
  const r = run(...args);
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(message);
});
