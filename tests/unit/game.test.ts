// Game: playing moves into a tree, navigation, variations, editing, the position kept in
// step with the current node, outcome and draw claims over the line, memory.
import { describe, expect, test } from 'vitest';
import { ChessError, Game, type GameNode, IllegalMoveError, Position, readGames, wasmHeapSize } from 'chesswasm';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// The position must always be the path root -> current node replayed.
function expectInStep(g: Game): void {
  using pos = Position.fromFen(g.rootFen, { variant: g.variant });
  for (const n of g.current.path()) {
    if (n.isNull) pos.playNull();
    else pos.play(n.move);
  }
  expect(g.position.fen()).toBe(pos.fen());
  expect(g.position.historyLength).toBe(g.current.ply);
  expect(g.position.hash()).toBe(g.current.hash);
}

describe('construction', () => {
  test('start position, FEN, variants; bad input', () => {
    const g = new Game();
    expect([g.rootFen, g.variant, g.result, g.current, g.mainline()]).toEqual([START, 'chess', '*', g.root, []]);
    expect(g.root.parent).toBeNull();
    expect([g.root.san, g.root.uci, g.root.ply, g.root.fen]).toEqual(['', '', 0, START]);
    const f = new Game('8/8/8/8/8/8/4k3/K7 b - - 3 70');
    expect(f.position.fen()).toBe('8/8/8/8/8/8/4k3/K7 b - - 3 70');
    expect(new Game(undefined, { variant: 'makruk' }).variant).toBe('makruk');
    expect(new Game(undefined, { variant: 'chess960' }).position.legalMoves().length).toBe(20);
    expect(() => new Game('nonsense')).toThrow(expect.objectContaining({ name: 'FenError' }));
    expect(() => new Game(undefined, { variant: 'xiangqi' as 'chess' })).toThrow(
      expect.objectContaining({ code: 'invalid-variant' }),
    );
  });

  test('tags and result', () => {
    const g = new Game();
    g.tags.set('White', 'Carlsen');
    g.result = '1-0';
    expect(g.tags.get('Result')).toBe('1-0');
    expect(g.pgn()).toContain('[White "Carlsen"]');
    expect(g.pgn().trimEnd().endsWith('1-0')).toBe(true);
    g.tags.delete('White');
    expect(g.pgn()).toContain('[White "?"]');
    expect(() => {
      g.result = 'white wins' as '1-0';
    }).toThrow(ChessError);
  });
});

describe('playing and navigating', () => {
  test('play by SAN, UCI, move number; an existing child is reused, a new move adds a variation', () => {
    const g = new Game();
    const e4 = g.play('e4');
    expect([e4.san, e4.uci, e4.ply, e4.parent]).toEqual(['e4', 'e2e4', 1, g.root]);
    g.play('e7e5');
    const nf3 = g.play(g.position.parseSan('Nf3'));
    expect(nf3.san).toBe('Nf3');
    expect(g.mainline()).toEqual(['e4', 'e5', 'Nf3']);
    g.undo();
    expect(g.current.san).toBe('e5');
    expect(g.play('g1f3')).toBe(nf3); // the same node again
    g.undo();
    const bc4 = g.play('Bc4');
    expect(g.current).toBe(bc4);
    expect(nf3.parent!.children).toEqual([nf3, bc4]);
    expect(g.mainline()).toEqual(['e4', 'e5', 'Nf3']);
    expect(bc4.isMainline).toBe(false);
    expectInStep(g);
  });

  test('an illegal or malformed move throws and changes nothing', () => {
    const g = new Game();
    g.play('e4');
    const before = g.pgn();
    for (const bad of ['e4', 'Ke2', 'xyz', '', 'e2e5', 0, 12345] as const) {
      expect(() => g.play(bad)).toThrow(IllegalMoveError);
      expect(g.pgn()).toBe(before);
      expect(g.current.san).toBe('e4');
      expectInStep(g);
    }
    expect(() => g.play(null as unknown as string)).toThrow(expect.objectContaining({ code: 'syntax' }));
  });

  test('undo, back, forward, goToPly, goTo', () => {
    const g = new Game();
    for (const m of ['d4', 'd5', 'c4', 'e6', 'Nc3', 'Nf6']) g.play(m);
    expect(g.undo().san).toBe('Nf6');
    expect(g.current.ply).toBe(5);
    expect(g.back()).toBe(true);
    expect(g.forward()).toBe(true);
    expect(g.forward()).toBe(true);
    expect(g.forward()).toBe(false);
    expect(g.current.san).toBe('Nf6');
    g.goToPly(2);
    expect(g.current.san).toBe('d5');
    expectInStep(g);
    g.play('Nf3'); // a variation at ply 3
    g.play('Nf6');
    expect(g.goToPly(2).san).toBe('d5');
    expect(g.goToPly(4).san).toBe('e6'); // forward follows children[0]: the main line
    expect(() => g.goToPly(9)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect(() => g.goToPly(-1)).toThrow(ChessError);
    g.goTo(g.root);
    expect(g.back()).toBe(false);
    expect(() => g.undo()).toThrow(expect.objectContaining({ code: 'nothing-to-undo' }));
    // Jump between branches: undo to the common ancestor, play down.
    const nodes: GameNode[] = [];
    const walk = (n: GameNode) => {
      nodes.push(n);
      n.children.forEach(walk);
    };
    walk(g.root);
    for (let i = 0; i < 40; i++) {
      g.goTo(nodes[(i * 7) % nodes.length]!);
      expectInStep(g);
    }
    expect(() => g.goTo(new Game().root)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });

  test('null moves', () => {
    const g = new Game();
    g.play('e4');
    const pass = g.play('--');
    expect([pass.san, pass.uci, pass.isNull, pass.move]).toEqual(['--', '0000', true, 0]);
    expect(g.position.turn).toBe('w');
    g.play('d4');
    expectInStep(g);
    g.goTo(g.root);
    g.goToPly(3);
    expectInStep(g);
    expect(Game.fromPgn(g.pgn()).mainline()).toEqual(['e4', '--', 'd4']);
    // Not in check.
    const c = new Game('4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
    c.play('Ra8+');
    expect(() => c.play('--')).toThrow(IllegalMoveError);
  });

  test('the position is live: the same object, following every move; resynced if changed directly', () => {
    const g = new Game();
    const pos = g.position;
    g.play('e4');
    expect(g.position).toBe(pos);
    expect(pos.turn).toBe('b');
    g.back();
    expect(pos.fen()).toBe(START);
    // Changed behind the game's back: the next access replays the line.
    pos.play('d4');
    expect(g.position.fen()).toBe(START);
    expectInStep(g);
  });
});

describe('editing the tree', () => {
  function tree(): { g: Game; e4: GameNode; d4: GameNode; c4: GameNode; e5: GameNode; c5: GameNode } {
    const g = new Game();
    const e4 = g.play('e4');
    const e5 = g.play('e5');
    g.back();
    const c5 = g.play('c5');
    g.goTo(g.root);
    const d4 = g.play('d4');
    g.goTo(g.root);
    const c4 = g.play('c4');
    return { g, e4, d4, c4, e5, c5 };
  }

  test('promoteVariation: one level, or to the main line', () => {
    const { g, e4, d4, c4, e5, c5 } = tree();
    expect(g.promoteVariation(c4)).toBe(true);
    expect(g.root.children).toEqual([c4, e4, d4]);
    expect(g.promoteVariation(c4)).toBe(false);
    expect(g.mainline()).toEqual(['c4']);
    // c5 sits in a variation (second child of e4) inside a variation (e4 is second now).
    expect(g.promoteVariation(c5)).toBe(true);
    expect(e4.children).toEqual([c5, e5]);
    expect(g.root.children[0]).toBe(c4);
    expect(g.promoteVariation(c5, { mainline: true })).toBe(true);
    expect(g.mainline()).toEqual(['e4', 'c5']);
    expectInStep(g);
  });

  test('deleteFrom: the subtree goes; the current node moves up if it was inside', () => {
    const { g, e4, d4, c4, c5 } = tree();
    g.goTo(c5);
    g.deleteFrom(e4);
    expect(g.root.children).toEqual([d4, c4]);
    expect(g.current).toBe(g.root);
    expect(e4.game).toBeNull();
    expect(c5.game).toBeNull();
    expect(() => g.goTo(c5)).toThrow(ChessError);
    expect(g.mainline()).toEqual(['d4']);
    g.goTo(c4);
    g.deleteFrom(d4);
    expect(g.current).toBe(c4);
    expect(() => g.deleteFrom(g.root)).toThrow(ChessError);
    expectInStep(g);
  });

  test('comments and NAGs are editable in place and written', () => {
    const g = new Game();
    const e4 = g.play('e4');
    e4.commentsAfter.push('[%clk 0:05:00]'); // a comment command: read back as e4.clock
    e4.nags.push(1);
    g.play('e5');
    g.back();
    g.play('c5').commentsBefore.push('the Sicilian');
    g.root.commentsAfter.push('an opening');
    const back = Game.fromPgn(g.pgn());
    const [b4] = back.mainlineNodes() as [GameNode];
    expect([b4.clock, b4.commentsAfter, b4.nags, b4.children[1]!.commentsBefore, back.root.commentsAfter]).toEqual([
      300,
      [],
      [1],
      ['the Sicilian'],
      ['an opening'],
    ]);
    // A comment before a move that continues a line reads back as the previous move's:
    // PGN cannot tell them apart.
    const d = new Game();
    d.play('d4');
    d.play('d5').commentsBefore.push('ambiguous');
    expect(Game.fromPgn(d.pgn()).mainlineNodes()[0]!.commentsAfter).toEqual(['ambiguous']);
  });
});

describe('outcome and draw claims over the line', () => {
  test('checkmate', () => {
    const g = new Game();
    for (const m of ['f3', 'e5', 'g4', 'Qh4#']) g.play(m);
    expect(g.outcome()).toEqual({ termination: 'CHECKMATE', winner: 'b' });
    expect(g.canClaimDraw()).toBe(false);
    g.back();
    expect(g.outcome()).toBeNull();
  });

  test('threefold by claim, fivefold automatically; repetitions only count on the current line', () => {
    const g = new Game();
    const shuffle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
    for (const m of shuffle) g.play(m);
    expect(g.canClaimDraw()).toBe(false); // start position: twice
    for (const m of shuffle) g.play(m);
    expect(g.canClaimDraw()).toBe(true); // three times
    expect(g.outcome()).toBeNull();
    expect(g.outcome({ claim: true })).toEqual({ termination: 'THREEFOLD_REPETITION', winner: null });
    // Another branch from ply 4 (second occurrence): its line has two occurrences only.
    g.goToPly(4);
    g.play('Nc3');
    g.play('Nc6');
    g.play('Nb1');
    g.play('Nb8');
    expect(g.canClaimDraw()).toBe(true); // start position again: 3 on this line
    g.goToPly(4);
    expect(g.canClaimDraw()).toBe(false);
    g.goToPly(8);
    for (const m of [...shuffle, ...shuffle]) g.play(m);
    expect(g.outcome()).toEqual({ termination: 'FIVEFOLD_REPETITION', winner: null });
    // The repetition count follows navigation.
    g.goToPly(12);
    expect(g.outcome()).toBeNull();
    expect(g.canClaimDraw()).toBe(true);
  });

  test('fifty-move claim and the 75-move rule, from a FEN halfmove clock', () => {
    const g = new Game('8/8/8/4k3/8/8/8/R3K3 w - - 98 80');
    g.play('Ra2');
    expect(g.canClaimDraw()).toBe(false);
    g.play('Kd5');
    expect(g.canClaimDraw()).toBe(true);
    expect(g.outcome({ claim: true })).toEqual({ termination: 'FIFTY_MOVES', winner: null });
    const h = new Game('8/8/8/4k3/8/8/8/R3K3 w - - 149 80');
    h.play('Ra2');
    expect(h.outcome()).toEqual({ termination: 'SEVENTYFIVE_MOVES', winner: null });
  });

  test('insufficient material and stalemate', () => {
    const g = new Game('8/8/8/4k3/8/8/3n4/4K3 w - - 0 1');
    g.play('Kxd2');
    expect(g.outcome()).toEqual({ termination: 'INSUFFICIENT_MATERIAL', winner: null });
    const s = new Game('7k/8/6Q1/8/8/8/8/K7 w - - 0 1');
    s.play('Qf7');
    expect(s.outcome()).toEqual({ termination: 'STALEMATE', winner: null });
  });
});

describe('memory', () => {
  test('dispose frees the position; the tree stays readable; using works', () => {
    const g = new Game();
    g.play('e4');
    const pos = g.position;
    g.dispose();
    expect(pos.disposed).toBe(true);
    expect(() => g.position).toThrow(expect.objectContaining({ code: 'disposed' }));
    expect(g.mainline()).toEqual(['e4']);
    expect(g.pgn()).toContain('1. e4');
    g.dispose();
    {
      using h = new Game();
      h.play('d4');
    }
  });

  test('200,000 games dropped without dispose() leave the heap bounded; so does reading 20,000', async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    expect(gc, 'run with --expose-gc').toBeTypeOf('function');
    const settle = async () => {
      for (let i = 0; i < 3; i++) {
        gc!();
        await new Promise((r) => setTimeout(r, 0));
      }
    };
    await settle();
    const before = wasmHeapSize();
    for (let i = 0; i < 200_000; i++) {
      const g = new Game();
      g.play('e4');
      if (i % 20_000 === 0) await settle();
    }
    const text = Array.from(
      { length: 1000 },
      (_, i) => `[Event "${i}"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 { x } (3... Nf6) *\n`,
    ).join('\n');
    for (let k = 0; k < 20; k++) for (const g of readGames(text)) g.goToPly(5);
    await settle();
    // Each position holds a 2 KB state stack: 200,000 unfreed would need > 400 MB.
    expect(wasmHeapSize() - before).toBeLessThan(64 * 1024 * 1024);
  });

  test('games read from PGN hold no position until asked', () => {
    const g = Game.fromPgn('1. e4 e5 2. Nf3 *');
    g.goToPly(3);
    expect(g.current.san).toBe('Nf3');
    expect(g.position.fen()).toBe(g.current.fen);
  });
});
