// Undo and redo of tree edits in a study (web/board/src/store.ts, views/studies.ts): in a study
// of 200 real games, chapter 7 at ply 30, Delete, then Undo (Ctrl+Z, the button, the notice)
// brings the game back in chapter 7 itself (no new chapter), also after a reload; redo
// (Ctrl+Y, Ctrl+Shift+Z, the button) deletes again; Backspace then Ctrl+Z the same; in a fresh
// study one delete and one undo leave one chapter. At 1280x800 and 390x844.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ARTIFACTS, ROOT, SIZES, current, sans, shot, startBrowser } from './helpers.mjs';

const split = (text) => text.split(/\n(?=\[Event )/).filter((g) => g.trim());
const lichess = split(readFileSync(`${ROOT}tests/data/pgn/lichess-2013-01.pgn`, 'utf8'));
const selfplay = split(readFileSync(`${ROOT}tests/data/corpus/stockfish-selfplay.pgn`, 'utf8'));
const GAMES200 = [...lichess, ...selfplay.slice(0, 100)];

const ready = (page) => page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
const saved = (page) =>
  page.waitForFunction(() => document.querySelector('[data-testid=save-state]').textContent === 'Saved');
const chapters = (page) =>
  page.$$eval('[data-testid=chapters] [role=option]', (els) => els.map((e) => e.textContent.trim()));
const selectedChapter = async (page) => {
  await page
    .waitForFunction(() => !!document.querySelector('[data-testid=chapters] [role=option][aria-selected=true]'), null, {
      timeout: 5000,
    })
    .catch(() => {});
  return page.$$eval('[data-testid=chapters] [role=option]', (els) => {
    const i = els.findIndex((e) => e.getAttribute('aria-selected') === 'true');
    return i < 0 ? { none: els.length } : { label: els[i].textContent.trim(), index: i };
  });
};
const studyCount = (page) => page.textContent('[data-testid=studies] [aria-selected=true] [data-testid=study-count]');
/** The main line as the move list shows it. */
const mainline = (page) => sans(page, '[data-testid=moves] .move.main');

/** Waits until the move list's main line has `n` moves. */
const waitMain = (page, n) =>
  page.waitForFunction((k) => document.querySelectorAll('[data-testid=moves] .move.main').length === k, n);

describe('undo and redo in a study', () => {
  let b;
  before(async () => {
    b = await startBrowser();
  });
  after(async () => {
    await b?.close();
  });

  for (const [label, size] of SIZES) {
    it(`chapter 7, ply 30: Delete, undo, redo keep chapter 7 and add no chapter, across a reload (${label})`, async () => {
      const path = `${ARTIFACTS}/undo-games-200.pgn`;
      writeFileSync(path, GAMES200.join('\n\n'));
      const page = await b.open('', size);
      await ready(page);
      await page.setInputFiles('[data-testid=study-import] input[type=file]', path);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 200,
        null,
        { timeout: 60_000 },
      );
      await page.waitForFunction(() => document.querySelector('[data-testid=study-progress]').hidden);
      const labels = await chapters(page);
      await page.click('[data-testid=chapters] [role=option] >> nth=6');
      await page.waitForFunction(
        (l) => document.querySelector('[data-testid=chapters] [aria-selected=true]')?.textContent === l,
        labels[6],
      );
      const full = await mainline(page);
      assert.ok(full.length > 31, `chapter 7 has ${full.length} plies`);
      // Ply 30, then Delete (the key): plies 30.. go.
      await page.click('[data-testid=moves] .move.main >> nth=29');
      await page.locator('[data-testid=moves]').focus();
      await page.keyboard.press('Delete');
      await waitMain(page, 29);
      await page.waitForSelector('[data-testid=edit-notice]:not([hidden])');
      await shot(page, `undo-deleted-${label}`);

      // Ctrl+Z: the whole game, in chapter 7, at ply 30; still 200 chapters.
      await page.keyboard.press('Control+z');
      await waitMain(page, full.length);
      assert.deepEqual(await mainline(page), full);
      assert.equal(await current(page), full[29]);
      assert.deepEqual(await selectedChapter(page), { label: labels[6], index: 6 });
      await saved(page);
      assert.deepEqual(await chapters(page), labels, 'no chapter added, none changed');
      assert.equal(await studyCount(page), '200 chapters');

      // Redo: Ctrl+Y deletes again; the undo button restores; Ctrl+Shift+Z and the redo button redo.
      await page.keyboard.press('Control+y');
      await waitMain(page, 29);
      await page.click('[data-testid=undo-edit]');
      await waitMain(page, full.length);
      await page.locator('[data-testid=moves]').focus();
      await page.keyboard.press('Control+Shift+z');
      await waitMain(page, 29);
      await page.click('[data-testid=undo-edit]');
      await waitMain(page, full.length);
      await page.click('[data-testid=redo-edit]');
      await waitMain(page, 29);
      assert.equal(await page.isDisabled('[data-testid=redo-edit]'), true, 'nothing more to redo');
      // The notice's Undo, once more: the game is back.
      await page.click('[data-testid=edit-undo]');
      await waitMain(page, full.length);
      assert.equal(await page.isDisabled('[data-testid=redo-edit]'), false);
      await saved(page);
      assert.deepEqual(await chapters(page), labels);
      assert.deepEqual(await selectedChapter(page), { label: labels[6], index: 6 });

      // Backspace at the end takes the last move back; Ctrl+Z brings it back, in place.
      await page.locator('[data-testid=moves]').focus();
      await page.keyboard.press('End');
      await page.keyboard.press('Backspace');
      await waitMain(page, full.length - 1);
      await page.keyboard.press('Control+z');
      await waitMain(page, full.length);
      await saved(page);
      assert.deepEqual(await chapters(page), labels);

      // A reload: chapter 7 whole, 200 chapters, no copy anywhere.
      await page.reload();
      await ready(page);
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid=moves] .move.main').length === n,
        full.length,
      );
      assert.deepEqual(await mainline(page), full);
      assert.deepEqual(await selectedChapter(page), { label: labels[6], index: 6 });
      assert.deepEqual(await chapters(page), labels);
      assert.equal(await studyCount(page), '200 chapters');
      await shot(page, `undo-after-reload-${label}`);
      await page.closeAll();
    });
  }

  it('a fresh study: one delete and one undo leave one chapter', async () => {
    const page = await b.open('');
    await ready(page);
    await page.click('[data-testid=study-new]');
    for (const m of ['e4', 'e5', 'Nf3', 'Nc6']) {
      await page.fill('[data-testid=move-input]', m);
      await page.press('[data-testid=move-input]', 'Enter');
    }
    await saved(page);
    assert.equal((await chapters(page)).length, 1);
    await page.click('[data-testid=moves] .move[data-san=e4]');
    await page.click('[data-testid=delete]');
    await waitMain(page, 0);
    await page.click('[data-testid=edit-undo]');
    await waitMain(page, 4);
    await saved(page);
    assert.deepEqual(await chapters(page), ['? – ?']);
    assert.equal(await studyCount(page), '1 chapter');
    await page.reload();
    await ready(page);
    await waitMain(page, 4);
    assert.deepEqual(await chapters(page), ['? – ?']);
    await page.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
