// The Drill tab (views/drill.ts): a study chapter with variations drilled as White's repertoire,
// scheduled by ts-fsrs. The clock is fixed (Playwright's page.clock), so every card's next due
// date is compared with what ts-fsrs computes here in Node for the same card, grade and time.
// Answers by mouse (drag, click) and by keyboard (the move box), a wrong answer, Easy after a
// fast answer, a reload in the middle of the session (the answers kept, the session goes on with
// the cards still due), export then import into a fresh browser context (the same cards and
// states), a bad file refused (nothing changed), the layout at 1280x800, 390x844 and 844x390,
// axe, and the tab used with the keyboard alone. Screenshots in test-artifacts/70-drill-*.png.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { Rating, State, createEmptyCard, fsrs } from 'ts-fsrs';
import {
  ARTIFACTS,
  DESKTOP,
  PHONE,
  START,
  assertAxe,
  assertInViewport,
  assertLayout,
  clickMove,
  dragMove,
  fen,
  gamePgn,
  importPgn,
  ROOT,
  shot,
  startBrowser,
  tab,
} from './helpers.mjs';

const LANDSCAPE = { width: 844, height: 390 };
// White's repertoire: 1. e4 or 1. d4; against 1... e5 2. Nf3 Nc6 3. Bb5, against 1... c5 2. Nf3.
const REPERTOIRE = `[Event "My White repertoire"]
[White "Me"]
[Black "Them"]
[Result "*"]

1. e4 (1. d4 d5 2. c4) 1... e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 *
`;
// The cards, in the chapter's order: the position (its FEN's first three fields) and the answers.
const CARDS = [
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq', ['e2e4', 'd2d4']],
  ['rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq', ['g1f3']],
  ['r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq', ['f1b5']],
  ['rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq', ['g1f3']],
  ['rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq', ['c2c4']],
];
const T0 = Date.UTC(2026, 11, 4, 9, 0, 0); // a fixed morning, so the day does not end mid-test
const scheduler = fsrs();
// Board, side and castling (the package writes the en passant square after every double step).
const fen4 = (f) => f.split(' ').slice(0, 3).join(' ');

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

/** The drill's stores as the page keeps them. */
function readDrill(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const r = indexedDB.open('chesswasm-studies');
        r.onerror = () => reject(new Error(String(r.error)));
        r.onsuccess = () => {
          const db = r.result;
          const names = ['drillDecks', 'drillCards', 'drillReviews'];
          const t = db.transaction(names);
          const out = {};
          let left = names.length;
          for (const n of names) {
            const q = t.objectStore(n).getAll();
            q.onsuccess = () => {
              out[n] = q.result;
              if (--left === 0) {
                db.close();
                resolve(out);
              }
            };
          }
        };
      }),
  );
}

const feedback = (page) => page.textContent('[data-testid=drill-feedback]');
const waitFeedback = (page, re) =>
  page.waitForFunction(
    (src) => new RegExp(src).test(document.querySelector('[data-testid=drill-feedback]').textContent),
    re.source,
  );
const deckDue = (page) =>
  page.$eval('[data-testid=drill-due]', (e) => ({ due: Number(e.dataset.due), new: Number(e.dataset.new) }));

/** ts-fsrs's card state with dates as numbers, as the board keeps it. */
function asStored(c) {
  return {
    due: c.due.getTime(),
    stability: c.stability,
    difficulty: c.difficulty,
    elapsed_days: c.elapsed_days,
    scheduled_days: c.scheduled_days,
    learning_steps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    last_review: c.last_review ? c.last_review.getTime() : null,
  };
}

/** The stored card of a position. */
const cardAt = (drill, position) => drill.drillCards.find((c) => fen4(c.fen) === position);

// Types a move into the move box with the keyboard (/ focuses it).
async function typeMove(page, san) {
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('/');
  await page.keyboard.type(san);
  await page.keyboard.press('Enter');
}

/** A page with the repertoire imported as a study and added to the drill as White's. */
async function withRepertoire(viewport = DESKTOP) {
  const page = await b.open('', viewport);
  await page.clock.setFixedTime(T0);
  await importPgn(page, REPERTOIRE);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 1);
  await tab(page, 'drill');
  await page.waitForFunction(() => document.querySelectorAll('#drill-chapter option').length === 1);
  await page.selectOption('[data-testid=drill-side]', 'w');
  await page.click('[data-testid=drill-add]');
  await page.waitForFunction(() => /5 cards/.test(document.querySelector('[data-testid=drill-note]').textContent));
  return page;
}

describe('drill', () => {
  it('drills a repertoire: due counts, a right and a wrong answer scheduled as ts-fsrs does, a reload mid-session', async () => {
    const page = await withRepertoire();
    // Five new cards, none reviewed yet.
    assert.deepEqual(await deckDue(page), { due: 0, new: 5 });
    assert.equal(await page.textContent('[data-testid=drill-stat-cards]'), '5 new · 0 learning · 0 review');
    let drill = await readDrill(page);
    assert.deepEqual(
      drill.drillCards.sort((x, y) => x.order - y.order).map((c) => [fen4(c.fen), [...c.moves].sort()]),
      CARDS.map(([f, m]) => [f, [...m].sort()]),
    );
    for (const c of drill.drillCards) assert.deepEqual(c.fsrs, asStored(createEmptyCard(new Date(T0))));

    // The first card: the start position; 1. d4 is as right as 1. e4 (played by drag).
    await page.click('[data-testid=drill-deck] [data-action=start]');
    await waitFeedback(page, /Your repertoire's move for White\?/);
    assert.equal(await fen(page), START);
    await assertInViewport(page, '[data-testid=drill-feedback]', 'desktop');
    const t1 = T0 + 4_000;
    await page.clock.setFixedTime(t1);
    await dragMove(page, 'e2', 'e4');
    await waitFeedback(page, /✓ e4 \(your repertoire has 1 other move here\)\. Good: next review in 10 min/);
    // The repertoire's reply is played by the board.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=fen]').value.startsWith('rnbqkbnr/pppp1ppp/8/4p3/'),
    );
    drill = await readDrill(page);
    const good = scheduler.next(createEmptyCard(new Date(T0)), new Date(t1), Rating.Good).card;
    assert.deepEqual(cardAt(drill, CARDS[0][0]).fsrs, asStored(good));
    assert.equal(drill.drillReviews.length, 1);
    assert.equal(drill.drillReviews[0].grade, Rating.Good);
    assert.equal(drill.drillReviews[0].time, t1);
    await shot(page, '70-drill-right-desktop');

    // The line goes on: 1. e4 e5, White's move. A wrong move, a second one: the answer is shown, Again.
    await page.click('[data-testid=drill-next]');
    await waitFeedback(page, /Your repertoire's move for White\?/);
    assert.equal(fen4(await fen(page)), CARDS[1][0]);
    const t2 = T0 + 20_000;
    await page.clock.setFixedTime(t2);
    await clickMove(page, 'g1', 'h3');
    await waitFeedback(page, /✗ Nh3 is not in your repertoire here\. Try again\./);
    assert.equal(fen4(await fen(page)), CARDS[1][0], 'the knight went back');
    await clickMove(page, 'b1', 'c3');
    await waitFeedback(
      page,
      /✗ Nc3 is not in your repertoire here\. Your repertoire plays Nf3\. Again: next review in 1 min/,
    );
    await assertLayout(page, 'drill, again (desktop)');
    await assertAxe(page, 'drill, again (desktop)');
    await shot(page, '71-drill-again-desktop');
    drill = await readDrill(page);
    const again = scheduler.next(createEmptyCard(new Date(T0)), new Date(t2), Rating.Again).card;
    assert.deepEqual(cardAt(drill, CARDS[1][0]).fsrs, asStored(again));
    assert.equal(again.state, State.Learning);
    assert.equal(await page.textContent('[data-testid=drill-stat-reviews]'), '2');
    assert.equal(await page.textContent('[data-testid=drill-stat-retention]'), '50%');

    // The next card is shown (the line after 2. Nf3 Nc6), then the page is reloaded before it is answered.
    await page.click('[data-testid=drill-next]');
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid=fen]').value.startsWith(f.split(' ')[0]),
      CARDS[2][0],
    );
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await waitFeedback(page, /Your repertoire's move for White\?/);
    // The two answers are kept, and the session goes on with the three cards still due.
    drill = await readDrill(page);
    assert.equal(drill.drillReviews.length, 2);
    assert.deepEqual(cardAt(drill, CARDS[0][0]).fsrs, asStored(good));
    assert.deepEqual(cardAt(drill, CARDS[1][0]).fsrs, asStored(again));
    assert.equal(fen4(await fen(page)), CARDS[2][0]);
    assert.match(await page.textContent('[data-testid=drill-progress]'), /3 due/);
    assert.deepEqual(await deckDue(page), { due: 0, new: 3 });

    // By keyboard: 3. Bb5 typed, right at once and fast: Easy is offered and replaces Good.
    const t3 = T0 + 30_000;
    await page.clock.setFixedTime(t3);
    await typeMove(page, 'Bb5');
    await waitFeedback(page, /✓ Bb5\. Good: next review in 10 min/);
    await page.focus('[data-testid=drill-easy]');
    await page.keyboard.press('Enter');
    await waitFeedback(page, /^Easy: next review in \d+ days/);
    drill = await readDrill(page);
    const easy = scheduler.next(createEmptyCard(new Date(T0)), new Date(t3), Rating.Easy).card;
    assert.deepEqual(cardAt(drill, CARDS[2][0]).fsrs, asStored(easy));
    assert.equal(drill.drillReviews.length, 3, 'Easy replaced the answer, it did not add one');
    assert.deepEqual(drill.drillReviews.map((r) => r.grade).sort(), [Rating.Again, Rating.Good, Rating.Easy].sort());
    assert.equal(await page.textContent('[data-testid=drill-stat-streak]'), '1 day');
    assert.equal(await page.textContent('[data-testid=drill-stat-cards]'), '2 new · 2 learning · 1 review');
    await page.closeAll();
  });

  it('exports the drill and imports it into a fresh browser; a bad file is refused and changes nothing', async () => {
    const page = await withRepertoire();
    await page.click('[data-testid=drill-deck] [data-action=start]');
    await waitFeedback(page, /Your repertoire's move for White\?/);
    await page.clock.setFixedTime(T0 + 5_000);
    await dragMove(page, 'd2', 'd4');
    await waitFeedback(page, /Good: next review/);
    await page.click('[data-testid=drill-stop]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=drill-export]')]);
    const path = `${ARTIFACTS}/drill-export.json`;
    await download.saveAs(path);
    const file = JSON.parse(readFileSync(path, 'utf8'));
    assert.equal(file.format, 'chesswasm-drill');
    assert.equal(file.cards.length, 5);
    assert.equal(file.reviews.length, 1);
    const mine = await readDrill(page);

    const fresh = await b.open('', DESKTOP);
    await fresh.clock.setFixedTime(T0 + 60_000);
    await tab(fresh, 'drill');
    await fresh.setInputFiles('[data-testid=drill-import]', path);
    await fresh.waitForFunction(() =>
      /Imported 1 deck, 5 cards, 1 reviews/.test(document.querySelector('[data-testid=drill-note]').textContent),
    );
    const theirs = await readDrill(fresh);
    const byId = (xs) => [...xs].sort((x, y) => (x.id < y.id ? -1 : 1));
    assert.deepEqual(byId(theirs.drillCards), byId(mine.drillCards));
    assert.deepEqual(theirs.drillDecks, mine.drillDecks);
    const noId = ({ id: _, ...r }) => r;
    assert.deepEqual(theirs.drillReviews.map(noId), mine.drillReviews.map(noId));
    assert.deepEqual(await deckDue(fresh), { due: 0, new: 4 });
    assert.equal(await fresh.textContent('[data-testid=drill-stat-cards]'), '4 new · 1 learning · 0 review');

    // A bad file: a card whose answer is not a legal move. Refused with a message, nothing changed.
    const bad = structuredClone(file);
    bad.cards[0].moves = ['e2e5'];
    const badPath = `${ARTIFACTS}/drill-bad.json`;
    writeFileSync(badPath, JSON.stringify(bad));
    await fresh.setInputFiles('[data-testid=drill-import]', badPath);
    await fresh.waitForFunction(() =>
      /not imported \(nothing changed\)/.test(document.querySelector('[data-testid=drill-error]').textContent),
    );
    assert.match(
      await fresh.textContent('[data-testid=drill-error]'),
      /drill-bad\.json was not imported \(nothing changed\): card 1: /,
    );
    // Not JSON at all, and an FSRS state that is no state.
    writeFileSync(badPath, 'hello');
    await fresh.setInputFiles('[data-testid=drill-import]', badPath);
    await fresh.waitForFunction(() =>
      /it is not JSON/.test(document.querySelector('[data-testid=drill-error]').textContent),
    );
    const bad2 = structuredClone(file);
    bad2.cards[1].fsrs.state = 7;
    writeFileSync(badPath, JSON.stringify(bad2));
    await fresh.setInputFiles('[data-testid=drill-import]', badPath);
    await fresh.waitForFunction(() =>
      /card 2: the FSRS state is not one of/.test(document.querySelector('[data-testid=drill-error]').textContent),
    );
    assert.deepEqual(await readDrill(fresh), theirs);
    // Remove (confirmed): the deck, its cards and their history are gone.
    await fresh.click('[data-testid=drill-deck] [data-action=remove]');
    await fresh.waitForFunction(() => !document.querySelector('[data-testid=drill-deck]'));
    assert.deepEqual(await readDrill(fresh), { drillDecks: [], drillCards: [], drillReviews: [] });
    assert.equal(await fresh.textContent('[data-testid=drill-stat-reviews]'), '0');
    await fresh.closeAll();
    await page.closeAll();
  });

  it('looks right at 1280x800, 390x844 and 844x390, and works with the keyboard alone', async () => {
    const page = await withRepertoire(PHONE);
    // Keyboard only: the Start button of the deck, the move typed, Next, Show the answer, Stop.
    await page.focus('[data-testid=drill-deck] [data-action=start]');
    await page.keyboard.press('Enter');
    await waitFeedback(page, /Your repertoire's move for White\?/);
    // The feedback is under the board, in view on the phone with the board.
    await page.evaluate(() => window.scrollTo(0, 0));
    await assertInViewport(page, '[data-testid=drill-feedback]', 'phone');
    await assertLayout(page, 'drill (phone)');
    await assertAxe(page, 'drill (phone)');
    await shot(page, '72-drill-phone');
    await typeMove(page, 'e4');
    await waitFeedback(page, /✓ e4/);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=fen]').value.startsWith('rnbqkbnr/pppp1ppp/8/4p3/'),
    );
    await page.focus('[data-testid=drill-next]');
    await page.keyboard.press('Enter');
    await waitFeedback(page, /Your repertoire's move for White\?/);
    await page.focus('[data-testid=drill-hint]');
    await page.keyboard.press('Enter');
    await waitFeedback(page, /Hint: move the piece on g1\./);
    await page.keyboard.press('Enter'); // the hint button again: the move
    await waitFeedback(page, /Hint: Nf3\./);
    await typeMove(page, 'Nf3');
    await waitFeedback(page, /✓ Nf3\. Hard: next review/);
    await page.setViewportSize(LANDSCAPE);
    await assertLayout(page, 'drill (landscape)');
    await assertAxe(page, 'drill (landscape)');
    await shot(page, '73-drill-landscape');
    await page.focus('[data-testid=drill-next]');
    await page.keyboard.press('Enter');
    await waitFeedback(page, /Your repertoire's move for White\?/);
    await page.focus('[data-testid=drill-show]');
    await page.keyboard.press('Enter');
    await waitFeedback(page, /Your repertoire plays Bb5\. Again/);
    await page.setViewportSize(DESKTOP);
    await tab(page, 'drill');
    await assertLayout(page, 'drill (desktop)');
    await assertAxe(page, 'drill tab (desktop)');
    await shot(page, '74-drill-tab-desktop');
    assert.equal(await page.textContent('[data-testid=drill-stat-reviews]'), '3');
    assert.equal(await page.textContent('[data-testid=drill-stat-retention]'), '67%');
    await page.focus('[data-testid=drill-stop]');
    await page.keyboard.press('Enter');
    assert.equal(await feedback(page), '');
    assert.equal(await page.isVisible('[data-testid=drill]'), false, 'the strip under the board is gone');
    // The two cards left (the new ones of 1. e4 c5 and 1. d4 d5), then none is due: the session says when the next one is.
    await page.focus('[data-testid=drill-start]');
    await page.keyboard.press('Enter');
    for (const [position, answer] of [
      [CARDS[3][0], 'Nf3'],
      [CARDS[4][0], 'c4'],
    ]) {
      await waitFeedback(page, /Your repertoire's move for White\?/);
      assert.equal(fen4(await fen(page)), position);
      await typeMove(page, answer);
      await waitFeedback(page, /Good: next review/);
      await page.focus('[data-testid=drill-next]');
      await page.keyboard.press('Enter');
    }
    await waitFeedback(page, /^Done: 2 cards answered\. The next card is due in 1 min/);
    await page.waitForSelector('[data-testid=drill-feedback]', { state: 'visible' });
    assert.equal(await page.textContent('[data-testid=drill-stop]'), 'Close');
    await page.focus('[data-testid=drill-stop]');
    await page.keyboard.press('Enter');
    assert.equal(await page.isVisible('[data-testid=drill]'), false);
    await page.closeAll();
  });

  it('puzzles from a reviewed game: from Learn’s mistakes and from findPuzzles, played with the package’s Puzzle', async () => {
    const text = gamePgn('lichess-export');
    const opera = text.slice(text.indexOf('[Event', text.indexOf('Isouard') - 200));
    const page = await b.open('', DESKTOP);
    await importPgn(page, opera);
    await tab(page, 'review');
    await page.click('[data-testid=review]');
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { timeout: 180_000 });
    // Learn: Black's first mistake, its solution, Add to drill.
    await tab(page, 'learn');
    await page.selectOption('[data-testid=learn-side]', 'b');
    await page.click('[data-testid=learn-start]');
    const before = await fen(page);
    await page.click('[data-testid=learn-solution]');
    const best = /The solution: (\S+)\./.exec(await page.textContent('[data-testid=learn-status]'))[1];
    await page.click('[data-testid=learn-drill]');
    await page.waitForFunction(() =>
      /Added to the drill/.test(document.querySelector('[data-testid=learn-drill-note]').textContent),
    );
    await page.click('[data-testid=learn-drill]');
    await page.waitForFunction(() =>
      /in the drill already/.test(document.querySelector('[data-testid=learn-drill-note]').textContent),
    );
    await page.click('[data-testid=learn-stop]');
    let drill = await readDrill(page);
    assert.equal(drill.drillCards.length, 1);
    const [card] = drill.drillCards;
    assert.equal(card.kind, 'puzzle');
    // lichess's format: the position before the opponent's last move, that move, then the best move.
    const { Position, Puzzle } = await import(`${ROOT}dist/index.js`);
    const p = new Puzzle({ fen: card.fen, moves: card.moves });
    assert.equal(p.position.fen(), before);
    assert.equal(p.play(best), 'solved');
    p.dispose();

    // Find puzzles for Black's mistakes with the engine; each one found can be added.
    await tab(page, 'drill');
    await page.selectOption('[data-testid=drill-find-side]', 'b');
    await page.click('[data-testid=drill-find]');
    await page.waitForFunction(
      () => /found|No puzzle/.test(document.querySelector('[data-testid=drill-find-status]').textContent),
      null,
      { timeout: 300_000 },
    );
    const found = await page.locator('[data-testid=drill-found-puzzle]').count();
    for (let i = 0; i < found; i++)
      await page
        .locator('[data-testid=drill-found-puzzle] button')
        .nth(i)
        .click()
        .catch(() => {}); // one may be Learn's
    drill = await readDrill(page);
    assert.ok(drill.drillCards.length >= 1 && drill.drillCards.length <= 1 + found);
    for (const c of drill.drillCards) new Puzzle({ fen: c.fen, moves: c.moves }).dispose();
    await shot(page, '75-drill-found');

    // The puzzle deck: the setup move is played for you, a wrong move, then the right one: Hard.
    await page.click('[data-testid=drill-deck] [data-action=start]');
    await waitFeedback(page, /played .*\. Find the best move for Black\./);
    const first = drill.drillCards.sort((x, y) => x.order - y.order)[0];
    const pos = Position.fromFen(await fen(page));
    const wrong = pos
      .legalMoves()
      .map((m) => pos.uci(m))
      .find((u) => {
        if (u === first.moves[1]) return false;
        pos.play(u);
        const mate = pos.isCheckmate();
        pos.undo();
        return !mate;
      });
    pos.dispose();
    await typeMove(page, wrong);
    await waitFeedback(page, /✗ .* is not the move\. Try again\./);
    for (let i = 1; i < first.moves.length; i += 2) {
      await typeMove(page, first.moves[i]);
      if (i + 2 < first.moves.length) await waitFeedback(page, /answered/);
    }
    await waitFeedback(page, /solved\. Hard: next review in/);
    await page.closeAll();
    assert.deepEqual(b.problems, []);
  });
});
