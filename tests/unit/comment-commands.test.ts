// Comment commands ([%clk], [%emt], [%eval], [%csl], [%cal]): parsing into typed values,
// writing them back, the GameNode fields that Game fills from PGN and writes with pgn(),
// editing, and malformed commands kept as plain text (never an error).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  ChessError,
  Game,
  type GameNode,
  formatClock,
  makeCommentCommands,
  parseClock,
  parseCommentCommands,
  readGames,
  type Shape,
  type SquareName,
} from 'chesswasm';
import { Chess } from 'chesswasm/chessjs';
import { DATA } from './helpers.js';
import { prng } from '../tools/prng.mjs';

describe('parseCommentCommands', () => {
  test('a lichess comment: eval and clock, no text', () => {
    expect(parseCommentCommands('[%eval 0.17] [%clk 0:02:55]')).toEqual({
      text: '',
      clock: 175,
      emt: null,
      eval: { pawns: 0.17 },
      shapes: [],
    });
  });

  test('mate scores, depth, signs', () => {
    expect(parseCommentCommands('[%eval #-3]').eval).toEqual({ mate: -3 });
    expect(parseCommentCommands('[%eval #4]').eval).toEqual({ mate: 4 });
    expect(parseCommentCommands('[%eval +1.5,23]').eval).toEqual({ pawns: 1.5, depth: 23 });
    expect(parseCommentCommands('[%eval -0.04]').eval).toEqual({ pawns: -0.04 });
    expect(parseCommentCommands('[%eval -0.00]').eval).toEqual({ pawns: 0 });
    expect(Object.is(parseCommentCommands('[%eval -0.00]').eval!.pawns, 0)).toBe(true);
  });

  test('shapes: circles and arrows, several commands, colours', () => {
    const c = parseCommentCommands('Look here [%csl Gd4,Re5] and [%cal Gg1f3,Rb8c6,Yh1h8,Ba1a8]');
    expect(c.text).toBe('Look here and');
    expect(c.shapes).toEqual([
      { color: 'green', from: 'd4' },
      { color: 'red', from: 'e5' },
      { color: 'green', from: 'g1', to: 'f3' },
      { color: 'red', from: 'b8', to: 'c6' },
      { color: 'yellow', from: 'h1', to: 'h8' },
      { color: 'blue', from: 'a1', to: 'a8' },
    ]);
  });

  test('clock and emt formats', () => {
    expect(parseCommentCommands('[%emt 0:00:05]').emt).toBe(5);
    expect(parseCommentCommands('[%clk 1:30:00]').clock).toBe(5400);
    expect(parseCommentCommands('[%clk 0:00:07.3]').clock).toBeCloseTo(7.3, 9);
    expect(parseClock('0:2:5')).toBe(125);
    expect(parseClock('12:00')).toBeNull();
    expect(parseClock('0:60:00')).toBeNull();
  });

  test('text around commands keeps its words and line breaks', () => {
    expect(parseCommentCommands('  A strong move [%clk 0:01:00]  that wins  ').text).toBe('A strong move that wins');
    expect(parseCommentCommands('line one\n[%eval 0.5] line two').text).toBe('line one\nline two');
    expect(parseCommentCommands('no commands at all').text).toBe('no commands at all');
  });

  test('malformed and unknown commands stay in the text, exactly; parsing never throws', () => {
    const bad = [
      '[%clk soon]',
      '[%clk 0:02]',
      '[%clk -0:00:01]',
      '[%emt 1:75:00]',
      '[%eval abc]',
      '[%eval 0.1.2]',
      '[%eval #]',
      '[%eval 0.3,deep]',
      '[%eval 0.3,1,2]',
      '[%csl Gz9]',
      '[%csl Xd4]',
      '[%csl Gd4,]',
      '[%csl ]',
      '[%cal Gg1]',
      '[%cal Ge2e2]',
      '[%cal Gg1f3,Rb8]',
      '[%evp 0.1,0.2]',
      '[%tqu "En","Question","",,e2e4,,10]',
      '[%clk 0:01:00',
      '[% clk 0:01:00]',
    ];
    for (const text of bad) {
      const c = parseCommentCommands(text);
      expect(c, text).toEqual({ text: text.trim(), clock: null, emt: null, eval: null, shapes: [] });
    }
    // A bad command beside good ones: only the good ones are taken.
    const mixed = parseCommentCommands('[%clk 0:01:00] [%eval ???] [%cal Gg1f3]');
    expect(mixed).toEqual({
      text: '[%eval ???]',
      clock: 60,
      emt: null,
      eval: null,
      shapes: [{ color: 'green', from: 'g1', to: 'f3' }],
    });
    // Strings that are no comments at all.
    for (const junk of [
      '',
      '[%',
      '[%]',
      '[%%%]',
      ']]][[[',
      '\u0000[%clk 0:00:01]\uFEFF',
      'x'.repeat(10_000) + '[%clk',
    ]) {
      expect(() => parseCommentCommands(junk)).not.toThrow();
    }
    expect(parseCommentCommands('\u0000[%clk 0:00:01]\uFEFF').clock).toBe(1);
  });

  test('a repeated clock: the last one counts, the earlier stays as text', () => {
    expect(parseCommentCommands('[%clk 0:01:00] [%clk 0:00:59]')).toMatchObject({ text: '[%clk 0:01:00]', clock: 59 });
  });
});

describe('makeCommentCommands', () => {
  test('writes text, then shapes, eval, emt, clock', () => {
    expect(
      makeCommentCommands({
        text: 'Good',
        clock: 175,
        emt: 5,
        eval: { pawns: -0.5 },
        shapes: [
          { color: 'green', from: 'g1', to: 'f3' },
          { color: 'red', from: 'e5' },
        ],
      }),
    ).toBe('Good [%csl Re5] [%cal Gg1f3] [%eval -0.5] [%emt 0:00:05] [%clk 0:02:55]');
    expect(makeCommentCommands({ clock: null, emt: null, eval: null, shapes: [] })).toBe('');
    expect(makeCommentCommands({ clock: 7.3, emt: null, eval: { mate: -3, depth: 20 }, shapes: [] })).toBe(
      '[%eval #-3,20] [%clk 0:00:07.3]',
    );
    expect(formatClock(3 * 3600 + 5)).toBe('3:00:05');
    expect(formatClock(0.125)).toBe('0:00:00.125');
  });

  test('refuses values it cannot write, with a typed error', () => {
    const base = { clock: null, emt: null, eval: null, shapes: [] };
    const bad = [
      { ...base, clock: -1 },
      { ...base, emt: Number.NaN },
      { ...base, eval: { pawns: Number.POSITIVE_INFINITY } },
      { ...base, eval: { mate: 1.5 } },
      { ...base, eval: { pawns: 1, depth: -2 } },
      { ...base, shapes: [{ color: 'purple', from: 'e4' }] },
      { ...base, shapes: [{ color: 'green', from: 'e9' }] },
      { ...base, shapes: [{ color: 'green', from: 'e4', to: 'e4' }] },
    ];
    for (const c of bad) {
      expect(() => makeCommentCommands(c as never), JSON.stringify(c)).toThrow(ChessError);
      try {
        makeCommentCommands(c as never);
      } catch (e) {
        expect((e as ChessError).code).toBe('invalid-argument');
      }
    }
  });

  test('parse(make(x)) gives back x for many values', () => {
    const colors = ['green', 'red', 'yellow', 'blue'] as const;
    const r = prng(7).int;
    const sq = () => `${'abcdefgh'.charAt(r(8))}${1 + r(8)}` as SquareName;
    for (let i = 0; i < 500; i++) {
      const shapes: Shape[] = [];
      for (let k = r(4); k > 0; k--) shapes.push({ color: colors[r(4)]!, from: sq() });
      for (let k = r(4); k > 0; k--) {
        const from = sq();
        let to = sq();
        while (to === from) to = sq();
        shapes.push({ color: colors[r(4)]!, from, to });
      }
      const c = {
        text: r(3) === 0 ? '' : `note ${r(100)}`,
        clock: r(2) ? r(20000) + r(10) / 10 : null,
        emt: r(2) ? r(600) : null,
        eval:
          r(3) === 0
            ? null
            : r(4) === 0
              ? { mate: r(20) - 10 }
              : { pawns: (r(2001) - 1000) / 100, ...(r(2) ? { depth: r(40) } : {}) },
        shapes,
      };
      const back = parseCommentCommands(makeCommentCommands(c));
      expect(back.clock === null ? null : Math.round(back.clock * 1000)).toBe(
        c.clock === null ? null : Math.round(c.clock * 1000),
      );
      expect({ ...back, clock: null }).toEqual({
        ...c,
        clock: null,
        // circles are written before arrows
        shapes: [...c.shapes.filter((s) => !('to' in s)), ...c.shapes.filter((s) => 'to' in s)],
      });
    }
  });
});

describe('GameNode fields from PGN, edited, written back by pgn()', () => {
  const lichess = readFileSync(DATA + 'games/lichess-export.pgn', 'utf8');

  test('a lichess export: every move has a clock and an eval; arrows where drawn', () => {
    const g = Game.fromPgn(lichess);
    const nodes = g.mainlineNodes();
    expect(nodes.length).toBe(33);
    for (const n of nodes) {
      expect(n.clock, n.san).toEqual(expect.any(Number));
      expect(n.commentsAfter.join(''), n.san).not.toContain('[%');
    }
    const [e4, e5] = nodes as [GameNode, GameNode];
    expect(e4.clock).toBe(180);
    expect(e4.eval).toEqual({ pawns: 0.27 });
    expect(e5.eval).toEqual({ pawns: 0.31 });
    const withShapes = nodes.filter((n) => n.shapes.length > 0);
    expect(withShapes.length).toBeGreaterThanOrEqual(2);
    expect(nodes.some((n) => n.eval?.mate !== undefined)).toBe(true);
    // Text comments survive beside the commands.
    expect(nodes.some((n) => n.commentsAfter.length > 0)).toBe(true);
  });

  test('pgn() writes the commands back; reading the export gives the same fields (round trip)', () => {
    const g = Game.fromPgn(lichess);
    const out = g.pgn();
    expect(out).toContain('[%clk 0:03:00]');
    expect(out).toContain('[%eval 0.27]');
    const back = Game.fromPgn(out);
    const fields = (game: Game) =>
      game.mainlineNodes().map((n) => [n.san, n.clock, n.emt, n.eval, n.shapes, n.commentsAfter]);
    expect(fields(back)).toEqual(fields(g));
    expect(back.pgn()).toBe(out);
  });

  test('edit: set a clock, an eval and an arrow, remove a clock; write; read back', () => {
    const g = new Game();
    const e4 = g.play('e4');
    const e5 = g.play('e5');
    e4.clock = 299.5;
    e4.eval = { pawns: 0.3, depth: 18 };
    e4.shapes.push({ color: 'green', from: 'g1', to: 'f3' }, { color: 'red', from: 'e5' });
    e4.commentsAfter.push('Best by test');
    e5.eval = { mate: -12 };
    const text = g.pgn();
    expect(text).toContain('{ Best by test [%csl Re5] [%cal Gg1f3] [%eval 0.3,18] [%clk 0:04:59.5] }');
    const back = Game.fromPgn(text);
    const [b4, b5] = back.mainlineNodes() as [GameNode, GameNode];
    expect([b4.clock, b4.eval, b4.shapes, b4.commentsAfter]).toEqual([
      299.5,
      { pawns: 0.3, depth: 18 },
      [e4.shapes[1], e4.shapes[0]],
      ['Best by test'],
    ]);
    expect(b5.eval).toEqual({ mate: -12 });
    expect(b5.commentsAfter).toEqual([]);
    b4.clock = null;
    b4.shapes = [];
    expect(Game.fromPgn(back.pgn()).mainlineNodes()[0]!.clock).toBeNull();
    expect(back.pgn()).toContain('{ Best by test [%eval 0.3,18] }');
  });

  test('a value that cannot be written makes pgn() throw a typed error, and changes nothing', () => {
    const g = new Game();
    const e4 = g.play('e4');
    e4.clock = -5;
    expect(() => g.pgn()).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    e4.clock = 5;
    expect(g.pgn()).toContain('[%clk 0:00:05]');
  });

  test('malformed commands in a PGN are kept as comment text and written back unchanged', () => {
    const pgn = '1. e4 { [%clk nope] fine [%cal Gz9z8] } e5 { [%eval 0.2] [%unknown 1] } *';
    const g = Game.fromPgn(pgn);
    const [e4, e5] = g.mainlineNodes() as [GameNode, GameNode];
    expect([e4.clock, e4.shapes, e4.commentsAfter]).toEqual([null, [], ['[%clk nope] fine [%cal Gz9z8]']]);
    expect([e5.eval, e5.commentsAfter]).toEqual([{ pawns: 0.2 }, ['[%unknown 1]']]);
    const again = Game.fromPgn(g.pgn());
    expect(again.mainlineNodes()[0]!.commentsAfter).toEqual(['[%clk nope] fine [%cal Gz9z8]']);
  });

  test('commands spread over several comments; variations; the game comment', () => {
    const pgn =
      '{ [%evp 1] intro } 1. e4 { [%clk 0:01:00] } { a note [%csl Gd4] } ( 1. d4 { [%eval 0.1] [%clk 0:00:58] } ) 1... e5 *';
    const g = Game.fromPgn(pgn);
    const [e4] = g.mainlineNodes() as [GameNode];
    expect([e4.clock, e4.shapes, e4.commentsAfter]).toEqual([60, [{ color: 'green', from: 'd4' }], ['a note']]);
    const d4 = g.root.children[1]!;
    expect([d4.eval, d4.clock, d4.commentsAfter]).toEqual([{ pawns: 0.1 }, 58, []]);
    expect(g.root.commentsAfter).toEqual(['[%evp 1] intro']);
    const back = Game.fromPgn(g.pgn());
    expect(back.root.children[1]!.clock).toBe(58);
    expect(back.pgn()).toBe(g.pgn());
  });

  test('comments without commands are kept exactly beside a node that has some (blank ones, non-ASCII spaces)', () => {
    const g = new Game();
    const e4 = g.play('e4');
    e4.commentsAfter.push('\u00a0lead and trail\u2003', 'plain  two  spaces', '');
    e4.clock = 61;
    const back = Game.fromPgn(g.pgn()).mainlineNodes()[0]!;
    expect([back.commentsAfter, back.clock]).toEqual([e4.commentsAfter, 61]);
    expect(Game.fromPgn(Game.fromPgn(g.pgn()).pgn()).pgn()).toBe(g.pgn());
  });

  test('a comment that is one clock, emt or eval reads as parseCommentCommands says (random values, most malformed)', () => {
    // Game takes such comments by a path of its own (no regular expressions): its fields
    // must be those of the general parser for every value, well-formed or not.
    const rand = prng(1612);
    const alphabet = '0123456789012345678901234567890.:+-#,x';
    const value = (): string => {
      const shapes = [
        'd:dd:dd',
        'd:dd:dd.ddd',
        'dddd:d:d.d',
        'd.dd',
        '-d.dd',
        '+ddd.dddddd',
        '.d',
        'd.',
        '#-d',
        '#d,dd',
        'ddddddd',
        '-0.0',
      ];
      if (rand.chance(0.5)) return rand.pick(shapes).replace(/d/g, () => String(rand.int(10)));
      let v = '';
      for (let i = 1 + rand.int(12); i > 0; i--) v += rand.pick([...alphabet]);
      return v;
    };
    const comments: string[] = [];
    const games: string[] = [];
    for (let g = 0; g < 400; g++) {
      const cs = ['eval', 'clk', 'emt', 'eval'].map(
        (name) => `${rand.chance(0.1) ? ' ' : ''}[%${name} ${value()}]${rand.chance(0.1) ? '\n' : ''}`,
      );
      comments.push(...cs);
      games.push(`1. e4 {${cs[0]}} e5 {${cs[1]}} 2. Nf3 {${cs[2]}} Nc6 {${cs[3]}} *`);
    }
    let i = 0;
    for (const game of readGames(games.join('\n\n'))) {
      for (const node of game.mainlineNodes()) {
        const c = comments[i++]!;
        const want = parseCommentCommands(c.trim());
        const got = {
          text: node.commentsAfter.join(''),
          clock: node.clock,
          emt: node.emt,
          eval: node.eval,
          shapes: node.shapes,
        };
        expect(got, c).toEqual(want);
        if (want.eval?.pawns !== undefined) expect(Object.is(got.eval!.pawns, want.eval.pawns), c).toBe(true);
      }
    }
    expect(i).toBe(comments.length);
  });

  test('readGames fills the fields too; the chess.js drop-in keeps comments as raw text', () => {
    const [first] = [...readGames(lichess)];
    expect(first!.mainlineNodes()[0]!.clock).toBe(180);
    const c = new Chess();
    c.loadPgn(lichess);
    const comments = c.getComments();
    expect(comments[0]!.comment).toMatch(/\[%eval 0\.27\] \[%clk 0:03:00\]/);
  });
});
