// PGN fidelity: games other readers read (a blank line inside the tag section, a
// blank line ending a game without a result) and comments kept where they were (each
// command in its own comment, in order; a variation's starting comment), cross-checked
// against chessops' PGN parser before and after our write.
import { readFileSync } from 'node:fs';
import { parseComment, parsePgn, type PgnNodeData, type Node as OpsNode } from 'chessops/pgn';
import { describe, expect, test } from 'vitest';
import { Game, readGames } from 'chesswasm';
import { SEVEN_TAG_ROSTER as SEVEN } from 'chesswasm/chessjs';
import { DATA } from './helpers.js';

const read = (name: string) => readFileSync(`${DATA}pgn/${name}`, 'utf8');

// chessops' reading of a game's tree: per node, its parent, SAN (as written: left out with
// `san` false, for files whose tolerant SAN we write canonically), NAGs, starting comments,
// and each comment after it split by chessops' parseComment (text and commands).
function opsTree(text: string, san = true): string[][] {
  return parsePgn(text).map((game) => {
    const out: string[] = [];
    const comment = (c: string) => {
      const p = parseComment(c);
      const ev = p.evaluation ? ('pawns' in p.evaluation ? `${p.evaluation.pawns}` : `#${p.evaluation.mate}`) : '';
      return `${p.text}${p.clock === undefined ? '' : ` clk=${p.clock}`}${p.emt === undefined ? '' : ` emt=${p.emt}`}${ev ? ` eval=${ev}` : ''}${p.shapes.map((s) => ` ${s.color}:${s.from}${s.to === s.from ? '' : s.to}`).join('')}`;
    };
    const walk = (node: OpsNode<PgnNodeData>, parentId: number) => {
      for (const ch of node.children) {
        const id = out.length + 1;
        const d = ch.data;
        out.push(
          `${parentId} ${san ? d.san : ''} nags=${(d.nags ?? []).join(',')} start=${(d.startingComments ?? []).join('|')} comments=${(d.comments ?? []).map(comment).join('|')}`,
        );
        walk(ch, id);
      }
    };
    out.push(`game comments=${(game.comments ?? []).map(comment).join('|')}`);
    walk(game.moves, 0);
    return out;
  });
}

// Our write of every game of a text.
const rewrite = (text: string) => [...readGames(text)].map((g) => g.pgn()).join('\n');

describe('games other readers read', () => {
  test('one blank line inside the tag section continues it (ChessBase): one game, as chessops reads it', () => {
    const text = read('chessbase-blank-tag-line.pgn');
    const ours = [...readGames(text)];
    const theirs = parsePgn(text);
    expect(ours.length).toBe(1);
    expect(theirs.length).toBe(1);
    const g = ours[0]!;
    const ops = theirs[0]!;
    for (const [name, value] of ops.headers) expect(g.tags.get(name) ?? SEVEN[name]).toBe(value);
    expect(g.tags.get('Event')).toBe('AlphaZero vs. Stockfish');
    expect(g.tags.get('Date')).toBe('2017.12.04');
    expect(g.mainline()).toEqual([...ops.moves.mainline()].map((m) => m.san));
    expect(g.mainline().length).toBe(119);
    expect(g.result).toBe('1-0');
  });

  test("a blank line after movetext ends the game (chessops' leading-whitespace.pgn: four games)", () => {
    const text = read('leading-whitespace.pgn');
    const ours = [...readGames(text)];
    const theirs = parsePgn(text);
    expect(ours.length).toBe(4);
    expect(theirs.length).toBe(4);
    ours.forEach((g, i) => {
      expect(g.mainline()).toEqual([...theirs[i]!.moves.mainline()].map((m) => m.san));
      expect(g.tags.get('Variant')).toBe(theirs[i]!.headers.get('Variant'));
    });
    expect(opsTree(rewrite(text))).toEqual(opsTree(text));
  });

  test('separators: two blank lines or a repeated tag name end a tag section; blank lines in comments and variations do not end a game', async () => {
    const sans = (text: string) => [...readGames(text)].map((g) => g.mainline().join(' '));
    expect(sans('[Event "A"]\n\n[Site "s"]\n\n1. e4 *')).toEqual(['e4']);
    expect(sans('[Event "A"]\n\n\n[Site "s"]\n\n1. e4 *')).toEqual(['', 'e4']);
    expect(sans('[Event "A"]\n\n[Event "B"]\n\n1. e4 *')).toEqual(['', 'e4']);
    expect(sans('1. e4 e5\n\n1. d4 d5\n \n1. c4')).toEqual(['e4 e5', 'd4 d5', 'c4']);
    expect(sans('1. e4 { a\n\nb } (1. d4\n\nd5) e5 *')).toEqual(['e4 e5']);
    // The same through chunked reading, cut at every offset.
    const text = '1. e4 e5\n\n1. d4 d5\n\n[Event "A"]\n\n[Site "s"]\n\n1. c4 *\n';
    for (let cut = 1; cut < text.length; cut++) {
      const games: string[] = [];
      for await (const g of readGames([text.slice(0, cut), text.slice(cut)])) games.push(g.mainline().join(' '));
      expect(games).toEqual(['e4 e5', 'd4 d5', 'c4']);
    }
  });
});

describe('comments stay where they were', () => {
  test('a5 { c0 [%clk 0:01:00] } { before }: each command in its own comment, written back exactly', () => {
    const g = Game.fromPgn('1. e4 a5 { c0 [%clk 0:01:00] } { before } 2. d4 *');
    const a5 = g.root.children[0]!.children[0]!;
    expect(a5.clock).toBe(60);
    expect(a5.commentsAfter).toEqual(['c0', 'before']);
    expect(a5.comments.map((c) => [c.text, c.clock])).toEqual([
      ['c0', 60],
      ['before', null],
    ]);
    expect(g.pgn()).toContain('a5 { c0 [%clk 0:01:00] } { before }');
  });

  const cases = [
    '1. e4 { [%clk 0:01:00] } { text } e5 *',
    '1. e4 { [%eval 0.5] [%clk 0:01:00] text } { [%emt 0:00:03] more } e5 { [%csl Ga1][%cal Rb1b2] shapes } *',
    '1. e4 { first [%clk 0:01:00] } { second [%clk 0:00:59] } e5 *',
    '{ game [%csl Ge4] } { two } 1. e4 e5 *',
    '1. e4 ( { start } 1. d4 { x [%clk 0:00:10] } { y } ) ( { other start } { two } 1. c4 ) 1... e5 *',
    '1. e4 e5 2. Nf3 ( { s [%clk 0:00:01] } 2. Nc3 { a } 2... Nf6 ( { deeper } 2... d6 { [%eval #-3] } ) ) { after } 2... Nc6 *',
    '1. d4 { [%unknown x] [%clk 0:00:05] kept } d5 *',
  ];
  test.each(cases)('chessops reads the same tree before and after our write, which is exact: %s', (text) => {
    const ours = Game.fromPgn(text).pgn();
    expect(opsTree(ours)).toEqual(opsTree(text));
    // The movetext as written (numbers aside) comes back verbatim.
    const body = (t: string) =>
      t
        .replace(/^\[.*\]\s*$/gm, '')
        .replace(/\d+\.(\.\.)?\s*/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    expect(body(ours)).toBe(body(text));
    // and a second round trip changes nothing
    expect(Game.fromPgn(ours).pgn()).toBe(ours);
  });

  test('the data files: chessops reads the same trees after our write', () => {
    // (chessjs-random.pgn is left out: chessops does not read its tag values with bare quotes.)
    for (const file of [
      'chessops-trees.pgn',
      'constructs.pgn',
      'lichess-2013-01.pgn',
      'leading-whitespace.pgn',
      'bom-crlf.pgn',
    ]) {
      // chessops skips `;` comments (the PGN standard's rest-of-line comments), which we keep
      // and write in braces: such comments are left out of the comparison.
      const text = read(file).replace(/;[^\n]*/g, '');
      const original = opsTree(text, false);
      const written = opsTree(rewrite(text), false);
      expect(written.length).toBe(original.length);
      written.forEach((w, i) => expect(w).toEqual(original[i]));
    }
  });

  test('a changed command: the texts in order, the commands after the last one', () => {
    const g = Game.fromPgn('1. e4 a5 { c0 [%clk 0:01:00] } { before } *');
    const a5 = g.root.children[0]!.children[0]!;
    a5.clock = 30;
    expect(g.pgn()).toContain('a5 { c0 } { before [%clk 0:00:30] }');
    a5.clock = 60; // back to what was read: written as read again
    expect(g.pgn()).toContain('a5 { c0 [%clk 0:01:00] } { before }');
  });

  test('comments = [...] sets each comment with its own commands, and the single-comment fields', () => {
    const g = Game.fromPgn('1. e4 e5 *');
    const e4 = g.root.children[0]!;
    e4.comments = [
      { text: 'one', clock: 61 },
      { text: 'two', eval: { pawns: 0.3 }, shapes: [{ color: 'green', from: 'e4' }] },
    ];
    expect(e4.commentsAfter).toEqual(['one', 'two']);
    expect(e4.clock).toBe(61);
    expect(e4.eval).toEqual({ pawns: 0.3 });
    expect(e4.shapes).toEqual([{ color: 'green', from: 'e4' }]);
    const text = g.pgn();
    expect(text).toContain('e4 { one [%clk 0:01:01] } { two [%csl Ge4] [%eval 0.3] }');
    const back = Game.fromPgn(text).root.children[0]!;
    expect(back.comments).toEqual(e4.comments);
    e4.comments = [];
    expect(e4.commentsAfter).toEqual([]);
    expect(e4.clock).toBe(null);
    expect(() => {
      e4.comments = 'x' as unknown as [];
    }).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect(() => {
      e4.comments = [{ clock: -1 }];
    }).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});
