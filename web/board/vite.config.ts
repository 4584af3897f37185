// The analysis board (web/board): a Vite app that imports the npm package the way a user
// does, `import { Position } from 'chesswasm'`, resolved here to the built package in dist/
// (scripts/package.sh builds it). The package loads dist/chesswasm.wasm through
// `new URL('./chesswasm.wasm', import.meta.url)`, which Vite serves in dev and copies into
// the production build as an asset.
//   vite --config web/board/vite.config.ts            dev server
//   vite build --config web/board/vite.config.ts      static build in dist/board/
// Both servers (dev and `vite preview`, which `npm start` runs) send the COOP/COEP headers
// that make the page cross-origin isolated: SharedArrayBuffer, hence the multi-threaded
// Stockfish and Fairy-Stockfish (see web/board/src/engine.ts and docs/board.md).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Cross-origin isolation: the page may share memory between threads. */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  resolve: {
    alias: [
      { find: /^chesswasm\/engine$/, replacement: here('../../dist/engine.js') },
      { find: /^chesswasm$/, replacement: here('../../dist/index.js') },
      { find: /^chesswasm\/openings$/, replacement: here('../../dist/openings.js') },
    ],
  },
  build: {
    outDir: here('../../dist/board'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1000,
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', fs: { allow: [here('../..')] }, headers: ISOLATION_HEADERS },
  preview: { host: '127.0.0.1', headers: ISOLATION_HEADERS },
  clearScreen: false,
});
