// The Explorer panel: an opening explorer over the user's own game databases, as lichess's
// explorer shows its Player and Masters tabs. The moves played from the current position in
// the selected database, most played first, each with its games, a white/draw/black bar and
// the average rating (a click or Enter plays the move), a totals row, the filters of the
// package's GameFilter (player and colour, ratings, dates, time control classes), and the
// games that reached the position, paged, each opened on the board at that ply.
//
// The databases live in OPFS, which SQLite reaches only from a worker: explorer-worker.ts owns
// every GameDatabase and this view talks to it by messages (an answer for an older position or
// filter is dropped). Imports (Open file, or a file dropped on the panel; .pgn or .pgn.zst of
// any size, streamed) run there too, with progress and Cancel, so no frame of the page waits.
// The list of databases (their names, and the OPFS file each is stored in) is kept in
// localStorage; the worker starts the first time the panel is shown.
import { Game, type GameNode } from 'chesswasm';
import type { Explorer, ExplorerMove, GameFilter, GameHeader, Speed } from 'chesswasm/database';
import { $, h, on, thousands } from '../dom.js';
import type { ExplorerAsk, ExplorerReply, ImportOutcome, ImportProgressMessage } from '../explorer-worker.js';
import type { SidePanel } from '../panels.js';
import type { Store } from '../store.js';
import type { BoardView, Key } from './board.js';

/** The speed classes offered, with lichess's names for them. */
const SPEED_NAMES: ReadonlyArray<readonly [Speed, string]> = [
  ['ultraBullet', 'UltraBullet'],
  ['bullet', 'Bullet'],
  ['blitz', 'Blitz'],
  ['rapid', 'Rapid'],
  ['classical', 'Classical'],
  ['correspondence', 'Correspondence'],
];

const PAGE = 10; // games a page of the list

export const explorerPanel: SidePanel = {
  id: 'explorer',
  title: 'Explorer',
  content: `
    <div data-testid="explorer" id="explorer" class="explorer">
      <div class="row wrap explorer-head">
        <label for="explorer-db" class="small">Database</label>
        <select id="explorer-db" data-testid="explorer-db"></select>
        <button id="explorer-new" type="button" data-testid="explorer-new">New</button>
        <button id="explorer-rename" type="button" data-testid="explorer-rename">Rename</button>
        <button id="explorer-delete" type="button" data-testid="explorer-delete">Delete</button>
      </div>
      <form id="explorer-name-form" class="row wrap explorer-name-form" data-testid="explorer-name-form" hidden>
        <label for="explorer-name" id="explorer-name-label" class="small">Name</label>
        <input id="explorer-name" data-testid="explorer-name" type="text" maxlength="80" autocomplete="off" />
        <button id="explorer-name-ok" type="submit" class="primary" data-testid="explorer-name-ok">Create</button>
        <button id="explorer-name-cancel" type="button">Cancel</button>
      </form>
      <div class="row wrap explorer-import">
        <label class="file-btn" title="Import a PGN file (.pgn or .pgn.zst) into this database">Open file<input id="explorer-file" data-testid="database-import" type="file" accept=".pgn,.zst,.pgn.zst,application/x-chess-pgn" /></label>
        <span class="small muted">or drop a .pgn or .pgn.zst file on this panel</span>
      </div>
      <div id="explorer-progress" class="explorer-progress" data-testid="explorer-progress" hidden>
        <progress id="explorer-progress-bar" max="1" value="0" aria-label="Import progress"></progress>
        <span id="explorer-progress-text" class="small" data-testid="explorer-progress-text"></span>
        <button id="explorer-cancel" type="button" data-testid="explorer-cancel">Cancel</button>
      </div>
      <p id="explorer-note" class="note small" data-testid="explorer-note" role="status"></p>
      <details id="explorer-filters" class="explorer-filters" data-testid="explorer-filters">
        <summary>Filters <span id="explorer-filter-summary" class="small muted" data-testid="explorer-filter-summary"></span></summary>
        <div class="explorer-filter-grid">
          <label>Player <input id="explorer-player" data-testid="explorer-player" type="search" autocomplete="off" spellcheck="false" /></label>
          <label>Colour <select id="explorer-color" data-testid="explorer-color" disabled>
            <option value="">Either</option><option value="w">White</option><option value="b">Black</option>
          </select></label>
          <label>Min rating <input id="explorer-min" data-testid="explorer-min" type="number" inputmode="numeric" min="0" max="4000" step="50" /></label>
          <label>Max rating <input id="explorer-max" data-testid="explorer-max" type="number" inputmode="numeric" min="0" max="4000" step="50" /></label>
          <label>Since <input id="explorer-since" data-testid="explorer-since" type="text" placeholder="2024.03" autocomplete="off" /></label>
          <label>Until <input id="explorer-until" data-testid="explorer-until" type="text" placeholder="2025" autocomplete="off" /></label>
          <fieldset class="explorer-speeds" data-testid="explorer-speeds">
            <legend>Time control</legend>
            ${SPEED_NAMES.map(([speed, name]) => `<label><input type="checkbox" value="${speed}" checked /> ${name}</label>`).join('')}
          </fieldset>
          <button id="explorer-clear" type="button" data-testid="explorer-clear">Clear filters</button>
        </div>
      </details>
      <section class="review-queue db-review-queue" data-testid="db-review-queue" aria-labelledby="dbq-title">
        <h2 id="dbq-title">Review these games</h2>
        <p class="small muted">The games of this database that the filters keep, each reviewed once in the background; a game opened from the list below shows its review, and the Drill tab finds puzzles in it.</p>
        <div class="row wrap review-head">
          <label for="dbq-strength" class="small">Strength</label>
          <select id="dbq-strength" data-testid="dbq-strength"></select>
          <button id="dbq-start" type="button" data-testid="dbq-start">Review the games</button>
          <button id="dbq-pause" type="button" data-testid="dbq-pause" hidden>Pause</button>
          <button id="dbq-cancel" type="button" data-testid="dbq-cancel" hidden>Cancel</button>
        </div>
        <progress id="dbq-progress" class="rq-progress" data-testid="dbq-progress" max="1" value="0" aria-label="Database review progress" hidden></progress>
        <p id="dbq-status" class="small" data-testid="dbq-status" role="status"></p>
      </section>
      <div id="explorer-moves" class="explorer-moves" data-testid="explorer-moves"></div>
      <h3 class="explorer-games-title" id="explorer-games-title">Games at this position</h3>
      <div id="explorer-games" class="explorer-games" data-testid="explorer-games"></div>
      <div class="row explorer-pager">
        <button id="explorer-prev" type="button" data-testid="explorer-prev" disabled>Previous</button>
        <span id="explorer-page" class="small" data-testid="explorer-page"></span>
        <button id="explorer-next" type="button" data-testid="explorer-next" disabled>Next</button>
      </div>
    </div>`,
};

/** A database of the list: what the user calls it, and its store in OPFS. */
interface DatabaseEntry {
  id: number;
  name: string;
  file: string;
}

/** The list as localStorage keeps it; `free`: the file names of deleted stores, used again first. */
interface SavedList {
  databases: DatabaseEntry[];
  selected: number | null;
  free: string[];
}

const LIST_KEY = 'chesswasm.explorer';

function loadList(): SavedList {
  try {
    const v = JSON.parse(localStorage.getItem(LIST_KEY) ?? 'null') as Partial<SavedList> | null;
    const databases = Array.isArray(v?.databases)
      ? v.databases.filter(
          (d): d is DatabaseEntry =>
            typeof d?.id === 'number' && typeof d.name === 'string' && typeof d.file === 'string' && d.file !== '',
        )
      : [];
    const free = Array.isArray(v?.free) ? v.free.filter((f): f is string => typeof f === 'string' && f !== '') : [];
    const selected = typeof v?.selected === 'number' ? v.selected : null;
    return { databases, selected, free };
  } catch {
    return { databases: [], selected: null, free: [] }; // no storage, or a broken value
  }
}

/** A share of the decided games as lichess's bar labels it (whole percent). */
function percent(n: number, of: number): number {
  return of > 0 ? (100 * n) / of : 0;
}

/** The white/draw/black bar of a line (the shares of its decided games; `*` results are not in it). */
function resultBar(line: { white: number; draws: number; black: number }): HTMLElement {
  const decided = line.white + line.draws + line.black;
  const part = (cls: string, n: number) => {
    const p = percent(n, decided);
    // The share is written in its part when the part is wide enough to hold it, as lichess does.
    return h(`span.${cls}`, { style: `width: ${p.toFixed(2)}%` }, p >= 20 ? `${Math.round(p)}%` : '');
  };
  return h(
    'div.explorer-bar',
    { 'aria-hidden': 'true' },
    part('white', line.white),
    part('draws', line.draws),
    part('black', line.black),
  );
}

/** The results of a line in words (the bar's text for screen readers). */
function resultWords(line: { white: number; draws: number; black: number }): string {
  const decided = line.white + line.draws + line.black;
  if (decided === 0) return 'no decided games';
  const p = (n: number) => `${Math.round(percent(n, decided))}%`;
  return `White wins ${p(line.white)}, draws ${p(line.draws)}, Black wins ${p(line.black)}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${thousands(n)} ${n === 1 ? one : many}`;

function megabytes(n: number): string {
  return n < 1e6 ? `${(n / 1e3).toFixed(0)} KB` : `${(n / 1e6).toFixed(1)} MB`;
}

/** What the board does around the panel. */
export interface ExplorerHooks {
  /** Before a game of a database is shown (the studies mark it as a copy: see StudiesView.markCopy). */
  beforeOpen?: (game: Game) => void;
  /** After a database was deleted (its file, which a new database may get later). */
  deleted?: (file: string) => void;
}

export class ExplorerView {
  #store: Store;
  #board: BoardView;
  #hooks: ExplorerHooks;
  /** The move drawn as an arrow ('' for none). */
  #arrowUci = '';
  #worker: Worker | null = null;
  #requests = 0;
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: ExplorerRequestError) => void }>();
  #progress = new Map<number, (p: ImportProgressMessage) => void>();
  #list: SavedList = loadList();
  /** The query shown (database, position, filter, page): a render with the same one does nothing. */
  #shown = '';
  /** Counts the queries sent: an answer for an older one is dropped. */
  #query = 0;
  #offset = 0;
  /** The position of the last query, whose page offset a new position resets. */
  #shownPosition = '';
  /** The import running (its request id), or null. */
  #importing: number | null = null;
  #panel: HTMLElement;
  #naming: 'new' | 'rename' | null = null;
  #filterTimer = 0;
  /** A move was played from the keyboard: the first move of the next list gets the focus. */
  #focusFirstMove = false;
  /** The games opened from a database: its file, the game's id there and its main line then. */
  #sources = new WeakMap<Game, { file: string; game: number; line: string }>();

  constructor(store: Store, board: BoardView, hooks: ExplorerHooks = {}) {
    this.#store = store;
    this.#board = board;
    this.#hooks = hooks;
    this.#panel = $('explorer');
    this.#fillSelect();
    on('explorer-db', 'change', () => {
      this.#list.selected = Number($<HTMLSelectElement>('explorer-db').value);
      this.#save();
      this.#refresh();
    });
    on('explorer-new', 'click', () => this.#askName('new'));
    on('explorer-rename', 'click', () => this.#askName('rename'));
    on('explorer-delete', 'click', () => void this.#delete());
    on('explorer-name-form', 'submit', (e) => {
      e.preventDefault();
      this.#finishName();
    });
    on('explorer-name-cancel', 'click', () => this.#closeName());
    $('explorer-name').addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.#closeName();
    });
    on('explorer-file', 'change', () => {
      const input = $<HTMLInputElement>('explorer-file');
      const file = input.files?.[0];
      if (file) void this.importFile(file);
      input.value = ''; // the same file can be picked again
    });
    on('explorer-cancel', 'click', () => this.cancelImport());
    this.#dropTarget();
    // The filters: a typed field waits for a pause in the typing, a pick applies at once.
    for (const id of ['explorer-player', 'explorer-min', 'explorer-max', 'explorer-since', 'explorer-until'])
      on(id, 'input', () => {
        window.clearTimeout(this.#filterTimer);
        this.#filterTimer = window.setTimeout(() => this.#refresh(), 300);
      });
    on('explorer-color', 'change', () => this.#refresh());
    $('explorer-filters').addEventListener('change', (e) => {
      if ((e.target as HTMLInputElement).type === 'checkbox') this.#refresh();
    });
    on('explorer-clear', 'click', () => {
      for (const id of ['explorer-player', 'explorer-min', 'explorer-max', 'explorer-since', 'explorer-until'])
        $<HTMLInputElement>(id).value = '';
      $<HTMLSelectElement>('explorer-color').value = '';
      for (const box of this.#speedBoxes()) box.checked = true;
      this.#refresh();
    });
    const moves = $('explorer-moves');
    moves.addEventListener('click', (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('[data-uci]');
      if (!row) return;
      this.#arrow(null);
      this.#store.userMove(row.dataset.uci!);
      // From the keyboard (Enter or Space on the move: a click of detail 0) the focus goes to
      // the first move of the new position once it is shown, so Enter plays on.
      if (e.detail === 0) this.#focusFirstMove = true;
    });
    // The move under the pointer or the keyboard focus is drawn as an arrow, as on lichess.
    const rowOf = (e: Event) => (e.target as HTMLElement).closest<HTMLElement>('[data-uci]');
    moves.addEventListener('mouseover', (e) => this.#arrow(rowOf(e)));
    moves.addEventListener('mouseleave', () => this.#arrow(null));
    moves.addEventListener('focusin', (e) => this.#arrow(rowOf(e)));
    moves.addEventListener('focusout', () => this.#arrow(null));
    $('explorer-games').addEventListener('click', (e) => {
      const item = (e.target as HTMLElement).closest<HTMLElement>('[data-game]');
      if (item) void this.#openGame(Number(item.dataset.game), item.dataset.ply ? Number(item.dataset.ply) : null);
    });
    on('explorer-prev', 'click', () => this.#page(-PAGE));
    on('explorer-next', 'click', () => this.#page(PAGE));
    // The panel is a tab: it asks the worker only while it is shown (the worker, SQLite and the
    // store are loaded the first time it is), and catches up when it is shown again.
    const tabpanel = this.#panel.closest<HTMLElement>('[role=tabpanel]');
    if (tabpanel) new MutationObserver(() => this.render()).observe(tabpanel, { attributeFilter: ['hidden'] });
    // Back to this browser tab (another one may have closed, freeing the databases): a refusal shown is asked again.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && $('explorer-moves').dataset.state === 'error') this.render();
    });
  }

  // ---- the worker ------------------------------------------------------------------------------

  /** Asks the databases' worker (started on first use); rejects with an ExplorerRequestError. */
  ask<T>(request: ExplorerAsk): Promise<T> {
    return this.#send<T>(request).answer;
  }

  #ask<T>(request: ExplorerAsk): Promise<T> {
    return this.ask<T>(request);
  }

  /** The database selected in the panel (its name and OPFS file), or null without one. */
  get database(): { name: string; file: string } | null {
    return this.#selected;
  }

  /** The panel's filter as the package's GameFilter (the package checks its values). */
  filter(): GameFilter {
    return this.#filter();
  }

  /** The database and id of a game opened from the panel, while its main line is the database's. */
  sourceOf(game: Game): { file: string; game: number } | undefined {
    const s = this.#sources.get(game);
    return s && s.line === game.mainline().join(' ') ? { file: s.file, game: s.game } : undefined;
  }

  /** Sends a request; its id (which a cancel names) and its answer. */
  #send<T>(request: ExplorerAsk, onProgress?: (p: ImportProgressMessage) => void): { id: number; answer: Promise<T> } {
    const worker = (this.#worker ??= this.#startWorker());
    const id = ++this.#requests;
    if (onProgress) this.#progress.set(id, onProgress);
    const answer = new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
    return { id, answer };
  }

  #startWorker(): Worker {
    const worker = new Worker(new URL('../explorer-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (ev: MessageEvent<ExplorerReply>) => {
      const m = ev.data;
      if (m.type === 'progress') {
        this.#progress.get(m.id)?.(m.progress);
        return;
      }
      const waiting = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      this.#progress.delete(m.id);
      if (m.type === 'error' && m.code === 'cannot-open' && this.#worker === worker) {
        // SQLite keeps a pool that failed to open (another tab holds OPFS) failed for the life of
        // its worker: the next request starts a new one, which tries again.
        this.#stopWorker(worker, m.code, m.message);
      }
      if (!waiting) return;
      if (m.type === 'done') waiting.resolve(m.value);
      else waiting.reject(new ExplorerRequestError(m.code, m.message));
    };
    worker.onerror = (e) => {
      // The worker failed to start or died: every request waiting is answered with the error,
      // and the next request starts a new worker.
      e.preventDefault();
      this.#stopWorker(worker, 'worker', e.message || 'the database worker stopped');
    };
    return worker;
  }

  // Ends a worker: the requests it had are answered with the error.
  #stopWorker(worker: Worker, code: string, message: string): void {
    worker.terminate();
    if (this.#worker === worker) this.#worker = null;
    for (const [, waiting] of this.#pending) waiting.reject(new ExplorerRequestError(code, message));
    this.#pending.clear();
    this.#progress.clear();
  }

  // ---- the list of databases -------------------------------------------------------------------

  get #selected(): DatabaseEntry | null {
    const list = this.#list;
    return list.databases.find((d) => d.id === list.selected) ?? list.databases[0] ?? null;
  }

  #save(): void {
    try {
      localStorage.setItem(LIST_KEY, JSON.stringify(this.#list));
    } catch {
      this.#note('This browser keeps no list of the databases: their names are gone after a reload.');
    }
  }

  #fillSelect(): void {
    const select = $<HTMLSelectElement>('explorer-db');
    const selected = this.#selected;
    select.replaceChildren(
      ...this.#list.databases.map((d) => h('option', { value: d.id, selected: d === selected }, d.name)),
    );
    if (!selected) select.append(h('option', { value: '', disabled: true, selected: true }, 'No database yet'));
    const busy = this.#importing !== null;
    select.disabled = busy || !selected;
    $<HTMLButtonElement>('explorer-rename').disabled = busy || !selected;
    $<HTMLButtonElement>('explorer-delete').disabled = busy || !selected;
    $<HTMLButtonElement>('explorer-new').disabled = busy;
    $<HTMLInputElement>('explorer-file').disabled = busy;
  }

  /** Adds a database to the list (its store: one emptied by a delete, else a new file) and selects it. */
  #create(name: string): DatabaseEntry {
    const list = this.#list;
    const id = Math.max(0, ...list.databases.map((d) => d.id)) + 1;
    const file = list.free.shift() ?? `explorer-${Date.now().toString(36)}-${id}.db`;
    const entry = { id, name, file };
    list.databases.push(entry);
    list.selected = id;
    this.#save();
    this.#fillSelect();
    return entry;
  }

  #askName(mode: 'new' | 'rename'): void {
    this.#naming = mode;
    const form = $('explorer-name-form');
    form.hidden = false;
    const input = $<HTMLInputElement>('explorer-name');
    input.value = mode === 'rename' ? (this.#selected?.name ?? '') : '';
    input.placeholder = mode === 'new' ? 'Masters 2025' : '';
    $('explorer-name-label').textContent = mode === 'new' ? 'New database' : 'Rename to';
    $('explorer-name-ok').textContent = mode === 'new' ? 'Create' : 'Rename';
    input.focus();
    input.select();
  }

  #closeName(): void {
    $('explorer-name-form').hidden = true;
    this.#naming = null;
    $(this.#selected ? 'explorer-db' : 'explorer-new').focus();
  }

  #finishName(): void {
    const name = $<HTMLInputElement>('explorer-name').value.trim();
    const current = this.#selected;
    if (name === '') return this.#note('A database needs a name.');
    if (this.#list.databases.some((d) => d.name === name && (this.#naming === 'new' || d !== current)))
      return this.#note(`There is a database “${name}” already.`);
    if (this.#naming === 'new') {
      this.#create(name);
      this.#note(`Created “${name}”: open or drop a PGN file to fill it.`, 'ok');
    } else if (current) {
      current.name = name;
      this.#save();
      this.#fillSelect();
      this.#note(`Renamed to “${name}”.`, 'ok');
    }
    this.#closeName();
    this.#refresh();
  }

  async #delete(): Promise<void> {
    const entry = this.#selected;
    if (!entry || this.#importing !== null) return;
    let count: number;
    try {
      count = await this.#ask<number>({ op: 'count', file: entry.file });
    } catch (e) {
      return this.#note(`“${entry.name}” could not be opened: ${errorText(e)}`);
    }
    if (!window.confirm(`Delete “${entry.name}” and its ${plural(count, 'game')}? This cannot be undone.`)) return;
    try {
      await this.#ask<boolean>({ op: 'delete', file: entry.file });
    } catch (e) {
      return this.#note(`“${entry.name}” was not deleted: ${errorText(e)}`);
    }
    const list = this.#list;
    list.databases = list.databases.filter((d) => d !== entry);
    list.free.push(entry.file);
    this.#hooks.deleted?.(entry.file);
    list.selected = list.databases[0]?.id ?? null;
    this.#save();
    this.#fillSelect();
    this.#note(`Deleted “${entry.name}” (${plural(count, 'game')}).`, 'ok');
    this.#refresh();
  }

  // ---- import ----------------------------------------------------------------------------------

  #dropTarget(): void {
    const panel = this.#panel;
    const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
    panel.addEventListener('dragover', (e) => {
      if (!hasFiles(e) || this.#importing !== null) return;
      e.preventDefault();
      e.dataTransfer!.dropEffect = 'copy';
      panel.classList.add('dropping');
    });
    panel.addEventListener('dragleave', (e) => {
      if (!panel.contains(e.relatedTarget as Node | null)) panel.classList.remove('dropping');
    });
    panel.addEventListener('drop', (e) => {
      panel.classList.remove('dropping');
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      void this.importFile(file);
    });
  }

  /** Whether an import runs. */
  get importing(): boolean {
    return this.#importing !== null;
  }

  /**
   * Imports a PGN file (.pgn, or .pgn.zst) into the selected database (a first one, "My games",
   * is made when there is none), streamed in the worker with progress; resolves when it is over.
   */
  async importFile(file: File): Promise<void> {
    if (this.#importing !== null) return;
    const entry = this.#selected ?? this.#create(this.#freeName('My games'));
    this.#importing = -1; // (the request's id once it is sent: the Cancel names it)
    this.#fillSelect();
    const box = $('explorer-progress');
    const bar = $<HTMLProgressElement>('explorer-progress-bar');
    const text = $('explorer-progress-text');
    box.hidden = false;
    bar.value = 0;
    text.textContent = `Reading ${file.name}…`;
    $<HTMLButtonElement>('explorer-cancel').disabled = false;
    this.#note('');
    let lastRefresh = performance.now();
    let lastAdded = 0;
    const onProgress = (p: ImportProgressMessage) => {
      bar.value = p.total > 0 ? p.bytes / p.total : 0;
      // (the counts move on after each batch of games committed, the bytes as they are read)
      text.textContent = `${plural(p.games, 'game')} read: ${thousands(p.added)} added, ${thousands(p.skipped)} skipped, ${plural(p.errors, 'error')} · ${megabytes(p.bytes)} of ${megabytes(p.total)} read`;
      // The explorer shows the games committed so far: after a batch, at most every 2 s (the
      // page's own work during an import stays a line of text most of the time).
      if (p.added !== lastAdded && performance.now() - lastRefresh > 2000) {
        lastRefresh = performance.now();
        lastAdded = p.added;
        this.#refresh();
      }
    };
    try {
      const sent = this.#send<ImportOutcome>({ op: 'import', file: entry.file, source: file }, onProgress);
      this.#importing = sent.id;
      const r = await sent.answer;
      const errors = r.errors
        ? ` ${plural(r.errors, 'game')} could not be read${r.firstErrors[0] ? ` (the first: game ${r.firstErrors[0].index + 1}, line ${r.firstErrors[0].line}: ${r.firstErrors[0].message})` : ''}.`
        : '';
      this.#note(
        `${r.cancelled ? 'Import cancelled: kept' : 'Imported'} ${plural(r.added, 'game')} into “${entry.name}”${r.skipped ? `, ${thousands(r.skipped)} already there skipped` : ''} (${plural(r.count, 'game')} in all).${errors}`,
        'ok',
      );
    } catch (e) {
      this.#note(`The import into “${entry.name}” stopped: ${errorText(e)} The games imported before stay.`);
    } finally {
      this.#importing = null;
      box.hidden = true;
      this.#fillSelect();
      this.#refresh();
    }
  }

  /** Stops the running import: the games committed so far stay. */
  cancelImport(): void {
    if (this.#importing === null) return;
    $<HTMLButtonElement>('explorer-cancel').disabled = true;
    $('explorer-progress-text').textContent = 'Cancelling…';
    void this.#ask({ op: 'cancel', import: this.#importing }).catch(() => undefined);
  }

  #freeName(base: string): string {
    const names = new Set(this.#list.databases.map((d) => d.name));
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base} ${n}`;
    return name;
  }

  // ---- the filter ------------------------------------------------------------------------------

  #speedBoxes(): HTMLInputElement[] {
    return [...document.querySelectorAll<HTMLInputElement>('#explorer-filters .explorer-speeds input')];
  }

  /** The filter of the fields as the package's GameFilter (the package checks its values). */
  #filter(): GameFilter {
    const f: GameFilter = {};
    const player = $<HTMLInputElement>('explorer-player').value.trim();
    const color = $<HTMLSelectElement>('explorer-color');
    color.disabled = player === '';
    if (player) {
      f.player = player;
      if (color.value === 'w' || color.value === 'b') f.color = color.value;
    }
    const rating = (id: string) => {
      const input = $<HTMLInputElement>(id);
      // A number field that holds no number (typed letters) has the value '': said, not ignored.
      if (input.validity.badInput) return Number.NaN;
      return input.value.trim() === '' ? undefined : Number(input.value);
    };
    const min = rating('explorer-min');
    const max = rating('explorer-max');
    if (min !== undefined) f.minRating = min;
    if (max !== undefined) f.maxRating = max;
    const since = $<HTMLInputElement>('explorer-since').value.trim();
    const until = $<HTMLInputElement>('explorer-until').value.trim();
    if (since) f.since = since;
    if (until) f.until = until;
    const boxes = this.#speedBoxes();
    const speeds = boxes.filter((b) => b.checked).map((b) => b.value as Speed);
    if (speeds.length < boxes.length) f.timeControl = speeds;
    return f;
  }

  /** The filter in a few words, beside the Filters heading (so that a closed one is seen). */
  #summary(f: GameFilter): string {
    const parts: string[] = [];
    if (f.player) parts.push(f.color ? `${f.player} as ${f.color === 'w' ? 'White' : 'Black'}` : f.player);
    if (f.minRating !== undefined || f.maxRating !== undefined)
      parts.push(`rating ${f.minRating ?? 0}–${f.maxRating ?? '∞'}`);
    if (f.since || f.until) parts.push(`${f.since ?? '…'} to ${f.until ?? '…'}`);
    if (f.timeControl) {
      const list = f.timeControl as readonly Speed[];
      parts.push(list.length ? list.map((s) => SPEED_NAMES.find(([v]) => v === s)![1]).join(', ') : 'no time control');
    }
    return parts.length ? `· ${parts.join(' · ')}` : '';
  }

  // ---- what is shown ---------------------------------------------------------------------------

  #note(text: string, kind = ''): void {
    const note = $('explorer-note');
    note.textContent = text;
    note.className = `note small ${kind}`;
  }

  #refresh(): void {
    this.#shown = '';
    this.render();
  }

  #page(delta: number): void {
    this.#offset = Math.max(0, this.#offset + delta);
    this.#shown = '';
    this.render();
  }

  /** Follows the store: the moves and games of the current position in the selected database. */
  render(): void {
    const tabpanel = this.#panel.closest<HTMLElement>('[role=tabpanel]');
    if (tabpanel?.hidden) return;
    const store = this.#store;
    const entry = this.#selected;
    const locked = !!store.puzzle?.locked;
    const filter = this.#filter();
    const position = { fen: store.position.fen(), variant: store.variant, chess960: store.game.chess960 };
    const at = `${position.variant} ${position.chess960} ${position.fen}`;
    if (at !== this.#shownPosition) this.#offset = 0;
    const key = JSON.stringify([entry?.file, at, filter, locked, this.#offset]);
    if (key === this.#shown) return;
    this.#shown = key;
    this.#shownPosition = at;
    $('explorer-filter-summary').textContent = this.#summary(filter);
    const moves = $('explorer-moves');
    const games = $('explorer-games');
    const show = (state: string, text: string) => {
      moves.dataset.state = state;
      delete moves.dataset.code;
      moves.removeAttribute('title');
      moves.replaceChildren(h('p.muted.small.book-note', null, text));
      games.replaceChildren();
      this.#pager(0, 0);
    };
    if (!entry) return show('empty', 'Make a database (New), or open or drop a PGN file: its games are explored here.');
    if (locked) return show('waiting', 'The explorer waits until the puzzle is solved.');
    const query = ++this.#query;
    moves.dataset.state = 'loading';
    moves.setAttribute('aria-busy', 'true');
    const common = { file: entry.file, ...position, filter };
    Promise.all([
      this.#ask<Explorer>({ op: 'explore', ...common }),
      this.#ask<GameHeader[]>({ op: 'games', ...common, limit: PAGE, offset: this.#offset }),
    ]).then(
      ([explorer, headers]) => {
        if (query !== this.#query) return;
        moves.removeAttribute('aria-busy');
        this.#showMoves(explorer);
        this.#showGames(headers, explorer.games);
      },
      (e: unknown) => {
        if (query !== this.#query) return;
        moves.removeAttribute('aria-busy');
        const code = e instanceof ExplorerRequestError ? e.code : 'error';
        show(code === 'invalid-argument' ? 'filter-error' : 'error', errorText(e, code));
        moves.dataset.code = code;
        moves.title = e instanceof Error ? e.message : String(e); // the package's whole message
        this.#shown = ''; // not an answer to keep: the next render (a move, the tab shown again) asks again
      },
    );
  }

  #arrow(row: HTMLElement | null): void {
    const uci = row?.dataset.uci ?? '';
    if (uci === this.#arrowUci) return;
    this.#arrowUci = uci;
    // (a drop, "P@e4", has no origin square: no arrow)
    const arrow = uci.length >= 4 && uci[1] !== '@';
    this.#board.setLayer(
      'explorer',
      arrow ? [{ orig: uci.slice(0, 2) as Key, dest: uci.slice(2, 4) as Key, brush: 'paleBlue' }] : [],
    );
  }

  #showMoves(ex: Explorer): void {
    this.#arrow(null); // the list is rebuilt: no row is under the pointer any more
    const list = $('explorer-moves');
    list.dataset.state = ex.games ? 'moves' : 'none';
    delete list.dataset.code;
    list.removeAttribute('title');
    if (!ex.games) {
      list.replaceChildren(h('p.book-out', null, 'No game of this database reached this position.'));
      return;
    }
    const row = (m: ExplorerMove) => {
      const share = percent(m.games, ex.games);
      const shareText = share >= 0.5 ? `${Math.round(share)}%` : '<1%';
      const rating = m.averageRating === null ? '' : String(Math.round(m.averageRating));
      return h(
        'tr',
        { 'data-testid': 'explorer-move', 'data-uci': m.uci, 'data-san': m.san, 'data-games': m.games },
        h(
          'td.explorer-san',
          null,
          h(
            'button',
            {
              type: 'button',
              'aria-label': `Play ${m.san}: ${plural(m.games, 'game')} (${shareText}), ${resultWords(m)}${rating ? `, average rating ${rating}` : ''}`,
            },
            m.san,
          ),
        ),
        h('td.explorer-share.small', null, shareText),
        h('td.explorer-count', null, thousands(m.games)),
        h('td.explorer-bar-cell', null, resultBar(m)),
        h('td.explorer-rating.small', { title: 'Average rating' }, rating),
      );
    };
    const table = h(
      'table.explorer-table',
      null,
      h(
        'colgroup',
        null,
        h('col.explorer-col-move'),
        h('col.explorer-col-share'),
        h('col.explorer-col-count'),
        h('col'),
        h('col.explorer-col-rating'),
      ),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'Move'),
          h('th', { scope: 'col', colspan: 2 }, 'Games'),
          h('th', { scope: 'col', title: 'White wins / draws / Black wins' }, 'Results'),
          h('th', { scope: 'col', title: 'Average rating' }, 'Avg'),
        ),
      ),
      h('tbody', null, ...ex.moves.map(row)),
      h(
        'tfoot',
        null,
        h(
          'tr',
          { 'data-testid': 'explorer-total', 'data-games': ex.games },
          h('td', null, h('span', { 'aria-hidden': 'true' }, 'Σ'), h('span.sr-only', null, 'All games')),
          h('td.explorer-share.small', null, ''),
          h('td.explorer-count', null, thousands(ex.games)),
          h('td.explorer-bar-cell', { 'aria-label': resultWords(ex) }, resultBar(ex)),
          h('td', null, ''),
        ),
      ),
    );
    list.replaceChildren(table);
    if (this.#focusFirstMove) {
      this.#focusFirstMove = false;
      list.querySelector<HTMLElement>('[data-uci] button')?.focus();
    }
  }

  #showGames(headers: readonly GameHeader[], total: number): void {
    const box = $('explorer-games');
    const player = (name: string | null, elo: number | null) => `${name ?? '?'}${elo === null ? '' : ` (${elo})`}`;
    const items = headers.map((g) => {
      const white = player(g.White, g.WhiteElo);
      const black = player(g.Black, g.BlackElo);
      const moveNo = g.ply === null ? null : Math.floor(g.ply / 2) + 1;
      return h(
        'li',
        null,
        h(
          'button.explorer-game',
          {
            type: 'button',
            'data-testid': 'explorer-game',
            'data-game': g.id,
            'data-ply': g.ply ?? '',
          },
          // The visible text, with the words a screen reader needs around it (the accessible
          // name holds what is seen, as WCAG's label-in-name asks).
          h(
            'span.explorer-game-players',
            null,
            h('span.explorer-game-white', null, h('span.sr-only', null, 'Open '), white),
            h('span.explorer-game-black', null, h('span.sr-only', null, ' against '), black),
          ),
          h('span.explorer-game-result', null, h('span.sr-only', null, ', '), g.Result),
          h(
            'span.explorer-game-date.small.muted',
            null,
            g.Date ? h('span.sr-only', null, ', ') : null,
            g.Date ?? '',
            moveNo === null ? null : h('span.sr-only', null, `, at move ${moveNo}`),
          ),
        ),
      );
    });
    box.replaceChildren(
      items.length
        ? h('ul.explorer-game-list', { 'aria-labelledby': 'explorer-games-title' }, ...items)
        : h('p.muted.small', null, total ? 'No games on this page.' : ''),
    );
    this.#pager(headers.length, total);
  }

  #pager(shown: number, total: number): void {
    const first = this.#offset + 1;
    $('explorer-page').textContent = shown
      ? `${thousands(first)}–${thousands(this.#offset + shown)} of ${thousands(total)}`
      : '';
    $<HTMLButtonElement>('explorer-prev').disabled = this.#offset === 0;
    $<HTMLButtonElement>('explorer-next').disabled = this.#offset + shown >= total;
  }

  async #openGame(id: number, ply: number | null): Promise<void> {
    const entry = this.#selected;
    if (!entry) return;
    let answer: { pgn: string; ply: number | null };
    try {
      answer = await this.#ask({ op: 'game', file: entry.file, game: id, ply });
    } catch (e) {
      return this.#note(`The game could not be opened: ${errorText(e)}`);
    }
    let game: Game;
    try {
      game = Game.fromPgn(answer.pgn);
    } catch (e) {
      return this.#note(`The game could not be read: ${errorText(e)}`);
    }
    let node: GameNode = game.root;
    for (let i = 0; i < (answer.ply ?? 0) && node.children[0]; i++) node = node.children[0];
    this.#sources.set(game, { file: entry.file, game: id, line: game.mainline().join(' ') });
    this.#hooks.beforeOpen?.(game);
    this.#store.setGame(game, node);
  }
}

/** A request the worker answered with an error: the DatabaseError's code (or 'worker', 'error'). */
export class ExplorerRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ExplorerRequestError';
  }
}

const ERROR_TEXT: Record<string, string> = {
  'cannot-open':
    'The databases cannot be opened here: they need the browser’s private file system, which one tab of the board holds at a time (close the other tab and come back to this one).',
  locked: 'The database is busy in another tab; try again in a moment.',
  full: 'The browser’s storage is full.',
  damaged: 'The database is damaged.',
  'newer-format': 'The database was written by a newer version of the board.',
};

/** An error for the panel: the package's message (a filter's says which field), or the code's sentence. */
function errorText(e: unknown, code = e instanceof ExplorerRequestError ? e.code : 'error'): string {
  const message = e instanceof Error ? e.message : String(e);
  if (code === 'invalid-argument') return `The filter is not valid: ${message.replace(/^filter\./, '')}.`;
  // A known code's sentence says what to do; the package's message (for the curious) is in the
  // list's title.
  return ERROR_TEXT[code] ?? message;
}
