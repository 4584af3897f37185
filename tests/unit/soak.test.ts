// Soak test: SOAK_PLIES (default 1,000,000) plies of seeded random
// play with undo and redo on Positions (play/undo, redo of what was undone) and Games
// (play/back/forward, new variations), PGN written and read back every so often (Game.pgn,
// Game.fromPgn, readGames), positions cloned, created and disposed all along. The wasm heap
// is measured after the first 10,000 plies and at the end.
//
// SOAK_TRACE=1 prints the heap size and the PGN size every 50,000 plies.
//
// The bound: the linear memory never shrinks and grows only when an allocation does not
// fit (emscripten grows it in 64 KiB pages, with some over-allocation). A leak is invisible
// until it has used up the free part of the heap, so after the first 10,000 plies the test
// first fills that free part: it holds fresh positions (about 2 KB each) until the heap
// has grown once, and measures then. From there the free space is at most one growth step,
// and the working set of the soak is fixed (a handful of live positions, one game of at
// most a few thousand nodes, PGN texts of some 100 KB), so the heap has no reason to grow
// at all; +8 MB allows for one more growth step (fragmentation, a larger PGN buffer) and
// still catches a leak of one small malloc chunk (16 bytes) per ply, which would come to
// 16 MB over 1M plies.
import { Game, Position, readGames, wasmHeapSize, type Move } from 'chesswasm';
import { expect, it } from 'vitest';
import { prng } from '../tools/prng.mjs';

const PLIES = Number(process.env.SOAK_PLIES ?? 1_000_000);
const BOUND = 8 * 1024 * 1024;

it(`${PLIES} plies of random play with undo/redo, PGN round trips and create/dispose keep the wasm heap bounded`, () => {
  const rnd = prng(Number(process.env.SOAK_SEED ?? 20260422));
  const int = (n: number) => Math.floor(rnd() * n);
  const t0 = performance.now();
  let plies = 0;
  let heapAfterWarmup = 0;
  const pinned: Position[] = [];
  const tick = () => {
    if (++plies !== 10_000) return;
    // Fill the heap's free space (see above), then measure.
    const start = wasmHeapSize();
    while (wasmHeapSize() === start && pinned.length < 200_000) pinned.push(Position.startpos());
    heapAfterWarmup = wasmHeapSize();
  };

  // Positions: random walks with take-backs and redo.
  const positions = [Position.startpos(), Position.startpos('chess960'), Position.startpos('makruk')];
  const startFens = positions.map((p) => p.fen());
  const redo: Move[][] = positions.map(() => []);
  // A game: play (new moves and variations), back, forward.
  let game = new Game();
  let pgnRounds = 0;
  let created = 0;

  while (plies < PLIES) {
    // 3/4 of the plies on positions (cheap), 1/4 on the game (builds a tree).
    if (int(4) !== 0) {
      const k = int(positions.length);
      const pos = positions[k]!;
      const r = rnd();
      if (r < 0.55 && pos.historyLength < 300) {
        const legal = pos.legalMoves();
        if (legal.length === 0) {
          pos.undo();
        } else {
          pos.play(legal[int(legal.length)]!);
          redo[k]!.length = 0;
        }
      } else if (r < 0.8 && pos.historyLength > 0) {
        redo[k]!.push(pos.undo());
      } else if (redo[k]!.length > 0) {
        pos.play(redo[k]!.pop()!);
      } else if (pos.historyLength > 0) {
        redo[k]!.push(pos.undo());
      } else {
        continue;
      }
      tick();
      // Create/dispose cycles: a clone, a FEN round trip, a fresh position.
      if (plies % 64 === 0) {
        const copy = pos.clone();
        const back = Position.fromFen(copy.fen(), { variant: copy.variant });
        expect(back.fen()).toBe(copy.fen());
        copy.dispose();
        back.dispose();
        Position.startpos().dispose();
        created += 3;
      }
    } else {
      const r = rnd();
      if (r < 0.5) {
        const legal = game.position.legalUci();
        if (legal.length === 0 || game.current.ply >= 200) game.back();
        else game.play(legal[int(legal.length)]!);
      } else if (r < 0.8) {
        if (!game.back()) game.forward();
      } else if (!game.forward()) {
        game.back();
      }
      tick();
    }
    // PGN every so often: write the game, read it back (Game.fromPgn and readGames).
    if (plies % 5_000 === 0) {
      const text = game.pgn();
      if (process.env.SOAK_TRACE && plies % 50_000 === 0) console.log(plies, wasmHeapSize() / 2 ** 20, text.length);
      const again = Game.fromPgn(text);
      expect(again.mainline()).toEqual(game.mainline());
      let n = 0;
      for (const g of readGames(text + '\n\n' + text)) {
        expect(g.mainline().length).toBe(game.mainline().length);
        g.dispose();
        n++;
      }
      expect(n).toBe(2);
      expect(again.pgn()).toBe(text);
      again.dispose();
      pgnRounds++;
      // A fresh game now and then, so that the tree stays small.
      if (plies % 100_000 === 0) {
        game.dispose();
        game = new Game();
      }
    }
  }

  // Everything still works and agrees with itself.
  positions.forEach((pos, k) => {
    const n = pos.historyLength;
    for (let i = 0; i < n; i++) pos.undo();
    expect(pos.fen()).toBe(startFens[k]);
    pos.dispose();
  });
  game.dispose();
  const end = wasmHeapSize();
  for (const p of pinned) p.dispose();
  const check = Position.startpos();
  expect(check.perft(2)).toBe(400);
  check.dispose();

  const ms = performance.now() - t0;
  console.log(
    `soak: ${plies} plies in ${(ms / 1000).toFixed(1)} s, ${pgnRounds} PGN round trips, ${created} positions created/disposed; ` +
      `heap after 10,000 plies (free space filled by ${pinned.length} positions) ${(heapAfterWarmup / 2 ** 20).toFixed(2)} MiB, ` +
      `at the end ${(end / 2 ** 20).toFixed(2)} MiB`,
  );
  if (PLIES >= 10_000) expect(end - heapAfterWarmup).toBeLessThanOrEqual(BOUND);
});
