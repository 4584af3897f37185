/**
 * `chesswasm/engine`: UCI engines (Stockfish and others) as typed searches over the package's
 * positions, and a game review like lichess's computer analysis.
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
