// "Learn from your mistakes" after a review (views/learn.ts): the Opera Game reviewed by the
// board's Stockfish, then Black's mistakes one by one at 1280x800, 390x844 and 844x390, used
// with the keyboard only (moves typed): the game's move fails without the engine, the review's
// best move wins without the engine, another move is searched and judged (✓ or ✗), the solution
// on request, the next mistake, the end. axe on each size; screenshots in test-artifacts/.
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
});
