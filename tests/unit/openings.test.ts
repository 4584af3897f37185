// chesswasm/openings: the lichess opening table (tests/data/openings/*.tsv) by position.
// Every line of the table names its own position; move orders that transpose into a line
// (found by swapping moves of one side, the end position checked by chessops) get its name;
// lichess's limits (plies 1..40, 20 pieces); openingsAfter against the table's lines;
// the ECO and Opening tags of game.pgn().
import { readFileSync } from 'node:fs';
import { parseFen, makeFen } from 'chessops/fen';
import { Chess as OpsChess } from 'chessops/chess';
import { parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { describe, expect, test } from 'vitest';
import { ChessError, FenError, Game, Position } from 'chesswasm';
import { OPENING_MAX_PLIES, openingAt, openingCount, openingKey, openingOf, openingsAfter } from 'chesswasm/openings';
import { DATA } from './helpers.js';

interface Line {
  eco: string;
  name: string;
  pgn: string;
  sans: string[];
}

const LINES: Line[] = ['a', 'b', 'c', 'd', 'e'].flatMap((v) =>
  readFileSync(`${DATA}openings/${v}.tsv`, 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((row) => {
      const [eco, name, pgn] = row.split('\t') as [string, string, string];
      return { eco, name, pgn, sans: pgn.split(' ').filter((t) => !/^\d+\.$/.test(t)) };
    }),
);

// The EPD of a position by chessops (board, turn, castling, en passant only when legal): the
// independent judge of "same position".
function opsEpd(sans: readonly string[]): string | null {
  const pos = OpsChess.default();
  for (const san of sans) {
    const move = parseSan(pos, san);
    if (!move) return null;
    pos.play(move);
  }
  return makeFen(pos.toSetup()).split(' ').slice(0, 4).join(' ');
}

function game(sans: readonly string[]): Game {
  const g = new Game();
  for (const san of sans) g.play(san);
  return g;
}

describe('the table', () => {
  test('holds every line of the files, and each line names its own position', () => {
    expect(LINES.length).toBe(3807);
    expect(openingCount()).toBe(LINES.length);
    const wrong: string[] = [];
    for (const line of LINES) {
      const g = game(line.sans);
      const named = openingOf(g);
      if (named?.eco !== line.eco || named.name !== line.name) wrong.push(`${line.pgn}: ${JSON.stringify(named)}`);
      const at = openingAt(g.position);
      if (at?.name !== line.name) wrong.push(`openingAt ${line.pgn}: ${JSON.stringify(at)}`);
      g.dispose();
    }
    expect(wrong).toEqual([]);
  });

  test('a PGN read game, and the positions of its line as Position objects or FENs', () => {
    const line = LINES.find((l) => l.sans.length >= 12 && l.name.startsWith('Nimzo-Indian'))!;
    const g = Game.fromPgn(`${line.pgn} *`);
    expect(openingOf(g)).toEqual({ eco: line.eco, name: line.name });
    const positions = g.mainlineNodes().map((n) => Position.fromFen(n.fen));
    expect(openingOf(positions)).toEqual({ eco: line.eco, name: line.name });
    expect(openingOf(g.mainlineNodes().map((n) => n.fen))).toEqual({ eco: line.eco, name: line.name });
    // A generator works too (any iterable), and the positions are left as they were.
    const fens = positions.map((p) => p.fen());
    expect(
      openingOf(
        (function* () {
          yield* positions;
        })(),
      ),
    ).toEqual({ eco: line.eco, name: line.name });
    expect(positions.map((p) => p.fen())).toEqual(fens);
  });
});

describe('transpositions', () => {
  // Move orders of a line made by swapping two moves of the same side; kept when every move is
  // legal and chessops finds the same end position (EPD) by another order.
  function transposed(line: Line): string[][] {
    const out: string[][] = [];
    const target = opsEpd(line.sans);
    for (let i = 0; i < line.sans.length; i++)
      for (let j = i + 2; j < line.sans.length; j += 2) {
        const sans = [...line.sans];
        [sans[i], sans[j]] = [sans[j]!, sans[i]!];
        if (opsEpd(sans) === target) out.push(sans);
      }
    return out;
  }

  test("move orders that reach a line's position get its name", () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const line of LINES.filter((_, i) => i % 15 === 0)) {
      for (const sans of transposed(line)) {
        // SAN of the transposed order may need other disambiguation: replay through chessops.
        const pos = OpsChess.default();
        const g = new Game();
        for (const san of sans) {
          const move = parseSan(pos, san)!;
          g.play(makeUci(move));
          pos.play(move);
        }
        const named = openingOf(g);
        if (named?.name !== line.name) wrong.push(`${sans.join(' ')} (${line.name}): ${JSON.stringify(named)}`);
        g.dispose();
        checked++;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    console.log(`${checked} transposed move orders`);
  });

  test('known transpositions', () => {
    // The Nimzo-Indian from the English, the Queen's Gambit Declined from 1. Nf3.
    expect(openingOf(game(['c4', 'e6', 'Nc3', 'Nf6', 'd4', 'Bb4']))?.name).toBe('Nimzo-Indian Defense');
    const qgd = openingOf(game(['d4', 'd5', 'c4', 'e6']));
    expect(openingOf(game(['Nf3', 'd5', 'c4', 'e6', 'd4']))?.name).not.toBe(qgd?.name); // white to move differs
    expect(openingOf(game(['c4', 'e6', 'd4', 'd5']))).toEqual(qgd);
  });
});

describe("lichess's limits", () => {
  const shuffle = (cycles: number) => Array.from({ length: cycles }, () => ['Nc3', 'Nc6', 'Nb1', 'Nb8']).flat();
  const italian = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4'];
  const named = (sans: string[]) => LINES.find((l) => l.pgn === toPgn(sans))!;
  const toPgn = (sans: string[]) => sans.map((s, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${s}` : s)).join(' ');

  test('ply 40 counts, ply 41 does not', () => {
    const four = named(italian.slice(0, 4));
    const five = named(italian);
    expect(openingOf(game([...shuffle(9), ...italian.slice(0, 4)]))?.name).toBe(four.name); // the 4th move is ply 40
    expect(openingOf(game([...shuffle(9), ...italian]))?.name).toBe(four.name); // ply 41 is not looked at
    expect(openingOf(game([...shuffle(8), ...italian]))?.name).toBe(five.name);
    expect(OPENING_MAX_PLIES).toBe(40);
    // The same through the positions form.
    const g = game([...shuffle(9), ...italian]);
    expect(openingOf(g.mainlineNodes().map((n) => n.fen))?.name).toBe(four.name);
  });

  test('the scan stops at the first position with fewer than 20 pieces', () => {
    const e4 = game(['e4']).mainlineNodes()[0]!.fen;
    const few = '4k3/pppppppp/8/8/8/8/PPPPPPP1/4K3 b - - 0 1'; // 17 pieces
    const twenty = 'rnbqkbnr/pppppppp/8/8/8/8/PP6/RNBQKBNR b KQkq - 0 1'; // 26 pieces
    expect(openingOf([few, e4])).toBeNull();
    expect(openingOf([twenty, e4])?.name).toBe("King's Pawn Game");
  });

  test('the start position is never named; other variants are not named', () => {
    expect(openingAt(Position.startpos())).toBeNull();
    expect(openingOf(new Game())).toBeNull();
    expect(openingOf([])).toBeNull();
    // Chess960 from the standard array: the same moves, not named (as lichess).
    const g = new Game('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { variant: 'chess960' });
    g.play('e4');
    expect(openingOf(g)).toBeNull();
    expect(openingOf([g.position])).toBeNull();
    expect(openingsAfter(Position.startpos('makruk'))).toEqual([]);
  });

  test('en passant counts only when a capture is legal', () => {
    // After 1. e4 the FEN may or may not give e3: no pawn can take, the same position.
    expect(openingAt('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')?.name).toBe("King's Pawn Game");
    expect(openingAt('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1')?.name).toBe("King's Pawn Game");
    // Every line whose last move is a double pawn push names its position with and without the
    // en passant square when no en passant capture is legal (chessops decides legality).
    let checked = 0;
    for (const line of LINES) {
      const g = game(line.sans);
      const fen = g.position.fen();
      const fields = fen.split(' ');
      const opsFields = opsEpd(line.sans)!.split(' ');
      if (opsFields[3] === '-' && fields[3] !== '-') {
        fields[3] = '-';
        expect(openingAt(fields.join(' '))?.name).toBe(line.name);
        checked++;
      }
      g.dispose();
    }
    expect(checked).toBeGreaterThan(100);
  });

  test('openingKey: a pinned pawn cannot take en passant, so the square does not count', () => {
    // Black's e4 pawn could take d3 en passant, but that would leave a4 open to the rook.
    const pinned = '8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1';
    const without = '8/8/8/8/k2Pp2R/8/8/4K3 b - - 0 1';
    expect(Position.fromFen(pinned).hash()).not.toBe(Position.fromFen(without).hash()); // Polyglot counts it
    expect(openingKey(pinned)).toBe(openingKey(without));
    // Legal: it counts.
    const legal = '8/8/8/8/3Pp2R/k7/8/4K3 b - d3 0 1';
    expect(openingKey(legal)).not.toBe(openingKey('8/8/8/8/3Pp2R/k7/8/4K3 b - - 0 1'));
    expect(openingKey(legal)).toBe(Position.fromFen(legal).hash());
  });
});

describe('openingsAfter', () => {
  test('from the start: the one-move lines of the table', () => {
    const expected = LINES.filter((l) => l.sans.length === 1).map((l) => `${l.sans[0]} ${l.eco} ${l.name}`);
    const got = openingsAfter(Position.startpos()).map((m) => `${m.san} ${m.eco} ${m.name}`);
    expect(got.sort()).toEqual(expected.sort());
    expect(openingsAfter(Position.startpos()).find((m) => m.san === 'e4')).toEqual({
      uci: 'e2e4',
      san: 'e4',
      eco: 'B00',
      name: "King's Pawn Game",
    });
  });

  test('after 1. e4 e5: every line one move longer is there, each by its own name', () => {
    const pos = game(['e4', 'e5']).position;
    const fen = pos.fen();
    const got = new Map(openingsAfter(pos).map((m) => [m.san, m.name]));
    for (const l of LINES.filter((l) => l.sans.length === 3 && l.sans[0] === 'e4' && l.sans[1] === 'e5'))
      expect(got.get(l.sans[2]!)).toBe(l.name);
    expect(pos.fen()).toBe(fen);
    expect(openingsAfter(fen).length).toBe(got.size);
  });
});

describe('bad input', () => {
  test('typed errors', () => {
    expect(() => openingOf(42 as never)).toThrow(ChessError);
    expect(() => openingOf(null as never)).toThrow(ChessError);
    expect(() => openingOf([{} as never])).toThrow(ChessError);
    expect(() => openingOf(['not a fen'])).toThrow(FenError);
    expect(() => openingsAfter('8/8/8 w - - 0 1')).toThrow(FenError);
    expect(() => openingAt(7 as never)).toThrow(ChessError);
  });
});

describe('game.pgn({ openingTags })', () => {
  test('writes ECO and Opening; the game keeps its tags', () => {
    const g = game(['c4', 'e6', 'Nc3', 'Nf6', 'd4', 'Bb4', 'e3']);
    const text = g.pgn({ openingTags: true });
    const back = Game.fromPgn(text);
    const named = openingOf(g)!;
    expect(back.tags.get('ECO')).toBe(named.eco);
    expect(back.tags.get('Opening')).toBe(named.name);
    expect(g.tags.has('ECO')).toBe(false);
    expect(g.pgn()).not.toContain('[ECO');
    // A wrong ECO tag is replaced; an unnamed game keeps its tags as they are.
    g.tags.set('ECO', 'Z99');
    expect(Game.fromPgn(g.pgn({ openingTags: true })).tags.get('ECO')).toBe(named.eco);
    const plain = new Game();
    plain.tags.set('Opening', 'mine');
    expect(Game.fromPgn(plain.pgn({ openingTags: true })).tags.get('Opening')).toBe('mine');
    // A lookup of one's own.
    expect(Game.fromPgn(g.pgn({ openingTags: () => ({ eco: 'A00', name: 'X' }) })).tags.get('Opening')).toBe('X');
    expect(() => g.pgn({ openingTags: 3 as never })).toThrow(ChessError);
  });
});

test('the EPD judge agrees with the table on a few lines (sanity of the chessops helper)', () => {
  const pos = parseFen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1').unwrap();
  expect(makeFen(pos).startsWith('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq')).toBe(true);
  expect(opsEpd(['e4'])).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -');
});
