// The Explorer panel (views/explorer.ts, its databases in explorer-worker.ts): the 100 lichess
// games of tests/data/pgn/lichess-2013-01.pgn imported through "Open file" give, at the start
// position and after a move played by clicking it, the same totals and moves (SAN, games, results,
// average rating) as GameDatabase in Node (dist/database.js, ':memory:') for the same file; a
// player filter changes the counts as Node's filter does; a game of the list opens on the board
// at the ply where it reached the position; the database is still there after a reload; named
// databases are made, renamed and deleted; a file dropped on the panel is imported; an import of
// the 500-game corpus is cancelled midway (the games committed stay, the store reads them, and
// they are there after a reload) while the longest frame gap of the page is measured; the
// layout at 1280x800, 390x844 and 844x390 (screenshots in test-artifacts/) and axe.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT, assertAxe, assertLayout, fen, shot, startBrowser, tab, watchLongTasks } from './helpers.mjs';

const LICHESS = `${ROOT}tests/data/pgn/lichess-2013-01.pgn`;
const CORPUS = `${ROOT}tests/data/corpus/stockfish-selfplay.pgn`;
const { Position } = await import(`${ROOT}dist/index.js`);
const { GameDatabase } = await import(`${ROOT}dist/database.js`);

/** What GameDatabase in Node finds for the lichess file: explore at a position (moves as SAN), with a filter; the panel's figures from it. */
const node = await GameDatabase.open(':memory:');
const imported = await node.addGames(readFileSync(LICHESS, 'utf8'));
function expected(sans, filter) {
  const pos = Position.startpos();
  for (const s of sans) pos.play(s);
  const e = node.explore(pos, filter);
  pos.dispose();
  // The bar's shares, as lichess's explorer writes them: whole percents of the decided games.
  const pct = (n, m) => `${Math.round((100 * n) / (m.white + m.draws + m.black))}%`;
  return {
    games: e.games,
    moves: e.moves.map((m) => ({
      san: m.san,
      games: m.games,
      rating: m.averageRating === null ? '' : String(Math.round(m.averageRating)),
      results: `White wins ${pct(m.white, m)}, draws ${pct(m.draws, m)}, Black wins ${pct(m.black, m)}`,
    })),
  };
}

/** What the panel shows: the totals row's games and each move's SAN, games, average rating and results. */
const shown = (page) =>
  page.$eval('[data-testid=explorer-moves]', (el) => ({
    games: Number(el.querySelector('[data-testid=explorer-total]')?.dataset.games ?? 0),
    moves: [...el.querySelectorAll('[data-testid=explorer-move]')].map((r) => ({
      san: r.dataset.san,
      games: Number(r.dataset.games),
      rating: r.querySelector('.explorer-rating').textContent,
      results: /White wins [^,]+, draws [^,]+, Black wins \d+%/.exec(
        r.querySelector('button').getAttribute('aria-label'),
      )?.[0],
    })),
  }));

/** Waits until the panel shows an answer (moves, none, or a refusal) for the current query. */
const settled = (page) =>
  page.waitForFunction(() => {
    const el = document.querySelector('[data-testid=explorer-moves]');
    return el && el.dataset.state !== 'loading' && !el.hasAttribute('aria-busy');
  });

/** Waits until the panel's totals row shows `n` games. */
const waitTotal = (page, n) =>
  page.waitForFunction((k) => document.querySelector('[data-testid=explorer-total]')?.dataset.games === String(k), n, {
    timeout: 30_000,
  });

/** Imports a file through "Open file" and waits for the panel's note that it is over. */
async function importFile(page, path) {
  await page.setInputFiles('[data-testid=database-import]', path);
  await page.waitForFunction(
    () => /^Imported|^Import cancelled/.test(document.querySelector('[data-testid=explorer-note]').textContent),
    null,
    { timeout: 120_000 },
  );
  return page.textContent('[data-testid=explorer-note]');
}

// A bigger file for the cancelled import: the corpus six times, each copy's games told apart by
// their Event (else the copies would be skipped as duplicates): 3,000 games, 5.3 MB.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cw-explorer-'));
const BIG = path.join(tmp, 'corpus-x6.pgn');
const corpus = readFileSync(CORPUS, 'utf8');
writeFileSync(
  BIG,
  Array.from({ length: 6 }, (_, k) => corpus.replaceAll('[Event "chesswasm corpus"]', `[Event "copy ${k + 1}"]`)).join(
    '\n',
  ),
);
const LANDSCAPE = { width: 844, height: 390 };

/** Names a new database with the panel's New. */
async function newDatabase(page, name) {
  await page.click('[data-testid=explorer-new]');
  await page.fill('[data-testid=explorer-name]', name);
  await page.press('[data-testid=explorer-name]', 'Enter');
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid=explorer-db]').selectedOptions[0]?.textContent === n,
    name,
  );
}
const databaseNames = (page) => page.$$eval('[data-testid=explorer-db] option', (els) => els.map((e) => e.textContent));

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
  node.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the Explorer panel', () => {
  it('imports a lichess file and shows what GameDatabase in Node finds: moves, a click, a filter, a game opened, a reload', async () => {
    assert.equal(imported.added, 100);
    const page = await b.open();
    await tab(page, 'explorer');
    await settled(page);
    assert.equal(await page.getAttribute('[data-testid=explorer-moves]', 'data-state'), 'empty');
    const note = await importFile(page, LICHESS);
    assert.match(note, /^Imported 100 games into “My games” \(100 games in all\)\./);
    await waitTotal(page, 100);
    const start = expected([]);
    assert.deepEqual(await shown(page), start);
    assert.equal(start.moves[0].san, 'e4');
    // The bar's parts are as wide as those shares (the same figures, drawn).
    const widths = await page.$eval('[data-testid=explorer-move][data-san=e4] .explorer-bar', (bar) =>
      [...bar.children].map((part) => Math.round(parseFloat(part.style.width))),
    );
    assert.equal(start.moves[0].results, `White wins ${widths[0]}%, draws ${widths[1]}%, Black wins ${widths[2]}%`);
    await shot(page, 'explorer-start-1280');

    // The move under the pointer is drawn on the board as an arrow, gone when the pointer leaves.
    const shapes = () => page.$$eval('[data-testid=board] svg.cg-shapes g', (g) => g.length);
    const bare = await shapes();
    await page.hover('[data-testid=explorer-move][data-san=d4]');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid=board] svg.cg-shapes g').length > n,
      bare,
    );
    await page.mouse.move(0, 0);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid=board] svg.cg-shapes g').length === n,
      bare,
    );

    // A click on a move plays it; the panel follows the position.
    await page.click('[data-testid=explorer-move][data-san=e4] button');
    await page.waitForFunction(() => /4P3/.test(document.querySelector('[data-testid=fen]').value));
    const afterE4 = expected(['e4']);
    await waitTotal(page, afterE4.games);
    assert.deepEqual(await shown(page), afterE4);

    // Enter on a focused move plays it too, and the focus goes to the next list's first move.
    const reply = afterE4.moves[0].san;
    await page.focus(`[data-testid=explorer-move][data-san="${reply}"] button`);
    await page.keyboard.press('Enter');
    const afterReply = expected(['e4', reply]);
    await waitTotal(page, afterReply.games);
    assert.deepEqual(await shown(page), afterReply);
    await page.waitForFunction(() => document.activeElement?.closest('[data-testid=explorer-move]') !== null);

    // A player filter (as White): the counts are Node's with the same filter.
    await page.keyboard.press('Home'); // back to the start position (the focus is on a move button)
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid=fen]').value === f,
      Position.startpos().fen(),
    );
    await waitTotal(page, 100);
    const [first] = node.games(null, {}, { limit: 1, order: 'oldest' });
    const player = first.White;
    await page.click('[data-testid=explorer-filters] summary');
    await page.fill('[data-testid=explorer-player]', player.toUpperCase()); // names compare case-insensitively
    const byPlayer = expected([], { player });
    assert.ok(byPlayer.games > 0 && byPlayer.games < 100, JSON.stringify(byPlayer));
    await waitTotal(page, byPlayer.games);
    assert.deepEqual(await shown(page), byPlayer);
    await page.selectOption('[data-testid=explorer-color]', 'w');
    const asWhite = expected([], { player, color: 'w' });
    await waitTotal(page, asWhite.games);
    assert.deepEqual(await shown(page), asWhite);
    assert.match(await page.textContent('[data-testid=explorer-filter-summary]'), new RegExp(`as White`));
    // A bad value is the package's typed refusal, said in the panel; the counts come back with a good one.
    await page.fill('[data-testid=explorer-since]', 'last week');
    await page.waitForSelector('[data-testid=explorer-moves][data-code=invalid-argument]');
    assert.match(await page.textContent('[data-testid=explorer-moves]'), /since must be a PGN date/);
    await page.fill('[data-testid=explorer-since]', '2012.12');
    await waitTotal(page, expected([], { player, color: 'w', since: '2012.12' }).games);
    await page.click('[data-testid=explorer-clear]');
    await waitTotal(page, 100);
    // Ratings and time control classes: Node's counts with the same filter.
    await page.fill('[data-testid=explorer-min]', '1600');
    await page.fill('[data-testid=explorer-max]', '1900');
    const rated = expected([], { minRating: 1600, maxRating: 1900 });
    assert.ok(rated.games > 0 && rated.games < 100, JSON.stringify(rated));
    await waitTotal(page, rated.games);
    assert.deepEqual(await shown(page), rated);
    await page.uncheck('[data-testid=explorer-speeds] input[value=blitz]');
    const notBlitz = expected([], {
      minRating: 1600,
      maxRating: 1900,
      timeControl: ['ultraBullet', 'bullet', 'rapid', 'classical', 'correspondence'],
    });
    assert.notEqual(notBlitz.games, rated.games);
    await waitTotal(page, notBlitz.games);
    assert.deepEqual(await shown(page), notBlitz);
    await page.click('[data-testid=explorer-clear]');
    await waitTotal(page, 100);

    // The games at the position: ten a page, the next page, and one opened at its ply.
    await page.click('[data-testid=explorer-move][data-san=d4] button');
    const afterD4 = expected(['d4']);
    await waitTotal(page, afterD4.games);
    const pos = Position.startpos();
    pos.play('d4');
    const headers = node.games(pos, {}, { limit: 10 });
    const listed = () => page.$$eval('[data-testid=explorer-game]', (els) => els.map((e) => Number(e.dataset.game)));
    assert.deepEqual(
      await listed(),
      headers.map((g) => g.id),
    );
    assert.equal(await page.textContent('[data-testid=explorer-page]'), `1–${headers.length} of ${afterD4.games}`);
    if (afterD4.games > 10) {
      await page.click('[data-testid=explorer-next]');
      await page.waitForFunction(() => /^11–/.test(document.querySelector('[data-testid=explorer-page]').textContent));
      const second = node.games(pos, {}, { limit: 10, offset: 10 });
      assert.deepEqual(
        await listed(),
        second.map((g) => g.id),
      );
      await page.click('[data-testid=explorer-prev]');
      await page.waitForFunction(() => /^1–/.test(document.querySelector('[data-testid=explorer-page]').textContent));
    }
    // Opened with the keyboard: the game's button focused, Enter.
    const g = headers[0];
    await page.focus(`[data-testid=explorer-game][data-game="${g.id}"]`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (w) => document.querySelector('[data-testid=game-header]').textContent.includes(w),
      g.White,
    );
    assert.equal(await fen(page), pos.fen());
    assert.match(await page.textContent('[data-testid=game-header]'), new RegExp(g.Black));
    const moves = await page.$$eval('[data-testid=moves] .move', (els) => els.length);
    assert.ok(moves > 1, 'the whole game is in the move list');
    pos.dispose();
    // As opened it is the database's copy: the studies do not ask to keep it (the prompt names
    // only the game played from the start before, with Show it). A move of one's own makes it a
    // game to keep (the prompt asks about it).
    assert.match(await page.textContent('[data-testid=scratch-text]'), /^An unsaved game, .* is in no study yet/);
    assert.equal(await page.isVisible('[data-testid=scratch-show]'), true);
    const stored = node.game(g.id, g.ply);
    const next = stored.current.children[0]?.san;
    stored.dispose();
    await page.fill('[data-testid=move-input]', next === 'a6' ? 'h6' : 'a6');
    await page.press('[data-testid=move-input]', 'Enter');
    await page.waitForFunction(() =>
      /^This game \(\d+ moves\) is in no study yet/.test(
        document.querySelector('[data-testid=scratch-text]').textContent,
      ),
    );

    // A reload: the database is still there, with its games.
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await tab(page, 'explorer');
    assert.equal(await page.$eval('[data-testid=explorer-db]', (s) => s.selectedOptions[0].textContent), 'My games');
    await page.click('#nav-start');
    await waitTotal(page, 100);
    assert.deepEqual(await shown(page), start);
    await page.closeAll();
  });

  it('named databases: made, renamed, deleted; a dropped file; an import cancelled midway, the page responsive', async () => {
    const page = await b.open();
    await tab(page, 'explorer');
    await newDatabase(page, 'My lichess games');
    await newDatabase(page, 'Masters 2025');
    assert.deepEqual(await databaseNames(page), ['My lichess games', 'Masters 2025']);
    // A name taken is refused, and nothing changes.
    await page.click('[data-testid=explorer-new]');
    await page.fill('[data-testid=explorer-name]', 'My lichess games');
    await page.press('[data-testid=explorer-name]', 'Enter');
    assert.match(
      await page.textContent('[data-testid=explorer-note]'),
      /There is a database “My lichess games” already/,
    );
    await page.press('[data-testid=explorer-name]', 'Escape');
    assert.deepEqual(await databaseNames(page), ['My lichess games', 'Masters 2025']);

    // A file dropped on the panel goes into the selected database.
    const immortal = readFileSync(`${ROOT}tests/data/games/immortal.pgn`, 'utf8');
    const drop = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'immortal.pgn', { type: 'application/x-chess-pgn' }));
      return dt;
    }, immortal);
    await page.dispatchEvent('[data-testid=explorer]', 'dragover', { dataTransfer: drop });
    await page.dispatchEvent('[data-testid=explorer]', 'drop', { dataTransfer: drop });
    await page.waitForFunction(() =>
      /^Imported 1 game into “Masters 2025”/.test(document.querySelector('[data-testid=explorer-note]').textContent),
    );
    await waitTotal(page, 1);
    assert.deepEqual(
      (await shown(page)).moves.map((m) => m.san),
      ['e4'],
    );

    // A crazyhouse game in the same database: it counts in crazyhouse only (each rule set apart).
    const zh = readFileSync(`${ROOT}tests/data/games/lichess-crazyhouse.pgn`, 'utf8');
    const zhDrop = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'crazyhouse.pgn'));
      return dt;
    }, zh);
    await page.dispatchEvent('[data-testid=explorer]', 'drop', { dataTransfer: zhDrop });
    await page.waitForFunction(() =>
      /^Imported 1 game into “Masters 2025” \(2 games in all\)/.test(
        document.querySelector('[data-testid=explorer-note]').textContent,
      ),
    );
    await waitTotal(page, 1);
    const zhNode = await GameDatabase.open(':memory:');
    await zhNode.addGames(zh);
    const zhStart = Position.startpos('crazyhouse');
    const zhFirst = zhNode.explore(zhStart).moves.map((m) => m.san);
    zhStart.dispose();
    zhNode.close();
    await page.selectOption('[data-testid=variant]', 'crazyhouse');
    await page.waitForFunction(
      (san) => document.querySelector('[data-testid=explorer-move]')?.dataset.san === san,
      zhFirst[0],
    );
    assert.deepEqual(
      (await shown(page)).moves.map((m) => m.san),
      zhFirst,
    );
    assert.equal((await shown(page)).games, 1);
    await page.selectOption('[data-testid=variant]', 'chess');
    // (Both rule sets have one game: the standard answer is the one whose first move is e4.)
    await page.waitForFunction(() => document.querySelector('[data-testid=explorer-move]')?.dataset.san === 'e4');
    await waitTotal(page, 1);
    assert.deepEqual(
      (await shown(page)).moves.map((m) => m.san),
      ['e4'],
    );

    // Renamed, then deleted after a confirmation (dismissed first: nothing happens).
    await page.click('[data-testid=explorer-rename]');
    await page.fill('[data-testid=explorer-name]', 'Masters 2025 (classical)');
    await page.click('[data-testid=explorer-name-ok]');
    assert.deepEqual(await databaseNames(page), ['My lichess games', 'Masters 2025 (classical)']);
    const dialogs = [];
    page.removeAllListeners('dialog');
    page.once('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.click('[data-testid=explorer-delete]');
    await page.waitForFunction(() => true);
    await page.waitForTimeout(300);
    assert.deepEqual(await databaseNames(page), ['My lichess games', 'Masters 2025 (classical)']);
    page.once('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await page.click('[data-testid=explorer-delete]');
    await page.waitForFunction(() =>
      /^Deleted “Masters 2025 \(classical\)” \(2 games\)/.test(
        document.querySelector('[data-testid=explorer-note]').textContent,
      ),
    );
    assert.deepEqual(dialogs, [
      'Delete “Masters 2025 (classical)” and its 2 games? This cannot be undone.',
      'Delete “Masters 2025 (classical)” and its 2 games? This cannot be undone.',
    ]);
    assert.deepEqual(await databaseNames(page), ['My lichess games']);
    // A database made after a delete takes the deleted store's file name: it starts with no games.
    await newDatabase(page, 'Corpus');
    await page.waitForSelector('[data-testid=explorer-moves][data-state=none]');

    // An import of 3,000 games (5.3 MB) cancelled once a quarter of the file is read, while
    // the page's frames are watched.
    const frames = await watchLongTasks(page, { note: '[data-testid=explorer-progress-text]' });
    const t0 = Date.now();
    await page.setInputFiles('[data-testid=database-import]', BIG);
    await page.waitForFunction(() => document.querySelector('#explorer-progress-bar').value >= 0.25, null, {
      timeout: 120_000,
    });
    const before = await page.textContent('[data-testid=explorer-progress-text]');
    await page.click('[data-testid=explorer-cancel]');
    await page.waitForFunction(
      () => /^Import cancelled|^Imported/.test(document.querySelector('[data-testid=explorer-note]').textContent),
      null,
      {
        timeout: 120_000,
      },
    );
    const ms = Date.now() - t0;
    const { gap, frames: n, long, big } = await frames.stop();
    if (big.length) console.log(`# frame gaps over 50 ms: ${JSON.stringify(big)}`);
    const note = await page.textContent('[data-testid=explorer-note]');
    const kept = Number(/^Import cancelled: kept ([\d,]+) games?/.exec(note)?.[1].replace(/,/g, '') ?? NaN);
    console.log(
      `# cancelled import: ${kept} of 3,000 games kept after ${ms} ms (progress when cancelled: ${before}); longest frame gap ${Math.round(gap)} ms over ${n} frames, longest task ${Math.round(long)} ms (0: none over 50 ms)`,
    );
    assert.ok(kept > 0 && kept < 3000, note);
    assert.ok(gap <= 100, `a frame gap of ${gap} ms`);
    // The store reads what was committed: every corpus game starts from the start position.
    await waitTotal(page, kept);
    await shot(page, 'explorer-cancelled-1280');
    await page.reload();
    await page.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await tab(page, 'explorer');
    assert.deepEqual(await databaseNames(page), ['My lichess games', 'Corpus']);
    await waitTotal(page, kept);

    // The rest, imported again: only the games not committed before are added.
    const all = await watchLongTasks(page, { note: '[data-testid=explorer-progress-text]' });
    const t1 = Date.now();
    const done = await importFile(page, BIG);
    const ms1 = Date.now() - t1;
    const whole = await all.stop();
    // Where the frames over 50 ms fell ([ms since the start, gap, the progress then]).
    if (whole.big.length) console.log(`# frame gaps over 50 ms: ${JSON.stringify(whole.big)}`);
    console.log(
      `# import of the rest: ${done.trim()} in ${ms1} ms (${Math.round(((3000 - kept) / ms1) * 1000)} games/s added); longest frame gap ${Math.round(whole.gap)} ms over ${whole.frames} frames, longest task ${Math.round(whole.long)} ms`,
    );
    assert.match(
      done,
      new RegExp(
        `^Imported ${(3000 - kept).toLocaleString('en')} games into “Corpus”, ${kept.toLocaleString('en')} already there skipped \\(3,000 games in all\\)`,
      ),
    );
    assert.ok(whole.gap <= 100, `a frame gap of ${whole.gap} ms`);
    await waitTotal(page, 3000);
    await page.closeAll();
  });

  it('a .pgn.zst file (Debian zstd) imports the same games; a second tab is told the databases are in use', async () => {
    const plain = path.join(tmp, 'lichess-2013-01.pgn');
    copyFileSync(LICHESS, plain);
    execFileSync('zstd', ['-q', '-f', '-19', plain, '-o', `${plain}.zst`]);
    const page = await b.open();
    await tab(page, 'explorer');
    const note = await importFile(page, `${plain}.zst`);
    assert.match(note, /^Imported 100 games into “My games”/);
    await waitTotal(page, 100);
    assert.deepEqual(await shown(page), expected([]));
    // OPFS's pool is one worker's at a time: a second tab of the same browser says why it cannot
    // open them (DatabaseError 'cannot-open'), and the first tab goes on.
    const second = await page.context().newPage();
    await second.goto(page.url());
    await second.waitForSelector('body[data-ready=true]', { state: 'attached' });
    await tab(second, 'explorer');
    await second.waitForSelector('[data-testid=explorer-moves][data-state=error]');
    const code = await second.getAttribute('[data-testid=explorer-moves]', 'data-code');
    const text = await second.textContent('[data-testid=explorer-moves]');
    console.log(`# a second tab: ${code}: ${text}`);
    assert.equal(code, 'cannot-open', text);
    await page.click('[data-testid=explorer-move][data-san=e4] button');
    await waitTotal(page, expected(['e4']).games);
    // The first tab closed, the second opens them when it asks again (its tab shown again).
    await page.close();
    await tab(second, 'studies');
    await tab(second, 'explorer');
    await waitTotal(second, 100);
    assert.deepEqual(await shown(second), expected([]));
    await second.context().close();
  });

  for (const [label, viewport] of [
    ['1280x800', { width: 1280, height: 800 }],
    ['390x844', { width: 390, height: 844 }],
    ['844x390', LANDSCAPE],
  ])
    it(`the layout at ${label}, and axe`, async () => {
      const page = await b.open('', viewport);
      await tab(page, 'explorer');
      await importFile(page, LICHESS);
      await waitTotal(page, 100);
      await page.click('[data-testid=explorer-filters] summary');
      await page.locator('[data-testid=explorer-moves]').scrollIntoViewIfNeeded();
      await assertLayout(page, `explorer ${label}`);
      await shot(page, `explorer-${label}`);
      await page.locator('[data-testid=explorer-games]').scrollIntoViewIfNeeded();
      await shot(page, `explorer-games-${label}`);
      await assertAxe(page, `explorer ${label}`);
      await page.closeAll();
    });
});

it('no console errors', () => {
  assert.deepEqual(b.problems, []);
});
