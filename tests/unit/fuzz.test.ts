// JS fuzz test: seeded random strings (ASCII, unicode, lone surrogates,
// control characters, long strings, mutated valid FENs/SAN/UCI/PGN) and random JS values
// (null, undefined, NaN, ±Infinity, -1, 2**40, bigint, symbols, functions, arrays, hostile
// objects) into every public entry point. Every call either succeeds or throws one of our
// typed errors (a ChessError subclass); the Chess facade, which mirrors chess.js, throws an
// Error. After a failed call the object is unchanged (FEN, hash, history; game tree and
// current node; Chess FEN, history, headers, comments), and the wasm instance stays usable
// (perft(2) of the start position is 400, checked periodically and at the end).
//
// FUZZ_SEED=<n> picks another seed, FUZZ_SCALE=<x> multiplies the number of calls.
import { readFileSync } from 'node:fs';
import {
  ChessError,
  Game,
  Position,
  Puzzle,
  chessgroundDests,
  chess960BackRank,
  chess960StartFen,
  isCapture,
  moveFrom,
  movePromotion,
  moveTo,
  parseSquare,
  readGames,
  squareName,
  validateLine,
  type Move,
  type Variant,
} from 'chesswasm';
import { Chess, validateFen } from 'chesswasm/chessjs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DATA, boardFen, readPerftFile, testSize } from './helpers.js';
import { prng } from '../tools/prng.mjs';

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed8);
const SCALE = testSize('FUZZ_SCALE', 0.4, 1);
const MIN_CALLS = 100_000;
const encoder = new TextEncoder();
// ignoreBOM: a U+FEFF at the start of a text is a character, as in the package's decoder.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

// ---------------------------------------------------------------- random source

const rnd = prng(SEED);
const { int, pick, chance } = rnd;

// ---------------------------------------------------------------- corpora

const perft = [
  ...readPerftFile('perft-standard.epd').map((c) => ({ fen: c.fen, variant: 'chess' as Variant })),
  ...readPerftFile('perft-tricky.epd').map((c) => ({ fen: c.fen, variant: 'chess' as Variant })),
  ...readPerftFile('perft-chess960.epd').map((c) => ({ fen: c.fen, variant: 'chess960' as Variant })),
  ...readPerftFile('perft-makruk.epd').map((c) => ({ fen: c.fen, variant: 'makruk' as Variant })),
  // The lichess variants' perft positions: every rule set is mixed into one run, so a cache or
  // state that leaks from one rule set to another fails here.
  ...(['crazyhouse', 'atomic', 'antichess', 'kingofthehill', '3check', 'racingkings', 'horde'] as const).flatMap((v) =>
    readPerftFile(`perft-${v}.epd`).map((c) => ({ fen: c.fen, variant: v as Variant })),
  ),
];
const ALL_VARIANTS: Variant[] = [
  'chess',
  'chess960',
  'makruk',
  'crazyhouse',
  'atomic',
  'antichess',
  'kingofthehill',
  '3check',
  'racingkings',
  'horde',
];
// Crowded boards: what the chess.js facade accepts beyond the strict rules (17
// pieces of a side, nine pawns, pawns on back ranks, the side not to move in check, three
// checkers), seeded at random, and the worst boards the tests know (the 270-move queen board).
function crowdedFen(): string {
  const cells: string[] = []; // in FEN order (a8 first): square i is i ^ 56 of boardFen's
  const density = 0.3 + rnd() * 0.7;
  for (let i = 0; i < 64; i++) cells.push(chance(density) ? pick([...'PNBRQpnbrq']) : '');
  if (chance(0.9)) cells[int(64)] = 'K';
  if (chance(0.9)) cells[int(64)] = 'k';
  const board = cells.map((_, i) => cells[i ^ 56]!);
  return `${boardFen(board)} ${pick(['w', 'b'])} ${pick(['-', '-', 'KQkq', 'Kq'])} - 0 1`;
}
const CROWDED = [
  '5k2/8/3N1N2/2NBQQN1/3R1R2/2NPRPN1/3N1N2/4K3 w - - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  '4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1',
  '4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1',
  'kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1',
  'kQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQB w - - 0 1',
  '7k/5K2/7R/8/8/8/8/8 b KQkq - 1 1',
  ...Array.from({ length: 60 }, crowdedFen),
];
const FENS = [...perft.map((c) => c.fen), ...CROWDED];
const SANS = readFileSync(DATA + 'san/san-chess.tsv', 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .flatMap((l) => (l.split('\t')[1] ?? '').split(' '))
  .filter((s) => s);
const UCIS = ['e2e4', 'e7e8q', 'e1g1', 'e1h1', 'a7a8n', 'h2h1m', 'g1f3', 'e1c1', 'b7b8r', '0000'];
const PGN_FILES = ['constructs.pgn', 'malformed.pgn', 'bom-crlf.pgn', 'chessjs-random.pgn'].map((f) =>
  readFileSync(DATA + 'pgn/' + f, 'utf8'),
);
// Single games (split at the tag sections), to keep inputs short.
const PGNS = PGN_FILES.flatMap((t) => t.split(/\n(?=\[Event )/)).filter((g) => g.trim());
const PUZZLES = readFileSync(DATA + 'puzzles/sample.csv', 'utf8')
  .split('\n')
  .slice(1)
  .filter((l) => l)
  .map((l) => l.split(','))
  .map(([, fen, moves]) => ({ fen: fen!, moves: moves! }));

// ---------------------------------------------------------------- random strings and values

const CHESS_CHARS = [...'KQRBNPMkqrbnpm12345678abcdefgh0x+#=-O/ ()[]{}.;!?$*"\\%\n\t\r'];
const CONTROL = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\x7f'];
const UNICODE = [
  'é',
  'ß',
  '♔',
  '♚',
  '♞',
  '½',
  '–',
  '—',
  '\u00a0',
  '\u200b',
  '\ufeff',
  '\ufffd',
  '😀',
  '𝄞',
  '\ud800',
  '\udfff',
  '\u2028',
  'ｅ４',
];

function randomChar(): string {
  switch (int(5)) {
    case 0:
      return String.fromCharCode(32 + int(95));
    case 1:
      return pick(CHESS_CHARS);
    case 2:
      return pick(CONTROL);
    case 3:
      return pick(UNICODE);
    default:
      return String.fromCharCode(int(0x10000)); // any UTF-16 unit, lone surrogates included
  }
}

function randomChars(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += randomChar();
  return s;
}

function mutate(s: string): string {
  let t = s;
  for (let k = 1 + int(4); k > 0; k--) {
    const i = int(t.length + 1);
    switch (int(9)) {
      case 0: // delete a few characters
        t = t.slice(0, i) + t.slice(i + 1 + int(3));
        break;
      case 1: // insert
        t = t.slice(0, i) + randomChar() + t.slice(i);
        break;
      case 2: // replace
        t = t.slice(0, i) + randomChar() + t.slice(i + 1);
        break;
      case 3: // duplicate a chunk
        t = t.slice(0, i) + t.slice(i, i + 1 + int(20)) + t.slice(i);
        break;
      case 4: // truncate
        t = t.slice(0, i);
        break;
      case 5: // a chess character
        t = t.slice(0, i) + pick(CHESS_CHARS) + t.slice(i + 1);
        break;
      case 6: // digits, often out of range
        t = t.slice(0, i) + pick(['9', '0', '99999999999', '-1', '65536', '100001', '00']) + t.slice(i);
        break;
      case 7: // splice in part of another seed
        t = t.slice(0, i) + pick([...FENS, ...SANS, ...UCIS]).slice(int(10)) + t.slice(i);
        break;
      default: // case change
        t = chance(0.5) ? t.toUpperCase() : t.toLowerCase();
    }
  }
  return t;
}

type Kind = 'fen' | 'san' | 'uci' | 'pgn' | 'any';

function seedOf(kind: Kind): string {
  switch (kind) {
    case 'fen':
      return pick(FENS);
    case 'san':
      return pick(SANS);
    case 'uci':
      return pick(UCIS);
    case 'pgn':
      return pick(PGNS);
    default:
      return pick([pick(FENS), pick(SANS), pick(UCIS)]);
  }
}

/** A random string, biased towards near-valid text of a kind. */
function randomString(kind: Kind = 'any'): string {
  const r = rnd();
  if (r < 0.35) return mutate(seedOf(kind));
  if (r < 0.45) return seedOf(kind);
  if (r < 0.6) return randomChars(int(12));
  if (r < 0.7) return randomChars(int(200));
  if (r < 0.75) return pick(['', ' ', '\0', '\n', '--', 'Z0', '0-0', 'O-O-O', '1-0', '*', 'null', 'undefined', 'NaN']);
  if (r < 0.78) {
    // long: a valid-looking piece repeated, or noise
    const unit = chance(0.5) ? seedOf(kind) + pick([' ', '', '\n']) : randomChars(8);
    return unit.repeat(1 + int(kind === 'pgn' ? 3000 : 300));
  }
  if (r < 0.8) return '\ud83d'.repeat(int(100)) + seedOf(kind); // lone surrogates before valid text
  return mutate(mutate(seedOf(kind)));
}

const hostile = {
  toString() {
    throw new Error('hostile toString');
  },
};
const HOSTILE_ERRORS = new Set(['hostile toString']);

/** A random JS value of any type. */
function randomValue(kind: Kind = 'any'): unknown {
  switch (int(24)) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return NaN;
    case 3:
      return pick([Infinity, -Infinity]);
    case 4:
      return pick([
        -1,
        -0,
        0,
        1,
        2 ** 40,
        2 ** 31,
        -(2 ** 31),
        2 ** 32,
        0xffff,
        0x10000,
        1.5,
        Number.MAX_SAFE_INTEGER,
        Number.MIN_VALUE,
        1e308,
      ]);
    case 5:
      return int(0x10000);
    case 6:
      return pick([0n, 1n, -1n, 2n ** 64n, 12n]);
    case 7:
      return pick([true, false]);
    case 8:
      return {};
    case 9:
      return [];
    case 10:
      return [randomString(kind), randomValue()];
    case 11:
      return Symbol('fuzz');
    case 12:
      return () => 'e2e4';
    case 13:
      return hostile;
    case 14:
      return new String(seedOf(kind));
    case 15:
      return { toString: () => seedOf(kind), valueOf: () => 12 };
    case 16:
      return new Date(0);
    case 17:
      return Object.create(null);
    case 18:
      return new Uint8Array([101, 50, 101, 52]);
    default:
      return randomString(kind);
  }
}

/** Mostly strings of a kind, sometimes any value. */
const arg = (kind: Kind): unknown => (chance(0.8) ? randomString(kind) : randomValue(kind));

// ---------------------------------------------------------------- checking

let calls = 0;
let failures = 0;
const violations: string[] = [];

function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 120 ? v.slice(0, 120) + '…' : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'symbol' || typeof v === 'function') return String(v);
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

/**
 * Runs a call: returns its value, or `undefined` after a thrown error, which must be a
 * ChessError (or, with `facade`, an Error). Violations are collected with their input.
 */
function attempt<T>(
  label: string,
  input: unknown[],
  f: () => T,
  facade = false,
): { ok: true; value: T } | { ok: false } {
  calls++;
  try {
    return { ok: true, value: f() };
  } catch (e) {
    failures++;
    const fine = facade ? e instanceof Error : e instanceof ChessError && typeof e.code === 'string';
    if (!fine && !(e instanceof Error && HOSTILE_ERRORS.has(e.message) && facade))
      violations.push(
        `${label}(${input.map(show).join(', ')}) threw ${e instanceof Error ? `${e.name}: ${e.message}` : show(e)}`,
      );
    return { ok: false };
  }
}

/** The wasm instance is still usable. */
function sane(): void {
  const p = Position.startpos();
  expect(p.perft(2)).toBe(400);
  expect(p.fen()).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  p.dispose();
}

function expectNoViolations(): void {
  // Report the first few (the list can be long when one cause repeats).
  expect(violations.slice(0, 10), `${violations.length} violations`).toEqual([]);
}

beforeEach(() => {
  violations.length = 0;
});

afterAll(() => {
  sane();
  console.log(`fuzz: seed ${SEED}, ${calls} calls, ${failures} refused`);
});

// ---------------------------------------------------------------- Position

function posState(p: Position) {
  return { fen: p.fen(), hash: p.hash(), history: p.historyLength };
}

function randomDepth(): unknown {
  const d = chance(0.5) ? int(3) : randomValue();
  // Integers 3..64 are valid depths but too slow to fuzz with.
  return typeof d === 'number' && Number.isInteger(d) && d > 2 && d <= 64 ? 1 : d;
}

function randomMoveArg(p: Position): unknown {
  const legal = p.legalMoves();
  switch (int(8)) {
    case 0:
      return legal.length ? pick(legal) : 0;
    case 1:
      return int(0x10000);
    case 2:
      return legal.length ? p.uci(pick(legal)) : 'e2e4';
    case 3:
      return legal.length ? mutate(p.san(pick(legal))) : 'e4';
    case 4:
      return legal.length ? mutate(p.uci(pick(legal))) : 'e2e4';
    case 5:
      return randomValue('san');
    default:
      return randomString(chance(0.5) ? 'san' : 'uci');
  }
}

const randomVariantOption = (): unknown =>
  chance(0.7)
    ? { variant: pick([...ALL_VARIANTS, undefined]) }
    : pick([randomValue(), { variant: randomValue() }, { strict: randomValue() }]);

// Every main-line node's uci and san are the core's texts for its move in its position.
function expectNodeTexts(game: Game): void {
  const pos = Position.fromFen(game.rootFen, { variant: game.variant, chess960: game.chess960 });
  for (const node of game.mainlineNodes()) {
    if (node.isNull) break;
    expect(node.uci).toBe(pos.uci(node.move));
    expect(node.san).toBe(pos.san(node.move));
    pos.play(node.move);
  }
  pos.dispose();
}

describe('fuzz', () => {
  it('Position: fromFen, startpos, play, parseSan, parseUci, san, uci, perft, divide, …', () => {
    const pool: Position[] = perft
      .filter((_, i) => i % 3 === 0)
      .map((c) => Position.fromFen(c.fen, { variant: c.variant }));
    pool.push(...ALL_VARIANTS.map((v) => Position.startpos(v)));
    const N = Math.round(40_000 * SCALE);
    for (let i = 0; i < N; i++) {
      if (i % 2000 === 0) sane();
      const op = int(16);
      if (op === 0) {
        const fen = arg('fen');
        const opts = randomVariantOption();
        const r = attempt('Position.fromFen', [fen, opts], () =>
          Position.fromFen(fen as string, opts as { variant: Variant }),
        );
        if (r.ok) {
          // An accepted FEN reads back to itself.
          const again = Position.fromFen(r.value.fen(), { variant: r.value.variant });
          expect(again.hash()).toBe(r.value.hash());
          again.dispose();
          r.value.dispose();
        }
        continue;
      }
      if (op === 1) {
        const v = chance(0.5) ? pick(ALL_VARIANTS) : randomValue();
        const r = attempt('Position.startpos', [v], () => Position.startpos(v as Variant));
        if (r.ok) r.value.dispose();
        continue;
      }
      const p = pick(pool);
      // Walk: play a random legal move now and then, undo when the line gets long.
      if (chance(0.3)) {
        const legal = p.legalMoves();
        if (legal.length && p.historyLength < 40) p.play(pick(legal));
        else if (p.historyLength) p.undo();
      }
      const before = posState(p);
      let label = '';
      let input: unknown[] = [];
      let f: () => unknown;
      let mutating = false;
      switch (op) {
        case 2:
        case 3:
        case 4: {
          const m = randomMoveArg(p);
          [label, input, mutating] = ['play', [m], true];
          f = () => p.play(m as Move);
          break;
        }
        case 5:
        case 6: {
          const s = chance(0.8) ? arg('san') : randomMoveArg(p);
          const o = chance(0.5) ? { strict: chance(0.5) } : randomValue();
          [label, input] = ['parseSan', [s, o]];
          f = () => p.parseSan(s as string, o as { strict: boolean });
          break;
        }
        case 7: {
          const s = chance(0.8) ? arg('uci') : randomMoveArg(p);
          [label, input] = ['parseUci', [s]];
          f = () => p.parseUci(s as string);
          break;
        }
        case 8: {
          const m = chance(0.5) ? randomMoveArg(p) : randomValue();
          [label, input] = ['san', [m]];
          f = () => p.san(m as Move);
          break;
        }
        case 9: {
          const m = chance(0.5) ? randomMoveArg(p) : randomValue();
          [label, input] = ['uci', [m]];
          f = () => p.uci(m as Move);
          break;
        }
        case 10: {
          const d = randomDepth();
          [label, input] = ['perft', [d]];
          f = () => p.perft(d as number);
          break;
        }
        case 11: {
          const d = randomDepth();
          [label, input] = ['divide', [d]];
          f = () => p.divide(d as number);
          break;
        }
        case 12: {
          const sq = chance(0.5) ? pick(['e1', 'h8', 'i9', '', 'E1']) : randomValue();
          [label, input] = ['pieceAt/attackers', [sq]];
          f = () => [p.pieceAt(sq as string), p.attackers(sq as string)];
          break;
        }
        case 13: {
          const m = randomValue();
          [label, input] = ['isLegal/fen/outcome', [m]];
          f = () => [
            p.isLegal(m as Move),
            p.fen(m as { shredder: boolean }),
            p.outcome(m as { claim: boolean }),
            p.legalSan(),
            p.legalUci(),
          ];
          break;
        }
        case 14: {
          [label, input, mutating] = ['undo', [], true];
          f = () => p.undo();
          break;
        }
        default: {
          [label, input] = ['chessgroundDests', []];
          f = () => chessgroundDests(p);
        }
      }
      const r = attempt(`Position.${label}`, [before.fen, ...input], f);
      if (!r.ok || !mutating) {
        expect(posState(p), `${label}(${input.map(show).join(', ')}) on ${before.fen}`).toEqual(before);
      } else if (label === 'play') {
        p.undo();
        expect(posState(p)).toEqual(before);
      } else if (label === 'undo') {
        p.play(r.value as Move);
        expect(posState(p)).toEqual(before);
      }
    }
    for (const p of pool) p.dispose();
    // A disposed position refuses everything with 'disposed'.
    const d = Position.startpos();
    d.dispose();
    for (const f of [
      () => d.fen(),
      () => d.play('e4'),
      () => d.parseSan('e4'),
      () => d.perft(1),
      () => chessgroundDests(d),
    ])
      expect(f).toThrow(ChessError);
    expectNoViolations();
  });

  // ---------------------------------------------------------------- Game, readGames

  it('Game: constructor, fromPgn, play, goToPly, result; readGames', async () => {
    const pool: Game[] = ALL_VARIANTS.map((variant) => new Game(undefined, { variant }));
    for (const t of PGNS.slice(0, 12)) {
      try {
        pool.push(Game.fromPgn(t));
      } catch {
        // malformed.pgn's games
      }
    }
    const N = Math.round(25_000 * SCALE);
    for (let i = 0; i < N; i++) {
      if (i % 2000 === 0) sane();
      const op = int(10);
      if (op === 0) {
        const fen = chance(0.2) ? undefined : arg('fen');
        const o = randomVariantOption();
        const r = attempt('new Game', [fen, o], () => new Game(fen as string, o as { variant: Variant }));
        if (r.ok) r.value.dispose();
        continue;
      }
      if (op === 1 || op === 2) {
        const text = chance(0.85) ? randomString('pgn') : randomValue('pgn');
        const r = attempt('Game.fromPgn', [text], () => Game.fromPgn(text as string));
        if (r.ok) {
          // What was read writes and reads back to the same main line.
          const again = Game.fromPgn(r.value.pgn());
          expect(again.mainline()).toEqual(r.value.mainline());
          expectNodeTexts(again);
          again.dispose();
          r.value.dispose();
        }
        continue;
      }
      if (op === 3) {
        const text = chance(0.85) ? randomString('pgn') : randomValue('pgn');
        const errors: unknown[] = [];
        const withHandler = chance(0.5);
        const r = attempt('readGames', [text], () => {
          const it = readGames(text as string, withHandler ? { onError: (e) => errors.push(e) } : undefined);
          if (!(Symbol.iterator in it)) return it; // chunks: drained below
          // A manual loop goes on after a thrown error (typed, checked by attempt per call).
          let n = 0;
          for (let k = 0; k < 50; k++) {
            const step = attempt('readGames.next', [text], () => it.next());
            if (step.ok && step.value.done) break;
            if (step.ok) {
              (step.value.value as Game).dispose();
              n++;
            }
          }
          return n;
        });
        if (r.ok && r.value !== null && typeof r.value === 'object') {
          // An iterable of chunks (an array value): read it asynchronously.
          try {
            for await (const g of r.value as AsyncIterable<Game>) g.dispose();
          } catch (e) {
            if (!(e instanceof ChessError)) violations.push(`readGames(${show(text)}) async threw ${String(e)}`);
          }
        }
        for (const e of errors) if (!(e instanceof ChessError)) violations.push(`readGames onError got ${String(e)}`);
        continue;
      }
      const g = pick(pool);
      if (g.current.ply > 30 || g.current.children.length > 4) g.goToPly(0);
      const snap = () => ({
        fen: g.position.fen(),
        hash: g.position.hash(),
        children: g.current.children.length,
        result: g.result,
      });
      const before = snap();
      const beforeNode = g.current;
      let label: string;
      let input: unknown[];
      let f: () => unknown;
      let mutating = false;
      switch (op) {
        case 4:
        case 5:
        case 6: {
          const m = randomMoveArg(g.position);
          [label, input, mutating] = ['play', [m], true];
          f = () => g.play(m as Move);
          break;
        }
        case 7: {
          const n = chance(0.5) ? int(40) : randomValue();
          [label, input, mutating] = ['goToPly', [n], true];
          f = () => g.goToPly(n as number);
          break;
        }
        case 8: {
          const v = chance(0.3) ? pick(['1-0', '0-1', '1/2-1/2', '*']) : randomValue();
          [label, input, mutating] = ['result', [v], true];
          f = () => ((g as { result: unknown }).result = v);
          break;
        }
        default: {
          const v = randomValue();
          [label, input] = ['goTo/promoteVariation/deleteFrom', [v]];
          f = () => {
            try {
              g.goTo(v as never);
            } finally {
              try {
                g.promoteVariation(v as never);
              } finally {
                g.deleteFrom(v as never);
              }
            }
          };
        }
      }
      const r = attempt(`Game.${label}`, [before.fen, ...input], f);
      if (!r.ok || !mutating) {
        expect(snap(), `Game.${label}(${input.map(show).join(', ')})`).toEqual(before);
        expect(g.current).toBe(beforeNode);
      } else if (label === 'play' && chance(0.7)) {
        g.back();
      }
      // Every so often the whole game still writes and reads back, each move with its texts.
      if (i % 100 === 0) {
        const again = Game.fromPgn(g.pgn());
        expect(again.mainline()).toEqual(g.mainline());
        expectNodeTexts(again);
        again.dispose();
      }
    }
    for (const g of pool) g.dispose();
    expectNoViolations();
  });

  it('Game annotations: random comments, NAGs and tags are written by pgn() and read back', () => {
    const N = Math.round(3_000 * SCALE);
    const mismatches: string[] = [];
    const valid = PGNS.filter((t) => {
      try {
        Game.fromPgn(t).dispose();
        return true;
      } catch {
        return false;
      }
    });
    for (let i = 0; i < N; i++) {
      if (i % 500 === 0) sane();
      const g = Game.fromPgn(pick(valid));
      const nodes = [g.root];
      for (let k = 0; k < nodes.length; k++) nodes.push(...nodes[k]!.children);
      const expected: [number, string[], string[], number[]][] = [];
      for (let k = 0; k < 4; k++) {
        const idx = 1 + int(nodes.length - 1);
        const n = nodes[idx];
        if (!n) continue;
        // Comments: any text (newlines, braces, unicode with U+FEFF, control characters).
        // (Vertical tab and form feed, trimmed or not depending on the comment's form, are
        // left out.)
        // `[%` starts a comment command ([%clk] ...), which is read into GameNode's typed
        // fields rather than kept as text (comment-commands.test.ts tests those).
        const text = () =>
          randomString()
            .replace(/[\v\f]/g, ' ')
            .replaceAll('[%', '[ %');
        n.commentsAfter.push(text().slice(0, 2000));
        // A comment before a move reads back as one after the previous move (or the game's
        // comment, on the root), except at the start of a variation.
        const startsLine = n.parent!.children[0] !== n;
        if (startsLine && chance(0.3)) n.commentsBefore.push(text().slice(0, 200));
        n.nags.push(1 + int(255));
      }
      // Tags: a valid name (letters, digits, underscore), any value (line breaks and U+FEFF
      // included: pgn() writes a line feed in a value as a space).
      const name = 'X' + randomChars(6).replace(/[^A-Za-z0-9_]/g, '') + int(100);
      const value = randomString().slice(0, 500);
      g.tags.set(name, value);
      // What PGN can hold: text goes through UTF-8 (lone surrogates come back as U+FFFD);
      // comments lose their leading and trailing white space, and a '}'
      // in a comment that also has a line break (so that it cannot be a ';' comment) is
      // written as ')'.
      const utf8 = (t: string) => decoder.decode(encoder.encode(t));
      const held = (cs: string[]) =>
        cs
          .map((c) => (c.includes('\n') ? c.replaceAll('}', ')') : c))
          .map((c) => utf8(c).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ''));
      for (let k = 0; k < nodes.length; k++)
        expected.push([k, held(nodes[k]!.commentsBefore), held(nodes[k]!.commentsAfter), [...nodes[k]!.nags]]);
      const r = attempt('Game.pgn+fromPgn', [name, value], () => Game.fromPgn(g.pgn()));
      if (!r.ok) continue;
      const again = r.value;
      const back = [again.root];
      for (let k = 0; k < back.length; k++) back.push(...back[k]!.children);
      if (again.tags.get(name) !== utf8(value).replaceAll('\n', ' '))
        mismatches.push(`tag ${show(name)} = ${show(value)} read back as ${show(again.tags.get(name))}`);
      for (const [k, before, after, nags] of expected) {
        const b = back[k];
        const got = [b?.commentsBefore, b?.commentsAfter, b?.nags];
        if (JSON.stringify(got) !== JSON.stringify([before, after, nags]))
          mismatches.push(`node ${k}: wrote ${show([before, after, nags])}, read ${show(got)}`);
      }
      again.dispose();
      g.dispose();
    }
    expect(violations.slice(0, 5)).toEqual([]);
    expect(mismatches.slice(0, 5), `${mismatches.length} mismatches`).toEqual([]);
  });

  // ---------------------------------------------------------------- Puzzle, validateLine

  it('Puzzle: constructor, play; validateLine never throws on bad strings', () => {
    const N = Math.round(15_000 * SCALE);
    for (let i = 0; i < N; i++) {
      if (i % 2000 === 0) sane();
      const seed = pick(PUZZLES);
      const op = int(4);
      if (op === 0) {
        // validateLine with valid options: never throws.
        const fen = chance(0.7) ? (chance(0.5) ? seed.fen : mutate(seed.fen)) : arg('fen');
        const moves = chance(0.3)
          ? seed.moves
          : chance(0.5)
            ? mutate(seed.moves)
            : chance(0.5)
              ? randomValue('uci')
              : [arg('uci'), arg('san')];
        const options = pick([
          undefined,
          {},
          { notation: pick(['auto', 'uci', 'san']) },
          { variant: pick(ALL_VARIANTS) },
        ]);
        const r = attempt('validateLine', [fen, moves, options], () =>
          validateLine(fen as string, moves as string, options as {}),
        );
        if (!r.ok) violations.push(`validateLine(${show(fen)}, ${show(moves)}, ${show(options)}) threw`);
        else expect(typeof r.value.ok).toBe('boolean');
        continue;
      }
      if (op === 1) {
        // validateLine with random options: typed errors only.
        const o = randomValue();
        attempt('validateLine', [seed.fen, seed.moves, o], () => validateLine(seed.fen, seed.moves, o as {}));
        continue;
      }
      // Puzzle from a near-valid or random init, then random moves.
      const init: Record<string, unknown> = chance(0.7)
        ? {
            fen: chance(0.7) ? seed.fen : arg('fen'),
            [chance(0.8) ? 'moves' : 'solution']: chance(0.6)
              ? seed.moves
              : chance(0.5)
                ? mutate(seed.moves)
                : randomValue('uci'),
          }
        : {
            fen: randomValue('fen'),
            moves: randomValue('uci'),
            solution: chance(0.2) ? randomValue('uci') : undefined,
            variant: chance(0.2) ? randomValue() : undefined,
          };
      const initArg = chance(0.95) ? init : randomValue();
      const r = attempt('new Puzzle', [initArg], () => new Puzzle(initArg as never));
      if (!r.ok) continue;
      const pz = r.value;
      for (let k = 0; k < 6 && !pz.solved; k++) {
        const m = chance(0.3) ? (pz.hint() ?? 'e2e4') : randomMoveArg(pz.position);
        const before = { fen: pz.position.fen(), hash: pz.position.hash(), progress: pz.progress };
        const res = attempt('Puzzle.play', [before.fen, m], () => pz.play(m as string));
        if (!res.ok)
          expect({ fen: pz.position.fen(), hash: pz.position.hash(), progress: pz.progress }).toEqual(before);
      }
      pz.dispose();
    }
    expectNoViolations();
  });

  it('Puzzle.fromJSON, chess960StartFen/BackRank, parseSquare, squareName, move helpers, validateFen', () => {
    const pz = new Puzzle({ fen: PUZZLES[0]!.fen, moves: PUZZLES[0]!.moves });
    const state = JSON.stringify(pz.toJSON());
    pz.dispose();
    const N = Math.round(6_000 * SCALE);
    for (let i = 0; i < N; i++) {
      // A mutated state (as text, JSON or not, or parsed), or any value.
      let st: unknown = chance(0.7) ? mutate(state) : randomValue();
      if (typeof st === 'string' && chance(0.5)) {
        try {
          st = JSON.parse(st);
        } catch {
          // not JSON: given as text
        }
      }
      const r = attempt('Puzzle.fromJSON', [st], () => Puzzle.fromJSON(st as string));
      if (r.ok) r.value.dispose();
      // (Values whose String() throws included.)
      const n = chance(0.5) ? int(1000) - 20 : randomValue();
      attempt('chess960StartFen', [n], () => chess960StartFen(n as number));
      attempt('chess960BackRank', [n], () => chess960BackRank(n as number));
      const sq = chance(0.5) ? randomChars(2) : randomValue();
      attempt('parseSquare', [sq], () => parseSquare(sq as string));
      // squareName throws a RangeError off the board (documented), for values whose String()
      // throws too.
      attempt('squareName', [n], () => {
        try {
          return squareName(n as number);
        } catch (e) {
          if (e instanceof RangeError) return null;
          throw e;
        }
      });
      // The move helpers are bit arithmetic on a number (a bigint or symbol would be a
      // TypeError from JS itself).
      const m = typeof n === 'number' ? n : int(0x10000);
      attempt('move helpers', [m], () => [moveFrom(m), moveTo(m), movePromotion(m), isCapture(m)]);
      const fen = arg('fen');
      attempt('validateFen', [fen], () => validateFen(fen as string), true);
    }
    expectNoViolations();
  });

  // ---------------------------------------------------------------- Chess (the chess.js facade)

  it('Chess: constructor and methods throw an Error (as chess.js) and change nothing then', () => {
    const crowded = (fen: string) => new Chess(fen, { skipValidation: true });
    const pool = [
      new Chess(),
      new Chess(FENS[1]),
      new Chess(FENS[2]),
      new Chess(),
      crowded(CROWDED[0]!),
      crowded(CROWDED[5]!),
      crowded(CROWDED[2]!),
    ];
    const snap = (c: Chess) => ({
      fen: c.fen(),
      history: c.history(),
      headers: c.getHeaders(),
      comments: c.getComments(),
    });
    let lastChess = '';
    const N = Math.round(35_000 * SCALE);
    for (let i = 0; i < N; i++) {
      if (i % 2000 === 0) sane();
      const op = int(22);
      if (op === 0) {
        const fen = chance(0.9) ? arg('fen') : undefined;
        const o = chance(0.7) ? { skipValidation: chance(0.3) } : randomValue();
        attempt('new Chess', [fen, o], () => new Chess(fen as string, o as {}), true);
        continue;
      }
      const c = pick(pool);
      if (c.history().length > 40) c.reset();
      let before: ReturnType<typeof snap>;
      try {
        before = snap(c);
      } catch (e) {
        throw new Error(`Chess state unreadable after ${lastChess}: ${String(e)}`);
      }
      let label: string;
      let input: unknown[];
      let f: () => unknown;
      let mutating = true;
      const anySquare = () =>
        chance(0.6) ? pick(['e1', 'e8', 'a1', 'h8', 'd4', 'e4', 'i9', 'a0', '']) : randomValue();
      const anyColor = () => (chance(0.6) ? pick(['w', 'b']) : randomValue());
      const anyPiece = () =>
        chance(0.6) ? { type: pick(['p', 'n', 'b', 'r', 'q', 'k', 'x']), color: anyColor() } : randomValue();
      switch (op) {
        case 1:
        case 2: {
          const fen = arg('fen');
          const o = chance(0.7) ? { skipValidation: chance(0.2), preserveHeaders: chance(0.5) } : randomValue();
          [label, input] = ['load', [fen, o]];
          f = () => c.load(fen as string, o as {});
          break;
        }
        case 3:
        case 4:
        case 5:
        case 6: {
          const legal = c.moves();
          const m =
            chance(0.3) && legal.length
              ? mutate(pick(legal))
              : chance(0.2)
                ? pick([...legal, null])
                : chance(0.8)
                  ? arg('san')
                  : { from: anySquare(), to: anySquare(), promotion: pick(['q', 'n', undefined, randomValue()]) };
          const o = chance(0.8) ? { strict: chance(0.5) } : randomValue();
          [label, input] = ['move', [m, o]];
          f = () => c.move(m as string, o as {});
          break;
        }
        case 7: {
          const o = chance(0.5)
            ? { verbose: chance(0.5), square: anySquare(), piece: pick(['p', 'n', 'k', 'z', randomValue()]) }
            : randomValue();
          [label, input, mutating] = ['moves', [o], false];
          f = () => c.moves(o as {});
          break;
        }
        case 8: {
          const [pc, sq] = [anyPiece(), anySquare()];
          [label, input] = ['put', [pc, sq]];
          f = () => c.put(pc as never, sq as never);
          break;
        }
        case 9: {
          const sq = anySquare();
          [label, input] = ['remove', [sq]];
          f = () => c.remove(sq as never);
          break;
        }
        case 10: {
          const sq = anySquare();
          [label, input, mutating] = ['get/squareColor/attackers', [sq], false];
          f = () => [c.get(sq as never), c.squareColor(sq as never), c.attackers(sq as never)];
          break;
        }
        case 11:
        case 12: {
          const text = chance(0.85) ? randomString('pgn') : randomValue('pgn');
          const o = chance(0.8)
            ? { strict: chance(0.3) }
            : chance(0.5)
              ? { newlineChar: randomString() }
              : randomValue();
          [label, input] = ['loadPgn', [text, o]];
          f = () => c.loadPgn(text as string, o as {});
          break;
        }
        case 13: {
          const [k, v] = [arg('any'), arg('any')];
          [label, input] = ['setHeader/removeHeader', [k, v]];
          f = () => (chance(0.7) ? c.setHeader(k as string, v as string) : c.removeHeader(k as string));
          break;
        }
        case 14: {
          const v = arg('any');
          [label, input] = ['setComment', [v]];
          f = () => c.setComment(v as string);
          break;
        }
        case 15: {
          const [sq, col] = [anySquare(), anyColor()];
          [label, input, mutating] = ['isAttacked', [sq, col], false];
          f = () => c.isAttacked(sq as never, col as never);
          break;
        }
        case 16: {
          const col = chance(0.6) ? pick(['w', 'b']) : chance(0.5) ? randomString() : randomValue();
          [label, input] = ['setTurn', [col]];
          f = () => c.setTurn(col as never);
          break;
        }
        case 17: {
          const [col, r] = [anyColor(), chance(0.6) ? { k: chance(0.5), q: chance(0.5) } : randomValue()];
          [label, input] = ['setCastlingRights', [col, r]];
          f = () => c.setCastlingRights(col as never, r as never);
          break;
        }
        case 18: {
          const o = chance(0.5)
            ? { newline: pick(['\n', '\r\n', '', randomString()]), maxWidth: chance(0.5) ? int(100) : randomValue() }
            : randomValue();
          [label, input, mutating] = ['pgn/history/fen/ascii/board', [o], false];
          // (o is any value on purpose: history's overloads take only { verbose: boolean }.)
          f = () => [c.pgn(o as {}), c.history(o as never), c.fen(o as {}), c.ascii(), c.board()];
          break;
        }
        case 19: {
          const p = anyPiece();
          [label, input, mutating] = ['findPiece', [p], false];
          f = () => c.findPiece(p as never);
          break;
        }
        case 20: {
          const d = randomDepth();
          [label, input, mutating] = ['perft', [d], false];
          f = () => c.perft(d as number);
          break;
        }
        default: {
          [label, input] = ['undo/isGameOver', []];
          f = () => [c.undo(), c.isGameOver(), c.isDraw(), c.isThreefoldRepetition(), c.isInsufficientMaterial()];
        }
      }
      lastChess = `Chess.${label}(${[before.fen, ...input].map(show).join(', ')})`;
      const r = attempt(`Chess.${label}`, [before.fen, ...input], f, true);
      let after: ReturnType<typeof snap>;
      try {
        after = snap(c);
      } catch (e) {
        violations.push(`${lastChess} ${r.ok ? 'returned' : 'threw'}, then fen()/history() threw ${String(e)}`);
        pool[pool.indexOf(c)] = new Chess();
        continue;
      }
      if (!r.ok || !mutating) expect(after, `Chess.${label}(${input.map(show).join(', ')})`).toEqual(before);
    }
    expectNoViolations();
  });

  it(`makes at least ${MIN_CALLS} calls in total`, () => {
    if (SCALE >= 1) expect(calls).toBeGreaterThanOrEqual(MIN_CALLS);
    sane();
  });
});
