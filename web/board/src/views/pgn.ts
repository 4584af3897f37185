// The PGN panel: import (paste or open a file; several games: a picker), export into the
// box, copy, download. Picking a game again returns to it where it was left: the imported
// games are kept by the store, never disposed while listed.
import { type Game, PgnError, readGames } from 'chesswasm';
import { $, copyText, h, on, thousands } from '../dom.js';
import { type Store, lineEnd } from '../store.js';

/** A PGN error as the board says it (with its line and column); also the import worker's copy of one. */
/** Pasted texts longer than this (characters) are imported as a study, off the page's thread. */
export const BIG_PASTE = 64 * 1024;

/** A PGN error as the board says it (with its line and column); also the import worker's copy of one. */
export function pgnErrorText(e: Pick<PgnError, 'message' | 'line' | 'column'>): string {
  if (!e.line || e.message.includes(`line ${e.line}`)) return e.message;
  return `Line ${e.line}, column ${e.column}: ${e.message}`;
}

export class PgnView {
  #store: Store;
  #held: string | null = null;
  /** Set by the studies: the games of an import (kept in the study picked beside Import). */
  onImported: ((games: Game[]) => void) | null = null;
  /** Set by the studies: a file opened here (imported into the study picked). */
  onFile: ((file: File) => void) | null = null;
  /**
   * Set by the studies: a big pasted text, imported as a study the way a file is (off the
   * page's thread, with progress and Cancel shown in `progress`); resolves with what to say.
   */
  onBigText: ((text: string, progress: HTMLElement) => Promise<{ count: number; error?: string }>) | null = null;
  /** Set by the studies: downloads the whole study of the game when it has several chapters (true if it did). */
  downloadAll: (() => Promise<boolean>) | null = null;

  constructor(store: Store) {
    this.#store = store;
    on('pgn-import', 'click', () => this.import(this.#held ?? $<HTMLTextAreaElement>('pgn').value));
    // A big paste is kept aside, not put into the box: megabytes of text in a text box make
    // every frame of the page slow (and emptying it again takes a long frame too).
    on('pgn', 'paste', (e) => {
      const text = (e as ClipboardEvent).clipboardData?.getData('text/plain') ?? '';
      if (text.length <= BIG_PASTE) return;
      e.preventDefault();
      this.#hold(text);
    });
    on('pgn', 'input', () => {
      if (this.#held !== null) this.#hold(null);
    });
    on('pgn-games', 'change', () => {
      const i = Number($<HTMLSelectElement>('pgn-games').value);
      const g = store.games[i];
      if (g) store.setGame(g);
    });
    on('pgn-file', 'change', async () => {
      const f = $<HTMLInputElement>('pgn-file').files?.[0];
      if (!f) return;
      if (this.onFile) {
        $<HTMLInputElement>('pgn-file').value = '';
        this.onFile(f);
        return;
      }
      const text = await f.text();
      $<HTMLTextAreaElement>('pgn').value = text;
      this.import(text);
    });
    on('pgn-export', 'click', () => {
      $<HTMLTextAreaElement>('pgn').value = store.pgn();
      this.#message('');
    });
    on('pgn-copy', 'click', async () => {
      const text = store.pgn();
      $<HTMLTextAreaElement>('pgn').value = text;
      if (await copyText(text)) this.#message('PGN copied.', 'ok');
      else {
        $<HTMLTextAreaElement>('pgn').select();
        this.#message('Select and copy the text above (no clipboard here).');
      }
    });
    on('pgn-download', 'click', async () => {
      if (await this.downloadAll?.()) return;
      const blob = new Blob([store.pgn()], { type: 'application/x-chess-pgn' });
      const a = h('a', { href: URL.createObjectURL(blob), download: 'game.pgn' });
      a.click();
      window.setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });
  }

  // The text of a big paste (null: none), said beside the empty box.
  #hold(text: string | null): void {
    this.#held = text;
    if (text === null) this.#message('');
    else {
      const mb = (text.length / 1e6).toFixed(1);
      $<HTMLTextAreaElement>('pgn').value = '';
      this.#message(`${mb} MB of PGN pasted (not shown here): Import reads it as a new study.`, 'ok');
    }
  }

  #message(text: string, kind: 'ok' | 'error' = 'error'): void {
    const el = $('pgn-error');
    el.textContent = text;
    el.className = kind === 'ok' ? 'note ok' : 'error';
  }

  /**
   * Reads every game of a PGN text (malformed games are reported, the others kept). A text of
   * more than {@link BIG_PASTE} characters goes to the studies' import (a new study, read in a
   * worker), so that no paste blocks the page.
   */
  import(text: string): void {
    const store = this.#store;
    const held = text === this.#held;
    if (held) this.#held = null;
    if (text.length > BIG_PASTE && this.onBigText) {
      const button = $<HTMLButtonElement>('pgn-import');
      const box = $<HTMLTextAreaElement>('pgn');
      button.disabled = true;
      this.#message('');
      // Megabytes of text in the box make every layout of the page slow, and emptying it while
      // it is shown takes a long frame too: it is hidden, emptied, then shown again (filled
      // again if none of the text was kept).
      if (!held && box.value === text) {
        box.hidden = true;
        window.setTimeout(() => {
          box.value = '';
          window.setTimeout(() => (box.hidden = false), 50);
        }, 50);
      }
      void this.onBigText(text, $('pgn-progress'))
        .then((r) => {
          if (!r.count) {
            if (held) this.#hold(text);
            else box.value = text;
          }
          if (r.error) this.#message(r.error);
          else if (r.count) {
            const into = $<HTMLSelectElement>('pgn-target').selectedOptions[0];
            const where = into && into.value !== 'new' ? `into “${into.textContent}”` : 'as a study';
            this.#message(`${thousands(r.count)} games imported ${where}.`, 'ok');
            window.scrollTo({ top: 0 });
          }
        })
        .finally(() => {
          button.disabled = false;
        });
      return;
    }
    const errors: PgnError[] = [];
    let games: Game[];
    try {
      games = [...readGames(text, { onError: (e) => errors.push(e) })];
    } catch (e) {
      if (!(e instanceof PgnError)) throw e;
      errors.push(e);
      games = [];
    }
    let message = '';
    if (errors.length) {
      const more =
        errors.length > 1 ? ` (and ${errors.length - 1} more game${errors.length > 2 ? 's' : ''} with errors)` : '';
      message = pgnErrorText(errors[0]!) + more;
    }
    if (!games.length) {
      this.#message(message || 'No game found in the PGN.');
      return;
    }
    this.#message(message);
    for (const g of games) g.goTo(lineEnd(g.root)); // no wasm work: the position is made on first use
    for (const old of store.games) if (old !== store.game) old.dispose();
    store.games = games;
    this.onImported?.(games); // into the study picked (a new one by default)
    const select = $<HTMLSelectElement>('pgn-games');
    select.replaceChildren(
      ...games.map((g, i) => {
        const t = (k: string) => g.tags.get(k) ?? '?';
        return h(
          'option',
          { value: i },
          `${i + 1}. ${t('White')} – ${t('Black')} ${g.tags.get('Result') ?? ''}`.trim(),
        );
      }),
    );
    select.hidden = games.length < 2;
    store.setGame(games[0]!);
    window.scrollTo({ top: 0 }); // the board and the game come into view (the box may be far down on a phone)
  }

  /** Forgets the games of the last import (another game is opened from the studies). */
  forgetGames(): void {
    const store = this.#store;
    for (const old of store.games) if (old !== store.game) old.dispose();
    store.games = [];
    store.gameIndex = -1;
    $<HTMLSelectElement>('pgn-games').hidden = true;
  }

  render(): void {
    const store = this.#store;
    const select = $<HTMLSelectElement>('pgn-games');
    if (store.gameIndex >= 0) select.value = String(store.gameIndex);
  }
}
