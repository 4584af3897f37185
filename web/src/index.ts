/**
 * chesswasm: chess rules (legal moves, FEN, UCI/SAN, Polyglot Zobrist keys, perft) from a
 * C++ core compiled to WebAssembly.
 *
 * Importing the package loads the wasm module (top-level await), so every class is usable
 * synchronously right after `import`. Hosts that serve `chesswasm.wasm` from elsewhere call
 * {@link init} with its URL or bytes before using anything.
 * @packageDocumentation
 * @mergeModuleWith <project>
 */
export { init, isInitialized, wasmHeapSize, type InitOptions } from './boundary/wasm.js';
export {
  Position,
  parseVariant,
  type Variant,
  type Outcome,
  type Termination,
  type Piece,
  type Pocket,
  type Pockets,
  type RemainingChecks,
  type FenOptions,
} from './core/position.js';
export { Setup, type CastlingSide, type ToPositionOptions } from './core/setup.js';
export {
  Game,
  GameNode,
  type GameOptions,
  type GameResult,
  type PgnReadOptions,
  type PgnWriteOptions,
  type OpeningName,
  type OpeningLookup,
} from './games/game.js';
export {
  parseCommentCommands,
  makeCommentCommands,
  parseClock,
  formatClock,
  type CommentCommands,
  type CommentCommandValues,
  type Evaluation,
  type Shape,
  type ShapeColor,
} from './games/comment-commands.js';
export { readGames, type ReadGamesOptions, type GameIterator } from './games/pgn.js';
export {
  type Move,
  type Square,
  type SquareName,
  type FileName,
  type RankName,
  type Color,
  type PieceType,
  type PromotionPiece,
  MoveFlag,
  SQUARE_NAMES,
  moveFrom,
  moveTo,
  moveFlags,
  movePromotion,
  isCapture,
  isCastling,
  isDrop,
  dropPiece,
  isEnPassant,
  isPromotion,
  squareName,
  parseSquare,
} from './core/move.js';
export {
  ChessError,
  FenError,
  IllegalMoveError,
  PgnError,
  BookError,
  type BookErrorCode,
  type ChessErrorCode,
  type FenErrorCode,
  type IllegalMoveCode,
  type KebabCase,
  type PgnErrorReason,
} from './boundary/errors.js';
export { chessgroundDests } from './adapters/chessground.js';
export {
  Puzzle,
  validateLine,
  type PuzzleInit,
  type PuzzleResult,
  type PuzzleProgress,
  type PuzzleState,
  type LineValidation,
  type LineErrorReason,
  type LineNotation,
  type ValidateLineOptions,
} from './apps/puzzle.js';
export { chess960StartFen, chess960BackRank } from './core/chess960.js';
export { Book, type BookEntry } from './apps/book.js';
// The names of the core's codes that the types above are made of (generated from the wasm
// module's registration, web/src/boundary/boundary.ts).
export type {
  FenErrorName,
  LineStatusName,
  NotationName,
  PgnErrorCodeName,
  SanStatusName,
  TerminationName,
  VariantName,
} from './boundary/boundary.js';
