// Studies (web/board/src/views/studies.ts, storage.ts): a PGN file imported as a study of
// 200 chapters, edited, and found as it was after a reload and in a new tab; an import killed
// in the middle (the renderer crashed) leaves the games of the finished batches, marked
// incomplete, never a broken list; a full storage says so and keeps what was stored; export,
// rename, duplicate, delete with undo, search. At both sizes, with screenshots of the list.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, SIZES, assertLayout, current, sans, shot, startBrowser } from './helpers.mjs';

const split = (text) => text.split(/\n(?=\[Event )/).filter((g) => g.trim());
const lichess = split(readFileSync(`${ROOT}tests/data/pgn/lichess-2013-01.pgn`, 'utf8'));
const selfplay = split(readFileSync(`${ROOT}tests/data/corpus/stockfish-selfplay.pgn`, 'utf8'));
/** 200 real games: the 100 lichess games of January 2013, then 100 Stockfish self-play games. */
const GAMES200 = [...lichess, ...selfplay.slice(0, 100)];
assert.equal(GAMES200.length, 200);

/** A file of `n` games (the 500 self-play games over and over, each with its number in Round). */
function manyGames(n) {
  const out = [];
  for (let i = 0; i < n; i++)
    out.push(selfplay[i % selfplay.length].replace(/\[Round "[^"]*"\]/, `[Round "${i + 1}"]`));
  return out.join('\n\n');
}

function writeFile(name, text) {
  const path = `${ARTIFACTS}/${name}`;
  writeFileSync(path, text);
  return path;
}

const options = (page, box) =>
  page.$$eval(`[data-testid=${box}] [role=option]`, (els) => els.map((e) => e.textContent.trim()));
const selected = (page, box) => page.textContent(`[data-testid=${box}] [role=option][aria-selected=true]`);
const selectedText = (page, box) => page.textContent(`[data-testid=${box}] [role=option][aria-selected=true]`);

async function importFile(page, path) {
  await page.setInputFiles('[data-testid=study-import] input[type=file]', path);
}

/** Waits for the studies to be loaded (after a load or a reload). */
const ready = (page) => page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
/** Waits until every change is written (the save state says Saved). */
const saved = (page) =>
  page.waitForFunction(() => document.querySelector('[data-testid=save-state]').textContent === 'Saved');

describe('studies', () => {
  let b;
  before(async () => {
    b = await startBrowser();
  });
  after(async () => {
    await b?.close();
  });

  for (const [label, size] of SIZES) {
    it(`imports 200 games as a study, keeps every edit across a reload and a new tab (${label})`, async () => {
      const path = writeFile('games-200.pgn', GAMES200.join('\n\n'));
      const page = await b.open('', size);
      await ready(page);
      await importFile(page, path);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 200,
        null,
        { timeout: 60_000 },
      );
      // Named after its file, opened at once, with its chapter count.
      assert.equal((await selectedText(page, 'studies')).replace(/\s+/g, ' ').trim(), 'games-200 200 chapters');
      const labels = await options(page, 'chapters');
      assert.equal(labels.length, 200);
      assert.equal(labels[0], 'BFG9k – mamalak', 'in file order, "White – Black"');
      assert.equal(
        labels[100],
        `${selfplay[0].match(/\[White "(.*)"\]/)[1]} – ${selfplay[0].match(/\[Black "(.*)"\]/)[1]}`,
      );
      assert.equal(await selected(page, 'chapters'), 'BFG9k – mamalak', 'the first chapter is open');
      assert.equal(await current(page), 'Qe8#', 'at the end of its main line');
      await assertLayout(page, `study list (${label})`);
      await page.$eval('[data-testid=studies-panel]', (e) => e.scrollIntoView({ block: 'start' }));
      await shot(page, `studies-list-${label}`);
      await page.evaluate(() => window.scrollTo(0, 0));

      // Edit chapter 3: a variation from its start, a comment, the board flipped.
      await page.click('[data-testid=chapters] [role=option] >> nth=2');
      const third = labels[2];
      await page.waitForFunction(
        (l) => document.querySelector('[data-testid=chapters] [aria-selected=true]')?.textContent === l,
        third,
      );
      await page.click('#nav-start');
      const firstMove = await page.getAttribute('[data-testid=moves] .move >> nth=0', 'data-san');
      const alt = firstMove === 'd4' ? 'c4' : 'd4';
      await page.fill('[data-testid=move-input]', alt);
      await page.press('[data-testid=move-input]', 'Enter');
      await page.fill('[data-testid=move-input]', 'Nf6');
      await page.press('[data-testid=move-input]', 'Enter');
      await page.fill('[data-testid=comment]', 'my idea');
      await page.click('[data-testid=flip]');
      await saved(page);
      const before = { sans: await sans(page), current: await current(page) };
      assert.equal(before.current, 'Nf6');
      assert.ok(before.sans.includes(alt));

      // A reload: the same study, chapter, move, comment and orientation.
      await page.reload();
      await ready(page);
      await page.waitForFunction(
        () => document.querySelector('[data-testid=moves] .move.current')?.dataset.san === 'Nf6',
      );
      assert.equal(await selected(page, 'chapters'), third);
      assert.deepEqual(await sans(page), before.sans);
      assert.equal(await page.inputValue('[data-testid=comment]'), 'my idea');
      assert.ok(
        await page.$eval(
          '[data-testid=board]',
          (e) => e.classList.contains('orientation-black') || !!e.querySelector('.orientation-black'),
        ),
        'still flipped',
      );
      assert.equal((await options(page, 'chapters')).length, 200);

      // A new tab (no hash): the same again.
      const tab2 = await page.context().newPage();
      await tab2.goto(b.server.url);
      await tab2.waitForSelector('body[data-ready=true]', { state: 'attached' });
      await ready(tab2);
      await tab2.waitForFunction(
        () => document.querySelector('[data-testid=moves] .move.current')?.dataset.san === 'Nf6',
      );
      assert.equal(await selected(tab2, 'chapters'), third);
      await tab2.close();

      // The other chapters are as imported; picking one opens it where it was left.
      await page.click('[data-testid=chapters] [role=option] >> nth=0');
      await page.waitForFunction(
        () => document.querySelector('[data-testid=moves] .move.current')?.dataset.san === 'Qe8#',
      );

      // Export the study: 200 games, with the edit.
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=study-export]')]);
      const text = readFileSync(await dl.path(), 'utf8');
      assert.equal(dl.suggestedFilename(), 'games-200.pgn');
      assert.equal((text.match(/^\[Event /gm) ?? []).length, 200);
      assert.match(text, /\{ my idea \}/);
      // The PGN panel's Download saves the study too (it saved only the current game).
      await page.click('#tab-pgn'); // Download in the PGN · FEN tab
      const [dl2] = await Promise.all([page.waitForEvent('download'), page.click('#pgn-download')]);
      assert.equal((readFileSync(await dl2.path(), 'utf8').match(/^\[Event /gm) ?? []).length, 200);
      // Export one chapter.
      await page.click('#tab-studies');
      const [dl3] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=chapter-export]')]);
      assert.equal((readFileSync(await dl3.path(), 'utf8').match(/^\[Event /gm) ?? []).length, 1);
      await page.closeAll();
    });
  }

  it('search, rename, duplicate, delete with undo', async () => {
    const page = await b.open('', DESKTOP);
    await ready(page);
    await importFile(page, writeFile('lichess-100.pgn', lichess.join('\n\n')));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 100);
    // Search by player and by opening ([Opening] / [ECO] tags).
    await page.fill('[data-testid=chapter-search]', 'mamalak');
    const visible = () =>
      page.$$eval('[data-testid=chapters] [role=option]:not([hidden])', (els) => els.map((e) => e.textContent));
    assert.ok((await visible()).every((l) => /mamalak/i.test(l)) && (await visible()).length >= 1);
    await page.fill('[data-testid=chapter-search]', 'Sicilian');
    const sicilian = lichess.filter((g) => /\[Opening "[^"]*Sicilian/.test(g)).length;
    assert.ok(sicilian > 0);
    assert.equal((await visible()).length, sicilian);
    await page.fill('[data-testid=chapter-search]', '');
    // Rename.
    await page.click('[data-testid=study-rename]');
    await page.fill('[data-testid=study-name]', 'January 2013');
    await page.press('[data-testid=study-name]', 'Enter');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=studies] [aria-selected=true] .study-name')?.textContent ===
        'January 2013',
    );
    // Duplicate: a second study with the same chapters, opened.
    await page.click('[data-testid=study-duplicate]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=studies] [role=option]').length === 2);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=studies] [aria-selected=true] .study-name')?.textContent ===
        'January 2013 (copy)',
    );
    assert.equal((await options(page, 'chapters')).length, 100);
    // Delete a chapter, undo.
    const second = (await options(page, 'chapters'))[1];
    await page.click('[data-testid=chapters] [role=option] >> nth=1');
    await page.waitForFunction(
      (l) => document.querySelector('[data-testid=chapters] [aria-selected=true]')?.textContent === l,
      second,
    );
    await page.click('[data-testid=chapter-delete]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 99);
    assert.match(await page.textContent('[data-testid=studies] [aria-selected=true]'), /99 chapters/);
    await page.click('[data-testid=study-undo]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 100);
    assert.equal((await options(page, 'chapters'))[1], second, 'back in its place');
    assert.equal(await selected(page, 'chapters'), second);
    // Delete the study, undo, delete again: after a reload it is gone for good.
    await page.click('[data-testid=study-delete]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=studies] [role=option]').length === 1);
    await page.click('[data-testid=study-undo]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=studies] [role=option]').length === 2);
    await page.click('[data-testid=study-delete]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=studies] [role=option]').length === 1);
    await page.reload();
    await ready(page);
    // The deleted copy is gone for good; the original is there, and nothing else (the game
    // left on the board is the original's chapter, not a new "My games" study).
    const names = await page.$$eval('[data-testid=studies] .study-name', (els) => els.map((e) => e.textContent));
    assert.deepEqual(names, ['January 2013']);
    // The last study deleted and the page reloaded at once: no study comes back, the board is new.
    await page.click('[data-testid=study-delete]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=studies] [role=option]').length === 0);
    await page.reload();
    await ready(page);
    await page.waitForTimeout(300); // a new study would be made by now (the attach is not delayed)
    assert.deepEqual(
      await page.$$eval('[data-testid=studies] .study-name', (els) => els.map((e) => e.textContent)),
      [],
    );
    assert.equal((await sans(page)).length, 0);
    await page.closeAll();
  });

  for (const [label, size] of SIZES) {
    it(`an import killed in the middle leaves the games read so far, marked incomplete (${label})`, async () => {
      const path = writeFile('games-6000.pgn', manyGames(6000));
      const page = await b.open('', size);
      await ready(page);
      const context = page.context();
      await importFile(page, path);
      // Once a batch or two are written, the renderer dies (as a crash or a killed tab does).
      await page.waitForFunction(
        () => /[1-9]\d* chapters/.test(document.querySelector('[data-testid=studies]').textContent),
        null,
        { timeout: 60_000 },
      );
      const cdp = await context.newCDPSession(page);
      // (the call itself never answers: the page it would answer from is gone)
      await Promise.race([cdp.send('Page.crash').catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2000))]);
      const again = await context.newPage();
      await again.goto(b.server.url);
      await again.waitForSelector('body[data-ready=true]', { state: 'attached' });
      await ready(again);
      const study = await again.$eval('[data-testid=studies] [role=option]', (e) => ({
        text: e.textContent,
        complete: e.dataset.complete,
      }));
      const count = Number(study.text.match(/([\d,]+) chapters/)[1].replace(/,/g, ''));
      assert.ok(count > 0 && count < 6000, `part of the file: ${count}`);
      assert.equal(count % 200, 0, 'whole batches only');
      assert.equal(study.complete, 'false');
      assert.match(study.text, /incomplete/);
      // The list is whole: every chapter it counts is there and opens.
      await again.click('[data-testid=studies] [role=option]');
      await again.waitForFunction(
        (n) => document.querySelectorAll('[data-testid=chapters] [role=option]').length === n,
        count,
      );
      await again.click(`[data-testid=chapters] [role=option] >> nth=${count - 1}`);
      // (chapter 1 was on the board: wait for the last one to replace it)
      await again
        .waitForFunction(
          (n) =>
            new RegExp(`round ${n}$`).test(
              document.querySelector('[data-testid=game-header] .meta')?.firstChild.textContent ?? '',
            ),
          count,
          { timeout: 10_000 },
        )
        .catch(() => {});
      await again.waitForFunction(() => document.querySelectorAll('[data-testid=moves] .move').length > 0);
      const meta = await again.$eval('[data-testid=game-header] .meta', (e) => e.firstChild.textContent);
      assert.match(meta, new RegExp(`round ${count}$`), 'the last game of the last batch');
      await again.close();
      await context.close();
    });
  }

  it('a full storage is said, and what was stored stays as it was', async () => {
    const page = await b.open('', PHONE);
    await ready(page);
    await page.fill('[data-testid=move-input]', 'e4');
    await page.press('[data-testid=move-input]', 'Enter');
    // A game played on a fresh board is asked about; kept, it is a chapter of a new study, "My games".
    await page.click('[data-testid=scratch-keep]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 1);
    assert.equal((await selectedText(page, 'studies')).replace(/\s+/g, ' ').trim(), 'My games 1 chapter');
    assert.equal(await selected(page, 'chapters'), '? – ?');
    await saved(page);
    // From now on the browser refuses every write as a full disk does.
    await page.evaluate(() => {
      for (const m of ['put', 'add']) {
        const orig = IDBObjectStore.prototype[m];
        IDBObjectStore.prototype[m] = function () {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
        void orig;
      }
    });
    await page.fill('[data-testid=move-input]', 'e5');
    await page.press('[data-testid=move-input]', 'Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=save-state]').textContent === 'Not saved');
    assert.match(await page.textContent('[data-testid=study-error]'), /storage for this site is full/);
    await shot(page, 'studies-storage-full-phone');
    await page.reload();
    await ready(page);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=moves] .move').length === 1);
    assert.deepEqual(await sans(page), ['e4'], 'the last write that was stored');
    await page.closeAll();
  });

  it('printed no console errors or warnings', () => {
    assert.deepEqual(b.problems, []);
  });
});
