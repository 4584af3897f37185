// A game's phases by lichess's rule (scalachess's Divider, read for the rule; the code is
// ours): the middlegame starts at the first position with at most 10 pieces other than kings
// and pawns, a sparse back rank or a mixed board; the endgame at the first with at most 6.
import { ChessError, describe } from '../../boundary/errors.js';
import { Game } from '../../games/game.js';
import { Position } from '../../core/position.js';

/** A phase of a game. */
export type Phase = 'opening' | 'middlegame' | 'endgame';

/**
 * The phases of a game's main line (see {@link divide}) as indices of the positions its moves
 * were played in: 0 the start, `plies - 1` the position before the last move.
 */
export interface Division {
  /** The first position of the middlegame, `null` when the game has none. */
  middle: number | null;
  /** The first position of the endgame, `null` when the game has none. */
  end: number | null;
  /** The number of moves of the main line. */
  plies: number;
}

/** Figures per phase. */
export interface ByPhase<T> {
  /** The opening's. */
  opening: T;
  /** The middlegame's. */
  middlegame: T;
  /** The endgame's. */
  endgame: T;
}

// Pieces on the board: 0 none, 1 White's, 2 Black's, by square (a1 = 0), and the count of
// pieces other than kings and pawns.
interface Board {
  colors: Uint8Array;
  officers: number;
}

function boardOf(pos: Position): Board {
  const colors = new Uint8Array(64);
  let officers = 0;
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.pieceAt(sq);
    if (!p) continue;
    colors[sq] = p.color === 'w' ? 1 : 2;
    if (p.type !== 'k' && p.type !== 'p') officers++;
  }
  return { colors, officers };
}

// Fewer than 4 of a side's pieces on its own back rank: its pieces are developed.
function backRankSparse(b: Board): boolean {
  let white = 0;
  let black = 0;
  for (let f = 0; f < 8; f++) {
    if (b.colors[f] === 1) white++;
    if (b.colors[56 + f] === 2) black++;
  }
  return white < 4 || black < 4;
}

// The score of a 2x2 region whose lower rank is `y` (1-7) holding `white` and `black` pieces:
// high when both sides' pieces meet, more so in the opponent's half.
function regionScore(y: number, white: number, black: number): number {
  switch (white * 8 + black) {
    case 0o10:
      return 1 + (8 - y);
    case 0o20:
      return y > 2 ? 2 + (y - 2) : 0;
    case 0o30:
    case 0o40:
      return y > 1 ? 3 + (y - 1) : 0;
    case 0o01:
      return 1 + y;
    case 0o11:
      return 5 + Math.abs(3 - y);
    case 0o21:
      return 4 + y;
    case 0o31:
      return 5 + y;
    case 0o02:
      return y < 6 ? 2 + (6 - y) : 0;
    case 0o12:
      return 4 + (6 - y);
    case 0o22:
      return 7;
    case 0o03:
    case 0o04:
      return y < 7 ? 3 + (7 - y) : 0;
    case 0o13:
      return 5 + (6 - y);
    default:
      return 0;
  }
}

// The sum of the region scores over the 49 overlapping 2x2 regions of the board.
function mixedness(b: Board): number {
  let total = 0;
  for (let y = 0; y < 7; y++)
    for (let x = 0; x < 7; x++) {
      let white = 0;
      let black = 0;
      for (const sq of [8 * y + x, 8 * y + x + 1, 8 * (y + 1) + x, 8 * (y + 1) + x + 1]) {
        if (b.colors[sq] === 1) white++;
        else if (b.colors[sq] === 2) black++;
      }
      total += regionScore(y + 1, white, black);
    }
  return total;
}

/**
 * The phases of a game's main line by lichess's rule, over the positions its moves were played
 * in (the start included, the final position not): the middlegame starts at the first position with at most 10 pieces other than kings and pawns, fewer than 4 pieces of a side on
 * its back rank, or a mixedness above 150 (pieces of both sides meeting in 2x2 regions); the
 * endgame at the first position with at most 6 such pieces (none before a middlegame starts).
 * When the endgame starts at the middlegame's first position the game has no middlegame.
 */
export function divide(game: Game): Division {
  if (!(game instanceof Game)) throw new ChessError('invalid-argument', `not a Game: ${describe(game)}`);
  const nodes = game.mainlineNodes();
  const pos = Position.fromFen(game.rootFen, { variant: game.variant, chess960: game.chess960 });
  let middle: number | null = null;
  let end: number | null = null;
  try {
    for (let i = 0; i < nodes.length; i++) {
      if (i > 0) pos.play(nodes[i - 1]!.move);
      const b = boardOf(pos);
      if (middle === null && (b.officers <= 10 || backRankSparse(b) || mixedness(b) > 150)) middle = i;
      if (middle !== null && b.officers <= 6) {
        end = i;
        break;
      }
    }
  } finally {
    pos.dispose();
  }
  if (middle !== null && end !== null && middle >= end) middle = null;
  return { middle, end, plies: nodes.length };
}

/** The phase of the position at `index` (0 the start) in a {@link Division}. */
export function phaseAt(division: Division, index: number): Phase {
  if (division.end !== null && index >= division.end) return 'endgame';
  if (division.middle !== null && index >= division.middle) return 'middlegame';
  return 'opening';
}
