#!/usr/bin/env node
// The module's start alone, A/B: for each build directory given (a build/wasm, or any directory
// holding a chesswasm.mjs glue and its chesswasm.wasm), fresh Node processes, alternated, each
// timing by its CPU time (process.cpuUsage: every thread, V8's background compiles among them)
//   compile  WebAssembly.compile of the .wasm bytes;
//   total    compile, then the glue's instantiation and the module's start (the core's static
//            tables, embind's registration): the wasm part of the import row.
// Prints the median of each. Nothing asserts a speed.
//   node tests/bench/module-start.mjs [runs] <dir> [<dir> ...]
//   e.g. node tests/bench/module-start.mjs 21 <main's build/wasm> build/wasm
// CHILD_FLAGS passes Node/V8 flags to the children (e.g. CHILD_FLAGS=--no-wasm-tier-up).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 21;
const dirs = args.map((d) => path.resolve(d));
if (!dirs.length) {
  console.error('usage: node tests/bench/module-start.mjs [runs] <dir with chesswasm.mjs + .wasm> ...');
  process.exit(2);
}

const child = (dir) => `
import { readFileSync } from 'node:fs';
const bytes = readFileSync(${JSON.stringify(path.join(dir, 'chesswasm.wasm'))});
const { default: create } = await import(${JSON.stringify(pathToFileURL(path.join(dir, 'chesswasm.mjs')).href)});
const c0 = process.cpuUsage();
const module = await WebAssembly.compile(bytes);
const c1 = process.cpuUsage(c0);
await create({ wasm: module });
const c2 = process.cpuUsage(c0);
process.stdout.write(JSON.stringify([(c1.user + c1.system) / 1000, (c2.user + c2.system) / 1000]));`;

const samples = dirs.map(() => []);
for (let i = 0; i < runs; i++)
  dirs.forEach((dir, k) => {
    const out = execFileSync(
      process.execPath,
      [...(process.env.CHILD_FLAGS ? process.env.CHILD_FLAGS.split(' ') : []), '--input-type=module', '-e', child(dir)],
      { encoding: 'utf8' },
    );
    samples[k].push(JSON.parse(out));
  });
const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
console.log(`module start, CPU ms, median of ${runs} alternated processes`);
dirs.forEach((dir, k) => {
  const compile = median(samples[k].map((s) => s[0]));
  const total = median(samples[k].map((s) => s[1]));
  console.log(`${compile.toFixed(2).padStart(7)} compile ${total.toFixed(2).padStart(7)} total  ${dir}`);
});
