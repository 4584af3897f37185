#!/usr/bin/env node
// A/B of two builds of the package in one process: readGames over the PGN rows' 1,000-game
// text with variations (tests/data/corpus taken twice), then a caller's work per game: the
// main line's SAN, the root's children, every node, the main line's nodes and the last FEN.
// Games/s by CPU time, 5 alternated rounds after a warm-up, medians (what a lazy
// tree costs callers that do make the nodes).
//   node tests/bench/pgn-ab.mjs DIST BASE_DIST
// A benchmark, not a test: nothing asserts a speed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

const [a, b] = process.argv.slice(2).map((d) => pathToFileURL(path.resolve(d)).href);
const A = await import(a + '/index.js'),
  B = await import(b + '/index.js');
const corpus = readFileSync(path.join(root, 'tests/data/corpus/stockfish-selfplay.pgn'), 'utf8');
const text = [corpus, corpus].join('\n');
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const work = {
  'mainline()': (g) => g.mainline().length,
  'root.children': (g) => g.root.children.length,
  'every node (children walk)': (g) => {
    let n = 0;
    const s = [g.root];
    while (s.length) {
      const x = s.pop();
      n++;
      for (const c of x.children) s.push(c);
    }
    return n;
  },
  'mainlineNodes() + fen of last': (g) => {
    const ns = g.mainlineNodes();
    return ns.length ? ns.at(-1).fen.length : 0;
  },
};
let sink = 0;
const rate = (lib, f) => {
  let games = 0;
  const t0 = cpu();
  let t;
  do {
    for (const g of lib.readGames(text)) {
      sink += f(g);
      games++;
    }
    t = cpu();
  } while (t - t0 < 400);
  return (games * 1000) / (t - t0);
};
const med = (v) => v.sort((x, y) => x - y)[v.length >> 1];
for (const [name, f] of Object.entries(work)) {
  rate(A, f);
  rate(B, f);
  const ra = [],
    rb = [];
  for (let i = 0; i < 5; i++) {
    ra.push(rate(A, f));
    rb.push(rate(B, f));
  }
  console.log(
    `${name.padEnd(32)} new ${med(ra).toFixed(0).padStart(6)} games/s  base ${med(rb).toFixed(0).padStart(6)}  ratio ${(med(ra) / med(rb)).toFixed(2)}x`,
  );
}
