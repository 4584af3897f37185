// Shared helpers of the unit tests: reading the public data files in tests/data, and the
// board field of a FEN from a board array.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DATA = fileURLToPath(new URL('../data/', import.meta.url));

/** Whether the deep suites run (CHESSWASM_DEEP=1: scripts/test-deep.sh, which CI runs after npm test). */
export const DEEP = process.env.CHESSWASM_DEEP === '1';

/**
 * The size of a seeded random test: the number in the environment variable `name` if set,
 * else `deep` in the deep run (DEEP) and `short` in npm test. The same seed either way: the
 * short run is the first part of the deep one.
 */
export function testSize(name: string, short: number, deep: number): number {
  const given = process.env[name];
  return given ? Number(given) : DEEP ? deep : short;
}

export interface PerftCase {
  fen: string;
  depths: Map<number, number>;
}

/** Lines of an EPD perft file: `FEN ;D1 n ;D2 n ...`. */
export function readPerftFile(name: string): PerftCase[] {
  return readFileSync(DATA + name, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [fen, ...fields] = line.split(';');
      const depths = new Map<number, number>();
      for (const f of fields) {
        const m = /^\s*D(\d+)\s+(\d+)\s*$/.exec(f);
        if (m) depths.set(Number(m[1]), Number(m[2]));
      }
      return { fen: fen!.trim(), depths };
    });
}

/** The Polyglot vectors: FEN and expected key (hex). */
export function readPolyglotVectors(): { fen: string; key: string; note: string }[] {
  return readFileSync(DATA + 'polyglot-zobrist-vectors.tsv', 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [fen, key, , note] = l.split('\t');
      return { fen: fen!, key: key!, note: note ?? '' };
    });
}

/** The largest listed depth whose count is at most budget (else the smallest listed). */
export function depthWithin(depths: Map<number, number>, budget: number): number {
  let best = Math.min(...depths.keys());
  for (const [d, n] of depths) if (n <= budget && d > best) best = d;
  return best;
}

/**
 * The board field of a FEN from 64 squares (a1, b1, ..., h8): a piece letter on each
 * occupied square, '' on an empty one.
 */
export function boardFen(board: readonly string[]): string {
  const ranks: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let text = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = board[r * 8 + f]!;
      if (!p) empty++;
      else {
        if (empty) text += String(empty);
        empty = 0;
        text += p;
      }
    }
    ranks.push(empty ? text + String(empty) : text);
  }
  return ranks.join('/');
}
