/**
 * Chess960 start positions by their Scharnagl number (0–959), the numbering of the
 * Chess960 literature, FIDE and lichess: 518 is the standard array. Position set-up only;
 * no rules are involved.
 * @module
 */
import { ChessError, describe } from '../boundary/errors.js';

// The knights' places among the five squares left after the bishops and the queen.
const KNIGHTS: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 4],
  [1, 2],
  [1, 3],
  [1, 4],
  [2, 3],
  [2, 4],
  [3, 4],
];

/**
 * The white back rank of Chess960 start position `n`, from a to h (`'RNBQKBNR'` for 518).
 * @throws {@link ChessError} `'invalid-argument'` unless `n` is an integer from 0 to 959.
 */
export function chess960BackRank(n: number): string {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 959)
    throw new ChessError(
      'invalid-argument',
      `a Chess960 position number is an integer from 0 to 959, not ${describe(n)}`,
    );
  const rank: (string | null)[] = new Array<string | null>(8).fill(null);
  rank[(n % 4) * 2 + 1] = 'B'; // light-squared bishop: b, d, f or h
  n = Math.floor(n / 4);
  rank[(n % 4) * 2] = 'B'; // dark-squared bishop: a, c, e or g
  n = Math.floor(n / 4);
  const empty = () => rank.flatMap((p, i) => (p === null ? [i] : []));
  rank[empty()[n % 6]!] = 'Q';
  n = Math.floor(n / 6);
  const free = empty();
  for (const k of KNIGHTS[n]!) rank[free[k]!] = 'N';
  const [a, b, c] = empty() as [number, number, number];
  rank[a] = 'R';
  rank[b] = 'K';
  rank[c] = 'R';
  return rank.join('');
}

/**
 * The FEN of Chess960 start position `n` (0–959), castling as `KQkq` (X-FEN); load it with
 * `Position.fromFen(fen, { variant: 'chess960' })`. 518 is the standard start position.
 * @throws {@link ChessError} `'invalid-argument'` unless `n` is an integer from 0 to 959.
 */
export function chess960StartFen(n: number): string {
  const back = chess960BackRank(n);
  return `${back.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${back} w KQkq - 0 1`;
}
