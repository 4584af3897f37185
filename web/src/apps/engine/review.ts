// A game review like lichess's computer analysis: every position of the main line evaluated,
// each move judged (lila's Advice rules) and scored (lichess's accuracy), and the annotated
// PGN that lichess exports.
import { ChessError, describe } from '../../boundary/errors.js';
import { Game } from '../../games/game.js';
import type { Color } from '../../core/move.js';
import { Position } from '../../core/position.js';
import { EngineError, type Engine, type EngineLine, type Limit } from './engine.js';
import { type ByPhase, type Division, type Phase, divide, phaseAt } from './division.js';
import {
  CP_CEILING,
  Score,
  moveAccuracy,
  rawWinningChances,
  sideAccuracy,
  weightedAccuracies,
  winPercent,
} from './score.js';
import type { Tablebase } from '../tablebase/tablebase.js';

/** Lichess's judgement of a move. */
export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

/** One move of a {@link Review}. */
export interface ReviewedMove {
  /** Plies from the start (1 for the first move). */
  ply: number;
  /** The move in SAN. */
  san: string;
  /** The move in UCI. */
  uci: string;
  /** The mover. */
  color: Color;
  /** The evaluation before the move, from White's side. */
  before: Score;
  /** The evaluation after the move, from White's side. */
  after: Score;
  /** The engine's best move before this move (SAN), `null` when it gave none. */
  best: string | null;
  /** The engine's best line from the position before the move (SAN). */
  bestLine: string[];
  /** `null` for a move that lost too little (or equals the best move, or mates). */
  judgement: Judgement | null;
  /** The move's accuracy, 0-100. */
  accuracy: number;
  /** The phase of the position the move was played in (lichess's division, see {@link Review.division}). */
  phase: Phase;
  /** With a judgement from a mate score: `'created'` (the mover now gets mated) or `'lost'` (the mover lost a mate it had). */
  mate?: 'created' | 'lost';
  /**
   * What the judgement and the accuracy were made from: `'engine'`, or `'tablebase'` when the
   * position before or after the move is in the tables of {@link ReviewOptions.tablebase}.
   */
  source: 'engine' | 'tablebase';
}

/** Figures keyed by side. */
export interface BySide<T> {
  /** White's. */
  white: T;
  /** Black's. */
  black: T;
}

/** What {@link judge} says about a move. */
export interface Verdict {
  /** The judgement, `null` for none. */
  judgement: Judgement | null;
  /** Set when the judgement comes from a mate score: `'created'` (the mover now gets mated) or `'lost'` (the mover had a mate). */
  mate?: 'created' | 'lost';
}

/** What {@link reviewGame} resolves to. */
export interface Review {
  /** The N+1 evaluations of the main line from White's side, the start included. */
  evals: Score[];
  /** One per move of the main line. */
  moves: ReviewedMove[];
  /** Lichess's game accuracy per side (0-100), `null` for a side without moves. */
  accuracy: BySide<number | null>;
  /** Average centipawn loss per side (cp clamped to ±1000), `null` for a side without moves. */
  acpl: BySide<number | null>;
  /** Judged moves per side. */
  counts: BySide<Record<Judgement, number>>;
  /** Where the middlegame and the endgame start, by lichess's rule ({@link divide}). */
  division: Division;
  /**
   * Accuracy per phase and side: lichess's game accuracy over the side's moves played in that
   * phase (each move weighted as in the whole game's figure); `null` for a side without moves there.
   */
  phases: ByPhase<BySide<number | null>>;
  /**
   * With {@link ReviewOptions.tablebase}: the N+1 positions' tablebase WDL from White's side (2
   * White wins, 0 a draw, -2 Black wins; a cursed win or blessed loss is 0: the 50-move rule
   * draws it), `null` for a position outside the tables.
   */
  tablebase?: (number | null)[];
}

/** Options of {@link reviewGame}: the limit of each position's search (default `{ nodes: 250000 }`) and progress. */
export interface ReviewOptions extends Pick<Limit, 'depth' | 'nodes' | 'movetime'> {
  /** Called after each position with the number evaluated and the total. */
  onProgress?: (progress: { done: number; total: number }) => void;
  /** Stops the review: it rejects with {@link EngineError} `'aborted'`. */
  signal?: AbortSignal;
  /**
   * Syzygy tables (`chesswasm/tablebase`): where the position before or after a move is within
   * them, the move is judged on their verdict, as lichess judges endgames, instead of the
   * engine's score (a win kept is no mistake however the engine's number moves; a win thrown to
   * a draw is a blunder). The engine still gives the best line. A table the tables lack leaves
   * that position to the engine; a damaged table rejects the review with its `TablebaseError`.
   */
  tablebase?: Pick<Tablebase, 'maxPieces' | 'probeWdl'>;
}

/** The default limit of {@link reviewGame}. */
export const DEFAULT_REVIEW_LIMIT: Readonly<Pick<Limit, 'nodes'>> = Object.freeze({ nodes: 250_000 });

// Lila's CpAdvice thresholds on the -1..+1 scale, strongest first.
const THRESHOLDS: [number, Judgement][] = [
  [0.3, 'blunder'],
  [0.2, 'mistake'],
  [0.1, 'inaccuracy'],
];

/**
 * Lila's judgement of a move from the evaluations before and after it, from the mover's side
 * (Advice.scala): with centipawns on both sides, the drop in (unclamped) winning chances; a mate
 * created against the mover or a mate the mover lost by lila's mate rules.
 */
export function judge(before: Score, after: Score): Verdict {
  const bMate = before.mate;
  const aMate = after.mate;
  if (bMate === undefined && aMate === undefined) {
    const drop = rawWinningChances(before.cp!) - rawWinningChances(after.cp!);
    for (const [t, j] of THRESHOLDS) if (drop >= t) return { judgement: j };
    return { judgement: null };
  }
  const prevCp = before.cp ?? 0;
  const nextCp = after.cp ?? 0;
  // MateCreated: no mate before, the mover now gets mated.
  if (bMate === undefined && after.isMated())
    return { judgement: prevCp < -999 ? 'inaccuracy' : prevCp < -700 ? 'mistake' : 'blunder', mate: 'created' };
  // MateLost: the mover had a mate and now has none, or gets mated.
  if (bMate !== undefined && !before.isMated() && (aMate === undefined || after.isMated()))
    return { judgement: nextCp > 999 ? 'inaccuracy' : nextCp > 700 ? 'mistake' : 'blunder', mate: 'lost' };
  return { judgement: null };
}

const noCounts = (): Record<Judgement, number> => ({ inaccuracy: 0, mistake: 0, blunder: 0 });

/**
 * Reviews a game's main line: every position evaluated by the engine (positions where the game
 * is over are scored without it: mate as mate, a draw as 0), then each move judged and given an
 * accuracy, and per side the game accuracy, the average centipawn loss and the counts.
 * @throws {@link EngineError} from the engine (`'aborted'` when the signal fires).
 */
export async function reviewGame(game: Game, engine: Engine, options: ReviewOptions = {}): Promise<Review> {
  if (!(game instanceof Game)) throw new ChessError('invalid-argument', `not a Game: ${describe(game)}`);
  const limit: Limit = {};
  for (const k of ['depth', 'nodes', 'movetime'] as const) if (options?.[k] !== undefined) limit[k] = options[k];
  if (Object.keys(limit).length === 0) Object.assign(limit, DEFAULT_REVIEW_LIMIT);
  const signal = options?.signal;
  const nodes = game.mainlineNodes();
  const total = nodes.length + 1;
  const pos = Position.fromFen(game.rootFen, { variant: game.variant, chess960: game.chess960 });
  const evals: Score[] = [];
  const bests: (EngineLine | null)[] = [];
  const tb = options?.tablebase;
  const wdls: (number | null)[] = [];
  try {
    for (let i = 0; i < total; i++) {
      if (signal?.aborted) throw new EngineError('aborted', 'the review was aborted');
      if (i > 0) pos.play(nodes[i - 1]!.move);
      const white = pos.turn === 'w';
      const outcome = pos.outcome();
      if (outcome) {
        // The game is over here: mate (the side to move is mated) or a draw.
        const rel =
          outcome.termination === 'CHECKMATE' || (outcome.winner && outcome.winner !== pos.turn)
            ? Score.mate(-0)
            : Score.cp(0);
        evals.push(white ? rel : rel.negate());
        bests.push(null);
      } else {
        const lines = await engine.analyse(pos, { ...limit, multipv: 1, ...(signal ? { signal } : {}) });
        const best = lines[0];
        if (!best) throw new EngineError('protocol', `the engine sent no score for ${pos.fen()}`);
        evals.push(best.score.white());
        bests.push(best);
      }
      if (tb) wdls.push(await tablebaseWdl(tb, pos));
      options?.onProgress?.({ done: i + 1, total });
    }
  } finally {
    pos.dispose();
  }
  return tb ? summarize(game, evals, bests, wdls) : summarize(game, evals, bests);
}

// The tables' WDL of a position from White's side (a cursed win or blessed loss: 0), null when it
// is outside them (more pieces, castling rights, another rule set, a table they lack).
async function tablebaseWdl(tb: Pick<Tablebase, 'maxPieces' | 'probeWdl'>, pos: Position): Promise<number | null> {
  if (pos.variant !== 'chess' && pos.variant !== 'chess960') return null;
  const [board, , castling] = pos.fen().split(' ');
  if (castling !== '-' || board!.replace(/[^a-z]/gi, '').length > tb.maxPieces) return null;
  let wdl: number;
  try {
    wdl = await tb.probeWdl(pos);
  } catch (e) {
    if ((e as { code?: unknown }).code === 'missing-table') return null;
    throw e;
  }
  const decisive = wdl === 2 ? 2 : wdl === -2 ? -2 : 0;
  return pos.turn === 'w' || decisive === 0 ? decisive : -decisive;
}

// The score the tables give (White's side): a win as the centipawn ceiling, so that judging sees
// a win kept as no loss and a win thrown away as the largest one.
function tablebaseScore(wdl: number): Score {
  return Score.cp(wdl > 0 ? CP_CEILING : wdl < 0 ? -CP_CEILING : 0);
}

// A score as the centipawn ceiling when it is a mate (judged beside a tablebase score, a mate and
// a tablebase win are the same win).
function ceiled(s: Score): Score {
  return s.mate === undefined ? s : Score.cp(s.isMated() ? -CP_CEILING : CP_CEILING);
}

/**
 * The review of a main line from its evaluations (White's side) and the engine's best line before
 * each move; with `tablebase` (each position's tablebase WDL from White's side, `null` outside the
 * tables), the moves at tablebase positions judged on it ({@link ReviewOptions.tablebase}).
 */
export function summarize(
  game: Game,
  evals: Score[],
  bests: (EngineLine | null)[],
  tablebase?: readonly (number | null)[],
): Review {
  const nodes = game.mainlineNodes();
  const first: Color = game.rootFen.split(' ')[1] === 'b' ? 'b' : 'w';
  const division = divide(game);
  const moves: ReviewedMove[] = [];
  const counts = { white: noCounts(), black: noCounts() };
  const loss = { white: [] as number[], black: [] as number[] };
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const color: Color = (i % 2 === 0) === (first === 'w') ? 'w' : 'b';
    const side = color === 'w' ? 'white' : 'black';
    const before = evals[i]!;
    const after = evals[i + 1]!;
    const tbBefore = tablebase?.[i] ?? null;
    const tbAfter = tablebase?.[i + 1] ?? null;
    const byTables = tbBefore !== null || tbAfter !== null;
    const judgedBefore = tbBefore !== null ? tablebaseScore(tbBefore) : byTables ? ceiled(before) : before;
    const judgedAfter = tbAfter !== null ? tablebaseScore(tbAfter) : byTables ? ceiled(after) : after;
    const mb = color === 'w' ? judgedBefore : judgedBefore.negate();
    const ma = color === 'w' ? judgedAfter : judgedAfter.negate();
    const best = bests[i] ?? null;
    const moverAfter = color === 'w' ? after : after.negate();
    const mates = moverAfter.mate !== undefined && Object.is(moverAfter.mate, 0); // the move gave mate
    const isBest = best !== null && best.pv[0] === node.uci;
    const j = mates || isBest ? { judgement: null } : judge(mb, ma);
    const accuracy = mates ? 100 : moveAccuracy(winPercent(mb), winPercent(ma));
    const m: ReviewedMove = {
      ply: node.ply,
      san: node.san,
      uci: node.uci,
      color,
      before,
      after,
      best: best?.san[0] ?? null,
      bestLine: best?.san ?? [],
      judgement: j.judgement,
      accuracy,
      phase: phaseAt(division, i),
      source: byTables ? 'tablebase' : 'engine',
    };
    if (j.judgement && j.mate) m.mate = j.mate;
    if (j.judgement) counts[side][j.judgement]++;
    moves.push(m);
    loss[side].push(Math.max(0, mb.ceiledCp() - ma.ceiledCp()));
  }
  const judged = evals.map((e, i) => {
    const wdl = tablebase?.[i] ?? null;
    return wdl !== null ? tablebaseScore(wdl) : e;
  });
  const weighted = weightedAccuracies(
    judged.map((e) => winPercent(e)),
    first,
  );
  const bySide = (xs: typeof weighted): BySide<number | null> => ({
    white: sideAccuracy(xs.filter((x) => x.color === 'w')),
    black: sideAccuracy(xs.filter((x) => x.color === 'b')),
  });
  const inPhase = (p: Phase) => bySide(weighted.filter((_, i) => moves[i]!.phase === p));
  const phases = { opening: inPhase('opening'), middlegame: inPhase('middlegame'), endgame: inPhase('endgame') };
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const review: Review = {
    evals,
    moves,
    accuracy: bySide(weighted),
    acpl: { white: mean(loss.white), black: mean(loss.black) },
    counts,
    division,
    phases,
  };
  if (tablebase) review.tablebase = [...tablebase];
  return review;
}

const NAG: Record<Judgement, number> = { inaccuracy: 6, mistake: 2, blunder: 4 };
const WORD: Record<Judgement, string> = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };

// `0.32`, `-1.50`, `#3`, `#-2` as lichess writes evaluations in comments.
function evalText(s: Score): string {
  if (s.mate !== undefined) return s.isMated() ? `#-${Math.abs(s.mate)}` : `#${s.mate}`;
  return (s.cp! / 100).toFixed(2);
}

/**
 * Writes a review into a copy of the game, as lichess's annotated export does, and returns its
 * PGN: `[%eval]` after every move (not after a mate), `?!` / `?` / `??` on judged moves, a
 * comment such as `(0.20 → -1.15) Mistake. Nf3 was best.`, and the best line as a variation.
 * The game itself is not changed.
 */
export function annotate(game: Game, review: Review): string {
  if (!(game instanceof Game)) throw new ChessError('invalid-argument', `not a Game: ${describe(game)}`);
  const copy = Game.fromPgn(game.pgn());
  try {
    const nodes = copy.mainlineNodes();
    if (!review || !Array.isArray(review.moves) || review.moves.length !== nodes.length)
      throw new ChessError('invalid-argument', 'the review is not one of this game (its number of moves differs)');
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      const m = review.moves[i]!;
      if (m.uci !== node.uci)
        throw new ChessError(
          'invalid-argument',
          `the review is not one of this game (move ${i + 1}: ${m.san} vs ${node.san})`,
        );
      const after = m.after;
      if (!(after.mate !== undefined && Object.is(Math.abs(after.mate), 0)))
        node.eval =
          after.mate !== undefined
            ? { mate: after.isMated() ? -Math.abs(after.mate) : after.mate }
            : { pawns: after.cp! / 100 };
      if (!m.judgement) continue;
      node.nags = [...node.nags.filter((n) => n < 1 || n > 6), NAG[m.judgement]];
      const what =
        m.mate === 'created'
          ? 'Checkmate is now unavoidable'
          : m.mate === 'lost'
            ? 'Lost forced checkmate sequence'
            : WORD[m.judgement];
      const text = `(${evalText(m.before)} → ${evalText(m.after)}) ${what}.${m.best ? ` ${m.best} was best.` : ''}`;
      node.commentsAfter = [text, ...node.commentsAfter];
      if (m.bestLine.length) {
        copy.goTo(node.parent!);
        for (const san of m.bestLine) copy.play(san);
        copy.goTo(node);
      }
    }
    return copy.pgn();
  } finally {
    copy.dispose();
  }
}
