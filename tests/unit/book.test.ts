// Book (web/src/apps/book.ts) on hand-made books: every key is computed from the Polyglot
// specification by tests/unit/book-helpers.ts (never by Position.hash), every move written
// in the Polyglot layout by hand. Reading: sizes, truncated, unsorted and empty books, wrong
// types. Lookups: castling (both sides, both wings; king-to-rook in the book, e1g1 out),
// promotions (all four pieces, both colours, with and without capture), en passant (the key
// with and without the ep file), illegal and garbled moves skipped, weight 0 kept, repeated
// moves merged, the order of equal weights. pick(): weighted, reproducible, never weight 0.
// Chess960 (xboard's convention) and Makruk. Bytes from another realm, detached buffers. A
// seeded fuzz: random bytes, and random entries (legal moves in the Polyglot layout, garbled
// ones, weight 0, repeats) for positions of random games, checked against weights summed
// from the entries decoded by the specification.
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import {
  Book,
  BookError,
  ChessError,
  Position,
  isEnPassant,
  isCastling,
  squareName,
  type BookEntry,
  type Move,
} from 'chesswasm';
import { bookEntry as e, polyglotKey, rawMove, rng, writeBook, type RawEntry } from './book-helpers.js';
import { readPolyglotVectors } from './helpers.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const CASTLES_W = 'r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8';
const CASTLES_B = 'r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 0 8';
const PROMOTES_W = 'r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1';
const PROMOTES_B = '4k3/8/8/8/8/8/6p1/4K2R b K - 0 1';
const EP = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'; // published key 22a48b5a8e47ff78
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'; // ep e3 not hashed
const ROOK_E1 = '3k4/8/8/8/8/8/8/K3R3 w - - 0 1';
const KING_E1_NO_RIGHTS = '4k3/8/8/8/8/8/8/4K2R w - - 0 1';
const ZERO_ONLY = '4k3/8/8/8/8/8/3P4/4K3 w - - 0 1';
const ILLEGAL_ONLY = '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1';
const C960 = 'bbnrk1rq/pp2p1pp/2ppn3/5p2/8/3NNP1P/PPPPP1P1/BB1RK1RQ w KQkq - 1 9';

const raw = (fen: string, move: number, weight: number): RawEntry => ({ key: polyglotKey(fen), move, weight });

// The hand-made book, in file order within each key.
const HAND: RawEntry[] = [
  e(START, 'e2e4', 10, 1),
  e(START, 'e2e5', 50), // illegal: skipped
  e(START, 'g1f3', 3, 7), // repeated below: merged to weight 7, learn 7
  e(START, 'd2d4', 10, 2), // the same weight as e2e4, later in the book: after it
  e(START, 'c2c4', 0), // weight 0: kept
  e(START, 'e2e4q', 9), // a promotion piece on a pawn push: no such move, skipped
  raw(START, 0, 5), // a1a1, the "null move" of the format: skipped
  raw(START, rawMove('b1c3') | (5 << 12), 5), // promotion code 5: no chess move, skipped
  raw(START, rawMove('b1c3') | 0x8000, 5), // bit 15 (xboard's escape codes): skipped
  e(START, 'g1f3', 4, 9),
  e(CASTLES_W, 'e1h1', 30), // O-O
  e(CASTLES_W, 'e1a1', 20), // O-O-O
  e(CASTLES_W, 'e1g1', 40), // king-to-destination is not the format's castling: skipped
  e(CASTLES_B, 'e8a8', 20),
  e(CASTLES_B, 'e8h8', 30),
  e(CASTLES_B, 'e8c8', 40), // skipped, as e1g1
  ...['q', 'r', 'b', 'n'].flatMap((p, i) => [e(PROMOTES_W, `b7b8${p}`, 80 - i), e(PROMOTES_W, `b7a8${p}`, 70 - i)]),
  e(PROMOTES_W, 'b7b8', 99), // a pawn reaching the last rank without a piece: skipped
  ...['q', 'r', 'b', 'n'].flatMap((p, i) => [e(PROMOTES_B, `g2g1${p}`, 80 - i), e(PROMOTES_B, `g2h1${p}`, 70 - i)]),
  e(EP, 'e5f6', 5), // en passant
  e(EP, 'e5d6', 5), // no en passant on d6 (d5 did not just move): skipped
  e(EP, 'g1f3', 1),
  e(AFTER_E4, 'c7c5', 2),
  e(AFTER_E4, 'e7e5', 1),
  e(ROOK_E1, 'e1h1', 1), // a rook move, no castling (no king on e1)
  e(KING_E1_NO_RIGHTS, 'e1h1', 1), // no castling right: skipped
  e(KING_E1_NO_RIGHTS, 'e1f1', 2),
  e(ZERO_ONLY, 'd2d4', 0),
  e(ZERO_ONLY, 'd2d3', 0),
  e(ILLEGAL_ONLY, 'e1c1', 3), // castling written king-to-destination: skipped
  e(ILLEGAL_ONLY, 'a1h8', 3), // no rook move: skipped
  e(C960, 'e1g1', 6), // Chess960 O-O, king-to-rook (the rook is on g1)
  e(C960, 'e1d1', 4), // Chess960 O-O-O (the rook is on d1)
];

const book = Book.fromBytes(writeBook(HAND));

function lookup(fen: string, options: { variant?: 'chess' | 'chess960' | 'makruk' } = {}): BookEntry[] {
  using pos = Position.fromFen(fen, options);
  return book.entries(pos);
}

const brief = (entries: BookEntry[]) => entries.map((x) => [x.uci, x.san, x.weight, x.learn]);

describe('the test helpers follow the specification', () => {
  test('polyglotKey gives the published keys', () => {
    for (const v of readPolyglotVectors()) expect(polyglotKey(v.fen).toString(16).padStart(16, '0'), v.fen).toBe(v.key);
  });

  test('rawMove: to in bits 0-5, from in 6-11, promotion in 12-14', () => {
    expect(rawMove('e2e4')).toBe(28 | (12 << 6));
    expect(rawMove('e1h1')).toBe(7 | (4 << 6));
    expect(rawMove('a7a8q')).toBe(56 | (48 << 6) | (4 << 12));
    expect(rawMove('h2h1n')).toBe(7 | (15 << 6) | (1 << 12));
  });
});

describe('Book.fromBytes', () => {
  test('size is the number of 16-byte entries', () => {
    expect(book.size).toBe(HAND.length);
    expect(Book.fromBytes(writeBook(HAND).buffer as ArrayBuffer).size).toBe(HAND.length);
  });

  test('an empty book: size 0, every position out of book', () => {
    const empty = Book.fromBytes(new Uint8Array(0));
    expect(empty.size).toBe(0);
    using pos = Position.startpos();
    expect(empty.entries(pos)).toEqual([]);
    expect(empty.pick(pos)).toBeNull();
  });

  test.each([1, 8, 15, 17, 31, 16 * 5 + 3])('%i bytes: BookError truncated, offset of the partial entry', (length) => {
    const bytes = new Uint8Array(length);
    const error = catchError(() => Book.fromBytes(bytes));
    expect(error).toBeInstanceOf(BookError);
    expect(error).toBeInstanceOf(ChessError);
    expect((error as BookError).code).toBe('truncated');
    expect((error as BookError).offset).toBe(Math.floor(length / 16) * 16);
    expect((error as BookError).message).toMatch(new RegExp(`${length} bytes`));
  });

  test('a whole book cut short is truncated', () => {
    const bytes = writeBook(HAND);
    expect(catchError(() => Book.fromBytes(bytes.subarray(0, bytes.length - 3)))).toMatchObject({
      code: 'truncated',
      offset: bytes.length - 16,
    });
  });

  test('unsorted: BookError with the offset of the first entry whose key is lower than the one before', () => {
    const keys = [
      1n,
      2n,
      2n,
      3n,
      0xffffffffn,
      0x100000000n,
      0x7fffffffffffffffn,
      0x8000000000000000n,
      0xffffffffffffffffn,
    ];
    const sorted = keys.map((key) => ({ key, move: rawMove('e2e4'), weight: 1 }));
    expect(Book.fromBytes(writeBook(sorted, { sort: false })).size).toBe(keys.length); // unsigned order, ties allowed
    for (let i = 1; i < keys.length; i++) {
      if (keys[i] === keys[i - 1]) continue;
      const swapped = [...sorted];
      [swapped[i - 1], swapped[i]] = [swapped[i]!, swapped[i - 1]!];
      const error = catchError(() => Book.fromBytes(writeBook(swapped, { sort: false })));
      expect(error, `swap ${i - 1}, ${i}`).toBeInstanceOf(BookError);
      expect(error, `swap ${i - 1}, ${i}`).toMatchObject({ code: 'unsorted', offset: 16 * i });
    }
  });

  test('the hand-made book reversed is unsorted', () => {
    const bytes = writeBook(HAND);
    const reversed = new Uint8Array(bytes.length);
    for (let i = 0; i < HAND.length; i++)
      reversed.set(bytes.subarray(16 * i, 16 * i + 16), bytes.length - 16 * (i + 1));
    expect(catchError(() => Book.fromBytes(reversed))).toMatchObject({ code: 'unsorted' });
  });

  test('a view into a larger buffer reads its own bytes only; the bytes are copied', () => {
    const bytes = writeBook(HAND);
    const big = new Uint8Array(bytes.length + 40).fill(0xff);
    big.set(bytes, 24);
    const view = big.subarray(24, 24 + bytes.length);
    const fromView = Book.fromBytes(view);
    expect(fromView.size).toBe(HAND.length);
    using pos = Position.startpos();
    const before = brief(fromView.entries(pos));
    view.fill(0); // changing the bytes afterwards changes nothing
    expect(brief(fromView.entries(pos))).toEqual(before);
    expect(before.length).toBe(4);
  });

  test('a Uint8Array or ArrayBuffer of another realm (vm context, iframe) is read', () => {
    const bytes = writeBook(HAND);
    const foreign = runInNewContext('new Uint8Array(n)', { n: bytes.length }) as Uint8Array;
    expect(foreign instanceof Uint8Array).toBe(false);
    foreign.set(bytes);
    expect(Book.fromBytes(foreign).size).toBe(HAND.length);
    expect(Book.fromBytes(foreign.buffer as ArrayBuffer).size).toBe(HAND.length);
  });

  test('a detached ArrayBuffer, and objects that only look like bytes: ChessError invalid-argument', () => {
    const buffer = writeBook(HAND).buffer as ArrayBuffer;
    structuredClone(buffer, { transfer: [buffer] });
    const fakes = [
      buffer,
      { [Symbol.toStringTag]: 'ArrayBuffer', byteLength: 16 },
      { [Symbol.toStringTag]: 'Uint8Array', buffer, byteLength: 16 },
    ];
    for (const fake of fakes)
      expect(catchError(() => Book.fromBytes(fake as unknown as Uint8Array))).toMatchObject({
        code: 'invalid-argument',
      });
  });

  test.each([
    [null],
    [undefined],
    ['book.bin'],
    [[0, 1, 2]],
    [new Uint16Array(8)],
    [new Uint8ClampedArray(16)],
    [new DataView(new ArrayBuffer(16))],
    [{ length: 16 }],
  ])('fromBytes(%o): ChessError invalid-argument', (value) => {
    const error = catchError(() => Book.fromBytes(value as unknown as Uint8Array));
    expect(error).toBeInstanceOf(ChessError);
    expect(error).not.toBeInstanceOf(BookError);
    expect((error as ChessError).code).toBe('invalid-argument');
  });
});

describe('Book.entries', () => {
  test('the start position: heaviest first, equal weights in book order, weight 0 last, repeated moves merged, bad entries skipped', () => {
    expect(brief(lookup(START))).toEqual([
      ['e2e4', 'e4', 10, 1],
      ['d2d4', 'd4', 10, 2],
      ['g1f3', 'Nf3', 7, 7],
      ['c2c4', 'c4', 0, 0],
    ]);
  });

  test('the order of equal weights follows the book', () => {
    const swapped = Book.fromBytes(writeBook([e(START, 'd2d4', 10), e(START, 'e2e4', 10), e(START, 'c2c4', 10)]));
    using pos = Position.startpos();
    expect(swapped.entries(pos).map((x) => x.uci)).toEqual(['d2d4', 'e2e4', 'c2c4']);
  });

  test('each entry: a legal move number with its UCI and SAN', () => {
    using pos = Position.fromFen(CASTLES_W);
    for (const x of book.entries(pos)) {
      expect(pos.legalMoves()).toContain(x.move);
      expect(pos.uci(x.move)).toBe(x.uci);
      expect(pos.san(x.move)).toBe(x.san);
    }
  });

  test('castling, white, both wings: e1h1 -> e1g1 O-O, e1a1 -> e1c1 O-O-O; e1g1 in the book is skipped', () => {
    const entries = lookup(CASTLES_W);
    expect(brief(entries)).toEqual([
      ['e1g1', 'O-O', 30, 0],
      ['e1c1', 'O-O-O', 20, 0],
    ]);
    expect(entries.every((x) => isCastling(x.move))).toBe(true);
  });

  test('castling, black, both wings: e8h8 -> e8g8 O-O, e8a8 -> e8c8 O-O-O; e8c8 in the book is skipped', () => {
    expect(brief(lookup(CASTLES_B))).toEqual([
      ['e8g8', 'O-O', 30, 0],
      ['e8c8', 'O-O-O', 20, 0],
    ]);
  });

  test('e1h1 of a rook is a rook move; e1h1 of a king without the castling right is skipped', () => {
    expect(brief(lookup(ROOK_E1))).toEqual([['e1h1', 'Rh1', 1, 0]]);
    expect(brief(lookup(KING_E1_NO_RIGHTS))).toEqual([['e1f1', 'Kf1', 2, 0]]);
  });

  test('promotions, white: all four pieces, with and without capture', () => {
    expect(brief(lookup(PROMOTES_W))).toEqual([
      ['b7b8q', 'b8=Q+', 80, 0],
      ['b7b8r', 'b8=R+', 79, 0],
      ['b7b8b', 'b8=B', 78, 0],
      ['b7b8n', 'b8=N', 77, 0],
      ['b7a8q', 'bxa8=Q+', 70, 0],
      ['b7a8r', 'bxa8=R+', 69, 0],
      ['b7a8b', 'bxa8=B', 68, 0],
      ['b7a8n', 'bxa8=N', 67, 0],
    ]);
  });

  test('promotions, black: all four pieces, with and without capture', () => {
    expect(brief(lookup(PROMOTES_B))).toEqual([
      ['g2g1q', 'g1=Q+', 80, 0],
      ['g2g1r', 'g1=R+', 79, 0],
      ['g2g1b', 'g1=B', 78, 0],
      ['g2g1n', 'g1=N', 77, 0],
      ['g2h1q', 'gxh1=Q+', 70, 0],
      ['g2h1r', 'gxh1=R+', 69, 0],
      ['g2h1b', 'gxh1=B', 68, 0],
      ['g2h1n', 'gxh1=N', 67, 0],
    ]);
  });

  test('en passant: the key has the ep file when the capture is possible; the capture decodes as en passant', () => {
    const entries = lookup(EP);
    expect(brief(entries)).toEqual([
      ['e5f6', 'exf6', 5, 0],
      ['g1f3', 'Nf3', 1, 0],
    ]);
    expect(isEnPassant(entries[0]!.move)).toBe(true);
    // The same board without the ep square is another key: out of book.
    expect(lookup(EP.replace(' f6 ', ' - '))).toEqual([]);
  });

  test('en passant: an ep square that no pawn can take is not in the key', () => {
    const expected = [
      ['c7c5', 'c5', 2, 0],
      ['e7e5', 'e5', 1, 0],
    ];
    expect(brief(lookup(AFTER_E4))).toEqual(expected);
    expect(brief(lookup(AFTER_E4.replace(' e3 ', ' - ')))).toEqual(expected);
    using pos = Position.startpos();
    pos.play('e4');
    expect(brief(book.entries(pos))).toEqual(expected);
  });

  test('a position whose entries all have weight 0 lists them; one whose entries are all illegal is out of book', () => {
    expect(brief(lookup(ZERO_ONLY))).toEqual([
      ['d2d4', 'd4', 0, 0],
      ['d2d3', 'd3', 0, 0],
    ]);
    expect(lookup(ILLEGAL_ONLY)).toEqual([]);
    expect(lookup('4k3/8/8/8/8/8/8/4K3 w - - 0 1')).toEqual([]);
  });

  test('a lookup leaves the position as it was', () => {
    using pos = Position.startpos();
    pos.play('e4');
    const fen = pos.fen();
    book.entries(pos);
    book.pick(pos, () => 0.5);
    expect(pos.fen()).toBe(fen);
    expect(pos.historyLength).toBe(1);
    expect(pos.undo()).toBe(pos.parseUci('e2e4'));
  });

  test('not a Position, or a disposed one: ChessError', () => {
    for (const value of [null, undefined, START, {}, 42]) {
      expect(catchError(() => book.entries(value as unknown as Position))).toMatchObject({ code: 'invalid-argument' });
      expect(catchError(() => book.pick(value as unknown as Position))).toMatchObject({ code: 'invalid-argument' });
    }
    const pos = Position.startpos();
    pos.dispose();
    expect(catchError(() => book.entries(pos))).toMatchObject({ code: 'disposed' });
  });
});

describe('Book.pick', () => {
  test('walks the entries heaviest first: random() * total falls in a weight', () => {
    // START: e4 10, d4 10, Nf3 7, c4 0 (total 27)
    using pos = Position.startpos();
    const at = (r: number) => book.pick(pos, () => r)?.uci;
    expect(at(0)).toBe('e2e4');
    expect(at(9.999 / 27)).toBe('e2e4');
    expect(at(10 / 27)).toBe('d2d4');
    expect(at(19.999 / 27)).toBe('d2d4');
    expect(at(20 / 27)).toBe('g1f3');
    expect(at(0.999999999)).toBe('g1f3'); // never c4 (weight 0)
    expect(at(1 - Number.EPSILON / 2)).toBe('g1f3');
  });

  test('returns the entry as entries() lists it', () => {
    using pos = Position.fromFen(CASTLES_B);
    expect(book.pick(pos, () => 0.1)).toEqual(book.entries(pos)[0]);
  });

  test('frequencies follow the weights (seeded, 27,000 picks)', () => {
    using pos = Position.startpos();
    const random = rng(17);
    const counts = new Map<string, number>();
    for (let i = 0; i < 27_000; i++) {
      const uci = book.pick(pos, random)!.uci;
      counts.set(uci, (counts.get(uci) ?? 0) + 1);
    }
    expect(counts.get('c2c4')).toBeUndefined();
    expect(Math.abs(counts.get('e2e4')! - 10_000)).toBeLessThan(400);
    expect(Math.abs(counts.get('d2d4')! - 10_000)).toBeLessThan(400);
    expect(Math.abs(counts.get('g1f3')! - 7_000)).toBeLessThan(400);
  });

  test('the same random sequence gives the same picks', () => {
    using pos = Position.fromFen(PROMOTES_W);
    const a = Array.from(
      { length: 50 },
      (
        (r) => () =>
          book.pick(pos, r)!.uci
      )(rng(5)),
    );
    const b = Array.from(
      { length: 50 },
      (
        (r) => () =>
          book.pick(pos, r)!.uci
      )(rng(5)),
    );
    expect(a).toEqual(b);
    expect(new Set(a).size).toBeGreaterThan(4);
  });

  test('null out of book, when every move is illegal, and when every weight is 0 (random() not called)', () => {
    const random = () => {
      throw new Error('random() called');
    };
    for (const fen of ['4k3/8/8/8/8/8/8/4K3 w - - 0 1', ILLEGAL_ONLY, ZERO_ONLY]) {
      using pos = Position.fromFen(fen);
      expect(book.pick(pos, random)).toBeNull();
    }
  });

  test('Math.random by default', () => {
    using pos = Position.startpos();
    for (let i = 0; i < 20; i++) expect(['e2e4', 'd2d4', 'g1f3']).toContain(book.pick(pos)!.uci);
  });

  test.each([[1], [1.5], [-0.1], [Number.NaN], ['0.5'], [undefined], [0n]])(
    'random() returning %o: ChessError invalid-argument',
    (value) => {
      using pos = Position.startpos();
      expect(catchError(() => book.pick(pos, () => value as unknown as number))).toMatchObject({
        code: 'invalid-argument',
      });
    },
  );

  test('random not a function: ChessError invalid-argument', () => {
    using pos = Position.startpos();
    expect(catchError(() => book.pick(pos, 0.5 as unknown as () => number))).toMatchObject({
      code: 'invalid-argument',
    });
  });
});

describe('variants', () => {
  test('Chess960 (xboard convention): the standard array has the standard key; castling is king-to-rook', () => {
    using p960 = Position.startpos('chess960');
    expect(brief(book.entries(p960))).toEqual(brief(lookup(START)));
    const entries = lookup(C960, { variant: 'chess960' });
    expect(brief(entries)).toEqual([
      ['e1g1', 'O-O', 6, 0],
      ['e1d1', 'O-O-O', 4, 0],
    ]);
    expect(entries.every((x) => isCastling(x.move))).toBe(true);
  });

  test('Chess960 castling rights of an inner rook: BookError unsupported-castling', () => {
    for (const fen of ['4k3/8/8/8/8/8/8/RR2K3 w B - 0 1', 'r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1']) {
      using pos = Position.fromFen(fen, { variant: 'chess960' });
      const error = catchError(() => book.entries(pos));
      expect(error).toBeInstanceOf(BookError);
      expect(error).toMatchObject({ code: 'unsupported-castling', offset: -1 });
      expect(catchError(() => book.pick(pos))).toMatchObject({ code: 'unsupported-castling' });
    }
    // The outer rook's right, or none, is fine.
    for (const fen of ['4k3/8/8/8/8/8/8/RR2K3 w A - 0 1', '4k3/8/8/8/8/8/8/RR2K3 w - - 0 1']) {
      using pos = Position.fromFen(fen, { variant: 'chess960' });
      expect(book.entries(pos)).toEqual([]);
    }
  });

  test('Makruk: BookError unsupported-variant', () => {
    using pos = Position.startpos('makruk');
    const error = catchError(() => book.entries(pos));
    expect(error).toBeInstanceOf(BookError);
    expect(error).toMatchObject({ code: 'unsupported-variant', offset: -1 });
    expect(catchError(() => book.pick(pos))).toMatchObject({ code: 'unsupported-variant' });
  });
});

describe('seeded fuzz', () => {
  test('random bytes: a book or a BookError (truncated, unsorted), never anything else', () => {
    const random = rng(4242);
    let books = 0;
    for (let i = 0; i < 2000; i++) {
      const length = i % 2 === 0 ? 16 * Math.floor(random() * 6) : Math.floor(random() * 100);
      const bytes = new Uint8Array(length).map(() =>
        random() < 0.5 ? Math.floor(random() * 4) : Math.floor(random() * 256),
      );
      try {
        const b = Book.fromBytes(bytes);
        expect(b.size).toBe(length / 16);
        books++;
      } catch (error) {
        expect(error).toBeInstanceOf(BookError);
        expect(['truncated', 'unsorted']).toContain((error as BookError).code);
      }
    }
    expect(books).toBeGreaterThan(100);
  });

  test('random entries for positions of random games: only legal moves, heaviest first, each move once; pick among them', () => {
    const random = rng(777);
    for (let g = 0; g < 30; g++) {
      // Positions of a random game, each with 0-12 entries of random moves (many legal ones:
      // legal moves written in the Polyglot layout, sometimes with a wrong promotion code).
      using pos = Position.startpos();
      const fens: string[] = [];
      const rows: RawEntry[] = [];
      for (let ply = 0; ply < 60 && pos.legalMoves().length > 0; ply++) {
        const fen = pos.fen();
        fens.push(fen);
        const legal = pos.legalMoves();
        for (let k = Math.floor(random() * 13); k > 0; k--) {
          let move: number;
          if (random() < 0.6) {
            const m: Move = legal[Math.floor(random() * legal.length)]!;
            const flags = m >> 12;
            const promotion = flags >= 8 ? (flags & 3) + 1 : random() < 0.1 ? Math.floor(random() * 8) : 0;
            move = ((m >> 6) & 63) | ((m & 63) << 6) | (promotion << 12);
          } else move = Math.floor(random() * 65536);
          rows.push({
            key: polyglotKey(fen),
            move,
            weight: random() < 0.2 ? 0 : Math.floor(random() * 65536),
            learn: Math.floor(random() * 2 ** 32),
          });
        }
        pos.play(legal[Math.floor(random() * legal.length)]!);
      }
      const b = Book.fromBytes(writeBook(rows));
      for (const fen of fens) {
        using p = Position.fromFen(fen);
        const entries = b.entries(p);
        const legal = p.legalMoves();
        // The expected weights, decoding the raw moves by the specification (castling:
        // the king takes its own rook; UCI writes the king's destination).
        const legalUci = p.legalUci();
        const expected = new Map<string, number>();
        const key = polyglotKey(fen);
        for (const row of rows.filter((r) => r.key === key)) {
          if (row.move >> 15 || ((row.move >> 12) & 7) > 4) continue;
          const from = (row.move >> 6) & 63;
          let to = row.move & 63;
          const piece = p.pieceAt(from);
          const target = p.pieceAt(to);
          if (piece?.type === 'k' && target?.type === 'r' && target.color === piece.color)
            to = (from & 56) | (to > from ? 6 : 2);
          else if (piece?.type === 'k' && Math.abs((to & 7) - (from & 7)) > 1) continue;
          const uci = squareName(from) + squareName(to) + ['', 'n', 'b', 'r', 'q'][(row.move >> 12) & 7];
          if (legalUci.includes(uci)) expected.set(uci, (expected.get(uci) ?? 0) + row.weight);
        }
        expect(new Map(entries.map((x) => [x.uci, x.weight]))).toEqual(expected);
        for (const x of entries) {
          expect(legal).toContain(x.move);
          expect([x.uci, x.san]).toEqual([p.uci(x.move), p.san(x.move)]);
        }
        expect(new Set(entries.map((x) => x.move)).size).toBe(entries.length);
        for (let i = 1; i < entries.length; i++)
          expect(entries[i - 1]!.weight).toBeGreaterThanOrEqual(entries[i]!.weight);
        const picked = b.pick(p, random);
        if (entries.some((x) => x.weight > 0)) expect(entries).toContainEqual(picked);
        else expect(picked).toBeNull();
        expect(p.fen()).toBe(fen);
      }
    }
  });
});

function catchError(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
