#!/usr/bin/env node
// The FEN round trip of the fen-games row (rows/30-fen.mjs: Position.fromFen(f).fen() then
// dispose(), every position along 1,000 seeded random games) split by subtraction, each part a
// loop of its own over the same FENs, timed by this process's CPU time:
//   full            fromFen + fen + dispose (the row's work)
//   fromFenDispose  fromFen + dispose
//   rawSetFenFen    the embind calls setFen + fen on one handle (no Position object)
//   rawSetFen       setFen alone (encodeInto, the embind call, the core's parse, verdicts, build)
//   encode          encodeInto alone (writeString)
//   chessops        the row's chessops column: parseFen + Chess.fromSetup + makeFen (a reference:
//                   counted the same way, its instructions per round trip against ours are a
//                   ratio that no other work on the machine moves)
// Three rounds, the parts alternated; prints each round and the median, in µs per FEN. For tsc's
// per-module output (build/dist-modules: the boundary's internals are reachable there), e.g.
// A/B against another build's:
//   node tests/bench/fen-split.mjs [dir (default build/dist-modules)] [seconds per part]
// With --write FILE: writes the row's FENs to FILE, one a line, and stops (the input of the
// native chesswasm-fen-loop, cpp/tools/fen_loop.cpp, for counting instructions).
// With --count PART PASSES: runs one part (full, rawSetFenFen, ...) PASSES times over the row's
// first 50,000 FENs and stops, untimed: under `valgrind --tool=callgrind` with 1 pass and 3, the
// difference over 100,000 is the instructions of one round trip (docs/performance.md, "The round
// trip's wasm and JS halves").
// Nothing asserts a speed (docs/performance.md, "FEN set-up along games").
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Chess as OpsChess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { root } from './lib.mjs';
import { fensAlongGames } from './rows/30-fen.mjs';

const args = process.argv.slice(2);
const writeAt = args.indexOf('--write');
const writeFile = writeAt >= 0 ? args.splice(writeAt, 2)[1] : undefined;
const countAt = args.indexOf('--count');
const count = countAt >= 0 ? args.splice(countAt, 3).slice(1) : undefined;
const dir = path.resolve(args[0] ?? path.join(root, 'build/dist-modules'));
const seconds = Number(args[1] ?? 1);
const { Position } = await import(pathToFileURL(path.join(dir, 'index.js')).href);
const W = await import(pathToFileURL(path.join(dir, 'boundary/wasm.js')).href);

// The row's FENs (rows/30-fen.mjs: the same games, seed and shuffle).
const fens = fensAlongGames({ Position });

if (writeFile) {
  fs.writeFileSync(writeFile, fens.join('\n') + '\n');
  process.exit(0);
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const h = new W.M.Position();
let sink = 0;
const parts = {
  full: (f) => {
    const p = Position.fromFen(f);
    sink += p.fen().length;
    p.dispose();
  },
  fromFenDispose: (f) => Position.fromFen(f).dispose(),
  rawSetFenFen: (f) => {
    sink += h.setFen(W.writeString(f), 0, false);
    sink += h.fen(false);
  },
  rawSetFen: (f) => {
    sink += h.setFen(W.writeString(f), 0, false);
  },
  encode: (f) => {
    sink += W.writeString(f);
  },
  chessops: (f) => {
    sink += makeFen(OpsChess.fromSetup(parseFen(f).unwrap()).unwrap().toSetup()).length;
  },
};
if (count) {
  const [name, passes] = count;
  const run = parts[name];
  if (!run) throw new Error(`--count: no part ${name} (${Object.keys(parts).join(', ')})`);
  const some = fens.slice(0, 50000);
  for (let p = 0; p < Number(passes); p++) for (const f of some) run(f);
  console.log(`${name}: ${passes} passes over ${some.length} FENs (${sink})`);
  process.exit(0);
}
const results = {};
for (let round = 0; round < 3; round++)
  for (const [name, run] of Object.entries(parts)) {
    for (let k = 0; k < 50000; k++) run(fens[k]);
    const t0 = cpu();
    let n = 0;
    let i = 0;
    while (cpu() - t0 < seconds) {
      for (let k = 0; k < 1000; k++) {
        run(fens[i]);
        i = i + 1 === fens.length ? 0 : i + 1;
      }
      n += 1000;
    }
    (results[name] ??= []).push(((cpu() - t0) / n) * 1e6);
  }
console.log(`${dir}: ${fens.length} FENs, µs per FEN (3 rounds; median)`);
for (const [name, us] of Object.entries(results)) {
  const median = [...us].sort((a, b) => a - b)[1];
  console.log(`${name.padEnd(16)} ${us.map((x) => x.toFixed(3)).join(' ')}  ${median.toFixed(3)}`);
}
if (sink === 0.5) console.log(sink);
