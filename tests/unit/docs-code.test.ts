// The code in the docs runs. Every ```js block of README.md and docs/*.md carries a tag:
// - `run`: run as it is in a child Node process against dist/ (as users get the package);
//   the block asserts its own results (node:assert) and must exit 0;
// - `test=NAME`: run by a test with a harness that checks what it does: the README's quick
//   starts here (`node` as is, `worker` with a stand-in for `self`, `chessground` with a
//   stand-in for chessground and `document`), docs/book.md's blocks in docs-book.test.ts.
// ```ts blocks are type-level snippets (`using`, declarations) and are not run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const distIndex = path.join(root, 'dist/index.js');
const distEngine = path.join(root, 'dist/engine.js');

interface Block {
  file: string;
  line: number;
  lang: string;
  info: string;
  tag: string;
  source: string;
}

/** The fenced code blocks of a Markdown file (``` at the start of a line, any info string). */
function codeBlocks(file: string): Block[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const out: Block[] = [];
  for (const m of text.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```$/gm)) {
    const info = m[2]!.trim();
    out.push({
      file,
      line: text.slice(0, m.index).split('\n').length,
      lang: m[1]!,
      info,
      tag: /^test=(\w+)$/.exec(info)?.[1] ?? info,
      source: m[3]!,
    });
  }
  return out;
}

const files = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const all = files.flatMap(codeBlocks);
const js = all.filter((b) => b.lang === 'js' || b.lang === 'javascript' || b.lang === 'mjs');
const readmeBlocks = js.filter((b) => b.file === 'README.md' && b.info.startsWith('test='));
/** The harness-run blocks, by file: everything tagged test=NAME must be one of these. */
const HARNESSED: Record<string, string[]> = {
  'README.md': ['chessground', 'node', 'worker'],
  'docs/book.md': ['panel', 'quick', 'server'],
};

const tmp = mkdtempSync(path.join(tmpdir(), 'chesswasm-docs-code-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('code blocks of README.md and docs/*.md', () => {
  test('every js block is tagged run or test=NAME, and every test=NAME has a harness', () => {
    const untagged = js
      .filter((b) => b.info !== 'run' && !b.info.startsWith('test='))
      .map((b) => `${b.file}:${b.line} \`\`\`${b.lang} ${b.info}`);
    expect(untagged).toEqual([]);
    const unknown = js
      .filter((b) => b.info.startsWith('test=') && !(HARNESSED[b.file] ?? []).includes(b.tag))
      .map((b) => `${b.file}:${b.line} test=${b.tag}`);
    expect(unknown).toEqual([]);
  });

  const runnable = js.filter((b) => b.info === 'run');
  test.each(runnable.map((b) => [`${b.file}:${b.line}`, b] as const))('%s runs and asserts its results', (name, b) => {
    const file = path.join(tmp, `${name.replace(/[^\w]/g, '_')}.mjs`);
    const source = b.source
      .replaceAll("'chesswasm/engine'", JSON.stringify(pathToFileURL(distEngine).href))
      .replaceAll("'chesswasm/openings'", JSON.stringify(pathToFileURL(path.join(root, 'dist/openings.js')).href))
      .replaceAll("'chesswasm/database'", JSON.stringify(pathToFileURL(path.join(root, 'dist/database.js')).href))
      .replaceAll("'chesswasm/chessjs'", JSON.stringify(pathToFileURL(path.join(root, 'dist/chessjs.js')).href))
      .replaceAll("'chesswasm/tablebase'", JSON.stringify(pathToFileURL(path.join(root, 'dist/tablebase.js')).href))
      // The tables of the repository (docs/tablebase.md's blocks name the folder as a user's would).
      .replaceAll("'tests/data/syzygy'", JSON.stringify(path.join(root, 'tests/data/syzygy')))
      .replaceAll("'chesswasm'", JSON.stringify(pathToFileURL(distIndex).href));
    writeFileSync(file, source);
    execFileSync(process.execPath, [file], { encoding: 'utf8', cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] });
  });
});

// ---- links and figures ----

/** GitHub's anchor of a heading: lower case, punctuation dropped (not - and _), spaces as -. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchors = (file: string) =>
  new Set(
    readFileSync(path.join(root, file), 'utf8')
      .replace(/^```[\s\S]*?^```$/gm, '')
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => slug(l.replace(/^#+ /, ''))),
  );

describe('links and figures of README.md and docs/*.md', () => {
  test('every relative link points at a file that exists, and at a heading of it', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue; // http:, https:, mailto:
        const [rel = '', anchor] = target.split('#');
        const linked = rel === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), rel));
        if (!existsSync(path.join(root, linked))) broken.push(`${file}: ${target} (no file ${linked})`);
        else if (anchor !== undefined && linked.endsWith('.md') && !anchors(linked).has(anchor))
          broken.push(`${file}: ${target} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });

  test("the README's performance rows are rows of docs/performance-table.md (one source for every figure)", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Performance'),
      readme.indexOf('\n## ', readme.indexOf('## Performance') + 1),
    );
    const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| row '));
    expect(rows.length).toBeGreaterThan(3);
    const table = new Set(readFileSync(path.join(root, 'docs/performance-table.md'), 'utf8').split('\n'));
    expect(rows.filter((r) => !table.has(r))).toEqual([]);
  });
});

// ---- the README's quick starts ----

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
    expect(readmeBlocks.map((b) => b.tag).sort()).toEqual(['chessground', 'node', 'worker']);
  });

  test('Node server: checks moves, PGN and lines (the block asserts its own results)', () => {
    const b = readmeBlocks.find((x) => x.tag === 'node')!;
    expect(runNode(writeBlock('node', b.source))).toBe('ok');
  });

  test('web worker: answers a request posted before the package has loaded (Kiwipete, depth 3)', () => {
    const b = readmeBlocks.find((x) => x.tag === 'worker')!;
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
    const b = readmeBlocks.find((x) => x.tag === 'chessground')!;
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
    const out = JSON.parse(runNode(harness)) as {
      first: { element: unknown; fen: string; dests: [string, string[]][] };
      sets: { turnColor: string; fen: string; check: boolean; movable: { color: string; dests: unknown[] } }[];
      logs: string[];
    };
    expect(out.first.element).toEqual({ id: 'board' });
    expect(out.first.fen).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(out.first.dests.length).toBe(10); // 8 pawns and 2 knights can move
    expect(Object.fromEntries(out.first.dests).g1).toEqual(['f3', 'h3']);
    expect(out.sets.length).toBe(4);
    expect(out.sets[0]!.turnColor).toBe('black');
    expect(out.sets[0]!.movable.color).toBe('black');
    const last = out.sets[3]!;
    expect(last.fen).toBe('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    expect(last.check).toBe(true);
    expect(last.movable.dests).toEqual([]);
    expect(out.logs).toEqual(['CHECKMATE b']);
  });
});
