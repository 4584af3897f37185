// Gzipped JS of a Vite app that shows the legal moves of the start position on a board, KB
// (1 KB = 1000 bytes): a production build (`vite build`, minified, tree-shaken) of one module
// that imports only what it needs, each output chunk gzipped on its own (level 9). The .wasm
// (ours) is an asset beside the JS and is not counted here (the size row counts it).
//   ours:     import { Position, chessgroundDests } from 'chesswasm'  (the package in dist/,
//             with its package.json: its "sideEffects" field decides what is dropped)
//   chess.js: import { Chess } from 'chess.js', the destinations from moves({ verbose: true })
//   chessops: Chess.default() from chessops/chess, chessgroundDests from chessops/compat
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../lib.mjs';

const APPS = {
  ours: `import { Position, chessgroundDests } from 'chesswasm';
const pos = Position.startpos();
console.log(chessgroundDests(pos));`,
  'chess.js': `import { Chess } from 'chess.js';
const dests = new Map();
for (const m of new Chess().moves({ verbose: true })) dests.set(m.from, [...(dests.get(m.from) ?? []), m.to]);
console.log(dests);`,
  chessops: `import { Chess } from 'chessops/chess';
import { chessgroundDests } from 'chessops/compat';
console.log(chessgroundDests(Chess.default()));`,
};

async function appSize(impl, dist) {
  const { build } = await import('vite');
  mkdirSync(path.join(root, 'build'), { recursive: true });
  const dir = mkdtempSync(path.join(root, 'build', 'bench-app-'));
  try {
    const alias = {};
    // The package as an app gets it: dist/index.js, whose nearest package.json (the one
    // next to dist/) names the files with side effects.
    if (impl === 'ours') alias.chesswasm = path.join(dist, 'index.js');
    writeFileSync(path.join(dir, 'main.js'), APPS[impl] + '\n');
    const result = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      resolve: { alias },
      build: { write: false, target: 'es2022', rollupOptions: { input: path.join(dir, 'main.js') } },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
    const js = outputs.filter((o) => o.type === 'chunk');
    return js.reduce((n, c) => n + gzipSync(Buffer.from(c.code), { level: 9 }).length, 0) / 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default {
  id: 'app-size',
  title: 'Vite app: legal moves on a board, gzipped JS',
  unit: 'KB',
  lowerIsBetter: true,
  impls: {
    ours: async ({ dist }) =>
      existsSync(path.join(path.dirname(dist), 'package.json')) ? { value: await appSize('ours', dist) } : undefined,
    'chess.js': async () => ({ value: await appSize('chess.js') }),
    chessops: async () => ({ value: await appSize('chessops') }),
    native: () => undefined,
  },
};
