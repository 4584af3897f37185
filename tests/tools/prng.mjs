// The tests' one seeded random source (mulberry32): every test, generator and benchmark that
// plays random games or builds random input takes its numbers from here, so that a run is
// reproducible for a seed and a finding can be replayed. Not for cryptography.
//
//   const rand = prng(42);
//   rand()            a number in [0, 1)
//   rand.int(n)       an integer in [0, n)
//   rand.pick(xs)     an element of a non-empty array
//   rand.chance(p)    true with probability p

/**
 * A seeded generator (mulberry32: 32 bits of state, period 2^32).
 * @param {number} seed any number; its low 32 bits are used
 * @returns {import('./prng.d.mts').Prng}
 */
export function prng(seed) {
  let state = Number(seed) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (xs) => {
    if (xs.length === 0) throw new RangeError('prng.pick of an empty array');
    return xs[Math.floor(next() * xs.length)];
  };
  next.chance = (p) => next() < p;
  return next;
}
