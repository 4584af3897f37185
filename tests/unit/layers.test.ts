// web/src is laid out by layer (docs/architecture.md, "The npm package"): a module imports only
// from its own layer and the layers below it. This reads every source file's relative imports
// and checks them against that order, so that a new import that crosses a layer the wrong way
// fails here instead of growing the chunks an app downloads.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../web/src/', import.meta.url));
// Lower rank = lower layer. apps and adapters are siblings: neither imports the other; entries
// (the bundles' entry modules, which load the wasm) sit on top.
// index.ts (the main entry's export list, at the top of web/src) is below entries only.
const RANK: Record<string, number> = {
  boundary: 0,
  core: 1,
  games: 2,
  apps: 3,
  adapters: 3,
  'index.js': 3.5,
  entries: 4,
};

const layerOf = (file: string): string => file.split(path.sep)[0]!;
const sources = (readdirSync(src, { recursive: true }) as string[]).filter(
  (f) => (f.endsWith('.ts') || f.endsWith('.mts')) && f.includes(path.sep),
);

// The relative module specifiers of a source text: static imports and re-exports (`from '…'`),
// side-effect imports (`import '…'`) and dynamic imports (`import('…')`), resolved against the
// file's folder (a path inside web/src).
function importsOf(file: string, text: string): string[] {
  const specs: string[] = [];
  const pattern =
    /(?:^|\n)\s*(?:import|export)[^'";]*?from\s*'(\.[^']+)'|(?:^|\n)\s*import\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;
  for (const m of text.matchAll(pattern)) specs.push((m[1] ?? m[2] ?? m[3])!);
  return specs.map((s) => path.normalize(path.join(path.dirname(file), s)));
}

const relativeImports = (file: string): string[] => importsOf(file, readFileSync(path.join(src, file), 'utf8'));

// The imports of `file` that go to a higher layer, or across between apps and adapters.
function wrongWay(file: string, imports: readonly string[]): string[] {
  const from = layerOf(file);
  return imports
    .filter((target) => {
      const to = layerOf(target);
      return to !== from && RANK[to]! >= RANK[from]!;
    })
    .map((target) => `${file} -> ${target}`);
}

describe('web/src layers', () => {
  it('every module sits in a layer folder', () => {
    expect(sources.length).toBeGreaterThan(20);
    for (const f of sources) expect(Object.keys(RANK), f).toContain(layerOf(f));
  });

  it('imports go to the same layer or a lower one, never from apps to adapters or back', () => {
    const wrong: string[] = [];
    for (const f of sources) {
      const imports = relativeImports(f);
      for (const target of imports)
        expect(Object.keys(RANK), `${f} imports ${target}, outside web/src's layers`).toContain(layerOf(target));
      wrong.push(...wrongWay(f, imports));
    }
    expect(wrong).toEqual([]);
  });

  it('reports a wrong-way import of every form (fed a module that has them)', () => {
    const file = path.join('core', 'bad.ts');
    const text = [
      "import { Game } from '../games/game.js';",
      "import type { Book } from '../apps/book.js';",
      'import {',
      '  Chess,',
      "} from '../adapters/chessjs/index.js';",
      "export { openingOf } from '../apps/openings/index.js';",
      "import '../apps/puzzle-worker.js';",
      "const lazy = () => import('../games/pgn.js');",
      "import { ChessError } from '../boundary/errors.js';",
      "import { parseSquare } from './move.js';",
    ].join('\n');
    const imports = importsOf(file, text);
    expect(imports).toHaveLength(8);
    expect(wrongWay(file, imports)).toEqual(
      [
        'games/game.js',
        'apps/book.js',
        'adapters/chessjs/index.js',
        'apps/openings/index.js',
        'apps/puzzle-worker.js',
        'games/pgn.js',
      ].map((t) => `${file} -> ${path.normalize(t)}`),
    );
    // apps and adapters are siblings: neither may import the other.
    const app = path.join('apps', 'x.ts');
    expect(wrongWay(app, importsOf(app, "import { Chess } from '../adapters/chessjs/chess.js';"))).toHaveLength(1);
    const adapter = path.join('adapters', 'x.ts');
    expect(wrongWay(adapter, importsOf(adapter, "import { Book } from '../apps/book.js';"))).toHaveLength(1);
  });
});
