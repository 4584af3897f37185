// The tablebase panel (web/board/src/views/tablebase.ts) in Chromium: the 3-4 piece tables of
// tests/data/syzygy opened through the file picker; the verdict and the moves of a position are
// the package's (compared with Tablebase in Node on the same files), grouped best first by the
// mover's result; a click plays the move and the panel follows; a position with too many
// pieces or castling rights is refused with the package's code; layout at
// 1280x800 and 390x844.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import {
  DESKTOP,
  PHONE,
  SYZYGY,
  assertInViewport,
  assertLayout,
  fen,
  loadFen,
  moverResult,
  shot,
  tab,
  useBrowser,
} from './helpers.mjs';

const FILES = readdirSync(SYZYGY)
  .filter((f) => /\.rtb[wz]$/.test(f))
  .map((name) => ({ name, mimeType: 'application/octet-stream', buffer: readFileSync(`${SYZYGY}/${name}`) }));
const KPK = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';

const b = useBrowser({ tablebase: true });

const state = (page) => page.getAttribute('[data-testid=tablebase-moves]', 'data-state');
const waitState = (page, s) =>
  page.waitForFunction((x) => document.querySelector('[data-testid=tablebase-moves]').dataset.state === x, s);
const rows = (page) =>
  page.$$eval('[data-testid=tablebase-moves] [data-uci]', (els) =>
    els.map((e) => ({ uci: e.dataset.uci, result: e.dataset.result, san: e.querySelector('button').textContent })),
  );

async function openTables(page) {
  await tab(page, 'tablebase');
  assert.equal(await state(page), 'empty');
  await page.setInputFiles('[data-testid=tablebase-files]', FILES);
  await page.waitForFunction(() =>
    /35 tables, up to 4 pieces/.test(document.querySelector('[data-testid=tablebase-name]').textContent),
  );
}

describe('tablebase panel', () => {
  it("lists the package's verdict and moves; a click plays the move and the panel follows", async () => {
    const page = await b.open('', DESKTOP);
    await loadFen(page, KPK);
    await openTables(page);
    await waitState(page, 'moves');
    const want = await b.tablebase.bestMoves(KPK);
    assert.deepEqual(
      await rows(page),
      want.map((m) => ({ uci: m.uci, result: moverResult(m), san: m.san })),
    );
    assert.match(await page.textContent('[data-testid=tablebase-verdict]'), /^Win for the side to move \(DTZ 9\)$/);
    await page.$eval('#panel-tablebase', (e) => e.scrollIntoView({ block: 'center' }));
    await assertLayout(page, 'tablebase desktop');
    await assertInViewport(page, '#panel-tablebase', 'tablebase desktop');
    await shot(page, '95-tablebase-desktop');
    await page.click('[data-testid=tablebase-moves] [data-uci=e2e4] button');
    await page.waitForFunction(() => document.querySelector('[data-testid=fen]').value.startsWith('4k3/8/8/8/4P3/'));
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=tablebase-moves]').dataset.state === 'moves' &&
        /^Draw/.test(document.querySelector('[data-testid=tablebase-verdict]').textContent),
    );
    const after = await b.tablebase.bestMoves(await fen(page));
    assert.deepEqual(
      (await rows(page)).map((r) => r.uci),
      after.map((m) => m.uci),
    );
    await page.closeAll();
  });

  it('refuses with the package’s codes: castling rights, too many pieces', async () => {
    const page = await b.open('', PHONE);
    await openTables(page);
    await waitState(page, 'refused'); // the start position: castling rights
    assert.equal(await page.getAttribute('[data-testid=tablebase-moves]', 'data-code'), 'castling');
    await loadFen(page, '4k3/8/8/8/8/8/PP6/RR2K3 w - - 0 1');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=tablebase-moves]').dataset.code === 'too-many-pieces',
    );
    await loadFen(page, '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=tablebase-moves]').dataset.code === 'castling',
    );
    await loadFen(page, '8/8/8/8/8/2k5/8/KQ6 w - - 0 1');
    await waitState(page, 'moves');
    await page.$eval('#panel-tablebase', (e) => e.scrollIntoView({ block: 'center' }));
    await assertLayout(page, 'tablebase phone');
    await shot(page, '96-tablebase-phone');
    await page.closeAll();
  });
});
