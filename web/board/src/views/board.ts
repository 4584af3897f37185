// The board view: chessground drawing the current position of the store's game, the user's
// moves (with the promotion chooser), and shapes — the arrows and circles of the current
// move (from the PGN's [%cal]/[%csl], or drawn by the user: kept with that move and
// exported), plus layers of automatic shapes (the engine's best move, a puzzle hint).
// Variants: crazyhouse's pockets and three-check's counters beside the board (pockets.ts),
// atomic's explosions (the squares a move emptied, from the positions before and after it),
// King of the Hill's four centre squares marked.
import { Chessground } from '@lichess-org/chessground';
import type { DrawShape } from '@lichess-org/chessground/draw';
import type { Key as CgKey } from '@lichess-org/chessground/types';
import {
  type GameNode,
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
import { SideSlots } from './pockets.js';

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

const PROMO_NAMES: Record<string, string> = {
  q: 'Queen',
  r: 'Rook',
  b: 'Bishop',
  n: 'Knight',
  k: 'King',
  m: 'Met',
};

/** King of the Hill's hill: the four centre squares, marked on the board. */
const HILL = new Map<CgKey, string>(['d4', 'e4', 'd5', 'e5'].map((k) => [k as CgKey, 'hill']));

/** The pieces of a FEN's board field, by square (`~` of a promoted piece left out). */
function piecesOf(board: string): Map<string, string> {
  const out = new Map<string, string>();
  board.split('/').forEach((rank, i) => {
    let file = 0;
    for (const c of rank) {
      if (c >= '1' && c <= '9') file += Number(c);
      else if (c !== '~') out.set(`${'abcdefgh'[file++]}${8 - i}`, c);
    }
  });
  return out;
}

/** The squares of a move as chessground highlights them: from and to, or the square of a drop (`N@f3`). */
export function moveKeys(uci: string | null): Key[] | undefined {
  if (!uci || uci === '0000') return undefined;
  if (uci[1] === '@') return [uci.slice(2, 4) as Key];
  return [uci.slice(0, 2) as Key, uci.slice(2, 4) as Key];
}

export class BoardView {
  readonly cg: Api;
  readonly el: HTMLElement;
  #store: Store;
  #layers = new Map<string, DrawShape[]>();
  /** Crazyhouse's pockets and three-check's counters, beside the board. */
  readonly slots: SideSlots;
  /** The node and board drawn last (an atomic move's explosion compares them with the next). */
  #drawn: { node: GameNode; board: string } | null = null;

  constructor(store: Store) {
    this.#store = store;
    this.el = $('board');
    this.slots = new SideSlots(
      store,
      () => this.cg,
      () => this.#canMove(),
    );
    const wrap = this.el.closest('.board-wrap')!;
    wrap.before(this.slots.top);
    wrap.after(this.slots.bottom);
    this.slots.top.hidden = this.slots.bottom.hidden = true;
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
        events: {
          after: (o, d) => this.#onUserMove(o as Key, d as Key),
          afterNewPiece: (role, key) => this.slots.dropped(role, key),
        },
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

  /** Whether the user may move on the board now. */
  #canMove(): boolean {
    const store = this.#store;
    if (store.mode !== 'analysis') return false;
    return (store.puzzle?.locked ? store.puzzle.canMove(store.node) : true) && !store.position.outcome();
  }

  render(): void {
    const store = this.#store;
    const makruk = store.variant === 'makruk';
    this.el.classList.toggle('makruk', makruk);
    const slots = store.mode === 'analysis' && SideSlots.shown(store.position);
    const row = this.el.closest('.board-row')!;
    if (row.classList.contains('with-slots') !== slots) {
      row.classList.toggle('with-slots', slots);
      this.slots.top.hidden = this.slots.bottom.hidden = !slots;
      // The board moved (the slots above it on a phone): chessground measures it again.
      this.cg.state.dom.bounds.clear();
    }
    if (store.mode !== 'analysis') {
      this.slots.cancel();
      this.#drawn = null;
      return; // the editor drives the board then
    }
    const pos = store.position;
    const node = store.node;
    const turn = pos.turn === 'w' ? 'white' : 'black';
    const canMove = this.#canMove();
    const board = boardFen(pos.fen(), makruk);
    const hill = store.variant === 'kingofthehill' ? HILL : null;
    this.slots.extraSquares = hill;
    this.cg.set({
      fen: board,
      orientation: store.orientation,
      turnColor: turn,
      check: pos.isCheck() ? turn : false,
      lastMove: moveKeys(node.uci),
      highlight: { lastMove: true, check: true, custom: hill ?? new Map() },
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
    this.#explode(node, board);
    if (slots) this.slots.render();
    else this.slots.cancel();
    if (!$('promotion').hidden && $('promotion').dataset.node !== String(node.ply) + node.uci) this.hidePromotion();
  }

  // Atomic: a move one step on from the position drawn last shows chessground's explosion on
  // the squares it emptied (besides the mover's origin), centred on its destination. Read
  // from the two positions, not from the rules.
  #explode(node: GameNode, board: string): void {
    const before = this.#drawn;
    this.#drawn = { node, board };
    if (this.#store.variant !== 'atomic' || !before || node.parent !== before.node) return;
    const keys = moveKeys(node.uci);
    if (!keys || keys.length < 2) return;
    const [from, to] = keys as [Key, Key];
    const after = piecesOf(board);
    const emptied = [...piecesOf(before.board).keys()].filter((k) => k !== from && !after.has(k));
    if (!emptied.length) return;
    this.cg.explode([...new Set([to, ...emptied])] as CgKey[]);
  }

  /** Cancels a pocket piece picked for a drop (Escape). */
  cancelDrop(): boolean {
    if (!this.slots.picking) return false;
    this.slots.cancel();
    this.render();
    return true;
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
