// First load in a browser, ms: a Vite production build of a page that imports only `Position`
// (chessops: `Chess` and its FEN reader) and writes the start position's legal moves into the
// page, served from 127.0.0.1 and opened in Debian's Chromium (headless), a fresh browser
// context for every load (nothing cached), ours and chessops alternated by the runner. The
// figure is the time from navigation start to the moment the legal moves are known
// (`performance.now()` in the page: its origin is the navigation's start), which includes
// fetching, compiling and instantiating the .wasm for ours. Each sample is the median of three
// loads. Node's figure for the same work is the `import` row.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { root } from '../lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

const PAGES = {
  ours: `import { Position } from 'chesswasm';
const moves = Position.startpos().legalUci();
window.__firstMoves = performance.now();
document.getElementById('out').textContent = moves.join(' ');`,
  chessops: `import { Chess } from 'chessops/chess';
import { makeUci } from 'chessops/util';
const pos = Chess.default();
const moves = [];
for (const [from, dests] of pos.allDests()) for (const to of dests) moves.push(makeUci({ from, to }));
window.__firstMoves = performance.now();
document.getElementById('out').textContent = moves.join(' ');`,
};

const HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>first load</title></head>' +
  '<body><p id="out"></p><script type="module" src="./main.js"></script></body></html>';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };

let shared = null; // { browser, server, port, dirs: Map<key, folder> }

async function setUp() {
  if (shared) return shared;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const server = createServer((req, res) => {
    // /<app key>/<file>
    const [, key, ...rest] = decodeURIComponent(new URL(req.url, 'http://x').pathname).split('/');
    const dir = shared.dirs.get(key);
    const file = dir && path.join(dir, rest.join('/') || 'index.html');
    if (!file || !file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  shared = { browser, server, port: server.address().port, dirs: new Map() };
  process.once('beforeExit', () => {
    void browser.close();
    server.close();
  });
  return shared;
}

// Builds the page for an implementation (ours: the package in `dist`) once; its folder's key.
async function buildPage(impl, dist) {
  const s = await setUp();
  const key = `${impl}-${s.dirs.size}`;
  const { build } = await import('vite');
  mkdirSync(path.join(root, 'build'), { recursive: true });
  const dir = mkdtempSync(path.join(root, 'build', 'bench-first-load-'));
  writeFileSync(path.join(dir, 'index.html'), HTML);
  writeFileSync(path.join(dir, 'main.js'), PAGES[impl] + '\n');
  const alias = impl === 'ours' ? { chesswasm: path.join(dist, 'index.js') } : {};
  await build({
    root: dir,
    base: './',
    configFile: false,
    logLevel: 'silent',
    resolve: { alias },
    build: { outDir: path.join(dir, 'out'), target: 'es2022', assetsInlineLimit: 0 },
  });
  s.dirs.set(key, path.join(dir, 'out'));
  return key;
}

async function loadOnce(key) {
  const s = await setUp();
  const context = await s.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${s.port}/${key}/index.html`);
    await page.waitForFunction(() => typeof globalThis.__firstMoves === 'number', null, { timeout: 30_000 });
    const moves = await page.evaluate(() => globalThis.document.getElementById('out').textContent.split(' ').length);
    if (moves !== 20) throw new Error(`first-load page ${key}: ${moves} moves`);
    return await page.evaluate(() => globalThis.__firstMoves);
  } finally {
    await context.close();
  }
}

function loads(impl, dist) {
  let key = null;
  return {
    measure: async () => {
      key ??= await buildPage(impl, dist);
      const times = [await loadOnce(key), await loadOnce(key), await loadOnce(key)].sort((a, b) => a - b);
      return times[1];
    },
  };
}

export default {
  id: 'first-load',
  title: 'first load in Chromium: navigation to the legal moves (Vite app, localhost)',
  unit: 'ms',
  lowerIsBetter: true,
  impls: {
    ours: ({ dist }) => (existsSync(CHROMIUM) ? loads('ours', dist) : undefined),
    'chess.js': () => undefined,
    chessops: () => (existsSync(CHROMIUM) ? loads('chessops') : undefined),
    native: () => undefined,
  },
};
