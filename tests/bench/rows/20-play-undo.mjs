// play + undo through the JS API, pairs/s: every legal move of every position of ctx.fens,
// played then taken back. ours: Position.play(move number) + undo(); chess.js: move({ from,
// to, promotion }) + undo(); chessops (immutable-style): clone() + play(move).
import { Chess } from 'chess.js';
import { Chess as OpsChess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { parseUci } from 'chessops/util';

let sink = 0;

export default {
  id: 'play-undo',
  title: 'play + undo',
  unit: 'pairs/s',
  impls: {
    ours: ({ chesswasm, fens }) => {
      const cases = fens.map((f) => {
        const p = chesswasm.Position.fromFen(f);
        return { p, moves: p.legalMoves() };
      });
      const total = cases.reduce((n, c) => n + c.moves.length, 0);
      return {
        batch: () => {
          for (const { p, moves } of cases)
            for (let i = 0; i < moves.length; i++) {
              p.play(moves[i]);
              p.undo();
            }
          return total;
        },
      };
    },
    'chess.js': ({ fens }) => {
      const cases = fens.map((f) => {
        const c = new Chess(f);
        return { c, moves: c.moves({ verbose: true }).map(({ from, to, promotion }) => ({ from, to, promotion })) };
      });
      const total = cases.reduce((n, c) => n + c.moves.length, 0);
      return {
        batch: () => {
          for (const { c, moves } of cases)
            for (const m of moves) {
              c.move(m);
              c.undo();
            }
          return total;
        },
      };
    },
    chessops: ({ fens, chesswasm }) => {
      const cases = fens.map((f) => {
        const pos = OpsChess.fromSetup(parseFen(f).unwrap()).unwrap();
        const p = chesswasm.Position.fromFen(f);
        const moves = p.legalMoves().map((m) => parseUci(p.uci(m)));
        p.dispose();
        return { pos, moves };
      });
      const total = cases.reduce((n, c) => n + c.moves.length, 0);
      return {
        batch: () => {
          for (const { pos, moves } of cases)
            for (const m of moves) {
              const c = pos.clone();
              c.play(m);
              sink += c.turn === 'white' ? 1 : 0;
            }
          return total;
        },
      };
    },
    native: () => undefined,
  },
};
