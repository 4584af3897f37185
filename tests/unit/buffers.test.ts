// Memory that gives back. The module's own buffers (the I/O buffer, a PGN source
// and its tree buffers, the buffers of a game being written, the CSV row buffer) hold nothing
// beyond their base sizes after a call, whatever the input was, so repeating a huge input
// reuses the memory the first one took and the heap does not grow again; the per-ply cache of
// legal move lists that a position keeps is bounded (a ring of a few plies), whatever the
// length of its game. Each figure is a heap size (wasmHeapSize) or the buffers' own count.
import { describe, expect, it } from 'vitest';
// The package as tsc wrote it, with the release module (chesswasm-modules/: build/dist-modules,
// the same sources as the bundled dist/; typed from web/src), because the test reads an internal
// of its wasm loader: the bytes the module's own buffers hold beyond their base sizes (wasm.js is
// the module instance that index.js uses).
import {
  ChessError,
  Game,
  IllegalMoveError,
  PgnError,
  Position,
  readGames,
  validateLine,
  wasmHeapSize,
} from 'chesswasm-modules/entries/index.js';
import { bufferBytes } from 'chesswasm-modules/boundary/wasm.js';

const PLIES = 100_000; // PgnLimits::max_nodes: the longest game the reader takes
const CYCLE = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const huge = (c: string) => c.repeat(20_000_000);

/** Knight shuffles: `plies` plies of PGN movetext. */
function shuffle(plies: number): string {
  const sans = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  const parts: string[] = [];
  for (let i = 0; i < plies; i++) {
    if (i % 2 === 0) parts.push(`${i / 2 + 1}.`);
    parts.push(sans[i % 4]!);
  }
  return `[Event "long"]\n\n${parts.join(' ')} *\n`;
}

/** PLIES moves played on a Position, its legal moves listed at every ply (each list cached). */
function playLongLine(): void {
  const p = Position.startpos();
  let listed = 0;
  for (let i = 0; i < PLIES; i++) {
    listed += p.legalMoves().length; // 20, 20, 22, 22 along the knight cycle
    p.play(CYCLE[i % 4]!);
  }
  expect(listed).toBe(21 * PLIES);
  expect(p.historyLength).toBe(PLIES);
  p.dispose();
}

/** Every kind of huge input once: each is refused or read, and the buffers are back to base. */
function hugeInputs(): void {
  const p = Position.startpos();
  expect(() => Position.fromFen(huge('8'))).toThrow(ChessError);
  expect(bufferBytes()).toBe(0);
  expect(() => Position.fromFen(`${huge(' ')}8/8/8/8/8/8/8/8 w - - 0 1`)).toThrow(ChessError);
  expect(bufferBytes()).toBe(0);
  expect(() => p.play(huge('é'))).toThrow(IllegalMoveError);
  expect(validateLine(START, huge('e'))).toEqual({ ok: false, ply: 0, reason: 'syntax' });
  expect(bufferBytes()).toBe(0);
  const e4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
  expect(validateLine(START, `${huge(' ')}e2e4`)).toEqual({ ok: true, fen: e4 });
  expect(bufferBytes()).toBe(0);
  expect(() => Game.fromPgn(huge('('))).toThrow(PgnError);
  // 20 MB of escape lines and no game.
  expect([...readGames(`%${'x'.repeat(999)}\n`.repeat(20_000))]).toEqual([]);
  expect(bufferBytes()).toBe(0);
  expect(p.fen()).toBe(START);
  p.dispose();
}

/** A PLIES-ply game: read, replayed to its end, written, read back. */
function longGame(): void {
  const game = Game.fromPgn(shuffle(PLIES));
  game.goToPly(PLIES);
  expect(game.position.historyLength).toBe(PLIES);
  const text = game.pgn();
  expect(bufferBytes()).toBe(0);
  expect(Game.fromPgn(text).mainline()).toHaveLength(PLIES);
  game.dispose();
  expect(bufferBytes()).toBe(0);
}

describe('memory that gives back', () => {
  it('the per-ply move cache is bounded: 100,000 plies with their moves listed cost only their state stack', () => {
    // First in a fresh process: the heap holds nothing else yet. 100,000 plies of state
    // (32 bytes each, in a vector that doubles) take about 4 MB; the cache of old kept a
    // 516-byte list per ply, 51 MB here.
    const before = wasmHeapSize();
    playLongLine();
    expect(wasmHeapSize() - before).toBeLessThan(16 * 1024 * 1024);
    expect(bufferBytes()).toBe(0);
    // The second line may still grow the heap once (emmalloc places the doubling state stack
    // around what the first left; seen since the variants' Position grew: 16 -> 19.25 MiB, then
    // flat); from then on a repeated line must not grow it.
    playLongLine();
    const after = wasmHeapSize();
    for (let round = 0; round < 2; round++) playLongLine();
    expect(wasmHeapSize()).toBe(after);
  });

  it('after 20,000,000-character inputs the buffers are back to base, and repeating them does not grow the heap', () => {
    hugeInputs();
    const after = wasmHeapSize();
    for (let round = 0; round < 3; round++) hugeInputs();
    expect(wasmHeapSize()).toBe(after);
  });

  it('after a 100,000-ply game the buffers are back to base, and repeating it does not grow the heap', () => {
    longGame();
    const after = wasmHeapSize();
    for (let round = 0; round < 2; round++) longGame();
    expect(wasmHeapSize()).toBe(after);
  });
});
