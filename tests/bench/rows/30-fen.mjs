// FEN parse + write, /s. ours: Position.fromFen(f).fen() then dispose(); chess.js: load(f) +
// fen() on one instance; chessops: parseFen + Chess.fromSetup + makeFen.
// Two FEN sets: 'fen' over ctx.fens (100 positions, every fifth ply of seeded random games);
// 'fen-games' over every position along 1,000 seeded random games ("FENs taken
// along random games", about a quarter of a million, shuffled), 1,000 of them per batch in turn
// so that every implementation sees the same mix.
// 'fen-play': what a server that checks a move does: read a FEN, play one move (UCI, picked by a
// seeded PRNG among the legal ones, the same for everyone), write the FEN after it; over the
// positions of 'fen-games' that have a move.
import { Chess } from 'chess.js';
import { Chess as OpsChess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { parseUci } from 'chessops/util';
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

// A row over the items itemsOf(ctx) gives: each implementation's `make(ctx)` returns the work
// on one item (the number it adds to the sink).
function row(id, title, itemsOf, make) {
  const impl = (of) => (ctx) => {
    const work = of(ctx);
    return {
      batch: batches(itemsOf(ctx), (items, from, to) => {
        for (let i = from; i < to; i++) sink += work(items[i]);
        return to - from;
      }),
    };
  };
  return {
    id,
    title,
    unit: '/s',
    impls: {
      ours: impl(make.ours),
      'chess.js': impl(make['chess.js']),
      chessops: impl(make.chessops),
      native: () => undefined,
    },
  };
}

// FEN parse + write.
const roundTrip = {
  ours: (ctx) => (fen) => {
    const p = ctx.chesswasm.Position.fromFen(fen);
    const n = p.fen().length;
    p.dispose();
    return n;
  },
  'chess.js': () => {
    const c = new Chess();
    return (fen) => {
      c.load(fen);
      return c.fen().length;
    };
  },
  chessops: () => (fen) => makeFen(OpsChess.fromSetup(parseFen(fen).unwrap()).unwrap().toSetup()).length,
};

// [FEN, UCI of a legal move there] for every position along the games that has a move.
let playFens = null;
function fensWithMove(chesswasm) {
  if (playFens) return playFens;
  const rand = prng(30);
  playFens = [];
  for (const fen of fensAlongGames(chesswasm)) {
    const p = chesswasm.Position.fromFen(fen);
    const moves = p.legalMoves();
    if (moves.length) playFens.push([fen, p.uci(rand.pick(moves))]);
    p.dispose();
  }
  return playFens;
}

// FEN read, the item's move played, FEN written.
const play = {
  ours:
    (ctx) =>
    ([fen, uci]) => {
      const p = ctx.chesswasm.Position.fromFen(fen);
      p.play(uci);
      const n = p.fen().length;
      p.dispose();
      return n;
    },
  'chess.js': () => {
    const c = new Chess();
    return ([fen, uci]) => {
      c.load(fen);
      c.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
      return c.fen().length;
    };
  },
  chessops:
    () =>
    ([fen, uci]) => {
      const pos = OpsChess.fromSetup(parseFen(fen).unwrap()).unwrap();
      pos.play(parseUci(uci));
      return makeFen(pos.toSetup()).length;
    },
};

export default [
  row('fen', 'FEN parse + write', (ctx) => ctx.fens, roundTrip),
  row('fen-games', 'FEN parse + write, along 1,000 games', (ctx) => fensAlongGames(ctx.chesswasm), roundTrip),
  row('fen-play', 'FEN read, one move played, FEN written', (ctx) => fensWithMove(ctx.chesswasm), play),
];
