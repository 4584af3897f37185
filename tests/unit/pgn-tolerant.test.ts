// PGN that other readers read, through the package: header-only games, the
// Result tag and the result, tag names with symbol characters, the game after an error,
// games without result markers, castling and results with zeros and dashes (the writer
// writing the standard form), and `partial` reading (a game up to its bad move, with the
// error in `game.errors`), from strings and from chunk streams.
import { describe, expect, test } from 'vitest';
import { Game, PgnError, readGames } from 'chesswasm';

// Each game as "tags | main line | result", errors as "ERROR line:column message".
function summary(text: string, partial = false): string[] {
  const out: string[] = [];
  for (const g of readGames(text, {
    partial,
    onError: (e) => out.push(`ERROR ${e.line}:${e.column} ${e.message.replace(/^PGN line \d+, column \d+: /, '')}`),
  })) {
    const tags = [...g.tags].map(([k, v]) => `${k}=${v}`).join(' ');
    const err = g.errors.map((e) => `PARTIAL(${e.line}:${e.column}) `).join('');
    out.push(`${err}${tags} | ${g.mainline().join(' ')} | ${g.result}`);
  }
  return out;
}

// The same text read from chunks of `size` characters.
async function summaryFromChunks(text: string, size: number, partial = false): Promise<string[]> {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  const out: string[] = [];
  for await (const g of readGames(chunks, {
    partial,
    onError: (e) => out.push(`ERROR ${e.line}:${e.column} ${e.message.replace(/^PGN line \d+, column \d+: /, '')}`),
  })) {
    const tags = [...g.tags].map(([k, v]) => `${k}=${v}`).join(' ');
    const err = g.errors.map((e) => `PARTIAL(${e.line}:${e.column}) `).join('');
    out.push(`${err}${tags} | ${g.mainline().join(' ')} | ${g.result}`);
  }
  return out;
}

describe('what other readers read', () => {
  test('two header-only games are two games', () => {
    expect(summary('[Event "A"]\n\n[Event "B"]\n')).toEqual(['Event=A Result=* |  | *', 'Event=B Result=* |  | *']);
    expect(summary('[Event "A"]\r\n[Result "1-0"]\r\n\r\n\r\n[Event "B"]\r\n\r\n1. e4 *\r\n')).toEqual([
      'Event=A Result=1-0 |  | 1-0',
      'Event=B Result=* | e4 | *',
    ]);
  });

  test('the Result tag and the result agree, and pgn() writes them equal', () => {
    const g = Game.fromPgn('1. d4 1-0');
    expect(g.result).toBe('1-0');
    expect(g.tags.get('Result')).toBe('1-0');
    expect(g.pgn()).toContain('[Result "1-0"]');
    expect(g.pgn().trimEnd().endsWith('1-0')).toBe(true);
    expect(summary('[Result "0-1"]\n\n1. d4')).toEqual(['Result=0-1 | d4 | 0-1']);
    expect(summary('[Result "0-1"]\n\n1. d4 *')).toEqual(['Result=0-1 | d4 | 0-1']);
    expect(summary('[Result "0-1"]\n\n1. d4 1-0')).toEqual(['Result=1-0 | d4 | 1-0']);
    expect(summary('[Result "?"]\n\n1. d4')).toEqual(['Result=* | d4 | *']);
    // Setting the result keeps them equal, and so does the writer.
    g.result = '1/2-1/2';
    expect(g.tags.get('Result')).toBe('1/2-1/2');
    expect(Game.fromPgn(g.pgn()).result).toBe('1/2-1/2');
  });

  test('tag names with the PGN symbol characters', () => {
    const g = Game.fromPgn('[BlackType: "program"]\n[A_b+#=:-9 "x"]\n\n1. e4 *');
    expect(g.tags.get('BlackType:')).toBe('program');
    expect(g.tags.get('A_b+#=:-9')).toBe('x');
    const again = Game.fromPgn(g.pgn());
    expect(again.tags.get('BlackType:')).toBe('program');
    expect(again.tags.get('A_b+#=:-9')).toBe('x');
    expect(() => Game.fromPgn('[_x "v"]\n\n1. e4 *')).toThrow(PgnError);
  });

  const afterErrors: [string, string, string[]][] = [
    [
      'a variation never closed, then a game whose first tag is not Event',
      '[Event "A"]\n\n1. e4 (1. d4 d5\n[White "B"]\n[Black "C"]\n\n1. d4 d5 *\n',
      ["ERROR 3:7 variation not closed: '(' without ')'", 'White=B Black=C Result=* | d4 d5 | *'],
    ],
    [
      'a comment holding a blank line and a [ after the illegal move',
      '[Event "A"]\n\n1. e4 e5 2. Ke3 {a comment\n\n[%clk 0:01:00]} Nf6 1-0\n\n[Event "B"]\n\n1. d4 d5 *\n',
      ['ERROR 3:13 illegal move "Ke3"', 'Event=B Result=* | d4 d5 | *'],
    ],
    [
      'the result, then the next tags at once',
      '[Event "A"]\n\n1. e4 e5 2. Ke3 Nf6 1-0\n[White "B"]\n\n1. d4 d5 *\n',
      ['ERROR 3:13 illegal move "Ke3"', 'White=B Result=* | d4 d5 | *'],
    ],
    [
      'a broken tag section',
      '[Event "A]\n[Site "a"]\n1. e4 e5 { [x] } 2. Nf3 *\n[Event "B"]\n\n1. d4 *\n',
      ['ERROR 1:1 unterminated tag value', 'Event=B Result=* | d4 | *'],
    ],
  ];
  test.each(afterErrors)('the game after an error is read whole: %s', async (_name, text, expected) => {
    expect(summary(text)).toEqual(expected);
    for (const size of [1, 7, 64]) expect(await summaryFromChunks(text, size)).toEqual(expected);
  });

  test('games separated by blank lines without result markers', () => {
    expect(summary('[Event "A"]\n\n1. e4 e5\n\n[Event "B"]\n\n1. d4 d5\n\n[Event "C"]\n1. c4\n')).toEqual([
      'Event=A Result=* | e4 e5 | *',
      'Event=B Result=* | d4 d5 | *',
      'Event=C Result=* | c4 | *',
    ]);
  });

  test('castling with zeros and dashes, results with dashes; the writer writes the standard form', () => {
    const fen = '[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]\n\n';
    const cases: [string, string[], string][] = [
      ['1. 0-0-0 0-0 1-0', ['O-O-O', 'O-O'], '1-0'],
      ['1. 0–0–0 O—O 1—0', ['O-O-O', 'O-O'], '1-0'],
      ['1. O−O o-o-o 0–1', ['O-O', 'O-O-O'], '0-1'],
      ['1. O-O+ O-O-O ½-½', ['O-O', 'O-O-O'], '1/2-1/2'],
      ['1. O-O-O 0-0 1/2–1/2', ['O-O-O', 'O-O'], '1/2-1/2'],
    ];
    for (const [movetext, moves, result] of cases) {
      const g = Game.fromPgn(fen + movetext);
      expect(g.mainline(), movetext).toEqual(moves);
      expect(g.result, movetext).toBe(result);
      const written = g.pgn();
      expect(written).not.toMatch(/[–—−]|0-0/);
      expect(written).toContain(`${moves[0]} ${moves[1]} ${result}`);
    }
  });
});

describe('partial games', () => {
  const text =
    '[Event "A"]\n[Result "1-0"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Ke3 Nf6 1-0\n\n' +
    '[Event "B"]\n\n1. d4 (1. e4 e5 2. Qxf7) d5 *\n\n' +
    '[Event "C"]\n[FEN "bad"]\n\n1. e4 *\n\n' +
    '[Event "D"]\n\n1. c4 *\n';

  test('readGames({ partial: true }): each game up to its bad move, with the error; tag errors still errors', async () => {
    const expected = [
      'PARTIAL(4:41) Event=A Result=1-0 | e4 e5 Nf3 Nc6 | 1-0',
      'PARTIAL(8:20) Event=B Result=* | d4 | *',
      'ERROR 10:1 invalid FEN tag: FEN must have 6 fields (or 4, without the move counters) separated by spaces',
      'Event=D Result=* | c4 | *',
    ];
    expect(summary(text, true)).toEqual(expected);
    for (const size of [1, 5, 100]) expect(await summaryFromChunks(text, size, true)).toEqual(expected);
    // Without it: errors.
    expect(summary(text)[0]).toBe('ERROR 4:41 illegal move "Ke3"');
  });

  test('Game.fromPgn({ partial: true }): the error, the tree before it, and a usable game', () => {
    const g = Game.fromPgn(text, { partial: true });
    expect(g.errors).toHaveLength(1);
    const e = g.errors[0]!;
    expect(e).toBeInstanceOf(PgnError);
    expect(e.code).toBe('invalid-pgn');
    expect([e.line, e.column]).toEqual([4, 41]);
    expect(e.message).toContain('illegal move "Ke3"');
    expect(g.mainline()).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    expect(g.root.children[0]!.children.map((n) => n.san)).toEqual(['e5', 'c5']);
    // The game plays on from where reading stopped, and writes and reads back whole.
    g.goToPly(4);
    g.play('Bc4');
    expect(Game.fromPgn(g.pgn()).mainline()).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bc4']);
    expect(Game.fromPgn(g.pgn()).errors).toEqual([]);
    // A variation's bad move: the main line before it and the variation up to it.
    const b = Game.fromPgn('1. d4 (1. e4 e5 2. Qxf7) d5 *', { partial: true });
    expect(b.mainline()).toEqual(['d4']);
    expect(b.root.children.map((n) => n.san)).toEqual(['d4', 'e4']);
    expect(b.root.children[1]!.children.map((n) => n.san)).toEqual(['e5']);
    // Errors in tags or the FEN still throw; a whole game has no errors.
    expect(() => Game.fromPgn('[Event x]\n\n1. e4 *', { partial: true })).toThrow(PgnError);
    expect(() => Game.fromPgn('[FEN "bad"]\n\n1. e4 *', { partial: true })).toThrow(PgnError);
    expect(Game.fromPgn('1. e4 *', { partial: true }).errors).toEqual([]);
    expect(() => Game.fromPgn(text)).toThrow(/illegal move "Ke3"/);
  });
});
