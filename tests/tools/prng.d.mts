// Types of prng.mjs (for the TypeScript tests).
/** A seeded random source: call it for a number in [0, 1). */
export interface Prng {
  (): number;
  /** An integer in [0, n). */
  int: (n: number) => number;
  /** An element of a non-empty array. */
  pick: <T>(xs: readonly T[]) => T;
  /** True with probability p. */
  chance: (p: number) => boolean;
}
/** A seeded generator (mulberry32); the same seed gives the same numbers. */
export declare function prng(seed: number): Prng;
