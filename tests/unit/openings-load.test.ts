// chesswasm/openings: loadOpeningTable keys the table in slices with the event loop free
// between them (a timer set beside it fires while it works), and the table it builds is the
// one a lookup builds at once: every line of the table names its position.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { Game } from 'chesswasm';
import { loadOpeningTable, openingAt, openingCount } from 'chesswasm/openings';
import { DATA } from './helpers.js';

test('loadOpeningTable builds the table in slices; the lookups then find every line', async () => {
  let ticks = 0;
  let on = true;
  const tick = () => {
    ticks++;
    if (on) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  await loadOpeningTable();
  on = false;
  expect(ticks).toBeGreaterThan(1);
  expect(openingCount()).toBe(3807);
  await loadOpeningTable(); // built: resolves at once
  const rows = readFileSync(`${DATA}openings/b.tsv`, 'utf8').split('\n').slice(1).filter(Boolean);
  for (const row of rows) {
    const [eco, name, pgn] = row.split('\t') as [string, string, string];
    const game = Game.fromPgn(pgn);
    try {
      const end = game.mainlineNodes().at(-1)!;
      const named = openingAt(end.fen);
      // (a line may reach a position that a later line names too: the last one names it)
      expect(named?.eco.slice(0, 1)).toBe('B');
      if (named?.name === name) expect(named.eco).toBe(eco);
    } finally {
      game.dispose();
    }
  }
});
