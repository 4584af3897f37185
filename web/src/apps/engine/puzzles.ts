// Puzzles from a reviewed game's mistakes, in lichess's format: the position before a judged
// move (or after it, to punish it), kept when the engine finds one clearly best continuation
// at every move of the solver (lila's hasMultipleSolutions rule, MultiPV 2), and themed where
// the position and the line decide the theme. Lichess's puzzle generator and tagger were read
// for the rules; the code is ours.
import { ChessError, describe } from '../../boundary/errors.js';
import { Game } from '../../games/game.js';
import { type Color, type Move, isCastling, isEnPassant, movePromotion } from '../../core/move.js';
import { Position } from '../../core/position.js';
import { Engine, EngineError, type Limit } from './engine.js';
import type { Judgement, Review } from './review.js';
import { type Score, hasMultipleSolutions } from './score.js';

/**
 * A lichess puzzle theme that the position and the line decide: `mate` (the line ends in
 * checkmate) and `mateIn1` to `mateIn5` (after that many solver moves; longer mates are only
 * `mate`), `promotion` / `underPromotion` (a solver move promotes, to a queen or to another
 * piece), `enPassant`, `castling` (a solver move), `sacrifice` (after one of the solver's moves
 * from the second on, the solver has at least 2 pawns of material less than at the start),
 * and the length: `oneMove`, `short` (2 solver moves), `long` (3), `veryLong` (4 or more).
 */
export type PuzzleTheme =
  | 'mate'
  | 'mateIn1'
  | 'mateIn2'
  | 'mateIn3'
  | 'mateIn4'
  | 'mateIn5'
  | 'promotion'
  | 'underPromotion'
  | 'enPassant'
  | 'castling'
  | 'sacrifice'
  | 'oneMove'
  | 'short'
  | 'long'
  | 'veryLong';

/** A puzzle found by {@link findPuzzles}, in lichess's format (`Puzzle` plays `{ fen, moves }`). */
export interface GamePuzzle {
  /** A stable id: 8 hex digits of a hash of the FEN and the moves. */
  id: string;
  /** The position before the setup move (the opponent's last move), as lichess gives it. */
  fen: string;
  /** The setup move, then the solution: solver and opponent in turn, ending on a solver move (UCI). */
  moves: string[];
  /** The same moves in SAN. */
  san: string[];
  /** The themes decided by the position and the line, in lichess's names. */
  themes: PuzzleTheme[];
  /** The solver's colour. */
  color: Color;
  /** The ply of the setup move in the game's main line (1 for the first move). */
  ply: number;
  /** The ply of the judged move the puzzle comes from. */
  mistakePly: number;
  /** The judgement of that move. */
  judgement: Judgement;
  /**
   * `false`: the solver made the mistake, and the puzzle asks for the move that should have
   * been played instead; `true`: the opponent made it (it is the setup move) and the puzzle
   * asks for its refutation.
   */
  punish: boolean;
  /** The engine's score of the first solver move, from the solver's side. */
  score: Score;
}

/** Options of {@link findPuzzles}. The search limit of each position defaults to {@link DEFAULT_PUZZLE_LIMIT}. */
export interface FindPuzzlesOptions extends Pick<Limit, 'depth' | 'nodes' | 'movetime'> {
  /** Only this side's mistakes (with `punish`: the mistakes of this side's opponent). */
  color?: Color;
  /**
   * Only this player's mistakes (with `punish`: the mistakes of this player's opponent), matched
   * against the `White` and `Black` tags ignoring case and surrounding spaces; a game without
   * that player gives no puzzle. Not with `color`.
   */
  player?: string;
  /** Puzzles that punish the opponent's mistakes instead of the player's own (default `false`). */
  punish?: boolean;
  /** The judgements that make puzzles (default mistakes and blunders). */
  judgements?: readonly Judgement[];
  /** The most solver moves of a line (default 8). */
  maxMoves?: number;
  /** Called after each judged move looked at, with the number done and the total. */
  onProgress?: (progress: { done: number; total: number }) => void;
  /**
   * Called with each puzzle as it is found, in the order of the result: a search stopped by
   * `signal` rejects, and these are the puzzles found before it stopped.
   */
  onPuzzle?: (puzzle: GamePuzzle) => void;
  /** Stops the search: it rejects with {@link EngineError} `'aborted'`. */
  signal?: AbortSignal;
}

/** The default limit of each search of {@link findPuzzles} (lichess's deeper local-analysis preset). */
export const DEFAULT_PUZZLE_LIMIT: Readonly<Pick<Limit, 'nodes'>> = Object.freeze({ nodes: 1_000_000 });

const JUDGEMENTS: readonly Judgement[] = ['inaccuracy', 'mistake', 'blunder'];
const VALUES: Record<string, number> = { p: 1, n: 3, b: 3, r: 5, q: 9 };

/** The material of `color` less the opponent's, in pawns (lichess's piece values 1, 3, 3, 5, 9). */
function materialDiff(pos: Position, color: Color): number {
  let d = 0;
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.pieceAt(sq);
    if (!p) continue;
    const v = VALUES[p.type] ?? 0;
    d += p.color === color ? v : -v;
  }
  return d;
}

const other = (c: Color): Color => (c === 'w' ? 'b' : 'w');

// FNV-1a, 32 bits, as 8 hex digits.
function idOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function limitOf(options: FindPuzzlesOptions): Limit {
  const limit: Limit = {};
  for (const k of ['depth', 'nodes', 'movetime'] as const) if (options[k] !== undefined) limit[k] = options[k];
  if (Object.keys(limit).length === 0) Object.assign(limit, DEFAULT_PUZZLE_LIMIT);
  return limit;
}

// The solvers' colours, from `color` or `player` (both sides without either).
function sidesOf(game: Game, options: FindPuzzlesOptions): Color[] {
  if (options.player !== undefined && options.color !== undefined)
    throw new ChessError('invalid-argument', 'findPuzzles takes `color` or `player`, not both');
  if (options.color !== undefined) {
    if (options.color !== 'w' && options.color !== 'b')
      throw new ChessError('invalid-argument', `not a colour: ${describe(options.color)}`);
    return [options.color];
  }
  if (options.player !== undefined) {
    if (typeof options.player !== 'string' || options.player.trim() === '')
      throw new ChessError('invalid-argument', `not a player's name: ${describe(options.player)}`);
    const name = options.player.trim().toLowerCase();
    const sides: Color[] = [];
    if ((game.tags.get('White') ?? '').trim().toLowerCase() === name) sides.push('w');
    if ((game.tags.get('Black') ?? '').trim().toLowerCase() === name) sides.push('b');
    return sides;
  }
  return ['w', 'b'];
}

// The solution from `pos` (the solver to move): at each solver move the engine's best move
// while it is the only clear one, the engine's reply in between. Ends on a solver move; null
// when there is none. `pos` is left where the line ended.
async function solve(
  pos: Position,
  engine: Engine,
  limit: Limit,
  maxMoves: number,
  signal: AbortSignal | undefined,
): Promise<{ moves: Move[]; score: Score } | null> {
  const solver = pos.turn;
  const start = materialDiff(pos, solver);
  const moves: Move[] = [];
  const forced: boolean[] = [];
  let first: Score | null = null;
  const search = signal ? { ...limit, signal } : limit;
  for (let k = 0; k < maxMoves; k++) {
    if (pos.outcome() || (k > 0 && pos.repetitionCount() > 1)) break;
    const legal = pos.legalMoves().length;
    const lines = await engine.analyse(pos, { ...search, multipv: Math.min(2, legal) });
    const best = lines[0];
    if (!best || best.pv.length === 0) break;
    const score = best.score.relative;
    // The win is decided: material won and kept since the start, with no mate to play for.
    if (k > 0 && score.mate === undefined && materialDiff(pos, solver) - start >= 2) break;
    // Any mating move solves a puzzle (Puzzle accepts them all), so a mate in one is never ambiguous.
    const second = lines[1]?.score.relative ?? null;
    if (score.mate !== 1 && hasMultipleSolutions(score, second)) break;
    first ??= score;
    moves.push(pos.play(best.pv[0]!));
    forced.push(legal === 1);
    if (pos.outcome()) break;
    let reply = best.pv[1];
    if (reply === undefined) {
      const r = await engine.analyse(pos, { ...search, multipv: 1 });
      reply = r[0]?.pv[0];
      if (reply === undefined) break;
    }
    moves.push(pos.play(reply));
  }
  // End on a solver move, and not on a forced one (with the reply before it).
  const drop = () => {
    pos.undo();
    moves.pop();
  };
  if (moves.length % 2 === 0 && moves.length > 0) drop();
  while (moves.length > 0 && forced[(moves.length - 1) / 2]) {
    drop();
    if (moves.length > 0) drop();
  }
  return moves.length > 0 && first ? { moves, score: first } : null;
}

/** The themes of a line from `fen` (the setup move first), for the solver `color`. */
export function puzzleThemes(fen: string, moves: readonly string[], color: Color): PuzzleTheme[] {
  const pos = Position.fromFen(fen);
  try {
    pos.play(moves[0]!);
    const start = materialDiff(pos, color);
    const themes = new Set<PuzzleTheme>();
    let solverMoves = 0;
    for (let i = 1; i < moves.length; i++) {
      const m = pos.play(moves[i]!);
      if (i % 2 === 0) continue;
      solverMoves++;
      const promo = movePromotion(m);
      if (promo) themes.add(promo === 'q' ? 'promotion' : 'underPromotion');
      if (isEnPassant(m)) themes.add('enPassant');
      if (isCastling(m)) themes.add('castling');
      if (solverMoves > 1 && materialDiff(pos, color) - start <= -2) themes.add('sacrifice');
    }
    if (pos.isCheckmate()) {
      themes.add('mate');
      if (solverMoves <= 5) themes.add(`mateIn${solverMoves}` as PuzzleTheme);
    }
    themes.add(solverMoves === 1 ? 'oneMove' : solverMoves === 2 ? 'short' : solverMoves === 3 ? 'long' : 'veryLong');
    return [...themes];
  } finally {
    pos.dispose();
  }
}

/**
 * Puzzles from a reviewed game's mistakes and blunders (by default; see
 * {@link FindPuzzlesOptions.judgements}) in lichess's format. For a judged move of the chosen
 * side the puzzle starts before it (the solver finds what should have been played; the setup
 * move is the opponent's move before it), or with `punish` after it (the judged move is the
 * setup move; the solver finds the refutation). The engine searches each solver position with
 * MultiPV 2: the line goes on with its best move while that move is the only clear one (lila's
 * {@link hasMultipleSolutions} rule; a mate in one always is, since any mating move solves a
 * puzzle), with the engine's replies in between, and ends before a solver move that is not
 * unique, when the game is over, a position repeats, the solver has won at least 2 pawns of
 * material and kept it (no mate in sight), or after `maxMoves` solver moves; it ends on a
 * solver move and not on a forced one. A judged move with no such line (or whose position has
 * no move before it) gives no puzzle; neither does one whose best move is the move played.
 * Standard chess only (lichess's puzzle format has no variant).
 * @throws {@link ChessError} `'invalid-argument'` (not a Game, a review of another game, bad
 *   options), `'invalid-variant'` (not standard chess); {@link EngineError} from the engine
 *   (`'unsupported'` without MultiPV, `'aborted'` when the signal fires).
 */
export async function findPuzzles(
  game: Game,
  review: Review,
  engine: Engine,
  options: FindPuzzlesOptions = {},
): Promise<GamePuzzle[]> {
  if (!(game instanceof Game)) throw new ChessError('invalid-argument', `not a Game: ${describe(game)}`);
  if (!(engine instanceof Engine)) throw new ChessError('invalid-argument', `not an Engine: ${describe(engine)}`);
  if (typeof options !== 'object' || options === null)
    throw new ChessError('invalid-argument', `not options: ${describe(options)}`);
  if (game.variant !== 'chess' || game.chess960)
    throw new ChessError('invalid-variant', `puzzles are found in standard chess only, not ${game.variant}`);
  const nodes = game.mainlineNodes();
  if (!review || !Array.isArray(review.moves) || review.moves.length !== nodes.length)
    throw new ChessError('invalid-argument', 'the review is not one of this game (its number of moves differs)');
  review.moves.forEach((m, i) => {
    if (m?.uci !== nodes[i]!.uci)
      throw new ChessError('invalid-argument', `the review is not one of this game (move ${i + 1})`);
  });
  const judgements: readonly Judgement[] = options.judgements ?? ['mistake', 'blunder'];
  if (!Array.isArray(judgements) || judgements.some((j: Judgement) => !JUDGEMENTS.includes(j)))
    throw new ChessError('invalid-argument', `judgements are ${JUDGEMENTS.join(', ')}: ${describe(judgements)}`);
  const maxMoves = options.maxMoves ?? 8;
  if (!Number.isInteger(maxMoves) || maxMoves < 1)
    throw new ChessError('invalid-argument', `maxMoves must be a positive integer: ${describe(maxMoves)}`);
  if (options.onPuzzle !== undefined && typeof options.onPuzzle !== 'function')
    throw new ChessError('invalid-argument', `onPuzzle must be a function: ${describe(options.onPuzzle)}`);
  const limit = limitOf(options);
  const multipv = engine.options.get('multipv');
  if (multipv?.type !== 'spin' || multipv.max < 2)
    throw new EngineError('unsupported', `${engine.name || 'the engine'} has no MultiPV: puzzles need two lines`);
  const punish = options.punish === true;
  const sides = sidesOf(game, options);
  const candidates = review.moves
    .map((m, i) => ({ m, i }))
    .filter(({ m, i }) => {
      const solver = punish ? other(m.color) : m.color;
      if (!m.judgement || !judgements.includes(m.judgement) || !sides.includes(solver)) return false;
      return punish || i > 0;
    });
  const out: GamePuzzle[] = [];
  let done = 0;
  for (const { m, i } of candidates) {
    if (options.signal?.aborted) throw new EngineError('aborted', 'the search was aborted');
    const setup = punish ? i : i - 1;
    const pos = Position.fromFen(game.rootFen);
    try {
      for (let k = 0; k < setup; k++) pos.play(nodes[k]!.move);
      const fen = pos.fen();
      const setupMove = pos.play(nodes[setup]!.move);
      if (!pos.outcome()) {
        const found = await solve(pos, engine, limit, maxMoves, options.signal);
        if (found) {
          // The line back on a position from the FEN, in UCI and SAN.
          const line = Position.fromFen(fen);
          try {
            const all = [setupMove, ...found.moves];
            const uci: string[] = [];
            const san: string[] = [];
            for (const mv of all) {
              uci.push(line.uci(mv));
              san.push(line.san(mv));
              line.play(mv);
            }
            const color = punish ? other(m.color) : m.color;
            if (punish || uci[1] !== m.uci) {
              const puzzle: GamePuzzle = {
                id: idOf(`${fen} ${uci.join(' ')}`),
                fen,
                moves: uci,
                san,
                themes: puzzleThemes(fen, uci, color),
                color,
                ply: nodes[setup]!.ply,
                mistakePly: m.ply,
                judgement: m.judgement!,
                punish,
                score: found.score,
              };
              out.push(puzzle);
              options.onPuzzle?.(puzzle);
            }
          } finally {
            line.dispose();
          }
        }
      }
    } finally {
      pos.dispose();
    }
    options.onProgress?.({ done: ++done, total: candidates.length });
  }
  return out;
}

/** The header of lichess's puzzle CSV, the columns of {@link puzzleCsvRow}. */
export const PUZZLE_CSV_HEADER =
  'PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags';

/**
 * A puzzle as a row of lichess's puzzle CSV (no line break): the id, FEN, moves and themes;
 * the rating, its deviation, popularity and number of plays empty (nobody played it yet); the
 * game's URL with `#ply` of the setup move when `gameUrl` is an http(s) URL without commas or
 * spaces (a lichess game's `Site` tag), else empty; no opening tags.
 */
export function puzzleCsvRow(puzzle: GamePuzzle, gameUrl?: string): string {
  const url = gameUrl !== undefined && /^https?:\/\/[^\s,#]+$/.test(gameUrl) ? `${gameUrl}#${puzzle.ply}` : '';
  return [puzzle.id, puzzle.fen, puzzle.moves.join(' '), '', '', '', '', puzzle.themes.join(' '), url, ''].join(',');
}
