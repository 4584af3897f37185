// bin/chesswasm: perft, divide, errors on stderr with a non-zero exit.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/chesswasm', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

test('perft prints the total', () => {
  const r = run('perft', '4');
  expect([r.status, r.stdout, r.stderr]).toEqual([0, '197281\n', '']);
});

test('--divide prints "uci: n" per move and the total last', () => {
  const r = run('perft', '2', '--divide', '--fen', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  const lines = r.stdout.trim().split('\n');
  expect(r.status).toBe(0);
  expect(lines.at(-1)).toBe(String(lines.slice(0, -1).reduce((a, l) => a + Number(l.split(': ')[1]), 0)));
  expect(lines).toContain('e1g1: 23');
  expect(lines).toContain('e1c1: 23');
  expect(lines.slice(0, -1).every((l) => /^[a-h][1-8][a-h][1-8][nbrq]?: \d+$/.test(l))).toBe(true);
});

test('Chess960 variant', () => {
  const r = run(
    'perft',
    '3',
    '--variant',
    'chess960',
    '--fen',
    'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
  );
  expect(r.stdout).toBe('12189\n');
});

test('--chess960: Chess960 castling for another rule set (tests/data/perft960-atomic.epd)', () => {
  const fen = '8/8/8/8/8/8/5k2/1R2K1R1 w KQ - 0 1';
  expect(run('perft', '3', '--variant', 'atomic', '--chess960', '--fen', fen).stdout).toBe('2608\n');
  const divide = run('perft', '1', '--variant', 'atomic', '--chess960', '--fen', fen, '--divide').stdout;
  expect(divide.split('\n')).toContain('e1b1: 1'); // O-O-O, king-to-rook
  expect(run('perft', '3', '--variant', 'atomic', '--fen', fen).status).toBe(1); // refused without it
});

test.each([
  [['perft', '2', '--fen', 'nonsense'], 1, /field-count/],
  [['perft', 'x'], 2, /depth/],
  [['perft'], 2, /depth/],
  [['perft', '2', '--variant', 'xiangqi'], 1, /unknown variant/],
  [['perft', '2', '--bogus'], 2, /unknown option/],
  [['frobnicate'], 2, /unknown command/],
])('%j fails with exit %i', (args, status, message) => {
  const r = run(...args);
  expect(r.status).toBe(status);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(message);
});
