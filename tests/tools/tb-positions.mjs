// Random placements of a Syzygy table's material, for the tablebase tests and benchmark: the
// pieces of a table name ("KRvKN": White's, then Black's) on random squares (pawns off the
// back ranks), the side to move random. A placement may still be illegal (the side not to move
// in check): the caller checks it with its own Position and draws again.

/**
 * A FEN of the table's pieces on random squares, or null when two pieces drew one square or
 * a pawn drew a back rank (the side to move is then not drawn).
 * @param {string} table a table's name, "KQvKR"
 * @param {import('./prng.d.mts').Prng} rand
 * @returns {string | null}
 */
export function tablePlacement(table, rand) {
  const [w, b] = table.split('v');
  const board = new Array(64).fill('');
  let ok = true;
  for (const [letters, white] of [
    [w, true],
    [b, false],
  ])
    for (const l of letters) {
      const sq = rand.int(64);
      if (board[sq] || (l === 'P' && (sq < 8 || sq >= 56))) ok = false;
      board[sq] = white ? l : l.toLowerCase();
    }
  if (!ok) return null;
  const ranks = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = board[r * 8 + f];
      if (!p) empty++;
      else {
        row += (empty || '') + p;
        empty = 0;
      }
    }
    ranks.push(row + (empty || ''));
  }
  return `${ranks.join('/')} ${rand.chance(0.5) ? 'b' : 'w'} - - 0 1`;
}
