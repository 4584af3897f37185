// The tablebase panel's offline tables and its URL mode (web/board/src/views/tablebase.ts,
// web/board/src/table-store.ts) in Chromium, on the production build, whose syzygy/ holds the 35
// tables of tests/data/syzygy:
// - Install downloads the 70 files with progress into OPFS, with no long task over 100 ms; the
//   panel then answers a KQvKR and a KRvK position as the package does on the same files in
//   Node (the verdict's text, every move's result and DTZ), and still does after a reload with
//   the server's syzygy/ route down and after a reload offline; Remove empties it.
// - A network failure, a full quota and Cancel stop the install with their message and code,
//   the tables counted are only those with both files whole (the table whose file failed is
//   refused as missing), and the next Install fetches only the rest.
// - Where OPFS is missing, the tables go to IndexedDB and answer after a reload.
// - A URL: the tables under it opened through the package (Range requests to the test server),
//   remembered across a reload, where the same position reads no byte from the server again
//   (the package keeps what it read in OPFS), offline too; Forget forgets it.
// Screenshots of the panel at 1280x800 and 390x844.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import {
  DESKTOP,
  PHONE,
  SYZYGY,
  assertInViewport,
  assertLayout,
  loadFen,
  moverResult,
  shot,
  tab,
  useBrowser,
  watchLongTasks,
} from './helpers.mjs';

const FILES = readdirSync(SYZYGY)
  .filter((f) => /\.rtb[wz]$/.test(f))
  .sort() // the order of index.json, in which Install fetches them
  .map((name) => ({ name, size: statSync(`${SYZYGY}/${name}`).size }));
const BYTES = FILES.reduce((s, f) => s + f.size, 0);
const KQKR = '8/8/4k3/8/8/3r4/8/3QK3 w - - 0 1';
const KRK = '8/8/8/4k3/8/8/8/R3K3 w - - 0 1';
const WDL_TEXT = {
  2: 'Win',
  1: 'Win, but drawn by the 50-move rule',
  0: 'Draw',
  [-1]: 'Loss, but drawn by the 50-move rule',
  [-2]: 'Loss',
};

// A file the test makes fail (or every request, offline), or that the server lacks (a URL's
// 5-piece tables: 404), is logged by the browser: expected when it is a table file.
const expected = (m) =>
  /Failed to load resource/.test(m.text()) && /\/syzygy\/K[A-Z]*v[A-Z]*\.rtb[wz]$/.test(m.location().url);

const b = useBrowser({ tablebase: true });

const sel = (id) => `[data-testid=${id}]`;
const listState = (page) => page.getAttribute(sel('tablebase-moves'), 'data-state');
const restored = (page) => page.waitForSelector('[data-testid=tablebase][data-restored=true]', { state: 'attached' });
const installed = (page) =>
  page.$eval(sel('tablebase-installed'), (e) => ({
    count: Number(e.dataset.count ?? 0),
    bytes: Number(e.dataset.bytes ?? 0),
    complete: e.dataset.complete === 'true',
    kind: e.dataset.kind,
    text: e.textContent,
  }));
// (data-installing: the install, and the opening of its tables after it, is not over.)
const waitInstalled = (page, count) =>
  page.waitForFunction(
    (n) => {
      const e = document.querySelector('[data-testid=tablebase-installed]');
      return e.dataset.count === String(n) && !e.dataset.installing;
    },
    count,
    { timeout: 30_000 },
  );
const waitError = (page) =>
  page.waitForFunction(
    () =>
      !document.querySelector('[data-testid=tablebase-install-error]').hidden &&
      !document.querySelector('[data-testid=tablebase-installed]').dataset.installing,
    null,
    { timeout: 30_000 },
  );
const errorOf = (page) =>
  page.$eval(sel('tablebase-install-error'), (e) => ({ code: e.dataset.code, text: e.textContent }));
/** The panel's answer once it has one for `fen`: its state, source, code, verdict and rows. */
async function answer(page, fen) {
  await page.waitForFunction(
    (f) => {
      const list = document.querySelector('[data-testid=tablebase-moves]');
      return (
        document.querySelector('[data-testid=fen]').value === f &&
        (list.dataset.state === 'moves' || list.dataset.state === 'refused')
      );
    },
    fen,
    { timeout: 30_000 },
  );
  return page.evaluate(() => {
    const list = document.querySelector('[data-testid=tablebase-moves]');
    return {
      state: list.dataset.state,
      source: list.dataset.source,
      code: list.dataset.code,
      verdict: document.querySelector('[data-testid=tablebase-verdict]').textContent,
      rows: [...list.querySelectorAll('[data-uci]')].map((e) => ({
        uci: e.dataset.uci,
        result: e.dataset.result,
        dtz: Number(e.dataset.dtz),
      })),
    };
  });
}
/** What the package in Node says of `fen` on tests/data/syzygy, in the panel's terms. */
async function inNode(fen) {
  const [wdl, dtz, moves] = await Promise.all([
    b.tablebase.probeWdl(fen),
    b.tablebase.probeDtz(fen),
    b.tablebase.bestMoves(fen),
  ]);
  return {
    verdict: `${WDL_TEXT[wdl]} for the side to move (DTZ ${dtz})`,
    rows: moves.map((m) => ({ uci: m.uci, result: moverResult(m), dtz: m.dtz })),
  };
}
async function assertAnswers(page, fen, source) {
  const got = await answer(page, fen);
  const want = await inNode(fen);
  assert.equal(got.state, 'moves', JSON.stringify(got));
  assert.equal(got.source, source);
  assert.equal(got.verdict, want.verdict);
  assert.deepEqual(got.rows, want.rows);
  return got;
}
/** Records every text the progress line shows. */
const recordProgress = (page) =>
  page.evaluate(() => {
    window.__progress = [];
    const el = document.querySelector('[data-testid=tablebase-progress-text]');
    new MutationObserver(() => window.__progress.push(el.textContent)).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
/** The folders at the root of the page's OPFS. */
const opfsFolders = (page) =>
  page.evaluate(async () => {
    const names = [];
    for await (const e of (await navigator.storage.getDirectory()).values())
      if (e.kind === 'directory') names.push(e.name);
    return names.sort();
  });
/** The installed files in the page's OPFS with their sizes. */
const opfsFiles = (page) =>
  page.evaluate(async () => {
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('chesswasm-board-syzygy');
    const out = {};
    for await (const e of dir.values()) if (e.kind === 'file') out[e.name] = (await e.getFile()).size;
    return out;
  });
const tableRequests = (from) => b.server.requests.slice(from).filter((r) => r.path.startsWith('/syzygy/'));
const cached = (page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
async function reload(page) {
  await page.reload();
  await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 15_000 });
  await restored(page);
}

describe('tablebase panel: installed tables', () => {
  it('installs the 3-4 piece tables in one click and answers from them, after a reload offline too', async (t) => {
    const page = await b.open('', DESKTOP, { expected });
    await loadFen(page, KQKR);
    await tab(page, 'tablebase');
    await restored(page);
    assert.equal((await installed(page)).count, 0);
    assert.deepEqual(await opfsFolders(page), []); // a visit that installs nothing writes nothing
    assert.equal(await page.textContent(sel('tablebase-install')), 'Install 3–4-piece tables (4.35 MB)');
    assert.equal(await listState(page), 'empty');
    await recordProgress(page);
    const watch = await watchLongTasks(page);
    const mark = b.server.requests.length;
    const started = Date.now();
    await page.click(sel('tablebase-install'));
    await waitInstalled(page, 35);
    const longest = (await watch.stop()).long;
    t.diagnostic(`install: ${Date.now() - started} ms, longest task ${longest} ms (0: none over 50 ms)`);
    const inst = await installed(page);
    assert.deepEqual(
      { count: inst.count, bytes: inst.bytes, complete: inst.complete, kind: inst.kind },
      { count: 35, bytes: BYTES, complete: true, kind: 'opfs' },
    );
    assert.match(inst.text, /^35 tables installed \(4\.35 MB, in the browser's file storage\): used offline\.$/);
    assert.ok(longest < 100, `a long task of ${longest} ms while installing`);
    // Every file fetched once (and the list), the progress shown in bytes up to the total.
    assert.deepEqual(
      tableRequests(mark)
        .map((r) => r.path)
        .sort(),
      ['/syzygy/index.json', ...FILES.map((f) => `/syzygy/${f.name}`)].sort(),
    );
    const progress = await page.evaluate(() => window.__progress);
    assert.ok(progress.length > 5, progress.join(' | '));
    assert.equal(progress.at(-1), '4.35 MB of 4.35 MB');
    assert.ok(
      progress.some((t) => /^[1-3]\.\d\d MB of 4\.35 MB$/.test(t)),
      progress.join(' | '),
    );
    assert.equal(await page.isHidden(sel('tablebase-install')), true);
    assert.equal(await page.isHidden(sel('tablebase-progress')), true);
    await assertAnswers(page, KQKR, 'installed');
    await loadFen(page, KRK);
    await assertAnswers(page, KRK, 'installed');
    await page.$eval('#panel-tablebase', (e) => e.scrollIntoView({ block: 'center' }));
    await assertLayout(page, 'tablebase installed desktop');
    await assertInViewport(page, '#panel-tablebase', 'tablebase installed desktop');
    await shot(page, 'tablebase-installed-desktop');

    // A reload with the server's tables gone: the panel opens the installed ones by itself.
    await cached(page);
    b.server.blocked.add('/syzygy/');
    const before = b.server.requests.length;
    await reload(page);
    assert.equal((await installed(page)).count, 35);
    await assertAnswers(page, KRK, 'installed');
    assert.deepEqual(tableRequests(before), []);
    b.server.blocked.clear();

    // Offline: the app from the service worker, the tables from OPFS.
    await page.context().setOffline(true);
    await reload(page);
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    assert.equal((await installed(page)).count, 35);
    await assertAnswers(page, KRK, 'installed');
    await loadFen(page, KQKR);
    await assertAnswers(page, KQKR, 'installed');
    await page.context().setOffline(false);

    // Remove: nothing left, nothing opened after a reload.
    assert.deepEqual(await opfsFolders(page), ['chesswasm-board-syzygy']);
    await page.click(sel('tablebase-remove'));
    await waitInstalled(page, 0);
    assert.deepEqual(await opfsFolders(page), []);
    assert.equal(await page.isVisible(sel('tablebase-install')), true);
    assert.equal(await page.isHidden(sel('tablebase-remove')), true);
    assert.equal(await listState(page), 'empty');
    await reload(page);
    assert.equal((await installed(page)).count, 0);
    assert.equal(await listState(page), 'empty');
    await page.closeAll();
  });
});

describe('tablebase panel: a failed install', () => {
  it('a network failure keeps only whole tables; the next Install fetches the rest', async () => {
    const page = await b.open('', PHONE, { expected });
    await loadFen(page, KQKR);
    await tab(page, 'tablebase');
    await restored(page);
    await page.route('**/syzygy/KQvKR.rtbz', (route) => route.abort('failed'));
    await page.click(sel('tablebase-install'));
    await waitError(page);
    const err = await errorOf(page);
    assert.equal(err.code, 'network');
    assert.match(err.text, /^Network error while downloading KQvKR\.rtbz \(/);
    const part = await installed(page);
    // The files are fetched in name order: those before KQvKR.rtbz are in, KQvKR has its WDL
    // file only and is not counted.
    const before = FILES.filter((f) => f.name < 'KQvKR.rtbz');
    const whole = before.filter((f) => f.name.endsWith('.rtbz')).length;
    assert.deepEqual({ count: part.count, complete: part.complete }, { count: whole, complete: false });
    assert.equal(
      part.bytes,
      before.filter((f) => f.name !== 'KQvKR.rtbw').reduce((s, f) => s + f.size, 0),
    );
    assert.match(
      part.text,
      new RegExp(`^${whole} of 35 tables installed \\(\\d\\.\\d\\d MB\\): the install is not finished\\.$`),
    );
    assert.equal(await page.textContent(sel('tablebase-install')), 'Finish the install');
    // A body cut short (half of KQvKR.rtbz, the server's length header agreeing): refused, and
    // the file left on disk short, KQvKR with its whole WDL file is still not counted.
    const kqkrZ = FILES.find((f) => f.name === 'KQvKR.rtbz');
    await page.unroute('**/syzygy/KQvKR.rtbz');
    await page.route('**/syzygy/KQvKR.rtbz', (route) =>
      route.fulfill({ status: 200, body: readFileSync(`${SYZYGY}/KQvKR.rtbz`).subarray(0, kqkrZ.size >> 1) }),
    );
    await page.click(sel('tablebase-install'));
    await waitError(page);
    assert.deepEqual(await errorOf(page), {
      code: 'incomplete',
      text: `KQvKR.rtbz: ${kqkrZ.size >> 1} bytes arrived of ${kqkrZ.size}.`,
    });
    const stored = await opfsFiles(page);
    assert.equal(stored['KQvKR.rtbw'], FILES.find((f) => f.name === 'KQvKR.rtbw').size);
    assert.ok(stored['KQvKR.rtbz'] !== undefined && stored['KQvKR.rtbz'] < kqkrZ.size, JSON.stringify(stored));
    assert.deepEqual(await installed(page), part);
    // What is installed answers; KQvKR is missing.
    const kqkr = await answer(page, KQKR);
    assert.deepEqual({ state: kqkr.state, code: kqkr.code }, { state: 'refused', code: 'missing-table' });
    await page.$eval('#panel-tablebase', (e) => e.scrollIntoView({ block: 'center' }));
    await assertLayout(page, 'tablebase failed phone');
    await shot(page, 'tablebase-failed-phone');
    // The rest: KQvKR.rtbz and the files after it (KQvKR.rtbw is whole already).
    await page.unroute('**/syzygy/KQvKR.rtbz');
    await recordProgress(page);
    const mark = b.server.requests.length;
    await page.click(sel('tablebase-install'));
    await waitInstalled(page, 35);
    const rest = FILES.filter((f) => f.name >= 'KQvKR.rtbz');
    assert.deepEqual(
      tableRequests(mark).map((r) => r.path),
      ['/syzygy/index.json', ...rest.map((f) => `/syzygy/${f.name}`)],
    );
    const total = rest.reduce((s, f) => s + f.size, 0);
    assert.equal(
      (await page.evaluate(() => window.__progress)).at(-1),
      `${(total / 1e6).toFixed(2)} MB of ${(total / 1e6).toFixed(2)} MB`,
    );
    assert.equal(await page.isHidden(sel('tablebase-install-error')), true);
    await assertAnswers(page, KQKR, 'installed');
    await page.closeAll();
  });

  it('a full quota stops the install with its message; Cancel stops it too', async () => {
    const page = await b.open('', DESKTOP, { expected });
    await tab(page, 'tablebase');
    await restored(page);
    await cached(page); // the service worker's cache is full before the quota is measured
    const cdp = await page.context().newCDPSession(page);
    const origin = new URL(b.server.url).origin;
    const { usage } = await page.evaluate(() => navigator.storage.estimate());
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: usage + 1_500_000 });
    await page.click(sel('tablebase-install'));
    await waitError(page);
    const err = await errorOf(page);
    assert.deepEqual(err, {
      code: 'quota',
      text: 'Not enough storage: the browser refused to keep more (its quota is full).',
    });
    const part = await installed(page);
    assert.ok(part.count > 0 && part.count < 35 && !part.complete, JSON.stringify(part));
    assert.ok(part.bytes <= 1_500_000, JSON.stringify(part));
    // On disk: the file the quota stopped is there but short; the tables counted are exactly
    // those with both files at their full size.
    const stored = await opfsFiles(page);
    const size = new Map(FILES.map((f) => [f.name, f.size]));
    const short = Object.entries(stored).filter(([n, bytes]) => size.has(n) && bytes !== size.get(n));
    assert.ok(short.length >= 1, JSON.stringify(stored));
    const whole = (n) => stored[n] === size.get(n);
    const tables = FILES.filter((f) => f.name.endsWith('.rtbw'))
      .map((f) => f.name.slice(0, -5))
      .filter((t) => whole(`${t}.rtbw`) && whole(`${t}.rtbz`));
    assert.equal(part.count, tables.length, JSON.stringify({ stored, part }));
    assert.equal(
      part.bytes,
      tables.reduce((sum, t) => sum + size.get(`${t}.rtbw`) + size.get(`${t}.rtbz`), 0),
    );
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });

    // Cancel, with each file slowed down so that there is time to press it.
    await page.route('**/syzygy/*.rtb?', (route) => setTimeout(() => route.continue().catch(() => {}), 150));
    await page.click(sel('tablebase-install'));
    await page.waitForFunction(() =>
      /^(0\.[1-9]\d|[1-9]\d*\.\d\d) MB of/.test(
        document.querySelector('[data-testid=tablebase-progress-text]').textContent,
      ),
    );
    assert.equal(await page.isVisible(sel('tablebase-progress')), true);
    await shot(page, 'tablebase-installing-desktop');
    await page.click(sel('tablebase-cancel'));
    await waitError(page);
    assert.deepEqual(await errorOf(page), { code: 'cancelled', text: 'Install cancelled.' });
    const cancelled = await installed(page);
    assert.ok(cancelled.count >= part.count && cancelled.count < 35 && !cancelled.complete, JSON.stringify(cancelled));
    assert.equal(await page.isHidden(sel('tablebase-progress')), true);
    await page.unroute('**/syzygy/*.rtb?');
    await page.closeAll();
  });
});

describe('tablebase panel: IndexedDB where OPFS is missing', () => {
  it('installs into IndexedDB and answers after a reload', async () => {
    const page = await b.open('', DESKTOP, {
      init: () => {
        delete StorageManager.prototype.getDirectory;
      },
    });
    await loadFen(page, KRK);
    await tab(page, 'tablebase');
    await restored(page);
    await page.click(sel('tablebase-install'));
    await waitInstalled(page, 35);
    const inst = await installed(page);
    assert.deepEqual(
      { count: inst.count, bytes: inst.bytes, complete: inst.complete, kind: inst.kind },
      { count: 35, bytes: BYTES, complete: true, kind: 'indexeddb' },
    );
    assert.match(inst.text, /in the browser's database/);
    await assertAnswers(page, KRK, 'installed');
    await reload(page);
    assert.equal((await installed(page)).kind, 'indexeddb');
    await assertAnswers(page, KRK, 'installed');
    await loadFen(page, KQKR);
    await assertAnswers(page, KQKR, 'installed');
    await page.click(sel('tablebase-remove'));
    await waitInstalled(page, 0);
    await page.closeAll();
  });
});

describe('tablebase panel: a URL', () => {
  // The package asks the server for the size of every table of 3-5 pieces: those it lacks
  // (the 5-piece ones here) answer 404.
  it('opens the tables under a URL by Range requests, remembered; a position read again reads nothing', async () => {
    const page = await b.open('', DESKTOP, { expected });
    await loadFen(page, KRK);
    await tab(page, 'tablebase');
    await restored(page);
    // A bad address is refused in place.
    await page.fill(sel('tablebase-url'), 'ftp://example.org/syzygy');
    await page.click(sel('tablebase-url-open'));
    assert.equal(await page.getAttribute(sel('tablebase-url'), 'aria-invalid'), 'true');
    assert.equal(await page.getAttribute(sel('tablebase-url-status'), 'data-state'), 'invalid');
    assert.equal(await listState(page), 'empty');

    const base = `${b.server.url}syzygy/`;
    await page.fill(sel('tablebase-url'), base);
    const mark = b.server.requests.length;
    await page.click(sel('tablebase-url-open'));
    await page.waitForFunction(
      () => document.querySelector('[data-testid=tablebase-url-status]').dataset.state === 'open',
      null,
      { timeout: 30_000 },
    );
    assert.equal(
      await page.textContent(sel('tablebase-url-status')),
      `${base}: 35 tables, up to 4 pieces (read as positions need them, kept for offline use).`,
    );
    assert.equal(await page.getAttribute(sel('tablebase-url'), 'aria-invalid'), null);
    await assertAnswers(page, KRK, 'url');
    const first = tableRequests(mark);
    // HEAD for each of the 145 tables' two files, then byte ranges of the tables read.
    assert.equal(first.filter((r) => r.method === 'HEAD').length, 290);
    const ranges = first.filter((r) => r.method === 'GET');
    assert.ok(ranges.length > 0 && ranges.every((r) => /^bytes=\d+-\d+$/.test(r.range)), JSON.stringify(ranges));
    assert.ok(ranges.some((r) => r.path === '/syzygy/KRvK.rtbw') && ranges.some((r) => r.path === '/syzygy/KRvK.rtbz'));
    await page.$eval('#panel-tablebase', (e) => e.scrollIntoView({ block: 'center' }));
    await assertLayout(page, 'tablebase url desktop');
    await shot(page, 'tablebase-url-desktop');

    // After a reload: the URL opened again by itself; the same position reads no byte.
    let again = b.server.requests.length;
    await reload(page);
    assert.equal(await page.inputValue(sel('tablebase-url')), base);
    await assertAnswers(page, KRK, 'url');
    assert.deepEqual(
      tableRequests(again).filter((r) => r.method === 'GET'),
      [],
    );
    // The 70 sizes the server gave are kept: only the 220 files it lacks are asked for again.
    assert.equal(tableRequests(again).filter((r) => r.method === 'HEAD').length, 220);
    // Offline: the sizes and the bytes kept answer.
    await cached(page);
    await page.context().setOffline(true);
    await reload(page);
    await assertAnswers(page, KRK, 'url');
    await page.context().setOffline(false);

    // A KQvKR position reads its table (and nothing twice).
    again = b.server.requests.length;
    await loadFen(page, KQKR);
    await assertAnswers(page, KQKR, 'url');
    const kqkr = tableRequests(again).filter((r) => r.method === 'GET');
    assert.ok(kqkr.some((r) => r.path.startsWith('/syzygy/KQvKR.')));
    assert.equal(new Set(kqkr.map((r) => `${r.path} ${r.range}`)).size, kqkr.length);

    // Forget: closed, and not opened after a reload.
    await page.click(sel('tablebase-url-forget'));
    assert.equal(await listState(page), 'empty');
    await reload(page);
    assert.equal(await page.inputValue(sel('tablebase-url')), '');
    assert.equal(await listState(page), 'empty');
    await page.closeAll();
  });

  it('shows the URL mode and the installed tables together on a phone', async () => {
    const page = await b.open('', PHONE, { expected });
    await loadFen(page, KQKR);
    await tab(page, 'tablebase');
    await restored(page);
    await page.click(sel('tablebase-install'));
    await waitInstalled(page, 35);
    await page.fill(sel('tablebase-url'), `${b.server.url}syzygy/`);
    await page.click(sel('tablebase-url-open'));
    await page.waitForFunction(
      () => document.querySelector('[data-testid=tablebase-url-status]').dataset.state === 'open',
      null,
      { timeout: 30_000 },
    );
    // The installed tables come first: the URL is asked only for what they lack.
    await assertAnswers(page, KQKR, 'installed');
    // The panel's top just under the board and its buttons, which stay at the top of a phone.
    await page.evaluate(() => {
      const under = document.querySelector('.nav').getBoundingClientRect().bottom;
      const top = document.querySelector('[data-testid=tablebase]').getBoundingClientRect().top;
      window.scrollBy(0, top - under - 8);
    });
    await assertLayout(page, 'tablebase phone');
    await shot(page, 'tablebase-phone');
    await page.closeAll();
  });
});
