// chesswasm/database: the explorer's counts against an independent count (every main-line
// position of every game walked with chessops, keyed once per game, counted in a Map by key,
// the moves by chessops' SAN), over the 100 real lichess games of tests/data and 1,000
// lichess-like ones imported in batches of 100 (so that segments are merged); transpositions
// and repeated positions; the filters against the tags; duplicates, malformed games, every
// kind of source, variants' namespaces, games(), game(), remove(), the errors.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Chess as OpsChess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { makeSan, parseSan } from 'chessops/san';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Game, Position, readGames } from 'chesswasm';
import { DatabaseError, GameDatabase, type Explorer, type GameFilter } from 'chesswasm/database';
import { lichessLikeGames } from '../bench/database-corpus.mjs';
import { DATA } from './helpers.js';

const REAL = readFileSync(path.join(DATA, 'pgn/lichess-2013-01.pgn'), 'utf8');
// The corpus generator, typed for the package's sources (it is written against dist/).
const generate = lichessLikeGames as (P: unknown, read: unknown, n: number, seed: number) => string[];
const LIKE = generate(Position, readGames, 1000, 11).join('\n');
const CORPUS = REAL + '\n' + LIKE;

interface Count {
  games: number;
  white: number;
  draws: number;
  black: number;
  moves: Map<string, { games: number; white: number; draws: number; black: number }>;
}
interface Tags {
  [name: string]: string;
}

// The independent count: chessops plays each main line; the key of each position is the
// package's Polyglot key of chessops' FEN (the FEN, not the package's own move sequence).
function independentCount(pgn: string): { byKey: Map<bigint, Count>; tags: Tags[] } {
  const byKey = new Map<bigint, Count>();
  const tags: Tags[] = [];
  for (const g of parsePgn(pgn)) {
    const t: Tags = Object.fromEntries(g.headers);
    tags.push(t);
    const result = t.Result ?? '*';
    const pos = startingPosition(g.headers).unwrap() as OpsChess;
    const seen = new Set<bigint>();
    const line: string[] = [];
    for (const node of g.moves.mainline()) line.push(node.san);
    for (let ply = 0; ; ply++) {
      const key = Position.fromFen(makeFen(pos.toSetup())).hash();
      const san = line[ply];
      const move = san === undefined ? undefined : parseSan(pos, san);
      if (!seen.has(key)) {
        seen.add(key);
        let c = byKey.get(key);
        if (!c) byKey.set(key, (c = { games: 0, white: 0, draws: 0, black: 0, moves: new Map() }));
        const bump = (o: { games: number; white: number; draws: number; black: number }): void => {
          o.games++;
          if (result === '1-0') o.white++;
          else if (result === '0-1') o.black++;
          else if (result === '1/2-1/2') o.draws++;
        };
        bump(c);
        if (move !== undefined) {
          const s = makeSan(pos, move);
          let m = c.moves.get(s);
          if (!m) c.moves.set(s, (m = { games: 0, white: 0, draws: 0, black: 0 }));
          bump(m);
        }
      }
      if (move === undefined) break;
      pos.play(move);
    }
  }
  return { byKey, tags };
}

const asCount = (e: Explorer): unknown => ({
  games: e.games,
  white: e.white,
  draws: e.draws,
  black: e.black,
  moves: Object.fromEntries(
    e.moves.map((m) => [m.san, { games: m.games, white: m.white, draws: m.draws, black: m.black }]),
  ),
});
const expected = (c: Count | undefined): unknown =>
  c === undefined
    ? { games: 0, white: 0, draws: 0, black: 0, moves: {} }
    : { games: c.games, white: c.white, draws: c.draws, black: c.black, moves: Object.fromEntries(c.moves) };

// The independent count of CORPUS, made once for the tests that need it.
let corpusCount: ReturnType<typeof independentCount> | null = null;
const independentCorpus = (): ReturnType<typeof independentCount> => (corpusCount ??= independentCount(CORPUS));

const dir = mkdtempSync(path.join(os.tmpdir(), 'cw-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('explore against an independent count', () => {
  let db: GameDatabase;
  let independent: ReturnType<typeof independentCount>;
  let fens: string[];
  beforeAll(async () => {
    db = await GameDatabase.open(path.join(dir, 'corpus.db'));
    const r = await db.addGames(CORPUS, { batchSize: 100 });
    expect(r).toEqual({ added: 1100, skipped: 0, errors: [] });
    independent = independentCorpus();
    // Positions to look at: along ten games of each corpus, every ply (openings, rare middle games).
    fens = [];
    const games = [...readGames(CORPUS)];
    for (const g of [...games.slice(0, 10), ...games.slice(100, 110)]) {
      const pos = Position.startpos();
      for (const node of g.mainlineNodes()) {
        fens.push(pos.fen());
        pos.play(node.move);
      }
      fens.push(pos.fen());
      pos.dispose();
    }
  }, 120_000);
  afterAll(() => db.close());

  test('the start position and every position along twenty games', () => {
    expect(db.count()).toBe(1100);
    expect(fens.length).toBeGreaterThan(1000);
    for (const fen of fens) {
      const key = Position.fromFen(fen).hash();
      expect(asCount(db.explore(fen)), fen).toEqual(expected(independent.byKey.get(key)));
    }
    const start = db.explore(Position.startpos());
    expect(start.games).toBe(1100);
    expect(start.moves.map((m) => m.games)).toEqual([...start.moves.map((m) => m.games)].sort((a, b) => b - a));
  });

  test('a position no game reached, and a FEN or Position of another variant', () => {
    expect(asCount(db.explore('8/8/8/4k3/8/8/8/4K2R w K - 0 1'))).toEqual(expected(undefined));
    expect(db.explore(Position.startpos('atomic')).games).toBe(0);
  });

  test('averageRating and lastDate of a move from the games that played it', () => {
    const e4 = db.explore(Position.startpos()).moves.find((m) => m.uci === 'e2e4')!;
    const games = [...readGames(CORPUS)].filter((g) => g.mainline()[0] === 'e4');
    expect(e4.games).toBe(games.length);
    const rating = (v: string | undefined): number => (Number.isInteger(Number(v)) ? Number(v) : 0);
    const rated = games.filter((g) => rating(g.tags.get('WhiteElo')) > 0 && rating(g.tags.get('BlackElo')) > 0);
    const mean =
      rated.reduce((n, g) => n + (Number(g.tags.get('WhiteElo')) + Number(g.tags.get('BlackElo'))) / 2, 0) /
      rated.length;
    expect(e4.averageRating).toBe(Math.round(mean));
    const dates = games.map((g) => g.tags.get('Date')!).filter((d) => !d.includes('?'));
    expect(e4.lastDate).toBe(dates.sort().at(-1));
  });

  test('filters: the same games as the tags say, in explore, count and games(null)', () => {
    const tags = independent.tags;
    // A player with games of both colours.
    const whites = new Set(tags.map((t) => t.White));
    const player = tags.map((t) => t.Black!).find((name) => whites.has(name) && name.startsWith('player'))!;
    const speed = (tc: string | undefined): string => {
      if (tc === undefined) return '?';
      if (tc === '-') return 'correspondence';
      const [base, inc] = tc.split('+').map(Number);
      const t = base! + 40 * (inc ?? 0);
      return t < 30 ? 'ultraBullet' : t < 180 ? 'bullet' : t < 480 ? 'blitz' : t < 1500 ? 'rapid' : 'classical';
    };
    const date = (t: Tags): string => (t.Date && !t.Date.startsWith('?') ? t.Date : (t.UTCDate ?? '????.??.??'));
    const cases: [GameFilter, (t: Tags) => boolean][] = [
      [{ player: player.toUpperCase() }, (t) => t.White === player || t.Black === player],
      [{ player, color: 'w' }, (t) => t.White === player],
      [{ player, color: 'b' }, (t) => t.Black === player],
      [{ minRating: 1800 }, (t) => Number(t.WhiteElo) >= 1800 && Number(t.BlackElo) >= 1800],
      [{ maxRating: 1500 }, (t) => Number(t.WhiteElo) <= 1500 && Number(t.BlackElo) <= 1500],
      [{ minRating: 1500, maxRating: 2000 }, (t) => [t.WhiteElo, t.BlackElo].every((r) => +r! >= 1500 && +r! <= 2000)],
      [{ since: '2020' }, (t) => date(t) >= '2020'],
      [{ until: '2015.06' }, (t) => date(t) <= '2015.06.31' && !date(t).startsWith('?')],
      [{ since: '2016.02.10', until: '2016.03' }, (t) => date(t) >= '2016.02.10' && date(t) <= '2016.03.31'],
      [{ result: '1/2-1/2' }, (t) => t.Result === '1/2-1/2'],
      [{ result: ['1-0', '0-1'] }, (t) => t.Result === '1-0' || t.Result === '0-1'],
      [{ timeControl: 'blitz' }, (t) => speed(t.TimeControl) === 'blitz'],
      [
        { timeControl: ['bullet', 'correspondence'] },
        (t) => ['bullet', 'correspondence'].includes(speed(t.TimeControl)),
      ],
      [
        { timeControl: 'rapid', minRating: 1400, result: '1-0' },
        (t) => speed(t.TimeControl) === 'rapid' && +t.WhiteElo! >= 1400 && +t.BlackElo! >= 1400 && t.Result === '1-0',
      ],
    ];
    for (const [filter, keep] of cases) {
      const n = tags.filter(keep).length;
      expect(n, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(n, JSON.stringify(filter)).toBeLessThan(1100);
      expect(db.explore(Position.startpos(), filter).games, JSON.stringify(filter)).toBe(n);
      expect(db.count(filter), JSON.stringify(filter)).toBe(n);
      expect(db.games(null, filter, { limit: 10_000 }).length, JSON.stringify(filter)).toBe(n);
      expect(db.games(Position.startpos(), filter, { limit: 10_000 }).length, JSON.stringify(filter)).toBe(n);
    }
    // With a player, the rating bounds are the opponent's.
    const mine = tags.filter((t) => t.White === player || t.Black === player);
    const opp = (t: Tags): number => Number(t.White === player ? t.BlackElo : t.WhiteElo);
    const strong = mine.filter((t) => opp(t) >= 1700).length;
    expect(db.explore(Position.startpos(), { player, minRating: 1700 }).games).toBe(strong);
    expect(db.count({ player, minRating: 1700 })).toBe(strong);
  });

  test('games(): pages in order, the ply of the position, and game() positioned there', () => {
    const pos = Position.startpos();
    pos.play('e4');
    pos.play('c5');
    const all = db.games(pos, {}, { limit: 10_000 });
    expect(all.length).toBe(db.explore(pos).games);
    const dates = all.map((h) => h.Date!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(db.games(pos, {}, { limit: 5, offset: 5 })).toEqual(all.slice(5, 10));
    const oldest = db.games(pos, {}, { order: 'oldest', limit: 3 });
    expect(oldest[0]!.Date! <= oldest[2]!.Date!).toBe(true);
    for (const h of all.slice(0, 5)) {
      expect(h.ply).toBe(2);
      const game = db.game(h.id, h.ply!);
      expect(game.position.fen()).toBe(pos.fen());
      expect(game.tags.get('White')).toBe(h.White);
    }
    expect(() => db.game(999_999)).toThrow(expect.objectContaining({ code: 'not-found' }));
  });
});

// The positions where each game of a PGN text ends, as FENs.
function finalFens(pgn: string): string[] {
  const out: string[] = [];
  for (const g of readGames(pgn)) {
    const pos = Position.fromFen(g.rootFen);
    for (const node of g.mainlineNodes()) pos.play(node.move);
    out.push(pos.fen());
    pos.dispose();
  }
  return out;
}

describe('busy positions: stored totals, pages in date order, removals', () => {
  // A filter that passes every game of the corpus but makes explore read the entries (a
  // filter is applied to each), not the totals a busy position has per segment.
  const EVERY: GameFilter = { until: '4095' };
  const same = (db: GameDatabase, fen: string): void => {
    const e = db.explore(fen);
    expect(e, fen).toEqual(db.explore(fen, EVERY));
  };

  test('one batch of 1,100 games (its key arrays grow): the position each game ends in counted', async () => {
    const db = await GameDatabase.open(':memory:');
    expect((await db.addGames(CORPUS, { batchSize: 2000 })).added).toBe(1100);
    const independent = independentCorpus();
    for (const fen of finalFens(CORPUS))
      expect(asCount(db.explore(fen)), fen).toEqual(expected(independent.byKey.get(Position.fromFen(fen).hash())));
    db.close();
  });

  test('explore with totals equals explore over the entries, before and after removals', async () => {
    const db = await GameDatabase.open(':memory:');
    // Batches of 150: the start position has 150 entries in each new segment (stored totals)
    // and the deeper openings fewer (entries read); merges make both at every level.
    await db.addGames(CORPUS, { batchSize: 150 });
    const fens: string[] = [];
    for (const moves of [[], ['e4'], ['d4'], ['e4', 'c5'], ['e4', 'e5', 'Nf3'], ['d4', 'd5', 'c4']]) {
      const pos = Position.startpos();
      for (const m of moves) pos.play(m);
      fens.push(pos.fen());
      pos.dispose();
    }
    for (const fen of fens) same(db, fen);
    // One game at a time out of the totals (three of them), then many (the segments rewritten).
    const newest = db.games(null, {}, { limit: 3 });
    for (const h of newest) expect(db.remove(h.id)).toBe(1);
    for (const fen of fens) same(db, fen);
    expect(db.explore(fens[0]!).games).toBe(1097);
    // More than 1,000 at once: the segments that hold them are rewritten without them.
    expect(db.remove({ until: '2025.06' })).toBeGreaterThan(1000);
    expect(db.count()).toBeGreaterThan(10);
    for (const fen of fens) same(db, fen);
    // Against an independent count of the games left.
    const left = [...db.exportGames()].map((g) => g.pgn).join('\n\n');
    const independent = independentCount(left);
    for (const fen of fens)
      expect(asCount(db.explore(fen)), fen).toEqual(expected(independent.byKey.get(Position.fromFen(fen).hash())));
    expect(db.explore(fens[0]!).games).toBe(db.count());
    db.close();
  });

  test('a store of format 1 (entries by key then game, no totals) is upgraded when opened: the same answers', async () => {
    const file = path.join(dir, 'format1.db');
    const db = await GameDatabase.open(file);
    await db.addGames(CORPUS, { batchSize: 150 });
    db.remove(db.games(null, {}, { limit: 1 })[0]!.id);
    const start = Position.startpos();
    const sicilian = Position.startpos();
    for (const m of ['e4', 'c5']) sicilian.play(m);
    const answers = (d: GameDatabase): unknown => [
      d.explore(start),
      d.explore(sicilian),
      d.explore(start, { timeControl: 'blitz' }),
      d.games(start, {}, { limit: 30, offset: 10 }),
      d.games(sicilian, {}, { order: 'oldest', limit: 30 }),
      d.games(sicilian, {}, { order: 'rating', limit: 30 }),
    ];
    const before = answers(db);
    db.close();
    // Made into format 1 with SQLite itself: each chunk's entries sorted by key, then game
    // (the old order: runs of a key no longer in date order), the totals and the segments'
    // id ranges gone.
    const { default: init } = await import('@sqlite.org/sqlite-wasm');
    const sqlite3 = await init();
    const bytes = new Uint8Array(readFileSync(file)); // (a Uint8Array, not a Buffer, for the allocator)
    const raw = new sqlite3.oo1.DB(':memory:', 'c');
    const p = sqlite3.wasm.allocFromTypedArray(bytes);
    const { SQLITE_DESERIALIZE_FREEONCLOSE, SQLITE_DESERIALIZE_RESIZEABLE } = sqlite3.capi;
    expect(
      sqlite3.capi.sqlite3_deserialize(
        raw.pointer!,
        'main',
        p,
        bytes.length,
        bytes.length,
        SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE,
      ),
    ).toBe(0);
    const chunks = raw.exec({ sql: 'SELECT id, data FROM chunks', rowMode: 'array', returnValue: 'resultRows' });
    let moved = 0;
    for (const [id, data] of chunks as [number, Uint8Array][]) {
      const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
      const order = Array.from({ length: data.length / 24 }, (_, i) => i);
      const field = (i: number, at: number): number =>
        at === 0 ? v.getInt32(i * 24, true) : v.getUint32(i * 24 + at, true);
      order.sort((a, b) => field(a, 0) - field(b, 0) || field(a, 4) - field(b, 4) || field(a, 8) - field(b, 8));
      const out = new Uint8Array(data.length);
      order.forEach((from, to) => {
        if (from !== to) moved++;
        out.set(data.subarray(from * 24, from * 24 + 24), to * 24);
      });
      raw.exec({ sql: 'UPDATE chunks SET data = ? WHERE id = ?', bind: [out, id] });
    }
    expect(moved).toBeGreaterThan(100);
    raw.exec(`DROP TABLE totals; ALTER TABLE segments DROP COLUMN min_game; ALTER TABLE segments DROP COLUMN max_game;
      UPDATE meta SET value = 1 WHERE name = 'format'`);
    writeFileSync(file, sqlite3.capi.sqlite3_js_db_export(raw));
    raw.close();
    const upgraded = await GameDatabase.open(file);
    expect(answers(upgraded)).toEqual(before);
    upgraded.close();
    const check = await GameDatabase.open(file); // opened again: format 2 now, nothing to upgrade
    expect(answers(check)).toEqual(before);
    check.close();
  });

  test('a page of the games at a busy position, newest or oldest first, is the order of all of them', async () => {
    const db = await GameDatabase.open(':memory:');
    await db.addGames(CORPUS, { batchSize: 150 });
    db.remove(db.games(null, {}, { order: 'oldest', limit: 1, offset: 500 })[0]!.id);
    const start = Position.startpos();
    for (const order of ['newest', 'oldest'] as const) {
      // Every game starts from the start position: the same order as the games table's.
      const all = db.games(null, {}, { order, limit: 10_000 }).map((h) => h.id);
      expect(all.length).toBe(1099);
      expect(db.games(start, {}, { order, limit: 10_000 }).map((h) => h.id)).toEqual(all);
      expect(db.games(start, {}, { order, limit: 7, offset: 300 }).map((h) => h.id)).toEqual(all.slice(300, 307));
      const blitz = db.games(null, { timeControl: 'blitz' }, { order, limit: 10_000 }).map((h) => h.id);
      expect(db.games(start, { timeControl: 'blitz' }, { order, limit: 10_000 }).map((h) => h.id)).toEqual(blitz);
    }
    db.close();
  });
});

describe('transpositions, repetitions, variants', () => {
  test('two move orders reach one position: counted once each, the moves from it merged', async () => {
    const db = await GameDatabase.open(':memory:');
    await db.addGames(
      [
        '[Result "1-0"]\n\n1. e4 e6 2. d4 d5 3. Nc3 1-0',
        '[Result "0-1"]\n\n1. d4 e6 2. e4 d5 3. e5 0-1',
        '[Result "1/2-1/2"]\n\n1. d4 d5 2. e4 e6 3. Nc3 1/2-1/2',
        // The start position again after four plies: the game counts there once, with Nf3.
        '[Result "*"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. e4 *',
      ].join('\n\n'),
    );
    const french = Position.startpos();
    for (const m of ['e4', 'e6', 'd4', 'd5']) french.play(m);
    const e = db.explore(french);
    expect([e.games, e.white, e.draws, e.black]).toEqual([3, 1, 1, 1]);
    expect(e.moves.map((m) => [m.san, m.games])).toEqual([
      ['Nc3', 2],
      ['e5', 1],
    ]);
    expect(
      db
        .games(french, {}, { limit: 10 })
        .map((h) => h.ply)
        .sort(),
    ).toEqual([4, 4, 4]);
    const start = db.explore(Position.startpos());
    expect([start.games, start.white, start.draws, start.black]).toEqual([4, 1, 1, 1]); // '*' in games only
    expect(start.moves.find((m) => m.san === 'Nf3')!.games).toBe(1);
    db.close();
  });

  test('each variant in its own namespace', async () => {
    const db = await GameDatabase.open(':memory:');
    const moves = '1. e4 e5 2. Nf3 Nc6 *';
    const r = await db.addGames(
      `[Variant "Atomic"]\n\n${moves}\n\n[Variant "Crazyhouse"]\n\n${moves}\n\n${moves}\n\n[Event "Two"]\n\n${moves}`,
    );
    expect(r.added).toBe(4);
    expect(db.explore(Position.startpos()).games).toBe(2);
    expect(db.explore(Position.startpos('atomic')).games).toBe(1);
    expect(db.explore(Position.startpos('crazyhouse')).moves.map((m) => m.uci)).toEqual(['e2e4']);
    expect(db.explore(Position.startpos('horde')).games).toBe(0);
    db.close();
  });
});

describe('importing', () => {
  test('duplicates (the same tags and moves) are skipped, in one source and across imports', async () => {
    const db = await GameDatabase.open(':memory:');
    const a = '[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n';
    const otherTags = '[White "a"]\n[Black "c"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n';
    const otherMoves = '[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. d4 e5 1-0\n\n';
    const withComment = '[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 {a comment} e5 (1... c5) 1-0\n\n';
    expect(await db.addGames(a + a + otherTags)).toEqual({ added: 2, skipped: 1, errors: [] });
    expect(await db.addGames(otherMoves + a + withComment)).toEqual({ added: 1, skipped: 2, errors: [] });
    expect(db.count()).toBe(3);
    db.close();
  });

  test('a malformed game is reported (index, line, column, code) and the others are stored', async () => {
    const db = await GameDatabase.open(':memory:');
    const text = '[Event "1"]\n\n1. e4 e5 *\n\n[Event "2"]\n\n1. e4 Ke7 2. Qh5 Kd9 *\n\n[Event "3"]\n\n1. d4 *\n';
    const r = await db.addGames(text);
    expect(r.added).toBe(2);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ index: 1, line: 7 });
    expect(r.errors[0]!.code).toMatch(/^[a-z-]+$/);
    expect(r.errors[0]!.column).toBeGreaterThan(1);
    expect(
      db
        .games(null, {}, { order: 'oldest' })
        .map((h) => h.Event)
        .sort(),
    ).toEqual(['1', '3']);
    db.close();
  });

  test('sources: a string, bytes, chunks cut anywhere (async or not), a ReadableStream: the same store', async () => {
    const bytes = new TextEncoder().encode(REAL);
    const cuts = (size: number): Uint8Array[] => {
      const out: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
      return out;
    };
    async function* slowly(): AsyncGenerator<Uint8Array> {
      for (const c of cuts(997)) yield c;
    }
    const sources = [
      REAL,
      bytes,
      cuts(4096),
      slowly(),
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const c of cuts(1500)) controller.enqueue(c);
          controller.close();
        },
      }),
    ];
    const reference = await GameDatabase.open(':memory:');
    await reference.addGames(REAL);
    const start = reference.explore(Position.startpos());
    for (const source of sources) {
      const db = await GameDatabase.open(':memory:');
      const progress: number[] = [];
      const r = await db.addGames(source, { batchSize: 30, onProgress: (p) => progress.push(p.added) });
      expect(r).toEqual({ added: 100, skipped: 0, errors: [] });
      expect(progress).toEqual([30, 60, 90, 100]);
      expect(db.explore(Position.startpos())).toEqual(start);
      db.close();
    }
    reference.close();
  });

  test('an aborted import keeps the games read before the signal and rejects with its reason', async () => {
    const db = await GameDatabase.open(':memory:');
    const controller = new AbortController();
    const p = db.addGames(REAL, {
      batchSize: 10,
      onProgress: (pr) => {
        if (pr.added >= 20) controller.abort(new Error('stop'));
      },
      signal: controller.signal,
    });
    await expect(p).rejects.toThrow('stop');
    expect(db.count()).toBeGreaterThanOrEqual(20);
    expect(db.count()).toBeLessThan(100);
    const kept = db.count();
    expect(await db.addGames(REAL)).toEqual({ added: 100 - kept, skipped: kept, errors: [] });
    db.close();
  });

  test('game() keeps comments, variations and clocks', async () => {
    const db = await GameDatabase.open(':memory:');
    await db.addGames('[White "x"]\n\n1. e4 {[%clk 0:03:00] best} (1. d4 d5) 1... e5 2. Nf3 $1 *');
    const [h] = db.games(null);
    const g = db.game(h!.id);
    expect(g.current.ply).toBe(0);
    expect(g.pgn()).toBe(
      Game.fromPgn('[White "x"]\n\n1. e4 {[%clk 0:03:00] best} (1. d4 d5) 1... e5 2. Nf3 $1 *').pgn(),
    );
    expect(db.game(h!.id, 3).current.san).toBe('Nf3');
    db.close();
  });
});

describe('remove and errors', () => {
  test('remove(id) and remove(filter): gone from count, explore and games', async () => {
    const db = await GameDatabase.open(':memory:');
    await db.addGames(REAL, { batchSize: 10 });
    const before = db.explore(Position.startpos());
    const [first] = db.games(null, {}, { order: 'oldest' });
    expect(db.remove(first!.id)).toBe(1);
    expect(db.remove(first!.id)).toBe(0);
    expect(db.explore(Position.startpos()).games).toBe(before.games - 1);
    const blitz = db.count({ timeControl: 'blitz' });
    expect(db.remove({ timeControl: 'blitz' })).toBe(blitz);
    expect(db.count()).toBe(99 - blitz);
    expect(db.explore(Position.startpos()).games).toBe(99 - blitz);
    expect(db.games(Position.startpos(), { timeControl: 'blitz' })).toEqual([]);
    // The index keeps the removed games' entries until a merge: importing more merges them away.
    await db.addGames(LIKE.slice(0, 200_000), { batchSize: 10 });
    expect(db.explore(Position.startpos()).games).toBe(db.count());
    db.close();
  });

  test('DatabaseError codes: damaged, newer format, locked, closed, invalid arguments', async () => {
    const junk = path.join(dir, 'junk.db');
    writeFileSync(junk, 'not a database '.repeat(500));
    await expect(GameDatabase.open(junk)).rejects.toMatchObject({ name: 'DatabaseError', code: 'damaged' });

    const { default: init } = await import('@sqlite.org/sqlite-wasm');
    const sqlite3 = await init();
    const mem = new sqlite3.oo1.DB(':memory:', 'c');
    mem.exec("CREATE TABLE meta (name TEXT PRIMARY KEY, value) WITHOUT ROWID; INSERT INTO meta VALUES ('format', 99)");
    const newer = path.join(dir, 'newer.db');
    writeFileSync(newer, sqlite3.capi.sqlite3_js_db_export(mem));
    mem.close();
    await expect(GameDatabase.open(newer)).rejects.toMatchObject({ code: 'newer-format' });

    // A lock held by a live process (this one's id: another connection of this process).
    const locked = path.join(dir, 'locked.db');
    (await GameDatabase.open(locked)).close();
    writeFileSync(`${locked}-lock`, String(process.pid));
    const t = performance.now();
    await expect(GameDatabase.open(locked, { busyTimeout: 200 })).rejects.toMatchObject({ code: 'locked' });
    expect(performance.now() - t).toBeGreaterThanOrEqual(150);
    rmSync(`${locked}-lock`);
    // A stale lock (its process is gone) is taken over.
    writeFileSync(`${locked}-lock`, '2147483646');
    const db = await GameDatabase.open(locked, { busyTimeout: 200 });
    expect(db.count()).toBe(0);

    for (const bad of [
      () => db.explore('not a fen'),
      () => db.explore(Position.startpos(), { color: 'w' }),
      () => db.explore(Position.startpos(), { since: 'yesterday' }),
      () => db.explore(Position.startpos(), { timeControl: 'hyper' as 'blitz' }),
      () => db.explore(Position.startpos(), { minRating: -1 }),
      () => db.explore(Position.startpos(), { nope: 1 } as GameFilter),
      () => db.games(null, {}, { limit: -1 }),
    ])
      expect(bad).toThrow(expect.objectContaining({ name: 'DatabaseError', code: 'invalid-argument' }));
    await expect(db.addGames(42 as unknown as string)).rejects.toBeInstanceOf(DatabaseError);
    db.close();
    db.close();
    expect(() => db.count()).toThrow(expect.objectContaining({ code: 'closed' }));
  });

  test('GameDatabase.delete: the file and its journal gone; refused while open or written elsewhere', async () => {
    const file = path.join(dir, 'deleted.db');
    const db = await GameDatabase.open(file);
    await db.addGames('[White "A"] [Black "B"] [Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n');
    // Open here (by another spelling of its path too): refused, nothing removed.
    await expect(GameDatabase.delete(file)).rejects.toMatchObject({ name: 'DatabaseError', code: 'locked' });
    await expect(GameDatabase.delete(path.relative(process.cwd(), file))).rejects.toMatchObject({ code: 'locked' });
    expect(existsSync(file)).toBe(true);
    expect(db.count()).toBe(1);
    db.close();
    // Another process's lock (a live process's id): refused.
    writeFileSync(`${file}-lock`, String(process.ppid));
    await expect(GameDatabase.delete(file)).rejects.toMatchObject({ code: 'locked' });
    expect(existsSync(file)).toBe(true);
    rmSync(`${file}-lock`);
    // A journal left beside it (a killed import's) goes with it; the lock is not left behind.
    writeFileSync(`${file}-journal`, 'a journal');
    expect(await GameDatabase.delete(file)).toBe(true);
    for (const f of [file, `${file}-journal`, `${file}-lock`]) expect(existsSync(f)).toBe(false);
    expect(await GameDatabase.delete(file)).toBe(false);
    // Opened again: a new, empty store.
    const again = await GameDatabase.open(file);
    expect(again.count()).toBe(0);
    again.close();
    for (const bad of [':memory:', '', 42 as unknown as string])
      await expect(GameDatabase.delete(bad)).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
