// The board's "learn from your mistakes" rule (web/board/src/learn-rule.ts): lichess's povDiff
// (half the difference of a side's -1..+1 winning chances) and its -0.04 threshold.
import { describe, expect, it } from 'vitest';
import { Score, winningChances } from 'chesswasm/engine';
import { WIN_DIFF, isBetter, povDiff } from '../../web/board/src/learn-rule.js';

describe('learn: povDiff and the -0.04 rule', () => {
  it('is half the difference of the side’s winning chances', () => {
    expect(povDiff('w', 200, 0)).toBeCloseTo(winningChances(200) / 2, 12);
    expect(povDiff('b', 200, 0)).toBeCloseTo(-winningChances(200) / 2, 12);
    expect(povDiff('w', Score.mate(3), 0)).toBeCloseTo(winningChances(1000) / 2, 12);
  });
  it('accepts a move that keeps the evaluation within 0.04, refuses one that loses more', () => {
    expect(WIN_DIFF).toBe(-0.04);
    // White at +1.00 before the mistake: +0.80 keeps it, -0.50 does not.
    expect(isBetter('w', 80, 100)).toBe(true);
    expect(isBetter('w', -50, 100)).toBe(false);
    // The edge: the cp loss where povDiff is -0.04 from 0 (winning chances -0.08).
    const edge = -Math.log((1 - -0.08) / (1 + -0.08)) / 0.00368208; // about -43.5 cp
    expect(isBetter('w', edge + 1, 0)).toBe(true);
    expect(isBetter('w', edge - 1, 0)).toBe(false);
    // Black's side: White's score going up is Black's loss.
    expect(isBetter('b', 100, 0)).toBe(false);
    expect(isBetter('b', -100, 0)).toBe(true);
  });
});
