// The study review queue: every chapter of a study reviewed once, in the background, at a
// chosen strength (lichess's local-analysis presets of 1M and 5M nodes per position, and a
// quick one), by a Stockfish of its own in a Web Worker (the board's live analysis goes on
// beside it). Overall progress, Pause / Resume and Cancel; the queue is kept in the studies'
// database (storage.ts, `meta` key 'queue'), so a reload or a new browser session resumes it.
// Each review is stored with its chapter (reviews.ts) and is what the Review tab shows for it.
// What is left to do is read from the database each time (a chapter whose stored review is of
// its main line at least at this strength is done), so a resumed queue never reviews a game
// twice; the chapter's review lock (Web Locks) keeps the board's own review, and other tabs,
// off a game being reviewed. Only one tab runs the queue (another lock); the others show it.
import { Game } from 'chesswasm';
import { type Engine, EngineError, reviewGame } from 'chesswasm/engine';
import { $, h, on, thousands } from '../dom.js';
import type { BoardEngine } from '../engine.js';
import { mainLine, withReviewLock } from '../reviews.js';
import type { ChapterRec, StudyRec, StudyStorage } from '../storage.js';
import type { Store } from '../store.js';
import type { ReviewView } from './review.js';
import { chapterLabel } from './studies.js';

/** The strengths offered: nodes per position. lichess's local analysis used 1M and 5M. */
export const QUEUE_PRESETS: ReadonlyArray<readonly [number, string]> = [
  [20_000, 'Quick (20k nodes)'],
  [1_000_000, '1M nodes (lichess)'],
  [5_000_000, '5M nodes (lichess)'],
];

/** The queue as kept in the database. */
interface QueueRec {
  study: number;
  nodes: number;
  paused: boolean;
}

/** What the studies view lends the queue. */
export interface QueueHost {
  readonly storage: StudyStorage | null;
  readonly started: Promise<void>;
  readonly shownStudy: { study: StudyRec; chapters: readonly ChapterRec[] } | null;
  chapterOf(game: Game): number | undefined;
}

const KEY = 'queue';
const reviewable = (c: ChapterRec) => (c.variant === 'chess' || c.variant === 'chess960') && c.plies > 0;
const pause = () => new Promise((r) => setTimeout(r, 0));

export class ReviewQueue {
  #host: QueueHost;
  #engines: BoardEngine;
  #view: ReviewView;
  #store: Store;
  #rec: QueueRec | null = null;
  #abort: AbortController | null = null;
  #running: Promise<void> | null = null;
  #progress = { done: 0, total: 0, current: '', fraction: 0 };
  #note = '';
  /** Milliseconds of the reviews of this run: the engine's own search time and the wall clock's. */
  #clock = { engine: 0, wall: 0 };

  constructor(store: Store, host: QueueHost, engines: BoardEngine, view: ReviewView) {
    this.#store = store;
    this.#host = host;
    this.#engines = engines;
    this.#view = view;
    const select = $<HTMLSelectElement>('rq-strength');
    select.replaceChildren(
      ...QUEUE_PRESETS.map(([n, label]) => h('option', { value: String(n), selected: n === 1_000_000 }, label)),
    );
    on('rq-start', 'click', () => void this.start(Number(select.value)));
    on('rq-pause', 'click', () => void (this.#rec?.paused ? this.resume() : this.pause()));
    on('rq-cancel', 'click', () => void this.cancel());
  }

  /** Picks up a queue kept from before (a reload, a new session): resumed unless it was paused. */
  async init(): Promise<void> {
    await this.#host.started;
    const db = this.#host.storage;
    if (!db) return;
    const rec = await db.getMeta<QueueRec>(KEY).catch(() => undefined);
    if (!rec || typeof rec.study !== 'number' || typeof rec.nodes !== 'number') return;
    this.#rec = { study: rec.study, nodes: rec.nodes, paused: !!rec.paused };
    $<HTMLSelectElement>('rq-strength').value = String(rec.nodes);
    if (this.#rec.paused) await this.#count();
    else this.#run();
    this.render();
  }

  /** Reviews every chapter of the open study not yet reviewed at `nodes`. */
  async start(nodes: number): Promise<void> {
    const db = this.#host.storage;
    const shown = this.#host.shownStudy;
    if (!db || this.#rec) return;
    if (!shown || !shown.chapters.some(reviewable)) {
      this.#note = shown
        ? 'This study has no game to review (standard chess or Chess960, with moves).'
        : 'Open a study first (the Studies tab).';
      this.render();
      return;
    }
    this.#rec = { study: shown.study.id, nodes, paused: false };
    this.#note = '';
    this.#clock = { engine: 0, wall: 0 };
    await this.#save();
    this.#run();
  }

  async pause(): Promise<void> {
    if (!this.#rec || this.#rec.paused) return;
    this.#rec.paused = true;
    this.#abort?.abort();
    await this.#save();
    await this.#running;
    this.render();
  }

  async resume(): Promise<void> {
    if (!this.#rec?.paused) return;
    this.#rec.paused = false;
    await this.#save();
    this.#run();
  }

  /** Stops the queue for good; the reviews made so far stay with their chapters. */
  async cancel(): Promise<void> {
    if (!this.#rec) return;
    this.#rec = null;
    this.#abort?.abort();
    await this.#host.storage?.setMeta(KEY, undefined);
    await this.#running;
    const { done, total } = this.#progress;
    this.#note = `Cancelled: ${done} of ${total} chapters reviewed (their reviews are kept).`;
    this.render();
  }

  async #save(): Promise<void> {
    try {
      await this.#host.storage?.setMeta(KEY, this.#rec ?? undefined);
    } catch (e) {
      this.#note = `The queue could not be kept: ${e instanceof Error ? e.message : String(e)}`;
    }
    this.render();
  }

  // The chapters of the queue's study to review, and how many are done (read afresh from the
  // database: edits and the board's own reviews count). Yields between games: never a long task.
  async #todo(): Promise<{ todo: ChapterRec[]; total: number }> {
    const db = this.#host.storage!;
    const rec = this.#rec!;
    const chapters = (await db.chapters(rec.study)).filter(reviewable);
    const reviews = await db.reviews(chapters.map((c) => c.id));
    const todo: ChapterRec[] = [];
    let since = performance.now();
    for (const c of chapters) {
      const r = reviews.get(c.id);
      if (!r || r.nodes < rec.nodes) todo.push(c);
      else {
        const g = await db.game(c.id);
        if (!g || !(await sameLine(g.pgn, r.line))) todo.push(c);
      }
      if (performance.now() - since > 20) {
        await pause();
        since = performance.now();
      }
    }
    return { todo, total: chapters.length };
  }

  async #count(): Promise<void> {
    const { todo, total } = await this.#todo();
    this.#progress = { done: total - todo.length, total, current: '', fraction: 0 };
  }

  #run(): void {
    if (this.#running || !this.#rec || this.#rec.paused) return;
    const locks = navigator.locks as LockManager | undefined;
    const body = async () => {
      let engine: Engine | null = null;
      try {
        for (;;) {
          const rec = this.#rec;
          if (!rec || rec.paused) return;
          const { todo, total } = await this.#todo();
          this.#progress = { done: total - todo.length, total, current: '', fraction: 0 };
          this.render();
          if (!todo.length) {
            this.#rec = null;
            await this.#host.storage?.setMeta(KEY, undefined);
            const { engine: e, wall } = this.#clock;
            this.#note = `All ${plural(total, 'chapter')} reviewed at ${thousands(rec.nodes)} nodes per move.${wall > 0 ? ` The engine searched ${Math.round((100 * e) / wall)}% of the time.` : ''}`;
            $('rq-status').dataset.engineShare = wall > 0 ? ((100 * e) / wall).toFixed(1) : '';
            return;
          }
          let reviewed = 0;
          for (const c of todo) {
            if (this.#rec !== rec || rec.paused) return;
            engine ??= await this.#engines.spawn();
            const r = await this.#review(c, rec, engine);
            if (r) reviewed++;
            if (r) this.#progress.done++;
            this.render();
          }
          if (!reviewed) {
            // Every game left is being reviewed elsewhere (the board, another tab): wait a little.
            await new Promise((r) => setTimeout(r, 1000));
          }
        }
      } catch (e) {
        if (!(e instanceof EngineError && e.code === 'aborted'))
          this.#note = `The study review stopped: ${e instanceof Error ? e.message : String(e)}`;
        if (this.#rec && !(e instanceof EngineError && e.code === 'aborted')) {
          this.#rec.paused = true;
          await this.#save();
        }
      } finally {
        engine?.close();
      }
    };
    this.#running = (async () => {
      try {
        if (!locks) await body();
        else
          await locks.request('chesswasm-review-queue', { ifAvailable: true }, async (lock) => {
            if (!lock) {
              this.#note = 'The study review runs in another tab of the board.';
              return;
            }
            await body();
          });
      } finally {
        this.#running = null;
        this.#abort = null;
        this.render();
      }
    })();
    this.render();
  }

  // Reviews one chapter (its game as stored now) and keeps the review; false when another
  // review holds the game or it changed to one not to review.
  async #review(c: ChapterRec, rec: QueueRec, engine: Engine): Promise<boolean> {
    const db = this.#host.storage!;
    const run = await withReviewLock(c.id, async () => {
      const g = await db.game(c.id);
      if (!g) return false;
      const game = Game.fromPgn(g.pgn);
      try {
        if (!game.root.children.length) return false;
        const line = mainLine(game);
        const ctl = new AbortController();
        this.#abort = ctl;
        this.#progress.current = chapterLabel(c);
        this.#progress.fraction = 0;
        this.render();
        // The engine's own search time (each search's `time`) against the review's wall-clock
        // time: the share of the queue's time the engine searched (its throughput).
        const counted = Object.create(engine) as Engine;
        counted.analyse = async (...args: Parameters<Engine['analyse']>) => {
          const lines = await engine.analyse(...args);
          this.#clock.engine += lines[0]?.time ?? 0;
          return lines;
        };
        const t0 = performance.now();
        const review = await reviewGame(game, counted, {
          nodes: rec.nodes,
          signal: ctl.signal,
          onProgress: ({ done, total }) => {
            this.#progress.fraction = done / total;
            this.#renderProgress();
          },
        });
        this.#clock.wall += performance.now() - t0;
        await db.saveReview({ id: c.id, line, nodes: rec.nodes, review, created: Date.now() });
        // The chapter on the board: its review shows at once.
        const shown = this.#store.game;
        if (this.#host.chapterOf(shown) === c.id && mainLine(shown) === line) this.#view.adopt(shown, line, review);
        return true;
      } finally {
        game.dispose();
      }
    });
    return !run.busy && run.value;
  }

  #renderProgress(): void {
    const { done, total, current, fraction } = this.#progress;
    const bar = $<HTMLProgressElement>('rq-progress');
    bar.value = total ? (done + (this.#running && current ? fraction : 0)) / total : 0;
    const paused = this.#rec?.paused;
    $('rq-status').textContent = this.#rec
      ? `${done} of ${plural(total, 'chapter')} reviewed${paused ? ' · paused' : current && this.#running ? ` · now ${current} (${Math.round(fraction * 100)}%)` : ''}`
      : this.#note;
  }

  render(): void {
    const rec = this.#rec;
    const start = $<HTMLButtonElement>('rq-start');
    start.hidden = !!rec;
    start.disabled = !this.#host.storage;
    $<HTMLSelectElement>('rq-strength').disabled = !!rec;
    $('rq-pause').hidden = !rec;
    $('rq-pause').textContent = rec?.paused ? 'Resume' : 'Pause';
    $('rq-cancel').hidden = !rec;
    $('rq-progress').hidden = !rec;
    this.#renderProgress();
    if (rec && this.#note && !this.#running) $('rq-status').textContent = this.#note;
  }
}

const plural = (n: number, one: string) => `${thousands(n)} ${n === 1 ? one : `${one}s`}`;

// Whether a PGN's main line is `line` (read in a moment, the page's own thread).
async function sameLine(pgn: string, line: string): Promise<boolean> {
  let game: Game;
  try {
    game = Game.fromPgn(pgn);
  } catch {
    return false;
  }
  try {
    return mainLine(game) === line;
  } finally {
    game.dispose();
    await Promise.resolve();
  }
}
