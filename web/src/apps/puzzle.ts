/**
 * Puzzles in the lichess format: {@link Puzzle} (a solving session, the same code in the
 * browser and on a server) and {@link validateLine} (untrusted move lines).
 * @module
 */
import { LineStatus, MAX_MOVES, Notation, type LineStatusName, type NotationName } from '../boundary/boundary.js';
import type { Position as NativePosition } from '../boundary/chesswasm.mjs';
import {
  ChessError,
  IllegalMoveError,
  type KebabCase,
  MOVE_ERROR_TEXT,
  describe,
  kebabCase,
} from '../boundary/errors.js';
import { type Move, moveFrom, squareName } from '../core/move.js';
import { Position, VARIANTS, type Variant, chess960Option, fenError, variantCode } from '../core/position.js';
import { M, encoder, moveView, readString, releaseIo, writeString } from '../boundary/wasm.js';

/** Why {@link validateLine} refused a line (the core's `LineStatus` as a code). */
export type LineErrorReason = KebabCase<Exclude<LineStatusName, 'OK'>>;

/**
 * The result of {@link validateLine}: the final position's FEN, or the 0-based index of the
 * first bad move (`0` for a bad FEN) and why it is bad.
 */
export type LineValidation =
  | {
      /** Every move is legal. */
      readonly ok: true;
      /** The FEN after the last move. */
      readonly fen: string;
    }
  | {
      /** A move (or the FEN) is bad. */
      readonly ok: false;
      /** The 0-based index of the first bad move (`0` for a bad FEN). */
      readonly ply: number;
      /** Why it is bad. */
      readonly reason: LineErrorReason;
    };

/** How the moves of a line are written: UCI, SAN, or either per move (`'auto'`, the default). */
export type LineNotation = Lowercase<NotationName>;

/** Options of {@link validateLine}. */
export interface ValidateLineOptions {
  /** The rules variant (default `'chess'`). */
  variant?: Variant;
  /**
   * Chess960 castling in the rule set (X-FEN / Shredder-FEN rights, castling as king-to-rook
   * UCI or O-O), as {@link Position.fromFen} takes it. Default `false`.
   */
  chess960?: boolean;
  /** The notation of the moves (default `'auto'`: UCI where a move looks like UCI, else SAN). */
  notation?: LineNotation;
}

const NOTATIONS = Notation.map((n) => n.toLowerCase() as LineNotation);

function utf8Length(s: string): number {
  return /^[\x00-\x7f]*$/.test(s) ? s.length : encoder.encode(s).length;
}

// A scratch position for validateLine and the Puzzle constructor (never handed out).
let scratch: NativePosition | null = null;

// Sets the scratch position from a FEN and plays a line on it: the core's LineReport, with
// the moves played in the move buffer (the first MAX_MOVES).
function playLine(fen: string, line: string, variant: number, chess960: boolean, notation: number) {
  scratch ??= new M.Position();
  const fenLen = utf8Length(fen);
  const total = writeString(fen + line);
  const r = scratch.playLine(fenLen, total - fenLen, variant, chess960, notation);
  releaseIo();
  return { status: r.status, ply: r.ply, fenError: r.fenError };
}

// The reason of a LineStatus code.
function lineReason(status: number): LineErrorReason {
  return kebabCase(LineStatus[status] ?? 'SYNTAX') as LineErrorReason;
}

function lineText(moves: unknown): string | null {
  if (typeof moves === 'string') return moves;
  if (Array.isArray(moves) && moves.every((m) => typeof m === 'string' && !/\s/.test(m) && m !== ''))
    return moves.join(' ');
  return null;
}

/**
 * Validates a move line from a FEN without throwing on bad strings (for untrusted input).
 * Moves are space-separated (or given as an array), UCI or SAN (see {@link LineNotation}).
 *
 * @returns `{ ok: true, fen }` with the FEN after the last move, or `{ ok: false, ply, reason }`
 *   where `ply` is the 0-based index of the first bad move (`0` with reason `'fen'` for a bad
 *   FEN) and `reason` is `'syntax'` (not a move), `'illegal'`, `'ambiguous'` (SAN) or `'fen'`.
 * @throws {@link ChessError} `'invalid-variant'` only for an unknown `options.variant`,
 *   `'invalid-argument'` for an unknown `options.notation` or a `chess960` that is not a boolean.
 */
export function validateLine(
  fen: string,
  moves: string | readonly string[],
  options: ValidateLineOptions = {},
): LineValidation {
  const variant = variantCode(options?.variant);
  const chess960 = chess960Option(options);
  const notation = options?.notation === undefined ? 0 : NOTATIONS.indexOf(options.notation);
  if (notation < 0)
    throw new ChessError(
      'invalid-argument',
      `unknown notation: ${describe(options.notation)} (${NOTATIONS.join(', ')})`,
    );
  if (typeof fen !== 'string') return { ok: false, ply: 0, reason: 'fen' };
  const line = lineText(moves);
  if (line === null) {
    // An array with a non-string or blank element: its index is the bad ply.
    if (!Array.isArray(moves)) return { ok: false, ply: 0, reason: 'syntax' };
    const good = moves.findIndex((m) => typeof m !== 'string' || /\s/.test(m) || m === '');
    const prefix = validateLine(fen, moves.slice(0, good) as string[], options);
    return prefix.ok ? { ok: false, ply: good, reason: 'syntax' } : prefix;
  }
  const { status, ply } = playLine(fen, line, variant, chess960, notation);
  if (status !== 0) {
    const reason = lineReason(status);
    return { ok: false, ply: reason === 'fen' ? 0 : ply, reason };
  }
  return { ok: true, fen: readString(scratch!.fen(false, false)) };
}

/** What {@link Puzzle.play} says about a move. */
export type PuzzleResult = 'correct' | 'solved' | 'wrong';

/**
 * How a puzzle is given. Exactly one of `moves` and `solution`:
 * - `moves`: the lichess format: `fen` is the position *before* the opponent's last move,
 *   and the first move of the line is that move (the setup move); the solver plays the
 *   2nd, 4th, ... moves.
 * - `solution`: `fen` is the position the solver faces; the solver plays the 1st, 3rd, ...
 *
 * Lines are space-separated strings or arrays, in UCI or SAN (mixed is fine).
 */
export interface PuzzleInit {
  /** The start position (before the setup move with `moves`; the solver's with `solution`). */
  fen: string;
  /** The lichess line: the opponent's setup move, then solver and opponent in turn. */
  moves?: string | readonly string[];
  /** The line from the solver's first move (no setup move). */
  solution?: string | readonly string[];
  /** The rules variant (default `'chess'`). */
  variant?: Variant;
  /** Chess960 castling in the rule set, as {@link Position.fromFen} takes it (default `false`). */
  chess960?: boolean;
}

/** Where a solving session stands (see {@link Puzzle.progress}). */
export interface PuzzleProgress {
  /** Solver moves made correctly so far. */
  readonly done: number;
  /** Solver moves in the solution. */
  readonly total: number;
  /** Wrong moves tried so far. */
  readonly mistakes: number;
  /** Hints given so far. */
  readonly hints: number;
  /** Whether the puzzle is solved. */
  readonly solved: boolean;
}

/** The serialisable state of a {@link Puzzle} (plain JSON: see {@link Puzzle.toJSON}). */
export interface PuzzleState {
  /** The format's version (1). */
  readonly version: 1;
  /** The puzzle's start FEN (as given). */
  readonly fen: string;
  /** The rules variant. */
  readonly variant: Variant;
  /** Chess960 castling in the rule set (present when `true`). */
  readonly chess960?: boolean;
  /** The whole line in UCI (with the setup move first when `setupFirst`). */
  readonly line: readonly string[];
  /** Whether the line starts with the opponent's setup move (the `moves` form). */
  readonly setupFirst: boolean;
  /** The moves played by both sides since the solver's first turn, in UCI. */
  readonly played: readonly string[];
  /** Wrong moves tried so far. */
  readonly mistakes: number;
  /** Calls to {@link Puzzle.hint} so far. */
  readonly hints: number;
  /** 0: no hint for the current move yet; 1: the from-square was given; 2: the move. */
  readonly hintLevel: number;
  /** Whether the puzzle is solved. */
  readonly solved: boolean;
}

/**
 * A puzzle-solving session in the lichess puzzle format. The solver plays moves with
 * {@link Puzzle.play}; after a correct move the opponent's reply is played at once (see
 * {@link Puzzle.lastReply}). Any move that checkmates solves the puzzle, even when it is
 * not the listed one (as lichess does). A wrong move is not played: the solver may try
 * again ({@link Puzzle.progress} counts mistakes).
 *
 * The state is serialisable ({@link Puzzle.toJSON} / {@link Puzzle.fromJSON}), so a server
 * can keep a session between requests.
 *
 * @example
 * ```ts
 * const p = new Puzzle({ fen: 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3', moves: 'g8f6 h5f7' });
 * p.play('Qxf7#'); // 'solved'
 * ```
 */
export class Puzzle {
  /** The FEN the puzzle was given with. */
  readonly fen: string;
  /** The rules variant. */
  readonly variant: Variant;
  /** Whether castling is Chess960's (the `chess960` option, or the `'chess960'` variant). */
  readonly chess960: boolean;
  /** The whole line in UCI, as given (setup move first when {@link Puzzle.setupFirst}). */
  readonly line: readonly string[];
  /** Whether the first move of {@link Puzzle.line} is the opponent's setup move. */
  readonly setupFirst: boolean;
  /** The UCI of the opponent's reply played after the last correct move (`null` if none). */
  lastReply: string | null = null;

  #pos: Position;
  #moves: readonly Move[];
  #start: number; // index in line of the solver's first move
  #ply: number; // index in line of the next expected move
  #played: string[] = [];
  #mistakes = 0;
  #hints = 0;
  #hintLevel = 0;
  #solved = false;

  /**
   * @throws {@link FenError} for a bad FEN, {@link IllegalMoveError} for a bad move in the line
   *   (its message names the ply), {@link ChessError} `'invalid-argument'` when neither or
   *   both of `moves` and `solution` are given, or the line has no solver move.
   */
  constructor(init: PuzzleInit) {
    const hasMoves = init?.moves !== undefined;
    const hasSolution = init?.solution !== undefined;
    if (hasMoves === hasSolution)
      throw new ChessError('invalid-argument', 'a puzzle needs exactly one of `moves` (lichess format) and `solution`');
    const variant = variantCode(init?.variant);
    const chess960 = chess960Option(init);
    this.variant = VARIANTS[variant]!;
    this.setupFirst = hasMoves;
    const text = lineText(hasMoves ? init.moves : init.solution);
    if (text === null)
      throw new IllegalMoveError(
        'syntax',
        `not a move line: ${describe(hasMoves ? init.moves : init.solution)}`,
        describe(init.moves ?? init.solution),
      );
    this.#pos = Position.fromFen(init.fen, { variant: this.variant, chess960 }); // throws FenError
    this.chess960 = this.#pos.chess960;
    this.fen = init.fen;
    const { status, ply, fenError: fenCode } = playLine(init.fen, text, variant, chess960, 0);
    if (status !== 0) {
      this.#pos.dispose();
      const token = text.trim().split(/\s+/)[ply] ?? '';
      const reason = lineReason(status);
      if (reason === 'fen') throw fenError(fenCode, init.fen);
      throw new IllegalMoveError(
        reason,
        `${MOVE_ERROR_TEXT[reason]} at ply ${ply} of the puzzle line: ${describe(token)}`,
        token,
      );
    }
    if (ply > MAX_MOVES) {
      this.#pos.dispose();
      throw new ChessError('invalid-argument', `a puzzle line has at most ${MAX_MOVES} moves`);
    }
    const moves = Array.from(moveView().subarray(0, ply));
    // UCI of each move (on the puzzle's own position, taken back afterwards).
    const uci: string[] = [];
    for (const m of moves) {
      uci.push(this.#pos.uci(m));
      this.#pos.play(m);
    }
    for (let i = 0; i < moves.length; i++) this.#pos.undo();
    this.#moves = moves;
    this.line = uci;
    this.#start = hasMoves ? 1 : 0;
    if (moves.length <= this.#start) {
      this.#pos.dispose();
      throw new ChessError('invalid-argument', 'the puzzle line has no solver move');
    }
    if (hasMoves) this.#pos.play(moves[0]!);
    this.#ply = this.#start;
  }

  /**
   * The current position (after the setup move, then after each correct move and reply).
   * Owned by the puzzle: read it, clone it, but do not play on it.
   */
  get position(): Position {
    return this.#pos;
  }

  /** The solution from the solver's first move on, in UCI (solver and replies alternating). */
  get solution(): readonly string[] {
    return this.line.slice(this.#start);
  }

  /** Whether the puzzle is solved. */
  get solved(): boolean {
    return this.#solved;
  }

  /** Solver moves done and in total, mistakes, hints, solved. */
  get progress(): PuzzleProgress {
    return {
      done: (this.#ply - this.#start + 1) >> 1,
      total: (this.line.length - this.#start + 1) >> 1,
      mistakes: this.#mistakes,
      hints: this.#hints,
      solved: this.#solved,
    };
  }

  /**
   * Plays the solver's move (a move number, UCI or SAN).
   * - `'correct'`: it is the listed move; the opponent's reply is played too (its UCI is in
   *   {@link Puzzle.lastReply}) and the solver moves again;
   * - `'solved'`: it is the last listed move, or any move that checkmates;
   * - `'wrong'`: any other legal move; it is not played (the position is unchanged).
   * @throws {@link IllegalMoveError} for an illegal or malformed move (nothing changes);
   *   {@link ChessError} `'invalid-argument'` once the puzzle is solved.
   */
  play(move: Move | string): PuzzleResult {
    if (this.#solved) throw new ChessError('invalid-argument', 'the puzzle is already solved');
    const pos = this.#pos;
    const m = pos.play(move); // throws IllegalMoveError, position unchanged
    pos.undo();
    const uci = pos.uci(m);
    if (m === this.#moves[this.#ply]) {
      pos.play(m);
      this.#played.push(uci);
      this.#ply++;
      this.#hintLevel = 0;
      this.lastReply = null;
      if (this.#ply < this.#moves.length) {
        const reply = this.#moves[this.#ply]!;
        this.lastReply = this.line[this.#ply]!;
        pos.play(reply);
        this.#played.push(this.lastReply);
        this.#ply++;
      }
      if (this.#ply >= this.#moves.length) {
        this.#solved = true;
        return 'solved';
      }
      return 'correct';
    }
    pos.play(m);
    if (pos.isCheckmate()) {
      this.#played.push(uci);
      this.#solved = true;
      this.#hintLevel = 0;
      this.lastReply = null;
      this.#ply = this.#moves.length;
      return 'solved';
    }
    pos.undo();
    this.#mistakes++;
    return 'wrong';
  }

  /**
   * A hint for the current move: first its from-square (`'e2'`), then the whole move in UCI
   * (`'e2e4'`, and again on later calls); `null` once solved.
   */
  hint(): string | null {
    if (this.#solved) return null;
    const m = this.#moves[this.#ply]!;
    this.#hints++;
    if (this.#hintLevel === 0) {
      this.#hintLevel = 1;
      return squareName(moveFrom(m));
    }
    this.#hintLevel = 2;
    return this.line[this.#ply]!;
  }

  /** Back to the start (after the setup move); mistakes and hints are kept. */
  restart(): void {
    while (this.#pos.historyLength > this.#start) this.#pos.undo();
    this.#ply = this.#start;
    this.#played = [];
    this.#solved = false;
    this.#hintLevel = 0;
    this.lastReply = null;
  }

  /** The session state as plain JSON data; {@link Puzzle.fromJSON} restores it. */
  toJSON(): PuzzleState {
    return {
      version: 1,
      fen: this.fen,
      variant: this.variant,
      ...(this.chess960 && this.variant !== 'chess960' ? { chess960: true } : {}),
      line: [...this.line],
      setupFirst: this.setupFirst,
      played: [...this.#played],
      mistakes: this.#mistakes,
      hints: this.#hints,
      hintLevel: this.#hintLevel,
      solved: this.#solved,
    };
  }

  /**
   * A puzzle in the state {@link Puzzle.toJSON} returned (e.g. after `JSON.parse`).
   * @throws {@link ChessError} `'invalid-argument'` when the state is not consistent.
   */
  static fromJSON(state: PuzzleState | string): Puzzle {
    let s: PuzzleState;
    try {
      s = (typeof state === 'string' ? JSON.parse(state) : state) as PuzzleState;
    } catch {
      throw new ChessError('invalid-argument', 'not a puzzle state: the text is not JSON');
    }
    if (!s || s.version !== 1 || !Array.isArray(s.line) || !Array.isArray(s.played))
      throw new ChessError('invalid-argument', 'not a puzzle state');
    const p = new Puzzle(
      s.setupFirst
        ? { fen: s.fen, moves: s.line, variant: s.variant, chess960: s.chess960 === true }
        : { fen: s.fen, solution: s.line, variant: s.variant, chess960: s.chess960 === true },
    );
    try {
      for (let i = 0; i < s.played.length; i += 2) {
        const r = p.play(s.played[i] as string);
        if (r === 'wrong' || (r === 'correct' && p.lastReply !== (s.played[i + 1] ?? null)))
          throw new Error('diverges');
      }
    } catch {
      p.dispose();
      throw new ChessError('invalid-argument', 'the puzzle state does not match its line');
    }
    p.#mistakes = Number(s.mistakes) || 0;
    p.#hints = Number(s.hints) || 0;
    p.#hintLevel = Math.min(2, Math.max(0, Number(s.hintLevel) || 0));
    return p;
  }

  /** Frees the position's wasm memory now (else it is freed when garbage-collected). */
  dispose(): void {
    this.#pos.dispose();
  }
}
