// The board editor: put pieces from the palette (click a piece, then squares; or drag it
// onto the board), move them by dragging, remove them by dragging off the board, with the
// trash tool or a right-click; clear, start position, side to move, castling rights, en
// passant square, variant (all ten rule sets: Makruk's pieces; crazyhouse's pockets with a
// count per piece; three-check's checks still to give; no castling in antichess and racing
// kings, none for White's horde). The FEN is rebuilt on every change and read by the
// package (Setup, then toPosition; the box shows the position's own FEN): a position it
// refuses shows the FenError message and cannot be continued; "Continue from here" starts an
// analysis from it. The rules (kings needed or not, how many pieces, ...) are the package's.
import type { DrawShape } from '@lichess-org/chessground/draw';
import { FenError, Position, SQUARE_NAMES, Setup, type Variant } from 'chesswasm';
import { $, h, on } from '../dom.js';
import { ROLE_OF, type Role, boardFen, ourBoardFen, pieceElement } from '../pieces.js';
import type { Store } from '../store.js';
import type { BoardView, Key } from './board.js';

type Tool = { kind: 'piece'; letter: string; white: boolean } | { kind: 'trash' } | { kind: 'hand' };

const CHESS_LETTERS = ['k', 'q', 'r', 'b', 'n', 'p'];
/** The palette's pieces: Makruk's own, the chess set for the others. */
const letters = (variant: Variant) => (variant === 'makruk' ? ['k', 'm', 's', 'r', 'n', 'p'] : CHESS_LETTERS);
/** The pieces a crazyhouse pocket holds, in FEN order. */
const POCKET_LETTERS = ['p', 'n', 'b', 'r', 'q'] as const;
type PocketLetter = (typeof POCKET_LETTERS)[number];
type Pocket = Record<PocketLetter, number>;
const emptyPocket = (): Pocket => ({ p: 0, n: 0, b: 0, r: 0, q: 0 });
/** The most of a piece a pocket field takes (a side has 16 pieces; promoted ones come back as pawns). */
const POCKET_MAX = 16;
/** Variants without castling (the package drops the rights there). */
const NO_CASTLING = new Set<Variant>(['makruk', 'antichess', 'racingkings']);

/** A variant's start position, from the package. */
function startFen(variant: Variant): string {
  const pos = Position.startpos(variant);
  try {
    return pos.fen();
  } finally {
    pos.dispose();
  }
}
const NAMES: Record<string, string> = {
  k: 'king',
  q: 'queen',
  r: 'rook',
  b: 'bishop',
  n: 'knight',
  p: 'pawn',
  m: 'Met',
  s: 'Khon',
};
const MAKRUK_NAMES: Record<string, string> = { k: 'Khun', r: 'Rua', n: 'Ma', p: 'Bia' };

export class EditorView {
  #store: Store;
  #board: BoardView;
  #tool: Tool = { kind: 'hand' };
  #variant: Variant = 'chess';
  #valid: string | null = null;
  #active = false;
  #pockets: Record<'w' | 'b', Pocket> = { w: emptyPocket(), b: emptyPocket() };

  constructor(store: Store, board: BoardView) {
    this.#store = store;
    this.#board = board;
    on('editor-toggle', 'click', () => (store.mode === 'editor' ? this.close() : this.open()));
    on('editor-clear', 'click', () => {
      this.#pockets = { w: emptyPocket(), b: emptyPocket() };
      this.#showPockets();
      this.#setBoardFields($<HTMLSelectElement>('editor-turn').value, '-', '-');
      this.#setBoard('8/8/8/8/8/8/8/8');
    });
    on('editor-start', 'click', () => this.#loadFen(startFen(this.#variant)));
    on('editor-continue', 'click', () => this.#continue());
    on('editor-cancel', 'click', () => this.close());
    on('editor-variant', 'change', () => {
      this.#variant = $<HTMLSelectElement>('editor-variant').value as Variant;
      this.#tool = { kind: 'hand' };
      this.#applyTool();
      this.render();
      this.#loadFen(startFen(this.#variant));
    });
    // The checks still to give (three-check): 3 at the start, 0 when the game is won.
    for (const c of ['w', 'b']) {
      const select = $<HTMLSelectElement>(`editor-checks-${c}`);
      select.append(...[3, 2, 1, 0].map((n) => h('option', { value: String(n) }, String(n))));
      on(`editor-checks-${c}`, 'change', () => this.#update());
    }
    this.#buildPockets();
    for (const id of [
      'editor-turn',
      'editor-ep',
      'editor-castle-K',
      'editor-castle-Q',
      'editor-castle-k',
      'editor-castle-q',
    ])
      on(id, 'change', () => this.#update());
    on('editor-fen', 'change', () => this.#loadFen($<HTMLInputElement>('editor-fen').value.trim(), true));
    // A right-click on the board removes the piece under the pointer.
    board.el.addEventListener('contextmenu', (e) => {
      if (store.mode !== 'editor') return;
      e.preventDefault();
      const key = board.cg.getKeyAtDomPos([e.clientX, e.clientY]);
      if (key) this.#remove(key as Key);
    });
    $('editor-palette').addEventListener('mousedown', (e) => this.#paletteDown(e));
    $('editor-palette').addEventListener('touchstart', (e) => this.#paletteDown(e), { passive: false });
  }

  /** Enters the editor with the current position. */
  open(): void {
    const store = this.#store;
    this.#variant = store.variant;
    $<HTMLSelectElement>('editor-variant').value = this.#variant;
    store.setMode('editor');
    this.#active = true;
    this.#board.cg.set({
      orientation: store.orientation,
      lastMove: undefined,
      check: false,
      movable: { free: true, color: 'both', dests: new Map() },
      draggable: { deleteOnDropOff: true },
      drawable: { enabled: false },
      events: {
        change: () => this.#update(),
        select: (key) => this.#clickSquare(key as Key),
        dropNewPiece: () => this.#update(),
      },
    });
    this.#board.cg.setShapes([] as DrawShape[]);
    this.#board.cg.setAutoShapes([]);
    this.#applyTool();
    this.#loadFen(store.position.fen());
  }

  /** Leaves the editor, back to the game as it was. */
  close(): void {
    this.#store.setMode('analysis'); // render() detaches from the board
  }

  #detach(): void {
    this.#active = false;
    this.#board.cg.set({ events: { change: undefined, select: undefined, dropNewPiece: undefined } });
  }

  #continue(): void {
    if (this.#valid === null) return;
    const fen = this.#valid;
    this.close();
    this.#store.newGame(fen, this.#variant);
  }

  // ---- the board --------------------------------------------------------------------------

  #setBoard(board: string): void {
    const makruk = this.#variant === 'makruk';
    this.#board.el.classList.toggle('makruk', makruk);
    this.#board.cg.set({ fen: boardFen(board, makruk) });
    this.#update();
  }

  // The package reads the FEN (a position it accepts, else its FenError is shown and the
  // board is left as it was; the other FENs loaded here come from positions): Setup gives
  // the fields, the position its pockets and check counters.
  #loadFen(fen: string, fromBox = false): void {
    let setup: Setup;
    try {
      const pos = Position.fromFen(fen, { variant: this.#variant });
      try {
        const pockets = pos.pockets;
        this.#pockets = { w: { ...emptyPocket(), ...pockets?.w }, b: { ...emptyPocket(), ...pockets?.b } };
        const checks = pos.remainingChecks;
        $<HTMLSelectElement>('editor-checks-w').value = String(checks?.w ?? 3);
        $<HTMLSelectElement>('editor-checks-b').value = String(checks?.b ?? 3);
      } finally {
        pos.dispose();
      }
      setup = Setup.fromFen(fen, { variant: this.#variant });
    } catch (e) {
      if (!(e instanceof FenError)) throw e;
      this.#refuse(e);
      return;
    }
    this.#showPockets();
    try {
      const castling = (['w', 'b'] as const)
        .flatMap((c) =>
          (['k', 'q'] as const)
            .filter((side) => setup.castlingRook(c, side) !== null)
            .map((side) => (c === 'w' ? side.toUpperCase() : side)),
        )
        .join('');
      this.#setBoardFields(setup.turn, castling || '-', setup.epSquare === null ? '-' : SQUARE_NAMES[setup.epSquare]!);
      this.#setBoard(setup.fen().split(' ')[0]!); // the package's own board field
    } finally {
      setup.dispose();
    }
    // The box shows the position as the package writes it (e.g. lichess's `+2+0` as `1+3`).
    if (fromBox) $<HTMLInputElement>('editor-fen').value = this.#valid ?? fen;
  }

  #refuse(e: FenError): void {
    $('editor-error').textContent = e.message;
    $<HTMLInputElement>('editor-fen').setAttribute('aria-invalid', 'true');
    this.#valid = null;
    $<HTMLButtonElement>('editor-continue').disabled = true;
  }

  #setBoardFields(turn: string, castling: string, ep: string): void {
    $<HTMLSelectElement>('editor-turn').value = turn === 'b' ? 'b' : 'w';
    for (const c of ['K', 'Q', 'k', 'q']) $<HTMLInputElement>(`editor-castle-${c}`).checked = castling.includes(c);
    this.#epOptions(turn === 'b' ? 'b' : 'w');
    $<HTMLSelectElement>('editor-ep').value = /^[a-h][36]$/.test(ep) ? ep : '-';
  }

  #epOptions(turn: 'w' | 'b'): void {
    const select = $<HTMLSelectElement>('editor-ep');
    const rank = turn === 'w' ? '6' : '3';
    const was = select.value;
    select.replaceChildren(
      h('option', { value: '-' }, 'none'),
      ...'abcdefgh'.split('').map((f) => h('option', { value: f + rank }, f + rank)),
    );
    select.value = [...select.options].some((o) => o.value === was) ? was : '-';
  }

  // With the hand, pieces on the board are dragged; with a piece or the trash, a click on a
  // square puts or removes (chessground must not pick up the piece then).
  #applyTool(): void {
    this.#board.cg.set({ movable: { color: this.#tool.kind === 'hand' ? 'both' : undefined } });
  }

  #clickSquare(key: Key): void {
    const tool = this.#tool;
    if (tool.kind === 'hand') return;
    const cg = this.#board.cg;
    cg.selectSquare(null);
    if (tool.kind === 'trash') this.#remove(key);
    else {
      const role = ROLE_OF[tool.letter] as Role;
      const current = cg.state.pieces.get(key);
      // Clicking the same piece again removes it (as on lichess).
      if (current && current.role === role && current.color === (tool.white ? 'white' : 'black')) this.#remove(key);
      else cg.setPieces(new Map([[key, { role, color: tool.white ? 'white' : 'black' }]]));
    }
    this.#update();
  }

  #remove(key: Key): void {
    this.#board.cg.setPieces(new Map([[key, undefined]]));
    this.#update();
  }

  #paletteDown(e: MouseEvent | TouchEvent): void {
    const btn = (e.target as HTMLElement).closest<HTMLElement>('[data-tool]');
    if (!btn) return;
    const t = btn.dataset.tool!;
    if (t === 'trash' || t === 'hand') this.#tool = { kind: t };
    else {
      const white = t[0] === 'w';
      const letter = t[1]!;
      this.#tool = { kind: 'piece', letter, white };
      // Dragging the palette piece onto the board puts it there.
      if ('button' in e ? e.button === 0 : true) {
        this.#board.cg.dragNewPiece({ role: ROLE_OF[letter] as Role, color: white ? 'white' : 'black' }, e, true);
        e.preventDefault();
      }
    }
    this.#applyTool();
    this.render();
  }

  // ---- crazyhouse pockets ------------------------------------------------------------------

  // One row per side: each piece with its count (a number field, 0-16).
  #buildPockets(): void {
    const rows = (['w', 'b'] as const).map((c) =>
      h(
        'div.pocket-row',
        { 'data-testid': `editor-pocket-${c}` },
        h('span.pocket-side.small', null, c === 'w' ? 'White' : 'Black'),
        ...POCKET_LETTERS.map((l) => {
          const label = `${c === 'w' ? 'White' : 'Black'} ${NAMES[l]}s in the pocket`;
          const input = h('input.pocket-count', {
            type: 'number',
            min: '0',
            max: String(POCKET_MAX),
            value: '0',
            inputmode: 'numeric',
            id: `editor-pocket-${c}-${l}`,
            'data-testid': `editor-pocket-${c}-${l}`,
            'aria-label': label,
            title: label,
          }) as HTMLInputElement;
          input.addEventListener('change', () => {
            const n = Math.trunc(Number(input.value));
            this.#pockets[c][l] = Number.isFinite(n) ? Math.max(0, Math.min(POCKET_MAX, n)) : 0;
            input.value = String(this.#pockets[c][l]);
            this.#update();
          });
          return h('label.pocket-field', null, pieceElement(ROLE_OF[l]!, c === 'w'), input);
        }),
      ),
    );
    $('editor-pockets').append(h('div.pocket-rows.cg-wrap', null, ...rows));
  }

  #showPockets(): void {
    for (const c of ['w', 'b'] as const)
      for (const l of POCKET_LETTERS)
        $<HTMLInputElement>(`editor-pocket-${c}-${l}`).value = String(this.#pockets[c][l]);
  }

  // ---- the FEN ----------------------------------------------------------------------------

  /** The FEN of the edited position. */
  /** The edited position as FEN text, as the fields say (before the package reads it). */
  fen(): string {
    const variant = this.#variant;
    const board = ourBoardFen(this.#board.cg.getFen(), variant === 'makruk');
    const pockets =
      variant === 'crazyhouse'
        ? `[${(['w', 'b'] as const)
            .map((c) =>
              POCKET_LETTERS.map((l) => (c === 'w' ? l.toUpperCase() : l).repeat(this.#pockets[c][l])).join(''),
            )
            .join('')}]`
        : '';
    const turn = $<HTMLSelectElement>('editor-turn').value;
    const rights = variant === 'horde' ? ['k', 'q'] : ['K', 'Q', 'k', 'q'];
    const castling = NO_CASTLING.has(variant)
      ? '-'
      : rights.filter((c) => $<HTMLInputElement>(`editor-castle-${c}`).checked).join('') || '-';
    const ep = variant === 'makruk' ? '-' : $<HTMLSelectElement>('editor-ep').value;
    const checks =
      variant === '3check'
        ? ` ${$<HTMLSelectElement>('editor-checks-w').value}+${$<HTMLSelectElement>('editor-checks-b').value}`
        : '';
    return `${board}${pockets} ${turn} ${castling} ${ep}${checks} 0 1`;
  }

  // The package reads the fields (Setup) and makes the position (toPosition, which checks
  // every rule of the variant); the box shows the position's FEN, or the Setup's when the
  // position is refused.
  #update(): void {
    if (this.#store.mode !== 'editor') return;
    this.#epOptions($<HTMLSelectElement>('editor-turn').value === 'b' ? 'b' : 'w');
    let fen = this.fen();
    let valid: string | null = null;
    let why = '';
    try {
      const setup = Setup.fromFen(fen, { variant: this.#variant });
      try {
        fen = setup.fen();
        const pos = setup.toPosition();
        try {
          valid = fen = pos.fen();
        } finally {
          pos.dispose();
        }
      } finally {
        setup.dispose();
      }
    } catch (e) {
      if (!(e instanceof FenError)) throw e;
      why = e.message;
    }
    const box = $<HTMLInputElement>('editor-fen');
    if (document.activeElement !== box) box.value = fen;
    this.#valid = valid;
    $('editor-error').textContent = why;
    if (valid === null) box.setAttribute('aria-invalid', 'true');
    else box.removeAttribute('aria-invalid');
    $<HTMLButtonElement>('editor-continue').disabled = this.#valid === null;
    const turn = $<HTMLSelectElement>('editor-turn').value === 'w' ? 'white' : 'black';
    this.#board.cg.set({ turnColor: turn });
  }

  render(): void {
    const store = this.#store;
    const open = store.mode === 'editor';
    $('editor').hidden = !open;
    document.body.classList.toggle('editing', open);
    const toggle = $('editor-toggle');
    toggle.setAttribute('aria-pressed', String(open));
    if (!open) {
      if (this.#active) this.#detach();
      return;
    }
    const variant = this.#variant;
    const makruk = variant === 'makruk';
    $('editor-castling').hidden = NO_CASTLING.has(variant);
    // Horde's White has no king, so no castling rights.
    for (const c of ['K', 'Q']) $(`editor-castle-${c}`).closest('label')!.hidden = variant === 'horde';
    $('editor-ep-row').hidden = makruk;
    $('editor-pockets').hidden = variant !== 'crazyhouse';
    $('editor-checks').hidden = variant !== '3check';
    const palette = $('editor-palette');
    palette.classList.toggle('makruk', makruk);
    const tool = this.#tool;
    const key = tool.kind === 'piece' ? `${tool.white ? 'w' : 'b'}${tool.letter}` : tool.kind;
    const button = (id: string, label: string, content: Node) =>
      h(
        'button.tool',
        { type: 'button', 'data-tool': id, 'aria-pressed': String(id === key), title: label, 'aria-label': label },
        content,
      );
    const rows = [true, false].map((white) =>
      h(
        'div.palette-row',
        null,
        ...letters(variant).map((l) => {
          const name = (makruk ? (MAKRUK_NAMES[l] ?? NAMES[l]) : NAMES[l])!;
          return button(
            `${white ? 'w' : 'b'}${l}`,
            `${white ? 'White' : 'Black'} ${name}`,
            pieceElement(ROLE_OF[l] as Role, white),
          );
        }),
      ),
    );
    palette.replaceChildren(
      ...rows,
      h(
        'div.palette-row.tools',
        null,
        button('hand', 'Move pieces', document.createTextNode('Move pieces')),
        button('trash', 'Remove pieces', document.createTextNode('Remove')),
      ),
    );
  }
}
