// PGN through the package: Game.fromPgn, readGames (strings and chunk streams), game.pgn()
// (the core's reader and writer across the tree buffers), errors with line/column, round
// trips, random trees, the Stockfish corpus, and differential tests against chessops
// (trees) and chess.js (main lines).
import { readFileSync } from 'node:fs';
import { Chess } from 'chess.js';
import { makePgn, parseComment, parsePgn, type PgnNodeData, type Node as OpsNode } from 'chessops/pgn';
import { describe, expect, test } from 'vitest';
import { Game, type GameNode, PgnError, Position, readGames } from 'chesswasm';
import { DATA, testSize } from './helpers.js';
import { prng } from '../tools/prng.mjs';

const read = (name: string) => readFileSync(`${DATA}pgn/${name}`, 'utf8');

// A seeded source of integers in [0, n).
const rng = (seed: number): ((n: number) => number) => prng(seed).int;

// A pre-order listing of a tree: parent index, SAN, NAGs, comments (as the chessops oracle).
function listing(game: Game): string[] {
  const out: string[] = [];
  const walk = (node: GameNode, parentId: number) => {
    for (const ch of node.children) {
      const id = out.length + 1;
      out.push(
        `${parentId} ${ch.san} nags=${ch.nags.join(',')} before=${ch.commentsBefore.join('|')} after=${ch.commentsAfter.join('|')}${ch.clock === null ? '' : ` clock=${ch.clock}`}`,
      );
      walk(ch, id);
    }
  };
  walk(game.root, 0);
  return out;
}

function* allNodes(game: Game): Generator<GameNode> {
  const stack = [...game.root.children].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    yield n;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
}

// A random tree: a main line of up to `plies` moves with variations, comments and NAGs.
function randomGame(r: (n: number) => number, plies: number, variations: boolean, fen?: string): Game {
  const game = fen ? new Game(fen) : new Game();
  const grow = (from: GameNode, n: number, depth: number) => {
    game.goTo(from);
    for (let i = 0; i < n; i++) {
      const moves = game.position.legalMoves();
      if (moves.length === 0 || game.outcome()) break;
      const node = game.play(moves[r(moves.length)]!);
      if (r(6) === 0) node.commentsAfter.push(`c${r(1000)} on ${node.san}`);
      if (r(10) === 0) node.clock = 62; // written as [%clk 0:01:02] (comment-commands.test.ts has the rest)
      if (r(9) === 0) node.nags.push(1 + r(r(3) === 0 ? 255 : 6));
      if (variations && r(10) === 0 && node.children.length === 0) {
        const back = node.parent!;
        const before = game.current;
        game.goTo(back);
        const alt = game.position.legalMoves();
        const m = alt[r(alt.length)]!;
        if (!back.children.some((c) => c.move === m)) {
          const v = game.play(m);
          if (r(3) === 0) v.commentsBefore.push(`start ${r(100)}`);
          if (depth < 4) grow(v, r(6), depth + 1);
        }
        game.goTo(before);
      }
    }
  };
  grow(game.root, plies, 0);
  if (r(5) === 0) game.root.commentsAfter.push('game comment');
  game.result = (['1-0', '0-1', '1/2-1/2', '*'] as const)[r(4)]!;
  return game;
}

// Movetext with whitespace normalised and black move numbers ("12...") dropped: writers
// differ on whether they repeat the number after a NAG (chessops does) or a comment.
function movetext(pgn: string): string {
  const body = pgn.replace(/^\[.*\]\s*$/gm, '');
  return body
    .replace(/\s+/g, ' ')
    .replace(/\b\d+\.\.\.\s?/g, '')
    .trim();
}

describe('reading', () => {
  test('constructs.pgn: tags, comments, NAGs, glyphs, variations, escapes, FEN, Chess960, null moves', () => {
    const games = [...readGames(read('constructs.pgn'))];
    expect(games.length).toBeGreaterThanOrEqual(5);
    const [g] = games as [Game];
    expect(g.tags.get('Event')).toBe('Tags "quoted" and back\\slash');
    expect(g.tags.get('Annotator')).toBe('chesswasm tests');
    expect(g.result).toBe('1-0');
    expect(g.root.commentsAfter).toEqual(['Game comment before the first move.']);
    expect(g.mainline()).toEqual([
      'e4',
      'e5',
      'Nf3',
      'Nc6',
      'Bb5',
      'a6',
      'Ba4',
      'Nf6',
      'O-O',
      'Be7',
      'Re1',
      'b5',
      'Bb3',
      'd6',
      'c3',
      'O-O',
    ]);
    const [e4, e5, nf3, nc6, bb5, a6, ba4] = g.mainlineNodes() as GameNode[];
    // Comment commands are read into typed fields (comment-commands.test.ts).
    expect([e4!.commentsAfter, e4!.clock, e4!.eval]).toEqual([[], 180, { pawns: 0.3 }]);
    expect(e4!.uci).toBe('e2e4');
    expect(e5!.san).toBe('e5');
    expect(nf3!.nags).toEqual([1]);
    expect(nc6!.nags).toEqual([6]);
    expect(bb5!.nags).toEqual([3]);
    expect(a6!.commentsAfter).toEqual(['a rest-of-line comment']);
    // 4. Ba4 (4. Bxc6 dxc6 (4... bxc6 5. d4) 5. O-O $14 {the exchange}) (4. Bc4)
    const branch = ba4!.parent!;
    expect(branch.children.map((c) => c.san)).toEqual(['Ba4', 'Bxc6', 'Bc4']);
    const bxc6 = branch.children[1]!;
    expect(bxc6.children.map((c) => c.san)).toEqual(['dxc6', 'bxc6']);
    const castle = bxc6.children[0]!.children[0]!;
    expect([castle.san, castle.nags, castle.commentsAfter]).toEqual(['O-O', [14], ['the exchange']]);
    expect(bxc6.isMainline).toBe(false);
    expect(ba4!.isMainline).toBe(true);

    const nested = games[1]!;
    expect(nested.mainline()).toEqual(['d4', 'd5', '--', 'Nf6', '--', 'e6']);
    expect(nested.mainlineNodes()[2]!.isNull).toBe(true);
    expect(nested.mainlineNodes()[2]!.uci).toBe('0000');
    nested.goToPly(6);
    expect(nested.position.fen()).toBe(nested.mainlineNodes()[5]!.fen);

    const fromFen = games[2]!;
    expect(fromFen.rootFen).toBe('4k3/1P6/8/8/8/8/8/4K2R w K - 0 40');
    expect(fromFen.mainline()).toEqual(['b8=Q+', 'Kd7', 'O-O', 'Kc6', 'Qb6+']);

    const c960 = games[3]!;
    expect(c960.variant).toBe('chess960');
    expect(c960.mainline()).toEqual(['O-O', 'O-O-O', 'Kg2', 'Kb8']);
    expect(c960.mainlineNodes()[0]!.uci).toBe('b1e1');

    const tolerant = games[4]!;
    expect(tolerant.variant).toBe('chess960');
    expect(tolerant.result).toBe('*');
    expect(tolerant.mainline()).toEqual(['O-O-O', 'Kc7', 'Rd7+', 'Kc6', 'Rd6+']);
    expect(tolerant.mainlineNodes()[4]!.nags).toEqual([5]);
  });

  test('node fen and hash agree with a Position replaying the line', () => {
    const g = Game.fromPgn(read('constructs.pgn'));
    for (const node of allNodes(g)) {
      using pos = Position.startpos();
      for (const n of node.path()) pos.play(n.move);
      expect(node.fen).toBe(pos.fen());
      expect(node.hash).toBe(pos.hash());
    }
    expect(g.root.fen).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(g.root.hash).toBe(0x463b96181691fc9cn);
  });

  test('BOM and CRLF', () => {
    const games = [...readGames(read('bom-crlf.pgn'))];
    expect(games.length).toBeGreaterThanOrEqual(1);
    expect(games[0]!.tags.get('Event')).toBe('BOM and CRLF');
    expect(games[0]!.result).toBe('0-1');
    expect(games[0]!.mainline().slice(0, 2)).toEqual(['f3', 'e5']);
  });

  test('chessjs-random.pgn: main lines, results and final FENs as chess.js has them', () => {
    const expected = read('chessjs-random.expected.tsv')
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    const games = [...readGames(read('chessjs-random.pgn'))];
    expect(games.length).toBe(expected.length);
    games.forEach((g, i) => {
      const [result, sans, fen] = expected[i]!;
      expect(g.result).toBe(result);
      expect(g.mainline().join(' ')).toBe(sans);
      g.goToPly(g.mainline().length);
      // chess.js 1.4 writes the en passant square only when a capture is possible.
      const noEp = (f: string) => f.split(' ').filter((_, k) => k !== 3);
      expect(noEp(g.position.fen())).toEqual(noEp(fen!));
    });
  });

  test('chessops-trees.pgn: the pre-order node listing chessops wrote', () => {
    const expected = read('chessops-trees.expected.txt')
      .trim()
      .split(/^game \d+\n/m)
      .filter(Boolean);
    const games = [...readGames(read('chessops-trees.pgn'))];
    expect(games.length).toBe(expected.length);
    games.forEach((g, i) => expect(listing(g)).toEqual(expected[i]!.trim().split('\n')));
  });

  test('Game.fromPgn: the first game; errors', () => {
    expect(Game.fromPgn('1. e4 e5 *\n\n[Event "2"]\n\n1. d4 *').mainline()).toEqual(['e4', 'e5']);
    expect(() => Game.fromPgn('   \n')).toThrow(expect.objectContaining({ name: 'PgnError', code: 'no-game' }));
    try {
      Game.fromPgn('[Event "x"]\n\n1. e4 e5 2. Ke3 *');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PgnError);
      expect(e).toMatchObject({ code: 'invalid-pgn', line: 3, column: 13 });
      expect((e as Error).message).toContain('illegal move "Ke3"');
    }
    expect(() => Game.fromPgn(42 as unknown as string)).toThrow(PgnError);
  });
});

describe('errors and iteration', () => {
  const malformed = read('malformed.pgn');
  const expected = [
    ['ok 1'],
    ['illegal move', 7, 13],
    ['ok 2'],
    ['bad tag', 13, 17],
    ['unbalanced', 20, 7],
    ['ambiguous', 25, 4],
    ['ok 3'],
    ['variation not closed', 33, 24],
    ['ok 4'],
  ];

  test('onError: every malformed game reported with line/column, the others read', () => {
    const seen: unknown[] = [];
    for (const g of readGames(malformed, { onError: (e) => seen.push([e.code, e.line, e.column]) }))
      seen.push(g.tags.get('Event'));
    expect(seen).toEqual(expected.map((x) => (x.length === 1 ? x[0] : ['invalid-pgn', x[1], x[2]])));
  });

  test('without onError: next() throws the PgnError, and the next call goes on', () => {
    const it = readGames(malformed);
    const seen: unknown[] = [];
    for (;;) {
      try {
        const r = it.next();
        if (r.done) break;
        seen.push(r.value.tags.get('Event'));
      } catch (e) {
        expect(e).toBeInstanceOf(PgnError);
        seen.push([(e as PgnError).line, (e as PgnError).column]);
      }
    }
    expect(seen).toEqual(expected.map((x) => (x.length === 1 ? x[0] : [x[1], x[2]])));
  });

  test('a for loop stops at the first error', () => {
    const events: string[] = [];
    expect(() => {
      for (const g of readGames(malformed)) events.push(g.tags.get('Event')!);
    }).toThrow(PgnError);
    expect(events).toEqual(['ok 1']);
  });

  test('streams: any chunking gives the same games and the same error positions', async () => {
    const texts = [malformed, read('constructs.pgn'), read('chessops-trees.pgn'), read('bom-crlf.pgn')];
    const r = rng(7);
    for (const text of texts) {
      const whole: unknown[] = [];
      for (const g of readGames(text, { onError: (e) => whole.push([e.line, e.column, e.message]) }))
        whole.push(g.pgn());
      for (const size of [1, 2, 7, 64, 1000, 1 << 20, -1]) {
        const chunks: string[] = [];
        for (let i = 0; i < text.length;) {
          const n = size > 0 ? size : 1 + r(300);
          chunks.push(text.slice(i, i + n));
          i += n;
        }
        async function* stream() {
          for (const c of chunks) yield c;
        }
        const got: unknown[] = [];
        for await (const g of readGames(stream(), { onError: (e) => got.push([e.line, e.column, e.message]) }))
          got.push(g.pgn());
        expect(got).toEqual(whole);
        // A sync iterable of chunks, too.
        const got2: unknown[] = [];
        for await (const g of readGames(chunks, { onError: (e) => got2.push([e.line, e.column, e.message]) }))
          got2.push(g.pgn());
        expect(got2).toEqual(whole);
      }
    }
  });

  test('byte chunks (a file stream) read like text, multi-byte characters split included', async () => {
    const { createReadStream } = await import('node:fs');
    const file = `${DATA}corpus/stockfish-selfplay.pgn`;
    const whole = [...readGames(readFileSync(file, 'utf8'))].map((g) => g.pgn());
    const got: string[] = [];
    for await (const g of readGames(createReadStream(file, { highWaterMark: 4096 }))) got.push(g.pgn());
    expect(got).toEqual(whole);
    const text = '[Event "Ünïcödé ♞"]\n\n1. e4 { ♞♝ } e5 *\n\n[Event "2"]\n\n1. d4 *\n';
    const bytes = new TextEncoder().encode(text);
    const pieces = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    const games: string[] = [];
    for await (const g of readGames(pieces))
      games.push(`${g.tags.get('Event')} ${g.mainlineNodes()[0]!.commentsAfter.join()}`);
    expect(games).toEqual(['Ünïcödé ♞ ♞♝', '2 ']);
    await expect(async () => {
      for await (const g of readGames([{} as unknown as string])) void g;
    }).rejects.toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });

  test("every node's UCI text is its move's, in every variant (castling, promotions, null moves)", () => {
    // readTree takes the texts from tables (web/src/core/position.ts uciPairs and uciTable):
    // checked against Position.uci on the position before each move.
    const makruk = '[Variant "makruk"]\n[FEN "4k3/8/8/1P6/6p1/8/8/4K3 w - - 0 1"]\n\n1. b6=M g3=M 2. Kd2 -- 3. Ke3 *';
    const texts = [
      read('constructs.pgn'),
      read('chessjs-random.pgn'),
      read('lichess-2013-01.pgn').slice(0, 200_000),
      makruk,
    ];
    let checked = 0;
    const variants = new Set<string>();
    for (const text of texts)
      for (const g of readGames(text)) {
        variants.add(g.variant);
        const stack = [...g.root.children];
        while (stack.length) {
          const n = stack.pop()!;
          stack.push(...n.children);
          if (n.isNull) expect(n.uci).toBe('0000');
          else {
            const pos = Position.fromFen(n.parent!.fen, { variant: g.variant });
            expect(n.uci).toBe(pos.uci(n.move));
            pos.dispose();
          }
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(5000);
    expect([...variants].sort()).toEqual(['chess', 'chess960', 'makruk']);
  });

  test('a string is read as its UTF-8 bytes, wherever its non-ASCII characters are', async () => {
    // A string is encoded straight into the reader's buffer, in steps when it is not ASCII
    // (web/src/games/game.ts openSource): the same games and error positions as its bytes.
    const base = read('malformed.pgn');
    const r = rng(11);
    const inserts = ['é', '♞', '😀', '\u{10348}', 'ЖЖЖЖ', '\ud800', '½', 'ñ'.repeat(500), '漢字'.repeat(2000)];
    const texts = ['é', '😀', '[Event "♞"]\n\n1. e4 { é } e5 1-0', '\ufeff[Event "bom"]\n\n1. e4 *', base];
    for (let k = 0; k < 30; k++) {
      let t = base;
      for (let j = 1 + r(4); j > 0; j--) {
        // Inside a comment, so that the text stays valid (the comment starts at a brace).
        const braces = [...t.matchAll(/\{/g)].map((m) => m.index);
        const at = k % 5 === 0 ? t.length : braces[r(braces.length)]! + 1;
        const ins = inserts[r(inserts.length)]!;
        t = at === t.length ? `${t}\n{ ${ins} }` : t.slice(0, at) + ins + t.slice(at);
      }
      texts.push(t);
    }
    for (const text of texts) {
      const fromString: unknown[] = [];
      for (const g of readGames(text, { onError: (e) => fromString.push([e.line, e.column, e.message]) }))
        fromString.push(g.pgn());
      const fromBytes: unknown[] = [];
      for await (const g of readGames([new TextEncoder().encode(text)], {
        onError: (e) => fromBytes.push([e.line, e.column, e.message]),
      }))
        fromBytes.push(g.pgn());
      expect(fromString).toEqual(fromBytes);
      expect(fromString.length).toBeGreaterThan(0);
    }
    expect(Game.fromPgn('[Event "♞"]\n\n1. e4 { 😀 é } e5 *').mainlineNodes()[0]!.commentsAfter).toEqual(['😀 é']);
  });

  test('a string source also works with for await; bad sources are refused', async () => {
    const events: string[] = [];
    for await (const g of readGames(read('constructs.pgn'))) events.push(g.tags.get('Event') ?? '');
    expect(events.length).toBeGreaterThanOrEqual(5);
    expect(() => readGames(42 as unknown as string)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect([...readGames('')]).toEqual([]);
    expect([...readGames('% only an escape line\n\n  ')]).toEqual([]);
  });
});

describe('writing', () => {
  test('comments with NUL bytes next to U+FEFF are written and read back exactly (the text does not cross as an embind std::string)', () => {
    for (const c of ['a\u0000\uFEFFb', '\u0000\uFEFF', 'é\u0000\uFEFF\u0000\uFEFFz', '\uFEFFlead']) {
      const g = Game.fromPgn('1. e4 e5 *');
      g.root.children[0]!.commentsAfter.push(c);
      const text = g.pgn();
      expect(text).toContain(c.trim());
      expect(Game.fromPgn(text).root.children[0]!.commentsAfter).toEqual([c]);
      g.dispose();
    }
  });

  // Strings the core returns as embind std::strings (an error's detail among them): 3.1.6
  // decoded them piece by piece between NUL bytes and dropped each piece's leading U+FEFF;
  // cpp/wasm/library-trim.js decodes the whole string at once.
  test('an error detail with NUL bytes next to U+FEFF crosses exactly', () => {
    const cases: [string, string][] = [
      ['[Variant "Fo\u0000\uFEFFo"]\n\n*', 'Fo\u0000\uFEFFo'],
      ['[FEN "8/8\u0000\uFEFFx"]\n[SetUp "1"]\n\n*', '8/8\u0000\uFEFFx'],
      ['[Variant "\uFEFF\u0000\uFEFF"]\n\n*', '\uFEFF\u0000\uFEFF'],
    ];
    for (const [text, detail] of cases) {
      let caught: unknown;
      try {
        Game.fromPgn(text);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(PgnError);
      expect((caught as PgnError).detail).toBe(detail);
    }
  });

  // Found by the annotations fuzz (fuzz.test.ts), which now generates both.
  // TextDecoder strips a leading byte order mark unless told not to (ignoreBOM).
  test('U+FEFF at the start of a tag value or comment is kept', () => {
    const g = Game.fromPgn('[Event "\ufeffX"]\n\n1. e4 {\ufeffhi} *');
    expect(g.tags.get('Event')).toBe('\ufeffX');
    expect(g.root.children[0]!.commentsAfter).toEqual(['\ufeffhi']);
    expect(Game.fromPgn(g.pgn()).tags.get('Event')).toBe('\ufeffX');
  });

  // fromPgn(game.pgn()) gives the game back: a line feed in a tag value is written as a
  // space, a tag whose name is no PGN symbol is left out.
  test('pgn() of a game with a line break in a tag value or an odd tag name reads back', () => {
    for (const [name, value] of [
      ['White', 'a\nb'],
      ['Bad Name', 'v'],
      ['', 'v'],
    ] as const) {
      const g = Game.fromPgn('1. e4 e5 *');
      g.tags.set(name, value);
      const back = Game.fromPgn(g.pgn());
      if (name === 'White') expect(back.tags.get('White')).toBe('a b');
      else expect(back.tags.has(name)).toBe(false);
      expect(back.mainline()).toEqual(['e4', 'e5']);
    }
  });

  test('export format: roster, tags, 80 columns, numbers after comments and variations', () => {
    const g = new Game();
    g.tags.set('White', 'Alice');
    g.tags.set('Opening', 'Ruy Lopez');
    for (const m of ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']) g.play(m);
    g.goToPly(4);
    g.play('Bc4');
    g.root.children[0]!.commentsAfter.push('best by test');
    g.result = '1-0';
    expect(g.pgn()).toBe(
      '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "Alice"]\n[Black "?"]\n[Result "1-0"]\n' +
        '[Opening "Ruy Lopez"]\n\n1. e4 { best by test } 1... e5 2. Nf3 Nc6 3. Bb5 ( 3. Bc4 ) 1-0\n',
    );
    const long = randomGame(rng(3), 120, false);
    for (const line of long.pgn().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  test('from a position and in Chess960: SetUp/FEN/Variant tags', () => {
    const g = new Game('4k3/8/8/8/8/8/8/4K2R w K - 0 1');
    g.play('O-O');
    expect(g.pgn()).toContain('[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]');
    expect(Game.fromPgn(g.pgn()).mainline()).toEqual(['O-O']);
    const c = new Game('rk5r/8/8/8/8/8/8/RK2R3 w KQkq - 0 1', { variant: 'chess960' });
    c.play('O-O');
    const back = Game.fromPgn(c.pgn());
    expect([back.variant, back.mainline(), back.mainlineNodes()[0]!.uci]).toEqual(['chess960', ['O-O'], 'b1e1']);
  });

  test('comments with braces, newlines and non-ASCII text survive', () => {
    const g = new Game();
    g.play('e4').commentsAfter.push('naïve — ♞ {braced} text');
    g.play('e5').commentsAfter.push('two\nlines');
    g.tags.set('Annotator', 'Jürgen "JJ" \\ Ñ');
    const back = Game.fromPgn(g.pgn());
    expect(back.mainlineNodes()[0]!.commentsAfter).toEqual(['naïve — ♞ {braced} text']);
    expect(back.mainlineNodes()[1]!.commentsAfter).toEqual(['two\nlines']);
    expect(back.tags.get('Annotator')).toBe('Jürgen "JJ" \\ Ñ');
  });

  test('round trip: read(write(game)) gives the same tree on every data file', () => {
    for (const file of ['constructs.pgn', 'chessops-trees.pgn', 'chessjs-random.pgn', 'bom-crlf.pgn']) {
      for (const g of readGames(read(file))) {
        const again = Game.fromPgn(g.pgn());
        expect(listing(again)).toEqual(listing(g));
        expect(again.root.commentsAfter).toEqual(g.root.commentsAfter);
        expect(again.pgn()).toBe(g.pgn());
      }
    }
  });

  test('fuzz: 300 random trees written and re-read', () => {
    const r = rng(12345);
    const fens = [
      undefined,
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
      'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    ];
    for (let i = 0; i < 300; i++) {
      const g = randomGame(r, 10 + r(90), true, fens[r(fens.length)]);
      const text = g.pgn();
      const back = Game.fromPgn(text);
      expect(listing(back)).toEqual(listing(g));
      expect(back.result).toBe(g.result);
      expect(back.rootFen).toBe(g.rootFen);
      expect(back.pgn()).toBe(text);
      // Every node's SAN is what a Position says for the move.
      for (const n of allNodes(back)) {
        const leaf = n.path();
        using pos = Position.fromFen(back.rootFen);
        for (const m of leaf.slice(0, -1)) pos.play(m.move);
        expect(pos.san(n.move)).toBe(n.san);
      }
    }
  });
});

describe('differential', () => {
  // chessops: parsePgn + replaying its SANs gives the same tree; makePgn of that tree has the
  // same movetext as ours (black move numbers and whitespace normalised).
  test('chessops: 1,000 random trees with variations, comments and NAGs', () => {
    const r = rng(2026);
    for (let i = 0; i < 1000; i++) {
      const g = randomGame(r, 5 + r(80), true);
      const text = g.pgn();
      const [ops] = parsePgn(text) as [ReturnType<typeof parsePgn>[number]];
      const opsList: string[] = [];
      const walk = (node: OpsNode<PgnNodeData>, parentId: number) => {
        for (const ch of node.children) {
          const id = opsList.length + 1;
          const d = ch.data;
          // chessops' own parseComment splits out the [%clk] commands (a differential check of ours)
          const after = (d.comments ?? []).map((c) => parseComment(c));
          const texts = after.map((c) => c.text).filter((t) => t !== '');
          const clock = after
            .map((c) => c.clock)
            .filter((c) => c !== undefined)
            .pop();
          opsList.push(
            `${parentId} ${d.san} nags=${(d.nags ?? []).join(',')} before=${(d.startingComments ?? []).join('|')} after=${texts.join('|')}${clock === undefined ? '' : ` clock=${clock}`}`,
          );
          walk(ch, id);
        }
      };
      walk(ops.moves, 0);
      expect(opsList).toEqual(listing(g));
      expect(movetext(makePgn(ops))).toBe(movetext(text));
    }
  });

  // chess.js: loading our PGN gives the same SAN history and final FEN; our reading of
  // chess.js's PGN gives the same main line; the movetexts agree (normalised).
  const LINES = testSize('PGN_CHESSJS_LINES', 300, 1000);
  test(`chess.js: ${LINES} random main lines with comments`, () => {
    const r = rng(99);
    for (let i = 0; i < LINES; i++) {
      const g = randomGame(r, 5 + r(60), false);
      for (const n of allNodes(g)) n.nags = []; // chess.js 1.4 reads but does not write NAGs
      const text = g.pgn();
      const c = new Chess();
      c.loadPgn(text);
      expect(c.history()).toEqual(g.mainline());
      g.goToPly(g.mainline().length);
      // chess.js writes the en passant square after every double push; FIDE identity (and
      // our FEN) only when a capture is possible: compare the other fields.
      const fields = (fen: string) => fen.split(' ').filter((_, k) => k !== 3);
      expect(fields(c.fen())).toEqual(fields(g.position.fen()));
      const theirs = c.pgn();
      expect(Game.fromPgn(theirs).mainline()).toEqual(g.mainline());
      expect(movetext(theirs)).toBe(movetext(text));
    }
  });
});

describe('corpus', () => {
  test('every game of the Stockfish self-play corpus reads, replays and round-trips', () => {
    const text = readFileSync(`${DATA}corpus/stockfish-selfplay.pgn`, 'utf8');
    let games = 0;
    let nodes = 0;
    let variations = 0;
    for (const g of readGames(text)) {
      games++;
      for (const n of allNodes(g)) {
        nodes++;
        if (n.parent!.children[0] !== n) variations++;
      }
      // The recorded result matches the outcome at the end of the main line.
      g.goToPly(g.mainline().length);
      const o = g.outcome({ claim: true });
      const result = o ? (o.winner === 'w' ? '1-0' : o.winner === 'b' ? '0-1' : '1/2-1/2') : '*';
      expect(g.result).toBe(result);
      expect(listing(Game.fromPgn(g.pgn()))).toEqual(listing(g));
      g.dispose();
    }
    expect(games).toBeGreaterThanOrEqual(300);
    expect(variations).toBeGreaterThan(games / 2);
    expect(nodes).toBeGreaterThan(games * 40);
  });
});
