#!/usr/bin/env node
// Generates tests/data/perft-<variant>.epd for the seven lichess variants: positions reached
// by seeded random play with chessops plus the hand-made edge cases below, each with perft
// counts computed by chessops (`perft` from chessops/debug) and, where it plays the variant,
// by Fairy-Stockfish (`go perft N`). A count is written only when the engines agree; a
// disagreement is printed and the count left out (Fairy-Stockfish 11.1 has no atomic and gets
// some racing-kings endings wrong, see variants-rules.md: there chessops decides alone and
// the comment above the line says `(chessops)`).
//
//   node tests/tools/gen-variant-perft.mjs [variant ...] [--random N] [--budget NODES]
//
// Depths go on while chessops' estimated count stays within the node budget.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { makeFen } from 'chessops/fen';

import { prng } from './prng.mjs';
import { Fsf, distinctFens, generatorArgs, opsPosition, perftCounts, playRandomly } from './variant-play.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', 'data');

const VARIANTS = ['crazyhouse', 'atomic', 'antichess', 'kingofthehill', '3check', 'racingkings', 'horde'];
const FSF_NAME = {
  crazyhouse: 'crazyhouse',
  antichess: 'antichess',
  kingofthehill: 'kingofthehill',
  '3check': '3check',
  racingkings: 'racingkings',
  horde: 'horde',
};
const START = {
  crazyhouse: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1',
  atomic: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  antichess: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1',
  kingofthehill: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  '3check': 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1',
  racingkings: '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1',
  horde: 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1',
};

// Hand-made positions, one or more per variant rule (comment: the rule).
const EDGE = {
  crazyhouse: [
    ['r3k2r/8/8/8/8/8/8/R3K2R[QRBNPqrbnp] w KQkq - 0 1', 'every piece in both pockets, castling'],
    ['4k3/8/8/8/8/8/8/R3K3[n] b Q - 0 1', 'single check: drops only between'],
    ['4k3/8/8/8/1b6/8/3q4/4K3[QRBNP] w - - 0 1', 'double check: no drop'],
    ['k7/1Q~6/8/8/8/8/8/4K3[] b - - 0 1', 'a promoted queen captured goes in as a pawn'],
    ['4k3/P7/8/8/8/8/8/4K3[p] w - - 0 1', 'promotion marks the piece'],
    ['6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1', 'a drop gives mate'],
    ['k7/8/1K6/8/8/8/8/8[Pp] w - - 0 1', 'pawn drops not on rank 1 or 8'],
    ['rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR[] w KQkq e6 0 2', 'en passant square'],
    ['4k3/8/8/3pP3/8/8/8/4K3[N] w - d6 0 1', 'en passant with pockets'],
  ],
  atomic: [
    ['8/8/8/8/8/8/4k3/R3K2q w Q - 0 1', 'castling next to the enemy king (scalachess#176)'],
    ['8/8/8/8/8/8/5k2/R3K2r w Q - 0 1', 'castling through an attacked square'],
    ['8/8/8/8/3kK3/8/8/8 w - - 0 1', 'touching kings: no check'],
    ['rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3', 'en passant explodes around d6'],
    ['4k3/4q3/8/8/8/8/4R3/4K3 w - - 0 1', 'exploding the enemy king beats being in check'],
    ['4k3/8/8/8/8/8/3r4/3QK3 w - - 0 1', 'a capture next to our own king is illegal'],
    ['8/8/8/8/8/8/8/4K3 b - - 0 1', 'the side to move has no king: game over'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'exploded rooks lose castling rights'],
    ['4k3/8/8/3q4/8/8/8/R3K3 w Q - 0 1', 'castling out of no check'],
    ['8/8/8/2k5/3K4/8/8/7r w - - 0 1', 'king next to the enemy king may stand attacked'],
  ],
  antichess: [
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'kings as ordinary pieces'],
    ['8/P7/8/8/8/8/8/7k w - - 0 1', 'promotion to a king'],
    ['8/8/8/8/8/8/p7/1R6 b - - 0 1', 'compulsory capture with promotion'],
    ['rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w - e6 0 3', 'en passant is a forced capture'],
    ['8/8/8/8/8/8/8/K7 b - - 0 1', 'no pieces: the side to move wins'],
    ['8/8/8/8/8/p7/P7/8 w - - 0 1', 'stalemated side wins'],
    ['kk6/8/8/8/8/8/8/KK6 w - - 0 1', 'several kings'],
  ],
  kingofthehill: [
    ['8/8/8/8/8/3K4/8/k7 w - - 0 1', 'a king step to the centre wins'],
    ['8/8/8/3K4/8/8/8/k7 b - - 0 1', 'the game is over once a king stands on d5'],
    ['4k3/8/8/8/3r4/8/8/4K3 w - - 0 1', 'never into check on the hill'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'castling'],
  ],
  '3check': [
    ['4k3/8/8/8/8/8/8/4K2R w K - 1+3 0 1', 'the third check wins'],
    ['4k3/8/8/8/8/8/8/4K2R w K - 0+3 0 1', 'the game is over after the third check'],
    ['4k3/8/8/8/4r3/8/4P3/4K3 w - - 3+1 0 1', 'one check left for Black'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 2+2 0 1', 'castling and checks'],
    ['4k3/8/4b3/8/8/8/4R3/4K2B w - - 1+1 0 1', 'a double check counts once'],
  ],
  racingkings: [
    ['8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1', 'the start'],
    ['4K3/6k1/8/8/8/8/8/8 b - - 0 1', 'White on rank 8, Black may reach it: play goes on'],
    ['4K3/8/6k1/8/8/8/8/8 b - - 0 1', 'White on rank 8, Black two ranks away: over'],
    ['4K3/8/1k6/8/8/8/8/8 b - - 0 1', 'White on rank 8, Black cannot reach it: over'],
    ['1K6/8/1k6/8/8/8/8/8 w - - 0 1', 'White to move first, Black one step from goal'],
    ['4K1k1/8/8/8/8/8/8/8 w - - 0 1', 'both on rank 8: a draw, over'],
    ['8/8/8/8/8/8/8/k1K3RB w - - 0 1', 'a king move may not uncover a check'],
    ['3K4/6k1/8/8/8/8/6n1/8 b - - 0 1', 'Black blocks its own goal square (checked against chessops)'],
    ['5r2/1K4k1/8/8/8/8/8/8 b - - 0 1', 'the goal square attacked or held'],
  ],
  horde: [
    ['rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1', 'the start'],
    ['4k3/8/8/8/8/8/8/P7 w - - 0 1', 'a first-rank double step, no en passant square'],
    ['4k3/8/8/8/8/8/1p6/P7 w - - 0 1', 'first-rank pawn'],
    ['4k3/8/8/8/8/8/8/7P b - - 0 1', 'Black to move'],
    ['4k3/8/8/8/8/8/5P2/8 w - - 0 1', 'a double step from rank 2 still gives en passant'],
    ['k7/8/8/8/8/8/8/8 w - - 0 1', 'White has no pieces: Black has won'],
    ['r3k2r/8/8/8/8/8/PPPPPPPP/8 b kq - 0 1', 'only Black castles'],
  ],
};

const { random: RANDOM, budget: BUDGET, only } = generatorArgs(process.argv.slice(2), { random: 40, budget: 400_000 });

function randomPositions(variant, n, seed) {
  const rand = prng(seed);
  return distinctFens(n, 50, () => {
    const pos = opsPosition(variant, START[variant]);
    const plies = 4 + rand.int(60);
    // A game over early is kept if it lasted three moves.
    if (playRandomly(pos, plies, rand, { promotions: 'two' }) <= 2) return null;
    return makeFen(pos.toSetup());
  });
}

for (const variant of only.length ? only : VARIANTS) {
  const fsf = FSF_NAME[variant] ? new Fsf(FSF_NAME[variant]) : null;
  const lines = [
    `# perft-${variant}.epd — generated by tests/tools/gen-variant-perft.mjs (chessops ${'0.15.1'}` +
      `${fsf ? ' and Fairy-Stockfish 11.1' : ''}); ;src names the engines that agree on every count.`,
  ];
  const entries = [
    ...EDGE[variant].map(([fen, why]) => [fen, why]),
    ...randomPositions(variant, RANDOM, 0x2500 + VARIANTS.indexOf(variant)).map((f) => [f, 'random play']),
  ];
  // Racing kings: Fairy-Stockfish 11.1 mishandles endings where Black blocks its own goal.
  for (const [fen, why] of entries) {
    let res;
    try {
      res = await perftCounts(variant, fen, { fsf, budget: BUDGET, strict: false });
    } catch (e) {
      console.error(`${variant} ${fen}: ${e.message}`);
      continue;
    }
    const fields = res.out.map(([d, n]) => `;D${d} ${n}`).join(' ');
    lines.push(`# ${why} (${res.src})`, `${fen} ${fields}`);
  }
  fsf?.quit();
  writeFileSync(join(OUT, `perft-${variant}.epd`), lines.join('\n') + '\n');
  console.log(`perft-${variant}.epd: ${entries.length} positions`);
}
