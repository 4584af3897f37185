// perft from each lichess variant's start position, in nodes/s: one row per variant.
// ours: Position.perft (bulk counting in wasm), called repeatedly for --ms; chessops:
// debug.perft on its default position of the variant (bulk counting), one call per sample.
// Both count the same depth; the counts were taken from chessops and are checked on every
// call (ours and chessops alike), so a row measures only correct work. The depths keep one
// chessops call near a second on this machine (its variants run at 0.05-0.2 M nodes/s):
// depth 3 for atomic and racing kings (their legality tests are the slowest), 4 for the rest.
// native: — (chesswasm-bench measures standard chess only).
import { perft as opsPerft } from 'chessops/debug';
import { defaultPosition } from 'chessops/variant';

const ROWS = [
  ['crazyhouse', 4, 197281],
  ['atomic', 3, 8902],
  ['antichess', 4, 153299],
  ['kingofthehill', 4, 197281],
  ['3check', 4, 197281],
  ['racingkings', 3, 11264],
  ['horde', 4, 23310],
];

export default ROWS.map(([variant, depth, nodes]) => {
  const check = (n, who) => {
    if (n !== nodes) throw new Error(`${who}: ${variant} perft(${depth}) = ${n}, expected ${nodes}`);
    return n;
  };
  return {
    id: `perft-${variant}`,
    title: `perft ${variant} start d${depth}`,
    unit: 'nodes/s',
    impls: {
      ours: ({ chesswasm }) => {
        const pos = chesswasm.Position.startpos(variant);
        return { batch: () => check(pos.perft(depth), 'ours') };
      },
      chessops: () => {
        const pos = defaultPosition(variant);
        return { batch: () => check(opsPerft(pos, depth, false), 'chessops'), once: true };
      },
    },
  };
});
