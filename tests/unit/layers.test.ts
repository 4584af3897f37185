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

function relativeImports(file: string): string[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'";]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g))
    specs.push((m[1] ?? m[2])!);
  return specs.map((s) => path.normalize(path.join(path.dirname(file), s)));
}

describe('web/src layers', () => {
  it('every module sits in a layer folder', () => {
    expect(sources.length).toBeGreaterThan(20);
    for (const f of sources) expect(Object.keys(RANK), f).toContain(layerOf(f));
  });

  it('imports go to the same layer or a lower one, never from apps to adapters or back', () => {
    const wrong: string[] = [];
    for (const f of sources) {
      const from = layerOf(f);
      for (const target of relativeImports(f)) {
        const to = layerOf(target);
        expect(Object.keys(RANK), `${f} imports ${target}, outside web/src's layers`).toContain(to);
        if (to !== from && RANK[to]! >= RANK[from]!) wrong.push(`${f} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the check sees a wrong-way import (the test can fail)', () => {
    // core/position.ts importing games/ would be reported: the same comparison as above.
    expect(RANK.games! >= RANK.core!).toBe(true);
    const imports = relativeImports('core/position.ts');
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.every((t) => RANK[layerOf(t)]! <= RANK.core!)).toBe(true);
  });
});
