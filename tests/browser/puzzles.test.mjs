// Puzzles as the issue specifies: a line with commas is a lichess CSV row (its first move is
// the opponent's); `FEN move move ...` without commas is a FEN and its solution, the side to
// move first; UCI or SAN. Feedback in SAN, visible next to the board without scrolling at
// 1280x800 and 390x844; navigation blocked while a puzzle is unsolved; the puzzle in the URL;
// a list (pasted rows or a CSV file) with progress.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  ROOT,
  SIZES,
  assertInViewport,
  assertLayout,
  clickMove,
  dragMove,
  fen,
  shot,
  startBrowser,
  status,
  tab,
} from './helpers.mjs';

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

const feedback = (page) => page.textContent('[data-testid=puzzle-feedback]');
const waitFeedback = (page, re) =>
  page.waitForFunction(
    (src) => new RegExp(src).test(document.querySelector('[data-testid=puzzle-feedback]').textContent),
    re.source,
  );

// Back-rank mate: Black plays c5-c4, then White mates with either rook (lichess row), and the
// same position after c4 as FEN + solution in SAN.
const ROW = '00008,6k1/5ppp/8/2p5/8/8/8/1R2R1K1 b - - 0 1,c5c4 b1b8,1500,80,90,100,mate mateIn1 backRank,';
const FEN_SAN = '6k1/5ppp/8/8/2p5/8/8/1R2R1K1 w - - 0 2 Rb8#';
// A mate in two as FEN + UCI solution, Black to move and solve (row ok-06 of
// tests/data/puzzles/sample.csv after its setup move): 1... Rxb2+ 2. Kf3 Rc3#.
const FEN_UCI = 'R7/4k3/1p3npp/8/5P1P/1r6/1P4KP/2r4R b - - 1 38 b3b2 g2f3 c1c3';

async function startPuzzles(page, text) {
  await tab(page, 'puzzle');
  await page.fill('[data-testid=puzzle-input]', text);
  await page.click('[data-testid=puzzle-load]');
}

describe('puzzles', () => {
  for (const [name, size] of SIZES) {
    it(`a lichess row: feedback in SAN under the board, in view without scrolling (${name})`, async () => {
      const page = await b.open('', size);
      await startPuzzles(page, ROW);
      await waitFeedback(page, /Black played c4\. Find the best move for White\./);
      await assertInViewport(page, '[data-testid=puzzle-feedback]', name);
      await assertInViewport(page, '[data-testid=board]', name);
      // A wrong move: refused in SAN, in view, the rook goes back.
      await dragMove(page, 'b1', 'b7');
      await waitFeedback(page, /✗ Rb7 is not the move/);
      await assertInViewport(page, '[data-testid=puzzle-feedback]', `${name}, wrong move`);
      await page.waitForTimeout(250);
      assert.match(await fen(page), /^6k1\/5ppp\/8\/8\/2p5\/8\/8\/1R2R1K1 w/);
      await assertLayout(page, `puzzle, wrong (${name})`);
      await shot(page, `40-puzzle-wrong-${name}`);
      // The other rook mates too: any mate solves.
      await dragMove(page, 'e1', 'e8');
      await waitFeedback(page, /✓ Re8# — solved/);
      assert.match(await status(page), /Checkmate/);
      await assertInViewport(page, '[data-testid=puzzle-feedback]', `${name}, solved`);
      await shot(page, `41-puzzle-solved-${name}`);
      await page.closeAll();
    });
  }

  it('FEN + SAN solution, the side to move first; the hint names the piece then the move in SAN', async () => {
    const page = await b.open();
    await startPuzzles(page, FEN_SAN);
    await waitFeedback(page, /Find the best move for White/);
    assert.equal(await page.locator('[data-testid=moves] .move').count(), 0, 'no setup move');
    await page.click('[data-testid=puzzle-hint]');
    assert.match(await feedback(page), /Hint: move the piece on b1/);
    await page.click('[data-testid=puzzle-hint]');
    assert.match(await feedback(page), /Hint: Rb8#/);
    await clickMove(page, 'b1', 'b8');
    await waitFeedback(page, /✓ Rb8# — solved/);
    await page.closeAll();
  });

  it('FEN + UCI solution over several moves, Black solving: the reply is played, navigation is blocked until solved', async () => {
    const page = await b.open();
    await startPuzzles(page, FEN_UCI);
    await waitFeedback(page, /Find the best move for Black/);
    assert.equal(
      await page.$eval(
        '[data-testid=board]',
        (e) => e.classList.contains('orientation-black') || !!e.querySelector('.orientation-black'),
      ),
      true,
      'the solver’s side at the bottom',
    );
    // Navigation is blocked: the buttons are disabled and the keys do nothing.
    for (const id of ['nav-start', 'nav-prev', 'nav-next', 'nav-end', 'undo', 'delete'])
      assert.equal(await page.isDisabled(`#${id}`), true, id);
    await dragMove(page, 'b3', 'b2');
    await waitFeedback(page, /White answered Kf3/);
    const before = await fen(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Home');
    assert.equal(await fen(page), before, 'the keys do not move away from the puzzle');
    await page.click('[data-testid=moves] .move[data-san="Rxb2+"]');
    assert.equal(await fen(page), before, 'clicking a move does not either');
    await dragMove(page, 'c1', 'c3');
    await waitFeedback(page, /✓ Rc3# — solved/);
    // Solved: navigation works again, the line can be studied.
    await page.keyboard.press('Home');
    assert.match(await fen(page), /^R7\/4k3\/1p3npp\/8\/5P1P\/1r6\/1P4KP/);
    await page.closeAll();
  });

  it('a list with progress: n of N, solved so far; next and previous; Solution shows the line; the URL keeps the puzzle', async () => {
    const page = await b.open();
    await startPuzzles(
      page,
      [
        'PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags',
        ROW,
        FEN_SAN,
        FEN_UCI,
      ].join('\n'),
    );
    await waitFeedback(page, /Black played c4/);
    assert.equal(await page.textContent('[data-testid=puzzle-progress]'), 'Puzzle 1 of 3 · 0 solved');
    await clickMove(page, 'b1', 'b8');
    await waitFeedback(page, /solved/);
    assert.equal(await page.textContent('[data-testid=puzzle-progress]'), 'Puzzle 1 of 3 · 1 solved');
    await page.click('[data-testid=puzzle-next]');
    await waitFeedback(page, /Find the best move for White/);
    assert.equal(await page.textContent('[data-testid=puzzle-bar-progress]'), 'Puzzle 2 of 3 · 1 solved');
    // The URL holds this puzzle; opening it elsewhere starts it.
    await page.waitForFunction(() =>
      new URLSearchParams(location.hash.slice(1)).get('puzzle')?.startsWith('6k1/5ppp/8/8/2p5'),
    );
    const link = page.url().slice(b.server.url.length);
    const other = await b.open(link);
    await other.waitForFunction(() =>
      /Find the best move for White/.test(document.querySelector('[data-testid=puzzle-feedback]').textContent),
    );
    assert.match(await fen(other), /^6k1\/5ppp\/8\/8\/2p5\/8\/8\/1R2R1K1 w/);
    await other.closeAll();
    // Solution: plays the line, counts as not solved.
    await page.click('[data-testid=puzzle-next]');
    await waitFeedback(page, /Find the best move/);
    await page.click('[data-testid=puzzle-solution]');
    await waitFeedback(page, /Solution: Rxb2\+ Kf3 Rc3#/);
    assert.equal(await page.textContent('[data-testid=puzzle-progress]'), 'Puzzle 3 of 3 · 1 solved');
    const chips = await page.$$eval('[data-testid=puzzle-list] .chip', (els) =>
      els.map((e) => e.className.replace('chip', '').trim()),
    );
    assert.deepEqual(chips, ['solved', 'new', 'failed']);
    await page.click('[data-testid=puzzle-prev]');
    await waitFeedback(page, /Find the best move for White/);
    await shot(page, '42-puzzle-list');
    // Back to analysis: the puzzle leaves the URL.
    await page.click('[data-testid=puzzle-exit]');
    await page.waitForFunction(() => !location.hash.includes('puzzle='));
    await page.closeAll();
  });

  it('a CSV file of lichess puzzles; bad rows are reported with their line and the good ones kept', async () => {
    const page = await b.open();
    await tab(page, 'puzzle');
    const csv = readFileSync(`${ROOT}tests/data/puzzles/sample.csv`, 'utf8');
    await page.setInputFiles('#puzzle-file', { name: 'sample.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await waitFeedback(page, /Find the best move for (White|Black)/);
    // The rows the package accepts (the 21 good ones, and rows whose theme is wrong but whose
    // line is legal); the illegal, garbled and bad-FEN rows are reported by line.
    const total = Number(
      (await page.textContent('[data-testid=puzzle-progress]')).match(/^Puzzle 1 of (\d+) · 0 solved$/)[1],
    );
    assert.ok(total >= 21 && total < 33, `${total} puzzles`);
    const errors = await page.textContent('[data-testid=puzzle-errors]');
    assert.match(errors, /^Line 23: illegal move at ply 1 of the puzzle line: g1g2$/m);
    assert.match(errors, /more lines refused/);
    await page.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
