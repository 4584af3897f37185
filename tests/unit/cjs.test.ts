// The CommonJS build (dist/cjs/*.cjs: package.json's "require" condition): `require()` loads
// the wasm before it returns, in a process of its own; its module (emscripten's classic
// runtime, a .wasm of its own) answers as the ES module build does over seeded random games
// of every rule set; a copy without its .wasm still requires, and init() loads it then.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as esm from 'chesswasm';
import * as esmChessjs from 'chesswasm/chessjs';
import { prng } from '../tools/prng.mjs';

const cjsDir = fileURLToPath(new URL('../../dist/cjs/', import.meta.url));
const require = createRequire(import.meta.url);
const cjs = require(path.join(cjsDir, 'index.cjs')) as typeof esm;
const cjsChessjs = require(path.join(cjsDir, 'chessjs.cjs')) as typeof esmChessjs;

function node(source: string, cwd = cjsDir): string {
  return execFileSync(process.execPath, ['-e', source], { cwd, encoding: 'utf8' }).trim();
}

const VARIANTS: esm.Variant[] = [
  'chess',
  'chess960',
  'makruk',
  'crazyhouse',
  'atomic',
  'antichess',
  'kingofthehill',
  '3check',
  'racingkings',
  'horde',
];

describe('require("chesswasm")', () => {
  it('loads the wasm before require returns, in a fresh process, for every entry', () => {
    const out = node(`
      const { Position, isInitialized } = require('./index.cjs');
      const ready = isInitialized();
      const { Chess, Move } = require('./chessjs.cjs');
      const { Game } = require('./index.cjs');
      const { openingOf } = require('./openings.cjs');
      const { Engine } = require('./engine.cjs');
      const { Tablebase } = require('./tablebase.cjs');
      const { GameDatabase } = require('./database.cjs');
      const move = new Chess().move('e4');
      const game = new Game();
      for (const san of ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']) game.play(san);
      console.log(JSON.stringify({ ready, perft: Position.startpos().perft(3), move: move instanceof Move,
        name: move.constructor.name, opening: openingOf(game)?.name, engine: typeof Engine,
        tablebase: typeof Tablebase.open, database: typeof GameDatabase }));
    `);
    expect(JSON.parse(out)).toEqual({
      ready: true,
      perft: 8902,
      move: true,
      name: 'Move',
      opening: 'Ruy Lopez',
      engine: 'function',
      tablebase: 'function',
      database: 'function',
    });
  });

  it('answers as the ES module build over random games of every rule set (FEN, SAN, UCI, key, outcome, PGN)', () => {
    const rand = prng(3801);
    let plies = 0;
    for (let g = 0; g < 60; g++) {
      const variant = VARIANTS[g % VARIANTS.length]!;
      const a = esm.Position.startpos(variant);
      const b = cjs.Position.startpos(variant);
      const ga = new esm.Game(a.fen(), { variant });
      const gb = new cjs.Game(b.fen(), { variant });
      for (let ply = 0; ply < 60 && a.outcome() === null; ply++) {
        expect(b.fen()).toBe(a.fen());
        expect(b.legalSan()).toEqual(a.legalSan());
        expect(b.legalUci()).toEqual(a.legalUci());
        expect(b.hashHex()).toBe(a.hashHex());
        const moves = a.legalMoves();
        const m = moves[rand.int(moves.length)]!;
        ga.play(a.san(m));
        gb.play(b.san(m));
        a.play(m);
        b.play(m);
        plies++;
      }
      expect(b.outcome()).toEqual(a.outcome());
      expect(gb.pgn()).toBe(ga.pgn());
      expect(cjs.Game.fromPgn(ga.pgn()).mainline()).toEqual(esm.Game.fromPgn(ga.pgn()).mainline());
      a.dispose();
      b.dispose();
    }
    expect(plies).toBeGreaterThan(2000);
  });

  it("the facade: the same moves, FEN and PGN as the ES module build's; text with U+FEFF and non-ASCII kept", () => {
    const rand = prng(3802);
    for (let g = 0; g < 20; g++) {
      const a = new esmChessjs.Chess();
      const b = new cjsChessjs.Chess();
      for (let ply = 0; ply < 80 && !a.isGameOver(); ply++) {
        const moves = a.moves({ verbose: true });
        expect(JSON.stringify(b.moves({ verbose: true }))).toBe(JSON.stringify(moves));
        const san = moves[rand.int(moves.length)]!.san;
        a.move(san);
        b.move(san);
      }
      a.setComment('\uFEFFnoté ♞');
      b.setComment('\uFEFFnoté ♞');
      expect(b.pgn()).toBe(a.pgn());
      expect(b.fen()).toBe(a.fen());
    }
  });

  it('typed errors of its own classes, with their codes', () => {
    expect(() => cjs.Position.fromFen('8/8/8/8/8/8/8/8 w - - 0 1')).toThrow(cjs.FenError);
    try {
      cjs.Position.startpos().play('e2e5');
    } catch (e) {
      expect(e).toBeInstanceOf(cjs.IllegalMoveError);
      expect((e as esm.IllegalMoveError).code).toBe('illegal');
    }
    expect(() => new cjsChessjs.Chess().move('Ke3')).toThrow('Invalid move: Ke3');
  });
});

describe('the CommonJS build without its .wasm', () => {
  const bare = mkdtempSync(path.join(tmpdir(), 'chesswasm-cjs-'));
  for (const f of readdirSync(cjsDir)) if (f.endsWith('.cjs')) copyFileSync(path.join(cjsDir, f), path.join(bare, f));
  afterAll(() => rmSync(bare, { recursive: true, force: true }));

  it('requires without throwing; init({ wasmBinary }) then loads it', () => {
    const wasm = path.join(cjsDir, 'chesswasm.wasm');
    expect(readFileSync(wasm).length).toBeGreaterThan(100_000);
    const out = node(
      `
      const { Position, init, isInitialized } = require('./index.cjs');
      let before = 'usable';
      try { Position.startpos(); } catch (e) { before = e.code; }
      const ready = isInitialized();
      init({ wasmBinary: require('node:fs').readFileSync(${JSON.stringify(wasm)}) }).then(() => {
        console.log(JSON.stringify({ ready, before, after: isInitialized(), perft: Position.startpos().perft(2) }));
      });
    `,
      bare,
    );
    expect(JSON.parse(out)).toEqual({ ready: false, before: 'not-initialized', after: true, perft: 400 });
  });

  it('init() with bytes that are no wasm is a typed error, and the right file loads after it', () => {
    const out = node(
      `
      const { Position, init } = require('./index.cjs');
      init({ wasmBinary: new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9]) }).catch((e) => {
        init({ wasmBinary: require('node:fs').readFileSync(${JSON.stringify(path.join(cjsDir, 'chesswasm.wasm'))}) }).then(() => {
          console.log(JSON.stringify({ code: e.code, name: e.name, perft: Position.startpos().perft(2) }));
        });
      });
    `,
      bare,
    );
    expect(JSON.parse(out)).toEqual({ code: 'not-initialized', name: 'ChessError', perft: 400 });
  });
});
