// The analysis board in a real Chromium (Debian's /usr/bin/chromium through playwright-core),
// against the production build in dist/board (scripts/board.sh builds it), served from
// 127.0.0.1 by tests/browser/server.mjs: the basics (moves, promotion, castling, variations,
// FEN, PGN, URL, perft, Chess960, Makruk). The other files test the move list, the engine,
// the editor, puzzles and the small things. Screenshots go to test-artifacts/.
// Run: node --test tests/browser/
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  PHONE,
  START,
  clickMove,
  dragMove,
  fen,
  loadFen,
  sans,
  shot,
  startBrowser,
  status,
  tab,
  waitMoves,
} from './helpers.mjs';

let b;
let open;
before(async () => {
  b = await startBrowser();
  open = b.open;
});
after(async () => {
  await b?.close();
});

describe('analysis board', () => {
  it('starts at the standard position with its info', async () => {
    const page = await open();
    assert.equal(await fen(page), START);
    assert.equal(await page.textContent('[data-testid=hash]'), '463b96181691fc9c');
    assert.equal(await page.textContent('[data-testid=legal-count]'), '20');
    assert.equal(await page.textContent('[data-testid=turn]'), 'White');
    assert.match(await status(page), /in progress/);
    await shot(page, '01-start');
    await page.close();
  });

  it('plays moves by clicking and by dragging; an illegal drop snaps back', async () => {
    const page = await open();
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => document.querySelector('[data-testid=fen]').value.includes('4P3'));
    await dragMove(page, 'e7', 'e5');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=moves] .move').length === 2);
    assert.deepEqual(await sans(page), ['e4', 'e5']);
    assert.equal(await fen(page), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2');
    assert.equal(await page.textContent('[data-testid=hash]'), '0844931a6ef4b9a0');
    const before = await fen(page);
    await dragMove(page, 'g1', 'g4'); // illegal
    await dragMove(page, 'e4', 'e5'); // blocked
    await page.waitForTimeout(150);
    assert.equal(await fen(page), before);
    assert.equal(await page.locator('[data-testid=board] cg-board piece.knight.white:not(.ghost)').count(), 2);
    const g1 = await page.$$eval('[data-testid=board] cg-board piece.knight.white:not(.ghost)', (els) =>
      els.map((e) => e.cgKey),
    );
    assert.ok(g1.includes('g1'), `knight back on g1 (${g1})`);
    await shot(page, '02-after-e4-e5');
    await page.close();
  });

  it('offers the four promotion pieces and plays the chosen one', async () => {
    const page = await open();
    await loadFen(page, '8/1P6/8/8/8/8/6k1/K7 w - - 0 1');
    await dragMove(page, 'b7', 'b8');
    await page.waitForSelector('#promotion:not([hidden])');
    const choices = await page.$$eval('#promotion .promo-piece', (els) => els.map((e) => e.dataset.testid));
    assert.deepEqual(choices, ['promote-q', 'promote-r', 'promote-b', 'promote-n']);
    await shot(page, '03-promotion-chooser');
    await page.click('[data-testid=promote-n]');
    await page.waitForFunction(() => document.querySelector('[data-testid=fen]').value.startsWith('1N6'));
    assert.deepEqual(await sans(page), ['b8=N']);
    // Escape cancels the chooser and leaves the pawn.
    await page.keyboard.press('ArrowLeft');
    await clickMove(page, 'b7', 'b8');
    await page.waitForSelector('#promotion:not([hidden])');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#promotion', { state: 'hidden' });
    assert.equal(await fen(page), '8/1P6/8/8/8/8/6k1/K7 w - - 0 1');
    await page.close();
  });

  it('castles by king-to-destination and by king-to-rook drops', async () => {
    const page = await open();
    const castle = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
    await loadFen(page, castle);
    await dragMove(page, 'e1', 'g1');
    await page.waitForFunction(() => document.querySelector('[data-testid=fen]').value.includes('R4RK1'));
    assert.deepEqual(await sans(page), ['O-O']);
    await page.click('[data-testid=undo]');
    assert.equal(await fen(page), castle);
    await dragMove(page, 'e1', 'h1');
    await page.waitForFunction(() => document.querySelector('[data-testid=fen]').value.includes('R4RK1'));
    assert.deepEqual(await sans(page), ['O-O']);
    await page.click('[data-testid=undo]');
    await clickMove(page, 'e1', 'a1'); // queen side, king onto the rook, by clicks
    await page.waitForFunction(() => document.querySelector('[data-testid=fen]').value.includes('2KR3R'));
    assert.deepEqual(await sans(page), ['O-O-O']);
    await page.click('[data-testid=undo]');
    await dragMove(page, 'e1', 'c1');
    await page.waitForFunction(() => document.querySelector('[data-testid=fen]').value.includes('2KR3R'));
    await page.close();
  });

  it('creates variations, navigates with the keyboard, promotes and deletes', async () => {
    const page = await open();
    const moves = [
      ['e2', 'e4'],
      ['e7', 'e5'],
      ['g1', 'f3'],
      ['b8', 'c6'],
    ];
    // Each move shown before the next is clicked (a click on the other side's piece before the
    // board has played the move is not a move: under load the four clicks outran the board).
    for (let i = 0; i < moves.length; i++) {
      await clickMove(page, ...moves[i]);
      await waitMoves(page, i + 1);
    }
    await page.locator('[data-testid=moves]').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft'); // after 1. e4
    assert.equal(await page.textContent('[data-testid=moves] .move.current'), 'e4');
    await dragMove(page, 'c7', 'c5'); // a variation 1... c5
    await waitMoves(page, 5);
    assert.deepEqual(await sans(page, '[data-testid=moves] .variation .move'), ['c5']);
    assert.equal(await page.textContent('[data-testid=moves] .move.current'), 'c5');
    await clickMove(page, 'g1', 'f3');
    await waitMoves(page, 6);
    assert.deepEqual(await sans(page, '[data-testid=moves] .variation .move'), ['c5', 'Nf3']);
    await shot(page, '04-variation');
    // ↑/↓ switch between 1... e5 and 1... c5; Home/End; → follows the main line.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.textContent('[data-testid=moves] .move.current'), 'e5');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.textContent('[data-testid=moves] .move.current'), 'c5');
    await page.keyboard.press('Home');
    assert.equal(await fen(page), START);
    await page.keyboard.press('End');
    assert.equal(await page.textContent('[data-testid=moves] .move.current'), 'Nc6');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.textContent('[data-testid=moves] .move.current'), 'e5');
    // Moves typed in the move box (keyboard play), and a refused one.
    await page.keyboard.press('End');
    await page.fill('[data-testid=move-input]', 'Bb5');
    await page.press('[data-testid=move-input]', 'Enter');
    assert.equal(await page.textContent('[data-testid=moves] .move.current'), 'Bb5');
    await page.fill('[data-testid=move-input]', 'Kd7');
    await page.press('[data-testid=move-input]', 'Enter');
    assert.match(await page.textContent('[data-testid=move-error]'), /illegal/);
    await page.fill('[data-testid=move-input]', 'a7a6');
    await page.press('[data-testid=move-input]', 'Enter');
    assert.equal(await page.textContent('[data-testid=moves] .move.current'), 'a6');
    await page.click('[data-testid=undo]');
    await page.click('[data-testid=undo]');
    assert.equal(await page.textContent('[data-testid=moves] .move.current'), 'Nc6');
    // Clicking a move jumps there.
    await page.click('[data-testid=moves] .variation .move[data-san=Nf3]');
    assert.match(await fen(page), /^rnbqkbnr\/pp1ppppp\/8\/2p5\/4P3\/5N2/);
    // Promote the variation: c5 becomes the main line.
    await page.click('[data-testid=promote]');
    const main = '[data-testid=moves] .move.main';
    assert.deepEqual(await sans(page, main), ['e4', 'c5', 'Nf3']);
    assert.deepEqual(await sans(page, '[data-testid=moves] .variation .move'), ['e5', 'Nf3', 'Nc6']);
    // Delete from here: removes 2. Nf3 of the (new) main line.
    await page.click('[data-testid=delete]');
    assert.deepEqual(await sans(page, main), ['e4', 'c5']);
    assert.deepEqual(await sans(page, '[data-testid=moves] .variation .move'), ['e5', 'Nf3', 'Nc6']);
    assert.equal(await page.textContent('[data-testid=moves] .move.current'), 'c5');
    await page.close();
  });

  it('loads a valid FEN and reports an invalid one inline, keeping the board', async () => {
    const page = await open();
    const kiwipete = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    await loadFen(page, kiwipete);
    assert.equal(await fen(page), kiwipete);
    assert.equal(await page.textContent('[data-testid=legal-count]'), '48');
    const hash = await page.textContent('[data-testid=hash]');
    await loadFen(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1');
    await page.waitForSelector('[data-testid=fen-error]:not(:empty)');
    assert.match(await page.textContent('[data-testid=fen-error]'), /invalid FEN/);
    assert.equal(await page.textContent('[data-testid=hash]'), hash);
    assert.equal(await page.locator('[data-testid=board] cg-board piece:not(.ghost)').count(), 32);
    await shot(page, '05-invalid-fen');
    // Check and mate in the status.
    await loadFen(page, 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    assert.match(await status(page), /Checkmate — Black wins/);
    assert.equal(await page.locator('[data-testid=board] square.check').count(), 1);
    await loadFen(page, '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
    assert.match(await status(page), /Stalemate/);
    await page.close();
  });

  it('imports PGN (variations, comments, several games), exports it and re-imports the export', async () => {
    const page = await open();
    const pgn = `[Event "First"]
[White "A"]
[Black "B"]
[Result "*"]

1. e4 { king pawn } e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 Nc6 3. Bb5 a6 *

[Event "Second"]
[White "C"]
[Black "D"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
`;
    await tab(page, 'pgn'); // the PGN · FEN tab
    await page.fill('[data-testid=pgn]', pgn);
    await page.click('[data-testid=pgn-import]');
    assert.deepEqual(await sans(page), ['e4', 'e5', 'c5', 'Nf3', 'c3', 'd6', 'Nf3', 'Nc6', 'Bb5', 'a6']);
    assert.equal(await page.textContent('[data-testid=moves] .comment'), 'king pawn');
    assert.equal(await page.locator('[data-testid=pgn-games] option').count(), 2);
    await page.click('[data-testid=pgn-export]');
    const out = await page.inputValue('[data-testid=pgn]');
    assert.match(out, /\[Event "First"\]/);
    assert.match(
      out.replace(/\s+/g, ' '),
      /1\. e4 \{ king pawn \} 1\.\.\. e5 \( ?1\.\.\. c5 2\. Nf3 \( ?2\. c3 ?\) 2\.\.\. d6 ?\) 2\. Nf3 Nc6 3\. Bb5 a6 \*/,
    );
    await page.click('[data-testid=pgn-import]');
    await page.click('[data-testid=pgn-export]');
    assert.equal(await page.inputValue('[data-testid=pgn]'), out, 'export → import → export is stable');
    // The second game of the file.
    await page.fill('[data-testid=pgn]', pgn);
    await page.click('[data-testid=pgn-import]');
    await page.selectOption('[data-testid=pgn-games]', '1');
    assert.deepEqual(await sans(page), ['f3', 'e5', 'g4', 'Qh4#']);
    assert.match(await status(page), /Checkmate/);
    await shot(page, '06-pgn');
    // Errors carry line and column.
    await page.fill('[data-testid=pgn]', '[Event "x"]\n\n1. e4 e5\n2. Nf3 Ke3 *\n');
    await page.click('[data-testid=pgn-import]');
    assert.match(await page.textContent('[data-testid=pgn-error]'), /line 4, column 8: illegal move "?Ke3/i);
    await page.close();
  });

  it('keeps the game in the URL hash', async () => {
    const page = await open();
    await clickMove(page, 'd2', 'd4');
    await clickMove(page, 'd7', 'd5');
    await clickMove(page, 'c2', 'c4');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=moves] .move').length === 3);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => {
      const h = new URLSearchParams(location.hash.slice(1));
      return (h.get('pgn') ?? '').includes('2. c4') && h.get('node') === '0.0';
    });
    const url = page.url();
    const fenThere = await fen(page);
    const again = await open(url.slice(b.server.url.length));
    assert.deepEqual(await sans(again), ['d4', 'd5', 'c4']);
    assert.equal(await fen(again), fenThere);
    const fenOnly = await open(`#fen=${encodeURIComponent('8/8/8/4k3/8/8/8/4K2R w K - 0 1')}`);
    assert.equal(await fen(fenOnly), '8/8/8/4k3/8/8/8/4K2R w K - 0 1');
    await Promise.all([page.close(), again.close(), fenOnly.close()]);
  });

  it('counts perft in a worker with progress, nodes/s and a responsive page', async () => {
    const page = await open();
    await page.click('#tab-perft');
    await page.fill('[data-testid=perft-depth]', '4');
    await page.click('[data-testid=perft-run]');
    // The page answers while the worker counts.
    assert.equal(await page.evaluate(() => 1 + 1), 2);
    await page.waitForSelector('[data-testid=perft-result][data-nodes]', { timeout: 60_000 });
    assert.equal(await page.getAttribute('[data-testid=perft-result]', 'data-nodes'), '197281');
    assert.match(await page.textContent('[data-testid=perft-result]'), /perft\(4\) = 197,281 nodes .* nodes\/s/);
    assert.equal(await page.locator('[data-testid=perft-divide] li').count(), 20);
    await shot(page, '09-perft');
    // A long count: progress arrives, the page answers at once meanwhile, Stop ends it.
    await page.fill('[data-testid=perft-depth]', '7');
    await page.click('[data-testid=perft-run]');
    await page.waitForSelector('[data-testid=perft-divide] li', { state: 'attached', timeout: 60_000 });
    // (on a screen where the tools scroll the page, the board's e2 comes back into view first)
    await page.locator('[data-testid=board]').scrollIntoViewIfNeeded();
    const t0 = Date.now();
    await clickMove(page, 'e2', 'e4');
    await waitMoves(page, 1);
    assert.ok(Date.now() - t0 < 2000, 'the board answers while perft runs');
    assert.match(
      await page.textContent('[data-testid=perft-result]'),
      /Depth 7: \d+\/20 moves, [\d,]+ nodes, [\d,]+ nodes\/s/,
    );
    await page.click('#perft-stop');
    assert.equal(await page.textContent('[data-testid=perft-result]'), 'Stopped.');
    // Kiwipete depth 3 from a loaded FEN.
    await loadFen(page, 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    await page.fill('[data-testid=perft-depth]', '3');
    await page.click('[data-testid=perft-run]');
    await page.waitForSelector('[data-testid=perft-result][data-nodes]', { timeout: 60_000 });
    assert.equal(await page.getAttribute('[data-testid=perft-result]', 'data-nodes'), '97862');
    await page.close();
  });

  it('starts Chess960 positions by number and at random, and flips the board', async () => {
    const page = await open();
    await page.click('#tab-960');
    await page.fill('[data-testid=n960]', '0');
    await page.click('[data-testid=start960]');
    assert.match(await fen(page), /^bbqnnrkr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/BBQNNRKR w/);
    assert.equal(await page.inputValue('[data-testid=variant]'), 'chess960');
    // Chess960 castling: the king dropped on its rook.
    await page.selectOption('[data-testid=variant]', 'chess960');
    await loadFen(page, 'nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NR1K2RN w GBgb - 0 1');
    await dragMove(page, 'd1', 'g1');
    await waitMoves(page, 1);
    assert.deepEqual(await sans(page), ['O-O']);
    assert.match(await fen(page), /^nrbkqbrn\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/NR3RKN b/);
    await page.click('[data-testid=random960]');
    const n = Number(await page.inputValue('[data-testid=n960]'));
    assert.ok(n >= 0 && n <= 959);
    await page.click('[data-testid=flip]');
    assert.equal(
      (await page.locator('[data-testid=board] .orientation-black').count()) +
        (await page.locator('[data-testid=board].orientation-black').count()),
      1,
    );
    await shot(page, '10-chess960-flipped');
    await page.close();
  });

  it('plays Makruk with its own pieces', async () => {
    const page = await open();
    await page.selectOption('[data-testid=variant]', 'makruk');
    assert.equal(await fen(page), 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
    assert.equal(await page.textContent('[data-testid=legal-count]'), '23');
    await dragMove(page, 'c3', 'c4');
    await waitMoves(page, 1);
    await clickMove(page, 'f8', 'e7'); // a Khon (S) steps diagonally
    await waitMoves(page, 2);
    assert.deepEqual(await sans(page), ['c4', 'Se7']);
    assert.match(await fen(page), /^rnsmk1nr\/4s3\/pppppppp\/8\/2P5\/PP1PPPPP\/8\/RNSKMSNR w/);
    await tab(page, 'pgn');
    await page.click('[data-testid=pgn-export]');
    assert.match(await page.inputValue('[data-testid=pgn]'), /\[Variant "Makruk"\]/);
    await shot(page, '12-makruk');
    await page.close();
  });

  it('lays out at phone width without horizontal scrolling', async () => {
    const page = await open('', PHONE);
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= width, `no horizontal overflow (${scroll} > ${width})`);
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=moves] .move').length === 1);
    await shot(page, '11-phone');
    await page.close();
  });

  it('links to the API reference, which is served next to the board', async () => {
    for (const size of [undefined, PHONE]) {
      const page = await open('', size);
      const link = page.locator('[data-testid=api-link]');
      assert.ok(await link.isVisible(), 'the API link is visible');
      const box = await link.boundingBox();
      const width = await page.evaluate(() => window.innerWidth);
      assert.ok(
        box && box.x >= 0 && box.x + box.width <= width,
        `the API link is inside the viewport (${JSON.stringify(box)})`,
      );
      assert.equal(await link.textContent(), 'API');
      const [docs] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await docs.waitForLoadState();
      assert.match(await docs.title(), /chesswasm/);
      assert.ok(
        await docs.locator('a[href*="classes/Position.html"]').first().isVisible(),
        'the reference lists Position',
      );
      if (!size) await shot(docs, '12-api-reference');
      await docs.close();
      await page.close();
    }
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
