// FEN validity against chessops as a differential oracle, on generated boards:
// random sparse boards (two kings and a few pieces, often in check, sometimes with an en
// passant square) and random material. chessops 0.15 keeps two of its verdicts out of
// `Chess.fromSetup`: `isImpossibleCheck` (more than two checkers, two on one line through the
// king, two steppers, and its en passant rule) and `isStandardMaterial` (pawns plus promoted
// pieces at most 8, bishops counted per square colour). We must refuse whatever chessops
// calls impossible, with one of our codes for it; where we are stricter, the refusal must be
// one of the documented cases (cpp/core/setup.cpp, "checks a last move could give"):
//   - impossible-check for two checkers that chessops allows (a slider and a piece whose move
//     could not have uncovered it, or two sliders not on one line that no en passant
//     uncovers together);
//   - en-passant-check where the king was in check before the double push (chessops looks
//     at that only when a piece other than the pushed pawn checks now, and leaves out the
//     pawn's own attack from its start square): checked on chessops' board with the pawn
//     put back.
// The material verdicts must agree exactly.
import { Chess, isImpossibleCheck, isStandardMaterial } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { expect, test } from 'vitest';
import { FenError, Position, type FenErrorCode } from 'chesswasm';
import { boardFen } from './helpers.js';
import { prng } from '../tools/prng.mjs';

const CHECK_CODES: FenErrorCode[] = ['too-many-checkers', 'aligned-checkers', 'impossible-check', 'en-passant-check'];
const MATERIAL_CODES: FenErrorCode[] = ['too-many-pieces', 'too-many-pawns', 'impossible-material'];

function randomBoard(rand: () => number): string {
  const int = (n: number) => Math.floor(rand() * n);
  const board = new Array<string>(64).fill('');
  const turn = rand() < 0.5 ? 'w' : 'b';
  const free = (s: number) => !board[s];
  for (const k of ['K', 'k']) {
    let s: number;
    do s = int(64);
    while (!free(s));
    board[s] = k;
  }
  // Mostly a few pieces (checks of every kind); now and then a lot (material).
  const crowded = rand() < 0.15;
  for (const side of ['w', 'b']) {
    const n = crowded ? 8 + int(12) : int(6);
    for (let i = 0; i < n; i++) {
      const t = 'PPNBRQ'[int(6)]!;
      const s = int(64);
      if (!free(s) || (t === 'P' && (s < 8 || s >= 56))) continue;
      board[s] = side === 'w' ? t : t.toLowerCase();
    }
  }
  // An en passant square behind a pawn of the side that just moved, when the board allows.
  let ep = '-';
  if (rand() < 0.35) {
    const f = int(8);
    const white = turn === 'b'; // the side that moved
    const pawnSq = white ? 24 + f : 32 + f;
    const epSq = white ? 16 + f : 40 + f;
    const origin = white ? 8 + f : 48 + f;
    if (free(epSq) && free(origin) && (free(pawnSq) || board[pawnSq]!.toLowerCase() === 'p')) {
      board[pawnSq] = white ? 'P' : 'p';
      ep = 'abcdefgh'[f]! + (white ? '3' : '6');
    }
  }
  return `${boardFen(board)} ${turn} - ${ep} 0 1`;
}

// Whether, on chessops' board with the pushed pawn back on its start square, the side to
// move was in check (the position before the double push the en passant square implies).
function attackedBeforePush(pos: Chess): boolean {
  const before = pos.clone();
  const them = pos.turn === 'white' ? 'black' : 'white';
  const pushedTo = pos.epSquare! ^ 8;
  const pushedFrom = pos.epSquare! ^ 24;
  before.board.take(pushedTo);
  before.board.set(pushedFrom, { role: 'pawn', color: them });
  const king = before.board.kingOf(pos.turn)!;
  return before.kingAttackers(king, them, before.board.occupied).nonEmpty();
}

test('FEN validity agrees with chessops (impossible checks, material) on generated boards', () => {
  const rand = prng(16);
  const counts: Record<string, number> = {};
  const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
  for (let i = 0; i < 40_000; i++) {
    const fen = randomBoard(rand);
    const setup = parseFen(fen).unwrap();
    const theirs = Chess.fromSetup(setup);
    let ours: FenErrorCode | 'OK' = 'OK';
    try {
      Position.fromFen(fen).dispose();
    } catch (e) {
      expect(e).toBeInstanceOf(FenError);
      ours = (e as FenError).code;
    }
    if (theirs.isErr) {
      // Kings, pawns on the back rank, the side not to move in check: both refuse.
      expect(ours, fen).not.toBe('OK');
      count('both refuse (board)');
      continue;
    }
    const pos = theirs.value;
    // Material: the same rule.
    const materialOk = isStandardMaterial(pos);
    expect(MATERIAL_CODES.includes(ours as FenErrorCode), `${fen}: ${ours}`).toBe(!materialOk);
    if (!materialOk) {
      count('both refuse (material)');
      continue;
    }
    const king = pos.board.kingOf(pos.turn)!;
    const checkers = pos.kingAttackers(king, pos.turn === 'white' ? 'black' : 'white', pos.board.occupied);
    // With an en passant square: refused exactly when chessops calls the check impossible or
    // the king was attacked before the double push (chessops' own board, the pawn put back).
    if (pos.epSquare !== undefined)
      expect(ours === 'en-passant-check' || ours === 'too-many-checkers', fen).toBe(
        isImpossibleCheck(pos) || attackedBeforePush(pos),
      );
    if (isImpossibleCheck(pos)) {
      expect(CHECK_CODES, `${fen}: chessops calls the check impossible, we say ${ours}`).toContain(ours);
      count(`both refuse (${ours})`);
    } else if (ours === 'OK') {
      count(checkers.nonEmpty() ? 'both accept (in check)' : 'both accept');
    } else {
      // Stricter than chessops: only the documented cases.
      if (ours === 'impossible-check') {
        expect(checkers.size(), fen).toBe(2);
        expect(pos.epSquare, fen).toBeUndefined();
      } else {
        expect(ours, fen).toBe('en-passant-check');
        expect(attackedBeforePush(pos), fen).toBe(true);
      }
      count(`only we refuse (${ours}${ours === 'en-passant-check' ? `, ${checkers.size()} checker(s)` : ''})`);
    }
  }
  console.log(counts);
  // Every class came up.
  for (const k of [
    'both refuse (board)',
    'both refuse (material)',
    'both refuse (aligned-checkers)',
    'both refuse (too-many-checkers)',
    'both refuse (en-passant-check)',
    'both refuse (impossible-check)',
    'both accept (in check)',
    'only we refuse (impossible-check)',
  ])
    expect(counts[k] ?? 0, k).toBeGreaterThan(10);
});
