// Engine analysis: Stockfish (the `stockfish` npm package's lite build) in a Web Worker, on a
// cross-origin isolated page (tests/browser/server.mjs sends COOP/COEP; engines.test.mjs covers
// threads, the settings, Makruk and the page without the headers). Functional checks with
// generous timeouts, no timing assertions: on a mate in one the best line starts with the
// mating move; the lines are SAN from the package; it follows the position; off stops it;
// the lines lie inside the viewport at both sizes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  SIZES,
  assertInViewport,
  assertLayout,
  clickMove,
  gamePgn,
  importPgn,
  loadFen,
  shot,
  startBrowser,
  waitBestMove,
} from './helpers.mjs';

const ENGINE_TIMEOUT = 60_000;
let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

const lines = (page) =>
  page.$$eval('[data-testid=engine-line]', (els) => els.map((e) => e.querySelector('.pv-moves').textContent.trim()));

const waitBest = (page, pattern) => waitBestMove(page, pattern, ENGINE_TIMEOUT);

describe('engine', () => {
  it('finds the mate in one: the best line starts with the mating move, eval #1, an arrow on the board', async () => {
    const page = await b.open();
    await loadFen(page, '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
    assert.equal(await page.getAttribute('[data-testid=engine-toggle]', 'aria-pressed'), 'false');
    await page.click('[data-testid=engine-toggle]');
    await waitBest(page, /^Ra8#$/);
    await page.waitForFunction(() => document.querySelector('[data-testid=engine-eval]').textContent === '#1', null, {
      timeout: ENGINE_TIMEOUT,
    });
    assert.match(await page.textContent('[data-testid=engine-depth]'), /depth \d+/);
    // The best move's arrow (a1 to a8) among the automatic shapes.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] svg.cg-shapes g > *').length > 0);
    // Up to three lines, each starting with a move number and a legal SAN move.
    const all = await lines(page);
    assert.ok(all.length >= 1 && all.length <= 3, `${all.length} lines`);
    for (const l of all) assert.match(l, /^1\.\s?[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8]/);
    await shot(page, '30-engine-mate-in-one');
    await page.closeAll();
  });

  it('follows the position and stops when switched off', async () => {
    const page = await b.open();
    await page.click('[data-testid=engine-toggle]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=engine-line]').length > 0, null, {
      timeout: ENGINE_TIMEOUT,
    });
    // Black to move after 1. e4: the lines start with "1…".
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(
      () => /^1…/.test(document.querySelector('[data-testid=engine-line] .pv-moves')?.textContent ?? ''),
      null,
      { timeout: ENGINE_TIMEOUT },
    );
    // Clicking a move of a line plays the line up to it.
    // (Read and pressed in one task: the lines are redrawn as the search deepens, so the move
    // read by one call could be another by the time a second call clicks it.)
    const first = await page.evaluate(() => {
      const move = document.querySelector('[data-testid=engine-line] .pv-move');
      const rect = move.getBoundingClientRect();
      const at = { bubbles: true, cancelable: true, button: 0, clientX: rect.x + 2, clientY: rect.y + 2 };
      move.dispatchEvent(new MouseEvent('mousedown', at));
      move.dispatchEvent(new MouseEvent('mouseup', at));
      move.dispatchEvent(new MouseEvent('click', at));
      return move.textContent;
    });
    await page.waitForFunction(
      (san) => document.querySelector('[data-testid=moves] .move.current')?.dataset.san === san,
      first,
    );
    // Off: the lines and the eval go, and nothing comes back.
    await page.click('[data-testid=engine-toggle]');
    assert.equal(await page.getAttribute('[data-testid=engine-toggle]', 'aria-pressed'), 'false');
    assert.equal(await page.locator('[data-testid=engine-line]').count(), 0);
    await page.waitForTimeout(1500);
    assert.equal(await page.locator('[data-testid=engine-line]').count(), 0, 'no analysis arrives after switching off');
    assert.equal(await page.textContent('[data-testid=engine-eval]'), '');
    await page.closeAll();
  });

  for (const [name, size] of SIZES) {
    it(`the eval, depth and lines lie inside the viewport, nothing overflows (${name})`, async () => {
      const page = await b.open('', size);
      await importPgn(page, gamePgn('immortal'));
      await page.keyboard.press('Home');
      for (let i = 0; i < 17; i++) await page.keyboard.press('ArrowRight'); // 9. Nf5
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.click('[data-testid=engine-toggle]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=engine-line]').length === 3, null, {
        timeout: ENGINE_TIMEOUT,
      });
      await page.waitForFunction(
        () => /depth (1[0-9]|[2-9]\d)/.test(document.querySelector('[data-testid=engine-depth]').textContent),
        null,
        { timeout: ENGINE_TIMEOUT },
      );
      await assertInViewport(page, '[data-testid=engine-eval]', name);
      await assertInViewport(page, '[data-testid=engine-lines]', name);
      await assertInViewport(page, '[data-testid=board]', name);
      await assertLayout(page, `engine on (${name})`);
      // The search time and the lines picker stay side by side (a full row moves both on).
      const [time, lines] = await page.$$eval(['#engine-time', '#engine-multipv'].join(','), (els) =>
        els.map((e) => Math.round(e.getBoundingClientRect().top)),
      );
      assert.equal(time, lines, `${name}: the two pickers on one line`);
      await shot(page, `31-engine-lines-${name}`);
      await page.closeAll();
    });
  }

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
