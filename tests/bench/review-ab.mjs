#!/usr/bin/env node
// reviewGame's own time for several builds of the package in one process: the review of the
// Opera Game (34 positions) with the stand-in engine of the review-overhead row (it answers at
// once with an 8-move PV, so all of the time is ours), each build warmed up first, then rounds
// alternated (each round starting at the next build), each sample the CPU time of BATCH reviews.
//   node tests/bench/review-ab.mjs [--rounds N] [--batch B] [--warm W] DIST [DIST...]
// Prints per build the median and the 10th percentile of the ms per review, and its median
// over the first build's (above 1: slower). Give a copy of a build (cp -r dist /tmp/x) as
// another DIST to see the spread of a build against itself (the same path would load the same
// module twice). A benchmark, not a test: nothing asserts a speed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuNow } from './lib.mjs';
import { OPERA, transport } from './rows/90-engine.mjs';

const USAGE = 'usage: node tests/bench/review-ab.mjs [--rounds N] [--batch B] [--warm W] DIST [DIST...]';
const opts = { rounds: 41, batch: 10, warm: 300 };
const dists = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--rounds' || a === '--batch' || a === '--warm') {
    const n = Number(args[++i]);
    if (!Number.isInteger(n) || n < (a === '--warm' ? 0 : 1)) {
      console.error(USAGE);
      process.exit(2);
    }
    opts[a.slice(2)] = n;
  } else if (a.startsWith('--')) {
    console.error(USAGE);
    process.exit(2);
  } else dists.push(path.resolve(a));
}
if (!dists.length) {
  console.error(USAGE);
  process.exit(2);
}

// The row's game and stand-in engine (rows/90-engine.mjs), so both measure the same work.

const builds = [];
for (const dist of dists) {
  const chesswasm = await import(pathToFileURL(path.join(dist, 'index.js')).href);
  const mod = await import(pathToFileURL(path.join(dist, 'engine.js')).href);
  const game = chesswasm.Game.fromPgn(OPERA);
  const ucis = game.mainlineNodes().map((n) => n.uci);
  let go = 0;
  const engine = await mod.Engine.connect(
    transport((t) => {
      const i = go++ % (ucis.length + 1);
      const pv = ucis.slice(i, i + 8).join(' ');
      queueMicrotask(() => {
        t.line(`info depth 12 seldepth 16 multipv 1 score cp 25 nodes 20000 nps 1000000 time 20 pv ${pv}`);
        t.line(`bestmove ${ucis[i] ?? '(none)'}`);
      });
    }),
  );
  const review = async () => {
    go = 0;
    await mod.reviewGame(game, engine, { nodes: 20_000 });
  };
  for (let i = 0; i < opts.warm; i++) await review();
  builds.push({ dist, review, samples: [] });
}

for (let r = 0; r < opts.rounds; r++)
  for (let k = 0; k < builds.length; k++) {
    const b = builds[(k + r) % builds.length];
    const c0 = cpuNow();
    for (let i = 0; i < opts.batch; i++) await b.review();
    b.samples.push((cpuNow() - c0) / opts.batch);
  }

const quantile = (values, q) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.round((s.length - 1) * q)];
};
const first = quantile(builds[0].samples, 0.5);
console.log(
  `reviewGame's own time, ms CPU per review (${opts.rounds} rounds of ${opts.batch}, ${opts.warm} warm-up reviews each)`,
);
for (const b of builds) {
  const med = quantile(b.samples, 0.5);
  console.log(
    `${b.dist}: median ${med.toFixed(3)}  p10 ${quantile(b.samples, 0.1).toFixed(3)}  time vs the first ${(med / first).toFixed(2)}x`,
  );
}
