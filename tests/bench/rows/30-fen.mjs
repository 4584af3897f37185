// FEN parse + write, /s, over ctx.fens. ours: Position.fromFen(f).fen() then dispose();
// chess.js: load(f) + fen() on one instance; chessops: parseFen + Chess.fromSetup + makeFen.
import { Chess } from 'chess.js';
import { Chess as OpsChess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';

let sink = 0;

export default {
  id: 'fen',
  title: 'FEN parse + write',
  unit: '/s',
  impls: {
    ours: ({ chesswasm, fens }) => {
      const { Position } = chesswasm;
      return {
        batch: () => {
          for (const f of fens) {
            const p = Position.fromFen(f);
            sink += p.fen().length;
            p.dispose();
          }
          return fens.length;
        },
      };
    },
    'chess.js': ({ fens }) => {
      const c = new Chess();
      return {
        batch: () => {
          for (const f of fens) {
            c.load(f);
            sink += c.fen().length;
          }
          return fens.length;
        },
      };
    },
    chessops: ({ fens }) => ({
      batch: () => {
        for (const f of fens) sink += makeFen(OpsChess.fromSetup(parseFen(f).unwrap()).unwrap().toSetup()).length;
        return fens.length;
      },
    }),
    native: () => undefined,
  },
};
