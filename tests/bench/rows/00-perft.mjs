// perft of the start position, depth 5 (4,865,609 leaves), in nodes/s.
// ours: Position.perft (bulk counting in wasm); chess.js: perft(); chessops: debug.perft
// (bulk counting); native: chesswasm-bench's start-position depth-5 bulk case.
import { Chess } from 'chess.js';
import { Chess as OpsChess } from 'chessops/chess';
import { perft as opsPerft } from 'chessops/debug';

const NODES = [1, 20, 400, 8902, 197281, 4865609];

export default {
  id: 'perft',
  title: 'perft start d5',
  unit: 'nodes/s',
  impls: {
    ours: ({ chesswasm }) => {
      const pos = chesswasm.Position.startpos();
      return { batch: () => check(pos.perft(5), 5), once: true };
    },
    // chess.js needs ~5 s per d5 call: --quick measures it at depth 4.
    'chess.js': ({ quick }) => {
      const chess = new Chess();
      const d = quick ? 4 : 5;
      return { batch: () => check(chess.perft(d), d), once: true, warmUp: 0 };
    },
    chessops: () => {
      const pos = OpsChess.default();
      return { batch: () => check(opsPerft(pos, 5, false), 5), once: true };
    },
    native: ({ native }) => native.perftStartD5(),
  },
};

function check(n, depth) {
  if (n !== NODES[depth]) throw new Error(`perft(${depth}) = ${n}, expected ${NODES[depth]}`);
  return n;
}
