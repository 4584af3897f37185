// Editing a game's move tree (Game.promoteVariation, moveVariation, deleteFrom,
// deleteVariations, addNag, removeNag, addComment, addLine) and null moves: every edit keeps
// every node's comments, NAGs, shapes, clocks and evaluations, and the edited tree
// round-trips through PGN. Random edits on random annotated trees are checked two ways: our
// own read of our pgn() gives the tree we hold, and chessops' read of our pgn() gives the tree
// that the same edits make on chessops' own tree (edited here with plain array operations).
import {
  ChildNode as OpsChildNode,
  isChildNode,
  parsePgn,
  type Game as OpsGame,
  type Node as OpsNode,
  type PgnNodeData,
} from 'chessops/pgn';
import { describe, expect, test } from 'vitest';
import { ChessError, Game, type GameNode, IllegalMoveError, Position } from 'chesswasm';
import { prng } from '../tools/prng.mjs';

type Rand = ReturnType<typeof prng>;

// A random annotated tree: comments, NAGs, clocks, evaluations, shapes, and variations whose
// first move may carry a comment before it (the place PGN keeps such a comment apart).
function randomGame(r: Rand, plies: number): Game {
  const game = new Game();
  const annotate = (node: GameNode) => {
    if (r.chance(0.2)) node.commentsAfter.push(`c${r.int(1000)} on ${node.san}`);
    if (r.chance(0.1)) node.clock = 60 + r.int(3000);
    if (r.chance(0.1)) node.emt = r.int(100);
    if (r.chance(0.1)) node.eval = r.chance(0.8) ? { pawns: (r.int(800) - 400) / 100 } : { mate: r.int(10) - 5 || 1 };
    if (r.chance(0.1))
      node.shapes = [
        { color: 'green', from: 'e4' },
        { color: 'red', from: 'a1', to: 'h8' },
      ];
    if (r.chance(0.15)) node.nags.push(1 + r.int(r.chance(0.3) ? 255 : 6));
  };
  const grow = (from: GameNode, n: number, depth: number) => {
    game.goTo(from);
    for (let i = 0; i < n; i++) {
      const moves = game.position.legalMoves();
      if (moves.length === 0 || game.outcome()) break;
      const node = game.play(moves[r.int(moves.length)]!);
      annotate(node);
      if (depth < 3 && r.chance(0.15)) {
        const back = node.parent!;
        const here = game.current;
        game.goTo(back);
        const alt = game.position.legalMoves();
        const m = alt[r.int(alt.length)]!;
        if (!back.children.some((c) => c.move === m)) {
          const v = game.play(m);
          annotate(v);
          if (r.chance(0.4)) v.commentsBefore.push(`before ${v.san}`);
          grow(v, r.int(8), depth + 1);
        }
        game.goTo(here);
      }
    }
  };
  grow(game.root, plies, 0);
  if (r.chance(0.3)) game.root.commentsAfter.push('game comment');
  game.goTo(game.root);
  return game;
}

// ---- listings: one line per node, preorder ----------------------------------------------------

interface Item {
  san: string;
  nags: number[];
  before: string[];
  after: string[];
  /** Our comment commands (clock, emt, eval, shapes), as JSON. */
  commands?: string;
  children: Item[];
}

// PGN keeps a comment before a move apart from the previous move's comments at the start of a
// variation, and after the variations that follow the previous move (`5. d5 ( 5. Be3 ) { c }
// 5... d6`); elsewhere it is read back as the previous move's comment (the game comment before
// the first move). The listings of a tree in memory are compared in that form.
// chessops reads a comment after a variation as the comment of the move before the variation:
// `{ afterVariations: false }` normalises for its reader.
function normalise(root: Item, { afterVariations = true } = {}): Item {
  const walk = (node: Item, followedByVariations: boolean) => {
    node.children.forEach((c, i) => {
      if (i === 0 && c.before.length && !(afterVariations && followedByVariations)) {
        node.after.push(...c.before);
        c.before = [];
      }
    });
    node.children.forEach((c, i) => walk(c, i === 0 && node.children.length > 1));
  };
  walk(root, false);
  return root;
}

function lines(root: Item): string[] {
  const out: string[] = [`root after=${root.after.join('|')}`];
  const walk = (node: Item, id: number) => {
    for (const c of node.children) {
      const me = out.length;
      out.push(
        `${id} ${c.san} nags=${c.nags.join(',')} before=${c.before.join('|')} after=${c.after.join('|')} ${c.commands ?? ''}`,
      );
      walk(c, me);
    }
  };
  walk(root, 0);
  return out;
}

// Our tree, with the comment commands as fields.
function ours(game: Game): Item {
  const item = (n: GameNode): Item => ({
    san: n.san,
    nags: [...n.nags],
    before: [...n.commentsBefore],
    after: [...n.commentsAfter],
    commands: JSON.stringify([n.clock, n.emt, n.eval, n.shapes]),
    children: n.children.map(item),
  });
  return item(game.root);
}

// chessops' tree, comments as its reader gives them (each command in the comment it is in:
// compared exactly, so an edit that moved a command to another comment would show).
function theirs(game: OpsGame<PgnNodeData>): Item {
  const item = (n: OpsNode<PgnNodeData>, data?: PgnNodeData): Item => ({
    san: data?.san ?? '',
    nags: [...(data?.nags ?? [])],
    before: [...(data?.startingComments ?? [])],
    after: data ? [...(data.comments ?? [])] : [...(game.comments ?? [])],
    children: n.children.map((c) => item(c, c.data)),
  });
  return item(game.moves);
}

const readOps = (text: string) => parsePgn(text)[0]!;

function* allNodes(game: Game): Generator<GameNode> {
  const stack = [game.root];
  while (stack.length) {
    const n = stack.pop()!;
    yield n;
    stack.push(...n.children);
  }
}

// ---- the same edit on both trees --------------------------------------------------------------

type Path = number[];

function pathOf(node: GameNode): Path {
  return node.path().map((n) => n.parent!.children.indexOf(n));
}

function nodeAt(game: Game, path: Path): GameNode {
  let n = game.root;
  for (const i of path) n = n.children[i]!;
  return n;
}

function opsAt(game: OpsGame<PgnNodeData>, path: Path): OpsNode<PgnNodeData> {
  let n: OpsNode<PgnNodeData> = game.moves;
  for (const i of path) n = n.children[i]!;
  return n;
}

// The data of the move at path in chessops' tree (a move: not the root).
function opsDataAt(game: OpsGame<PgnNodeData>, path: Path): PgnNodeData {
  const n = opsAt(game, path);
  if (!isChildNode(n)) throw new Error(`no move at [${path.join(',')}]`);
  return n.data;
}

const group = (nag: number) => (nag <= 9 ? 1 : nag <= 19 ? 2 : 0);

type Edit = { name: string; ours: (g: Game) => unknown; theirs: (g: OpsGame<PgnNodeData>) => void };

function randomEdit(r: Rand, game: Game): Edit | null {
  const all: GameNode[] = [];
  const stack = [...game.root.children];
  while (stack.length) {
    const n = stack.pop()!;
    all.push(n);
    stack.push(...n.children);
  }
  if (all.length === 0) return null;
  const node = all[r.int(all.length)]!;
  const path = pathOf(node);
  const parentPath = path.slice(0, -1);
  const index = path[path.length - 1]!;
  switch (r.int(8)) {
    case 0: {
      const mainline = r.chance(0.5);
      return {
        name: `promote ${path.join(',')} ${mainline}`,
        ours: (g) => g.promoteVariation(nodeAt(g, path), { mainline }),
        theirs: (g) => {
          for (let k = path.length; k > 0; k--) {
            const parent = opsAt(g, path.slice(0, k - 1));
            const i = path[k - 1]!;
            if (i > 0) {
              const [child] = parent.children.splice(i, 1);
              parent.children.unshift(child!);
              if (!mainline) break;
            }
          }
        },
      };
    }
    case 1:
      return {
        name: `deleteFrom ${path.join(',')}`,
        ours: (g) => g.deleteFrom(nodeAt(g, path)),
        theirs: (g) => void opsAt(g, parentPath).children.splice(index, 1),
      };
    case 2: {
      const from = r.chance(0.3) ? [] : path;
      return {
        name: `deleteVariations ${from.join(',')}`,
        ours: (g) => g.deleteVariations(nodeAt(g, from)),
        theirs: (g) => {
          for (let n: OpsNode<PgnNodeData> | undefined = opsAt(g, from); n; n = n.children[0])
            n.children.length = Math.min(1, n.children.length);
        },
      };
    }
    case 3: {
      const to = r.int(node.parent!.children.length);
      return {
        name: `moveVariation ${path.join(',')} -> ${to}`,
        ours: (g) => g.moveVariation(nodeAt(g, path), to),
        theirs: (g) => {
          const siblings = opsAt(g, parentPath).children;
          const [child] = siblings.splice(index, 1);
          siblings.splice(to, 0, child!);
        },
      };
    }
    case 4: {
      const nag = r.chance(0.6) ? 1 + r.int(19) : 1 + r.int(255);
      return {
        name: `addNag ${path.join(',')} ${nag}`,
        ours: (g) => g.addNag(nodeAt(g, path), nag),
        theirs: (g) => {
          const d = opsDataAt(g, path);
          const nags = d.nags ?? [];
          if (nags.includes(nag)) return;
          d.nags = [...(group(nag) === 0 ? nags : nags.filter((n) => group(n) !== group(nag))), nag];
        },
      };
    }
    case 5:
      return {
        name: `removeNag ${path.join(',')}`,
        ours: (g) => g.removeNag(nodeAt(g, path)),
        theirs: (g) => void (opsDataAt(g, path).nags = []),
      };
    case 6: {
      // A comment before a variation's first move, or after a move.
      const before = index > 0 && r.chance(0.7);
      const text = `added ${r.int(1000)}`;
      return {
        name: `addComment ${path.join(',')} ${before}`,
        ours: (g) => g.addComment(nodeAt(g, path), text, { before }),
        theirs: (g) => {
          const d = opsDataAt(g, path);
          if (before) d.startingComments = [...(d.startingComments ?? []), text];
          else d.comments = [...(d.comments ?? []), text];
        },
      };
    }
    default: {
      // An engine line (UCI) from a node, checked and added by ours; chessops' tree gets the
      // same moves as SAN from a Position (followed where they exist, else a new last child).
      using pos = Position.fromFen(node.fen);
      const ucis: string[] = [];
      const sans: string[] = [];
      for (let k = 0; k < 1 + r.int(6); k++) {
        const moves = pos.legalMoves();
        if (moves.length === 0) break;
        const m = moves[r.int(moves.length)]!;
        ucis.push(pos.uci(m));
        sans.push(pos.san(m));
        pos.play(m);
      }
      return {
        name: `addLine ${path.join(',')} ${ucis.join(' ')}`,
        ours: (g) => g.addLine(ucis, { from: nodeAt(g, path) }),
        theirs: (g) => {
          let n = opsAt(g, path);
          for (const san of sans) {
            let child = n.children.find((c) => c.data.san === san);
            if (!child) n.children.push((child = new OpsChildNode({ san })));
            n = child;
          }
        },
      };
    }
  }
}

describe('random edits of random annotated trees', () => {
  test('200 trees, 10 edits each: our read and chessops read the tree the edits made', () => {
    const r = prng(2727);
    let edits = 0;
    for (let t = 0; t < 200; t++) {
      const game = randomGame(r, 5 + r.int(40));
      const model = readOps(game.pgn());
      for (let e = 0; e < 10; e++) {
        const edit = randomEdit(r, game);
        if (!edit) break;
        // From a random current node: after the edit it is still in the tree, with its position.
        const nodes = [...allNodes(game)];
        const was = nodes[r.int(nodes.length)]!;
        game.goTo(was);
        edit.ours(game);
        // The nearest node of its old path that is still in the tree (itself when it stayed).
        let stays = was;
        while (stays.game !== game) stays = stays.parent!;
        expect(game.current).toBe(stays);
        expect(game.position.fen()).toBe(game.current.fen);
        edit.theirs(model);
        edits++;
        const text = game.pgn();
        const again = Game.fromPgn(text);
        expect(lines(ours(again)), `${edit.name}\n${text}`).toEqual(lines(normalise(ours(game))));
        const model2 = normalise(theirs(model), { afterVariations: false });
        expect(lines(theirs(readOps(text))), `${edit.name}\n${text}`).toEqual(lines(model2));
        expect(again.pgn()).toBe(text);
      }
    }
    expect(edits).toBeGreaterThan(1500);
  });
});

describe('each edit', () => {
  const sample = () =>
    Game.fromPgn(
      '{ game } 1. e4 { [%clk 0:05:00] king pawn } ( { a queen } 1. d4 $1 d5 ( 1... Nf6 2. c4 ) 2. c4 ) ( 1. c4 { [%cal Gc2c4] } ) 1... e5 $2 2. Nf3 *',
    );

  test('promoteVariation: one step, or to the main line; annotations move with the nodes', () => {
    const g = sample();
    const nf6 = g.root.children[1]!.children[1]!;
    expect(g.promoteVariation(nf6)).toBe(true);
    expect(g.root.children[1]!.children[0]!.san).toBe('Nf6');
    expect(g.root.children[0]!.san).toBe('e4');
    expect(g.promoteVariation(nf6, { mainline: true })).toBe(true);
    expect(g.mainline()).toEqual(['d4', 'Nf6', 'c4']);
    expect(g.root.children[0]!.nags).toEqual([1]);
    expect(g.root.children[0]!.commentsBefore).toEqual(['a queen']);
    expect(g.promoteVariation(nf6, { mainline: true })).toBe(false);
    const e4 = g.root.children[1]!;
    expect(e4.clock).toBe(300);
    expect(e4.commentsAfter).toEqual(['king pawn']);
  });

  test('moveVariation reorders; a bad index changes nothing', () => {
    const g = sample();
    const c4 = g.root.children[2]!;
    expect(g.moveVariation(c4, 1)).toBe(true);
    expect(g.root.children.map((n) => n.san)).toEqual(['e4', 'c4', 'd4']);
    expect(g.moveVariation(c4, 1)).toBe(false);
    for (const bad of [3, -1, 1.5, '0' as never]) expect(() => g.moveVariation(c4, bad)).toThrow(ChessError);
    expect(() => g.moveVariation(g.root, 0)).toThrow(ChessError);
    expect(g.root.children.map((n) => n.san)).toEqual(['e4', 'c4', 'd4']);
    expect(c4.shapes).toEqual([{ color: 'green', from: 'c2', to: 'c4' }]);
  });

  test('deleteVariations keeps the main line; the current node moves to where it stays', () => {
    const g = sample();
    const c4 = g.root.children[1]!.children[1]!.children[0]!; // 1. d4 Nf6 2. c4
    g.goTo(c4);
    expect(g.deleteVariations(g.root.children[1]!)).toBe(1); // below 1. d4: 1... Nf6
    expect(g.current.san).toBe('d4');
    expect(g.current.game).toBe(g);
    expect(c4.game).toBeNull();
    expect(g.deleteVariations()).toBe(2);
    expect(g.pgn()).toContain('1. e4 { [%clk 0:05:00] king pawn } 1... e5 $2 2. Nf3 *'); // the comment as it was read
    expect(g.current).toBe(g.root);
    expect(g.deleteVariations()).toBe(0);
  });

  test('deleteFrom; nodes of other games and deleted nodes are refused', () => {
    const g = sample();
    const d4 = g.root.children[1]!;
    g.deleteFrom(d4);
    expect(d4.game).toBeNull();
    for (const call of [
      () => g.deleteFrom(d4),
      () => g.promoteVariation(d4),
      () => g.addNag(d4, 1),
      () => g.addLine(['e4'], { from: d4 }),
      () => g.deleteVariations(d4),
    ])
      expect(call).toThrow(ChessError);
    expect(() => g.deleteFrom(g.root)).toThrow(ChessError);
    expect(() => g.deleteFrom(sample().root.children[0]!)).toThrow(ChessError);
  });

  test('addNag replaces a move glyph with a move glyph and a position glyph with a position glyph', () => {
    const g = sample();
    const e5 = g.mainlineNodes()[1]!;
    expect(e5.nags).toEqual([2]);
    expect(g.addNag(e5, 4)).toBe(true); // ?? replaces ?
    expect(g.addNag(e5, 14)).toBe(true); // += added
    expect(g.addNag(e5, 40)).toBe(true); // "with attack" added
    expect(g.addNag(e5, 16)).toBe(true); // ± replaces +=
    expect(g.addNag(e5, 16)).toBe(false);
    expect(e5.nags).toEqual([4, 40, 16]);
    expect(Game.fromPgn(g.pgn()).mainlineNodes()[1]!.nags).toEqual([4, 40, 16]);
    for (const bad of [0, 256, 1.5, '1' as never, null as never]) expect(() => g.addNag(e5, bad)).toThrow(ChessError);
    expect(() => g.addNag(g.root, 1)).toThrow(ChessError);
    expect(e5.nags).toEqual([4, 40, 16]);
    expect(g.removeNag(e5, 40)).toBe(true);
    expect(e5.nags).toEqual([4, 16]);
    expect(g.removeNag(e5)).toBe(true);
    expect(g.removeNag(e5)).toBe(false);
    expect(e5.nags).toEqual([]);
  });

  test('addComment: before a variation start it stays there through PGN; bad text is refused', () => {
    const g = sample();
    const c4 = g.root.children[2]!;
    g.addComment(c4, 'the English', { before: true });
    g.addComment(c4, 'flexible');
    const back = Game.fromPgn(g.pgn());
    expect(back.root.children[2]!.commentsBefore).toEqual(['the English']);
    expect(back.root.children[2]!.commentsAfter).toEqual(['flexible']);
    expect(back.root.children[2]!.shapes).toEqual(c4.shapes);
    for (const bad of ['', '  ', 5 as never, null as never]) expect(() => g.addComment(c4, bad)).toThrow(ChessError);
    expect(() => g.addComment(g.root, 'x', { before: true })).toThrow(ChessError);
    expect(c4.commentsAfter).toEqual(['flexible']);
  });

  test('addLine: UCI or SAN, followed where it exists, a variation where it does not; all or nothing', () => {
    const g = sample();
    const e5 = g.mainlineNodes()[1]!;
    g.goTo(e5);
    const end = g.addLine(['g1f3', 'Nc6', 'f1b5']);
    expect(g.current).toBe(e5); // the current node stays
    expect(end.path().map((n) => n.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    expect(e5.children.length).toBe(1); // Nf3 was there: followed
    const alt = g.addLine(['Bc4', 'Nf6'], { from: e5 });
    expect(e5.children.map((n) => n.san)).toEqual(['Nf3', 'Bc4']);
    expect(alt.san).toBe('Nf6');
    const before = g.pgn();
    let error: unknown;
    try {
      g.addLine(['d4', 'exd4', 'Qxd8'], { from: e5 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(IllegalMoveError);
    expect((error as IllegalMoveError).code).toBe('illegal');
    expect((error as Error).message).toMatch(/move 3 of the line/);
    expect(g.pgn()).toBe(before);
    expect(() => g.addLine(['xx'])).toThrow(IllegalMoveError);
    expect(() => g.addLine('e4' as never)).toThrow(ChessError);
    expect(() => g.addLine(null as never)).toThrow(ChessError);
    expect(g.pgn()).toBe(before);
    expect(g.addLine([])).toBe(e5);
  });
});

describe('null moves', () => {
  test('read, played, added, written, read again', () => {
    const g = Game.fromPgn('1. e4 -- 2. d4 ( 2. Nf3 Z0 3. Bc4 ) *');
    expect(g.mainline()).toEqual(['e4', '--', 'd4']);
    const nul = g.mainlineNodes()[1]!;
    expect(nul.isNull).toBe(true);
    expect(nul.uci).toBe('0000');
    const nf3 = g.mainlineNodes()[1]!.children[1]!;
    expect(nf3.children[0]!.isNull).toBe(true);
    g.goTo(g.mainlineNodes()[2]!);
    expect(g.play('--').san).toBe('--');
    expect(g.position.turn).toBe('w');
    const end = g.addLine(['e5', '--', 'Nc6'], { from: g.root.children[0]! });
    expect(end.path().map((n) => n.san)).toEqual(['e4', 'e5', '--', 'Nc6']);
    const text = g.pgn();
    expect(text).toContain('1. e4 -- ( 1... e5 2. -- Nc6 ) 2. d4 ( 2. Nf3 -- 3. Bc4 ) 2... -- *');
    expect(Game.fromPgn(text).pgn()).toBe(text);
    // chessops reads the same moves (its SAN for a null move is "--" too).
    const sans: string[] = [];
    for (let n = readOps(text).moves.children[0]; n; n = n.children[0]) sans.push(n.data.san);
    expect(sans).toEqual(Game.fromPgn(text).mainline());
  });
});
