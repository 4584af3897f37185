// The Drill tab's "Find puzzles" stopped in the middle (views/drill.ts), with a scripted UCI
// engine in place of the Stockfish worker it spawns: the Opera Game is reviewed by the board's
// Stockfish, then the puzzle engine finds one puzzle at Black's first mistake and hangs in the
// search at the second; Stop (by keyboard) keeps the puzzle found, ends the search and the
// engine's worker, and sends nothing more. The layout at 1280x800, 390x844 and 844x390
// (screenshots 77-drill-stopped-*.png), no long task over 100 ms while it runs and stops.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP,
  PHONE,
  ROOT,
  assertAxe,
  assertLayout,
  gamePgn,
  importPgn,
  shot,
  startBrowser,
  tab,
} from './helpers.mjs';

const { Game, Position, Puzzle } = await import(`${ROOT}dist/index.js`);
const LANDSCAPE = { width: 844, height: 390 };
const REVIEW_TIMEOUT = 180_000;
const opera = () => {
  const text = gamePgn('lichess-export');
  return text.slice(text.indexOf('[Event', text.indexOf('Isouard') - 200));
};
const status = (page) => page.textContent('[data-testid=drill-find-status]');

// Run in the page before its scripts: the next Stockfish worker made after `__fake.armed` is
// set is a scripted UCI engine. It answers the handshake (MultiPV up to 500, nothing else to
// set), and each `go` from `__fake.script` by the ply of the position sent (the FEN's move
// number and side, plus the moves after it): a UCI move is played as the only line, a mate in
// one by its score (the puzzle's rule takes it as the one solution); 'hang' never answers until
// `stop`; any other position has no line (`bestmove (none)`). Every command is logged.
const FAKE = () => {
  const Real = window.Worker;
  const fake = { armed: false, script: {}, log: [], ply: -1, pending: false, terminated: false };
  window.__fake = fake;
  class ScriptedWorker {
    onmessage = null;
    onerror = null;
    postMessage(line) {
      fake.log.push(String(line));
      const say = (...lines) => setTimeout(() => this.onmessage?.({ data: lines.join('\n') }), 0);
      const t = String(line).split(' ');
      if (line === 'uci') say('id name Scripted', 'option name MultiPV type spin default 1 min 1 max 500', 'uciok');
      else if (line === 'isready') say('readyok');
      else if (t[0] === 'position' && t[1] === 'fen') {
        const at = t.indexOf('moves');
        fake.ply = (Number(t[7]) - 1) * 2 + (t[3] === 'b' ? 1 : 0) + (at < 0 ? 0 : t.length - at - 1);
      } else if (t[0] === 'go') {
        const answer = fake.script[fake.ply];
        if (answer === 'hang') fake.pending = true;
        else if (answer) say(`info depth 1 multipv 1 score mate 1 nodes 1 time 1 pv ${answer}`, `bestmove ${answer}`);
        else say('bestmove (none)');
      } else if (line === 'stop' && fake.pending) {
        fake.pending = false;
        say('bestmove (none)');
      }
    }
    terminate() {
      fake.terminated = true;
    }
    addEventListener() {}
    removeEventListener() {}
  }
  window.Worker = function Worker(url, options) {
    if (fake.armed && String(url).includes('stockfish')) {
      fake.armed = false;
      return new ScriptedWorker();
    }
    return new Real(url, options);
  };
};

let b;
before(async () => {
  b = await startBrowser();
});
after(async () => {
  await b?.close();
});

/** Black's mistakes and blunders of the review shown, in game order: { ply, best } from the move list. */
const blackFaults = (page) =>
  page.$$eval('[data-testid=move-review]', (els) =>
    els
      .filter((e) => (e.classList.contains('mistake') || e.classList.contains('blunder')) && e.dataset.ply % 2 === 0)
      .map((e) => ({
        ply: Number(e.dataset.ply),
        best: /(\S+) was best\./.exec(e.querySelector('.review-comment').textContent)?.[1],
      })),
  );

/** Measures the page's long tasks from now; `stop()` returns the longest (ms). */
async function watch(page) {
  await page.evaluate(() => {
    window.__long = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long = Math.max(window.__long, e.duration);
    }).observe({ type: 'longtask' });
  });
  return { stop: () => page.evaluate(() => window.__long) };
}

describe('drill: Find puzzles stopped', () => {
  it('keeps the puzzles found before Stop, and no search goes on', async () => {
    const page = await b.open('', DESKTOP, { init: FAKE });
    await importPgn(page, opera());
    await tab(page, 'review');
    await page.click('[data-testid=review]');
    await page.waitForSelector('[data-testid=review-summary]:not([hidden])', { timeout: REVIEW_TIMEOUT });
    const faults = await blackFaults(page);
    assert.ok(faults.length >= 2 && faults.every((f) => f.best), JSON.stringify(faults));
    // The first mistake's best move in UCI, from the position before it (ply - 1 moves played).
    const game = Game.fromPgn(opera());
    const nodes = game.mainlineNodes();
    const before = Position.fromFen(nodes[faults[0].ply - 2].fen);
    const best = before.uci(before.parseSan(faults[0].best));
    before.dispose();
    await page.evaluate(
      ({ script }) => {
        Object.assign(window.__fake, { script, armed: true });
      },
      { script: { [faults[0].ply - 1]: best, [faults[1].ply - 1]: 'hang' } },
    );

    await tab(page, 'drill');
    await page.selectOption('[data-testid=drill-find-side]', 'b');
    const w = await watch(page);
    await page.focus('[data-testid=drill-find]');
    await page.keyboard.press('Enter');
    // The first puzzle is listed as soon as it is found; the search at the second mistake hangs.
    await page.waitForFunction(() => window.__fake.pending);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=drill-found-puzzle]').length === 1);
    assert.match(
      await status(page),
      new RegExp(`^Looking for puzzles… 1 of ${faults.length} mistakes \\(1 puzzle so far\\)$`),
    );
    assert.equal(await page.textContent('[data-testid=drill-find]'), 'Stop');
    const sent = await page.evaluate(() => window.__fake.log.filter((l) => l.startsWith('go')).length);
    assert.equal(sent, 3, 'the first mistake, the reply after its solution (no line: the puzzle ends), the second');

    // Stop, by keyboard: the button is focused still.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      /^Stopped/.test(document.querySelector('[data-testid=drill-find-status]').textContent),
    );
    assert.equal(await status(page), 'Stopped: 1 puzzle found before it stopped.');
    assert.equal(await page.locator('[data-testid=drill-found-puzzle]').count(), 1);
    assert.equal(await page.textContent('[data-testid=drill-find]'), 'Find puzzles');
    // Nothing goes on: the scripted engine was told to stop, then its worker ended; no search since.
    await page.waitForTimeout(1000);
    const fake = await page.evaluate(() => window.__fake);
    assert.equal(fake.terminated, true, 'the worker was terminated');
    assert.equal(fake.pending, false);
    const stopAt = fake.log.lastIndexOf('stop');
    assert.ok(stopAt > 0, JSON.stringify(fake.log));
    assert.deepEqual(
      fake.log.slice(stopAt + 1).filter((l) => l.startsWith('go') || l.startsWith('position')),
      [],
      'no search after stop',
    );
    assert.equal(fake.log.filter((l) => l.startsWith('go')).length, sent);
    assert.ok((await w.stop()) <= 100, `a long task of ${await w.stop()} ms`);

    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
      ['landscape', LANDSCAPE],
    ]) {
      await page.setViewportSize(size);
      await page.locator('[data-testid=drill-found-puzzle]').scrollIntoViewIfNeeded();
      await assertLayout(page, `drill stopped (${name})`);
      await shot(page, `77-drill-stopped-${name}`);
    }
    await page.setViewportSize(DESKTOP);

    // The puzzle kept is the first mistake's: before White's move, then the best move, and it plays.
    await page.focus('[data-testid=drill-found-puzzle] button');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=drill-found-puzzle] button').textContent === 'In the drill',
    );
    const card = await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const r = indexedDB.open('chesswasm-studies');
          r.onsuccess = () => {
            const q = r.result.transaction('drillCards').objectStore('drillCards').getAll();
            q.onsuccess = () => {
              resolve(q.result);
              r.result.close();
            };
            q.onerror = () => reject(new Error(String(q.error)));
          };
          r.onerror = () => reject(new Error(String(r.error)));
        }),
    );
    assert.equal(card.length, 1);
    assert.equal(card[0].fen, nodes[faults[0].ply - 3].fen);
    assert.deepEqual(card[0].moves, [nodes[faults[0].ply - 2].uci, best]);
    const p = new Puzzle({ fen: card[0].fen, moves: card[0].moves });
    assert.equal(p.play(best), 'solved');
    p.dispose();
    game.dispose();

    await assertAxe(page, 'drill stopped');
    assert.deepEqual(b.problems, []);
    await page.closeAll();
  });
});
