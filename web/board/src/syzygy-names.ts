// The names of the Syzygy tables of 3 to n pieces, as their generator names the files: each
// side's pieces after its king, strongest first (Q R B N P), the side with more pieces first
// and, between sides of as many pieces, the stronger (compared piece by piece in that order).
// A URL lists no folder, so the tablebase of a URL is opened with these names (the package
// asks the server for each one's size and leaves out those it does not have).

const ORDER = 'QRBNP';

/** The multisets of `count` pieces, each written strongest first ('QQ', 'QR', ..., 'PP'). */
function sides(count: number, from = 0): string[] {
  if (count === 0) return [''];
  const out: string[] = [];
  for (let i = from; i < ORDER.length; i++) for (const rest of sides(count - 1, i)) out.push(ORDER[i]! + rest);
  return out;
}

/** Whether side `a` comes before side `b` of as many pieces (or is the same). */
const notWeaker = (a: string, b: string): boolean => {
  for (let i = 0; i < a.length; i++) {
    const d = ORDER.indexOf(a[i]!) - ORDER.indexOf(b[i]!);
    if (d !== 0) return d < 0;
  }
  return true;
};

/** The tables of 3 to `maxPieces` pieces (`['KBvK', 'KNvK', ..., 'KQvKR', ...]`). */
export function tableNames(maxPieces: number): string[] {
  const names: string[] = [];
  for (let n = 3; n <= maxPieces; n++) {
    const m = n - 2; // the pieces besides the kings
    for (let strong = m; strong * 2 >= m; strong--) {
      const weak = m - strong;
      for (const a of sides(strong))
        for (const b of sides(weak)) if (strong > weak || notWeaker(a, b)) names.push(`K${a}vK${b}`);
    }
  }
  return names;
}

/** The files of those tables (`.rtbw` and `.rtbz` of each). */
export function tableFiles(maxPieces: number): string[] {
  return tableNames(maxPieces).flatMap((t) => [`${t}.rtbw`, `${t}.rtbz`]);
}
