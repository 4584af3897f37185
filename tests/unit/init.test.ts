// Loading: init() is idempotent; a host that moved the .wasm can import the package (the
// default load fails quietly) and then load it with init({ wasmBinary }) or init({ wasmUrl }).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { Position, init, isInitialized } from 'chesswasm';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const wasmPath = path.join(dist, 'chesswasm.wasm');

test('importing leaves the package ready; init() again is a no-op', async () => {
  expect(isInitialized()).toBe(true);
  await init();
  await init({ wasmUrl: 'file:///nonexistent.wasm' });
  using pos = Position.startpos();
  expect(pos.perft(2)).toBe(400);
});

// A copy of the package without its .wasm, as a host that serves the file elsewhere has.
const bare = mkdtempSync(path.join(tmpdir(), 'chesswasm-init-'));
for (const f of readdirSync(dist))
  if (f.endsWith('.js') || f === 'chesswasm.mjs') copyFileSync(path.join(dist, f), path.join(bare, f));
afterAll(() => rmSync(bare, { recursive: true, force: true }));

function runNode(source: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' }).trim();
}

test.each([
  ['wasmBinary', `await init({ wasmBinary: readFileSync(${JSON.stringify(wasmPath)}) })`],
  ['wasmUrl', `await init({ wasmUrl: ${JSON.stringify(pathToFileURL(wasmPath).href)} })`],
])('without the .wasm next to the JS, init({ %s }) loads it', (_name, initCall) => {
  const index = pathToFileURL(path.join(bare, 'index.js')).href;
  const out = runNode(`
    import { readFileSync } from 'node:fs';
    const { Position, init, isInitialized } = await import(${JSON.stringify(index)});
    let before = 'usable';
    try { Position.startpos(); } catch (e) { before = e.code; }
    const ready = isInitialized();
    ${initCall};
    const p = Position.startpos();
    await init();
    console.log(JSON.stringify([before, ready, isInitialized(), p.perft(3)]));
  `);
  expect(JSON.parse(out)).toEqual(['not-initialized', false, true, 8902]);
});

test('a .wasm that is no wasm, or another build, makes init() reject with a typed error; the right one loads after', () => {
  const index = pathToFileURL(path.join(bare, 'index.js')).href;
  // A valid module importing a function this glue does not provide ("a"."zz"): it compiles
  // but does not link.
  const foreign = [0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 2, 8, 1, 1, 97, 2, 122, 122, 0, 0];
  const out = runNode(`
    import { readFileSync } from 'node:fs';
    const { Position, init, isInitialized } = await import(${JSON.stringify(index)});
    const results = [];
    for (const bytes of [new Uint8Array([1, 2, 3, 4]), new Uint8Array(${JSON.stringify(foreign)})]) {
      try { await init({ wasmBinary: bytes }); results.push('loaded'); }
      catch (e) { results.push([e.name, e.code, /cannot load the .wasm/.test(e.message), isInitialized()]); }
    }
    await init({ wasmBinary: readFileSync(${JSON.stringify(wasmPath)}) });
    results.push(Position.startpos().perft(3));
    console.log(JSON.stringify(results));
  `);
  expect(JSON.parse(out)).toEqual([
    ['ChessError', 'not-initialized', true, false],
    ['ChessError', 'not-initialized', true, false],
    8902,
  ]);
});
