// chesswasm/tablebase: Syzygy probes on the 3-4 piece tables of tests/data/syzygy, ours against
// Debian's fathom on the same positions (POSITIONS random legal positions of all 35 tables, a
// fixed seed). fathom is a command-line prober: one process per position (`fathom --test`), so
// its figure is a process's start, the tables' opening and a cold probe; ours is in this process.
//  - 'tb-warm-wdl', 'tb-warm-dtz': µs per probe (probeWdl, probeDtz) with every chunk already
//    read and the code warm (WARM_PASSES passes over the positions first): the prober itself
//    through the boundary and the probe queue; fathom's column is its whole process per position
//    (WDL and DTZ: what a script calling it pays). With --cpu, this process's CPU time.
//  - 'tb-cold': µs per position of Tablebase.open + probeWdl + probeDtz on a fresh tablebase
//    (the tables' headers and the needed blocks read from the folder), against fathom's process.
//  - 'tb-cold-bytes': KB read from the files by that cold probe (Tablebase.bytesRead, 4 KB
//    chunks), the median over the positions; fathom maps whole files (no figure).
//  - 'tb-warm-wdl-chromium', 'tb-warm-dtz-chromium': the warm rows in Debian's Chromium
//    (headless): the package's dist/ served from 127.0.0.1, the tables read into the page's
//    memory and opened through a reader, the same positions probed warm in the page
//    (performance.now()); one page serves both rows.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from '../../tools/prng.mjs';
import { tablePlacement } from '../../tools/tb-positions.mjs';
import { cpuNow, median } from '../lib.mjs';

const FATHOM = '/usr/games/fathom';
const POSITIONS = 70;
// Passes over the positions before a warm row measures: every chunk read, and enough calls for
// the engines' optimising tiers (a single pass left Chromium's figures 2-3x above its steady ones).
const WARM_PASSES = 10;
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

const CHROMIUM = '/usr/bin/chromium';
const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

// A page in Chromium that has opened the tables of `dir` (read into memory) with the package
// in `dist`, as window.__tb; closed when the process ends.
async function chromiumTablebase(dist, dir) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  // /dist/<file> from the package, /tables/<file> from the folder, / an empty page.
  const server = createServer((req, res) => {
    const [, where, ...rest] = decodeURIComponent(new URL(req.url, 'http://x').pathname).split('/');
    const base = where === 'dist' ? dist : where === 'tables' ? dir : null;
    const file = base && path.join(base, rest.join('/'));
    if (where === '')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>tb</title>');
    if (!file || !file.startsWith(base) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  process.once('beforeExit', () => {
    void browser.close();
    server.close();
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  const names = readdirSync(dir).filter((f) => f.endsWith('.rtbw') || f.endsWith('.rtbz'));
  await page.evaluate(async (names) => {
    const { Tablebase } = await import('/dist/tablebase.js');
    const files = new Map();
    for (const n of names) files.set(n, new Uint8Array(await (await fetch(`/tables/${n}`)).arrayBuffer()));
    globalThis.__tb = await Tablebase.open({
      names: () => [...files.keys()],
      size: (n) => files.get(n).length,
      read: (n, offset, length) => files.get(n).subarray(offset, offset + length),
    });
  }, names);
  return page;
}

// The tablebase of both Node warm rows, opened once, as an app has one.
let nodeTablebase = null;

// A warm row in Node: µs per `kind` probe.
const nodeWarm = (kind) => async (ctx) => {
  const mod = await tablebaseModule(ctx);
  if (!mod) return undefined;
  const fens = positions(ctx);
  nodeTablebase ??= mod.Tablebase.open(dirOf(ctx));
  const tb = await nodeTablebase;
  const probe = kind === 'wdl' ? (fen) => tb.probeWdl(fen) : (fen) => tb.probeDtz(fen);
  for (let k = 0; k < WARM_PASSES; k++) for (const fen of fens) sink += await probe(fen);
  const clock = ctx.cpu ? cpuNow : () => performance.now(); // ms
  return {
    measure: async () => {
      const t0 = clock();
      for (let k = 0; k < 5; k++) for (const fen of fens) sink += await probe(fen);
      return ((clock() - t0) * 1000) / (5 * fens.length);
    },
  };
};

// The Chromium page of both Chromium rows, made once.
let chromiumPage = null;

// A warm row in Chromium: µs per `kind` probe, timed in the page.
const chromiumWarm = (kind) => async (ctx) => {
  if (!existsSync(CHROMIUM) || !existsSync(path.join(ctx.dist, 'tablebase.js'))) return undefined;
  const fens = positions(ctx);
  chromiumPage ??= chromiumTablebase(ctx.dist, dirOf(ctx));
  const page = await chromiumPage;
  const pass = (passes) =>
    page.evaluate(
      async ({ fens, passes, kind }) => {
        const tb = globalThis.__tb;
        const probe = kind === 'wdl' ? (fen) => tb.probeWdl(fen) : (fen) => tb.probeDtz(fen);
        let sink = 0;
        const t0 = performance.now();
        for (let k = 0; k < passes; k++) for (const fen of fens) sink += await probe(fen);
        return { us: ((performance.now() - t0) * 1000) / (passes * fens.length), sink };
      },
      { fens, passes, kind },
    );
  await pass(WARM_PASSES);
  return { measure: async () => (await pass(5)).us };
};

const warmRow = (kind, where) => ({
  id: `tb-warm-${kind}${where === 'chromium' ? '-chromium' : ''}`,
  title: `Syzygy ${kind.toUpperCase()} probe, warm${where === 'chromium' ? ', in Chromium' : ''} (fathom: a process per position)`,
  unit: 'µs',
  lowerIsBetter: true,
  impls: {
    ours: where === 'chromium' ? chromiumWarm(kind) : nodeWarm(kind),
    'chess.js': none,
    chessops: none,
    native: fathom,
  },
});

export default [
  warmRow('wdl', 'node'),
  warmRow('dtz', 'node'),
  warmRow('wdl', 'chromium'),
  warmRow('dtz', 'chromium'),
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
