// The Position API: moves, UCI, turn/variant, check and outcome, clone, dispose, chessground.
import { expect, test } from 'vitest';
import {
  ChessError,
  MoveFlag,
  Position,
  SQUARE_NAMES,
  chessgroundDests,
  isCapture,
  isCastling,
  isDrop,
  isEnPassant,
  isPromotion,
  moveFlags,
  moveFrom,
  movePromotion,
  moveTo,
  parseSquare,
  squareName,
} from 'chesswasm';

test('start position basics', () => {
  using pos = Position.startpos();
  expect(pos.fen()).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  expect(pos.turn).toBe('w');
  expect(pos.variant).toBe('chess');
  expect(pos.legalMoves()).toHaveLength(20);
  expect(pos.isCheck()).toBe(false);
  expect(pos.outcome()).toBeNull();
  expect(pos.pieceAt('e1')).toEqual({ color: 'w', type: 'k' });
  expect(pos.pieceAt(60)).toEqual({ color: 'b', type: 'k' });
  expect(pos.pieceAt('e4')).toBeNull();
  expect([pos.halfmoves, pos.fullmoves, pos.historyLength]).toEqual([0, 1, 0]);
});

test('play by number, UCI; undo returns the move; turn follows', () => {
  using pos = Position.startpos();
  const e2e4 = pos.legalMoves().find((m) => pos.uci(m) === 'e2e4')!;
  expect(pos.play(e2e4)).toBe(e2e4);
  expect(pos.turn).toBe('b');
  const e7e5 = pos.parseUci('e7e5');
  expect(pos.uci(e7e5)).toBe('e7e5');
  expect(pos.play('e7e5')).toBe(e7e5);
  // uci() formats moves that are legal here: e7e5 no longer is.
  expect(() => pos.uci(e7e5)).toThrow(expect.objectContaining({ code: 'illegal' }));
  expect(pos.historyLength).toBe(2);
  expect(pos.undo()).toBe(e7e5);
  expect(pos.undo()).toBe(e2e4);
  expect(pos.fen()).toBe(Position.startpos().fen());
});

test('move decoding helpers', () => {
  using pos = Position.fromFen('r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1');
  const moves = new Map(pos.legalMoves().map((m) => [pos.uci(m), m]));
  const ep = moves.get('e5d6')!;
  expect([isEnPassant(ep), isCapture(ep), moveFlags(ep)]).toEqual([true, true, MoveFlag.EN_PASSANT]);
  const promo = moves.get('b7a8q')!;
  expect([isPromotion(promo), isCapture(promo), movePromotion(promo)]).toEqual([true, true, 'q']);
  expect(movePromotion(moves.get('b7b8n')!)).toBe('n');
  const oo = moves.get('e1g1')!;
  expect([isCastling(oo), squareName(moveFrom(oo)), squareName(moveTo(oo))]).toEqual([true, 'e1', 'h1']);
  expect(pos.parseUci('e1h1')).toBe(oo);
  expect(movePromotion(oo)).toBeNull();
  expect(SQUARE_NAMES[28]).toBe('e4');
  expect(parseSquare('h8')).toBe(63);
  expect(parseSquare('i1')).toBeUndefined();
  expect(() => squareName(64)).toThrow(RangeError);
});

test('Chess960: UCI castling is king-to-rook, Shredder and X-FEN output', () => {
  using pos = Position.fromFen('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', {
    variant: 'chess960',
  });
  expect(pos.variant).toBe('chess960');
  expect(pos.fen()).toBe('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9');
  expect(pos.fen({ shredder: true })).toBe('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9');
  expect(pos.legalMoves()).toHaveLength(21);
  using p960 = Position.startpos('chess960');
  expect(p960.variant).toBe('chess960');
});

test('check, checkmate and stalemate', () => {
  using mate = Position.fromFen('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
  expect(mate.isCheck()).toBe(true);
  expect(mate.checkers()).toBe(1n << 31n);
  expect(mate.isCheckmate()).toBe(true);
  expect(mate.outcome()).toEqual({ termination: 'CHECKMATE', winner: 'b' });
  expect(mate.legalMoves()).toEqual([]);
  using stale = Position.fromFen('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
  expect(stale.isStalemate()).toBe(true);
  expect(stale.outcome()).toEqual({ termination: 'STALEMATE', winner: null });
});

test('clone is independent and keeps the history', () => {
  using a = Position.startpos();
  a.play('e2e4');
  using b = a.clone();
  b.play('e7e5');
  expect(a.turn).toBe('b');
  expect(b.historyLength).toBe(2);
  b.undo();
  b.undo();
  expect(b.fen()).toBe(Position.startpos().fen());
  expect(a.historyLength).toBe(1);
});

test('dispose: idempotent, then every use throws disposed', () => {
  const pos = Position.startpos();
  pos.dispose();
  pos.dispose();
  expect(pos.disposed).toBe(true);
  for (const use of [
    () => pos.fen(),
    () => pos.legalMoves(),
    () => pos.play('e2e4'),
    () => pos.turn,
    () => pos.hash(),
    () => pos.undo(),
    () => pos.clone(),
    () => pos.perft(1),
    () => pos.uci(1),
    () => pos.isCheck(),
  ]) {
    expect(use).toThrow(ChessError);
    expect(use).toThrow(expect.objectContaining({ code: 'disposed' }));
  }
  expect(String(pos)).toBe('Position(disposed)');
});

test('using / Symbol.dispose frees the position', () => {
  let escaped: Position;
  {
    using pos = Position.startpos();
    escaped = pos;
    expect(escaped.disposed).toBe(false);
  }
  expect(escaped.disposed).toBe(true);
  const sym = (Symbol as { dispose?: symbol }).dispose ?? Symbol.for('nodejs.dispose');
  const p = Position.startpos();
  (p as unknown as Record<symbol, () => void>)[sym]!();
  expect(p.disposed).toBe(true);
});

test('chessgroundDests: king-to-rook and king-to-destination in standard chess, rook only in Chess960', () => {
  const fen = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
  using pos = Position.fromFen(fen);
  const dests = chessgroundDests(pos);
  expect(new Set(dests.get('e1'))).toEqual(new Set(['d1', 'd2', 'e2', 'f2', 'f1', 'h1', 'g1', 'a1', 'c1']));
  expect(dests.get('a1')).toContain('a8');
  using p960 = Position.fromFen(fen, { variant: 'chess960' });
  expect(new Set(chessgroundDests(p960).get('e1'))).toEqual(new Set(['d1', 'd2', 'e2', 'f2', 'f1', 'h1', 'a1']));
  using start = Position.startpos();
  const d = chessgroundDests(start);
  expect([...d.keys()].sort()).toEqual(['a2', 'b1', 'b2', 'c2', 'd2', 'e2', 'f2', 'g1', 'g2', 'h2']);
  expect(d.get('g1')).toEqual(expect.arrayContaining(['f3', 'h3']));
});

test('chessgroundDests: crazyhouse drops are left out (their origin field names no square)', () => {
  // White holds a knight and a pawn; b1..f1 are the drops' origin fields, and the knight on
  // b1 must not be given the drop squares as its destinations.
  using zh = Position.fromFen('4k3/8/8/8/8/8/8/1N2K3[NP] w - - 0 1', { variant: 'crazyhouse' });
  const drops = zh.legalMoves().filter((m) => isDrop(m));
  expect(drops.length).toBeGreaterThan(60);
  const d = chessgroundDests(zh);
  expect(new Set(d.get('b1'))).toEqual(new Set(['a3', 'c3', 'd2']));
  expect([...d.keys()].sort()).toEqual(['b1', 'e1']);
  const moves = [...d.values()].reduce((n, l) => n + l.length, 0);
  expect(moves).toBe(zh.legalMoves().length - drops.length);
});

test('non-ASCII and very long inputs are refused, not crashed on', () => {
  expect(() => Position.fromFen('♔'.repeat(10))).toThrow(expect.objectContaining({ name: 'FenError' }));
  expect(() => Position.fromFen('x'.repeat(100_000))).toThrow(expect.objectContaining({ name: 'FenError' }));
  using pos = Position.startpos();
  expect(() => pos.play('é2e4')).toThrow(expect.objectContaining({ code: 'syntax' }));
  expect(pos.fen()).toBe(Position.startpos().fen());
});

test('parseMove reads UCI, else SAN, and leaves the position as it was', () => {
  const pos = Position.fromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  const fen = pos.fen();
  expect(pos.uci(pos.parseMove('e1g1'))).toBe('e1g1');
  expect(pos.parseMove('e1h1')).toBe(pos.parseMove('O-O'));
  expect(pos.san(pos.parseMove('a1a8'))).toBe('Rxa8+');
  expect(pos.parseMove('Rxa8+')).toBe(pos.parseMove('a1a8'));
  expect(() => pos.parseMove('e2e4')).toThrow(expect.objectContaining({ code: 'illegal' }));
  expect(() => pos.parseMove('hello')).toThrow(expect.objectContaining({ code: 'syntax' }));
  expect(() => pos.parseMove(42 as unknown as string)).toThrow(expect.objectContaining({ code: 'syntax' }));
  expect(pos.fen()).toBe(fen);
  pos.dispose();
});
