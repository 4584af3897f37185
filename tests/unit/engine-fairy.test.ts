// chesswasm/engine driving Fairy-Stockfish, the same wasm build the board runs (the npm package
// fairy-stockfish-nnue.wasm, emscripten with pthreads: in Node its search threads are
// worker_threads). Each lichess variant's own win in one comes back as the best line, its
// moves checked and written in SAN by the package; the FEN the package sends carries what the
// variant needs (three-check counters, crazyhouse pockets), shown by positions where only that
// field makes the win. Depth limits, no timing assertions.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Position, type Variant } from 'chesswasm';
import { Engine, type EngineTransport } from 'chesswasm/engine';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);

interface FairyModule {
  postMessage(line: string): void;
  addMessageListener(cb: (line: string) => void): void;
  terminate(): void;
}
type Factory = (m: object) => Promise<FairyModule>;

/** Fairy-Stockfish from npm as an engine transport (UCI text in and out of the module). */
async function fairy(): Promise<EngineTransport> {
  const script = require.resolve('fairy-stockfish-nnue.wasm/stockfish.js');
  const dir = dirname(script);
  const factory = require(script) as Factory;
  let exit: (reason: string) => void = () => {};
  const m = await factory({
    // Node's fetch cannot read a file path: the bytes are handed over.
    wasmBinary: readFileSync(join(dir, 'stockfish.wasm')),
    locateFile: (file: string) => join(dir, file),
    // `quit` ends the engine, not the test process.
    quit: () => exit('quit'),
    print: () => {},
    printErr: () => {},
  });
  let closed = false;
  return {
    send: (line) => {
      if (!closed) m.postMessage(line);
    },
    listen: (onLine, onExit) => {
      exit = onExit;
      m.addMessageListener((text) => {
        for (const l of text.split(/\r?\n/)) if (l) onLine(l);
      });
    },
    close: () => {
      if (closed) return;
      closed = true;
      m.terminate();
    },
  };
}

let engine: Engine;
beforeAll(async () => {
  engine = await Engine.connect(await fairy(), { timeout: 60_000 });
}, 120_000);
afterAll(() => engine?.close());

/** The best line after a fixed-depth search. */
async function best(fen: string, variant: Variant, depth = 6) {
  using pos = Position.fromFen(fen, { variant });
  const [line] = await engine.analyse(pos, { depth });
  expect(line, `${variant} ${fen}`).toBeDefined();
  expect(line!.pvError).toBeUndefined();
  // The first move wins by the variant's rule: the package agrees after playing it.
  pos.play(line!.pv[0]!);
  return { line: line!, outcome: pos.outcome() };
}

describe('Fairy-Stockfish (npm wasm) through chesswasm/engine', () => {
  test('declares UCI_Variant with every variant the package plays (the names are the same)', () => {
    expect(engine.name).toMatch(/^Fairy-Stockfish\b/);
    const opt = engine.options.get('uci_variant');
    expect(opt?.type).toBe('combo');
    const names = opt?.type === 'combo' ? opt.vars : [];
    for (const v of ['makruk', 'crazyhouse', 'atomic', 'antichess', 'kingofthehill', '3check', 'racingkings', 'horde'])
      expect(names, v).toContain(v);
  });

  test('atomic: the knight takes next to the king and explodes it (no mate in standard chess)', async () => {
    const fen = '4k3/3p4/8/2N5/8/8/8/4K3 w - - 0 1';
    const { line, outcome } = await best(fen, 'atomic');
    expect(line.pv[0]).toBe('c5d7');
    expect(line.san[0]).toBe('Nxd7#');
    expect(line.score.white().mate).toBe(1);
    expect(outcome).toEqual({ termination: 'VARIANT_LOSS', winner: 'w' });
    // The same position in standard chess has no mate.
    using std = Position.fromFen(fen);
    const [plain] = await engine.analyse(std, { depth: 6 });
    expect(plain!.score.white().mate).toBeUndefined();
  });

  test('king of the hill: the king steps onto the centre (only d4 is a centre square next to it)', async () => {
    const { line, outcome } = await best('k7/8/8/8/8/2K5/8/8 w - - 0 1', 'kingofthehill');
    expect(line.san[0]).toBe('Kd4#');
    expect(line.score.white().mate).toBe(1);
    expect(outcome).toEqual({ termination: 'VARIANT_LOSS', winner: 'w' });
  });

  test("three-check: the third check wins; the counters reach the engine (lichess's +2+0 read by the package)", async () => {
    // Written in lichess's form (checks given); the package sends the engine its own `1+3`.
    const { line, outcome } = await best('4k3/8/8/8/8/8/8/4K2R w K - 0 1 +2+0', '3check');
    expect(line.san[0]).toBe('Rh8#');
    expect(line.score.white().mate).toBe(1);
    expect(outcome).toEqual({ termination: 'VARIANT_LOSS', winner: 'w' });
    // With all three checks still to give, the same check wins nothing yet.
    const fresh = await best('4k3/8/8/8/8/8/8/4K2R w K - 3+3 0 1', '3check');
    expect(fresh.line.score.white().mate ?? 0).not.toBe(1);
    expect(fresh.outcome).toBeNull();
  });

  test('crazyhouse: a rook dropped on the back rank mates; without it in the pocket there is no mate', async () => {
    const { line, outcome } = await best('6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1', 'crazyhouse');
    expect(line.pv[0]).toMatch(/^R@[a-e]8$/);
    expect(line.san[0]).toMatch(/^R@[a-e]8#$/);
    expect(line.score.white().mate).toBe(1);
    expect(outcome).toEqual({ termination: 'CHECKMATE', winner: 'w' });
    using empty = Position.fromFen('6k1/5ppp/8/8/8/8/8/6K1[] w - - 0 1', { variant: 'crazyhouse' });
    const [none] = await engine.analyse(empty, { depth: 6 });
    expect(none!.score.white().mate).toBeUndefined();
  });

  test('racing kings: the king reaches the eighth rank', async () => {
    const { line, outcome } = await best('8/6K1/8/8/8/8/8/k7 w - - 0 1', 'racingkings');
    expect(line.pv[0]).toMatch(/^g7[fgh]8$/);
    expect(line.score.white().mate).toBe(1);
    expect(outcome).toEqual({ termination: 'VARIANT_LOSS', winner: 'w' });
  });

  test("horde: Black takes White's last pawn", async () => {
    const { line, outcome } = await best('8/8/8/8/8/8/3P4/4k3 b - - 0 1', 'horde');
    expect(line.san[0]).toBe('Kxd2#');
    expect(line.score.black().mate).toBe(1);
    expect(outcome).toEqual({ termination: 'VARIANT_LOSS', winner: 'b' });
  });

  test('antichess: a line with a king promotion comes back in SAN (a8=K), checked by the package', async () => {
    // White must lose everything: the lone pawn promotes, and the king it becomes is legal here.
    using pos = Position.fromFen('8/P7/8/8/8/8/8/7k w - - 0 1', { variant: 'antichess' });
    const lines = await engine.analyse(pos, { depth: 4, multipv: 5 });
    expect(lines.map((l) => l.pv[0]).sort()).toEqual(['a7a8b', 'a7a8k', 'a7a8n', 'a7a8q', 'a7a8r']);
    for (const l of lines) expect(l.pvError).toBeUndefined();
    expect(lines.find((l) => l.pv[0] === 'a7a8k')!.san[0]).toBe('a8=K');
  });

  test('a crazyhouse game with drops: the moves since the last capture are sent, the PV is legal', async () => {
    using pos = Position.startpos('crazyhouse');
    for (const san of ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qa5', 'Nf3', 'Nf6', '@d5']) pos.play(san);
    const lines = await engine.analyse(pos, { depth: 6, multipv: 3 });
    expect(lines).toHaveLength(3);
    for (const l of lines) {
      expect(l.pvError).toBeUndefined();
      expect(l.san).toHaveLength(l.pv.length);
      expect(pos.legalUci()).toContain(l.pv[0]);
    }
  });

  test('two threads: the search still finds the variant win', async () => {
    await engine.configure({ Threads: 2 });
    try {
      const { line } = await best('4k3/3p4/8/2N5/8/8/8/4K3 w - - 0 1', 'atomic', 8);
      expect(line.san[0]).toBe('Nxd7#');
    } finally {
      await engine.configure({ Threads: 1 });
    }
  });
});
