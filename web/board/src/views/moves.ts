// The move list: the main line as a two-column table (move number, White, Black) like
// lichess; comments and variations interrupt it on full-width rows, variations indented by
// their depth, nested ones inside their parent. Every cell wraps inside the panel, so the
// list never scrolls sideways; a move's SAN never breaks (`O-O` stays whole). Clocks
// ([%clk]) and evaluations ([%eval]) are shown beside the moves; the current move is
// highlighted and kept in view by scrolling the list (never the page).
import type { Evaluation, GameNode } from 'chesswasm';
import { $, h } from '../dom.js';
import { type Store, moveNumber } from '../store.js';

/** The glyphs of the common NAGs (PGN spec, section 10); others are shown as `$n`. */
export const NAG_GLYPHS: Record<number, string> = {
  1: '!',
  2: '?',
  3: '!!',
  4: '??',
  5: '!?',
  6: '?!',
  7: '□',
  10: '=',
  13: '∞',
  14: '⩲',
  15: '⩱',
  16: '±',
  17: '∓',
  18: '+−',
  19: '−+',
  22: '⨀',
  23: '⨀',
  32: '⟳',
  33: '⟳',
  36: '→',
  37: '→',
  40: '↑',
  41: '↑',
  132: '⇆',
  133: '⇆',
  138: '⊕',
  139: '⊕',
  140: '∆',
  146: 'N',
};

/** A clock in seconds as lichess shows it: `2:55`, `1:02:03`, `0:07.3` under ten seconds. */
export function clockText(seconds: number): string {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  const sec = s % 60;
  const ss = s < 10 && s % 1 !== 0 ? sec.toFixed(1).padStart(4, '0') : String(Math.floor(sec)).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** An evaluation as text: `+0.27`, `-1.50`, `#3`, `#-2`. */
export function evalText(e: Evaluation): string {
  if (e.mate !== undefined) return `#${e.mate}`;
  const p = e.pawns;
  return `${p > 0 ? '+' : p < 0 ? '−' : ''}${Math.abs(p).toFixed(2)}`;
}

/** A judged move of a game review, as the move list shows it (views/review.ts). */
export interface MoveJudgement {
  judgement: 'inaccuracy' | 'mistake' | 'blunder';
  /** The review's comment: `(0.20 → -1.15) Mistake. Nf3 was best.` */
  comment: string;
  /** The best line from the position before the move, with move numbers (`15… Qxd7 16. Rxd7`), or ''. */
  line: string;
  /** The best move (SAN), or null. */
  best: string | null;
}

const JUDGEMENT_GLYPH = { inaccuracy: '?!', mistake: '?', blunder: '??' } as const;

export class MovesView {
  /** Set by the review: the judged moves of the main line, asked at each render. */
  judgements: (() => Map<GameNode, MoveJudgement> | null) | null = null;
  #store: Store;
  #box: HTMLElement;
  /** The nodes shown, by the data-id of their element. */
  #shown: GameNode[] = [];

  constructor(store: Store) {
    this.#store = store;
    this.#box = $('moves');
    this.#box.addEventListener('click', (e) => {
      const t = (e.target as HTMLElement).closest<HTMLElement>('[data-id]');
      const n = t && this.#shown[Number(t.dataset.id)];
      if (n) {
        store.goTo(n);
        this.#revealOnPage();
      }
    });
    // The list takes the height the engine and the game header leave it (wide screens): when
    // that changes (the engine's lines come, another game's header), the current move stays in view.
    new ResizeObserver(() => this.#scrollToCurrent()).observe(this.#box);
  }

  render(): void {
    const store = this.#store;
    const game = store.game;
    const box = this.#box;
    const cur = store.node;
    this.#shown = [];
    const judged = this.judgements?.() ?? null;
    const frag = document.createDocumentFragment();
    box.classList.toggle('locked', !!store.puzzle?.locked);

    const moveEl = (n: GameNode, main: boolean): HTMLElement => {
      const el = h(main ? 'span.move.main' : 'span.move', {
        'data-id': this.#shown.push(n) - 1,
        'data-san': n.san,
        'data-uci': n.uci,
        role: 'button',
        'aria-current': n === cur ? 'true' : null,
      });
      el.textContent = n.san;
      if (n === cur) el.classList.add('current');
      return el;
    };
    const extras = (n: GameNode): HTMLElement[] => {
      const out: HTMLElement[] = [];
      if (n.nags.length) {
        const kind = n.nags.some((x) => x === 2 || x === 4 || x === 6)
          ? 'bad'
          : n.nags.some((x) => x === 1 || x === 3 || x === 5)
            ? 'good'
            : 'other';
        out.push(
          h(
            `span.nag.${kind}`,
            { title: n.nags.map((x) => `$${x}`).join(' ') },
            n.nags.map((x) => NAG_GLYPHS[x] ?? `$${x}`).join(''),
          ),
        );
      }
      if (n.eval)
        out.push(
          h('span.ev', { 'data-testid': 'move-eval', title: 'Evaluation in the PGN ([%eval])' }, evalText(n.eval)),
        );
      if (n.clock !== null)
        out.push(
          h(
            'span.clk',
            { 'data-testid': 'move-clock', title: n.emt !== null ? `clock; ${clockText(n.emt)} spent` : 'clock' },
            clockText(n.clock),
          ),
        );
      return out;
    };
    const comments = (texts: string[]): HTMLElement[] =>
      texts.filter((t) => t.trim()).map((t) => h('span.comment', null, t));

    // A variation: inline moves that wrap; each move's alternatives follow it as nested
    // blocks (the first move's alternatives are its caller's).
    const variation = (first: GameNode, depth: number): HTMLElement => {
      const box = h('div.variation', { 'data-testid': 'variation', 'data-depth': depth });
      let n: GameNode | undefined = first;
      let needNumber = true;
      while (n) {
        box.append(...comments(n.commentsBefore));
        if (n.commentsBefore.length) needNumber = true;
        const { number, white } = moveNumber(game, n);
        const item = h('span.item');
        if (white || needNumber) item.append(h('span.num', null, white ? `${number}.` : `${number}…`));
        item.append(moveEl(n, false), ...extras(n));
        box.append(item);
        needNumber = false;
        const after = comments(n.commentsAfter);
        if (after.length) {
          box.append(...after);
          needNumber = true;
        }
        if (n !== first && n.parent) {
          for (const alt of n.parent.children.slice(1)) {
            box.append(variation(alt, depth + 1));
            needNumber = true;
          }
        }
        n = n.children[0];
      }
      return box;
    };

    if (game.root.commentsAfter.some((c) => c.trim()))
      frag.append(h('div.comment.game-comment', { role: 'listitem' }, game.root.commentsAfter.join(' ')));
    // The list's items: a row per move number (its cells stay items of the table's grid:
    // the row is `display: contents`), and each interruption.
    const table = h('div.movetable');
    let row: HTMLElement = table;
    const newRow = () => {
      row = h('div.mrow', { role: 'listitem' });
      table.append(row);
    };
    let n: GameNode | undefined = game.root.children[0];
    let rowOpen = false; // a row whose White cell is filled and Black's is pending
    while (n) {
      const { number, white } = moveNumber(game, n);
      if (white || !rowOpen) newRow();
      if (!white && !rowOpen) row.append(h('span.index', null, String(number)), h('span.cell.empty', null, '…'));
      else if (white) row.append(h('span.index', null, String(number)));
      const el = moveEl(n, true);
      const j = judged?.get(n);
      if (j) {
        // The review's judgement: its glyph (unless the game has one), its comment and best line below.
        el.classList.add('judged', j.judgement);
        el.dataset.judgement = j.judgement;
        el.title = `${j.judgement[0]!.toUpperCase()}${j.judgement.slice(1)}${j.best ? `: ${j.best} was best` : ''}`;
        if (!n.nags.length) el.append(h('span.judgement', null, JUDGEMENT_GLYPH[j.judgement]));
      }
      row.append(h('span.cell', null, el, ...extras(n)));
      rowOpen = white;
      // Comments on the move, then its alternatives (the other children of its parent).
      const notes = n.commentsAfter.filter((c) => c.trim());
      const alts = n.parent ? n.parent.children.slice(1) : [];
      const next: GameNode | undefined = n.children[0];
      const nextBefore = next ? next.commentsBefore.filter((c) => c.trim()) : [];
      if (notes.length || alts.length || nextBefore.length || j) {
        if (rowOpen) row.append(h('span.cell.empty', null, '…'));
        const interrupt = h('div.interrupt', { role: 'listitem' });
        if (j)
          interrupt.append(
            h(
              `div.review-note.${j.judgement}`,
              { 'data-testid': 'move-review', 'data-ply': n.ply },
              h('span.comment.review-comment', null, j.comment),
              j.line ? h('span.review-line', { title: 'The best line (engine)' }, j.line) : '',
            ),
          );
        interrupt.append(...comments(notes));
        for (const alt of alts) interrupt.append(variation(alt, 1));
        interrupt.append(...comments(nextBefore));
        table.append(interrupt);
        rowOpen = false;
      }
      n = next;
    }
    if (rowOpen) row.append(h('span.cell.empty'));
    if (game.root.children.length) frag.append(table);
    else
      frag.append(
        h(
          'p.empty',
          { role: 'listitem' },
          store.mode === 'editor' ? 'Editing a position.' : 'No moves yet: play on the board.',
        ),
      );
    if (game.result !== '*' && game.root.children.length)
      frag.append(h('div.result', { role: 'listitem' }, game.result));
    box.replaceChildren(frag);
    this.#scrollToCurrent();
  }

  // After a tap on a move: the move on screen beside the board. Where the board sticks to the
  // top of the screen (phones), the page scrolls the move out from under it, or up from below
  // the screen's edge, into the middle of the room left.
  #revealOnPage(): void {
    const el = this.#box.querySelector<HTMLElement>('.move.current');
    const col = document.querySelector<HTMLElement>('.board-col');
    if (!el || !col || getComputedStyle(col).position !== 'sticky') return;
    const colRect = col.getBoundingClientRect();
    const top = colRect.right <= el.getBoundingClientRect().left ? 0 : Math.max(0, colRect.bottom); // (beside it: landscape)
    const r = el.getBoundingClientRect();
    if (r.top >= top && r.bottom <= window.innerHeight) return;
    window.scrollBy({ top: r.top - (top + window.innerHeight) / 2 + r.height / 2 });
  }

  // Scrolls the list (not the page) so that the current move is visible.
  #scrollToCurrent(): void {
    const box = this.#box;
    const el = box.querySelector<HTMLElement>('.move.current');
    if (!el) {
      if (this.#store.node.parent === null) box.scrollTop = 0;
      return;
    }
    const boxRect = box.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const margin = 24;
    if (r.top < boxRect.top + margin) box.scrollTop += r.top - boxRect.top - margin;
    else if (r.bottom > boxRect.bottom - margin) box.scrollTop += r.bottom - boxRect.bottom + margin;
  }
}
