// reviewGame's `tablebase` option (web/src/apps/engine/review.ts): where a position is within the
// tables, the move is judged on their WDL instead of the engine's score, as lichess judges
// endgames, and the review says so. The engine is scripted (fake-engine.ts): its scores are
// made wrong on purpose, so that the judgements show which source was used.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Game, Position } from 'chesswasm';
import { Engine, reviewGame } from 'chesswasm/engine';
import { Tablebase } from 'chesswasm/tablebase';
import path from 'node:path';
import { FakeEngine } from './fake-engine.js';
import { DATA } from './helpers.js';

const KPK = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'; // won with Kd2 or Kf2, drawn after e3 or e4

// An engine that gives White the score `whiteCp(fen)` in every position, its best move the first legal one.
async function scriptedEngine(whiteCp: (fen: string) => number): Promise<Engine> {
  const fake = new FakeEngine({
    onGo: (f) => {
      const pos = Position.fromFen(f.fen);
      const cp = pos.turn === 'w' ? whiteCp(f.fen) : -whiteCp(f.fen);
      pos.dispose();
      f.write(`info depth 1 multipv 1 score cp ${cp} pv ${f.legalMove}`, `bestmove ${f.legalMove}`);
    },
  });
  return Engine.connect(fake, { timeout: 2000 });
}

let tb: Tablebase;
beforeAll(async () => {
  tb = await Tablebase.open(path.join(DATA, 'syzygy'));
});
afterAll(() => tb.close());

describe('reviewGame with a tablebase', () => {
  test('a win kept is no mistake however the engine’s score drops; the source is the tablebase', async () => {
    // The engine: +5 before, +1 after Kd2 (a blunder by its numbers); the tables: a win both times.
    const engine = await scriptedEngine((fen) => (fen.startsWith('4k3/8/8/8/8/8/3KP3') ? 100 : 500));
    const game = new Game(KPK);
    game.play('Kd2');
    const byEngine = await reviewGame(game, engine, { depth: 1 });
    expect(byEngine.moves[0]).toMatchObject({ judgement: 'blunder', source: 'engine' });
    expect(byEngine.tablebase).toBeUndefined();
    const byTables = await reviewGame(game, engine, { depth: 1, tablebase: tb });
    expect(byTables.moves[0]).toMatchObject({ judgement: null, source: 'tablebase', accuracy: 100 });
    expect(byTables.tablebase).toEqual([2, 2]);
    expect(byTables.evals).toEqual(byEngine.evals); // the engine's evaluations are kept (annotations, graph)
    engine.close();
  });

  test('a win thrown to a draw is a blunder although the engine sees no change', async () => {
    const engine = await scriptedEngine(() => 500);
    const game = new Game(KPK);
    game.play('e4');
    game.play('Kd7');
    const byEngine = await reviewGame(game, engine, { depth: 1 });
    expect(byEngine.moves.map((m) => m.judgement)).toEqual([null, null]);
    const review = await reviewGame(game, engine, { depth: 1, tablebase: tb });
    expect(review.tablebase).toEqual([2, 0, 0]);
    expect(review.moves[0]).toMatchObject({ san: 'e4', judgement: 'blunder', source: 'tablebase' });
    expect(review.moves[1]).toMatchObject({ judgement: null, source: 'tablebase' });
    expect(review.counts.white.blunder).toBe(1);
    expect(review.accuracy.white!).toBeLessThan(byEngine.accuracy.white!);
    engine.close();
  });

  test('positions outside the tables (more pieces, castling rights, a table they lack) are the engine’s', async () => {
    const engine = await scriptedEngine(() => 30);
    const game = Game.fromPgn('1. e4 e5 *');
    const review = await reviewGame(game, engine, { depth: 1, tablebase: tb });
    expect(review.tablebase).toEqual([null, null, null]);
    expect(review.moves.map((m) => m.source)).toEqual(['engine', 'engine']);
    const few = await Tablebase.open(path.join(DATA, 'syzygy'), { names: ['KQvK.rtbw'] });
    const kpk = new Game(KPK);
    kpk.play('Kd2');
    const without = await reviewGame(kpk, engine, { depth: 1, tablebase: few });
    expect(without.tablebase).toEqual([null, null]); // KPvK is not among them
    expect(without.moves[0]!.source).toBe('engine');
    few.close();
    engine.close();
  });
});
