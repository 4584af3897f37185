/**
 * `Position`: a mutable position over the core's `cw::Position` in wasm memory.
 * @module
 */
import { ChessError, FenError, IllegalMoveError, describe, type FenErrorCode, type IllegalMoveCode } from './errors.js';
import { type Color, type Move, type PieceType, type Square, SQUARE_NAMES, parseSquare } from './move.js';
import {
  N,
  countBufferIndex,
  heapF64,
  heapI32,
  heapU16,
  moveBufferIndex,
  readCString,
  readString,
  sanKeyIndex,
  writeString,
} from './wasm.js';

/** A rules variant. */
export type Variant = 'chess' | 'chess960' | 'makruk';

const VARIANTS: readonly Variant[] = ['chess', 'chess960', 'makruk'];

/**
 * How a game ended, by the core's termination names (python-chess's `Termination`):
 * automatic ones, and `FIFTY_MOVES` / `THREEFOLD_REPETITION` when a draw is claimed. In
 * Makruk, `COUNTING_RULE` (the count passed its limit) and `THREEFOLD_REPETITION` are automatic.
 */
export type Termination =
  | 'CHECKMATE'
  | 'STALEMATE'
  | 'INSUFFICIENT_MATERIAL'
  | 'SEVENTYFIVE_MOVES'
  | 'FIVEFOLD_REPETITION'
  | 'FIFTY_MOVES'
  | 'THREEFOLD_REPETITION'
  | 'COUNTING_RULE';

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

/** Options of {@link Position.fromFen}. */
export interface FenOptions {
  /** The rules variant (default `'chess'`). */
  variant?: Variant;
}

const PIECE_LETTERS: readonly (PieceType | null)[] = [null, 'p', 'n', 'b', 'r', 'q', 'k', 'm', 's', 'm'];
const SAN_CODES: readonly (IllegalMoveCode | undefined)[] = [undefined, 'syntax', 'illegal', 'ambiguous'];
const UCI_PATTERN = /^[a-h][1-8][a-h][1-8][nbrqmNBRQM]?$/;

// UCI text of legal moves, per variant, by move number: the text of a legal move depends
// only on its bits and the variant (as in the core's move_to_uci), so it is decoded in JS
// once per move number and kept. The tables are filled with '' (packed elements: faster
// than a holey array) on first use of a variant.
const uciCache: string[][] = [];
const PROMOTION_LETTERS = ['', '', '', '', '', '', 'm', 'm', 'n', 'b', 'r', 'q', 'n', 'b', 'r', 'q'];

function uciTable(variant: number): string[] {
  return (uciCache[variant] ??= new Array<string>(65536).fill(''));
}

/** Internal: the UCI text of a legal move of a variant (by its code), from the cache. */
export function uciOfMove(variant: number, m: number): string {
  const cache = uciTable(variant);
  let text = cache[m]!;
  if (text === '') cache[m] = text = decodeUci(variant, m);
  return text;
}

// Castling is stored king-to-rook; standard chess (and Makruk, which has none) writes the
// king's destination (g- or c-file of its rank), Chess960 the rook's square.
function decodeUci(variant: number, m: number): string {
  const from = m & 63;
  const flags = m >> 12;
  let to = (m >> 6) & 63;
  if ((flags === 2 || flags === 3) && variant !== 1) to = (from & 56) | (flags === 2 ? 6 : 2);
  return SQUARE_NAMES[from]! + SQUARE_NAMES[to]! + PROMOTION_LETTERS[flags]!;
}

// SAN text by its packed form (two int32, see cw_legal_moves_san), in an open-addressing
// table: the distinct SANs are few (a few thousand in practice), so each string is made once
// and looking one up allocates nothing. When the table is 3/4 full, new SANs are decoded
// every time instead.
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

function variantCode(variant: unknown): number {
  if (variant === undefined) return 0;
  const code = VARIANTS.indexOf(variant as Variant);
  if (code < 0) throw new ChessError('invalid-variant', `unknown variant: ${describe(variant)} (chess, chess960, makruk)`);
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

function disposedError(): ChessError {
  return new ChessError('disposed', 'this Position was disposed and cannot be used any more');
}

// Frees the wasm memory of positions that were dropped without dispose().
const registry = new FinalizationRegistry<number>((ptr) => N.delete(ptr));

// A few disposed handles are kept for reuse: creating a position then costs one FEN parse
// instead of an allocation plus the core's start-position set-up. Bounded, so the wasm
// heap stays bounded too.
const POOL_SIZE = 16;
const pool: number[] = [];

// A handle whose position is then set from a FEN (its state before that is unspecified).
function acquire(): number {
  return pool.pop() ?? N.create();
}

function release(ptr: number): void {
  if (pool.length < POOL_SIZE) pool.push(ptr);
  else N.delete(ptr);
}

// Legality marks of the most recently listed position: marks[m] === stamp for each legal m,
// valid while that position has not changed (its version), so uci() checks in O(1).
const marks = new Uint32Array(65536);
let stamp = 0;
let markedPosition: Position | null = null;
let markedVersion = -1;

/**
 * A chess position: pieces, side to move, castling rights, en passant square, counters and
 * the moves played since it was set up (which {@link Position.undo} takes back).
 * Mutable and fast: `play`/`undo` change it in place. Memory lives in wasm; it is freed by
 * {@link Position.dispose} (or `using`), else when the object is garbage-collected.
 * A method that throws leaves the position unchanged.
 */
export class Position {
  #ptr: number;
  // Bumped whenever the position changes (for the legality marks above).
  #version = 0;

  private constructor(ptr: number) {
    this.#ptr = ptr;
    registry.register(this, ptr, this);
  }

  /** The start position of a variant (Chess960 mode on the standard array for `'chess960'`). */
  static startpos(variant: Variant = 'chess'): Position {
    const code = variantCode(variant);
    const pos = new Position(acquire());
    pos.#setFen(code === 2 ? MAKRUK_START : STANDARD_START, code);
    return pos;
  }

  /**
   * The position a FEN describes. Chess960 accepts Shredder-FEN and X-FEN castling fields;
   * the halfmove and fullmove fields may be omitted.
   * @throws {@link FenError} with the core's reason as `code` (e.g. `'MISSING_KING'`).
   */
  static fromFen(fen: string, options: FenOptions = {}): Position {
    const code = variantCode((options as FenOptions | null | undefined)?.variant);
    if (typeof fen !== 'string') throw new FenError('NOT_A_STRING', `a FEN must be a string, not ${describe(fen)}`, describe(fen));
    const pos = new Position(acquire());
    try {
      pos.#setFen(fen, code);
    } catch (e) {
      pos.dispose();
      throw e;
    }
    return pos;
  }

  #setFen(fen: string, variant: number): void {
    const status = N.set_fen(this.#ptr, writeString(fen), variant);
    this.#version++;
    if (status !== 0) {
      const name = readCString(N.fen_error_name(status)) as FenErrorCode;
      throw new FenError(name, `invalid FEN (${readCString(N.fen_error_message(status))}): ${describe(fen)}`, fen);
    }
  }

  #live(): number {
    const p = this.#ptr;
    if (p === 0) throw disposedError();
    return p;
  }

  /** Whether {@link Position.dispose} was called. */
  get disposed(): boolean {
    return this.#ptr === 0;
  }

  /**
   * The FEN. Chess960 castling is written as X-FEN (`KQkq`, or a rook's file letter where
   * needed) unless `shredder` is set, which writes the rooks' files (`HAha`).
   */
  fen(options: { shredder?: boolean } = {}): string {
    const p = this.#live();
    return readString(N.fen(p, options?.shredder ? 1 : 0));
  }

  /** The Zobrist key as an unsigned 64-bit bigint (the Polyglot key in standard chess). */
  hash(): bigint {
    return BigInt.asUintN(64, N.key(this.#live()));
  }

  /** {@link Position.hash} as 16 lower-case hex digits. */
  hashHex(): string {
    return this.hash().toString(16).padStart(16, '0');
  }

  /** The side to move. */
  get turn(): Color {
    return N.turn(this.#live()) === 0 ? 'w' : 'b';
  }

  /** The rules variant. */
  get variant(): Variant {
    return VARIANTS[N.variant(this.#live())]!;
  }

  /** The halfmove clock (plies since the last capture or pawn move). */
  get halfmoves(): number {
    return N.rule50(this.#live());
  }

  /** The fullmove number (starts at 1, incremented after black's move). */
  get fullmoves(): number {
    return N.fullmove_number(this.#live());
  }

  /** The number of moves played since the position was set up (what `undo` can take back). */
  get historyLength(): number {
    return N.history_size(this.#live());
  }

  /** The piece on a square (index or name), or `null` when it is empty. */
  pieceAt(square: Square | string): Piece | null {
    const p = this.#live();
    const sq = typeof square === 'string' ? parseSquare(square) : square;
    if (typeof sq !== 'number' || (sq & 63) !== sq) throw new ChessError('invalid-argument', `not a square: ${describe(square)}`);
    const code = N.piece_on(p, sq);
    if (code === 0) return null;
    return { color: code >> 4 === 0 ? 'w' : 'b', type: PIECE_LETTERS[code & 15]! };
  }

  /** The legal moves of the side to move, in the core's generation order. */
  legalMoves(): Move[] {
    const n = N.legal_moves(this.#live());
    const heap = heapU16();
    const base = moveBufferIndex;
    const moves = new Array<Move>(n);
    if (++stamp === 0x100000000) {
      marks.fill(0);
      stamp = 1;
    }
    const s = stamp;
    for (let i = 0; i < n; i++) marks[(moves[i] = heap[base + i]!)] = s;
    markedPosition = this;
    markedVersion = this.#version;
    return moves;
  }

  /**
   * The legal moves as UCI text, in the order of {@link Position.legalMoves} (the same as
   * `legalMoves().map((m) => uci(m))`, in one call).
   */
  legalUci(): string[] {
    const p = this.#live();
    const n = N.legal_moves(p);
    const heap = heapU16();
    const base = moveBufferIndex;
    const variant = N.variant(p);
    const cache = uciTable(variant);
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const m = heap[base + i]!;
      let text = cache[m]!;
      if (text === '') cache[m] = text = decodeUci(variant, m);
      out[i] = text;
    }
    return out;
  }

  /**
   * The legal moves as SAN, in the order of {@link Position.legalMoves} (the same as
   * `legalMoves().map((m) => san(m))`, computed in one call into wasm).
   */
  legalSan(): string[] {
    const p = this.#live();
    const n = N.legal_moves_san(p);
    const keys = heapI32();
    const base = sanKeyIndex;
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const lo = keys[base + 2 * i]!;
      out[i] = lo !== -1 ? sanOf(lo, keys[base + 2 * i + 1]!) : readString(N.san(p, heapU16()[moveBufferIndex + i]!));
    }
    return out;
  }

  /** Whether a move number is a legal move here. */
  isLegal(move: Move): boolean {
    const p = this.#live();
    return isMoveNumber(move) && N.is_legal(p, move) === 1;
  }

  /**
   * Plays a move: a move number (from {@link Position.legalMoves}), UCI text (`'e2e4'`,
   * `'e7e8q'`; castling as `'e1g1'` or king-to-rook `'e1h1'`) or SAN (`'Nf3'`, tolerant as
   * {@link Position.parseSan}).
   * @returns the move number played.
   * @throws {@link IllegalMoveError} (`'syntax' | 'illegal' | 'ambiguous'`); the position is unchanged.
   */
  play(move: Move | string): Move {
    const p = this.#live();
    if (typeof move === 'number') {
      if ((move & 0xffff) === move && N.play(p, move) === 0) {
        this.#version++;
        return move;
      }
      throw moveError(move);
    }
    const m = this.#parseMove(p, move);
    N.play(p, m);
    this.#version++;
    return m;
  }

  /**
   * Takes back the last move played.
   * @returns the move taken back.
   * @throws {@link ChessError} `'nothing-to-undo'` when no move was played since set-up.
   */
  undo(): Move {
    const p = this.#live();
    const m = N.take_back(p);
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
    const p = this.#live();
    if (!isMoveNumber(move)) throw moveError(move);
    const marked = markedPosition === this && markedVersion === this.#version;
    if (marked ? marks[move] !== stamp : N.is_legal(p, move) !== 1) throw moveError(move);
    const variant = N.variant(p);
    const cache = uciTable(variant);
    let text = cache[move]!;
    if (text === '') cache[move] = text = decodeUci(variant, move);
    return text;
  }

  /**
   * The legal move that UCI text names (castling in standard chess as `e1g1` or `e1h1`).
   * @throws {@link IllegalMoveError} `'syntax'` for malformed text, `'illegal'` otherwise.
   */
  parseUci(uci: string): Move {
    const p = this.#live();
    if (typeof uci !== 'string' || !UCI_PATTERN.test(uci))
      throw new IllegalMoveError('syntax', `not a UCI move: ${describe(uci)}`, describe(uci));
    const m = N.parse_uci(p, writeString(uci));
    if (m === 0) throw new IllegalMoveError('illegal', `illegal move in ${this.fen()}: ${uci}`, uci);
    return m;
  }

  #parseMove(p: number, text: unknown): Move {
    if (typeof text !== 'string') throw new IllegalMoveError('syntax', `not a move: ${describe(text)}`, describe(text));
    if (UCI_PATTERN.test(text)) {
      const m = N.parse_uci(p, writeString(text));
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
    const p = this.#live();
    if (!isMoveNumber(move)) throw moveError(move);
    const len = N.san(p, move);
    if (len < 0) throw moveError(move);
    return readString(len);
  }

  /**
   * The legal move that SAN text names. Tolerant by default (missing or extra `+`/`#`,
   * `0-0`, over-disambiguation, long algebraic and UCI, `e8Q`, annotation glyphs, a missing
   * `x`); `{ strict: true }` accepts only the exact canonical SAN.
   * @throws {@link IllegalMoveError} `'syntax' | 'illegal' | 'ambiguous'`.
   */
  parseSan(san: string, options: { strict?: boolean } = {}): Move {
    const p = this.#live();
    if (typeof san !== 'string') throw new IllegalMoveError('syntax', `not a SAN move: ${describe(san)}`, describe(san));
    // The core refuses SAN longer than 16 bytes; refusing it here too keeps a huge string
    // from being copied into (and growing) wasm memory.
    if (san.length > SAN_MAX_LENGTH) throw new IllegalMoveError('syntax', `not a SAN move: ${describe(san)}`, describe(san));
    const r = N.parse_san(p, writeString(san), options?.strict ? 1 : 0);
    if (r > 0) return r;
    const code = SAN_CODES[-r] ?? 'syntax';
    const why = code === 'syntax' ? 'not a SAN move' : code === 'ambiguous' ? 'ambiguous move' : 'illegal move';
    throw new IllegalMoveError(code, `${why} in ${this.fen()}: ${describe(san)}`, san);
  }

  /** Whether the side to move is in check. */
  isCheck(): boolean {
    return N.in_check(this.#live()) === 1;
  }

  /** The squares of the pieces giving check, as a 64-bit set (bit i = square i). */
  checkers(): bigint {
    return BigInt.asUintN(64, N.checkers(this.#live()));
  }

  /**
   * The squares of the pieces of either colour that attack a square (pinned pieces
   * included, whatever stands on the square), as a 64-bit set (bit i = square i).
   */
  attackers(square: Square | string): bigint {
    const p = this.#live();
    const sq = typeof square === 'string' ? parseSquare(square) : square;
    if (typeof sq !== 'number' || (sq & 63) !== sq) throw new ChessError('invalid-argument', `not a square: ${describe(square)}`);
    return BigInt.asUintN(64, N.attackers(p, sq));
  }

  /**
   * Passes the turn (a null move: no piece moves, the en passant square is cleared, the
   * halfmove clock counts it); {@link Position.undo} takes it back (returning 0).
   * @throws {@link IllegalMoveError} `'illegal'` when the side to move is in check.
   */
  playNull(): void {
    const p = this.#live();
    if (N.play_null(p) !== 0) throw new IllegalMoveError('illegal', `a null move is illegal in check: ${this.fen()}`, '--');
    this.#version++;
  }

  /**
   * How often the current position occurred among the positions since set-up, this one
   * included (same pieces, side to move, castling rights and legally possible en passant).
   */
  repetitionCount(): number {
    return N.repetition_count(this.#live());
  }

  /** Whether the side to move is checkmated. */
  isCheckmate(): boolean {
    const p = this.#live();
    return N.in_check(p) === 1 && N.has_legal_move(p) === 0;
  }

  /** Whether the side to move is stalemated. */
  isStalemate(): boolean {
    const p = this.#live();
    return N.in_check(p) === 0 && N.has_legal_move(p) === 0;
  }

  /**
   * The outcome, or `null` while the game goes on: checkmate, stalemate, insufficient
   * material, the 75-move rule and fivefold repetition (over the moves played on this
   * position) end it automatically; with `{ claim: true }` a claimable fifty-move or
   * threefold-repetition draw counts too.
   */
  outcome(options: { claim?: boolean } = {}): Outcome | null {
    const p = this.#live();
    const r = N.outcome(p, options?.claim ? 1 : 0);
    const termination = r & 0xff;
    if (termination === 0) return null;
    const winner = r >> 8;
    return {
      termination: readCString(N.termination_name(termination)) as Termination,
      winner: winner === 0 ? 'w' : winner === 1 ? 'b' : null,
    };
  }

  /** The number of leaf nodes of the legal move tree `depth` plies deep (1 for depth 0). */
  perft(depth: number): number {
    const p = this.#live();
    return N.perft(p, checkDepth(depth));
  }

  /** Perft below each legal move, keyed by its UCI text, in generation order. */
  divide(depth: number): Map<string, number> {
    const p = this.#live();
    const n = N.divide(p, checkDepth(depth));
    const moves = Array.from(heapU16().subarray(moveBufferIndex, moveBufferIndex + n));
    const counts = Array.from(heapF64().subarray(countBufferIndex, countBufferIndex + n));
    const result = new Map<string, number>();
    moves.forEach((m, i) => result.set(this.uci(m), counts[i]!));
    return result;
  }

  /** An independent copy (with the same moves to take back). */
  clone(): Position {
    return new Position(N.clone(this.#live()));
  }

  /** Frees the wasm memory now; using the position afterwards throws `'disposed'`. Idempotent. */
  dispose(): void {
    const p = this.#ptr;
    if (p === 0) return;
    this.#ptr = 0;
    registry.unregister(this);
    if (markedPosition === this) markedPosition = null;
    release(p);
  }

  /** The FEN (for debugging and string interpolation). */
  toString(): string {
    return this.#ptr === 0 ? 'Position(disposed)' : this.fen();
  }
}

// `using pos = Position.startpos()`: Symbol.dispose where the runtime has it (Node 20 does),
// else Node's well-known name for it.
const DISPOSE: symbol = (Symbol as { dispose?: symbol }).dispose ?? Symbol.for('nodejs.dispose');
Object.defineProperty(Position.prototype, DISPOSE, {
  value: function (this: Position) {
    this.dispose();
  },
  writable: true,
  configurable: true,
});

export interface Position {
  /** Same as {@link Position.dispose}, for `using` declarations. */
  [Symbol.dispose](): void;
}

function moveError(move: unknown): IllegalMoveError {
  if (typeof move !== 'number' || (move & 0xffff) !== move)
    return new IllegalMoveError('syntax', `not a move number: ${describe(move)}`, describe(move));
  return new IllegalMoveError('illegal', `illegal move: ${move}`, String(move));
}

/** The longest SAN text the core reads ("Ng1xf3=Q+!!" and the like fit). */
const SAN_MAX_LENGTH = 16;
const STANDARD_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const MAKRUK_START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
