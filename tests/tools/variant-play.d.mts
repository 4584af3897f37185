// Types of variant-play.mjs (for the TypeScript tests).
import type { Position } from 'chessops/chess';
import type { Move, Rules } from 'chessops/types';
import type { Prng } from './prng.d.mts';

/** A chessops position of any rule set. */
export type OpsPosition = Position;

/** Options of {@link opsMoves}. */
export interface OpsMovesOptions {
  /** Every promotion piece (`'all'`, the default), or a queen and a knight (antichess: a king). */
  promotions?: 'all' | 'two';
  /** Castling's UCI: the king onto its rook (the default), or onto its destination (e1g1). */
  castling?: 'king-to-rook' | 'king-to-destination';
}

/** The chessops position of a FEN under a rule set (throws on a FEN chessops refuses). */
export declare function opsPosition(rules: Rules, fen: string): OpsPosition;
/** chessops' legal moves of a position with their UCI text: by origin square, then drops. */
export declare function opsMoves(pos: OpsPosition, options?: OpsMovesOptions): { uci: string; move: Move }[];
/** Whether UCI text names castling in a chessops position (the king onto its own rook). */
export declare function isOpsCastling(pos: OpsPosition, uci: string): boolean;
/** Plays up to `plies` random legal moves, stopping where the game ends; the number played. */
export declare function playRandomly(pos: OpsPosition, plies: number, rand: Prng, options?: OpsMovesOptions): number;
/** The start position of a rule set on the Chess960 array whose white back rank is `backRank`. */
export declare function startFen960(variant: string, backRank: string): string;
