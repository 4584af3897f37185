// The game review on the board: the Opera Game (and a 64-move lichess game) reviewed by the board's Stockfish (in its Web
// Worker, through chesswasm/engine), at 1280x800 and 390x844: progress, the evaluation graph
// (clickable, the current move marked), each side's accuracy and counts, next mistake, the
// judged moves marked in the move list, the annotated PGN download, and cancel. Functional
// checks with generous timeouts; screenshots in test-artifacts/ are looked at by a person.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  DESKTOP,
  PHONE,
  assertAxe,
  assertInViewport,
  assertLayout,
  current,
  gamePgn,
  importPgn,
  tab,
  shot,
  startBrowser,
} from './helpers.mjs';

const REVIEW_TIMEOUT = 180_000;
const LANDSCAPE = { width: 844, height: 390 };
const ready = (page) => page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
const notes = (page) =>
  page.$$eval('[data-testid=move-review]', (els) =>
    els.map((e) => ({ ply: Number(e.dataset.ply), text: e.textContent })),
  );
const summaryText = (page) => page.textContent('[data-testid=review-summary]');
let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

const opera = () => {
  const text = gamePgn('lichess-export');
  return text.slice(text.indexOf('[Event', text.indexOf('Isouard') - 200));
};

// The board wholly on screen, or at least its upper three quarters (a phone in landscape shows
// the board beside the list, taller than the screen when the page is scrolled).
async function assertBoardInView(page, label) {
  const r = await page.$eval('.board-row', (e) => {
    const b = e.getBoundingClientRect();
    return { top: b.top, bottom: b.bottom, h: window.innerHeight };
  });
  const visible = Math.min(r.bottom, r.h) - Math.max(r.top, 0);
  assert.ok(visible >= 0.75 * (r.bottom - r.top), `${label}: the board is out of view (${JSON.stringify(r)})`);
}

describe('game review', () => {
  it('reviews the Opera Game: graph, summary, marked moves, next mistake, export (1280x800 and 390x844)', async () => {
    const page = await b.open();
    await importPgn(page, opera());
    await page.keyboard.press('End');
    assert.equal(await page.isHidden('[data-testid=eval-graph]'), true);
    await tab(page, 'review');
    await page.click('[data-testid=review]');
    // Progress and a cancel while it runs.
    await page.waitForSelector('[data-testid=review-progress]:not([hidden])');
    assert.equal(await page.isVisible('[data-testid=review-cancel]'), true);
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { timeout: REVIEW_TIMEOUT });
    assert.equal(await page.isHidden('[data-testid=review-progress]'), true);
    // The summary: both players' names, an accuracy in %, counts.
    const summary = await page.textContent('[data-testid=review-summary]');
    assert.match(summary, /Paul Morphy/);
    assert.match(summary, /Isouard/);
    const acc = await page.$$eval('[data-testid=review-summary] .rs-acc', (els) =>
      els.map((e) => Number(/(\d+)%/.exec(e.textContent)?.[1])),
    );
    assert.equal(acc.length, 2);
    assert.ok(
      acc.every((a) => a >= 0 && a <= 100),
      String(acc),
    );
    assert.ok(acc[0] > acc[1], `Morphy's accuracy ${acc[0]} above his opponents' ${acc[1]}`);
    // Black's 15...Nxd7?? (mate in two follows) is marked in the move list and on the graph.
    const judged = await page.$$eval('[data-testid=moves] .move.judged', (els) =>
      els.map((e) => [e.dataset.san, e.dataset.judgement]),
    );
    assert.ok(judged.length >= 1, 'some moves are judged');
    // (Its judgement depends on the evaluation before it: lila's "mate created" rule.)
    assert.ok(
      judged.some(([san]) => san === 'Nxd7'),
      JSON.stringify(judged),
    );
    assert.ok((await page.locator('[data-testid=eval-graph] line.eg-judged').count()) === judged.length);
    // The current move (the last, 17. Rd8#) is marked on the graph.
    assert.equal(await page.getAttribute('[data-testid=eval-graph-current]', 'data-ply'), '33');
    await assertInViewport(page, '[data-testid=review-summary]', 'desktop').catch(async () => {
      await page.locator('[data-testid=review-summary]').scrollIntoViewIfNeeded();
    });
    await page.locator('[data-testid=eval-graph]').scrollIntoViewIfNeeded();
    await assertLayout(page, 'review (desktop)');
    await shot(page, '40-review-desktop');
    // Clicking the graph's left end goes to the start, its middle to a middle move.
    const box = await page.locator('[data-testid=eval-graph] svg').boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const mid = Number(await page.getAttribute('[data-testid=eval-graph-current]', 'data-ply'));
    assert.ok(Math.abs(mid - 16.5) <= 1, `ply ${mid}`);
    // Next mistake: from the start, the first judged move; then the next one.
    await page.mouse.click(box.x + 1, box.y + box.height / 2);
    assert.equal(await page.getAttribute('[data-testid=eval-graph-current]', 'data-ply'), '0');
    await page.click('[data-testid=review-next]');
    assert.equal(await current(page), judged[0][0]);
    // The annotated PGN: evals, NAGs, "was best." comments and variations.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=review-export]')]);
    const text = readFileSync(await download.path(), 'utf8');
    assert.match(text, /\[%eval /);
    assert.match(text, /\$[246]/);
    assert.match(text, /Checkmate is now unavoidable\. \S+ was best\./);
    assert.match(text, /\( 15\.\.\. Qxd7|\( 15\.\.\.\s+\S+/);
    // The phone size: the same page, resized.
    await page.setViewportSize(PHONE);
    await page.locator('[data-testid=eval-graph]').scrollIntoViewIfNeeded();
    await assertLayout(page, 'review (phone)');
    await shot(page, '41-review-phone-graph');
    await page.locator('[data-testid=review-summary]').scrollIntoViewIfNeeded();
    await shot(page, '42-review-phone-summary');
    await page.closeAll();
  });

  it('reviews a 64-move lichess game on a phone (390x844) and on the desktop', async () => {
    // A rated lichess game of 127 plies (tests/data/games/lichess-64-moves.pgn, from the
    // January 2013 export): every position of the main line is evaluated.
    const page = await b.open('', PHONE);
    await importPgn(page, gamePgn('lichess-64-moves'));
    await page.keyboard.press('End');
    await tab(page, 'review');
    await page.click('[data-testid=review]');
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { timeout: 2 * REVIEW_TIMEOUT });
    const summary = await page.textContent('[data-testid=review-summary]');
    assert.match(summary, /VanillaShamanilla/);
    assert.match(summary, /mamalak/);
    const acc = await page.$$eval('[data-testid=review-summary] .rs-acc', (els) =>
      els.map((e) => Number(/(\d+)%/.exec(e.textContent)?.[1])),
    );
    assert.equal(acc.length, 2);
    assert.ok(
      acc.every((a) => a >= 0 && a <= 100),
      String(acc),
    );
    // The graph marks the last move (ply 127) and as many judged moves as the move list.
    assert.equal(await page.getAttribute('[data-testid=eval-graph-current]', 'data-ply'), '127');
    const judged = await page.locator('[data-testid=moves] .move.judged').count();
    assert.ok(judged >= 1, 'a game between 1395 and 1653 players has judged moves');
    assert.equal(await page.locator('[data-testid=eval-graph] line.eg-judged').count(), judged);
    await page.locator('[data-testid=eval-graph]').scrollIntoViewIfNeeded();
    await assertLayout(page, 'review of a long game (phone)');
    await shot(page, '43-review-long-phone-graph');
    await page.locator('[data-testid=review-summary]').scrollIntoViewIfNeeded();
    await shot(page, '44-review-long-phone-summary');
    await page.setViewportSize(DESKTOP);
    await page.locator('[data-testid=eval-graph]').scrollIntoViewIfNeeded();
    await assertLayout(page, 'review of a long game (desktop)');
    await shot(page, '45-review-long-desktop');
    await page.closeAll();
  });

  it('keeps the review with its chapter (reload, chapter switch, export); comments, best lines, phases; next and previous mistake in view at 1280x800, 390x844, 844x390', async () => {
    const page = await b.open();
    await ready(page);
    // Two games pasted: a study of two chapters, the Opera Game on the board.
    await importPgn(page, `${opera().trim()}\n\n${gamePgn('immortal').trim()}\n`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 2);
    await page.click('[data-testid=chapters] [role=option] >> nth=0');
    await page.waitForFunction(() =>
      /Morphy/.test(document.querySelector('[data-testid=chapters] [aria-selected=true]')?.textContent),
    );
    await tab(page, 'review');
    await page.click('[data-testid=review]');
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { timeout: REVIEW_TIMEOUT });
    const summary = await summaryText(page);
    // Each judged move: the package's comment and the best line, numbered, below it in the move list.
    const shown = await notes(page);
    const judged = await page.$$eval('[data-testid=moves] .move.judged', (els) => els.map((e) => e.dataset.san));
    assert.ok(shown.length >= 1 && shown.length === judged.length, JSON.stringify({ shown, judged }));
    for (const n of shown) {
      assert.match(
        n.text,
        /^\(\S+ → \S+\) (Inaccuracy|Mistake|Blunder|Checkmate is now unavoidable|Lost forced checkmate sequence)\. \S+ was best\.\d+(\.|…) \S+/,
        n.text,
      );
    }
    const nxd7 = shown.find((n) => n.ply === 30);
    assert.ok(nxd7, `15...Nxd7 (ply 30) is judged: ${JSON.stringify(shown)}`);
    assert.match(nxd7.text, /was best\.15… /);
    // Accuracy by phase: the three rows, figures in % or – for a phase a side did not reach.
    const phases = await page.$$eval('[data-testid=review-phases] tbody tr', (rows) =>
      rows.map((r) => [r.dataset.phase, ...[...r.querySelectorAll('td')].map((td) => td.textContent)]),
    );
    assert.deepEqual(
      phases.map((r) => r[0]),
      ['opening', 'middlegame', 'endgame'],
    );
    for (const [, w, bl] of phases) for (const v of [w, bl]) assert.match(v, /^(\d{1,3}%|–)$/);
    assert.match(phases[0][1], /%/, 'White played moves in the opening');
    // Next / previous mistake: the move (in the list) and the board in view, the comment beside the buttons.
    for (const [label, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
      ['landscape', LANDSCAPE],
    ]) {
      await page.setViewportSize(size);
      await page.keyboard.press('Home');
      await page.locator('[data-testid=review-next]').scrollIntoViewIfNeeded();
      const seen = [];
      for (let i = 0; i < judged.length; i++) {
        await page.click('[data-testid=review-next]');
        seen.push(await current(page));
        await assertInViewport(page, '[data-testid=moves] .move.current', `${label}: next mistake ${i + 1}`);
        await assertBoardInView(page, `${label}: next mistake ${i + 1}`);
        assert.match(await page.textContent('[data-testid=review-current]'), /was best\./);
        if (i === 0) {
          await assertLayout(page, `review, next mistake (${label})`);
          await shot(page, `46-review-next-${label}`);
        }
      }
      assert.deepEqual(seen, judged, `${label}: next mistake visits every judged move in order`);
      await page.click('[data-testid=review-prev]');
      assert.equal(await current(page), judged[judged.length - 2] ?? judged[0], `${label}: previous mistake`);
      await assertInViewport(page, '[data-testid=moves] .move.current', `${label}: previous mistake`);
      await assertBoardInView(page, `${label}: previous mistake`);
    }
    await page.setViewportSize(DESKTOP);
    await page.locator('[data-testid=moves] .move.current').scrollIntoViewIfNeeded();
    await shot(page, '47-review-comments-desktop');
    await assertAxe(page, 'the review with comments');
    // Another chapter: no review there; back: the review again.
    await tab(page, 'studies');
    await page.click('[data-testid=chapters] [role=option] >> nth=1');
    await page.waitForFunction(() =>
      /Anderssen/.test(document.querySelector('[data-testid=chapters] [aria-selected=true]')?.textContent),
    );
    await tab(page, 'review');
    assert.equal(await page.isHidden('[data-testid=review-summary]'), true);
    assert.equal(await page.locator('[data-testid=move-review]').count(), 0);
    await tab(page, 'studies');
    await page.click('[data-testid=chapters] [role=option] >> nth=0');
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { state: 'attached' });
    assert.equal(await summaryText(page), summary);
    // A reload: the review is there, read from the study, without reviewing again.
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await ready(page);
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { timeout: 30_000, state: 'attached' });
    assert.equal(await summaryText(page), summary);
    assert.deepEqual(await notes(page), shown);
    // The chapter's and the study's PGN carry the review: evals, NAGs, comments, best lines as variations.
    await tab(page, 'studies');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=chapter-export]')]);
    const text = readFileSync(await dl.path(), 'utf8');
    assert.match(text, /\[%eval /);
    assert.match(text, /\$[246]/);
    assert.match(text, /was best\./);
    assert.match(text, /\( 15\.\.\. \S+/);
    const [dl2] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=study-export]')]);
    const all = readFileSync(await dl2.path(), 'utf8');
    assert.ok(all.includes(text.trim()), 'the study export has the annotated chapter');
    assert.match(all, /Anderssen/);
    // A copy of the chapter keeps the review.
    await page.click('[data-testid=chapter-duplicate]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 3);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=chapters] [aria-selected=true]') ===
        document.querySelectorAll('[data-testid=chapters] [role=option]')[2],
    );
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { state: 'attached', timeout: 30_000 });
    assert.equal(await summaryText(page), summary);
    // An edit of the main line: the review is not of this game any more, and is not shown.
    await page.keyboard.press('End');
    await page.click('[data-testid=undo]').catch(() => {});
    await tab(page, 'review');
    await page.waitForSelector('[data-testid=review-summary]', { state: 'hidden' });
    assert.equal(await page.textContent('[data-testid=review]'), 'Review game');
    await page.closeAll();
  });

  it('cancel stops a review; the engine panel comes back', async () => {
    const page = await b.open();
    await importPgn(page, gamePgn('immortal'));
    await page.keyboard.press('Home'); // the game ends in mate: no lines there
    await page.click('[data-testid=engine-toggle]');
    await tab(page, 'review');
    await page.click('[data-testid=review]');
    await page.waitForSelector('[data-testid=review-cancel]:not([hidden])');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=review-progress]').value) > 0, null, {
      timeout: REVIEW_TIMEOUT,
    });
    await page.click('[data-testid=review-cancel]');
    await page.waitForFunction(
      () => /cancelled/.test(document.querySelector('[data-testid=review-note]').textContent),
      null,
      { timeout: 30_000 },
    );
    assert.equal(await page.isHidden('[data-testid=review-summary]'), true);
    assert.equal(await page.isVisible('[data-testid=review]'), true);
    // The live analysis runs again.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=engine-line]').length > 0, null, {
      timeout: 60_000,
    });
    await page.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
