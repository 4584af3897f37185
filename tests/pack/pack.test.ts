// The package as users get it: `npm pack`, the tarball installed into a fresh temporary
// project (offline: the runtime dependencies, chesswasm/database's @sqlite.org/sqlite-wasm and
// fzstd, are installed beside it from tarballs of this checkout's copies), then
//   (a) Node ESM: `import 'chesswasm'` and 'chesswasm/chessjs', perft and legal moves; the shipped types compile
//       under `tsc --strict` (NodeNext); the `chesswasm` bin runs; Node CommonJS: `require()` of every
//       entry, usable at once; a chess.js-using file type-checks against the facade under "node",
//       "node16" (CommonJS and ES module files) and "bundler" resolution; a Jest project (tests/jest:
//       Jest's default configuration, CommonJS, the jsdom environment) passes with the facade;
//   (b) a Vite production build of a page and a module worker that import 'chesswasm'
//       with zero configuration, loaded in Debian's Chromium (playwright-core);
//   (c) a plain `<script type="module">` page that imports the installed dist/index.js
//       straight from a static folder;
//   (d) a module web worker that imports the package and answers a perft request (in both
//       the Vite build and the static folder);
//   (e) a library built with Vite's library mode that depends on the package: Vite inlines the
//       .wasm as base64 unless the library keeps the package external (docs/guide.md), and then
//       an app built on the library emits the .wasm as a file and runs in Chromium.
// Pages are served by a tiny static server on 127.0.0.1 (random port); a page passes when
// its computed numbers are right and the browser logged no console error, page error or
// failed request.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
// What every page and script computes, and the answers.
const EXPECTED = { perft3: 8902, moves: 20, worker: { fen: KIWIPETE, depth: 3, nodes: 97862 } };

let tmp = '';
let proj = '';
let tarball = '';
const timings: Record<string, number> = {};

function timed<T>(name: string, f: () => T): T {
  const t0 = performance.now();
  try {
    return f();
  } finally {
    timings[name] = Math.round(performance.now() - t0);
  }
}

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// The page and worker sources, shared by the Vite projects and the static folder; `spec` is
// how they import the package. Without a worker URL the page only computes on the main thread.
function mainSource(spec: string, workerUrl: string | null): string {
  const done = `document.getElementById('out').textContent = JSON.stringify(result);
  globalThis.__result = result;`;
  return `import { Position } from '${spec}';
const pos = Position.startpos();
const result = { perft3: pos.perft(3), moves: pos.legalMoves().length };
pos.dispose();
${
  workerUrl === null
    ? done
    : `const worker = new Worker(${workerUrl}, { type: 'module' });
worker.onmessage = (e) => {
  result.worker = e.data;
  ${done}
};
worker.onerror = (e) => { globalThis.__result = { error: 'worker: ' + (e.message || 'failed to load') }; };
worker.postMessage({ fen: ${JSON.stringify(KIWIPETE)}, depth: 3 });`
}
`;
}

// The worker installs its message handler synchronously and imports the package dynamically.
// A module worker that imports chesswasm statically sets its handler only after the
// package's top-level await (the wasm instantiation) has resolved, and Chromium drops the
// messages that arrive before that: a request posted right after new Worker() would never
// be answered (README, "Quick start: analysis in a web worker").
function workerSource(spec: string): string {
  return `const chesswasm = import('${spec}');
self.onmessage = async (e) => {
  const { Position } = await chesswasm;
  const { fen, depth } = e.data;
  const pos = Position.fromFen(fen);
  self.postMessage({ fen, depth, nodes: pos.perft(depth) });
  pos.dispose();
};
`;
}

function html(script: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>chesswasm pack test</title><link rel="icon" href="data:,"></head>
<body><pre id="out">running</pre>
<script type="module" ${script}></script>
</body></html>
`;
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'chesswasm-pack-'));
  proj = path.join(tmp, 'app');
  mkdirSync(proj);
  const out = timed('npm pack', () => run('npm', ['pack', '--json', '--pack-destination', tmp], ROOT));
  const info = JSON.parse(out.slice(out.indexOf('['))) as { filename: string }[];
  tarball = path.join(tmp, info[0]!.filename);
  write(path.join(proj, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }, null, 2));
  // The dependencies (chesswasm/database's SQLite and zstd decoder) from this checkout's
  // node_modules, as tarballs installed beside the package's: npm then needs no registry.
  const deps = ['@sqlite.org/sqlite-wasm', 'fzstd'].map((name) => {
    const file = path.join(tmp, `${name.replace(/\W/g, '_')}.tgz`);
    const base = path.basename(name);
    const from = path.dirname(path.join(ROOT, 'node_modules', name));
    run('tar', ['czf', file, '-C', from, '--transform', `s,^${base},package,`, base], tmp);
    return file;
  });
  timed('npm install <tarball>', () =>
    run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--offline', tarball, ...deps], proj),
  );
}, 180_000);

afterAll(() => {
  console.log(`pack: timings (ms) ${JSON.stringify(timings)}`);
  if (tmp && !process.env.KEEP_PACK_TMP) rmSync(tmp, { recursive: true, force: true });
});

test('the tarball holds the package and nothing else', () => {
  const listing = run('tar', ['-tzf', tarball], tmp).split('\n').filter(Boolean).sort();
  expect(listing).toContain('package/package.json');
  expect(listing).toContain('package/dist/index.js');
  expect(listing).toContain('package/dist/types/index.d.ts');
  expect(listing).toContain('package/dist/types/package.json'); // the declarations are CommonJS-format
  expect(listing).toContain('package/dist/chesswasm.wasm');
  expect(listing).toContain('package/dist/types/boundary/chesswasm.d.ts'); // the glue's types (its code is bundled)
  expect(listing).toContain('package/dist/puzzle-worker.js');
  expect(listing).toContain('package/dist/engine.js');
  expect(listing).toContain('package/dist/types/apps/engine/index.d.ts');
  expect(listing).toContain('package/dist/openings.js'); // chesswasm/openings
  expect(listing).toContain('package/dist/types/apps/openings/index.d.ts');
  expect(listing).toContain('package/dist/chessjs.js'); // the facade's entry point
  expect(listing).toContain('package/dist/types/adapters/chessjs/index.d.ts');
  expect(listing).toContain('package/dist/chesswasm-tablebase.wasm'); // chesswasm/tablebase's module
  expect(listing).toContain('package/dist/database.js'); // chesswasm/database
  expect(listing).toContain('package/dist/types/apps/database/index.d.ts');
  for (const entry of ['index', 'chessjs', 'engine', 'openings', 'tablebase', 'database'])
    expect(listing).toContain(`package/dist/cjs/${entry}.cjs`); // the CommonJS build
  expect(listing).toContain('package/dist/cjs/chesswasm.wasm');
  expect(listing).toContain('package/bin/chesswasm');
  for (const f of listing)
    expect(f, 'only dist/, bin/ and the usual top-level files').toMatch(
      /^package\/(dist\/[^/]+\.(js|wasm)|dist\/cjs\/[^/]+\.(cjs|wasm)|dist\/types\/package\.json|dist\/types\/([^/]+\/){0,3}[^/]+\.d\.ts|bin\/chesswasm|package\.json|README\.md|LICENSE)$/,
    );
  const pkg = JSON.parse(readFileSync(path.join(proj, 'node_modules/chesswasm/package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  // The main entry needs nothing; chesswasm/database needs SQLite's wasm build and fzstd.
  expect(Object.keys((pkg.dependencies ?? {}) as Record<string, string>)).toEqual(['@sqlite.org/sqlite-wasm', 'fzstd']);
  // 238 KB with chesswasm/openings (its table, dist/openings.js, is 37 KB gzipped), chesswasm/engine
  // and the seven lichess variants; the CommonJS build (its JS and its .wasm) adds about 150 KB,
  // chesswasm/tablebase (its JS twice, its .wasm once: 52 KB gzipped) about 78 KB (405 -> 483 KB).
  // chesswasm/database (its ES module and CommonJS bundles and types) about 20 KB more, and its
  // stored totals, date-ordered pages and format upgrade about 10 KB (523 KB).
  expect(statSync(tarball).size).toBeLessThan(535_000);
});

describe('Node', () => {
  test('(a) import "chesswasm" from the installed tarball: perft and legal moves', () => {
    write(
      path.join(proj, 'node-check.mjs'),
      `import * as main from 'chesswasm';
import { Position, isInitialized } from 'chesswasm';
import { Chess } from 'chesswasm/chessjs';
const pos = Position.startpos();
const kiwi = Position.fromFen(${JSON.stringify(KIWIPETE)});
console.log(JSON.stringify({ ready: isInitialized(), perft3: pos.perft(3), moves: pos.legalMoves().length,
  uci: pos.legalMoves().map((m) => pos.uci(m)).sort().slice(0, 3), kiwi: kiwi.perft(3), hash: pos.hashHex(),
  chessjs: { inMain: 'Chess' in main, moves: new Chess().moves().length } }));
`,
    );
    const out = timed('node import', () => run(process.execPath, ['node-check.mjs'], proj));
    expect(JSON.parse(out)).toEqual({
      ready: true,
      perft3: 8902,
      moves: 20,
      uci: ['a2a3', 'a2a4', 'b1a3'],
      kiwi: 97862,
      hash: '463b96181691fc9c',
      chessjs: { inMain: false, moves: 20 },
    });
  });

  test('(a) import "chesswasm/openings" from the installed tarball: the same Game class, named openings, the tags', () => {
    write(
      path.join(proj, 'openings-check.mjs'),
      `import { Game } from 'chesswasm';
import { openingOf } from 'chesswasm/openings';
const g = new Game();
for (const m of ['c4', 'e6', 'Nc3', 'Nf6', 'd4', 'Bb4']) g.play(m);
console.log(JSON.stringify({ named: openingOf(g), eco: /\\[ECO "E20"\\]/.test(g.pgn({ openingTags: true })) }));
`,
    );
    const out = run(process.execPath, ['openings-check.mjs'], proj);
    expect(JSON.parse(out)).toEqual({ named: { eco: 'E20', name: 'Nimzo-Indian Defense' }, eco: true });
  });

  test('(a) import "chesswasm/database" from the installed tarball: a file store, explored', () => {
    write(
      path.join(proj, 'database-check.mjs'),
      `import { Position } from 'chesswasm';
import { GameDatabase } from 'chesswasm/database';
const db = await GameDatabase.open('games.db');
const r = await db.addGames('1. e4 e5 2. Nf3 1-0\\n\\n1. d4 d5 0-1\\n');
const e = db.explore(Position.startpos());
db.close();
console.log(JSON.stringify({ added: r.added, games: e.games, moves: e.moves.map((m) => m.san) }));
`,
    );
    const out = run(process.execPath, ['database-check.mjs'], proj);
    expect(JSON.parse(out)).toEqual({ added: 2, games: 2, moves: ['d4', 'e4'] });
  });

  test('(a) the shipped types compile under tsc --strict (NodeNext)', () => {
    write(
      path.join(proj, 'types-check.ts'),
      `import { Position, FenError, type Move, type Outcome } from 'chesswasm';
import { openingOf, type OpeningName } from 'chesswasm/openings';
const named: OpeningName | null = openingOf([]);
void named;
import { Chess, type Square } from 'chesswasm/chessjs';
const sq: Square = 'e4';
const fen: string = new Chess().fen();
void sq; void fen;
const pos: Position = Position.startpos();
const moves: Move[] = pos.legalMoves();
const n: number = pos.perft(2);
const h: bigint = pos.hash();
const o: Outcome | null = pos.outcome();
try { Position.fromFen('x'); } catch (e) { if (e instanceof FenError) { const c: string = e.code; void c; } }
void moves; void n; void h; void o;
`,
    );
    write(
      path.join(proj, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          lib: ['ES2022', 'DOM', 'esnext.disposable'],
          types: [],
        },
        files: ['types-check.ts'],
      }),
    );
    timed('tsc', () =>
      run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], proj),
    );
  });

  test('(a) import "chesswasm/engine": a stand-in engine gives SAN lines; its types compile without @types/node', () => {
    write(
      path.join(proj, 'engine-check.mjs'),
      `import { Position } from 'chesswasm';
import { Engine } from 'chesswasm/engine';
let onLine = () => {};
const engine = await Engine.connect({
  listen: (l) => (onLine = l),
  send: (c) => queueMicrotask(() => {
    if (c === 'uci') ['id name Stub', 'uciok'].forEach(onLine);
    if (c === 'isready') onLine('readyok');
    if (c.startsWith('go')) ['info depth 3 score cp 12 pv e2e4 e7e5', 'bestmove e2e4'].forEach(onLine);
  }),
  close: () => {},
});
const [line] = await engine.analyse(Position.startpos(), { depth: 3 });
console.log(JSON.stringify({ name: engine.name, san: line.san, white: line.score.white().cp }));
engine.close();
`,
    );
    expect(JSON.parse(run(process.execPath, ['engine-check.mjs'], proj))).toEqual({
      name: 'Stub',
      san: ['e4', 'e5'],
      white: 12,
    });
    write(
      path.join(proj, 'engine-types.ts'),
      `import { Position } from 'chesswasm';
import { Engine, EngineError, type EngineLine, type Review } from 'chesswasm/engine';
export async function best(e: Engine): Promise<string | undefined> {
  const lines: EngineLine[] = await e.analyse(Position.startpos(), { depth: 1 });
  return lines[0]?.san[0];
}
export const code = (e: EngineError): string => e.code;
export type R = Review;
`,
    );
    write(
      path.join(proj, 'tsconfig.engine.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          lib: ['ES2022', 'DOM', 'esnext.disposable'],
          types: [],
        },
        files: ['engine-types.ts'],
      }),
    );
    run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.engine.json'], proj);
  });

  test('(a) require() of every entry in Node CommonJS: usable as soon as require returns', () => {
    write(
      path.join(proj, 'require-check.cjs'),
      `const { Position, Game, isInitialized } = require('chesswasm');
const ready = isInitialized();
const { Chess, Move } = require('chesswasm/chessjs');
const { openingOf } = require('chesswasm/openings');
const { Engine } = require('chesswasm/engine');
const game = new Game();
for (const san of ['c4', 'e6', 'Nc3', 'Nf6', 'd4', 'Bb4']) game.play(san);
const move = new Chess().move('e4');
console.log(JSON.stringify({ ready, perft3: Position.startpos().perft(3), kiwi: Position.fromFen(${JSON.stringify(KIWIPETE)}).perft(3),
  move: move instanceof Move, name: move.constructor.name, opening: openingOf(game), engine: typeof Engine.connect }));
`,
    );
    const out = timed('node require', () => run(process.execPath, ['require-check.cjs'], proj));
    expect(JSON.parse(out)).toEqual({
      ready: true,
      perft3: 8902,
      kiwi: 97862,
      move: true,
      name: 'Move',
      opening: { eco: 'E20', name: 'Nimzo-Indian Defense' },
      engine: 'function',
    });
  });

  // A file written for chess.js (its classes, types and constants), type-checked against the
  // facade and, as a control, against chess.js itself, under each module resolution.
  const chessjsApp = (
    spec: string,
  ): string => `import { Chess, Move, DEFAULT_POSITION, SQUARES, WHITE, validateFen } from '${spec}';
import type { Color, Piece, PieceSymbol, Square } from '${spec}';
export function targets(chess: Chess, from: Square): Square[] {
  return chess.moves({ square: from, verbose: true }).map((m: Move) => m.to);
}
export const isMove = (x: unknown): x is Move => x instanceof Move;
export function describeMove(m: Move): string {
  return [m.color, m.piece, m.from, m.to, m.captured ?? '', m.promotion ?? '', m.san, m.lan, m.before, m.after].join(' ');
}
export function pieces(chess: Chess): { square: Square; piece: Piece }[] {
  const out: { square: Square; piece: Piece }[] = [];
  for (const square of SQUARES) {
    const piece = chess.get(square);
    if (piece) out.push({ square, piece });
  }
  return out;
}
const side: Color = WHITE;
const kind: PieceSymbol = 'q';
const chess = new Chess(DEFAULT_POSITION);
const moved: Move = chess.move({ from: 'e2', to: 'e4' });
const flags: boolean = moved.isBigPawn() && !moved.isCapture() && !moved.isKingsideCastle();
const last: Move | null = chess.undo();
const ok: boolean = validateFen(chess.fen()).ok;
const history: Move[] = chess.history({ verbose: true });
const sans: string[] = chess.history();
chess.put({ type: kind, color: side }, 'd4');
const board = chess.board();
const first: Square | undefined = board[0]?.[0]?.square;
export const all = { moved, flags, last, ok, history, sans, first, ascii: chess.ascii(), turn: chess.turn() satisfies Color };
`;

  test('(a) a chess.js-using file type-checks against chesswasm/chessjs under "node", "node16" and "bundler"', () => {
    // chess.js itself for the control (the repo's devDependency).
    const link = path.join(proj, 'node_modules/chess.js');
    if (!existsSync(link)) symlinkSync(path.join(ROOT, 'node_modules/chess.js'), link, 'dir');
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const base = {
      target: 'ES2022',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      lib: ['ES2022', 'DOM'],
      types: [],
    };
    const modes = {
      node: { module: 'CommonJS', moduleResolution: 'node', ext: ['ts'] },
      node16: { module: 'Node16', moduleResolution: 'Node16', ext: ['cts', 'mts'] }, // CommonJS and ES module files
      bundler: { module: 'ESNext', moduleResolution: 'bundler', ext: ['ts'] },
    };
    for (const [lib, spec] of [
      ['chesswasm', 'chesswasm/chessjs'],
      ['chessjs', 'chess.js'],
    ] as const) {
      for (const [mode, { ext, ...options }] of Object.entries(modes)) {
        const files = ext.map((e) => `types-${lib}-${mode}.${e}`);
        for (const f of files) write(path.join(proj, f), chessjsApp(spec));
        const config = `tsconfig.${lib}-${mode}.json`;
        write(path.join(proj, config), JSON.stringify({ compilerOptions: { ...base, ...options }, files }));
        timed(`tsc ${lib} ${mode}`, () => {
          try {
            run(process.execPath, [tsc, '-p', config], proj);
          } catch (e) {
            throw new Error(`${lib} under "${mode}": ${(e as { stdout?: string }).stdout ?? String(e)}`);
          }
        });
      }
    }
  });

  test('(a) a Jest project (default configuration, CommonJS, jsdom) passes with require("chesswasm/chessjs"), as with chess.js', () => {
    // tests/jest next to the installed package; Jest and jest-environment-jsdom from the repo's
    // devDependencies (NODE_PATH), the package from the project's node_modules.
    const dir = path.join(proj, 'jest-app');
    cpSync(path.join(ROOT, 'tests/jest'), dir, { recursive: true });
    for (const module of ['chesswasm/chessjs', 'chess.js']) {
      const r = timed(`jest (${module})`, () =>
        spawnSync(process.execPath, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '--colors=false'], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules'), CHESS_MODULE: module },
        }),
      );
      expect(r.status, `jest with ${module}:\n${r.stderr}`).toBe(0);
      expect(r.stderr).toMatch(/^Tests:\s+10 passed, 10 total$/m);
    }
  });

  test("(a) Vitest's jsdom environment imports the ES module build from the installed tarball", () => {
    const dir = path.join(proj, 'vitest-app');
    write(
      path.join(dir, 'chess.test.js'),
      `import { Position, isInitialized } from 'chesswasm';
import { Chess, Move } from 'chesswasm/chessjs';
test('jsdom', () => {
  expect(typeof window).toBe('object');
  expect(isInitialized()).toBe(true);
  expect(Position.startpos().perft(3)).toBe(8902);
  const chess = new Chess();
  expect(chess.move('e4')).toBeInstanceOf(Move);
  chess.setComment('noté ♞');
  expect(chess.pgn()).toContain('{noté ♞}');
});
`,
    );
    const r = timed('vitest jsdom', () =>
      spawnSync(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--globals',
          '--environment',
          'jsdom',
          '--root',
          dir,
        ],
        { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
      ),
    );
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Tests\s+1 passed \(1\)/);
  });

  test('(a) the chesswasm bin runs from the installed package', () => {
    const out = run(path.join(proj, 'node_modules/.bin/chesswasm'), ['perft', '3'], proj);
    expect(out.trim().split('\n').at(-1)).toBe('8902');
  });
});

// ---- the browser ----------------------------------------------------------------------------

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** Serves dir on 127.0.0.1 at a random port. */
async function serve(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

interface PageRun {
  result: unknown;
  problems: string[];
}

async function openPage(browser: Browser, url: string): Promise<PageRun> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as { __result?: unknown }).__result !== undefined, null, {
      timeout: 30_000,
    });
    const result = await page.evaluate(() => (globalThis as { __result?: unknown }).__result);
    return { result, problems };
  } catch (e) {
    problems.push(`test: ${(e as Error).message}`);
    return { result: await page.evaluate(() => document.body.innerText).catch(() => null), problems };
  } finally {
    await page.close();
  }
}

describe.runIf(existsSync(CHROMIUM))('browser (Chromium)', () => {
  let browser: Browser;
  const servers: Server[] = [];

  beforeAll(async () => {
    browser = await timed('launch', () =>
      chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      }),
    );
  }, 60_000);

  afterAll(async () => {
    for (const s of servers) s.close();
    await browser?.close();
  });

  async function viteBuild(app: string, name: string): Promise<PageRun> {
    // The repo's Vite (a devDependency) builds the app; 'chesswasm' resolves from the app's
    // node_modules, i.e. the installed tarball.
    timed(`vite build (${name})`, () =>
      run(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/vite/bin/vite.js'),
          'build',
          '--logLevel',
          'warn',
          '--outDir',
          'dist',
          '--emptyOutDir',
        ],
        app,
      ),
    );
    const built = path.join(app, 'dist');
    expect(existsSync(path.join(built, 'index.html'))).toBe(true);
    const { url, server } = await serve(built);
    servers.push(server);
    const t0 = performance.now();
    const page = await openPage(browser, url);
    timings[`${name} page`] = Math.round(performance.now() - t0);
    return page;
  }

  test('(b) a Vite production build with zero configuration', async () => {
    // No vite.config: what a user starting from Vite's template gets.
    const app = path.join(proj, 'vite-zero');
    write(path.join(app, 'index.html'), html('src="./main.js"'));
    write(path.join(app, 'main.js'), mainSource('chesswasm', null));
    const { result, problems } = await viteBuild(app, 'vite');
    expect(problems).toEqual([]);
    expect(result).toEqual({ perft3: EXPECTED.perft3, moves: EXPECTED.moves });
  }, 180_000);

  test('(b, d) a Vite production build with a module worker (worker.format "es")', async () => {
    // Vite bundles workers as IIFE by default, which cannot hold the package's top-level
    // await (rolldown: INVALID_TLA_FORMAT); the one line of config users need (docs/guide.md, "Loading").
    const app = path.join(proj, 'vite-worker');
    write(path.join(app, 'vite.config.js'), "export default { worker: { format: 'es' } };\n");
    write(path.join(app, 'index.html'), html('src="./main.js"'));
    write(path.join(app, 'main.js'), mainSource('chesswasm', "new URL('./worker.js', import.meta.url)"));
    write(path.join(app, 'worker.js'), workerSource('chesswasm'));
    const { result, problems } = await viteBuild(app, 'vite+worker');
    expect(problems).toEqual([]);
    expect(result).toEqual(EXPECTED);
    // The .wasm is emitted once, as an asset next to the bundles.
    const assets = readdirSync(path.join(app, 'dist/assets'));
    expect(assets.filter((f) => f.endsWith('.wasm'))).toHaveLength(1);
  }, 180_000);

  test('(b, d) the Vite dev server (zero configuration) with a module worker', async () => {
    // What `npm run dev` gives a user: dependency pre-bundling and all. Vite's API from
    // the repo's devDependency, rooted at a directory of the app that installed the tarball.
    const app = path.join(proj, 'vite-dev');
    write(path.join(app, 'index.html'), html('src="./main.js"'));
    write(path.join(app, 'main.js'), mainSource('chesswasm', "new URL('./worker.js', import.meta.url)"));
    write(path.join(app, 'worker.js'), workerSource('chesswasm'));
    const { createServer } = await import('vite');
    const server = await createServer({
      root: app,
      configFile: false,
      logLevel: 'silent',
      cacheDir: path.join(app, '.vite'),
      server: { host: '127.0.0.1', port: 20000 + Math.floor(Math.random() * 20000), strictPort: false, hmr: false },
    });
    try {
      await server.listen();
      const url = server.resolvedUrls!.local[0]!;
      const t0 = performance.now();
      const { result, problems } = await openPage(browser, url);
      timings['vite dev page'] = Math.round(performance.now() - t0);
      expect(problems).toEqual([]);
      expect(result).toEqual(EXPECTED);
    } finally {
      await server.close();
    }
  }, 180_000);

  test('(e) a library in Vite library mode: the .wasm inlined as base64 by default, a file with the package kept external', async () => {
    // The library, as a package of its own that depends on chesswasm (resolved from the
    // project's node_modules: the installed tarball).
    const lib = path.join(proj, 'chess-lib');
    write(
      path.join(lib, 'package.json'),
      JSON.stringify({
        name: 'chess-lib',
        type: 'module',
        exports: './dist/chess-lib.js',
        dependencies: { chesswasm: '*' },
      }),
    );
    write(
      path.join(lib, 'src/index.js'),
      `import { Position } from 'chesswasm';
export function summary() {
  const pos = Position.startpos();
  const result = { perft3: pos.perft(3), moves: pos.legalMoves().length };
  pos.dispose();
  return result;
}
`,
    );
    const libConfig = (outDir: string, external: boolean): string =>
      `export default { build: { outDir: '${outDir}', emptyOutDir: true, lib: { entry: 'src/index.js', formats: ['es'], fileName: 'chess-lib' }${
        external ? ', rolldownOptions: { external: [/^chesswasm(\\/|$)/] }' : ''
      } } };\n`;
    write(path.join(lib, 'vite.inline.config.js'), libConfig('dist-inline', false));
    write(path.join(lib, 'vite.config.js'), libConfig('dist', true)); // docs/guide.md's recipe
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    timed('vite build (library, inlined)', () =>
      run(process.execPath, [vite, 'build', '--logLevel', 'error', '-c', 'vite.inline.config.js'], lib),
    );
    timed('vite build (library, external)', () => run(process.execPath, [vite, 'build', '--logLevel', 'error'], lib));
    const WASM_BASE64 = 'AGFzbQ'; // "\0asm", the .wasm's first bytes, in base64
    const inlined = readFileSync(path.join(lib, 'dist-inline/chess-lib.js'), 'utf8');
    expect(inlined).toContain(WASM_BASE64);
    expect(inlined.length).toBeGreaterThan(200_000);
    const external = readFileSync(path.join(lib, 'dist/chess-lib.js'), 'utf8');
    expect(external).not.toContain(WASM_BASE64);
    expect(external).toMatch(/from\s*["']chesswasm["']/);
    expect(external.length).toBeLessThan(2_000);
    // An app on the library: its build emits the .wasm once, as a file, and runs.
    const link = path.join(proj, 'node_modules/chess-lib');
    if (!existsSync(link)) symlinkSync(lib, link, 'dir');
    const app = path.join(proj, 'lib-app');
    write(path.join(app, 'index.html'), html('src="./main.js"'));
    write(
      path.join(app, 'main.js'),
      `import { summary } from 'chess-lib';
const result = summary();
document.getElementById('out').textContent = JSON.stringify(result);
globalThis.__result = result;
`,
    );
    const { result, problems } = await viteBuild(app, 'vite app on the library');
    expect(problems).toEqual([]);
    expect(result).toEqual({ perft3: EXPECTED.perft3, moves: EXPECTED.moves });
    const assets = readdirSync(path.join(app, 'dist/assets'));
    expect(assets.filter((f) => f.endsWith('.wasm'))).toHaveLength(1);
    for (const f of assets.filter((f) => f.endsWith('.js')))
      expect(readFileSync(path.join(app, 'dist/assets', f), 'utf8')).not.toContain(WASM_BASE64);
  }, 180_000);

  test('(c, d) a plain <script type="module"> page importing dist/index.js from a static folder, with a module worker', async () => {
    // The static folder is the app itself: the page imports the installed package's files.
    const spec = '/node_modules/chesswasm/dist/index.js';
    write(path.join(proj, 'static/index.html'), html(`src="./main.js"`));
    write(path.join(proj, 'static/main.js'), mainSource(spec, "new URL('./worker.js', import.meta.url)"));
    write(path.join(proj, 'static/worker.js'), workerSource(spec));
    const { url, server } = await serve(proj);
    servers.push(server);
    const t0 = performance.now();
    const { result, problems } = await openPage(browser, `${url}static/`);
    timings['static page'] = Math.round(performance.now() - t0);
    expect(problems).toEqual([]);
    expect(result).toEqual(EXPECTED);
  }, 120_000);
});

test.skipIf(existsSync(CHROMIUM))('chromium is installed (scripts/check-deps.sh installs it)', () => {
  expect.fail(`${CHROMIUM} is missing: apt-get install -y chromium`);
});
