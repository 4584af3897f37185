// Import to first usable position, ms: a fresh `node` child process per run times
// `await import(...)` plus the first legal move list (ours: the package in dist/, which
// instantiates the wasm on import; chess.js: new Chess().moves(); chessops: parseFen +
// Chess.fromSetup + allDests). Node's own start-up is not included. With --cpu, the child's
// CPU time over the same span (all its threads: V8 compiles wasm on background threads)
// instead of wall-clock time: steadier when other work shares the machine.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../lib.mjs';

function child(code, cpu) {
  return {
    measure: () => {
      const src =
        `const c0 = process.cpuUsage(); const t0 = performance.now();\n${code}\n` +
        `const c = process.cpuUsage(c0);\n` +
        `process.stdout.write(String(${cpu ? '(c.user + c.system) / 1000' : 'performance.now() - t0'}));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', src], { cwd: root, encoding: 'utf8' });
      return Number(out.trim());
    },
  };
}

export default {
  id: 'import',
  title: 'import to first usable position',
  unit: 'ms',
  lowerIsBetter: true,
  impls: {
    ours: ({ dist, cpu }) => {
      const url = pathToFileURL(path.join(dist, 'index.js')).href;
      return child(`const { Position } = await import(${JSON.stringify(url)}); Position.startpos().legalMoves();`, cpu);
    },
    'chess.js': ({ cpu }) => child(`const { Chess } = await import('chess.js'); new Chess().moves();`, cpu),
    chessops: ({ cpu }) =>
      child(
        `const [{ Chess }, { parseFen, INITIAL_FEN }] = await Promise.all([import('chessops/chess'), import('chessops/fen')]);\n` +
          `Chess.fromSetup(parseFen(INITIAL_FEN).unwrap()).unwrap().allDests();`,
        cpu,
      ),
    native: () => undefined,
  },
};
