// The keyboard and screen readers, beside main.ts's keys (← → ↑ ↓ Home End, f, e, Delete):
//   /        focuses the move box (a move in SAN or UCI, Enter plays it)
//   Escape   in the move box: back to the board (then ← → step again)
//   space    plays the engine's best move (when the engine is on)
//   ?        shows the list of keys
// The board is a focusable element with a label saying whose move it is and the last move;
// every move played or stepped to is announced as its SAN in an aria-live region.
import type { GameNode } from 'chesswasm';
import { $, h } from './dom.js';
import type { Store } from './store.js';

/** The keys, as the `?` list shows them. */
export const KEYS: [string, string][] = [
  ['← →', 'previous / next move'],
  ['↑ ↓', 'previous / next variation'],
  ['Home End', 'first / last position'],
  ['f', 'flip the board'],
  ['e', 'engine on / off'],
  ['space', "play the engine's best move"],
  ['/', 'type a move (SAN or UCI), Enter plays it, Escape returns to the board'],
  ['Delete', 'delete the current move and what follows'],
  ['Backspace', 'take back the last move'],
  ['Ctrl+Z', 'undo the last edit of the moves (delete, take back, promote, glyph, comment)'],
  ['Ctrl+Y  Ctrl+Shift+Z', 'redo the edit undone'],
  ['Shift+F10', 'the menu of the current move (promote, delete, glyphs, comment)'],
  ['?', 'this list'],
];

export class Keyboard {
  #store: Store;
  #live: HTMLElement;
  #dialog: HTMLDialogElement;
  #last: GameNode | null = null;

  constructor(store: Store) {
    this.#store = store;
    this.#live = h('div.sr-only', {
      id: 'announce',
      'data-testid': 'announce',
      'aria-live': 'polite',
      'aria-atomic': 'true',
    });
    document.body.append(this.#live);
    this.#dialog = h(
      'dialog.keys-help',
      { id: 'keys-help', 'data-testid': 'keys-help', 'aria-labelledby': 'keys-title' },
      h('h2', { id: 'keys-title' }, 'Keyboard'),
      h('dl', null, ...KEYS.flatMap(([k, what]) => [h('dt', null, h('kbd', null, k)), h('dd', null, what)])),
      h('form', { method: 'dialog' }, h('button', { type: 'submit', 'data-testid': 'keys-close' }, 'Close')),
    );
    document.body.append(this.#dialog);

    const board = $('board');
    board.tabIndex = 0;
    board.setAttribute('role', 'application');
    board.setAttribute('aria-roledescription', 'chess board');

    const input = $<HTMLInputElement>('move-input');
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        input.value = '';
        board.focus();
      }
    });
    document.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement;
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      if (t.closest('input, textarea, select, [contenteditable], dialog, [role=listbox]')) return;
      if (e.key === '/') {
        e.preventDefault();
        input.focus();
        input.select();
      } else if (e.key === '?') {
        e.preventDefault();
        this.toggleHelp();
      } else if (e.key === ' ' && !t.closest('button, a, [role=button], [role=tab], [role=option]')) {
        e.preventDefault();
        this.playBest();
      }
    });
  }

  toggleHelp(): void {
    if (this.#dialog.open) this.#dialog.close();
    else this.#dialog.showModal();
  }

  /** Plays the first move of the engine's best line, when the engine shows one for this position. */
  playBest(): void {
    const store = this.#store;
    if (store.mode !== 'analysis') return;
    const first = document.querySelector<HTMLElement>('#engine-lines [data-pv]');
    const uci = first?.dataset.pv?.split(' ')[0];
    if (!uci) {
      this.announce('No engine move: switch the engine on (e).');
      return;
    }
    store.userMove(uci);
  }

  /** Says a text in the live region. */
  announce(text: string): void {
    // The same text again is only read when the region changes: clear it first.
    this.#live.textContent = '';
    window.setTimeout(() => {
      this.#live.textContent = text;
    }, 30);
  }

  /** After every change: the board's label, and the move reached announced. */
  render(): void {
    const store = this.#store;
    const node = store.node;
    const pos = store.position;
    const side = pos.turn === 'w' ? 'White' : 'Black';
    const status = pos.isCheckmate() ? 'checkmate' : pos.isCheck() ? 'check' : '';
    $('board').setAttribute(
      'aria-label',
      `Board, ${store.orientation} at the bottom. ${node.san ? `Last move ${node.san}. ` : 'Start position. '}${side} to move${status ? `, ${status}` : ''}. ` +
        'Type / to enter a move; ? lists the keys.',
    );
    if (node !== this.#last) {
      const first = this.#last === null;
      this.#last = node;
      if (!first && store.mode === 'analysis') this.announce(node.san || 'Start position');
    }
  }
}
