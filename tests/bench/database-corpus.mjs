// Lichess-like games for the database benchmarks: each opens like one of the 100 real lichess
// games of tests/data/pgn/lichess-2013-01.pgn (its first 4-19 plies), then goes on with seeded
// random legal moves to 40-140 plies (or the end of the game), with lichess's tags (players
// from a pool of 3,000 names, ratings, dates 2013-2025, time controls of every class). The
// openings share positions as real databases do; the random middle games make the index grow
// as a real one does (most positions after the opening occur once).
//   import { lichessLikeGames } from './database-corpus.mjs';
//   const pgn = lichessLikeGames(Position, readGames, 20000, 7).join('\n');
//   for (const text of lichessLikeGameStream(Position, readGames, 1000000, 7)) ...  (the same games, one at a time)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng } from '../tools/prng.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const TIME_CONTROLS = [
  '60+0',
  '120+1',
  '180+0',
  '180+2',
  '300+0',
  '300+3',
  '600+0',
  '600+5',
  '900+10',
  '1800+0',
  '1800+20',
  '-',
];
const EVENTS = { '-': 'Rated Correspondence game' };

/**
 * `n` games as PGN texts (one string each), reproducible for `seed`.
 * @param {typeof import('../../dist/index.js').Position} Position
 * @param {typeof import('../../dist/index.js').readGames} readGames
 */
export function lichessLikeGames(Position, readGames, n, seed = 1) {
  return [...lichessLikeGameStream(Position, readGames, n, seed)];
}

/**
 * The games of {@link lichessLikeGames}, generated one at a time (a million games do not fit
 * in one string).
 * @param {typeof import('../../dist/index.js').Position} Position
 * @param {typeof import('../../dist/index.js').readGames} readGames
 */
export function* lichessLikeGameStream(Position, readGames, n, seed = 1) {
  const rand = prng(seed);
  const real = [...readGames(readFileSync(path.join(here, '../data/pgn/lichess-2013-01.pgn'), 'utf8'))].map((g) =>
    g.mainlineNodes().map((node) => node.move),
  );
  const pos = Position.startpos();
  try {
    for (let i = 0; i < n; i++) {
      const opening = real[rand.int(real.length)];
      const keep = 4 + rand.int(16);
      const length = 40 + rand.int(100);
      const sans = [];
      let result = null;
      for (let ply = 0; ply < length; ply++) {
        let move;
        if (ply < keep && ply < opening.length) move = opening[ply];
        else {
          const moves = pos.legalMoves();
          if (moves.length === 0) break;
          move = moves[rand.int(moves.length)];
        }
        sans.push(pos.san(move));
        pos.play(move);
        const outcome = pos.outcome();
        if (outcome) {
          result = outcome.winner === 'w' ? '1-0' : outcome.winner === 'b' ? '0-1' : '1/2-1/2';
          break;
        }
      }
      while (pos.historyLength > 0) pos.undo();
      result ??= rand.pick(['1-0', '0-1', '1/2-1/2', '1-0', '0-1']);
      const tc = rand.pick(TIME_CONTROLS);
      const year = 2013 + rand.int(13);
      const date = `${year}.${String(1 + rand.int(12)).padStart(2, '0')}.${String(1 + rand.int(28)).padStart(2, '0')}`;
      const tags = [
        ['Event', EVENTS[tc] ?? 'Rated game'],
        ['Site', `https://lichess.org/g${seed}x${i}`],
        ['Date', date],
        ['White', `player${rand.int(3000)}`],
        ['Black', `player${rand.int(3000)}`],
        ['Result', result],
        ['WhiteElo', String(1000 + rand.int(1700))],
        ['BlackElo', String(1000 + rand.int(1700))],
        ['TimeControl', tc],
      ];
      let text = tags.map(([k, v]) => `[${k} "${v}"]`).join('\n') + '\n\n';
      for (let p = 0; p < sans.length; p++) text += (p % 2 === 0 ? `${p / 2 + 1}. ` : '') + sans[p] + ' ';
      yield text + result + '\n';
    }
  } finally {
    pos.dispose();
  }
}
