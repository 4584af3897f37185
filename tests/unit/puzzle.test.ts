// Puzzle and validateLine (web/src/apps/puzzle.ts): lichess format, solver-first, SAN lines,
// replies, alternative mates, wrong and illegal moves, hints, progress, restart, JSON state.
import { readFileSync } from 'node:fs';
import { ChessError, FenError, IllegalMoveError, Position, Puzzle, validateLine } from 'chesswasm';
import { describe, expect, test } from 'vitest';
import { DATA } from './helpers.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// Scholar's mate: black's setup move Nf6??, then Qxf7#.
const SCHOLAR = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';
// A mate in 3 found by stockfish (tests/data/puzzles/sample.csv).
const M3 = { fen: 'B1q2rk1/n4p2/3r2P1/p6p/1p6/1Pb1P3/P4P1P/4R2K w - - 0 39', moves: 'e1e2 d6d1 e2e1 d1e1 h1g2 c8g4' };
// Back-rank position where both Ra8# and Re8# mate.
const TWO_MATES = '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1';

describe('validateLine', () => {
  test('a good line gives the final FEN', () => {
    expect(validateLine(START, 'e2e4 e7e5 g1f3')).toEqual({
      ok: true,
      fen: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
    });
    expect(validateLine(START, ['e4', 'e5', 'Nf3'])).toEqual(validateLine(START, 'e2e4 e7e5 g1f3'));
    expect(validateLine(START, '')).toEqual({ ok: true, fen: START });
  });

  test.each([
    ['e2e4 e7e5 Nf9', 2, 'syntax'],
    ['e2e4 0000', 1, 'syntax'],
    ['e2e4 e2e4', 1, 'illegal'],
    ['Nf6', 0, 'illegal'],
    ['e2e4 e7e5 Ke3', 2, 'illegal'],
  ] as const)('%j: ply %i, %s', (line, ply, reason) => {
    expect(validateLine(START, line)).toEqual({ ok: false, ply, reason });
  });

  test('ambiguous SAN, bad FEN, notation option', () => {
    expect(validateLine('4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1', 'Nd2')).toEqual({ ok: false, ply: 0, reason: 'ambiguous' });
    expect(validateLine('4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1', 'Nbd2').ok).toBe(true);
    expect(validateLine('nonsense', 'e2e4')).toEqual({ ok: false, ply: 0, reason: 'fen' });
    expect(validateLine(START, 'e2e4 e5', { notation: 'uci' })).toEqual({ ok: false, ply: 1, reason: 'syntax' });
    expect(validateLine(START, 'e2e4 e5', { notation: 'san' }).ok).toBe(true);
  });

  test('never throws on bad strings or values', () => {
    const bad: unknown[] = [null, undefined, 42, {}, [], 'é'.repeat(5000), '\u0000', 'e2e4'.repeat(1000)];
    for (const fen of bad) expect(() => validateLine(fen as string, 'e2e4')).not.toThrow();
    for (const moves of bad) {
      const r = validateLine(START, moves as string);
      expect(r.ok === true || ['syntax', 'illegal', 'ambiguous'].includes(r.reason)).toBe(true);
    }
    expect(validateLine(START, ['e2e4', 5 as unknown as string])).toEqual({ ok: false, ply: 1, reason: 'syntax' });
    expect(validateLine(START, ['e2e4', 'e7e5 g1f3'])).toEqual({ ok: false, ply: 1, reason: 'syntax' });
  });

  test('Chess960 castling king-to-rook', () => {
    const fen = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
    expect(validateLine(fen, 'g1h1', { variant: 'chess960' }).ok).toBe(false); // not castling-legal here
    expect(() => validateLine(fen, 'g1h1', { variant: 'xiangqi' as 'chess' })).toThrow(ChessError);
  });
});

describe('Puzzle', () => {
  test('lichess format: position after the setup move, then solved', () => {
    const p = new Puzzle({ fen: SCHOLAR, moves: 'g8f6 h5f7' });
    expect(p.position.fen()).toBe('r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4');
    expect(p.solution).toEqual(['h5f7']);
    expect(p.progress).toEqual({ done: 0, total: 1, mistakes: 0, hints: 0, solved: false });
    expect(p.play('Qxf7#')).toBe('solved');
    expect(p.solved).toBe(true);
    expect(p.position.isCheckmate()).toBe(true);
    expect(() => p.play('e8e7')).toThrow(ChessError);
  });

  test('correct moves play the reply; the line is followed to the end', () => {
    const p = new Puzzle(M3);
    expect(p.play('d6d1')).toBe('correct');
    expect(p.lastReply).toBe('e2e1');
    expect(p.progress.done).toBe(1);
    expect(p.play('Rxe1+')).toBe('correct');
    expect(p.lastReply).toBe('h1g2');
    expect(p.play('c8g4')).toBe('solved');
    expect(p.progress).toMatchObject({ done: 3, total: 3, solved: true });
  });

  test('wrong moves are not played; illegal moves throw and change nothing', () => {
    const p = new Puzzle(M3);
    const fen = p.position.fen();
    expect(p.play('a5a4')).toBe('wrong');
    expect(p.position.fen()).toBe(fen);
    expect(() => p.play('e1e8')).toThrow(IllegalMoveError);
    expect(() => p.play('xyz')).toThrow(IllegalMoveError);
    expect(p.position.fen()).toBe(fen);
    expect(p.progress.mistakes).toBe(1);
    expect(p.play('d6d1')).toBe('correct');
  });

  test('any checkmating move solves, even when not the listed one', () => {
    const p = new Puzzle({ fen: TWO_MATES, solution: 'a1a8' });
    expect(p.play('Re8#')).toBe('solved');
    const q = new Puzzle({ fen: TWO_MATES, solution: ['Ra8#'] });
    expect(q.play('a1a8')).toBe('solved');
  });

  test('solver-first and SAN lines', () => {
    const p = new Puzzle({
      fen: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4',
      solution: 'Qxf7#',
    });
    expect(p.line).toEqual(['h5f7']);
    expect(p.play('h5f7')).toBe('solved');
    const q = new Puzzle({ fen: M3.fen, moves: 'Re2 Rd1 Re1 Rxe1+ Kg2 Qg4#' });
    expect(q.line).toEqual(M3.moves.split(' '));
  });

  test('hints: the from-square, then the move', () => {
    const p = new Puzzle(M3);
    expect(p.hint()).toBe('d6');
    expect(p.hint()).toBe('d6d1');
    expect(p.hint()).toBe('d6d1');
    p.play('d6d1');
    expect(p.hint()).toBe('d1');
    expect(p.progress.hints).toBe(4);
  });

  test('restart goes back to the position after the setup move', () => {
    const p = new Puzzle(M3);
    const fen = p.position.fen();
    p.play('d6d1');
    p.restart();
    expect(p.position.fen()).toBe(fen);
    expect(p.progress.done).toBe(0);
    expect(p.play('d6d1')).toBe('correct');
  });

  test('toJSON / fromJSON keep a session between requests', () => {
    const p = new Puzzle(M3);
    p.play('a5a4'); // wrong
    p.hint();
    p.play('d6d1');
    const state = JSON.parse(JSON.stringify(p)) as ReturnType<Puzzle['toJSON']>;
    const q = Puzzle.fromJSON(state);
    expect(q.position.fen()).toBe(p.position.fen());
    expect(q.progress).toEqual(p.progress);
    expect(q.play('Rxe1+')).toBe('correct');
    expect(q.play('Qg4#')).toBe('solved');
    expect(Puzzle.fromJSON(JSON.stringify(q)).solved).toBe(true);
    expect(() => Puzzle.fromJSON({ ...state, played: ['a5a4'] })).toThrow(ChessError);
    expect(() => Puzzle.fromJSON({} as never)).toThrow(ChessError);
  });

  test('bad puzzles throw typed errors', () => {
    expect(() => new Puzzle({ fen: 'nonsense', moves: 'e2e4 e7e5' })).toThrow(FenError);
    expect(() => new Puzzle({ fen: START, moves: 'e2e4 e2e4' })).toThrow(IllegalMoveError);
    expect(() => new Puzzle({ fen: START, moves: 'e2e4' })).toThrow(ChessError); // no solver move
    expect(() => new Puzzle({ fen: START } as never)).toThrow(ChessError);
    expect(() => new Puzzle({ fen: START, moves: 'e2e4 e7e5', solution: 'e2e4' })).toThrow(ChessError);
  });

  test('every valid row of the sample file can be solved by playing its line', () => {
    const rows = readFileSync(DATA + 'puzzles/sample.csv', 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l.startsWith('ok-'));
    expect(rows.length).toBeGreaterThan(15);
    for (const row of rows) {
      const [, fen, moves] = row.split(',');
      const p = new Puzzle({ fen: fen!, moves: moves! });
      const sol = p.solution;
      let last = '';
      for (let i = 0; i < sol.length; i += 2) last = p.play(sol[i]!);
      expect(last).toBe('solved');
      p.dispose();
    }
  });

  test('position is a live Position', () => {
    const p = new Puzzle({ fen: SCHOLAR, moves: 'g8f6 h5f7' });
    expect(p.position).toBeInstanceOf(Position);
    expect(p.position.legalMoves().length).toBeGreaterThan(0);
  });
});
