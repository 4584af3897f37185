// Every variant in the board, at 1280x800 and 390x844: each variant from the
// picker's start position, a few moves by mouse including its special move (a crazyhouse drop
// dragged and one clicked, an atomic explosion, an antichess king promotion, a three-check
// win, a hill win, a race win, a horde rank-1 double step), the status text and the PGN
// export; a lichess crazyhouse export imported and stepped through (every position compared
// with chessops', an independent implementation); a pocket piece dragged to an illegal square
// and refused; links with lichess's variant keys. Screenshots of every variant in
// test-artifacts/variant-*.png.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { makeFen } from 'chessops/fen';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import {
  SIZES,
  assertAxe,
  assertInViewport,
  assertLayout,
  dragMove,
  fen,
  gamePgn,
  importPgn,
  loadFen,
  sans,
  shot,
  square,
  startBrowser,
  tab,
  status,
  waitMoves,
} from './helpers.mjs';

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
  assert.deepEqual(b?.problems ?? [], [], 'console errors or page errors');
});

const top = (page) => page.evaluate(() => window.scrollTo(0, 0));
/** Picks a variant in the toolbar and waits for its start position. */
async function pick(page, variant) {
  await page.selectOption('[data-testid=variant]', variant);
  await page.waitForFunction((v) => document.querySelector('[data-testid=variant]').value === v, variant);
}

/** Loads a FEN in the picked variant and brings the board back into view. */
async function load(page, text) {
  await loadFen(page, text);
  await page.waitForFunction((t) => document.querySelector('[data-testid=fen]').value === t, text);
  assert.equal(await page.textContent('[data-testid=fen-error]'), '', `${text} refused`);
  await top(page);
}

/** Plays moves by dragging (from-to pairs) and waits for each to be listed. */
async function play(page, ...moves) {
  for (const m of moves) {
    const n = await page.locator('[data-testid=moves] .move').count();
    await dragMove(page, m.slice(0, 2), m.slice(2, 4));
    await waitMoves(page, n + 1);
  }
}

/** The toolbar fits the screen whatever the variant's name (the picker gives way on a phone). */
async function assertToolbar(page, label) {
  const r = await page.evaluate(() => ({
    right: Math.max(...[...document.querySelectorAll('.toolbar > *')].map((e) => e.getBoundingClientRect().right)),
    width: window.innerWidth,
  }));
  assert.ok(r.right <= r.width + 0.5, `${label}: the toolbar runs off the screen (${r.right} > ${r.width})`);
}

async function exportPgn(page) {
  await tab(page, 'pgn');
  await page.click('[data-testid=pgn-export]');
  const text = await page.inputValue('[data-testid=pgn]');
  await top(page);
  return text;
}

async function waitStatus(page, re) {
  await page.waitForFunction(
    (src) => new RegExp(src).test(document.querySelector('[data-testid=status]').textContent),
    re.source,
    { timeout: 5000 },
  );
  return status(page);
}

/** The count shown on a pocket piece. */
const pocketCount = (page, color, role) =>
  page.getAttribute(`[data-testid=pocket-${color}] piece[data-role=${role}]`, 'data-nb').then(Number);

/** The squares chessground shows with a class (it hides the squares it no longer uses: display none). */
const marked = (page, cls) =>
  page.$$eval(`[data-testid=board] cg-board square.${cls}`, (els) =>
    els
      .filter((e) => e.style.display !== 'none')
      .map((e) => e.cgKey)
      .sort(),
  );

/** Waits until chessground shows `n` squares with a class. */
async function waitMarked(page, cls, n) {
  await page
    .waitForFunction(
      ([c, k]) =>
        [...document.querySelectorAll(`[data-testid=board] cg-board square.${c}`)].filter(
          (e) => e.style.display !== 'none',
        ).length === k,
      [cls, n],
      { timeout: 5000 },
    )
    .catch(() => undefined);
  return marked(page, cls);
}

/** Drags a pocket piece onto a square (chessground's dragNewPiece). */
async function dragFromPocket(page, color, role, to) {
  const box = await page.locator(`[data-testid=pocket-${color}] piece[data-role=${role}]`).boundingBox();
  const a = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const z = await square(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + z.x) / 2, (a.y + z.y) / 2, { steps: 4 });
  await page.mouse.move(z.x, z.y, { steps: 4 });
  await page.mouse.up();
}

/** Records the squares chessground marks as exploding (its two stages last 240 ms). */
async function watchExplosions(page) {
  await page.evaluate(() => {
    window.__exploded = new Set();
    const board = document.querySelector('[data-testid=board] cg-board');
    const seen = () => {
      for (const sq of board.querySelectorAll('square.exploding1, square.exploding2')) window.__exploded.add(sq.cgKey);
    };
    new MutationObserver(seen).observe(board, { childList: true, subtree: true, attributes: true });
  });
}

describe('every variant in the board', () => {
  it('the picker lists the ten rule sets; each starts from its own position', async () => {
    const page = await b.open();
    const options = await page.$$eval('[data-testid=variant] option', (els) => els.map((e) => e.value));
    assert.deepEqual(options.toSorted(), [
      '3check',
      'antichess',
      'atomic',
      'chess',
      'chess960',
      'crazyhouse',
      'horde',
      'kingofthehill',
      'makruk',
      'racingkings',
    ]);
    const starts = {
      racingkings: '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1',
      horde: /^rnbqkbnr\/pppppppp\/8\/1PP2PP1\/PPPPPPPP\/PPPPPPPP\/PPPPPPPP\/PPPPPPPP w kq - 0 1$/,
      crazyhouse: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1',
      '3check': 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1',
    };
    for (const v of options) {
      await pick(page, v);
      await assertToolbar(page, v);
    }
    for (const [v, expected] of Object.entries(starts)) {
      await pick(page, v);
      if (expected instanceof RegExp) assert.match(await fen(page), expected, v);
      else assert.equal(await fen(page), expected, v);
    }
    await page.closeAll();
  });

  for (const [label, size] of SIZES) {
    it(`crazyhouse: captures fill the pockets, a drop by drag and one by click, an illegal drop refused (${label})`, async () => {
      const page = await b.open('', size);
      await pick(page, 'crazyhouse');
      assert.equal(await pocketCount(page, 'white', 'pawn'), 0);
      await play(page, 'e2e4', 'd7d5', 'e4d5', 'd8d5', 'b1c3', 'd5a5', 'g1f3', 'g8f6');
      assert.equal(await pocketCount(page, 'white', 'pawn'), 1);
      assert.equal(await pocketCount(page, 'black', 'pawn'), 1);
      assert.equal(await pocketCount(page, 'white', 'knight'), 0);
      // On a phone both pockets are on screen with the board.
      await top(page);
      for (const sel of ['[data-testid=pocket-white]', '[data-testid=pocket-black]', '[data-testid=board]'])
        await assertInViewport(page, sel, `crazyhouse ${label}`);
      await assertLayout(page, `crazyhouse ${label}`);
      // White drags the pawn from the pocket onto d5.
      await dragFromPocket(page, 'white', 'pawn', 'd5');
      await waitMoves(page, 9);
      assert.equal(await fen(page), 'rnb1kb1r/ppp1pppp/5n2/q2P4/8/2N2N2/PPPP1PPP/R1BQKB1R[p] b KQkq - 0 5');
      assert.equal((await sans(page)).at(-1), '@d5');
      assert.equal(await pocketCount(page, 'white', 'pawn'), 0);
      // Black's pawn to b1 (an empty square on the first rank): refused by the package, nothing changes.
      const before = await fen(page);
      await dragFromPocket(page, 'black', 'pawn', 'b1');
      await page.waitForTimeout(300);
      assert.equal(await fen(page), before);
      assert.equal(await page.locator('[data-testid=moves] .move').count(), 9);
      assert.equal(await pocketCount(page, 'black', 'pawn'), 1);
      assert.equal(await page.locator('[data-testid=board] cg-board piece.pawn.black:not(.ghost)').count(), 7);
      // The keyboard reaches a pocket piece: Enter picks it (Escape puts it back).
      await page.focus('[data-testid=pocket-black] piece[data-role=pawn]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=pocket-black] piece[data-role=pawn][aria-pressed=true]');
      assert.ok((await waitMarked(page, 'drop-dest', 29)).length > 0);
      assert.equal(
        await page.evaluate(() => document.activeElement.closest('[data-testid]')?.dataset.testid),
        'pocket-black',
        'the focus stays on the pocket',
      );
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=pocket-black] piece[data-role=pawn][aria-pressed=false]');
      assert.deepEqual(await waitMarked(page, 'drop-dest', 0), []);
      // A click picks the pawn: the legal squares show dots; a click on e6 drops it.
      await page.click('[data-testid=pocket-black] piece[data-role=pawn]');
      await page.waitForSelector('[data-testid=pocket-black] piece[data-role=pawn][aria-pressed=true]');
      // Black is not in check: a pawn may go to every empty square of ranks 2-7 (counted from the FEN).
      const empty = before
        .split(' ')[0]
        .replace(/\[.*\]/, '')
        .split('/')
        .slice(1, 7)
        .reduce((n, rank) => n + [...rank].reduce((k, c) => k + (/\d/.test(c) ? Number(c) : 0), 0), 0);
      const dots = await waitMarked(page, 'drop-dest', empty);
      assert.equal(dots.length, empty, dots.join(' '));
      assert.ok(!dots.includes('d8') && !dots.includes('g8') && !dots.includes('b1'), 'no pawn on the back ranks');
      await shot(page, `variant-crazyhouse-picked-${label}`);
      const e6 = await square(page, 'e6');
      await page.mouse.click(e6.x, e6.y);
      await waitMoves(page, 10);
      assert.equal((await sans(page)).at(-1), '@e6');
      assert.deepEqual(await waitMarked(page, 'drop-dest', 0), []);
      assert.equal(await pocketCount(page, 'black', 'pawn'), 0);
      assert.match(await status(page), /in progress/);
      await shot(page, `variant-crazyhouse-${label}`);
      await assertAxe(page, `crazyhouse ${label}`);
      const pgn = await exportPgn(page);
      assert.match(pgn, /\[Variant "Crazyhouse"\]/);
      assert.match(pgn, /5\. @d5 @e6/);
      // Flipped, each pocket follows its side: Black's below the board.
      assert.equal(await page.getAttribute('[data-testid=slot-bottom] .pocket', 'data-testid'), 'pocket-white');
      await page.click('[data-testid=flip]');
      await page.waitForSelector('[data-testid=slot-bottom] [data-testid=pocket-black]');
      assert.equal(await page.getAttribute('[data-testid=slot-top] .pocket', 'data-testid'), 'pocket-white');
      await shot(page, `variant-crazyhouse-flipped-${label}`);
      await page.closeAll();
    });

    it(`atomic: a capture explodes the squares around it; the king's explosion wins (${label})`, async () => {
      const page = await b.open('', size);
      await pick(page, 'atomic');
      await play(page, 'g1f3', 'a7a6', 'f3g5', 'a6a5');
      await watchExplosions(page);
      await play(page, 'g5f7');
      await page.waitForFunction(() => window.__exploded.size > 0);
      await page.waitForTimeout(300);
      const exploded = [...(await page.evaluate(() => [...window.__exploded]))].sort();
      assert.deepEqual(
        exploded,
        ['e8', 'f7', 'f8', 'g8'],
        'the knight, the pawn, the king, bishop and knight around it',
      );
      assert.equal(await fen(page), 'rnbq3r/1pppp1pp/8/p7/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3');
      assert.equal(await waitStatus(page, /wins/), "Black's king exploded — White wins");
      assert.deepEqual(await sans(page), ['Nf3', 'a6', 'Ng5', 'a5', 'Nxf7#']);
      await shot(page, `variant-atomic-${label}`);
      const pgn = await exportPgn(page);
      assert.match(pgn, /\[Variant "Atomic"\]/);
      assert.match(pgn, /3\. Nxf7# 1-0/);
      await assertLayout(page, `atomic ${label}`);
      await page.closeAll();
    });

    it(`antichess: captures are compulsory, a pawn promotes to a king, losing every piece wins (${label})`, async () => {
      const page = await b.open('', size);
      await pick(page, 'antichess');
      await play(page, 'e2e3', 'b7b5');
      // White must take: a quiet move is refused.
      await dragMove(page, 'a2', 'a3');
      await page.waitForTimeout(200);
      assert.equal(await page.locator('[data-testid=moves] .move').count(), 2);
      await play(page, 'f1b5');
      assert.equal((await sans(page)).at(-1), 'Bxb5');
      // The king promotion, offered only because the package lists it.
      await load(page, '8/P7/8/8/8/8/8/7k w - - 0 1');
      await dragMove(page, 'a7', 'a8');
      await page.waitForSelector('#promotion:not([hidden])');
      const choices = await page.$$eval('#promotion .promo-piece', (els) => els.map((e) => e.dataset.testid));
      assert.deepEqual(choices, ['promote-q', 'promote-r', 'promote-b', 'promote-n', 'promote-k']);
      await shot(page, `variant-antichess-promotion-${label}`);
      await page.click('[data-testid=promote-k]');
      await waitMoves(page, 1);
      assert.deepEqual(await sans(page), ['a8=K']);
      assert.equal(await fen(page), 'K7/8/8/8/8/8/8/7k b - - 0 1');
      // Black's rook must take White's last piece: White has nothing left and wins.
      await load(page, 'k7/8/8/8/8/8/8/1r5R b - - 0 1');
      await play(page, 'b1h1');
      assert.equal(await waitStatus(page, /wins/), 'White has no pieces left — White wins');
      const pgn = await exportPgn(page);
      assert.match(pgn, /\[Variant "Antichess"\]/);
      assert.match(pgn, /1\.\.\. Rxh1# 1-0/);
      await shot(page, `variant-antichess-${label}`);
      await page.closeAll();
    });

    it(`king of the hill: the centre is marked; a king on it wins (${label})`, async () => {
      const page = await b.open('', size);
      await pick(page, 'kingofthehill');
      assert.deepEqual(await waitMarked(page, 'hill', 4), ['d4', 'd5', 'e4', 'e5']);
      await assertToolbar(page, `king of the hill ${label}`);
      await play(page, 'e2e4', 'a7a6', 'e1e2', 'a6a5', 'e2d3', 'a5a4', 'd3d4');
      assert.equal(await waitStatus(page, /wins/), "White's king reached the centre — White wins");
      assert.deepEqual(await sans(page), ['e4', 'a6', 'Ke2', 'a5', 'Kd3', 'a4', 'Kd4#']);
      await shot(page, `variant-kingofthehill-${label}`);
      const pgn = await exportPgn(page);
      assert.match(pgn, /\[Variant "King of the Hill"\]/);
      assert.match(pgn, /4\. Kd4# 1-0/);
      await page.closeAll();
    });

    it(`three-check: the checks left are shown; the third check wins (${label})`, async () => {
      const page = await b.open('', size);
      await pick(page, '3check');
      const left = (color) => page.textContent(`[data-testid=checks-${color}] strong`);
      assert.equal(await left('white'), '3');
      assert.equal(await left('black'), '3');
      await play(page, 'e2e4', 'e7e5', 'f1c4', 'a7a6', 'c4f7');
      assert.equal(await left('white'), '2');
      assert.equal(await left('black'), '3');
      await play(page, 'e8f7', 'd1h5', 'f7e7');
      assert.equal(await left('white'), '1');
      // The move numbers come from the FEN's fullmove field, which follows the check counters here.
      const numbers = await page.$$eval('[data-testid=moves] .movetable .index', (els) =>
        els.map((e) => e.textContent),
      );
      assert.deepEqual(numbers, ['1', '2', '3', '4']);
      await shot(page, `variant-3check-${label}`);
      await play(page, 'h5e5');
      assert.equal(await left('white'), '0');
      assert.equal(await waitStatus(page, /wins/), 'White gave the third check — White wins');
      assert.deepEqual((await sans(page)).slice(-1), ['Qxe5#']);
      await top(page);
      for (const sel of ['[data-testid=checks-white]', '[data-testid=checks-black]'])
        await assertInViewport(page, sel, `3check ${label}`);
      await assertAxe(page, `3check ${label}`);
      const pgn = await exportPgn(page);
      assert.match(pgn, /\[Variant "Three-check"\]/);
      assert.match(pgn, /5\. Qxe5# 1-0/);
      await page.closeAll();
    });

    it(`racing kings: from its own start; the first king on the eighth rank wins (${label})`, async () => {
      const page = await b.open('', size);
      await pick(page, 'racingkings');
      await play(page, 'h2h3', 'a2a3');
      assert.deepEqual(await sans(page), ['Kh3', 'Ka3']);
      await shot(page, `variant-racingkings-start-${label}`);
      await load(page, '8/6K1/8/8/8/8/k7/8 w - - 0 1');
      await play(page, 'g7g8');
      assert.equal(await waitStatus(page, /wins/), "White's king reached the eighth rank — White wins");
      await shot(page, `variant-racingkings-${label}`);
      const pgn = await exportPgn(page);
      assert.match(pgn, /\[Variant "Racing Kings"\]/);
      assert.match(pgn, /1\. Kg8# 1-0/);
      await page.closeAll();
    });

    it(`horde: from its own start; a rank-1 pawn steps two squares; Black wins by taking every piece (${label})`, async () => {
      const page = await b.open('', size);
      await pick(page, 'horde');
      await play(page, 'b5b6', 'a7b6');
      assert.deepEqual(await sans(page), ['b6', 'axb6']);
      await shot(page, `variant-horde-${label}`);
      await load(page, '4k3/8/8/8/8/8/8/P6P w - - 0 1');
      await play(page, 'a1a3');
      assert.deepEqual(await sans(page), ['a3']);
      assert.equal(await fen(page), '4k3/8/8/8/8/P7/8/7P b - - 0 1', 'no en passant square after a rank-1 double step');
      await load(page, '4k3/8/8/8/8/8/8/r6P b - - 0 1');
      await play(page, 'a1h1');
      assert.equal(await waitStatus(page, /wins/), 'White lost every piece — Black wins');
      const pgn = await exportPgn(page);
      assert.match(pgn, /\[Variant "Horde"\]/);
      assert.match(pgn, /1\.\.\. Rxh1# 0-1/);
      await page.closeAll();
    });

    it(`standard, Chess960 and Makruk keep working; their screenshots (${label})`, async () => {
      const page = await b.open('', size);
      for (const [v, tag, moves] of [
        ['chess', null, ['e2e4', 'e7e5']],
        ['chess960', 'Chess960', ['e2e4', 'e7e5']],
        ['makruk', 'Makruk', ['e3e4', 'd6d5']],
      ]) {
        await pick(page, v);
        await play(page, ...moves);
        assert.match(await status(page), /in progress/);
        await shot(page, `variant-${v}-${label}`);
        const pgn = await exportPgn(page);
        if (tag) assert.match(pgn, new RegExp(`\\[Variant "${tag}"\\]`));
        else assert.doesNotMatch(pgn, /\[Variant /);
        assert.equal(await page.locator('[data-testid=slot-top]:visible').count(), 0, `${v}: no pockets`);
      }
      await page.closeAll();
    });
  }

  it('imports a lichess crazyhouse export and steps through it (every position as chessops has it)', async () => {
    const text = gamePgn('lichess-crazyhouse');
    // The positions by chessops, an independent implementation.
    const game = parsePgn(text)[0];
    const pos = startingPosition(game.headers).unwrap();
    const expected = [];
    for (const node of game.moves.mainline()) {
      pos.play(parseSan(pos, node.san));
      expected.push({ fen: makeFen(pos.toSetup()), pockets: JSON.parse(JSON.stringify(pos.pockets)) }); // a copy: chessops changes its pockets in place
    }
    assert.equal(expected.length, 86);
    for (const [label, size] of SIZES) {
      const page = await b.open('', size);
      await importPgn(page, text);
      await page.waitForFunction(() => document.querySelector('[data-testid=variant]').value === 'crazyhouse');
      await top(page);
      assert.match(await page.textContent('[data-testid=game-header]'), /pocketknight.*DropZone_77/s);
      assert.equal(await page.locator('[data-testid=moves] .move').count(), 86);
      assert.equal(await waitStatus(page, /wins/), 'Checkmate — Black wins');
      await page.keyboard.press('Home');
      const board = (f) => f.split(' ').slice(0, 3).join(' ');
      for (let i = 0; i < expected.length; i++) {
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction(
          (n) => document.querySelectorAll('[data-testid=moves] .move')[n]?.classList.contains('current'),
          i,
        );
        const ours = await fen(page);
        assert.equal(board(ours), board(expected[i].fen), `ply ${i + 1}`);
        if (i % 10 === 9 || i === expected.length - 1)
          for (const color of ['white', 'black'])
            for (const role of ['pawn', 'knight', 'bishop', 'rook', 'queen'])
              assert.equal(
                await pocketCount(page, color, role),
                expected[i].pockets[color][role],
                `ply ${i + 1}: ${color} ${role}s in hand`,
              );
      }
      await top(page);
      await shot(page, `variant-crazyhouse-import-${label}`);
      await assertLayout(page, `crazyhouse import ${label}`);
      const pgn = await exportPgn(page);
      assert.match(pgn, /\[Variant "Crazyhouse"\]/);
      assert.match(pgn, /43\.\.\. P@g2# \{ \[%clk 0:01:02\] \} 0-1/);
      await page.closeAll();
    }
  });

  it("links keep the variant: ?variant=…&fen=…, lichess's keys, and the board's own hash", async () => {
    const atomic = '4k3/4p3/8/8/8/8/8/4QK2 w - - 0 1';
    let page = await b.open(`?variant=atomic&fen=${encodeURIComponent(atomic)}`);
    assert.equal(await page.inputValue('[data-testid=variant]'), 'atomic');
    assert.equal(await fen(page), atomic);
    await play(page, 'e1e7');
    assert.equal(await waitStatus(page, /wins/), "Black's king exploded — White wins");
    // The state moves into the hash (the query string is dropped); a reload keeps it.
    await page.waitForFunction(() => !location.search && location.hash.includes('pgn='));
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    assert.equal(await page.inputValue('[data-testid=variant]'), 'atomic');
    assert.deepEqual(await sans(page), ['Qxe7#']);
    await page.closeAll();
    for (const [key, variant] of [
      ['threeCheck', '3check'],
      ['kingOfTheHill', 'kingofthehill'],
      ['racingKings', 'racingkings'],
      ['crazyhouse', 'crazyhouse'],
      ['antichess', 'antichess'],
      ['horde', 'horde'],
    ]) {
      page = await b.open(`?variant=${key}`);
      assert.equal(await page.inputValue('[data-testid=variant]'), variant, key);
      await page.closeAll();
    }
    const kothFen = '8/8/8/8/8/3K4/8/k7 w - - 0 1';
    page = await b.open(`#fen=${encodeURIComponent(kothFen)}&variant=kingOfTheHill`);
    assert.equal(await page.inputValue('[data-testid=variant]'), 'kingofthehill');
    assert.equal(await fen(page), kothFen);
    await page.closeAll();
    page = await b.open('?variant=shogi&fen=x');
    assert.match(await page.textContent('[data-testid=fen-error]'), /Unknown variant in the link: shogi/);
    await page.closeAll();
  });

  it("the FEN field loads a FEN in the picked variant, and shows the package's error for one it refuses", async () => {
    const page = await b.open();
    await pick(page, 'crazyhouse');
    await load(page, 'rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3');
    assert.equal(await pocketCount(page, 'white', 'pawn'), 1);
    assert.equal(await pocketCount(page, 'black', 'pawn'), 1);
    await pick(page, '3check');
    await load(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+2 0 1');
    assert.equal(await page.textContent('[data-testid=checks-white] strong'), '1');
    assert.equal(await page.textContent('[data-testid=checks-black] strong'), '2');
    await pick(page, 'horde');
    await loadFen(page, '4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1');
    await page.waitForFunction(() => document.querySelector('[data-testid=fen-error]').textContent !== '');
    assert.equal(await page.inputValue('[data-testid=variant]'), 'horde');
    await page.closeAll();
  });
});
