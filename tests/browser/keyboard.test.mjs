// Keyboard only, screen readers, and the phone layout (keyboard.ts, views/strip.ts): a game
// played, stepped through and given a variation without the mouse; each move announced as
// its SAN in the aria-live region; aria-current on the current move (list and phone strip);
// every control reached with Tab shows a focus ring; axe-core (npm) finds nothing serious or
// critical; on a 390x844 phone the board and the current move are on screen together, and
// tapping a move in the strip does not scroll the board away.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DESKTOP,
  PHONE,
  SIZES,
  assertAxe,
  assertInViewport,
  assertLayout,
  current,
  gamePgn,
  importPgn,
  sans,
  shot,
  startBrowser,
} from './helpers.mjs';

const say = async (page, text) => {
  await page.waitForFunction((t) => document.querySelector('[data-testid=announce]').textContent === t, text);
};

describe('keyboard and screen readers', () => {
  let b;
  before(async () => {
    b = await startBrowser();
  });
  after(async () => {
    await b?.close();
  });

  for (const [label, size] of SIZES) {
    it(`plays, steps and enters a variation with the keyboard alone (${label})`, async () => {
      const page = await b.open('', size);
      // `/` focuses the move box; Enter plays SAN or UCI.
      await page.keyboard.press('/');
      assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'move-input');
      for (const m of ['e4', 'e7e5', 'Nf3', 'Nc6']) {
        await page.keyboard.type(m);
        await page.keyboard.press('Enter');
      }
      assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'Nc6']);
      await say(page, 'Nc6');
      // Escape: back to the board, whose label says where the game is; ← → step.
      await page.keyboard.press('Escape');
      assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'board');
      assert.match(await page.getAttribute('[data-testid=board]', 'aria-label'), /Last move Nc6\. White to move/);
      await page.keyboard.press('ArrowLeft');
      await say(page, 'Nf3');
      await page.keyboard.press('ArrowLeft');
      await say(page, 'e5');
      assert.equal(await current(page), 'e5');
      assert.equal(await page.getAttribute('[data-testid=moves] .move[aria-current=true]', 'data-san'), 'e5');
      // A variation: 2. Bc4 instead of 2. Nf3, entered with the keyboard.
      await page.keyboard.press('/');
      await page.keyboard.type('Bc4');
      await page.keyboard.press('Enter');
      await say(page, 'Bc4');
      await page.keyboard.press('Escape');
      assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3', 'Bc4', 'Nc6']);
      // ↑ ↓ switch between the variations of this move.
      await page.keyboard.press('ArrowUp');
      await say(page, 'Nf3');
      assert.equal(await current(page), 'Nf3');
      await page.keyboard.press('ArrowDown');
      await say(page, 'Bc4');
      await page.keyboard.press('Home');
      await say(page, 'Start position');
      await page.keyboard.press('End');
      assert.equal(await current(page), 'Nc6', 'the end of the main line');
      // f flips; ? shows the keys (Escape closes them).
      await page.keyboard.press('f');
      assert.match(await page.getAttribute('[data-testid=board]', 'aria-label'), /black at the bottom/);
      await page.keyboard.press('?');
      assert.ok(await page.isVisible('[data-testid=keys-help]'));
      if (label === 'desktop') await shot(page, 'keyboard-keys-desktop');
      await page.keyboard.press('Escape');
      assert.ok(!(await page.isVisible('[data-testid=keys-help]')));
      // A refused move says why and changes nothing.
      await page.keyboard.press('/');
      await page.keyboard.type('Ke3');
      await page.keyboard.press('Enter');
      assert.match(await page.textContent('[data-testid=move-error]'), /Ke3/);
      await page.closeAll();
    });
  }

  it('space plays the engine’s best move', async () => {
    const page = await b.open('', DESKTOP);
    await page.keyboard.press('e');
    await page.waitForSelector('#engine-lines [data-pv]', { timeout: 30_000 });
    // The engine keeps searching, and its best line can change between any read here and the key press: note the
    // line shown at the moment the key goes down (a capturing listener runs before the board's own).
    await page.evaluate(() => {
      window.addEventListener(
        'keydown',
        (e) => {
          if (e.key === ' ') window.__bestAtKey = document.querySelector('#engine-lines [data-pv]')?.dataset.pv;
        },
        { capture: true },
      );
    });
    await page.focus('[data-testid=board]');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=moves] .move').length === 1);
    const best = (await page.evaluate(() => window.__bestAtKey)).split(' ')[0];
    assert.match(best, /^[a-h][1-8][a-h][1-8]$/);
    assert.equal(await page.getAttribute('[data-testid=moves] .move', 'data-uci'), best);
    await page.keyboard.press('e');
    await page.closeAll();
  });

  for (const [label, size] of SIZES) {
    it(`every control is reached with Tab and visibly focused; axe finds nothing serious (${label})`, async () => {
      const page = await b.open('', size);
      await importPgn(page, gamePgn('immortal'));
      await page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.focus('body');
      const seen = new Set();
      const unfocused = [];
      for (let i = 0; i < 150; i++) {
        await page.keyboard.press('Tab');
        const f = await page.evaluate(() => {
          const e = document.activeElement;
          if (!e || e === document.body) return null;
          const s = getComputedStyle(e);
          // The ring: an outline, or (a file input) its label's.
          const holder = e.matches('.file-btn input') ? e.closest('.file-btn') : e;
          const hs = getComputedStyle(holder);
          const ring = hs.outlineStyle !== 'none' && parseFloat(hs.outlineWidth) >= 2;
          return {
            key: e.id || e.dataset.testid || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 20),
            ring,
            visible: s.visibility !== 'hidden',
          };
        });
        if (!f) continue;
        if (seen.has(f.key)) continue;
        seen.add(f.key);
        if (!f.ring) unfocused.push(f.key);
      }
      assert.deepEqual(unfocused, [], 'controls without a focus ring');
      for (const id of [
        'board',
        'move-input',
        'nav-prev',
        'flip',
        'study-file',
        'chapter-search',
        'engine-toggle',
        'tab-studies',
      ]) {
        assert.ok(
          [...seen].some((k) => k === id),
          `${id} is reached with Tab (${[...seen].join(', ')})`,
        );
      }
      // The other tools are one tab away: ← → select them, Tab goes into the panel.
      await page.focus('#tab-studies');
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-pgn');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.closest('[role=tabpanel]')?.id), 'panel-pgn');
      for (let i = 0; i < 12 && (await page.evaluate(() => document.activeElement.id)) !== 'pgn'; i++)
        await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'pgn', 'the PGN box is reached with Tab');
      await assertAxe(page, label);
      await page.closeAll();
    });
  }

  it('on a phone the board and the current move are on screen together; tapping a move keeps the board', async () => {
    const page = await b.open('', PHONE);
    await importPgn(page, gamePgn('long-selfplay'));
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('[data-testid=engine-toggle]');
    await assertInViewport(page, '[data-testid=board]', 'board');
    await assertInViewport(page, '[data-testid=move-strip] [aria-current=true]', 'current move in the strip');
    await assertLayout(page, 'phone with the strip');
    // Tap an earlier move in the strip: the board stays put.
    const y0 = await page.evaluate(() => window.scrollY);
    const target = page.locator('[data-testid=move-strip] .strip-move').nth(-4);
    const san = await target.getAttribute('data-san');
    await target.click();
    assert.equal(await page.getAttribute('[data-testid=move-strip] [aria-current=true]', 'data-san'), san);
    assert.equal(await page.evaluate(() => window.scrollY), y0, 'the page did not scroll');
    await assertInViewport(page, '[data-testid=board]', 'board after a tap');
    await assertInViewport(page, '[data-testid=move-strip] [aria-current=true]', 'current move after a tap');
    await page.click('#nav-start');
    await page.click('#nav-end');
    await assertInViewport(page, '[data-testid=move-strip] [aria-current=true]', 'current move at the end');
    // The board is centred; nothing scrolls sideways.
    const c = await page.evaluate(() => {
      const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
      return { left: b.left, right: window.innerWidth - b.right };
    });
    assert.ok(Math.abs(c.left - c.right) <= 12, `board centred: ${JSON.stringify(c)}`);
    await shot(page, 'phone-strip');
    await page.click('[data-testid=engine-toggle]');
    await page.closeAll();
  });

  it('player names never break inside a word, clocks stay in the header; the board keeps its size when a puzzle starts', async () => {
    const pgn = `[White "Maximilianus-Alexandrovich Verylongsurnameofchess"]\n[Black "Anna Ushenina-Kosteniuk-Muzychuk"]\n[WhiteElo "2710"]\n[BlackElo "2695"]\n\n1. e4 { [%clk 0:05:00] } e5 { [%clk 0:04:58] } *\n`;
    for (const size of [DESKTOP, PHONE]) {
      const page = await b.open('', size);
      await importPgn(page, pgn);
      const r = await page.evaluate(() => {
        const header = document.querySelector('[data-testid=game-header]').getBoundingClientRect();
        const out = [];
        for (const p of document.querySelectorAll('[data-testid=game-header] .player')) {
          const name = p.querySelector('.name');
          const line = parseFloat(getComputedStyle(name).lineHeight) || 20;
          const clock = p.querySelector('.clock').getBoundingClientRect();
          out.push({
            oneLine: name.getBoundingClientRect().height < line * 1.5,
            clockInside: clock.right <= header.right && clock.left >= header.left,
          });
        }
        return out;
      });
      assert.deepEqual(
        r,
        [
          { oneLine: true, clockInside: true },
          { oneLine: true, clockInside: true },
        ],
        JSON.stringify(size),
      );
      await assertLayout(page, `long names (${size.width})`);
      await page.closeAll();
    }
    // A puzzle: the board is as large as before it.
    const page = await b.open('', DESKTOP);
    const before = (await page.locator('[data-testid=board]').boundingBox()).width;
    const puzzle = await b.open(`#puzzle=${encodeURIComponent('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 Ra8#')}`, DESKTOP);
    await puzzle.waitForSelector('body.puzzling', { state: 'attached' });
    assert.equal((await puzzle.locator('[data-testid=board]').boundingBox()).width, before);
    await assertInViewport(puzzle, '[data-testid=puzzle-feedback]', 'puzzle feedback');
    await page.closeAll();
    await puzzle.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
