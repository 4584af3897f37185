// The tablebase panel: Syzygy tables (.rtbw/.rtbz) opened with a file picker (any browser) or a
// folder picker (where the browser has one), and the current position's verdict and every move's
// as lichess's tablebase view lists them: the moves best first, grouped by the mover's result
// (win, draw, loss) with their DTZ. A click plays the move through the store. Everything about
// the tables comes from the package's Tablebase (chesswasm/tablebase): reading the files, which
// positions they answer (TablebaseError codes: a missing table named, castling rights, too many
// pieces, another rule set), the order of the moves. While a puzzle is unsolved the panel shows
// nothing, as the book and the engine wait.
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

export const tablebasePanel: SidePanel = {
  id: 'tablebase',
  title: 'Tablebase',
  content: `
    <div data-testid="tablebase" class="tablebase">
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

export class TablebaseView {
  #store: Store;
  #tb: Tablebase | null = null;
  #name = '';
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
    $('tablebase-moves').addEventListener('click', (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('[data-uci]');
      if (row) this.#store.userMove(row.dataset.uci!);
    });
  }

  /** Opens tables (replacing the ones open); a refusal is shown in the panel. */
  async open(source: Parameters<typeof Tablebase.open>[0], name: string): Promise<void> {
    this.#tb?.close();
    this.#tb = null;
    this.#shown = '';
    try {
      this.#tb = await Tablebase.open(source);
      this.#name = `${name}: ${this.#tb.tables().length} tables, up to ${this.#tb.maxPieces} pieces`;
    } catch (e) {
      this.#name = `${name}: ${e instanceof Error ? e.message : String(e)}`;
    }
    $('tablebase-name').textContent = this.#name;
    this.render();
  }

  /** Follows the store: the verdict on the current position. */
  render(): void {
    const store = this.#store;
    const locked = !!store.puzzle?.locked;
    const fen = store.position.fen();
    const key = `${store.variant} ${fen} ${locked} ${this.#tb !== null}`;
    if (key === this.#shown) return;
    this.#shown = key;
    const verdict = $('tablebase-verdict');
    const list = $('tablebase-moves');
    const show = (state: string, text: string, ...rows: Node[]) => {
      list.dataset.state = state;
      delete list.dataset.code;
      verdict.textContent = text;
      list.replaceChildren(...rows);
    };
    const tb = this.#tb;
    if (!tb) return show('empty', 'Open Syzygy tables to see the verdict on positions with few pieces.');
    if (locked) return show('waiting', 'The tablebase waits until the puzzle is solved.');
    if (store.variant !== 'chess' && store.variant !== 'chess960')
      return show('refused', 'The tables are of standard chess and Chess960 only.');
    const probe = ++this.#probes;
    list.dataset.state = 'probing';
    const position = store.position.clone();
    Promise.all([tb.probeWdl(position), tb.probeDtz(position), tb.bestMoves(position)])
      .then(([wdl, dtz, moves]) => {
        if (probe !== this.#probes) return;
        const rows = moves.map((m) =>
          h(
            'div.tb-move',
            { 'data-uci': m.uci, 'data-result': moverResult(m) },
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
