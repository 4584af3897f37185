// A game read from PGN makes its nodes only when they are asked for (GameNode.children, from
// the tree store; Game.mainline reads a line not made yet from the store). The edges of that
// laziness: every game of the corpus gives the same main line, PGN and node fields whether its
// nodes were made before or not; edits on a node whose siblings or children are not made yet,
// and after they are; the SAN, FEN and position of a deep node; a deleted subtree never made.
// The reference for moves and FENs is chessops' replay of the same PGN.
import { readFileSync } from 'node:fs';
import { makeFen } from 'chessops/fen';
import { type Node as OpsNode, type PgnNodeData, parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { describe, expect, test } from 'vitest';
import { Game, type GameNode, readGames } from 'chesswasm';

const corpus = readFileSync(new URL('../data/corpus/stockfish-selfplay.pgn', import.meta.url), 'utf8');
const games = corpus.split(/\n(?=\[Event )/).slice(0, 60);

// Every node of a game, depth first (which makes them all).
function allNodes(g: Game): GameNode[] {
  const out: GameNode[] = [];
  const stack = [g.root];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}

// What a node holds, for comparing two reads of one game.
const fields = (n: GameNode) => ({
  san: n.san,
  uci: n.uci,
  move: n.move,
  ply: n.ply,
  before: n.commentsBefore,
  after: n.commentsAfter,
  nags: n.nags,
  clock: n.clock,
  emt: n.emt,
  eval: n.eval,
  shapes: n.shapes,
  comments: n.comments,
  children: n.children.map((c) => c.san),
});

// A PGN text with its line breaks as spaces.
const flat = (pgn: string) => pgn.replace(/\s+/g, ' ');

// The deepest node of a game that is in a variation (not on the main line), or null.
function deepVariationNode(g: Game): GameNode | null {
  let best: GameNode | null = null;
  for (const n of allNodes(g)) if (!n.isMainline && (best === null || n.ply > best.ply)) best = n;
  return best;
}

describe('lazy nodes', () => {
  test('mainline() from the store equals the main line of made nodes, and a second read', () => {
    let sum = 0;
    for (const g of readGames(games.join('\n'))) {
      const lazy = g.mainline();
      expect(lazy).toEqual(g.mainlineNodes().map((n) => n.san));
      expect(g.mainline()).toEqual(lazy); // now from the nodes
      sum += lazy.length;
    }
    expect(sum).toBeGreaterThan(1000);
  });

  test('the main line, part made: the made part from nodes, the rest from the store', () => {
    const g = Game.fromPgn(games[0]!);
    const whole = Game.fromPgn(games[0]!)
      .mainlineNodes()
      .map((n) => n.san);
    let n = g.root;
    for (let i = 0; i < 10; i++) n = n.children[0]!; // ten plies made
    expect(g.mainline()).toEqual(whole);
  });

  test('every node of every game: the same fields and PGN whether read lazily or all made first', () => {
    for (const text of games) {
      const a = Game.fromPgn(text);
      const b = Game.fromPgn(text);
      const nodesA = allNodes(a);
      expect(nodesA.map(fields)).toEqual(allNodes(b).map(fields));
      expect(Game.fromPgn(text).pgn()).toBe(a.pgn());
    }
  });

  test('the SAN, FEN and position of a deep variation node, against chessops', () => {
    let checked = 0;
    for (const text of games) {
      const g = Game.fromPgn(text);
      const deep = deepVariationNode(g);
      if (deep === null) continue;
      const fresh = Game.fromPgn(text);
      // The same node reached in a fresh game by child indices (making only that path).
      const indices = deep.path().map((n) => n.parent!.children.indexOf(n));
      let node = fresh.root;
      for (const i of indices) node = node.children[i]!;
      expect(node.san).toBe(deep.san);
      // chessops: the same path in its tree.
      const ops = parsePgn(text)[0]!;
      const pos = startingPosition(ops.headers).unwrap();
      let opsNode: OpsNode<PgnNodeData> = ops.moves;
      let san = '';
      for (const i of indices) {
        const child = opsNode.children[i]!;
        san = child.data.san;
        pos.play(parseSan(pos, san)!);
        opsNode = child;
      }
      expect(node.san).toBe(san);
      // (Our FENs keep an en passant square after every double push; chessops' only when a
      // capture there is legal: the other fields are compared.)
      const noEp = (fen: string) => fen.split(' ').filter((_, k) => k !== 3);
      expect(noEp(node.fen)).toEqual(noEp(makeFen(pos.toSetup())));
      fresh.goTo(node);
      expect(fresh.position.fen()).toBe(node.fen);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  test('edits before the siblings are made and after: the same tree and PGN', () => {
    for (const text of games.slice(0, 20)) {
      // Lazy: edit the first main-line node with a variation beside it, made alone.
      const lazy = Game.fromPgn(text);
      const eager = Game.fromPgn(text);
      allNodes(eager);
      const edit = (g: Game) => {
        let n = g.root;
        while (n.children.length === 1) n = n.children[0]!;
        if (n.children.length === 0) return;
        const first = n.children[0]!;
        const second = n.children[1]!;
        g.addNag(first, 3);
        g.addComment(second, 'a variation', { before: true });
        g.promoteVariation(second);
        g.addNag(second.children[0] ?? second, 146);
      };
      edit(lazy);
      edit(eager);
      expect(lazy.pgn()).toBe(eager.pgn());
      expect(lazy.mainline()).toEqual(eager.mainline());
      expect(Game.fromPgn(lazy.pgn()).pgn()).toBe(lazy.pgn());
      expect(allNodes(lazy).map(fields)).toEqual(allNodes(eager).map(fields));
    }
  });

  test('promote a variation deep in the tree: mainline() follows the edit', () => {
    for (const text of games) {
      const g = Game.fromPgn(text);
      const deep = deepVariationNode(g);
      if (deep === null) continue;
      const fresh = Game.fromPgn(text);
      let node = fresh.root;
      for (const n of deep.path()) node = node.children[n.parent!.children.indexOf(n)]!;
      fresh.promoteVariation(node, { mainline: true });
      expect(node.isMainline).toBe(true);
      const sans = fresh.mainline();
      expect(sans.slice(0, node.ply)).toEqual(node.path().map((n) => n.san));
      expect(sans).toEqual(fresh.mainlineNodes().map((n) => n.san));
      expect(Game.fromPgn(fresh.pgn()).mainline()).toEqual(sans);
    }
  });

  test('delete a subtree never made, add a line through nodes not made, write PGN', () => {
    const text = '1. e4 (1. d4 d5 2. c4 (2. Nf3 Nf6) e6) e5 2. Nf3 Nc6 3. Bb5 *';
    const g = Game.fromPgn(text);
    const d4 = g.root.children[1]!;
    g.deleteFrom(d4);
    expect(d4.game).toBeNull();
    // Its children, made after the delete, belong to no game either.
    expect(d4.children.map((n) => n.san)).toEqual(['d5']);
    expect(d4.children[0]!.game).toBeNull();
    expect(g.pgn()).toContain('1. e4 e5 2. Nf3 Nc6 3. Bb5 *');
    // addLine from the root follows e4 e5 Nf3 (made as it goes) and adds a variation.
    const end = g.addLine(['e4', 'e5', 'Nf3', 'd6']);
    expect(end.san).toBe('d6');
    expect(end.parent!.children.map((n) => n.san)).toEqual(['Nc6', 'd6']);
    expect(g.mainline()).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    expect(Game.fromPgn(g.pgn()).mainline()).toEqual(g.mainline());
    expect(flat(g.pgn())).toContain('2. Nf3 Nc6 ( 2... d6 ) 3. Bb5 *');
  });

  test('deleteVariations and play on a game whose nodes are not made', () => {
    const g = Game.fromPgn('1. e4 (1. d4 d5) e5 2. Nf3 (2. Bc4 Nf6) Nc6 *');
    expect(g.deleteVariations()).toBe(2);
    expect(g.pgn()).toContain('1. e4 e5 2. Nf3 Nc6 *');
    const h = Game.fromPgn('1. e4 (1. d4 d5) e5 *');
    h.play('d4');
    expect(h.current).toBe(h.root.children[1]);
    h.play('d5');
    expect(h.current.parent!.children.length).toBe(1); // d5 was there already
    h.play('c4');
    expect(flat(h.pgn())).toContain('1. e4 ( 1. d4 d5 2. c4 ) 1... e5 *');
  });

  test('comments and commands of nodes made late: a lone [%clk] and an eval with text', () => {
    const g = Game.fromPgn('1. e4 { [%clk 0:01:00] } e5 { good [%eval 0.25] } 2. Nf3 { [%clk 0:00:59] } { x } *');
    const [e4] = g.root.children;
    expect(e4!.clock).toBe(60);
    expect(e4!.commentsAfter).toEqual([]);
    const e5 = e4!.children[0]!;
    expect(e5.eval).toEqual({ pawns: 0.25 });
    expect(e5.commentsAfter).toEqual(['good']);
    const nf3 = e5.children[0]!;
    expect(nf3.clock).toBe(59);
    expect(nf3.commentsAfter).toEqual(['x']);
    expect(nf3.comments.map((c) => c.text)).toEqual(['', 'x']);
    expect(flat(g.pgn())).toContain('2. Nf3 { [%clk 0:00:59] } { x } *');
  });
});
