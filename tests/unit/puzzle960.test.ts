// validateLine and Puzzle with `{ chess960: true }` beside a rule set: lines of seeded
// random games from random Chess960 start arrays, played by chessops (whose castling follows the
// rights of the set-up, king onto rook), are validated in UCI and in SAN and end on chessops'
// position; the same lines without the flag are refused; a puzzle castles king-to-rook and keeps
// the flag through toJSON / fromJSON.
import { makeFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import type { Rules } from 'chessops/types';
import { describe, expect, test } from 'vitest';
import { ChessError, Position, Puzzle, chess960BackRank, validateLine, type Variant } from 'chesswasm';
import { prng } from '../tools/prng.mjs';
import { isOpsCastling, opsMoves, opsPosition, startFen960 } from '../tools/variant-play.mjs';
import { ourFen } from './chessops-compare.js';

const VARIANTS: Variant[] = ['chess', 'crazyhouse', 'atomic', 'kingofthehill', '3check', 'horde'];
const GAMES = 40;
const PLIES = 40;

describe.each(VARIANTS)('%s with Chess960 castling: validateLine against chessops', (variant) => {
  test(`${GAMES} random lines, castling preferred`, () => {
    const rand = prng(0x9601 + VARIANTS.indexOf(variant));
    let castles = 0;
    let refused = 0;
    for (let g = 0; g < GAMES; g++) {
      const backRank = chess960BackRank(rand.int(960));
      const start = startFen960(variant, backRank);
      const theirs = opsPosition(variant as Rules, start);
      const uci: string[] = [];
      const san: string[] = [];
      let castled = false;
      for (let ply = 0; ply < PLIES && !theirs.isEnd(); ply++) {
        const moves = opsMoves(theirs, { castling: 'king-to-rook' });
        const castling = moves.filter((m) => isOpsCastling(theirs, m.uci));
        const pick =
          castling.length && rand.chance(0.5) ? castling[rand.int(castling.length)]! : moves[rand.int(moves.length)]!;
        if (castling.includes(pick)) castled = true;
        uci.push(pick.uci);
        san.push(makeSan(theirs, pick.move));
        theirs.play(pick.move);
      }
      const where = `${variant} ${start} ${uci.join(' ')}`;
      const options = { variant, chess960: true };
      const byUci = validateLine(start, uci, options);
      expect(byUci.ok, where).toBe(true);
      expect(validateLine(start, san, options), where).toEqual(byUci);
      if (byUci.ok) {
        using end = Position.fromFen(byUci.fen, options);
        expect(end.chess960, where).toBe(true);
        expect(ourFen(end), where).toBe(makeFen(theirs.toSetup()));
      }
      if (castled) {
        castles++;
        // Standard castling rules cannot read the line: the FEN's rights (the king off e1/e8) or
        // the king-to-rook castling move is refused.
        const plain = validateLine(start, uci, { variant });
        if (backRank === 'RNBQKBNR') continue; // the standard array: its rights read the same
        expect(plain.ok, where).toBe(false);
        refused++;
      }
    }
    expect(castles).toBeGreaterThan(GAMES / 4);
    expect(refused).toBeGreaterThan(0);
  });
});

describe('Puzzle with Chess960 castling', () => {
  const fen = 'rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1';

  test('castles king-to-rook or as O-O, and keeps the flag in its state', () => {
    const p = new Puzzle({ fen, solution: 'O-O O-O-O a3', variant: 'atomic', chess960: true });
    expect(p.variant).toBe('atomic');
    expect(p.chess960).toBe(true);
    expect(p.line).toEqual(['b1h1', 'b8a8', 'a2a3']);
    expect(p.play('b1h1')).toBe('correct');
    expect(p.lastReply).toBe('b8a8');
    expect(p.position.fen()).toBe('2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2');
    expect(p.play('a3')).toBe('solved');
    const state = p.toJSON();
    expect(state.chess960).toBe(true);
    const q = Puzzle.fromJSON(JSON.stringify(state));
    expect(q.chess960).toBe(true);
    expect(q.solved).toBe(true);
    expect(q.position.fen()).toBe('2kr3r/pppppppp/8/8/8/P7/1PPPPPPP/R4RK1 b - - 0 2');
    p.dispose();
    q.dispose();
  });

  test('without the flag the set-up is refused; standard puzzles write no flag', () => {
    expect(() => new Puzzle({ fen, solution: 'O-O O-O-O', variant: 'atomic' })).toThrow(
      expect.objectContaining({ code: 'castling-no-king' }),
    );
    const std = new Puzzle({ fen: '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1', solution: 'O-O', variant: 'atomic' });
    expect(std.chess960).toBe(false);
    expect(std.line).toEqual(['e1g1']);
    expect('chess960' in std.toJSON()).toBe(false);
    std.dispose();
    // 'chess960' rules are Chess960 castling already: the flag is theirs, not written again.
    const c960 = new Puzzle({ fen, solution: 'O-O O-O-O', variant: 'chess960' });
    expect(c960.chess960).toBe(true);
    expect('chess960' in c960.toJSON()).toBe(false);
    c960.dispose();
  });

  test('a chess960 option that is not a boolean is refused', () => {
    for (const bad of [1, 'yes', null])
      expect(() => validateLine(fen, 'b1h1', { variant: 'atomic', chess960: bad as unknown as boolean })).toThrow(
        ChessError,
      );
    expect(() => new Puzzle({ fen, solution: 'O-O', variant: 'atomic', chess960: 'x' as unknown as boolean })).toThrow(
      expect.objectContaining({ code: 'invalid-argument' }),
    );
  });
});
