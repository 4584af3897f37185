// Differential test of the seven lichess variants against chessops: along seeded random games
// (from each variant's start position), at every ply, the set of legal moves (UCI), the SAN of
// every legal move, the FEN (en passant normalised as in differential.test.ts: chessops
// writes the square only when a legal en passant capture exists), the outcome (over or not,
// and the winner), and insufficient material for each side. Then the package's variant
// surface: pockets, remaining checks, lichess FEN, parseVariant, drops.
// 60 games per variant by default (about 40 s); CHESSWASM_VARIANT_GAMES=1000 for a long run.
import { makeSan } from 'chessops/san';
import { makeFen, parseFen } from 'chessops/fen';
import { makeUci } from 'chessops/util';
import { setupPosition } from 'chessops/variant';
import type { Move as OpsMove, Rules } from 'chessops/types';
import { describe, expect, test } from 'vitest';
import { Position, parseVariant, isEnPassant, isDrop, dropPiece, isCapture, type Variant } from 'chesswasm';
import { prng } from '../tools/prng.mjs';

const VARIANTS: Variant[] = ['crazyhouse', 'atomic', 'antichess', 'kingofthehill', '3check', 'racingkings', 'horde'];
const GAMES = Number(process.env.CHESSWASM_VARIANT_GAMES ?? 60);
const MAX_PLIES = 120;

// chessops' moves of a position, castling written king-to-destination (e1g1) as our UCI.
function opsMoves(pos: ReturnType<typeof setup>): { uci: string; move: OpsMove }[] {
  const out: { uci: string; move: OpsMove }[] = [];
  const ctx = pos.ctx();
  for (const [from, dests] of pos.allDests(ctx))
    for (const to of dests) {
      const promo = pos.board.pawn.has(from) && (to >> 3 === 7 || to >> 3 === 0);
      const roles = promo
        ? pos.rules === 'antichess'
          ? ['queen', 'rook', 'bishop', 'knight', 'king']
          : ['queen', 'rook', 'bishop', 'knight']
        : [undefined];
      for (const promotion of roles) {
        const move = { from, to, promotion } as OpsMove;
        let uci = makeUci(move);
        const castling = pos.board.king.has(from) && pos.board[pos.turn].has(to) && pos.board.rook.has(to);
        if (castling) uci = uci.slice(0, 2) + String.fromCharCode(97 + (to % 8 > from % 8 ? 6 : 2)) + uci[3];
        out.push({ uci, move });
      }
    }
  if (pos.pockets) {
    const drops = pos.dropDests(ctx);
    for (const role of ['pawn', 'knight', 'bishop', 'rook', 'queen'] as const)
      if (pos.pockets[pos.turn][role] > 0)
        for (const to of drops)
          if (role !== 'pawn' || (to >> 3 !== 0 && to >> 3 !== 7)) {
            const move = { role, to } as OpsMove;
            out.push({ uci: makeUci(move), move });
          }
  }
  return out;
}

function setup(rules: Rules, fen: string) {
  return setupPosition(rules, parseFen(fen).unwrap()).unwrap();
}

function ourFen(pos: Position): string {
  const fields = pos.fen().split(' ');
  if (fields[3] !== '-' && !pos.legalMoves().some((m) => isEnPassant(m))) fields[3] = '-';
  return fields.join(' ');
}

describe.each(VARIANTS)('%s against chessops', (variant) => {
  test(`${GAMES} random games: moves, SAN, FEN, outcome, insufficient material at every ply`, () => {
    const rand = prng(0x25000 + VARIANTS.indexOf(variant));
    const rules = variant as Rules;
    let plies = 0;
    let ends = 0;
    for (let g = 0; g < GAMES; g++) {
      const ours = Position.startpos(variant);
      const theirs = setup(rules, ours.fen());
      for (let ply = 0; ply <= MAX_PLIES; ply++) {
        plies++;
        const where = `${variant} game ${g} ply ${ply}: ${ours.fen()}`;
        expect(ourFen(ours), where).toBe(makeFen(theirs.toSetup()));
        const theirMoves = opsMoves(theirs);
        const ourUci = ours.legalUci();
        expect([...ourUci].sort(), where).toEqual(theirMoves.map((m) => m.uci).sort());
        const ourSan = new Map(ours.legalMoves().map((m) => [ours.uci(m), ours.san(m)]));
        for (const { uci, move } of theirMoves) expect(ourSan.get(uci), `${where} ${uci}`).toBe(makeSan(theirs, move));
        for (const c of ['w', 'b'] as const)
          expect(ours.hasInsufficientMaterial(c), `${where} insufficient ${c}`).toBe(
            theirs.hasInsufficientMaterial(c === 'w' ? 'white' : 'black'),
          );
        const o = ours.outcome();
        if (o && (o.termination === 'FIVEFOLD_REPETITION' || o.termination === 'SEVENTYFIVE_MOVES')) break;
        expect(o !== null, `${where} over`).toBe(theirs.isEnd());
        if (o) {
          const w = theirs.outcome()?.winner;
          expect(o.winner, where).toBe(w === 'white' ? 'w' : w === 'black' ? 'b' : null);
          ends++;
          break;
        }
        if (!theirMoves.length) break;
        const pick = theirMoves[rand.int(theirMoves.length)]!;
        ours.play(pick.uci);
        theirs.play(pick.move);
      }
      ours.dispose();
    }
    expect(plies).toBeGreaterThan(GAMES * 10);
    if (variant !== 'horde') expect(ends).toBeGreaterThan(0);
  });
});

describe('the variants in the package', () => {
  test('pockets, remaining checks and the lichess FEN forms', () => {
    const zh = Position.fromFen('r1bqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R/nP w KQkq - 0 3', {
      variant: 'crazyhouse',
    });
    expect(zh.pockets).toEqual({ w: { p: 1, n: 0, b: 0, r: 0, q: 0 }, b: { p: 0, n: 1, b: 0, r: 0, q: 0 } });
    expect(zh.fen()).toBe('r1bqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 0 3');
    expect(zh.fen({ lichess: true })).toBe('r1bqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R/Pn w KQkq - 0 3');
    expect(zh.remainingChecks).toBeNull();
    const tc = Position.fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2', { variant: '3check' });
    expect(tc.remainingChecks).toEqual({ w: 2, b: 1 });
    expect(tc.fen()).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1');
    expect(tc.pockets).toBeNull();
    expect(Position.startpos().pockets).toBeNull();
  });

  test('drops in UCI and SAN; hash counts the pockets', () => {
    const a = Position.fromFen('4k3/8/8/8/8/8/8/4K3[N] w - - 0 1', { variant: 'crazyhouse' });
    const b = Position.fromFen('4k3/8/8/8/8/8/8/4K3[] w - - 0 1', { variant: 'crazyhouse' });
    expect(a.hash()).not.toBe(b.hash());
    expect(a.legalUci()).toContain('N@f3');
    const drop = a.parseUci('N@f3');
    expect(isDrop(drop)).toBe(true);
    expect(dropPiece(drop)).toBe('n');
    expect(isCapture(drop)).toBe(false);
    expect(a.san(drop)).toBe('N@f3');
    expect(isDrop(Position.startpos().parseUci('e2e4'))).toBe(false);
    a.play('N@f3');
    expect(a.fen()).toBe('4k3/8/8/8/8/5N2/8/4K3[] b - - 1 1');
  });

  test('parseVariant reads lichess keys and PGN names', () => {
    expect(parseVariant('threeCheck')).toBe('3check');
    expect(parseVariant('Three-check')).toBe('3check');
    expect(parseVariant('King of the Hill')).toBe('kingofthehill');
    expect(parseVariant('zh')).toBe('crazyhouse');
    expect(parseVariant('Standard')).toBe('chess');
    expect(parseVariant('From Position')).toBe('chess');
    expect(parseVariant('Chess960')).toBe('chess960');
    expect(parseVariant('bughouse')).toBeUndefined();
    expect(parseVariant(42 as unknown as string)).toBeUndefined();
  });
});
