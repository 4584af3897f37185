// bin/chesswasm tb probe: the text and --json output on tests/data/syzygy (the answers are
// Tablebase's, which tablebase.test.ts compares with fathom), and every refusal with its
// message and exit code (1 for a position the tables cannot answer, 2 for usage).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { DATA } from './helpers.js';

const bin = fileURLToPath(new URL('../../bin/chesswasm', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
const TB = path.join(DATA, 'syzygy');
const KPK = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';

test('text: the FEN, WDL and DTZ, then every move best first with its category, DTZ and notes', () => {
  const r = run('tb', 'probe', '--tb', TB, '--fen', '8/8/8/8/8/8/2Q5/k1K5 w - - 0 1');
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const lines = r.stdout.trimEnd().split('\n');
  expect(lines[0]).toBe('8/8/8/8/8/8/2Q5/k1K5 w - - 0 1');
  expect(lines[1]).toBe('wdl 2 (win)  dtz 1');
  expect(lines[2]).toMatch(/^move\s+uci\s+category\s+dtz$/);
  expect(lines.slice(3, 6).every((l) => /#\s+c2\w\d\s+loss\s+0\s+checkmate$/.test(l))).toBe(true);
  expect(lines.find((l) => l.startsWith('Qb3 '))).toMatch(/draw\s+0\s+stalemate$/);
});

test('--json: the position and the moves as Tablebase gives them', () => {
  const r = run('tb', 'probe', '--tb', TB, '--fen', KPK, '--json');
  expect(r.status).toBe(0);
  const out = JSON.parse(r.stdout) as {
    fen: string;
    wdl: number;
    dtz: number;
    category: string;
    moves: { uci: string; san: string; category: string; dtz: number; zeroing: boolean }[];
  };
  expect(out).toMatchObject({ fen: KPK, wdl: 2, category: 'win' });
  expect(out.dtz).toBeGreaterThan(0);
  expect(out.moves.map((m) => m.san).sort()).toEqual(['Kd1', 'Kd2', 'Kf1', 'Kf2', 'e3', 'e4']);
  expect(out.moves[0]).toMatchObject({ category: 'loss' });
  expect(out.moves.find((m) => m.uci === 'e2e3')).toMatchObject({ zeroing: true, category: 'draw', dtz: 0 });
});

test('refusals: exit 1 with the code; usage errors exit 2', () => {
  const tooMany = run('tb', 'probe', '--tb', TB, '--fen', '4k3/8/8/8/8/8/PP6/RR2K3 w - - 0 1');
  expect(tooMany.status).toBe(1);
  expect(tooMany.stderr).toMatch(/\[too-many-pieces\]\n$/);
  const castling = run('tb', 'probe', '--tb', TB, '--fen', '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1');
  expect(castling.stderr).toMatch(/\[castling\]\n$/);
  const noDir = run('tb', 'probe', '--tb', path.join(TB, 'nothing'), '--fen', KPK);
  expect(noDir.status).toBe(1);
  expect(noDir.stderr).toMatch(/\[invalid-source\]\n$/);
  const badFen = run('tb', 'probe', '--tb', TB, '--fen', 'not a fen');
  expect(badFen.status).toBe(1);
  for (const args of [
    ['tb'],
    ['tb', 'dump'],
    ['tb', 'probe', '--fen', KPK],
    ['tb', 'probe', '--tb', TB],
    ['tb', 'probe', '--tb', TB, '--fen', KPK, '--depth', '3'],
  ]) {
    const r = run(...args);
    expect(r.status, args.join(' ')).toBe(2);
    expect(r.stderr).toMatch(/^chesswasm: .*\nusage:/);
  }
});
