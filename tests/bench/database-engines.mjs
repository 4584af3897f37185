#!/usr/bin/env node
// The game database's storage engine, chosen by measurement (docs/database.md, "The engine"):
// the same lichess-like games (tests/bench/database-corpus.mjs) indexed by three candidates,
// every main-line position of every game keyed by its Polyglot key (the first time a game
// reaches it, with the move played there):
//   sqlite   SQLite's official wasm build (@sqlite.org/sqlite-wasm), the same .wasm that runs
//            in a browser on OPFS; here in memory (its Node build has no file store)
//   duckdb   DuckDB through @duckdb/node-api (native, in a file): the browser would run its
//            wasm build (@duckdb/duckdb-wasm), whose page weight is given
//   sorted   a purpose-built sorted index: typed arrays sorted by key, binary search (what our
//            own wasm would hold), in plain JS here: an upper bound on what it can gain
// For each: import time (the engine's part: the keys are computed once, before, by the
// package), explore latency at the start position and at a rare position (median of 25),
// bytes of the store, and the page weight (gzip of the .wasm and JS a page would load).
// A benchmark, not a test: nothing asserts a speed.
//   node tests/bench/database-engines.mjs [--games N] [--only sqlite,duckdb,sorted]
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Position, readGames } from '../../dist/index.js';
import { lichessLikeGames } from './database-corpus.mjs';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const N = Number(opt('--games', 20000));
const ONLY = opt('--only', 'sqlite,duckdb,sorted').split(',');
const require = createRequire(import.meta.url);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const gz = (file) => gzipSync(readFileSync(file)).length;

// ---- the games and their keys (the package's work, the same for every engine) -------------
let t = performance.now();
const pgn = lichessLikeGames(Position, readGames, N, 7).join('\n');
const genMs = performance.now() - t;
t = performance.now();
const games = []; // { white, black, whiteElo, blackElo, result, date, tc }
const rows = { key: [], game: [], ply: [], move: [], count: 0 };
const RESULT = { '1-0': 0, '1/2-1/2': 1, '0-1': 2 };
for (const game of readGames(pgn)) {
  const id = games.length + 1;
  games.push({
    white: game.tags.get('White'),
    black: game.tags.get('Black'),
    whiteElo: Number(game.tags.get('WhiteElo')),
    blackElo: Number(game.tags.get('BlackElo')),
    result: RESULT[game.result] ?? 3,
    date: game.tags.get('Date'),
    pgn: game.pgn(),
  });
  const pos = Position.fromFen(game.rootFen, { variant: game.variant, chess960: game.chess960 });
  const seen = new Set();
  let ply = 0;
  for (const node of game.mainlineNodes()) {
    const key = BigInt.asIntN(64, pos.hash());
    if (!seen.has(key)) {
      seen.add(key);
      rows.key.push(key);
      rows.game.push(id);
      rows.ply.push(ply);
      rows.move.push(node.move);
    }
    pos.play(node.move);
    ply++;
  }
  pos.dispose();
}
rows.count = rows.key.length;
const keyMs = performance.now() - t;
const START = BigInt.asIntN(64, Position.startpos().hash());
// A rare position: one reached by exactly one game (the 30th position of game 77).
const RARE = rows.key[rows.game.indexOf(77) + 30];
const pgnBytes = Buffer.byteLength(pgn);
console.log(
  `${N} games (${(pgnBytes / N).toFixed(0)} B of PGN each), ${rows.count} positions indexed; ` +
    `generated in ${genMs.toFixed(0)} ms; read, PGN written back and keyed by the package: ` +
    `${((N * 1000) / keyMs).toFixed(0)} games/s`,
);

const results = [];
function report(name, importMs, explore, bytes, page, note) {
  const time = (k) => {
    const xs = [];
    for (let i = 0; i < 25; i++) {
      const t0 = performance.now();
      explore(k);
      xs.push(performance.now() - t0);
    }
    return median(xs);
  };
  const check = explore(START);
  const r = {
    engine: name,
    'import games/s': Math.round((N * 1000) / importMs),
    'explore start ms': +time(START).toFixed(2),
    'explore rare ms': +time(RARE).toFixed(2),
    'bytes/game': Math.round(bytes / N),
    'page KB gz': page,
    'start games': check,
    note,
  };
  results.push(r);
  console.log(JSON.stringify(r));
}

// ---- SQLite wasm -----------------------------------------------------------------------------
if (ONLY.includes('sqlite')) {
  const { default: init } = await import('@sqlite.org/sqlite-wasm');
  const sqlite3 = await init();
  const db = new sqlite3.oo1.DB(':memory:', 'c');
  db.exec(`
    PRAGMA page_size = 4096;
    CREATE TABLE games (id INTEGER PRIMARY KEY, white TEXT, black TEXT, white_elo INTEGER,
      black_elo INTEGER, result INTEGER, date TEXT, pgn TEXT);
    CREATE TABLE positions (key INTEGER, game INTEGER, ply INTEGER, move INTEGER,
      PRIMARY KEY (key, game)) WITHOUT ROWID;
    CREATE TABLE moves (key INTEGER, move INTEGER, games INTEGER, white INTEGER, draws INTEGER,
      black INTEGER, PRIMARY KEY (key, move)) WITHOUT ROWID;`);
  const t0 = performance.now();
  const insGame = db.prepare('INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const insPos = db.prepare('INSERT INTO positions VALUES (?, ?, ?, ?)');
  const upMove = db.prepare(
    `INSERT INTO moves VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT DO UPDATE SET games = games + 1,
     white = white + excluded.white, draws = draws + excluded.draws, black = black + excluded.black`,
  );
  let r = 0;
  for (let lo = 0; lo < N; lo += 1000) {
    db.exec('BEGIN');
    for (let g = lo; g < Math.min(N, lo + 1000); g++) {
      const x = games[g];
      insGame.bind([g + 1, x.white, x.black, x.whiteElo, x.blackElo, x.result, x.date, x.pgn]).stepReset();
      for (; r < rows.count && rows.game[r] === g + 1; r++) {
        insPos.bind([rows.key[r], g + 1, rows.ply[r], rows.move[r]]).stepReset();
        upMove.bind([rows.key[r], rows.move[r], +(x.result === 0), +(x.result === 1), +(x.result === 2)]).stepReset();
      }
    }
    db.exec('COMMIT');
  }
  const importMs = performance.now() - t0;
  const q = db.prepare('SELECT sum(games) FROM moves WHERE key = ?');
  const q2 = db.prepare(
    `SELECT p.move, count(*), sum(g.result = 0) FROM positions p JOIN games g ON g.id = p.game
     WHERE p.key = ? AND g.white_elo >= 1500 GROUP BY p.move`,
  );
  const explore = (k) => {
    q.bind([k]);
    q.step();
    const n = q.get(0);
    q.reset();
    return n;
  };
  const bytes = db.selectValue('PRAGMA page_count') * db.selectValue('PRAGMA page_size');
  const dir = path.dirname(require.resolve('@sqlite.org/sqlite-wasm'));
  report(
    'sqlite',
    importMs,
    explore,
    bytes,
    Math.round((gz(path.join(dir, 'sqlite3.wasm')) + gz(path.join(dir, 'index.mjs'))) / 1024),
    'unfiltered: moves table',
  );
  const filtered = (k) => {
    q2.bind([k]);
    let n = 0;
    while (q2.step()) n += Number(q2.get(1));
    q2.reset();
    return n;
  };
  report('sqlite (filtered: rating >= 1500)', importMs, filtered, bytes, '', 'positions JOIN games');
  db.close();
}

// ---- DuckDB ----------------------------------------------------------------------------------
if (ONLY.includes('duckdb')) {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cw-duck-'));
  const file = path.join(tmp, 'games.duckdb');
  const instance = await DuckDBInstance.create(file, { threads: '1' });
  const con = await instance.connect();
  await con.run(`CREATE TABLE games (id INTEGER, white VARCHAR, black VARCHAR, white_elo INTEGER,
    black_elo INTEGER, result TINYINT, date VARCHAR, pgn VARCHAR)`);
  await con.run('CREATE TABLE positions (key BIGINT, game INTEGER, ply SMALLINT, move USMALLINT, result TINYINT)');
  const t0 = performance.now();
  const ag = await con.createAppender('games');
  for (let g = 0; g < N; g++) {
    const x = games[g];
    ag.appendInteger(g + 1);
    ag.appendVarchar(x.white);
    ag.appendVarchar(x.black);
    ag.appendInteger(x.whiteElo);
    ag.appendInteger(x.blackElo);
    ag.appendTinyInt(x.result);
    ag.appendVarchar(x.date);
    ag.appendVarchar(x.pgn);
    ag.endRow();
  }
  ag.closeSync();
  const ap = await con.createAppender('positions');
  for (let r = 0; r < rows.count; r++) {
    ap.appendBigInt(rows.key[r]);
    ap.appendInteger(rows.game[r]);
    ap.appendSmallInt(rows.ply[r]);
    ap.appendUSmallInt(rows.move[r]);
    ap.appendTinyInt(games[rows.game[r] - 1].result);
    ap.endRow();
  }
  ap.closeSync();
  await con.run('CHECKPOINT');
  const importMs = performance.now() - t0;
  const stmt = await con.prepare('SELECT count(*) FROM positions WHERE key = $1');
  // The node API is asynchronous: time one awaited query at a time.
  const times = async (k) => {
    const xs = [];
    let n = 0;
    for (let i = 0; i < 25; i++) {
      const t1 = performance.now();
      stmt.bindBigInt(1, k);
      n = Number((await stmt.runAndReadAll()).getRows()[0][0]);
      xs.push(performance.now() - t1);
    }
    return [median(xs), n];
  };
  const [start, n] = await times(START);
  const [rare] = await times(RARE);
  const bytes = statSync(file).size;
  // duckdb-wasm is not a dependency (138 MB unpacked): its weight when it can be found
  // (NODE_PATH=/some/node_modules), else none.
  let wasm = null;
  try {
    wasm = require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm');
  } catch {
    // not installed
  }
  const r = {
    engine: 'duckdb',
    'import games/s': Math.round((N * 1000) / importMs),
    'explore start ms': +start.toFixed(2),
    'explore rare ms': +rare.toFixed(2),
    'bytes/game': Math.round(bytes / N),
    'page KB gz':
      wasm === null
        ? 'duckdb-wasm not installed'
        : Math.round((gz(wasm) + gz(path.join(path.dirname(wasm), 'duckdb-browser.mjs'))) / 1024),
    'start games': n,
    note: 'native, 1 thread; page: duckdb-wasm eh build',
  };
  results.push(r);
  console.log(JSON.stringify(r));
  con.closeSync();
  instance.closeSync();
  rmSync(tmp, { recursive: true, force: true });
}

// ---- a purpose-built sorted index ------------------------------------------------------------
if (ONLY.includes('sorted')) {
  const t0 = performance.now();
  const order = new Uint32Array(rows.count).map((_, i) => i);
  const keys = BigInt64Array.from(rows.key);
  order.sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
  const skey = new BigInt64Array(rows.count);
  const sgame = new Uint32Array(rows.count);
  const smove = new Uint16Array(rows.count);
  for (let i = 0; i < rows.count; i++) {
    const j = order[i];
    skey[i] = keys[j];
    sgame[i] = rows.game[j];
    smove[i] = rows.move[j];
  }
  const importMs = performance.now() - t0;
  const lower = (k) => {
    let lo = 0;
    let hi = rows.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (skey[mid] < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const explore = (k) => {
    const byMove = new Map();
    let i = lower(k);
    for (; i < rows.count && skey[i] === k; i++) byMove.set(smove[i], (byMove.get(smove[i]) ?? 0) + 1);
    return [...byMove.values()].reduce((a, b) => a + b, 0);
  };
  const pgnStore = games.reduce((n, x) => n + x.pgn.length, 0);
  report(
    'sorted',
    importMs,
    explore,
    skey.byteLength + sgame.byteLength + smove.byteLength + pgnStore,
    '(ours)',
    'in memory; no transactions, no persistence',
  );
}

if (args.includes('--json')) console.log(JSON.stringify(results));
