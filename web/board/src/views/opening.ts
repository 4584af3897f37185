// The opening name above the move list (data-testid="opening-name"): the deepest named
// position of the line from the start to the current move, from the package's opening table
// (chesswasm/openings, lichess's names, by position so that transpositions are named). The
// table is its own chunk, loaded and keyed after the board is up; the name follows every move.
import type { GameNode } from 'chesswasm';
import { $ } from '../dom.js';
import type { Store } from '../store.js';

type Openings = typeof import('chesswasm/openings');

export class OpeningView {
  #store: Store;
  #el: HTMLElement;
  #openings: Openings | null = null;
  #shown: GameNode | null = null;

  constructor(store: Store) {
    this.#store = store;
    this.#el = $('opening-name');
    // After the first paint, and keyed in slices (loadOpeningTable) so that no task waits for it.
    window.setTimeout(() => {
      void import('chesswasm/openings').then(async (m) => {
        await m.loadOpeningTable();
        this.#openings = m;
        this.#shown = null;
        this.render();
      });
    }, 0);
  }

  render(): void {
    const store = this.#store;
    const node = store.node;
    if (node === this.#shown) return;
    this.#shown = node;
    const openings = this.#openings;
    const el = this.#el;
    const named =
      openings && store.variant === 'chess' && node.parent ? openings.openingOf(node.path().map((n) => n.fen)) : null;
    el.textContent = '';
    el.hidden = named === null;
    el.removeAttribute('title');
    if (named) {
      const eco = document.createElement('span');
      eco.className = 'eco';
      eco.textContent = named.eco;
      el.append(eco, ` ${named.name}`);
      el.title = `${named.eco} ${named.name} (lichess opening table)`;
    }
  }
}
