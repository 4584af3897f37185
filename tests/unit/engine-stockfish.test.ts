// chesswasm/engine against Debian's Stockfish (/usr/games/stockfish, installed by
// scripts/check-deps.sh): mates, MultiPV, Chess960, stop, a killed engine, a reviewed game.
// Small depths and node counts keep it to a few seconds.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Game, Position } from 'chesswasm';
import { Engine, EngineError, annotate, reviewGame, type EngineTransport } from 'chesswasm/engine';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATA } from './helpers.js';

const SF = '/usr/games/stockfish';

const available = existsSync(SF);

describe.runIf(available)('Debian Stockfish', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await Engine.spawn(SF);
    await engine.configure({ Threads: 1, Hash: 16 });
  });
  afterAll(() => engine?.close());

  test('handshake and options', () => {
    expect(engine.name).toMatch(/^Stockfish/);
    expect(engine.options.get('multipv')).toMatchObject({ type: 'spin', min: 1 });
    expect(engine.options.get('uci_chess960')).toMatchObject({ type: 'check', default: false });
  });

  test('mate in one and mate in two', async () => {
    const one = await engine.bestMove(Position.fromFen('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'), { depth: 6 });
    expect(one.san).toBe('Ra8#');
    expect(one.lines[0]!.score.white().mate).toBe(1);
    const two = await engine.analyse(Position.fromFen('k7/8/2K5/8/8/8/8/7R w - - 0 1'), { depth: 10 });
    expect(two[0]!.score.relative.mate).toBe(2);
    expect(two[0]!.san.at(-1)).toMatch(/#$/);
    // From Black's side: mated in 2.
    expect(two[0]!.score.black().mate).toBe(-2);
    // The mate search limit.
    const m = await engine.bestMove(Position.fromFen('k7/8/2K5/8/8/8/8/7R w - - 0 1'), { mate: 2 });
    expect(m.lines[0]!.score.relative.mate).toBe(2);
  });

  test('MultiPV 3: three distinct legal lines, best first', async () => {
    const pos = Position.fromFen('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
    const lines = await engine.analyse(pos, { depth: 8, multipv: 3 });
    expect(lines.map((l) => l.multipv)).toEqual([1, 2, 3]);
    expect(new Set(lines.map((l) => l.pv[0])).size).toBe(3);
    for (const l of lines) {
      expect(l.pvError).toBeUndefined();
      expect(l.san.length).toBe(l.pv.length);
      expect(pos.legalUci()).toContain(l.pv[0]);
    }
    expect(lines[0]!.score.relative.compare(lines[2]!.score.relative)).toBeGreaterThanOrEqual(0);
  });

  test('a Chess960 position: castling king-to-rook, SAN O-O', async () => {
    // Castling is the only way to save the rook on h1... keep it simple: every line legal in 960.
    const pos = Position.fromFen('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', {
      variant: 'chess960',
    });
    const lines = await engine.analyse(pos, { depth: 8, multipv: 2 });
    for (const l of lines) {
      expect(l.pvError).toBeUndefined();
      expect(l.pv.length).toBeGreaterThan(1);
    }
    // A 960 position where castling is one of the legal moves: the engine's O-O is read as castling.
    const castle = Position.fromFen('nrk1rbbq/pppppppp/8/8/8/8/PPPPPPPP/NRKQRBBN w EBeb - 0 1', {
      variant: 'chess960',
    });
    const r = await engine.analyse(castle, { nodes: 5000, multipv: 20 });
    expect(r.every((l) => !l.pvError)).toBe(true);
    // Back to standard chess: e1g1 castling again.
    const std = await engine.analyse(
      Position.fromFen('r3k2r/pppq1ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1'),
      { depth: 6, multipv: 8 },
    );
    expect(std.every((l) => !l.pvError)).toBe(true);
  });

  test('stop in the middle of an infinite search', async () => {
    const a = engine.analysis(Position.startpos());
    let depth = 0;
    for await (const s of a) {
      depth = s.depth;
      if (s.depth >= 6) a.stop();
    }
    expect(depth).toBeGreaterThanOrEqual(6);
    const r = await a.done;
    expect(Position.startpos().legalUci()).toContain(r.move);
  });

  test('a whole game reviewed with fixed nodes, and annotated', async () => {
    const pgn = readFileSync(DATA + 'games/lichess-export.pgn', 'utf8');
    const game = Game.fromPgn(pgn.slice(pgn.indexOf('[Event', pgn.indexOf('Isouard') - 200)));
    expect(game.mainline().at(-1)).toBe('Rd8#');
    const progress: number[] = [];
    const review = await reviewGame(game, engine, { nodes: 20_000, onProgress: (p) => progress.push(p.done) });
    const n = game.mainline().length;
    expect(review.evals).toHaveLength(n + 1);
    expect(review.moves).toHaveLength(n);
    expect(progress).toEqual(Array.from({ length: n + 1 }, (_, i) => i + 1));
    // The last move mates: not judged, accuracy 100, the final position mate given.
    expect(review.moves.at(-1)).toMatchObject({ san: 'Rd8#', judgement: null, accuracy: 100 });
    expect(review.evals.at(-1)!.mate).toBe(0);
    // Morphy won: White's accuracy above Black's; counts agree with the judgements.
    expect(review.accuracy.white!).toBeGreaterThan(review.accuracy.black!);
    for (const side of ['white', 'black'] as const) {
      const judged = review.moves.filter((m) => (m.color === 'w') === (side === 'white') && m.judgement);
      expect(review.counts[side].inaccuracy + review.counts[side].mistake + review.counts[side].blunder).toBe(
        judged.length,
      );
      expect(review.acpl[side]!).toBeGreaterThanOrEqual(0);
    }
    expect(review.moves.every((m) => m.accuracy >= 0 && m.accuracy <= 100)).toBe(true);
    const text = annotate(game, review);
    const back = Game.fromPgn(text);
    expect(back.mainline()).toEqual(game.mainline());
    const nodes = back.mainlineNodes();
    expect(nodes.slice(0, -1).every((x) => x.eval !== null)).toBe(true);
    for (const [i, m] of review.moves.entries()) {
      const node = nodes[i]!;
      if (m.judgement) {
        expect(node.nags).toContain({ inaccuracy: 6, mistake: 2, blunder: 4 }[m.judgement]);
        expect(node.commentsAfter.join(' ')).toContain(`${m.best} was best.`);
        expect(node.parent!.children.length).toBeGreaterThan(1);
      }
    }
    // The game itself was not changed.
    expect(game.pgn()).toBe(Game.fromPgn(game.pgn()).pgn());
    expect(game.mainlineNodes().every((x) => x.nags.length === 0)).toBe(true);
  });

  test('an engine killed mid-search rejects with "exited"; nothing hangs', async () => {
    const child = spawn(SF, [], { stdio: ['pipe', 'pipe', 'ignore'] });
    const transport: EngineTransport = {
      send: (l) => void (child.stdin.writable && child.stdin.write(l + '\n')),
      listen: (onLine, onExit) => {
        let buf = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (c: string) => {
          buf += c;
          const parts = buf.split('\n');
          buf = parts.pop()!;
          parts.forEach(onLine);
        });
        child.on('exit', (code, signal) => onExit(signal ?? String(code)));
      },
      close: () => child.kill(),
    };
    child.stdin.on('error', () => undefined);
    const killable = await Engine.connect(transport);
    const a = killable.analysis(Position.startpos(), { depth: 60 });
    const seen: number[] = [];
    const err = await (async () => {
      try {
        for await (const s of a) {
          seen.push(s.depth);
          if (s.depth >= 3) child.kill('SIGKILL');
        }
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('exited');
    await expect(a.done).rejects.toThrow(EngineError);
    await expect(killable.analyse(Position.startpos(), { depth: 1 })).rejects.toMatchObject({ code: 'exited' });
  });

  test('a missing program: "spawn"', async () => {
    await expect(Engine.spawn('/nonexistent/stockfish')).rejects.toMatchObject({ code: 'spawn' });
  });
});

test.skipIf(available)('stockfish is installed (scripts/check-deps.sh installs it)', () => {
  expect.fail(`${SF} is missing: apt-get install -y stockfish`);
});
