// The board's documentation screenshot (docs/board.png): the Opera Game in lichess's export
// layout (tests/data/games/lichess-export.pgn) at 12. O-O-O, with its arrows and circles,
// clocks and evals, and Stockfish's lines, in Chromium at 1280x800.
//   bash scripts/board.sh && node scripts/board-screenshot.mjs [out.png]
import { fileURLToPath } from 'node:url';
import { gamePgn, importPgn, startBrowser } from '../tests/browser/helpers.mjs';

const out = process.argv[2] ?? fileURLToPath(new URL('../docs/board.png', import.meta.url));
const b = await startBrowser();
try {
  const page = await b.open();
  await importPgn(page, gamePgn('lichess-export'));
  await page.click('[data-testid=moves] .move[data-san=O-O-O]');
  await page.click('[data-testid=engine-toggle]');
  await page.waitForFunction(
    () => /depth (1[4-9]|[2-9]\d)/.test(document.querySelector('[data-testid=engine-depth]').textContent),
    null,
    { timeout: 120_000 },
  );
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await b.close();
}
