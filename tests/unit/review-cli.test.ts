// `chesswasm review`: annotated PGN or JSON on stdout, exit 1 when the engine is missing or
// fails, 2 for usage errors. Runs Debian's Stockfish with few nodes.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Game, readGames } from 'chesswasm';
import { expect, test } from 'vitest';
import { DATA } from './helpers.js';

const SF = '/usr/games/stockfish';
const available = existsSync(SF);
const bin = fileURLToPath(new URL('../../bin/chesswasm', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
const dir = mkdtempSync(path.join(tmpdir(), 'review-cli-'));
const file = path.join(dir, 'two.pgn');
const opera = readFileSync(DATA + 'games/lichess-export.pgn', 'utf8');
writeFileSync(
  file,
  `${opera.slice(opera.indexOf('[Event', opera.indexOf('Isouard') - 200))}\n\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n`,
);

test.runIf(available)('--json: one summary per game, in order, with --jobs 2', () => {
  const r = run('review', file, '--engine', SF, '--nodes', '3000', '--jobs', '2', '--json');
  expect(r.stderr).toMatch(/positions, 2 games/);
  expect(r.status).toBe(0);
  const out = JSON.parse(r.stdout) as {
    white: string;
    black: string;
    accuracy: { white: number };
    counts: { black: { blunder: number } };
  }[];
  expect(out.map((g) => [g.white, g.black])).toEqual([
    ['Paul Morphy', 'Duke Karl / Count Isouard'],
    ['A', 'B'],
  ]);
  expect(out[0]!.accuracy.white).toBeGreaterThan(0);
  // 3...Nf6?? allows mate in one.
  expect(out[1]!.counts.black.blunder).toBe(1);
});

test.runIf(available)('annotated PGN on stdout', () => {
  const r = run('review', file, '--engine', SF, '--depth', '6');
  expect(r.status).toBe(0);
  const games = [...readGames(r.stdout)];
  expect(games).toHaveLength(2);
  const g = games[1]!;
  expect(g.mainline()).toEqual(Game.fromPgn('1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#').mainline());
  const nf6 = g.mainlineNodes()[5]!;
  expect(nf6.nags).toEqual([4]);
  expect(nf6.commentsAfter.join(' ')).toMatch(/Checkmate is now unavoidable\. \S+ was best\./);
  expect(nf6.eval).toEqual({ mate: 1 });
  expect(g.mainlineNodes()[6]!.eval).toBe(null);
});

test.runIf(available)('--db: the games that pass the filters, oldest first, as reviewed from the file', () => {
  const db = path.join(dir, 'two.db');
  const imported = run('db', 'import', file, '--db', db);
  expect(imported.status, imported.stderr).toBe(0);
  const all = run('review', '--db', db, '--engine', SF, '--nodes', '3000', '--json');
  expect(all.status, all.stderr).toBe(0);
  expect(all.stderr).toMatch(/positions, 2 games/);
  const out = JSON.parse(all.stdout) as { white: string; black: string; counts: { black: { blunder: number } } }[];
  // The undated game first, then the Opera Game (1858).
  expect(out.map((g) => [g.white, g.black])).toEqual([
    ['A', 'B'],
    ['Paul Morphy', 'Duke Karl / Count Isouard'],
  ]);
  expect(out[0]!.counts.black.blunder).toBe(1);
  const morphy = run('review', '--db', db, '--engine', SF, '--depth', '6', '--player', 'paul morphy', '--color', 'w');
  expect(morphy.status, morphy.stderr).toBe(0);
  const games = [...readGames(morphy.stdout)];
  expect(games.map((g) => g.tags.get('White'))).toEqual(['Paul Morphy']);
  expect(
    games[0]!
      .mainlineNodes()
      .slice(0, -1)
      .every((n) => n.eval !== null),
  ).toBe(true);
  const one = run('review', '--db', db, '--engine', SF, '--nodes', '3000', '--limit', '1', '--json');
  expect(JSON.parse(one.stdout)).toHaveLength(1);
});

test('a missing engine exits 1; an engine that dies mid-review exits 1', () => {
  const r = run('review', file, '--engine', path.join(dir, 'no-such-engine'));
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/no-such-engine.*\[spawn\]/);
  // A UCI engine that answers the handshake and exits on its first search.
  const dying = path.join(dir, 'dying-engine.cjs'); // .cjs: CommonJS whatever package.json is above the temporary folder
  writeFileSync(
    dying,
    `#!${process.execPath}\nrequire('readline').createInterface({ input: process.stdin }).on('line', (l) => {\n` +
      `  if (l === 'uci') console.log('id name Dying\\nuciok');\n  else if (l === 'isready') console.log('readyok');\n` +
      `  else if (l.startsWith('go')) process.exit(3);\n});\n`,
  );
  chmodSync(dying, 0o755);
  const d = run('review', file, '--engine', dying, '--nodes', '100');
  expect(d.status).toBe(1);
  expect(d.stderr).toMatch(/exit code 3 \[exited\]/);
  expect(d.stdout).toBe('');
});

test.each([
  [['review'], /exactly one PGN file/],
  [['review', 'x.pgn'], /--engine/],
  [['review', 'x.pgn', '--engine', SF, '--nodes', 'many'], /--nodes must be/],
  [['review', 'x.pgn', '--engine', SF, '--jobs', '0'], /--jobs must be/],
  [['review', 'x.pgn', '--engine', SF, '--frob'], /unknown option/],
  [['review', 'x.pgn', '--engine', SF, '--player', 'A'], /--player needs --db PATH/],
  [['review', 'x.pgn', '--engine', SF, '--limit', '3'], /--limit needs --db PATH/],
  [['review', 'x.pgn', '--db', 'x.db', '--engine', SF], /a PGN file or --db PATH, not both/],
])('%j is a usage error (exit 2)', (args, message) => {
  const r = run(...args);
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(message);
});

test.skipIf(available)('stockfish is installed (scripts/check-deps.sh installs it)', () => {
  expect.fail(`${SF} is missing: apt-get install -y stockfish`);
});
