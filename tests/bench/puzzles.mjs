// Puzzle validation throughput: lichess-format rows checked per second by
// `chesswasm puzzles` machinery (dist/puzzle-file.js: streamed 1 MiB chunks, one wasm call per
// row), single-threaded (in the calling thread) and on worker threads, over a generated
// 100k-row CSV in the OS temp directory (never committed): the valid rows of
// tests/data/puzzles/sample.csv (stockfish-found mates and tactics, tests/tools/gen-puzzles.mjs)
// replicated with fresh ids, and one known-bad row in every 100.
//   node tests/bench/puzzles.mjs [--rows N] [--runs N] [--workers N]   (prints a small table)
// Also a row module for the benchmark table (tests/bench/run.mjs: rows/60-puzzles.mjs
// re-exports the default export). A benchmark, not a test: nothing asserts a speed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HEADER = 'PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags';

/** Writes (once per row count) the benchmark CSV and returns its path. */
export function puzzleFile(rows = 100_000) {
  const file = path.join(os.tmpdir(), `chesswasm-puzzles-${rows}.csv`);
  if (existsSync(file)) return file;
  const sample = readFileSync(path.join(root, 'tests/data/puzzles/sample.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean);
  const good = sample.filter((l) => l.startsWith('ok-')).map((l) => l.split(','));
  const bad = sample.filter((l) => !l.startsWith('ok-') && !l.startsWith('row-')).map((l) => l.split(','));
  const out = [HEADER];
  for (let i = 0; i < rows; i++) {
    const src = i % 100 === 99 ? bad[((i / 100) % bad.length) | 0] : good[i % good.length];
    out.push([`b${i.toString(36)}`, ...src.slice(1)].join(','));
  }
  writeFileSync(file, out.join('\n') + '\n');
  return file;
}

async function load(dist = path.join(root, 'dist')) {
  await import(pathToFileURL(path.join(dist, 'index.js')).href);
  return import(pathToFileURL(path.join(dist, 'puzzle-file.js')).href);
}

/**
 * Puzzles per second over the file: `workers` 0 checks in this thread (single-threaded),
 * N > 0 on N worker threads. `perSecond` is by wall-clock time; `perCpuSecond` by the CPU
 * time of all the process's threads (steadier on a shared machine; with workers it shows
 * the cost of the parallel machinery: equal to the in-thread figure means perfect scaling
 * when cores are free).
 */
export async function measurePuzzles({ rows = 100_000, workers = 0, dist } = {}) {
  const { validatePuzzleFile } = await load(dist);
  const file = puzzleFile(rows);
  const cpu0 = process.cpuUsage();
  const r = await validatePuzzleFile(file, { workers, write: () => {}, progress: false });
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    workers,
    puzzles: r.puzzles,
    valid: r.valid,
    invalid: r.invalid,
    seconds: r.seconds,
    perSecond: r.puzzles / r.seconds,
    perCpuSecond: r.puzzles / cpuSeconds, // CPU time of every thread of the process
  };
}

const threads = os.availableParallelism();

// Rows for tests/bench/run.mjs (impls: ours only; chess.js/chessops have no puzzle checker).
export default [
  {
    id: 'puzzles-1',
    title: 'puzzles validated, 1 thread (100k-row CSV)',
    unit: 'puzzles/s',
    impls: {
      ours: ({ dist, quick }) => ({
        measure: async () => (await measurePuzzles({ dist, rows: quick ? 20_000 : 100_000 })).perSecond,
      }),
    },
  },
  {
    id: 'puzzles-all',
    title: `puzzles validated, ${threads} worker threads (100k-row CSV)`,
    unit: 'puzzles/s',
    impls: {
      ours: ({ dist, quick }) => ({
        measure: async () =>
          (await measurePuzzles({ dist, rows: quick ? 20_000 : 100_000, workers: threads })).perSecond,
      }),
    },
  },
];

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, def) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : def;
  };
  const rows = opt('rows', 100_000);
  const runs = opt('runs', 3);
  const counts = [...new Set([0, 1, 2, opt('workers', threads)])];
  const med = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
  await measurePuzzles({ rows: Math.min(rows, 20_000) }); // warm-up (V8 tier-up, file written)
  const results = {};
  for (let run = 0; run < runs; run++)
    for (const w of counts) {
      const r = await measurePuzzles({ rows, workers: w });
      (results[w] ??= []).push(r);
    }
  const base1 = med(results[1].map((r) => r.perSecond));
  console.log(`puzzles (${rows} rows, median of ${runs}; ${threads} cores, load ${os.loadavg()[0].toFixed(1)})`);
  for (const w of counts) {
    const rate = med(results[w].map((r) => r.perSecond));
    const cpu = Math.round(med(results[w].map((r) => r.perCpuSecond)));
    const extra = `, ${cpu}/s by CPU time` + (w === 0 ? '' : `, x${(rate / base1).toFixed(2)} vs 1 worker (wall)`);
    console.log(
      `  ${w === 0 ? 'in-thread ' : `${w} worker${w > 1 ? 's' : ' '}`}: ${Math.round(rate)} puzzles/s${extra}`,
    );
  }
}
