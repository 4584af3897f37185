// The chess.js drop-in (`Chess`): a typical app loop, the same calls on chesswasm's Chess and
// on chess.js's, over ctx.fens (positions from seeded random games). Rows: the calls one by
// one, then the loop they make together: moves({ verbose: true }) -> move(san) -> fen() ->
// isGameOver() -> undo(), for every legal move.
import { Chess as JsChess } from 'chess.js';

let sink = 0;

// Both libraries, the same code: impl(ChessClass) -> { batch }.
function both(make) {
  return {
    ours: ({ chesswasm, fens }) => make(chesswasm.Chess, fens),
    'chess.js': ({ fens }) => make(JsChess, fens),
    chessops: () => undefined,
    native: () => undefined,
  };
}

// Positions with their legal moves in SAN (from chess.js, the reference).
function setup(Chess, fens) {
  return fens.map((f) => ({ c: new Chess(f), sans: new JsChess(f).moves() }));
}

export default [
  {
    id: 'chessjs-moves',
    title: 'Chess: moves({ verbose: true })',
    unit: 'positions/s',
    impls: both((Chess, fens) => {
      const cases = setup(Chess, fens);
      return {
        batch: () => {
          for (const { c } of cases) sink += c.moves({ verbose: true }).length;
          return cases.length;
        },
      };
    }),
  },
  {
    id: 'chessjs-moves-san',
    title: 'Chess: moves()',
    unit: 'positions/s',
    impls: both((Chess, fens) => {
      const cases = setup(Chess, fens);
      return {
        batch: () => {
          for (const { c } of cases) sink += c.moves().length;
          return cases.length;
        },
      };
    }),
  },
  {
    id: 'chessjs-move-undo',
    title: 'Chess: move(san) + undo()',
    unit: 'pairs/s',
    impls: both((Chess, fens) => {
      const cases = setup(Chess, fens);
      const total = cases.reduce((n, c) => n + c.sans.length, 0);
      return {
        batch: () => {
          for (const { c, sans } of cases)
            for (const san of sans) {
              c.move(san);
              c.undo();
            }
          return total;
        },
      };
    }),
  },
  {
    id: 'chessjs-fen',
    title: 'Chess: move(san) + fen() + undo()',
    unit: 'moves/s',
    impls: both((Chess, fens) => {
      const cases = setup(Chess, fens);
      const total = cases.reduce((n, c) => n + c.sans.length, 0);
      return {
        batch: () => {
          for (const { c, sans } of cases)
            for (const san of sans) {
              c.move(san);
              sink += c.fen().length;
              c.undo();
            }
          return total;
        },
      };
    }),
  },
  {
    id: 'chessjs-game-over',
    title: 'Chess: isGameOver()',
    unit: 'calls/s',
    impls: both((Chess, fens) => {
      const cases = setup(Chess, fens);
      return {
        batch: () => {
          for (const { c } of cases) sink += c.isGameOver() ? 1 : 0;
          return cases.length;
        },
      };
    }),
  },
  {
    id: 'chessjs-app-loop',
    title: 'Chess: app loop (moves verbose, move, fen, isGameOver, undo)',
    unit: 'positions/s',
    impls: both((Chess, fens) => {
      const cases = setup(Chess, fens);
      return {
        batch: () => {
          for (const { c } of cases) {
            const moves = c.moves({ verbose: true });
            for (let i = 0; i < moves.length; i += 4) {
              c.move(moves[i].san);
              sink += c.fen().length;
              sink += c.isGameOver() ? 1 : 0;
              c.undo();
            }
          }
          return cases.length;
        },
      };
    }),
  },
];
