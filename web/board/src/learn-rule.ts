// The judgement of "learn from your mistakes" (views/learn.ts): lichess's rule, in a module of
// its own that imports only the package (tests/unit/board-learn.test.ts checks it without the
// board's Vite-only imports).
import { type Score, winningChances } from 'chesswasm/engine';

/** An attempt within this of the evaluation before the mistake (povDiff, lichess's scale) is a better move. */
export const WIN_DIFF = -0.04;

/** lichess's povDiff: the difference of a side's winning chances (-1..+1) between two White-side scores, halved. */
export function povDiff(color: 'w' | 'b', a: Score | number, b: Score | number): number {
  const pov = (s: Score | number) => (color === 'w' ? 1 : -1) * winningChances(s);
  return (pov(a) - pov(b)) / 2;
}

/** Whether an attempt whose evaluation (White's side) is `after` finds a better move than the mistake made at `before`. */
export function isBetter(color: 'w' | 'b', after: Score | number, before: Score | number): boolean {
  return povDiff(color, after, before) > WIN_DIFF;
}
