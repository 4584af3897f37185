#!/usr/bin/env node
// Bundles and minifies the package's compiled JS in dist/ (tsc's per-module output plus the
// emscripten glue dist/chesswasm.mjs) with rolldown (installed with vite): what users download
// and what `import 'chesswasm'` loads.
//   dist/index.js          the package (the entry of package.json's "exports")
//   dist/puzzle-file.js    the `chesswasm puzzles` machinery (bin/chesswasm imports it)
//   dist/puzzle-worker.js  its worker (started with new URL('./puzzle-worker.js', import.meta.url))
//   dist/shared-index.js   the package's code (index.js re-exports it), the glue and the wasm
//                          loader among it: the puzzle entries import it too
//   dist/shared-puzzle-file.js  what the two puzzle entries share
//   dist/engine.js         the `chesswasm/engine` entry (web/src/apps/engine/): UCI engines and the
//                          game review; it imports index.js, which stays as small as before
//   dist/openings.js       `chesswasm/openings` (web/src/apps/openings/: the opening table and its
//                          lookups): its own entry, so that index.js does not carry the table
//   dist/tablebase.js      `chesswasm/tablebase` (web/src/apps/tablebase/: the tablebase module's glue
//                          and loader, the readers); its .wasm (dist/chesswasm-tablebase.wasm) is
//                          loaded by Tablebase.open; the CommonJS build (dist/cjs/) has the same glue and loads that file
//   dist/database.js       `chesswasm/database` (web/src/apps/database/: the game database), with
//                          @sqlite.org/sqlite-wasm left external (its dependency, loaded by its
//                          first GameDatabase.open), so that no other entry carries SQLite, and
//                          fzstd too (loaded by the first .pgn.zst source)
// One module graph instead of a file per module: 5 KB less gzipped JS than minifying each file
// on its own (gzip sees one file; names are mangled across modules), and a Node import loads 2
// JS files instead of 19 (docs/performance.md, "Budgets" and "What limits it"). Every module of the package
// but the puzzle entries' own goes into one chunk (shared-index.js): left to itself, rolldown
// puts what the puzzle entries share with index.js (the glue, the loader, the boundary
// tables) in a chunk of its own, which gzips 0.5 KB larger than one file with the rest. The
// .d.ts files stay per module (types only: nothing imports the .js files they name at run
// time). The glue is safe to mangle: embind's generated invokers get every name they use as a
// parameter.
// Entry points are chosen by what is imported from outside the package: index.js, and the CLI's
// and its worker's files. build/dist-modules/ keeps tsc's per-module output with the release
// glue and .wasm, for tests that reach a module's internals (tests/unit/buffers.test.ts).
//   node scripts/bundle.mjs DIR
import { mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/bundle.mjs DIR');
  process.exit(2);
}

let rolldown;
try {
  ({ rolldown } = await import('rolldown'));
} catch {
  console.error('bundle: rolldown is not installed (it comes with vite: run npm ci); dist/ left as tsc wrote it');
  process.exit(1);
}

// Entry name -> tsc's output file (relative to DIR).
const ENTRIES = {
  index: 'entries/index.js',
  chessjs: 'entries/chessjs.js',
  engine: 'entries/engine.js',
  openings: 'entries/openings.js',
  tablebase: 'entries/tablebase.js',
  database: 'entries/database.js',
  'puzzle-file': 'apps/puzzle-file.js',
  'puzzle-worker': 'apps/puzzle-worker.js',
};
// The CommonJS build (dist/cjs/NAME.cjs: package.json's "require" condition): the same
// modules from the entries' -cjs files, which load the wasm synchronously, with glue-cjs.js
// (the classic runtime's glue, chesswasm-cjs.cjs, and its own .wasm) in glue.js's place.
const CJS_ENTRIES = {
  index: 'entries/index-cjs.js',
  chessjs: 'entries/chessjs-cjs.js',
  engine: 'entries/engine-cjs.js',
  openings: 'entries/openings-cjs.js',
  tablebase: 'entries/tablebase-cjs.js',
  database: 'entries/database-cjs.js',
};
// Folders of tsc output whose modules are bundled (their .js files go, the .d.ts stay).
const ENTRY_DIRS = ['boundary', 'core', 'games', 'apps', 'adapters', 'entries'];
// The shared chunks, one per layer (web/src's folders), so that an app's bundler drops the
// layers it does not use (package.json's "sideEffects" names only the entries: the chunks are
// free of side effects). The engine and openings entries' modules and the CLI's own modules
// (puzzle-file, puzzle-worker) are left to their entries.
const LAYERS = [
  { name: 'chessjs', test: /[\\/]adapters[\\/]chessjs[\\/]chess\.js$/, priority: 4 },
  { name: 'games', test: /[\\/]games[\\/][^\\/]+\.js$/, priority: 3 },
  { name: 'apps', test: /[\\/]apps[\\/](puzzle|book)\.js$/, priority: 2 },
  { name: 'core', test: /[\\/](boundary|core)[\\/][^\\/]+\.m?js$|[\\/]adapters[\\/]chessground\.js$/, priority: 1 },
];
// Node's modules, and SQLite's wasm build (the database entry's dependency, imported as it is).
const EXTERNAL = [/^node:/, /^@sqlite\.org\/sqlite-wasm$/, /^fzstd$/];
const KEEP_CLASS_NAMES = { function: false, class: true };
const jsFiles = () => readdirSync(dir).filter((f) => f.endsWith('.js'));
const bytes = (files, d) => files.reduce((n, f) => n + statSync(path.join(d, f)).size, 0);

const entryDirFiles = () =>
  ENTRY_DIRS.flatMap((d) =>
    readdirSync(path.join(dir, d), { recursive: true })
      .filter((f) => f.endsWith('.js') || f.endsWith('.mjs') || f.endsWith('.cjs'))
      .map((f) => path.join(d, f)),
  );
const before = bytes(jsFiles(), dir) + bytes(entryDirFiles(), dir);
const out = mkdtempSync(path.join(path.dirname(path.resolve(dir)), '.bundle-')); // same filesystem: renamed
const minify = { compress: { keepNames: KEEP_CLASS_NAMES }, mangle: { keepNames: KEEP_CLASS_NAMES } };
try {
  // The CommonJS build first (it reads the same tsc output), into out/cjs.
  const glueCjs = path.resolve(dir, 'boundary/glue-cjs.js');
  const cjs = await rolldown({
    input: Object.fromEntries(Object.entries(CJS_ENTRIES).map(([e, f]) => [e, path.join(dir, f)])),
    platform: 'node',
    external: EXTERNAL,
    logLevel: 'warn',
    plugins: [
      {
        name: 'chesswasm-cjs-glue',
        resolveId(source, importer) {
          if (source === './glue.js' && importer && path.dirname(importer) === path.dirname(glueCjs)) return glueCjs;
          return null;
        },
      },
    ],
  });
  await cjs.write({
    dir: path.join(out, 'cjs'),
    format: 'cjs',
    minify,
    comments: { annotation: true, legal: false, jsdoc: false },
    entryFileNames: '[name].cjs',
    chunkFileNames: 'shared-[name].cjs',
  });
  await cjs.close();

  const bundle = await rolldown({
    input: Object.fromEntries(Object.entries(ENTRIES).map(([e, f]) => [e, path.join(dir, f)])),
    platform: 'neutral',
    preserveEntrySignatures: 'allow-extension', // what a layer's chunk requires (below)
    external: EXTERNAL,
    logLevel: 'warn',
  });
  const { output } = await bundle.write({
    dir: out,
    format: 'es',
    // Classes keep their names (the errors' `e.constructor.name` is 'FenError', not a
    // mangled letter; stack traces and console.log show them); functions are still renamed.
    minify,
    // Keep the annotations an app's bundler reads: @__PURE__ (what it may drop) and
    // @vite-ignore (wasm.ts's import of Node's fs, which must stay a plain import()).
    comments: { annotation: true, legal: false, jsdoc: false },
    entryFileNames: '[name].js',
    chunkFileNames: 'shared-[name].js',
    codeSplitting: {
      groups: LAYERS,
      includeDependenciesRecursively: false, // a layer's chunk holds that layer only
    },
  });
  await bundle.close();
  if (process.env.CHESSWASM_BUNDLE_DEBUG) {
    for (const c of output)
      if (c.type === 'chunk')
        console.log(
          c.fileName,
          Object.keys(c.modules)
            .map((m) => path.basename(m))
            .join(' '),
        );
  }
  for (const f of [...jsFiles(), ...entryDirFiles()]) rmSync(path.join(dir, f));
  rmSync(path.join(dir, 'cjs'), { recursive: true, force: true });
  const written = readdirSync(out);
  for (const f of written) renameSync(path.join(out, f), path.join(dir, f));
  const esm = written.filter((f) => f.endsWith('.js')).sort();
  const cjsFiles = readdirSync(path.join(dir, 'cjs')).sort();
  console.log(`== bundle ${dir}: ${before} -> ${bytes(esm, dir)} bytes of JS (${esm.join(', ')})`);
  console.log(`== bundle ${dir}/cjs: ${bytes(cjsFiles, path.join(dir, 'cjs'))} bytes (${cjsFiles.join(', ')})`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
