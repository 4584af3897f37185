// The README's API reference against the package: tests/unit runs against dist/ (as users get
// it), so the tables are compared with what dist/index.js really exports.
// - "#### Exports": every runtime export is listed (with its kind) and every listed name exists;
//   the "Types" table lists exactly the type-only exports of dist/index.d.ts.
// - "#### `Class`" tables: every listed member exists where its kind says (static, prototype
//   method/getter, instance property), and every public member is listed: own prototype
//   names (less `constructor`), symbols (`[Symbol.dispose]`), statics, and the own properties of
//   a sample instance (# fields are invisible, as they are to users).
// - The quick starts tagged ```js test=… are run against dist/ in a child Node process:
//   `node` as is (it asserts its own results), `worker` with a stand-in for `self`,
//   `chessground` with a stand-in for chessground and `document`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import * as api from 'chesswasm';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const distIndex = path.join(root, 'dist/index.js');

// ---- parsing the README ----

/** The text of a section: from its heading line to the next heading of the same or a higher level. */
function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`README: no heading "${heading}"`);
  const level = heading.match(/^#+/)![0].length;
  let end = start + 1;
  while (end < lines.length && !(/^#+ /.test(lines[end]!) && lines[end]!.match(/^#+/)![0].length <= level)) end++;
  return lines.slice(start + 1, end).join('\n');
}

interface Row {
  cells: string[];
}

/** The rows of the first table in `text` whose header starts with `firstColumn` (group rows in bold skipped). */
function table(text: string, firstColumn: string): Row[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^\\|\\s*${firstColumn}\\s*\\|`).test(l));
  if (start < 0) throw new Error(`README: no table with a "${firstColumn}" column`);
  const rows: Row[] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith('|'); i++) {
    const cells = lines[i]!
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    if (cells[0]!.startsWith('**')) continue; // a group row
    rows.push({ cells });
  }
  return rows;
}

/** The first code span of a cell. */
function code(cell: string): string {
  const m = cell.match(/`([^`]+)`/);
  if (!m) throw new Error(`README: no code span in table cell "${cell}"`);
  return m[1]!;
}

const ident = (s: string): string => {
  const m = s.match(/^[A-Za-z_$][\w$]*/);
  if (!m) throw new Error(`README: no name in "${s}"`);
  return m[0];
};

const reference = section(readme, '### API reference');

// ---- exports ----

describe('README API reference: exports', () => {
  const exportsSection = section(reference, '#### Exports');
  const documented = new Map(table(exportsSection, 'export').map((r) => [ident(code(r.cells[0]!)), r.cells[1]!]));

  test('every runtime export of dist/index.js is documented, and every documented one exists', () => {
    const actual = Object.keys(api).sort();
    expect([...documented.keys()].sort()).toEqual(actual);
  });

  test('the documented kind matches', () => {
    for (const [name, kind] of documented) {
      const value = (api as Record<string, unknown>)[name];
      const isClass = typeof value === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(value));
      const actualKind = isClass ? 'class' : typeof value === 'function' ? 'function' : 'constant';
      expect(`${name}: ${kind}`).toBe(`${name}: ${actualKind}`);
    }
  });

  test('the types table lists exactly the type-only exports of dist/index.d.ts', () => {
    const dts = readFileSync(path.join(root, 'dist/index.d.ts'), 'utf8');
    const exported = [...dts.matchAll(/\btype\s+([A-Za-z_$][\w$]*)\s*[,}\n]/g)].map((m) => m[1]!);
    // index.d.ts only re-exports: a type declared in it directly would escape this check.
    expect(dts).not.toMatch(/^export\s+(declare\s+)?(type|interface)\s/m);
    const types = table(exportsSection, 'type').map((r) => ident(code(r.cells[0]!)));
    expect(types.length).toBe(new Set(types).size);
    expect(types.sort()).toEqual([...new Set(exported)].sort());
  });
});

// ---- class members ----

type Ctor = abstract new (...args: never[]) => object;

const PUZZLE_FEN = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';
const samples: Record<string, () => object> = {
  Position: () => api.Position.startpos(),
  Game: () => new api.Game(),
  GameNode: () => new api.Game().play('e4'),
  Puzzle: () => new api.Puzzle({ fen: PUZZLE_FEN, moves: 'g8f6 h5f7' }),
  Book: () => api.Book.fromBytes(new Uint8Array(0)),
  Chess: () => new api.Chess(),
  ChessMove: () => new api.Chess().move('e4'),
};

function symbolName(s: symbol): string {
  return s === Symbol.dispose ? '[Symbol.dispose]' : `[${s.description ?? ''}]`;
}

describe.each(Object.keys(samples))('README API reference: %s', (className) => {
  const C = (api as unknown as Record<string, Ctor>)[className]!;
  const rows = table(section(reference, `#### \`${className}\``), 'member');
  const instance = samples[className]!() as Record<string, unknown>;

  // documented: name -> kind
  const documented = new Map<string, string>();
  for (const r of rows) {
    let text = code(r.cells[0]!);
    const kind = r.cells[1]!;
    let name: string;
    if (text.startsWith('new ')) {
      name = 'constructor';
      expect(text.startsWith(`new ${className}(`), text).toBe(true);
    } else if (text.startsWith('[')) {
      name = text.slice(0, text.indexOf(']') + 1);
    } else {
      if (text.startsWith(`${className}.`)) text = text.slice(className.length + 1);
      name = ident(text);
    }
    const key = kind === 'static' ? `static ${name}` : name;
    expect(documented.has(key), `${className}: ${key} documented twice`).toBe(false);
    documented.set(key, kind);
  }

  test('every documented member exists, as the documented kind', () => {
    for (const [key, kind] of documented) {
      const where = `${className}.${key} (${kind})`;
      if (kind === 'constructor') continue;
      if (kind === 'static') {
        expect(Object.getOwnPropertyNames(C), where).toContain(key.slice('static '.length));
        continue;
      }
      if (kind === 'property') {
        expect(Reflect.ownKeys(instance).map(String), where).toContain(key);
        continue;
      }
      const prop = key.startsWith('[')
        ? Object.getOwnPropertySymbols(C.prototype).find((s) => symbolName(s) === key)
        : key;
      expect(prop, where).toBeDefined();
      const d = Object.getOwnPropertyDescriptor(C.prototype, prop!);
      expect(d, where).toBeDefined();
      if (kind === 'method') expect(typeof d!.value, where).toBe('function');
      else if (kind === 'getter') expect([typeof d!.get, typeof d!.set], where).toEqual(['function', 'undefined']);
      else if (kind === 'getter/setter') expect([typeof d!.get, typeof d!.set], where).toEqual(['function', 'function']);
      else throw new Error(`README: unknown kind "${kind}" for ${where}`);
    }
  });

  test('every public member is documented', () => {
    const publicNames = [
      ...Object.getOwnPropertyNames(C.prototype).filter((n) => n !== 'constructor' && !n.startsWith('_')),
      ...Object.getOwnPropertySymbols(C.prototype).map(symbolName),
      ...Object.getOwnPropertyNames(C)
        .filter((n) => !['length', 'name', 'prototype'].includes(n) && !n.startsWith('_'))
        .map((n) => `static ${n}`),
      ...Reflect.ownKeys(instance)
        .map(String)
        .filter((n) => !n.startsWith('_')),
    ];
    const missing = publicNames.filter((n) => !documented.has(n));
    expect(missing, `${className}: public members missing from the README`).toEqual([]);
  });
});

// ---- quick starts ----

const blocks = [...readme.matchAll(/^```js test=(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({ tag: m[1]!, source: m[2]! }));
const tmp = mkdtempSync(path.join(tmpdir(), 'chesswasm-readme-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Writes a block with 'chesswasm' (and chessground) pointed at dist/ (and a stand-in), returns its file. */
function writeBlock(tag: string, source: string): string {
  const file = path.join(tmp, `${tag}.mjs`);
  const rewritten = source
    .replaceAll("'chesswasm'", JSON.stringify(pathToFileURL(distIndex).href))
    .replaceAll("'@lichess-org/chessground'", "'./chessground-stub.mjs'");
  writeFileSync(file, rewritten);
  return file;
}

function runNode(file: string): string {
  return execFileSync(process.execPath, [file], { encoding: 'utf8', cwd: tmp }).trim();
}

describe('README quick starts (```js test=…)', () => {
  test('the three quick starts are there', () => {
    expect(blocks.map((b) => b.tag).sort()).toEqual(['chessground', 'node', 'worker']);
  });

  test('Node server: checks moves, PGN and lines (the block asserts its own results)', () => {
    const b = blocks.find((x) => x.tag === 'node')!;
    expect(runNode(writeBlock('node', b.source))).toBe('ok');
  });

  test('web worker: answers a request posted before the package has loaded (Kiwipete, depth 3)', () => {
    const b = blocks.find((x) => x.tag === 'worker')!;
    writeBlock('worker', b.source);
    const harness = path.join(tmp, 'worker-harness.mjs');
    writeFileSync(
      harness,
      `const messages = [];
let resolve;
const done = new Promise((r) => (resolve = r));
globalThis.self = { postMessage(m) { messages.push(m); if (m.done) resolve(); } };
await import('./worker.mjs');
// Posted at once, while the worker's import('chesswasm') is still pending.
self.onmessage({ data: { fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', depth: 3 } });
await done;
console.log(JSON.stringify(messages));`,
    );
    const messages = JSON.parse(runNode(harness)) as ({ san: string; nodes: number } | { done: true; total: number })[];
    expect(messages.length).toBe(49); // 48 legal moves, then the total
    expect(messages.at(-1)).toEqual({ done: true, total: 97862 });
    expect(messages.slice(0, -1).reduce((s, m) => s + (m as { nodes: number }).nodes, 0)).toBe(97862);
  });

  test("chessground: dests from chessgroundDests, moves played through the board's callback", () => {
    const b = blocks.find((x) => x.tag === 'chessground')!;
    writeBlock('chessground', b.source);
    writeFileSync(
      path.join(tmp, 'chessground-stub.mjs'),
      `export function Chessground(element, config) {
  globalThis.__board = { element, config, sets: [] };
  return { set(c) { globalThis.__board.sets.push(c); } };
}`,
    );
    const harness = path.join(tmp, 'chessground-harness.mjs');
    writeFileSync(
      harness,
      `globalThis.document = { getElementById: (id) => ({ id }) };
const logs = [];
const log = console.log;
console.log = (...a) => logs.push(a.join(' '));
await import('./chessground.mjs');
const board = globalThis.__board;
const first = { element: board.element, fen: board.config.fen, dests: [...board.config.movable.dests] };
// Fool's mate, dropped piece by piece as chessground reports it.
for (const [from, to] of [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) board.config.movable.events.after(from, to);
console.log = log;
console.log(JSON.stringify({ first, sets: board.sets.map((s) => ({ ...s, movable: { ...s.movable, dests: [...s.movable.dests] } })), logs }));`,
    );
    const out = JSON.parse(runNode(harness));
    expect(out.first.element).toEqual({ id: 'board' });
    expect(out.first.fen).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(out.first.dests.length).toBe(10); // 8 pawns and 2 knights can move
    expect(Object.fromEntries(out.first.dests).g1).toEqual(['f3', 'h3']);
    expect(out.sets.length).toBe(4);
    expect(out.sets[0].turnColor).toBe('black');
    expect(out.sets[0].movable.color).toBe('black');
    const last = out.sets[3];
    expect(last.fen).toBe('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    expect(last.check).toBe(true);
    expect(last.movable.dests).toEqual([]);
    expect(out.logs).toEqual(['CHECKMATE b']);
  });
});
