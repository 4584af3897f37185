// The layout as lichess's analysis (panels.ts, style.css) and the studies a user can find and
// name (views/studies.ts): at 1280x800 the board, the move list, the engine and the tools tabs
// (Studies first) are on screen without scrolling the page; at 390x844 and 844x390 the tabs are
// below the board; the tabs are an ARIA tablist (← → Home End); a game played from scratch is
// kept unsaved (a reload brings it back) until the user keeps it in a study of their choice or
// discards it; a pasted PGN of several games is named after their Event and can be added to an
// existing study, and a file imported into it and cancelled drops only its own games (Undo brings
// them back). axe-core finds nothing serious on the new controls.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import {
  ARTIFACTS,
  DESKTOP,
  PHONE,
  ROOT,
  assertAxe,
  clickMove,
  importPgn,
  shot,
  startBrowser,
  waitMoves,
} from './helpers.mjs';

const LANDSCAPE = { width: 844, height: 390 };
const ready = (page) => page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
const box = (page, sel) => page.locator(sel).first().boundingBox();
const studyNames = (page) =>
  page.$$eval('[data-testid=studies] [role=option] .study-name', (els) => els.map((e) => e.textContent));
const chapterCount = (page) => page.$$eval('[data-testid=chapters] [role=option]', (els) => els.length);

const game = (event, white, black, moves) =>
  `[Event "${event}"]\n[White "${white}"]\n[Black "${black}"]\n[Result "*"]\n\n${moves} *\n`;
const TWO = [game('Club night', 'Ann', 'Bob', '1. e4 e5'), game('Club night', 'Cid', 'Dee', '1. d4 d5')].join('\n');
const TWO_MORE = [game('Other', 'Eve', 'Fay', '1. c4 c5'), game('Other', 'Gus', 'Hal', '1. Nf3 Nf6')].join('\n');

describe('layout and studies', () => {
  let b;
  before(async () => {
    b = await startBrowser();
  });
  after(async () => {
    await b?.close();
  });

  it('1280x800: board, moves, engine and the Studies tab on screen, no page scroll; the tabs are a tablist', async () => {
    const page = await b.open('', DESKTOP);
    await ready(page);
    const doc = await page.evaluate(() => document.documentElement.scrollHeight);
    assert.ok(doc <= DESKTOP.height, `the page scrolls: ${doc} px`);
    for (const sel of [
      '[data-testid=board]',
      '[data-testid=moves]',
      '[data-testid=engine-toggle]',
      '#tab-studies',
      '[data-testid=studies-panel]',
      '[data-testid=move-input]',
    ]) {
      const r = await box(page, sel);
      assert.ok(
        r && r.y >= 0 && r.y + Math.min(r.height, 40) <= DESKTOP.height && r.x + r.width <= DESKTOP.width,
        `${sel} out of view: ${JSON.stringify(r)}`,
      );
    }
    // The studies beside the board (left of it), the moves right of it.
    const board = await box(page, '[data-testid=board]');
    assert.ok((await box(page, '[data-testid=studies-panel]')).x < board.x);
    assert.ok((await box(page, '[data-testid=moves]')).x > board.x + board.width);
    // The tablist: the Studies tab selected first; ← → Home End move and select; one tab stop.
    assert.equal(await page.getAttribute('#tab-studies', 'aria-selected'), 'true');
    const tabs = await page.$$eval('[role=tablist] [role=tab]', (els) => els.map((e) => e.id));
    assert.deepEqual(tabs.slice(0, 3), ['tab-studies', 'tab-pgn', 'tab-review']);
    await page.focus('#tab-studies');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-pgn');
    assert.equal(await page.getAttribute('#tab-pgn', 'aria-selected'), 'true');
    assert.ok(await page.isVisible('[data-testid=pgn]'));
    assert.ok(!(await page.isVisible('[data-testid=studies-panel]')));
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => document.activeElement.id), tabs.at(-1));
    await page.keyboard.press('Home');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-studies');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => document.activeElement.id), tabs.at(-1));
    assert.equal(await page.$$eval('[role=tab][tabindex="0"]', (els) => els.length), 1);
    // The tab selected last is the one a reload opens.
    await page.click('#tab-review');
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    assert.equal(await page.getAttribute('#tab-review', 'aria-selected'), 'true', 'the Review tab after a reload');
    assert.equal(await page.isVisible('[data-testid=panel-review]'), true);
    assert.equal(await page.isVisible('[data-testid=panel-studies]'), false);
    await page.click('#tab-studies');
    await shot(page, 'layout-desktop');
    await page.closeAll();
  });

  for (const [label, size] of [
    ['phone', PHONE],
    ['landscape', LANDSCAPE],
  ])
    it(`the tabs below the board, the moves in reach (${label})`, async () => {
      const page = await b.open('', size);
      await ready(page);
      const board = await box(page, '[data-testid=board]');
      const tabsBox = await box(page, '[role=tablist]');
      assert.ok(tabsBox.y > board.y, 'the tabs are below the board');
      if (size === PHONE) assert.ok(tabsBox.y >= board.y + board.height);
      const doc = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(doc <= size.width, `the page scrolls sideways: ${doc}`);
      await shot(page, `layout-${label}`);
      await page.closeAll();
    });

  it('1024x768: the tools under the board, the board beside the moves, nothing overlaps', async () => {
    const size = { width: 1024, height: 768 };
    const page = await b.open('', size);
    await ready(page);
    const board = await box(page, '[data-testid=board]');
    const moves = await box(page, '[data-testid=moves]');
    const tabsBox = await box(page, '[role=tablist]');
    assert.ok(
      board.x + board.width <= moves.x,
      `the board (to ${board.x + board.width}) runs under the moves (${moves.x})`,
    );
    assert.ok(tabsBox.y >= board.y + board.height, 'the tabs are under the board');
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= size.width);
    await page.closeAll();
  });

  it('a game played from scratch is asked about, kept unsaved across a reload, then kept in the study picked', async () => {
    const page = await b.open('', DESKTOP);
    await ready(page);
    await clickMove(page, 'e2', 'e4');
    await clickMove(page, 'e7', 'e5');
    await waitMoves(page, 2);
    // Asked, not filed: no study was made.
    await page.waitForSelector('[data-testid=scratch]:not([hidden])');
    assert.match(await page.textContent('[data-testid=scratch-text]'), /This game \(1 move\) is in no study yet/);
    assert.deepEqual(await studyNames(page), []);
    await assertAxe(page, 'the scratch prompt');
    // A reload brings the game back, still unsaved.
    await page.waitForTimeout(200);
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await ready(page);
    await waitMoves(page, 2);
    await page.waitForSelector('[data-testid=scratch]:not([hidden])');
    assert.deepEqual(await studyNames(page), []);
    // Keyboard: Tab reaches the prompt's picker and Keep.
    await page.focus('[data-testid=scratch-target]');
    assert.equal(await page.inputValue('[data-testid=scratch-target]'), 'new');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'scratch-keep');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=scratch]', { state: 'hidden' });
    assert.deepEqual(await studyNames(page), ['My games']);
    assert.equal(await chapterCount(page), 1);
    // From now on the game is a chapter: its moves are saved there.
    await clickMove(page, 'g1', 'f3');
    await page.waitForFunction(() => document.querySelector('[data-testid=save-state]').textContent === 'Saved');
    // A second scratch game, kept in the existing study via the picker.
    await page.click('#new-game');
    await clickMove(page, 'd2', 'd4');
    await waitMoves(page, 1);
    await page.waitForSelector('[data-testid=scratch]:not([hidden])');
    const myGames = await page.$eval(
      '[data-testid=scratch-target]',
      (s) => [...s.options].find((o) => o.text === 'My games').value,
    );
    await page.selectOption('[data-testid=scratch-target]', myGames);
    await page.click('[data-testid=scratch-keep]');
    await page.waitForSelector('[data-testid=scratch]', { state: 'hidden' });
    assert.deepEqual(await studyNames(page), ['My games']);
    assert.equal(await chapterCount(page), 2);
    // A third, discarded: the board is fresh, Undo brings it back.
    await page.click('#new-game');
    await clickMove(page, 'c2', 'c4');
    await page.waitForSelector('[data-testid=scratch]:not([hidden])');
    await page.click('[data-testid=scratch-discard]');
    await waitMoves(page, 0);
    assert.equal(await chapterCount(page), 2);
    await page.click('[data-testid=scratch-note] [data-testid=study-undo]');
    await waitMoves(page, 1);
    await page.waitForSelector('[data-testid=scratch]:not([hidden])');
    await page.closeAll();
  });

  it('a paste of several games is named after their Event; another goes into the study picked', async () => {
    const page = await b.open('', DESKTOP);
    await ready(page);
    await importPgn(page, TWO);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=studies] [role=option]').length === 1);
    assert.deepEqual(await studyNames(page), ['Club night']);
    // The next paste into "Club night", picked beside Import.
    const club = await page.$eval(
      '[data-testid=pgn-target]',
      (s) => [...s.options].find((o) => o.text === 'Club night').value,
    );
    await page.click('#tab-pgn');
    await page.selectOption('[data-testid=pgn-target]', club);
    await importPgn(page, TWO_MORE);
    await page.click('#tab-studies');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 4);
    assert.deepEqual(await studyNames(page), ['Club night']);
    assert.match(await page.textContent('[data-testid=studies] [role=option]'), /4 chapters/);
    // A big file into the same study, cancelled: the study keeps its 4 chapters; Undo brings the batches back.
    const selfplay = readFileSync(`${ROOT}tests/data/corpus/stockfish-selfplay.pgn`, 'utf8');
    const path = `${ARTIFACTS}/layout-studies-big.pgn`;
    writeFileSync(path, Array.from({ length: 6 }, () => selfplay).join('\n\n'));
    await page.selectOption('[data-testid=study-target]', club);
    await page.setInputFiles('[data-testid=study-import] input[type=file]', path);
    await page.waitForFunction(() =>
      /: [1-9][\d,]* games/.test(document.querySelector('[data-testid=study-progress]').textContent),
    );
    await page.click('[data-testid=study-cancel]');
    await page.waitForSelector('[data-testid=study-notice]:not([hidden])');
    assert.match(await page.textContent('[data-testid=study-notice]'), /Import cancelled/);
    assert.deepEqual(await studyNames(page), ['Club night']);
    await page.waitForFunction(() =>
      /4 chapters/.test(document.querySelector('[data-testid=studies] [role=option]').textContent),
    );
    await page.click('[data-testid=study-undo]');
    await page.waitForFunction(() => {
      const m = /([\d,]+) chapters/.exec(document.querySelector('[data-testid=studies] [role=option]').textContent);
      return m && Number(m[1].replace(/,/g, '')) > 4;
    });
    await page.closeAll();
  });
});
