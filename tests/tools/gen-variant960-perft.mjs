#!/usr/bin/env node
// Generates tests/data/perft960-<variant>.epd: the lichess rule sets that have castling,
// played with Chess960 castling (`{ chess960: true }`). Positions: Chess960 start arrays
// (by Scharnagl number, computed here), positions reached from them by seeded random play
// with chessops (whose castling works from any king and rook files), and hand-made edge
// cases. Each count is computed by chessops (`perft` from chessops/debug) and, where it plays
// the variant, by Fairy-Stockfish with `UCI_Chess960` (no atomic there). A count is written
// only when the engines agree; a disagreement is printed and the line's source marked.
//
//   node tests/tools/gen-variant960-perft.mjs [variant ...] [--random N] [--budget NODES]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { perft } from 'chessops/debug';
import { makeFen, parseFen } from 'chessops/fen';
import { setupPosition } from 'chessops/variant';

import { prng } from './prng.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, '..', 'data');
const FSF = '/usr/games/fairy-stockfish';

const VARIANTS = ['crazyhouse', 'atomic', 'kingofthehill', '3check', 'horde'];
const FSF_NAME = { crazyhouse: 'crazyhouse', kingofthehill: 'kingofthehill', '3check': '3check', horde: 'horde' };
// The Chess960 start arrays used (Scharnagl numbers; 518 is the standard array).
const STARTS = [0, 105, 284, 518, 707, 959];

// The white back rank of Chess960 start position n (Scharnagl numbering).
function backRank(n) {
  const rank = new Array(8).fill('');
  rank[2 * (n % 4) + 1] = 'B';
  n = Math.floor(n / 4);
  rank[2 * (n % 4)] = 'B';
  n = Math.floor(n / 4);
  const empties = () => rank.flatMap((p, i) => (p ? [] : [i]));
  rank[empties()[n % 6]] = 'Q';
  n = Math.floor(n / 6);
  const knights = [
    [0, 1],
    [0, 2],
    [0, 3],
    [0, 4],
    [1, 2],
    [1, 3],
    [1, 4],
    [2, 3],
    [2, 4],
    [3, 4],
  ][n];
  const e = empties();
  rank[e[knights[0]]] = 'N';
  rank[e[knights[1]]] = 'N';
  const [r1, k, r2] = empties();
  rank[r1] = 'R';
  rank[k] = 'K';
  rank[r2] = 'R';
  return rank.join('');
}

function startFen(variant, n) {
  const white = backRank(n);
  const black = white.toLowerCase();
  if (variant === 'horde') return `${black}/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1`;
  const board = `${black}/pppppppp/8/8/8/8/PPPPPPPP/${white}`;
  if (variant === 'crazyhouse') return `${board}[] w KQkq - 0 1`;
  if (variant === '3check') return `${board} w KQkq - 3+3 0 1`;
  return `${board} w KQkq - 0 1`;
}

// Hand-made positions (comment: the rule).
const EDGE = {
  crazyhouse: [
    ['4k3/8/8/8/8/8/8/1R2K1R1[R] w KQ - 0 1', 'inner rooks castle; a dropped rook has no right'],
    ['r3k1r1/8/8/8/8/8/8/1R1K2R1[Nn] w KQkq - 0 1', 'drops into the castling path'],
    ['4k3/8/8/8/8/8/8/5KR1[q] w K - 0 1', 'king and rook swap squares'],
  ],
  atomic: [
    ['r3k2r/pppppppp/8/8/8/8/PPPPPPPP/5KR1 w Kkq - 0 1', 'king and rook swap squares'],
    ['1r2k3/8/8/8/8/8/8/RK6 w Q - 0 1', 'the rook lands next to the king from the corner'],
    ['4k3/8/8/8/8/8/8/2RK4 w Q - 0 1', 'queen side: king and rook swap squares'],
    ['4k3/8/8/8/8/8/8/4K1R1 w K - 0 1', "the king lands on the rook's square"],
    ['8/8/8/8/8/8/5k2/1R2K1R1 w KQ - 0 1', 'castling through squares next to the enemy king'],
    ['8/8/8/8/8/8/2k5/1R2K1R1 w KQ - 0 1', 'castling to a square next to the enemy king'],
    ['4k3/8/8/8/8/8/1q6/1R1K2R1 b KQ - 0 1', 'an exploded rook loses its right'],
    ['1r1k2r1/8/8/8/8/8/8/1R1K2R1 w KQkq - 0 1', 'inner rooks of both sides'],
    ['6k1/8/8/8/8/8/8/R5KR w KQ - 0 1', 'the king stands on its destination'],
  ],
  kingofthehill: [
    ['1r1k2r1/8/8/8/8/8/8/1R1K2R1 w KQkq - 0 1', 'inner rooks of both sides'],
    ['4k3/8/8/8/8/8/8/5KR1 w K - 0 1', 'king and rook swap squares'],
  ],
  '3check': [
    ['1r1k2r1/8/8/8/8/8/8/1R1K2R1 w KQkq - 1+1 0 1', 'castling that gives the last check'],
    ['4k3/8/8/8/8/8/8/RK5R w KQ - 3+3 0 1', 'rooks on both corners, king on b1'],
  ],
  horde: [
    ['1r1k2r1/8/8/8/8/8/PPPPPPPP/8 b kq - 0 1', 'only Black castles, inner rooks'],
    ['rk5r/8/8/8/8/8/2PPPP2/8 b kq - 0 1', 'Black: king on b8'],
  ],
};

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const RANDOM = flag('--random', 24);
const BUDGET = flag('--budget', 300_000);
const only = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));

function position(variant, fen) {
  return setupPosition(variant, parseFen(fen).unwrap()).unwrap();
}

function legalMoves(pos) {
  const moves = [];
  const ctx = pos.ctx();
  for (const [from, dests] of pos.allDests(ctx))
    for (const to of dests) {
      const promo = pos.board.pawn.has(from) && (to >> 3 === 7 || to >> 3 === 0);
      if (promo) for (const p of ['queen', 'knight']) moves.push({ from, to, promotion: p });
      else moves.push({ from, to });
    }
  if (pos.pockets) {
    const drops = pos.dropDests(ctx);
    for (const role of ['pawn', 'knight', 'bishop', 'rook', 'queen'])
      if (pos.pockets[pos.turn][role] > 0)
        for (const to of drops) if (role !== 'pawn' || (to >> 3 !== 0 && to >> 3 !== 7)) moves.push({ role, to });
  }
  return moves;
}

// Fairy-Stockfish as a line-oriented child process, in Chess960 mode.
class Fsf {
  constructor(variant) {
    this.proc = spawn(FSF, [], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.buf = '';
    this.waiters = [];
    this.proc.stdout.on('data', (d) => {
      this.buf += d;
      let i;
      while ((i = this.buf.indexOf('\n')) >= 0) {
        const line = this.buf.slice(0, i).trim();
        this.buf = this.buf.slice(i + 1);
        for (const w of [...this.waiters]) w(line);
      }
    });
    this.send('uci');
    this.send(`setoption name UCI_Variant value ${FSF_NAME[variant]}`);
    this.send('setoption name UCI_Chess960 value true');
  }
  send(s) {
    this.proc.stdin.write(s + '\n');
  }
  perft(fen, depth) {
    return new Promise((resolve) => {
      const w = (line) => {
        const m = /^Nodes searched: (\d+)/.exec(line);
        if (m) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          resolve(Number(m[1]));
        }
      };
      this.waiters.push(w);
      this.send(`position fen ${fen}`);
      this.send(`go perft ${depth}`);
    });
  }
  quit() {
    this.send('quit');
  }
}

async function counts(variant, fen, fsf) {
  const pos = position(variant, fen);
  const out = [];
  let src = fsf ? 'chessops+fairy-stockfish' : 'chessops';
  for (let depth = 1; depth <= 6; depth++) {
    const prev = out.length ? out[out.length - 1][1] : 1;
    const estimate = prev * Math.max(2, prev / (out.length > 1 ? out[out.length - 2][1] : 1));
    if (depth > 1 && estimate > BUDGET) break;
    const a = perft(pos, depth, false);
    if (fsf) {
      const b = await fsf.perft(fen, depth);
      if (a !== b) {
        console.error(`${variant} ${fen} D${depth}: chessops ${a}, fairy-stockfish ${b}`);
        src = 'DISAGREE';
        break;
      }
    }
    out.push([depth, a]);
    if (a === 0) break;
  }
  return { out, src };
}

// Positions reached by random play from the start arrays, keeping those where some castling
// right is left (most of them), so that Chess960 castling is exercised.
function randomPositions(variant, n, seed) {
  const rand = prng(seed);
  const fens = new Set();
  let guard = 0;
  while (fens.size < n && guard++ < n * 100) {
    const pos = position(variant, startFen(variant, rand.int(960)));
    const plies = 4 + rand.int(40);
    let ok = true;
    for (let i = 0; i < plies; i++) {
      const moves = legalMoves(pos);
      if (!moves.length || pos.isEnd()) {
        ok = false;
        break;
      }
      pos.play(rand.pick(moves));
    }
    if (!ok || pos.isEnd()) continue;
    const fen = makeFen(pos.toSetup());
    if (fen.split(' ')[2] === '-' && !rand.chance(0.2)) continue;
    fens.add(fen);
  }
  return [...fens];
}

for (const variant of only.length ? only : VARIANTS) {
  const fsf = FSF_NAME[variant] ? new Fsf(variant) : null;
  const lines = [
    `# perft960-${variant}.epd — ${variant} with Chess960 castling ({ chess960: true }); generated by` +
      ` tests/tools/gen-variant960-perft.mjs (chessops 0.15.1${fsf ? ' and Fairy-Stockfish 11.1, UCI_Chess960' : ''});`,
    '# the comment above each line names the engines that agree on every count.',
  ];
  const entries = [
    ...STARTS.map((n) => [startFen(variant, n), `Chess960 start position ${n}`]),
    ...EDGE[variant],
    ...randomPositions(variant, RANDOM, 0x960 + VARIANTS.indexOf(variant)).map((f) => [f, 'random play']),
  ];
  for (const [fen, why] of entries) {
    const res = await counts(variant, fen, fsf);
    if (res.src === 'DISAGREE' || res.out.length === 0) continue;
    lines.push(`# ${why} (${res.src})`, `${fen} ${res.out.map(([d, c]) => `;D${d} ${c}`).join(' ')}`);
  }
  fsf?.quit();
  writeFileSync(join(OUT, `perft960-${variant}.epd`), lines.join('\n') + '\n');
  console.log(`perft960-${variant}.epd: ${entries.length} positions`);
}
