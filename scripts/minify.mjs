#!/usr/bin/env node
// Minifies the package's compiled JS in place (dist/*.js and the emscripten glue
// dist/chesswasm.mjs; the .d.ts files keep the TSDoc): oxc's minifier (compress + mangle of
// local and module-level names; ES module structure, exports and import.meta untouched), file
// by file so the package layout stays as tsc wrote it. The glue is safe to mangle: embind's
// generated invokers get every name they use as a parameter.
// It comes with rolldown (installed with vite/vitest); without it the files stay as they are.
//   node scripts/minify.mjs DIR...
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

let minifySync;
try {
  ({ minifySync } = await import('rolldown/experimental'));
} catch {
  console.error('minify: rolldown (oxc minifier) not installed; dist/*.js left unminified');
  process.exit(0);
}

for (const dir of process.argv.slice(2)) {
  let before = 0;
  let after = 0;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.js') || n === 'chesswasm.mjs')) {
    const file = path.join(dir, f);
    const code = readFileSync(file, 'utf8');
    const r = minifySync(f, code, { module: true, compress: { target: 'es2022' }, mangle: { toplevel: true } });
    if (r.errors?.length) throw new Error(`minify ${file}: ${r.errors.map((e) => e.message).join('; ')}`);
    writeFileSync(file, r.code);
    before += code.length;
    after += r.code.length;
  }
  console.log(`== minify ${dir}: ${before} -> ${after} bytes of JS`);
}
