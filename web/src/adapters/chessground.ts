/**
 * Adapters for the chessground board (lichess's board UI). The package never imports
 * chessground itself.
 * @module
 */
import { type SquareName, SQUARE_NAMES, isCastling, isDrop, moveFrom, moveTo } from '../core/move.js';
import { ChessError, describe } from '../boundary/errors.js';
import { Position } from '../core/position.js';

/**
 * The `movable.dests` map chessground expects: for each square with a legal move, the
 * squares its piece can go to. Castling appears as king-to-rook (`e1` → `h1`), and with
 * standard castling (not Chess960 castling, see `position.chess960`) also as
 * king-to-destination (`e1` → `g1`), so that the board accepts either gesture whatever its
 * `rookCastle` setting. Crazyhouse drops are not in it (they start from no square): find them
 * with `isDrop` / `dropPiece` among `legalMoves()`.
 */
export function chessgroundDests(position: Position): Map<SquareName, SquareName[]> {
  if (!(position instanceof Position))
    throw new ChessError('invalid-argument', `chessgroundDests takes a Position, not ${describe(position)}`);
  const dests = new Map<SquareName, SquareName[]>();
  const chess960 = position.chess960;
  for (const m of position.legalMoves()) {
    if (isDrop(m)) continue;
    const from = SQUARE_NAMES[moveFrom(m)]!;
    let list = dests.get(from);
    if (!list) dests.set(from, (list = []));
    const to = moveTo(m);
    list.push(SQUARE_NAMES[to]!);
    if (!chess960 && isCastling(m)) {
      // The king lands on the c- or g-file of its rank.
      const kingTo = (to & 56) | (to > moveFrom(m) ? 6 : 2);
      list.push(SQUARE_NAMES[kingTo]!);
    }
  }
  return dests;
}
