// The board's small things: copy FEN and copy link, dark mode from prefers-color-scheme,
// a variant switch that keeps an unsaved game (a confirmation where nothing could keep it), move sounds (on/off, no errors),
// readable coordinates, the promotion chooser drawn with the board's own pieces, Makruk
// pieces drawn as Makruk pieces, Backspace undo, perft depth and Chess960 number checks with
// their errors in their own panel, long error text kept inside its panel.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP,
  PHONE,
  assertLayout,
  clickMove,
  dragMove,
  fen,
  gamePgn,
  importPgn,
  loadFen,
  sans,
  shot,
  startBrowser,
  tab,
  waitMoves,
} from './helpers.mjs';

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };

describe('small things', () => {
  it('copies the FEN and a link that opens the same game at the same move', async () => {
    const page = await b.open('', DESKTOP, { context: clipboard });
    await importPgn(page, gamePgn('immortal'));
    await page.keyboard.press('Home');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await tab(page, 'pgn');
    await page.click('[data-testid=copy-fen]');
    await page.waitForFunction(() => document.querySelector('[data-testid=copy-fen]').textContent === 'Copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await fen(page));
    await page.click('[data-testid=copy-link]');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(link.startsWith(b.server.url), link);
    const other = await b.open(link.slice(b.server.url.length));
    assert.equal(await fen(other), await fen(page));
    assert.equal((await sans(other)).length, 45);
    assert.match(await other.textContent('[data-testid=game-header]'), /Adolf Anderssen/);
    await other.closeAll();
    await page.closeAll();
  });

  it('follows prefers-color-scheme: dark', async () => {
    for (const [scheme, dark] of [
      ['dark', true],
      ['light', false],
    ]) {
      const page = await b.open('', DESKTOP, { colorScheme: scheme });
      await importPgn(page, gamePgn('annotated'));
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, bl] = bg.match(/\d+/g).map(Number);
      const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * bl) / 255;
      assert.equal(luminance < 0.3, dark, `${scheme}: body ${bg}`);
      const text = await page.evaluate(
        () => getComputedStyle(document.querySelector('[data-testid=moves] .move')).color,
      );
      const t = text.match(/\d+/g).map(Number);
      assert.equal((0.2126 * t[0] + 0.7152 * t[1] + 0.0722 * t[2]) / 255 > 0.6, dark, `${scheme}: move text ${text}`);
      if (dark) await shot(page, '60-dark-mode');
      await page.closeAll();
    }
  });

  it('a variant switch keeps an unsaved game (offered back); without storage it asks first', async () => {
    // With storage: nothing is dropped, so nothing is asked; the game stays offered to keep.
    const page = await b.open();
    let asked = '';
    page.on('dialog', (d) => (asked = d.message()));
    await clickMove(page, 'e2', 'e4');
    await waitMoves(page, 1);
    await page.selectOption('[data-testid=variant]', 'makruk');
    assert.equal(await fen(page), 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
    assert.equal(asked, '', 'no confirmation: the game is kept');
    await page.waitForSelector('[data-testid=scratch]:not([hidden])');
    assert.match(
      await page.textContent('[data-testid=scratch-text]'),
      /An unsaved game, .* \(1 move\), is in no study yet/,
    );
    await page.click('[data-testid=scratch-show]');
    await waitMoves(page, 1);
    assert.deepEqual(await sans(page), ['e4'], 'Show it brings the game back');
    assert.equal(await page.inputValue('[data-testid=variant]'), 'chess');
    await page.closeAll();
    // Without storage (no IndexedDB) the moves would be lost: the board asks; cancelling keeps them.
    const noStorage = () => {
      Object.defineProperty(window, 'indexedDB', { value: undefined });
    };
    const bare = await b.open('', DESKTOP, { dialog: 'dismiss', init: noStorage });
    asked = '';
    bare.on('dialog', (d) => (asked = d.message()));
    await clickMove(bare, 'e2', 'e4');
    await waitMoves(bare, 1);
    await bare.selectOption('[data-testid=variant]', 'makruk');
    await bare.waitForTimeout(100);
    assert.match(asked, /Switching to Makruk drops the moves of this game/);
    assert.equal(await bare.inputValue('[data-testid=variant]'), 'chess', 'the select goes back');
    assert.deepEqual(await sans(bare), ['e4']);
    await bare.closeAll();
    // Accepted: the switch happens.
    const again = await b.open('', DESKTOP, { init: noStorage });
    await clickMove(again, 'e2', 'e4');
    await waitMoves(again, 1);
    await again.selectOption('[data-testid=variant]', 'makruk');
    assert.equal(await fen(again), 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
    await again.closeAll();
  });

  it('move sounds: off by default, switched on, played without errors, remembered', async () => {
    const page = await b.open();
    assert.equal(await page.getAttribute('[data-testid=sound-toggle]', 'aria-pressed'), 'false');
    await page.click('[data-testid=sound-toggle]');
    assert.equal(await page.getAttribute('[data-testid=sound-toggle]', 'aria-pressed'), 'true');
    // Count the sounds made (WebAudio sources started) while moves are played.
    await page.evaluate(() => {
      window.started = 0;
      for (const Node of [AudioBufferSourceNode, OscillatorNode]) {
        const orig = Node.prototype.start;
        Node.prototype.start = function (...a) {
          window.started++;
          return orig.apply(this, a);
        };
      }
    });
    await clickMove(page, 'e2', 'e4');
    await clickMove(page, 'd7', 'd5');
    await clickMove(page, 'e4', 'd5'); // a capture
    await waitMoves(page, 3);
    assert.ok((await page.evaluate(() => window.started)) >= 3, 'a sound per move');
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    assert.equal(await page.getAttribute('[data-testid=sound-toggle]', 'aria-pressed'), 'true', 'remembered');
    await page.click('[data-testid=sound-toggle]');
    assert.equal(await page.getAttribute('[data-testid=sound-toggle]', 'aria-pressed'), 'false');
    await page.closeAll();
  });

  it('coordinates are readable: at least 11 px, bold, contrasting with their square', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await b.open('', size);
      const coords = await page.$$eval('[data-testid=board] coords coord', (els) =>
        els.map((e) => {
          const s = getComputedStyle(e);
          return {
            text: e.textContent,
            size: parseFloat(s.fontSize),
            weight: Number(s.fontWeight),
            color: s.color,
            dark: e.classList.contains('coord-dark'),
            opacity: Number(getComputedStyle(e.parentElement).opacity),
          };
        }),
      );
      assert.equal(coords.length, 16);
      for (const c of coords) {
        assert.ok(c.size >= 10 && c.weight >= 600 && c.opacity === 1, JSON.stringify(c));
        const [r, g, bl] = c.color.match(/\d+/g).map(Number);
        const lum = (0.2126 * r + 0.7152 * g + 0.0722 * bl) / 255;
        assert.ok(
          c.dark ? lum > 0.8 : lum < 0.45,
          `coordinate ${c.text} on a ${c.dark ? 'dark' : 'light'} square: ${c.color}`,
        );
      }
      await page.closeAll();
    }
  });

  it('the promotion chooser shows the board’s own pieces; Makruk pieces are drawn as Makruk pieces', async () => {
    const page = await b.open();
    await loadFen(page, '8/1P6/8/8/8/8/6k1/K7 w - - 0 1');
    await dragMove(page, 'b7', 'b8');
    await page.waitForSelector('#promotion:not([hidden])');
    const chooser = await page.$$eval('#promotion .promo-piece piece', (els) =>
      els.map((e) => [e.className, getComputedStyle(e).backgroundImage.slice(0, 30)]),
    );
    assert.deepEqual(
      chooser.map(([c]) => c),
      ['queen white', 'rook white', 'bishop white', 'knight white'],
    );
    for (const [, img] of chooser) assert.match(img, /^url\("data:image\/svg\+xml/);
    // The same image as the queen on the board would have.
    const boardQueen = await page.evaluate(() => {
      const p = document.querySelector('[data-testid=board] piece.king.white');
      return getComputedStyle(p).backgroundImage.length > 100;
    });
    assert.ok(boardQueen);
    await shot(page, '61-promotion-chooser');
    await page.click('[data-testid=promote-q]');
    assert.match(await fen(page), /^1Q6/);
    // Makruk: every piece drawn with our SVGs, none with the chess set's.
    await page.selectOption('[data-testid=variant]', 'makruk');
    const images = await page.$$eval('[data-testid=board] cg-board piece', (els) =>
      els.map((e) => getComputedStyle(e).backgroundImage),
    );
    const chess = await page.evaluate(() => {
      const wrap = document.createElement('div');
      wrap.className = 'cg-wrap';
      const out = [];
      for (const role of ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'])
        for (const color of ['white', 'black']) {
          const p = document.createElement('piece');
          p.className = `${role} ${color}`;
          wrap.append(p);
        }
      document.body.append(wrap);
      for (const p of wrap.children) out.push(getComputedStyle(p).backgroundImage);
      wrap.remove();
      return out;
    });
    assert.equal(images.length, 32);
    for (const img of images) assert.ok(!chess.includes(img), 'a Makruk piece drawn with a chess image');
    assert.equal(new Set(images).size, 12, 'six Makruk pieces in two colours');
    await shot(page, '62-makruk-pieces');
    // A Bia reaching the sixth rank becomes a Met (the only choice: no chooser).
    await loadFen(page, '8/8/8/1P6/8/8/6k1/K7 w - - 0 1');
    await dragMove(page, 'b5', 'b6');
    await page.waitForFunction(() => document.querySelector('[data-testid=moves] .move')?.dataset.san === 'b6=M');
    assert.equal(await page.isHidden('#promotion'), true);
    await page.closeAll();
  });

  it('Backspace takes back the last move, as its tooltip says', async () => {
    const page = await b.open();
    assert.match(await page.getAttribute('[data-testid=undo]', 'title'), /Backspace/);
    await clickMove(page, 'e2', 'e4');
    await clickMove(page, 'e7', 'e5');
    await waitMoves(page, 2);
    await page.locator('[data-testid=moves]').focus();
    await page.keyboard.press('Backspace');
    assert.deepEqual(await sans(page), ['e4']);
    await page.closeAll();
  });

  it('perft depth 2.5, -1, 12 are refused; a bad Chess960 number is reported in its own panel; long errors stay inside', async () => {
    const page = await b.open('', PHONE);
    await tab(page, 'perft');
    for (const d of ['2.5', '-1', '12', '']) {
      await page.fill('[data-testid=perft-depth]', d);
      await page.click('[data-testid=perft-run]');
      assert.match(await page.textContent('[data-testid=perft-error]'), /whole number from 1 to 8/, `depth ${d}`);
      assert.equal(await page.getAttribute('[data-testid=perft-result]', 'data-nodes'), null);
    }
    await page.fill('[data-testid=perft-depth]', '2');
    await page.click('[data-testid=perft-run]');
    await page.waitForSelector('[data-testid=perft-result][data-nodes]');
    assert.equal(await page.getAttribute('[data-testid=perft-result]', 'data-nodes'), '400');
    await tab(page, '960');
    await page.fill('[data-testid=n960]', '960');
    await page.click('[data-testid=start960]');
    assert.match(await page.textContent('[data-testid=n960-error]'), /0 to 959/);
    assert.equal(await page.textContent('[data-testid=fen-error]'), '');
    // A long refused FEN: the message wraps inside the panel.
    await loadFen(
      page,
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR w KQkq - 0 1',
    );
    await tab(page, 'pgn'); // the FEN box and its error are in the PGN · FEN tab
    await page.waitForSelector('[data-testid=fen-error]:not(:empty)');
    await assertLayout(page, 'long FEN error');
    await shot(page, '63-errors-phone');
    await page.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
