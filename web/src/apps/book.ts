/**
 * `Book`: Polyglot opening books (`.bin`), the format engines, GUIs and lichess tools share.
 *
 * A book is a sequence of 16-byte entries sorted by key, every integer big-endian:
 * `key` (uint64, the Polyglot Zobrist key of a position, which is {@link Position.hash} in
 * standard chess), `move` (uint16), `weight` (uint16) and `learn` (uint32). The move's bits:
 * to-file 0-2, to-rank 3-5, from-file 6-8, from-rank 9-11, promotion 12-14 (0 none,
 * 1 knight, 2 bishop, 3 rook, 4 queen); castling is written king-to-rook (`e1h1`).
 * @module
 */
import { MOVE_FLAG_SHIFT, MOVE_TO_SHIFT, PieceType as PIECE_TYPES, PROMOTION_TYPE } from '../boundary/boundary.js';
import { BookError, ChessError, describe } from '../boundary/errors.js';
import { type Move } from '../core/move.js';
import { Position } from '../core/position.js';

/** A book move of a position: see {@link Book.entries}. */
export interface BookEntry {
  /** The legal move (castling king-to-rook, as every {@link Move}). */
  readonly move: Move;
  /** Its UCI text in our convention: `e1g1` for castling in standard chess, `e1h1` in Chess960. */
  readonly uci: string;
  /** Its SAN (`Nf3`, `O-O`, `exd6`, `b8=Q+`). */
  readonly san: string;
  /** The book's weight for the move (0 to 65535; entries repeated for one move are added). */
  readonly weight: number;
  /** The book's learn field (0 in books made by `polyglot make-book`). */
  readonly learn: number;
}

const ENTRY_BYTES = 16;

const keyScratch = new BigUint64Array(1);
const keyHalves = new Uint32Array(keyScratch.buffer);
// Which 32-bit half is the high one follows the platform's byte order.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HI = LITTLE_ENDIAN ? 1 : 0;
const LO = 1 - HI;

// A Polyglot move: to square in bits 0-5, from square in 6-11, the promotion piece in 12-14
// (0 none, 1 knight, 2 bishop, 3 rook, 4 queen; 5-7 are no chess move: such an entry matches
// nothing and is skipped). Its promotion piece as our PieceType value (the registered enum,
// boundary.ts), 0 for none.
const POLYGLOT_PROMOTION = [0, ...(['KNIGHT', 'BISHOP', 'ROOK', 'QUEEN'] as const).map((t) => PIECE_TYPES.indexOf(t))];
// The two squares of one of our moves (its from and to fields, below its flags).
const MOVE_SQUARES = (1 << MOVE_FLAG_SHIFT) - 1;

/**
 * A Polyglot opening book (`.bin`), read into memory once: lookups are a binary search on
 * the key. Immutable; it holds no wasm memory (nothing to dispose).
 *
 * Standard chess, and Chess960 as the Polyglot format extends to it (xboard's convention:
 * the same key as long as every castling right belongs to the outermost rook on its side,
 * castling written king-to-rook). Makruk has no Polyglot keys.
 *
 * @example
 * ```js
 * const book = Book.fromBytes(readFileSync('book.bin'));
 * const pos = Position.startpos();
 * book.entries(pos);  // [{ move, uci: 'e2e4', san: 'e4', weight: 3120, learn: 0 }, ...]
 * book.pick(pos);     // one of them, chosen with probability weight / total, or null
 * ```
 */
export class Book {
  // Structure of arrays, index = entry number in the file: the key's high and low 32 bits
  // (compared as unsigned), the raw Polyglot move, its weight and learn field.
  readonly #keyHi: Uint32Array;
  readonly #keyLo: Uint32Array;
  readonly #move: Uint16Array;
  readonly #weight: Uint16Array;
  readonly #learn: Uint32Array;

  private constructor(
    keyHi: Uint32Array,
    keyLo: Uint32Array,
    move: Uint16Array,
    weight: Uint16Array,
    learn: Uint32Array,
  ) {
    this.#keyHi = keyHi;
    this.#keyLo = keyLo;
    this.#move = move;
    this.#weight = weight;
    this.#learn = learn;
  }

  /**
   * Reads a book from the bytes of a `.bin` file (a `Uint8Array`, which includes Node's
   * `Buffer`, or an `ArrayBuffer` such as `await file.arrayBuffer()`). The bytes are copied:
   * changing them afterwards does not change the book. An empty file is an empty book.
   * @throws {@link BookError} `'truncated'` when the length is not a multiple of 16 bytes,
   *   `'unsorted'` when an entry's key is lower than the previous one (`offset` locates the
   *   entry); {@link ChessError} `'invalid-argument'` when `bytes` is neither.
   */
  static fromBytes(bytes: Uint8Array | ArrayBuffer): Book {
    const view = viewOf(bytes);
    if (!view)
      throw new ChessError(
        'invalid-argument',
        `a book is read from a Uint8Array or an ArrayBuffer, not ${describe(bytes)}`,
      );
    const length = view.byteLength;
    const n = Math.floor(length / ENTRY_BYTES);
    if (n * ENTRY_BYTES !== length) {
      throw new BookError(
        'truncated',
        `not a Polyglot book: ${length} bytes is not a whole number of 16-byte entries ` +
          `(${plural(n, 'entry', 'entries')} and ${plural(length - n * ENTRY_BYTES, 'byte', 'bytes')} more: a truncated file?)`,
        n * ENTRY_BYTES,
      );
    }
    const keyHi = new Uint32Array(n);
    const keyLo = new Uint32Array(n);
    const move = new Uint16Array(n);
    const weight = new Uint16Array(n);
    const learn = new Uint32Array(n);
    let prevHi = 0;
    let prevLo = 0;
    for (let i = 0, at = 0; i < n; i++, at += ENTRY_BYTES) {
      const hi = view.getUint32(at);
      const lo = view.getUint32(at + 4);
      if (hi < prevHi || (hi === prevHi && lo < prevLo)) {
        throw new BookError(
          'unsorted',
          `not a Polyglot book: its entries must be sorted by key, but entry ${i} (byte ${at}) has key ` +
            `${hex(hi, lo)}, lower than the key ${hex(prevHi, prevLo)} of the entry before it`,
          at,
        );
      }
      keyHi[i] = prevHi = hi;
      keyLo[i] = prevLo = lo;
      move[i] = view.getUint16(at + 8);
      weight[i] = view.getUint16(at + 10);
      learn[i] = view.getUint32(at + 12);
    }
    return new Book(keyHi, keyLo, move, weight, learn);
  }

  /** The number of entries (the file's length / 16). */
  get size(): number {
    return this.#keyHi.length;
  }

  /**
   * The book moves of a position, heaviest first (entries of equal weight in the book's
   * order). Only legal moves are listed: an entry whose move is not legal here (a key
   * collision, a broken book, an `e1g1` written for castling) is skipped. Entries of weight 0
   * are listed (a book marks a move never to play that way; a GUI may show it), and an entry
   * repeated for the same move is listed once, with the weights added and the first learn
   * value (as `polyglot merge-book` combines them). Empty when the position is out of book.
   * @throws {@link BookError} `'unsupported-variant'` for a Makruk position,
   *   `'unsupported-castling'` for a Chess960 position with castling rights of an inner rook;
   *   {@link ChessError} `'invalid-argument'` when `position` is no {@link Position},
   *   `'disposed'` when it was disposed.
   */
  entries(position: Position): BookEntry[] {
    // The key's halves through a scratch buffer: no BigInt arithmetic (which allocates).
    keyScratch[0] = bookKey(position);
    const hi = keyHalves[HI]!;
    const lo = keyHalves[LO]!;
    let i = this.#lowerBound(hi, lo);
    const keyHi = this.#keyHi;
    const keyLo = this.#keyLo;
    const n = keyHi.length;
    if (i === n || keyHi[i] !== hi || keyLo[i] !== lo) return [];

    const legal = position.legalMoves();
    const found: { move: Move; weight: number; learn: number }[] = [];
    for (; i < n && keyHi[i] === hi && keyLo[i] === lo; i++) {
      const move = legalMove(legal, this.#move[i]!);
      if (move === 0) continue;
      const same = found.find((e) => e.move === move);
      if (same) same.weight += this.#weight[i]!;
      else found.push({ move, weight: this.#weight[i]!, learn: this.#learn[i]! });
    }
    found.sort((a, b) => b.weight - a.weight); // stable: equal weights keep the book's order
    return found.map((e) => ({
      move: e.move,
      uci: position.uci(e.move),
      san: position.san(e.move),
      weight: e.weight,
      learn: e.learn,
    }));
  }

  /**
   * A book move chosen at random with probability weight / (sum of the weights), as Polyglot
   * plays its books; `null` when the position is out of book or every book move has weight 0
   * (weight 0 means "never play this"). `random` returns a number in [0, 1)
   * (default `Math.random`); pass a seeded one for reproducible picks: the choice walks
   * {@link Book.entries}'s order, heaviest first.
   * @throws as {@link Book.entries}; {@link ChessError} `'invalid-argument'` when `random` is
   *   not a function or returns anything but a number in [0, 1).
   */
  pick(position: Position, random: () => number = Math.random): BookEntry | null {
    if (typeof random !== 'function')
      throw new ChessError('invalid-argument', `random must be a function, not ${describe(random)}`);
    const entries = this.entries(position);
    let total = 0;
    for (const e of entries) total += e.weight;
    if (total === 0) return null;
    const r = random();
    if (typeof r !== 'number' || !(r >= 0 && r < 1))
      throw new ChessError('invalid-argument', `random() must return a number in [0, 1), not ${describe(r)}`);
    let target = r * total;
    for (const e of entries) {
      if (target < e.weight) return e;
      target -= e.weight;
    }
    // Rounding can leave target a hair above the last weight: the last playable entry.
    for (let i = entries.length - 1; ; i--) if (entries[i]!.weight > 0) return entries[i]!;
  }

  // The first entry whose key is >= (hi, lo), or size.
  #lowerBound(hi: number, lo: number): number {
    const keyHi = this.#keyHi;
    const keyLo = this.#keyLo;
    let a = 0;
    let b = keyHi.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      const h = keyHi[mid]!;
      if (h < hi || (h === hi && keyLo[mid]! < lo)) a = mid + 1;
      else b = mid;
    }
    return a;
  }
}

// A view of the bytes of a Uint8Array (Node's Buffer included) or an ArrayBuffer, also from
// another realm (an iframe, a vm context), where instanceof fails; null for anything else
// (a detached buffer included).
function viewOf(bytes: unknown): DataView | null {
  const tag = Object.prototype.toString.call(bytes);
  try {
    if (ArrayBuffer.isView(bytes))
      return tag === '[object Uint8Array]' ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
    if (tag === '[object ArrayBuffer]') return new DataView(bytes as ArrayBuffer);
  } catch {
    // a detached buffer, or an object that only looks like one
  }
  return null;
}

/** The Polyglot key of a position; refuses what the format has no key for. */
function bookKey(position: Position): bigint {
  if (!(position instanceof Position))
    throw new ChessError('invalid-argument', `not a Position: ${describe(position)}`);
  const variant = position.variant;
  if (variant !== 'chess' && variant !== 'chess960')
    throw new BookError('unsupported-variant', `a Polyglot book has no keys for ${variant} positions`);
  if (variant === 'chess960') {
    // X-FEN writes K/Q/k/q for the outermost rook on a side and a file letter otherwise,
    // and only the former has its key in the Polyglot format.
    const fen = position.fen();
    const castling = fen.split(' ')[2]!;
    if (!/^(-|[KQkq]+)$/.test(castling)) {
      throw new BookError(
        'unsupported-castling',
        `a Polyglot key needs every castling right to belong to the outermost rook on its side; not so in ${fen}`,
      );
    }
  }
  return position.hash();
}

// The legal move a raw Polyglot move names, or 0. Castling is king-to-rook in the book as in
// our moves (boundary.ts: MOVE_TO_SHIFT, MOVE_FLAG_SHIFT, PROMOTION_TYPE), so the squares
// compare directly; the promotion piece must be the move flag's.
function legalMove(legal: readonly Move[], raw: number): Move {
  const fromTo = ((raw >> 6) & 63) | ((raw & 63) << MOVE_TO_SHIFT);
  const promotion = POLYGLOT_PROMOTION[raw >> 12];
  if (promotion === undefined) return 0;
  for (const m of legal) {
    if ((m & MOVE_SQUARES) === fromTo && PROMOTION_TYPE[m >> MOVE_FLAG_SHIFT] === promotion) return m;
  }
  return 0;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function hex(hi: number, lo: number): string {
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}
