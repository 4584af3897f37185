#!/usr/bin/env node
// The benchmark table: ours (the package in dist/, wasm in Node) vs chess.js vs chessops vs
// our native build, one row per module in tests/bench/rows/ (see tests/bench/README.md).
//   node tests/bench/run.mjs [--json | --markdown] [--quick] [--runs N] [--only id,id] [--ms T] [--cpu] [--base DIR]
// --markdown: the page docs/performance-table.md (npm run bench -- --markdown > docs/performance-table.md).
// Each figure is the median of N >= 5 runs (default 5; --quick: 3 runs, shorter timings,
// chess.js perft at depth 4), the implementations of a row measured round-robin within each
// run (each run starting at the next one) so that load changes hit all alike; ratios are
// computed within this one run.
// --cpu: rates in this process by its CPU time instead of wall-clock time (steadier when other
// work shares the machine; child processes and fixed figures are unaffected; the import row
// takes its children's CPU time).
// --base DIR: another build of the package (a dist/ directory, e.g. main's) measured in the same
// run as a column of its own, "base", round-robin with the others: its row functions are ours
// given that build; "vs base" is how many times better ours is than it (an A/B of a change).
// A benchmark, not a test: nothing asserts a speed.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IMPLS, cpuNow, loadRows, median, rate, root, warmUp } from './lib.mjs';
import { prng } from '../tools/prng.mjs';

const USAGE =
  'usage: node tests/bench/run.mjs [--json | --markdown] [--quick] [--runs N] [--only id,id] [--ms T] [--cpu] [--base DIR]';
const args = process.argv.slice(2);
const opts = { json: false, markdown: false, quick: false, runs: 0, only: null, ms: 0, cpu: false, base: null };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--json') opts.json = true;
  else if (a === '--markdown') opts.markdown = true;
  else if (a === '--quick') opts.quick = true;
  else if (a === '--runs') opts.runs = Math.max(1, Number(args[++i]) || 5);
  else if (a === '--only') opts.only = new Set(String(args[++i]).split(','));
  else if (a === '--ms') opts.ms = Math.max(10, Number(args[++i]) || 200);
  else if (a === '--cpu') opts.cpu = true;
  else if (a === '--base' && args[i + 1]) opts.base = path.resolve(args[++i]);
  else {
    console.error(USAGE);
    process.exit(2);
  }
}
opts.runs ||= opts.quick ? 3 : 5;
opts.ms ||= opts.quick ? 100 : 250;
const WARMUP_MS = opts.quick ? 200 : 500;
const log = (s) => process.stderr.write(s + '\n');
const loadAtStart = os.loadavg().map((x) => Number(x.toFixed(2)));

// The package under test: dist/ (CHESSWASM_DIST=DIR: another build of it).
const distIndex = path.join(
  process.env.CHESSWASM_DIST ? path.resolve(process.env.CHESSWASM_DIST) : path.join(root, 'dist'),
  'index.js',
);
if (!existsSync(distIndex)) {
  console.error('bench: dist/index.js is missing; build the package first (npm run build:package)');
  process.exit(1);
}
// The main entry and the chess.js facade's (chesswasm/chessjs: the rows of Chess), as one object.
async function loadPackage(index) {
  const facade = path.join(path.dirname(index), 'chessjs.js');
  return {
    ...(await import(pathToFileURL(index).href)),
    ...(existsSync(facade) ? await import(pathToFileURL(facade).href) : {}),
  };
}
const chesswasm = await loadPackage(distIndex);
// The columns: with --base, the other build's column after ours.
const COLUMNS = opts.base ? ['ours', 'base', ...IMPLS.slice(1)] : IMPLS;
let base = null;
if (opts.base) {
  const baseIndex = path.join(opts.base, 'index.js');
  if (!existsSync(baseIndex)) {
    console.error(`bench: --base ${opts.base}: no index.js there (a dist/ directory of the package)`);
    process.exit(1);
  }
  base = { chesswasm: await loadPackage(baseIndex), dist: opts.base };
}

// Positions from seeded random games (standard chess, none terminal), shared by the rows.
function sampleFens(n) {
  const rand = prng(12345);
  const fens = [];
  while (fens.length < n) {
    const pos = chesswasm.Position.startpos();
    for (let ply = 0; ply < 160 && fens.length < n; ply++) {
      const moves = pos.legalMoves();
      if (moves.length === 0 || pos.outcome()) break;
      if (ply % 5 === 4) fens.push(pos.fen());
      pos.play(rand.pick(moves));
    }
    pos.dispose();
  }
  return fens;
}

// The native column: our native tools (build/native), run as child processes.
const nativeDir = path.join(root, 'build/native');
function runTool(name, argv) {
  const file = path.join(nativeDir, name);
  if (!existsSync(file)) return null;
  return JSON.parse(
    execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n')
      .pop(),
  );
}
const native = {
  // chesswasm-bench: start position depth 5 with bulk counting, median of its runs.
  perftStartD5() {
    const r = runTool('chesswasm-bench', ['--quick', '--json', '--runs', String(opts.runs)]);
    const c = r?.results.find((x) => x.name === 'startpos' && x.depth === 5 && x.bulk);
    return c ? c.nodes / median(c.seconds) : undefined;
  },
  // chesswasm-notation-bench: SAN of every legal move, positions/s, median of runs.
  sanPositions() {
    const v = [];
    for (let i = 0; i < opts.runs; i++) {
      const r = runTool('chesswasm-notation-bench', ['--quick', '--json']);
      if (!r) return undefined;
      v.push(r.san_positions_per_s);
    }
    return median(v);
  },
};

const ctx = {
  chesswasm,
  dist: path.dirname(distIndex),
  fens: sampleFens(100),
  quick: opts.quick,
  cpu: opts.cpu,
  native,
  root,
};
// A column's implementation: base is ours given the other build.
const implOf = (row, impl) =>
  impl === 'base' ? row.impls.ours && ((c) => row.impls.ours({ ...c, ...base })) : row.impls[impl];

// One implementation's measurement spec: undefined (no comparable measurement), a number,
// { value }, { measure() } (called once per run) or { batch(), once?, warmUp? } (a rate).
function normalise(spec) {
  if (spec === undefined || spec === null) return null;
  if (typeof spec === 'number') return Number.isFinite(spec) ? { value: spec } : null;
  return spec;
}

let rows = await loadRows();
if (opts.only) rows = rows.filter((r) => opts.only.has(r.id));

const results = [];
for (const row of rows) {
  log(`bench: ${row.id} (${row.title})`);
  const specs = {};
  const samples = {};
  for (const impl of COLUMNS) {
    samples[impl] = [];
    try {
      specs[impl] = normalise(await implOf(row, impl)?.(ctx));
    } catch (e) {
      log(`  ${impl}: ${e.message}`);
      specs[impl] = null;
    }
    const s = specs[impl];
    try {
      if (s?.batch && s.warmUp !== 0) warmUp(s.batch, s.once ? 0 : WARMUP_MS);
    } catch (e) {
      log(`  ${impl}: ${e.message}`);
      specs[impl] = null;
    }
  }
  for (let run = 0; run < opts.runs; run++) {
    // Each run starts at the next column: a column measured first every time (after the last
    // one's leftovers: its garbage, a child process ending) would be judged by its place.
    for (let k = 0; k < COLUMNS.length; k++) {
      const impl = COLUMNS[(k + run) % COLUMNS.length];
      const s = specs[impl];
      if (!s) continue;
      try {
        if (s.batch) samples[impl].push(rate(s.batch, s.once ? 0 : opts.ms, opts.cpu ? cpuNow : undefined));
        else if (s.measure) samples[impl].push(await s.measure());
      } catch (e) {
        // e.g. a native tool being rebuilt meanwhile: this sample is lost, the table goes on
        log(`  ${impl}, run ${run + 1}: ${e.message}`);
      }
    }
  }
  const values = {};
  for (const impl of COLUMNS) {
    const s = specs[impl];
    values[impl] = !s ? null : 'value' in s ? s.value : median(samples[impl]);
  }
  // How many times better ours is (faster, or smaller/quicker for lower-is-better rows).
  const ratio = (other) => {
    const a = values.ours;
    const b = values[other];
    if (!a || !b) return null;
    return row.lowerIsBetter ? b / a : a / b;
  };
  results.push({
    id: row.id,
    title: row.title,
    unit: row.unit,
    lowerIsBetter: !!row.lowerIsBetter,
    values,
    samples,
    ratios: {
      'chess.js': ratio('chess.js'),
      chessops: ratio('chessops'),
      native: ratio('native'),
      ...(base ? { base: ratio('base') } : {}),
    },
  });
}

const machine = {
  date: new Date().toISOString(),
  cpu: os.cpus()[0]?.model,
  threads: os.cpus().length,
  node: process.version,
  loadAtStart,
  load: os.loadavg().map((x) => Number(x.toFixed(2))),
  runs: opts.runs,
  quick: opts.quick,
  clock: opts.cpu ? 'cpu' : 'wall',
  ...(base ? { base: base.dist } : {}),
};

if (opts.json) {
  console.log(JSON.stringify({ machine, rows: results }, null, 2));
  process.exit(0);
}

function fmt(v, unit) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  if (unit === 'ms' || unit === 'KB') return v.toFixed(1);
  if (unit === '%') return v.toFixed(2);
  if (v >= 1e6) return `${(v / 1e6).toFixed(v >= 1e8 ? 0 : 1)} M`;
  if (v >= 1e3) return `${(v / 1e3).toFixed(v >= 1e5 ? 0 : 1)} k`;
  return v.toFixed(0);
}
const fx = (r) => (r === null || !Number.isFinite(r) ? '—' : r >= 10 ? `${r.toFixed(0)}x` : `${r.toFixed(2)}x`);

const head = [
  'row',
  'unit',
  'ours (wasm)',
  ...(base ? ['base'] : []),
  'chess.js',
  'chessops',
  'native',
  ...(base ? ['vs base'] : []),
  'vs chess.js',
  'vs chessops',
  'vs native',
];
const table = results.map((r) => [
  r.title,
  r.unit,
  ...COLUMNS.map((i) => fmt(r.values[i], r.unit)),
  ...(base ? [fx(r.ratios.base)] : []),
  fx(r.ratios['chess.js']),
  fx(r.ratios.chessops),
  fx(r.ratios.native),
]);
if (opts.markdown) {
  const cmd = `npm run -s bench -- --markdown${opts.quick ? ' --quick' : ''}${opts.cpu ? ' --cpu' : ''}${opts.runs !== (opts.quick ? 3 : 5) ? ` --runs ${opts.runs}` : ''} > docs/performance-table.md`;
  console.log('<!-- Generated by tests/bench/run.mjs: do not edit; regenerate with the command below. -->');
  console.log('# Benchmark table');
  console.log();
  console.log(
    `Measured ${machine.date.slice(0, 16).replace('T', ' ')} UTC on ${machine.cpu} (${machine.threads} threads), Node ${machine.node};`,
  );
  console.log(
    `load average (1, 5, 15 min) ${machine.loadAtStart.join(' ')} at the start and ${machine.load.join(' ')} at the end`,
  );
  console.log(`(the machine may be shared: figures of one table are comparable with each other, ratios best).`);
  console.log(
    `Each figure is the median of ${opts.runs} runs${opts.quick ? ' (--quick)' : ''}${opts.cpu ? ', rates of ours and the JS libraries by CPU time (--cpu)' : ''}; "vs X" is how many times better ours is`,
  );
  console.log('than X (faster; or smaller / sooner for KB and ms), measured in the same run.');
  console.log(`Regenerate: \`${cmd}\`. How it is measured: [performance.md](performance.md).`);
  console.log();
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map((h, i) => (i < 2 ? '---' : '---:')).join('|')}|`);
  for (const r of table) console.log(`| ${r.join(' | ')} |`);
  process.exit(0);
}
console.log(
  `chesswasm bench — ${machine.date}, ${machine.cpu} (${machine.threads} threads), node ${machine.node}, ` +
    `load average ${machine.load.join(' ')}; median of ${opts.runs} runs${opts.quick ? ' (--quick)' : ''}` +
    (opts.cpu ? '; rates by CPU time' : '') +
    (base ? `; base: ${base.dist}` : ''),
);
console.log('"vs X": how many times better ours is than X (faster; or smaller / sooner for KB and ms)');
console.log();
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map((h, i) => (i < 2 ? '---' : '---:')).join('|')}|`);
for (const r of table) console.log(`| ${r.join(' | ')} |`);
// The rows that drive Chromium (first-load, tb-warm-wdl-chromium, tb-warm-dtz-chromium) keep a browser open until the
// process ends: end it.
process.exit(0);
