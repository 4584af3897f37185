// How many games a study holds before anything slows down, and the storage each game takes:
// imports studies of N games (the 500 Stockfish self-play games of tests/data/corpus, over
// and over) into the production build in Chromium, then times what a user does with them.
//   bash scripts/board.sh && node tests/browser/measure-studies.mjs [N ...]
// (default N: 200 1000 5000 20000). Prints one row per N: import time, storage per game (the
// browser's own estimate of the site's IndexedDB usage, before and after), reopening the page with the
// study (the chapter list loaded and drawn), a search keystroke, opening the last chapter,
// and saving a move. Timings are of this machine and load; compare the rows with each other.
import { readFileSync, writeFileSync } from 'node:fs';
import { ARTIFACTS, DESKTOP, ROOT, startBrowser } from './helpers.mjs';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const NS = sizes.length ? sizes : [200, 1000, 5000, 20000];
const split = (text) => text.split(/\n(?=\[Event )/).filter((g) => g.trim());
const selfplay = split(readFileSync(`${ROOT}tests/data/corpus/stockfish-selfplay.pgn`, 'utf8'));

const b = await startBrowser();
const rows = [];
try {
  for (const n of NS) {
    const games = [];
    for (let i = 0; i < n; i++)
      games.push(selfplay[i % selfplay.length].replace(/\[Round "[^"]*"\]/, `[Round "${i + 1}"]`));
    const text = games.join('\n\n');
    const path = `${ARTIFACTS}/measure-${n}.pgn`;
    writeFileSync(path, text);
    const page = await b.open('', DESKTOP);
    await page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
    // The IndexedDB part of the site's usage (Chromium reports it apart from the service
    // worker's cache, which is filled once the app is cached: waited for first).
    await page.waitForFunction(
      () => document.querySelector('[data-testid=offline-status]')?.dataset.cached === 'true',
      null,
      { timeout: 60_000 },
    );
    const usage = () =>
      page.evaluate(async () => {
        const e = await navigator.storage.estimate();
        return e.usageDetails?.indexedDB ?? e.usage ?? 0;
      });
    const u0 = await usage();
    const t0 = Date.now();
    await page.setInputFiles('[data-testid=study-import] input[type=file]', path);
    await page.waitForFunction(
      (k) => document.querySelectorAll('[data-testid=chapters] [role=option]').length === k,
      n,
      { timeout: 30 * 60_000, polling: 500 },
    );
    await page.waitForFunction(() => document.querySelector('[data-testid=study-progress]').hidden);
    const importMs = Date.now() - t0;
    const u1 = await usage();
    // Reopen: a reload until the study's chapters are listed and its chapter is on the board.
    const t1 = Date.now();
    await page.reload();
    await page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached', timeout: 120_000 });
    await page.waitForFunction(
      (k) => document.querySelectorAll('[data-testid=chapters] [role=option]').length === k,
      n,
    );
    const reopenMs = Date.now() - t1;
    // A search keystroke (filtering every chapter), timed in the page.
    const searchMs = await page.evaluate(() => {
      const box = document.querySelector('[data-testid=chapter-search]');
      const t = performance.now();
      box.value = 'nodes 48';
      box.dispatchEvent(new Event('input'));
      void document.body.offsetHeight; // the layout of the filtered list
      const ms = performance.now() - t;
      box.value = '';
      box.dispatchEvent(new Event('input'));
      return ms;
    });
    // Opening the last chapter (read from storage, drawn), timed in the page: from the click
    // to the next frame after it is selected.
    const openMs = await page.evaluate(async () => {
      const o = [...document.querySelectorAll('[data-testid=chapters] [role=option]')].at(-1);
      const t = performance.now();
      o.click();
      await new Promise((resolve) => {
        const poll = () =>
          o.getAttribute('aria-selected') === 'true' ? requestAnimationFrame(() => resolve()) : setTimeout(poll, 1);
        poll();
      });
      return performance.now() - t;
    });
    // A move played and saved.
    await page.click('#nav-start');
    await page.waitForFunction(() => document.querySelector('[data-testid=save-state]').textContent === 'Saved');
    const t3 = Date.now();
    await page.fill('[data-testid=move-input]', 'a3');
    await page.press('[data-testid=move-input]', 'Enter');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=save-state]').textContent === 'Saving…' ||
        document.querySelector('[data-testid=save-state]').textContent === 'Saved',
      null,
      { polling: 5 },
    );
    await page.waitForFunction(() => document.querySelector('[data-testid=save-state]').textContent === 'Saved', null, {
      polling: 5,
    });
    const saveMs = Date.now() - t3;
    const row = {
      games: n,
      'import s': (importMs / 1000).toFixed(1),
      'games/s': Math.round(n / (importMs / 1000)),
      'PGN bytes/game': Math.round(Buffer.byteLength(text) / n),
      'storage bytes/game': Math.round((u1 - u0) / n),
      'reopen ms': reopenMs,
      'search ms': searchMs.toFixed(1),
      'open chapter ms': Math.round(openMs),
      'move saved ms': saveMs,
    };
    console.log(JSON.stringify(row));
    rows.push(row);
    await page.closeAll();
  }
} finally {
  await b.close();
}
console.table(rows);
