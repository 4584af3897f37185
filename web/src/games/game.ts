/**
 * `Game`: a root position and a move tree (main line, variations, comments, NAGs), read
 * from and written to PGN by the core (cpp/core/pgn.h).
 *
 * The tree lives in JS ({@link GameNode} objects); it crosses the wasm boundary in one
 * piece, as two buffers (cpp/wasm/tree_codec.h), when a game is read and when it is written
 * (the wire codec: `tree-codec.ts`). A game read from PGN keeps its tree as read in a
 * compact store (`TreeStore`) and makes its nodes only when they are first asked for (the
 * root's {@link GameNode.children}: the whole tree then, in one pass over the store);
 * {@link Game.mainline} reads the SAN from the store until then. The game's {@link Game.position} is a wasm {@link Position} whose move history
 * is always the path from the root to the current node, so the core judges repetitions by
 * hash over that line.
 * @module
 */
import { TREE_CHESS960 } from '../boundary/boundary.js';
import type { PgnSource } from '../boundary/chesswasm.mjs';
import {
  type CommentCommands,
  type CommentLayout,
  type Evaluation,
  type Shape,
  commandsKeptAsText,
  commentsOf,
  commentsWithCommands,
  parseCommentCommands,
  recordLayout,
  setComments,
  takeCommands,
  takeSingleCommand,
  withCommandsAsText,
} from './comment-commands.js';
import { ChessError, type IllegalMoveCode, IllegalMoveError, PgnError, describe } from '../boundary/errors.js';
import { disposedError, installDispose } from '../boundary/lifecycle.js';
import type { Move } from '../core/move.js';
import { type Outcome, Position, VARIANTS, type Variant, chess960Option, uciOfMove } from '../core/position.js';
import {
  END,
  GAME,
  PARTIAL,
  type ReadRules,
  type TreeStore,
  decodeTree,
  openSource,
  sourceError,
  writeTree,
} from './tree-codec.js';

/** The termination marker of a game: a win, a draw, or `'*'` (unknown, or still going on). */
export type GameResult = '1-0' | '0-1' | '1/2-1/2' | '*';

/** Options of {@link Game.fromPgn} (and of {@link readGames}). */
export interface PgnReadOptions {
  /**
   * Return a game with an illegal, ambiguous or malformed move up to the move before it,
   * with the error in {@link Game.errors}, instead of throwing (as python-chess reads).
   * Errors in the tag section, the FEN or the Variant tag still throw. Default `false`.
   */
  partial?: boolean;
}

/** An opening's ECO code (`'C42'`) and name (`'Russian Game: Stafford Gambit'`), from `chesswasm/openings`. */
export interface OpeningName {
  /** The ECO code, `'A00'` to `'E99'`. */
  eco: string;
  /** The name, `Family: Variation, Subvariation`. */
  name: string;
}

/** A function that names a game's opening (as `openingOf` of `chesswasm/openings` does). */
export type OpeningLookup = (game: Game) => OpeningName | null;

/** Options of {@link Game.pgn}. */
export interface PgnWriteOptions {
  /**
   * Write the `ECO` and `Opening` tags of the game's opening, replacing tags of those names
   * (when the opening is not named, the tags are written as they are; the game's own
   * {@link Game.tags} are not changed). `true` names it with `openingOf` of
   * `chesswasm/openings`; a function names it itself. Needs `chesswasm/openings` imported (the
   * main entry does not carry the opening table); else {@link ChessError} `'invalid-argument'`.
   * Default `false`.
   */
  openingTags?: boolean | OpeningLookup;
}

// The tags with the opening's, set by `chesswasm/openings` when it is imported.
let tagsWithOpening = (_game: Game, _how: true | OpeningLookup): ReadonlyMap<string, string> => {
  throw new ChessError('invalid-argument', 'openingTags: import chesswasm/openings');
};

/** Internal: called by `chesswasm/openings` when it loads (see {@link PgnWriteOptions.openingTags}). */
export function registerOpeningTags(f: typeof tagsWithOpening): void {
  tagsWithOpening = f;
}

/** Options of the {@link Game} constructor. */
export interface GameOptions {
  /** The rules variant (default `'chess'`). */
  variant?: Variant;
  /**
   * Chess960 castling for a rule set with castling (default `false`; as the `chess960`
   * option of {@link Position.fromFen}). The variant keeps its name; standard rules with it
   * are `'chess960'`.
   */
  chess960?: boolean;
}

// Marks the parts of a game decoded by this module's readers: only they can hand the Game
// constructor parts instead of a FEN (the symbol is not exported).
const DECODED: unique symbol = Symbol('decoded game');

/**
 * Internal: a game as this module's PGN readers decode it, for the {@link Game} constructor
 * (its tree stays a {@link TreeStore} until the nodes are first asked for).
 * @internal
 */
export interface DecodedGame {
  readonly [DECODED]: true;
  readonly variant: Variant;
  readonly chess960: boolean;
  readonly rootFen: string;
  readonly result: string;
  readonly tags: Map<string, string>;
  readonly tree: TreeStore;
}

function isDecoded(x: unknown): x is DecodedGame {
  return typeof x === 'object' && x !== null && (x as Partial<DecodedGame>)[DECODED] === true;
}

// The children of a root whose nodes are not made yet (see GameNode.children).
const UNMADE: GameNode[] = [];

// The trees of games read while comment commands were kept as text (withCommandsAsText): their
// nodes, made later, keep them as text too.
const treesWithCommandsAsText = new WeakSet<TreeStore>();

// Positions for computing the FEN and hash of nodes (reused; one per variant code).
let scratch: Position | null = null;

/**
 * One node of a game's move tree: the root (no move) or a move with its annotations.
 * Nodes are created by {@link Game} (reading PGN, {@link Game.play}); their moves never
 * change, their annotations (`commentsBefore`, `commentsAfter`, `nags`) may be edited in
 * place. `children` must only be changed through the game ({@link Game.play},
 * {@link Game.addLine}, {@link Game.promoteVariation}, {@link Game.moveVariation},
 * {@link Game.deleteFrom}, {@link Game.deleteVariations}); {@link Game.addNag},
 * {@link Game.removeNag} and {@link Game.addComment} edit the annotations with checks.
 */
export class GameNode {
  /** The node this move was played from; `null` for the root. */
  readonly parent: GameNode | null;
  /** The move (a number as {@link Position.legalMoves} gives); 0 for the root and a null move. */
  readonly move: Move;
  /** The move in SAN (`'Nf3'`, `'exd8=Q#'`); `'--'` for a null move, `''` for the root. */
  readonly san: string;
  /** The move in UCI (`'e2e4'`; Chess960 castling king-to-rook); `'0000'` for a null move, `''` for the root. */
  readonly uci: string;
  /** Plies from the root (0 for the root). */
  readonly ply: number;
  /**
   * Comments written before the move. PGN keeps them apart from the previous move's
   * comments only at the start of a variation; elsewhere they are written before the move
   * and read back as the previous move's {@link GameNode.commentsAfter}.
   */
  commentsBefore: string[];
  /**
   * Comments after the move, without the comment commands that {@link GameNode.clock},
   * {@link GameNode.emt}, {@link GameNode.eval} and {@link GameNode.shapes} hold (other
   * `[%...]` commands, and malformed ones, stay in the text); a comment that held only
   * commands is not listed. On the root: the game comment (text before the first move).
   * {@link GameNode.comments} gives each comment with its own commands.
   */
  commentsAfter: string[];
  /** Numeric Annotation Glyphs, in order; `!` `?` `!!` `??` `!?` `?!` are 1 to 6. */
  nags: number[];
  /**
   * `[%clk]`: the mover's remaining time after the move, in seconds; `null` if not given
   * (the last one when several comments give one). Editable.
   */
  clock: number | null = null;
  /** `[%emt]`: the time spent on the move, in seconds; `null` if not given. Editable. */
  emt: number | null = null;
  /** `[%eval]`: the evaluation after the move, from White's point of view; `null` if not given. Editable. */
  eval: Evaluation | null = null;
  /** `[%csl]` circles and `[%cal]` arrows drawn at this move. Editable. */
  shapes: Shape[] = [];
  #game: Game | null;
  // The children; UNMADE for the root of a game read from PGN until they are first asked for
  // (the whole tree is made then: #makeTree). Always an array (one field type for V8).
  #children: GameNode[];
  // That root's tree store until then.
  #tree: TreeStore | null;
  #layout: CommentLayout | null = null;
  #fen: string | null = null;
  #hash: bigint | null = null;

  /** @internal Nodes are made by their game (reading PGN, {@link Game.play}). */
  constructor(
    game: Game | null,
    parent: GameNode | null,
    move: Move,
    san: string,
    uci: string,
    commentsBefore: string[] = [],
    commentsAfter: string[] = [],
    nags: number[] = [],
    tree: TreeStore | null = null,
  ) {
    this.#game = game;
    this.#children = tree === null ? [] : UNMADE;
    this.#tree = tree;
    this.parent = parent;
    this.move = move;
    this.san = san;
    this.uci = uci;
    this.ply = parent === null ? 0 : parent.ply + 1;
    this.commentsBefore = commentsBefore;
    this.commentsAfter = commentsAfter;
    this.nags = nags;
  }

  /**
   * The comments after the move, each with its own text and commands, in the order of the
   * PGN (`a5 { c0 [%clk 0:01:00] } { before }` gives two: `{ text: 'c0', clock: 60, ... }` and
   * `{ text: 'before', clock: null, ... }`). While {@link GameNode.commentsAfter},
   * {@link GameNode.clock}, {@link GameNode.emt}, {@link GameNode.eval} and
   * {@link GameNode.shapes} hold what was read, {@link Game.pgn} writes the comments as they
   * were read, each command in the comment it came from; once one of them is changed, the
   * texts are written in order with the commands after the last one. A new array each time
   * (changing it changes nothing): assign a list to set them all, which sets those fields
   * too (`clock` is the last clock given, and so on).
   * @throws {@link ChessError} `'invalid-argument'` (on assignment) for a value that is not
   * such a list or a command value that cannot be written.
   */
  get comments(): CommentCommands[] {
    return commentsOf(this, this.#layout).map((c) => parseCommentCommands(c));
  }

  /** Sets every comment after the move, each with its own text and commands (see the getter). */
  set comments(list: readonly Partial<CommentCommands>[]) {
    this.#layout = setComments(this, list);
  }

  /**
   * The moves played from here: `children[0]` continues the line, the others are variations.
   * The same array on every call (in a game read from PGN, the first call on the root makes
   * every node of the tree).
   */
  get children(): GameNode[] {
    const children = this.#children;
    return children !== UNMADE ? children : this.#makeTree();
  }

  // The nodes of a game read from PGN below its root, from the tree store, front to back (a
  // node's parent comes before it), their annotations decoded.
  #makeTree(): GameNode[] {
    const tree = this.#tree!;
    if (treesWithCommandsAsText.has(tree) && !commandsKeptAsText()) return withCommandsAsText(() => this.#makeTree());
    this.#tree = null;
    const game = this.#game;
    const key = tree.uciKey;
    const nodes = new Array<GameNode>(tree.size);
    nodes[0] = this;
    this.#children = [];
    tree.forEachNode((i, parentIndex, move, san, before, after, nags, len) => {
      if (i === 0) return; // the root's annotations were read with the game
      const parent = nodes[parentIndex]!;
      const lone = typeof after === 'number';
      const node = new GameNode(game, parent, move, san, uciOfMove(key, move), before, lone ? [] : after, nags);
      // Comment commands ([%eval], [%clk], ...) into the node's fields. A lone ASCII comment
      // (the usual one: an engine's eval, a clock) is looked at in its bytes first:
      // takeSingleCommand takes a lone command without making a string.
      if (lone) {
        const at = -1 - after;
        if (!takeSingleCommand(node, tree.bytes, at, at + len)) {
          const raw = [tree.text(at, len)];
          node.commentsAfter = raw;
          takeCommands(node);
          if (node.commentsAfter !== raw) keepLayout(node, raw);
        }
      } else if (after.length !== 0) {
        takeCommands(node);
        if (node.commentsAfter !== after) keepLayout(node, after);
      }
      // Most nodes have one child: an array of one element, not one grown by push (17 slots).
      const siblings = parent.#children;
      if (siblings.length === 0) parent.#children = [node];
      else siblings.push(node);
      nodes[i] = node;
    });
    return this.#children;
  }

  /** The game this node belongs to; `null` once it was removed by {@link Game.deleteFrom}. */
  get game(): Game | null {
    return this.#game;
  }

  /** Whether the move is a null move (`--`). */
  get isNull(): boolean {
    return this.parent !== null && this.move === 0;
  }

  /** Whether the node is on the game's main line (the root is). */
  get isMainline(): boolean {
    for (let n: GameNode = this; n.parent !== null; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** The FEN of the position after the move (of the root position for the root). Computed once. */
  get fen(): string {
    if (this.#fen === null) this.#compute();
    return this.#fen!;
  }

  /** The Zobrist key after the move ({@link Position.hash}). Computed once. */
  get hash(): bigint {
    if (this.#hash === null) this.#compute();
    return this.#hash!;
  }

  /** The nodes from the root (excluded) down to this one (included). */
  path(): GameNode[] {
    const line: GameNode[] = [];
    for (let n: GameNode = this; n.parent !== null; n = n.parent) line.push(n);
    return line.reverse();
  }

  // FEN and hash of this node and of its ancestors that lack them, replayed on a scratch
  // position from the nearest ancestor whose FEN is known.
  #compute(): void {
    const game = this.#game;
    if (game === null) throw new ChessError('invalid-argument', 'this node was deleted from its game');
    const line: GameNode[] = [];
    let n: GameNode = this;
    while (n.parent !== null && n.#fen === null) {
      line.push(n);
      n = n.parent;
    }
    const start = n.#fen ?? game.rootFen;
    scratch?.dispose();
    const pos = (scratch = Position.fromFen(start, { variant: game.variant, chess960: game.chess960 }));
    if (n.#fen === null) {
      n.#fen = pos.fen();
      n.#hash = pos.hash();
    }
    for (let i = line.length - 1; i >= 0; i--) {
      const node = line[i]!;
      if (node.move === 0) pos.playNull();
      else pos.play(node.move);
      node.#fen = pos.fen();
      node.#hash = pos.hash();
    }
  }

  /** @internal Detaches this node and the nodes made below it from their game (a deleted line). */
  detach(): void {
    const stack: GameNode[] = [this];
    while (stack.length) {
      const n = stack.pop()!;
      n.#game = null;
      if (n.#children !== UNMADE) stack.push(...n.#children);
    }
  }

  /** @internal The children made so far: `null` while a game read from PGN has not made them. */
  get builtChildren(): GameNode[] | null {
    return this.#children === UNMADE ? null : this.#children;
  }

  /** @internal The tree store of a root whose nodes are not made yet, else `null`. */
  get pendingTree(): TreeStore | null {
    return this.#tree;
  }

  /** @internal How the comments read were laid out (for writing them back as read), or `null`. */
  get commentLayout(): CommentLayout | null {
    return this.#layout;
  }

  /** @internal */
  set commentLayout(layout: CommentLayout | null) {
    this.#layout = layout;
  }
}

/**
 * A game: a root position (any legal FEN, any variant), tags, a result, and a tree of moves
 * with variations, comments and NAGs; a current node, and the {@link Game.position} there.
 *
 * Memory: the only wasm resource of a game is its {@link Game.position}, created on first
 * use; {@link Game.dispose} frees it now, else it is freed when the game is
 * garbage-collected. Games read by {@link readGames} hold no wasm memory until then: their
 * tree as read is a JS copy (about 30 bytes a move plus the comments' text) until its
 * {@link GameNode}s are first asked for.
 */
export class Game {
  /** The tags (in order; names are case-sensitive). `Result` is kept equal to {@link Game.result} by its setter. */
  readonly tags: Map<string, string>;
  /** The root node (the starting position; its children are the first moves). */
  readonly root: GameNode;
  #variant: Variant;
  #chess960 = false;
  #rootFen: string;
  #result: GameResult | string = '*';
  #current: GameNode;
  #pos: Position | null = null;
  #disposed = false;
  #errors: readonly PgnError[] = [];

  /**
   * A game from a position (the standard start position by default; for `'chess960'` and
   * `'makruk'` their standard start).
   * @throws {@link FenError} for an invalid FEN, {@link ChessError} `'invalid-variant'`.
   */
  constructor(fen?: string, options?: GameOptions);
  /** @internal A game read by this module's PGN readers. */
  constructor(decoded: DecodedGame);
  constructor(fen?: string | DecodedGame, options: GameOptions = {}) {
    if (isDecoded(fen)) {
      this.#variant = fen.variant;
      this.#chess960 = fen.chess960;
      this.#rootFen = fen.rootFen;
      this.#result = fen.result;
      this.tags = fen.tags;
      this.root = new GameNode(this, null, 0, '', '', undefined, undefined, undefined, fen.tree);
      this.#current = this.root;
      return;
    }
    const variant = options?.variant ?? 'chess';
    const chess960 = chess960Option(options);
    // Validates the FEN and the variant, and normalises the FEN.
    const pos =
      fen === undefined ? Position.startpos(variant, { chess960 }) : Position.fromFen(fen, { variant, chess960 });
    this.#variant = pos.variant;
    this.#chess960 = pos.chess960;
    this.#rootFen = pos.fen();
    this.#pos = pos;
    this.tags = new Map();
    this.root = new GameNode(this, null, 0, '', '');
    this.#current = this.root;
  }

  /**
   * The first game of a PGN text.
   * @throws {@link PgnError} `'invalid-pgn'` (with `line` and `column`) for a malformed game,
   * `'no-game'` when the text holds no game.
   */
  static fromPgn(text: string, options: PgnReadOptions = {}): Game {
    if (typeof text !== 'string')
      throw new PgnError('invalid-pgn', `a PGN text must be a string, not ${describe(text)}`, 0, 0, 'not-a-string');
    const src = openSource(text, options?.partial === true);
    try {
      const status = src.next();
      if (status === GAME) return readTree(src);
      if (status === PARTIAL) return readPartialTree(src, 1, 1);
      if (status === END) throw new PgnError('no-game', 'no game in the PGN text');
      throw sourceError(src, 1, 1);
    } finally {
      src.delete();
    }
  }

  /**
   * The errors of a game read with `{ partial: true }` ({@link PgnReadOptions.partial}): the
   * `PgnError` of the move where reading stopped (the game holds the moves before it).
   * Empty for a game read whole or made by {@link Game.play}.
   */
  get errors(): readonly PgnError[] {
    return this.#errors;
  }

  /** @internal Sets {@link Game.errors} (the reader of a partial game). */
  setErrors(errors: readonly PgnError[]): void {
    this.#errors = errors;
  }

  /** The rules variant. */
  get variant(): Variant {
    return this.#variant;
  }

  /**
   * Whether castling is Chess960's (always for `'chess960'`; for another rule set when made
   * with `{ chess960: true }` or read from a PGN whose FEN tag needs it).
   */
  get chess960(): boolean {
    return this.#chess960;
  }

  /** The FEN of the root position. */
  get rootFen(): string {
    return this.#rootFen;
  }

  /** The result (the movetext's termination marker): `'1-0'`, `'0-1'`, `'1/2-1/2'` or `'*'`. */
  get result(): GameResult | string {
    return this.#result;
  }

  /** Sets the result, and the `Result` tag to the same value. */
  set result(value: GameResult) {
    if (value !== '1-0' && value !== '0-1' && value !== '1/2-1/2' && value !== '*')
      throw new ChessError('invalid-argument', `not a result: ${describe(value)} (1-0, 0-1, 1/2-1/2, *)`);
    this.#result = value;
    this.tags.set('Result', value);
  }

  /** The current node (where {@link Game.play} plays from). */
  get current(): GameNode {
    return this.#current;
  }

  /**
   * The position at the current node, its move history being the moves from the root (so
   * repetitions over the line count). A live object owned by the game: it follows every
   * move and navigation of the game, stays valid until {@link Game.dispose}, and must not
   * be changed directly (play and undo through the game; use `position.clone()` to
   * experiment). The same object is returned on every call.
   */
  get position(): Position {
    if (this.#disposed) throw disposedError('Game');
    let pos = this.#pos;
    if (pos !== null && !pos.disposed && pos.historyLength === this.#current.ply) return pos;
    // First use, or the position was changed behind the game's back: replay the line.
    pos?.dispose();
    pos = Position.fromFen(this.#rootFen, { variant: this.#variant, chess960: this.#chess960 });
    for (const node of this.#current.path()) playNode(pos, node);
    this.#pos = pos;
    return pos;
  }

  /**
   * Plays a move from the current node: a move number, UCI (`'e2e4'`), SAN (`'Nf3'`,
   * tolerant as {@link Position.parseSan}), or `'--'` for a null move. If the move already
   * is a child of the current node, goes there; otherwise adds it (as the main
   * continuation if the node had none, else as a new variation).
   * @returns the new current node.
   * @throws {@link IllegalMoveError} (`'syntax' | 'illegal' | 'ambiguous'`); the game is unchanged.
   */
  play(move: Move | string): GameNode {
    const pos = this.position;
    const current = this.#current;
    if (move === '--' || move === 'Z0') {
      let child = current.children.find((c) => c.move === 0);
      pos.playNull();
      if (!child) current.children.push((child = new GameNode(this, current, 0, '--', '0000')));
      this.#current = child;
      return child;
    }
    let m: Move;
    if (typeof move === 'number') {
      if (!pos.isLegal(move))
        throw new IllegalMoveError('illegal', `illegal move in ${pos.fen()}: ${describe(move)}`, describe(move));
      m = move;
    } else {
      m = pos.parseMove(move);
    }
    let child = current.children.find((c) => c.move === m && m !== 0);
    if (!child) {
      child = new GameNode(this, current, m, pos.san(m), pos.uci(m));
      current.children.push(child);
    }
    pos.play(m);
    this.#current = child;
    return child;
  }

  /**
   * Steps back to the parent of the current node (the move stays in the tree: see
   * {@link Game.deleteFrom}).
   * @returns the node stepped back from.
   * @throws {@link ChessError} `'nothing-to-undo'` at the root.
   */
  undo(): GameNode {
    const node = this.#current;
    if (node.parent === null) throw new ChessError('nothing-to-undo', 'no move to take back');
    this.goTo(node.parent);
    return node;
  }

  /** Steps back one move; `false` (and nothing happens) at the root. */
  back(): boolean {
    if (this.#current.parent === null) return false;
    this.goTo(this.#current.parent);
    return true;
  }

  /** Steps forward along the current line (`children[0]`); `false` at its end. */
  forward(): boolean {
    const next = this.#current.children[0];
    if (next === undefined) return false;
    this.goTo(next);
    return true;
  }

  /**
   * Goes to ply `n` of the current line: an ancestor of the current node when `n` is at most
   * its ply, else following `children[0]` from it (0 is the root).
   * @throws {@link ChessError} `'invalid-argument'` when the line has no such ply.
   */
  goToPly(n: number): GameNode {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
      throw new ChessError('invalid-argument', `not a ply: ${describe(n)}`);
    let node = this.#current;
    while (node.ply > n) node = node.parent!;
    while (node.ply < n) {
      const next = node.children[0];
      if (next === undefined)
        throw new ChessError('invalid-argument', `the line has no ply ${n} (it ends at ${node.ply})`);
      node = next;
    }
    this.goTo(node);
    return node;
  }

  /**
   * Makes a node of this game the current node.
   * @throws {@link ChessError} `'invalid-argument'` for a node of another game (or deleted).
   */
  goTo(node: GameNode): void {
    this.#own(node);
    const pos = this.#pos;
    if (pos !== null && !pos.disposed && pos.historyLength === this.#current.ply) {
      // Undo to the common ancestor, then play down to the node.
      let a = this.#current;
      let b = node;
      const down: GameNode[] = [];
      while (a.ply > b.ply) a = a.parent!;
      while (b.ply > a.ply) {
        down.push(b);
        b = b.parent!;
      }
      while (a !== b) {
        a = a.parent!;
        down.push(b);
        b = b.parent!;
      }
      for (let i = this.#current.ply - a.ply; i > 0; i--) pos.undo();
      for (let i = down.length - 1; i >= 0; i--) playNode(pos, down[i]!);
    }
    this.#current = node;
  }

  /**
   * Promotes the line that `node` is on: at its branch point (the nearest node, `node` or
   * an ancestor, that is not its parent's first child), that child becomes the first one,
   * i.e. the main continuation. With `{ mainline: true }`, repeats up to the root, so that
   * `node` ends up on the main line.
   * @returns whether the tree changed.
   */
  promoteVariation(node: GameNode, options: { mainline?: boolean } = {}): boolean {
    this.#own(node);
    let changed = false;
    for (let n: GameNode = node; n.parent !== null; n = n.parent) {
      const siblings = n.parent.children;
      const i = siblings.indexOf(n);
      if (i > 0) {
        siblings.splice(i, 1);
        siblings.unshift(n);
        changed = true;
        if (!options?.mainline) break;
      }
    }
    return changed;
  }

  /**
   * Deletes a node and everything after it. If the current node was among them, the
   * node's parent becomes the current node.
   * @throws {@link ChessError} `'invalid-argument'` for the root or a node of another game.
   */
  deleteFrom(node: GameNode): void {
    this.#own(node);
    const parent = node.parent;
    if (parent === null) throw new ChessError('invalid-argument', 'the root cannot be deleted');
    let inside = false;
    for (let n: GameNode | null = this.#current; n !== null && !inside; n = n.parent) inside = n === node;
    if (inside) this.goTo(parent);
    parent.children.splice(parent.children.indexOf(node), 1);
    node.detach();
  }

  /**
   * Moves a variation among its siblings: `node` becomes child `index` of its parent (0 makes
   * it the main continuation there; the others keep their order).
   * @returns whether the order changed.
   * @throws {@link ChessError} `'invalid-argument'` for the root, a node of another game, or an
   *   index that is not one of the parent's children; the tree is unchanged then.
   */
  moveVariation(node: GameNode, index: number): boolean {
    this.#own(node);
    const parent = node.parent;
    if (parent === null) throw new ChessError('invalid-argument', 'the root has no siblings');
    const siblings = parent.children;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= siblings.length)
      throw new ChessError(
        'invalid-argument',
        `not a child index of the node's parent (0 to ${siblings.length - 1}): ${describe(index)}`,
      );
    const from = siblings.indexOf(node);
    if (from === index) return false;
    siblings.splice(from, 1);
    siblings.splice(index, 0, node);
    return true;
  }

  /**
   * Deletes every variation below `node` (the whole game's by default): at `node` and at every
   * node after it, only the main continuation (`children[0]`) stays. If the current node was
   * deleted, the nearest node that stays on its path becomes the current node.
   * @returns the number of variations deleted (0: the tree is unchanged).
   * @throws {@link ChessError} `'invalid-argument'` for a node of another game.
   */
  deleteVariations(node: GameNode = this.root): number {
    this.#own(node);
    let stay: GameNode | null = null;
    // The current node's nearest ancestor (or itself) that is on node's line from node on.
    for (let n: GameNode | null = this.#current; n !== null; n = n.parent) {
      let onLine = true;
      let m: GameNode = n;
      while (m !== node && m.parent !== null) {
        if (m.parent.children[0] !== m) onLine = false;
        m = m.parent;
      }
      if (m !== node) break; // the current node is not below node: it stays
      if (onLine) {
        stay = n;
        break;
      }
    }
    if (stay !== null && stay !== this.#current) this.goTo(stay);
    let deleted = 0;
    for (let n: GameNode | undefined = node; n !== undefined; n = n.children[0]) {
      const children = n.children;
      for (let i = children.length - 1; i >= 1; i--) {
        children[i]!.detach();
        deleted++;
      }
      children.length = Math.min(children.length, 1);
    }
    return deleted;
  }

  /**
   * Adds a Numeric Annotation Glyph to a move. A move glyph (1 to 9: `!`, `?`, `!!`, `??`,
   * `!?`, `?!`, ...) replaces the move's other move glyph, a position glyph (10 to 19: `=`,
   * `+=`, `+-`, ...) its other position glyph, as lichess's glyph menu does; other glyphs are
   * added once each.
   * @returns whether the NAGs changed.
   * @throws {@link ChessError} `'invalid-argument'` for the root, a node of another game, or a
   *   NAG that is not an integer from 1 to 255; the node is unchanged then.
   */
  addNag(node: GameNode, nag: number): boolean {
    this.#ownMove(node);
    if (typeof nag !== 'number' || !Number.isInteger(nag) || nag < 1 || nag > 255)
      throw new ChessError('invalid-argument', `not a NAG (an integer from 1 to 255): ${describe(nag)}`);
    if (node.nags.includes(nag)) return false;
    const group = nagGroup(nag);
    const nags = group === 0 ? [...node.nags] : node.nags.filter((n) => nagGroup(n) !== group);
    nags.push(nag);
    node.nags = nags;
    return true;
  }

  /**
   * Removes NAGs from a move: the given one, or all of them.
   * @returns whether the NAGs changed.
   * @throws {@link ChessError} `'invalid-argument'` for the root or a node of another game.
   */
  removeNag(node: GameNode, nag?: number): boolean {
    this.#ownMove(node);
    const before = node.nags.length;
    node.nags = nag === undefined ? [] : node.nags.filter((n) => n !== nag);
    return node.nags.length !== before;
  }

  /**
   * Adds a comment to a node: after the move (the default; on the root, the game comment), or
   * with `{ before: true }` before it. PGN keeps a comment before a move apart from the
   * previous move's comments at the start of a variation (`( {comment} 1. d4 ...)`); before
   * another move it is written in the same place, and read back as the previous move's
   * comment.
   * @throws {@link ChessError} `'invalid-argument'` for a text that is not a non-empty string,
   *   or a node of another game; the node is unchanged then.
   */
  addComment(node: GameNode, text: string, options: { before?: boolean } = {}): void {
    this.#own(node);
    if (typeof text !== 'string' || text.trim() === '')
      throw new ChessError('invalid-argument', `not a comment (a non-empty string): ${describe(text)}`);
    if (options?.before === true) {
      if (node.parent === null) throw new ChessError('invalid-argument', 'the root has no move to comment before');
      node.commentsBefore = [...node.commentsBefore, text];
    } else node.comments = [...node.comments, { text }]; // each earlier comment keeps its commands
  }

  /**
   * Adds a line of moves from a node (the current node by default), e.g. an engine's
   * principal variation: each move is UCI, SAN, a move number or `'--'` (a null move).
   * Moves already in the tree are followed; a new move becomes a variation (the main
   * continuation where the node has none). The current node does not change.
   * @returns the node of the line's last move (`from` for an empty line).
   * @throws {@link IllegalMoveError} for a move that is not legal where it is played (its
   *   message says which move of the line), {@link ChessError} `'invalid-argument'` for a node
   *   of another game or a line that is not an iterable; the tree is unchanged then.
   */
  addLine(moves: Iterable<Move | string>, options: { from?: GameNode } = {}): GameNode {
    const from = options?.from ?? this.#current;
    this.#own(from);
    if (
      moves === null ||
      typeof moves !== 'object' ||
      typeof (moves as Iterable<unknown>)[Symbol.iterator] !== 'function'
    )
      throw new ChessError('invalid-argument', `a line must be an iterable of moves, not ${describe(moves)}`);
    // Every move checked on a scratch position first: nothing is added unless all are legal.
    const pos = Position.fromFen(from === this.root ? this.#rootFen : from.fen, {
      variant: this.#variant,
      chess960: this.#chess960,
    });
    const line: { move: Move; san: string; uci: string }[] = [];
    try {
      let i = 0;
      for (const item of moves) {
        i++;
        if (item === '--' || item === 'Z0') {
          pos.playNull();
          line.push({ move: 0, san: '--', uci: '0000' });
          continue;
        }
        let m: Move;
        try {
          if (typeof item === 'number') {
            if (!pos.isLegal(item))
              throw new IllegalMoveError('illegal', `illegal move in ${pos.fen()}: ${describe(item)}`, describe(item));
            m = item;
          } else m = pos.parseMove(item);
        } catch (e) {
          if (!(e instanceof IllegalMoveError)) throw e;
          throw new IllegalMoveError(e.code as IllegalMoveCode, `move ${i} of the line: ${e.message}`, e.move);
        }
        line.push({ move: m, san: pos.san(m), uci: pos.uci(m) });
        pos.play(m);
      }
    } finally {
      pos.dispose();
    }
    let node = from;
    for (const { move, san, uci } of line) {
      let child = node.children.find((c) => c.move === move);
      if (!child) node.children.push((child = new GameNode(this, node, move, san, uci)));
      node = child;
    }
    return node;
  }

  /** The SAN of the main line's moves, from the root. */
  mainline(): string[] {
    const sans: string[] = [];
    if (this.root.builtChildren === null) {
      // No node made yet (nor edited): the line from the tree store.
      const tree = this.root.pendingTree!;
      for (let i = tree.firstChild(0); i !== -1; i = tree.firstChild(i)) sans.push(tree.san(i));
      return sans;
    }
    for (let n = this.root.children[0]; n !== undefined; n = n.children[0]) sans.push(n.san);
    return sans;
  }

  /** The main line's nodes, from the root (excluded). */
  mainlineNodes(): GameNode[] {
    const nodes: GameNode[] = [];
    for (let n = this.root.children[0]; n !== undefined; n = n.children[0]) nodes.push(n);
    return nodes;
  }

  /**
   * The outcome at the current node, or `null` while the game goes on (see
   * {@link Position.outcome}): repetitions count over the line from the root. With
   * `{ claim: true }`, a claimable fifty-move or threefold-repetition draw counts too.
   */
  outcome(options: { claim?: boolean } = {}): Outcome | null {
    return this.position.outcome({ claim: options?.claim === true });
  }

  /**
   * Whether a draw can be claimed at the current node (fifty-move rule, or the current
   * position occurred three times on the line) while the game is not over already.
   */
  canClaimDraw(): boolean {
    const pos = this.position;
    return pos.outcome() === null && pos.outcome({ claim: true }) !== null;
  }

  /**
   * The game in PGN export format (written by the core): the Seven Tag Roster, the other
   * tags, movetext with variations, comments and NAGs wrapped at 80 columns, the result.
   * `Game.fromPgn(game.pgn())` gives back the same tree, comments and NAGs.
   */
  pgn(options: PgnWriteOptions = {}): string {
    const how = options?.openingTags;
    return writeTree(
      VARIANTS.indexOf(this.#variant) | (this.#chess960 && this.#variant !== 'chess960' ? TREE_CHESS960 : 0),
      how ? tagsWithOpening(this, how) : this.tags,
      this.#rootFen,
      this.#result,
      this.root,
      (n) => commentsOf(n, n.commentLayout),
    );
  }

  /** Frees the wasm memory of {@link Game.position} now; the tree stays usable, the position does not. Idempotent. */
  dispose(): void {
    this.#disposed = true;
    this.#pos?.dispose();
    this.#pos = null;
  }

  /** The game in PGN (for debugging). */
  toString(): string {
    return this.pgn();
  }

  #own(node: GameNode): void {
    if (!(node instanceof GameNode) || node.game !== this)
      throw new ChessError('invalid-argument', 'the node does not belong to this game');
  }

  #ownMove(node: GameNode): void {
    this.#own(node);
    if (node.parent === null) throw new ChessError('invalid-argument', 'the root has no move');
  }
}

installDispose(Game.prototype);

export interface Game {
  /** Same as {@link Game.dispose}, for `using` declarations. */
  [Symbol.dispose](): void;
}

// The group of a NAG whose members replace each other: 1 move glyphs (1-9), 2 position
// glyphs (10-19), 0 the others.
function nagGroup(nag: number): number {
  return nag >= 1 && nag <= 9 ? 1 : nag >= 10 && nag <= 19 ? 2 : 0;
}

function playNode(pos: Position, node: GameNode): void {
  if (node.move === 0) pos.playNull();
  else pos.play(node.move);
}

// ---- games read from PGN (the wire codec: tree-codec.ts) ----------------------------------------

/** Internal: the first game of a text, read with the given rules (see `ReadRules`). */
export function readFirstGame(text: string, rules: ReadRules): Game {
  const src = openSource(text, false, rules);
  try {
    const status = src.next();
    if (status === GAME) return readTree(src);
    if (status === END) throw new PgnError('no-game', 'no game in the PGN text');
    throw sourceError(src, 1, 1);
  } finally {
    src.delete();
  }
}

/** Internal: the game of a partial read (PARTIAL), with its error (see `sourceError`). */
export function readPartialTree(src: PgnSource, lineBase: number, columnBase: number): Game {
  const game = readTree(src);
  game.setErrors([sourceError(src, lineBase, columnBase)]);
  return game;
}

/**
 * Internal: the game that a source's tree buffers hold (after `next()` gave GAME or PARTIAL):
 * its root made, the other nodes when asked for (see {@link GameNode.children}).
 */
export function readTree(src: PgnSource): Game {
  const { variant, chess960, tags, rootFen, result, tree } = decodeTree(src);
  const game = new Game({ [DECODED]: true, variant: VARIANTS[variant]!, chess960, rootFen, result, tags, tree });
  if (commandsKeptAsText()) treesWithCommandsAsText.add(tree);
  const root = game.root;
  if (tree.annotated(0)) {
    const after = tree.commentsAfter(0);
    const raw = typeof after === 'number' ? [tree.text(-1 - after, tree.loneLength(0))] : after;
    root.commentsBefore = tree.commentsBefore(0);
    root.commentsAfter = raw;
    root.nags = tree.nags(0);
    takeCommands(root);
    if (root.commentsAfter !== raw) keepLayout(root, raw);
  }
  return game;
}

// After takeCommands split a node's comments as read (`raw`) into its fields: the layout that
// writes them back as they were, unless the usual layout gives the same comments.
function keepLayout(node: GameNode, raw: string[]): void {
  const usual = commentsWithCommands(node);
  if (usual.length === raw.length && usual.every((c, i) => c === raw[i])) return;
  node.commentLayout = recordLayout(node, raw);
}
