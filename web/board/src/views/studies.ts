// Studies: everything the user does is kept in IndexedDB (storage.ts) as they go. A study is
// a list of chapters; a chapter is one game (its PGN text as the package writes it, with
// comments, NAGs and arrows, plus the orientation and the move the user was at).
//   - The game on the board is saved after every change (a snapshot is taken at once, the
//     write follows a few milliseconds later and at once when the page is hidden), so a
//     reload, a closed tab or a crashed engine worker loses nothing.
//   - A game the user makes from scratch (a new board, an editor or puzzle position, a FEN) is
//     no chapter until they say so: once it has a move, a prompt beside the moves offers to keep
//     it in a study of their choice or to discard it. Until then it is kept in localStorage
//     (a reload brings it back, still unsaved); nothing is filed unasked, nothing dropped.
//   - A PGN file or a paste is imported into a new study (named after the file, or the games'
//     Event when they share one) or into an existing study, as the user picks: its games are
//     read in a worker (import-worker.ts: the page never waits for them), with progress and
//     Cancel, and written in batches of one transaction each: an interrupted import leaves the
//     games of the batches written, the study marked incomplete; a cancelled one is dropped (Undo).
//   - A reload or a new tab opens the last study, chapter and move.
import { Game, type GameNode, PgnError } from 'chesswasm';
import { chapterMeta, pathOf } from '../chapters.js';
import { h, thousands } from '../dom.js';
import type { ImportError, ImportMessage } from '../import-worker.js';
import {
  type ChapterMeta,
  type ChapterRec,
  type GameRec,
  type NewChapter,
  StorageFullError,
  type StudyRec,
  StudyStorage,
  metaOf,
} from '../storage.js';
import { START, type Store } from '../store.js';
import { exportPgn } from '../reviews.js';
import { pgnErrorText } from './pgn.js';

const BATCH = 200; // games per import transaction
const OPTIONS_AT_ONCE = 250; // chapter options made in one task
const DEFAULT_STUDY = 'My games';
/** The value of a study picker's "new study" option. */
export const NEW_STUDY = 'new';
const SCRATCH_KEY = 'chesswasm.scratch';

/** A game kept in no study yet (localStorage, until the user keeps or discards it). */
interface ScratchRec {
  id: number;
  pgn: string;
  orientation: 'white' | 'black';
  path: number[];
  meta: ChapterMeta;
}

/** A chapter's label: "White – Black". */
export const chapterLabel = (c: { white: string; black: string }): string => `${c.white} – ${c.black}`;

function nodeAt(game: Game, path: readonly number[]): GameNode {
  let n = game.root;
  for (const i of path) n = n.children[i] ?? n;
  return n;
}

const plural = (n: number, one: string, many = `${one}s`) => `${thousands(n)} ${n === 1 ? one : many}`;

/** How an import ended: the games kept, what was said about it, whether it was cancelled. */
export interface ImportOutcome {
  count: number;
  error?: string;
  cancelled?: boolean;
}

// An import's progress: a bar, the count so far, and Cancel.
function progressRow(prefix: string): HTMLElement {
  return h(
    'div.study-progress',
    { id: `${prefix}-progress`, 'data-testid': `${prefix}-progress`, role: 'status', hidden: true },
    h('progress', { max: 1, value: 0, 'aria-label': 'Import progress' }),
    h('span', null, ''),
    h('button', { type: 'button', 'data-testid': `${prefix}-cancel`, 'data-import-cancel': '' }, 'Cancel'),
  );
}

export interface StudiesHooks {
  /** Called before a game from storage replaces the board's (e.g. to forget the PGN panel's picker). */
  beforeOpen?(): void;
}

export class StudiesView {
  #store: Store;
  #hooks: StudiesHooks;
  #db: StudyStorage | null = null;
  #studies: StudyRec[] = [];
  #study: StudyRec | null = null;
  #chapters: ChapterRec[] = [];
  #chapter: number | null = null;
  /** The chapter of each game in memory. */
  #attached = new WeakMap<Game, number>();
  /** Games being made chapters (the write is under way). */
  #attaching = new WeakSet<Game>();
  /** The game that took the place of one being made a chapter (an undo meanwhile): it gets that chapter. */
  #successor = new WeakMap<Game, Game>();
  /** The snapshot to write of each chapter, and the last one written (to skip writes that change nothing). */
  #pending = new Map<number, { rec: GameRec; meta: ChapterMeta }>();
  #written = new Map<number, string>();
  #timer = 0;
  #writing: Promise<void> = Promise.resolve();
  #importing = false;
  #cancelImport: (() => void) | null = null;
  #undo: (() => Promise<void>) | null = null;
  #undoTimer = 0;
  #optionOf = new Map<number, HTMLElement>();
  #rendering = 0; // the chapter list's render under way (#renderChapters)
  /** The games made from scratch, kept in no study yet; the one on the board (if any). */
  #scratches: ScratchRec[] = [];
  #scratchOf = new WeakMap<Game, number>();
  #scratchTimer = 0;
  /** Games to keep as chapters unasked (a link to a game). */
  #adopt = new WeakSet<Game>();
  /**
   * Copies of games stored elsewhere (the Explorer's databases), with their PGN as opened: no
   * scratch game while they are unchanged (nothing is lost when one is left), one once changed.
   */
  #copies = new WeakMap<Game, string>();
  /** The study pickers of the imports (and of the scratch prompt), kept in step with the list. */
  #targets: HTMLSelectElement[] = [];
  #scratchEl: HTMLElement;
  /** Resolves once `start` is done (the studies are listed, or there is no storage). */
  #started: Promise<void>;
  #startDone: () => void = () => {};
  #el: HTMLElement;

  constructor(store: Store, hooks: StudiesHooks = {}) {
    this.#store = store;
    this.#hooks = hooks;
    this.#el = this.#build();
    this.#scratchEl = this.#buildScratch();
    this.#started = new Promise((resolve) => (this.#startDone = resolve));
    store.on('change', () => this.#onChange());
    // An undo or redo gives the same game as another object: it stays in its chapter.
    store.on('replace', (old, game) => {
      const scratch = this.#scratchOf.get(old);
      if (scratch !== undefined) this.#scratchOf.set(game, scratch);
      if (this.#adopt.has(old)) this.#adopt.add(game);
      const copy = this.#copies.get(old);
      if (copy !== undefined) this.#copies.set(game, copy);
      const id = this.#attached.get(old);
      if (id !== undefined) this.#attached.set(game, id);
      else if (this.#attaching.has(old)) {
        this.#attaching.add(game);
        this.#successor.set(old, game);
      }
    });
    const flush = () => {
      this.#takeSnapshot();
      void this.#write();
      this.#saveScratches();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }

  /** The section (placed by the caller). */
  get element(): HTMLElement {
    return this.#el;
  }

  /**
   * Whether replacing the game on the board keeps it: it is a chapter, or a game made from
   * scratch that stays unsaved (the prompt offers it back) until the user keeps or discards it.
   * False without storage, and for a game the PGN writer refuses.
   */
  keeps(game: Game): boolean {
    if (this.#unchangedCopy(game)) return true; // its database has it as it is
    return !!this.#db && (this.#attached.has(game) || this.#attaching.has(game) || this.#scratchOf.has(game));
  }

  /**
   * Marks `game`, about to be shown, as a copy of a game stored elsewhere (a game of the
   * Explorer's databases): while it is as opened it is no scratch game (the prompt does not ask
   * about it, and leaving it loses nothing); once changed it is one like any other.
   */
  markCopy(game: Game): void {
    try {
      this.#copies.set(game, game.pgn());
    } catch {
      // a game the PGN writer refuses is kept as a scratch game would be (#noteScratch)
    }
  }

  /** The prompt for a game kept in no study yet (placed by the caller, beside the moves). */
  get scratchElement(): HTMLElement {
    return this.#scratchEl;
  }

  /**
   * Makes `select` a study picker: "New study" and every study, kept in step with the list
   * (the choice is kept while the study exists).
   */
  targetSelect(select: HTMLSelectElement): void {
    this.#targets.push(select);
    this.#fillTarget(select);
  }

  #fillTarget(select: HTMLSelectElement): void {
    const was = select.value;
    select.replaceChildren(
      h('option', { value: NEW_STUDY }, 'New study'),
      ...this.#studies.map((s) => h('option', { value: s.id }, s.name)),
    );
    select.value = this.#studies.some((s) => String(s.id) === was) ? was : NEW_STUDY;
  }

  // A picker's value: a study id, or undefined for a new study.
  #studyOf(target: string | undefined): number | undefined {
    const id = Number(target);
    return target !== NEW_STUDY && this.#studies.some((s) => s.id === id) ? id : undefined;
  }

  // ---- markup -----------------------------------------------------------------------------

  #build(): HTMLElement {
    const file = h('input', {
      id: 'study-file',
      type: 'file',
      accept: '.pgn,application/x-chess-pgn,text/plain',
      'data-testid': 'study-file',
    });
    const el = h(
      'section.panel.studies',
      { id: 'studies-panel', 'aria-labelledby': 'studies-title', 'data-testid': 'studies-panel' },
      h(
        'div.row.studies-head',
        null,
        h('h2', { id: 'studies-title' }, 'Studies'),
        h('span.small.muted.save-state', { id: 'save-state', 'data-testid': 'save-state', role: 'status' }, ''),
      ),
      h(
        'div.row.wrap',
        null,
        h(
          'label.file-btn',
          { 'data-testid': 'study-import', title: 'Import a PGN file (any number of games) into the study picked' },
          'Import PGN file',
          file,
        ),
        h('label.small', { for: 'study-target' }, 'into'),
        h('select', { id: 'study-target', 'data-testid': 'study-target' }),
        h('button', { id: 'study-new', type: 'button', 'data-testid': 'study-new' }, 'New study'),
      ),
      progressRow('study'),
      h('p.small.muted', { id: 'studies-empty' }, 'No study yet: import a PGN file, or keep a game you play.'),
      h('div.listbox.study-list', {
        id: 'studies',
        role: 'listbox',
        'aria-label': 'Studies',
        'data-testid': 'studies',
      }),
      h(
        'div.row.wrap.study-actions',
        null,
        h('button', { id: 'study-rename', type: 'button', 'data-testid': 'study-rename' }, 'Rename'),
        h('button', { id: 'study-duplicate', type: 'button', 'data-testid': 'study-duplicate' }, 'Duplicate'),
        h(
          'button',
          {
            id: 'study-export',
            type: 'button',
            'data-testid': 'study-export',
            title: 'Download every chapter as one PGN file',
          },
          'Export study',
        ),
        h('button', { id: 'study-delete', type: 'button', 'data-testid': 'study-delete' }, 'Delete study'),
      ),
      h(
        'form.row.study-rename-form',
        { id: 'study-rename-form', hidden: true },
        h('label.sr-only', { for: 'study-name' }, 'Study name'),
        h('input', { id: 'study-name', type: 'text', 'data-testid': 'study-name', autocomplete: 'off' }),
        h('button', { type: 'submit' }, 'Save'),
      ),
      h('label.sr-only', { for: 'chapter-search' }, 'Search chapters by player or opening'),
      h('input', {
        id: 'chapter-search',
        type: 'search',
        'data-testid': 'chapter-search',
        placeholder: 'Search chapters: player, opening, ECO',
        autocomplete: 'off',
      }),
      h('div.listbox.chapter-list', {
        id: 'chapters',
        role: 'listbox',
        'aria-label': 'Chapters',
        'data-testid': 'chapters',
      }),
      h(
        'div.row.wrap.study-actions',
        null,
        h(
          'button',
          {
            id: 'chapter-export',
            type: 'button',
            'data-testid': 'chapter-export',
            title: 'Download this chapter as PGN',
          },
          'Export chapter',
        ),
        h(
          'button',
          { id: 'chapter-duplicate', type: 'button', 'data-testid': 'chapter-duplicate' },
          'Duplicate chapter',
        ),
        h('button', { id: 'chapter-delete', type: 'button', 'data-testid': 'chapter-delete' }, 'Delete chapter'),
      ),
      h('p.note.study-notice', { id: 'study-notice', 'data-testid': 'study-notice', role: 'status', hidden: true }),
      h('p.error', { id: 'study-error', 'data-testid': 'study-error', role: 'alert' }),
    );
    file.addEventListener('change', () => {
      const f = file.files?.[0];
      file.value = '';
      if (f) void this.importFile(f, el.querySelector<HTMLSelectElement>('#study-target')!.value);
    });
    this.#targets.push(el.querySelector<HTMLSelectElement>('#study-target')!);
    const q = (sel: string) => el.querySelector<HTMLElement>(sel)!;
    // The Cancel of an import's progress (here, or the copy in the PGN panel).
    document.addEventListener('click', (e) => {
      if ((e.target as HTMLElement).closest?.('[data-import-cancel]')) this.cancelImport();
    });
    q('#study-new').addEventListener('click', () => void this.#guard(() => this.#newStudy()));
    q('#study-rename').addEventListener('click', () => this.#startRename());
    q('#study-rename-form').addEventListener('submit', (e) => {
      e.preventDefault();
      void this.#guard(() => this.#finishRename());
    });
    q('#study-name').addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        q('#study-rename-form').hidden = true;
        q('#study-rename').focus();
      }
    });
    q('#study-duplicate').addEventListener('click', () => void this.#guard(() => this.#duplicateStudy()));
    q('#study-export').addEventListener('click', () => void this.#guard(() => this.#exportStudy()));
    q('#study-delete').addEventListener('click', () => void this.#guard(() => this.#deleteStudy()));
    q('#chapter-export').addEventListener('click', () => void this.#guard(() => this.#exportChapter()));
    q('#chapter-duplicate').addEventListener('click', () => void this.#guard(() => this.#duplicateChapter()));
    q('#chapter-delete').addEventListener('click', () => void this.#guard(() => this.#deleteChapter()));
    q('#chapter-search').addEventListener('input', () => this.#filter());
    this.#listbox(q('#studies'), (id) => this.#guard(() => this.openStudy(id)));
    this.#listbox(q('#chapters'), (id) => this.#guard(() => this.openChapter(id)));
    return el;
  }

  // The prompt for a game in no study: keep it (in the study picked) or discard it.
  #buildScratch(): HTMLElement {
    const target = h('select', { id: 'scratch-target', 'data-testid': 'scratch-target' });
    this.#targets.push(target);
    const el = h(
      'section.scratch-bar',
      { id: 'scratch', 'data-testid': 'scratch', 'aria-labelledby': 'scratch-text', hidden: true },
      h('p.scratch-text', { id: 'scratch-text', 'data-testid': 'scratch-text' }, ''),
      h(
        'div.row.wrap',
        null,
        h('label.small', { for: 'scratch-target' }, 'Keep in'),
        target,
        h('button.primary', { id: 'scratch-keep', type: 'button', 'data-testid': 'scratch-keep' }, 'Keep'),
        h('button', { id: 'scratch-discard', type: 'button', 'data-testid': 'scratch-discard' }, 'Discard'),
        h('button', { id: 'scratch-show', type: 'button', 'data-testid': 'scratch-show', hidden: true }, 'Show it'),
      ),
    );
    el.querySelector('#scratch-keep')!.addEventListener('click', () => void this.#guard(() => this.#keepScratch()));
    el.querySelector('#scratch-discard')!.addEventListener('click', () => this.#discardScratch());
    el.querySelector('#scratch-show')!.addEventListener('click', () => {
      const rec = this.#shownScratch();
      if (rec) this.#openScratch(rec);
    });
    return el;
  }

  // A listbox: one tab stop (the selected option), ↑/↓/Home/End move the focus, Enter or
  // Space (or a click) opens the focused option.
  #listbox(box: HTMLElement, open: (id: number) => Promise<void>): void {
    box.addEventListener('click', (e) => {
      const o = (e.target as HTMLElement).closest<HTMLElement>('[role=option]');
      if (o) void open(Number(o.dataset.id));
    });
    box.addEventListener('keydown', (e) => {
      const options = [...box.querySelectorAll<HTMLElement>('[role=option]:not([hidden])')];
      const at = options.indexOf(document.activeElement as HTMLElement);
      let to = -1;
      if (e.key === 'ArrowDown') to = Math.min(options.length - 1, at + 1);
      else if (e.key === 'ArrowUp') to = Math.max(0, at - 1);
      else if (e.key === 'Home') to = 0;
      else if (e.key === 'End') to = options.length - 1;
      else if ((e.key === 'Enter' || e.key === ' ') && at >= 0) {
        void open(Number(options[at]!.dataset.id));
      } else return;
      e.preventDefault();
      e.stopPropagation(); // the board's keys (← → ↑ ↓ Home End) are not for the list
      const o = options[to];
      if (o) {
        for (const x of options) x.tabIndex = -1;
        o.tabIndex = 0;
        o.focus();
      }
    });
  }

  // ---- start ------------------------------------------------------------------------------

  /**
   * Opens the database, lists the studies and reopens the last study; its last chapter and
   * move come back on the board unless `keepBoard` (the page was opened with a link to a game).
   */
  async start(keepBoard: boolean): Promise<void> {
    try {
      await this.#start(keepBoard);
    } finally {
      this.#startDone();
    }
  }

  async #start(keepBoard: boolean): Promise<void> {
    try {
      this.#db = await StudyStorage.open();
    } catch (e) {
      this.#error(
        `Studies are not kept: this browser gives the page no storage (${e instanceof Error ? e.message : String(e)}).`,
      );
      return;
    }
    this.#studies = await this.#db.studies();
    const last = await this.#db.last();
    const study = last && this.#studies.find((s) => s.id === last.study);
    const { onBoard } = this.#loadScratches();
    // A link to a game keeps it as a chapter, as before: the user asked for that game.
    if (keepBoard && this.#store.game.root.children.length) this.#adopt.add(this.#store.game);
    if (!keepBoard && onBoard) {
      // The board held a game in no study when the page went away: it comes back, still unsaved.
      if (study) await this.#loadStudy(study);
      this.#openScratch(onBoard);
    } else if (study) {
      await this.#loadStudy(study);
      if (!keepBoard && last.chapter !== null && this.#chapters.some((c) => c.id === last.chapter))
        await this.openChapter(last.chapter);
      else if (!keepBoard && last.chapter === null && this.#store.game.root.children.length && this.#chapters[0])
        // No chapter was open (a study was deleted, or this one just made): the game in the URL is
        // in no chapter of it; the study opens at its first chapter, as opening it does.
        await this.openChapter(this.#chapters[0].id);
    } else if (!keepBoard && last && this.#store.game.root.children.length) {
      // The last study was deleted (the one open when the page went away): its game is still in
      // the URL; a fresh board, not a new study holding the deleted game.
      this.#store.newGame(startOf(this.#store), this.#store.variant);
    }
    this.#renderStudies();
    if (!this.#study) this.#renderChapters(); // (no study: no chapter list)
    this.#onChange(); // the game on the board: a chapter (a link), or unsaved until the user says
    this.#renderScratch();
    this.#el.dataset.ready = 'true';
  }

  // ---- saving as the user goes ---------------------------------------------------------------

  #onChange(): void {
    const store = this.#store;
    if (!this.#db || store.puzzle || store.mode === 'editor') return;
    const game = store.game;
    const id = this.#attached.get(game);
    if (id === undefined) {
      if (this.#chapter !== null) this.#select(null);
      if (this.#attaching.has(game)) return;
      if (this.#adopt.has(game)) {
        if (game.root.children.length) void this.#guard(() => this.#attach(game));
      } else if (!this.#unchangedCopy(game)) this.#noteScratch(game);
      this.#renderScratch();
      return;
    }
    this.#renderScratch();
    if (id !== this.#chapter) {
      this.#select(id);
      void this.#db.setLast(this.#study?.id ?? 0, id).catch(() => {});
    }
    this.#takeSnapshot();
    window.clearTimeout(this.#timer);
    this.#timer = window.setTimeout(() => this.#write(), 40);
  }

  // The board's game as a record, taken now (the game may be disposed before the write).
  #takeSnapshot(): void {
    const store = this.#store;
    const id = this.#attached.get(store.game);
    if (id === undefined || store.puzzle || store.mode === 'editor') return;
    let pgn: string;
    try {
      pgn = store.game.pgn();
    } catch {
      return; // a value the PGN writer refuses (the PGN panel says why on export)
    }
    const rec: GameRec = { id, pgn, orientation: store.orientation, path: pathOf(store.node) };
    const meta = chapterMeta(store.game);
    this.#pending.set(id, { rec, meta });
    // Said at once (not when the write starts): "Saved" is only shown once this is written.
    if (this.#written.get(id) !== JSON.stringify([rec, meta])) this.#saveState('Saving…');
  }

  /** Writes the pending snapshots (one transaction each); resolves when all are written. */
  #write(): Promise<void> {
    window.clearTimeout(this.#timer);
    const db = this.#db;
    if (!db || !this.#pending.size) return this.#writing;
    const items = [...this.#pending.values()];
    this.#pending.clear();
    this.#writing = this.#writing.then(async () => {
      for (const { rec, meta } of items) {
        const key = JSON.stringify([rec, meta]);
        if (this.#written.get(rec.id) === key) {
          if (!this.#pending.size) this.#saveState('Saved');
          continue;
        }
        this.#saveState('Saving…');
        try {
          const old = this.#chapters.find((c) => c.id === rec.id);
          const changedMeta = !old || JSON.stringify(meta) !== JSON.stringify(metaOf(old));
          await db.saveGame(rec, changedMeta ? meta : undefined);
          this.#written.set(rec.id, key);
          if (old && changedMeta) {
            Object.assign(old, meta);
            this.#redrawOption(old);
          }
          this.#saveState('Saved');
        } catch (e) {
          this.#saveState('Not saved');
          this.#error(
            e instanceof StorageFullError ? e.message : `Not saved: ${e instanceof Error ? e.message : String(e)}`,
          );
        }
      }
    });
    return this.#writing;
  }

  /** Waits until everything changed so far is written. */
  async flush(): Promise<void> {
    this.#takeSnapshot();
    await this.#write();
  }

  // ---- games in no study yet ---------------------------------------------------------------------

  // Whether the game is a copy (markCopy) as it was opened; a changed one stops being a copy.
  #unchangedCopy(game: Game): boolean {
    const pgn = this.#copies.get(game);
    if (pgn === undefined) return false;
    let now: string;
    try {
      now = game.pgn();
    } catch {
      now = '';
    }
    if (now === pgn) return true;
    this.#copies.delete(game);
    return false;
  }

  // The board's game is in no chapter: once it has a move it is a scratch game (kept in
  // localStorage until the user keeps or discards it); with none, there is nothing to keep.
  #noteScratch(game: Game): void {
    const known = this.#scratchOf.get(game);
    if (!game.root.children.length) {
      if (known !== undefined) {
        this.#scratches = this.#scratches.filter((x) => x.id !== known);
        this.#scratchOf.delete(game);
        this.#queueScratchSave();
      }
      return;
    }
    let pgn: string;
    try {
      pgn = game.pgn();
    } catch {
      return; // a value the PGN writer refuses (the PGN panel says why on export)
    }
    const id = known ?? Math.max(Date.now(), ...this.#scratches.map((x) => x.id + 1));
    const rec: ScratchRec = {
      id,
      pgn,
      orientation: this.#store.orientation,
      path: pathOf(this.#store.node),
      meta: chapterMeta(game),
    };
    this.#scratchOf.set(game, id);
    const i = this.#scratches.findIndex((x) => x.id === id);
    if (i >= 0) this.#scratches[i] = rec;
    else this.#scratches.push(rec);
    this.#queueScratchSave();
  }

  #queueScratchSave(): void {
    window.clearTimeout(this.#scratchTimer);
    this.#scratchTimer = window.setTimeout(() => this.#saveScratches(), 40);
  }

  // The scratch games and which of them is on the board, into localStorage (small: a few games).
  #saveScratches(): void {
    window.clearTimeout(this.#scratchTimer);
    const board = this.#scratchOf.get(this.#store.game) ?? null;
    try {
      if (this.#scratches.length) localStorage.setItem(SCRATCH_KEY, JSON.stringify({ games: this.#scratches, board }));
      else localStorage.removeItem(SCRATCH_KEY);
    } catch (e) {
      this.#error(`The unsaved game could not be kept in this browser: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  #loadScratches(): { onBoard: ScratchRec | undefined } {
    try {
      const v = JSON.parse(localStorage.getItem(SCRATCH_KEY) ?? 'null') as {
        games?: ScratchRec[];
        board?: number | null;
      } | null;
      this.#scratches = Array.isArray(v?.games) ? v.games.filter((x) => typeof x?.pgn === 'string') : [];
      return { onBoard: this.#scratches.find((x) => x.id === v?.board) };
    } catch {
      this.#scratches = [];
      return { onBoard: undefined };
    }
  }

  // The scratch game the prompt is about: the board's, else the last one made.
  #shownScratch(): ScratchRec | undefined {
    const id = this.#scratchOf.get(this.#store.game);
    return this.#scratches.find((x) => x.id === id) ?? this.#scratches.at(-1);
  }

  #openScratch(rec: ScratchRec): void {
    let game: Game;
    try {
      game = Game.fromPgn(rec.pgn);
    } catch (e) {
      this.#error(e instanceof PgnError ? `The unsaved game could not be read: ${pgnErrorText(e)}` : String(e));
      return;
    }
    this.#scratchOf.set(game, rec.id);
    this.#hooks.beforeOpen?.();
    this.#store.batch(() => {
      this.#store.orientation = rec.orientation;
      this.#store.setGame(game, nodeAt(game, rec.path));
    });
  }

  #renderScratch(): void {
    const el = this.#scratchEl;
    const rec = this.#db && !this.#store.puzzle && this.#store.mode !== 'editor' ? this.#shownScratch() : undefined;
    el.hidden = !rec;
    if (!rec) return;
    const onBoard = this.#scratchOf.get(this.#store.game) === rec.id;
    const moves = plural(Math.ceil(rec.meta.plies / 2), 'move');
    const others = this.#scratches.length - 1;
    el.querySelector('#scratch-text')!.textContent =
      (onBoard
        ? `This game (${moves}) is in no study yet.`
        : `An unsaved game, ${chapterLabel(rec.meta)} (${moves}), is in no study yet.`) +
      (others > 0 ? ` ${plural(others, 'other unsaved game')} after it.` : '');
    el.querySelector<HTMLElement>('#scratch-show')!.hidden = onBoard;
  }

  // Keeps the prompt's game as a chapter of the study picked (or of a new one).
  async #keepScratch(): Promise<void> {
    const db = this.#db;
    const rec = this.#shownScratch();
    if (!db || !rec) return;
    await this.#write();
    const into = this.#studyOf(this.#scratchEl.querySelector<HTMLSelectElement>('#scratch-target')!.value);
    const game = this.#store.game;
    const onBoard = this.#scratchOf.get(game) === rec.id;
    const item: NewChapter = {
      meta: onBoard ? chapterMeta(game) : rec.meta,
      game: onBoard
        ? { pgn: game.pgn(), orientation: this.#store.orientation, path: pathOf(this.#store.node) }
        : { pgn: rec.pgn, orientation: rec.orientation, path: rec.path },
    };
    const { study, chapters } = await db.addChapters(into ?? this.#freeName(item.meta.event || DEFAULT_STUDY), [item]);
    if (into === undefined) this.#studies.push(study);
    this.#replaceStudy(study);
    this.#scratches = this.#scratches.filter((x) => x.id !== rec.id);
    this.#saveScratches();
    const id = chapters[0]!.id;
    if (onBoard) {
      this.#scratchOf.delete(game);
      this.#attached.set(game, id);
      this.#written.set(id, JSON.stringify([{ id, ...item.game }, item.meta]));
      await this.#loadStudy(study);
      this.#onChange();
    } else {
      await this.#loadStudy(study);
      await this.openChapter(id);
    }
    this.#renderScratch();
    this.#announce(`Kept in the study “${study.name}”.`);
  }

  // Drops the prompt's game (with Undo); one on the board gives way to a fresh board.
  #discardScratch(): void {
    const rec = this.#shownScratch();
    if (!rec) return;
    const game = this.#store.game;
    const onBoard = this.#scratchOf.get(game) === rec.id;
    this.#scratches = this.#scratches.filter((x) => x.id !== rec.id);
    this.#saveScratches();
    if (onBoard) {
      this.#scratchOf.delete(game);
      this.#hooks.beforeOpen?.();
      this.#store.newGame(startOf(this.#store), this.#store.variant);
    }
    this.#renderScratch();
    this.#announce('Unsaved game discarded.', () => {
      this.#scratches.push(rec);
      this.#saveScratches();
      this.#openScratch(rec);
      this.#renderScratch();
      return Promise.resolve();
    });
  }

  // A note under the prompt (with Undo when given): the studies' own notice may be in a hidden tab.
  #announce(text: string, undo?: () => Promise<void>): void {
    this.#offerUndo(text, undo ?? null, this.#scratchNote());
  }

  // A note after an element of another panel (`<id>-note`), made on first use.
  #noteAfter(el: HTMLElement): HTMLElement {
    const id = `${el.id}-note`;
    let note = document.getElementById(id);
    if (!note) {
      note = h('p.note.small', { id, 'data-testid': id, role: 'status', hidden: true });
      el.after(note);
    }
    return note;
  }

  #scratchNote(): HTMLElement {
    let note = document.getElementById('scratch-note');
    if (!note) {
      note = h('p.note.small', { id: 'scratch-note', 'data-testid': 'scratch-note', role: 'status', hidden: true });
      this.#scratchEl.after(note);
    }
    return note;
  }

  // A game in no chapter yet: a new chapter at the end of the open study (or of a new "My games").
  async #attach(game: Game): Promise<void> {
    const db = this.#db!;
    this.#attaching.add(game);
    try {
      // The chapter as the game is now (an undo meanwhile disposes this object).
      const item: NewChapter = {
        meta: chapterMeta(game),
        game: { pgn: game.pgn(), orientation: this.#store.orientation, path: pathOf(game.current) },
      };
      let study = this.#study ?? this.#studies.find((s) => s.name === DEFAULT_STUDY);
      if (!study) {
        study = await db.createStudy(DEFAULT_STUDY);
        this.#studies.push(study);
      }
      const { study: s, chapters } = await db.addChapters(study.id, [item]);
      for (let g: Game | undefined = game; g; g = this.#successor.get(g)) this.#attached.set(g, chapters[0]!.id);
      this.#replaceStudy(s);
      if (this.#study?.id !== s.id) await this.#loadStudy(s);
      else {
        this.#study = s;
        this.#chapters.push(chapters[0]!);
        this.#renderChapters();
        this.#renderStudies();
      }
    } finally {
      for (let g: Game | undefined = game; g; g = this.#successor.get(g)) this.#attaching.delete(g);
    }
    if (this.#attached.has(this.#store.game)) this.#onChange();
  }

  /**
   * The games of a PGN import (the PGN panel): each game a chapter of the study `target` (a
   * study picker's value), or of a new study named after the games' Event when they share one,
   * else `name`.
   */
  async addImported(games: Game[], target: string = NEW_STUDY, name = 'Pasted PGN'): Promise<void> {
    for (const g of games) this.#attaching.add(g); // (at once: not a scratch game meanwhile)
    await this.#started; // an import made while the studies open waits for them
    const db = this.#db;
    if (!db) return;
    const into = this.#studyOf(target);
    await this.#guard(async () => {
      try {
        await this.#write();
        const items: NewChapter[] = games.map((g) => ({
          meta: chapterMeta(g),
          game: { pgn: g.pgn(), orientation: 'white', path: pathOf(g.current) },
        }));
        const events = new Set(items.map((it) => it.meta.event));
        const [event] = events;
        const { study, chapters } = await db.addChapters(
          into ?? this.#freeName(events.size === 1 && event ? event : name),
          items,
          true,
        );
        games.forEach((g, i) => this.#attached.set(g, chapters[i]!.id));
        if (into === undefined) this.#studies.push(study);
        else this.#replaceStudy(study);
        await this.#loadStudy(study);
        this.#renderStudies();
      } finally {
        for (const g of games) this.#attaching.delete(g);
      }
    });
    this.#onChange();
  }

  // ---- import -----------------------------------------------------------------------------

  /**
   * Imports a PGN file into the study `target` (a study picker's value), or a new study named
   * after the file; opens it at the first game imported.
   */
  importFile(file: File, target: string = NEW_STUDY): Promise<ImportOutcome> {
    return this.#import(
      file,
      file.name.replace(/\.(pgn|txt)$/i, '') || 'Imported PGN',
      file.name,
      undefined,
      false,
      this.#studyOf(target),
    );
  }

  /**
   * Imports a pasted PGN text, the way a file is (in the import worker, with progress and
   * Cancel); `progressBox` shows the progress and a cancel's notice too (the PGN panel, where the user is). Into the
   * study `target` (a study picker's value), or a new study named after the games' event when
   * they all have the same one, else `name`.
   */
  importText(
    text: string,
    name: string,
    progressBox?: HTMLElement,
    target: string = NEW_STUDY,
  ): Promise<ImportOutcome> {
    return this.#import(text, name, 'the pasted PGN', progressBox, true, this.#studyOf(target));
  }

  /** Whether an import is under way. */
  get importing(): boolean {
    return this.#importing;
  }

  /** Stops the import under way; what it wrote is dropped, with an Undo notice. */
  cancelImport(): void {
    this.#cancelImport?.();
  }

  // Reads a PGN in the import worker (the page stays responsive) and writes its games as the
  // chapters of a new study (or of the study `into`), one transaction per batch: an interrupted
  // import leaves the games of the batches written, the study marked incomplete.
  async #import(
    source: Blob | string,
    name: string,
    what: string,
    progressBox?: HTMLElement,
    nameFromEvent = false,
    into?: number,
  ): Promise<ImportOutcome> {
    const db = this.#db;
    if (!db) return { count: 0, error: 'Studies are not kept in this browser.' };
    if (this.#importing) return { count: 0, error: 'Another import is under way.' };
    this.#importing = true;
    this.#error('');
    const progress = this.#el.querySelector<HTMLElement>('#study-progress')!;
    const rows = [progress, ...(progressBox ? [progressBox] : [])];
    if (progressBox) progressBox.replaceChildren(...progressRow('pgn-import').childNodes);
    for (const r of rows) r.hidden = false;
    let bytes = 0;
    // (a text's length in UTF-16 units: its UTF-8 size, near enough for a progress bar)
    const total = typeof source === 'string' ? source.length : source.size;
    let count = 0;
    const errors: ImportError[] = [];
    let study: number | string = into ?? (nameFromEvent ? this.#freeName(name) : name);
    const added: number[] = []; // the chapters written (into an existing study: what a cancel drops)
    const events = new Set<string>();
    const show = () => {
      const part = total ? Math.min(1, bytes / total) : 1;
      for (const r of rows) {
        r.querySelector('progress')!.value = part;
        r.querySelector('span')!.textContent =
          `Importing ${what}: ${plural(count, 'game')} (${Math.round(100 * part)}%)`;
      }
    };
    const flushBatch = async (items: NewChapter[], complete: boolean) => {
      for (const it of items) events.add(it.meta.event);
      const r = await db.addChapters(study, items, complete);
      count += items.length;
      for (const c of r.chapters) added.push(c.id);
      if (typeof study === 'string') this.#studies.push(r.study);
      study = r.study.id;
      this.#replaceStudy(r.study);
      this.#renderStudies();
    };
    const worker = new Worker(new URL('../import-worker.ts', import.meta.url), { type: 'module' });
    let cancelled = false;
    const finished = new Promise<void>((resolve, reject) => {
      let chain: Promise<void> = Promise.resolve();
      let settled = false;
      const settle = (e?: unknown) => {
        if (settled) return;
        settled = true;
        worker.terminate();
        this.#cancelImport = null;
        if (e === undefined) resolve();
        else reject(e instanceof Error ? e : new Error(typeof e === 'string' ? e : 'the import failed'));
      };
      this.#cancelImport = () => {
        cancelled = true;
        worker.terminate();
        void chain.then(() => settle(), settle);
      };
      worker.onmessage = (ev: MessageEvent<ImportMessage>) => {
        const m = ev.data;
        chain = chain
          .then(async () => {
            if (settled || cancelled) return;
            if (m.type === 'failed') throw new Error(m.message);
            bytes = m.bytes;
            errors.push(...m.errors);
            const done = m.type === 'done';
            if (m.items.length || (done && typeof study === 'number')) await flushBatch(m.items, done);
            show();
            if (done) settle();
          })
          .catch(settle);
      };
      worker.onerror = (e) => {
        e.preventDefault();
        void chain.then(() => settle(new Error(e.message || 'the import worker could not start')), settle);
      };
    });
    const hide = () => {
      for (const r of rows) r.hidden = true;
    };
    try {
      await this.#write();
      show();
      worker.postMessage({ source, batch: BATCH });
      await finished;
      hide();
      if (cancelled) {
        // The Undo notice where the import was started (the PGN panel's box), else in the studies.
        const note = progressBox ? this.#noteAfter(progressBox) : undefined;
        if (into !== undefined) await this.#dropChapters(into, added, count, note);
        else if (typeof study === 'number') await this.#dropImport(study, count, note);
        return { count: 0, cancelled: true };
      }
      if (typeof study === 'string' || !count) {
        const error = errors.length
          ? `No game could be read: ${pgnErrorText(errors[0]!)}`
          : `No game found in ${what}.`;
        this.#error(error);
        return { count: 0, error };
      }
      const [event] = events;
      if (nameFromEvent && into === undefined && events.size === 1 && event) {
        const s = this.#studies.find((x) => x.id === study);
        if (s) {
          s.name = this.#freeName(event);
          await db.renameStudy(s.id, s.name);
        }
      }
      let error: string | undefined;
      if (errors.length) {
        error = `${plural(errors.length, 'game')} could not be read and ${errors.length === 1 ? 'was' : 'were'} left out; the first: ${pgnErrorText(errors[0]!)}`;
        this.#error(error);
      }
      // At its first game, unless the user opened one of its chapters while it was written.
      const picked = this.#study?.id === study && this.#chapter !== null && added.includes(this.#chapter);
      await this.openStudy(study, picked ? this.#chapter! : added[0]);
      return { count, error };
    } catch (e) {
      hide();
      const error =
        e instanceof StorageFullError
          ? `${e.message} The import stopped after ${plural(count, 'game')}; they are kept, the study is marked incomplete.`
          : `The import stopped after ${plural(count, 'game')}: ${e instanceof Error ? e.message : String(e)}`;
      this.#error(error);
      if (typeof study === 'number') await this.openStudy(study).catch(() => {});
      return { count, error };
    } finally {
      worker.terminate();
      this.#cancelImport = null;
      this.#importing = false;
    }
  }

  // A cancelled import: its study goes (as a deleted study goes: Undo brings it back).
  async #dropImport(id: number, count: number, note?: HTMLElement): Promise<void> {
    const db = this.#db!;
    await db.setStudyDeleted(id, true);
    const s = this.#studies.find((x) => x.id === id);
    this.#studies = this.#studies.filter((x) => x.id !== id);
    this.#renderStudies();
    this.#offerUndo(
      `Import cancelled: the ${plural(count, 'game')} read were dropped.`,
      async () => {
        await db.setStudyDeleted(id, false);
        this.#studies = await db.studies();
        if (s) await this.openStudy(id);
      },
      note,
    );
  }

  // A cancelled import into an existing study: the chapters it wrote go (Undo brings them back).
  async #dropChapters(study: number, ids: number[], count: number, note?: HTMLElement): Promise<void> {
    const db = this.#db!;
    await db.setChaptersDeleted(ids, true);
    await this.openStudy(study);
    this.#offerUndo(
      `Import cancelled: the ${plural(count, 'game')} read were dropped.`,
      async () => {
        await db.setChaptersDeleted(ids, false);
        this.#studies = await db.studies();
        await this.openStudy(study, ids[0]);
      },
      note,
    );
  }

  // ---- opening ----------------------------------------------------------------------------

  async #loadStudy(s: StudyRec): Promise<void> {
    this.#study = s;
    this.#chapters = await this.#db!.chapters(s.id);
    const search = this.#el.querySelector<HTMLInputElement>('#chapter-search')!;
    search.value = '';
    this.#renderChapters();
    this.#renderStudies();
  }

  /** Opens a study at its first chapter (or at the chapter `at`). */
  async openStudy(id: number, at?: number): Promise<void> {
    const db = this.#db!;
    await this.#write();
    const s = (await db.study(id)) ?? this.#studies.find((x) => x.id === id);
    if (!s) return;
    this.#replaceStudy(s);
    await this.#loadStudy(s);
    const first = this.#chapters.find((c) => c.id === at) ?? this.#chapters[0];
    if (first) await this.openChapter(first.id);
    else {
      this.#select(null);
      await db.setLast(s.id, null);
    }
  }

  /** Opens a chapter of the open study where the user left it. */
  async openChapter(id: number): Promise<void> {
    const db = this.#db!;
    const store = this.#store;
    if (this.#attached.get(store.game) === id) return;
    await this.#write();
    // A game of the PGN panel's picker that is this chapter: the same object.
    const live = store.games.find((g) => this.#attached.get(g) === id);
    if (live) {
      store.setGame(live);
      return;
    }
    const rec = await db.game(id);
    if (!rec) return;
    let game: Game;
    try {
      game = Game.fromPgn(rec.pgn);
    } catch (e) {
      this.#error(e instanceof PgnError ? `This chapter could not be read: ${pgnErrorText(e)}` : String(e));
      return;
    }
    this.#attached.set(game, id);
    this.#written.set(id, ''); // unknown: the next change writes
    this.#hooks.beforeOpen?.();
    store.batch(() => {
      store.orientation = rec.orientation;
      store.setGame(game, nodeAt(game, rec.path));
    });
    await db.setLast(this.#study?.id ?? 0, id);
  }

  // ---- actions ----------------------------------------------------------------------------

  async #newStudy(): Promise<void> {
    const db = this.#db;
    if (!db) return;
    await this.#write();
    const s = await db.createStudy(this.#freeName('Study', true));
    this.#studies.push(s);
    await this.#loadStudy(s);
    await db.setLast(s.id, null);
    this.#hooks.beforeOpen?.();
    this.#store.newGame(startOf(this.#store), this.#store.variant);
    // The user asked for this study: the new board's game is its first chapter once it has a move.
    this.#adopt.add(this.#store.game);
  }

  // `base` (a study name) if no study has it, else `base 2`, `base 3`...; `base 1` first when `numbered`.
  #freeName(base: string, numbered = false): string {
    const names = new Set(this.#studies.map((s) => s.name));
    if (!numbered && !names.has(base)) return base;
    for (let i = numbered ? 1 : 2; ; i++) if (!names.has(`${base} ${i}`)) return `${base} ${i}`;
  }

  #startRename(): void {
    if (!this.#study) return;
    const form = this.#el.querySelector<HTMLFormElement>('#study-rename-form')!;
    const input = this.#el.querySelector<HTMLInputElement>('#study-name')!;
    form.hidden = false;
    input.value = this.#study.name;
    input.focus();
    input.select();
  }

  async #finishRename(): Promise<void> {
    const form = this.#el.querySelector<HTMLFormElement>('#study-rename-form')!;
    const name = this.#el.querySelector<HTMLInputElement>('#study-name')!.value.trim();
    form.hidden = true;
    if (!this.#study || !name) return;
    await this.#db!.renameStudy(this.#study.id, name);
    this.#study.name = name;
    this.#replaceStudy(this.#study);
    this.#renderStudies();
    this.#el.querySelector<HTMLElement>('#study-rename')!.focus();
  }

  async #duplicateStudy(): Promise<void> {
    if (!this.#study) return;
    await this.#write();
    const s = await this.#db!.duplicateStudy(this.#study.id, `${this.#study.name} (copy)`);
    this.#studies.push(s);
    await this.openStudy(s.id);
  }

  async #deleteStudy(): Promise<void> {
    const s = this.#study;
    const db = this.#db;
    if (!s || !db) return;
    await this.#write();
    await db.setStudyDeleted(s.id, true);
    this.#studies = this.#studies.filter((x) => x.id !== s.id);
    // Where a reload goes from now on, before anything else is awaited: the next study (at its
    // first chapter), not the deleted one, whose game is still on the board and in the URL and
    // would otherwise be filed again under a new study.
    await db.setLast(this.#studies[0]?.id ?? 0, null);
    this.#study = null;
    this.#chapters = [];
    this.#select(null);
    this.#renderStudies();
    this.#renderChapters();
    const next = this.#studies[0];
    if (next) await this.openStudy(next.id);
    else {
      this.#hooks.beforeOpen?.();
      this.#store.newGame(startOf(this.#store), this.#store.variant);
    }
    this.#offerUndo(`Deleted the study “${s.name}”.`, async () => {
      await db.setStudyDeleted(s.id, false);
      this.#studies = await db.studies();
      await this.openStudy(s.id);
    });
  }

  async #deleteChapter(): Promise<void> {
    const db = this.#db;
    const id = this.#chapter;
    const s = this.#study;
    if (!db || id === null || !s) return;
    await this.#write();
    const i = this.#chapters.findIndex((c) => c.id === id);
    const c = this.#chapters[i]!;
    await db.setChapterDeleted(id, true);
    this.#chapters.splice(i, 1);
    s.chapters--;
    this.#replaceStudy(s);
    this.#renderStudies();
    this.#renderChapters();
    const next = this.#chapters[Math.min(i, this.#chapters.length - 1)];
    this.#hooks.beforeOpen?.();
    if (next) await this.openChapter(next.id);
    else this.#store.newGame(startOf(this.#store), this.#store.variant);
    this.#offerUndo(`Deleted the chapter ${chapterLabel(c)}.`, async () => {
      await db.setChapterDeleted(id, false);
      const again = await db.study(s.id);
      if (again) {
        this.#replaceStudy(again);
        await this.#loadStudy(again);
        await this.openChapter(id);
      }
    });
  }

  async #duplicateChapter(): Promise<void> {
    const db = this.#db;
    if (!db || this.#chapter === null || !this.#study) return;
    await this.#write();
    const c = await db.duplicateChapter(this.#chapter);
    const s = await db.study(this.#study.id);
    if (s) {
      this.#replaceStudy(s);
      await this.#loadStudy(s);
    }
    await this.openChapter(c.id);
  }

  /** The PGN of a whole study (every chapter, in order), with the board's game as it is now. */
  async studyPgn(): Promise<{ name: string; text: string; count: number } | null> {
    const db = this.#db;
    const s = this.#study;
    if (!db || !s) return null;
    await this.flush();
    const items = await db.games(s.id);
    const reviews = await db.reviews(items.map((x) => x.chapter.id));
    const text = items.map((x) => exportPgn(x.game.pgn, reviews.get(x.chapter.id)).trim()).join('\n\n') + '\n';
    return { name: s.name, text, count: items.length };
  }

  async #exportStudy(): Promise<void> {
    const out = await this.studyPgn();
    if (out) download(`${out.name}.pgn`, out.text);
  }

  async #exportChapter(): Promise<void> {
    const c = this.#chapters.find((x) => x.id === this.#chapter);
    if (!c) return;
    await this.flush();
    const rec = await this.#db!.game(c.id);
    const review = await this.#db!.review(c.id);
    if (rec) download(`${chapterLabel(c).replace(/[^\w\- –]+/g, '_')}.pgn`, exportPgn(rec.pgn, review));
  }

  /** The chapter a game in memory is (undefined: none, e.g. a game kept in no study yet). */
  chapterOf(game: Game): number | undefined {
    return this.#attached.get(game);
  }

  /** The open database (null before `start`, or when the browser has no storage). */
  get storage(): StudyStorage | null {
    return this.#db;
  }

  /** The open study and its chapters (in their order), or null. */
  get shownStudy(): { study: StudyRec; chapters: readonly ChapterRec[] } | null {
    return this.#study ? { study: this.#study, chapters: this.#chapters } : null;
  }

  /** Resolves once `start` is done. */
  get started(): Promise<void> {
    return this.#started;
  }

  /** How many chapters the open study has (for the PGN panel's download). */
  get openChapters(): number {
    return this.#study && this.#chapter !== null ? this.#chapters.length : 0;
  }

  // ---- undo -------------------------------------------------------------------------------

  #offerUndo(
    text: string,
    undo: (() => Promise<void>) | null,
    note = this.#el.querySelector<HTMLElement>('#study-notice')!,
  ): void {
    const button = h('button', { type: 'button', 'data-testid': 'study-undo' }, 'Undo');
    if (undo) note.replaceChildren(`${text} `, button);
    else note.replaceChildren(text);
    note.hidden = false;
    this.#undo = undo;
    button.addEventListener('click', () => {
      const fn = this.#undo;
      this.#undo = null;
      note.hidden = true;
      if (fn) void this.#guard(fn);
    });
    window.clearTimeout(this.#undoTimer);
    this.#undoTimer = window.setTimeout(() => {
      note.hidden = true;
      this.#undo = null;
    }, 20_000);
  }

  // ---- drawing ----------------------------------------------------------------------------

  #replaceStudy(s: StudyRec): void {
    const i = this.#studies.findIndex((x) => x.id === s.id);
    if (i >= 0) this.#studies[i] = s;
    if (this.#study?.id === s.id) this.#study = s;
  }

  #renderStudies(): void {
    const box = this.#el.querySelector<HTMLElement>('#studies')!;
    const current = this.#study?.id;
    box.hidden = !this.#studies.length;
    this.#el.querySelector<HTMLElement>('#studies-empty')!.hidden = !!this.#studies.length;
    {
      box.replaceChildren(
        ...this.#studies.map((s) =>
          h(
            'div.option',
            {
              role: 'option',
              'data-id': s.id,
              'data-testid': 'study',
              'aria-selected': String(s.id === current),
              tabindex: s.id === current || (current === undefined && s === this.#studies[0]) ? 0 : -1,
              'data-complete': String(s.complete),
            },
            h('span.study-name', null, s.name),
            ' ',
            h('span.count.small.muted', { 'data-testid': 'study-count' }, plural(s.chapters, 'chapter')),
            s.complete
              ? null
              : h(
                  'span.badge.incomplete',
                  {
                    'data-testid': 'study-incomplete',
                    title: 'Its import did not finish: the games read so far are kept',
                  },
                  'incomplete',
                ),
          ),
        ),
      );
    }
    for (const t of this.#targets) this.#fillTarget(t);
    const none = !this.#study;
    for (const id of ['study-rename', 'study-duplicate', 'study-export', 'study-delete'])
      this.#el.querySelector<HTMLButtonElement>(`#${id}`)!.disabled = none;
    this.#el.querySelector<HTMLElement>('#chapter-search')!.hidden = none;
  }

  // The chapters' options, made OPTIONS_AT_ONCE at a time with the event loop free between
  // (a study of 3,000 games in one task is a frame of ~0.1 s); a new render stops the last one.
  #renderChapters(): void {
    const box = this.#el.querySelector<HTMLElement>('#chapters')!;
    const chapters = this.#chapters;
    const render = ++this.#rendering;
    this.#optionOf.clear();
    box.replaceChildren();
    box.hidden = !this.#study;
    const part = (from: number) => {
      if (render !== this.#rendering) return;
      const to = Math.min(chapters.length, from + OPTIONS_AT_ONCE);
      const frag = document.createDocumentFragment();
      let open = false;
      for (let i = from; i < to; i++) {
        const c = chapters[i]!;
        const o = this.#option(c, i);
        this.#optionOf.set(c.id, o);
        frag.append(o);
        if (c.id === this.#chapter) open = true;
      }
      box.append(frag);
      this.#filter(from, to);
      if (from === 0 || open) this.#select(this.#chapter);
      if (to < chapters.length) window.setTimeout(() => part(to), 0);
    };
    part(0);
  }

  // A chapter's option: its name is its text, "White – Black"; the rest is its description.
  #option(c: ChapterRec, i: number): HTMLElement {
    const extra = [`${i + 1}.`, c.result !== '*' ? c.result : '', c.eco, c.opening, c.event]
      .filter(Boolean)
      .join(' · ');
    return h(
      'div.option',
      {
        role: 'option',
        'data-id': c.id,
        'data-testid': 'chapter',
        'aria-selected': String(c.id === this.#chapter),
        'aria-description': extra,
        title: extra,
        tabindex: -1,
      },
      chapterLabel(c),
    );
  }

  // One chapter's tags changed (a move, a result): its option alone is redrawn.
  #redrawOption(c: ChapterRec): void {
    const old = this.#optionOf.get(c.id);
    if (!old) return;
    const o = this.#option(c, this.#chapters.indexOf(c));
    o.tabIndex = old.tabIndex;
    o.hidden = old.hidden;
    old.replaceWith(o);
    this.#optionOf.set(c.id, o);
  }

  // Hides the options (of the chapters from..to) that the search does not match.
  #filter(from = 0, to = this.#chapters.length): void {
    const q = this.#el.querySelector<HTMLInputElement>('#chapter-search')!.value.trim().toLowerCase();
    for (let i = from; i < to; i++) {
      const c = this.#chapters[i]!;
      const o = this.#optionOf.get(c.id);
      if (!o) continue;
      const hide = !!q && ![c.white, c.black, c.opening, c.eco, c.event].some((v) => v.toLowerCase().includes(q));
      if (o.hidden !== hide) o.hidden = hide; // (only the changes: a study can have thousands)
    }
  }

  #select(id: number | null): void {
    const prev = this.#chapter !== null ? this.#optionOf.get(this.#chapter) : undefined;
    prev?.setAttribute('aria-selected', 'false');
    this.#chapter = id;
    let focusable: HTMLElement | undefined;
    // One tab stop: the options that had it lose it (not a loop over thousands of options).
    for (const x of this.#el.querySelectorAll<HTMLElement>('#chapters [role=option][tabindex="0"]')) x.tabIndex = -1;
    const o = id !== null ? this.#optionOf.get(id) : undefined;
    if (o) {
      o.setAttribute('aria-selected', 'true');
      focusable = o;
      // Keep the open chapter in view inside the list (never scrolling the page).
      const box = o.parentElement!;
      const top = o.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top + o.offsetHeight > box.scrollTop + box.clientHeight)
        box.scrollTop = top - box.clientHeight / 2;
    }
    focusable ??= this.#el.querySelector<HTMLElement>('#chapters [role=option]:not([hidden])') ?? undefined;
    if (focusable) focusable.tabIndex = 0;
    for (const id of ['chapter-export', 'chapter-duplicate', 'chapter-delete'])
      this.#el.querySelector<HTMLButtonElement>(`#${id}`)!.disabled = this.#chapter === null;
  }

  #saveState(text: string): void {
    this.#el.querySelector<HTMLElement>('#save-state')!.textContent = text;
  }

  #error(text: string): void {
    this.#el.querySelector<HTMLElement>('#study-error')!.textContent = text;
  }

  // Runs an action; a failure is shown (storage full: the message says so), never thrown.
  async #guard(fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (e) {
      this.#error(e instanceof StorageFullError ? e.message : `${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

const startOf = (store: Store): string => START[store.variant];

/** Saves a text as a file (a download). */
export function download(name: string, text: string): void {
  const blob = new Blob([text], { type: 'application/x-chess-pgn' });
  const a = h('a', { href: URL.createObjectURL(blob), download: name });
  a.click();
  window.setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
