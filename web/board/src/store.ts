// The board's state, in one place: the game being studied (the package's Game: move tree,
// current node, position), the orientation, the mode, the games of the last PGN import, and
// the running puzzle. Views read it and call its actions; every change is announced to the
// subscribers, which redraw from it (see main.ts).
import { Game, type GameNode, IllegalMoveError, Position, type Variant, chess960StartFen } from 'chesswasm';

/**
 * The variants of the board, in the picker's order (lichess's, then Makruk), with their names
 * as lichess writes them.
 */
export const VARIANT_NAMES: ReadonlyArray<readonly [Variant, string]> = [
  ['chess', 'Standard'],
  ['crazyhouse', 'Crazyhouse'],
  ['chess960', 'Chess960'],
  ['kingofthehill', 'King of the Hill'],
  ['3check', 'Three-check'],
  ['antichess', 'Antichess'],
  ['atomic', 'Atomic'],
  ['horde', 'Horde'],
  ['racingkings', 'Racing Kings'],
  ['makruk', 'Makruk'],
];

/** The start of each variant (the package's, not a copy; Chess960's is the standard array, number 518). */
export const START = Object.fromEntries(
  VARIANT_NAMES.map(([v]) => [v, v === 'chess960' ? chess960StartFen(518) : startFen(v)]),
) as Record<Variant, string>;

function startFen(variant: Variant): string {
  const pos = Position.startpos(variant);
  try {
    return pos.fen();
  } finally {
    pos.dispose();
  }
}

/** What the board is doing: studying a game (also while a puzzle runs), or editing a position. */
export type Mode = 'analysis' | 'editor';

/**
 * A running puzzle, as the store sees it (views/puzzles.ts implements it): while it is
 * `locked`, navigation is refused (the board stays where the puzzle is), and the user's
 * moves go to `move` instead of the game.
 */
export interface PuzzleControl {
  /** Whether navigation and editing are blocked (an unsolved puzzle). */
  readonly locked: boolean;
  /** Whether the user may move a piece at the current node. */
  canMove(node: GameNode): boolean;
  /** A move of the user's (UCI). */
  move(uci: string): void;
}

/** A tree edit that can be undone: the game as it was (its PGN) and where the user was. */
export interface EditSnapshot {
  /** What the edit did, for the notice ("Deleted"). */
  label: string;
  /** Whether the board offers an "Undo" notice for it (the destructive edits). */
  notice: boolean;
  pgn: string;
  /** Child indices from the root to the current node. */
  path: number[];
}

/**
 * Events of the store: `change` after every change; `move` when a move was played on the board;
 * `replace` when an undo or redo puts another Game object in the place of the one studied (the
 * same game as the user sees it: whoever keeps something per game, like the study chapter it is
 * saved in, moves it to the new object), before the `change` that shows it.
 */
interface Events {
  change: () => void;
  move: (node: GameNode) => void;
  replace: (old: Game, game: Game) => void;
}

export class Store {
  game: Game;
  orientation: 'white' | 'black' = 'white';
  mode: Mode = 'analysis';
  /** The games of the last PGN import (the picker). They are never disposed while listed, so picking one again works. */
  games: Game[] = [];
  /** Index of `game` in `games`, or -1. */
  gameIndex = -1;
  puzzle: PuzzleControl | null = null;
  /** The tree edits that Ctrl+Z undoes, the last one last (cleared when another game is set). */
  readonly edits: EditSnapshot[] = [];
  /** The edits undone, that Ctrl+Y redoes, the last undone last (cleared by a new edit or another game). */
  readonly redos: EditSnapshot[] = [];
  #listeners: { [K in keyof Events]: Set<Events[K]> } = { change: new Set(), move: new Set(), replace: new Set() };
  #batch = 0;
  #dirty = false;

  constructor() {
    this.game = new Game(START.chess);
  }

  /** The current node of the game. */
  get node(): GameNode {
    return this.game.current;
  }

  /** The position at the current node (owned by the game: read it, do not play on it). */
  get position(): Position {
    return this.game.position;
  }

  get variant(): Variant {
    return this.game.variant;
  }

  on<K extends keyof Events>(event: K, fn: Events[K]): void {
    this.#listeners[event].add(fn);
  }

  /** Announces a change (once at the end of a {@link Store.batch}). */
  changed(): void {
    if (this.#batch > 0) {
      this.#dirty = true;
      return;
    }
    for (const fn of this.#listeners.change) fn();
  }

  /** Runs `fn` and announces its changes once. */
  batch(fn: () => void): void {
    this.#batch++;
    try {
      fn();
    } finally {
      this.#batch--;
      if (this.#batch === 0 && this.#dirty) {
        this.#dirty = false;
        this.changed();
      }
    }
  }

  // ---- the game ----------------------------------------------------------------------------

  /** Makes `game` the one studied, at `node` (its current node by default). */
  setGame(game: Game, node: GameNode = game.current, keepEdits = false): void {
    if (!keepEdits) {
      this.edits.length = 0;
      this.redos.length = 0;
    }
    const old = this.game;
    if (old !== game && !this.games.includes(old)) old.dispose();
    this.game = game;
    this.gameIndex = this.games.indexOf(game);
    game.goTo(node);
    if (this.mode === 'editor') this.mode = 'analysis';
    this.changed();
  }

  /** A new game from a FEN (throws the package's FenError and changes nothing then). */
  newGame(fen: string, variant: Variant): void {
    this.setGame(new Game(fen, { variant }));
  }

  /** Whether the game has moves that starting another game would drop. */
  get hasMoves(): boolean {
    return this.game.root.children.length > 0;
  }

  /** Goes to a node (refused while a puzzle is locked). */
  goTo(node: GameNode): boolean {
    if (this.puzzle?.locked || node === this.game.current) return false;
    this.game.goTo(node);
    this.changed();
    return true;
  }

  /**
   * Plays a move from the current node (UCI or SAN; an existing child is followed, a new one
   * becomes a variation). Returns the node, or throws the package's IllegalMoveError.
   */
  play(move: string): GameNode {
    const node = this.game.play(move);
    for (const fn of this.#listeners.move) fn(node);
    this.changed();
    return node;
  }

  /** A move made on the board or typed by the user: to the puzzle when one runs, else played. */
  userMove(uci: string): void {
    if (this.puzzle?.locked) {
      this.puzzle.move(uci);
      return;
    }
    try {
      this.play(uci);
    } catch (e) {
      if (!(e instanceof IllegalMoveError)) throw e;
      this.changed(); // the board puts the piece back
    }
  }

  /** Takes back the current move: deleted if nothing follows it (undoable), else only stepped over. */
  undo(): void {
    const node = this.node;
    if (!node.parent || this.puzzle?.locked) return;
    const parent = node.parent;
    if (!node.children.length) this.edit('Move taken back', false, (g) => g.deleteFrom(node));
    else {
      this.game.goTo(parent);
      this.changed();
    }
  }

  /** Deletes the current move and everything after it (undoable). */
  deleteFromHere(): void {
    const node = this.node;
    if (!node.parent || this.puzzle?.locked) return;
    this.edit('Deleted', true, (g) => g.deleteFrom(node));
  }

  /** Makes the current line the main continuation at its branch point. */
  promoteVariation(): void {
    this.edit('Promoted', false, (g) => g.promoteVariation(this.node));
  }

  /**
   * Runs an edit of the game's tree (through the package's Game), so that Ctrl+Z can undo it:
   * the game is kept as PGN first. `fn` returns `false` when it changed nothing. Refused while
   * a puzzle is locked. A new edit drops what could be redone.
   */
  edit(label: string, notice: boolean, fn: (game: Game) => unknown): boolean {
    if (this.puzzle?.locked) return false;
    const snapshot = this.#snapshot(label, notice);
    if (fn(this.game) === false) return false;
    this.edits.push(snapshot);
    if (this.edits.length > 200) this.edits.shift();
    this.redos.length = 0;
    this.changed();
    return true;
  }

  /**
   * Undoes the last tree edit: the game as it was, at the move the user was on. The game takes
   * the place of the one studied (a `replace` event: the same chapter, the same place in the
   * PGN panel's list), and the state it replaces can be redone.
   */
  undoEdit(): boolean {
    return this.#restore(this.edits, this.redos);
  }

  /** Redoes the last undone edit. */
  redoEdit(): boolean {
    return this.#restore(this.redos, this.edits);
  }

  get canUndoEdit(): boolean {
    return this.edits.length > 0 && !this.puzzle?.locked;
  }

  get canRedoEdit(): boolean {
    return this.redos.length > 0 && !this.puzzle?.locked;
  }

  #snapshot(label: string, notice: boolean): EditSnapshot {
    return { label, notice, pgn: this.game.pgn(), path: pathOf(this.node) };
  }

  // Pops a snapshot of `from`, keeps the game as it is now on `to`, and puts the snapshot's game
  // in the place of the studied one.
  #restore(from: EditSnapshot[], to: EditSnapshot[]): boolean {
    if (this.puzzle?.locked || !from.length) return false;
    const snapshot = from[from.length - 1]!;
    const game = Game.fromPgn(snapshot.pgn);
    from.pop();
    to.push(this.#snapshot(snapshot.label, snapshot.notice));
    let node = game.root;
    for (const i of snapshot.path) node = node.children[i] ?? node;
    const old = this.game;
    if (this.gameIndex >= 0) this.games[this.gameIndex] = game;
    this.batch(() => {
      for (const fn of this.#listeners.replace) fn(old, game);
      this.setGame(game, node, true);
    });
    return true;
  }

  flip(): void {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
    this.changed();
  }

  setMode(mode: Mode): void {
    if (this.mode === mode) return;
    this.mode = mode;
    this.changed();
  }

  /** The result the game has reached at the end of its main line ('*' while it goes on). */
  resultAtEnd(): '1-0' | '0-1' | '1/2-1/2' | '*' {
    let n = this.game.root;
    while (n.children[0]) n = n.children[0];
    const game = this.game;
    const at = game.current;
    game.goTo(n);
    const o = game.outcome();
    game.goTo(at);
    if (!o) return '*';
    return o.winner === 'w' ? '1-0' : o.winner === 'b' ? '0-1' : '1/2-1/2';
  }

  /** The game as PGN, with the result filled in when the main line ends the game. */
  pgn(): string {
    if (this.game.result === '*') {
      const r = this.resultAtEnd();
      if (r !== '*') this.game.result = r;
    }
    return this.game.pgn();
  }
}

/** The side to move and fullmove number of each game's root, read once by the package (FEN fields vary by variant). */
const roots = new WeakMap<Game, { turn: 'w' | 'b'; fullmoves: number }>();

/** Move number and colour of a node's move, from the root position's side to move and fullmove number. */
export function moveNumber(game: Game, n: { readonly ply: number }): { number: number; white: boolean } {
  let root = roots.get(game);
  if (!root) {
    const pos = Position.fromFen(game.rootFen, { variant: game.variant });
    try {
      root = { turn: pos.turn, fullmoves: pos.fullmoves };
    } finally {
      pos.dispose();
    }
    roots.set(game, root);
  }
  const plyFromWhite = n.ply - 1 + (root.turn === 'b' ? 1 : 0);
  return { number: root.fullmoves + Math.floor(plyFromWhite / 2), white: plyFromWhite % 2 === 0 };
}

/** Child indices from the root to `n`. */
export function pathOf(n: GameNode): number[] {
  return n.path().map((m) => m.parent!.children.indexOf(m));
}

/** The last node of the line through `n` (following first children). */
export function lineEnd(n: GameNode): GameNode {
  while (n.children[0]) n = n.children[0];
  return n;
}
