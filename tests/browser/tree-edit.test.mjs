// The opening name above the move list and editing the move tree on the board, in Chromium at
// 1280x800 and 390x844: the name follows the moves (and a transposed move order gets it);
// the move menu (right-click, Shift+F10) promotes, reorders, deletes and adds glyphs; Delete
// removes the current move and what follows at once, and both Ctrl+Z and the "Deleted — Undo"
// notice bring it back; a glyph typed with a move (Nf3??) is kept. Screenshots of a chapter with
// its opening name and of the menu go to test-artifacts/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  SIZES,
  assertInViewport,
  assertLayout,
  current,
  gamePgn,
  importPgn,
  sans,
  shot,
  startBrowser,
} from './helpers.mjs';

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
  assert.deepEqual(b?.problems ?? [], []);
});

const openingName = async (page) => {
  const el = page.locator('[data-testid=opening-name]');
  return (await el.isVisible()) ? (await el.textContent()).trim() : '';
};
const waitOpening = (page, text) =>
  page.waitForFunction((t) => {
    const el = document.querySelector('[data-testid=opening-name]');
    return el && !el.hidden && el.textContent.includes(t);
  }, text);

async function typeMove(page, text) {
  await page.fill('[data-testid=move-input]', text);
  await page.press('[data-testid=move-input]', 'Enter');
}

/** The game as the board exports it (the Export button writes it into the PGN box). */
const pgnText = (page) =>
  page.evaluate(() => {
    document.querySelector('[data-testid=pgn-export]').click();
    return document.querySelector('[data-testid=pgn]').value;
  });

describe('opening name and tree edits', () => {
  for (const [name, size] of SIZES) {
    it(`a chapter shows its opening, and the name follows the moves (${name})`, async () => {
      const page = await b.open('', size);
      await importPgn(page, gamePgn('immortal'));
      await waitOpening(page, "King's Gambit");
      const atEnd = await openingName(page);
      assert.match(atEnd, /^C33 King's Gambit Accepted: Bishop's Gambit/);
      await page.keyboard.press('Home');
      await page.waitForFunction(() => document.querySelector('[data-testid=opening-name]').hidden);
      await page.keyboard.press('ArrowRight');
      await waitOpening(page, "King's Pawn Game");
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await waitOpening(page, "King's Gambit");
      await page.keyboard.press('End');
      await waitOpening(page, 'C33');
      await assertInViewport(page, '[data-testid=opening-name]', `opening name (${name})`);
      await assertLayout(page, `opening name (${name})`);
      await shot(page, `27-opening-name-${name}`);
      await page.closeAll();
    });

    it(`a transposed move order is named (${name})`, async () => {
      const page = await b.open('', size);
      for (const m of ['c4', 'e6', 'Nc3', 'Nf6', 'd4', 'Bb4']) await typeMove(page, m);
      await waitOpening(page, 'Nimzo-Indian Defense');
      assert.match(await openingName(page), /^E20 Nimzo-Indian Defense/);
      await page.closeAll();
    });

    it(`the move menu: promote, reorder, glyphs; Delete with Ctrl+Z and the Undo notice (${name})`, async () => {
      const page = await b.open('', size);
      for (const m of ['e4', 'e5', 'Nf3', 'Nc6']) await typeMove(page, m);
      // A variation 2. Bc4 from 1... e5.
      await page.click('[data-testid=moves] .move[data-san=e5]');
      await typeMove(page, 'Bc4');
      await typeMove(page, 'Nf6');
      assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'Bc4', 'Nf6', 'Nc6']);
      // Right-click on Bc4: the menu, at a point inside the viewport.
      await page.click('[data-testid=moves] .move[data-san=Bc4]', { button: 'right' });
      await page.waitForSelector('[data-testid=move-menu]:not([hidden])');
      await assertInViewport(page, '[data-testid=move-menu]', `move menu (${name})`);
      await shot(page, `27-move-menu-${name}`);
      await page.click('[data-testid=menu-promote]');
      assert.deepEqual(await sans(page, '[data-testid=moves] .move.main'), ['e4', 'e5', 'Bc4', 'Nf6']);
      // Ctrl+Z undoes the promotion.
      await page.locator('[data-testid=moves]').focus();
      await page.keyboard.press('Control+z');
      assert.deepEqual(await sans(page, '[data-testid=moves] .move.main'), ['e4', 'e5', 'Nf3', 'Nc6']);
      // Keyboard: Shift+F10 opens the menu on the current move; a glyph from it.
      await page.click('[data-testid=moves] .move[data-san=Nf3]');
      await page.locator('[data-testid=moves]').focus();
      await page.keyboard.press('Shift+F10');
      await page.waitForSelector('[data-testid=move-menu]:not([hidden])');
      assert.equal(
        await page.evaluate(() => document.activeElement?.dataset.testid),
        'menu-down',
        'focus on the first action that applies',
      );
      await page.click('[data-testid=move-menu] .glyph[data-nag="1"]');
      assert.match(await pgnText(page), /2\. Nf3 \$1/);
      // Move the variation up: Bc4 becomes the main move, Nf3 the variation.
      await page.click('[data-testid=moves] .move[data-san=Bc4]', { button: 'right' });
      await page.click('[data-testid=menu-up]');
      assert.deepEqual(await sans(page, '[data-testid=moves] .move.main'), ['e4', 'e5', 'Bc4', 'Nf6']);
      await page.keyboard.press('Control+z');
      // Delete at e5: everything from e5 on goes at once; the notice offers Undo.
      await page.click('[data-testid=moves] .move[data-san=e5]');
      await page.locator('[data-testid=moves]').focus();
      await page.keyboard.press('Delete');
      assert.deepEqual(await sans(page), ['e4']);
      await page.waitForSelector('[data-testid=edit-notice]:not([hidden])');
      assert.match(await page.textContent('[data-testid=edit-notice]'), /Deleted — Undo/);
      await assertInViewport(page, '[data-testid=edit-notice]', `notice (${name})`);
      await shot(page, `27-deleted-undo-${name}`);
      await page.click('[data-testid=edit-undo]');
      assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'Bc4', 'Nf6', 'Nc6']);
      assert.equal(await current(page), 'e5');
      assert.match(await pgnText(page), /2\. Nf3 \$1/, 'the glyph came back with the moves');
      await page.waitForSelector('[data-testid=edit-notice]', { state: 'hidden' });
      // Delete again, then Ctrl+Z.
      await page.keyboard.press('Delete');
      assert.deepEqual(await sans(page), ['e4']);
      await page.keyboard.press('Control+z');
      assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'Bc4', 'Nf6', 'Nc6']);
      // Delete all side lines from the menu, undone too.
      await page.click('[data-testid=moves] .move[data-san=Nc6]', { button: 'right' });
      await page.click('[data-testid=menu-delete-variations]');
      assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'Nc6']);
      await page.click('[data-testid=edit-undo]');
      assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'Bc4', 'Nf6', 'Nc6']);
      // The take-back button keeps its test id and is undone by Ctrl+Z as well.
      await page.click('[data-testid=moves] .move[data-san=Nc6]');
      await page.click('[data-testid=undo]');
      assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'Bc4', 'Nf6']);
      await page.locator('[data-testid=moves]').focus();
      await page.keyboard.press('Control+z');
      assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'Bc4', 'Nf6', 'Nc6']);
      await assertLayout(page, `after the edits (${name})`);
      await page.closeAll();
    });

    it(`a glyph typed with a move is kept; Escape closes the menu (${name})`, async () => {
      const page = await b.open('', size);
      await typeMove(page, 'e4');
      await typeMove(page, 'e5');
      await typeMove(page, 'Nf3??');
      await typeMove(page, 'd6!?');
      assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'd6']);
      assert.match(await pgnText(page), /2\. Nf3 \$4 d6 \$5/);
      assert.equal(await page.textContent('[data-testid=move-error]'), '');
      await page.click('[data-testid=moves] .move[data-san=d6]', { button: 'right' });
      await page.waitForSelector('[data-testid=move-menu]:not([hidden])');
      assert.equal(await page.getAttribute('[data-testid=move-menu] .glyph[data-nag="5"]', 'aria-checked'), 'true');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=move-menu]', { state: 'hidden' });
      // A comment before the move, from the menu.
      await page.click('[data-testid=moves] .move[data-san=d6]', { button: 'right' });
      await page.fill('[data-testid=comment-before]', 'Philidor');
      await page.press('[data-testid=comment-before]', 'Enter');
      assert.match(await pgnText(page), /\{ Philidor \} 2\.\.\. d6 \$5|\{ Philidor \} d6/);
      await page.closeAll();
    });
  }
});
