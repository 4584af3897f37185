#!/usr/bin/env node
// The boundary benchmark: what a call style costs on each hot path of the package, measured
// side by side in one run (npm run bench:boundary). The module is build/wasm's
// chesswasm-boundary-bench (cpp/tools/boundary_bench.cpp): the same cw::wasm::Handle calls
// exposed as
//   raw      `extern "C"` exports on the handle's address (the wasm function called directly),
//   fn       embind free functions taking the address as an integer,
//   fn(obj)  embind free functions taking the embind object (Handle&),
//   method   embind class methods,
// and, for text and move lists, the package's buffers (bytes written by encodeInto and read by
// TextDecoder; moves read from a filled buffer) against embind's std::string and
// typed_memory_view. The JS loop of a row is the same for every style; positions come from
// seeded random games, as the bench table's (tests/bench/run.mjs).
//   node tests/bench/boundary.mjs [--runs N] [--ms T] [--wall] [--json]
// Each figure is the median of N runs (default 5), styles measured round-robin within a run;
// "x raw" is how many times slower than the raw export the style is. Rates are per second of
// the process's CPU time (steadier than wall-clock time when other work shares the machine;
// --wall: wall-clock time). Nothing asserts a speed.
import { readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, rate as wallRate, root, warmUp } from './lib.mjs';

const args = process.argv.slice(2);
const opts = { runs: 5, ms: 250, json: false, wall: false };
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') opts.runs = Math.max(1, Number(args[++i]) || 5);
  else if (args[i] === '--ms') opts.ms = Math.max(10, Number(args[++i]) || 250);
  else if (args[i] === '--json') opts.json = true;
  else if (args[i] === '--wall') opts.wall = true;
  else {
    console.error('usage: node tests/bench/boundary.mjs [--runs N] [--ms T] [--wall] [--json]');
    process.exit(2);
  }
}

const dir = path.join(root, 'build/wasm');
const glue = path.join(dir, 'chesswasm-boundary-bench.mjs');
if (!existsSync(glue)) {
  console.error(`boundary bench: ${glue} is missing; build it first (bash scripts/build.sh wasm)`);
  process.exit(1);
}
const { default: create } = await import(pathToFileURL(glue).href);
const M = await create({ wasmBinary: readFileSync(path.join(dir, 'chesswasm-boundary-bench.wasm')) });

// The raw exports: one call each first (the 3.1.6 glue swaps its wrapper for the wasm
// function on the first call; web/src/boundary/wasm.ts does the same), then kept.
const RAW = [
  'io',
  'move_buffer',
  'new',
  'delete',
  'play',
  'take_back',
  'legal_moves',
  'is_legal',
  'turn',
  'key',
  'perft',
  'set_fen',
  'fen',
  'in_check',
  'has_legal_move',
  'rule50',
  'repetition_count',
  'outcome',
];
const scratch = M._bb_new();
for (const name of RAW) if (name !== 'delete') M[`_bb_${name}`](name === 'io' ? 0 : scratch, name === 'perft' ? 0 : 0);
M._bb_delete(scratch);
const raw = Object.fromEntries(RAW.map((n) => [n, M[`_bb_${n}`]]));

const encoder = new TextEncoder();
const decoder = new TextDecoder();
let ioPtr = raw.io(256);
const moveIndex = raw.move_buffer() >> 1;
const writeIo = (s) => encoder.encodeInto(s, M.HEAPU8.subarray(ioPtr, ioPtr + 256)).written;
const readIo = (n) => decoder.decode(M.HEAPU8.subarray(ioPtr, ioPtr + n));

// Positions from seeded random games (the bench table's procedure).
function sampleFens(n) {
  let seed = 12345;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
  const fens = [];
  const h = raw.new();
  while (fens.length < n) {
    raw.set_fen(h, writeIo('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'));
    for (let ply = 0; ply < 160 && fens.length < n; ply++) {
      const count = raw.legal_moves(h);
      if (count === 0) break;
      if (ply % 5 === 4) fens.push(readIo(raw.fen(h)));
      raw.play(h, M.HEAPU16[moveIndex + (rand() % count)]);
    }
  }
  raw.delete(h);
  return fens;
}
const fens = sampleFens(100);

// One embind object per position; its address for the raw and integer-handle styles.
const cases = fens.map((fen) => {
  const obj = new M.Handle();
  const p = obj.address();
  raw.set_fen(p, writeIo(fen));
  const n = raw.legal_moves(p);
  return { obj, p, fen, moves: Array.from(M.HEAPU16.subarray(moveIndex, moveIndex + n)) };
});
const pairs = cases.reduce((n, c) => n + c.moves.length, 0);

let sink = 0;
const readMoves = (n) => {
  const heap = M.HEAPU16;
  const out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = heap[moveIndex + i];
  return out;
};

// row: { id, title, unit, styles: { style: batch } }; a batch returns units done.
const rows = [
  {
    id: 'play-undo',
    title: "play + undo (the bench table's play-undo loop)",
    unit: 'pairs/s',
    styles: {
      raw: () => {
        const { play, take_back } = raw;
        for (const { p, moves } of cases)
          for (let i = 0; i < moves.length; i++) {
            play(p, moves[i]);
            take_back(p);
          }
        return pairs;
      },
      fn: () => {
        const { fn_play, fn_take_back } = M;
        for (const { p, moves } of cases)
          for (let i = 0; i < moves.length; i++) {
            fn_play(p, moves[i]);
            fn_take_back(p);
          }
        return pairs;
      },
      'fn(obj)': () => {
        const { ref_play, ref_take_back } = M;
        for (const { obj, moves } of cases)
          for (let i = 0; i < moves.length; i++) {
            ref_play(obj, moves[i]);
            ref_take_back(obj);
          }
        return pairs;
      },
      method: () => {
        for (const { obj, moves } of cases)
          for (let i = 0; i < moves.length; i++) {
            obj.play(moves[i]);
            obj.take_back();
          }
        return pairs;
      },
    },
  },
  {
    id: 'legal-moves',
    title: 'legal moves into a JS array (fill + read)',
    unit: 'lists/s',
    styles: {
      raw: () => {
        for (const { p } of cases) sink += readMoves(raw.legal_moves(p)).length;
        return cases.length;
      },
      fn: () => {
        for (const { p } of cases) sink += readMoves(M.fn_legal_moves(p)).length;
        return cases.length;
      },
      'fn(obj)': () => {
        for (const { obj } of cases) sink += readMoves(M.ref_legal_moves(obj)).length;
        return cases.length;
      },
      method: () => {
        for (const { obj } of cases) sink += readMoves(obj.legal_moves()).length;
        return cases.length;
      },
      'fn, view': () => {
        for (const { p } of cases) {
          const view = M.fn_legal_view(p);
          const out = new Array(view.length);
          for (let i = 0; i < view.length; i++) out[i] = view[i];
          sink += out.length;
        }
        return cases.length;
      },
      'method, view': () => {
        for (const { obj } of cases) {
          const view = obj.legal_view();
          const out = new Array(view.length);
          for (let i = 0; i < view.length; i++) out[i] = view[i];
          sink += out.length;
        }
        return cases.length;
      },
    },
  },
  {
    id: 'is-legal',
    title: 'is_legal of every legal move',
    unit: 'calls/s',
    styles: {
      raw: () => {
        for (const { p, moves } of cases) for (let i = 0; i < moves.length; i++) sink += raw.is_legal(p, moves[i]);
        return pairs;
      },
      fn: () => {
        for (const { p, moves } of cases)
          for (let i = 0; i < moves.length; i++) sink += M.fn_is_legal(p, moves[i]) ? 1 : 0;
        return pairs;
      },
      'fn(obj)': () => {
        for (const { obj, moves } of cases)
          for (let i = 0; i < moves.length; i++) sink += M.ref_is_legal(obj, moves[i]) ? 1 : 0;
        return pairs;
      },
      method: () => {
        for (const { obj, moves } of cases)
          for (let i = 0; i < moves.length; i++) sink += obj.is_legal(moves[i]) ? 1 : 0;
        return pairs;
      },
    },
  },
  {
    id: 'getter',
    title: 'a getter (side to move), 100 calls per position',
    unit: 'calls/s',
    styles: {
      raw: () => {
        for (const { p } of cases) for (let i = 0; i < 100; i++) sink += raw.turn(p);
        return 100 * cases.length;
      },
      fn: () => {
        for (const { p } of cases) for (let i = 0; i < 100; i++) sink += M.fn_turn(p);
        return 100 * cases.length;
      },
      'fn(obj)': () => {
        for (const { obj } of cases) for (let i = 0; i < 100; i++) sink += M.ref_turn(obj);
        return 100 * cases.length;
      },
      method: () => {
        for (const { obj } of cases) for (let i = 0; i < 100; i++) sink += obj.turn();
        return 100 * cases.length;
      },
    },
  },
  {
    id: 'outcome',
    title: 'outcome: a packed int vs a value_object (integer codes)',
    unit: 'calls/s',
    styles: {
      raw: () => {
        for (const { p } of cases) for (let i = 0; i < 10; i++) sink += raw.outcome(p) & 255;
        return 10 * cases.length;
      },
      method: () => {
        for (const { obj } of cases) for (let i = 0; i < 10; i++) sink += obj.outcome_packed() & 255;
        return 10 * cases.length;
      },
      'method, value_object': () => {
        for (const { obj } of cases) for (let i = 0; i < 10; i++) sink += obj.outcome().termination;
        return 10 * cases.length;
      },
    },
  },
  {
    id: 'game-over',
    title: 'the 7 calls of Chess.isGameOver()',
    unit: 'positions/s',
    styles: {
      raw: () => {
        for (const { p } of cases) {
          sink += raw.in_check(p) + raw.has_legal_move(p) + raw.rule50(p) + raw.in_check(p) + raw.has_legal_move(p);
          sink += (raw.outcome(p) & 255) + raw.repetition_count(p);
        }
        return cases.length;
      },
      method: () => {
        for (const { obj } of cases) {
          sink += +obj.in_check() + +obj.has_legal_move() + obj.rule50() + +obj.in_check() + +obj.has_legal_move();
          sink += (obj.outcome_packed() & 255) + obj.repetition_count();
        }
        return cases.length;
      },
      'method, value_object': () => {
        for (const { obj } of cases) {
          sink += +obj.in_check() + +obj.has_legal_move() + obj.rule50() + +obj.in_check() + +obj.has_legal_move();
          sink += obj.outcome().termination + obj.repetition_count();
        }
        return cases.length;
      },
    },
  },
  {
    id: 'key',
    title: 'Zobrist key (uint64 -> bigint), 10 calls per position',
    unit: 'calls/s',
    styles: {
      raw: () => {
        for (const { p } of cases) for (let i = 0; i < 10; i++) sink += Number(BigInt.asUintN(64, raw.key(p)) & 1n);
        return 10 * cases.length;
      },
      fn: () => {
        for (const { p } of cases) for (let i = 0; i < 10; i++) sink += Number(BigInt.asUintN(64, M.fn_key(p)) & 1n);
        return 10 * cases.length;
      },
      'fn(obj)': () => {
        for (const { obj } of cases)
          for (let i = 0; i < 10; i++) sink += Number(BigInt.asUintN(64, M.ref_key(obj)) & 1n);
        return 10 * cases.length;
      },
      method: () => {
        for (const { obj } of cases) for (let i = 0; i < 10; i++) sink += Number(BigInt.asUintN(64, obj.key()) & 1n);
        return 10 * cases.length;
      },
    },
  },
  {
    id: 'fen',
    title: "FEN set + write (the bench table's FEN loop, on one handle)",
    unit: '/s',
    styles: {
      raw: () => {
        const p = cases[0].p;
        for (const { fen } of cases) {
          raw.set_fen(p, writeIo(fen));
          sink += readIo(raw.fen(p)).length;
        }
        return cases.length;
      },
      fn: () => {
        const p = cases[0].p;
        for (const { fen } of cases) {
          M.fn_set_fen(p, writeIo(fen));
          sink += readIo(M.fn_fen(p)).length;
        }
        return cases.length;
      },
      'fn(obj)': () => {
        const obj = cases[0].obj;
        for (const { fen } of cases) {
          M.ref_set_fen(obj, writeIo(fen));
          sink += readIo(M.ref_fen(obj)).length;
        }
        return cases.length;
      },
      method: () => {
        const obj = cases[0].obj;
        for (const { fen } of cases) {
          obj.set_fen(writeIo(fen));
          sink += readIo(obj.fen()).length;
        }
        return cases.length;
      },
      'fn, std::string': () => {
        const p = cases[0].p;
        for (const { fen } of cases) {
          M.fn_set_fen_string(p, fen);
          sink += M.fn_fen_string(p).length;
        }
        return cases.length;
      },
      'method, std::string': () => {
        const obj = cases[0].obj;
        for (const { fen } of cases) {
          obj.set_fen_string(fen);
          sink += obj.fen_string().length;
        }
        return cases.length;
      },
    },
  },
  {
    id: 'perft',
    title: 'perft(4) of a position (one call, the work inside wasm)',
    unit: 'nodes/s',
    once: true,
    styles: {
      raw: () => raw.perft(cases[0].p, 4),
      fn: () => M.fn_perft(cases[0].p, 4),
      'fn(obj)': () => M.ref_perft(cases[0].obj, 4),
      method: () => cases[0].obj.perft(4),
    },
  },
];

// Units per second of process CPU time (user + system), for at least ms of it.
function cpuRate(batch, ms) {
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let units = 0;
  let calls = 0;
  const t0 = cpu();
  let t = t0;
  do {
    units += batch();
    calls++;
    t = cpu();
  } while (t - t0 < ms || calls < 1);
  return (units * 1000) / (t - t0);
}
const rate = opts.wall ? wallRate : cpuRate;

const log = (s) => process.stderr.write(s + '\n');
const results = [];
for (const row of rows) {
  log(`boundary: ${row.id}`);
  const styles = Object.keys(row.styles);
  const samples = Object.fromEntries(styles.map((s) => [s, []]));
  for (const s of styles) warmUp(row.styles[s], row.once ? 0 : 300);
  for (let run = 0; run < opts.runs; run++)
    for (const s of styles) samples[s].push(rate(row.styles[s], row.once ? 0 : opts.ms));
  const values = Object.fromEntries(styles.map((s) => [s, median(samples[s])]));
  results.push({
    id: row.id,
    title: row.title,
    unit: row.unit,
    values,
    slowdown: Object.fromEntries(styles.map((s) => [s, values.raw / values[s]])),
  });
}

const machine = {
  clock: opts.wall ? 'wall' : 'cpu',
  date: new Date().toISOString(),
  cpu: os.cpus()[0]?.model,
  threads: os.cpus().length,
  node: process.version,
  load: os.loadavg().map((x) => Number(x.toFixed(2))),
  runs: opts.runs,
};
if (opts.json) {
  console.log(JSON.stringify({ machine, rows: results }, null, 2));
  process.exit(0);
}
const fmt = (v) => (v >= 1e6 ? `${(v / 1e6).toFixed(2)} M` : v >= 1e3 ? `${(v / 1e3).toFixed(1)} k` : v.toFixed(0));
console.log(
  `chesswasm boundary bench — ${machine.date}, ${machine.cpu} (${machine.threads} threads), node ${machine.node}, ` +
    `load average ${machine.load.join(' ')}; median of ${opts.runs} runs, ${opts.wall ? 'wall-clock' : 'CPU'} time; ` +
    'x raw: how many times slower than the raw export',
);
console.log();
console.log('| row | unit | style | rate | x raw |');
console.log('|---|---|---|---:|---:|');
for (const r of results)
  for (const [s, v] of Object.entries(r.values))
    console.log(`| ${r.title} | ${r.unit} | ${s} | ${fmt(v)} | ${r.slowdown[s].toFixed(2)} |`);
void sink;
