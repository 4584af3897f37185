// The database review queue (views/db-review-queue.ts): three games imported into one of the
// Explorer's databases (the Opera Game, the Immortal Game, a crazyhouse game), reviewed by the
// board's Stockfish at the quick preset (20,000 nodes per position). First the games the
// player filter keeps (Anderssen's: one), then the whole database: the game reviewed before is
// not reviewed again (its stored review keeps its time), the crazyhouse game is left out, the
// Opera Game waits while its review lock is held elsewhere (and "Review game" on it is refused),
// and a reload in the middle of its review resumes the queue, which ends with each game reviewed once.
// Then a reviewed game opened from the Explorer shows its stored review without reviewing, and
// the Drill's "Find puzzles" works from it; deleting the database removes the reviews. Used by keyboard; the layout at 1280x800, 390x844
// and 844x390 (screenshots 78-db-queue-*.png), axe, and no long task over 100 ms while it runs.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, assertAxe, assertLayout, gamePgn, shot, startBrowser, tab } from './helpers.mjs';

const LANDSCAPE = { width: 844, height: 390 };
const QUEUE_TIMEOUT = 240_000;
const opera = () => {
  const text = gamePgn('lichess-export');
  return text.slice(text.indexOf('[Event', text.indexOf('Isouard') - 200)).trim();
};
const crazyhouse = () =>
  gamePgn('lichess-crazyhouse')
    .trim()
    .split(/\n\n(?=\[Event)/)[0];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cw-dbqueue-'));
const FILE = path.join(tmp, 'three.pgn');
writeFileSync(FILE, `${opera()}\n\n${gamePgn('immortal').trim()}\n\n${crazyhouse()}\n`);

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const status = (page) => page.textContent('[data-testid=dbq-status]');

/** The stored reviews of database games: { game, nodes, created, line } each, by game id. */
const stored = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const r = indexedDB.open('chesswasm-studies');
        r.onsuccess = () => {
          const q = r.result.transaction('dbReviews').objectStore('dbReviews').getAll();
          q.onsuccess = () => {
            resolve(
              q.result.map((x) => ({ game: x.game, nodes: x.nodes, created: x.created, plies: x.review.moves.length })),
            );
            r.result.close();
          };
          q.onerror = () => reject(new Error(String(q.error)));
        };
        r.onerror = () => reject(new Error(String(r.error)));
      }),
  );

/** Measures the page's long tasks from now; `stop()` returns the longest (ms). */
async function watch(page) {
  await page.evaluate(() => {
    window.__long = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__long = Math.max(window.__long, e.duration);
        (window.__all ??= []).push([Math.round(e.startTime), Math.round(e.duration)]);
      }
    }).observe({ type: 'longtask' });
  });
  return { stop: () => page.evaluate(() => window.__long), all: () => page.evaluate(() => window.__all) };
}

/** Waits until the Explorer has answered for the filter typed: `n` games at the start position. */
async function settled(page, n) {
  await page.waitForFunction(
    (k) => {
      const el = document.querySelector('[data-testid=explorer-moves]');
      return (
        el?.dataset.state !== 'loading' &&
        !el?.hasAttribute('aria-busy') &&
        document.querySelectorAll('[data-testid=explorer-game]').length === k
      );
    },
    n,
    { timeout: 10_000 },
  );
  await page.waitForTimeout(400); // (the filter field's pause before it asks)
  await page.waitForFunction(() => document.querySelector('[data-testid=explorer-moves]')?.dataset.state !== 'loading');
}

/** Presses a button by keyboard. */
async function press(page, testid) {
  await page.focus(`[data-testid=${testid}]`);
  await page.keyboard.press('Enter');
}

/** Waits until the queue's status matches `re`; fails with the status shown. */
async function waitStatus(page, re, timeout = QUEUE_TIMEOUT) {
  try {
    await page.waitForFunction(
      (src) => new RegExp(src).test(document.querySelector('[data-testid=dbq-status]').textContent),
      re.source,
      { timeout },
    );
  } catch (e) {
    assert.fail(`${e.message}: the status is “${await status(page)}”`);
  }
}

describe('database review queue', () => {
  it('reviews the games of a database (or of the filter) once each, resumes after a reload, feeds Find puzzles', async () => {
    const page = await b.open();
    await page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
    await tab(page, 'explorer');
    await page.setInputFiles('[data-testid=database-import]', FILE);
    await page.waitForFunction(
      () => /^Imported/.test(document.querySelector('[data-testid=explorer-note]').textContent),
      null,
      {
        timeout: 60_000,
      },
    );
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=explorer-game]').length === 2);
    const ids = await page.$$eval('[data-testid=explorer-game]', (els) =>
      Object.fromEntries(
        els.map((e) => [e.textContent.includes('Anderssen') ? 'immortal' : 'opera', Number(e.dataset.game)]),
      ),
    );
    assert.ok(ids.opera && ids.immortal, JSON.stringify(ids));
    await page.selectOption('[data-testid=dbq-strength]', '20000');

    // The filter's games: Anderssen's.
    await page.click('#explorer-filters summary');
    await page.fill('[data-testid=explorer-player]', 'adolf anderssen'); // (a player's whole name, any case)
    await settled(page, 1);
    let w = await watch(page);
    await press(page, 'dbq-start');
    await waitStatus(page, /^All 1 game of “My games” reviewed at 20,000 nodes per move\.$/, 90_000);
    let reviews = await stored(page);
    assert.deepEqual(
      reviews.map((r) => [r.game, r.nodes, r.plies]),
      [[ids.immortal, 20000, 45]],
    );
    const immortalAt = reviews[0].created;
    assert.ok((await w.stop()) <= 100, `a long task of ${await w.stop()} ms: ${JSON.stringify(await w.all())}`);

    // The whole database: the Immortal Game is done already; a reload while the Opera Game is reviewed.
    await page.fill('[data-testid=explorer-player]', '');
    await settled(page, 2);
    // The Opera Game's review lock held elsewhere (as by another tab): neither the queue nor
    // "Review game" reviews it meanwhile.
    const file = await page.evaluate(() => JSON.parse(localStorage.getItem('chesswasm.explorer')).databases[0].file);
    await page.evaluate((name) => {
      window.__release = null;
      void navigator.locks.request(name, () => new Promise((resolve) => (window.__release = resolve)));
    }, `chesswasm-review-db:${file}:${ids.opera}`);
    await page.waitForFunction(() => window.__release);
    w = await watch(page);
    await press(page, 'dbq-start');
    await waitStatus(page, /^“My games”: 1 of 2 games reviewed$/, 60_000); // (the crazyhouse game left out)
    await page.waitForTimeout(1500); // the queue tries again each second
    assert.equal(await status(page), '“My games”: 1 of 2 games reviewed');
    assert.equal((await stored(page)).length, 1);
    await page.locator(`[data-testid=explorer-game][data-game="${ids.opera}"]`).focus();
    await page.keyboard.press('Enter');
    await tab(page, 'review');
    await press(page, 'review');
    await page.waitForFunction(() =>
      /being reviewed by the database review/.test(document.querySelector('[data-testid=review-note]').textContent),
    );
    await tab(page, 'explorer');
    await page.evaluate(() => window.__release());
    await waitStatus(
      page,
      /^“My games”: 1 of 2 games reviewed · now Paul Morphy – Duke Karl \/ Count Isouard \(\d+%\)$/,
      60_000,
    );
    assert.ok((await w.stop()) <= 100, `a long task of ${await w.stop()} ms: ${JSON.stringify(await w.all())}`);
    assert.equal((await stored(page)).length, 1, 'the Opera Game is not reviewed yet');
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await tab(page, 'explorer');
    await waitStatus(
      page,
      /^All 2 games of “My games” reviewed at 20,000 nodes per move \(1 game left out: not standard chess or Chess960, or no moves\)\.$/,
    );
    reviews = await stored(page);
    assert.deepEqual(
      reviews.map((r) => [r.game, r.nodes, r.plies]).sort((x, y) => x[0] - y[0]),
      [
        [ids.opera, 20000, 33],
        [ids.immortal, 20000, 45],
      ].sort((x, y) => x[0] - y[0]),
    );
    assert.equal(
      reviews.find((r) => r.game === ids.immortal).created,
      immortalAt,
      'the Immortal Game was not reviewed again',
    );
    assert.equal(await page.isHidden('[data-testid=dbq-pause]'), true);
    assert.equal(await page.isVisible('[data-testid=dbq-start]'), true);

    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
      ['landscape', LANDSCAPE],
    ]) {
      await page.setViewportSize(size);
      await page.locator('[data-testid=db-review-queue]').scrollIntoViewIfNeeded();
      await assertLayout(page, `database queue (${name})`);
      await shot(page, `78-db-queue-${name}`);
    }
    await page.setViewportSize(DESKTOP);
    // The Opera Game opened from the Explorer: its stored review, then puzzles from it.
    await page.locator(`[data-testid=explorer-game][data-game="${ids.opera}"]`).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      /Morphy/.test(document.querySelector('.game-header, [data-testid=game-header]')?.textContent ?? ''),
    );
    await tab(page, 'review');
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { timeout: 10_000 });
    assert.equal(await page.textContent('[data-testid=review]'), 'Review again');
    await tab(page, 'drill');
    await page.selectOption('[data-testid=drill-find-side]', 'b');
    await press(page, 'drill-find');
    await page.waitForFunction(
      () => /found\.$|No puzzle/.test(document.querySelector('[data-testid=drill-find-status]').textContent),
      null,
      { timeout: 180_000 },
    );
    assert.match(await page.textContent('[data-testid=drill-find-status]'), /^(\d+ puzzles? found\.|No puzzle: .*)$/);
    await tab(page, 'explorer');
    await assertAxe(page, 'database queue');
    // Deleting the database removes its games' reviews (its file may hold another database later).
    await press(page, 'explorer-delete');
    await page.waitForFunction(() =>
      /^Deleted/.test(document.querySelector('[data-testid=explorer-note]').textContent),
    );
    for (let i = 0; i < 50 && (await stored(page)).length; i++) await page.waitForTimeout(100);
    assert.deepEqual(await stored(page), []);
    assert.deepEqual(b.problems, []);
    await page.closeAll();
  });
});
