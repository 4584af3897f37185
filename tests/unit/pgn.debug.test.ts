// PGN and Game against build/dist-debug (the Vitest "debug" project): the debug wasm (core
// asserts, ASSERTIONS=2, SAFE_HEAP) under the tree buffers in both directions, the chunked
// reader, error paths and navigation with null moves.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { Game, readGames } from 'chesswasm';
import { DATA } from './helpers.js';

const read = (name: string) => readFileSync(`${DATA}${name}`, 'utf8');

test('every data file and part of the corpus read, written, re-read (debug build)', () => {
  const corpus = read('corpus/stockfish-selfplay.pgn')
    .split(/\n(?=\[Event )/)
    .slice(0, 40)
    .join('\n');
  for (const text of [read('pgn/constructs.pgn'), read('pgn/chessops-trees.pgn'), read('pgn/bom-crlf.pgn'), corpus]) {
    let games = 0;
    for (const g of readGames(text)) {
      games++;
      const again = Game.fromPgn(g.pgn());
      expect(again.pgn()).toBe(g.pgn());
      // Walk every node with the game's position (undo/replay, null moves).
      const stack = [g.root];
      while (stack.length) {
        const n = stack.pop()!;
        g.goTo(n);
        expect(g.position.fen()).toBe(n.fen);
        stack.push(...n.children);
      }
    }
    expect(games).toBeGreaterThan(0);
  }
});

test('malformed games and chunked input (debug build)', async () => {
  const text = read('pgn/malformed.pgn');
  const errors: number[] = [];
  const games: string[] = [];
  async function* chunks() {
    for (let i = 0; i < text.length; i += 5) yield text.slice(i, i + 5);
  }
  for await (const g of readGames(chunks(), { onError: (e) => errors.push(e.line) })) games.push(g.tags.get('Event')!);
  expect(games).toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4']);
  expect(errors).toEqual([7, 13, 20, 25, 33]);
  expect(() => Game.fromPgn('1. e4 (')).toThrow(expect.objectContaining({ code: 'invalid-pgn' }));
});
