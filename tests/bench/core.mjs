#!/usr/bin/env node
// Core perft benchmark, native vs wasm (Node), measured side by side in one run.
//   node tests/bench/core.mjs [--quick] [--runs N] [--cpu] [--json] [--native DIR]... [--wasm DIR]...
// Runs DIR/chesswasm-bench (native) and `node DIR/chesswasm-bench.js` (wasm) for each
// build directory (defaults: build/native and build/wasm), N >= 3 rounds (default 3),
// round-robin over the builds, each case the median over the rounds, and prints M nodes/s
// per build and the wasm/native ratio (first wasm build over the first native build). A
// --wasm DIR may carry Node/V8 flags in the same argument (--wasm 'build/wasm --no-liftoff'),
// to measure V8's tiers and checks. --cpu: rate by process CPU time instead of wall-clock
// time (steadier when other work shares the machine). A benchmark, not a test: nothing
// asserts a speed.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const args = process.argv.slice(2);
const opts = { quick: false, json: false, cpu: false, runs: 3, native: [], wasm: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--quick') opts.quick = true;
  else if (a === '--json') opts.json = true;
  else if (a === '--cpu') opts.cpu = true;
  else if (a === '--runs') opts.runs = Math.max(1, Number(args[++i]) || 3);
  else if (a === '--native') opts.native.push(args[++i]);
  else if (a === '--wasm') opts.wasm.push(args[++i]);
  else {
    console.error(
      'usage: node tests/bench/core.mjs [--quick] [--runs N] [--cpu] [--json] [--native DIR]... [--wasm DIR]...',
    );
    process.exit(2);
  }
}
if (!opts.native.length) opts.native.push('build/native');
if (!opts.wasm.length) opts.wasm.push('build/wasm');

const benchArgs = ['--json', '--runs', '1', ...(opts.quick ? ['--quick'] : [])];

function runOnce(kind, dir) {
  // A wasm build may carry Node/V8 flags after its directory: --wasm 'build/wasm --liftoff-only'.
  const [d, ...nodeFlags] = dir.trim().split(/\s+/);
  const abs = path.resolve(root, d);
  const file = path.join(abs, kind === 'native' ? 'chesswasm-bench' : 'chesswasm-bench.js');
  if (!existsSync(file)) {
    console.error(`core bench: ${file} is missing; build it first (bash scripts/build.sh native wasm)`);
    process.exit(1);
  }
  const [cmd, argv] = kind === 'native' ? [file, benchArgs] : [process.execPath, [...nodeFlags, file, ...benchArgs]];
  const out = execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').pop());
}

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

// Round-robin: every round runs each build once, so a change in machine load during the
// run affects all builds alike; each figure is the median over the rounds.
const builds = [
  ...opts.native.map((dir) => ({ kind: 'native', dir })),
  ...opts.wasm.map((dir) => ({ kind: 'wasm', dir })),
];
for (let round = 1; round <= opts.runs; round++) {
  for (const b of builds) {
    process.stderr.write(`round ${round}/${opts.runs}: ${b.kind} ${b.dir}\n`);
    const r = runOnce(b.kind, b.dir);
    b.compiler = r.compiler;
    b.build = r.build;
    b.results ??= r.results.map((x) => ({ ...x, seconds: [], cpu_seconds: [] }));
    r.results.forEach((x, i) => {
      b.results[i].seconds.push(...x.seconds);
      b.results[i].cpu_seconds.push(...x.cpu_seconds);
    });
  }
}
for (const b of builds) {
  for (const r of b.results) {
    r.median_seconds = median(r.seconds);
    r.median_cpu_seconds = median(r.cpu_seconds);
    r.nps = r.nodes / (opts.cpu ? r.median_cpu_seconds : r.median_seconds);
  }
}

const caseKey = (r) => `${r.name} d${r.depth} ${r.bulk ? 'bulk' : 'no-bulk'}`;
const cases = builds[0].results.map(caseKey);
const nps = (b, key) => b.results.find((r) => caseKey(r) === key)?.nps ?? NaN;
const nativeRef = builds.find((b) => b.kind === 'native');
const wasmRef = builds.find((b) => b.kind === 'wasm');

if (opts.json) {
  console.log(JSON.stringify({ cpu: os.cpus()[0]?.model, node: process.version, builds }, null, 2));
  process.exit(0);
}

const label = (b) => `${b.kind} ${b.dir}`;
const cols = builds.map(label);
const head = [`case (M nodes/s, median ${opts.cpu ? 'CPU' : 'wall'} time)`, ...cols, 'wasm/native'];
const rows = cases.map((key) => [
  key,
  ...builds.map((b) => (nps(b, key) / 1e6).toFixed(1)),
  (nps(wasmRef, key) / nps(nativeRef, key)).toFixed(2),
]);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ');

console.log(`cpu: ${os.cpus()[0]?.model} (${os.cpus().length} threads), node ${process.version}, runs: ${opts.runs}`);
for (const b of builds) console.log(`${label(b)}: ${b.compiler} [${b.build}]`);
console.log();
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));
