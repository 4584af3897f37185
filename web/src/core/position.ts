/**
 * `Position`: a mutable position over the core's `cw::Position` in wasm memory.
 * @module
 */
import {
  Color as COLORS,
  PIECE_COLOR_SHIFT,
  PIECE_LETTERS,
  MAX_SAN_LENGTH,
  Termination as TERMINATIONS,
  Variant as VARIANT_NAMES,
  type TerminationName,
  type VariantName,
} from '../boundary/boundary.js';
import type { Position as NativePosition, Setup as NativeSetup } from '../boundary/chesswasm.mjs';
import {
  ChessError,
  FEN_ERROR_CODES,
  FenError,
  IllegalMoveError,
  MOVE_ERROR_TEXT,
  describe,
  moveErrorCode,
  type FenErrorCode,
} from '../boundary/errors.js';
import { DISPOSE, disposedError } from '../boundary/lifecycle.js';
import { type Color, type Move, type PieceType, type Square, parseSquare } from './move.js';
import {
  M,
  countView,
  legalMoves,
  moveView,
  play,
  readString,
  releaseIo,
  sanKeyView,
  takeBack,
  writeString,
} from '../boundary/wasm.js';

/** A rules variant: the core's `Variant` names in lower case. */
export type Variant = Lowercase<VariantName>;

/** The variants, indexed by the core's Variant code. */
export const VARIANTS: readonly Variant[] = VARIANT_NAMES.map((v) => v.toLowerCase() as Variant);

/**
 * How a game ended, by the core's termination names (python-chess's `Termination`):
 * automatic ones, and `FIFTY_MOVES` / `THREEFOLD_REPETITION` when a draw is claimed. In
 * Makruk, `COUNTING_RULE` (the count passed its limit) and `THREEFOLD_REPETITION` are automatic.
 */
export type Termination = Exclude<TerminationName, 'NONE'>;

/** The end of a game: why, and who won (`null` for a draw). */
export interface Outcome {
  /** Why the game ended. */
  readonly termination: Termination;
  /** The winner, or `null` for a draw. */
  readonly winner: Color | null;
}

/** A piece on a square. */
export interface Piece {
  /** Its colour. */
  readonly color: Color;
  /** Its kind (a promoted Makruk Bia is `'m'`). */
  readonly type: PieceType;
}

/** Pieces in hand, by kind (crazyhouse). */
export interface Pocket {
  /** Pawns. */
  readonly p: number;
  /** Knights. */
  readonly n: number;
  /** Bishops. */
  readonly b: number;
  /** Rooks. */
  readonly r: number;
  /** Queens. */
  readonly q: number;
}

/** Both sides' pockets (crazyhouse). */
export interface Pockets {
  /** White's pieces in hand. */
  readonly w: Pocket;
  /** Black's pieces in hand. */
  readonly b: Pocket;
}

/** The checks each side still has to give (three-check). */
export interface RemainingChecks {
  /** White's. */
  readonly w: number;
  /** Black's. */
  readonly b: number;
}

/**
 * The variant a lichess key or PGN `[Variant]` value names, case-insensitively (`'threeCheck'`,
 * `'Three-check'`, `'King of the Hill'`, `'zh'`; `'Standard'` and `'From Position'` give
 * `'chess'`); `undefined` for anything else.
 */
export function parseVariant(text: string): Variant | undefined {
  if (typeof text !== 'string' || text.length > 64) return undefined;
  const code = M.parseVariant(writeString(text));
  releaseIo();
  return VARIANTS[code];
}

/** Options of {@link Position.fromFen}. */
export interface FenOptions {
  /** The rules variant (default `'chess'`). */
  variant?: Variant;
  /**
   * Chess960 castling (default `false`): the king and rooks may start on any file, castling
   * rights are read as X-FEN or Shredder-FEN, `fen()` writes X-FEN and castling UCI is
   * king-to-rook (`e1h1`). For any rule set with castling (chess, crazyhouse, atomic, king of
   * the hill, three-check, horde); `variant` keeps the rule set's name, except that standard
   * rules with it are `'chess960'`. No effect in antichess, racing kings and Makruk, which
   * have no castling ({@link Position.chess960} is then `false`).
   */
  chess960?: boolean;
}

/**
 * Internal: the `chess960` option, checked (`false` when absent).
 * @throws {@link ChessError} `'invalid-argument'` for a value that is not a boolean.
 */
export function chess960Option(options: unknown): boolean {
  const value = (options as FenOptions | null | undefined)?.chess960;
  if (value === undefined) return false;
  if (typeof value !== 'boolean')
    throw new ChessError('invalid-argument', `the chess960 option must be a boolean, not ${describe(value)}`);
  return value;
}

// The UCI tables are kept per rule set and castling kind: the variant's code, plus
// CHESS960_KEY for a rule set other than 'chess960' played with Chess960 castling.
const CHESS960_KEY = 16;

/** Internal: the key of {@link uciTable} for a variant code and Chess960 castling flag. */
export function uciKey(variant: number, chess960: boolean): number {
  return chess960 && VARIANTS[variant] !== 'chess960' ? variant + CHESS960_KEY : variant;
}

// UCI: from-to with an optional promotion letter (k: antichess), or a drop (N@f3, P@e4).
const UCI_PATTERN = /^(?:[a-h][1-8][a-h][1-8][nbrqmkNBRQMK]?|[PNBRQ]@[a-h][1-8])$/;

// The UCI texts of legal moves, by move number, one table per rule set and castling kind
// ({@link uciKey}): a move's text depends only on its bits, the rule set and whether castling is
// Chess960's (the core's move_to_uci), so a table keyed by all three is never stale. Listing the
// legal moves as UCI and reading games fetch each text from the core once and reuse it: the
// `uci` row 34x and the facade's app loop (`chessjs-app-loop`) 1.7x faster than asking the core
// each time (`node tests/bench/run.mjs --cpu --only uci,chessjs-app-loop --base DIR`, DIR a dist
// built without the tables). The tables are filled with '' (packed elements: faster than a
// holey array) on first use.
const uciCache: string[][] = [];

/**
 * Internal: the UCI texts of a rule set's moves known so far (by move number; '' when not
 * yet); `key`: {@link uciKey} of the variant's code and its Chess960 castling flag.
 */
export function uciTable(key: number): string[] {
  return (uciCache[key] ??= new Array<string>(65536).fill(''));
}

/**
 * Internal: the UCI text of a move of a rule set (by its {@link uciKey}), from its table; the
 * core writes it on a miss (`moveUci`: the text needs no position). Used where moves cross
 * without their text (a game read from PGN).
 */
export function uciOfMove(key: number, m: number): string {
  const table = uciTable(key);
  let text = table[m]!;
  if (text === '') table[m] = text = M.moveUci(key % CHESS960_KEY, m, key >= CHESS960_KEY);
  return text;
}

// SAN text by its packed form (two int32, cpp/wasm/san_keys.h), in an open-addressing table:
// the distinct SANs are few (a few thousand in practice), so each string is made once and
// looking one up allocates nothing: the `san` row 1.2-1.3x faster than decoding each text (the
// same command with `--only san`, DIR built without the table). When the table is 3/4 full,
// new SANs are decoded every time instead.
const SAN_SLOTS = 1 << 14;
const sanLo = new Int32Array(SAN_SLOTS);
const sanHi = new Int32Array(SAN_SLOTS);
const sanText: string[] = new Array<string>(SAN_SLOTS).fill('');
let sanCount = 0;

/** Internal: the SAN text packed as two int32 (see cw_legal_moves_san), from the table. */
export function sanOf(lo: number, hi: number): string {
  let i = (Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) >>> 17) & (SAN_SLOTS - 1);
  for (;;) {
    const l = sanLo[i]!;
    if (l === lo && sanHi[i] === hi) return sanText[i]!;
    if (l === 0) break;
    i = (i + 1) & (SAN_SLOTS - 1);
  }
  let text = '';
  for (let k = lo; k !== 0; k >>>= 7) text += String.fromCharCode(k & 127);
  for (let k = hi; k !== 0; k >>>= 7) text += String.fromCharCode(k & 127);
  if (sanCount < (SAN_SLOTS * 3) / 4) {
    sanLo[i] = lo;
    sanHi[i] = hi;
    sanText[i] = text;
    sanCount++;
  }
  return text;
}

/** The core's Variant code of a variant name (`'chess'` when undefined). */
export function variantCode(variant: unknown): number {
  if (variant === undefined) return 0;
  const code = VARIANTS.indexOf(variant as Variant);
  if (code < 0)
    throw new ChessError('invalid-variant', `unknown variant: ${describe(variant)} (${VARIANTS.join(', ')})`);
  return code;
}

function isMoveNumber(m: unknown): m is number {
  return typeof m === 'number' && (m & 0xffff) === m && m !== 0;
}

function checkDepth(depth: unknown): number {
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0 || depth > 64)
    throw new ChessError('invalid-argument', `perft depth must be an integer from 0 to 64, not ${describe(depth)}`);
  return depth;
}

// Frees the wasm memory of positions that were dropped without dispose().
const registry = /* @__PURE__ */ new FinalizationRegistry<NativePosition>((h) => h.delete());

// Positions are registered lazily: a new one waits in `unregistered` until the end of the
// current task (a microtask) or until PENDING_MAX are waiting, and is registered then unless it
// was disposed before. A position made and disposed within one task (Position.fromFen(f).fen()
// then dispose(), the usual short-lived use) never touches the registry. What it buys: the
// FEN rows (`fen`, `fen-games`) 1.37x faster than registering each position at once
// (`node tests/bench/run.mjs --cpu --only fen,fen-games --base DIR`, DIR a dist built with
// PENDING_MAX = 1). A waiting position is held strongly only until then, so one dropped
// without dispose() is still freed.
const PENDING_MAX = 1024;
const unregistered: Position[] = [];
let flushQueued = false;

// A few disposed handles are kept for reuse: creating a position then costs one FEN parse
// instead of an allocation plus the core's start-position set-up: the FEN rows 4.6x (`fen`),
// 2.2x (`fen-games`) and 1.56x (`fen-play`) faster than without it (measured as above with
// POOL_SIZE = 0). Bounded in number, and a handle with a long history (whose state stack holds
// memory) is freed instead, so the wasm heap stays bounded too. A pooled handle is always set
// again (setFen, setStart, a set-up's build) before it is used: nothing of its last position
// survives.
const POOL_SIZE = 16;
const POOL_MAX_HISTORY = 256;
const poolHandles: NativePosition[] = [];
const poolAddresses: number[] = [];

// version: the position's change count, a bound on its history (which is asked only beyond).
function release(h: NativePosition, address: number, version: number): void {
  if (poolHandles.length < POOL_SIZE && (version <= POOL_MAX_HISTORY || h.historySize() <= POOL_MAX_HISTORY)) {
    poolHandles.push(h);
    poolAddresses.push(address);
  } else {
    h.delete();
  }
}

/**
 * A chess position: pieces, side to move, castling rights, en passant square, counters and
 * the moves played since it was set up (which {@link Position.undo} takes back).
 * Mutable and fast: `play`/`undo` change it in place. Memory lives in wasm; it is freed by
 * {@link Position.dispose} (or `using`), else when the object is garbage-collected.
 * A method that throws leaves the position unchanged.
 */
export class Position {
  // The wasm position (the registered class Position: cpp/wasm/handle.h) and its address for
  // the raw calls; null and 0 once disposed.
  #h: NativePosition | null;
  #p: number;
  // Bumped whenever the position changes: a bound on its history, for the pool (release).
  #version = 0;
  // The core's Variant code (changes only with the FEN).
  #variant = 0;
  // Its index in `unregistered` while it waits to be registered, else -1.
  #pending: number;
  // The key of its UCI table (uciKey: the variant code and the Chess960 castling flag).
  #uciKey = 0;

  private constructor(h: NativePosition, address: number) {
    this.#h = h;
    this.#p = address;
    this.#pending = unregistered.length;
    unregistered.push(this);
    if (!flushQueued) {
      flushQueued = true;
      queueMicrotask(Position.#flushPending);
    }
    if (unregistered.length >= PENDING_MAX) Position.#registerPending();
  }

  static #flushPending(): void {
    flushQueued = false;
    Position.#registerPending();
  }

  static #registerPending(): void {
    for (const p of unregistered) {
      p.#pending = -1;
      registry.register(p, p.#h!, p);
    }
    unregistered.length = 0;
  }

  // A handle from the pool or a new one, whose position is then set (its state before that is
  // unspecified).
  static #acquire(): Position {
    const h = poolHandles.pop();
    if (h !== undefined) return new Position(h, poolAddresses.pop()!);
    const fresh = new M.Position();
    return new Position(fresh, fresh.address());
  }

  /**
   * @internal Setup's way in (setup.ts): the position a native set-up describes
   * (`Setup::build`); tolerance 0: the strict rules, 1: `TOLERATE_MISSING_KINGS`, 2:
   * `TOLERATE_ANY_BOARD` (cpp/core/setup.h).
   * @throws {@link FenError} with the first verdict not tolerated.
   */
  static fromNativeSetup(s: NativeSetup, tolerance: 0 | 1 | 2): Position {
    const pos = Position.#acquire();
    const status = s.build(pos.#h!, tolerance);
    pos.#version++;
    if (status !== 0) {
      const fen = readString(s.fen(false));
      pos.dispose();
      throw fenError(status, fen);
    }
    pos.#variant = s.variant();
    pos.#uciKey = uciKey(pos.#variant, s.chess960());
    return pos;
  }

  /** @internal The native handle of a live position (for the set-up and the facade). */
  static nativeOf(p: Position): NativePosition {
    return p.#live();
  }

  /**
   * The start position of a variant (Chess960 mode on the standard array for `'chess960'`);
   * `{ chess960: true }` gives it Chess960 castling (see {@link FenOptions.chess960}).
   */
  static startpos(variant: Variant = 'chess', options: { chess960?: boolean } = {}): Position {
    const code = variantCode(variant);
    const chess960 = chess960Option(options);
    const pos = Position.#acquire();
    const h = pos.#h!;
    h.setStart(code, chess960);
    pos.#version++;
    pos.#variant = h.variant();
    pos.#uciKey = uciKey(pos.#variant, h.chess960());
    return pos;
  }

  /**
   * The position a FEN describes. Chess960 castling (`'chess960'`, or `{ chess960: true }`
   * with any rule set) accepts Shredder-FEN and X-FEN castling fields; the halfmove and
   * fullmove fields may be omitted.
   * @throws {@link FenError} with the core's reason as `code` (e.g. `'missing-king'`);
   * {@link ChessError} `'invalid-variant'` / `'invalid-argument'` for bad options.
   */
  static fromFen(fen: string, options?: FenOptions): Position {
    // Without options (the usual call): standard chess, no calls to check them.
    const code = options === undefined ? 0 : variantCode((options as FenOptions | null)?.variant);
    const chess960 = options === undefined ? false : chess960Option(options);
    if (typeof fen !== 'string')
      throw new FenError('not-a-string', `a FEN must be a string, not ${describe(fen)}`, describe(fen));
    const pos = Position.#acquire();
    try {
      pos.#setFen(fen, code, chess960);
    } catch (e) {
      pos.dispose();
      throw e;
    }
    return pos;
  }

  #setFen(fen: string, variant: number, chess960: boolean): void {
    const h = this.#h!;
    const result = h.setFen(writeString(fen), variant, chess960);
    releaseIo();
    this.#version++;
    if (result !== 0) throw fenError(result, fen);
    this.#variant = chess960 ? h.variant() : variant;
    this.#uciKey = chess960 ? uciKey(this.#variant, h.chess960()) : variant; // uciKey(variant, false)
  }

  #live(): NativePosition {
    const h = this.#h;
    if (h === null) throw disposedError('Position');
    return h;
  }

  /** Whether {@link Position.dispose} was called. */
  get disposed(): boolean {
    return this.#h === null;
  }

  /**
   * The FEN. Chess960 castling is written as X-FEN (`KQkq`, or a rook's file letter where
   * needed) unless `shredder` is set, which writes the rooks' files (`HAha`). The en passant
   * square is written after every double push (`enPassant: 'fen'`, the FEN standard), or with
   * `enPassant: 'legal'` only when an en passant capture is legal (as chess.js, chessops and
   * python-chess's `en_passant="legal"` write it).
   * @throws {@link ChessError} `'invalid-argument'` for another `enPassant` value.
   */
  fen(options?: { shredder?: boolean; lichess?: boolean; enPassant?: 'fen' | 'legal' }): string {
    const shredder = options?.shredder === true;
    const ep = options?.enPassant;
    if (ep !== undefined && ep !== 'fen' && ep !== 'legal')
      throw new ChessError('invalid-argument', `enPassant is 'fen' or 'legal', not ${describe(ep)}`);
    const legal = ep === 'legal';
    if (options?.lichess === true) return readString(M.fenLichess(this.#live(), shredder, legal));
    return readString(this.#live().fen(shredder, legal));
  }

  /**
   * Crazyhouse: the pieces in each side's hand (`null` in other variants). The FEN writes
   * them as `[PNBRQpnbrq]` (lichess: a ninth rank, `fen({ lichess: true })`).
   */
  get pockets(): Pockets | null {
    const h = this.#live();
    if (M.variantPocket(h, 0, 1) < 0) return null;
    const side = (c: number): Pocket => ({
      p: M.variantPocket(h, c, 1),
      n: M.variantPocket(h, c, 2),
      b: M.variantPocket(h, c, 3),
      r: M.variantPocket(h, c, 4),
      q: M.variantPocket(h, c, 5),
    });
    return { w: side(0), b: side(1) };
  }

  /** Three-check: the checks each side still has to give (`null` in other variants). */
  get remainingChecks(): RemainingChecks | null {
    const h = this.#live();
    const w = M.variantChecksLeft(h, 0);
    return w < 0 ? null : { w, b: M.variantChecksLeft(h, 1) };
  }

  /** The Zobrist key as an unsigned 64-bit bigint (the Polyglot key in standard chess). */
  hash(): bigint {
    return BigInt.asUintN(64, this.#live().key());
  }

  /** {@link Position.hash} as 16 lower-case hex digits. */
  hashHex(): string {
    return this.hash().toString(16).padStart(16, '0');
  }

  /** The side to move. */
  get turn(): Color {
    return COLORS[this.#live().turn()] === 'WHITE' ? 'w' : 'b';
  }

  /** The rules variant. */
  get variant(): Variant {
    this.#live();
    return VARIANTS[this.#variant]!;
  }

  /**
   * Whether castling is Chess960's (X-FEN rights, king-to-rook UCI): always in `'chess960'`,
   * and in another rule set with castling set up with `{ chess960: true }`.
   */
  get chess960(): boolean {
    return this.#live().chess960();
  }

  /** The halfmove clock (plies since the last capture or pawn move). */
  get halfmoves(): number {
    return this.#live().rule50();
  }

  /** The fullmove number (starts at 1, incremented after black's move). */
  get fullmoves(): number {
    return this.#live().fullmoveNumber();
  }

  /** The number of moves played since the position was set up (what `undo` can take back). */
  get historyLength(): number {
    return this.#live().historySize();
  }

  /** The piece on a square (index or name), or `null` when it is empty. */
  pieceAt(square: Square | string): Piece | null {
    const h = this.#live();
    const sq = typeof square === 'string' ? parseSquare(square) : square;
    if (typeof sq !== 'number' || (sq & 63) !== sq)
      throw new ChessError('invalid-argument', `not a square: ${describe(square)}`);
    const code = h.pieceOn(sq);
    if (code === 0) return null;
    return {
      color: COLORS[code >> PIECE_COLOR_SHIFT] === 'WHITE' ? 'w' : 'b',
      type: PIECE_LETTERS[code & ((1 << PIECE_COLOR_SHIFT) - 1)] as PieceType,
    };
  }

  /** The legal moves of the side to move, in the core's generation order. */
  legalMoves(): Move[] {
    const p = this.#p;
    if (p === 0) throw disposedError('Position');
    const n = legalMoves(p);
    const list = moveView();
    const moves = new Array<Move>(n);
    for (let i = 0; i < n; i++) moves[i] = list[i]!;
    return moves;
  }

  /**
   * The legal moves as UCI text, in the order of {@link Position.legalMoves} (the same as
   * `legalMoves().map((m) => uci(m))`, in one call).
   */
  legalUci(): string[] {
    const h = this.#live();
    const n = legalMoves(this.#p);
    let list = moveView();
    const cache = uciTable(this.#uciKey);
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const m = list[i]!;
      let text = cache[m]!;
      if (text === '') {
        cache[m] = text = readString(h.uci(m));
        list = moveView(); // writing the text may have grown wasm memory
      }
      out[i] = text;
    }
    return out;
  }

  /**
   * The legal moves as SAN, in the order of {@link Position.legalMoves} (the same as
   * `legalMoves().map((m) => san(m))`, computed in one call into wasm).
   */
  legalSan(): string[] {
    const h = this.#live();
    const n = h.legalSan();
    let keys = sanKeyView();
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const lo = keys[2 * i]!;
      if (lo !== -1) {
        out[i] = sanOf(lo, keys[2 * i + 1]!);
      } else {
        out[i] = this.san(moveView()[i]!); // a SAN too long to pack (rare)
        keys = sanKeyView(); // writing it may have grown wasm memory
      }
    }
    return out;
  }

  /** Whether a move number is a legal move here. */
  isLegal(move: Move): boolean {
    const h = this.#live();
    return isMoveNumber(move) && h.isLegal(move);
  }

  /**
   * Plays a move: a move number (from {@link Position.legalMoves}), UCI text (`'e2e4'`,
   * `'e7e8q'`; castling as `'e1g1'` or king-to-rook `'e1h1'`) or SAN (`'Nf3'`, tolerant as
   * {@link Position.parseSan}).
   * @returns the move number played.
   * @throws {@link IllegalMoveError} (`'syntax' | 'illegal' | 'ambiguous'`); the position is unchanged.
   */
  play(move: Move | string): Move {
    const p = this.#p;
    if (p === 0) throw disposedError('Position');
    if (typeof move === 'number') {
      if ((move & 0xffff) === move && play(p, move) === 0) {
        this.#version++;
        return move;
      }
      throw moveError(move);
    }
    const m = this.parseMove(move);
    play(p, m);
    this.#version++;
    return m;
  }

  /**
   * Takes back the last move played.
   * @returns the move taken back.
   * @throws {@link ChessError} `'nothing-to-undo'` when no move was played since set-up.
   */
  undo(): Move {
    const p = this.#p;
    if (p === 0) throw disposedError('Position');
    const m = takeBack(p);
    if (m < 0) throw new ChessError('nothing-to-undo', 'no move to take back');
    this.#version++;
    return m;
  }

  /**
   * The UCI text of a legal move: `e2e4`, `e7e8q`; castling `e1g1` in standard chess and
   * king-to-rook (`e1h1`) in Chess960.
   * @throws {@link IllegalMoveError} when the move is not legal here.
   */
  uci(move: Move): string {
    const h = this.#live();
    if (!isMoveNumber(move)) throw moveError(move);
    if (!h.isLegal(move)) throw moveError(move);
    const cache = uciTable(this.#uciKey);
    let text = cache[move]!;
    if (text === '') cache[move] = text = readString(h.uci(move));
    return text;
  }

  /**
   * The legal move that UCI text names (castling in standard chess as `e1g1` or `e1h1`).
   * @throws {@link IllegalMoveError} `'syntax'` for malformed text, `'illegal'` otherwise.
   */
  parseUci(uci: string): Move {
    const h = this.#live();
    if (typeof uci !== 'string' || !UCI_PATTERN.test(uci))
      throw new IllegalMoveError('syntax', `not a UCI move: ${describe(uci)}`, describe(uci));
    const m = h.parseUci(writeString(uci));
    if (m === 0) throw new IllegalMoveError('illegal', `illegal move in ${this.fen()}: ${uci}`, uci);
    return m;
  }

  /**
   * The legal move that a text names, in UCI (`'e2e4'`, `'e7e8q'`, `'P@e4'`; castling as
   * `'e1g1'` or `'e1h1'`) or, when it is not legal UCI here, in SAN (tolerant as
   * {@link Position.parseSan}): what {@link Position.play} and `Game.play` read.
   * @throws {@link IllegalMoveError} (`'syntax' | 'illegal' | 'ambiguous'`).
   */
  parseMove(text: string): Move {
    const h = this.#live();
    if (typeof text !== 'string') throw new IllegalMoveError('syntax', `not a move: ${describe(text)}`, describe(text));
    if (UCI_PATTERN.test(text)) {
      const m = h.parseUci(writeString(text));
      if (m !== 0) return m;
    }
    return this.parseSan(text);
  }

  /**
   * The SAN of a legal move (`Nf3`, `exd5`, `O-O`, `e8=Q#`), with the least disambiguation
   * among the legal moves and a `+`/`#` suffix.
   * @throws {@link IllegalMoveError} when the move is not legal here.
   */
  san(move: Move): string {
    const h = this.#live();
    if (!isMoveNumber(move)) throw moveError(move);
    const len = h.san(move);
    if (len === 0) throw moveError(move);
    return readString(len);
  }

  /**
   * The legal move that SAN text names. Tolerant by default (missing or extra `+`/`#`,
   * `0-0`, over-disambiguation, long algebraic and UCI, `e8Q`, annotation glyphs, a missing
   * `x`); `{ strict: true }` accepts only the exact canonical SAN.
   * @throws {@link IllegalMoveError} `'syntax' | 'illegal' | 'ambiguous'`.
   */
  parseSan(san: string, options: { strict?: boolean } = {}): Move {
    const h = this.#live();
    if (typeof san !== 'string')
      throw new IllegalMoveError('syntax', `not a SAN move: ${describe(san)}`, describe(san));
    // The core refuses longer SAN; refusing it here too keeps a huge string from being
    // copied into (and growing) wasm memory.
    if (san.length > MAX_SAN_LENGTH)
      throw new IllegalMoveError('syntax', `not a SAN move: ${describe(san)}`, describe(san));
    const r = h.parseSan(writeString(san), options?.strict === true);
    const status = r.status;
    if (status === 0) return r.move;
    const code = moveErrorCode(status);
    const why = code === 'syntax' ? 'not a SAN move' : MOVE_ERROR_TEXT[code];
    throw new IllegalMoveError(code, `${why} in ${this.fen()}: ${describe(san)}`, san);
  }

  /** Whether the side to move is in check. */
  isCheck(): boolean {
    return this.#live().inCheck();
  }

  /** The squares of the pieces giving check, as a 64-bit set (bit i = square i). */
  checkers(): bigint {
    return BigInt.asUintN(64, this.#live().checkers());
  }

  /**
   * The squares of the pieces of either colour that attack a square (pinned pieces
   * included, whatever stands on the square), as a 64-bit set (bit i = square i).
   */
  attackers(square: Square | string): bigint {
    const h = this.#live();
    const sq = typeof square === 'string' ? parseSquare(square) : square;
    if (typeof sq !== 'number' || (sq & 63) !== sq)
      throw new ChessError('invalid-argument', `not a square: ${describe(square)}`);
    return BigInt.asUintN(64, h.attackers(sq));
  }

  /**
   * Passes the turn (a null move: no piece moves, the en passant square is cleared, the
   * halfmove clock counts it); {@link Position.undo} takes it back (returning 0).
   * @throws {@link IllegalMoveError} `'illegal'` when the side to move is in check.
   */
  playNull(): void {
    const h = this.#live();
    if (h.playNull() !== 0)
      throw new IllegalMoveError('illegal', `a null move is illegal in check: ${this.fen()}`, '--');
    this.#version++;
  }

  /**
   * How often the current position occurred among the positions since set-up, this one
   * included (same pieces, side to move, castling rights and legally possible en passant).
   * The count stops at a null move unless `acrossNullMoves` (chess.js's count goes on).
   */
  repetitionCount({ acrossNullMoves = false }: { acrossNullMoves?: boolean } = {}): number {
    return this.#live().repetitionCount(acrossNullMoves);
  }

  /** Whether the side to move is checkmated. */
  isCheckmate(): boolean {
    const h = this.#live();
    return h.inCheck() && !h.hasLegalMove();
  }

  /** Whether the side to move is stalemated. */
  isStalemate(): boolean {
    const h = this.#live();
    return !h.inCheck() && !h.hasLegalMove();
  }

  /**
   * Whether neither side can win by any series of legal moves (python-chess's
   * `is_insufficient_material`, per variant; always false in horde, king of the hill and
   * racing kings).
   */
  isInsufficientMaterial(): boolean {
    return M.insufficientMaterial(this.#live(), 2);
  }

  /** Whether `color` can no longer win (python-chess's `has_insufficient_material`). */
  hasInsufficientMaterial(color: Color): boolean {
    if (color !== 'w' && color !== 'b') throw new ChessError('invalid-argument', `not a colour: ${describe(color)}`);
    return M.insufficientMaterial(this.#live(), color === 'w' ? 0 : 1);
  }

  /**
   * The outcome, or `null` while the game goes on: checkmate, stalemate, insufficient
   * material, the 75-move rule and fivefold repetition (over the moves played on this
   * position) end it automatically; with `{ claim: true }` a claimable fifty-move or
   * threefold-repetition draw counts too.
   */
  outcome(options: { claim?: boolean } = {}): Outcome | null {
    const h = this.#live();
    const claim = options?.claim === true;
    if (h.termination(claim) === 0) return null;
    const o = h.outcome(claim);
    const winner = COLORS[o.winner];
    return {
      termination: TERMINATIONS[o.termination] as Termination,
      winner: winner === 'WHITE' ? 'w' : winner === 'BLACK' ? 'b' : null,
    };
  }

  /** The number of leaf nodes of the legal move tree `depth` plies deep (1 for depth 0). */
  perft(depth: number): number {
    const h = this.#live();
    return h.perft(checkDepth(depth));
  }

  /** Perft below each legal move, keyed by its UCI text, in generation order. */
  divide(depth: number): Map<string, number> {
    const h = this.#live();
    const n = h.divide(checkDepth(depth));
    const moves = Array.from(moveView().subarray(0, n));
    const counts = Array.from(countView().subarray(0, n));
    const result = new Map<string, number>();
    moves.forEach((m, i) => result.set(this.uci(m), counts[i]!));
    return result;
  }

  /** An independent copy (with the same moves to take back). */
  clone(): Position {
    const h = new M.Position(this.#live());
    const copy = new Position(h, h.address());
    copy.#variant = this.#variant;
    copy.#uciKey = this.#uciKey;
    copy.#version = this.#version; // a bound on the history it copied (see release)
    return copy;
  }

  /** Frees the wasm memory now; using the position afterwards throws `'disposed'`. Idempotent. */
  dispose(): void {
    const h = this.#h;
    if (h === null) return;
    const p = this.#p;
    this.#h = null;
    this.#p = 0;
    const i = this.#pending;
    if (i < 0) {
      registry.unregister(this);
    } else {
      // Out of the waiting list (the last one takes its place).
      const last = unregistered.pop()!;
      if (last !== this) {
        unregistered[i] = last;
        last.#pending = i;
      }
      this.#pending = -1;
    }
    release(h, p, this.#version);
  }

  /** `using` support: calls {@link dispose}. */
  [DISPOSE](): void {
    this.dispose();
  }

  /** The FEN (for debugging and string interpolation). */
  toString(): string {
    return this.#h === null ? 'Position(disposed)' : this.fen();
  }
}

/** The {@link FenError} of a core FenError code, its message from the core's table. */
export function fenError(code: number, fen: string): FenError {
  const name = FEN_ERROR_CODES[code];
  if (name === undefined || name === 'ok') return new FenError('empty', `invalid FEN: ${describe(fen)}`, fen);
  return new FenError(name, `invalid FEN (${fenErrorMessage(name)}): ${describe(fen)}`, fen);
}

/** The core's sentence for a FEN error code (the one table of them, cpp/core/fen.cpp). */
export function fenErrorMessage(code: Exclude<FenErrorCode, 'not-a-string'>): string {
  return M.fenErrorMessage(FEN_ERROR_CODES.indexOf(code));
}

export interface Position {
  /** Same as {@link Position.dispose}, for `using` declarations. */
  [Symbol.dispose](): void;
}

function moveError(move: unknown): IllegalMoveError {
  if (typeof move !== 'number' || (move & 0xffff) !== move)
    return new IllegalMoveError('syntax', `not a move number: ${describe(move)}`, describe(move));
  return new IllegalMoveError('illegal', `illegal move: ${move}`, String(move));
}

/** Internal (the chess.js facade): {@link Position.nativeOf}. */
export const nativePosition = (p: Position): NativePosition => Position.nativeOf(p);
