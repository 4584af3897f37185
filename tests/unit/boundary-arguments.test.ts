// The module's own argument checks (cpp/wasm/arguments.h, tested natively in
// tests/cpp/test_arguments.cpp) where the TS layer is bypassed: the Setup setters, the
// Position's pocket, check-counter and insufficient-material queries and Setup.build's
// tolerance called on the raw module with every kind of bad value refuse (false, -1, the
// strict rules) and change nothing. The public API puts its own checks in front (the
// 'invalid-argument' cases of setup.test.ts); these show the module does not rely on them.
import { describe, expect, it } from 'vitest';
// The package as tsc wrote it, with the release module (chesswasm-modules/: build/dist-modules,
// the same sources as the bundled dist/), because the test calls the module itself (wasm.js
// holds it).
import { Position } from 'chesswasm-modules/entries/index.js';
import * as internal from 'chesswasm-modules/boundary/wasm.js';
import { FenError, Variant } from '../../web/src/boundary/boundary.js';

interface NativeSetup {
  parse(len: number, variant: number, chess960: boolean): number;
  fen(shredder: boolean): number;
  build(position: NativePosition, tolerance: number): number;
  pieceOn(sq: number): number;
  setPiece(sq: number, piece: number): boolean;
  setTurn(color: number): boolean;
  castlingRook(i: number): number;
  setCastlingRook(i: number, sq: number): boolean;
  setEpSquare(sq: number): boolean;
  setHalfmoves(n: number): boolean;
  setFullmoves(n: number): boolean;
  delete(): void;
}
interface NativePosition {
  setFen(len: number, variant: number, chess960: boolean): number;
  fen(shredder: boolean): number;
  delete(): void;
}
interface Glue {
  Setup: new () => NativeSetup;
  Position: new () => NativePosition;
  variantPocket(position: NativePosition, color: number, pieceType: number): number;
  variantChecksLeft(position: NativePosition, color: number): number;
  insufficientMaterial(position: NativePosition, color: number): boolean;
}

// The glue's methods this test calls, with the plain number codes it passes on purpose.
const { writeString, readString } = internal;
const glue = (): Glue => {
  Position.startpos(); // the module is loaded
  return internal.M as unknown as Glue;
};
const variant = (name: (typeof Variant)[number]) => Variant.indexOf(name);
const OK = FenError.indexOf('OK');

function setupOf(M: Glue, fen: string, v = variant('CHESS')): NativeSetup {
  const s = new M.Setup();
  expect(s.parse(writeString(fen), v, false)).toBe(OK);
  return s;
}
const fenOf = (s: NativeSetup) => readString(s.fen(false));

function positionOf(M: Glue, fen: string, v: number): NativePosition {
  const p = new M.Position();
  expect(p.setFen(writeString(fen), v, false)).toBe(OK);
  return p;
}

const FEN = 'r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 12 30';
const BLACK = 1 << 4; // PIECE_COLOR_SHIFT
const [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, MET] = [1, 2, 3, 4, 5, 6, 7];

describe('the Setup setters refuse bad values on the raw module, changing nothing', () => {
  it('squares, pieces, colours, castling rights, counters', () => {
    const M = glue();
    const s = setupOf(M, FEN);
    const makruk = setupOf(M, 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', variant('MAKRUK'));
    const before = fenOf(s);
    const refused: [string, () => boolean][] = [
      // squares out of range, negative, "no square" where one is needed
      ['setPiece -1', () => s.setPiece(-1, QUEEN)],
      ['setPiece 64', () => s.setPiece(64, QUEEN)],
      ['setPiece 65', () => s.setPiece(65, QUEEN)],
      // piece codes: a colour bit without a type, types past the king, Makruk's in chess and back
      ['setPiece black nothing', () => s.setPiece(0, BLACK)],
      ['setPiece type 15', () => s.setPiece(0, 15)],
      ['setPiece 32', () => s.setPiece(0, 32)],
      ['setPiece -1 piece', () => s.setPiece(0, -1)],
      ['setPiece met in chess', () => s.setPiece(0, MET)],
      ['setPiece queen in makruk', () => makruk.setPiece(0, QUEEN)],
      ['setPiece bishop in makruk', () => makruk.setPiece(0, BLACK | BISHOP)],
      // colours
      ['setTurn -1', () => s.setTurn(-1)],
      ['setTurn 2 (no colour)', () => s.setTurn(2)],
      ['setTurn a piece code', () => s.setTurn(BLACK | PAWN)],
      // castling: index out of range, rook squares off the colour's back rank, no square
      ['setCastlingRook -1', () => s.setCastlingRook(-1, 64)],
      ['setCastlingRook 4', () => s.setCastlingRook(4, 7)],
      ['setCastlingRook white on h8', () => s.setCastlingRook(0, 63)],
      ['setCastlingRook black on a1', () => s.setCastlingRook(3, 0)],
      ['setCastlingRook 65', () => s.setCastlingRook(1, 65)],
      ['setCastlingRook -64', () => s.setCastlingRook(1, -64)],
      // en passant squares
      ['setEpSquare -1', () => s.setEpSquare(-1)],
      ['setEpSquare 65', () => s.setEpSquare(65)],
      // counters: out of range, negative, fractions, NaN, infinities
      ['setHalfmoves -1', () => s.setHalfmoves(-1)],
      ['setHalfmoves 65536', () => s.setHalfmoves(65536)],
      ['setHalfmoves 1.5', () => s.setHalfmoves(1.5)],
      ['setHalfmoves NaN', () => s.setHalfmoves(NaN)],
      ['setHalfmoves Infinity', () => s.setHalfmoves(Infinity)],
      ['setFullmoves 0', () => s.setFullmoves(0)],
      ['setFullmoves -1', () => s.setFullmoves(-1)],
      ['setFullmoves 100001', () => s.setFullmoves(100001)],
      ['setFullmoves 2.5', () => s.setFullmoves(2.5)],
      ['setFullmoves NaN', () => s.setFullmoves(NaN)],
      ['setFullmoves -Infinity', () => s.setFullmoves(-Infinity)],
      ['setFullmoves 1e300', () => s.setFullmoves(1e300)],
    ];
    for (const [what, f] of refused) {
      expect(f(), what).toBe(false);
      expect(fenOf(s), what).toBe(before);
    }
    expect(fenOf(makruk)).toBe('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
    // Reads of a bad square or index: nothing (0, 64), not a neighbour's value.
    expect(s.pieceOn(-64)).toBe(0);
    expect(s.pieceOn(64)).toBe(0);
    expect(s.castlingRook(-1)).toBe(64);
    expect(s.castlingRook(4)).toBe(64);
    // The same setters take the edge values (the checks are not too strict).
    for (const [what, f] of [
      ['setPiece h8 rook', () => s.setPiece(63, BLACK | ROOK)],
      ['setPiece makruk met', () => makruk.setPiece(20, MET)],
      ['setTurn black', () => s.setTurn(1)],
      ['setCastlingRook black long a8', () => s.setCastlingRook(3, 56)],
      ['setCastlingRook none', () => s.setCastlingRook(0, 64)],
      ['setEpSquare none', () => s.setEpSquare(64)],
      ['setHalfmoves 65535', () => s.setHalfmoves(65535)],
      ['setFullmoves 100000', () => s.setFullmoves(100000)],
    ] as [string, () => boolean][])
      expect(f(), what).toBe(true);
    expect(fenOf(s)).toBe('r3k2r/8/8/3pP3/8/8/8/R3K2R b Qkq - 65535 100000');
    s.delete();
    makruk.delete();
  });

  it('a tolerance that is not one is the strict rules', () => {
    const M = glue();
    const s = setupOf(M, '8/8/3k4/8/8/8/3P4/8 w - - 0 1'); // no white king
    const p = new M.Position();
    const missingKing = FenError.indexOf('MISSING_KING');
    expect(s.build(p, 1)).toBe(OK);
    for (const t of [-1, 3, 7, 2 ** 31 - 1]) expect(s.build(p, t), `tolerance ${t}`).toBe(missingKing);
    s.delete();
    p.delete();
  });
});

describe("the Position's variant queries refuse bad colours and piece types", () => {
  it('pockets, remaining checks, insufficient material', () => {
    const M = glue();
    const zh = positionOf(M, 'r1bqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R[Pn] w KQkq - 0 3', variant('CRAZYHOUSE'));
    expect(M.variantPocket(zh, 0, PAWN)).toBe(1);
    expect(M.variantPocket(zh, 1, KNIGHT)).toBe(1);
    expect(M.variantPocket(zh, 0, QUEEN)).toBe(0);
    for (const [color, pt] of [
      [-1, PAWN],
      [2, PAWN],
      [BLACK | PAWN, PAWN],
      [0, 0],
      [0, KING],
      [1, MET],
      [0, -1],
      [0, BLACK | KNIGHT],
    ])
      expect(M.variantPocket(zh, color!, pt!), `${color} ${pt}`).toBe(-1);
    const tc = positionOf(M, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1', variant('3CHECK'));
    expect(M.variantChecksLeft(tc, 0)).toBe(2);
    expect(M.variantChecksLeft(tc, 1)).toBe(1);
    for (const color of [-1, 2, 17]) expect(M.variantChecksLeft(tc, color), `${color}`).toBe(-1);
    expect(M.variantPocket(tc, 0, PAWN)).toBe(-1); // not crazyhouse
    expect(M.variantChecksLeft(zh, 0)).toBe(-1); // not three-check
    // King and rook against king: white can still win, black cannot; a colour that is not
    // one asks about both sides (the documented 2, and anything else).
    const krk = positionOf(M, '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', variant('CHESS'));
    expect(M.insufficientMaterial(krk, 0)).toBe(false);
    expect(M.insufficientMaterial(krk, 1)).toBe(true);
    for (const color of [-1, 2, 3, 16]) expect(M.insufficientMaterial(krk, color), `${color}`).toBe(false);
    for (const p of [zh, tc, krk]) p.delete();
  });
});
