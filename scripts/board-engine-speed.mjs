// The board's engines' speed in headless Chromium, measured in one run: each engine (Stockfish
// single-threaded on a page without COOP/COEP; multi-threaded Stockfish and Fairy-Stockfish on
// an isolated page, with 1 and 2 threads; Fairy-Stockfish in Makruk, crazyhouse and atomic;
// stockfish.js, the variants' engine on a page without the headers, in crazyhouse and atomic)
// searches one position for a fixed time through the
// board's engine panel, and the last nodes/s it reported (shown in `engine-info`) is printed,
// with its ratio to the first row. One run after the other, never in parallel; the figures
// depend on how busy the machine is (run it on a quiet one, or read only the ratios).
//   bash scripts/board.sh && node scripts/board-engine-speed.mjs [seconds per search, default 10]
/* global document */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../tests/browser/server.mjs';

const DIST = fileURLToPath(new URL('../dist/board', import.meta.url));
if (!existsSync(`${DIST}/index.html`)) throw new Error('dist/board is missing: run scripts/board.sh first');
const seconds = Number(process.argv[2] ?? 10);
if (![2, 5, 10, 30].includes(seconds)) throw new Error("seconds: one of the panel's search times, 2, 5, 10 or 30");
const CHESS = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';
const MAKRUK = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
// The same middlegame in crazyhouse (empty pockets); atomic from its start (in the middlegame
// above Bxf7 explodes Black's king at once).
const ZH = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[] w KQkq - 4 4';
const ATOMIC = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const runs = [
  { label: 'Stockfish, page not isolated', isolated: false, threads: 1, fen: CHESS, variant: 'chess' },
  { label: 'Stockfish, isolated, 1 thread', isolated: true, threads: 1, fen: CHESS, variant: 'chess' },
  { label: 'Stockfish, isolated, 2 threads', isolated: true, threads: 2, fen: CHESS, variant: 'chess' },
  { label: 'Fairy-Stockfish Makruk, 1 thread', isolated: true, threads: 1, fen: MAKRUK, variant: 'makruk' },
  { label: 'Fairy-Stockfish Makruk, 2 threads', isolated: true, threads: 2, fen: MAKRUK, variant: 'makruk' },
  { label: 'Fairy-Stockfish crazyhouse, 1 thread', isolated: true, threads: 1, fen: ZH, variant: 'Crazyhouse' },
  { label: 'Fairy-Stockfish crazyhouse, 2 threads', isolated: true, threads: 2, fen: ZH, variant: 'Crazyhouse' },
  { label: 'Fairy-Stockfish atomic, 1 thread', isolated: true, threads: 1, fen: ATOMIC, variant: 'Atomic' },
  { label: 'Fairy-Stockfish atomic, 2 threads', isolated: true, threads: 2, fen: ATOMIC, variant: 'Atomic' },
  { label: 'stockfish.js crazyhouse, not isolated', isolated: false, threads: 1, fen: ZH, variant: 'Crazyhouse' },
  { label: 'stockfish.js atomic, not isolated', isolated: false, threads: 1, fen: ATOMIC, variant: 'Atomic' },
];
// The lichess variants are opened as a PGN with its Variant and FEN tags (their PGN names above).
const hash = (run) =>
  /^[A-Z]/.test(run.variant)
    ? `#pgn=${encodeURIComponent(`[Variant "${run.variant}"]\n[FEN "${run.fen}"]\n[SetUp "1"]\n\n*\n`)}`
    : `#fen=${encodeURIComponent(run.fen)}${run.variant === 'chess' ? '' : `&variant=${run.variant}`}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const rows = [];
try {
  for (const run of runs) {
    const server = await serve(DIST, 0, { isolated: run.isolated });
    const context = await browser.newContext();
    try {
      await context.addInitScript((s) => localStorage.setItem('chesswasm.engine', JSON.stringify(s)), {
        multipv: 1,
        seconds,
        threads: run.threads,
        hash: 16,
      });
      const page = await context.newPage();
      await page.goto(`${server.url}${hash(run)}`);
      await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 15_000 });
      await page.click('[data-testid=engine-toggle]');
      await page.waitForFunction(
        () => /done/.test(document.querySelector('[data-testid=engine-depth]').textContent),
        null,
        { timeout: (seconds + 60) * 1000 },
      );
      const info = await page.textContent('[data-testid=engine-info]');
      const depth = await page.textContent('[data-testid=engine-depth]');
      const knps = Number(/(\d+) kn\/s/.exec(info)?.[1] ?? NaN);
      rows.push({ ...run, info, depth, knps });
    } finally {
      await context.close();
      await server.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`search ${seconds} s per engine; kn/s = the last speed the engine reported`);
for (const r of rows)
  console.log(
    `${r.label.padEnd(36)} ${String(r.knps).padStart(5)} kn/s  x${(r.knps / rows[0].knps).toFixed(2)}  (${r.depth.replace(/ · \d+ kn\/s/, '').trim()}; ${r.info})`,
  );
