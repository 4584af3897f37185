// Gzipped size of what an app ships, KB (1 KB = 1000 bytes), each file gzipped on its own
// (level 9) as served: ours dist/*.js + chesswasm.mjs + chesswasm.wasm (everything the
// package's index.js loads; not the separate entries dist/engine.js of `chesswasm/engine` and
// dist/openings.js of `chesswasm/openings` (the opening table) and dist/database.js of
// `chesswasm/database`, which only apps that import them load);
// chess.js dist/esm/chess.js (unminified, as published);
// chessops: the ESM modules that position + FEN + SAN use, plus @badrap/result (unminified).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../lib.mjs';

const gz = (files) => files.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0) / 1000;
const fixed = (files) => () => ({ value: gz(files) });

const ops = path.join(root, 'node_modules/chessops/dist/esm');
const result = path.join(root, 'node_modules/@badrap/result/dist/mjs');

export default {
  id: 'size',
  title: 'gzipped .wasm + JS',
  unit: 'KB',
  lowerIsBetter: true,
  impls: {
    ours: ({ dist }) => ({
      value: gz([
        ...readdirSync(dist)
          .filter(
            (f) =>
              (f.endsWith('.js') && !['engine.js', 'openings.js', 'database.js'].includes(f)) ||
              f === 'chesswasm.mjs' ||
              f === 'chesswasm.wasm',
          )
          .map((f) => path.join(dist, f)),
      ]),
    }),
    'chess.js': fixed([path.join(root, 'node_modules/chess.js/dist/esm/chess.js')]),
    chessops: () => {
      const files = ['attacks', 'board', 'chess', 'fen', 'san', 'setup', 'squareSet', 'types', 'util'].map((m) =>
        path.join(ops, `${m}.js`),
      );
      let extra = [];
      try {
        extra = readdirSync(result)
          .filter((f) => f.endsWith('.mjs') || f.endsWith('.js'))
          .map((f) => path.join(result, f));
      } catch {
        // layout differs: counted without it
      }
      return { value: gz([...files, ...extra]) };
    },
    native: () => undefined,
  },
};
