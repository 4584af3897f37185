// game.pgn({ openingTags }) without chesswasm/openings imported: the main entry does not hold
// the opening table (nor the code that writes the tags), so the option is refused with a typed
// error and the game is left as it was.
import { expect, test } from 'vitest';
import { ChessError, Game } from 'chesswasm';

test('openingTags needs chesswasm/openings', () => {
  const g = new Game();
  g.play('e4');
  let error: unknown;
  try {
    g.pgn({ openingTags: true });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ChessError);
  expect((error as ChessError).code).toBe('invalid-argument');
  expect(() => g.pgn({ openingTags: () => ({ eco: 'B00', name: "King's Pawn Game" }) })).toThrow(ChessError);
  expect(g.tags.has('ECO')).toBe(false);
  expect(Game.fromPgn(g.pgn({ openingTags: false })).mainline()).toEqual(['e4']);
});
