// The board's studies in IndexedDB: a study is a list of chapters, a chapter is one game.
// Every write is one transaction, so a write that fails (storage full, the tab closed in the
// middle) leaves the database as it was before it: nothing half-written.
//   studies   { id, name, created, updated, chapters, nextOrder, complete, deleted? }
//   chapters  { id, study, order, white, black, result, event, date, eco, opening, plies, variant, deleted? }
//             (what the lists and the search need: small, read all at once)
//   games     { id (= the chapter's), pgn, orientation, path }   (the game itself: the PGN text
//             written by the package, with comments, NAGs and shapes; where the user was)
//   reviews   { id (= the chapter's), line, nodes, review, created } (the game review of the
//             chapter's main line `line` (UCI moves joined by spaces) at `nodes` per position:
//             the package's Review as IndexedDB clones it, its scores as plain { cp } / { mate });
//             with `learn`, the progress of "learn from your mistakes" over that review)
//   dbReviews { key (= `${file}#${game}`), file, game, line, nodes, review, created } (the review of
//             a game of one of the Explorer's databases: its OPFS file and game id; index `file`)
//   meta      { key: 'last', study, chapter }                     (what to reopen)
//             { key: 'queue', ... }                                (the review queue, views/review-queue.ts)
//             { key: 'dbqueue', ... }                              (the database review queue, views/db-review-queue.ts)
//             { key: 'drill', deck }                               (the drill session going on)
//   drillDecks, drillCards, drillReviews                          (the drill: drill.ts's Deck, DrillCard
//             with its FSRS state, and one ReviewRec per answer; each answer is one transaction)
// Deleting sets `deleted` (so that Undo can clear it); deleted records are removed for good
// the next time the database is opened.

/** A study: a named list of chapters. `complete` is false while (or if) its import did not finish. */
export interface StudyRec {
  id: number;
  name: string;
  created: number;
  updated: number;
  /** The number of chapters (not counting deleted ones). */
  chapters: number;
  /** The order the next chapter gets (chapters keep the order of their file). */
  nextOrder: number;
  complete: boolean;
  deleted?: number;
}

/** What the chapter lists show and search: the game's tags, not the game. */
export interface ChapterMeta {
  white: string;
  black: string;
  result: string;
  event: string;
  date: string;
  eco: string;
  opening: string;
  plies: number;
  variant: string;
}

export interface ChapterRec extends ChapterMeta {
  id: number;
  study: number;
  order: number;
  deleted?: number;
}

/** A chapter's game: the PGN text (written by the package), the orientation and where the user was (child indices from the root). */
export interface GameRec {
  id: number;
  pgn: string;
  orientation: 'white' | 'black';
  path: number[];
}

/**
 * A chapter's stored review: the review of the main line `line` (UCI moves joined by spaces)
 * at `nodes` nodes per position. `review` is the package's Review as IndexedDB keeps it (the
 * structured clone: its Score objects become plain `{ cp }` / `{ mate }`, -0 kept); the review
 * view revives it.
 */
export interface ReviewRec {
  id: number;
  line: string;
  nodes: number;
  review: unknown;
  created: number;
  /** The "learn from your mistakes" session over this review, while one is going on. */
  learn?: LearnProgress;
}

/** How one mistake of a learning session went: found, its solution shown, or passed over. */
export type LearnOutcome = 'solved' | 'shown' | 'skipped';

/**
 * A "learn from your mistakes" session kept with the review it is of (views/learn.ts): the
 * side, the plies of that side's mistakes and blunders in game order, the one on the board
 * (`index`), and how each went so far (`null`: not yet).
 */
export interface LearnProgress {
  side: 'w' | 'b';
  plies: number[];
  index: number;
  outcomes: (LearnOutcome | null)[];
}

/**
 * The review of a game of one of the Explorer's databases (explorer-worker.ts): the database's
 * OPFS file and the game's id there (ids are never reused), the main line reviewed and the
 * nodes per position, as a chapter's ReviewRec.
 */
export interface DbReviewRec {
  key: string;
  file: string;
  game: number;
  line: string;
  nodes: number;
  review: unknown;
  created: number;
}

/** The keys of the `entry` index ([file, game, nodes]) of one database file. */
const fileRange = (file: string) => IDBKeyRange.bound([file], [file, []]);

/** The key of a database game's review. */
export const dbReviewKey = (file: string, game: number): string => `${file}#${game}`;

import type { Deck, DrillCard, DrillFile, ReviewRec as DrillReview } from './drill.js';

export type NewChapter = { meta: ChapterMeta; game: Omit<GameRec, 'id'> };

/** The browser's storage is full: the write was refused as a whole (nothing of it was stored). */
export class StorageFullError extends Error {
  constructor() {
    super(
      'The browser refused to store more: its storage for this site is full. Free some space (delete a study) and try again.',
    );
    this.name = 'StorageFullError';
  }
}

const DB_NAME = 'chesswasm-studies'; // (the book view has its own database, 'chesswasm-board')
const VERSION = 4; // 2: the reviews store; 3: the drill's stores; 4: the database games' reviews

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB: the request failed'));
  });
}

function isQuota(e: unknown): boolean {
  return e instanceof DOMException && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED');
}

export class StudyStorage {
  readonly db: IDBDatabase;

  private constructor(db: IDBDatabase) {
    this.db = db;
  }

  /** Opens (or creates) the database and removes what was deleted before. */
  static async open(name = DB_NAME): Promise<StudyStorage> {
    const r = indexedDB.open(name, VERSION);
    r.onupgradeneeded = (e) => {
      const db = r.result;
      if (e.oldVersion < 1) {
        db.createObjectStore('studies', { keyPath: 'id', autoIncrement: true });
        const chapters = db.createObjectStore('chapters', { keyPath: 'id', autoIncrement: true });
        chapters.createIndex('study', 'study');
        db.createObjectStore('games', { keyPath: 'id' });
        db.createObjectStore('meta', { keyPath: 'key' });
      }
      if (e.oldVersion < 2) db.createObjectStore('reviews', { keyPath: 'id' });
      if (e.oldVersion < 3) {
        db.createObjectStore('drillDecks', { keyPath: 'id' });
        db.createObjectStore('drillCards', { keyPath: 'id' }).createIndex('deck', 'deck');
        db.createObjectStore('drillReviews', { keyPath: 'id', autoIncrement: true });
      }
      // (the index's keys say which games of a file have a review, and at what strength,
      // without reading the reviews themselves)
      if (e.oldVersion < 4)
        db.createObjectStore('dbReviews', { keyPath: 'key' }).createIndex('entry', ['file', 'game', 'nodes']);
    };
    const s = new StudyStorage(await request(r));
    await s.#purge();
    return s;
  }

  /**
   * Runs `fn` in one transaction; resolves with its value once the transaction has committed,
   * rejects (StorageFullError when the quota was hit) when it was aborted: then nothing of it
   * is stored.
   */
  #tx<T>(stores: string[], mode: IDBTransactionMode, fn: (t: IDBTransaction) => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let t: IDBTransaction;
      try {
        t = this.db.transaction(stores, mode);
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
        return;
      }
      let value: T;
      let failed: unknown = null;
      t.oncomplete = () => resolve(value);
      t.onabort = () => {
        const e = t.error ?? failed;
        reject(isQuota(e) ? new StorageFullError() : e instanceof Error ? e : new Error('the transaction was aborted'));
      };
      Promise.resolve()
        .then(() => fn(t))
        .then(
          (v) => {
            value = v;
          },
          (e) => {
            failed = e;
            try {
              t.abort();
            } catch {
              // already finished
            }
            if (isQuota(e)) reject(new StorageFullError());
            else reject(e instanceof Error ? e : new Error(String(e)));
          },
        );
    });
  }

  async #purge(): Promise<void> {
    await this.#tx(['studies', 'chapters', 'games', 'reviews'], 'readwrite', async (t) => {
      const studies = (await request(t.objectStore('studies').getAll())) as StudyRec[];
      const chapters = (await request(t.objectStore('chapters').getAll())) as ChapterRec[];
      const gone = new Set(studies.filter((s) => s.deleted).map((s) => s.id));
      for (const id of gone) t.objectStore('studies').delete(id);
      for (const c of chapters) {
        if (c.deleted || gone.has(c.study)) {
          t.objectStore('chapters').delete(c.id);
          t.objectStore('games').delete(c.id);
          t.objectStore('reviews').delete(c.id);
        }
      }
    });
  }

  /** The studies (not deleted), oldest first. */
  async studies(): Promise<StudyRec[]> {
    return this.#tx(['studies'], 'readonly', async (t) => {
      const all = (await request(t.objectStore('studies').getAll())) as StudyRec[];
      return all.filter((s) => !s.deleted);
    });
  }

  async study(id: number): Promise<StudyRec | undefined> {
    return this.#tx(
      ['studies'],
      'readonly',
      (t) => request(t.objectStore('studies').get(id)) as Promise<StudyRec | undefined>,
    );
  }

  /** The chapters of a study (not deleted), in their order. */
  async chapters(study: number): Promise<ChapterRec[]> {
    return this.#tx(['chapters'], 'readonly', async (t) => {
      const all = (await request(
        t.objectStore('chapters').index('study').getAll(IDBKeyRange.only(study)),
      )) as ChapterRec[];
      return all.filter((c) => !c.deleted).sort((a, b) => a.order - b.order);
    });
  }

  async chapter(id: number): Promise<ChapterRec | undefined> {
    return this.#tx(
      ['chapters'],
      'readonly',
      (t) => request(t.objectStore('chapters').get(id)) as Promise<ChapterRec | undefined>,
    );
  }

  async game(id: number): Promise<GameRec | undefined> {
    return this.#tx(
      ['games'],
      'readonly',
      (t) => request(t.objectStore('games').get(id)) as Promise<GameRec | undefined>,
    );
  }

  /** The games of a study's chapters, in their order. */
  async games(study: number): Promise<{ chapter: ChapterRec; game: GameRec }[]> {
    return this.#tx(['chapters', 'games'], 'readonly', async (t) => {
      const chapters = (
        (await request(t.objectStore('chapters').index('study').getAll(IDBKeyRange.only(study)))) as ChapterRec[]
      )
        .filter((c) => !c.deleted)
        .sort((a, b) => a.order - b.order);
      const games = await Promise.all(
        chapters.map((c) => request(t.objectStore('games').get(c.id)) as Promise<GameRec>),
      );
      return chapters.map((chapter, i) => ({ chapter, game: games[i]! }));
    });
  }

  /** A new, empty study. */
  async createStudy(name: string): Promise<StudyRec> {
    return this.#tx(['studies'], 'readwrite', async (t) => {
      const now = Date.now();
      const rec: Omit<StudyRec, 'id'> = { name, created: now, updated: now, chapters: 0, nextOrder: 0, complete: true };
      const id = (await request(t.objectStore('studies').add(rec))) as number;
      return { id, ...rec };
    });
  }

  /**
   * Adds chapters at the end of a study, in one transaction. `study` is an id, or a name for a
   * new study created in the same transaction (an import's first batch: a study exists only
   * with the games of at least one batch). `complete` sets the study's flag.
   */
  async addChapters(
    study: number | string,
    items: NewChapter[],
    complete?: boolean,
  ): Promise<{ study: StudyRec; chapters: ChapterRec[] }> {
    return this.#tx(['studies', 'chapters', 'games'], 'readwrite', async (t) => {
      const studies = t.objectStore('studies');
      let s: StudyRec;
      if (typeof study === 'string') {
        const now = Date.now();
        const rec: Omit<StudyRec, 'id'> = {
          name: study,
          created: now,
          updated: now,
          chapters: 0,
          nextOrder: 0,
          complete: complete ?? true,
        };
        s = { id: (await request(studies.add(rec))) as number, ...rec };
      } else {
        const found = (await request(studies.get(study))) as StudyRec | undefined;
        if (!found) throw new Error(`no study ${study}`);
        s = found;
      }
      const out: ChapterRec[] = [];
      for (const item of items) {
        const meta: Omit<ChapterRec, 'id'> = { ...item.meta, study: s.id, order: s.nextOrder++ };
        const id = (await request(t.objectStore('chapters').add(meta))) as number;
        t.objectStore('games').put({ id, ...item.game });
        out.push({ id, ...meta });
      }
      s.chapters += items.length;
      s.updated = Date.now();
      if (complete !== undefined) s.complete = complete;
      studies.put(s);
      return { study: s, chapters: out };
    });
  }

  /** Saves a chapter's game (and its changed tags) in one transaction. */
  async saveGame(rec: GameRec, meta?: ChapterMeta): Promise<void> {
    await this.#tx(['chapters', 'games'], 'readwrite', async (t) => {
      if (meta) {
        const c = (await request(t.objectStore('chapters').get(rec.id))) as ChapterRec | undefined;
        if (!c) return; // deleted meanwhile
        t.objectStore('chapters').put({ ...c, ...meta });
      }
      t.objectStore('games').put(rec);
    });
  }

  /** The stored review of a chapter, if any. */
  async review(id: number): Promise<ReviewRec | undefined> {
    return this.#tx(
      ['reviews'],
      'readonly',
      (t) => request(t.objectStore('reviews').get(id)) as Promise<ReviewRec | undefined>,
    );
  }

  /** The stored reviews of these chapters (those that have one), by chapter id. */
  async reviews(ids: readonly number[]): Promise<Map<number, ReviewRec>> {
    return this.#tx(['reviews'], 'readonly', async (t) => {
      const out = new Map<number, ReviewRec>();
      const recs = await Promise.all(
        ids.map((id) => request(t.objectStore('reviews').get(id)) as Promise<ReviewRec | undefined>),
      );
      for (const r of recs) if (r) out.set(r.id, r);
      return out;
    });
  }

  /** Keeps a chapter's review (replacing the one it had); refused when the chapter is gone. */
  async saveReview(rec: ReviewRec): Promise<boolean> {
    return this.#tx(['chapters', 'reviews'], 'readwrite', async (t) => {
      const c = (await request(t.objectStore('chapters').get(rec.id))) as ChapterRec | undefined;
      if (!c || c.deleted) return false;
      t.objectStore('reviews').put(rec);
      return true;
    });
  }

  /**
   * Keeps (or with `undefined`, removes) the learning session of a chapter's review, when the
   * chapter's stored review is still of main line `line`; false when it is not (the review was
   * replaced by one of another line, or is gone): a session is only kept with its own review.
   */
  async saveLearn(id: number, line: string, learn: LearnProgress | undefined): Promise<boolean> {
    return this.#tx(['reviews'], 'readwrite', async (t) => {
      const rec = (await request(t.objectStore('reviews').get(id))) as ReviewRec | undefined;
      if (!rec || rec.line !== line) return false;
      const next: ReviewRec = { ...rec };
      if (learn) next.learn = learn;
      else delete next.learn;
      t.objectStore('reviews').put(next);
      return true;
    });
  }

  /** The stored review of a database game, if any. */
  async dbReview(file: string, game: number): Promise<DbReviewRec | undefined> {
    return this.#tx(
      ['dbReviews'],
      'readonly',
      (t) => request(t.objectStore('dbReviews').get(dbReviewKey(file, game))) as Promise<DbReviewRec | undefined>,
    );
  }

  /** The nodes per position of the stored reviews of these games of a database (those that have one), by game id. */
  async dbReviewed(file: string, games: readonly number[]): Promise<Map<number, number>> {
    return this.#tx(['dbReviews'], 'readonly', (t) => {
      const out = new Map<number, number>();
      const wanted = new Set(games);
      return new Promise<Map<number, number>>((resolve, reject) => {
        const c = t.objectStore('dbReviews').index('entry').openKeyCursor(fileRange(file));
        c.onsuccess = () => {
          const cursor = c.result;
          if (!cursor) return resolve(out);
          const [, game, nodes] = cursor.key as [string, number, number];
          if (wanted.has(game)) out.set(game, nodes);
          cursor.continue();
        };
        c.onerror = () => reject(c.error ?? new Error('IndexedDB: the request failed'));
      });
    });
  }

  /** Keeps a database game's review (replacing the one it had). */
  async saveDbReview(rec: Omit<DbReviewRec, 'key'>): Promise<void> {
    await this.#tx(['dbReviews'], 'readwrite', (t) => {
      t.objectStore('dbReviews').put({ ...rec, key: dbReviewKey(rec.file, rec.game) });
    });
  }

  /** Removes the reviews of a database's games (the database was deleted: its file may be reused). */
  async removeDbReviews(file: string): Promise<void> {
    await this.#tx(['dbReviews'], 'readwrite', async (t) => {
      const keys = await request(t.objectStore('dbReviews').index('entry').getAllKeys(fileRange(file)));
      for (const k of keys) t.objectStore('dbReviews').delete(k);
    });
  }

  /** A record of the `meta` store (the review queue keeps its state there). */
  async getMeta<T>(key: string): Promise<T | undefined> {
    return this.#tx(['meta'], 'readonly', (t) => request(t.objectStore('meta').get(key)) as Promise<T | undefined>);
  }

  /** Writes (or with `undefined`, deletes) a record of the `meta` store. */
  async setMeta(key: string, value: object | undefined): Promise<void> {
    await this.#tx(['meta'], 'readwrite', (t) => {
      if (value === undefined) t.objectStore('meta').delete(key);
      else t.objectStore('meta').put({ ...value, key });
    });
  }

  async renameStudy(id: number, name: string): Promise<void> {
    await this.#update(id, (s) => {
      s.name = name;
    });
  }

  async #update(id: number, fn: (s: StudyRec) => void): Promise<void> {
    await this.#tx(['studies'], 'readwrite', async (t) => {
      const s = (await request(t.objectStore('studies').get(id))) as StudyRec | undefined;
      if (!s) return;
      fn(s);
      s.updated = Date.now();
      t.objectStore('studies').put(s);
    });
  }

  /** Marks a study deleted (or not: Undo). */
  async setStudyDeleted(id: number, deleted: boolean): Promise<void> {
    await this.#update(id, (s) => {
      if (deleted) s.deleted = Date.now();
      else delete s.deleted;
    });
  }

  /** Marks a chapter deleted (or not: Undo), keeping its study's count right. */
  async setChapterDeleted(id: number, deleted: boolean): Promise<void> {
    await this.#tx(['studies', 'chapters'], 'readwrite', async (t) => {
      const c = (await request(t.objectStore('chapters').get(id))) as ChapterRec | undefined;
      if (!c || !!c.deleted === deleted) return;
      const s = (await request(t.objectStore('studies').get(c.study))) as StudyRec | undefined;
      if (deleted) c.deleted = Date.now();
      else delete c.deleted;
      t.objectStore('chapters').put(c);
      if (s) {
        s.chapters += deleted ? -1 : 1;
        s.updated = Date.now();
        t.objectStore('studies').put(s);
      }
    });
  }

  /** Marks chapters deleted (or not: Undo) in one transaction, keeping their studies' counts right. */
  async setChaptersDeleted(ids: readonly number[], deleted: boolean): Promise<void> {
    await this.#tx(['studies', 'chapters'], 'readwrite', async (t) => {
      const counts = new Map<number, number>();
      for (const id of ids) {
        const c = (await request(t.objectStore('chapters').get(id))) as ChapterRec | undefined;
        if (!c || !!c.deleted === deleted) continue;
        if (deleted) c.deleted = Date.now();
        else delete c.deleted;
        t.objectStore('chapters').put(c);
        counts.set(c.study, (counts.get(c.study) ?? 0) + (deleted ? -1 : 1));
      }
      for (const [id, n] of counts) {
        const s = (await request(t.objectStore('studies').get(id))) as StudyRec | undefined;
        if (!s) continue;
        s.chapters += n;
        s.updated = Date.now();
        t.objectStore('studies').put(s);
      }
    });
  }

  /** A copy of a study (all its chapters), named `name`. */
  async duplicateStudy(id: number, name: string): Promise<StudyRec> {
    const items = await this.games(id);
    const src = await this.study(id);
    const { study } = await this.addChapters(
      name,
      items.map(({ chapter, game }) => ({
        meta: metaOf(chapter),
        game: { pgn: game.pgn, orientation: game.orientation, path: game.path },
      })),
      src?.complete ?? true,
    );
    // The copies keep their reviews.
    const reviews = await this.reviews(items.map((x) => x.chapter.id));
    if (reviews.size) {
      const copies = await this.chapters(study.id);
      await this.#tx(['reviews'], 'readwrite', (t) => {
        items.forEach(({ chapter }, i) => {
          const r = reviews.get(chapter.id);
          const to = copies[i];
          if (r && to) t.objectStore('reviews').put({ ...r, id: to.id });
        });
      });
    }
    return study;
  }

  /** A copy of a chapter, right at the end of its study. */
  async duplicateChapter(id: number): Promise<ChapterRec> {
    const c = await this.chapter(id);
    const g = await this.game(id);
    if (!c || !g) throw new Error(`no chapter ${id}`);
    const { chapters } = await this.addChapters(c.study, [
      { meta: metaOf(c), game: { pgn: g.pgn, orientation: g.orientation, path: g.path } },
    ]);
    const copy = chapters[0]!;
    const review = await this.review(id);
    if (review) await this.saveReview({ ...review, id: copy.id }); // the copy keeps the review
    return copy;
  }

  // ---- the drill ------------------------------------------------------------------------

  /** Every deck, card and answer of the drill. */
  async drill(): Promise<{ decks: Deck[]; cards: DrillCard[]; reviews: DrillReview[] }> {
    return this.#tx(['drillDecks', 'drillCards', 'drillReviews'], 'readonly', async (t) => ({
      decks: (await request(t.objectStore('drillDecks').getAll())) as Deck[],
      cards: (await request(t.objectStore('drillCards').getAll())) as DrillCard[],
      reviews: (await request(t.objectStore('drillReviews').getAll())) as DrillReview[],
    }));
  }

  /** Writes a deck with these cards (added or replaced) and removes the cards `gone`, in one transaction. */
  async putDeck(deck: Deck, cards: readonly DrillCard[], gone: readonly string[] = []): Promise<void> {
    await this.#tx(['drillDecks', 'drillCards'], 'readwrite', (t) => {
      t.objectStore('drillDecks').put(deck);
      for (const c of cards) t.objectStore('drillCards').put(c);
      for (const id of gone) t.objectStore('drillCards').delete(id);
    });
  }

  /** Removes a deck, its cards and their answers. */
  async removeDeck(id: string): Promise<void> {
    await this.#tx(['drillDecks', 'drillCards', 'drillReviews'], 'readwrite', async (t) => {
      const ids = (await request(
        t.objectStore('drillCards').index('deck').getAllKeys(IDBKeyRange.only(id)),
      )) as string[];
      for (const c of ids) t.objectStore('drillCards').delete(c);
      const reviews = (await request(t.objectStore('drillReviews').getAll())) as DrillReview[];
      for (const r of reviews) if (r.deck === id) t.objectStore('drillReviews').delete(r.id!);
      t.objectStore('drillDecks').delete(id);
    });
  }

  /**
   * Keeps one answer: the card's new state and the answer, in one transaction (with `replace`,
   * the answer of that id is replaced: Easy chosen after the answer). Resolves with the answer's id.
   */
  async answer(card: DrillCard, review: DrillReview, replace?: number): Promise<number> {
    return this.#tx(['drillCards', 'drillReviews'], 'readwrite', async (t) => {
      t.objectStore('drillCards').put(card);
      const rec = replace === undefined ? { ...review } : { ...review, id: replace };
      if (replace === undefined) delete rec.id;
      return (await request(t.objectStore('drillReviews').put(rec))) as number;
    });
  }

  /**
   * Adds a drill file's decks and cards (a card already here takes the file's state) and its
   * answers not already here (same card and time), in one transaction.
   */
  async importDrill(file: DrillFile): Promise<void> {
    await this.#tx(['drillDecks', 'drillCards', 'drillReviews'], 'readwrite', async (t) => {
      const have = (await request(t.objectStore('drillReviews').getAll())) as DrillReview[];
      const seen = new Set(have.map((r) => `${r.card}@${r.time}`));
      for (const d of file.decks) t.objectStore('drillDecks').put(d);
      for (const c of file.cards) t.objectStore('drillCards').put(c);
      for (const r of file.reviews) {
        if (seen.has(`${r.card}@${r.time}`)) continue;
        const rec = { ...r };
        delete rec.id;
        t.objectStore('drillReviews').add(rec);
      }
    });
  }

  async last(): Promise<{ study: number; chapter: number | null } | undefined> {
    return this.#tx(
      ['meta'],
      'readonly',
      (t) =>
        request(t.objectStore('meta').get('last')) as Promise<{ study: number; chapter: number | null } | undefined>,
    );
  }

  async setLast(study: number, chapter: number | null): Promise<void> {
    await this.#tx(['meta'], 'readwrite', (t) => {
      t.objectStore('meta').put({ key: 'last', study, chapter });
    });
  }
}

/** The list fields of a chapter record. */
export function metaOf(c: ChapterMeta): ChapterMeta {
  const { white, black, result, event, date, eco, opening, plies, variant } = c;
  return { white, black, result, event, date, eco, opening, plies, variant };
}
