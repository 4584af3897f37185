// findPuzzles with Debian's Stockfish on real lichess games: every puzzle found plays through
// `Puzzle` and passes `chesswasm puzzles`, its position occurs in its game, and a second
// engine (a fresh process, twice the nodes) finds the same move at every solver move, with no
// second solution by lila's rule. A few seconds at small node counts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Position, Puzzle, readGames } from 'chesswasm';
import {
  Engine,
  PUZZLE_CSV_HEADER,
  findPuzzles,
  hasMultipleSolutions,
  puzzleCsvRow,
  reviewGame,
  type GamePuzzle,
} from 'chesswasm/engine';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATA } from './helpers.js';

const SF = '/usr/games/stockfish';
const bin = fileURLToPath(new URL('../../bin/chesswasm', import.meta.url));

describe('findPuzzles with Debian Stockfish', () => {
  let engine: Engine;
  let checker: Engine;
  beforeAll(async () => {
    [engine, checker] = await Promise.all([Engine.spawn(SF), Engine.spawn(SF)]);
    await Promise.all([engine.configure({ Threads: 1, Hash: 16 }), checker.configure({ Threads: 1, Hash: 16 })]);
  });
  afterAll(() => {
    engine?.close();
    checker?.close();
  });

  test('two lichess games: valid puzzles from positions of the game, unique by a second pass', async () => {
    // Games 1 and 7 of the January 2013 sample: blunders on both sides, mate and material.
    const all = [...readGames(readFileSync(DATA + 'pgn/lichess-2013-01.pgn', 'utf8'))];
    const games = [all[0]!, all[6]!];
    const found: { puzzle: GamePuzzle; fens: Set<string> }[] = [];
    for (const game of games) {
      const review = await reviewGame(game, engine, { nodes: 50_000 });
      const fens = new Set([game.rootFen, ...game.mainlineNodes().map((n) => n.fen)]);
      for (const punish of [false, true])
        for (const puzzle of await findPuzzles(game, review, engine, { nodes: 100_000, punish }))
          found.push({ puzzle, fens });
    }
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.some(({ puzzle }) => puzzle.punish)).toBe(true);
    expect(found.some(({ puzzle }) => !puzzle.punish)).toBe(true);
    expect(found.some(({ puzzle }) => puzzle.themes.includes('mate'))).toBe(true);

    for (const { puzzle, fens } of found) {
      // The position occurs in the game (before the setup move, and after it).
      expect(fens.has(puzzle.fen)).toBe(true);
      // Puzzle plays it through.
      const p = new Puzzle({ fen: puzzle.fen, moves: puzzle.moves });
      let result = '';
      for (let i = 1; i < puzzle.moves.length; i += 2) result = p.play(puzzle.moves[i]!);
      expect(result).toBe('solved');
      p.dispose();
      // The second pass: at every solver move the same best move and no second solution.
      const pos = Position.fromFen(puzzle.fen);
      pos.play(puzzle.moves[0]!);
      for (let i = 1; i < puzzle.moves.length; i++) {
        if (i % 2 === 1) {
          const lines = await checker.analyse(pos, { nodes: 200_000, multipv: Math.min(2, pos.legalMoves().length) });
          const best = lines[0]!.score.relative;
          if (best.mate !== 1) {
            expect(lines[0]!.pv[0], `${puzzle.id} ply ${i}`).toBe(puzzle.moves[i]);
            expect(hasMultipleSolutions(best, lines[1]?.score.relative ?? null), `${puzzle.id} ply ${i}`).toBe(false);
          } else {
            // Any mate in one solves it.
            pos.play(puzzle.moves[i]!);
            expect(pos.isCheckmate()).toBe(true);
            pos.undo();
          }
        }
        pos.play(puzzle.moves[i]!);
      }
      pos.dispose();
    }

    // `chesswasm puzzles` accepts the CSV.
    const dir = mkdtempSync(path.join(tmpdir(), 'find-puzzles-'));
    const csv = path.join(dir, 'found.csv');
    writeFileSync(csv, [PUZZLE_CSV_HEADER, ...found.map(({ puzzle }) => puzzleCsvRow(puzzle))].join('\n') + '\n');
    const r = spawnSync(process.execPath, [bin, 'puzzles', csv, '--workers', '0'], { encoding: 'utf8' });
    expect(r.stdout).toContain(`${found.length} puzzles: ${found.length} valid, 0 invalid`);
    expect(r.status).toBe(0);
  }, 120_000);
});
