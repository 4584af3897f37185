// bin/chesswasm book: the output (text and --json) on a hand-made book, out of book, the
// position from --fen / --moves / --variant, and every bad argument with its message and exit
// code (1 for bad input, 2 for usage). The comparison with polyglot's dump-book through the
// CLI is in book-polyglot.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { bookEntry as e, writeBook } from './book-helpers.js';

const bin = fileURLToPath(new URL('../../bin/chesswasm', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
const tmp = mkdtempSync(path.join(tmpdir(), 'chesswasm-book-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const C960 = 'bbnrk1rq/pp2p1pp/2ppn3/5p2/8/3NNP1P/PPPPP1P1/BB1RK1RQ w KQkq - 1 9';

const file = (name: string, bytes: Uint8Array) => {
  const f = path.join(tmp, name);
  writeFileSync(f, bytes);
  return f;
};
const book = file(
  'book.bin',
  writeBook([
    e(START, 'e2e4', 3),
    e(START, 'd2d4', 1, 42),
    e(START, 'c2c4', 0),
    e(AFTER_E4_E5, 'g1f3', 5),
    e(AFTER_E4_E5, 'f2f4', 5),
    e(C960, 'e1g1', 1),
  ]),
);

test('the start position: a header, then SAN, UCI, weight and share, heaviest first', () => {
  const r = run('book', book);
  expect([r.status, r.stderr]).toEqual([0, '']);
  expect(r.stdout).toBe(
    [
      'move  uci   weight   share',
      'e4    e2e4       3   75.0%',
      'd4    d2d4       1   25.0%',
      'c4    c2c4       0    0.0%',
      '',
    ].join('\n'),
  );
});

test('--moves (UCI or SAN) from the start position or from --fen', () => {
  for (const args of [
    ['--moves', 'e2e4 e7e5'],
    ['--moves', ' e4  e5 '],
    ['--fen', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', '--moves', 'e5'],
    ['--fen', AFTER_E4_E5],
  ]) {
    const r = run('book', book, ...args);
    expect([r.status, r.stderr], args.join(' ')).toEqual([0, '']);
    expect(r.stdout.split('\n').slice(1, 3), args.join(' ')).toEqual([
      'Nf3   g1f3       5   50.0%',
      'f4    f2f4       5   50.0%',
    ]);
  }
});

test('--json: one object with the position, its key, the total weight and the moves', () => {
  const r = run('book', book, '--json');
  expect(r.status).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual({
    fen: START,
    key: '463b96181691fc9c',
    total: 4,
    moves: [
      { san: 'e4', uci: 'e2e4', weight: 3, learn: 0, percent: 75 },
      { san: 'd4', uci: 'd2d4', weight: 1, learn: 42, percent: 25 },
      { san: 'c4', uci: 'c2c4', weight: 0, learn: 0, percent: 0 },
    ],
  });
  expect(r.stdout.trimEnd().split('\n').length).toBe(1);
});

test('out of book: "out of book" (exit 0); --json: no moves', () => {
  const r = run('book', book, '--moves', 'd4');
  expect([r.status, r.stdout, r.stderr]).toEqual([0, 'out of book\n', '']);
  const j = run('book', book, '--moves', 'd4', '--json');
  expect(JSON.parse(j.stdout)).toMatchObject({ total: 0, moves: [] });
  const empty = run('book', file('empty.bin', new Uint8Array(0)));
  expect([empty.status, empty.stdout]).toEqual([0, 'out of book\n']);
});

test('--variant chess960: castling king-to-rook', () => {
  const r = run('book', book, '--variant', 'chess960', '--fen', C960);
  expect([r.status, r.stderr]).toEqual([0, '']);
  expect(r.stdout.split('\n')[1]).toBe('O-O   e1g1       1  100.0%');
});

test.each([
  [['book'], 2, /book needs exactly one book file/],
  [['book', 'a.bin', 'b.bin'], 2, /book needs exactly one book file/],
  [['book', 'BOOK', '--fen'], 2, /--fen needs a value/],
  [['book', 'BOOK', '--depth', '3'], 2, /unknown option --depth/],
  [['book', 'missing.bin'], 1, /cannot read the book missing\.bin: no such file \[ENOENT\]/],
  [['book', 'TRUNCATED'], 1, /not a whole number of 16-byte entries.*\[truncated\]/],
  [['book', 'UNSORTED'], 1, /sorted by key.*entry 1 \(byte 16\).*\[unsorted\]/],
  [['book', 'BOOK', '--fen', 'nonsense'], 1, /\[field-count\]/],
  [['book', 'BOOK', '--moves', 'e4 e5 Ke3'], 1, /--moves: move 3 \(Ke3\): .*\[illegal\]/],
  [['book', 'BOOK', '--moves', 'e4 zz'], 1, /--moves: move 2 \(zz\): .*\[syntax\]/],
  [['book', 'BOOK', '--variant', 'makruk'], 1, /no keys for makruk.*\[unsupported-variant\]/i],
  [
    ['book', 'BOOK', '--variant', 'chess960', '--fen', '4k3/8/8/8/8/8/8/RR2K3 w B - 0 1'],
    1,
    /outermost rook.*\[unsupported-castling\]/,
  ],
  [['book', 'BOOK', '--variant', 'xiangqi'], 1, /unknown variant/],
])('%j fails with exit %i', (args, status, message) => {
  const files: Record<string, string> = {
    BOOK: book,
    TRUNCATED: file('truncated.bin', new Uint8Array(40)),
    UNSORTED: file(
      'unsorted.bin',
      writeBook(
        [e(AFTER_E4_E5, 'g1f3', 1), e(START, 'e2e4', 1)].sort((a, b) => (a.key > b.key ? -1 : 1)),
        { sort: false },
      ),
    ),
  };
  const r = spawnSync(process.execPath, [bin, ...args.map((a) => files[a] ?? a)], { encoding: 'utf8', cwd: tmp });
  expect(r.status).toBe(status);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(message);
});
