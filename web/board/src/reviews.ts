// A game review kept with its chapter (storage.ts, the `reviews` store): the package's Review
// as IndexedDB clones it, revived into one with Score objects again, and the annotated PGN the
// package's `annotate` writes from it. Shared by the review view, the studies' exports and the
// review queue; no DOM.
import { Game } from 'chesswasm';
import { type Review, type ReviewedMove, Score, annotate } from 'chesswasm/engine';
import type { ReviewRec } from './storage.js';

/** A game's main line as the key a stored review is of: its UCI moves joined by spaces. */
export function mainLine(game: Game): string {
  return game.mainline().join(' ');
}

function score(v: unknown): Score | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as { cp?: unknown; mate?: unknown };
  if (typeof o.cp === 'number' && Number.isFinite(o.cp)) return Score.cp(o.cp);
  if (typeof o.mate === 'number' && Number.isInteger(o.mate)) return Score.mate(o.mate);
  return null;
}

/**
 * The Review of a stored record (its scores as Score objects again), or null when the record
 * is not one (another shape, a damaged record): a review that cannot be read is not shown.
 */
export function reviveReview(raw: unknown): Review | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Review;
  if (!Array.isArray(r.evals) || !Array.isArray(r.moves) || r.evals.length !== r.moves.length + 1) return null;
  if (!r.accuracy || !r.counts || !r.phases || !r.division || !r.acpl) return null;
  const evals: Score[] = [];
  for (const e of r.evals) {
    const s = score(e);
    if (!s) return null;
    evals.push(s);
  }
  const moves: ReviewedMove[] = [];
  for (const m of r.moves as unknown[]) {
    const x = m as ReviewedMove;
    const before = score(x?.before);
    const after = score(x?.after);
    if (!before || !after || typeof x.uci !== 'string' || typeof x.san !== 'string' || !Array.isArray(x.bestLine))
      return null;
    moves.push({ ...x, before, after });
  }
  return { ...r, evals, moves };
}

/** The stored review of `game` when it is of the game's current main line, revived; else null. */
export function reviewOf(game: Game, rec: Pick<ReviewRec, 'line' | 'review'> | undefined): Review | null {
  if (!rec || rec.line !== mainLine(game)) return null;
  return reviveReview(rec.review);
}

/**
 * A chapter's PGN for export: with a stored review of its main line, the package's annotated
 * PGN (`[%eval]`, NAGs, lichess's comments, the best lines as variations); else the PGN as it is.
 */
export function exportPgn(pgn: string, rec: ReviewRec | undefined): string {
  if (!rec) return pgn;
  let game: Game;
  try {
    game = Game.fromPgn(pgn);
  } catch {
    return pgn;
  }
  try {
    const review = reviewOf(game, rec);
    return review ? annotate(game, review) : pgn;
  } catch {
    return pgn; // (annotate refuses a review of another game: the PGN as it is)
  } finally {
    game.dispose();
  }
}

/**
 * Runs `fn` holding the review lock of a chapter (the Web Locks API, shared by every tab of
 * the board), so that one game is never reviewed twice at once: by the board's "Review game"
 * and the study's review queue, or by two tabs. A database game's lock is named by
 * {@link dbLockName} instead of a chapter id. Resolves with `busy: true` (without running
 * `fn`) while another review holds it. Without Web Locks, `fn` runs.
 */
export async function withReviewLock<T>(
  chapter: number | string | undefined,
  fn: () => Promise<T>,
): Promise<{ busy: false; value: T } | { busy: true }> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (chapter === undefined || !locks) return { busy: false, value: await fn() };
  return locks.request(`chesswasm-review-${chapter}`, { ifAvailable: true }, async (lock) =>
    lock ? { busy: false as const, value: await fn() } : { busy: true as const },
  );
}

/** The review lock's name for a game of one of the Explorer's databases (see withReviewLock). */
export const dbLockName = (file: string, game: number): string => `db:${file}:${game}`;
