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
import { type Engine, reviewGame } from 'chesswasm/engine';
import type { GameFilter } from 'chesswasm/database';
import { thousands } from '../dom.js';
import type { BoardEngine } from '../engine.js';
import { dbLockName, mainLine, withReviewLock } from '../reviews.js';
import type { StudyStorage } from '../storage.js';
import type { Store } from '../store.js';
import { BackgroundQueue, type ItemResult } from './background-queue.js';
import { type ExplorerView, ExplorerRequestError } from './explorer.js';
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

export class DbReviewQueue extends BackgroundQueue<DbQueueRec, number> {
  #store: Store;
  #storageOf: () => StudyStorage | null;
  #started: Promise<void>;
  #view: ReviewView;
  #explorer: ExplorerView;

  constructor(
    store: Store,
    storage: () => StudyStorage | null,
    started: Promise<void>,
    engines: BoardEngine,
    view: ReviewView,
    explorer: ExplorerView,
  ) {
    super({ prefix: 'dbq', key: KEY, lock: 'chesswasm-review-db-queue', what: 'database' }, engines);
    this.#store = store;
    this.#storageOf = storage;
    this.#started = started;
    this.#view = view;
    this.#explorer = explorer;
    this.render();
  }

  protected storage(): StudyStorage | null {
    return this.#storageOf();
  }

  /** Picks up a queue kept from before (a reload, a new session): resumed unless it was paused. */
  async init(): Promise<void> {
    await this.#started;
    this.render(); // (Start waits for the studies' database)
    const db = this.#storageOf();
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
    await this.resumeKept({
      file: rec.file,
      name: typeof rec.name === 'string' ? rec.name : 'the database',
      nodes: rec.nodes,
      paused: !!rec.paused,
      games: rec.games,
      skipped: Array.isArray(rec.skipped) ? rec.skipped.filter((g) => Number.isInteger(g)) : [],
    });
  }

  /** Reviews the games of the selected database that the Explorer's filters keep, not yet reviewed at `nodes`. */
  async start(nodes: number): Promise<void> {
    const db = this.#storageOf();
    const entry = this.#explorer.database;
    if (!db || this.rec) return;
    if (!entry) {
      this.note = 'No database: create one and import games first.';
      this.render();
      return;
    }
    let filter: GameFilter;
    let games: number[];
    try {
      filter = this.#explorer.filter();
      games = await this.#explorer.ask<number[]>({ op: 'ids', file: entry.file, filter });
    } catch (e) {
      this.note = `The games could not be listed: ${e instanceof Error ? e.message : String(e)}`;
      this.render();
      return;
    }
    if (!games.length) {
      this.note = `No game of “${entry.name}” is kept by the filters.`;
      this.render();
      return;
    }
    this.rec = { file: entry.file, name: entry.name, nodes, paused: false, games, skipped: [] };
    this.note = '';
    await this.save();
    this.run();
  }

  /** A database was deleted: a queue over it ends (its reviews are removed by the caller). */
  async forget(file: string): Promise<void> {
    if (this.rec?.file === file) await this.cancel();
  }

  // The games left: neither left out nor reviewed at the queue's strength (read afresh: the
  // board's own reviews count).
  protected async todo(): Promise<{ todo: number[]; total: number }> {
    const rec = this.rec!;
    const skipped = new Set(rec.skipped);
    const games = rec.games.filter((g) => !skipped.has(g));
    const reviewed = await this.#storageOf()!.dbReviewed(rec.file, games);
    const todo = games.filter((g) => (reviewed.get(g) ?? 0) < rec.nodes);
    return { todo, total: games.length };
  }

  protected skip(id: number, rec: DbQueueRec): void {
    rec.skipped.push(id);
  }

  protected finished(rec: DbQueueRec, total: number): string {
    const left = rec.skipped.length
      ? ` (${plural(rec.skipped.length, 'game')} left out: not standard chess or Chess960, or no moves)`
      : '';
    return `All ${plural(total, 'game')} of “${rec.name}” reviewed at ${thousands(rec.nodes)} nodes per move${left}.`;
  }

  protected cancelled(done: number, total: number): string {
    return `Cancelled: ${done} of ${plural(total, 'game')} reviewed (their reviews are kept).`;
  }

  protected status(rec: DbQueueRec, done: number, total: number, tail: string): string {
    return `“${rec.name}”: ${done} of ${plural(total, 'game')} reviewed${tail}`;
  }

  // Reviews one game of the database and keeps its review: 'busy' while another review holds it.
  protected async review(id: number, rec: DbQueueRec, engine: Engine): Promise<ItemResult> {
    const db = this.#storageOf()!;
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
        const tags = game.tags;
        const ctl = this.begin(`${tags.get('White') ?? '?'} – ${tags.get('Black') ?? '?'}`);
        const review = await reviewGame(game, engine, {
          nodes: rec.nodes,
          signal: ctl.signal,
          onProgress: ({ done, total }) => this.advance(done / total),
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
}
