// @ts-check
// Debian's polyglot (/usr/games/polyglot) as the tests use it: running it, and reading what
// `polyglot dump-book` prints. Shared by the package's tests (tests/unit/book-helpers.ts
// re-exports it) and the board's browser tests (tests/browser/book.test.mjs), so plain
// JavaScript: Node 20 runs the browser tests without a TypeScript step. Types: polyglot.d.mts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export const POLYGLOT = '/usr/games/polyglot';
export const polyglotAvailable = existsSync(POLYGLOT);

/** Runs polyglot with arguments; returns its output (it reports errors as "tellusererror"). */
export function polyglot(...args) {
  const out = execFileSync(POLYGLOT, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (/tellusererror/.test(out)) throw new Error(`polyglot ${args.join(' ')}: ${out}`);
  return out;
}

/**
 * The lines of `polyglot dump-book` output: `N: 1. e4{66%} e5 2. Nf3{100%} ...`, each from
 * the start position, the dumped side's moves with `{p%}`, a line possibly ending in
 * `{trans: line=L, ply=P}` or `{cycle: ply=P}` (the position after it was seen before).
 * Each move: `{ san, percent }`, percent null for the other side's moves.
 */
export function parseDump(text) {
  const lines = text.split('\n');
  if (!/^Dump of ".*" for (white|black)\.$/.test(lines[0] ?? ''))
    throw new Error(`not a dump-book output: ${lines[0]}`);
  return lines
    .slice(1)
    .filter((l) => l.trim())
    .map((line) => {
      const m = /^\d+: (.*)$/.exec(line);
      if (!m) throw new Error(`dump-book line: ${line}`);
      const body = (m[1] ?? '').replace(/\{(trans: line=\d+, ply=\d+|cycle: ply=\d+)\}/g, ' ');
      return body
        .split(/\s+/)
        .filter((t) => t && !/^\d+\.$/.test(t))
        .map((t) => {
          const mm = /^([^{}]+?)(?:\{(\d+)%\})?$/.exec(t);
          if (!mm) throw new Error(`dump-book token: ${t} in ${line}`);
          return { san: /** @type {string} */ (mm[1]), percent: mm[2] === undefined ? null : Number(mm[2]) };
        });
    });
}

/** Runs `polyglot dump-book` on a book for one colour (output next to the book); returns its parsed lines. */
export function dumpBook(file, color) {
  const out = `${file}.${color}.txt`;
  polyglot('dump-book', '-bin', file, '-color', color, '-out', out);
  return parseDump(readFileSync(out, 'utf8'));
}

/**
 * The percentage dump-book prints for a weight: 100 * weight / total, written by printf's
 * `%.0f` (round half to even).
 */
export function dumpPercent(weight, total) {
  const x = (100 * weight) / total;
  const f = Math.floor(x);
  return x - f > 0.5 ? f + 1 : x - f < 0.5 ? f : f % 2 === 0 ? f : f + 1;
}
