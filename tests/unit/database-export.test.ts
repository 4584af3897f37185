// `chesswasm db export --parquet DIR`, then the explorer's query of docs/database.md run by
// DuckDB (@duckdb/node-api) over the Parquet files: every count (the position's games by
// result, and each move's) equals GameDatabase.explore's, at the start position and along
// ten games, filtered by rating too; the games file holds every game with its PGN.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, expect, test } from 'vitest';
import { Position, readGames } from 'chesswasm';
import { GameDatabase } from 'chesswasm/database';
import { lichessLikeGames } from '../bench/database-corpus.mjs';
import { DATA } from './helpers.js';

const bin = fileURLToPath(new URL('../../bin/chesswasm', import.meta.url));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cw-db-export-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const generate = lichessLikeGames as (P: unknown, read: unknown, n: number, seed: number) => string[];

// The explorer as SQL over the export (docs/database.md, "Beyond one machine").
const EXPLORE = (dir: string): string => `
  SELECT uci, san, count(*) AS games,
         count(*) FILTER (WHERE result = '1-0') AS white,
         count(*) FILTER (WHERE result = '1/2-1/2') AS draws,
         count(*) FILTER (WHERE result = '0-1') AS black
  FROM read_parquet('${dir}/positions.parquet')
  WHERE variant = 'chess' AND key = $key AND least(coalesce(white_elo, 0), coalesce(black_elo, 0)) >= $min
  GROUP BY ALL ORDER BY games DESC, uci`;

test('the Parquet export, queried by DuckDB, gives explore()', async () => {
  const file = path.join(tmp, 'games.db');
  const db = await GameDatabase.open(file);
  const pgn =
    readFileSync(path.join(DATA, 'pgn/lichess-2013-01.pgn'), 'utf8') + generate(Position, readGames, 300, 5).join('\n');
  expect((await db.addGames(pgn, { batchSize: 50 })).added).toBe(400);
  db.close();
  const out = path.join(tmp, 'parquet');
  const r = spawnSync(process.execPath, [bin, 'db', 'export', '--db', file, '--parquet', out], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^400 games, \d+ positions -> /);

  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  const store = await GameDatabase.open(file);
  const sql = await con.prepare(EXPLORE(out));
  const query = async (pos: Position, min: number) => {
    sql.bind({ key: pos.hash(), min });
    const rows = (await sql.runAndReadAll()).getRowObjectsJS() as {
      uci: string | null;
      san: string | null;
      games: bigint;
      white: bigint;
      draws: bigint;
      black: bigint;
    }[];
    const n = (k: 'games' | 'white' | 'draws' | 'black') => rows.reduce((t, x) => t + Number(x[k]), 0);
    return {
      games: n('games'),
      white: n('white'),
      draws: n('draws'),
      black: n('black'),
      moves: rows
        .filter((x) => x.uci !== null)
        .map((x) => ({
          uci: x.uci,
          san: x.san,
          games: Number(x.games),
          white: Number(x.white),
          draws: Number(x.draws),
          black: Number(x.black),
        })),
    };
  };
  const ours = (pos: Position, min: number) => {
    const e = store.explore(pos, min > 0 ? { minRating: min } : undefined);
    return {
      games: e.games,
      white: e.white,
      draws: e.draws,
      black: e.black,
      moves: e.moves
        .map(({ uci, san, games, white, draws, black }) => ({ uci, san, games, white, draws, black }))
        .sort((a, b) => b.games - a.games || (a.uci < b.uci ? -1 : 1)),
    };
  };
  let checked = 0;
  for (const game of [...readGames(pgn)].filter((_, i) => i % 40 === 0)) {
    const pos = Position.startpos();
    for (const node of game.mainlineNodes().slice(0, 30)) {
      for (const min of [0, 1600]) {
        expect(await query(pos, min), `${pos.fen()} min ${min}`).toEqual(ours(pos, min));
        checked++;
      }
      pos.play(node.move);
    }
    pos.dispose();
  }
  expect(checked).toBeGreaterThan(300);
  expect((await query(Position.startpos(), 0)).games).toBe(400);
  const games = (
    await con.runAndReadAll(`SELECT count(*) AS n, count(pgn) AS p FROM read_parquet('${out}/games.parquet')`)
  ).getRowObjectsJS();
  expect(games).toEqual([{ n: 400n, p: 400n }]);
  store.close();
  con.closeSync();
  instance.closeSync();
});
