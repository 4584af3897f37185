// What a variant shows beside the board, one slot per side (the side at the top of the board
// above or right of it, the other below): crazyhouse's pockets and three-check's checks left.
// Everything shown comes from the package (`Position.pockets`, `Position.remainingChecks`),
// and a drop is played only when the package lists it among the legal moves (`isDrop`,
// `dropPiece`): the board knows no rule of where a piece may be dropped.
//
// A pocket piece is dragged onto the board (chessground's `dragNewPiece`), or clicked (tapped)
// and then a square clicked (chessground's drop mode); while a piece is picked, the squares
// the package allows show chessground's legal-move dots.
import type { Api } from '@lichess-org/chessground/api';
import { cancelDropMode, setDropMode } from '@lichess-org/chessground/drop';
import type { Key as CgKey, MouchEvent, Role } from '@lichess-org/chessground/types';
import { type Color, type Move, type Pockets, type Position, SQUARE_NAMES, dropPiece, moveTo } from 'chesswasm';
import { h } from '../dom.js';
import { pieceElement } from '../pieces.js';
import type { Store } from '../store.js';

/** The roles a pocket holds, in lichess's order, with their package letters. */
const POCKET_ROLES: ReadonlyArray<readonly [Role, 'p' | 'n' | 'b' | 'r' | 'q']> = [
  ['pawn', 'p'],
  ['knight', 'n'],
  ['bishop', 'b'],
  ['rook', 'r'],
  ['queen', 'q'],
];
const LETTER_OF = Object.fromEntries(POCKET_ROLES) as Record<Role, 'p' | 'n' | 'b' | 'r' | 'q'>;
const COLOR_NAME = { w: 'white', b: 'black' } as const;
const SIDE = { w: 'White', b: 'Black' } as const;

/** The legal drops of `role` in `pos` (the package's legal moves), by destination square. */
export function legalDrops(pos: Position, role: Role): Map<string, Move> {
  const letter = LETTER_OF[role];
  const out = new Map<string, Move>();
  for (const m of pos.legalMoves()) if (dropPiece(m) === letter) out.set(SQUARE_NAMES[moveTo(m)]!, m);
  return out;
}

export class SideSlots {
  readonly top: HTMLElement;
  readonly bottom: HTMLElement;
  #store: Store;
  #cg: () => Api;
  #canMove: () => boolean;
  /** The piece picked for a drop by a click (chessground's drop mode), or null. */
  #picked: { color: 'white' | 'black'; role: Role } | null = null;
  /** Where a press on a pocket piece started (a press that does not move is a click). */
  #press: { x: number; y: number; role: Role; color: 'white' | 'black' } | null = null;

  /**
   * @param cg the board's chessground
   * @param canMove whether the user may move now (no puzzle lock, the game not over, analysis mode)
   */
  constructor(store: Store, cg: () => Api, canMove: () => boolean) {
    this.#store = store;
    this.#cg = cg;
    this.#canMove = canMove;
    this.top = h('div.side-slot.slot-top', { 'data-testid': 'slot-top' });
    this.bottom = h('div.side-slot.slot-bottom', { 'data-testid': 'slot-bottom' });
    for (const slot of [this.top, this.bottom]) {
      slot.addEventListener('mousedown', (e) => this.#down(e));
      slot.addEventListener('touchstart', (e) => this.#down(e), { passive: false });
      slot.addEventListener('keydown', (e) => {
        const piece = (e.target as HTMLElement).closest<HTMLElement>('piece');
        if (piece && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          this.#toggle(piece.dataset.role as Role, piece.dataset.color as 'white' | 'black');
        }
      });
    }
    document.addEventListener('mouseup', (e) => this.#up(e));
    document.addEventListener('touchend', (e) => this.#up(e));
  }

  /** Whether a variant shows something in the slots. */
  static shown(pos: Position): boolean {
    return pos.pockets !== null || pos.remainingChecks !== null;
  }

  /** Redraws both slots for the current position. */
  render(): void {
    const store = this.#store;
    const pos = store.position;
    const pockets = pos.pockets;
    const checks = pos.remainingChecks;
    // A pocket piece with the focus keeps it through the redraw (keyboard users pick with Enter).
    const active = document.activeElement as HTMLElement | null;
    const focused =
      active?.tagName === 'PIECE' && (this.top.contains(active) || this.bottom.contains(active))
        ? `piece[data-role="${active.dataset.role}"][data-color="${active.dataset.color}"]`
        : null;
    const topColor: Color = store.orientation === 'white' ? 'b' : 'w';
    const bottomColor: Color = topColor === 'w' ? 'b' : 'w';
    for (const [slot, color] of [
      [this.top, topColor],
      [this.bottom, bottomColor],
    ] as const) {
      slot.dataset.color = COLOR_NAME[color];
      if (pockets) slot.replaceChildren(this.#pocket(pockets, color, pos));
      else if (checks)
        slot.replaceChildren(
          h(
            'div.checks',
            {
              'data-testid': `checks-${COLOR_NAME[color]}`,
              'aria-label': `${SIDE[color]}: ${checks[color]} check${checks[color] === 1 ? '' : 's'} left to give`,
              title: `${SIDE[color]} wins with ${checks[color]} more check${checks[color] === 1 ? '' : 's'}`,
            },
            h('span.swatch', { 'aria-hidden': 'true' }),
            h('strong', null, String(checks[color])),
            h('span', null, checks[color] === 1 ? 'check left' : 'checks left'),
          ),
        );
      else slot.replaceChildren();
    }
    if (focused)
      (this.top.querySelector<HTMLElement>(focused) ?? this.bottom.querySelector<HTMLElement>(focused))?.focus();
    // A pick survives a redraw only while its piece may still be dropped.
    if (this.#picked && (!pockets || !this.#movable(this.#picked.color, this.#picked.role))) this.cancel();
    else if (this.#picked) this.#showDests(this.#picked.role);
  }

  #pocket(pockets: Pockets, color: Color, pos: Position): HTMLElement {
    const name = COLOR_NAME[color];
    const mine = pos.turn === color;
    const box = h('div.pocket.cg-wrap', {
      'data-testid': `pocket-${name}`,
      role: 'group',
      'aria-label': `${SIDE[color]}'s pieces in hand`,
    });
    box.classList.toggle('to-move', mine);
    for (const [role, letter] of POCKET_ROLES) {
      const nb = pockets[color][letter];
      const usable = mine && nb > 0 && this.#canMove();
      const piece = pieceElement(role, color === 'w');
      const attrs = {
        'data-role': role,
        'data-color': name,
        'data-nb': nb,
        role: 'button',
        tabindex: usable ? 0 : -1,
        'aria-disabled': usable ? null : 'true',
        'aria-pressed': String(this.#picked?.role === role && this.#picked.color === name),
        'aria-label': `${SIDE[color]} ${role}${nb === 1 ? '' : 's'} in hand: ${nb}`,
        title: usable ? `Drag or click to drop a ${role}` : undefined,
      };
      for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) piece.setAttribute(k, String(v));
      piece.classList.toggle('empty', nb === 0);
      piece.classList.toggle('usable', usable);
      box.append(piece);
    }
    return box;
  }

  /** Whether a piece of this colour and role may be dropped now. */
  #movable(color: 'white' | 'black', role: Role): boolean {
    const pos = this.#store.position;
    const pockets = pos.pockets;
    const c: Color = color === 'white' ? 'w' : 'b';
    return !!pockets && pos.turn === c && pockets[c][LETTER_OF[role]] > 0 && this.#canMove();
  }

  #down(e: MouseEvent | TouchEvent): void {
    if (e instanceof MouseEvent && e.button !== 0) return;
    const piece = (e.target as HTMLElement).closest<HTMLElement>('piece');
    if (!piece) return;
    const role = piece.dataset.role as Role;
    const color = piece.dataset.color as 'white' | 'black';
    if (!this.#movable(color, role)) return;
    e.preventDefault(); // no text selection, no page scroll under a finger
    const point = e instanceof MouseEvent ? e : e.touches[0]!;
    this.#press = { x: point.clientX, y: point.clientY, role, color };
    const cg = this.#cg();
    if (this.#picked) this.cancel();
    this.#showDests(role);
    cg.dragNewPiece({ color, role }, e as MouchEvent);
  }

  #up(e: MouseEvent | TouchEvent): void {
    const press = this.#press;
    if (!press) return;
    this.#press = null;
    const point = e instanceof MouseEvent ? e : e.changedTouches[0];
    const still = point && Math.hypot(point.clientX - press.x, point.clientY - press.y) < 6;
    // chessground ends the drag first (same event, listened to earlier): a drop was played
    // or refused by then. A press that did not move picks the piece for a click drop.
    window.setTimeout(() => {
      if (still) this.#toggle(press.role, press.color);
      else if (!this.#picked) this.#clearDests();
    }, 0);
  }

  #toggle(role: Role, color: 'white' | 'black'): void {
    if (this.#picked?.role === role && this.#picked.color === color) {
      this.cancel();
      this.render();
      return;
    }
    if (!this.#movable(color, role)) return;
    this.#picked = { role, color };
    setDropMode(this.#cg().state, { role, color });
    this.render();
  }

  /** Ends a click drop (the piece is dropped, refused, or the pick cancelled). */
  cancel(): void {
    if (!this.#picked) return;
    this.#picked = null;
    cancelDropMode(this.#cg().state);
    this.#clearDests();
  }

  get picking(): boolean {
    return this.#picked !== null;
  }

  /** chessground put a piece from a pocket on `key`: played if the package lists the drop, else refused. */
  dropped(role: Role, key: CgKey): void {
    this.cancel();
    this.#clearDests();
    const pos = this.#store.position;
    const m = legalDrops(pos, role).get(key);
    if (m !== undefined) this.#store.userMove(pos.uci(m));
    else this.#store.changed(); // the board takes the piece back
  }

  // The legal drops as chessground's move dots (its custom square highlights).
  #showDests(role: Role): void {
    const cg = this.#cg();
    const dests = new Map<CgKey, string>();
    for (const sq of legalDrops(this.#store.position, role).keys()) dests.set(sq as CgKey, 'move-dest drop-dest');
    cg.state.highlight.custom = dests;
    cg.state.dom.redraw();
  }

  #clearDests(): void {
    const cg = this.#cg();
    if (!cg.state.highlight.custom?.size) return;
    cg.state.highlight.custom = this.extraSquares ?? new Map();
    cg.state.dom.redraw();
  }

  /** The board's own custom highlights (King of the Hill's centre), restored after a drop. */
  extraSquares: Map<CgKey, string> | null = null;
}
