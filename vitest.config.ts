// Vitest 4: the unit tests (tests/unit) run against the built package (dist/, as users get
// it); the "debug" project runs tests/unit/*.debug.test.ts against build/dist-debug/, the
// same JS over the debug wasm (core asserts, ASSERTIONS=2, SAFE_HEAP). scripts/package.sh
// builds both; `npm test` runs it first.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  test: {
    // Two test files at a time on a 2-core machine (Vitest's default is one fewer than the cores):
    // the suites are single-threaded, and npm test's Vitest step takes 172 s instead of 427 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: {
          alias: [
            { find: /^chesswasm\/engine$/, replacement: here('./dist/engine.js') },
            { find: /^chesswasm\/chessjs$/, replacement: here('./dist/chessjs.js') },
            { find: /^chesswasm\/openings$/, replacement: here('./dist/openings.js') },
            { find: /^chesswasm\/tablebase$/, replacement: here('./dist/tablebase.js') },
            { find: /^chesswasm\/database$/, replacement: here('./dist/database.js') },
            { find: /^chesswasm$/, replacement: here('./dist/index.js') },
            // A module of the package by its source path (tests that reach an internal): tsc's
            // per-module output with the release module, which scripts/package.sh keeps in
            // build/dist-modules (tsconfig.eslint.json types it from web/src).
            { find: /^chesswasm-modules\/(.*)$/, replacement: here('./build/dist-modules/') + '$1' },
          ],
        },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/**/*.debug.test.ts'],
          // The memory test calls global.gc() to let the FinalizationRegistry run.
          execArgv: ['--expose-gc'],
          testTimeout: 120_000,
        },
      },
      {
        resolve: {
          alias: [
            { find: /^chesswasm\/chessjs$/, replacement: here('./build/dist-debug/entries/chessjs.js') },
            { find: /^chesswasm$/, replacement: here('./build/dist-debug/entries/index.js') },
            { find: /^chesswasm\/openings$/, replacement: here('./build/dist-debug/entries/openings.js') },
            { find: /^chesswasm\/tablebase$/, replacement: here('./build/dist-debug/entries/tablebase.js') },
          ],
        },
        test: {
          name: 'debug',
          include: ['tests/unit/**/*.debug.test.ts'],
          testTimeout: 300_000,
        },
      },
      {
        // tests/pack: npm pack -> a fresh project -> Node, a Vite build and Chromium.
        test: {
          name: 'pack',
          include: ['tests/pack/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
