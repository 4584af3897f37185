// `chesswasm puzzles`: the sample CSV (known-good and known-bad rows), --json, workers,
// and the summary line last.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { DATA } from './helpers.js';

const bin = fileURLToPath(new URL('../../bin/chesswasm', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
const SAMPLE = DATA + 'puzzles/sample.csv';

test.each([['0'], ['1'], ['2']])('--workers %s: bad rows with line and reason, summary last', (workers) => {
  const r = run('puzzles', SAMPLE, '--workers', workers);
  expect(r.status).toBe(1); // some rows are invalid
  const lines = r.stdout.trim().split('\n');
  expect(lines.at(-1)).toBe('33 puzzles: 21 valid, 12 invalid');
  const bad = lines.filter((l) => l.startsWith('line '));
  expect(bad).toHaveLength(12);
  // Each bad row's id names the expected reason.
  for (const l of bad) {
    const m = /^line (\d+) \(([a-z_]+)-\d+\): (.*)$/.exec(l)!;
    expect(m, l).not.toBeNull();
    const want = {
      illegal: /illegal move at ply/,
      syntax: /not a move at ply/,
      ambiguous: /ambiguous move/,
      fen: /bad FEN/,
      mate_length: /checkmate comes after/,
      not_mate: /does not end in checkmate/,
      no_moves: /no solver move/,
      row: /truncated row/,
    }[m[2]!];
    expect(m[3], l).toMatch(want!);
  }
  expect(bad[0]).toMatch(/^line 23 \(illegal-1\): illegal move at ply 1: g1g2$/);
});

test('--json: one object per row, in file order', () => {
  const r = run('puzzles', SAMPLE, '--json', '--workers', '2');
  const lines = r.stdout.trim().split('\n');
  expect(lines.at(-1)).toBe('33 puzzles: 21 valid, 12 invalid');
  type Row = { line: number; id: string; valid: boolean; reason?: string; mateIn?: number; matingMoves?: number };
  const rows = lines.slice(0, -1).map((l) => JSON.parse(l) as Row);
  expect(rows).toHaveLength(33);
  expect(rows.map((o) => o.line)).toEqual(Array.from({ length: 33 }, (_, i) => i + 2));
  for (const o of rows) {
    const expected = o.id.startsWith('ok-') ? undefined : o.id.replace(/-\d+$/, '').replace('_', '-');
    expect(o.valid).toBe(expected === undefined);
    expect(o.reason).toBe(expected);
  }
  const m1 = rows.find((o) => o.mateIn === 1 && o.valid);
  expect(m1).toMatchObject({ mate: true, solverMoves: 1, plies: 2 });
  expect(m1!.matingMoves).toBeGreaterThanOrEqual(1);
  expect(rows.find((o) => o.id === 'illegal-2')).toMatchObject({ reason: 'illegal', ply: 3 });
  expect(rows.find((o) => o.id === 'mate_length-2')).toMatchObject({
    reason: 'mate-length',
    mate: true,
    solverMoves: 3,
    mateIn: 2,
  });
});

test('a file of valid rows only (no header, CRLF, no final newline) exits 0', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chesswasm-'));
  const file = path.join(dir, 'p.csv');
  const good = spawnSync('grep', ['^ok-', SAMPLE], { encoding: 'utf8' }).stdout.trim().split('\n');
  const rows: string[] = [];
  for (let i = 0; i < 3000; i++) rows.push(good[i % good.length]!);
  writeFileSync(file, rows.join('\r\n'));
  const r = run('puzzles', file, '--workers', '2');
  expect([r.status, r.stdout]).toEqual([0, expect.stringMatching(/3000 puzzles: 3000 valid, 0 invalid\n$/)]);
});

test.each([
  [['puzzles'], 2, /one CSV file/],
  [['puzzles', SAMPLE, '--workers', 'x'], 2, /--workers/],
  [['puzzles', '/nonexistent.csv'], 1, /ENOENT|no such file/],
])('%j fails with exit %i', (args, status, message) => {
  const r = run(...args);
  expect(r.status).toBe(status);
  expect(r.stderr).toMatch(message);
});

test('validatePuzzleFile: many small chunks over workers keep rows in file order', async () => {
  await import('chesswasm');
  const { validatePuzzleFile } = (await import(
    fileURLToPath(new URL('../../dist/puzzle-file.js', import.meta.url))
  )) as {
    validatePuzzleFile: (p: string, o: object) => Promise<{ puzzles: number; valid: number; invalid: number }>;
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'chesswasm-'));
  const file = path.join(dir, 'p.csv');
  const sample = readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');
  const body = sample.slice(1, -1); // all but the header and the truncated last row
  const rows: string[] = [sample[0]!];
  for (let i = 0; i < 40; i++) rows.push(...body);
  writeFileSync(file, rows.join('\n') + '\n');
  for (const workers of [0, 2]) {
    const out: string[] = [];
    const r = await validatePuzzleFile(file, {
      workers,
      json: true,
      chunkSize: 997,
      progress: false,
      write: (s: string) => out.push(s),
    });
    const objs = out
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; id: string });
    expect(r.puzzles).toBe(40 * body.length);
    expect(r.invalid).toBe(40 * 11);
    expect(objs.map((o) => o.line)).toEqual(Array.from({ length: objs.length }, (_, i) => i + 2));
    expect(objs.map((o) => o.id)).toEqual(rows.slice(1).map((l) => l.split(',')[0]));
  }
});
