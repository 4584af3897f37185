import { describe, expect, it } from 'vitest';
import { ChessError, Position, chess960BackRank, chess960StartFen } from 'chesswasm';

describe('chess960StartFen (Scharnagl numbering)', () => {
  it('matches known numbers', () => {
    // Values from the published Scharnagl table (518 is the standard array).
    expect(chess960BackRank(518)).toBe('RNBQKBNR');
    expect(chess960BackRank(0)).toBe('BBQNNRKR');
    expect(chess960BackRank(1)).toBe('BQNBNRKR');
    expect(chess960BackRank(959)).toBe('RKRNNQBB');
    expect(chess960BackRank(2)).toBe('BQNNRBKR');
    expect(chess960BackRank(3)).toBe('BQNNRKRB');
    expect(chess960StartFen(518)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(chess960StartFen(0)).toBe('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1');
  });

  it('gives 960 distinct valid positions (bishops on opposite colours, king between the rooks)', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 960; n++) {
      const r = chess960BackRank(n);
      seen.add(r);
      const b = [...r].flatMap((p, i) => (p === 'B' ? [i] : []));
      expect((b[0]! + b[1]!) % 2).toBe(1);
      const rooks = [...r].flatMap((p, i) => (p === 'R' ? [i] : []));
      const k = r.indexOf('K');
      expect(rooks[0]! < k && k < rooks[1]!).toBe(true);
      using pos = Position.fromFen(chess960StartFen(n), { variant: 'chess960' });
      expect(pos.legalMoves().length).toBeGreaterThan(0);
    }
    expect(seen.size).toBe(960);
  });

  it('rejects numbers outside 0–959', () => {
    expect(() => chess960StartFen(960)).toThrow(ChessError);
    expect(() => chess960StartFen(-1)).toThrow(ChessError);
    expect(() => chess960StartFen(1.5)).toThrow(ChessError);
  });
});
