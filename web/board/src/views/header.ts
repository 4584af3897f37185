// The game header: White and Black (with ratings when the PGN gives them) and each player's
// clock at the current move ([%clk]), then event, site, date, round and result.
import type { Game, GameNode } from 'chesswasm';
import { $, h } from '../dom.js';
import { type Store, moveNumber } from '../store.js';
import { clockText } from './moves.js';

const known = (v: string | undefined): string | null =>
  v && v !== '?' && v !== '-' && !/^\?+(\.\?+)*$/.test(v) ? v : null;

// The latest clock of each side on the line from the root to `node`.
function clocksAt(game: Game, node: GameNode): { w: number | null; b: number | null } {
  const out: { w: number | null; b: number | null } = { w: null, b: null };
  for (let n: GameNode | null = node; n && n.parent && (out.w === null || out.b === null); n = n.parent) {
    if (n.clock === null) continue;
    const side = moveNumber(game, n).white ? 'w' : 'b';
    if (out[side] === null) out[side] = n.clock;
  }
  return out;
}

export class HeaderView {
  #store: Store;
  #el: HTMLElement;

  constructor(store: Store) {
    this.#store = store;
    this.#el = $('game-header');
  }

  render(): void {
    const game = this.#store.game;
    const tag = (k: string) => known(game.tags.get(k));
    const clocks = clocksAt(game, this.#store.node);
    const player = (side: 'w' | 'b') => {
      const name = tag(side === 'w' ? 'White' : 'Black');
      const elo = tag(side === 'w' ? 'WhiteElo' : 'BlackElo');
      const title = tag(side === 'w' ? 'WhiteTitle' : 'BlackTitle');
      const clock = clocks[side];
      return h(
        `div.player.${side === 'w' ? 'white' : 'black'}`,
        { 'data-testid': side === 'w' ? 'player-white' : 'player-black' },
        h('span.swatch', { 'aria-hidden': 'true' }),
        title ? h('span.title', null, title) : null,
        h('span.name', null, name ?? (side === 'w' ? 'White' : 'Black')),
        elo ? h('span.elo', null, `(${elo})`) : null,
        clock !== null ? h('span.clock', { title: 'Clock at this move' }, clockText(clock)) : null,
      );
    };
    const anyTag = ['White', 'Black', 'Event', 'Site', 'Date'].some((k) => tag(k) !== null);
    this.#el.classList.toggle('empty', !anyTag && clocks.w === null && clocks.b === null);
    const date = tag('Date')?.replace(/(\.\?\?)+$/, ''); // 1858.??.?? is 1858
    const meta = [
      tag('Event'),
      tag('Site'),
      date,
      tag('Round') ? `round ${tag('Round')}` : null,
      tag('Opening'),
    ].filter(Boolean) as string[];
    const result = game.result !== '*' ? String(game.result) : null;
    this.#el.replaceChildren(h('div.players', null, player('w'), player('b')));
    if (meta.length || result)
      this.#el.append(
        h('div.meta', null, meta.join(' · '), result ? h('strong.result', { 'data-testid': 'result' }, result) : null),
      );
  }
}
