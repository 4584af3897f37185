// The database review queue: the games of one of the Explorer's databases that its filters
// keep, each reviewed once in the background at a chosen strength (the study queue's presets),
// by a Stockfish of its own in a Web Worker, with progress, Pause / Resume and Cancel. The games
// come from the databases' worker (explorer-worker.ts: their ids when the queue starts, each
// game's PGN when its turn comes); each review is kept in the studies' database (storage.ts,
// `dbReviews`, by database file and game id), where the Review tab finds it when the game is
// opened from the Explorer (and the Drill's "Find puzzles" works from it). The queue (database,
// strength, the games, those left out) is kept in the `meta` store, so a reload or a new browser
// session resumes it; what is left is read from the stored reviews each time (a game reviewed at
// this strength or more is done), so no game is reviewed twice, and each game's review lock
// (Web Locks, as for chapters) keeps the board's own "Review game", and other tabs, off a game
// being reviewed. One tab runs it (another lock).
import { Game } from 'chesswasm';
import { type Engine, EngineError, reviewGame } from 'chesswasm/engine';
import type { GameFilter } from 'chesswasm/database';
import { $, h, on, thousands } from '../dom.js';
import type { BoardEngine } from '../engine.js';
import { dbLockName, mainLine, withReviewLock } from '../reviews.js';
import type { StudyStorage } from '../storage.js';
import type { Store } from '../store.js';
import { type ExplorerView, ExplorerRequestError } from './explorer.js';
import { QUEUE_PRESETS } from './review-queue.js';
import type { ReviewView } from './review.js';

/** The queue as kept in the database. */
interface DbQueueRec {
  file: string;
  name: string;
  nodes: number;
  paused: boolean;
  /** The games to review (their ids in the database, oldest first), fixed when the queue started. */
  games: number[];
  /** Games left out: not standard chess or Chess960, or no moves. */
  skipped: number[];
}

const KEY = 'dbqueue';
const plural = (n: number, one: string) => `${thousands(n)} ${n === 1 ? one : `${one}s`}`;

export class DbReviewQueue {
  #store: Store;
  #storage: () => StudyStorage | null;
  #started: Promise<void>;
  #engines: BoardEngine;
  #view: ReviewView;
  #explorer: ExplorerView;
  #rec: DbQueueRec | null = null;
  #abort: AbortController | null = null;
  #running: Promise<void> | null = null;
  #progress = { done: 0, total: 0, current: '', fraction: 0 };
  #note = '';

  constructor(
    store: Store,
    storage: () => StudyStorage | null,
    started: Promise<void>,
    engines: BoardEngine,
    view: ReviewView,
    explorer: ExplorerView,
  ) {
    this.#store = store;
    this.#storage = storage;
    this.#started = started;
    this.#engines = engines;
    this.#view = view;
    this.#explorer = explorer;
    const select = $<HTMLSelectElement>('dbq-strength');
    select.replaceChildren(
      ...QUEUE_PRESETS.map(([n, label]) => h('option', { value: String(n), selected: n === 1_000_000 }, label)),
    );
    on('dbq-start', 'click', () => void this.start(Number(select.value)));
    on('dbq-pause', 'click', () => void (this.#rec?.paused ? this.resume() : this.pause()));
    on('dbq-cancel', 'click', () => void this.cancel());
    this.render();
  }

  /** Picks up a queue kept from before (a reload, a new session): resumed unless it was paused. */
  async init(): Promise<void> {
    await this.#started;
    this.render(); // (Start waits for the studies' database)
    const db = this.#storage();
    if (!db) return;
    const rec = await db.getMeta<DbQueueRec>(KEY).catch(() => undefined);
    if (
      !rec ||
      typeof rec.file !== 'string' ||
      typeof rec.nodes !== 'number' ||
      !Array.isArray(rec.games) ||
      !rec.games.every((g) => Number.isInteger(g))
    )
      return;
    this.#rec = {
      file: rec.file,
      name: typeof rec.name === 'string' ? rec.name : 'the database',
      nodes: rec.nodes,
      paused: !!rec.paused,
      games: rec.games,
      skipped: Array.isArray(rec.skipped) ? rec.skipped.filter((g) => Number.isInteger(g)) : [],
    };
    $<HTMLSelectElement>('dbq-strength').value = String(rec.nodes);
    if (this.#rec.paused) await this.#count();
    else this.#run();
    this.render();
  }

  /** Reviews the games of the selected database that the Explorer's filters keep, not yet reviewed at `nodes`. */
  async start(nodes: number): Promise<void> {
    const db = this.#storage();
    const entry = this.#explorer.database;
    if (!db || this.#rec) return;
    if (!entry) {
      this.#note = 'No database: create one and import games first.';
      this.render();
      return;
    }
    let filter: GameFilter;
    let games: number[];
    try {
      filter = this.#explorer.filter();
      games = await this.#explorer.ask<number[]>({ op: 'ids', file: entry.file, filter });
    } catch (e) {
      this.#note = `The games could not be listed: ${e instanceof Error ? e.message : String(e)}`;
      this.render();
      return;
    }
    if (!games.length) {
      this.#note = `No game of “${entry.name}” is kept by the filters.`;
      this.render();
      return;
    }
    this.#rec = { file: entry.file, name: entry.name, nodes, paused: false, games, skipped: [] };
    this.#note = '';
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

  /** Stops the queue for good; the reviews made so far stay. */
  async cancel(): Promise<void> {
    if (!this.#rec) return;
    this.#rec = null;
    this.#abort?.abort();
    await this.#storage()?.setMeta(KEY, undefined);
    await this.#running;
    const { done, total } = this.#progress;
    this.#note = `Cancelled: ${done} of ${plural(total, 'game')} reviewed (their reviews are kept).`;
    this.render();
  }

  /** A database was deleted: a queue over it ends (its reviews are removed by the caller). */
  async forget(file: string): Promise<void> {
    if (this.#rec?.file === file) await this.cancel();
  }

  async #save(): Promise<void> {
    try {
      await this.#storage()?.setMeta(KEY, this.#rec ?? undefined);
    } catch (e) {
      this.#note = `The queue could not be kept: ${e instanceof Error ? e.message : String(e)}`;
    }
    this.render();
  }

  // The games left: neither left out nor reviewed at the queue's strength (read afresh: the
  // board's own reviews count).
  async #todo(): Promise<{ todo: number[]; total: number }> {
    const rec = this.#rec!;
    const skipped = new Set(rec.skipped);
    const games = rec.games.filter((g) => !skipped.has(g));
    const reviewed = await this.#storage()!.dbReviewed(rec.file, games);
    const todo = games.filter((g) => (reviewed.get(g) ?? 0) < rec.nodes);
    return { todo, total: games.length };
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
            await this.#storage()?.setMeta(KEY, undefined);
            const left = rec.skipped.length
              ? ` (${plural(rec.skipped.length, 'game')} left out: not standard chess or Chess960, or no moves)`
              : '';
            this.#note = `All ${plural(total, 'game')} of “${rec.name}” reviewed at ${thousands(rec.nodes)} nodes per move${left}.`;
            return;
          }
          let reviewed = 0;
          for (const id of todo) {
            if (this.#rec !== rec || rec.paused) return;
            engine ??= await this.#engines.spawn();
            const r = await this.#review(id, rec, engine);
            if (r === 'reviewed') {
              reviewed++;
              this.#progress.done++;
            } else if (r === 'skipped') {
              rec.skipped.push(id);
              this.#progress.total--;
              await this.#save();
            }
            this.render();
          }
          // Every game left is being reviewed elsewhere (the board, another tab): wait a little.
          if (!reviewed) await new Promise((r) => setTimeout(r, 1000));
        }
      } catch (e) {
        const aborted = e instanceof EngineError && e.code === 'aborted';
        if (!aborted) this.#note = `The database review stopped: ${e instanceof Error ? e.message : String(e)}`;
        if (this.#rec && !aborted) {
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
          await locks.request('chesswasm-review-db-queue', { ifAvailable: true }, async (lock) => {
            if (!lock) {
              this.#note = 'The database review runs in another tab of the board.';
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

  // Reviews one game of the database and keeps its review: 'busy' while another review holds it.
  async #review(id: number, rec: DbQueueRec, engine: Engine): Promise<'reviewed' | 'skipped' | 'busy'> {
    const db = this.#storage()!;
    const run = await withReviewLock(dbLockName(rec.file, id), async () => {
      let pgn: string;
      try {
        ({ pgn } = await this.#explorer.ask<{ pgn: string }>({ op: 'game', file: rec.file, game: id, ply: null }));
      } catch (e) {
        if (e instanceof ExplorerRequestError && e.code === 'not-found') return 'skipped' as const; // removed meanwhile
        throw e;
      }
      let game: Game;
      try {
        game = Game.fromPgn(pgn);
      } catch {
        return 'skipped' as const;
      }
      try {
        if ((game.variant !== 'chess' && game.variant !== 'chess960') || !game.root.children.length)
          return 'skipped' as const;
        const line = mainLine(game);
        const ctl = new AbortController();
        this.#abort = ctl;
        const tags = game.tags;
        this.#progress.current = `${tags.get('White') ?? '?'} – ${tags.get('Black') ?? '?'}`;
        this.#progress.fraction = 0;
        this.render();
        const review = await reviewGame(game, engine, {
          nodes: rec.nodes,
          signal: ctl.signal,
          onProgress: ({ done, total }) => {
            this.#progress.fraction = done / total;
            this.#renderProgress();
          },
        });
        await db.saveDbReview({ file: rec.file, game: id, line, nodes: rec.nodes, review, created: Date.now() });
        // The game on the board, opened from the database: its review shows at once.
        const shown = this.#store.game;
        const source = this.#explorer.sourceOf(shown);
        if (source?.file === rec.file && source.game === id && mainLine(shown) === line)
          this.#view.adopt(shown, line, review);
        return 'reviewed' as const;
      } finally {
        game.dispose();
      }
    });
    return run.busy ? 'busy' : run.value;
  }

  #renderProgress(): void {
    const { done, total, current, fraction } = this.#progress;
    const bar = $<HTMLProgressElement>('dbq-progress');
    bar.value = total ? (done + (this.#running && current ? fraction : 0)) / total : 0;
    const rec = this.#rec;
    $('dbq-status').textContent = rec
      ? `“${rec.name}”: ${done} of ${plural(total, 'game')} reviewed${rec.paused ? ' · paused' : current && this.#running ? ` · now ${current} (${Math.round(fraction * 100)}%)` : ''}`
      : this.#note;
  }

  render(): void {
    const rec = this.#rec;
    const start = $<HTMLButtonElement>('dbq-start');
    start.hidden = !!rec;
    start.disabled = !this.#storage();
    $<HTMLSelectElement>('dbq-strength').disabled = !!rec;
    $('dbq-pause').hidden = !rec;
    $('dbq-pause').textContent = rec?.paused ? 'Resume' : 'Pause';
    $('dbq-cancel').hidden = !rec;
    $('dbq-progress').hidden = !rec;
    this.#renderProgress();
    if (rec && this.#note && !this.#running) $('dbq-status').textContent = this.#note;
  }
}
