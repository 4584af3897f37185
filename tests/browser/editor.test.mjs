// The board editor: pieces put from the palette (click, drag), moved, removed (dragged off,
// the Remove tool, a right-click), clear, start position, side to move, castling rights, en
// passant square; the FEN follows live and shows the package's FenError message for an
// illegal position; "Continue from here" starts an analysis. Chess960 and Makruk pieces; the
// lichess variants: crazyhouse pockets, three-check counters, horde without a White king,
// antichess and racing kings without castling, each refused position with the package's message.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  PHONE,
  ROOT,
  SIZES,
  START,
  assertLayout,
  dragMove,
  fen,
  loadFen,
  shot,
  square,
  startBrowser,
  status,
} from './helpers.mjs';

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

const editorFen = (page) => page.inputValue('[data-testid=editor-fen]');
/** Waits for the editor's FEN (chessground reports changes asynchronously), then returns it. */
async function waitFen(page, expected) {
  const src = expected instanceof RegExp ? expected.source : null;
  await page
    .waitForFunction(
      ([text, re]) => {
        const v = document.querySelector('[data-testid=editor-fen]').value;
        return re ? new RegExp(re).test(v) : v === text;
      },
      [src ? null : expected, src],
      { timeout: 5000 },
    )
    .catch(() => undefined);
  return editorFen(page);
}
/** The editor's error line, once it matches (chessground reports changes asynchronously). */
async function editorError(page, expected = null) {
  if (expected !== null)
    await page
      .waitForFunction(
        ([text, re]) => {
          const v = document.querySelector('[data-testid=editor-error]').textContent;
          return re ? new RegExp(re, 'i').test(v) : v === text;
        },
        [expected instanceof RegExp ? null : expected, expected instanceof RegExp ? expected.source : null],
        { timeout: 5000 },
      )
      .catch(() => undefined);
  return page.textContent('[data-testid=editor-error]');
}

const { Position, Setup } = await import(`${ROOT}dist/index.js`);
/** The number of legal moves the package counts in a position. */
const legalCount = (text, variant) => {
  const pos = Position.fromFen(text, { variant });
  try {
    return String(pos.legalMoves().length);
  } finally {
    pos.dispose();
  }
};
const ZH_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1';
/** The package's own message for a FEN it refuses as a position (the package as built in dist/). */
function packageError(text, variant) {
  try {
    Setup.fromFen(text, { variant }).toPosition().dispose();
  } catch (e) {
    return e.message;
  }
  throw new Error(`the package accepts ${text}`);
}
/** Types a count into a pocket field (`w-n`: White's knights) and leaves it. */
async function setCount(page, which, n) {
  await page.fill(`[data-testid=editor-pocket-${which}]`, String(n));
  await page.press(`[data-testid=editor-pocket-${which}]`, 'Tab');
}

async function clickSquare(page, sq, button = 'left') {
  let p = await square(page, sq);
  // On a phone the editor's fields are below the board: bring the square back into view.
  if (p.y < 0 || p.y > page.viewportSize().height) {
    await page.$eval('[data-testid=board]', (e) => e.scrollIntoView({ block: 'start' }));
    p = await square(page, sq);
  }
  await page.mouse.click(p.x, p.y, { button });
}

describe('board editor', () => {
  for (const [name, size] of SIZES) {
    it(`sets up a position from an empty board and continues from it (${name})`, async () => {
      const page = await b.open('', size);
      await page.click('[data-testid=editor-toggle]');
      assert.equal(await page.isVisible('[data-testid=editor]'), true);
      assert.equal(await page.isVisible('[data-testid=editor-castling]'), true);
      assert.equal(await editorFen(page), START);
      await page.click('[data-testid=editor-clear]');
      assert.equal(await waitFen(page, '8/8/8/8/8/8/8/8 w - - 0 1'), '8/8/8/8/8/8/8/8 w - - 0 1');
      // No kings: the package's FenError says so; Continue is disabled.
      assert.match(await editorError(page, /king/i), /king/i);
      assert.equal(await page.isDisabled('[data-testid=editor-continue]'), true);
      // Pick the white king, click e1; the black king, click e8; a white rook on h1 and a pawn on e2.
      await page.click('[data-tool=wk]');
      await clickSquare(page, 'e1');
      await page.click('[data-tool=bk]');
      await clickSquare(page, 'e8');
      await page.click('[data-tool=wr]');
      await clickSquare(page, 'h1');
      await page.click('[data-tool=wp]');
      await clickSquare(page, 'e2');
      assert.equal(await waitFen(page, '4k3/8/8/8/8/8/4P3/4K2R w - - 0 1'), '4k3/8/8/8/8/8/4P3/4K2R w - - 0 1');
      assert.equal(await editorError(page, ''), '');
      // Castling rights: white short.
      await page.check('[data-testid=editor-castle-K]');
      assert.equal(await waitFen(page, '4k3/8/8/8/8/8/4P3/4K2R w K - 0 1'), '4k3/8/8/8/8/8/4P3/4K2R w K - 0 1');
      // A pawn on the last rank is refused with the package's message.
      await clickSquare(page, 'a8');
      assert.match(await waitFen(page, /^P3k3\//), /^P3k3\//);
      assert.match(await editorError(page, /pawn/i), /pawn/i);
      // Clicking the same piece again removes it.
      await clickSquare(page, 'a8');
      assert.equal(await editorError(page, ''), '');
      await assertLayout(page, `editor (${name})`);
      await shot(page, `50-editor-${name}`);
      await page.click('[data-testid=editor-continue]');
      assert.equal(await page.isVisible('[data-testid=editor]'), false);
      assert.equal(await fen(page), '4k3/8/8/8/8/8/4P3/4K2R w K - 0 1');
      assert.equal(await page.textContent('[data-testid=legal-count]'), '16');
      // Analysis goes on from there: castling works.
      await dragMove(page, 'e1', 'g1');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=fen]').value.startsWith('4k3/8/8/8/8/8/4P3/5RK1 b'),
      );
      await page.closeAll();
    });
  }

  it('moves and removes pieces: drag on the board, drag off, the Remove tool, right-click; side to move, en passant', async () => {
    const page = await b.open();
    await page.click('[data-testid=editor-toggle]');
    // Drag a knight from g1 to f3 with the hand tool.
    await dragMove(page, 'g1', 'f3');
    assert.match(
      await waitFen(page, /^rnbqkbnr\/pppppppp\/8\/8\/8\/5N2\/PPPPPPPP\/RNBQKB1R /),
      /^rnbqkbnr\/pppppppp\/8\/8\/8\/5N2\/PPPPPPPP\/RNBQKB1R /,
    );
    // Drag the a2 pawn off the board: removed.
    const a2 = await square(page, 'a2');
    await page.mouse.move(a2.x, a2.y);
    await page.mouse.down();
    await page.mouse.move(a2.x - 300, a2.y, { steps: 6 });
    await page.mouse.up();
    assert.match(await waitFen(page, /\/1PPPPPPP\//), /\/1PPPPPPP\//);
    // The Remove tool.
    await page.click('[data-tool=trash]');
    await clickSquare(page, 'b2');
    assert.match(await waitFen(page, /\/2PPPPPP\//), /\/2PPPPPP\//);
    // A right-click removes too (with any tool).
    await page.click('[data-tool=hand]');
    await clickSquare(page, 'c2', 'right');
    assert.match(await waitFen(page, /\/3PPPPP\//), /\/3PPPPP\//);
    // Drag a piece from the palette onto the board.
    const q = await page.locator('[data-tool=bq]').boundingBox();
    const d4 = await square(page, 'd4');
    await page.mouse.move(q.x + q.width / 2, q.y + q.height / 2);
    await page.mouse.down();
    await page.mouse.move(d4.x, d4.y, { steps: 8 });
    await page.mouse.up();
    assert.match(await waitFen(page, /\/3q4\//), /\/3q4\//);
    // Black to move, en passant on e3 (after a white e2-e4: set up the pawn and the empty squares).
    await page.click('[data-testid=editor-start]');
    await page.selectOption('[data-testid=editor-turn]', 'b');
    await page.click('[data-tool=trash]');
    await clickSquare(page, 'e2');
    await page.click('[data-tool=wp]');
    await clickSquare(page, 'e4');
    await page.click('[data-tool=bp]');
    await clickSquare(page, 'd4');
    await page.selectOption('[data-testid=editor-ep]', 'e3');
    assert.equal(
      await waitFen(page, 'rnbqkbnr/pppppppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'),
      'rnbqkbnr/pppppppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    );
    await page.click('[data-tool=trash]');
    await clickSquare(page, 'd7');
    await page.check('[data-testid=editor-castle-K]');
    await page.check('[data-testid=editor-castle-Q]');
    await page.check('[data-testid=editor-castle-k]');
    await page.check('[data-testid=editor-castle-q]');
    assert.equal(
      await waitFen(page, 'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'),
      'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    );
    assert.equal(await editorError(page, ''), '');
    await page.click('[data-testid=editor-continue]');
    assert.equal(await page.textContent('[data-testid=turn]'), 'Black');
    await dragMove(page, 'd4', 'e3'); // en passant
    await page.waitForFunction(() => document.querySelector('[data-testid=moves] .move')?.dataset.san === 'dxe3');
    await page.closeAll();
  });

  it('a FEN typed in the box is read by the package: extra fields and an impossible en passant square are refused', async () => {
    const page = await b.open();
    await page.click('[data-testid=editor-toggle]');
    await page.click('[data-testid=editor-clear]');
    for (const [text, why] of [
      [`${START} extra`, /6 fields/],
      ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1', /en passant square has no enemy pawn/],
    ]) {
      await page.fill('[data-testid=editor-fen]', text);
      await page.press('[data-testid=editor-fen]', 'Tab');
      assert.match(await page.textContent('[data-testid=editor-error]'), why, text);
      assert.equal(await page.getAttribute('[data-testid=editor-fen]', 'aria-invalid'), 'true');
      assert.ok(await page.isDisabled('[data-testid=editor-continue]'), `${text}: cannot be continued`);
      assert.equal(await page.locator('[data-testid=board] cg-board piece').count(), 0, 'the board is left as it was');
    }
    // A FEN the package accepts is loaded.
    await page.fill('[data-testid=editor-fen]', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2');
    await page.press('[data-testid=editor-fen]', 'Tab');
    assert.equal(await page.textContent('[data-testid=editor-error]'), '');
    assert.equal(await page.inputValue('[data-testid=editor-ep]'), 'e6');
    assert.ok(!(await page.isDisabled('[data-testid=editor-continue]')));
    await page.closeAll();
  });

  it('Cancel returns to the game as it was; the editor starts from the current position', async () => {
    const page = await b.open();
    await loadFen(page, 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1');
    await dragMove(page, 'e2', 'e4');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=moves] .move').length === 1);
    await page.click('[data-testid=editor-toggle]');
    assert.equal(
      await waitFen(page, 'r3k2r/pppppppp/8/8/4P3/8/PPPP1PPP/R3K2R b KQkq e3 0 1'),
      'r3k2r/pppppppp/8/8/4P3/8/PPPP1PPP/R3K2R b KQkq e3 0 1',
    );
    await page.click('[data-testid=editor-clear]');
    await page.click('[data-testid=editor-cancel]');
    assert.equal(await fen(page), 'r3k2r/pppppppp/8/8/4P3/8/PPPP1PPP/R3K2R b KQkq e3 0 1');
    assert.equal(await page.locator('[data-testid=moves] .move').count(), 1);
    assert.equal(await page.locator('[data-testid=board] cg-board piece').count(), 22);
    await page.closeAll();
  });

  it('Chess960 and Makruk: their pieces in the palette, the position checked in that variant', async () => {
    const page = await b.open('', PHONE);
    await page.click('[data-testid=editor-toggle]');
    await page.selectOption('[data-testid=editor-variant]', 'chess960');
    await page.fill('[data-testid=editor-fen]', 'nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1');
    await page.press('[data-testid=editor-fen]', 'Tab');
    assert.match(
      await waitFen(page, /^nrbkqbrn\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/NRBKQBRN w /),
      /^nrbkqbrn\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/NRBKQBRN w /,
    );
    await page.selectOption('[data-testid=editor-variant]', 'makruk');
    assert.equal(
      await waitFen(page, 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1'),
      'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    );
    assert.equal(await editorError(page, ''), '');
    assert.equal(await page.isVisible('[data-testid=editor-castling]'), false, 'no castling in Makruk');
    assert.equal(await page.isVisible('[data-testid=editor-ep-row]'), false, 'no en passant in Makruk');
    // The palette has Makruk's pieces, drawn with the Makruk images.
    const labels = await page.$$eval('[data-testid=editor-palette] [data-tool^=w]', (els) =>
      els.map((e) => e.getAttribute('aria-label')),
    );
    assert.deepEqual(labels, ['White Khun', 'White Met', 'White Khon', 'White Rua', 'White Ma', 'White Bia']);
    const khon = await page.$eval('[data-tool=ws] piece', (e) => getComputedStyle(e).backgroundImage);
    const bishopChess = await page.evaluate(() => {
      const wrap = document.createElement('div');
      wrap.className = 'cg-wrap';
      const p = document.createElement('piece');
      p.className = 'bishop white';
      wrap.append(p);
      document.body.append(wrap);
      const bg = getComputedStyle(p).backgroundImage;
      wrap.remove();
      return bg;
    });
    assert.notEqual(khon, bishopChess, 'the Khon is not drawn as a chess bishop');
    // The d6 Bia removed (a side has at most 16 pieces), a Met on d4, then continue: a Makruk game.
    await page.click('[data-tool=trash]');
    await clickSquare(page, 'd6');
    assert.equal(
      await waitFen(page, 'rnsmksnr/8/ppp1pppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1'),
      'rnsmksnr/8/ppp1pppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    );
    await page.click('[data-tool=bm]');
    await clickSquare(page, 'd4');
    assert.equal(
      await waitFen(page, 'rnsmksnr/8/ppp1pppp/8/3m4/PPPPPPPP/8/RNSKMSNR w - - 0 1'),
      'rnsmksnr/8/ppp1pppp/8/3m4/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    );
    assert.equal(await editorError(page, ''), '');
    await shot(page, '51-editor-makruk-phone');
    await page.click('[data-testid=editor-continue]');
    assert.equal(await page.inputValue('[data-testid=variant]'), 'makruk');
    assert.match(await status(page), /in progress/);
    await page.closeAll();
  });

  // ---- the variants --------------------------------------------------------------------

  for (const [name, size] of SIZES) {
    it(`crazyhouse: pockets with a count per piece, read and written through the package (${name})`, async () => {
      const page = await b.open('', size);
      await page.click('[data-testid=editor-toggle]');
      assert.equal(await page.isVisible('[data-testid=editor-pockets]'), false, 'no pockets in standard chess');
      await page.selectOption('[data-testid=editor-variant]', 'crazyhouse');
      assert.equal(await waitFen(page, `${ZH_START}`), ZH_START);
      assert.equal(await page.isVisible('[data-testid=editor-pockets]'), true);
      // The start position has all 32 units: one more in a pocket is refused with the package's message.
      await setCount(page, 'w-n', 1);
      const tooMany = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1';
      assert.equal(await waitFen(page, tooMany), tooMany);
      assert.equal(await editorError(page, packageError(tooMany, 'crazyhouse')), packageError(tooMany, 'crazyhouse'));
      assert.ok(await page.isDisabled('[data-testid=editor-continue]'));
      // Kings only, two knights and a rook for White, a pawn for Black.
      await page.click('[data-testid=editor-clear]');
      assert.equal(await page.inputValue('[data-testid=editor-pocket-w-n]'), '0', 'Clear empties the pockets');
      await page.click('[data-tool=wk]');
      await clickSquare(page, 'g1');
      await page.click('[data-tool=bk]');
      await clickSquare(page, 'g8');
      await setCount(page, 'w-n', 2);
      await setCount(page, 'w-r', 1);
      await setCount(page, 'b-p', 1);
      const fenZh = '6k1/8/8/8/8/8/8/6K1[NNRp] w - - 0 1';
      assert.equal(await waitFen(page, fenZh), fenZh);
      assert.equal(await editorError(page, ''), '');
      // A count the field cannot hold is clamped.
      await setCount(page, 'b-q', 99);
      assert.equal(await page.inputValue('[data-testid=editor-pocket-b-q]'), '16');
      await setCount(page, 'b-q', 0);
      await assertLayout(page, `editor crazyhouse (${name})`);
      await page.locator('[data-testid=editor-pockets]').scrollIntoViewIfNeeded();
      await shot(page, `52-editor-crazyhouse-${name}`);
      await page.click('[data-testid=editor-continue]');
      assert.equal(await fen(page), fenZh);
      // The pockets reach the game: the drops are among its legal moves (5 king moves, 2 x 62 drops).
      assert.equal(legalCount(fenZh, 'crazyhouse'), '129');
      assert.equal(await page.textContent('[data-testid=legal-count]'), legalCount(fenZh, 'crazyhouse'));
      // Back in the editor, a FEN typed in lichess's form fills the counts.
      await page.click('[data-testid=editor-toggle]');
      await page.fill('[data-testid=editor-fen]', 'r3k3/8/8/8/8/8/8/4K3/QBpp w - - 0 1');
      await page.press('[data-testid=editor-fen]', 'Tab');
      assert.equal(await editorError(page, ''), '');
      const counts = await page.$$eval('[data-testid^=editor-pocket-] input', (els) =>
        Object.fromEntries(els.map((e) => [e.dataset.testid.slice(14), e.value])),
      );
      assert.deepEqual(counts, {
        'w-p': '0',
        'w-n': '0',
        'w-b': '1',
        'w-r': '0',
        'w-q': '1',
        'b-p': '2',
        'b-n': '0',
        'b-b': '0',
        'b-r': '0',
        'b-q': '0',
      });
      await page.closeAll();
    });

    it(`three-check: the checks still to give, in the package's FEN (${name})`, async () => {
      const page = await b.open('', size);
      await page.click('[data-testid=editor-toggle]');
      assert.equal(await page.isVisible('[data-testid=editor-checks]'), false);
      await page.selectOption('[data-testid=editor-variant]', '3check');
      assert.equal(await page.isVisible('[data-testid=editor-checks]'), true);
      const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1';
      assert.equal(await waitFen(page, start), start);
      await page.selectOption('[data-testid=editor-checks-w]', '1');
      await page.selectOption('[data-testid=editor-checks-b]', '2');
      const fen1 = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+2 0 1';
      assert.equal(await waitFen(page, fen1), fen1);
      // Lichess's form (checks given) typed in the box sets the fields.
      await page.fill('[data-testid=editor-fen]', '4k3/8/8/8/8/8/8/4K2R w K - 0 1 +2+0');
      await page.press('[data-testid=editor-fen]', 'Tab');
      assert.equal(await editorError(page, ''), '');
      assert.equal(await page.inputValue('[data-testid=editor-checks-w]'), '1');
      assert.equal(await page.inputValue('[data-testid=editor-checks-b]'), '3');
      const fen2 = '4k3/8/8/8/8/8/8/4K2R w K - 1+3 0 1';
      assert.equal(await waitFen(page, fen2), fen2);
      await page.locator('[data-testid=editor-checks]').scrollIntoViewIfNeeded();
      await shot(page, `53-editor-3check-${name}`);
      await page.click('[data-testid=editor-continue]');
      assert.equal(await fen(page), fen2);
      await page.closeAll();
    });
  }

  it('horde: no king for White (one for Black); antichess and racing kings: no castling, their own rules refused by the package', async () => {
    const page = await b.open('', PHONE);
    await page.click('[data-testid=editor-toggle]');
    await page.selectOption('[data-testid=editor-variant]', 'horde');
    const horde = 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1';
    assert.equal(await waitFen(page, horde), horde);
    assert.equal(await editorError(page, ''), '');
    assert.equal(await page.isVisible('[data-testid=editor-castling]'), true);
    assert.equal(await page.isVisible('[data-testid=editor-castle-K]'), false, "no castling box for White's horde");
    assert.equal(await page.isVisible('[data-testid=editor-castle-k]'), true);
    // A White king is refused with the package's message.
    await page.click('[data-tool=wk]');
    await clickSquare(page, 'e6');
    const withKing = 'rnbqkbnr/pppppppp/4K3/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1';
    assert.equal(await waitFen(page, withKing), withKing);
    assert.equal(await editorError(page, packageError(withKing, 'horde')), packageError(withKing, 'horde'));
    await clickSquare(page, 'e6');
    assert.equal(await editorError(page, ''), '');
    await shot(page, '54-editor-horde-phone');
    await page.click('[data-testid=editor-continue]');
    assert.equal(await fen(page), horde);
    // Antichess: no castling fields, no king needed; an empty board is refused.
    await page.click('[data-testid=editor-toggle]');
    await page.selectOption('[data-testid=editor-variant]', 'antichess');
    assert.equal(await page.isVisible('[data-testid=editor-castling]'), false, 'no castling in antichess');
    const anti = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1';
    assert.equal(await waitFen(page, anti), anti);
    await page.click('[data-testid=editor-clear]');
    assert.equal(
      await editorError(page, packageError('8/8/8/8/8/8/8/8 w - - 0 1', 'antichess')),
      packageError('8/8/8/8/8/8/8/8 w - - 0 1', 'antichess'),
    );
    await page.click('[data-tool=wp]');
    await clickSquare(page, 'a7');
    await page.click('[data-tool=bn]');
    await clickSquare(page, 'h1');
    const antiFen = '8/P7/8/8/8/8/8/7n w - - 0 1';
    assert.equal(await waitFen(page, antiFen), antiFen);
    assert.equal(await editorError(page, ''), '');
    await page.click('[data-testid=editor-continue]');
    assert.equal(await fen(page), antiFen);
    // The game is antichess: the king promotion is among the 5 promotions.
    assert.equal(legalCount(antiFen, 'antichess'), '5');
    assert.equal(await page.textContent('[data-testid=legal-count]'), '5');
    // Racing kings: no castling; a pawn is refused.
    await page.click('[data-testid=editor-toggle]');
    await page.selectOption('[data-testid=editor-variant]', 'racingkings');
    assert.equal(await page.isVisible('[data-testid=editor-castling]'), false, 'no castling in racing kings');
    await page.click('[data-tool=wp]');
    await clickSquare(page, 'd4');
    const pawn = '8/8/8/8/3P4/8/krbnNBRK/qrbnNBRQ w - - 0 1';
    assert.equal(await waitFen(page, pawn), pawn);
    assert.equal(await editorError(page, packageError(pawn, 'racingkings')), packageError(pawn, 'racingkings'));
    await page.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
