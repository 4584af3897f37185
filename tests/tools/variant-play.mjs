// What the variant perft generators (gen-variant-perft.mjs, gen-variant960-perft.mjs) and the
// differential tests against chessops (tests/unit/variants.test.ts, variants960.test.ts) share:
// chessops positions and their legal moves, random play, the start positions of the rule sets
// on a Chess960 array, Fairy-Stockfish's perft as a child process, and a position's perft
// counts from chessops checked against Fairy-Stockfish.
import { spawn } from 'node:child_process';

import { perft } from 'chessops/debug';
import { parseFen } from 'chessops/fen';
import { makeUci } from 'chessops/util';
import { setupPosition } from 'chessops/variant';

/**
 * The chessops position of a FEN under a rule set (throws on a FEN chessops refuses).
 * @param {import('chessops/types').Rules} rules
 * @param {string} fen
 */
export function opsPosition(rules, fen) {
  return setupPosition(rules, parseFen(fen).unwrap()).unwrap();
}

const DROP_ROLES = ['pawn', 'knight', 'bishop', 'rook', 'queen'];

// The promotion pieces: every one ('all'), or one of each kind of move, a queen and a knight
// (antichess: a queen and a king) ('two', the generators' random play).
function promotionRoles(rules, promotions) {
  if (promotions === 'two') return rules === 'antichess' ? ['queen', 'king'] : ['queen', 'knight'];
  return rules === 'antichess' ? ['queen', 'rook', 'bishop', 'knight', 'king'] : ['queen', 'rook', 'bishop', 'knight'];
}

/**
 * chessops' legal moves of a position, each with its UCI text: moves by origin square, then
 * drops. Castling, the king moving onto its rook in chessops, is written king-to-rook
 * (`'king-to-rook'`, Chess960 UCI) or king-to-destination (`'king-to-destination'`, e1g1).
 * @param {import('./variant-play.d.mts').OpsPosition} pos
 * @param {import('./variant-play.d.mts').OpsMovesOptions} [options]
 * @returns {{ uci: string, move: import('chessops/types').Move }[]}
 */
export function opsMoves(pos, { promotions = 'all', castling = 'king-to-rook' } = {}) {
  const out = [];
  const ctx = pos.ctx();
  for (const [from, dests] of pos.allDests(ctx))
    for (const to of dests) {
      const promo = pos.board.pawn.has(from) && (to >> 3 === 7 || to >> 3 === 0);
      for (const promotion of promo ? promotionRoles(pos.rules, promotions) : [undefined]) {
        const move = { from, to, promotion };
        let uci = makeUci(move);
        if (castling === 'king-to-destination' && isCastling(pos, from, to))
          uci = uci.slice(0, 2) + String.fromCharCode(97 + (to % 8 > from % 8 ? 6 : 2)) + uci[3];
        out.push({ uci, move });
      }
    }
  if (pos.pockets) {
    const drops = pos.dropDests(ctx);
    for (const role of DROP_ROLES)
      if (pos.pockets[pos.turn][role] > 0)
        for (const to of drops)
          if (role !== 'pawn' || (to >> 3 !== 0 && to >> 3 !== 7)) {
            const move = { role, to };
            out.push({ uci: makeUci(move), move });
          }
  }
  return out;
}

// Whether the move from → to is castling in chessops: the king onto its own rook.
function isCastling(pos, from, to) {
  return pos.board.king.has(from) && pos.board.rook.has(to) && pos.board[pos.turn].has(to);
}

/**
 * Whether UCI text names castling in a chessops position (the king onto its own rook).
 * @param {import('./variant-play.d.mts').OpsPosition} pos
 * @param {string} uci
 */
export function isOpsCastling(pos, uci) {
  if (uci[1] === '@') return false;
  const sq = (i) => uci.charCodeAt(i) - 97 + 8 * (uci.charCodeAt(i + 1) - 49);
  return isCastling(pos, sq(0), sq(2));
}

/**
 * Plays up to `plies` random legal moves (`opsMoves` with `options`), stopping early where the
 * game is over or no move is left; the number of moves played.
 * @param {import('./variant-play.d.mts').OpsPosition} pos
 * @param {number} plies
 * @param {import('./prng.d.mts').Prng} rand
 * @param {import('./variant-play.d.mts').OpsMovesOptions} [options]
 */
export function playRandomly(pos, plies, rand, options) {
  for (let i = 0; i < plies; i++) {
    const moves = opsMoves(pos, options);
    if (!moves.length || pos.isEnd()) return i;
    pos.play(rand.pick(moves).move);
  }
  return plies;
}

/**
 * Up to `n` distinct FENs from `next` (a FEN, or null for none this time), calling it at most
 * `n * tries` times.
 * @param {number} n
 * @param {number} tries
 * @param {() => string | null} next
 */
export function distinctFens(n, tries, next) {
  const fens = new Set();
  let guard = 0;
  while (fens.size < n && guard++ < n * tries) {
    const fen = next();
    if (fen !== null) fens.add(fen);
  }
  return [...fens];
}

/**
 * The start position of a rule set with the white back rank `backRank` (a Chess960 array,
 * from `chess960BackRank`): horde's Black, the pockets of crazyhouse, the checks of 3check.
 * @param {string} variant
 * @param {string} backRank
 */
export function startFen960(variant, backRank) {
  const black = backRank.toLowerCase();
  if (variant === 'horde') return `${black}/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1`;
  const board = `${black}/pppppppp/8/8/8/8/PPPPPPPP/${backRank}`;
  if (variant === 'crazyhouse') return `${board}[] w KQkq - 0 1`;
  if (variant === '3check') return `${board} w KQkq - 3+3 0 1`;
  return `${board} w KQkq - 0 1`;
}

export const FAIRY_STOCKFISH = '/usr/games/fairy-stockfish';

/** Fairy-Stockfish as a line-oriented child process, playing one variant. */
export class Fsf {
  /**
   * @param {string} variant Fairy-Stockfish's name of the variant
   * @param {{ chess960?: boolean }} [options] `chess960`: UCI_Chess960
   */
  constructor(variant, { chess960 = false } = {}) {
    this.proc = spawn(FAIRY_STOCKFISH, [], { stdio: ['pipe', 'pipe', 'ignore'] });
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
    this.send(`setoption name UCI_Variant value ${variant}`);
    if (chess960) this.send('setoption name UCI_Chess960 value true');
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

/**
 * The perft counts of a position by chessops, depth 1 on while the estimated count stays within
 * `budget` (at most depth 6), each compared with Fairy-Stockfish's when `fsf` is given. A
 * disagreement is printed; then, with `strict`, the counts stop there and `src` is
 * `'DISAGREE'`, else chessops' count is kept and `src` is `'chessops'`.
 * @param {string} variant chessops' rule set
 * @param {string} fen
 * @param {{ fsf: Fsf | null, budget: number, strict: boolean }} options
 * @returns {Promise<{ out: [number, number][], src: string }>}
 */
export async function perftCounts(variant, fen, { fsf, budget, strict }) {
  const pos = opsPosition(variant, fen);
  const out = [];
  let src = fsf ? 'chessops+fairy-stockfish' : 'chessops';
  for (let depth = 1; depth <= 6; depth++) {
    const prev = out.length ? out[out.length - 1][1] : 1;
    const estimate = prev * Math.max(2, prev / (out.length > 1 ? out[out.length - 2][1] : 1));
    if (depth > 1 && estimate > budget) break;
    const a = perft(pos, depth, false);
    if (fsf) {
      const b = await fsf.perft(fen, depth);
      if (a !== b) {
        console.error(
          `${variant} ${fen} D${depth}: chessops ${a}, fairy-stockfish ${b}${strict ? '' : ' (chessops kept)'}`,
        );
        if (strict) {
          src = 'DISAGREE';
          break;
        }
        src = 'chessops';
      }
    }
    out.push([depth, a]);
    if (a === 0) break;
  }
  return { out, src };
}

/**
 * The generators' command line: `[variant ...] [--random N] [--budget NODES]`.
 * @param {string[]} args
 * @param {{ random: number, budget: number }} defaults
 */
export function generatorArgs(args, defaults) {
  const flag = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : dflt;
  };
  return {
    random: flag('--random', defaults.random),
    budget: flag('--budget', defaults.budget),
    only: args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--'))),
  };
}
