// The documentation screenshots of the studies (docs/board-studies.png: the Studies tab left of
// the board with the 100 lichess games of January 2013 imported as a study, a chapter open,
// searched for "French", 1280x800) and of
// the phone layout (docs/board-phone.png: 390x844, the board with the move strip under it).
//   bash scripts/board.sh && node scripts/board-study-screenshots.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, PHONE, ROOT, startBrowser } from '../tests/browser/helpers.mjs';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const file = `${ARTIFACTS}/lichess-2013-01.pgn`;
writeFileSync(file, readFileSync(`${ROOT}tests/data/pgn/lichess-2013-01.pgn`, 'utf8'));
const b = await startBrowser();
try {
  for (const { name, viewport } of [
    { name: 'board-studies.png', viewport: { width: 1280, height: 800 } },
    { name: 'board-phone.png', viewport: PHONE },
  ]) {
    const page = await b.open('', viewport);
    await page.waitForSelector('[data-testid=studies-panel][data-ready=true]', { state: 'attached' });
    await page.setInputFiles('[data-testid=study-import] input[type=file]', file);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=chapters] [role=option]').length === 100);
    await page.click('[data-testid=chapters] [role=option] >> nth=4');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=chapters] [role=option][aria-selected=true]') ===
        document.querySelectorAll('[data-testid=chapters] [role=option]')[4],
    );
    await page.click('#nav-start');
    for (let i = 0; i < 14; i++) await page.click('#nav-next');
    await page.fill('[data-testid=chapter-search]', 'French');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    // The studies tab is where it stands for a user: left of the board on a wide screen, below
    // the board and the moves on a phone (the phone picture shows the top of the page).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${docs}${name}` });
    console.log(`wrote docs/${name}`);
    await page.closeAll();
  }
} finally {
  await b.close();
}
