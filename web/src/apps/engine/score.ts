// Engine scores and lichess's formulas: winning chances, win percent, move accuracy and game
// accuracy (the constants are lichess's, see docs/engine.md for their sources; the code is ours).
import { ChessError, describe } from '../../boundary/errors.js';
import type { Color } from '../../core/move.js';

/** Centipawn values beyond this are clamped by {@link winningChances}, win percent and accuracy (lichess's `Cp.CEILING`). */
export const CP_CEILING = 1000;

/** The slope of lichess's winning-chances curve. */
const SLOPE = -0.00368208;

/** Winning chances of raw centipawns on the -1..+1 scale, not clamped (lila's judgements use these). */
export function rawWinningChances(cp: number): number {
  return 2 / (1 + Math.exp(SLOPE * cp)) - 1;
}

/**
 * Lichess's winning chances on the -1..+1 scale: `2 / (1 + exp(-0.00368208 * cp)) - 1`, with
 * `cp` clamped to ±1000; a mate counts as ±1000 (a {@link Score} or centipawns).
 */
export function winningChances(score: Score | number): number {
  const cp = typeof score === 'number' ? score : score.ceiledCp();
  if (typeof cp !== 'number' || Number.isNaN(cp))
    throw new ChessError('invalid-argument', `not a score: ${describe(score)}`);
  return rawWinningChances(Math.max(-CP_CEILING, Math.min(CP_CEILING, cp)));
}

/** Lichess's win percent (0-100) of a score: `50 + 50 * winningChances(score)`. */
export function winPercent(score: Score | number): number {
  return 50 + 50 * winningChances(score);
}

/**
 * An engine's score: centipawns (`{ cp }`) or moves to mate (`{ mate }`), from one side's point
 * of view (positive: that side is better / mates). `mate: 0` is a position where the game is
 * over by mate: `+0` when this side gave mate, `-0` when this side is mated (python-chess's
 * `MateGiven` and `Mate(-0)`); {@link Score.isMated} tells them apart.
 */
export class Score {
  /** Centipawns; absent for a mate score. */
  readonly cp?: number;
  /** Moves to mate, negative when this side gets mated; absent for a centipawn score. */
  readonly mate?: number;

  private constructor(cp: number | undefined, mate: number | undefined) {
    if (cp !== undefined) this.cp = cp;
    else this.mate = mate;
    Object.freeze(this);
  }

  /** A centipawn score. */
  static cp(cp: number): Score {
    if (typeof cp !== 'number' || !Number.isFinite(cp))
      throw new ChessError('invalid-argument', `not a centipawn value: ${describe(cp)}`);
    return new Score(cp, undefined);
  }

  /** A mate score: mate in `n` moves (negative: mated in `-n`; `-0`: mated now, `0`: mate given). */
  static mate(n: number): Score {
    if (typeof n !== 'number' || !Number.isInteger(n))
      throw new ChessError('invalid-argument', `not a mate distance: ${describe(n)}`);
    return new Score(undefined, n);
  }

  /** Whether this is a mate score. */
  isMate(): boolean {
    return this.mate !== undefined;
  }

  /** Whether this side is mated (a negative mate, or `-0`). */
  isMated(): boolean {
    const m = this.mate;
    return m !== undefined && (m < 0 || Object.is(m, -0));
  }

  /** The same score from the other side's point of view. */
  negate(): Score {
    return this.mate !== undefined ? new Score(undefined, -this.mate) : new Score(-this.cp!, undefined);
  }

  /**
   * Centipawns, a mate mapped to `mateScore - n` (mating) or `-mateScore - n` (mated), as
   * python-chess's `score(mate_score=)`. Orders scores: mating sooner is better, mated later is better.
   */
  toCp(mateScore = 100_000): number {
    const m = this.mate;
    if (m === undefined) return this.cp!;
    return this.isMated() ? -mateScore - m : mateScore - m;
  }

  /** Centipawns clamped to ±1000, a mate as ±1000 (lichess's `Cp.ceiled` and `forceAsCp`). */
  ceiledCp(): number {
    if (this.mate !== undefined) return this.isMated() ? -CP_CEILING : CP_CEILING;
    return Math.max(-CP_CEILING, Math.min(CP_CEILING, this.cp!));
  }

  /** {@link winningChances} of this score (-1..+1, cp clamped to ±1000, mate as ±1000). */
  winningChances(): number {
    return winningChances(this);
  }

  /** Negative when this score is worse than `other` for this side, positive when better, 0 when equal. */
  compare(other: Score): number {
    return this.toCp() - other.toCp();
  }

  /** `+0.32`, `-1.50`, `#3`, `#-2`. */
  toString(): string {
    if (this.mate !== undefined) return this.isMated() ? `#-${Math.abs(this.mate)}` : `#${this.mate}`;
    const p = this.cp! / 100;
    return `${p > 0 ? '+' : p < 0 ? '-' : ''}${Math.abs(p).toFixed(2)}`;
  }

  /** `{ cp }` or `{ mate }`. */
  toJSON(): ScoreJSON {
    return this.mate !== undefined ? { mate: this.mate } : { cp: this.cp! };
  }
}

/** A {@link Score} as JSON. */
export type ScoreJSON =
  | {
      /** Centipawns. */
      cp: number;
    }
  | {
      /** Moves to mate. */
      mate: number;
    };

/** A {@link PovScore} as JSON. */
export interface PovScoreJSON {
  /** The score from the side to move. */
  relative: ScoreJSON;
  /** The side to move. */
  turn: Color;
}

/** A figure per side; `null` for a side that made no move. */
export interface SideFigures {
  /** White's figure. */
  white: number | null;
  /** Black's figure. */
  black: number | null;
}

/** A score as the engine gave it (from the side to move) and the side to move, to view it from either side. */
export class PovScore {
  /** The score from the side to move's point of view (what UCI engines send). */
  readonly relative: Score;
  /** The side to move. */
  readonly turn: Color;

  constructor(relative: Score, turn: Color) {
    this.relative = relative;
    this.turn = turn;
    Object.freeze(this);
  }

  /** The score from `color`'s point of view. */
  pov(color: Color): Score {
    if (color !== 'w' && color !== 'b') throw new ChessError('invalid-argument', `not a color: ${describe(color)}`);
    return color === this.turn ? this.relative : this.relative.negate();
  }

  /** The score from White's point of view. */
  white(): Score {
    return this.pov('w');
  }

  /** The score from Black's point of view. */
  black(): Score {
    return this.pov('b');
  }

  /** `{ relative, turn }` with the score as `{ cp }` or `{ mate }`. */
  toJSON(): PovScoreJSON {
    return { relative: this.relative.toJSON(), turn: this.turn };
  }
}

/**
 * Lichess's accuracy of one move (0-100) from the mover's win percent before and after it:
 * 100 when the move did not lose, else `103.1668100711649 * exp(-0.04354415386753951 * d) -
 * 3.166924740191411 + 1` clamped to 0-100, `d` the drop in win-percent points.
 */
export function moveAccuracy(winBefore: number, winAfter: number): number {
  if (winAfter >= winBefore) return 100;
  const d = winBefore - winAfter;
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * d) - 3.166924740191411 + 1;
  return Math.max(0, Math.min(100, raw));
}

function stdDev(xs: readonly number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length);
}

/**
 * Lichess's game accuracy per side from White's win percents of the N+1 positions of a game
 * (the start included): for each side, the mean of the volatility-weighted mean and the
 * harmonic mean of its moves' accuracies. The window is `clamp(floor(N / 10), 2, 8)`
 * positions; a move's weight is the standard deviation of its window, clamped to 0.5-12.
 * `null` for a side that made no move.
 */
export function gameAccuracy(whiteWinPercents: readonly number[], firstMover: Color = 'w'): SideFigures {
  const moves = weightedAccuracies(whiteWinPercents, firstMover);
  return {
    white: sideAccuracy(moves.filter((m) => m.color === 'w')),
    black: sideAccuracy(moves.filter((m) => m.color === 'b')),
  };
}

/** One move's accuracy and its weight in {@link gameAccuracy}. */
export interface WeightedAccuracy {
  /** The mover. */
  color: Color;
  /** The move's accuracy, 0-100. */
  acc: number;
  /** The standard deviation of its window of win percents, clamped to 0.5-12. */
  weight: number;
}

/** The accuracy and weight of each move of a game, from White's win percents of its N+1 positions (see {@link gameAccuracy}). */
export function weightedAccuracies(whiteWinPercents: readonly number[], firstMover: Color = 'w'): WeightedAccuracy[] {
  const wp = whiteWinPercents;
  const n = wp.length - 1;
  if (n < 1) return [];
  const window = Math.max(2, Math.min(8, Math.floor(n / 10)));
  const w = Math.min(window, wp.length);
  const windows: number[][] = [];
  for (let i = 0; i < w - 2; i++) windows.push(wp.slice(0, w));
  for (let i = 0; i + w <= wp.length; i++) windows.push(wp.slice(i, i + w));
  const out: WeightedAccuracy[] = [];
  for (let i = 0; i < n; i++) {
    const color: Color = (i % 2 === 0) === (firstMover === 'w') ? 'w' : 'b';
    const before = color === 'w' ? wp[i]! : 100 - wp[i]!;
    const after = color === 'w' ? wp[i + 1]! : 100 - wp[i + 1]!;
    const weight = Math.max(0.5, Math.min(12, stdDev(windows[i]!)));
    out.push({ color, acc: moveAccuracy(before, after), weight });
  }
  return out;
}

/** Lichess's accuracy of a set of one side's moves: the mean of their weighted mean and harmonic mean; `null` for none. */
export function sideAccuracy(moves: readonly Pick<WeightedAccuracy, 'acc' | 'weight'>[]): number | null {
  if (moves.length === 0) return null;
  const weighted = moves.reduce((a, x) => a + x.acc * x.weight, 0) / moves.reduce((a, x) => a + x.weight, 0);
  const harmonic = moves.length / moves.reduce((a, x) => a + 1 / Math.max(1, x.acc), 0);
  return (weighted + harmonic) / 2;
}

/** The winning chances of the second-best move from which lila counts a second solution (that of +200 cp). */
export const SECOND_SOLUTION_CHANCES = 0.3524;

/** Half the drop in winning chances below which lila calls two moves' evaluations similar (`areSimilarEvals`). */
export const SIMILAR_EVALS = 0.14;

/**
 * Lila's test of a puzzle position with more than one solution (`hasMultipleSolutions` in its
 * ceval library), from the side to move's scores of its best and second-best moves: the second
 * move still wins (its {@link winningChances} at least {@link SECOND_SOLUTION_CHANCES}, that of
 * +200 cp), or the two are similar (half the difference of their winning chances below
 * {@link SIMILAR_EVALS}). `false` without a second move (a forced move is the only solution).
 */
export function hasMultipleSolutions(best: Score, second: Score | null): boolean {
  if (!(best instanceof Score) || (second !== null && !(second instanceof Score)))
    throw new ChessError('invalid-argument', `not scores: ${describe(best)}, ${describe(second)}`);
  if (second === null) return false;
  const s = winningChances(second);
  return s >= SECOND_SOLUTION_CHANCES || (winningChances(best) - s) / 2 < SIMILAR_EVALS;
}
