// docs/book.md: its code blocks tagged ```js test=… run against dist/ in a child Node process,
// on a hand-made book: `quick` (the first example), `server` (the HTTP server, queried, then
// closed) and `panel` (the book panel, with a stand-in for the DOM: a broken file, a book,
// clicks on book moves). The command-line session it shows is rerun on the book polyglot
// makes of tests/data/pgn/lichess-2013-01.pgn and must print the same.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { bookEntry as e, polyglot, polyglotAvailable, writeBook } from './book-helpers.js';
import { DATA } from './helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const doc = readFileSync(path.join(root, 'docs/book.md'), 'utf8');
const distIndex = pathToFileURL(path.join(root, 'dist/index.js')).href;
const blocks = new Map([...doc.matchAll(/^```js test=(\w+)\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!]));

const tmp = mkdtempSync(path.join(tmpdir(), 'chesswasm-docs-book-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const ILLEGAL_ONLY = '4k3/8/8/8/8/8/8/4K3 w - - 0 1';
const bookBytes = writeBook([
  e(START, 'e2e4', 3),
  e(START, 'd2d4', 1),
  e(START, 'c2c4', 0),
  e(AFTER_E4, 'c7c5', 1),
  e(ILLEGAL_ONLY, 'e2e4', 5),
]);
const bookFile = path.join(tmp, 'book.bin');
writeFileSync(bookFile, bookBytes);

function writeBlock(tag: string): void {
  writeFileSync(path.join(tmp, `${tag}.mjs`), blocks.get(tag)!.replaceAll("'chesswasm'", JSON.stringify(distIndex)));
}

function runHarness(name: string, source: string, env: Record<string, string> = {}): unknown {
  const file = path.join(tmp, name);
  writeFileSync(file, source);
  return JSON.parse(
    execFileSync(process.execPath, [file], { encoding: 'utf8', cwd: tmp, env: { ...process.env, ...env } }),
  );
}

describe('docs/book.md code blocks', () => {
  test('the blocks are there', () => {
    expect([...blocks.keys()].sort()).toEqual(['panel', 'quick', 'server']);
  });

  test('quick: runs', () => {
    writeBlock('quick');
    const out = runHarness(
      'quick-harness.mjs',
      `const logs = [];
console.log = (...a) => logs.push(a.join(' '));
await import('./quick.mjs');
process.stdout.write(JSON.stringify(logs));`,
    );
    expect(out).toEqual([]);
  });

  test('server: weighted book moves, 204 out of book, 400 with the code of a bad FEN', () => {
    writeBlock('server');
    const out = runHarness(
      'server-harness.mjs',
      `const { server } = await import('./server.mjs');
if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
const base = 'http://127.0.0.1:' + server.address().port + '/move';
const get = async (query) => {
  const r = await fetch(base + query);
  return { status: r.status, body: r.status === 204 ? null : await r.json() };
};
const picks = [];
for (let i = 0; i < 40; i++) picks.push((await get('')).body.san);
const out = {
  picks,
  afterE4: await get('?fen=' + encodeURIComponent(${JSON.stringify(AFTER_E4)})),
  outOfBook: await get('?fen=' + encodeURIComponent('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2')),
  illegalOnly: await get('?fen=' + encodeURIComponent(${JSON.stringify(ILLEGAL_ONLY)})),
  badFen: await get('?fen=nonsense'),
};
server.close();
console.log(JSON.stringify(out));`,
      { PORT: '0', BOOK: bookFile },
    ) as { picks: string[]; afterE4: unknown; outOfBook: unknown; illegalOnly: unknown; badFen: unknown };
    expect(new Set(out.picks)).toEqual(new Set(['e4', 'd4'])); // weights 3 and 1; c4 has weight 0
    expect(out.afterE4).toEqual({ status: 200, body: { uci: 'c7c5', san: 'c5' } });
    expect(out.outOfBook).toEqual({ status: 204, body: null });
    expect(out.illegalOnly).toEqual({ status: 204, body: null });
    expect(out.badFen).toEqual({ status: 400, body: { error: 'field-count' } });
  });

  test('panel: a broken file is refused, a book lists SAN and share, a click plays the move', () => {
    writeBlock('panel');
    const out = runHarness(
      'panel-harness.mjs',
      `import { readFileSync } from 'node:fs';
class Element {
  constructor(tag) { this.tag = tag; this.children = []; this.listeners = {}; this.text = ''; }
  addEventListener(type, f) { (this.listeners[type] ??= []).push(f); }
  replaceChildren() { this.children = []; this.text = ''; }
  append(child) { this.children.push(child); }
  set textContent(text) { this.text = text; this.children = []; }
  get textContent() { return this.text; }
  async fire(type, event) { for (const f of this.listeners[type] ?? []) await f(event); }
}
const elements = { 'book-file': new Element('input'), 'book-moves': new Element('ol') };
globalThis.document = { getElementById: (id) => elements[id], createElement: (tag) => new Element(tag) };
const alerts = [];
globalThis.alert = (message) => alerts.push(message);
const { position } = await import('./panel.mjs');
const list = elements['book-moves'];
const shown = () => (list.children.length ? list.children.map((c) => c.textContent) : [list.textContent]);
const pickFile = (name, bytes) => elements['book-file'].fire('change', { target: { files: [{ name, arrayBuffer: async () => bytes }] } });
const out = {};
await pickFile('broken.bin', new ArrayBuffer(17));
out.broken = { alerts: [...alerts], shown: shown() };
const bytes = readFileSync(${JSON.stringify(bookFile)});
await pickFile('book.bin', bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
out.start = shown();
await list.children[0].fire('click');
out.afterClick = { fen: position.fen(), shown: shown() };
await list.children[0].fire('click');
out.outOfBook = { fen: position.fen(), shown: shown() };
console.log(JSON.stringify(out));`,
    ) as Record<string, unknown>;
    expect(out.broken).toEqual({
      alerts: [expect.stringMatching(/^broken\.bin: not a Polyglot book: 17 bytes/)],
      shown: [''],
    });
    expect(out.start).toEqual(['e4 75%', 'd4 25%', 'c4 0%']);
    expect(out.afterClick).toEqual({
      fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
      shown: ['c5 100%'],
    });
    expect(out.outOfBook).toEqual({
      fen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2',
      shown: ['out of book'],
    });
  });
});

describe.runIf(polyglotAvailable)('docs/book.md command line session', () => {
  test('prints what the page shows, on the book made of the lichess games', () => {
    const book = path.join(tmp, 'lichess', 'book.bin');
    mkdirSync(path.dirname(book), { recursive: true });
    polyglot('make-book', '-pgn', path.join(DATA, 'pgn/lichess-2013-01.pgn'), '-bin', book, '-min-game', '1');
    const session = /\n```\n(\$ chesswasm book [\s\S]*?)```\n/.exec(doc)![1]!;
    const parts = session.split(/^\$ /m).filter(Boolean);
    expect(parts.length).toBe(3);
    for (const part of parts) {
      const [command, ...output] = part.split('\n');
      const args = command!.match(/"[^"]*"|\S+/g)!.map((a) => a.replace(/^"|"$/g, ''));
      expect(args[0]).toBe('chesswasm');
      const stdout = execFileSync(process.execPath, [path.join(root, 'bin/chesswasm'), ...args.slice(1)], {
        encoding: 'utf8',
        cwd: path.dirname(book),
      });
      expect(stdout, command).toBe(output.join('\n'));
    }
  });
});
