// The board's engines on a cross-origin isolated page (tests/browser/server.mjs sends the
// COOP/COEP headers, as `npm start` does): multi-threaded Stockfish with a threads setting,
// the settings kept across a reload, the engine's name/threads/speed shown, Fairy-Stockfish
// analysing Makruk and the lichess variants (each one's own win in one as the best line); and
// the single-threaded fallback on a page served without the headers.
// Functional checks with generous timeouts, no timing assertions.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { DESKTOP, DIST, PHONE, loadFen, shot, startBrowser, waitBestMove } from './helpers.mjs';
import { serve } from './server.mjs';

const ENGINE_TIMEOUT = 90_000;
let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

const waitBest = (page, pattern) => waitBestMove(page, pattern, ENGINE_TIMEOUT);
const info = (page) => page.textContent('[data-testid=engine-info]');
const waitInfo = (page, pattern) =>
  page.waitForFunction(
    (src) => new RegExp(src).test(document.querySelector('[data-testid=engine-info]').textContent),
    pattern.source,
    { timeout: ENGINE_TIMEOUT },
  );

describe('engines (isolated page)', () => {
  it('is cross-origin isolated; with 2 threads Stockfish finds the mate in one; engine-info shows name, threads and speed', async () => {
    const page = await b.open();
    assert.equal(await page.evaluate(() => crossOriginIsolated), true, 'the page is cross-origin isolated');
    const threads = await page.$$eval('[data-testid=engine-threads] option', (os) => os.map((o) => Number(o.value)));
    assert.ok(threads.length >= 2, `threads offered: ${threads}`);
    await page.selectOption('[data-testid=engine-threads]', '2');
    await page.selectOption('[data-testid=engine-time]', '0'); // infinite: the speed is reported
    await loadFen(page, '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
    await page.click('[data-testid=engine-toggle]');
    await waitBest(page, /^Ra8#$/);
    await page.waitForFunction(() => document.querySelector('[data-testid=engine-eval]').textContent === '#1', null, {
      timeout: ENGINE_TIMEOUT,
    });
    // A middlegame: the engine searches long enough to report its speed.
    await loadFen(page, 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4');
    await waitInfo(page, /kn\/s/);
    assert.match(await info(page), /^Stockfish 19\b.* · 2 threads · \d+ kn\/s$/);
    await shot(page, '32-engine-threads');
    await page.closeAll();
  });

  it('keeps lines, search time, threads and hash across a reload', async () => {
    const page = await b.open();
    await page.selectOption('[data-testid=engine-multipv]', '2');
    await page.selectOption('[data-testid=engine-time]', '10');
    await page.selectOption('[data-testid=engine-threads]', '1');
    await page.selectOption('[data-testid=engine-hash]', '64');
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 15_000 });
    assert.equal(await page.inputValue('[data-testid=engine-multipv]'), '2');
    assert.equal(await page.inputValue('[data-testid=engine-time]'), '10');
    assert.equal(await page.inputValue('[data-testid=engine-threads]'), '1');
    assert.equal(await page.inputValue('[data-testid=engine-hash]'), '64');
    // And they are used: two lines, one thread.
    await page.click('[data-testid=engine-toggle]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=engine-line]').length === 2, null, {
      timeout: ENGINE_TIMEOUT,
    });
    await waitInfo(page, / · 1 thread\b/);
    // A broken stored value falls back to the defaults instead of breaking the panel.
    await page.evaluate(() => localStorage.setItem('chesswasm.engine', '{"multipv": 9, "hash": "x"'));
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 15_000 });
    assert.equal(await page.inputValue('[data-testid=engine-multipv]'), '3');
    assert.equal(await page.inputValue('[data-testid=engine-hash]'), '16');
    await page.closeAll();
  });

  it('Fairy-Stockfish analyses Makruk: the mate in one with the met (UCI_Variant makruk), lines in SAN', async () => {
    // Only Makruk has this position (a met, a khon): the met steps to b7, covered by the khon;
    // the khon guards a7, the king b8. (Sb7+ is no mate: a7 is free then.)
    const page = await b.open(`#fen=${encodeURIComponent('k7/2K5/MS6/8/8/8/8/8 w - - 0 1')}&variant=makruk`);
    assert.equal(await page.inputValue('[data-testid=variant]'), 'makruk');
    await page.click('[data-testid=engine-toggle]');
    await waitBest(page, /^Mb7#$/);
    await page.waitForFunction(() => document.querySelector('[data-testid=engine-eval]').textContent === '#1', null, {
      timeout: ENGINE_TIMEOUT,
    });
    await waitInfo(page, /^Fairy-Stockfish\b/);
    assert.equal(await page.textContent('[data-testid=engine-note]'), '');
    await shot(page, '33-engine-makruk');
    await page.closeAll();
  });

  // Each variant's own win in one, loaded as a lichess-style PGN (Variant and FEN tags) in the
  // URL: the best line starts with it, in SAN, and the panel names the engine and its rules.
  const WINS = [
    ['Atomic', 'atomic', '4k3/3p4/8/2N5/8/8/8/4K3 w - - 0 1', /^Nxd7#$/, 'explosion'],
    ['King of the Hill', 'kingofthehill', 'k7/8/8/8/8/2K5/8/8 w - - 0 1', /^Kd4#$/, 'hill'],
    ['Three-check', '3check', '4k3/8/8/8/8/8/8/4K2R w K - 0 1 +2+0', /^Rh8#$/, 'third-check'],
    ['Crazyhouse', 'crazyhouse', '6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1', /^R@[a-e]8#$/, 'drop'],
  ];
  for (const [name, variant, fen, move, label] of WINS)
    it(`Fairy-Stockfish finds the ${variant} win in one (${label}) as the best line`, async () => {
      const pgn = `[Variant "${name}"]\n[FEN "${fen}"]\n[SetUp "1"]\n\n*\n`;
      const viewport = variant === 'crazyhouse' ? PHONE : DESKTOP;
      const page = await b.open(`#pgn=${encodeURIComponent(pgn)}`, viewport);
      await page.selectOption('[data-testid=engine-multipv]', '1');
      await page.click('[data-testid=engine-toggle]');
      await waitBest(page, move);
      await page.waitForFunction(() => document.querySelector('[data-testid=engine-eval]').textContent === '#1', null, {
        timeout: ENGINE_TIMEOUT,
      });
      await waitInfo(page, new RegExp(`^Fairy-Stockfish\\b.* · ${variant} · \\d+ threads?\\b`));
      assert.equal(await page.textContent('[data-testid=engine-note]'), '');
      if (variant === 'crazyhouse') {
        // A drop is drawn as the piece on its square (chessground's piece shape), not as an arrow.
        await page.waitForSelector('cg-auto-pieces piece.rook.white', { state: 'attached', timeout: ENGINE_TIMEOUT });
        assert.equal(await page.locator('.cg-shapes line').count(), 0, 'no arrow for a drop');
      }
      await shot(page, `34-engine-${variant}${viewport === PHONE ? '-phone' : ''}`);
      await page.closeAll();
    });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});

describe('engines (page without COOP/COEP)', () => {
  it('falls back to single-threaded Stockfish (threads fixed at 1) and explains why Makruk has no engine', async () => {
    const server = await serve(DIST, 0, { isolated: false });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 15_000 });
      assert.equal(await page.evaluate(() => crossOriginIsolated), false);
      assert.equal(await page.isDisabled('[data-testid=engine-threads]'), true);
      await loadFen(page, '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
      await page.click('[data-testid=engine-toggle]');
      await waitBest(page, /^Ra8#$/);
      await waitInfo(page, /^Stockfish 19\b.* · 1 thread\b/);
      await page.selectOption('[data-testid=variant]', 'makruk');
      assert.match(await page.textContent('[data-testid=engine-note]'), /Fairy-Stockfish needs SharedArrayBuffer/);
    } finally {
      await browser.close();
      await server.close();
    }
  });

  it('analyses the lichess variants with stockfish.js 10 (the atomic explosion, an antichess line as giveaway)', async () => {
    const server = await serve(DIST, 0, { isolated: false });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage({ viewport: DESKTOP });
      const problems = [];
      page.on('pageerror', (e) => problems.push(e.message));
      const open = async (name, fen) => {
        await page.goto(
          `${server.url}#pgn=${encodeURIComponent(`[Variant "${name}"]\n[FEN "${fen}"]\n[SetUp "1"]\n\n*\n`)}`,
        );
        await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 15_000 });
      };
      await open('Atomic', '4k3/3p4/8/2N5/8/8/8/4K3 w - - 0 1');
      assert.equal(await page.evaluate(() => crossOriginIsolated), false);
      await page.click('[data-testid=engine-toggle]');
      await waitBest(page, /^Nxd7#$/);
      await waitInfo(page, /^Stockfish .*Multi-Variant · atomic · 1 thread\b/);
      assert.equal(await page.textContent('[data-testid=engine-note]'), '');
      await shot(page, '35-engine-atomic-not-isolated');
      // Antichess goes to the engine as its `giveaway`; every line comes back legal in SAN.
      await open('Antichess', '8/P7/8/8/8/8/8/7k w - - 0 1'); // the engine, still on, follows
      await waitBest(page, /^a8=[QRBNK]$/);
      await waitInfo(page, / · antichess · /);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
