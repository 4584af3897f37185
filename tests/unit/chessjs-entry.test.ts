// The facade's entry point (chesswasm/chessjs: dist/chessjs.js, its types in
// dist/types/adapters/chessjs/): chess.js's names, usable right after import; the main entry
// no longer carries it.
import { describe, expect, it } from 'vitest';
import * as chessjs from 'chess.js';
import * as main from 'chesswasm';
import * as entry from 'chesswasm/chessjs';

describe('chesswasm/chessjs', () => {
  it("exports every name chess.js 1.4 exports, and the main entry none of the facade's", () => {
    const ours = Object.keys(entry);
    for (const name of Object.keys(chessjs).filter((n) => n !== 'default')) expect(ours, name).toContain(name);
    expect(entry.isInitialized()).toBe(true);
    expect('Chess' in main).toBe(false);
    expect('validateFen' in main).toBe(false);
  });

  it("gives Move objects of a class named Move, as chess.js's (printing, instanceof)", () => {
    const chess = new entry.Chess();
    const move = chess.move('e4');
    expect(move).toBeInstanceOf(entry.Move);
    expect(move.constructor.name).toBe('Move');
    expect(chess.moves({ verbose: true }).every((m) => m instanceof entry.Move)).toBe(true);
    expect(chess.history({ verbose: true })[0]).toBeInstanceOf(entry.Move);
  });

  it("xoroshiro128 gives chess.js's sequence", () => {
    for (const seed of [
      0xa187eb39cdcaed8f31c4b365b102e01en,
      1n,
      (1n << 128n) - 1n,
      0x123456789abcdef0fedcba9876543210n,
    ]) {
      const a = entry.xoroshiro128(seed);
      const b = chessjs.xoroshiro128(seed);
      for (let i = 0; i < 50; i++) expect(a()).toBe(b());
    }
  });

  it('plays a game with nothing else imported', () => {
    const chess = new entry.Chess();
    chess.move('e4');
    chess.move({ from: 'e7', to: 'e5' });
    expect(chess.fen()).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    expect(chess.moves().length).toBe(29);
  });
});
