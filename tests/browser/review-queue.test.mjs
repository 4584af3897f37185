// The study review queue (views/review-queue.ts): a study of three real games (the Opera Game,
// the Immortal Game, a 127-ply lichess game) reviewed in the background by a Stockfish of its
// own at the quick preset, resumed after a reload without reviewing a game twice; then at 1M
// nodes: paused, kept paused across a reload, resumed, cancelled; the board's own "Review game"
// refused on the game the queue is reviewing. The page never has a long task over 100 ms while
// the queue runs. Screenshots at 1280x800, 390x844 and 844x390; axe.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP,
  PHONE,
  assertAxe,
  assertLayout,
  gamePgn,
  importPgn,
  shot,
  startBrowser,
  tab,
  watchLongTasks,
} from './helpers.mjs';

const LANDSCAPE = { width: 844, height: 390 };
let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

const ready = (page) => page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
const status = (page) => page.textContent('[data-testid=rq-status]');
const waitStatus = (page, re, timeout = 240_000) =>
  page.waitForFunction(
    (src) => new RegExp(src).test(document.querySelector('[data-testid=rq-status]').textContent),
    re.source,
    {
      timeout,
    },
  );

/** The stored reviews, read from the board's database as the page keeps them: id -> { nodes, created }. */
const storedReviews = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const r = indexedDB.open('chesswasm-studies');
        r.onsuccess = () => {
          const q = r.result.transaction('reviews').objectStore('reviews').getAll();
          q.onsuccess = () => {
            resolve(
              Object.fromEntries(
                q.result.map((x) => [x.id, { nodes: x.nodes, created: x.created, plies: x.review.moves.length }]),
              ),
            );
            r.result.close();
          };
          q.onerror = () => reject(new Error(String(q.error)));
        };
        r.onerror = () => reject(new Error(String(r.error)));
      }),
  );

const opera = () => {
  const text = gamePgn('lichess-export');
  return text.slice(text.indexOf('[Event', text.indexOf('Isouard') - 200)).trim();
};

describe('study review queue', () => {
  it('reviews every chapter once in the background, resumes after a reload, pauses, cancels', async () => {
    const page = await b.open();
    await ready(page);
    await importPgn(page, `${opera()}\n\n${gamePgn('immortal').trim()}\n\n${gamePgn('lichess-64-moves').trim()}\n`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 3);
    await page.click('[data-testid=chapters] [role=option] >> nth=0');
    await tab(page, 'review');
    const presets = await page.$$eval('[data-testid=rq-strength] option', (os) => os.map((o) => o.value));
    assert.deepEqual(presets, ['20000', '1000000', '5000000']);
    await page.selectOption('[data-testid=rq-strength]', '20000');
    let w = await watchLongTasks(page);
    await page.click('[data-testid=rq-start]');
    await page.waitForSelector('[data-testid=rq-progress]:not([hidden])');
    await waitStatus(page, /now .+ \(\d+%\)/, 60_000);
    await shot(page, '48-review-queue-running-desktop');
    await assertLayout(page, 'review queue running (desktop)');
    // The first chapter done (the Opera Game on the board: its review shows at once).
    await waitStatus(page, /^[1-2] of 3 chapters reviewed/, 120_000);
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { timeout: 10_000 });
    const first = await storedReviews(page);
    assert.ok(Object.keys(first).length >= 1);
    let { long } = await w.stop();
    console.log(`# review queue: longest task ${Math.round(long)} ms while it ran`);
    assert.ok(long < 100, `a task of ${long} ms while the queue ran`);
    // A reload in the middle: the queue goes on by itself, the chapters done are not done again.
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await ready(page);
    await tab(page, 'review');
    w = await watchLongTasks(page);
    await waitStatus(page, /All 3 chapters reviewed at 20,000 nodes per move\. The engine searched \d+% of the time\./);
    ({ long } = await w.stop());
    console.log(`# review queue after the reload: longest task ${Math.round(long)} ms`);
    // The engine's own search time as a share of the reviews' wall-clock time (printed, not asserted).
    const share = Number(await page.getAttribute('[data-testid=rq-status]', 'data-engine-share'));
    console.log(`# review queue after the reload: the engine searched ${share}% of the reviews' time at 20,000 nodes`);
    assert.ok(share > 0 && share <= 101, `engine share ${share}`);
    assert.ok(long < 100, `a task of ${long} ms while the queue ran`);
    const all = await storedReviews(page);
    assert.equal(Object.keys(all).length, 3);
    for (const [id, r] of Object.entries(first))
      assert.equal(all[id].created, r.created, `chapter ${id} reviewed twice`);
    assert.deepEqual(
      Object.values(all)
        .map((r) => r.plies)
        .sort((x, y) => x - y),
      [33, 45, 127],
    );
    for (const r of Object.values(all)) assert.equal(r.nodes, 20_000);
    assert.equal(await page.isVisible('[data-testid=rq-start]'), true);
    assert.equal(await page.isHidden('[data-testid=rq-pause]'), true);
    // Each chapter shows its review.
    for (const nth of [1, 2]) {
      await tab(page, 'studies');
      await page.click(`[data-testid=chapters] [role=option] >> nth=${nth}`);
      await tab(page, 'review');
      await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { timeout: 10_000 });
    }
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
      ['landscape', LANDSCAPE],
    ]) {
      await page.setViewportSize(size);
      await page.locator('[data-testid=review-queue]').scrollIntoViewIfNeeded();
      await assertLayout(page, `review queue done (${label})`);
      await shot(page, `49-review-queue-done-${label}`);
    }
    await page.setViewportSize(DESKTOP);
    await assertAxe(page, 'the review queue');

    // At 1M nodes: every chapter again (a stronger review). Pause, a reload (still paused), resume, cancel.
    await tab(page, 'studies');
    await page.click('[data-testid=chapters] [role=option] >> nth=0');
    await tab(page, 'review');
    await page.selectOption('[data-testid=rq-strength]', '1000000');
    await page.click('[data-testid=rq-start]');
    await waitStatus(page, /^0 of 3 chapters reviewed · now .*Morphy/, 60_000);
    // The board's own review of the game the queue is reviewing is refused: never two at once.
    await page.click('[data-testid=review]');
    await page.waitForFunction(
      () => /being reviewed by the study review/.test(document.querySelector('[data-testid=review-note]').textContent),
      null,
      { timeout: 30_000 },
    );
    await page.click('[data-testid=rq-pause]');
    await waitStatus(page, /paused/, 30_000);
    assert.equal(await page.textContent('[data-testid=rq-pause]'), 'Resume');
    await page.setViewportSize(PHONE);
    await page.locator('[data-testid=review-queue]').scrollIntoViewIfNeeded();
    await assertLayout(page, 'review queue paused (phone)');
    await shot(page, '50-review-queue-paused-phone');
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await ready(page);
    await tab(page, 'review');
    await waitStatus(page, /^0 of 3 chapters reviewed · paused/, 30_000);
    assert.equal(await page.textContent('[data-testid=rq-pause]'), 'Resume');
    assert.equal(await page.inputValue('[data-testid=rq-strength]'), '1000000');
    await page.click('[data-testid=rq-pause]');
    await waitStatus(page, /now .+ \(\d+%\)/, 60_000);
    await page.click('[data-testid=rq-cancel]');
    await waitStatus(page, /^Cancelled: 0 of 3 chapters reviewed/, 30_000);
    assert.equal(await page.isVisible('[data-testid=rq-start]'), true);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await ready(page);
    await tab(page, 'review');
    assert.equal(await page.isVisible('[data-testid=rq-start]'), true);
    assert.equal(await page.isHidden('[data-testid=rq-progress]'), true);
    assert.equal(await status(page), '');
    // The quick reviews are still the ones kept (nothing was stored by the cancelled run).
    const kept = await storedReviews(page);
    for (const [id, r] of Object.entries(all)) assert.equal(kept[id].created, r.created);
    await page.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
