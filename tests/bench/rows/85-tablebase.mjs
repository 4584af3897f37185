// chesswasm/tablebase: Syzygy probes on the 3-4 piece tables of tests/data/syzygy, ours against
// Debian's fathom on the same positions (POSITIONS random legal positions of all 35 tables, a
// fixed seed). fathom is a command-line prober: one process per position (`fathom --test`), so
// its figure is a process's start, the tables' opening and a cold probe; ours is in this process.
//  - 'tb-warm': µs per position of probeWdl + probeDtz with every chunk already read (a second
//    pass over the positions): the prober itself through the boundary and the probe queue;
//    fathom's column is its whole process per position (what a script calling it pays).
//  - 'tb-cold': µs per position of Tablebase.open + probeWdl + probeDtz on a fresh tablebase
//    (the tables' headers and the needed blocks read from the folder), against fathom's process.
//  - 'tb-cold-bytes': KB read from the files by that cold probe (Tablebase.bytesRead, 4 KB
//    chunks), the median over the positions; fathom maps whole files (no figure).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from '../../tools/prng.mjs';
import { tablePlacement } from '../../tools/tb-positions.mjs';
import { median } from '../lib.mjs';

const FATHOM = '/usr/games/fathom';
const POSITIONS = 70;
const none = () => undefined;

async function tablebaseModule(ctx) {
  const file = path.join(ctx.dist, 'tablebase.js');
  if (!existsSync(file)) return null; // a build from before chesswasm/tablebase (CHESSWASM_DIST)
  return import(pathToFileURL(file).href);
}

const dirOf = (ctx) => path.join(ctx.root, 'tests', 'data', 'syzygy');

// Random legal positions with a legal move, two per table.
function positions(ctx) {
  const rand = prng(85);
  const tables = readdirSync(dirOf(ctx))
    .filter((f) => f.endsWith('.rtbw'))
    .map((f) => f.slice(0, -5))
    .sort();
  const out = [];
  for (let i = 0; out.length < POSITIONS; i++) {
    const fen = tablePlacement(tables[i % tables.length], rand);
    if (fen === null) continue;
    try {
      const pos = ctx.chesswasm.Position.fromFen(fen);
      if (pos.legalMoves().length > 0) out.push(fen);
      pos.dispose();
    } catch {
      // illegal: draw again
    }
  }
  return out;
}

let sink = 0;

// fathom's process per position: µs per position.
function fathom(ctx) {
  if (!existsSync(FATHOM)) return undefined;
  const fens = positions(ctx);
  const dir = dirOf(ctx);
  return {
    measure: () => {
      const t0 = process.hrtime.bigint();
      for (const fen of fens) sink += execFileSync(FATHOM, [`--path=${dir}`, '--test', fen]).length;
      return Number(process.hrtime.bigint() - t0) / 1000 / fens.length;
    },
  };
}

export default [
  {
    id: 'tb-warm',
    title: 'Syzygy WDL + DTZ, warm (fathom: a process per position)',
    unit: 'µs',
    lowerIsBetter: true,
    impls: {
      ours: async (ctx) => {
        const mod = await tablebaseModule(ctx);
        if (!mod) return undefined;
        const fens = positions(ctx);
        const tb = await mod.Tablebase.open(dirOf(ctx));
        for (const fen of fens) sink += (await tb.probeWdl(fen)) + (await tb.probeDtz(fen)); // every chunk read
        return {
          measure: async () => {
            const t0 = process.hrtime.bigint();
            for (let k = 0; k < 5; k++)
              for (const fen of fens) sink += (await tb.probeWdl(fen)) + (await tb.probeDtz(fen));
            return Number(process.hrtime.bigint() - t0) / 1000 / (5 * fens.length);
          },
        };
      },
      'chess.js': none,
      chessops: none,
      native: fathom,
    },
  },
  {
    id: 'tb-cold',
    title: 'Syzygy open + WDL + DTZ, cold (fathom: a process per position)',
    unit: 'µs',
    lowerIsBetter: true,
    impls: {
      ours: async (ctx) => {
        const mod = await tablebaseModule(ctx);
        if (!mod) return undefined;
        const fens = positions(ctx);
        return {
          measure: async () => {
            const t0 = process.hrtime.bigint();
            for (const fen of fens) {
              const tb = await mod.Tablebase.open(dirOf(ctx));
              sink += (await tb.probeWdl(fen)) + (await tb.probeDtz(fen));
              tb.close();
            }
            return Number(process.hrtime.bigint() - t0) / 1000 / fens.length;
          },
        };
      },
      'chess.js': none,
      chessops: none,
      native: fathom,
    },
  },
  {
    id: 'tb-cold-bytes',
    title: 'Syzygy cold probe (WDL + DTZ): bytes read, median',
    unit: 'KB',
    lowerIsBetter: true,
    impls: {
      ours: async (ctx) => {
        const mod = await tablebaseModule(ctx);
        if (!mod) return undefined;
        const read = [];
        for (const fen of positions(ctx)) {
          const tb = await mod.Tablebase.open(dirOf(ctx));
          sink += (await tb.probeWdl(fen)) + (await tb.probeDtz(fen));
          read.push(tb.bytesRead / 1000);
          tb.close();
        }
        return { value: median(read) };
      },
      'chess.js': none,
      chessops: none,
      native: none,
    },
  },
];
