// "Learn from your mistakes" after a review (views/learn.ts): the Opera Game reviewed by the
// board's Stockfish, then Black's mistakes one by one at 1280x800, 390x844 and 844x390, used
// with the keyboard only (moves typed): the game's move fails without the engine, the review's
// best move wins without the engine, another move is searched and judged (✓ or ✗), the solution
// on request, the next mistake, the end. axe on each size; screenshots in test-artifacts/.
// The session kept with the chapter's review: a reload mid-session shows the same mistake with
// the same score, by keyboard, at the three sizes, with no long task over 100 ms.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP,
  PHONE,
  ROOT,
  assertAxe,
  assertLayout,
  fen,
  gamePgn,
  importPgn,
  shot,
  startBrowser,
  tab,
} from './helpers.mjs';

const { Position } = await import(`${ROOT}dist/index.js`);
const REVIEW_TIMEOUT = 180_000;
const LANDSCAPE = { width: 844, height: 390 };
const opera = () => {
  const text = gamePgn('lichess-export');
  return text.slice(text.indexOf('[Event', text.indexOf('Isouard') - 200));
};
const status = (page) => page.textContent('[data-testid=learn-status]');
const score = (page) => page.textContent('[data-testid=learn-score]');

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

// Types a move with the keyboard (/ focuses the move box).
async function typeMove(page, san) {
  await page.keyboard.press('Escape');
  await page.locator('body').focus();
  await page.keyboard.press('/');
  await page.keyboard.type(san);
  await page.keyboard.press('Enter');
}

// A page with the Opera Game reviewed, on the Learn tab with Black's side chosen.
async function reviewedOpera() {
  const page = await b.open();
  await importPgn(page, opera());
  await tab(page, 'review');
  await page.click('[data-testid=review]');
  await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { timeout: REVIEW_TIMEOUT });
  await tab(page, 'learn');
  await page.selectOption('[data-testid=learn-side]', 'b');
  return page;
}

/** Black's mistakes and blunders of the review shown, in game order: { ply, best } from the move list. */
const blackFaults = (page) =>
  page.$$eval('[data-testid=move-review]', (els) =>
    els
      .filter((e) => (e.classList.contains('mistake') || e.classList.contains('blunder')) && e.dataset.ply % 2 === 0)
      .map((e) => ({
        ply: Number(e.dataset.ply),
        best: /(\S+) was best\./.exec(e.querySelector('.review-comment').textContent)?.[1],
      })),
  );

/** Measures the page's long tasks from now; `stop()` returns the longest (ms). */
async function watch(page) {
  await page.evaluate(() => {
    window.__long = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long = Math.max(window.__long, e.duration);
    }).observe({ type: 'longtask' });
  });
  return { stop: () => page.evaluate(() => window.__long) };
}

// The sessions kept in the studies' database (each review's `learn`), as `window.__kept()`.
const KEPT = () => {
  window.__kept = () =>
    new Promise((resolve, reject) => {
      const r = indexedDB.open('chesswasm-studies');
      r.onsuccess = () => {
        const q = r.result.transaction('reviews').objectStore('reviews').getAll();
        q.onsuccess = () => {
          resolve(q.result.filter((x) => x.learn).map((x) => x.learn));
          r.result.close();
        };
        q.onerror = () => reject(new Error(String(q.error)));
      };
      r.onerror = () => reject(new Error(String(r.error)));
    });
};

/** Waits (up to 5 s) until `ok` holds of the sessions kept. */
async function until(page, ok) {
  let kept;
  for (let i = 0; i < 50; i++) {
    kept = await page.evaluate(() => window.__kept());
    if (ok(kept)) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`the sessions kept: ${JSON.stringify(kept)}`);
}

describe('learn from your mistakes', () => {
  it('goes through Black’s mistakes of the Opera Game, by keyboard, on three screen sizes', async () => {
    const page = await reviewedOpera();
    await page.focus('[data-testid=learn-start]');
    await page.keyboard.press('Enter');
    let text = await status(page);
    const m = /Mistake 1 of (\d+): \d+… (\S+) was played\. Find a better move for Black\./.exec(text);
    assert.ok(m, text);
    const total = Number(m[1]);
    const played = m[2];
    // The board stands before the mistake, Black to move.
    const before = await fen(page);
    assert.match(before, / b /);
    const pos = Position.fromFen(before);
    assert.ok(
      pos.legalMoves().some((mv) => pos.san(mv) === played),
      `${played} legal at ${before}`,
    );
    // The move of the game: a failure, the board stays.
    await typeMove(page, played);
    await page.waitForFunction(() => /✗/.test(document.querySelector('[data-testid=learn-status]').textContent));
    assert.match(await status(page), new RegExp(`${played.replace(/[+#]/g, '\\$&')} is the move played in the game`));
    assert.equal(await fen(page), before);
    // The answer is not on the page while it is looked for: no review comments in the move list.
    assert.equal(await page.locator('[data-testid=move-review]').count(), 0);
    await assertLayout(page, 'learn (desktop)');
    await assertAxe(page, 'learn (desktop)');
    await shot(page, '60-learn-desktop');
    // Another move (neither the game's nor the best): the engine judges it.
    await page.focus('[data-testid=learn-solution]');
    await page.keyboard.press('Enter');
    text = await status(page);
    const best = /The solution: (\S+)\./.exec(text)?.[1];
    assert.ok(best, text);
    assert.notEqual(best, played);
    assert.ok((await page.locator('[data-testid=move-review]').count()) > 0, 'the comments are back');
    // Next: the second mistake, or the end.
    await page.setViewportSize(PHONE);
    await page.focus('[data-testid=learn-next]');
    await page.keyboard.press('Enter');
    text = await status(page);
    if (total === 1) {
      assert.match(text, /Done: 1 mistake reviewed/);
    } else {
      assert.match(text, new RegExp(`Mistake 2 of ${total}:`));
      const here = await fen(page);
      const p2 = Position.fromFen(here);
      const played2 = /(\S+) was played/.exec(text)[1];
      const other = p2
        .legalMoves()
        .map((mv) => p2.san(mv))
        .find((s) => s !== played2);
      await typeMove(page, other);
      await page.waitForFunction(
        () => /[✓✗]/.test(document.querySelector('[data-testid=learn-status]').textContent),
        null,
        { timeout: 60_000 },
      );
      assert.match(await status(page), /a good move|is not better|yes, that is the best move/);
      p2.dispose();
    }
    await page.locator('[data-testid=learn-status]').scrollIntoViewIfNeeded();
    await assertLayout(page, 'learn (phone)');
    await assertAxe(page, 'learn (phone)');
    await shot(page, '61-learn-phone');
    await page.setViewportSize(LANDSCAPE);
    await assertLayout(page, 'learn (landscape)');
    await assertAxe(page, 'learn (landscape)');
    await shot(page, '62-learn-landscape');
    // Stop frees the board.
    if (await page.isVisible('[data-testid=learn-stop]')) {
      await page.focus('[data-testid=learn-stop]');
      await page.keyboard.press('Enter');
      assert.equal(await status(page), '');
    }
    await page.setViewportSize(DESKTOP);
    pos.dispose();
    await page.closeAll();
  });

  it('the best move of the review wins without the engine', async () => {
    const page = await reviewedOpera();
    await page.click('[data-testid=learn-start]');
    await page.click('[data-testid=learn-solution]');
    const best = /The solution: (\S+)\./.exec(await status(page))[1];
    // After the solution the position is free; start again and play the best move.
    await page.click('[data-testid=learn-start]');
    await typeMove(page, best);
    await page.waitForFunction(() => /✓/.test(document.querySelector('[data-testid=learn-status]').textContent));
    assert.match(await status(page), /yes, that is the best move/);
    await page.closeAll();
  });

  it('keeps the session with the chapter’s review: a reload resumes at the same mistake, its score kept', async () => {
    const page = await reviewedOpera();
    await page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
    const faults = await blackFaults(page);
    assert.ok(faults.length >= 2 && faults.every((f) => f.best), JSON.stringify(faults));
    await page.evaluate(KEPT);
    const w = await watch(page);
    await page.focus('[data-testid=learn-start]');
    await page.keyboard.press('Enter');
    assert.match(await status(page), new RegExp(`^Mistake 1 of ${faults.length}:`));
    assert.equal(await score(page), '0 solved · 0 shown · 0 skipped');
    // The first: solved with the review's best move.
    await typeMove(page, faults[0].best);
    await page.waitForFunction(() => /✓/.test(document.querySelector('[data-testid=learn-status]').textContent));
    assert.equal(await score(page), '1 solved · 0 shown · 0 skipped');
    await page.focus('[data-testid=learn-next]');
    await page.keyboard.press('Enter');
    // The second: the game's move fails; the reload comes while it is still to be found.
    const text = await status(page);
    assert.match(text, new RegExp(`^Mistake 2 of ${faults.length}:`));
    const played = /(\S+) was played/.exec(text)[1];
    await typeMove(page, played);
    await page.waitForFunction(() => /✗/.test(document.querySelector('[data-testid=learn-status]').textContent));
    const at = await fen(page);
    assert.ok((await w.stop()) <= 100, `a long task of ${await w.stop()} ms`);
    // The write of the progress is done before the reload (it is one small transaction).
    await until(page, (kept) => kept.some((l) => l.index === 1));
    await tab(page, 'studies'); // another tab when the page is left: the session's comes back
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await page.waitForFunction(() =>
      /^Mistake 2 of/.test(document.querySelector('[data-testid=learn-status]').textContent),
    );
    assert.equal(await fen(page), at, 'the same mistake on the board');
    assert.equal(await page.getAttribute('#tab-learn', 'aria-selected'), 'true');
    assert.equal(
      await status(page),
      text,
      'the same mistake, to be found again (the failed try is not kept: it changed nothing)',
    );
    assert.equal(await score(page), '1 solved · 0 shown · 0 skipped');
    assert.equal(await page.inputValue('[data-testid=learn-side]'), 'b');
    // The answer stays hidden, and the board takes only this mistake's move: the best one wins.
    assert.equal(await page.locator('[data-testid=move-review]').count(), 0);
    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
      ['landscape', LANDSCAPE],
    ]) {
      await page.setViewportSize(size);
      await page.locator('[data-testid=learn-status]').scrollIntoViewIfNeeded();
      await assertLayout(page, `learn resumed (${name})`);
      await shot(page, `63-learn-resumed-${name}`);
    }
    await assertAxe(page, 'learn resumed');
    await page.setViewportSize(DESKTOP);
    await page.evaluate(KEPT);
    const w2 = await watch(page); // (from here: axe and the page's start-up are long tasks of their own)
    await typeMove(page, faults[1].best);
    await page.waitForFunction(() => /✓/.test(document.querySelector('[data-testid=learn-status]').textContent));
    assert.equal(await score(page), '2 solved · 0 shown · 0 skipped');
    // The solution shown on the third (if any) counts as shown; the end forgets the session.
    await page.focus('[data-testid=learn-next]');
    await page.keyboard.press('Enter');
    for (let i = 2; i < faults.length; i++) {
      await page.focus('[data-testid=learn-solution]');
      await page.keyboard.press('Enter');
      await page.focus('[data-testid=learn-next]');
      await page.keyboard.press('Enter');
    }
    const shown = faults.length - 2;
    assert.equal(
      await status(page),
      `Done: ${faults.length} mistakes reviewed (2 solved · ${shown} shown · 0 skipped).`,
    );
    assert.ok((await w2.stop()) <= 100, `a long task of ${await w2.stop()} ms`);
    await until(page, (kept) => kept.length === 0);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { state: 'attached', timeout: 10_000 });
    assert.equal(await status(page), '', 'a finished session is not taken up again');
    await page.closeAll();
  });
});
