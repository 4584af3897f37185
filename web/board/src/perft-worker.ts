// Perft/divide in a web worker: one root move at a time, so the page gets progress and
// stays responsive. The counting itself is the package's (in wasm).
import type { Variant } from 'chesswasm';

// The package loads its wasm with a top-level await; the handler is installed first so that
// no message arrives before it, and the module is imported on the side.
const pkg = import('chesswasm');

interface Job {
  rootFen: string;
  moves: string[];
  variant: Variant;
  depth: number;
}

self.onmessage = async (ev: MessageEvent<Job>) => {
  const { rootFen, moves, variant, depth } = ev.data;
  try {
    const { Position } = await pkg;
    // Replayed from the root so that the position carries its history.
    using pos = Position.fromFen(rootFen, { variant });
    for (const m of moves) pos.play(m);
    const t0 = performance.now();
    if (depth <= 1) {
      const n = depth === 1 ? pos.legalMoves().length : 1;
      self.postMessage({ type: 'done', nodes: n, elapsed: performance.now() - t0 });
      return;
    }
    const root = pos.legalMoves();
    let sum = 0;
    root.forEach((m, i) => {
      const uci = pos.uci(m);
      const san = pos.san(m);
      pos.play(m);
      const nodes = pos.perft(depth - 1);
      pos.undo();
      sum += nodes;
      self.postMessage({
        type: 'move',
        uci,
        san,
        nodes,
        done: i + 1,
        total: root.length,
        elapsed: performance.now() - t0,
        sum,
      });
    });
    self.postMessage({ type: 'done', nodes: sum, elapsed: performance.now() - t0 });
  } catch (e) {
    self.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
