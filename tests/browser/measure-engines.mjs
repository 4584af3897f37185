// The speed of each engine in the board, as its panel shows it (engine-info's kn/s, the
// engine's own `nps`), in Chromium on this machine:
//   bash scripts/board.sh && node tests/browser/measure-engines.mjs [seconds]
// For each row the page is opened afresh, the engine searches one position of the variant
// (a middlegame; atomic and Makruk from the start) without a time limit for `seconds`
// (default 15), and engine-info's text at the end is printed, with
// navigator.hardwareConcurrency. Rows: multi-threaded Stockfish 19 lite (1 and 2 threads,
// cross-origin isolated page), single-threaded Stockfish 19 lite (the board served without
// COOP/COEP), Fairy-Stockfish (1 and 2 threads) in crazyhouse and atomic, 1 in Makruk.
// The machine is shared: compare the rows of one run with each other, not across runs.
import { chromium } from 'playwright-core';
import { DESKTOP, DIST, startBrowser } from './helpers.mjs';
import { serve } from './server.mjs';

const SECONDS = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : 15;
const MIDDLEGAME = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';
// A PGN with the Variant and FEN tags: the board's own way to open a variant position by URL.
const pgnHash = (name, fen) => `#pgn=${encodeURIComponent(`[Variant "${name}"]\n[FEN "${fen}"]\n[SetUp "1"]\n\n*\n`)}`;
const ZH = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[] w KQkq - 4 4';
// (The middlegame above is lost for Black in atomic: Bxf7 explodes the king.)
const ATOMIC = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const ROWS = [
  ['Stockfish 19 lite (threaded build)', 1, pgnHash('Standard', MIDDLEGAME)],
  ['Stockfish 19 lite (threaded build)', 2, pgnHash('Standard', MIDDLEGAME)],
  ['Fairy-Stockfish, crazyhouse', 1, pgnHash('Crazyhouse', ZH)],
  ['Fairy-Stockfish, crazyhouse', 2, pgnHash('Crazyhouse', ZH)],
  ['Fairy-Stockfish, atomic (start)', 1, pgnHash('Atomic', ATOMIC)],
  ['Fairy-Stockfish, atomic (start)', 2, pgnHash('Atomic', ATOMIC)],
  [
    'Fairy-Stockfish, Makruk (start)',
    1,
    `#fen=${encodeURIComponent('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1')}&variant=makruk`,
  ],
];

/** Searches for SECONDS on an open page and returns the last engine-info text. */
async function measure(page, threads) {
  if (threads) await page.selectOption('[data-testid=engine-threads]', String(threads));
  await page.selectOption('[data-testid=engine-multipv]', '1');
  await page.selectOption('[data-testid=engine-time]', '0');
  await page.click('[data-testid=engine-toggle]');
  await page.waitForFunction(
    () => /kn\/s/.test(document.querySelector('[data-testid=engine-info]').textContent),
    null,
    {
      timeout: 90_000,
    },
  );
  await page.waitForTimeout(SECONDS * 1000);
  return page.textContent('[data-testid=engine-info]');
}

const cores = [];
const out = [];
const b = await startBrowser();
try {
  for (const [name, threads, hash] of ROWS) {
    const page = await b.open(hash, DESKTOP);
    cores.push(await page.evaluate(() => navigator.hardwareConcurrency));
    out.push([name, threads, await measure(page, threads)]);
    await page.closeAll();
  }
} finally {
  await b.close();
}
// The single-threaded build: the same board served without the COOP/COEP headers.
const server = await serve(DIST, 0, { isolated: false });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: DESKTOP });
  await page.goto(server.url + pgnHash('Standard', MIDDLEGAME));
  await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 15_000 });
  out.push(['Stockfish 19 lite single-threaded (page not isolated)', 1, await measure(page, 0)]);
} finally {
  await browser.close();
  await server.close();
}
console.log(`${SECONDS} s of search per row; navigator.hardwareConcurrency = ${[...new Set(cores)].join(', ')}`);
console.log('| engine | threads | engine-info at the end |');
console.log('| --- | ---: | --- |');
for (const [name, threads, info] of out) console.log(`| ${name} | ${threads} | ${info} |`);
