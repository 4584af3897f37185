// Lichess's division of a game into opening, middlegame and endgame (divide, phaseAt) against
// the games and ranges of scalachess's DividerTest, the rule's edge cases, and the review's
// accuracy per phase.
import { readFileSync } from 'node:fs';
import { Game, readGames } from 'chesswasm';
import { Engine, divide, phaseAt, reviewGame } from 'chesswasm/engine';
import { describe, expect, test } from 'vitest';
import { FakeEngine } from './fake-engine.js';
import { DATA } from './helpers.js';

const games = [...readGames(readFileSync(DATA + 'games/divider.pgn', 'utf8'))];
const range = (s: string) => s.split('-').map(Number) as [number, number];

describe('divide', () => {
  test.each(games.map((g, i) => [i + 1, g] as const))('scalachess DividerTest game %i', (_, game) => {
    const d = divide(game);
    expect(d.plies).toBe(game.mainline().length);
    const [mlo, mhi] = range(game.tags.get('Middle')!);
    expect(d.middle).not.toBeNull();
    expect(d.middle!).toBeGreaterThanOrEqual(mlo);
    expect(d.middle!).toBeLessThanOrEqual(mhi);
    const end = game.tags.get('End')!;
    if (end === 'none') expect(d.end).toBeNull();
    else {
      const [elo, ehi] = range(end);
      expect(d.end!).toBeGreaterThanOrEqual(elo);
      expect(d.end!).toBeLessThanOrEqual(ehi);
    }
  });

  test('the rule at its edges', () => {
    // No move: nothing to divide; the start position is the opening.
    expect(divide(new Game())).toEqual({ middle: null, end: null, plies: 0 });
    expect(divide(Game.fromPgn('1. e4 e5 2. Nf3 Nc6 *'))).toEqual({ middle: null, end: null, plies: 4 });
    // Six pieces besides kings and pawns from the start: endgame at once, no middlegame.
    const ending = Game.fromPgn(
      '[SetUp "1"]\n[FEN "r1b1k2r/pppp1ppp/8/8/8/8/PPPP1PPP/R1B1K2R w KQkq - 0 1"]\n\n1. d3 d6 *',
    );
    expect(divide(ending)).toEqual({ middle: null, end: 0, plies: 2 });
    // Ten pieces: the middlegame from the start.
    const ten = Game.fromPgn('[SetUp "1"]\n[FEN "r1bqk2r/pppp1ppp/8/8/8/8/PPPP1PPP/R1BQK2R w KQkq - 0 1"]\n\n1. d3 *');
    expect(divide(ten)).toEqual({ middle: 0, end: null, plies: 1 });
    // A sparse back rank (three white pieces on the first rank) is the middlegame.
    const sparse = Game.fromPgn(
      '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/2NBQN2/PPPPPPPP/R3K2R w KQkq - 0 1"]\n\n1. a3 *',
    );
    expect(divide(sparse).middle).toBe(0);
    expect(phaseAt({ middle: 10, end: 30, plies: 40 }, 9)).toBe('opening');
    expect(phaseAt({ middle: 10, end: 30, plies: 40 }, 10)).toBe('middlegame');
    expect(phaseAt({ middle: 10, end: 30, plies: 40 }, 30)).toBe('endgame');
    expect(phaseAt({ middle: null, end: 3, plies: 5 }, 2)).toBe('opening');
    expect(() => divide('1. e4' as unknown as Game)).toThrow(/not a Game/);
  });
});

test("the review's phases: each move's phase and the accuracy per phase and side", async () => {
  // +0.20 for White until Black's 20th move, +3.00 from the position after it on.
  const game = games[0]!;
  const loser = game.mainlineNodes()[39]!; // 20... Bc8
  let lost = false;
  const fake = new FakeEngine({
    onGo: (f) => {
      lost ||= f.fen === loser.fen;
      const cp = lost ? 300 : 20;
      const rel = f.fen.split(' ')[1] === 'w' ? cp : -cp;
      f.write(`info depth 5 multipv 1 score cp ${rel} pv ${f.legalMove}`, `bestmove ${f.legalMove}`);
    },
  });
  const engine = await Engine.connect(fake);
  const review = await reviewGame(game, engine, { depth: 5 });
  engine.close();
  const d = review.division;
  expect(d).toEqual(divide(game));
  review.moves.forEach((m, i) => expect(m.phase).toBe(phaseAt(d, i)));
  expect(review.moves[39]!.phase).toBe('middlegame');
  expect(review.moves[39]!.judgement).not.toBeNull();
  // White made no loss anywhere: 100 in every phase it moved in; Black lost only in the middlegame.
  for (const p of ['opening', 'middlegame', 'endgame'] as const) expect(review.phases[p].white).toBeCloseTo(100, 6);
  expect(review.phases.opening.black).toBeCloseTo(100, 6);
  expect(review.phases.middlegame.black!).toBeLessThan(100);
  expect(review.phases.endgame.black).toBeCloseTo(100, 6);
  expect(review.accuracy.black!).toBeLessThan(100);
});
