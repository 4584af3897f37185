// The move list and the game header with real games (tests/data/games): the Immortal Game,
// a 150-move game, the Immortal Game annotated with nested variations and comments, and a
// lichess export with clocks, evals and arrows. At 1280x800 and 390x844: the list wraps
// (never scrolls sideways), the current move is highlighted and in view, O-O stays whole;
// picking a game again works; arrows drawn by the user are kept with their move and exported.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP,
  PHONE,
  SIZES,
  assertLayout,
  current,
  dragMove,
  gamePgn,
  importPgn,
  sans,
  shot,
  square,
  startBrowser,
  tab,
} from './helpers.mjs';

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

/** Whether the current move lies inside the visible part of the move list. */
async function currentInView(page) {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid=moves]').getBoundingClientRect();
    const el = document.querySelector('[data-testid=moves] .move.current');
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.left >= box.left - 1 && r.right <= box.right + 1;
  });
}

describe('move list and game header', () => {
  for (const [name, size] of SIZES) {
    it(`the Immortal Game wraps inside the panel, 1. e4 in view at the start (${name})`, async () => {
      const page = await b.open('', size);
      await importPgn(page, gamePgn('immortal'));
      assert.equal((await sans(page)).length, 45);
      assert.equal(await current(page), 'Be7#');
      assert.ok(await currentInView(page), 'the last move is scrolled into view');
      await assertLayout(page, `immortal at the end (${name})`);
      await shot(page, `20-immortal-end-${name}`);
      await page.keyboard.press('Home');
      // At the start position, the first move is visible in the list (not scrolled away).
      const firstVisible = await page.evaluate(() => {
        const box = document.querySelector('[data-testid=moves]').getBoundingClientRect();
        const r = document.querySelector('[data-testid=moves] .move').getBoundingClientRect();
        return r.top >= box.top && r.bottom <= box.bottom && r.right <= box.right;
      });
      assert.ok(firstVisible, '1. e4 is visible at the start');
      // One move per cell: White's and Black's moves of a row side by side, rows stacked.
      const rows = await page.$$eval('[data-testid=moves] .move.main', (els) =>
        els.slice(0, 4).map((e) => Math.round(e.getBoundingClientRect().top)),
      );
      assert.equal(rows[0], rows[1], '1. e4 e5 on one row');
      assert.ok(rows[2] > rows[1], '2. f4 on the next row');
      // The header: players, event, date, result.
      const header = await page.textContent('[data-testid=game-header]');
      for (const t of ['Adolf Anderssen', 'Lionel Kieseritzky', 'London casual game', '1851.06.21', '1-0'])
        assert.ok(header.includes(t), `header shows ${t}: ${header}`);
      await assertLayout(page, `immortal at the start (${name})`);
      await page.closeAll();
    });

    it(`a 150-move game never scrolls sideways; the current move follows (${name})`, async () => {
      const page = await b.open('', size);
      await importPgn(page, gamePgn('long-selfplay'));
      assert.ok((await page.$$eval('[data-testid=moves] .move.main', (els) => els.length)) >= 300);
      assert.ok(await currentInView(page), 'the last move is in view');
      await assertLayout(page, `long game at the end (${name})`);
      await shot(page, `21-long-game-${name}`);
      // Jump into the middle by clicking a move, then step with the keys: the list follows.
      await page.keyboard.press('Home');
      const y0 = await page.evaluate(() => window.scrollY);
      for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowRight');
      assert.equal(
        await page.$$eval('[data-testid=moves] .move.main', (els) =>
          els.findIndex((e) => e.classList.contains('current')),
        ),
        59,
      );
      assert.ok(await currentInView(page), 'move 60 is in view after stepping');
      const y = await page.evaluate(() => window.scrollY);
      assert.equal(y, y0, 'stepping through moves never scrolls the page');
      await assertLayout(page, `long game in the middle (${name})`);
      await page.closeAll();
    });

    it(`nested variations are indented by depth, comments wrap, NAG glyphs show (${name})`, async () => {
      const page = await b.open('', size);
      await importPgn(page, gamePgn('annotated'));
      const depths = await page.$$eval('[data-testid=moves] .variation', (els) =>
        els.map((e) => Number(e.dataset.depth)),
      );
      assert.ok(depths.includes(3), `three levels of variations (${depths})`);
      // Deeper variations start further right.
      const lefts = await page.$$eval('[data-testid=moves] .variation', (els) =>
        els.map((e) => [Number(e.dataset.depth), e.getBoundingClientRect().left]),
      );
      const byDepth = (d) => Math.min(...lefts.filter(([k]) => k === d).map(([, l]) => l));
      assert.ok(byDepth(1) < byDepth(2) && byDepth(2) < byDepth(3), `indentation grows with depth (${lefts})`);
      // Variation moves in order: 3... d5 4. Bxd5 (4. exd5 Qh4+ 5. Kf1 Bd6 (5... Nf6 ...) 6. Nf3) 4... Nf6 ...
      const v = await sans(page, '[data-testid=moves] .variation[data-depth="1"] .move');
      assert.deepEqual(v.slice(0, 6), ['d5', 'Bxd5', 'exd5', 'Qh4+', 'Kf1', 'Bd6']);
      // NAG glyphs next to their moves.
      const nags = await page.$$eval('[data-testid=moves] .nag', (els) => els.map((e) => e.textContent));
      for (const g of ['!?', '!', '!!', '?']) assert.ok(nags.includes(g), `${g} shown (${nags})`);
      // Comments are wrapped text inside the panel.
      const comment = await page.$eval('[data-testid=moves] .game-comment', (e) => [
        e.scrollWidth <= e.clientWidth,
        e.getBoundingClientRect().height,
      ]);
      assert.ok(comment[0] && comment[1] > 20, 'the game comment wraps');
      await assertLayout(page, `annotated (${name})`);
      // Click a move three levels deep: the board goes there.
      await page.click('[data-testid=moves] .variation[data-depth="3"] .move[data-san=Nf6]');
      assert.equal(
        await page.inputValue('[data-testid=fen]'),
        'rnb1kb1r/ppp2ppp/5n2/3P4/2B2p1q/8/PPPP2PP/RNBQ1KNR w kq - 3 6',
      );
      assert.ok(await currentInView(page));
      await shot(page, `22-annotated-${name}`);
      await page.closeAll();
    });
  }

  it('O-O never breaks at its hyphen, even in a narrow list', async () => {
    const page = await b.open('', { width: 320, height: 700 });
    await importPgn(
      page,
      '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 O-O 6. c3 d6 7. Bb3 a6 8. Nbd2 Ba7 9. Re1 Ng4 10. Re2 Kh8 11. h3 Nf6 12. Nf1 Ne7 13. Ng3 Ng6 14. d4 exd4 15. cxd4 Bxd4 16. Nxd4 *',
    );
    const heights = await page.$$eval('[data-testid=moves] .move[data-san^="O-O"]', (els) =>
      els.map((e) => [e.getClientRects().length, e.getBoundingClientRect().height]),
    );
    assert.equal(heights.length, 2);
    for (const [rects, hgt] of heights)
      assert.ok(rects === 1 && hgt < 30, `O-O on one line (${rects} boxes, ${hgt}px)`);
    await assertLayout(page, 'narrow');
    await page.closeAll();
  });

  it('the lichess export: clocks beside moves, evals, the players’ clocks, arrows and circles at their move', async () => {
    const page = await b.open('', DESKTOP);
    await importPgn(page, gamePgn('lichess-export'));
    const clocks = await page.$$eval('[data-testid=moves] [data-testid=move-clock]', (els) =>
      els.map((e) => e.textContent),
    );
    assert.equal(clocks.length, 33);
    assert.equal(clocks[0], '3:00');
    assert.equal(clocks.at(-1), '2:06');
    const evals = await page.$$eval('[data-testid=moves] [data-testid=move-eval]', (els) =>
      els.map((e) => e.textContent),
    );
    assert.equal(evals[0], '+0.27');
    assert.ok(evals.includes('#2'), `mate scores shown (${evals})`);
    // No command text left in the list.
    assert.ok(!(await page.textContent('[data-testid=moves]')).includes('[%'));
    // Both players' clocks at the current move (the end): White 2:06, Black 1:13.
    assert.match(await page.textContent('[data-testid=player-white]'), /Paul Morphy.*2:06/);
    assert.match(await page.textContent('[data-testid=player-black]'), /Duke Karl.*1:13/);
    // 12. O-O-O has circles on d1 and d7 and an arrow d1-d7: drawn on the board at that move.
    await page.click('[data-testid=moves] .move[data-san=O-O-O]');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid=board] .cg-shapes g, [data-testid=board] svg.cg-shapes > g > *')
          .length > 0,
    );
    const shapes = await page.$$eval('[data-testid=board] svg.cg-shapes g > *', (els) => els.map((e) => e.tagName));
    assert.ok(
      shapes.filter((t) => t === 'circle').length >= 2 && shapes.includes('line'),
      `circles and an arrow (${shapes})`,
    );
    await shot(page, '23-lichess-export-shapes');
    // The next move has none.
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] svg.cg-shapes g > *').length === 0);
    await page.closeAll();
  });

  it('arrows drawn by the user are kept with their move and exported as [%cal]/[%csl]', async () => {
    const page = await b.open('', DESKTOP);
    await importPgn(page, gamePgn('immortal'));
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight'); // 1. e4
    await dragMove(page, 'g1', 'f3', 'right'); // a green arrow
    const e5 = await square(page, 'e5');
    await page.mouse.move(e5.x, e5.y);
    await page.keyboard.down('Shift');
    await page.mouse.down({ button: 'right' });
    await page.waitForTimeout(100); // chessground takes the square on the next animation frame
    await page.mouse.up({ button: 'right' }); // a red circle
    await page.keyboard.up('Shift');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft'); // away and back: the shapes are the move's
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] svg.cg-shapes g > *').length >= 2);
    await tab(page, 'pgn');
    await page.click('[data-testid=pgn-export]');
    const pgn = await page.inputValue('[data-testid=pgn]');
    assert.match(pgn, /1\. e4 \{ \[%csl Re5\] \[%cal Gg1f3\] \}/);
    // Through the URL: a reload keeps them.
    await page.waitForFunction(() => decodeURIComponent(location.hash).includes('%cal'));
    const again = await b.open(page.url().slice(b.server.url.length), DESKTOP);
    assert.equal(await current(again), 'e4');
    await again.waitForFunction(() => document.querySelectorAll('[data-testid=board] svg.cg-shapes g > *').length >= 2);
    await again.closeAll();
    await page.closeAll();
  });

  it('picking a game of a file again works (it was disposed before)', async () => {
    const page = await b.open('', PHONE);
    await importPgn(page, `${gamePgn('immortal')}\n${gamePgn('lichess-export')}`);
    await tab(page, 'pgn');
    await page.selectOption('[data-testid=pgn-games]', '1');
    assert.equal(await current(page), 'Rd8#');
    await page.focus('[data-testid=board]'); // (← on the tabs would pick another tab)
    await page.keyboard.press('ArrowLeft');
    await page.selectOption('[data-testid=pgn-games]', '0');
    assert.equal(await current(page), 'Be7#');
    await page.selectOption('[data-testid=pgn-games]', '1');
    assert.equal(await current(page), 'Nxb8', 'back where it was left');
    assert.match(await page.textContent('[data-testid=game-header]'), /Paul Morphy/);
    await page.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
