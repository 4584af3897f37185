// Book against the real tool: Debian's polyglot (/usr/games/polyglot, installed by
// scripts/check-deps.sh) builds books with `make-book` and prints their lines with
// `dump-book -color white|black`. For every book below, every line of both dumps is replayed
// from the start position and every move of the dumped side is looked up with Book.entries:
// the move must be there with the percentage dump-book prints (printf's %.0f of
// 100 * weight / total), and at every position reached, the moves of weight > 0 must be
// exactly those dump-book lists. For the books made from games, the weights are also
// recomputed from the games' main lines as polyglot counts them (2 per win and 1 per draw or
// unfinished game `*` of the side that played the move; variations skipped), grouped by the
// Polyglot key of tests/unit/book-helpers.ts (never by Position.hash), and compared with every
// entry of the book. A sample of positions goes through the CLI
// (`chesswasm book --moves ... [--json]`) too.
// Books: 100 rated lichess games (min-game 1 and the default 3), 500 Stockfish self-play
// games with variations and unfinished games (max-ply 40), 100 seeded random games
// (castling, en passant and promotions to every piece), and a hand-made book reachable from
// the start position (castling on both wings by both sides, all four promotions by both
// sides, en passant, an illegal move, weight 0). About 10 s.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { Book, Position, isCastling, isEnPassant, isPromotion, readGames, type BookEntry } from 'chesswasm';
import {
  dumpBook,
  dumpPercent,
  polyglot,
  polyglotAvailable,
  polyglotKey,
  rawMove,
  rng,
  writeBook,
  POLYGLOT,
  type DumpMove,
  type RawEntry,
} from './book-helpers.js';
import { DATA } from './helpers.js';

const bin = fileURLToPath(new URL('../../bin/chesswasm', import.meta.url));
const tmp = mkdtempSync(path.join(tmpdir(), 'chesswasm-book-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The FEN without the move counters: positions that share a Polyglot key.
const boardKey = (fen: string) => fen.split(' ').slice(0, 4).join(' ');

/** Runs make-book; returns the book file. */
function makeBook(name: string, pgnFile: string, args: string[]): string {
  const file = path.join(tmp, `${name}.bin`);
  polyglot('make-book', '-pgn', pgnFile, '-bin', file, ...args);
  return file;
}

interface DumpCheck {
  /** Dumped-side moves looked up. */
  moves: number;
  /** Distinct positions of the dumped side. */
  positions: number;
  /** Differences (empty when Book agrees with dump-book). */
  problems: string[];
  /** Book entries met, for the special-move counts. */
  entries: { fen: string; entry: BookEntry }[];
}

/** Replays every dump line through Book; see the header. */
function checkDump(book: Book, lines: DumpMove[][]): DumpCheck {
  const problems: string[] = [];
  const seen = new Map<string, { fen: string; entries: BookEntry[]; dumped: Set<string> }>();
  let moves = 0;
  for (const [n, line] of lines.entries()) {
    using pos = Position.startpos();
    for (const [ply, mv] of line.entries()) {
      if (mv.percent !== null) {
        moves++;
        const fen = pos.fen();
        let at = seen.get(boardKey(fen));
        if (!at) seen.set(boardKey(fen), (at = { fen, entries: book.entries(pos), dumped: new Set() }));
        at.dumped.add(mv.san);
        const total = at.entries.reduce((s, x) => s + x.weight, 0);
        const entry = at.entries.find((x) => x.san === mv.san);
        if (!entry)
          problems.push(
            `line ${n + 1} ply ${ply + 1}: ${mv.san} is not a book move of ${fen} (Book: ${at.entries.map((x) => x.san).join(' ')})`,
          );
        else if (dumpPercent(entry.weight, total) !== mv.percent)
          problems.push(
            `line ${n + 1} ply ${ply + 1}: ${mv.san} in ${fen}: ${entry.weight}/${total} is not ${mv.percent}%`,
          );
      }
      pos.play(mv.san);
    }
  }
  const entries: DumpCheck['entries'] = [];
  for (const { fen, entries: list, dumped } of seen.values()) {
    const ours = list
      .filter((x) => x.weight > 0)
      .map((x) => x.san)
      .sort();
    if (ours.join(' ') !== [...dumped].sort().join(' '))
      problems.push(`${fen}: Book has ${ours.join(' ')}, dump-book ${[...dumped].sort().join(' ')}`);
    for (const entry of list) entries.push({ fen, entry });
  }
  return { moves, positions: seen.size, problems, entries };
}

interface GameRecord {
  result: string;
  moves: string[]; // SAN, main line
}

/**
 * The weights make-book gives, from the games: per (Polyglot key, move) of the first maxPly
 * plies of each main line, 2 per win and 1 per draw or unfinished game (`*`) of the side that
 * played it, kept when played at least minGame times (polyglot counts occurrences, a
 * repetition within a game included) with a weight above 0. Compared with Book.entries at
 * every position of the games; every entry of the book must be met.
 */
function checkWeights(
  book: Book,
  games: GameRecord[],
  minGame: number,
  maxPly = Infinity,
): { positions: number; problems: string[] } {
  const expected = new Map<bigint, { fen: string; moves: Map<string, { weight: number; count: number }> }>();
  for (const game of games) {
    using pos = Position.startpos();
    for (const san of game.moves.slice(0, maxPly)) {
      const fen = pos.fen();
      const key = polyglotKey(fen);
      let at = expected.get(key);
      if (!at) expected.set(key, (at = { fen, moves: new Map() }));
      const uci = pos.uci(pos.parseSan(san));
      const score =
        game.result === '1/2-1/2' || game.result === '*'
          ? 1
          : game.result === (pos.turn === 'w' ? '1-0' : '0-1')
            ? 2
            : 0;
      const m = at.moves.get(uci) ?? { weight: 0, count: 0 };
      m.weight += score;
      m.count++;
      at.moves.set(uci, m);
      pos.play(san);
    }
  }
  const problems: string[] = [];
  let found = 0;
  for (const { fen, moves } of expected.values()) {
    using pos = Position.fromFen(fen);
    const ours = book.entries(pos);
    found += ours.length;
    const want = [...moves]
      .filter(([, m]) => m.count >= minGame && m.weight > 0)
      .map(([uci, m]) => `${uci}:${m.weight}`)
      .sort();
    const got = ours.map((x) => `${x.uci}:${x.weight}`).sort();
    if (want.join(' ') !== got.join(' '))
      problems.push(`${fen}: Book ${got.join(' ')}, from the games ${want.join(' ')}`);
  }
  if (found !== book.size)
    problems.push(`${found} entries found through the games' positions, the book has ${book.size}`);
  return { positions: expected.size, problems };
}

function readRecords(file: string): GameRecord[] {
  return [...readGames(readFileSync(file, 'utf8'))].map((g) => {
    const record = { result: g.result, moves: g.mainline() };
    g.dispose();
    return record;
  });
}

/**
 * 100 seeded random games of at most 200 plies, results as played or drawn at random.
 * Castling, en passant and promotions are played half the time they are legal, so that the
 * book has many of them.
 */
function randomGames(): { pgn: string; games: GameRecord[] } {
  const random = rng(20240601);
  const games: GameRecord[] = [];
  for (let g = 0; g < 100; g++) {
    using pos = Position.startpos();
    const moves: string[] = [];
    for (let ply = 0; ply < 200 && !pos.outcome(); ply++) {
      const legal = pos.legalMoves();
      const special = legal.filter((x) => isCastling(x) || isEnPassant(x) || isPromotion(x));
      const from = special.length > 0 && random() < 0.5 ? special : legal;
      const m = from[Math.floor(random() * from.length)]!;
      moves.push(pos.san(m));
      pos.play(m);
    }
    const outcome = pos.outcome();
    const result = outcome
      ? outcome.winner === 'w'
        ? '1-0'
        : outcome.winner === 'b'
          ? '0-1'
          : '1/2-1/2'
      : (['1-0', '0-1', '1/2-1/2'] as const)[Math.floor(random() * 3)]!;
    games.push({ result, moves });
  }
  const pgn = games
    .map((g, i) => {
      const movetext = g.moves.map((san, ply) => (ply % 2 === 0 ? `${ply / 2 + 1}. ${san}` : san)).join(' ');
      return `[Event "random ${i + 1}"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "${i + 1}"]\n[White "?"]\n[Black "?"]\n[Result "${g.result}"]\n\n${movetext} ${g.result}\n`;
    })
    .join('\n');
  return { pgn, games };
}

const CASTLING_KING_TO_ROOK: Record<string, string> = { e1g1: 'e1h1', e1c1: 'e1a1', e8g8: 'e8h8', e8c8: 'e8a8' };

/**
 * A book reachable from the start position, written by hand: every position of these lines
 * gets an entry for the move played (weights from a seeded generator), and the last
 * position of a line one entry per alternative. Keys from polyglotKey, moves in the Polyglot
 * layout with castling king-to-rook.
 */
function handBook(): RawEntry[] {
  const random = rng(99);
  const entries = new Map<string, RawEntry>();
  const add = (fen: string, uci: string, weight?: number) => {
    const raw = CASTLING_KING_TO_ROOK[uci] ?? uci;
    const id = `${boardKey(fen)} ${raw}`;
    if (!entries.has(id))
      entries.set(id, { key: polyglotKey(fen), move: rawMove(raw), weight: weight ?? 1 + Math.floor(random() * 100) });
  };
  const lines: [string, string[]][] = [
    // castling: white and black, both wings
    ['e4 e5 Nf3 Nf6 Bc4 Bc5 d3 d6 Be3 Be6 Nc3 Nc6 Qd2 Qd7', ['O-O', 'O-O-O']],
    ['e4 e5 Nf3 Nf6 Bc4 Bc5 d3 d6 Be3 Be6 Nc3 Nc6 Qd2 Qd7 O-O', ['O-O', 'O-O-O']],
    ['e4 e5 Nf3 Nf6 Bc4 Bc5 d3 d6 Be3 Be6 Nc3 Nc6 Qd2 Qd7 O-O-O', ['O-O', 'O-O-O']],
    // promotions to every piece, with and without capture: white, then black
    ['a4 b5 axb5 a6 bxa6 Bb7 axb7 Nc6', ['b8=Q', 'b8=R', 'b8=B', 'b8=N', 'bxa8=Q', 'bxa8=R', 'bxa8=B', 'bxa8=N']],
    ['b4 a5 Nf3 axb4 a3 bxa3 Bb2 axb2 Nc3', ['b1=Q', 'b1=R', 'b1=B', 'b1=N', 'bxa1=Q', 'bxa1=R', 'bxa1=B', 'bxa1=N']],
    // en passant, white and black
    ['e4 d5 e5 f5', ['exf6', 'Nf3']],
    ['Nf3 d5 Nc3 d4 e4', ['dxe3', 'e5']],
  ];
  for (const [line, alternatives] of lines) {
    using pos = Position.startpos();
    for (const san of line.split(' ')) {
      add(pos.fen(), pos.uci(pos.parseSan(san)));
      pos.play(san);
    }
    for (const san of alternatives) add(pos.fen(), pos.uci(pos.parseSan(san)));
  }
  // At the start: an illegal move (polyglot and Book skip it, and leave it out of the total)
  // and a move of weight 0 (dump-book leaves it out; Book lists it).
  add(Position.startpos().fen(), 'e2e5', 500);
  add(Position.startpos().fen(), 'c2c4', 0);
  return [...entries.values()];
}

/** Runs the CLI on a book and a line of SAN moves. */
function cli(file: string, moves: string[], json: boolean): string {
  const args = [bin, 'book', file, '--moves', moves.join(' '), ...(json ? ['--json'] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`chesswasm ${args.slice(1).join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}

interface CliJson {
  fen: string;
  key: string;
  total: number;
  moves: { san: string; uci: string; weight: number; learn: number; percent: number }[];
}

/**
 * A few positions of the dump through the CLI: the JSON and the text output must give the
 * dump's percentages and agree with the package.
 */
function checkCli(file: string, book: Book, lines: DumpMove[][], picks: number): string[] {
  const problems: string[] = [];
  const random = rng(lines.length);
  for (let k = 0; k < picks; k++) {
    const line = lines[Math.floor(random() * lines.length)]!;
    const dumped = line.map((mv, i) => [mv, i] as const).filter(([mv]) => mv.percent !== null);
    const [mv, i] = dumped[Math.floor(random() * Math.min(dumped.length, 6))]!;
    const before = line.slice(0, i).map((x) => x.san);
    const json = JSON.parse(cli(file, before, true)) as CliJson;
    using pos = Position.startpos();
    for (const san of before) pos.play(san);
    const ours = book.entries(pos);
    const where = `${file} after ${before.join(' ') || 'nothing'}`;
    if (json.fen !== pos.fen() || json.key !== polyglotKey(pos.fen()).toString(16).padStart(16, '0'))
      problems.push(`${where}: fen/key ${json.fen} ${json.key}`);
    if (
      JSON.stringify(json.moves.map((x) => [x.san, x.uci, x.weight, x.learn])) !==
      JSON.stringify(ours.map((x) => [x.san, x.uci, x.weight, x.learn]))
    )
      problems.push(`${where}: CLI ${JSON.stringify(json.moves)} vs package ${JSON.stringify(ours)}`);
    const entry = json.moves.find((x) => x.san === mv.san);
    if (
      !entry ||
      dumpPercent(entry.weight, json.total) !== mv.percent ||
      Math.abs(entry.percent - (100 * entry.weight) / json.total) > 0.005
    )
      problems.push(`${where}: ${mv.san} ${mv.percent}% vs CLI ${JSON.stringify(entry)}`);
    // The text output: a header, then "SAN UCI weight share%" per move, in the same order.
    const rows = cli(file, before, false).trimEnd().split('\n');
    const parsed = rows.slice(1).map((r) => r.trim().split(/\s+/));
    if (!/^move\s+uci\s+weight\s+share$/.test(rows[0]!) || parsed.length !== json.moves.length)
      problems.push(`${where}: text output ${rows.join(' / ')}`);
    parsed.forEach(([san, uci, weight, share], j) => {
      const x = json.moves[j]!;
      const exact = (100 * x.weight) / json.total;
      if (
        san !== x.san ||
        uci !== x.uci ||
        Number(weight) !== x.weight ||
        !/%$/.test(share!) ||
        Math.abs(parseFloat(share!) - exact) > 0.05
      )
        problems.push(`${where}: text row ${rows[j + 1]} vs ${JSON.stringify(x)}`);
    });
  }
  return problems;
}

const lichess = path.join(DATA, 'pgn/lichess-2013-01.pgn');
const corpus = path.join(DATA, 'corpus/stockfish-selfplay.pgn');

/** A value computed on first use (collection stays cheap, and skipped suites cost nothing). */
function lazy<T>(make: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}

describe.runIf(polyglotAvailable)('Book vs polyglot make-book / dump-book', () => {
  const random = lazy(randomGames);
  const randomPgn = lazy(() => {
    const file = path.join(tmp, 'random.pgn');
    writeFileSync(file, random().pgn);
    return file;
  });
  const hand = lazy(() => {
    const file = path.join(tmp, 'hand.bin');
    writeFileSync(file, writeBook(handBook()));
    return file;
  });

  const books: {
    name: string;
    file: () => string;
    weights?: { games: () => GameRecord[]; minGame: number; maxPly?: number };
    minMoves: number;
  }[] = [
    {
      name: 'lichess, min-game 1',
      file: () => makeBook('lichess1', lichess, ['-min-game', '1']),
      weights: { games: () => readRecords(lichess), minGame: 1 },
      minMoves: 1500,
    },
    {
      name: 'lichess, default (min-game 3)',
      file: () => makeBook('lichess3', lichess, []),
      weights: { games: () => readRecords(lichess), minGame: 3 },
      minMoves: 12,
    },
    {
      name: 'stockfish self-play with variations, max-ply 40',
      file: () => makeBook('corpus', corpus, ['-min-game', '1', '-max-ply', '40']),
      weights: { games: () => readRecords(corpus), minGame: 1, maxPly: 40 },
      minMoves: 5000,
    },
    {
      name: 'random games',
      file: () => makeBook('random', randomPgn(), ['-min-game', '1']),
      weights: { games: () => random().games, minGame: 1 },
      minMoves: 12000,
    },
    { name: 'hand-made', file: () => hand(), minMoves: 60 },
  ];

  describe.each(books)('$name', ({ name, file, weights, minMoves }) => {
    const setup = lazy(() => {
      const bookFile = file();
      const bytes = readFileSync(bookFile);
      return {
        bookFile,
        bytes,
        book: Book.fromBytes(bytes),
        dumps: { white: dumpBook(bookFile, 'white'), black: dumpBook(bookFile, 'black') },
      };
    });

    test('size', () => {
      const { book, bytes } = setup();
      expect(book.size).toBe(bytes.length / 16);
      expect(book.size).toBeGreaterThan(0);
    });

    test.each(['white', 'black'] as const)(
      'every line of dump-book -color %s is found move by move, with its percentages',
      (color) => {
        const { book, dumps } = setup();
        const r = checkDump(book, dumps[color]);
        expect(r.problems.slice(0, 10)).toEqual([]);
        expect(r.moves).toBeGreaterThanOrEqual(minMoves);
        if (name === 'random games') {
          // The special moves are there (castling both wings, en passant, every promotion piece).
          const sans = new Set(r.entries.map((x) => x.entry.san.replace(/[+#]$/, '')));
          expect(['O-O', 'O-O-O'].every((s) => sans.has(s))).toBe(true);
          expect(r.entries.some((x) => isEnPassant(x.entry.move))).toBe(true);
          for (const p of 'QRBN')
            expect(
              [...sans].some((s) => s.endsWith(`=${p}`)),
              `promotion to ${p}`,
            ).toBe(true);
        }
        if (name === 'hand-made') {
          const sans = r.entries.map((x) => x.entry.san.replace(/[+#]$/, ''));
          for (const s of ['b8=Q', 'b8=R', 'b8=B', 'b8=N', 'bxa8=Q', 'bxa8=R', 'bxa8=B', 'bxa8=N', 'O-O', 'O-O-O'].map(
            (s) => (color === 'white' ? s : s.replace('8', '1')),
          ))
            expect(sans, s).toContain(s);
          expect(r.entries.filter((x) => isCastling(x.entry.move)).length).toBe(color === 'white' ? 2 : 4);
          expect(r.entries.some((x) => isEnPassant(x.entry.move))).toBe(true);
        }
      },
    );

    if (weights) {
      test('every entry has the weight its games give it', () => {
        const r = checkWeights(setup().book, weights.games(), weights.minGame, weights.maxPly);
        expect(r.problems.slice(0, 10)).toEqual([]);
        expect(r.positions).toBeGreaterThanOrEqual(minMoves / 2);
      });
    }

    test('through the CLI (--json and text), for positions of both dumps', () => {
      const { bookFile, book, dumps } = setup();
      const problems = [...checkCli(bookFile, book, dumps.white, 1), ...checkCli(bookFile, book, dumps.black, 1)];
      expect(problems).toEqual([]);
    });
  });

  test('the hand-made book: Book lists weight 0 and skips the illegal move, as dump-book leaves them out', () => {
    const book = Book.fromBytes(readFileSync(hand()));
    using pos = Position.startpos();
    const entries = book.entries(pos);
    expect(entries.find((x) => x.uci === 'c2c4')?.weight).toBe(0);
    expect(entries.find((x) => x.uci === 'e2e5')).toBeUndefined();
    const first = dumpBook(hand(), 'white').map((line) => line[0]!.san);
    expect(first).not.toContain('c4');
    expect(new Set(first)).toEqual(new Set(entries.filter((x) => x.weight > 0).map((x) => x.san)));
  });

  test('a move written twice for one key: dump-book prints both, Book one with the weights added', () => {
    const start = Position.startpos().fen();
    const file = path.join(tmp, 'twice.bin');
    const e = (uci: string, weight: number): RawEntry => ({ key: polyglotKey(start), move: rawMove(uci), weight });
    writeFileSync(file, writeBook([e('e2e4', 1), e('d2d4', 199), e('e2e4', 3)]));
    const dumped = dumpBook(file, 'white').map((line) => line[0]!);
    expect(dumped).toEqual([
      { san: 'e4', percent: 0 },
      { san: 'd4', percent: 98 },
      { san: 'e4', percent: 1 },
    ]);
    using pos = Position.startpos();
    const entries = Book.fromBytes(readFileSync(file)).entries(pos);
    expect(entries.map((x) => [x.san, x.weight])).toEqual([
      ['d4', 199],
      ['e4', 4],
    ]);
    // 4 / 203 = 1.97%: the sum of the two lines' shares.
    expect(dumpPercent(4, 203)).toBe(2);
  });
});

test.skipIf(polyglotAvailable)('polyglot is installed (scripts/check-deps.sh installs it)', () => {
  expect.fail(`${POLYGLOT} is missing: apt-get install -y polyglot`);
});
