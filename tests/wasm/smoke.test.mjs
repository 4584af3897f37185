// Node smoke test of the wasm build: the core compiled to wasm counts perft correctly.
// Run: node --test tests/wasm/  (after scripts/build.sh has produced build/wasm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildDir = path.resolve(root, process.env.CHESSWASM_WASM_DIR ?? 'build/wasm');

// The module is built for web/worker (ES6 glue); in Node we hand it the bytes ourselves.
async function load() {
  const { default: factory } = await import(pathToFileURL(path.join(buildDir, 'chesswasm_smoke.mjs')).href);
  const wasmBinary = await readFile(path.join(buildDir, 'chesswasm_smoke.wasm'));
  return factory({ wasmBinary });
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

test('wasm perft: start position depth 4', async () => {
  const m = await load();
  assert.equal(m.perft(START, 4), 197281);
});

test('wasm perft: Kiwipete depth 3', async () => {
  const m = await load();
  assert.equal(m.perft(KIWIPETE, 3), 97862);
});

test('wasm fenError: valid and invalid FENs', async () => {
  const m = await load();
  assert.equal(m.fenError(START), 0);
  assert.notEqual(m.fenError('not a fen'), 0);
  assert.equal(m.perft('not a fen', 1), -1);
});
