// SAN through the Position API (the core's move_to_san / parse_san), and outcome().
import { expect, test } from 'vitest';
import { IllegalMoveError, Position } from 'chesswasm';

test('san() of the legal moves; play() and parseSan() take SAN', () => {
  using pos = Position.startpos();
  expect(
    pos
      .legalMoves()
      .map((m) => pos.san(m))
      .sort(),
  ).toEqual(
    [
      'a3',
      'a4',
      'b3',
      'b4',
      'c3',
      'c4',
      'd3',
      'd4',
      'e3',
      'e4',
      'f3',
      'f4',
      'g3',
      'g4',
      'h3',
      'h4',
      'Na3',
      'Nc3',
      'Nf3',
      'Nh3',
    ].sort(),
  );
  for (const san of ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6']) pos.play(san);
  const oo = pos.parseSan('O-O');
  expect(pos.san(oo)).toBe('O-O');
  expect(pos.uci(oo)).toBe('e1g1');
  expect(pos.parseSan('0-0')).toBe(oo);
  expect(pos.parseSan('e1g1')).toBe(oo);
  expect(() => pos.parseSan('0-0', { strict: true })).toThrow(expect.objectContaining({ code: 'syntax' }));
});

test('parseSan errors: syntax, illegal, ambiguous — position unchanged', () => {
  using pos = Position.fromFen('4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1');
  const fen = pos.fen();
  const cases: [unknown, string][] = [
    ['Nd2', 'ambiguous'],
    ['Nb3', 'illegal'],
    ['Qd1', 'illegal'],
    ['hello', 'syntax'],
    ['', 'syntax'],
    [null, 'syntax'],
    [42, 'syntax'],
  ];
  for (const [san, code] of cases) {
    let error: unknown;
    try {
      pos.parseSan(san as string);
    } catch (e) {
      error = e;
    }
    expect(error, String(san)).toBeInstanceOf(IllegalMoveError);
    expect((error as IllegalMoveError).code, String(san)).toBe(code);
    expect(() => pos.play(san as string)).toThrow(IllegalMoveError);
    expect(pos.fen()).toBe(fen);
  }
  expect(pos.san(pos.parseSan('Nbd2'))).toBe('Nbd2');
});

test('check and mate suffixes; promotions', () => {
  using pos = Position.fromFen('7k/P7/6K1/8/8/8/8/1R6 w - - 0 1');
  const moves = new Map(pos.legalMoves().map((m) => [pos.san(m), m]));
  expect(moves.has('a8=Q#')).toBe(true);
  expect(moves.has('a8=N')).toBe(true);
  expect(moves.has('Rh1+')).toBe(true);
  expect(moves.has('Rb8#')).toBe(true);
  pos.play('Rb8#');
  expect(pos.outcome()).toEqual({ termination: 'CHECKMATE', winner: 'w' });
});

test('outcome: insufficient material, claims', () => {
  using kk = Position.fromFen('8/8/4k3/8/8/3K4/8/8 w - - 0 1');
  expect(kk.outcome()).toEqual({ termination: 'INSUFFICIENT_MATERIAL', winner: null });
  using fifty = Position.fromFen('8/8/4k3/8/8/3K4/8/7R w - - 100 80');
  expect(fifty.outcome()).toBeNull();
  expect(fifty.outcome({ claim: true })).toEqual({ termination: 'FIFTY_MOVES', winner: null });
  using rep = Position.startpos();
  for (let i = 0; i < 2; i++) for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8']) rep.play(m);
  expect(rep.outcome()).toBeNull();
  expect(rep.outcome({ claim: true })).toEqual({ termination: 'THREEFOLD_REPETITION', winner: null });
  for (let i = 0; i < 2; i++) for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8']) rep.play(m);
  expect(rep.outcome()).toEqual({ termination: 'FIVEFOLD_REPETITION', winner: null });
});
