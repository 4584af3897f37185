// The board view: chessground drawing the current position of the store's game, the user's
// moves (with the promotion chooser), and shapes — the arrows and circles of the current
// move (from the PGN's [%cal]/[%csl], or drawn by the user: kept with that move and
// exported), plus layers of automatic shapes (the engine's best move, a puzzle hint).
import { Chessground } from '@lichess-org/chessground';
import type { DrawShape } from '@lichess-org/chessground/draw';
import {
  type Move,
  SQUARE_NAMES,
  type Shape,
  type ShapeColor,
  chessgroundDests,
  isPromotion,
  moveFrom,
  movePromotion,
  moveTo,
} from 'chesswasm';
import { $, h } from '../dom.js';
import { ROLE_OF, boardFen, pieceElement } from '../pieces.js';
import type { Store } from '../store.js';

type Api = ReturnType<typeof Chessground>;
export type Key = (typeof SQUARE_NAMES)[number];

const BRUSH_OF: Record<ShapeColor, string> = { green: 'green', red: 'red', yellow: 'yellow', blue: 'blue' };
const COLOR_OF: Record<string, ShapeColor> = { green: 'green', red: 'red', yellow: 'yellow', blue: 'blue' };

/** Our shapes (GameNode.shapes) as chessground's. */
export function toDrawShapes(shapes: readonly Shape[]): DrawShape[] {
  return shapes.map((s) =>
    s.to ? { orig: s.from, dest: s.to, brush: BRUSH_OF[s.color] } : { orig: s.from, brush: BRUSH_OF[s.color] },
  );
}

/** chessground's user shapes as ours (brushes other than the four PGN colours are left out). */
export function fromDrawShapes(shapes: readonly DrawShape[]): Shape[] {
  const out: Shape[] = [];
  for (const s of shapes) {
    const color = COLOR_OF[s.brush ?? ''];
    if (!color) continue;
    if (s.dest && s.dest !== s.orig) out.push({ color, from: s.orig as Key, to: s.dest as Key });
    else out.push({ color, from: s.orig as Key });
  }
  return out;
}

const PROMO_NAMES: Record<string, string> = { q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight', m: 'Met', k: 'King' };

export class BoardView {
  readonly cg: Api;
  readonly el: HTMLElement;
  #store: Store;
  #layers = new Map<string, DrawShape[]>();

  constructor(store: Store) {
    this.#store = store;
    this.el = $('board');
    this.cg = Chessground(this.el, {
      coordinates: true,
      ranksPosition: 'left', // rank numbers on the a-file side (their light/dark classes follow)
      autoCastle: false, // the package's position is set after every move
      highlight: { lastMove: true, check: true },
      animation: { enabled: true, duration: 150 },
      movable: {
        free: false,
        showDests: true,
        rookCastle: true,
        events: { after: (o, d) => this.#onUserMove(o as Key, d as Key) },
      },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true },
      drawable: { enabled: true, onChange: (shapes) => this.#onDraw(shapes) },
    });
    $('promotion').addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.hidePromotion();
    });
  }

  /** Sets a layer of automatic shapes (e.g. 'engine', 'hint'); an empty list removes it. */
  setLayer(name: string, shapes: DrawShape[]): void {
    if (shapes.length) this.#layers.set(name, shapes);
    else this.#layers.delete(name);
    if (this.#store.mode === 'analysis') this.cg.setAutoShapes([...this.#layers.values()].flat());
  }

  render(): void {
    const store = this.#store;
    const makruk = store.variant === 'makruk';
    this.el.classList.toggle('makruk', makruk);
    if (store.mode !== 'analysis') return; // the editor drives the board then
    const pos = store.position;
    const node = store.node;
    const turn = pos.turn === 'w' ? 'white' : 'black';
    const canMove = (store.puzzle?.locked ? store.puzzle.canMove(node) : true) && !pos.outcome();
    this.cg.set({
      fen: boardFen(pos.fen(), makruk),
      orientation: store.orientation,
      turnColor: turn,
      check: pos.isCheck() ? turn : false,
      lastMove:
        node.uci && node.uci !== '0000' ? [node.uci.slice(0, 2) as Key, node.uci.slice(2, 4) as Key] : undefined,
      movable: {
        free: false,
        color: canMove ? turn : undefined,
        dests: canMove ? (chessgroundDests(pos) as Map<Key, Key[]>) : new Map(),
      },
      draggable: { deleteOnDropOff: false },
      // The current move's shapes: chessground drops its drawn shapes whenever a FEN is set,
      // so they are given again every time (GameNode.shapes is where they live).
      drawable: { enabled: true, shapes: toDrawShapes(node.shapes) },
    });
    this.cg.setAutoShapes([...this.#layers.values()].flat());
    if (!$('promotion').hidden && $('promotion').dataset.node !== String(node.ply) + node.uci) this.hidePromotion();
  }

  #onDraw(shapes: DrawShape[]): void {
    const store = this.#store;
    if (store.mode !== 'analysis') return;
    store.node.shapes = fromDrawShapes(shapes);
    store.changed();
  }

  #onUserMove(orig: Key, dest: Key): void {
    const pos = this.#store.position;
    const promos = pos
      .legalMoves()
      .filter((m) => isPromotion(m) && SQUARE_NAMES[moveFrom(m)] === orig && SQUARE_NAMES[moveTo(m)] === dest);
    if (promos.length > 1) this.#showPromotion(promos);
    else if (promos.length === 1) this.#store.userMove(pos.uci(promos[0]!));
    else this.#store.userMove(orig + dest); // king-to-destination and king-to-rook castling both work
  }

  // The chooser shows the pieces with the board's own images (cburnett, or ours in Makruk).
  #showPromotion(moves: Move[]): void {
    const store = this.#store;
    const pos = store.position;
    const box = $('promotion');
    box.textContent = '';
    const white = pos.turn === 'w';
    const order = ['q', 'r', 'b', 'n', 'm', 'k'];
    const sorted = [...moves].sort((a, b) => order.indexOf(movePromotion(a)!) - order.indexOf(movePromotion(b)!));
    const set = h('div.promo-set.cg-wrap');
    set.classList.toggle('makruk', store.variant === 'makruk');
    for (const m of sorted) {
      const p = movePromotion(m)!;
      const name = PROMO_NAMES[p]!;
      const btn = h('button.promo-piece', {
        type: 'button',
        'data-testid': `promote-${p}`,
        'aria-label': `Promote to ${name.toLowerCase()}`,
        title: name,
      });
      btn.append(pieceElement(ROLE_OF[p]!, white), h('small', null, name));
      btn.addEventListener('click', () => {
        this.hidePromotion();
        store.userMove(pos.uci(m));
      });
      set.append(btn);
    }
    const cancel = h('button.promo-cancel', { type: 'button' }, 'Cancel');
    cancel.addEventListener('click', () => this.hidePromotion());
    box.append(set, cancel);
    box.hidden = false;
    box.dataset.node = String(store.node.ply) + store.node.uci;
    (box.querySelector('button') as HTMLButtonElement).focus();
  }

  /** Closes the promotion chooser and puts the pawn back. */
  hidePromotion(): void {
    const box = $('promotion');
    if (box.hidden) return;
    box.hidden = true;
    box.textContent = '';
    this.render();
  }

  get promotionOpen(): boolean {
    return !$('promotion').hidden;
  }
}
