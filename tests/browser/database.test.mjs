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
    if (data.delete) {
      // Refused while open, then gone: opened again it is empty; a second delete finds none.
      const open = await GameDatabase.open('games.db');
      const whileOpen = await GameDatabase.delete('games.db').then(() => 'deleted', (e) => e.code);
      const kept = open.count();
      open.close();
      const deleted = await GameDatabase.delete('games.db');
      const fresh = await GameDatabase.open('games.db');
      const after = fresh.count();
      fresh.close();
      const again = await GameDatabase.delete('/games.db');
      const none = await GameDatabase.delete('games.db');
      self.postMessage({ whileOpen, kept, deleted, after, again, none });
      return;
    }
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
  // The quota test's worker: one import in batches of 10, then what the store holds.
  writeFileSync(
    path.join(dir, 'quota-worker.js'),
    `const modules = Promise.all([import('./index.js'), import('./database.js')]);
self.onmessage = async ({ data }) => {
  const [{ Position }, { GameDatabase }] = await modules;
  let db;
  try {
    db = await GameDatabase.open('quota.db');
    const out = { added: 0, code: null };
    if (data.pgn) {
      try {
        out.added = (await db.addGames(data.pgn, { batchSize: 10 })).added;
      } catch (e) {
        out.code = e.code;
        out.name = e.name;
      }
    }
    out.count = db.count();
    out.games = db.explore(Position.startpos()).games;
    out.usage = (await navigator.storage.estimate()).usage;
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
window.inQuotaWorker = (pgn) => new Promise((resolve) => {
  const w = new Worker('./quota-worker.js', { type: 'module' });
  w.onmessage = (e) => { w.terminate(); resolve(e.data); };
  w.onerror = (e) => { w.terminate(); resolve({ error: e.message ?? 'worker error' }); };
  w.postMessage({ pgn });
});
window.deleteInWorker = () => new Promise((resolve) => {
  const w = new Worker('./worker.js', { type: 'module' });
  w.onmessage = (e) => { w.terminate(); resolve(e.data); };
  w.onerror = (e) => { w.terminate(); resolve({ error: e.message ?? 'worker error' }); };
  w.postMessage({ delete: true });
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

test('OPFS in a worker: stored, found again after a reload, deleted; the main thread: memory only', async () => {
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
  // GameDatabase.delete: refused while the store is open, then the store is gone.
  assert.deepEqual(await page.evaluate(() => window.deleteInWorker()), {
    whileOpen: 'locked',
    kept: 100,
    deleted: true,
    after: 0,
    again: true,
    none: false,
  });
  assert.deepEqual(await page.evaluate(() => window.inWorker(null)), {
    added: 0,
    count: 0,
    games: 0,
    first: undefined,
  });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a full storage quota: DatabaseError full, the batches before it kept, the import resumed once there is room', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
  const empty = await page.evaluate(() => window.inQuotaWorker(null));
  assert.equal(empty.count, 0, JSON.stringify(empty));
  // The origin's quota (Chromium's DevTools protocol): room for a few batches of 10 games
  // (a stored game takes about 3 KB) but not for the 100.
  const cdp = await context.newCDPSession(page);
  const origin = new URL(server.url).origin;
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: empty.usage + 150_000 });
  const pgn = readFileSync(path.join(ROOT, 'tests/data/pgn/lichess-2013-01.pgn'), 'utf8');
  const full = await page.evaluate((text) => window.inQuotaWorker(text), pgn);
  assert.equal(full.code, 'full', JSON.stringify(full));
  assert.equal(full.name, 'DatabaseError');
  // Whole batches only, readable, and the index agrees with the games table.
  assert.ok(full.count > 0 && full.count < 100 && full.count % 10 === 0, JSON.stringify(full));
  assert.equal(full.games, full.count);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin }); // the quota back to the browser's
  const resumed = await page.evaluate((text) => window.inQuotaWorker(text), pgn);
  assert.deepEqual(
    { added: resumed.added, code: resumed.code, count: resumed.count, games: resumed.games },
    { added: 100 - full.count, code: null, count: 100, games: 100 },
  );
  assert.deepEqual(problems, []);
  await context.close();
});
