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
import { type Engine, reviewGame } from 'chesswasm/engine';
import { $, thousands } from '../dom.js';
import type { BoardEngine } from '../engine.js';
import { mainLine, withReviewLock } from '../reviews.js';
import type { ChapterRec, StudyRec, StudyStorage } from '../storage.js';
import type { Store } from '../store.js';
import { BackgroundQueue, type ItemResult } from './background-queue.js';
import type { ReviewView } from './review.js';
import { chapterLabel } from './studies.js';

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

export class ReviewQueue extends BackgroundQueue<QueueRec, ChapterRec> {
  #host: QueueHost;
  #view: ReviewView;
  #store: Store;
  /** Milliseconds of the reviews of this run: the engine's own search time and the wall clock's. */
  #clock = { engine: 0, wall: 0 };

  constructor(store: Store, host: QueueHost, engines: BoardEngine, view: ReviewView) {
    super({ prefix: 'rq', key: KEY, lock: 'chesswasm-review-queue', what: 'study' }, engines);
    this.#store = store;
    this.#host = host;
    this.#view = view;
  }

  protected storage(): StudyStorage | null {
    return this.#host.storage;
  }

  /** Picks up a queue kept from before (a reload, a new session): resumed unless it was paused. */
  async init(): Promise<void> {
    await this.#host.started;
    const db = this.#host.storage;
    if (!db) return;
    const rec = await db.getMeta<QueueRec>(KEY).catch(() => undefined);
    if (!rec || typeof rec.study !== 'number' || typeof rec.nodes !== 'number') return;
    await this.resumeKept({ study: rec.study, nodes: rec.nodes, paused: !!rec.paused });
  }

  /** Reviews every chapter of the open study not yet reviewed at `nodes`. */
  async start(nodes: number): Promise<void> {
    const db = this.#host.storage;
    const shown = this.#host.shownStudy;
    if (!db || this.rec) return;
    if (!shown || !shown.chapters.some(reviewable)) {
      this.note = shown
        ? 'This study has no game to review (standard chess or Chess960, with moves).'
        : 'Open a study first (the Studies tab).';
      this.render();
      return;
    }
    this.rec = { study: shown.study.id, nodes, paused: false };
    this.note = '';
    this.#clock = { engine: 0, wall: 0 };
    await this.save();
    this.run();
  }

  // The chapters of the queue's study to review, and how many are done (read afresh from the
  // database: edits and the board's own reviews count). Yields between games: never a long task.
  protected async todo(): Promise<{ todo: ChapterRec[]; total: number }> {
    const db = this.#host.storage!;
    const rec = this.rec!;
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

  protected finished(rec: QueueRec, total: number): string {
    const { engine: e, wall } = this.#clock;
    $('rq-status').dataset.engineShare = wall > 0 ? ((100 * e) / wall).toFixed(1) : '';
    return `All ${plural(total, 'chapter')} reviewed at ${thousands(rec.nodes)} nodes per move.${wall > 0 ? ` The engine searched ${Math.round((100 * e) / wall)}% of the time.` : ''}`;
  }

  protected cancelled(done: number, total: number): string {
    return `Cancelled: ${done} of ${total} chapters reviewed (their reviews are kept).`;
  }

  protected status(_rec: QueueRec, done: number, total: number, tail: string): string {
    return `${done} of ${plural(total, 'chapter')} reviewed${tail}`;
  }

  // Reviews one chapter (its game as stored now) and keeps the review; 'busy' when another
  // review holds the game or it changed to one not to review (tried again next round).
  protected async review(c: ChapterRec, rec: QueueRec, engine: Engine): Promise<ItemResult> {
    const db = this.#host.storage!;
    const run = await withReviewLock(c.id, async () => {
      const g = await db.game(c.id);
      if (!g) return false;
      const game = Game.fromPgn(g.pgn);
      try {
        if (!game.root.children.length) return false;
        const line = mainLine(game);
        const ctl = this.begin(chapterLabel(c));
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
          onProgress: ({ done, total }) => this.advance(done / total),
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
    return !run.busy && run.value ? 'reviewed' : 'busy';
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
