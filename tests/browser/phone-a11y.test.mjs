// What a new user met on the board, at 1280x800, 390x844 and 844x390: axe-core finds no
// serious contrast failure (a player's title "GM" in the header; a study's chapter count in dark
// mode); the page has a visible top-level heading on a phone; the move list is a list with a
// name; the board fits a landscape phone; a move tapped in the full move list is on screen
// with the board, in both orientations; and the small slips: Space right after clicking
// "Engine on" plays the engine's move, the `?` list names Ctrl+Z, redo and Shift+F10, a refused
// move is said in a few words and cleared by the next move or game, the engine's credit line
// is empty with the engine off, and player names are whole beside their clocks.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DESKTOP,
  PHONE,
  assertAxe,
  assertInViewport,
  assertLayout,
  gamePgn,
  importPgn,
  shot,
  startBrowser,
} from './helpers.mjs';

const LANDSCAPE = { width: 844, height: 390 };
const SIZES3 = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
  ['landscape', LANDSCAPE],
];

/** A world championship game's header: titles, ratings, clocks. */
const WCC = `[Event "FIDE World Championship 2021"]
[Site "Dubai UAE"]
[Date "2021.12.03"]
[Round "6"]
[White "Carlsen, Magnus"]
[Black "Nepomniachtchi, Ian"]
[WhiteTitle "GM"]
[BlackTitle "GM"]
[WhiteElo "2855"]
[BlackElo "2782"]
[Result "*"]

1. d4 { [%clk 1:59:41] } Nf6 { [%clk 1:59:31] } 2. Nf3 { [%clk 1:59:26] } d5 { [%clk 1:59:15] } 3. g3 { [%clk 1:59:03] } e6 { [%clk 1:58:51] } *
`;

const typeMove = async (page, text) => {
  await page.fill('[data-testid=move-input]', text);
  await page.press('[data-testid=move-input]', 'Enter');
};

describe('phone, accessibility and small slips', () => {
  let b;
  before(async () => {
    b = await startBrowser();
  });
  after(async () => {
    await b?.close();
  });

  for (const scheme of ['light', 'dark'])
    for (const [label, size] of SIZES3) {
      it(`axe finds nothing serious with a titled player and a study open (${label}, ${scheme})`, async () => {
        const page = await b.open('', size, { colorScheme: scheme });
        await page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
        await importPgn(page, WCC);
        // The game becomes a chapter of a new study named after its Event: selected, with its count.
        await page.waitForSelector('[data-testid=studies] [aria-selected=true] [data-testid=study-count]');
        await page.waitForSelector('[data-testid=chapters] [aria-selected=true]');
        assert.equal(await page.textContent('[data-testid=player-white] .title'), 'GM');
        await assertAxe(page, `${label}, ${scheme}`);
        // The move list: a list, named.
        assert.equal(await page.getByRole('list', { name: 'Moves' }).count(), 1);
        assert.ok((await page.getByRole('list', { name: 'Moves' }).getByRole('listitem').count()) >= 3);
        // A visible top-level heading, at every size.
        await page.evaluate(() => window.scrollTo(0, 0));
        assert.equal(await page.locator('h1').count(), 1);
        assert.ok(await page.locator('h1').isVisible(), 'the h1 is visible');
        await assertInViewport(page, 'h1', `heading (${label})`);
        // Player names whole beside their clocks (not "Nepo…").
        const cut = await page.$$eval('[data-testid=game-header] .name', (els) =>
          els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
        );
        assert.deepEqual(cut, [], `names cut (${label})`);
        assert.equal(await page.locator('[data-testid=game-header] .clock').count(), 2);
        await assertLayout(page, `${label}, ${scheme}`);
        await shot(page, `phone-a11y-${label}-${scheme}`);
        await page.closeAll();
      });
    }

  for (const [label, size] of [
    ['phone', PHONE],
    ['landscape', LANDSCAPE],
  ]) {
    it(`the board fits the screen, and a move tapped in the full move list is on screen with it (${label})`, async () => {
      const page = await b.open('', size);
      await importPgn(page, gamePgn('long-selfplay'));
      await page.evaluate(() => window.scrollTo(0, 0));
      await assertInViewport(page, '[data-testid=board]', `board (${label})`);
      // Scroll down to the full move list, as a person does, and tap moves in it.
      for (const nth of [10, 40, 3]) {
        const move = page.locator('[data-testid=moves] .move.main').nth(nth);
        await move.evaluate((e) => e.scrollIntoView({ block: 'end' }));
        await page.waitForTimeout(100);
        const san = await move.getAttribute('data-san');
        const box = await move.boundingBox();
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await page.waitForFunction(
          (s) => document.querySelector('[data-testid=moves] .move.current')?.dataset.san === s,
          san,
        );
        await page.waitForTimeout(100);
        await assertInViewport(page, '[data-testid=board]', `board after a tap on move ${nth} (${label})`);
        await assertInViewport(page, '[data-testid=moves] .move.current', `the tapped move ${nth} (${label})`);
        // The move is not under the board (which stays at the top of the screen).
        const overlap = await page.evaluate(() => {
          const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
          const m = document.querySelector('[data-testid=moves] .move.current').getBoundingClientRect();
          return !(m.bottom <= b.top || m.top >= b.bottom || m.right <= b.left || m.left >= b.right);
        });
        assert.equal(overlap, false, `the tapped move is not under the board (${label})`);
      }
      await shot(page, `phone-tap-move-${label}`);
      await assertLayout(page, label);
      await page.closeAll();
    });
  }

  it('Space right after clicking "Engine on" plays the best move', async () => {
    const page = await b.open('', DESKTOP);
    await page.click('[data-testid=engine-toggle]');
    assert.equal(await page.getAttribute('[data-testid=engine-toggle]', 'aria-pressed'), 'true');
    await page.waitForSelector('#engine-lines [data-pv]', { timeout: 30_000 });
    await page.evaluate(() => {
      window.addEventListener(
        'keydown',
        (e) => {
          if (e.key === ' ') window.__bestAtKey = document.querySelector('#engine-lines [data-pv]')?.dataset.pv;
        },
        { capture: true },
      );
    });
    await page.keyboard.press(' ');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=moves] .move').length === 1);
    assert.equal(await page.getAttribute('[data-testid=engine-toggle]', 'aria-pressed'), 'true', 'still on');
    const best = (await page.evaluate(() => window.__bestAtKey)).split(' ')[0];
    assert.equal(await page.getAttribute('[data-testid=moves] .move', 'data-uci'), best);
    await page.click('[data-testid=engine-toggle]');
    await page.closeAll();
  });

  it('the ? list names Ctrl+Z, redo and Shift+F10', async () => {
    const page = await b.open('', DESKTOP);
    await page.keyboard.press('?');
    await page.waitForSelector('[data-testid=keys-help][open]');
    const text = await page.textContent('[data-testid=keys-help]');
    for (const k of ['Ctrl+Z', 'Ctrl+Y', 'Ctrl+Shift+Z', 'Shift+F10']) assert.ok(text.includes(k), `${k} in the list`);
    await page.click('[data-testid=keys-close]');
    await page.closeAll();
  });

  it('a refused move is said in a few words, and cleared by the next move or game', async () => {
    const page = await b.open('', DESKTOP);
    await typeMove(page, 'e4');
    await typeMove(page, 'Ke3');
    const error = await page.textContent('[data-testid=move-error]');
    assert.equal(error, '“Ke3” is illegal here');
    assert.ok(!error.includes('/'), 'no FEN in it');
    await typeMove(page, 'e5');
    assert.equal(await page.textContent('[data-testid=move-error]'), '', 'cleared by the next move');
    await typeMove(page, 'Nbd7');
    assert.match(await page.textContent('[data-testid=move-error]'), /^“Nbd7” is illegal here$/);
    await page.click('#new-game');
    assert.equal(await page.textContent('[data-testid=move-error]'), '', 'cleared by a new game');
    await typeMove(page, 'hello');
    assert.equal(await page.textContent('[data-testid=move-error]'), '“hello” is not a move (try Nf3, e2e4, O-O)');
    await page.closeAll();
  });

  it("with the engine off, its credit line names no engine (not the last variant's)", async () => {
    const page = await b.open('', DESKTOP);
    await page.selectOption('[data-testid=variant]', 'crazyhouse');
    await page.click('[data-testid=engine-toggle]');
    await page.waitForFunction(
      () => /crazyhouse/.test(document.querySelector('[data-testid=engine-info]').textContent),
      null,
      {
        timeout: 60_000,
      },
    );
    await page.click('[data-testid=engine-toggle]');
    assert.equal(await page.textContent('[data-testid=engine-info]'), '');
    await page.selectOption('[data-testid=variant]', 'chess');
    assert.equal(await page.textContent('[data-testid=engine-info]'), '');
    // On again in standard chess: Stockfish's credit, not Fairy-Stockfish's.
    await page.click('[data-testid=engine-toggle]');
    await page.waitForFunction(
      () => /Stockfish/.test(document.querySelector('[data-testid=engine-info]').textContent),
      null,
      {
        timeout: 60_000,
      },
    );
    assert.doesNotMatch(await page.textContent('[data-testid=engine-info]'), /Fairy|crazyhouse/);
    await page.click('[data-testid=engine-toggle]');
    await page.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
