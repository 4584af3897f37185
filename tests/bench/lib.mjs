// The benchmark table's machinery: the row interface, the registry (every module in
// tests/bench/rows/, in file-name order) and the timing harness. See tests/bench/README.md.
// A benchmark, not a test: nothing here asserts a speed.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The implementations (columns), in table order. `native` is filled from the native tools. */
export const IMPLS = ['ours', 'chess.js', 'chessops', 'native'];

/**
 * Loads every row module of tests/bench/rows/ (files `NN-name.mjs`, sorted by name). A module
 * exports `default` a row or an array of rows.
 */
export async function loadRows(dir = path.join(root, 'tests/bench/rows')) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .sort();
  const rows = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(path.join(dir, f)).href);
    for (const row of [mod.default].flat()) if (row) rows.push({ ...row, file: f });
  }
  return rows;
}

export const median = (values) => {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const n = s.length;
  if (!n) return NaN;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

const now = () => performance.now();
/** Milliseconds of CPU time (user + system) this process has used. */
export const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Times a batch function (returns the number of units it did) repeatedly for at least
 * `ms` milliseconds; returns units per second. `clock`: the clock in milliseconds (default
 * wall-clock time; {@link cpuNow} for the process's CPU time).
 */
export function rate(batch, ms, clock = now) {
  let units = 0;
  let calls = 0;
  const t0 = clock();
  let t = t0;
  do {
    units += batch();
    calls++;
    t = clock();
  } while (t - t0 < ms || calls < 1);
  return (units * 1000) / (t - t0);
}

/** Calls a batch function until `ms` milliseconds have passed (V8 tiers up JS and wasm). */
export function warmUp(batch, ms) {
  const t0 = now();
  let calls = 0;
  while (now() - t0 < ms || calls < 3) {
    batch();
    calls++;
  }
}
