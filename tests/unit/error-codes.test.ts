// Every error code and reason of the package follows one convention: lower case, words joined by
// dashes (docs/errors.md). The codes that name a reason of the core are enumerated from the
// generated boundary (the registered enums), so a new enum value is checked without editing this
// file; the hand-written codes are read from the sources (the code unions and every literal code
// an error is constructed with), so a new `throw new ChessError('Some_Code', …)` fails here too.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { FenError, Game, PgnError, Position, Setup, validateLine } from 'chesswasm';
import * as boundary from '../../web/src/boundary/boundary.js';
import { FEN_ERROR_CODES, PGN_ERROR_REASONS, kebabCase, moveErrorCode } from '../../web/src/boundary/errors.js';

const CODE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const src = fileURLToPath(new URL('../../web/src/', import.meta.url));
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .map((f) => [f, readFileSync(path.join(src, f), 'utf8')] as const);

// The registered enums whose names become error codes or reasons (FenError: FenError.code and
// Setup.validate(); PgnErrorCode: PgnError.reason; SanStatus: IllegalMoveError.code;
// LineStatus: validateLine's reason; PuzzleStatus: the puzzle file's row reasons).
const ERROR_ENUMS = ['FenError', 'PgnErrorCode', 'SanStatus', 'LineStatus', 'PuzzleStatus'] as const;

test('every code derived from a registered enum is lower case with dashes', () => {
  let n = 0;
  for (const name of ERROR_ENUMS) {
    const names = boundary[name] as readonly string[];
    expect(names.length, name).toBeGreaterThan(1);
    for (const v of names) {
      const code = kebabCase(v);
      expect(code, `${name}.${v}`).toMatch(CODE);
      // The conversion is one-to-one: the code gives the name back.
      expect(code.toUpperCase().replaceAll('-', '_')).toBe(v);
      n++;
    }
  }
  expect(n).toBeGreaterThan(60);
  // The tables the package uses are the enums, converted, in the enums' order.
  expect(FEN_ERROR_CODES).toEqual(boundary.FenError.map(kebabCase));
  expect(PGN_ERROR_REASONS).toEqual(boundary.PgnErrorCode.map(kebabCase));
  expect([1, 2, 3].map(moveErrorCode)).toEqual(boundary.SanStatus.slice(1).map(kebabCase));
});

test('every hand-written code (the code unions, every literal an error is made with) is lower case with dashes', () => {
  const found = new Set<string>();
  for (const [file, text] of sources) {
    // export type XCode = 'a' | 'b' …; (the unions of codes and reasons)
    for (const m of text.matchAll(/export type (\w+(?:Code|Reason))\s*=([^;]*);/g))
      for (const lit of m[2]!
        .replace(/\/\*[\s\S]*?\*\//g, '') // (the members' doc comments)
        .replace(/Exclude<\w+,\s*'[^']*'>/g, '')
        .matchAll(/'([^']*)'/g))
        found.add(`${file} ${m[1]}: ${lit[1]}`);
    // new XError('code', …) and a PgnError's reason (its fifth argument)
    for (const m of text.matchAll(/new (\w*Error)\(\s*'([^']*)'/g)) found.add(`${file} new ${m[1]}: ${m[2]}`);
    for (const m of text.matchAll(/new PgnError\([^;]*?,\s*\d+,\s*\d+,\s*'([^']*)'/g))
      found.add(`${file} PgnError reason: ${m[1]}`);
  }
  const codes = [...found];
  // The sources do construct errors with literal codes: the scan sees them.
  for (const expected of ['disposed', 'not-initialized', 'invalid-argument', 'invalid-pgn', 'not-a-string', 'timeout'])
    expect(
      codes.some((c) => c.endsWith(`: ${expected}`)),
      expected,
    ).toBe(true);
  expect(codes.length).toBeGreaterThan(40);
  for (const c of codes) expect(c.slice(c.lastIndexOf(': ') + 2), c).toMatch(CODE);
});

test('the package throws and answers the codes (the built dist, not only the sources)', () => {
  const fenCode = (fen: unknown) => {
    try {
      Position.fromFen(fen as string);
    } catch (e) {
      return (e as FenError).code;
    }
    return null;
  };
  expect(fenCode('rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1')).toBe('missing-king');
  expect(fenCode(42)).toBe('not-a-string');
  expect(Setup.fromFen('4k3/4R3/8/8/8/8/8/4K3 w - - 0 1').validate()).toEqual(['opposite-check']);
  const pgnReason = (text: unknown) => {
    try {
      Game.fromPgn(text as string);
    } catch (e) {
      return [(e as PgnError).code, (e as PgnError).reason];
    }
    return null;
  };
  expect(pgnReason('1. e4 e5 2. Ke3 *')).toEqual(['invalid-pgn', 'illegal-move']);
  expect(pgnReason('   ')).toEqual(['no-game', 'no-game']);
  expect(pgnReason(null)).toEqual(['invalid-pgn', 'not-a-string']);
  expect(validateLine('8/8/8/8/8/8/8/8 w - - 0 1', 'e2e4')).toEqual({ ok: false, ply: 0, reason: 'fen' });
});

test('docs/errors.md lists every changed code, old and new', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/errors.md', import.meta.url)), 'utf8');
  const names = [
    ...boundary.FenError.filter((n) => n !== 'OK'),
    ...boundary.PgnErrorCode.filter((n) => n !== 'NONE'),
    'NOT_A_STRING',
    'NO_GAME',
  ];
  for (const n of names) expect(doc, n).toContain(`| \`${n}\` | \`${kebabCase(n)}\` |`);
});
