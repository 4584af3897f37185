// The move strip: on a phone (the stylesheet shows it below 720 px) the moves of the current
// line in one horizontal row right under the board, as lichess shows them, so that the board
// and the current move are on screen together. The current move has aria-current="true" and
// is kept in view by scrolling the strip sideways (never the page); tapping a move goes there.
import type { GameNode } from 'chesswasm';
import { h } from '../dom.js';
import { type Store, moveNumber } from '../store.js';

export class MoveStrip {
  #store: Store;
  readonly el: HTMLElement;
  #shown: GameNode[] = [];

  constructor(store: Store) {
    this.#store = store;
    this.el = h('nav.move-strip', {
      id: 'move-strip',
      'data-testid': 'move-strip',
      'aria-label': 'Moves of the current line',
    });
    this.el.addEventListener('click', (e) => {
      const t = (e.target as HTMLElement).closest<HTMLElement>('[data-i]');
      const n = t && this.#shown[Number(t.dataset.i)];
      if (n) store.goTo(n);
    });
  }

  render(): void {
    const store = this.#store;
    const game = store.game;
    const cur = store.node;
    // The line through the current move: the path to it, then its main continuation.
    const line = cur.path();
    for (let n = cur.children[0]; n; n = n.children[0]) line.push(n);
    this.#shown = line;
    const items: HTMLElement[] = [];
    line.forEach((n, i) => {
      const { number, white } = moveNumber(game, n);
      if (white || i === 0)
        items.push(h('span.strip-num', { 'aria-hidden': 'true' }, white ? `${number}.` : `${number}…`));
      items.push(
        h(
          'button.strip-move',
          {
            type: 'button',
            'data-i': i,
            'data-san': n.san,
            'aria-current': n === cur ? 'true' : null,
            tabindex: n === cur ? 0 : -1,
          },
          n.san,
        ),
      );
    });
    this.el.replaceChildren(...(items.length ? items : [h('span.strip-empty', null, 'No moves yet')]));
    const el = this.el.querySelector<HTMLElement>('[aria-current=true]');
    if (el) {
      const left = el.offsetLeft - this.el.offsetLeft;
      if (left < this.el.scrollLeft + 24 || left + el.offsetWidth > this.el.scrollLeft + this.el.clientWidth - 24) {
        this.el.scrollLeft = left - this.el.clientWidth / 2 + el.offsetWidth / 2;
      }
    } else this.el.scrollLeft = 0;
  }
}
