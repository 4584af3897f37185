#!/usr/bin/env node
// Writes tests/data/games/lichess-crazyhouse.pgn: a crazyhouse game in lichess's export layout
// (the board's import test). The moves are Debian's Fairy-Stockfish playing itself at a fixed
// node count per move (one thread: the same game every run), a seeded random first move for
// each side; every move is checked legal and written in SAN by chessops (not by our package;
// pawn drops as lichess writes them, `P@e4`), and the clocks are made up (a 3+2 game). The game ends at mate or after MAX_PLIES.
//
//   node tests/tools/gen-crazyhouse-game.mjs [--nodes N] [--seed S]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseFen } from 'chessops/fen';
import { makeSanAndPlay } from 'chessops/san';
import { parseUci } from 'chessops/util';
import { setupPosition } from 'chessops/variant';

import { prng } from './prng.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', 'data', 'games', 'lichess-crazyhouse.pgn');
const FSF = '/usr/games/fairy-stockfish';
const MAX_PLIES = 90;
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const NODES = arg('--nodes', 20000);
const random = prng(arg('--seed', 2811));

const engine = spawn(FSF, [], { stdio: ['pipe', 'pipe', 'inherit'] });
let buffer = '';
const waiters = [];
engine.stdout.on('data', (d) => {
  buffer += d;
  let i;
  while ((i = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, i).trim();
    buffer = buffer.slice(i + 1);
    for (const w of [...waiters])
      if (w.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
  }
});
const send = (s) => engine.stdin.write(s + '\n');
const until = (re) => new Promise((resolve) => waiters.push({ test: (l) => re.test(l), resolve }));

send('uci');
await until(/^uciok/);
send('setoption name UCI_Variant value crazyhouse');
send('setoption name Threads value 1');
send('isready');
await until(/^readyok/);

const pos = setupPosition(
  'crazyhouse',
  parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1').unwrap(),
).unwrap();
const ucis = [];
const sans = [];
while (ucis.length < MAX_PLIES && !pos.isEnd()) {
  let uci;
  if (ucis.length < 2) {
    // A random first move for each side (from chessops' legal moves), so the game is not the engine's book line.
    const legal = [];
    for (const [from, dests] of pos.allDests()) for (const to of dests) legal.push({ from, to });
    const m = legal[Math.floor(random() * legal.length)];
    uci = `${'abcdefgh'[m.from & 7]}${(m.from >> 3) + 1}${'abcdefgh'[m.to & 7]}${(m.to >> 3) + 1}`;
  } else {
    send(`position startpos moves ${ucis.join(' ')}`);
    send(`go nodes ${NODES}`);
    uci = (await until(/^bestmove /)).split(' ')[1];
  }
  const move = parseUci(uci);
  if (!move || !pos.isLegal(move)) throw new Error(`chessops refuses ${uci} after ${ucis.join(' ')}`);
  // chessops writes a pawn drop `@e4`; lichess (scalachess) writes `P@e4`.
  sans.push(makeSanAndPlay(pos, move).replace(/^@/, 'P@'));
  ucis.push(uci);
}
send('quit');

const outcome = pos.outcome();
const result = !outcome ? '*' : outcome.winner === 'white' ? '1-0' : outcome.winner === 'black' ? '0-1' : '1/2-1/2';
// Made-up clocks of a 3+2 game: a few seconds a move, more in the middle game.
const clock = { w: 180, b: 180 };
const fmt = (s) =>
  `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
const parts = [];
sans.forEach((san, i) => {
  const side = i % 2 ? 'b' : 'w';
  const spent = 1 + Math.floor(random() * (i < 10 ? 3 : 9));
  clock[side] = Math.max(1, clock[side] - spent + 2);
  parts.push(`${i % 2 ? `${(i + 1) / 2}...` : `${i / 2 + 1}.`} ${san} { [%clk ${fmt(clock[side])}] }`);
});
const tags = [
  ['Event', 'Rated Crazyhouse game'],
  ['Site', 'https://lichess.org/zH7kQ2mB'],
  ['Date', '2026.11.21'],
  ['White', 'pocketknight'],
  ['Black', 'DropZone_77'],
  ['Result', result],
  ['UTCDate', '2026.11.21'],
  ['UTCTime', '19:42:07'],
  ['WhiteElo', '1934'],
  ['BlackElo', '1911'],
  ['WhiteRatingDiff', result === '1-0' ? '+6' : result === '0-1' ? '-6' : '0'],
  ['BlackRatingDiff', result === '0-1' ? '+6' : result === '1-0' ? '-6' : '0'],
  ['Variant', 'Crazyhouse'],
  ['TimeControl', '180+2'],
  ['ECO', '?'],
  ['Opening', '?'],
  ['Termination', outcome ? 'Normal' : 'Unterminated'],
];
const text = `${tags.map(([k, v]) => `[${k} "${v}"]`).join('\n')}\n\n${parts.join(' ')} ${result}\n`;
writeFileSync(OUT, text);
console.log(`${OUT}: ${sans.length} plies, ${sans.filter((s) => s.includes('@')).length} drops, ${result}`);
