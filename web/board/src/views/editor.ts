// The board editor: put pieces from the palette (click a piece, then squares; or drag it
// onto the board), move them by dragging, remove them by dragging off the board, with the
// trash tool or a right-click; clear, start position, side to move, castling rights, en
// passant square, variant (chess, Chess960, Makruk pieces). The FEN is rebuilt on every
// change and checked by the package: a position it refuses shows the FenError message and
// cannot be continued; "Continue from here" starts an analysis from it.
import type { DrawShape } from '@lichess-org/chessground/draw';
import { FenError, Position, SQUARE_NAMES, Setup, type Variant } from 'chesswasm';
import { $, h, on } from '../dom.js';
import { ROLE_OF, type Role, boardFen, ourBoardFen, pieceElement } from '../pieces.js';
import { START, type Store } from '../store.js';
import type { BoardView, Key } from './board.js';

type Tool = { kind: 'piece'; letter: string; white: boolean } | { kind: 'trash' } | { kind: 'hand' };

const LETTERS: Record<Variant, string[]> = {
  chess: ['k', 'q', 'r', 'b', 'n', 'p'],
  chess960: ['k', 'q', 'r', 'b', 'n', 'p'],
  makruk: ['k', 'm', 's', 'r', 'n', 'p'],
};
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

  constructor(store: Store, board: BoardView) {
    this.#store = store;
    this.#board = board;
    on('editor-toggle', 'click', () => (store.mode === 'editor' ? this.close() : this.open()));
    on('editor-clear', 'click', () => {
      this.#setBoardFields($<HTMLSelectElement>('editor-turn').value, '-', '-');
      this.#setBoard('8/8/8/8/8/8/8/8');
    });
    on('editor-start', 'click', () => this.#loadFen(START[this.#variant]));
    on('editor-continue', 'click', () => this.#continue());
    on('editor-cancel', 'click', () => this.close());
    on('editor-variant', 'change', () => {
      this.#variant = $<HTMLSelectElement>('editor-variant').value as Variant;
      this.#tool = { kind: 'hand' };
      this.#applyTool();
      this.#loadFen(START[this.#variant]);
      this.render();
    });
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

  // The package reads the FEN (Setup: its fields; a FEN typed in the box must also be a
  // position the package accepts, else its FenError is shown and the board is left as it was).
  #loadFen(fen: string, fromBox = false): void {
    let setup: Setup;
    try {
      if (fromBox) Position.fromFen(fen, { variant: this.#variant }).dispose();
      setup = Setup.fromFen(fen, { variant: this.#variant });
    } catch (e) {
      if (!(e instanceof FenError)) throw e;
      this.#refuse(e);
      return;
    }
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
    if (fromBox) $<HTMLInputElement>('editor-fen').value = fen;
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

  // ---- the FEN ----------------------------------------------------------------------------

  /** The FEN of the edited position. */
  fen(): string {
    const board = ourBoardFen(this.#board.cg.getFen(), this.#variant === 'makruk');
    const turn = $<HTMLSelectElement>('editor-turn').value;
    const castling =
      this.#variant === 'makruk'
        ? '-'
        : ['K', 'Q', 'k', 'q'].filter((c) => $<HTMLInputElement>(`editor-castle-${c}`).checked).join('') || '-';
    const ep = this.#variant === 'makruk' ? '-' : $<HTMLSelectElement>('editor-ep').value;
    return `${board} ${turn} ${castling} ${ep} 0 1`;
  }

  #update(): void {
    if (this.#store.mode !== 'editor') return;
    this.#epOptions($<HTMLSelectElement>('editor-turn').value === 'b' ? 'b' : 'w');
    const fen = this.fen();
    const box = $<HTMLInputElement>('editor-fen');
    if (document.activeElement !== box) box.value = fen;
    const error = $('editor-error');
    try {
      Position.fromFen(fen, { variant: this.#variant }).dispose();
      this.#valid = fen;
      error.textContent = '';
      box.removeAttribute('aria-invalid');
    } catch (e) {
      if (!(e instanceof FenError)) throw e;
      this.#valid = null;
      error.textContent = e.message;
      box.setAttribute('aria-invalid', 'true');
    }
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
    const makruk = this.#variant === 'makruk';
    $('editor-castling').hidden = makruk;
    $('editor-ep-row').hidden = makruk;
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
        ...LETTERS[this.#variant].map((l) => {
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
