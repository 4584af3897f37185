// The tablebase panel: Syzygy tables (.rtbw/.rtbz) from three places, and the current
// position's verdict and every move's as lichess's tablebase view lists them: the moves best
// first, grouped by the mover's result (win, draw, loss) with their DTZ. A click plays the move
// through the store.
// - Installed: the 3-4 piece tables the board serves (syzygy/), downloaded in one click into
//   the browser's storage (table-store.ts) and opened from there at every visit, offline too.
// - A URL (a mirror of larger tables): opened through the package, which reads the bytes a
//   probe needs with Range requests and keeps them (OPFS); the URL is remembered (localStorage).
// - Files or a folder the user picks (the folder picker where the browser has one).
// A position is asked of the installed tables first (local, the smallest), then the picked,
// then the URL's, the next one asked when a table is missing or the position has more pieces.
// Everything about the tables comes from the package's Tablebase (chesswasm/tablebase):
// reading the files, which positions they answer (TablebaseError codes), the order of the
// moves. While a puzzle is unsolved the panel shows nothing, as the book and the engine wait.
import {
  Tablebase,
  TablebaseError,
  type TablebaseDirectory,
  type TablebaseMove,
  type TablebaseReader,
} from 'chesswasm/tablebase';
import { $, h, on } from '../dom.js';
import type { SidePanel } from '../panels.js';
import type { Store } from '../store.js';
import { tableFiles } from '../syzygy-names.js';
import { type Installed, InstallError, TableStore, megabytes } from '../table-store.js';

/** The set the build serves in syzygy/ (vite.config.ts counts it): its tables and bytes. */
declare const __TABLE_SET__: { tables: number; bytes: number };
const SET = __TABLE_SET__;
/** Where the configured URL is kept. */
const URL_KEY = 'chesswasm-board-tablebase-url';

export const tablebasePanel: SidePanel = {
  id: 'tablebase',
  title: 'Tablebase',
  content: `
    <div data-testid="tablebase" class="tablebase">
      <div class="row wrap tb-install">
        <button id="tablebase-install" type="button" data-testid="tablebase-install" title="Download the ${SET.tables} tables of 3 and 4 pieces into this browser, for use offline">Install 3–4-piece tables (${megabytes(SET.bytes)})</button>
        <button id="tablebase-remove" type="button" data-testid="tablebase-remove" hidden>Remove</button>
        <span id="tablebase-installed" class="small" data-testid="tablebase-installed" role="status"></span>
      </div>
      <div id="tablebase-progress-row" class="row tb-progress" hidden>
        <progress id="tablebase-progress" data-testid="tablebase-progress" max="1" value="0" aria-label="Install progress"></progress>
        <span id="tablebase-progress-text" class="small" data-testid="tablebase-progress-text"></span>
        <button id="tablebase-cancel" type="button" data-testid="tablebase-cancel">Cancel</button>
      </div>
      <p id="tablebase-install-error" class="small error" data-testid="tablebase-install-error" role="alert" hidden></p>
      <form id="tablebase-url-form" class="row wrap tb-url" data-testid="tablebase-url-form">
        <label for="tablebase-url" class="small">Tables URL</label>
        <input id="tablebase-url" data-testid="tablebase-url" type="text" inputmode="url" spellcheck="false" autocomplete="url" placeholder="https://… a folder of .rtbw/.rtbz files" />
        <select id="tablebase-url-pieces" data-testid="tablebase-url-pieces" aria-label="The largest tables of the URL">
          <option value="5">3–5 pieces</option>
          <option value="6">3–6 pieces</option>
        </select>
        <button id="tablebase-url-open" type="submit" data-testid="tablebase-url-open">Use URL</button>
        <button id="tablebase-url-forget" type="button" data-testid="tablebase-url-forget" hidden>Forget</button>
      </form>
      <p id="tablebase-url-status" class="small muted" data-testid="tablebase-url-status"></p>
      <div class="row wrap book-head">
        <label class="file-btn" title="Open Syzygy table files (.rtbw, .rtbz)">Open tables<input id="tablebase-files" data-testid="tablebase-files" type="file" multiple accept=".rtbw,.rtbz" /></label>
        <button id="tablebase-folder" type="button" data-testid="tablebase-folder" title="Open a folder of Syzygy tables" hidden>Open folder</button>
        <span id="tablebase-name" class="book-name small" data-testid="tablebase-name"></span>
      </div>
      <p id="tablebase-verdict" class="small" data-testid="tablebase-verdict"></p>
      <div id="tablebase-moves" class="book-moves" data-testid="tablebase-moves"></div>
    </div>`,
};

/** A reader over files the user picked. */
function filesReader(files: readonly File[]): TablebaseReader {
  const byName = new Map(files.map((f) => [f.name, f]));
  return {
    names: () => [...byName.keys()],
    size: (name) => byName.get(name)!.size,
    read: (name, offset, length) =>
      byName
        .get(name)!
        .slice(offset, offset + length)
        .arrayBuffer(),
  };
}

const RESULT = { win: 'Win', draw: 'Draw', loss: 'Loss' } as const;
// The mover's result from lichess's category (of the position after the move, for the opponent).
const moverResult = (m: TablebaseMove): keyof typeof RESULT =>
  m.category === 'loss' || m.category === 'blessed-loss' ? 'win' : m.category === 'draw' ? 'draw' : 'loss';
const WDL_TEXT: Record<number, string> = {
  2: 'Win',
  1: 'Win, but drawn by the 50-move rule',
  0: 'Draw',
  [-1]: 'Loss, but drawn by the 50-move rule',
  [-2]: 'Loss',
};

/** A source of tables opened, with what the panel says about it. */
interface Source {
  tb: Tablebase;
  kind: 'installed' | 'picked' | 'url';
}

/** The URL kept from a visit before, checked; null for none or a broken value. */
function savedUrl(): { url: string; pieces: number } | null {
  try {
    const v = JSON.parse(localStorage.getItem(URL_KEY) ?? 'null') as { url?: unknown; pieces?: unknown } | null;
    if (typeof v?.url !== 'string' || (v.pieces !== 5 && v.pieces !== 6)) return null;
    return { url: v.url, pieces: v.pieces };
  } catch {
    return null;
  }
}

/** An http(s) URL from what the user typed (relative to the page), or null. */
function parseUrl(text: string): URL | null {
  try {
    const u = new URL(text.trim(), location.href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

// Codes after which the next source is asked: it may have the table, or larger tables.
const ASK_NEXT = new Set(['missing-table', 'too-many-pieces', 'read-failed']);

export class TablebaseView {
  #store: Store;
  #installed: Source | null = null;
  #picked: Source | null = null;
  #url: Source | null = null;
  #tables: TableStore | null = null;
  #install: AbortController | null = null;
  /** Counts the changes of the sources: a verdict is redrawn after each. */
  #sources = 0;
  /** Counts the probes started: an answer for an older position is dropped. */
  #probes = 0;
  #shown = '';

  constructor(store: Store) {
    this.#store = store;
    on('tablebase-files', 'change', () => {
      const input = $<HTMLInputElement>('tablebase-files');
      const files = [...(input.files ?? [])];
      if (!files.length) return;
      void this.open(filesReader(files), `${files.length} files`).finally(() => {
        input.value = '';
      });
    });
    const picker = (globalThis as { showDirectoryPicker?: () => Promise<FileSystemDirectoryHandle> })
      .showDirectoryPicker;
    const folder = $<HTMLButtonElement>('tablebase-folder');
    if (typeof picker === 'function') {
      folder.hidden = false;
      on('tablebase-folder', 'click', () => {
        picker().then(
          // (values(), which the package reads, is in TypeScript's DOM.AsyncIterable lib, not DOM.)
          (dir) => this.open(dir as unknown as TablebaseDirectory, dir.name),
          () => undefined, // the user closed the picker
        );
      });
    }
    on('tablebase-install', 'click', () => void this.install());
    on('tablebase-cancel', 'click', () => this.#install?.abort());
    on('tablebase-remove', 'click', () => void this.remove());
    on('tablebase-url-form', 'submit', (e) => {
      e.preventDefault();
      void this.useUrl(
        $<HTMLInputElement>('tablebase-url').value,
        Number($<HTMLSelectElement>('tablebase-url-pieces').value),
      );
    });
    on('tablebase-url-forget', 'click', () => this.forgetUrl());
    $('tablebase-moves').addEventListener('click', (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('[data-uci]');
      if (row) this.#store.userMove(row.dataset.uci!);
    });
    void this.#restore();
  }

  // The installed tables and the URL of the visits before. For automated checks, the panel
  // gets data-restored="true" once both are open (or known to be absent).
  async #restore(): Promise<void> {
    const saved = savedUrl();
    if (saved) {
      $<HTMLInputElement>('tablebase-url').value = saved.url;
      $<HTMLSelectElement>('tablebase-url-pieces').value = String(saved.pieces);
    }
    await Promise.all([
      (async () => {
        this.#tables = await TableStore.open();
        await this.#openInstalled();
      })(),
      saved ? this.useUrl(saved.url, saved.pieces) : Promise.resolve(),
    ]);
    $('tablebase-installed').closest<HTMLElement>('.tablebase')!.dataset.restored = 'true';
  }

  /** Opens tables the user picked (replacing the ones picked before); a refusal is shown. */
  async open(source: Parameters<typeof Tablebase.open>[0], name: string): Promise<void> {
    let text: string;
    try {
      const tb = await Tablebase.open(source);
      this.#set('picked', { tb, kind: 'picked' });
      text = `${name}: ${tb.tables().length} tables, up to ${tb.maxPieces} pieces`;
    } catch (e) {
      this.#set('picked', null);
      text = `${name}: ${e instanceof Error ? e.message : String(e)}`;
    }
    $('tablebase-name').textContent = text;
    this.render();
  }

  /** Replaces a source, closing the one it replaces. */
  #set(kind: Source['kind'], source: Source | null): void {
    const old = kind === 'installed' ? this.#installed : kind === 'picked' ? this.#picked : this.#url;
    if (old !== source) old?.tb.close();
    if (kind === 'installed') this.#installed = source;
    else if (kind === 'picked') this.#picked = source;
    else this.#url = source;
    this.#sources++;
  }

  // ---- installed tables -------------------------------------------------------------------

  /** Opens what is installed (closing what was open) and says what it is. */
  async #openInstalled(): Promise<void> {
    const store = this.#tables;
    const button = $<HTMLButtonElement>('tablebase-install');
    const remove = $<HTMLButtonElement>('tablebase-remove');
    const status = $('tablebase-installed');
    this.#set('installed', null);
    if (!store) {
      button.disabled = true;
      remove.hidden = true;
      status.textContent = 'This browser keeps no files for this page: open tables from files or a folder instead.';
      status.dataset.count = '0';
      this.render();
      return;
    }
    let inst: Installed;
    try {
      inst = await store.installed();
    } catch (e) {
      status.textContent = `The installed tables could not be read (${String(e)}).`;
      return;
    }
    if (inst.tables.length) {
      try {
        const tb = await Tablebase.open(await store.source(inst), { names: inst.files });
        this.#set('installed', { tb, kind: 'installed' });
      } catch (e) {
        status.textContent = `The installed tables did not open: ${e instanceof Error ? e.message : String(e)}`;
      }
    }
    const complete = inst.total > 0 && inst.tables.length === inst.total;
    status.dataset.count = String(inst.tables.length);
    status.dataset.bytes = String(inst.bytes);
    status.dataset.complete = String(complete);
    status.dataset.kind = inst.kind;
    const where = inst.kind === 'opfs' ? "the browser's file storage" : "the browser's database";
    status.textContent = complete
      ? `${inst.tables.length} tables installed (${megabytes(inst.bytes)}, in ${where}): used offline.`
      : inst.tables.length
        ? `${inst.tables.length} of ${inst.total} tables installed (${megabytes(inst.bytes)}): the install is not finished.`
        : '';
    button.hidden = complete;
    button.disabled = this.#install !== null;
    button.textContent =
      inst.tables.length && !complete ? 'Finish the install' : `Install 3–4-piece tables (${megabytes(SET.bytes)})`;
    remove.hidden = inst.tables.length === 0 && inst.bytes === 0;
    this.render();
  }

  /** Downloads the set into the browser's storage, with progress and Cancel. */
  async install(): Promise<void> {
    const store = this.#tables;
    if (!store || this.#install) return;
    const controller = new AbortController();
    this.#install = controller;
    const row = $('tablebase-progress-row');
    const bar = $<HTMLProgressElement>('tablebase-progress');
    const text = $('tablebase-progress-text');
    const error = $('tablebase-install-error');
    const status = $('tablebase-installed');
    status.dataset.installing = 'true'; // until the tables are open again (automated checks wait)
    $<HTMLButtonElement>('tablebase-install').disabled = true;
    $<HTMLButtonElement>('tablebase-remove').disabled = true;
    error.hidden = true;
    delete error.dataset.code;
    row.hidden = false;
    bar.value = 0;
    text.textContent = 'Starting…';
    try {
      await store.install(
        new URL('syzygy/index.json', document.baseURI).href,
        (p) => {
          bar.max = Math.max(p.total, 1);
          bar.value = p.done;
          text.textContent = `${megabytes(p.done)} of ${megabytes(p.total)}`;
        },
        controller.signal,
      );
    } catch (e) {
      const err = e instanceof InstallError ? e : new InstallError('storage', String(e));
      error.textContent = err.message;
      error.dataset.code = err.code;
      error.hidden = false;
    } finally {
      this.#install = null;
      row.hidden = true;
      $<HTMLButtonElement>('tablebase-remove').disabled = false;
      await this.#openInstalled();
      delete status.dataset.installing;
    }
  }

  /** Removes the installed tables from the browser. */
  async remove(): Promise<void> {
    const store = this.#tables;
    if (!store || this.#install) return;
    this.#set('installed', null);
    const error = $('tablebase-install-error');
    error.hidden = true;
    try {
      await store.remove();
    } catch (e) {
      error.textContent = `The tables could not be removed (${String(e)}).`;
      error.hidden = false;
    }
    await this.#openInstalled();
  }

  // ---- a URL ------------------------------------------------------------------------------

  /** Opens the tables under a base URL (up to `pieces` pieces) and remembers it. */
  async useUrl(text: string, pieces: number): Promise<void> {
    const input = $<HTMLInputElement>('tablebase-url');
    const status = $('tablebase-url-status');
    const url = parseUrl(text);
    if (!url || (pieces !== 5 && pieces !== 6)) {
      input.setAttribute('aria-invalid', 'true');
      status.textContent = 'Enter an http:// or https:// address of a folder of Syzygy tables.';
      status.dataset.state = 'invalid';
      return;
    }
    input.removeAttribute('aria-invalid');
    status.textContent = `Opening ${url.href}…`;
    status.dataset.state = 'opening';
    try {
      const tb = await Tablebase.open(url.href, { names: tableFiles(pieces) });
      this.#set('url', { tb, kind: 'url' });
      localStorage.setItem(URL_KEY, JSON.stringify({ url: url.href, pieces }));
      status.textContent = `${url.href}: ${tb.tables().length} tables, up to ${tb.maxPieces} pieces (read as positions need them, kept for offline use).`;
      status.dataset.state = 'open';
      status.dataset.tables = String(tb.tables().length);
      $<HTMLButtonElement>('tablebase-url-forget').hidden = false;
    } catch (e) {
      this.#set('url', null);
      const why =
        e instanceof TablebaseError && e.code === 'invalid-source' ? 'no table file answered there' : String(e);
      status.textContent = `${url.href}: ${why}.`;
      status.dataset.state = 'failed';
    }
    this.render();
  }

  /** Closes the URL's tables and forgets the URL. */
  forgetUrl(): void {
    this.#set('url', null);
    localStorage.removeItem(URL_KEY);
    $<HTMLInputElement>('tablebase-url').value = '';
    const status = $('tablebase-url-status');
    status.textContent = '';
    delete status.dataset.state;
    $<HTMLButtonElement>('tablebase-url-forget').hidden = true;
    this.render();
  }

  // ---- the verdict ------------------------------------------------------------------------

  /** The open sources in the order a position is asked of them. */
  #order(): Source[] {
    return [this.#installed, this.#picked, this.#url].filter((s): s is Source => s !== null);
  }

  /** The verdict of the first source that answers; else the most telling refusal. */
  async #answer(position: Parameters<Tablebase['probeWdl']>[0], sources: Source[]) {
    let refusal: unknown = null;
    for (const s of sources) {
      try {
        const [wdl, dtz, moves] = await Promise.all([
          s.tb.probeWdl(position),
          s.tb.probeDtz(position),
          s.tb.bestMoves(position),
        ]);
        return { wdl, dtz, moves, source: s.kind };
      } catch (e) {
        if (!(e instanceof TablebaseError) || !ASK_NEXT.has(e.code)) throw e;
        // "too many pieces" only when no source had a better reason
        if (refusal === null || (refusal as TablebaseError).code === 'too-many-pieces') refusal = e;
      }
    }
    throw refusal;
  }

  /** Follows the store: the verdict on the current position. */
  render(): void {
    const store = this.#store;
    const locked = !!store.puzzle?.locked;
    const fen = store.position.fen();
    const key = `${store.variant} ${fen} ${locked} ${this.#sources}`;
    if (key === this.#shown) return;
    this.#shown = key;
    const verdict = $('tablebase-verdict');
    const list = $('tablebase-moves');
    const show = (state: string, text: string, ...rows: Node[]) => {
      list.dataset.state = state;
      delete list.dataset.code;
      delete list.dataset.source;
      verdict.textContent = text;
      list.replaceChildren(...rows);
    };
    const sources = this.#order();
    if (!sources.length)
      return show('empty', 'Install or open Syzygy tables to see the verdict on positions with few pieces.');
    if (locked) return show('waiting', 'The tablebase waits until the puzzle is solved.');
    if (store.variant !== 'chess' && store.variant !== 'chess960')
      return show('refused', 'The tables are of standard chess and Chess960 only.');
    const probe = ++this.#probes;
    list.dataset.state = 'probing';
    const position = store.position.clone();
    this.#answer(position, sources)
      .then(({ wdl, dtz, moves, source }) => {
        if (probe !== this.#probes) return;
        const rows = moves.map((m) =>
          h(
            'div.tb-move',
            { 'data-uci': m.uci, 'data-result': moverResult(m), 'data-dtz': m.dtz },
            h('button', { type: 'button' }, m.san),
            h('span.small', null, RESULT[moverResult(m)]),
            h(
              'span.small.muted',
              null,
              m.checkmate ? 'mate' : m.stalemate ? 'stalemate' : m.dtz === 0 ? '' : `DTZ ${Math.abs(m.dtz)}`,
            ),
          ),
        );
        show('moves', `${WDL_TEXT[wdl]} for the side to move (DTZ ${dtz})`, ...rows);
        list.dataset.source = source;
      })
      .catch((e: unknown) => {
        if (probe !== this.#probes) return;
        const code = e instanceof TablebaseError ? e.code : 'error';
        show('refused', e instanceof Error ? e.message.replace(/^tablebase: /, '') : String(e));
        list.dataset.code = code;
      })
      .finally(() => position.dispose());
  }
}
