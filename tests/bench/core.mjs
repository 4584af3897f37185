#!/usr/bin/env node
// Core perft benchmark, native vs wasm (Node), measured side by side in one run.
//   node tests/bench/core.mjs [--quick] [--runs N] [--cpu] [--json] [--case TEXT]... [--native DIR]... [--wasm DIR]...
// Starts DIR/chesswasm-bench (native) and `node DIR/chesswasm-bench.js` (wasm) once per build
// directory (defaults: build/native and build/wasm) in their --serve mode: each warms up once and
// then runs one timed perft per request. The samples are interleaved: every round runs each
// case on every build, one build right after the other (the order rotating from round to
// round), N rounds (default 5). The rates are medians over the rounds; a ratio between two
// builds is the median of the rounds' paired ratios (the same round, the same case, seconds
// apart), so that a change in the machine's load between rounds cancels out; the range of
// those ratios is printed beside it. wasm/native is the first wasm build over the first
// native build; every further build is also compared with the first build of its kind, so
// `--native build/native --native build/native` measures the benchmark's own repeatability
// (a ratio that should be 1.00). A --wasm DIR may carry Node/V8 flags in the same argument
// (--wasm 'build/wasm --no-liftoff'), to measure V8's tiers and checks. --cpu: rate by
// process CPU time instead of wall-clock time (steadier when other work shares the machine).
// --case TEXT: only the cases whose name holds TEXT ('kiwipete', 'no-bulk', 'startpos d6 bulk').
// A benchmark, not a test: nothing asserts a speed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const args = process.argv.slice(2);
const opts = { quick: false, json: false, cpu: false, runs: 5, native: [], wasm: [], only: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--quick') opts.quick = true;
  else if (a === '--json') opts.json = true;
  else if (a === '--cpu') opts.cpu = true;
  else if (a === '--runs') opts.runs = Math.max(1, Number(args[++i]) || 5);
  else if (a === '--native') opts.native.push(args[++i]);
  else if (a === '--wasm') opts.wasm.push(args[++i]);
  else if (a === '--case') opts.only.push(args[++i]);
  else {
    console.error(
      'usage: node tests/bench/core.mjs [--quick] [--runs N] [--cpu] [--json] [--case TEXT]... [--native DIR]... [--wasm DIR]...',
    );
    process.exit(2);
  }
}
if (!opts.native.length) opts.native.push('build/native');
if (!opts.wasm.length) opts.wasm.push('build/wasm');

// A build's bench program in --serve mode: ask(i) runs case i once and resolves to its sample.
function startServer(kind, dir) {
  // A wasm build may carry Node/V8 flags after its directory: --wasm 'build/wasm --liftoff-only'.
  const [d, ...nodeFlags] = dir.trim().split(/\s+/);
  const file = path.join(path.resolve(root, d), kind === 'native' ? 'chesswasm-bench' : 'chesswasm-bench.js');
  if (!existsSync(file)) {
    console.error(`core bench: ${file} is missing; build it first (bash scripts/build.sh native wasm)`);
    process.exit(1);
  }
  const serveArgs = ['--serve', ...(opts.quick ? ['--quick'] : [])];
  const [cmd, argv] = kind === 'native' ? [file, serveArgs] : [process.execPath, [...nodeFlags, file, ...serveArgs]];
  const child = spawn(cmd, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = [];
  let failed = null;
  const fail = (why) => {
    failed ??= new Error(`core bench: ${kind} ${dir}: ${why}`);
    while (waiting.length) waiting.shift().reject(failed);
  };
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const w = waiting.shift();
    if (!w) return;
    try {
      w.resolve(JSON.parse(line));
    } catch {
      w.reject(new Error(`core bench: ${kind} ${dir}: not JSON: ${line} (a build without --serve? rebuild it)`));
    }
  });
  child.on('exit', (code) => fail(`exited with code ${code}`));
  child.on('error', (e) => fail(e.message));
  const next = () => new Promise((resolve, reject) => (failed ? reject(failed) : waiting.push({ resolve, reject })));
  const ready = next();
  return {
    kind,
    dir,
    ready,
    ask: (i) => {
      const p = next();
      child.stdin.write(`${i}\n`);
      return p;
    },
    stop: () => {
      child.removeAllListeners('exit');
      child.stdin.end();
    },
  };
}

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

const builds = [
  ...opts.native.map((dir) => startServer('native', dir)),
  ...opts.wasm.map((dir) => startServer('wasm', dir)),
];
for (const b of builds) {
  const info = await b.ready;
  b.compiler = info.compiler;
  b.build = info.build;
  b.results = info.cases.map((c) => ({ ...c, seconds: [], cpu_seconds: [], rates: [] }));
}
const caseKey = (r) => `${r.name} d${r.depth} ${r.bulk ? 'bulk' : 'no-bulk'}`;
let cases = builds[0].results.map(caseKey);
for (const b of builds)
  if (b.results.map(caseKey).join() !== cases.join()) {
    console.error(`core bench: ${b.kind} ${b.dir} measures other cases than ${builds[0].kind} ${builds[0].dir}`);
    process.exit(1);
  }

// --case TEXT: only the cases whose name (as printed) holds one of the texts.
const picked = cases.map((_, i) => i).filter((i) => !opts.only.length || opts.only.some((t) => cases[i].includes(t)));
if (!picked.length) {
  console.error(`core bench: no case matches ${opts.only.join(', ')} (cases: ${cases.join(', ')})`);
  process.exit(2);
}

// Interleaved rounds: each case on every build, one after the other, the order rotating.
for (let round = 0; round < opts.runs; round++) {
  process.stderr.write(`round ${round + 1}/${opts.runs}\n`);
  for (const c of picked) {
    for (let k = 0; k < builds.length; k++) {
      const b = builds[(k + round) % builds.length];
      const s = await b.ask(c);
      const r = b.results[c];
      r.seconds.push(s.seconds);
      r.cpu_seconds.push(s.cpu_seconds);
      r.rates.push(r.nodes / (opts.cpu ? s.cpu_seconds : s.seconds));
    }
  }
}
for (const b of builds) {
  b.stop();
  b.results = picked.map((i) => b.results[i]);
}
cases = picked.map((i) => cases[i]);

// The median of the rounds' paired ratios a/b for case c, and their range.
function pairedRatio(a, b, c) {
  const v = a.results[c].rates.map((x, i) => x / b.results[c].rates[i]);
  return { median: median(v), min: Math.min(...v), max: Math.max(...v), ratios: v };
}
for (const b of builds)
  for (const r of b.results) {
    r.median_seconds = median(r.seconds);
    r.median_cpu_seconds = median(r.cpu_seconds);
    r.nps = median(r.rates);
    // Half the range of the rounds' rates, relative to their median: the spread of this build alone.
    r.spread = (Math.max(...r.rates) - Math.min(...r.rates)) / 2 / r.nps;
  }
const nativeRef = builds.find((b) => b.kind === 'native');
const wasmRef = builds.find((b) => b.kind === 'wasm');
// Columns of ratios: wasm/native, then every further build against the first of its kind.
const comparisons = [
  { label: 'wasm/native', a: wasmRef, b: nativeRef },
  ...builds
    .filter((b) => b !== nativeRef && b !== wasmRef)
    .map((b) => {
      const ref = b.kind === 'native' ? nativeRef : wasmRef;
      return { label: `#${builds.indexOf(b) + 1}/#${builds.indexOf(ref) + 1}`, a: b, b: ref };
    }),
].map((x) => ({ ...x, perCase: cases.map((_, c) => pairedRatio(x.a, x.b, c)) }));

if (opts.json) {
  console.log(
    JSON.stringify(
      {
        cpu: os.cpus()[0]?.model,
        node: process.version,
        runs: opts.runs,
        rate: opts.cpu ? 'cpu' : 'wall',
        builds: builds.map(({ kind, dir, compiler, build, results }) => ({ kind, dir, compiler, build, results })),
        ratios: comparisons.map((x) => ({
          label: x.label,
          a: `${x.a.kind} ${x.a.dir}`,
          b: `${x.b.kind} ${x.b.dir}`,
          cases: x.perCase.map((p, c) => ({ case: cases[c], ...p })),
        })),
      },
      null,
      2,
    ),
  );
  process.exit(0);
}

const label = (b, i) => `#${i + 1} ${b.kind} ${b.dir}`;
const head = [
  `case (M nodes/s, ${opts.cpu ? 'CPU' : 'wall'} time)`,
  ...builds.map((_, i) => `#${i + 1}`),
  ...comparisons.map((x) => x.label),
];
const rows = cases.map((key, c) => [
  key,
  ...builds.map((b) => `${(b.results[c].nps / 1e6).toFixed(1)} ±${Math.round(b.results[c].spread * 100)}%`),
  ...comparisons.map((x) => {
    const p = x.perCase[c];
    return `${p.median.toFixed(2)} (${p.min.toFixed(2)}-${p.max.toFixed(2)})`;
  }),
]);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ');

console.log(`cpu: ${os.cpus()[0]?.model} (${os.cpus().length} threads), node ${process.version}, rounds: ${opts.runs}`);
builds.forEach((b, i) => console.log(`${label(b, i)}: ${b.compiler} [${b.build}]`));
console.log("rates: median over the rounds, ± half their range; ratios: median of the rounds' paired ratios (range)");
console.log();
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));
