// Stack-heavy and huge input from JS: deeply nested variations (refused
// by the documented limit, 128 levels, with a PgnError; exactly 128 accepted), very long
// games (20,000 plies, and the 100,000-move limit), huge comments (the 1 MiB token limit),
// and a 10 MB PGN file read by readGames in chunks. Neither the wasm stack nor the JS stack
// may overflow (a RangeError or a wasm trap would fail these tests), and the instance stays
// usable afterwards. Limits: SECURITY.md, cpp/core/pgn.h (PgnLimits).
import {
  ChessError,
  Game,
  IllegalMoveError,
  PgnError,
  Position,
  readGames,
  validateLine,
  wasmHeapSize,
} from 'chesswasm';
import { Chess } from 'chesswasm/chessjs';
import { afterEach, describe, expect, it } from 'vitest';

const MAX_DEPTH = 128; // PgnLimits::max_variation_depth
const MAX_NODES = 100_000; // PgnLimits::max_nodes
const MAX_TOKEN = 1 << 20; // PgnLimits::max_token_bytes

function sane(): void {
  const p = Position.startpos();
  expect(p.perft(2)).toBe(400);
  p.dispose();
}

afterEach(sane);

const TAGS = '[Event "deep"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n';

// Knight shuffles (always legal, no captures, no pawn moves) and an alternative at each ply.
const SHUFFLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
const OTHER = ['Nh3', 'Nh6', 'Nh4', 'Nh5'];

/**
 * `depth` nested variations, each one ply deeper than the last:
 * `Nf3 Nh6 ( Nf6 Nh4 ( Ng1 Nh5 ( Ng8 ... ) ) ) *`: the line inside the innermost variation
 * is the knight shuffle, `depth + 1` plies long, and its last move is `depth` levels deep.
 */
function nested(depth: number): string {
  const parts = [SHUFFLE[0]!];
  for (let ply = 1; ply <= depth; ply++) parts.push(OTHER[ply % 4]!, '(', SHUFFLE[ply % 4]!);
  return TAGS + parts.join(' ') + ' )'.repeat(depth) + ' *\n';
}

/** The deepest nesting of variations in a game's tree. */
function variationDepth(game: Game): number {
  let max = 0;
  const stack: [node: Game['root'], depth: number][] = [[game.root, 0]];
  while (stack.length) {
    const [node, d] = stack.pop()!;
    max = Math.max(max, d);
    node.children.forEach((c, i) => stack.push([c, i === 0 ? d : d + 1]));
  }
  return max;
}

/** Knight shuffles: Nf3 Nf6 Ng1 Ng8, `plies` plies (in SAN movetext with move numbers). */
function shuffle(plies: number): string {
  const cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  const parts: string[] = [];
  for (let i = 0; i < plies; i++) {
    if (i % 2 === 0) parts.push(`${i / 2 + 1}.`);
    parts.push(cycle[i % 4]!);
  }
  return TAGS + parts.join(' ') + ' *\n';
}

function expectPgnError(f: () => unknown, message: RegExp): PgnError {
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  expect(err, 'a PgnError').toBeInstanceOf(PgnError);
  expect((err as PgnError).message).toMatch(message);
  return err as PgnError;
}

describe('deeply nested variations', () => {
  it('10,000 levels are refused with a PgnError (no stack overflow), by fromPgn, readGames and Chess.loadPgn', () => {
    const text = nested(10_000);
    const e = expectPgnError(() => Game.fromPgn(text), /nested deeper than 128/);
    expect(e.line).toBeGreaterThan(0);
    expect(e.column).toBeGreaterThan(0);

    // readGames: the error, then the next game is read normally.
    const errors: PgnError[] = [];
    const games = [...readGames(text + '\n' + nested(3), { onError: (err) => errors.push(err) })];
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/nested deeper than 128/);
    expect(games).toHaveLength(1);
    expect(variationDepth(games[0]!)).toBe(3);

    // The chess.js facade: an Error, the object unchanged.
    const c = new Chess();
    c.move('e4');
    expect(() => c.loadPgn(text)).toThrow(Error);
    expect(c.history()).toEqual(['e4']);

    // Closing parentheses only, and opening ones only: also no overflow.
    expect(() => Game.fromPgn(TAGS + '1. e4 ' + ') '.repeat(10_000) + '*')).toThrow(PgnError);
    expect(() => Game.fromPgn(TAGS + '1. e4 ' + '( '.repeat(10_000) + '*')).toThrow(PgnError);
    expect(() => Game.fromPgn('('.repeat(100_000))).toThrow(ChessError);
  });

  it('exactly 128 levels are accepted, 129 refused', () => {
    const game = Game.fromPgn(nested(MAX_DEPTH));
    expect(variationDepth(game)).toBe(MAX_DEPTH);
    // It writes and reads back (the writer has no recursion either).
    const again = Game.fromPgn(game.pgn());
    expect(variationDepth(again)).toBe(MAX_DEPTH);
    expect(again.pgn()).toBe(game.pgn());
    // Navigation to the deepest node (ply 129 of the shuffle) and back to the root.
    let deepest = game.root.children[0]!;
    while (deepest.children[1] !== undefined) deepest = deepest.children[1];
    expect(deepest.ply).toBe(MAX_DEPTH + 1);
    game.goTo(deepest);
    expect(game.position.fen()).toBe('rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 129 65');
    game.goTo(game.root);
    expect(game.position.historyLength).toBe(0);
    game.dispose();
    again.dispose();

    expectPgnError(() => Game.fromPgn(nested(MAX_DEPTH + 1)), /nested deeper than 128/);
  });
});

describe('very long games', () => {
  it('20,000 plies: read, replayed, navigated, written and read back', () => {
    const game = Game.fromPgn(shuffle(20_000));
    expect(game.mainline()).toHaveLength(20_000);
    // The position replays the whole line (repetitions over it count: fivefold is long past).
    game.goToPly(20_000);
    expect(game.position.historyLength).toBe(20_000);
    expect(game.position.fen()).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 20000 10001');
    expect(game.outcome()?.termination).toMatch(/repetition|seventy|75/i);
    // Deep tree, no recursion: path, mainline nodes, the writer and the reader again.
    expect(game.current.path()).toHaveLength(20_000);
    const text = game.pgn();
    const again = Game.fromPgn(text);
    expect(again.mainline()).toEqual(game.mainline());
    game.goToPly(0);
    game.goToPly(19_999);
    expect(game.position.turn).toBe('b');
    // A new variation deep in the tree.
    game.play('Nc6');
    expect(game.current.ply).toBe(20_000);
    game.dispose();
    again.dispose();

    // The same on a bare Position: 20,000 plays, then as many undos.
    const pos = Position.startpos();
    const cycle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
    for (let i = 0; i < 20_000; i++) pos.play(cycle[i % 4]!);
    expect(pos.repetitionCount()).toBe(5001);
    for (let i = 0; i < 20_000; i++) pos.undo();
    expect(pos.fen()).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    pos.dispose();

    // The chess.js facade too.
    const c = new Chess();
    c.loadPgn(shuffle(20_000));
    expect(c.history()).toHaveLength(20_000);
  });

  it(`${MAX_NODES} moves (the limit) are accepted, one more is refused`, () => {
    const game = Game.fromPgn(shuffle(MAX_NODES));
    expect(game.mainline()).toHaveLength(MAX_NODES);
    game.dispose();
    expectPgnError(() => Game.fromPgn(shuffle(MAX_NODES + 1)), /more than 100000 moves/);
  });
});

describe('wide trees', () => {
  it('99,990 sibling variations on one move: read, written, read back, deleted', () => {
    const text = `${TAGS}1. e4 e5 ${'( 1... d5 ) '.repeat(99_990)}*`;
    const game = Game.fromPgn(text);
    const e4 = game.root.children[0]!;
    expect(e4.children).toHaveLength(99_991);
    const again = Game.fromPgn(game.pgn());
    expect(again.root.children[0]!.children).toHaveLength(99_991);
    again.dispose();
    game.goTo(e4.children[99_990]!);
    game.deleteFrom(e4);
    expect(game.current).toBe(game.root);
    expect(game.root.children).toHaveLength(0);
    game.dispose();
  });
});

describe('huge comments and tags', () => {
  it('a comment at the 1 MiB token limit is kept; one byte more is refused', () => {
    const body = 'x'.repeat(MAX_TOKEN - 2); // with a space on each side: MAX_TOKEN bytes
    const game = Game.fromPgn(`${TAGS}1. e4 { ${body} } e5 *`);
    const kept = game.root.children[0]!.commentsAfter.join('');
    expect(kept.length).toBeGreaterThanOrEqual(MAX_TOKEN - 2);
    expect(kept.length).toBeLessThanOrEqual(MAX_TOKEN);
    expect(Game.fromPgn(game.pgn()).root.children[0]!.commentsAfter.join('').trim()).toBe(kept.trim());
    game.dispose();

    expectPgnError(() => Game.fromPgn(`${TAGS}1. e4 { ${'x'.repeat(MAX_TOKEN + 1)} } e5 *`), /./);
    expectPgnError(() => Game.fromPgn(`[Event "${'y'.repeat(2 * MAX_TOKEN)}"]\n\n1. e4 *`), /./);
    // An unterminated huge comment, and comments full of PGN syntax.
    expect(() => Game.fromPgn(`${TAGS}1. e4 { ${'( ) [ ] ; % '.repeat(50_000)}`)).toThrow(PgnError);
    const syntax = Game.fromPgn(`${TAGS}1. e4 { ${'( [ ; % 1. e4 $1 '.repeat(40_000)} } *`);
    expect(syntax.mainline()).toEqual(['e4']);
    syntax.dispose();
  });

  it('100,000 comments and NAGs on one move', () => {
    const game = Game.fromPgn(`${TAGS}1. e4 ${'{c} $1 '.repeat(100_000)}e5 *`);
    const e4 = game.root.children[0]!;
    expect(e4.commentsAfter.length + e4.nags.length).toBeGreaterThanOrEqual(100_000);
    expect(game.mainline()).toEqual(['e4', 'e5']);
    game.dispose();
  });
});

describe('a 10 MB PGN file', () => {
  it('is read by readGames in chunks (bytes with split UTF-8 characters, and strings)', async () => {
    // ~1 KB games with a non-ASCII tag and comment, varied by their round number.
    const moves =
      '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7';
    const one = (i: number) =>
      `[Event "Soak ♞ ${i}"]\n[Site "Zürich"]\n[Date "2024.01.01"]\n[Round "${i}"]\n[White "Ö, A."]\n[Black "Ü, B."]\n[Result "1/2-1/2"]\n\n` +
      `${moves} { ${'é'.repeat(i % 300)} ${'comment '.repeat(60)} } 11. c4 c6 1/2-1/2\n\n`;
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size < 10 * 1024 * 1024; i++) {
      parts.push(one(i));
      size += Buffer.byteLength(parts[i]!);
    }
    const bytes = new TextEncoder().encode(parts.join(''));
    expect(bytes.length).toBeGreaterThanOrEqual(10 * 1024 * 1024);
    const heapBefore = wasmHeapSize();

    // Chunks of odd sizes, cutting through multi-byte characters.
    function* byteChunks(): Generator<Uint8Array> {
      for (let at = 0, k = 0; at < bytes.length; k++) {
        const n = 1 + ((k * 7919) % 65_521);
        yield bytes.subarray(at, at + n);
        at += n;
      }
    }
    let n = 0;
    const errors: unknown[] = [];
    for await (const g of readGames(byteChunks(), { onError: (e) => errors.push(e) })) {
      if (n % 997 === 0) {
        expect(g.tags.get('Round')).toBe(String(n));
        expect(g.tags.get('Event')).toBe(`Soak ♞ ${n}`);
        expect(g.mainline()).toHaveLength(22);
      }
      g.dispose();
      n++;
    }
    expect(errors).toEqual([]);
    expect(n).toBe(parts.length);

    // String chunks, async.
    async function* stringChunks(): AsyncGenerator<string> {
      for (let i = 0; i < parts.length; i += 97) yield parts.slice(i, i + 97).join('');
    }
    let m = 0;
    for await (const g of readGames(stringChunks())) {
      g.dispose();
      m++;
    }
    expect(m).toBe(parts.length);
    // The reader's window holds a game or a chunk at a time, not the file.
    expect(wasmHeapSize() - heapBefore).toBeLessThan(32 * 1024 * 1024);
  });
});

describe('huge strings', () => {
  // Kept last in this file: they grow the wasm heap (tests/unit/buffers.test.ts shows that the
  // memory is given back and reused).
  it('20,000,000-character FEN, SAN, UCI, move line and PGN are refused with typed errors', () => {
    const huge = (c: string) => c.repeat(20_000_000);
    const p = Position.startpos();
    expect(() => Position.fromFen(huge('8'))).toThrow(ChessError);
    expect(() => p.parseSan(huge('N'))).toThrow(IllegalMoveError);
    expect(() => p.parseUci(huge('e'))).toThrow(IllegalMoveError);
    expect(() => p.play(huge('é'))).toThrow(IllegalMoveError);
    expect(validateLine(p.fen(), huge('e'))).toEqual({ ok: false, ply: 0, reason: 'syntax' });
    expect(() => Game.fromPgn(huge('('))).toThrow(PgnError);
    expect(p.fen()).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    p.dispose();
  });

  it('a huge SAN text is refused without growing the wasm heap', () => {
    const p = Position.startpos();
    const before = wasmHeapSize();
    // Longer than half the heap: its 3 bytes per character cannot fit in the free space.
    expect(() => p.parseSan('N'.repeat(Math.ceil(before / 2)))).toThrow(IllegalMoveError);
    p.dispose();
    expect(wasmHeapSize() - before).toBeLessThan(1 << 20);
  });
});
