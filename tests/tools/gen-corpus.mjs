#!/usr/bin/env node
// Generates the real-game PGN corpus (tests/data/corpus/): Debian's Stockfish playing itself
// at low node counts (a random opening ply or two for variety), each game then given
// variations by branching at random plies (another engine or random move, continued by the
// engine for a few plies), [%eval] comments, NAGs, and a Result. Written by our package's
// Game (dist/, build it first); every game is re-read by tests/unit/pgn.test.ts.
//   node tests/tools/gen-corpus.mjs [--games N] [--seed S] [--out FILE] [--stockfish PATH]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Game } from '../../dist/index.js';
import { prng } from './prng.mjs';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const GAMES = Number(opt('--games', 400));
const rand = prng(Number(opt('--seed', 20261122)));
const OUT = opt('--out', new URL('../data/corpus/stockfish-selfplay.pgn', import.meta.url).pathname);
const STOCKFISH = opt('--stockfish', '/usr/games/stockfish');

// The corpus is reproducible for a seed (given the same Stockfish build).
const { pick } = rand;

// A minimal UCI driver: one engine process, one request at a time.
const engine = spawn(STOCKFISH, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: engine.stdout });
let waiting = null;
const seen = [];
lines.on('line', (line) => {
  seen.push(line);
  if (waiting && waiting.test(line)) {
    const w = waiting;
    waiting = null;
    w.resolve(seen.splice(0));
  }
});
function send(cmd, until) {
  return new Promise((resolve) => {
    seen.length = 0;
    waiting = { test: until, resolve };
    engine.stdin.write(cmd + '\n');
  });
}
await send('uci', (l) => l === 'uciok');
await send('setoption name Threads value 1\nisready', (l) => l === 'readyok');

// The engine's move and score (pawns, or #n for a mate, from white's view) after the UCI
// moves from a FEN.
async function think(fen, moves, nodes) {
  const black = (fen.split(' ')[1] === 'b') !== (moves.length % 2 === 1);
  const out = await send(
    `position fen ${fen}${moves.length ? ' moves ' + moves.join(' ') : ''}\ngo nodes ${nodes}`,
    (l) => l.startsWith('bestmove'),
  );
  const best = out[out.length - 1].split(' ')[1];
  let score = null;
  for (const l of out) {
    const m = / score (cp|mate) (-?\d+)/.exec(l);
    if (m) {
      const v = black ? -Number(m[2]) : Number(m[2]);
      score = m[1] === 'cp' ? v / 100 : `#${v}`;
    }
  }
  return { best: best === '(none)' ? null : best, score };
}

const uciLine = (node) => node.path().map((n) => n.uci);
const NAGS = [1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 17, 18, 19];

const pgns = [];
for (let g = 0; g < GAMES; g++) {
  const game = new Game();
  const root = game.rootFen;
  const nodes = 100 + Math.floor(rand() * 400);
  game.tags.set('Event', 'chesswasm corpus');
  game.tags.set('Site', 'stockfish self-play');
  game.tags.set('Date', '2026.11.22');
  game.tags.set('Round', String(g + 1));
  game.tags.set('White', `Stockfish nodes ${nodes}`);
  game.tags.set('Black', `Stockfish nodes ${nodes}`);
  // Main line.
  for (let ply = 0; ply < 300; ply++) {
    if (game.outcome({ claim: true })) break;
    const moves = game.position.legalMoves();
    let uci;
    let score = null;
    if (ply < 2 && rand() < 0.7) uci = game.position.uci(pick(moves));
    else ({ best: uci, score } = await think(root, uciLine(game.current), nodes));
    if (!uci) break;
    const node = game.play(uci);
    if (score !== null && rand() < 0.3) node.commentsAfter.push(`[%eval ${score}]`);
    if (rand() < 0.03) node.nags.push(pick(NAGS));
  }
  const outcome = game.outcome({ claim: true });
  game.result = outcome ? (outcome.winner === 'w' ? '1-0' : outcome.winner === 'b' ? '0-1' : '1/2-1/2') : '*';
  if (outcome) game.tags.set('Termination', outcome.termination.toLowerCase().replace(/_/g, ' '));
  // Variations: branch at random plies of the main line (and sometimes inside a variation).
  const main = game.mainlineNodes();
  const branches = Math.floor(rand() * 5);
  for (let b = 0; b < branches && main.length > 2; b++) {
    const from = rand() < 0.8 ? pick(main).parent : pick(game.root.children[0] ? allNodes(game.root) : [game.root]);
    game.goTo(from);
    const moves = game.position.legalMoves();
    if (!moves.length) continue;
    let first;
    if (rand() < 0.5) first = game.position.uci(pick(moves));
    else ({ best: first } = await think(root, uciLine(from), nodes * 4));
    if (!first) continue;
    const start = game.play(first);
    if (rand() < 0.4)
      start.commentsBefore.push(pick(['alternative', 'better was', 'the engine prefers', 'también posible']));
    if (rand() < 0.3) start.nags.push(pick(NAGS));
    const len = 1 + Math.floor(rand() * 8);
    for (let i = 0; i < len; i++) {
      if (game.outcome()) break;
      const { best, score } = await think(root, uciLine(game.current), nodes);
      if (!best) break;
      const n = game.play(best);
      if (score !== null && rand() < 0.2) n.commentsAfter.push(`[%eval ${score}]`);
    }
  }
  game.goTo(game.root);
  pgns.push(game.pgn());
  game.dispose();
  if ((g + 1) % 50 === 0) process.stderr.write(`${g + 1}/${GAMES}\n`);
}
engine.stdin.write('quit\n');
writeFileSync(OUT, pgns.join('\n'));
process.stderr.write(`wrote ${OUT}: ${GAMES} games\n`);

function allNodes(root) {
  const out = [];
  const stack = [...root.children];
  while (stack.length) {
    const n = stack.pop();
    out.push(n);
    stack.push(...n.children);
  }
  return out;
}
