#!/usr/bin/env node
// chesswasm/database at scale (docs/database.md, "Speed"): N lichess-like games
// (tests/bench/database-corpus.mjs) imported into a file by GameDatabase.addGames, then the
// explorer's and the games list's latency (median of 25 calls each) at the start position, a
// position of the openings, a rare position (one game) and with filters, and the bytes of the
// store per game beside the PGN's. The import rate is given beside the package's own
// reading of the same text (read and every main-line position keyed: what addGames does
// before SQLite), as a ratio: the share of the import that is the database's. Not part of `npm run
// bench` (100,000 games take minutes); a benchmark, not a test: nothing asserts a speed.
// The games are written to a PGN file first (a million do not fit in one string) and imported
// from it as a stream (fs.createReadStream), as a user imports a lichess export.
//   node tests/bench/database.mjs [--games N] [--batch N] [--keep FILE] [--pgn FILE] [--no-read] [--reuse]
//   (the package's dist/ built first; --pgn: the games' file, kept and reused when it exists
//   (made for the same N); --no-read: without the package's reading alone, which takes as
//   long as the import again; --reuse: the --keep store of an earlier run is opened and only
//   the queries are timed)
import { closeSync, createReadStream, existsSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Position, readGames } from '../../dist/index.js';
import { GameDatabase } from '../../dist/database.js';
import { lichessLikeGameStream } from './database-corpus.mjs';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const N = Number(opt('--games', 100_000));
const BATCH = Number(opt('--batch', 1000));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const cpu = () => process.cpuUsage().user / 1000;

const dir = mkdtempSync(path.join(os.tmpdir(), 'cw-dbbench-'));
const pgnFile = opt('--pgn', path.join(dir, 'games.pgn'));
let t = performance.now();
if (!existsSync(pgnFile) && !(args.includes('--reuse') && existsSync(opt('--keep', '')))) {
  const fd = openSync(pgnFile, 'w');
  let text = '';
  for (const game of lichessLikeGameStream(Position, readGames, N, 7)) {
    text += game + '\n';
    if (text.length > 1 << 20) {
      writeSync(fd, text);
      text = '';
    }
  }
  writeSync(fd, text);
  closeSync(fd);
  console.log(`${N} games generated in ${(performance.now() - t).toFixed(0)} ms`);
}
const pgnBytes = existsSync(pgnFile) ? statSync(pgnFile).size : NaN;
console.log(`${N} games, ${(pgnBytes / N).toFixed(0)} B of PGN each`);

// The package's part: read, key every main-line position.
let readRate = NaN;
let readCpuRate = NaN;
let c;
if (!args.includes('--no-read') && existsSync(pgnFile)) {
  t = performance.now();
  c = cpu();
  for await (const game of readGames(createReadStream(pgnFile))) {
    const pos = Position.fromFen(game.rootFen, { variant: game.variant, chess960: game.chess960 });
    for (const node of game.mainlineNodes()) {
      pos.hash();
      pos.play(node.move);
    }
    pos.hash();
    pos.dispose();
  }
  readRate = (N * 1000) / (performance.now() - t);
  readCpuRate = (N * 1000) / (cpu() - c);
}

const file = opt('--keep', path.join(dir, 'bench.db'));
const reuse = args.includes('--reuse') && existsSync(file);
const db = await GameDatabase.open(file);
const loadAtImport = os.loadavg()[0];
let importRate = NaN;
let importCpuRate = NaN;
if (!reuse) {
  t = performance.now();
  c = cpu();
  const r = await db.addGames(createReadStream(pgnFile), { batchSize: BATCH });
  importRate = (N * 1000) / (performance.now() - t);
  importCpuRate = (N * 1000) / (cpu() - c);
  if (r.added !== N) throw new Error(`imported ${r.added} of ${N}`);
}
if (db.count() !== N) throw new Error(`the store holds ${db.count()} games, not ${N}`);

const time = (f) => {
  f();
  const xs = [];
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    f();
    xs.push(performance.now() - t0);
  }
  return median(xs);
};
const start = Position.startpos();
const sicilian = Position.startpos();
for (const m of ['e4', 'c5', 'Nf3']) sicilian.play(m);
// A rare position: the 30th of the 77th game (reached by that game alone).
const g77 = db.games(null, {}, { order: 'oldest', offset: 76, limit: 1 })[0];
const game77 = db.game(g77.id, 30);
const rareFen = game77.position.fen();
const rows = [
  ['explore, start position', () => db.explore(start)],
  ['explore, after 1. e4 c5 2. Nf3', () => db.explore(sicilian)],
  ['explore, rare position', () => db.explore(rareFen)],
  ['explore, start, rating >= 2000 and blitz', () => db.explore(start, { minRating: 2000, timeControl: 'blitz' })],
  ['explore, start, one player', () => db.explore(start, { player: 'player42' })],
  ['games, start position, first page', () => db.games(start)],
  ['games, after 1. e4 c5 2. Nf3, first page', () => db.games(sicilian)],
];
const out = {
  games: N,
  'import games/s': Math.round(importRate),
  'import games/s (CPU)': Math.round(importCpuRate),
  'package read+key games/s': Math.round(readRate),
  'import / package rate': +(importRate / readRate).toFixed(2),
  'import / package rate (CPU)': +(importCpuRate / readCpuRate).toFixed(2),
  'explore start games': db.explore(start).games,
  'rare games': db.explore(rareFen).games,
};
for (const [name, f] of rows) out[`${name} ms`] = +time(f).toFixed(2);
db.close();
const bytes = statSync(file).size;
out['store bytes/game'] = Math.round(bytes / N);
out['PGN bytes/game'] = Math.round(pgnBytes / N);
out[reuse ? 'load average (1 min) at the start' : 'load average (1 min) at the import start'] = loadAtImport.toFixed(1);
out['load average (1, 5, 15 min) at the end'] = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
for (const [k, v] of Object.entries(out)) console.log(`${k.padEnd(46)} ${v}`);
rmSync(dir, { recursive: true, force: true }); // (a --keep or --pgn file is elsewhere)
