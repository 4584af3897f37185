// The differential tests of the variants against chessops (variants.test.ts, variants960.test.ts)
// compare a position of ours with chessops' at every ply of a random game the same way: this is
// that comparison, and the step that plays a move on both.
import { makeFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import type { Move as OpsMove } from 'chessops/types';
import { expect } from 'vitest';
import { isEnPassant, type Position } from 'chesswasm';
import { opsMoves, type OpsMovesOptions, type OpsPosition } from '../tools/variant-play.mjs';

/** Our FEN as chessops writes it: the en passant square only when a legal capture exists. */
export function ourFen(pos: Position): string {
  const fields = pos.fen().split(' ');
  if (fields[3] !== '-' && !pos.legalMoves().some((m) => isEnPassant(m))) fields[3] = '-';
  return fields.join(' ');
}

/** What {@link comparePly} found. */
export interface Ply {
  /** chessops' legal moves (with their UCI text as ours should write it). */
  moves: { uci: string; move: OpsMove }[];
  /** Our legal moves as UCI, in our order. */
  ourUci: string[];
  /** 'over': both say the game is over (winners compared); 'stop': no comparison past here. */
  end: 'over' | 'stop' | null;
}

/**
 * Compares at one ply: the FEN, the set of legal moves (UCI, castling as `castling` says),
 * the SAN of every legal move when `sanNow`, insufficient material for each side, and whether
 * the game is over and who won. A game ended by fivefold repetition or the 75-move rule
 * (rules chessops does not play) is a `'stop'`, as is a position without moves.
 */
export function comparePly(
  ours: Position,
  theirs: OpsPosition,
  where: string,
  { sanNow, castling }: { sanNow: boolean; castling: OpsMovesOptions['castling'] },
): Ply {
  expect(ourFen(ours), where).toBe(makeFen(theirs.toSetup()));
  const moves = opsMoves(theirs, { castling });
  const ourUci = ours.legalUci();
  expect([...ourUci].sort(), where).toEqual(moves.map((m) => m.uci).sort());
  if (sanNow) {
    const ourSan = new Map(ours.legalSan().map((san, i) => [ourUci[i]!, san]));
    expect(
      moves.map(({ uci }) => `${uci} ${ourSan.get(uci)}`),
      where,
    ).toEqual(moves.map(({ uci, move }) => `${uci} ${makeSan(theirs, move)}`));
  }
  for (const c of ['w', 'b'] as const)
    expect(ours.hasInsufficientMaterial(c), `${where} insufficient ${c}`).toBe(
      theirs.hasInsufficientMaterial(c === 'w' ? 'white' : 'black'),
    );
  const o = ours.outcome();
  if (o && (o.termination === 'FIVEFOLD_REPETITION' || o.termination === 'SEVENTYFIVE_MOVES'))
    return { moves, ourUci, end: 'stop' };
  expect(o !== null, `${where} over`).toBe(theirs.isEnd());
  if (o) {
    const w = theirs.outcome()?.winner;
    expect(o.winner, where).toBe(w === 'white' ? 'w' : w === 'black' ? 'b' : null);
    return { moves, ourUci, end: 'over' };
  }
  return { moves, ourUci, end: moves.length ? null : 'stop' };
}

/** Plays a move of chessops' list on both positions, its SAN compared first. */
export function playBoth(
  ours: Position,
  theirs: OpsPosition,
  pick: { uci: string; move: OpsMove },
  where: string,
): void {
  expect(ours.san(ours.parseUci(pick.uci)), `${where} ${pick.uci}`).toBe(makeSan(theirs, pick.move));
  ours.play(pick.uci);
  theirs.play(pick.move);
}
