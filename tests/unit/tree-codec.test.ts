// The game-tree wire codec (web/src/games/tree-codec.ts): the tree store decoded from the
// compact buffers (cpp/wasm/tree_codec.h) holds, node by node, the tree that chessops reads
// from the same PGN (shape, SAN, comments, NAGs), for the Stockfish self-play corpus (variations,
// comments, NAGs), a non-ASCII game and hand-made edge cases; and writeTree, fed the store's
// nodes, writes a PGN that reads back to the same store.
import { readFileSync } from 'node:fs';
import { parsePgn, type Node as OpsNode, type PgnNodeData } from 'chessops/pgn';
import { describe, expect, test } from 'vitest';
// tsc's per-module output (chesswasm-modules/: build/dist-modules, typed from web/src): the codec
// is internal, not exported by the package; the package's entry loads the module.
import 'chesswasm-modules/entries/index.js';
import { GAME, PARTIAL, END, decodeTree, openSource, writeTree } from 'chesswasm-modules/games/tree-codec.js';

type Store = ReturnType<typeof decodeTree>['tree'];

const corpus = readFileSync(new URL('../data/corpus/stockfish-selfplay.pgn', import.meta.url), 'utf8');

// Every game of a text, decoded (the source's buffers are reused per game: each decoded game
// must stay valid after the next is read).
function decodeAll(text: string) {
  const src = openSource(text);
  const games = [];
  try {
    for (;;) {
      const status = src.next();
      if (status === END) break;
      expect(status === GAME || status === PARTIAL).toBe(true);
      games.push(decodeTree(src));
    }
  } finally {
    src.delete();
  }
  return games;
}

// The store's children of node i.
function children(tree: Store, i: number): number[] {
  const out: number[] = [];
  for (let c = tree.firstChild(i); c !== -1; c = tree.nextSibling(c)) out.push(c);
  return out;
}

function commentsAfter(tree: Store, i: number): string[] {
  const after = tree.commentsAfter(i);
  return typeof after === 'number' ? [tree.text(-1 - after, tree.loneLength(i))] : after;
}

// Store node i's subtree as a flat list (pre-order, children in order): per node its comments
// before, its SAN and NAGs, its comments after. Compared as a list, not node by node: PGN leaves
// open where a comment after a variation's closing parenthesis belongs (chessops: the move
// before the variation; our reader: before the next move), never its order.
function flatStore(tree: Store, i: number, out: string[] = []): string[] {
  for (let c = tree.firstChild(i); c !== -1; c = tree.nextSibling(c)) {
    expect(tree.parent(c)).toBe(i);
    out.push(...tree.commentsBefore(c).map((t) => `{${t.trim()}}`), tree.san(c), ...tree.nags(c).map((n) => `$${n}`));
    out.push(...commentsAfter(tree, c).map((t) => `{${t.trim()}}`));
    expect(tree.annotated(c)).toBe(
      tree.commentsBefore(c).length + commentsAfter(tree, c).length + tree.nags(c).length > 0,
    );
    flatStore(tree, c, out);
  }
  return out;
}

function flatOps(node: OpsNode<PgnNodeData>, out: string[] = []): string[] {
  for (const c of node.children) {
    const d = c.data;
    out.push(...(d.startingComments ?? []).map((t) => `{${t.trim()}}`), d.san, ...(d.nags ?? []).map((n) => `$${n}`));
    out.push(...(d.comments ?? []).map((t) => `{${t.trim()}}`));
    flatOps(c, out);
  }
  return out;
}

// The shape of the tree: per node, its children's SANs.
function shapeStore(tree: Store, i: number, out: string[][] = []): string[][] {
  out.push(children(tree, i).map((c) => tree.san(c)));
  for (const c of children(tree, i)) shapeStore(tree, c, out);
  return out;
}
function shapeOps(node: OpsNode<PgnNodeData>, out: string[][] = []): string[][] {
  out.push(node.children.map((c) => c.data.san));
  for (const c of node.children) shapeOps(c, out);
  return out;
}

function sameTree(tree: Store, ops: OpsNode<PgnNodeData>): void {
  expect(shapeStore(tree, 0)).toEqual(shapeOps(ops));
  expect(flatStore(tree, 0)).toEqual(flatOps(ops));
}

describe('decodeTree', () => {
  test('the corpus: every game decoded holds the tree chessops reads', () => {
    const ours = decodeAll(corpus);
    const theirs = parsePgn(corpus);
    expect(ours.length).toBe(theirs.length);
    expect(ours.length).toBeGreaterThan(400);
    let variations = 0;
    ours.forEach((g, k) => {
      const ops = theirs[k]!;
      expect([...g.tags]).toEqual([...ops.headers]);
      expect(g.tree.parent(0)).toBe(-1);
      expect(g.tree.san(0)).toBe('');
      expect(g.tree.move(0)).toBe(0);
      sameTree(g.tree, ops.moves);
      for (let i = 1; i < g.tree.size; i++) if (g.tree.nextSibling(i) !== -1) variations++;
    });
    expect(variations).toBeGreaterThan(100); // the corpus does have variations
  });

  test('non-ASCII strings, comments before a variation, a game comment, null moves', () => {
    const text = [
      '[Event "Schach für alle — 𝄞"]',
      '[White "Ölçer"]',
      '',
      '{ Partie commentée } 1. e4 { très bien } (1. d4 { la dame } d5) (1. c4 $2) 1... e5 $1 $14 2. Nf3 ( { avant } 2. Bc4 ) *',
      '',
    ].join('\n');
    const [g] = decodeAll(text);
    const tree = g!.tree;
    expect(g!.tags.get('Event')).toBe('Schach für alle — 𝄞');
    expect(g!.tags.get('White')).toBe('Ölçer');
    expect(commentsAfter(tree, 0)).toEqual(['Partie commentée']);
    const first = children(tree, 0);
    expect(first.map((i) => tree.san(i))).toEqual(['e4', 'd4', 'c4']);
    expect(commentsAfter(tree, first[0]!)).toEqual(['très bien']);
    expect(commentsAfter(tree, first[1]!)).toEqual(['la dame']);
    expect(tree.nags(first[2]!)).toEqual([2]);
    const e5 = tree.firstChild(first[0]!);
    expect(tree.san(e5)).toBe('e5');
    expect(tree.nags(e5)).toEqual([1, 14]);
    const [nf3, bc4] = children(tree, e5);
    expect(tree.san(nf3!)).toBe('Nf3');
    expect(tree.commentsBefore(bc4!)).toEqual(['avant']);
    expect(tree.annotated(nf3!)).toBe(false);
    sameTree(tree, parsePgn(text)[0]!.moves);
  });

  test('a lone ASCII comment is given as its bytes, the others as strings', () => {
    const [g] = decodeAll('1. e4 { [%eval 0.3] } e5 { a } { b } 2. Nf3 { é } *');
    const tree = g!.tree;
    const e4 = tree.firstChild(0);
    const lone = tree.commentsAfter(e4);
    expect(typeof lone).toBe('number');
    const at = -1 - (lone as number);
    const len = tree.loneLength(e4);
    expect(new TextDecoder().decode(tree.bytes.subarray(at, at + len))).toBe('[%eval 0.3]');
    const e5 = tree.firstChild(e4);
    expect(tree.commentsAfter(e5)).toEqual(['a', 'b']);
    expect(tree.commentsAfter(tree.firstChild(e5))).toEqual(['é']);
  });

  test('a decoded game stays valid after the source reads on and is deleted', () => {
    const games = decodeAll('1. e4 e5 *\n\n1. d4 (1. c4) d5 *\n');
    expect(children(games[0]!.tree, 0).map((i) => games[0]!.tree.san(i))).toEqual(['e4']);
    expect(children(games[1]!.tree, 0).map((i) => games[1]!.tree.san(i))).toEqual(['d4', 'c4']);
  });
});

// The store's nodes as writeTree's WireNodes.
interface Wire {
  parent: Wire | null;
  children: Wire[];
  move: number;
  san: string;
  commentsBefore: string[];
  commentsAfter: string[];
  nags: number[];
}
function wireOf(tree: Store, i: number, parent: Wire | null): Wire {
  const node: Wire = {
    parent,
    children: [],
    move: tree.move(i),
    san: tree.san(i),
    commentsBefore: tree.commentsBefore(i),
    commentsAfter: commentsAfter(tree, i),
    nags: tree.nags(i),
  };
  node.children = children(tree, i).map((c) => wireOf(tree, c, node));
  return node;
}

describe('writeTree', () => {
  test('the corpus: a decoded game written and read back decodes to the same tree', () => {
    const games = decodeAll(corpus).slice(0, 100);
    for (const g of games) {
      const root = wireOf(g.tree, 0, null);
      const text = writeTree(g.variant, g.tags, g.rootFen, g.result, root, (n) => n.commentsAfter);
      const [back] = decodeAll(text);
      expect([...back!.tags]).toEqual([...g.tags]);
      expect(back!.result).toBe(g.result);
      expect(wireOf(back!.tree, 0, null)).toEqual(wireOf(g.tree, 0, null));
    }
  });
});
