// Position.fen() right after Position.fromFen and after changes: fen() writes the position
// (the text it was given is not kept). Each answer is checked against the set-up's writer
// (Setup.fromPosition(p).fen()) and against the FENs of the positions themselves: texts the
// writer would not write come back rewritten, and a position changed since fromFen writes its
// new FEN.
import { expect, test } from 'vitest';
import { Chess as ChessJs } from 'chess.js';
import { Position, Setup } from 'chesswasm';
import { prng } from '../tools/prng.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function written(p: Position): string {
  return Setup.fromPosition(p).fen();
}

// Every fifth position along seeded random games, as fen() writes them.
function gameFens(games: number): string[] {
  const rand = prng(2929);
  const fens: string[] = [];
  for (let g = 0; g < games; g++) {
    using pos = Position.startpos();
    for (let ply = 0; ply < 200; ply++) {
      if (ply % 5 === 0) fens.push(pos.fen());
      const moves = pos.legalMoves();
      if (moves.length === 0 || pos.outcome()) break;
      pos.play(rand.pick(moves));
    }
  }
  return fens;
}

test('fen() after fromFen: the text when it is what the writer writes, else the written FEN', () => {
  const fens = gameFens(20);
  expect(fens.length).toBeGreaterThan(200);
  for (const f of fens) {
    {
      using p = Position.fromFen(f);
      expect(p.fen()).toBe(f);
      expect(written(p)).toBe(f);
    }
    const fields = f.split(' ');
    const others = [
      `  ${f}`,
      `${f} `,
      fields.join('  '),
      fields.slice(0, 4).join(' '), // four fields: counters 0 1
      [...fields.slice(0, 4), '0' + fields[4], fields[5]].join(' '), // a leading zero
    ];
    for (const text of others) {
      using p = Position.fromFen(text);
      const fen = p.fen();
      expect(fen).toBe(written(p));
      expect(fen).not.toBe(text);
    }
  }
});

test('fen() of a position changed since fromFen is its new FEN', () => {
  const rand = prng(29);
  for (const f of gameFens(5)) {
    using p = Position.fromFen(f);
    const moves = p.legalMoves();
    if (moves.length === 0) continue;
    p.play(rand.pick(moves));
    expect(p.fen()).not.toBe(f);
    expect(p.fen()).toBe(written(p));
    p.undo();
    expect(p.fen()).toBe(f);
  }
});

test('reused handles, clones and writer options', () => {
  // A handle goes back to the pool with the text of its last FEN; the next position made on it
  // by startpos has no text of its own.
  const kiwi = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
  for (let i = 0; i < 40; i++) Position.fromFen(i % 2 ? kiwi : START).dispose();
  for (let i = 0; i < 40; i++) {
    using p = Position.startpos();
    expect(p.fen()).toBe(START);
  }
  {
    using p = Position.fromFen(kiwi);
    using c = p.clone();
    expect(c.fen()).toBe(kiwi);
    c.play(c.legalMoves()[0]!);
    expect(c.fen()).toBe(written(c));
    expect(p.fen()).toBe(kiwi);
  }
  // Chess960: X-FEN as given, Shredder-FEN when asked.
  const x = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
  using p = Position.fromFen(x, { chess960: true });
  expect(p.fen()).toBe(written(p));
  expect(p.fen({ shredder: true })).toBe(Setup.fromPosition(p).fen({ shredder: true }));
  expect(p.fen({ shredder: true })).toBe(x);
  expect(p.fen()).toBe('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9');
});

test('fen() follows every change of the position since fromFen', () => {
  // Each change below gives the written FEN of the new position.
  const kiwi = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
  using p = Position.fromFen(kiwi);
  expect(p.fen()).toBe(kiwi);
  p.playNull();
  expect(p.fen()).toBe(written(p));
  expect(p.fen()).not.toBe(kiwi);
  p.undo();
  expect(p.fen()).toBe(kiwi);
  expect(() => p.play('a1a8')).toThrow(); // refused: unchanged
  expect(p.fen()).toBe(kiwi);
  p.play('e1g1');
  expect(p.fen()).toBe(written(p));
  expect(p.fen().startsWith('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1')).toBe(true);
  p.undo();
  expect(p.fen()).toBe(kiwi);
  expect(p.fen({ shredder: true })).toBe(Setup.fromPosition(p).fen({ shredder: true }));
  expect(p.fen({ lichess: true })).toBe(kiwi);
  const q = Position.fromFen(kiwi);
  q.dispose();
  expect(() => q.fen()).toThrow(/disposed/);
  expect(q.toString()).toBe('Position(disposed)');
});

test("fen({ enPassant: 'legal' }): the en passant square only when a capture is legal, as chess.js writes it", () => {
  const rand = prng(3939);
  let withSquare = 0;
  let dropped = 0;
  for (let g = 0; g < 40; g++) {
    using pos = Position.startpos();
    const js = new ChessJs();
    for (let ply = 0; ply < 80; ply++) {
      const fen = pos.fen({ enPassant: 'legal' });
      expect(fen).toBe(js.fen());
      if (pos.fen() !== fen) dropped++;
      else if (fen.split(' ')[3] !== '-') withSquare++;
      expect(pos.fen({ enPassant: 'fen' })).toBe(pos.fen());
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      // pawn moves first now and then, for double pushes beside enemy pawns
      const pawns = moves.filter((m) => pos.pieceAt(m & 63)?.type === 'p');
      const m =
        pawns.length && rand() < 0.6
          ? pawns[Math.floor(rand() * pawns.length)]!
          : moves[Math.floor(rand() * moves.length)]!;
      js.move(pos.uci(m));
      pos.play(m);
    }
  }
  console.log(`enPassant 'legal': ${withSquare} positions with the square, ${dropped} without it`);
  expect(withSquare).toBeGreaterThan(20);
  expect(dropped).toBeGreaterThan(100);
  // A value it does not know: a typed error, the position unchanged.
  using pos = Position.fromFen('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2');
  // @ts-expect-error not one of the modes
  expect(() => pos.fen({ enPassant: 'xfen' })).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  expect(pos.fen({ enPassant: 'legal' })).toBe('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2');
  expect(pos.fen({ lichess: true, enPassant: 'legal' })).toBe('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2');
});
