#!/usr/bin/env node
// What each entry of the package loads in a browser, gzipped (level 9, each file on its own;
// 1 KB = 1000 bytes): the entry's JS chunk, the chunks it imports (followed through the
// bundle's static imports) and the .wasm (chesswasm/tablebase: with its own module, which
// Tablebase.open loads). The budget: `import 'chesswasm'` <= 100 KB (docs/performance.md).
//   node tests/bench/entry-size.mjs [DIST]      (default: dist/, after scripts/package.sh)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const gz = (f) => gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length / 1000;
const IMPORT = /(?:import|export)[^'"]*?from\s*["'](\.\/[^"']+)["']|import\s*["'](\.\/[^"']+)["']/g;

for (const entry of ['index.js', 'chessjs.js', 'engine.js', 'openings.js', 'tablebase.js', 'database.js']) {
  if (!existsSync(path.join(dist, entry))) continue; // an older build without that entry
  const seen = new Set();
  const queue = [entry];
  while (queue.length) {
    const f = queue.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    for (const m of readFileSync(path.join(dist, f), 'utf8').matchAll(IMPORT)) queue.push(path.basename(m[1] ?? m[2]));
  }
  const js = [...seen].reduce((n, f) => n + gz(f), 0);
  const wasm = gz('chesswasm.wasm') + (entry === 'tablebase.js' ? gz('chesswasm-tablebase.wasm') : 0);
  console.log(
    `${entry.padEnd(12)} JS ${js.toFixed(1)} KB (${[...seen].join(', ')}) + .wasm ${wasm.toFixed(1)} KB = ${(js + wasm).toFixed(1)} KB`,
  );
}
