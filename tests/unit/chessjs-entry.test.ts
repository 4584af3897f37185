// The facade's own entry point (chesswasm/chessjs: dist/chessjs.js, its types in
// dist/adapters/chessjs/): the same classes as the main entry's, usable right after import.
import { describe, expect, it } from 'vitest';
import * as main from 'chesswasm';
import * as entry from 'chesswasm/chessjs';

describe('chesswasm/chessjs', () => {
  it('exports the facade the main entry re-exports', () => {
    expect(entry.Chess).toBe(main.Chess);
    expect(entry.ChessMove).toBe(main.ChessMove);
    expect(entry.validateFen).toBe(main.validateFen);
    expect(entry.DEFAULT_POSITION).toBe(main.DEFAULT_POSITION);
    expect(entry.isInitialized()).toBe(true);
  });

  it('plays a game with nothing else imported', () => {
    const chess = new entry.Chess();
    chess.move('e4');
    chess.move({ from: 'e7', to: 'e5' });
    expect(chess.fen()).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    expect(chess.moves().length).toBe(29);
  });
});
