// Helpers of the opening book tests, written from the Polyglot book format specification
// (book_format.html, shipped with Debian's polyglot package) and independent of the package:
// the Polyglot key of a FEN (from tests/data/polyglot-random64.txt), a book writer, raw
// moves; running polyglot and reading `polyglot dump-book` output come from
// tests/tools/polyglot.mjs (shared with the board's browser tests). The package's own key
// (Position.hash) is never used to make a book here, so a wrong key cannot hide.
import { readFileSync } from 'node:fs';
import { DATA } from './helpers.js';

export {
  POLYGLOT,
  dumpBook,
  dumpPercent,
  parseDump,
  polyglot,
  polyglotAvailable,
  type DumpMove,
} from '../tools/polyglot.mjs';

const RANDOM64 = readFileSync(DATA + 'polyglot-random64.txt', 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => BigInt('0x' + l.trim()));
if (RANDOM64.length !== 781) throw new Error('polyglot-random64.txt: expected 781 keys');

/**
 * The Polyglot key of a standard-chess FEN (or a Chess960 one with `KQkq`-style castling),
 * by the specification: pieces (64 * kind + square, kind = 2 * type + white), castling
 * rights, the en passant file only when a pawn of the side to move stands next to the pawn
 * that just made a double step, and the turn key when white moves.
 */
export function polyglotKey(fen: string): bigint {
  const [board, turn, castling, ep] = fen.split(' ');
  let key = 0n;
  const at = new Array<string | null>(64).fill(null);
  board!.split('/').forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) {
        file += Number(c);
        continue;
      }
      const rank = 7 - i;
      at[rank * 8 + file] = c;
      const type = 'pnbrqk'.indexOf(c.toLowerCase());
      const kind = 2 * type + (c === c.toUpperCase() ? 1 : 0);
      key ^= RANDOM64[64 * kind + rank * 8 + file]!;
      file++;
    }
  });
  'KQkq'.split('').forEach((c, i) => {
    if (castling!.includes(c)) key ^= RANDOM64[768 + i]!;
  });
  if (ep && ep !== '-') {
    const file = ep.charCodeAt(0) - 97;
    const pawnRank = turn === 'w' ? 4 : 3; // the rank of the pawn that made the double step
    const ours = turn === 'w' ? 'P' : 'p';
    if ((file > 0 && at[pawnRank * 8 + file - 1] === ours) || (file < 7 && at[pawnRank * 8 + file + 1] === ours))
      key ^= RANDOM64[772 + file]!;
  }
  if (turn === 'w') key ^= RANDOM64[780]!;
  return key;
}

/**
 * A raw Polyglot move from UCI-like text, as a book writes it: to-square in bits 0-5,
 * from-square in bits 6-11, promotion (n b r q = 1-4) in bits 12-14. Castling is written
 * king-to-rook by the caller (`e1h1`).
 */
export function rawMove(uci: string): number {
  const square = (s: string) => (s.charCodeAt(1) - 49) * 8 + (s.charCodeAt(0) - 97);
  const promotion = ' nbrq'.indexOf(uci[4] ?? ' ');
  if (promotion < 0) throw new Error(`rawMove: bad promotion in ${uci}`);
  return square(uci.slice(2, 4)) | (square(uci.slice(0, 2)) << 6) | (promotion << 12);
}

export interface RawEntry {
  key: bigint;
  move: number;
  weight: number;
  learn?: number;
}

/** A book entry: the Polyglot key of `fen` and the raw move of `uci` (castling king-to-rook). */
export function bookEntry(fen: string, uci: string, weight: number, learn = 0): RawEntry {
  return { key: polyglotKey(fen), move: rawMove(uci), weight, learn };
}

/** The bytes of a book: 16-byte big-endian entries, sorted by key (stable) unless `sort` is false. */
export function writeBook(entries: readonly RawEntry[], { sort = true } = {}): Uint8Array {
  const rows = sort ? [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) : entries;
  const bytes = new Uint8Array(rows.length * 16);
  const view = new DataView(bytes.buffer);
  rows.forEach((e, i) => {
    view.setBigUint64(16 * i, e.key);
    view.setUint16(16 * i + 8, e.move);
    view.setUint16(16 * i + 10, e.weight);
    view.setUint32(16 * i + 12, e.learn ?? 0);
  });
  return bytes;
}

/** A seeded generator of numbers in [0, 1) (tests/tools/prng.mjs). */
export { prng as rng } from '../tools/prng.mjs';
