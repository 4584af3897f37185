/**
 * `chesswasm/engine`: UCI engines (Stockfish and others) as typed searches over the package's
 * positions, a game review like lichess's computer analysis, and puzzles from a game's mistakes.
 *
 * ```ts
 * import { Position } from 'chesswasm';
 * import { Engine } from 'chesswasm/engine';
 * const engine = await Engine.spawn('/usr/games/stockfish');
 * const [best] = await engine.analyse(Position.startpos(), { depth: 12 });
 * console.log(best.san.join(' '), best.score.white().toString());
 * ```
 * The API reference shows these exports beside the main entry's (one page of classes).
 * @module engine
 * @mergeModuleWith <project>
 */
export {
  Engine,
  EngineError,
  Analysis,
  type EngineErrorCode,
  type EngineTransport,
  type EngineOptions,
  type SpawnOptions,
  type Limit,
  type SearchOptions,
  type EngineLine,
  type Snapshot,
  type BestMove,
  type PvError,
} from './engine.js';
export {
  Score,
  PovScore,
  winningChances,
  winPercent,
  hasMultipleSolutions,
  SECOND_SOLUTION_CHANCES,
  SIMILAR_EVALS,
  moveAccuracy,
  gameAccuracy,
  type ScoreJSON,
  type PovScoreJSON,
  type SideFigures,
} from './score.js';
export {
  type EngineOption,
  type OptionBase,
  type CheckOption,
  type SpinOption,
  type ComboOption,
  type ButtonOption,
  type StringOption,
  type Wdl,
} from './uci.js';
export {
  reviewGame,
  annotate,
  judge,
  DEFAULT_REVIEW_LIMIT,
  type Review,
  type ReviewedMove,
  type ReviewOptions,
  type Judgement,
  type BySide,
  type Verdict,
} from './review.js';
export { divide, phaseAt, type Division, type Phase, type ByPhase } from './division.js';
export {
  findPuzzles,
  puzzleThemes,
  puzzleCsvRow,
  PUZZLE_CSV_HEADER,
  DEFAULT_PUZZLE_LIMIT,
  type GamePuzzle,
  type FindPuzzlesOptions,
  type PuzzleTheme,
} from './puzzles.js';
