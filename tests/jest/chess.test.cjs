// chess.js-style tests of an app's own suite, run by Jest with its default configuration in
// the jsdom environment, against `require('chesswasm/chessjs')` from the packed tarball
// (tests/pack/pack.test.ts copies this folder next to the installed package and runs Jest).
// CHESS_MODULE=chess.js runs the same tests on chess.js itself, which tests/pack does too: they
// are chess.js's behaviour, not ours.
const CHESS_MODULE = process.env.CHESS_MODULE || 'chesswasm/chessjs';
const { Chess, Move, DEFAULT_POSITION, SQUARES, WHITE, BLACK, validateFen } = require(CHESS_MODULE);
const ours = CHESS_MODULE === 'chesswasm/chessjs';

// Made while the test file is collected: the package must be usable as soon as require returns.
const atLoad = new Chess();

describe('the environment', () => {
  test('is jsdom, without TextEncoder and TextDecoder, and the package loaded synchronously in it', () => {
    expect(typeof window).toBe('object');
    expect(typeof document.createElement).toBe('function');
    expect(typeof TextEncoder).toBe('undefined');
    expect(typeof TextDecoder).toBe('undefined');
    expect(atLoad.fen()).toBe(DEFAULT_POSITION);
    if (ours) {
      const { Position, isInitialized } = require('chesswasm');
      expect(isInitialized()).toBe(true);
      expect(Position.startpos().perft(3)).toBe(8902);
    }
  });
});

describe('Chess', () => {
  let chess;
  beforeEach(() => {
    chess = new Chess();
  });

  test('the start position', () => {
    expect(chess.fen()).toBe(DEFAULT_POSITION);
    expect(chess.turn()).toBe(WHITE);
    expect(chess.moves()).toHaveLength(20);
    expect(SQUARES).toHaveLength(64);
    expect(chess.get('e1')).toEqual({ type: 'k', color: 'w' });
  });

  test('move() returns a Move (instanceof, printed by its class name)', () => {
    const move = chess.move('e4');
    expect(move).toBeInstanceOf(Move);
    expect(move.constructor.name).toBe('Move');
    expect(move).toMatchObject({ color: 'w', from: 'e2', to: 'e4', piece: 'p', san: 'e4', lan: 'e2e4' });
    expect(move.isBigPawn()).toBe(true);
    expect(chess.turn()).toBe(BLACK);
  });

  test('illegal moves throw and change nothing', () => {
    expect(() => chess.move('e5')).toThrow('Invalid move: e5');
    expect(() => chess.move({ from: 'e2', to: 'e5' })).toThrow();
    expect(chess.fen()).toBe(DEFAULT_POSITION);
  });

  test("the fool's mate", () => {
    for (const san of ['f3', 'e5', 'g4', 'Qh4#']) chess.move(san);
    expect(chess.isCheckmate()).toBe(true);
    expect(chess.isGameOver()).toBe(true);
    expect(chess.moves()).toEqual([]);
    expect(chess.history()).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
  });

  test('castling, en passant and promotion in verbose moves', () => {
    chess.load('r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1');
    const moves = chess.moves({ verbose: true });
    expect(moves.every((m) => m instanceof Move)).toBe(true);
    expect(moves.find((m) => m.san === 'O-O').isKingsideCastle()).toBe(true);
    expect(moves.find((m) => m.san === 'exd6').isEnPassant()).toBe(true);
    expect(
      moves
        .filter((m) => m.from === 'b7' && m.to === 'b8')
        .map((m) => m.promotion)
        .sort(),
    ).toEqual(['b', 'n', 'q', 'r']);
  });

  test('undo and history', () => {
    chess.move('d4');
    chess.move('d5');
    expect(chess.undo().san).toBe('d5');
    expect(chess.history({ verbose: true })[0]).toBeInstanceOf(Move);
    expect(chess.history()).toEqual(['d4']);
  });

  test('PGN in and out, with comments and non-ASCII text', () => {
    chess.loadPgn('[White "Müller"]\n[Black "Ståhlberg"]\n\n1. e4 {Bon coup ♞} e5 2. Nf3 *');
    expect(chess.getHeaders().White).toBe('Müller');
    expect(chess.history()).toEqual(['e4', 'e5', 'Nf3']);
    expect(chess.getComments()).toEqual([
      { fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', comment: 'Bon coup ♞' },
    ]);
    expect(chess.pgn()).toContain('1. e4 {Bon coup ♞} e5 2. Nf3 *');
  });

  test('draws: stalemate, insufficient material, threefold repetition', () => {
    expect(new Chess('k7/8/1Q6/8/8/8/8/7K b - - 0 1').isStalemate()).toBe(true);
    expect(new Chess('k7/8/8/8/8/8/8/6BK w - - 0 1').isInsufficientMaterial()).toBe(true);
    for (const san of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']) chess.move(san);
    expect(chess.isThreefoldRepetition()).toBe(true);
    expect(chess.isDraw()).toBe(true);
  });

  test('validateFen', () => {
    expect(validateFen(DEFAULT_POSITION).ok).toBe(true);
    expect(validateFen('8/8/8/8/8/8/8/8 w - - 0 1')).toEqual({ ok: false, error: 'Invalid FEN: missing white king' });
  });
});
