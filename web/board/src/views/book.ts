// The opening book panel: a Polyglot book (.bin) opened with a file picker, and the book
// moves of the current position listed as lichess's opening explorer lists its moves: SAN,
// share of the position's total weight (a bar and a percentage), weight; heaviest first.
// A click plays the move through the store, like a move made on the board (it enters the
// move tree). Everything about the book comes from the package's Book: reading and checking
// the file (BookError 'truncated' / 'unsorted'), the key, which entries are legal, their
// order and SAN, and the positions a book cannot answer for (BookError 'unsupported-variant'
// for Makruk, 'unsupported-castling' for Chess960 rights of an inner rook). The panel
// follows the current position; while a puzzle is unsolved it shows nothing (as the engine
// waits), so that it gives no solution away. The last book opened is kept in IndexedDB (when
// the browser allows it) and opened again on the next visit.
import { Book, BookError, type BookEntry } from 'chesswasm';
import { $, h, on, thousands } from '../dom.js';
import type { SidePanel } from '../panels.js';
import type { Store } from '../store.js';
import type { BoardView, Key } from './board.js';

export const bookPanel: SidePanel = {
  id: 'book',
  title: 'Book',
  content: `
    <div class="row wrap book-head">
      <label class="file-btn" title="Open a Polyglot opening book (.bin)">Open book<input id="book-file" data-testid="book-file" type="file" accept=".bin,application/octet-stream" /></label>
      <span id="book-name" class="book-name small" data-testid="book-name"></span>
      <button id="book-remove" type="button" data-testid="book-remove" title="Close this book (and forget it)" hidden>Close</button>
    </div>
    <div id="book-moves" class="book-moves" data-testid="book-moves"></div>`,
};

/** A book as the panel holds it: the file's name, and the book or why it was refused. */
type Opened =
  | { name: string; book: Book; error?: undefined }
  | { name: string; book?: undefined; error: { code: string; message: string } };

/**
 * A share of the total weight as text: one decimal, `0%` for weight 0, `100%` for the only
 * move; shares that one decimal would show as 0.0 or 100.0 read `<0.1%` and `>99.9%`.
 */
export function shareText(weight: number, total: number): string {
  if (weight === 0 || total === 0) return '0%';
  if (weight === total) return '100%';
  const p = (100 * weight) / total;
  if (p < 0.05) return '<0.1%';
  if (p >= 99.95) return '>99.9%';
  return `${p.toFixed(1)}%`;
}

const fmt = thousands;

export class BookView {
  #store: Store;
  #board: BoardView;
  #opened: Opened | null = null;
  /** Counts the files opened: a slow read finished after a newer one is dropped. */
  #loads = 0;
  /** What the list shows now (book, position, puzzle state): no rebuild when it is unchanged. */
  #shown = '';
  #shownBook: Opened | null = null;
  /** The move drawn as an arrow ('' for none). */
  #arrowUci = '';

  constructor(store: Store, board: BoardView) {
    this.#store = store;
    this.#board = board;
    on('book-file', 'change', () => {
      const input = $<HTMLInputElement>('book-file');
      const file = input.files?.[0];
      if (!file) return;
      void this.open(file.name, file.arrayBuffer()).finally(() => {
        input.value = ''; // the same file can be opened again (e.g. after it was rebuilt)
      });
    });
    on('book-remove', 'click', () => {
      const load = ++this.#loads;
      this.#set(null);
      this.#remember(load, savedBook.clear());
    });
    const list = $('book-moves');
    list.addEventListener('click', (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('[data-uci]');
      if (!row) return;
      this.#play(row.dataset.uci!);
      // Played from the keyboard (Enter or Space: a click of detail 0): the list is rebuilt
      // for the new position, and the focus goes to its first move, so Enter plays on.
      if (e.detail === 0) list.querySelector<HTMLElement>('[data-uci] button')?.focus();
    });
    // The move under the pointer or the keyboard focus is drawn as an arrow, as on lichess.
    list.addEventListener('mouseover', (e) =>
      this.#arrow((e.target as HTMLElement).closest<HTMLElement>('[data-uci]')),
    );
    list.addEventListener('mouseleave', () => this.#arrow(null));
    list.addEventListener('focusin', (e) => this.#arrow((e.target as HTMLElement).closest<HTMLElement>('[data-uci]')));
    list.addEventListener('focusout', () => this.#arrow(null));
    void this.#restore();
  }

  /** The book in use, or null (none opened, or the file opened was refused). */
  get book(): Book | null {
    return this.#opened?.book ?? null;
  }

  /** Opens a book from a file's bytes; a new file replaces the book, a refused one too. */
  async open(name: string, bytes: Promise<ArrayBuffer> | ArrayBuffer): Promise<void> {
    const load = ++this.#loads;
    $('book-moves').dataset.stored = 'false';
    let buffer: ArrayBuffer;
    try {
      buffer = await bytes;
    } catch (e) {
      if (load !== this.#loads) return;
      this.#set({
        name,
        error: {
          code: 'unreadable',
          message: `the file could not be read (${e instanceof Error ? e.message : String(e)})`,
        },
      });
      return;
    }
    if (load !== this.#loads) return;
    let book: Book;
    try {
      book = Book.fromBytes(buffer);
    } catch (e) {
      if (!(e instanceof BookError)) throw e;
      this.#set({ name, error: { code: e.code, message: e.message } });
      this.#remember(load, savedBook.clear());
      return;
    }
    this.#set({ name, book });
    this.#remember(load, savedBook.save(name, buffer));
  }

  // The write of what the next visit restores, in the background. For automated checks,
  // #book-moves gets data-stored="true" once the write of the latest open or removal is over
  // (a reload before that may still find the previous book).
  #remember(load: number, write: Promise<void>): void {
    $('book-moves').dataset.stored = 'false';
    void write.then(() => {
      if (load === this.#loads) $('book-moves').dataset.stored = 'true';
    });
  }

  /** Follows the store: the book moves of the current position. */
  render(): void {
    const store = this.#store;
    const opened = this.#opened;
    const locked = !!store.puzzle?.locked;
    const key = `${store.variant} ${store.position.fen()} ${locked}`;
    if (opened === this.#shownBook && key === this.#shown) return;
    this.#shown = key;
    this.#shownBook = opened;
    this.#arrow(null);
    const list = $('book-moves');
    const show = (state: string, ...children: (Node | string)[]) => {
      list.dataset.state = state;
      list.replaceChildren(...children);
    };
    if (!opened) {
      show(
        'empty',
        h(
          'p.muted.small.book-note',
          null,
          'Open a Polyglot opening book (.bin) to see the book moves of each position, with their share.',
        ),
      );
      return;
    }
    if (opened.error) {
      show('book-error', h('p.error', { 'data-code': opened.error.code }, `${opened.name}: ${opened.error.message}`));
      return;
    }
    if (locked) {
      show('waiting', h('p.muted.small.book-note', null, 'The book waits until the puzzle is solved.'));
      return;
    }
    let entries: BookEntry[];
    try {
      entries = opened.book.entries(store.position);
    } catch (e) {
      if (!(e instanceof BookError)) throw e;
      // Not the user's mistake: the format has no key for this position. Said, not alarmed.
      show(
        'position-error',
        h(
          'p.book-unavailable',
          null,
          h('strong', null, 'No book lookup here: '),
          h('span', { 'data-code': e.code }, e.message),
        ),
      );
      return;
    }
    if (!entries.length) {
      show('out', h('p.book-out', null, 'out of book'));
      return;
    }
    show('moves', this.#table(entries));
  }

  #table(entries: readonly BookEntry[]): HTMLElement {
    const total = entries.reduce((sum, e) => sum + e.weight, 0);
    const rows = entries.map((e) => {
      const share = shareText(e.weight, total);
      const width = total > 0 ? (100 * e.weight) / total : 0;
      return h(
        e.weight === 0 ? 'tr.zero' : 'tr',
        {
          'data-testid': 'book-move',
          'data-uci': e.uci,
          'data-san': e.san,
          'data-weight': e.weight,
          title: e.weight === 0 ? `Play ${e.san} (weight 0: the book never plays it)` : `Play ${e.san}`,
        },
        h(
          'td.book-san',
          null,
          h(
            'button',
            { type: 'button', 'aria-label': `Play ${e.san}: ${share} of the weight, weight ${fmt(e.weight)}` },
            e.san,
          ),
        ),
        h(
          'td',
          null,
          h(
            'div.book-share',
            null,
            h(
              'span.book-bar',
              { 'aria-hidden': 'true' },
              h('span.book-fill', { style: `width: ${width.toFixed(2)}%` }),
            ),
            h('span.book-pct', { 'data-testid': 'book-share' }, share),
          ),
        ),
        h('td.book-weight', null, fmt(e.weight)),
      );
    });
    const moves = entries.length === 1 ? '1 move' : `${entries.length} moves`;
    return h(
      'table.book-table',
      null,
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'Move'),
          h('th', { scope: 'col' }, 'Share'),
          h('th.book-weight', { scope: 'col' }, 'Weight'),
        ),
      ),
      h('tbody', null, ...rows),
      h(
        'tfoot',
        null,
        h(
          'tr',
          null,
          h('td', null, 'Σ'),
          h('td.small', null, moves),
          h('td.book-weight', { 'data-testid': 'book-total' }, fmt(total)),
        ),
      ),
    );
  }

  #play(uci: string): void {
    this.#arrow(null);
    this.#store.userMove(uci);
  }

  #arrow(row: HTMLElement | null): void {
    const uci = row?.dataset.uci ?? '';
    if (uci === this.#arrowUci) return;
    this.#arrowUci = uci;
    this.#board.setLayer(
      'book',
      uci ? [{ orig: uci.slice(0, 2) as Key, dest: uci.slice(2, 4) as Key, brush: 'paleGreen' }] : [],
    );
  }

  #set(opened: Opened | null): void {
    this.#opened = opened;
    const name = $('book-name');
    name.textContent = opened
      ? opened.book
        ? `${opened.name} · ${fmt(opened.book.size)} ${opened.book.size === 1 ? 'entry' : 'entries'}`
        : opened.name
      : '';
    name.title = opened?.name ?? '';
    $('book-remove').hidden = !opened;
    this.render();
  }

  // The book of the last visit, unless a file was opened meanwhile. For automated checks,
  // #book-moves gets data-restored="true" once this is over.
  async #restore(): Promise<void> {
    const load = this.#loads;
    const saved = await savedBook.load();
    if (saved && load === this.#loads) await this.open(saved.name, saved.bytes);
    $('book-moves').dataset.restored = 'true';
  }
}

/**
 * The last book opened, kept in IndexedDB (a book is binary and can be megabytes: more than
 * localStorage holds). One connection, so that writes happen in the order they are asked
 * for. Every failure (no IndexedDB, private mode, quota) just means the book is not
 * remembered.
 */
const savedBook = {
  connection: null as Promise<IDBDatabase> | null,
  db(): Promise<IDBDatabase> {
    return (this.connection ??= new Promise((resolve, reject) => {
      const req = indexedDB.open('chesswasm-board', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('files');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB: the database did not open'));
    }));
  },
  async run(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
    try {
      const db = await this.db();
      return await new Promise((resolve, reject) => {
        const req = fn(db.transaction('files', mode).objectStore('files'));
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('IndexedDB: the request failed'));
      });
    } catch {
      return undefined;
    }
  },
  async save(name: string, bytes: ArrayBuffer): Promise<void> {
    await this.run('readwrite', (s) => s.put({ name, bytes }, 'book'));
  },
  async clear(): Promise<void> {
    await this.run('readwrite', (s) => s.delete('book'));
  },
  async load(): Promise<{ name: string; bytes: ArrayBuffer } | null> {
    const v = (await this.run('readonly', (s) => s.get('book'))) as { name?: unknown; bytes?: unknown } | undefined;
    return v && typeof v.name === 'string' && v.bytes instanceof ArrayBuffer ? { name: v.name, bytes: v.bytes } : null;
  },
};
