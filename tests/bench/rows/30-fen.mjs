// FEN parse + write, /s. ours: Position.fromFen(f).fen() then dispose(); chess.js: load(f) +
// fen() on one instance; chessops: parseFen + Chess.fromSetup + makeFen.
// Two FEN sets: 'fen' over ctx.fens (100 positions, every fifth ply of seeded random games);
// 'fen-games' over every position along 1,000 seeded random games (issue 29: "FENs taken
// along random games", about a quarter of a million, shuffled), 1,000 of them per batch in turn
// so that every implementation sees the same mix.
import { Chess } from 'chess.js';
import { Chess as OpsChess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { prng } from '../../tools/prng.mjs';

let sink = 0;

// Every position along `games` random games (the game's moves picked by a seeded PRNG; the
// game ends at mate, stalemate or a draw the rules declare, or after 400 plies), shuffled.
let gameFens = null;
export function fensAlongGames(chesswasm, games = 1000) {
  if (gameFens) return gameFens;
  const rand = prng(29);
  const fens = [];
  for (let g = 0; g < games; g++) {
    const pos = chesswasm.Position.startpos();
    for (let ply = 0; ply < 400; ply++) {
      fens.push(pos.fen());
      const moves = pos.legalMoves();
      if (moves.length === 0 || pos.outcome()) break;
      pos.play(rand.pick(moves));
    }
    pos.dispose();
  }
  for (let i = fens.length - 1; i > 0; i--) {
    const j = rand.int(i + 1);
    [fens[i], fens[j]] = [fens[j], fens[i]];
  }
  return (gameFens = fens);
}

// A batch over a list: all of it (short lists) or the next 1,000 in turn.
function batches(all, work) {
  const CHUNK = 1000;
  if (all.length <= CHUNK) return () => work(all, 0, all.length);
  let at = 0;
  return () => {
    const from = at;
    at = at + CHUNK >= all.length ? 0 : at + CHUNK;
    return work(all, from, Math.min(from + CHUNK, all.length));
  };
}

function row(id, title, fensOf) {
  return {
    id,
    title,
    unit: '/s',
    impls: {
      ours: (ctx) => {
        const { Position } = ctx.chesswasm;
        return {
          batch: batches(fensOf(ctx), (fens, from, to) => {
            for (let i = from; i < to; i++) {
              const p = Position.fromFen(fens[i]);
              sink += p.fen().length;
              p.dispose();
            }
            return to - from;
          }),
        };
      },
      'chess.js': (ctx) => {
        const c = new Chess();
        return {
          batch: batches(fensOf(ctx), (fens, from, to) => {
            for (let i = from; i < to; i++) {
              c.load(fens[i]);
              sink += c.fen().length;
            }
            return to - from;
          }),
        };
      },
      chessops: (ctx) => ({
        batch: batches(fensOf(ctx), (fens, from, to) => {
          for (let i = from; i < to; i++)
            sink += makeFen(OpsChess.fromSetup(parseFen(fens[i]).unwrap()).unwrap().toSetup()).length;
          return to - from;
        }),
      }),
      native: () => undefined,
    },
  };
}

export default [
  row('fen', 'FEN parse + write', (ctx) => ctx.fens),
  row('fen-games', 'FEN parse + write, along 1,000 games', (ctx) => fensAlongGames(ctx.chesswasm)),
];
