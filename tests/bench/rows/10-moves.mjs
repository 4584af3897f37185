// Legal moves of a position as strings, positions/s, over ctx.fens (positions from seeded
// random games). UCI: ours Position.legalUci(); chess.js moves() (see below);
// chessops allDests() -> makeUci (promotions x4). SAN: ours Position.legalSan(); chess.js
// moves(); chessops makeSan per move; native: chesswasm-notation-bench's SAN case (its own
// positions, also from random games).
import { Chess } from 'chess.js';
import { Chess as OpsChess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeUci } from 'chessops/util';

function opsPositions(fens) {
  return fens.map((f) => OpsChess.fromSetup(parseFen(f).unwrap()).unwrap());
}

// chessops' legal moves as move objects (promotions expanded, castling king-to-rook as
// chessops generates it).
function opsMoves(pos) {
  const out = [];
  const ctx = pos.ctx();
  for (const [from, dests] of pos.allDests(ctx)) {
    const pawn = pos.board.pawn.has(from);
    for (const to of dests) {
      if (pawn && (to >> 3 === 0 || to >> 3 === 7))
        for (const promotion of ['queen', 'rook', 'bishop', 'knight']) out.push({ from, to, promotion });
      else out.push({ from, to });
    }
  }
  return out;
}

let sink = 0;

export default [
  {
    id: 'uci',
    title: 'legal moves as UCI strings',
    unit: 'positions/s',
    impls: {
      ours: ({ chesswasm, fens }) => {
        const ps = fens.map((f) => chesswasm.Position.fromFen(f));
        return {
          batch: () => {
            for (const p of ps) sink += p.legalUci().length;
            return ps.length;
          },
        };
      },
      // chess.js has no cheap UCI list: its SAN moves()
      // stands in (moves({ verbose: true }) with .lan is ~100x slower: it writes FENs too).
      'chess.js': ({ fens }) => {
        const cs = fens.map((f) => new Chess(f));
        return {
          batch: () => {
            for (const c of cs) sink += c.moves().length;
            return cs.length;
          },
        };
      },
      chessops: ({ fens }) => {
        const ps = opsPositions(fens);
        return {
          batch: () => {
            for (const p of ps) sink += opsMoves(p).map(makeUci).length;
            return ps.length;
          },
        };
      },
      native: () => undefined,
    },
  },
  {
    id: 'san',
    title: 'legal moves as SAN strings',
    unit: 'positions/s',
    impls: {
      ours: ({ chesswasm, fens }) => {
        const ps = fens.map((f) => chesswasm.Position.fromFen(f));
        return {
          batch: () => {
            for (const p of ps) sink += p.legalSan().length;
            return ps.length;
          },
        };
      },
      'chess.js': ({ fens }) => {
        const cs = fens.map((f) => new Chess(f));
        return {
          batch: () => {
            for (const c of cs) sink += c.moves().length;
            return cs.length;
          },
        };
      },
      chessops: ({ fens }) => {
        const ps = opsPositions(fens);
        return {
          batch: () => {
            for (const p of ps) sink += opsMoves(p).map((m) => makeSan(p, m)).length;
            return ps.length;
          },
        };
      },
      native: ({ native }) => native.sanPositions(),
    },
  },
];
