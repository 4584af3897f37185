// The opening book panel, against the real tool: books made at test time by
// Debian's `polyglot make-book` from real games (tests/data: 100 lichess games; Stockfish
// self-play), opened through the file picker, and compared with what `polyglot dump-book`
// prints: at the start position and later positions the panel lists the same moves with the
// same percentages (dump-book prints printf's %.0f of weight / total; the panel one
// decimal). Clicking a book move plays it (move list, FEN); the panel follows navigation,
// variations, the editor and puzzles (hidden while one is unsolved); out of book; the
// package's BookError for a truncated or unsorted file, Makruk and Chess960 castling of an
// inner rook (told apart by code, the text being the package's message); weight 0 listed
// with 0%; a new file replaces the book; the book is remembered across a reload. Layout at
// 1280x800 and 390x844, light and dark: inside the viewport, no sideways scroll, nothing
// outside its panel; screenshots in test-artifacts/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DESKTOP,
  PHONE,
  ROOT,
  assertInViewport,
  assertLayout,
  clickMove,
  current,
  fen,
  loadFen,
  sans,
  shot,
  startBrowser,
  tab,
  waitMoves,
} from './helpers.mjs';
import { dumpBook, dumpPercent, polyglot, polyglotAvailable } from '../tools/polyglot.mjs';

// The package, as the board uses it, gives the expected error messages.
const { Book, BookError, Position } = await import(`${ROOT}dist/index.js`);

const START_KEY = 0x463b96181691fc9cn; // the Polyglot key of the start position (published in the format's specification)
/** The FEN after moves from the start, as the package writes it. */
function fenAfter(...moves) {
  const pos = Position.startpos();
  for (const m of moves) pos.play(m);
  const f = pos.fen();
  pos.dispose();
  return f;
}
const AFTER_E4 = fenAfter('e4');
const AFTER_E4_E5 = fenAfter('e4', 'e5');
const AFTER_D4 = fenAfter('d4');

let b;
let tmp;
/** The books: { file, name, bytes, white, black } (dumps: parsed dump-book lines). */
const books = {};

function makeBook(name, pgn, args) {
  const file = path.join(tmp, `${name}.bin`);
  polyglot('make-book', '-pgn', `${ROOT}tests/data/${pgn}`, '-bin', file, ...args);
  return {
    file,
    name: `${name}.bin`,
    bytes: readFileSync(file),
    white: dumpBook(file, 'white'),
    black: dumpBook(file, 'black'),
  };
}

before(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'chesswasm-board-book-'));
  if (polyglotAvailable) {
    books.lichess = makeBook('lichess', 'pgn/lichess-2013-01.pgn', ['-min-game', '1']);
    books.selfplay = makeBook('selfplay', 'corpus/stockfish-selfplay.pgn', ['-min-game', '1', '-max-ply', '8']);
  }
  b = await startBrowser();
});
after(async () => {
  await b?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/**
 * The moves dump-book prints for the position after `prefix` (SAN from the start): the
 * dumped side's move at that ply of every line that starts with `prefix`, with its
 * percentage. A line is cut where its position was seen before, so every line through the
 * position lists its moves.
 */
function dumped(lines, prefix) {
  const out = new Map();
  for (const line of lines) {
    if (line.length <= prefix.length || !prefix.every((san, i) => line[i].san === san)) continue;
    const { san, percent } = line[prefix.length];
    assert.notEqual(percent, null, `the dump's side moves after ${prefix.join(' ')}`);
    if (out.has(san)) assert.equal(out.get(san), percent);
    out.set(san, percent);
  }
  return out;
}

/** The rows of the book panel as a person reads them (and the row's data-* hooks). */
async function bookRows(page) {
  return page.$$eval('[data-testid=book-moves] [data-testid=book-move]', (rows) =>
    rows.map((r) => {
      const cells = [...r.querySelectorAll('td')].map((c) => c.textContent.trim());
      return {
        san: cells[0],
        share: cells[1],
        weight: Number(cells[2].replace(/,/g, '')),
        uci: r.dataset.uci,
        dataSan: r.dataset.san,
        dataWeight: Number(r.dataset.weight),
      };
    }),
  );
}

/** The panel shows what dump-book prints for the position after `prefix`: the same moves, the same percentages. */
async function assertDump(page, lines, prefix, label) {
  const want = dumped(lines, prefix);
  assert.ok(want.size > 0, `${label}: dump-book has moves after ${prefix.join(' ') || 'nothing'}`);
  assert.equal(await page.getAttribute('[data-testid=book-moves]', 'data-state'), 'moves', label);
  const rows = await bookRows(page);
  assert.deepEqual(rows.map((r) => r.san).sort(), [...want.keys()].sort(), `${label}: the moves`);
  const total = rows.reduce((s, r) => s + r.weight, 0);
  assert.equal(Number((await page.textContent('[data-testid=book-total]')).replace(/,/g, '')), total, `${label}: Σ`);
  rows.forEach((r, i) => {
    assert.equal(r.san, r.dataSan);
    assert.equal(r.weight, r.dataWeight);
    if (i > 0) assert.ok(r.weight <= rows[i - 1].weight, `${label}: heaviest first`);
    const dumpPct = want.get(r.san);
    assert.equal(
      dumpPercent(r.weight, total),
      dumpPct,
      `${label}: ${r.san} ${r.weight}/${total} vs dump-book ${dumpPct}%`,
    );
    const shown = Number(/^[<>]?(\d+(?:\.\d)?)%$/.exec(r.share)?.[1]);
    assert.ok(Math.abs(shown - dumpPct) <= 0.55, `${label}: ${r.san} shows ${r.share}, dump-book ${dumpPct}%`);
  });
  return rows;
}

async function openBook(page, book, state = 'moves') {
  await tab(page, 'book');
  await page.setInputFiles('[data-testid=book-file]', {
    name: book.name,
    mimeType: 'application/octet-stream',
    buffer: book.bytes,
  });
  await page.waitForFunction(
    ([name, s]) =>
      document.querySelector('[data-testid=book-name]').textContent.startsWith(name) &&
      document.querySelector('[data-testid=book-moves]').dataset.state === s,
    [book.name, state],
  );
}

const state = (page) => page.getAttribute('[data-testid=book-moves]', 'data-state');
const playBook = (page, san) => page.click(`[data-testid=book-move][data-san="${san}"]`);

/** Layout of the panel as a person sees it, scrolled into view. */
async function assertBookLayout(page, label) {
  await page.$eval('#panel-book', (e) => e.scrollIntoView({ block: 'center' }));
  await assertLayout(page, label);
  const r = await page.$eval('[data-testid=book-moves]', (list) => {
    const panel = list.closest('.panel').getBoundingClientRect();
    const problems = [];
    if (list.scrollWidth > list.clientWidth)
      problems.push(`the list scrolls sideways: ${list.scrollWidth} > ${list.clientWidth}`);
    for (const el of list.querySelectorAll('*')) {
      const x = el.getBoundingClientRect();
      if (x.width && (x.left < panel.left - 0.5 || x.right > panel.right + 0.5))
        problems.push(`${el.className || el.tagName} ${x.left}..${x.right} outside ${panel.left}..${panel.right}`);
    }
    return problems;
  });
  assert.deepEqual(r, [], label);
  await assertInViewport(page, '#panel-book', label);
}

describe(
  'opening book panel',
  { skip: !polyglotAvailable && 'polyglot is missing (scripts/check-deps.sh installs it)' },
  () => {
    it('lists what dump-book prints; a click plays the move; it follows navigation and variations', async () => {
      const page = await b.open();
      await tab(page, 'book');
      assert.equal(await state(page), 'empty');
      await assertBookLayout(page, 'no book yet');
      await shot(page, '69-book-none-desktop');
      const book = books.lichess;
      await openBook(page, book);
      assert.equal(
        await page.textContent('[data-testid=book-name]'),
        `lichess.bin · ${(book.bytes.length / 16).toLocaleString('en-US')} entries`,
      );
      const start = await assertDump(page, book.white, [], 'start position');
      assert.ok(start.length >= 5, 'several first moves');
      assert.equal(start[0].san, 'e4');

      await playBook(page, 'e4');
      await waitMoves(page, 1);
      assert.deepEqual(await sans(page), ['e4']);
      assert.equal(await fen(page), AFTER_E4);
      assert.ok((await assertDump(page, book.black, ['e4'], 'after 1. e4')).length >= 5);

      // The keyboard: each move is a button.
      await page.focus('[data-testid=book-move][data-san=e5] button');
      await page.keyboard.press('Enter');
      await waitMoves(page, 2);
      assert.equal(await fen(page), AFTER_E4_E5);
      assert.equal(
        await page.evaluate(() => document.activeElement.closest('[data-testid=book-move]')?.dataset.san),
        'Nf3',
        'the focus goes on to the new list',
      );
      await assertDump(page, book.white, ['e4', 'e5'], 'after 1. e4 e5');

      // Navigation: the panel follows the current position.
      await page.click('#nav-start');
      await assertDump(page, book.white, [], 'back at the start');
      await page.click('#nav-next');
      await assertDump(page, book.black, ['e4'], 'forward to 1. e4');

      // A book move where the game goes on otherwise becomes a variation, as any move does.
      await page.click('#nav-start');
      await playBook(page, 'd4');
      await waitMoves(page, 3);
      assert.equal(await current(page), 'd4');
      assert.equal(await fen(page), AFTER_D4);
      assert.deepEqual(
        await page.$$eval('[data-testid=moves] .variation .move', (els) => els.map((e) => e.dataset.san)),
        ['d4'],
      );
      await assertDump(page, book.black, ['d4'], 'the variation 1. d4');
      await page.click('[data-testid=moves] .move[data-san=e5]');
      await assertDump(page, book.white, ['e4', 'e5'], 'back in the main line');

      // The move under the pointer is drawn on the board as an arrow.
      const shapes = () => page.$$eval('[data-testid=board] svg.cg-shapes g', (g) => g.length);
      const before = await shapes();
      await page.hover('[data-testid=book-move][data-san=Nf3]');
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid=board] svg.cg-shapes g').length > n,
        before,
      );
      await page.mouse.move(0, 0);
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid=board] svg.cg-shapes g').length === n,
        before,
      );
      await page.closeAll();
    });

    it("out of book, weight 0, a new file replacing the book, and broken files with the package's error", async () => {
      const page = await b.open('', PHONE);
      const book = books.lichess;
      await openBook(page, book);
      // A move the book does not know, typed in.
      await page.fill('[data-testid=move-input]', 'h4');
      await page.press('[data-testid=move-input]', 'Enter');
      await waitMoves(page, 1);
      assert.equal(await state(page), 'out');
      assert.equal((await page.textContent('[data-testid=book-moves]')).trim(), 'out of book');
      await loadFen(page, '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
      await page.waitForFunction(() => document.querySelector('[data-testid=fen]').value.startsWith('4k3/'));
      assert.equal(await state(page), 'out');
      await assertBookLayout(page, 'out of book (phone)');
      await shot(page, '71-book-out-of-book-phone');

      // Weight 0: the lightest first move of the start position set to 0 in the file. It is
      // listed with 0%, and the shares of the others are of the remaining total.
      const zero = Buffer.from(book.bytes);
      let lightest = -1;
      for (let at = 0; at < zero.length; at += 16)
        if (
          zero.readBigUInt64BE(at) === START_KEY &&
          (lightest < 0 || zero.readUInt16BE(at + 10) < zero.readUInt16BE(lightest + 10))
        )
          lightest = at;
      assert.ok(lightest >= 0, 'the book has the start position');
      zero.writeUInt16BE(0, lightest + 10);
      await page.click('#new-game');
      await openBook(page, { name: 'zero.bin', bytes: zero });
      const rows = await bookRows(page);
      const last = rows.at(-1);
      assert.deepEqual([last.weight, last.share], [0, '0%']);
      const total = rows.reduce((s, r) => s + r.weight, 0);
      const original = dumped(book.white, []);
      assert.equal(rows.length, original.size, 'the weight-0 move is still listed');
      for (const r of rows.slice(0, -1))
        assert.ok(Math.abs(parseFloat(r.share) - (100 * r.weight) / total) <= 0.05, `${r.san} ${r.share} of ${total}`);
      await assertBookLayout(page, 'weight 0 (phone)');
      await shot(page, '74-book-weight-zero-phone');

      // A new file replaces the book: a book of Stockfish self-play games.
      await openBook(page, books.selfplay);
      await assertDump(page, books.selfplay.white, [], 'the self-play book');

      // A truncated and an unsorted file: the package's BookError, by code, with its message.
      const truncated = book.bytes.subarray(0, book.bytes.length - 8);
      const unsorted = Buffer.from(book.bytes);
      unsorted.copy(unsorted, 0, unsorted.length - 16); // the last (highest) key first
      for (const [name, bytes, code] of [
        ['truncated.bin', truncated, 'truncated'],
        ['unsorted.bin', unsorted, 'unsorted'],
      ]) {
        let error;
        try {
          Book.fromBytes(bytes);
        } catch (e) {
          error = e;
        }
        assert.ok(error instanceof BookError && error.code === code, `the package refuses ${name}`);
        await openBook(page, { name, bytes }, 'book-error');
        assert.equal(await page.getAttribute('[data-testid=book-moves] [data-code]', 'data-code'), code);
        assert.equal(await page.textContent('[data-testid=book-moves] [data-code]'), `${name}: ${error.message}`);
        assert.equal(await bookRows(page).then((r) => r.length), 0);
        await assertBookLayout(page, `${code} (phone)`);
        if (code === 'truncated') await shot(page, '72-book-truncated-phone');
      }
      // A good file again.
      await openBook(page, book);
      await assertDump(page, book.white, [], 'the book again');
      await page.closeAll();
    });

    it("Makruk and Chess960 castling of an inner rook: the package's error; the book stays for the next position", async () => {
      const page = await b.open();
      await openBook(page, books.lichess);
      const errorOf = (pos) => {
        try {
          Book.fromBytes(new Uint8Array(0)).entries(pos);
        } catch (e) {
          return e;
        }
        assert.fail('no error');
      };

      await page.selectOption('[data-testid=variant]', 'makruk');
      await page.waitForFunction(
        () => document.querySelector('[data-testid=book-moves]').dataset.state === 'position-error',
      );
      const makruk = errorOf(Position.startpos('makruk'));
      assert.equal(makruk.code, 'unsupported-variant');
      assert.equal(await page.getAttribute('[data-testid=book-moves] [data-code]', 'data-code'), 'unsupported-variant');
      assert.equal(await page.textContent('[data-testid=book-moves] [data-code]'), makruk.message);

      await page.selectOption('[data-testid=variant]', 'chess960');
      // Chess960 position 518 is the standard start, and its castling rights are the outer rooks': in book.
      await page.waitForFunction(() => document.querySelector('[data-testid=book-moves]').dataset.state === 'moves');
      await assertDump(page, books.lichess.white, [], 'Chess960 position 518');
      const inner = '1r2k2r/8/8/8/8/8/8/RR2K2R w Bkq - 0 1';
      await loadFen(page, inner);
      await page.waitForFunction(
        () => document.querySelector('[data-testid=book-moves]').dataset.state === 'position-error',
      );
      const castling = errorOf(Position.fromFen(inner, { variant: 'chess960' }));
      assert.equal(castling.code, 'unsupported-castling');
      assert.equal(
        await page.getAttribute('[data-testid=book-moves] [data-code]', 'data-code'),
        'unsupported-castling',
      );
      assert.equal(await page.textContent('[data-testid=book-moves] [data-code]'), castling.message);
      await assertBookLayout(page, 'unsupported castling (desktop)');
      await shot(page, '73-book-chess960-error-desktop');

      await page.selectOption('[data-testid=variant]', 'chess');
      await page.waitForFunction(() => document.querySelector('[data-testid=book-moves]').dataset.state === 'moves');
      await assertDump(page, books.lichess.white, [], 'standard again');
      await page.closeAll();
    });

    it('follows puzzles (hidden while unsolved) and the editor', async () => {
      const page = await b.open();
      await openBook(page, books.lichess);
      // A puzzle from a book position: after 1. e4 e5, White to play Nf3.
      await tab(page, 'puzzle');
      await page.fill('[data-testid=puzzle-input]', `${AFTER_E4_E5} Nf3`);
      await page.click('[data-testid=puzzle-load]');
      await tab(page, 'book');
      await page.waitForFunction(() => document.querySelector('[data-testid=book-moves]').dataset.state === 'waiting');
      assert.match(await page.textContent('[data-testid=book-moves]'), /waits until the puzzle is solved/);
      assert.equal(await bookRows(page).then((r) => r.length), 0, 'no book move gives the solution away');
      await clickMove(page, 'g1', 'f3');
      await page.waitForFunction(() => document.querySelector('[data-testid=book-moves]').dataset.state === 'moves');
      await assertDump(page, books.lichess.black, ['e4', 'e5', 'Nf3'], 'the solved puzzle, after 2. Nf3');
      await page.click('[data-testid=puzzle-exit]');

      // The editor: a position set up there and continued from.
      await page.click('[data-testid=editor-toggle]');
      await page.fill('[data-testid=editor-fen]', AFTER_D4);
      await page.press('[data-testid=editor-fen]', 'Tab');
      await page.click('[data-testid=editor-continue]');
      await page.waitForFunction((f) => document.querySelector('[data-testid=fen]').value === f, AFTER_D4);
      await assertDump(page, books.lichess.black, ['d4'], 'continued from the editor');
      await page.closeAll();
    });

    it('remembers the last book across a reload, until it is closed', async () => {
      const page = await b.open();
      await openBook(page, books.lichess);
      // The book is written to IndexedDB in the background: reload once that is over.
      await page.waitForSelector('[data-testid=book-moves][data-stored=true]', { state: 'attached' });
      await page.reload();
      await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
      await page.waitForSelector('[data-testid=book-moves][data-restored=true]', { state: 'attached' });
      assert.equal(await state(page), 'moves');
      assert.match(await page.textContent('[data-testid=book-name]'), /^lichess\.bin · /);
      await tab(page, 'book');
      await assertDump(page, books.lichess.white, [], 'restored');
      await page.click('[data-testid=book-remove]');
      assert.equal(await state(page), 'empty');
      await page.waitForSelector('[data-testid=book-moves][data-stored=true]', { state: 'attached' });
      await page.reload();
      await page.waitForSelector('[data-testid=book-moves][data-restored=true]', { state: 'attached' });
      assert.equal(await state(page), 'empty');
      await page.closeAll();
    });

    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ]) {
      for (const scheme of ['light', 'dark']) {
        it(`layout: inside the viewport, no sideways scroll, nothing outside its panel (${name}, ${scheme})`, async () => {
          const page = await b.open('', size, { colorScheme: scheme });
          await openBook(page, books.lichess);
          await playBook(page, 'e4');
          await waitMoves(page, 1);
          await assertBookLayout(page, `${name} ${scheme}, after 1. e4`);
          // Readable: the text of a move against the panel's background.
          const [fg, bg] = await page.$eval('[data-testid=book-move] .book-san button', (e) => [
            getComputedStyle(e).color,
            getComputedStyle(e.closest('.panel')).backgroundColor,
          ]);
          const lum = (c) => {
            const [r, g, bl] = c.match(/\d+/g).map((x) => Number(x) / 255);
            const lin = (v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
            return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
          };
          const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
          assert.ok((hi + 0.05) / (lo + 0.05) >= 7, `${name} ${scheme}: contrast of ${fg} on ${bg}`);
          await page.mouse.move(0, 0);
          await shot(page, `70-book-${name}-${scheme}`);
          await page.closeAll();
        });
      }
    }

    it('printed no console errors or warnings', () => {
      assert.deepEqual(b.problems, []);
    });
  },
);

// Without polyglot the panel's tests cannot run: that fails, it is not skipped.
it('polyglot is installed (scripts/check-deps.sh installs it)', { skip: polyglotAvailable }, () => {
  assert.fail('polyglot is missing: apt-get install -y polyglot');
});
