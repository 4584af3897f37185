// What a study keeps of a game besides its PGN: the list fields of its chapter (from its tags)
// and the way to a node. Shared by the page (views/studies.ts) and the import worker
// (import-worker.ts), so it uses no DOM.
import type { Game, GameNode } from 'chesswasm';
import type { ChapterMeta, NewChapter } from './storage.js';

const unknown = (v: string | undefined): string => (v && v.trim() && !/^\?+$/.test(v.trim()) ? v.trim() : '?');

/** The list fields of a game (its tags); `plies`: the main line's length when the caller knows it. */
export function chapterMeta(game: Game, plies?: number): ChapterMeta {
  const t = (k: string) => game.tags.get(k) ?? '';
  let n = 0;
  if (plies === undefined) for (let x: GameNode | undefined = game.root.children[0]; x; x = x.children[0]) n++;
  return {
    white: unknown(t('White')),
    black: unknown(t('Black')),
    result: String(game.result),
    event: unknown(t('Event')).replace(/^\?$/, ''),
    date: t('Date'),
    eco: t('ECO'),
    opening: t('Opening'),
    plies: plies ?? n,
    variant: game.variant,
  };
}

/** The child indices from the root to a node. */
export const pathOf = (node: GameNode): number[] => node.path().map((n) => n.parent!.children.indexOf(n));

/** A game of an import as a new chapter: its PGN as the package writes it, opened at the end of its main line. */
export function importedChapter(game: Game): NewChapter {
  let end = game.root;
  while (end.children[0]) end = end.children[0];
  return {
    meta: chapterMeta(game, end.ply - game.root.ply),
    game: { pgn: game.pgn(), orientation: 'white', path: pathOf(end) },
  };
}
