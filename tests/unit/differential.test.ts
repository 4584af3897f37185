// Differential test: our Position against chess.js (standard chess) and chessops (standard
// chess and Chess960), position by position along seeded random games.
//
// At every position we compare
//   - the set of legal moves as UCI text (castling: e1g1 in standard chess, king-to-rook
//     e1h1 in Chess960; chessops lists castling king-to-rook and is converted for standard);
//   - the FEN (all six fields; en passant normalised, see below);
//   - check, checkmate and stalemate; insufficient material against chessops (same
//     definition: no sequence of legal moves can mate, by material alone);
// and our own invariants: the incremental Zobrist key equals the key of the same FEN parsed
// afresh, the raw en passant field follows every double push, undo restores every FEN.
//
// En passant in FEN: our core writes the square behind a pawn after every double push (the
// FEN standard, and what Polyglot-key tools expect as input); chess.js >= 1.0 and chessops
// write it only when a legal en passant capture exists. For the comparison our ep field is
// kept only when one of our legal moves is an en passant capture, else replaced by '-'
// (`normaliseEp`). The raw field is checked on its own (`expectRawEp`).
//
// Games are biased to reach what uniform random play rarely does: promotions, castling of
// both kinds, en passant, checkmate and stalemate (move preferences drawn per game), and
// many start from the tricky positions of tests/data/*.epd (standard and Chess960) and from
// random Chess960 start positions. Coverage is asserted with minimum counts at the end.
//
// Known disagreements where the other library is wrong: none found (KNOWN_EXCEPTIONS is
// empty). A mismatch fails the test with the position, the library, what differed and both
// answers; one judged to be the other library's bug goes into KNOWN_EXCEPTIONS with its FEN
// (and into the differences notes of docs/architecture.md).
import { Chess as ChessJs } from 'chess.js';
import { Chess as ChessOps } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import type { Role } from 'chessops/types';
import { afterAll, expect, test } from 'vitest';
import {
  Position,
  isCapture,
  isCastling,
  isEnPassant,
  isPromotion,
  moveFlags,
  moveFrom,
  movePromotion,
  moveTo,
  MoveFlag,
  squareName,
  type Move,
  type Variant,
} from 'chesswasm';
import { boardFen, readPerftFile } from './helpers.js';
import { prng } from '../tools/prng.mjs';

const SEED = 0xc0ffee;
const rand = prng(SEED);
const { pick } = rand;

// ---- known disagreements (the other library is wrong) ----------------------------------------

interface Exception {
  lib: 'chess.js' | 'chessops';
  what: string;
  fen: string;
  why: string;
}
const KNOWN_EXCEPTIONS: Exception[] = [];

// ---- start positions ---------------------------------------------------------------------------

/** The Chess960 start position with Scharnagl number n (518 is the standard array). */
function chess960Start(n: number): string {
  const rank: string[] = Array<string>(8).fill('');
  let q = n;
  rank[(q % 4) * 2 + 1] = 'b';
  q = Math.floor(q / 4);
  rank[(q % 4) * 2] = 'b';
  q = Math.floor(q / 4);
  const putNth = (k: number, piece: string) => {
    for (let i = 0, seen = -1; i < 8; i++) if (!rank[i] && ++seen === k) return void (rank[i] = piece);
  };
  putNth(q % 6, 'q');
  q = Math.floor(q / 6);
  const knr = ['NNRKR', 'NRNKR', 'NRKNR', 'NRKRN', 'RNNKR', 'RNKNR', 'RNKRN', 'RKNNR', 'RKNRN', 'RKRNN'][q]!;
  for (const c of knr) putNth(0, c.toLowerCase());
  const black = rank.join('');
  return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${black.toUpperCase()} w KQkq - 0 1`;
}

const STANDARD_START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// Hand-picked starts close to the features we want (ep with pins, promotions, stalemates).
const EXTRA_STANDARD = [
  'r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1',
  '8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1', // ep capture exposes the king along the rank
  '7k/5Q2/6K1/8/8/8/8/8 w - - 0 1', // stalemate and mate in one
  'k7/8/1Q6/8/8/8/8/6K1 w - - 0 1',
  '4k3/PPP5/8/8/8/8/6pp/4K3 w - - 0 1',
  'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2',
  'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
];

// Random legal endgames of a strong side against a lone or nearly lone king: with the
// preference for mating/stalemating moves these end in mate or stalemate within a few plies.
const ENDGAME_MATERIAL = ['Q', 'R', 'QQ', 'RR', 'QR', 'BB', 'BN', 'QP', 'RP', 'Qp', 'Rp', 'Pp', 'QPp', 'RBp'];

function randomEndgame(): string {
  for (;;) {
    const board: string[] = Array<string>(64).fill('');
    const wk = Math.floor(rand() * 64);
    let bk: number;
    do bk = Math.floor(rand() * 64);
    while (Math.abs((bk & 7) - (wk & 7)) <= 1 && Math.abs((bk >> 3) - (wk >> 3)) <= 1);
    board[wk] = 'K';
    board[bk] = 'k';
    for (const piece of pick(ENDGAME_MATERIAL)) {
      let sq: number;
      do sq = Math.floor(rand() * 64);
      while (board[sq] || ((piece === 'P' || piece === 'p') && (sq < 8 || sq >= 56)));
      board[sq] = piece;
    }
    const fen = `${boardFen(board)} ${rand() < 0.7 ? 'w' : 'b'} - - 0 1`;
    try {
      Position.fromFen(fen).dispose();
      return fen;
    } catch {
      // the side not to move is in check, or an impossible check: draw again
    }
  }
}

interface Start {
  fen: string;
  variant: Variant;
  endgame?: boolean;
}

function starts(): Start[] {
  const standard = [
    ...readPerftFile('perft-standard.epd'),
    ...readPerftFile('perft-tricky.epd'),
    ...readPerftFile('perft-cpw6.epd'),
  ].map((c) => c.fen);
  const c960 = [...readPerftFile('perft-chess960.epd'), ...readPerftFile('perft-tricky-chess960.epd')].map(
    (c) => c.fen,
  );
  const list: Start[] = [];
  for (let i = 0; i < 40; i++) list.push({ fen: STANDARD_START, variant: 'chess' });
  for (const fen of [...standard, ...EXTRA_STANDARD]) list.push({ fen, variant: 'chess' });
  for (let i = 0; i < 100; i++) list.push({ fen: randomEndgame(), variant: 'chess', endgame: true });
  for (let i = 0; i < 60; i++) list.push({ fen: pick(c960), variant: 'chess960' });
  for (let i = 0; i < 40; i++) list.push({ fen: chess960Start(Math.floor(rand() * 960)), variant: 'chess960' });
  return list;
}

// ---- the other libraries, as UCI sets ----------------------------------------------------------

const ROLE: Record<string, Role> = { n: 'knight', b: 'bishop', r: 'rook', q: 'queen' };
const PROMOS = ['n', 'b', 'r', 'q'] as const;

function opsMoves(pos: ChessOps, chess960: boolean): string[] {
  const out: string[] = [];
  for (const [from, dests] of pos.allDests()) {
    const piece = pos.board.get(from)!;
    for (const to of dests) {
      let uciTo = to;
      const target = pos.board.get(to);
      if (piece.role === 'king' && target?.color === piece.color && target.role === 'rook' && !chess960) {
        uciTo = (to & 56) | (to > from ? 6 : 2); // standard castling: king to g/c file
      }
      const base = squareName(from) + squareName(uciTo);
      if (piece.role === 'pawn' && (to >> 3 === 0 || to >> 3 === 7)) for (const p of PROMOS) out.push(base + p);
      else out.push(base);
    }
  }
  return out.sort();
}

// chess.js's public moves({ verbose: true }) builds a Move object per move, with its SAN and
// the FEN before and after it (~10 ms a position here): too slow for tens of thousands of
// positions. Its private _moves() is the legal generator behind it, with 0x88 squares; we use
// that, and check it against the public call on every 200th position (jsMovesVerbose).
interface JsInternalMove {
  from: number;
  to: number;
  promotion?: string;
}
const sq88 = (s: number) => 'abcdefgh'[s & 15]! + '87654321'[s >> 4]!;

function jsMoves(chess: ChessJs): string[] {
  const internal = (chess as unknown as { _moves(o: { legal: boolean }): JsInternalMove[] })._moves({ legal: true });
  return internal.map((m) => sq88(m.from) + sq88(m.to) + (m.promotion ?? '')).sort();
}

function jsMovesVerbose(chess: ChessJs): string[] {
  return chess
    .moves({ verbose: true })
    .map((m) => m.from + m.to + (m.promotion ?? ''))
    .sort();
}

// ---- our side ------------------------------------------------------------------------------------

function normaliseEp(fen: string, moves: readonly Move[]): string {
  const f = fen.split(' ');
  if (f[3] !== '-' && !moves.some(isEnPassant)) f[3] = '-';
  return f.join(' ');
}

// ---- counters ---------------------------------------------------------------------------------

const count = {
  positions: 0,
  positionsChessJs: 0,
  positionsChessops: 0,
  positions960: 0,
  games: 0,
  games960: 0,
  plies: 0,
  promotions: 0,
  underpromotions: 0,
  castleKing: 0,
  castleQueen: 0,
  castle960: 0,
  enPassant: 0,
  epFieldIllegal: 0,
  checks: 0,
  checkmates: 0,
  stalemates: 0,
  insufficient: 0,
  startsRefused: { 'chess.js': 0, chessops: 0 },
};

const mismatches: string[] = [];
const ownFailures: string[] = [];

function mismatch(lib: Exception['lib'], what: string, fen: string, ours: unknown, theirs: unknown): void {
  if (KNOWN_EXCEPTIONS.some((e) => e.lib === lib && e.what === what && e.fen === fen)) return;
  if (mismatches.length < 20) {
    mismatches.push(`${lib} ${what} at ${fen}\n  ours:   ${JSON.stringify(ours)}\n  theirs: ${JSON.stringify(theirs)}`);
  } else if (mismatches.length === 20) mismatches.push('…');
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// ---- one game ------------------------------------------------------------------------------

interface Style {
  capture: number; // probability of preferring a capture when one exists
  promote: number;
  castle: number;
  ep: number;
  terminal: number; // probability of taking a mating/stalemating move when one exists
  terminalFrom: number; // ... from this ply on
  maxPlies: number;
}

function drawStyle(): Style {
  return {
    capture: pick([0, 0.3, 0.6, 0.9]),
    promote: pick([0.5, 0.9]),
    castle: pick([0.2, 0.8]),
    ep: 0.9,
    terminal: pick([0.3, 1]),
    terminalFrom: pick([0, 30, 90]),
    maxPlies: pick([80, 160, 300]),
  };
}

/** Moves after which the opponent has no legal move (mate or stalemate). */
function terminalMoves(pos: Position, moves: readonly Move[]): Move[] {
  const out: Move[] = [];
  for (const m of moves) {
    pos.play(m);
    if (pos.isCheckmate() || pos.isStalemate()) out.push(m);
    pos.undo();
  }
  return out;
}

function chooseMove(pos: Position, moves: readonly Move[], style: Style, ply: number): Move {
  const prefer = (p: number, pred: (m: Move) => boolean): Move | undefined => {
    if (rand() >= p) return undefined;
    const c = moves.filter(pred);
    return c.length ? pick(c) : undefined;
  };
  if (ply >= style.terminalFrom && style.terminal > 0 && rand() < style.terminal) {
    const t = terminalMoves(pos, moves);
    const mates = t.filter((m) => {
      pos.play(m);
      const mate = pos.isCheck();
      pos.undo();
      return mate;
    });
    if (mates.length && rand() < 0.75) return pick(mates);
    if (t.length) return pick(t);
  }
  return (
    prefer(style.ep, isEnPassant) ??
    prefer(style.promote, isPromotion) ??
    prefer(style.castle / 2, (m) => moveFlags(m) === MoveFlag.CASTLE_QUEEN) ??
    prefer(style.castle, isCastling) ??
    prefer(style.capture, isCapture) ??
    pick(moves)
  );
}

function compareAt(
  pos: Position,
  ops: ChessOps | null,
  js: ChessJs | null,
  chess960: boolean,
  lastMove: Move | 0,
): Move[] {
  const moves = pos.legalMoves();
  const uci = moves.map((m) => pos.uci(m)).sort();
  const rawFen = pos.fen();
  const fen = normaliseEp(rawFen, moves);
  const check = pos.isCheck();
  const mate = pos.isCheckmate();
  const stale = pos.isStalemate();
  const outcome = pos.outcome();
  count.positions++;
  if (chess960) count.positions960++;
  if (check) count.checks++;
  if (mate) count.checkmates++;
  if (stale) count.stalemates++;
  if (outcome?.termination === 'INSUFFICIENT_MATERIAL') count.insufficient++;

  // Our own invariants (plain checks: expect() per position would dominate the run time).
  const own = (ok: boolean, what: string) => {
    if (!ok) ownFailures.push(`${what} at ${rawFen}`);
  };
  own(uci.length === new Set(uci).size, 'duplicate moves');
  own(mate === (check && moves.length === 0), 'isCheckmate');
  own(stale === (!check && moves.length === 0), 'isStalemate');
  const ep = rawFen.split(' ')[3];
  if (lastMove !== 0) {
    const expected =
      moveFlags(lastMove) === MoveFlag.DOUBLE_PUSH ? squareName((moveFrom(lastMove) + moveTo(lastMove)) >> 1) : '-';
    own(ep === expected, `raw ep field ${ep} (expected ${expected})`);
  }
  if (ep !== '-' && fen.split(' ')[3] === '-') count.epFieldIllegal++;
  {
    using fresh = Position.fromFen(rawFen, { variant: chess960 ? 'chess960' : 'chess' });
    own(fresh.hash() === pos.hash(), 'incremental key differs from the key of the FEN parsed afresh');
    own(fresh.fen() === rawFen, 'FEN round trip');
  }

  if (ops) {
    count.positionsChessops++;
    const theirs = opsMoves(ops, chess960);
    if (!sameSet(uci, theirs)) mismatch('chessops', 'legal moves', rawFen, uci, theirs);
    const theirFen = makeFen(ops.toSetup());
    if (fen !== theirFen) mismatch('chessops', 'fen', rawFen, fen, theirFen);
    const st = [check, mate, stale];
    // (their mate/stalemate calls generate the moves again: asked only when there are none)
    const none = theirs.length === 0;
    const theirSt = [ops.isCheck(), none && ops.isCheckmate(), none && ops.isStalemate()];
    if (!sameSet(st.map(String), theirSt.map(String)))
      mismatch('chessops', 'check/mate/stalemate', rawFen, st, theirSt);
    if (
      moves.length > 0 &&
      outcome?.termination !== 'SEVENTYFIVE_MOVES' &&
      outcome?.termination !== 'FIVEFOLD_REPETITION'
    ) {
      const ins = outcome?.termination === 'INSUFFICIENT_MATERIAL';
      if (ins !== ops.isInsufficientMaterial()) mismatch('chessops', 'insufficient material', rawFen, ins, !ins);
    }
  }
  if (js) {
    count.positionsChessJs++;
    const theirs = jsMoves(js);
    if (!sameSet(uci, theirs)) mismatch('chess.js', 'legal moves', rawFen, uci, theirs);
    if (count.positionsChessJs % 200 === 1) expect(jsMovesVerbose(js), 'chess.js _moves() vs moves()').toEqual(theirs);
    const theirFen = js.fen();
    if (fen !== theirFen) mismatch('chess.js', 'fen', rawFen, fen, theirFen);
    const st = [check, mate, stale];
    const none = theirs.length === 0;
    const theirSt = [js.isCheck(), none && js.isCheckmate(), none && js.isStalemate()];
    if (!sameSet(st.map(String), theirSt.map(String)))
      mismatch('chess.js', 'check/mate/stalemate', rawFen, st, theirSt);
  }
  return moves;
}

function playGame(start: Start): void {
  const chess960 = start.variant === 'chess960';
  const pos = Position.fromFen(start.fen, { variant: start.variant });
  let ops: ChessOps | null = null;
  const setup = parseFen(start.fen);
  const created = setup.isOk ? ChessOps.fromSetup(setup.value) : null;
  if (created?.isOk) ops = created.value;
  else count.startsRefused.chessops++;
  let js: ChessJs | null = null;
  if (!chess960) {
    try {
      js = new ChessJs(start.fen);
    } catch {
      count.startsRefused['chess.js']++;
    }
  }
  count.games++;
  if (chess960) count.games960++;
  const style = drawStyle();
  if (start.endgame) Object.assign(style, { terminal: 1, terminalFrom: 0 });
  const fens = [pos.fen()];
  let last: Move | 0 = 0;
  for (let ply = 0; ; ply++) {
    const moves = compareAt(pos, ops, js, chess960, last);
    const outcome = pos.outcome();
    if (moves.length === 0 || outcome !== null || ply >= style.maxPlies) break;
    const m = chooseMove(pos, moves, style, ply);
    const text = pos.uci(m);
    if (isPromotion(m)) {
      count.promotions++;
      if (movePromotion(m) !== 'q') count.underpromotions++;
    }
    if (isCastling(m)) {
      if (chess960) count.castle960++;
      else if (moveFlags(m) === MoveFlag.CASTLE_KING) count.castleKing++;
      else count.castleQueen++;
    }
    if (isEnPassant(m)) count.enPassant++;
    pos.play(m);
    count.plies++;
    last = m;
    fens.push(pos.fen());
    const promo = movePromotion(m);
    if (ops) ops.play({ from: moveFrom(m), to: moveTo(m), ...(promo ? { promotion: ROLE[promo]! } : {}) });
    if (js) js.move({ from: text.slice(0, 2), to: text.slice(2, 4), ...(promo ? { promotion: promo } : {}) });
  }
  // undo walks back through exactly the same FENs.
  for (let i = fens.length - 1; i > 0; i--) {
    if (pos.fen() !== fens[i]) ownFailures.push(`undo: ${pos.fen()} instead of ${fens[i]}`);
    pos.undo();
  }
  if (pos.fen() !== fens[0] || pos.historyLength !== 0) ownFailures.push(`undo back to the start: ${pos.fen()}`);
  pos.dispose();
}

// ---- the test --------------------------------------------------------------------------------

const GAMES_PER_START = Number(process.env.DIFF_ROUNDS ?? 1);

test('chesswasm agrees with chess.js and chessops along seeded random games', () => {
  const list = starts();
  const t0 = performance.now();
  for (let round = 0; round < GAMES_PER_START; round++) for (const s of list) playGame(s);
  const ms = performance.now() - t0;
  console.log(`differential: ${JSON.stringify(count)} in ${(ms / 1000).toFixed(1)} s (seed ${SEED})`);
  expect(ownFailures.slice(0, 20)).toEqual([]);
  expect(mismatches, mismatches.join('\n')).toEqual([]);

  // Coverage: the games reached what they are meant to reach.
  expect(count.positions).toBeGreaterThanOrEqual(10_000);
  expect(count.positionsChessJs).toBeGreaterThanOrEqual(10_000);
  expect(count.positions960).toBeGreaterThanOrEqual(3_000);
  expect(count.promotions).toBeGreaterThanOrEqual(100);
  expect(count.underpromotions).toBeGreaterThanOrEqual(20);
  expect(count.castleKing).toBeGreaterThanOrEqual(15);
  expect(count.castleQueen).toBeGreaterThanOrEqual(15);
  expect(count.castle960).toBeGreaterThanOrEqual(20);
  expect(count.enPassant).toBeGreaterThanOrEqual(20);
  expect(count.epFieldIllegal).toBeGreaterThanOrEqual(20);
  expect(count.checkmates).toBeGreaterThanOrEqual(40);
  expect(count.stalemates).toBeGreaterThanOrEqual(10);
  expect(count.startsRefused).toEqual({ 'chess.js': 0, chessops: 0 });
  // About 60 s on a quiet machine; 121 s were seen at load 14 (no speed is asserted here).
}, 600_000);

afterAll(() => {
  if (KNOWN_EXCEPTIONS.length) console.log(`differential: ${KNOWN_EXCEPTIONS.length} known exceptions`);
});
