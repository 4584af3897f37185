// Polyglot keys through hash() / hashHex(), and the incremental key along move sequences.
import { expect, test } from 'vitest';
import { Position } from 'chesswasm';
import { readPolyglotVectors } from './helpers.js';

const vectors = readPolyglotVectors();

test.each(vectors.map((v) => [v.note || v.fen, v] as const))('%s', (_note, v) => {
  using pos = Position.fromFen(v.fen);
  expect(pos.hashHex()).toBe(v.key);
  expect(pos.hash()).toBe(BigInt('0x' + v.key));
  expect(pos.hash() >= 0n).toBe(true);
});

test('the published Polyglot sequence from the start position', () => {
  // Polyglot book_format.html: keys after e2e4 d7d5 e4e5 f7f5 e1e2 e8f7.
  const expected = [
    '463b96181691fc9c',
    '823c9b50fd114196',
    '0756b94461c50fb0',
    '662fafb965db29d4',
    '22a48b5a8e47ff78',
    '652a607ca3f242c1',
    '00fdd303c946bdd9',
  ];
  using pos = Position.startpos();
  const keys = [pos.hashHex()];
  for (const m of ['e2e4', 'd7d5', 'e4e5', 'f7f5', 'e1e2', 'e8f7']) {
    pos.play(m);
    keys.push(pos.hashHex());
  }
  expect(keys).toEqual(expected);
  for (let i = expected.length - 1; i > 0; i--) {
    pos.undo();
    expect(pos.hashHex()).toBe(expected[i - 1]);
  }
});

test('hash is unsigned even when the top bit is set', () => {
  const top = vectors.find((v) => parseInt(v.key[0]!, 16) >= 8);
  expect(top).toBeDefined();
  using pos = Position.fromFen(top!.fen);
  expect(pos.hash()).toBeGreaterThan(2n ** 63n - 1n);
  expect(pos.hashHex()).toHaveLength(16);
});
