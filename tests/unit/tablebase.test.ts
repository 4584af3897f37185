// chesswasm/tablebase (web/src/apps/tablebase): the JS side of the prober, whose decoding the
// native suite checks (tests/cpp/test_tablebase.cpp: python-chess's positions, the fathom.tsv
// oracle, the read protocol, 300 corrupted files). Here: the answers through the boundary and the
// asynchronous reads, compared with Debian's fathom run now on positions of every table that the
// native suite does not use (another seed), every move's verdict with fathom's move lists, the
// readers (folder, custom reader, URL with Range requests, the cache), what a cold probe reads,
// concurrent probes, damaged and truncated files, and the refusals.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Position } from 'chesswasm';
import {
  Tablebase,
  TablebaseError,
  type TablebaseDirectory,
  type TablebaseFileHandle,
  type TablebaseMove,
  type TablebaseReader,
} from 'chesswasm/tablebase';
import { prng } from '../tools/prng.mjs';
import { tablePlacement } from '../tools/tb-positions.mjs';
import { DATA } from './helpers.js';

const DIR = path.join(DATA, 'syzygy');
const FATHOM = '/usr/games/fathom';
const fathomAvailable = existsSync(FATHOM);
const run = promisify(execFile);
const FILES = readdirSync(DIR).filter((f) => /\.rtb[wz]$/.test(f));
const TABLES = FILES.filter((f) => f.endsWith('.rtbw'))
  .map((f) => f.slice(0, -5))
  .sort();
const bytesOf = new Map(FILES.map((f) => [f, readFileSync(path.join(DIR, f))]));

// A random legal position of a table's material with a legal move (the side to move random).
function randomFen(table: string, rand: ReturnType<typeof prng>): string {
  for (;;) {
    const fen = tablePlacement(table, rand);
    if (fen === null) continue;
    try {
      const pos = Position.fromFen(fen);
      const moves = pos.legalMoves().length;
      pos.dispose();
      if (moves > 0) return fen;
    } catch {
      // an illegal placement (the side not to move in check, ...): draw again
    }
  }
}

interface FathomAnswer {
  wdl: number;
  dtz: number;
  winning: string[];
  drawing: string[];
  losing: string[];
}
const FATHOM_WDL: Record<string, number> = { Loss: -2, BlessedLoss: -1, Draw: 0, CursedWin: 1, Win: 2 };
// A SAN without its check mark and disambiguation (fathom disambiguates by rank where SAN takes
// the file: B4e5 for Bfe5), for comparing lists of moves as multisets.
const bare = (san: string): string => san.replace(/[+#]$/, '').replace(/^([NBRQK])[a-h]?[1-8]?(x?[a-h][1-8])/, '$1$2');

async function fathom(fen: string): Promise<FathomAnswer> {
  const { stdout } = await run(FATHOM, [`--path=${DIR}`, fen], { encoding: 'utf8' });
  const tag = (name: string): string => new RegExp(`\\[${name} "([^"]*)"\\]`).exec(stdout)?.[1] ?? '';
  const list = (name: string): string[] =>
    tag(name)
      .split(', ')
      .filter((s) => s !== '')
      .map(bare)
      .sort();
  return {
    wdl: FATHOM_WDL[tag('WDL')]!,
    dtz: Number(tag('DTZ')),
    winning: list('WinningMoves'),
    drawing: list('DrawingMoves'),
    losing: list('LosingMoves'),
  };
}

// The mover's result of a move from lichess's category (the opponent's, after the move).
const moverResult = (m: TablebaseMove): 'win' | 'draw' | 'loss' =>
  m.category === 'loss' || m.category === 'blessed-loss' ? 'win' : m.category === 'draw' ? 'draw' : 'loss';

let tb: Tablebase;
beforeAll(async () => {
  tb = await Tablebase.open(DIR);
});
afterAll(() => tb.close());

describe('Tablebase.open on a folder', () => {
  test('lists the 35 tables of tests/data/syzygy, 4 pieces at most', () => {
    expect(tb.tables()).toEqual(TABLES);
    expect(tb.tables()).toHaveLength(35);
    expect(tb.files()).toHaveLength(70);
    expect(tb.maxPieces).toBe(4);
  });
});

test.skipIf(fathomAvailable)('fathom is installed (scripts/check-deps.sh installs it)', () => {
  expect.fail(`${FATHOM} is missing: apt-get install fathom`);
});

describe.runIf(fathomAvailable)('against Debian fathom, 5 random positions of each of the 35 tables', () => {
  const rand = prng(20261203);
  const fens = TABLES.flatMap((t) => Array.from({ length: 5 }, () => randomFen(t, rand)));
  const answers = new Map<string, FathomAnswer>();
  beforeAll(async () => {
    for (let i = 0; i < fens.length; i += 8)
      await Promise.all(fens.slice(i, i + 8).map(async (f) => answers.set(f, await fathom(f))));
  }, 120_000); // 175 runs of fathom: 4 s on an idle machine, more on a shared one

  test('WDL and DTZ: the WDL equal, |DTZ| fathom’s or one more (python-chess’s rounding), the same sign', async () => {
    let exact = 0;
    for (const fen of fens) {
      const want = answers.get(fen)!;
      const wdl = await tb.probeWdl(fen);
      const dtz = await tb.probeDtz(fen);
      expect(wdl, fen).toBe(want.wdl);
      expect([want.dtz, want.dtz + 1], `${fen}: ${dtz}`).toContain(Math.abs(dtz));
      expect(Math.sign(dtz), fen).toBe(Math.sign(wdl));
      exact += Number(Math.abs(dtz) === want.dtz);
    }
    expect(exact).toBeGreaterThanOrEqual(fens.length - Math.ceil(fens.length / 50));
  });

  test('bestMoves: every legal move once, each in fathom’s winning, drawing or losing list, sorted best first', async () => {
    for (const fen of fens) {
      const want = answers.get(fen)!;
      const moves = await tb.bestMoves(fen);
      const pos = Position.fromFen(fen);
      expect(moves.map((m) => m.uci).sort(), fen).toEqual(
        pos
          .legalMoves()
          .map((m) => pos.uci(m))
          .sort(),
      );
      pos.dispose();
      const got = { win: [] as string[], draw: [] as string[], loss: [] as string[] };
      for (const m of moves) got[moverResult(m)].push(bare(m.san));
      expect(got.win.sort(), fen).toEqual(want.winning);
      expect(got.draw.sort(), fen).toEqual(want.drawing);
      expect(got.loss.sort(), fen).toEqual(want.losing);
      // Best first: the mover's results never get better down the list; the first move's result
      // is the position's (its WDL's sign).
      const rank = { win: 0, draw: 1, loss: 2 };
      for (let i = 1; i < moves.length; i++)
        expect(rank[moverResult(moves[i]!)], fen).toBeGreaterThanOrEqual(rank[moverResult(moves[i - 1]!)]);
      expect(rank[moverResult(moves[0]!)], fen).toBe(1 - Math.sign(want.wdl));
      for (const m of moves) {
        expect(m.checkmate, `${fen} ${m.san}`).toBe(m.san.endsWith('#'));
        if (m.checkmate || m.stalemate) expect(m.dtz).toBe(0);
        if (m.category === 'draw') expect(m.dtz).toBe(0);
      }
    }
  });

  test('probes started together give the answers of probes made one by one', async () => {
    const some = fens.filter((_, i) => i % 7 === 0);
    const fresh = await Tablebase.open(DIR); // a cold cache: every probe waits for reads
    try {
      const together = await Promise.all(some.flatMap((f) => [fresh.probeWdl(f), fresh.probeDtz(f)]));
      const oneByOne: number[] = [];
      for (const f of some) oneByOne.push(await tb.probeWdl(f), await tb.probeDtz(f));
      expect(together).toEqual(oneByOne);
    } finally {
      fresh.close();
    }
  });
});

describe('a position', () => {
  test('is read when the probe is called: changed afterwards, the answer is still its own', async () => {
    const pos = Position.fromFen('8/8/8/8/8/8/2Q5/k1K5 w - - 0 1');
    const probe = tb.probeWdl(pos);
    pos.play('Qb3'); // stalemate
    expect(await probe).toBe(2);
    expect(await tb.probeWdl(pos)).toBe(0);
    expect(await tb.bestMoves(pos)).toEqual([]);
  });

  test('mate in one comes first, with checkmate set; the category is the opponent’s', async () => {
    const moves = await tb.bestMoves('8/8/8/8/8/8/2Q5/k1K5 w - - 0 1');
    expect(moves[0]).toMatchObject({ category: 'loss', checkmate: true, dtz: 0 });
    const mates = moves.filter((m) => m.checkmate).map((m) => m.san);
    expect(mates.sort()).toEqual(['Qa4#', 'Qb1#', 'Qb2#']);
    expect(moves.slice(0, 3).every((m) => m.checkmate)).toBe(true);
    expect(moves.find((m) => m.san === 'Qb3')).toMatchObject({ stalemate: true, category: 'draw', dtz: 0 });
  });

  test('the halfmove clock makes a win cursed (lichess’s categories)', async () => {
    const fen = '8/8/8/8/8/2k5/8/KQ6 w - - 0 1';
    const fresh = await tb.bestMoves(fen);
    const late = await tb.bestMoves(fen.replace(' 0 1', ' 99 80'));
    expect(fresh[0]!.category).toBe('loss');
    expect(late[0]!.category).toBe('blessed-loss');
    expect(late.map((m) => m.uci)).toEqual(fresh.map((m) => m.uci));
  });
});

describe('refusals are TablebaseErrors with codes, and the tablebase goes on working', () => {
  const refused = async (p: Promise<unknown>): Promise<TablebaseError> => {
    const e: unknown = await p.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(TablebaseError);
    return e as TablebaseError;
  };

  test('castling rights, too many pieces, a variant, a table that is not there, a closed tablebase', async () => {
    expect((await refused(tb.probeWdl('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1'))).code).toBe('castling');
    expect((await refused(tb.probeWdl('4k3/8/8/8/8/8/PP6/RR2K3 w - - 0 1'))).code).toBe('too-many-pieces');
    const atomic = Position.fromFen('8/8/8/8/8/2k5/8/KQ6 w - - 0 1', { variant: 'atomic' });
    expect((await refused(tb.probeWdl(atomic))).code).toBe('variant');
    atomic.dispose();
    const chess960 = Position.fromFen('8/8/8/8/8/2k5/8/KQ6 w - - 0 1', { variant: 'chess960' });
    expect(await tb.probeWdl(chess960)).toBe(2);
    chess960.dispose();
    const few = await Tablebase.open(DIR, { names: ['KQvKR.rtbw', 'KQvKR.rtbz'] });
    expect(few.tables()).toEqual(['KQvKR']);
    const missing = await refused(few.probeDtz('8/8/8/8/8/2k5/2r5/KQ6 w - - 0 1'));
    expect(missing.code).toBe('missing-table');
    expect(['KQvK', 'KRvK']).toContain(missing.table);
    expect((await refused(few.probeWdl('8/8/8/8/8/2k5/8/KR6 w - - 0 1'))).table).toBe('KRvK');
    expect(await few.probeWdl('7r/8/8/8/8/2k5/8/KQ6 w - - 0 1')).toBe(2);
    few.close();
    expect((await refused(few.probeWdl('7r/8/8/8/8/2k5/8/KQ6 w - - 0 1'))).code).toBe('closed');
    expect(() => few.tables()).toThrow(TablebaseError);
  });

  test('bad sources and arguments', async () => {
    expect((await refused(Tablebase.open(path.join(DIR, 'no-such-folder')))).code).toBe('invalid-source');
    expect((await refused(Tablebase.open(DATA))).code).toBe('invalid-source'); // no table file
    expect((await refused(Tablebase.open(new URL('http://127.0.0.1:9/')))).code).toBe('invalid-source'); // no names
    expect((await refused(Tablebase.open({} as TablebaseReader))).code).toBe('invalid-source');
    expect((await refused(Tablebase.open(DIR, { chunkSize: 1000 }))).code).toBe('invalid-argument');
    // @ts-expect-error a number is no position
    expect((await refused(tb.probeWdl(42))).code).toBe('invalid-argument');
    expect(await tb.probeWdl('8/8/8/8/8/8/2Q5/k1K5 w - - 0 1')).toBe(2);
  });
});

// A reader over bytes in memory that counts what it is asked for.
function memoryReader(files: Map<string, Uint8Array>, withNames = true): TablebaseReader & { asked: number } {
  const r = {
    asked: 0,
    size: (name: string) => {
      const b = files.get(name);
      if (!b) throw new Error(`no ${name}`);
      return b.length;
    },
    read: async (name: string, offset: number, length: number) => {
      r.asked += length;
      await new Promise((resolve) => setTimeout(resolve, 0)); // a read that arrives later
      return files.get(name)!.subarray(offset, offset + length);
    },
    ...(withNames ? { names: () => [...files.keys()] } : {}),
  };
  return r;
}

describe('a reader of the caller’s', () => {
  test('with names(): a cold probe reads a few chunks of the 8 KB + 450 KB of KBNvK; a warm one reads nothing', async () => {
    const files = new Map(
      [...bytesOf].filter(([n]) => n.startsWith('KBNvK') || n.startsWith('KBvK') || n.startsWith('KNvK')),
    );
    const reader = memoryReader(files);
    const t = await Tablebase.open(reader, { chunkSize: 1024 });
    const fen = '8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1';
    expect(t.bytesRead).toBe(0);
    const dtz = await t.probeDtz(fen);
    expect(dtz).toBe(await tb.probeDtz(fen));
    const cold = t.bytesRead;
    expect(cold).toBe(reader.asked);
    expect(cold).toBeGreaterThan(0);
    expect(cold).toBeLessThan(16 * 1024); // of 469 KB
    await t.probeDtz(fen);
    await t.probeWdl(fen);
    expect(t.bytesRead).toBe(cold);
    t.close();
  });

  test('without names(): the caller passes them; a listed file the reader lacks is a missing table', async () => {
    const files = new Map([...bytesOf].filter(([n]) => n.startsWith('KQvK.')));
    const t = await Tablebase.open(memoryReader(files, false), { names: ['KQvK.rtbw', 'KQvK.rtbz', 'KRvK.rtbw'] });
    expect(t.tables()).toEqual(['KQvK']);
    expect(await t.probeDtz('8/8/8/8/8/2k5/8/KQ6 w - - 0 1')).toBeGreaterThan(0);
    await expect(t.probeWdl('8/8/8/8/8/2k5/8/KR6 w - - 0 1')).rejects.toMatchObject({
      code: 'missing-table',
      table: 'KRvK',
    });
    await expect(Tablebase.open(memoryReader(files, false))).rejects.toMatchObject({ code: 'invalid-source' });
    t.close();
  });

  test('a read that fails is read-failed, naming the file; the next probe tries again', async () => {
    const files = new Map([...bytesOf].filter(([n]) => n.startsWith('KQvK.')));
    const reader = memoryReader(files);
    let fail = true;
    const flaky: TablebaseReader = {
      ...reader,
      read: (name, offset, length) => {
        if (fail) throw new Error('network down');
        return reader.read(name, offset, length);
      },
    };
    const t = await Tablebase.open(flaky);
    await expect(t.probeWdl('8/8/8/8/8/2k5/8/KQ6 w - - 0 1')).rejects.toMatchObject({
      code: 'read-failed',
      file: 'KQvK.rtbw',
    });
    fail = false;
    expect(await t.probeWdl('8/8/8/8/8/2k5/8/KQ6 w - - 0 1')).toBe(2);
    t.close();
  });
});

test('a directory handle (a folder the user picked): its table files, other files ignored', async () => {
  const dir = memoryDirectory();
  for (const n of ['KQvK.rtbw', 'KQvK.rtbz']) dir.files.set(n, bytesOf.get(n)!);
  dir.files.set('README.txt', new Uint8Array(3));
  const t = await Tablebase.open(dir);
  expect(t.files()).toEqual(['KQvK.rtbw', 'KQvK.rtbz']);
  expect(await t.probeDtz('8/8/8/8/8/2k5/8/KQ6 w - - 0 1')).toBe(await tb.probeDtz('8/8/8/8/8/2k5/8/KQ6 w - - 0 1'));
  t.close();
});

describe('damaged and truncated files', () => {
  const fen = '8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1';
  const withKbnv = (wdl: Uint8Array, dtz: Uint8Array = bytesOf.get('KBNvK.rtbz')!): Map<string, Uint8Array> =>
    new Map([
      ...[...bytesOf].filter(([n]) => n.startsWith('KBvK') || n.startsWith('KNvK')),
      ['KBNvK.rtbw', wdl],
      ['KBNvK.rtbz', dtz],
    ]);

  test('a truncated file (the reader gives its real size) is damaged, naming it; other tables still answer', async () => {
    const good = bytesOf.get('KBNvK.rtbw')!;
    for (const cut of [3, 40, 200, good.length >> 1]) {
      const t = await Tablebase.open(memoryReader(withKbnv(good.subarray(0, cut))));
      await expect(t.probeWdl(fen), String(cut)).rejects.toMatchObject({ code: 'damaged', file: 'KBNvK.rtbw' });
      expect(await t.probeWdl('8/8/8/8/8/2k5/8/KB6 w - - 0 1')).toBe(0);
      t.close();
    }
  });

  test('a file shorter than the size its reader gave is damaged (the short read)', async () => {
    const files = withKbnv(bytesOf.get('KBNvK.rtbw')!);
    const reader = memoryReader(files);
    const short: TablebaseReader = {
      ...reader,
      read: async (n, o, l) => (await reader.read(n, o, l)).slice(0, l >> 1),
    };
    const t = await Tablebase.open(short);
    await expect(t.probeWdl(fen)).rejects.toMatchObject({ code: 'damaged' });
    t.close();
  });

  test('a bad magic number is damaged; the WDL file still answers', async () => {
    const fen = 'N7/8/2k5/8/7K/8/8/B7 w - - 0 1'; // won: the DTZ table is read
    const dtz = Uint8Array.from(bytesOf.get('KBNvK.rtbz')!);
    dtz[0] = dtz[0]! ^ 0xff;
    const t = await Tablebase.open(memoryReader(withKbnv(bytesOf.get('KBNvK.rtbw')!, dtz)));
    expect(await t.probeWdl(fen)).toBe(await tb.probeWdl(fen));
    await expect(t.probeDtz(fen)).rejects.toMatchObject({ code: 'damaged', file: 'KBNvK.rtbz' });
    await expect(t.bestMoves(fen)).rejects.toMatchObject({ code: 'damaged' });
    t.close();
  });

  test('a folder with a truncated copy', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chesswasm-tb-'));
    try {
      writeFileSync(path.join(dir, 'KQvK.rtbw'), bytesOf.get('KQvK.rtbw')!.subarray(0, 100));
      const t = await Tablebase.open(dir);
      await expect(t.probeWdl('8/8/8/8/8/2k5/8/KQ6 w - - 0 1')).rejects.toMatchObject({
        code: 'damaged',
        file: 'KQvK.rtbw',
      });
      t.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---- a base URL: a server on the loopback address that answers Range requests ----------------

// An in-memory directory handle (the File System Access API's subset the package uses).
function memoryDirectory(): TablebaseDirectory & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  const dirs = new Map<string, ReturnType<typeof memoryDirectory>>();
  const handle = (name: string): TablebaseFileHandle => ({
    getFile: () => Promise.resolve(new Blob([Uint8Array.from(files.get(name)!)])),
    createWritable: () => {
      const parts: Uint8Array[] = [];
      return Promise.resolve({
        write: (data: Uint8Array) => {
          parts.push(Uint8Array.from(data));
          return Promise.resolve();
        },
        close: () => {
          files.set(name, Buffer.concat(parts));
          return Promise.resolve();
        },
      });
    },
  });
  return {
    files,
    async *values() {
      for (const name of files.keys()) yield { kind: 'file', name };
    },
    getFileHandle(name, options) {
      if (!files.has(name)) {
        if (!options?.create) return Promise.reject(new Error('NotFoundError'));
        files.set(name, new Uint8Array(0));
      }
      return Promise.resolve(handle(name));
    },
    getDirectoryHandle(name, options) {
      if (!dirs.has(name)) {
        if (!options?.create) return Promise.reject(new Error('NotFoundError'));
        dirs.set(name, memoryDirectory());
      }
      return Promise.resolve(dirs.get(name)!);
    },
  };
}

describe('a base URL (HTTP Range requests on 127.0.0.1) and the cache', () => {
  let server: Server;
  let base: URL;
  let requests: string[] = [];
  let down = false; // the network gone: every request fails
  beforeAll(async () => {
    server = createServer((req, res) => {
      const name = decodeURIComponent((req.url ?? '').slice(1));
      const bytes = bytesOf.get(name);
      requests.push(`${req.method} ${name} ${req.headers.range ?? ''}`);
      if (down) {
        res.destroy();
        return;
      }
      if (!bytes) {
        res.writeHead(404).end();
        return;
      }
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (req.method === 'HEAD') {
        res.writeHead(200, { 'content-length': bytes.length }).end();
      } else if (range) {
        const body = bytes.subarray(Number(range[1]), Number(range[2]) + 1);
        res.writeHead(206, { 'content-length': body.length }).end(body);
      } else {
        res.writeHead(200, { 'content-length': bytes.length }).end(bytes);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('reads only the chunks a probe needs; a second visit with the cache reads nothing from the network', async () => {
    const cache = memoryDirectory();
    const names = ['KQvK.rtbw', 'KQvK.rtbz', 'KQvKR.rtbw', 'KQvKR.rtbz', 'KRvK.rtbw', 'KRvK.rtbz', 'KPvK.rtbw'];
    requests = [];
    const t = await Tablebase.open(base.href, { names, cache });
    expect(t.tables()).toEqual(['KPvK', 'KQvK', 'KQvKR', 'KRvK']);
    const fen = '8/8/8/8/8/2k5/2r5/KQ6 w - - 0 1';
    const moves = await t.bestMoves(fen);
    expect(moves).toEqual(await tb.bestMoves(fen));
    const ranged = requests.filter((r) => r.startsWith('GET'));
    expect(ranged.length).toBeGreaterThan(0);
    for (const r of ranged) expect(r).toMatch(/ bytes=\d+-\d+$/);
    expect(t.bytesRead).toBeLessThan(bytesOf.get('KQvKR.rtbz')!.length);
    t.close();

    // A second visit with the network up: the kept sizes and chunks, no request at all.
    requests = [];
    const visit = await Tablebase.open(base.href, { names, cache });
    expect(await visit.bestMoves(fen)).toEqual(moves);
    expect(requests).toEqual([]);
    visit.close();

    // The network gone: the sizes and the chunks come from the cache.
    down = true;
    try {
      const again = await Tablebase.open(base, { names, cache });
      requests = [];
      expect(await again.bestMoves(fen)).toEqual(moves);
      expect(requests).toEqual([]);
      again.close();
      // Without the cache nothing can be read.
      await expect(Tablebase.open(base, { names, cache: false })).rejects.toMatchObject({ code: 'invalid-source' });
    } finally {
      down = false;
    }
  });
});

test('random text and values as positions: a FenError or TablebaseError, never anything else, nothing changed', async () => {
  const rand = prng(4207);
  const alphabet = 'kqrbnpKQRBNP12345678/ -wb';
  for (let i = 0; i < 300; i++) {
    const text = Array.from({ length: rand.int(60) }, () => alphabet[rand.int(alphabet.length)]).join('');
    const e: unknown = await tb.probeWdl(text).then(
      () => null,
      (x: unknown) => x,
    );
    if (e !== null) expect((e as Error).name, text).toMatch(/^(FenError|TablebaseError)$/);
  }
  for (const v of [null, undefined, {}, [], 3.5, Symbol('x')])
    // @ts-expect-error wrong types on purpose
    await expect(tb.probeDtz(v)).rejects.toMatchObject({ code: 'invalid-argument' });
  expect(await tb.probeWdl('8/8/8/8/8/8/2Q5/k1K5 w - - 0 1')).toBe(2);
});
