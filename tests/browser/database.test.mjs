// chesswasm/database in Chromium: GameDatabase.open(name) in a module worker stores the games
// in OPFS (SQLite's opfs-sahpool VFS); a new worker after a reload finds them, explore counts
// them; on the page's main thread (no OPFS sync access) open() refuses with 'cannot-open';
// ':memory:' works there. Served from a folder holding the package's dist/ files and SQLite's
// wasm build, the bare specifier '@sqlite.org/sqlite-wasm' in dist/database.js pointed at that
// copy (what an app's bundler does).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { ROOT } from './helpers.mjs';
import { serve } from './server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dir = mkdtempSync(path.join(os.tmpdir(), 'cw-db-browser-'));
let server;
let browser;

before(async () => {
  const dist = path.join(ROOT, 'dist');
  for (const f of readdirSync(dist))
    if (f.endsWith('.js') || f === 'chesswasm.wasm') cpSync(path.join(dist, f), path.join(dir, f));
  cpSync(path.join(ROOT, 'node_modules/@sqlite.org/sqlite-wasm/dist'), path.join(dir, 'sqlite'), { recursive: true });
  const db = path.join(dir, 'database.js');
  writeFileSync(db, readFileSync(db, 'utf8').replaceAll('@sqlite.org/sqlite-wasm', './sqlite/index.mjs'));
  writeFileSync(
    path.join(dir, 'worker.js'),
    `// onmessage first: the package's modules load the wasm before a static import returns.
const modules = Promise.all([import('./index.js'), import('./database.js')]);
self.onmessage = async ({ data }) => {
  try {
    const [{ Position }, { GameDatabase }] = await modules;
    const db = await GameDatabase.open('games.db');
    const added = data.pgn ? (await db.addGames(data.pgn, { batchSize: 25 })).added : 0;
    const start = db.explore(Position.startpos());
    const out = { added, count: db.count(), games: start.games, first: start.moves[0]?.san };
    db.close();
    self.postMessage(out);
  } catch (e) {
    self.postMessage({ error: String(e), code: e.code });
  }
};
`,
  );
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module">
import { GameDatabase } from './database.js';
window.inWorker = (pgn) => new Promise((resolve) => {
  const w = new Worker('./worker.js', { type: 'module' });
  w.onmessage = (e) => { w.terminate(); resolve(e.data); };
  w.onerror = (e) => { w.terminate(); resolve({ error: e.message ?? 'worker error' }); };
  w.postMessage({ pgn });
});
window.onMain = async () => {
  const memory = await GameDatabase.open(':memory:');
  const r = await memory.addGames('1. e4 e5 *');
  memory.close();
  try {
    await GameDatabase.open('games.db');
    return { added: r.added, opened: true };
  } catch (e) {
    return { added: r.added, code: e.code };
  }
};
document.body.dataset.ready = 'true';
</script>`,
  );
  server = await serve(dir, 0, { isolated: false });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('OPFS in a worker: stored, found again after a reload; the main thread: memory only', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
  const pgn = readFileSync(path.join(ROOT, 'tests/data/pgn/lichess-2013-01.pgn'), 'utf8');
  const first = await page.evaluate((text) => window.inWorker(text), pgn);
  assert.deepEqual(first, { added: 100, count: 100, games: 100, first: 'e4' });
  await page.reload();
  await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
  const again = await page.evaluate((text) => window.inWorker(text), pgn);
  assert.deepEqual(again, { added: 0, count: 100, games: 100, first: 'e4' });
  assert.deepEqual(await page.evaluate(() => window.onMain()), { added: 1, code: 'cannot-open' });
  assert.deepEqual(problems, []);
  await context.close();
});
