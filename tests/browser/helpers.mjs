// Shared helpers of the board's browser tests: one Chromium and one static server per test
// file, pages at the two sizes the issue names (1280x800, a 390x844 phone), moves by mouse,
// the real games of tests/data/games, screenshots into test-artifacts/, and layout checks
// (what a person sees: nothing scrolls sideways, nothing sticks out of its panel, feedback
// inside the viewport), the watch of a page's long tasks and frame gaps, and the tablebase
// tests' shared set-up.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = `${ROOT}dist/board`;
export const ARTIFACTS = `${ROOT}test-artifacts`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

/** A real game from tests/data/games. */
export const gamePgn = (name) => readFileSync(`${ROOT}tests/data/games/${name}.pgn`, 'utf8');

/** Starts Chromium and the server; returns { open, close, problems }. */
export async function startBrowser() {
  assert.ok(existsSync(`${DIST}/index.html`), 'dist/board is missing: run scripts/board.sh first');
  mkdirSync(ARTIFACTS, { recursive: true });
  const server = await serve(DIST);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  /** Console errors and page errors of every page, checked at the end. */
  const problems = [];
  async function open(hash = '', viewport = DESKTOP, options = {}) {
    const context = await browser.newContext({
      viewport,
      colorScheme: options.colorScheme ?? 'light',
      ...(options.context ?? {}),
    });
    // options.init: a script run in the page before its own (e.g. a browser without storage).
    if (options.init) await context.addInitScript(options.init);
    const page = await context.newPage();
    // options.expected(message): console messages the test expects (e.g. a server's 404s).
    page.on('console', (m) => {
      if ((m.type() === 'error' || m.type() === 'warning') && !options.expected?.(m))
        problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    // Confirmations (a variant switch that drops moves) are accepted unless a test says otherwise.
    page.on('dialog', (d) => (options.dialog === 'dismiss' ? d.dismiss() : d.accept()));
    await page.goto(server.url + hash);
    await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 15_000 });
    page.closeAll = () => context.close();
    return page;
  }
  return {
    open,
    problems,
    server,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** The tables of tests/data/syzygy (3-4 pieces), which the tablebase tests open in Node and in the page. */
export const SYZYGY = `${ROOT}tests/data/syzygy`;

/**
 * Registers the file's set-up and tear-down with node:test: Chromium and the server
 * ({@link startBrowser}), and with `tablebase` the package's Tablebase on {@link SYZYGY} in Node
 * (what the page's answers are compared with). At the end both are closed and no console
 * error or page error may be left (`problems`). Returns one object, filled before the first
 * test: {@link startBrowser}'s `open`, `problems` and `server`, and `tablebase`.
 */
export function useBrowser({ tablebase = false } = {}) {
  const b = {};
  before(async () => {
    Object.assign(b, await startBrowser());
    if (tablebase) {
      const { Tablebase } = await import(`${ROOT}dist/tablebase.js`);
      b.tablebase = await Tablebase.open(SYZYGY);
    }
  });
  after(async () => {
    b.tablebase?.close();
    await b.close?.();
    assert.deepEqual(b.problems ?? [], []);
  });
  return b;
}

/** The tablebase panel's result of a move (the package's category is the opponent's, after it). */
export const moverResult = (m) =>
  m.category === 'loss' || m.category === 'blessed-loss' ? 'win' : m.category === 'draw' ? 'draw' : 'loss';

/**
 * Starts watching the page's main thread: its long tasks (the Long Tasks API: the page's own
 * work of over 50 ms at a time) and the gaps between its animation frames. `stop()` ends the
 * watch and returns `{ long, tasks, gap, frames, big }`: the longest task in ms (0: none over
 * 50 ms), every long task's duration, the longest frame gap in ms, the number of frames, and
 * each gap over 50 ms as [ms since the start, the gap, the text of the element `note` (a
 * selector) then, or null]. Long tasks still queued in the observer are counted at `stop()`.
 */
export async function watchLongTasks(page, { note = null } = {}) {
  const id = await page.evaluate((noteSelector) => {
    const w = { on: true, tasks: [], gap: 0, frames: 0, big: [] };
    w.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.tasks.push(e.duration);
    });
    w.observer.observe({ type: 'longtask' });
    const t0 = performance.now();
    let last = t0;
    const frame = (t) => {
      if (!w.on) return;
      const gap = t - last;
      w.gap = Math.max(w.gap, gap);
      if (gap > 50)
        w.big.push([
          Math.round(last - t0),
          Math.round(gap),
          noteSelector ? (document.querySelector(noteSelector)?.textContent ?? null) : null,
        ]);
      w.frames++;
      last = t;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    window.__watches ??= [];
    return window.__watches.push(w) - 1;
  }, note);
  return {
    stop: () =>
      page.evaluate((i) => {
        const w = window.__watches[i];
        w.on = false;
        for (const e of w.observer.takeRecords()) w.tasks.push(e.duration);
        w.observer.disconnect();
        return { long: Math.max(0, ...w.tasks), tasks: w.tasks, gap: w.gap, frames: w.frames, big: w.big };
      }, id),
  };
}

export const fen = (page) => page.inputValue('[data-testid=fen]');
export const status = (page) => page.textContent('[data-testid=status]');
/** The SAN of the moves shown (all lines, in order). */
export const sans = (page, sel = '[data-testid=moves] .move') =>
  page.$$eval(sel, (els) => els.map((e) => e.dataset.san));
export const current = (page) => page.getAttribute('[data-testid=moves] .move.current', 'data-san');
/** A screenshot into test-artifacts/, once the board's 150 ms animations are over. */
export async function shot(page, name) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
}

/** The centre of a square on the board, in page coordinates. */
export async function square(page, sq) {
  const box = await page.locator('[data-testid=board] cg-container').boundingBox();
  const black = await page.$eval(
    '[data-testid=board]',
    (e) => e.classList.contains('orientation-black') || !!e.querySelector('.orientation-black'),
  );
  const f = sq.charCodeAt(0) - 97;
  const r = Number(sq[1]) - 1;
  const s = box.width / 8;
  const x = black ? 7 - f : f;
  const y = black ? r : 7 - r;
  return { x: box.x + (x + 0.5) * s, y: box.y + (y + 0.5) * s };
}

export async function clickMove(page, from, to) {
  const a = await square(page, from);
  const b = await square(page, to);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
}

export async function dragMove(page, from, to, button = 'left') {
  const a = await square(page, from);
  const b = await square(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up({ button });
}

/** Waits until the move list shows `n` moves (all lines). */
export async function waitMoves(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid=moves] .move').length === k, n);
}

/**
 * Selects the tools tab that holds the element `selector` (the tools are tabs beside the
 * board), as a user clicks it; returns the id of the tab selected before.
 */
export async function reveal(page, selector) {
  return page.$eval(selector, (el) => {
    const was = document.querySelector('[role=tab][aria-selected=true]')?.id ?? null;
    const panel = el.closest('[role=tabpanel]');
    if (panel?.hidden) document.getElementById(panel.getAttribute('aria-labelledby')).click();
    return was;
  });
}

/** Selects the tab `id` (as returned by `reveal`) again, if there was one, leaving the focus off the tabs (their arrow keys are theirs). */
async function back(page, id) {
  if (id) await page.$eval(`#${id}`, (tab) => tab.click());
}

/** Types a FEN into the PGN · FEN tab, then goes back to the tab the user was in (unless the FEN was refused: its error is there). */
export async function loadFen(page, text) {
  const was = await reveal(page, '[data-testid=fen]');
  await page.fill('[data-testid=fen]', text);
  await page.press('[data-testid=fen]', 'Enter');
  if (!(await page.textContent('[data-testid=fen-error]'))) await back(page, was);
}

/** Pastes a PGN into the PGN · FEN tab and imports it, then goes back to the tab the user was in. */
export async function importPgn(page, text) {
  const was = await reveal(page, '[data-testid=pgn]');
  await page.fill('[data-testid=pgn]', text);
  await page.click('[data-testid=pgn-import]');
  await back(page, was);
}

/** Opens a tab of the tools panel. */
export async function tab(page, id) {
  await page.click(`#tab-${id}`);
}

/**
 * What a person sees, measured: the page does not scroll sideways, the move list never
 * scrolls sideways, and no visible element sticks out of its panel (or the viewport).
 */
export async function assertLayout(page, label) {
  const r = await page.evaluate(() => {
    const problems = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth)
      problems.push(`the page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}`);
    const moves = document.querySelector('[data-testid=moves]');
    if (moves.scrollWidth > moves.clientWidth)
      problems.push(`the move list scrolls sideways: ${moves.scrollWidth} > ${moves.clientWidth}`);
    const visible = (e) => {
      const s = getComputedStyle(e);
      return s.display !== 'none' && s.visibility !== 'hidden' && e.getClientRects().length > 0;
    };
    for (const panel of document.querySelectorAll('.panel, .game-header, .puzzle-bar, .nav, .board-row')) {
      if (!visible(panel)) continue;
      const p = panel.getBoundingClientRect();
      if (p.right > window.innerWidth + 0.5 || p.left < -0.5)
        problems.push(`${panel.className} is outside the viewport (${p.left}..${p.right})`);
      for (const el of panel.querySelectorAll('*')) {
        if (!visible(el) || el.closest('svg, cg-container, .sr-only')) continue;
        const b = el.getBoundingClientRect();
        if (b.width === 0 && b.height === 0) continue;
        if (b.right > p.right + 1 || b.left < p.left - 1) {
          const id = el.id || el.dataset.testid || el.className || el.tagName;
          problems.push(
            `${id} (${el.textContent.trim().slice(0, 30)}) overflows ${panel.className}: ${b.left.toFixed(0)}..${b.right.toFixed(0)} not in ${p.left.toFixed(0)}..${p.right.toFixed(0)}`,
          );
        }
      }
    }
    return problems;
  });
  assert.deepEqual(r, [], `${label}: ${r.join('; ')}`);
}

/** Asserts that an element lies wholly inside the viewport as the page is scrolled now. */
export async function assertInViewport(page, selector, label) {
  const box = await page.$eval(selector, (e) => {
    const b = e.getBoundingClientRect();
    return {
      top: b.top,
      bottom: b.bottom,
      left: b.left,
      right: b.right,
      h: window.innerHeight,
      w: window.innerWidth,
      sy: window.scrollY,
    };
  });
  assert.ok(box.bottom > box.top, `${label}: ${selector} has no height`);
  assert.ok(
    box.top >= 0 && box.left >= 0 && box.bottom <= box.h && box.right <= box.w,
    `${label}: ${selector} is not inside the viewport (${JSON.stringify(box)})`,
  );
}

/** Waits (up to `timeout` ms) until the first engine line's first move matches `pattern`. */
export async function waitBestMove(page, pattern, timeout) {
  await page.waitForFunction(
    (src) => {
      const first = document.querySelector('[data-testid=engine-line] .pv-move');
      return !!first && new RegExp(src).test(first.textContent);
    },
    pattern.source,
    { timeout },
  );
}

/** axe-core, injected into the page, finds nothing serious or critical. */
export async function assertAxe(page, label) {
  await page.addScriptTag({ path: `${ROOT}node_modules/axe-core/axe.min.js` });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], `${label}: ${JSON.stringify(bad, null, 1)}`);
}
