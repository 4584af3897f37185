// chesswasm/engine against a scripted fake engine: the handshake, options, positions sent,
// info lines (malformed ones, bounds, MultiPV snapshots, illegal PV moves), timeouts, an engine
// that exits mid-search; and lichess's formulas against their published values.
import { Game, Position } from 'chesswasm';
import {
  Engine,
  EngineError,
  PovScore,
  Score,
  gameAccuracy,
  judge,
  moveAccuracy,
  reviewGame,
  winPercent,
  winningChances,
  type Snapshot,
} from 'chesswasm/engine';
import { describe, expect, test } from 'vitest';
import { FakeEngine, STOCKFISH_OPTIONS, type FakeOptions } from './fake-engine.js';

const connect = async (opts: FakeOptions = {}, timeout = 2000) => {
  const fake = new FakeEngine(opts);
  const engine = await Engine.connect(fake, { timeout });
  return { fake, engine };
};

const rejection = async (p: Promise<unknown>): Promise<EngineError> => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    return e as EngineError;
  }
  throw new Error('expected a rejection');
};

describe('formulas (lichess)', () => {
  test('winning chances and win percent at published points', () => {
    expect(winningChances(0)).toBe(0);
    // scalachess eval.scala / lila: wp(15) = 51.38, wp(100) = 59.10, wp(300) = 75.11, mate = 97.54.
    expect(winPercent(15)).toBeCloseTo(51.38, 2);
    expect(winPercent(100)).toBeCloseTo(59.1, 2);
    expect(winPercent(300)).toBeCloseTo(75.11, 2);
    expect(winPercent(1000)).toBeCloseTo(97.54, 2);
    expect(winningChances(-100)).toBeCloseTo(-winningChances(100), 12);
    expect(winningChances(-300)).toBeCloseTo(-0.50225, 4);
    // Clamped to ±1000; a mate counts as ±1000.
    expect(winningChances(5000)).toBe(winningChances(1000));
    expect(winningChances(-5000)).toBe(winningChances(-1000));
    expect(Score.mate(3).winningChances()).toBe(winningChances(1000));
    expect(Score.mate(-1).winningChances()).toBe(winningChances(-1000));
    expect(Score.mate(-0).winningChances()).toBe(winningChances(-1000));
    expect(Score.cp(100).winningChances()).toBeCloseTo(0.18205, 5);
  });

  test('move accuracy (lila AccuracyPercent examples)', () => {
    expect(moveAccuracy(60, 60)).toBe(100);
    expect(moveAccuracy(50, 70)).toBe(100);
    expect(moveAccuracy(55, 50)).toBeCloseTo(80.8, 1);
    expect(moveAccuracy(60, 50)).toBeCloseTo(64.6, 1);
    expect(moveAccuracy(70, 50)).toBeCloseTo(41.0, 1);
    expect(moveAccuracy(100, 0)).toBe(0);
  });

  // lila AccuracyPercentTest: 50 moves per side, each losing the same centipawns.
  const losing = (cpl: number) => {
    const wp = [winPercent(15)];
    for (let i = 0; i < 50; i++) wp.push(winPercent(15 - cpl), winPercent(15));
    return gameAccuracy(wp);
  };
  test('game accuracy: 65 cp lost per move is about 76, 150 cp about 54', () => {
    const a65 = losing(65);
    const a150 = losing(150);
    expect(Math.abs(a65.white! - 76)).toBeLessThan(8);
    expect(Math.abs(a65.black! - 76)).toBeLessThan(8);
    expect(Math.abs(a150.white! - 54)).toBeLessThan(8);
    expect(Math.abs(a150.black! - 54)).toBeLessThan(8);
    expect(a150.white!).toBeLessThan(a65.white!);
  });

  test('game accuracy: perfect play is 100, a side without moves is null', () => {
    expect(gameAccuracy([51, 51, 51, 51])).toEqual({ white: 100, black: 100 });
    expect(gameAccuracy([51, 51])).toEqual({ white: 100, black: null });
    expect(gameAccuracy([51])).toEqual({ white: null, black: null });
  });

  test('judgements (lila Advice): thresholds of the winning-chances drop, mate created and lost', () => {
    const cp = (n: number) => Score.cp(n);
    expect(judge(cp(0), cp(-50)).judgement).toBe(null);
    expect(judge(cp(0), cp(-60)).judgement).toBe('inaccuracy');
    expect(judge(cp(0), cp(-115)).judgement).toBe('mistake');
    expect(judge(cp(0), cp(-170)).judgement).toBe('blunder');
    // Raw centipawns: +3000 to +700 is an inaccuracy (0.14); clamped to +1000 it would not be (0.09).
    expect(judge(cp(3000), cp(700)).judgement).toBe('inaccuracy');
    expect(winningChances(3000) - winningChances(700)).toBeLessThan(0.1);
    expect(judge(cp(-1200), Score.mate(-5))).toEqual({ judgement: 'inaccuracy', mate: 'created' });
    expect(judge(cp(-800), Score.mate(-5))).toEqual({ judgement: 'mistake', mate: 'created' });
    expect(judge(cp(50), Score.mate(-5))).toEqual({ judgement: 'blunder', mate: 'created' });
    expect(judge(Score.mate(3), cp(1200))).toEqual({ judgement: 'inaccuracy', mate: 'lost' });
    expect(judge(Score.mate(3), cp(800))).toEqual({ judgement: 'mistake', mate: 'lost' });
    expect(judge(Score.mate(3), Score.mate(-4))).toEqual({ judgement: 'blunder', mate: 'lost' });
    expect(judge(Score.mate(3), Score.mate(5)).judgement).toBe(null); // delayed
  });

  test('scores: sides, order, mate as centipawns', () => {
    const s = new PovScore(Score.mate(-3), 'b');
    expect(s.white().mate).toBe(3);
    expect(s.black().mate).toBe(-3);
    expect(s.pov('b')).toBe(s.relative);
    const order = [
      Score.mate(-1),
      Score.mate(-5),
      Score.cp(-300),
      Score.cp(0),
      Score.cp(40),
      Score.mate(7),
      Score.mate(2),
    ];
    const shuffled = [...order].reverse();
    expect(shuffled.sort((a, b) => a.compare(b))).toEqual(order);
    expect(Score.mate(2).toCp(10000)).toBe(9998);
    expect(Score.mate(-2).toCp(10000)).toBe(-9998);
    expect(Score.mate(-0).toCp(10000)).toBe(-10000);
    expect(Score.cp(-150).toString()).toBe('-1.50');
    expect(Score.mate(-2).toString()).toBe('#-2');
    expect(() => s.pov('x' as 'w')).toThrow(/color/);
  });
});

describe('the UCI protocol (fake engine)', () => {
  test('handshake: name, options of every type', async () => {
    const { engine, fake } = await connect();
    expect(engine.name).toBe('Fakefish');
    expect(fake.received.slice(0, 2)).toEqual(['uci', 'isready']);
    expect(engine.options.get('hash')).toEqual({ name: 'Hash', type: 'spin', default: 16, min: 1, max: 33554432 });
    expect(engine.options.get('debug log file')).toEqual({ name: 'Debug Log File', type: 'string', default: '' });
    expect(engine.options.get('clear hash')).toEqual({ name: 'Clear Hash', type: 'button' });
    expect(engine.options.get('ponder')).toEqual({ name: 'Ponder', type: 'check', default: false });
    expect(engine.options.get('uci_variant')).toEqual({
      name: 'UCI_Variant',
      type: 'combo',
      default: 'chess',
      vars: ['chess', 'makruk'],
    });
  });

  test('configure checks values against the declarations before sending anything', async () => {
    const { engine, fake } = await connect();
    const before = fake.received.length;
    for (const bad of [
      { Hash: 0 },
      { Hash: 1.5 },
      { Threads: '2' },
      { Ponder: 1 },
      { Nonsense: 1 },
      { UCI_Chess960: true },
      { 'Clear Hash': 3 },
      { 'Debug Log File': 'a\nquit' },
    ])
      expect((await rejection(engine.configure(bad as never))).code).toBe('invalid-option');
    // One bad option refuses the whole call.
    expect((await rejection(engine.configure({ Threads: 2, Hash: -1 }))).code).toBe('invalid-option');
    expect(fake.received.length).toBe(before);
    await engine.configure({ threads: 2, Hash: 64, 'Clear Hash': null, 'Skill Level': 3 });
    expect(fake.commands.slice(-4)).toEqual([
      'setoption name Threads value 2',
      'setoption name Hash value 64',
      'setoption name Clear Hash',
      'setoption name Skill Level value 3',
    ]);
  });

  test('bad limits are refused before anything is sent', async () => {
    const { engine, fake } = await connect();
    const before = fake.received.length;
    const pos = Position.startpos();
    for (const bad of [
      {},
      { depth: 0 },
      { depth: 2.5 },
      { nodes: -1 },
      { movetime: 'fast' },
      { depth: 3, multipv: 0 },
      { depth: 3, multipv: 501 },
    ])
      expect((await rejection(engine.analyse(pos, bad as never))).code).toBe('invalid-limit');
    expect(() => engine.analysis(pos, { depth: -1 })).toThrow(EngineError);
    expect(fake.received.length).toBe(before);
  });

  test('the position is sent from the last irreversible move, with the moves since', async () => {
    const { engine, fake } = await connect();
    const pos = Position.startpos();
    for (const m of ['e2e4', 'g8f6', 'g1f3', 'f6g8', 'f3g1']) pos.play(m);
    await engine.analyse(pos, { depth: 1 });
    const after = Position.startpos();
    after.play('e2e4');
    expect(fake.commands).toContain(`position fen ${after.fen()} moves g8f6 g1f3 f6g8 f3g1`);
    expect(fake.commands.at(-1)).toBe('go depth 1');
    // A game's current node, its history included; the caller's position is unchanged.
    const game = Game.fromPgn('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. Nc3 Na5 *');
    game.goToPly(16);
    await engine.analyse(game, { nodes: 100 });
    expect(fake.commands).toContainEqual(expect.stringMatching(/^position fen \S+ w kq - 0 8 moves b1c3 c6a5$/));
    expect(pos.historyLength).toBe(5);
    // A null move cannot be sent: the position after it is the start.
    const nul = Position.startpos();
    nul.play('e2e4');
    nul.play('g8f6');
    nul.playNull();
    const afterNull = nul.fen();
    nul.play('f6g8');
    await engine.analyse(nul, { depth: 1 });
    expect(fake.commands).toContain(`position fen ${afterNull} moves f6g8`);
    // Wrong types are refused with a typed error.
    await expect(engine.analyse(null as never, { depth: 1 })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(engine.analyse('e4' as never, { depth: 1 })).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(game.position.historyLength).toBe(16);
  });

  test('lines: typed fields, SAN checked by the core, POV scores, wdl', async () => {
    const { engine } = await connect({
      onGo: (f) =>
        f.write(
          'info depth 12 seldepth 18 multipv 1 score mate -3 wdl 0 10 990 nodes 5000 nps 100000 hashfull 3 tbhits 0 time 50 pv d8h4 g2g3 h4g3',
          'bestmove d8h4 ponder g2g3',
        ),
    });
    const pos = Position.fromFen('rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2');
    const r = await engine.bestMove(pos, { depth: 12 });
    expect(r).toMatchObject({ move: 'd8h4', san: 'Qh4#', ponder: 'g2g3' });
    const [l] = r.lines;
    expect(l).toMatchObject({
      multipv: 1,
      depth: 12,
      seldepth: 18,
      nodes: 5000,
      nps: 100000,
      time: 50,
      wdl: { wins: 0, draws: 10, losses: 990 },
    });
    // The PV's second move is illegal after mate: cut there.
    expect(l!.pv).toEqual(['d8h4']);
    expect(l!.san).toEqual(['Qh4#']);
    expect(l!.pvError).toEqual({ index: 1, move: 'g2g3' });
    expect(l!.score.relative.mate).toBe(-3);
    expect(l!.score.turn).toBe('b');
    expect(l!.score.white().mate).toBe(3);
    expect(l!.score.black().mate).toBe(-3);
  });

  test('malformed and unknown info lines are ignored; illegal PV moves cut the line', async () => {
    const { engine } = await connect({
      onGo: (f) =>
        f.write(
          'info depth x score cp 10 pv e2e4',
          'info depth 3 score centipawns 10 pv e2e4',
          'info depth 3 score cp',
          'info depth 3 score cp 10 frobnicate 3 pv e2e4',
          'info string NNUE evaluation using nn.nnue',
          'info depth 4 currmove e2e4 currmovenumber 1',
          'info depth 5 multipv 1 score cp 31 nodes 900 nps 9000 time 100 pv e2e4 e7e5 e4e5 g1f3',
          'garbage line',
          'bestmove e2e4',
        ),
    });
    const lines = await engine.analyse(Position.startpos(), { depth: 5 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      depth: 5,
      pv: ['e2e4', 'e7e5'],
      san: ['e4', 'e5'],
      pvError: { index: 2, move: 'e4e5' },
    });
    expect(lines[0]!.score.white().cp).toBe(31);
  });

  test('MultiPV snapshots: one per iteration, depth the lowest of its lines, bounds never replace exact lines', async () => {
    const { engine, fake } = await connect({
      onGo: (f) =>
        f.write(
          'info depth 1 multipv 1 score cp 30 pv e2e4',
          'info depth 1 multipv 2 score cp 20 pv d2d4',
          'info depth 2 multipv 1 score cp 35 pv e2e4 e7e5',
          'info depth 2 multipv 1 score cp 80 lowerbound pv d2d4',
          'info depth 1 multipv 2 score cp 10 upperbound pv g1f3',
          'info depth 2 multipv 2 score cp 25 pv d2d4 d7d5',
          'info depth 3 multipv 1 score cp 33 pv e2e4 e7e5 g1f3',
          'bestmove e2e4',
        ),
    });
    const a = engine.analysis(Position.startpos(), { depth: 3, multipv: 2 });
    const seen: Snapshot[] = [];
    // Read every snapshot as it comes: the iterator hands over the newest one.
    for await (const s of a) seen.push(s);
    expect(fake.commands).toContain('setoption name MultiPV value 2');
    const last = seen.at(-1)!;
    expect(last.lines.map((l) => [l.multipv, l.depth, l.score.relative.cp])).toEqual([
      [1, 3, 33],
      [2, 2, 25],
    ]);
    expect(last.depth).toBe(2);
    // Every snapshot holds both lines, and no bound line replaced the exact one.
    for (const s of seen) expect(s.lines.map((l) => l.bound)).toEqual([null, null]);
    expect((await a.done).move).toBe('e2e4');
    // The default number of lines comes back for the next search.
    await engine.analyse(Position.startpos(), { depth: 1 });
    expect(fake.commands).toContain('setoption name MultiPV value 1');
  });

  test('stop ends an infinite analysis; an AbortSignal does the same', async () => {
    const { engine, fake } = await connect({
      onGo: (f) => {
        let d = 0;
        const tick = () => {
          if (f.closed || fake.received.at(-1) === 'stop') return;
          d++;
          f.write(`info depth ${d} score cp ${d} pv e2e4`);
          setTimeout(tick, 5);
        };
        tick();
      },
    });
    const a = engine.analysis(Position.startpos());
    for await (const s of a) if (s.depth >= 3) a.stop();
    expect(fake.commands).toContain('go infinite');
    expect(fake.commands.at(-1)).toBe('stop');
    expect((await a.done).move).toBe('e2e4');
    const ctl = new AbortController();
    const b = engine.analysis(Position.startpos(), { signal: ctl.signal });
    for await (const s of b) if (s.depth >= 2) ctl.abort();
    await b.done;
    // analyse with a signal rejects with 'aborted'.
    const ctl2 = new AbortController();
    const p = engine.analyse(Position.startpos(), { depth: 100, signal: ctl2.signal });
    setTimeout(() => ctl2.abort(), 20);
    expect((await rejection(p)).code).toBe('aborted');
    // The engine is still usable.
    expect(engine.closed).toBe(false);
  });

  test('no bestmove after movetime: timeout, the engine is killed, every call rejects', async () => {
    const { engine, fake } = await connect({ onGo: (f) => f.write('info depth 1 score cp 5 pv e2e4') }, 150);
    const t0 = Date.now();
    const first = engine.analyse(Position.startpos(), { movetime: 50 });
    const queued = engine.analyse(Position.startpos(), { depth: 2 });
    const e = await rejection(first);
    expect(e.code).toBe('timeout');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    expect((await rejection(queued)).code).toBe('timeout');
    expect(fake.closed).toBe(true);
    expect(engine.closed).toBe(true);
    expect((await rejection(engine.analyse(Position.startpos(), { depth: 1 }))).code).toBe('timeout');
    expect((await rejection(engine.configure({ Hash: 32 }))).code).toBe('timeout');
  });

  test('no bestmove after stop: timeout', async () => {
    const { engine } = await connect(
      { onGo: (f) => f.write('info depth 1 score cp 5 pv e2e4'), onStop: () => {} },
      100,
    );
    const a = engine.analysis(Position.startpos());
    const it = a[Symbol.asyncIterator]();
    await it.next();
    a.stop();
    expect((await rejection(it.next())).code).toBe('timeout');
    expect((await rejection(a.done)).code).toBe('timeout');
  });

  test('an engine that never answers uci: timeout', async () => {
    const fake = new FakeEngine({ silent: true });
    expect((await rejection(Engine.connect(fake, { timeout: 50 }))).code).toBe('timeout');
    expect(fake.closed).toBe(true);
  });

  test('an engine that exits mid-search rejects the search and later calls', async () => {
    const { engine, fake } = await connect({ onGo: (f) => f.write('info depth 1 score cp 5 pv e2e4') });
    const a = engine.analysis(Position.startpos(), { depth: 20 });
    const it = a[Symbol.asyncIterator]();
    expect(((await it.next()).value as Snapshot).depth).toBe(1);
    fake.exit('killed by SIGKILL');
    const e = await rejection(it.next());
    expect(e.code).toBe('exited');
    expect(e.message).toMatch(/SIGKILL/);
    expect((await rejection(engine.bestMove(Position.startpos(), { depth: 1 }))).code).toBe('exited');
  });

  test('an illegal bestmove is a protocol error', async () => {
    const { engine } = await connect({ onGo: (f) => f.write('bestmove e2e5') });
    expect((await rejection(engine.bestMove(Position.startpos(), { depth: 1 }))).code).toBe('protocol');
  });

  test('Chess960 and variants set the managed options; an engine without them is refused', async () => {
    const { engine, fake } = await connect();
    const p960 = Position.fromFen('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', {
      variant: 'chess960',
    });
    await engine.analyse(p960, { depth: 1 }).catch(() => undefined);
    expect(fake.commands).toContain('setoption name UCI_Chess960 value true');
    expect(fake.commands).toContain('position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9');
    await engine.analyse(Position.startpos('makruk'), { depth: 1 }).catch(() => undefined);
    expect(fake.commands).toContain('setoption name UCI_Variant value makruk');
    await engine.analyse(Position.startpos(), { depth: 1 });
    const since = fake.commands.slice(fake.commands.indexOf('setoption name UCI_Chess960 value true'));
    expect(since).toContain('setoption name UCI_Chess960 value false');
    expect(fake.commands.slice(-4)).toContain('setoption name UCI_Variant value chess');
    const plain = await connect({ options: ['option name Hash type spin default 16 min 1 max 64'] });
    expect((await rejection(plain.engine.analyse(p960, { depth: 1 }))).code).toBe('unsupported');
    expect((await rejection(plain.engine.analyse(Position.startpos('makruk'), { depth: 1 }))).code).toBe('unsupported');
    expect((await rejection(plain.engine.analyse(Position.startpos(), { depth: 1, multipv: 2 }))).code).toBe(
      'invalid-limit',
    );
  });

  test('Chess960 castling beside a variant sets UCI_Chess960 and sends Shredder-FEN', async () => {
    const { engine, fake } = await connect({
      options: [
        'option name UCI_Chess960 type check default false',
        'option name UCI_Variant type combo default chess var chess var atomic',
      ],
    });
    const pos = Position.fromFen('rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1', {
      variant: 'atomic',
      chess960: true,
    });
    pos.play('O-O');
    await engine.analyse(pos, { depth: 1 }).catch(() => undefined);
    expect(fake.commands).toContain('setoption name UCI_Chess960 value true');
    expect(fake.commands).toContain('setoption name UCI_Variant value atomic');
    // Castling is irreversible: the FEN after it, castling rights as the rooks' files.
    expect(fake.commands).toContain('position fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1');
    using plain = Position.fromFen('4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1', { variant: 'atomic' });
    await engine.analyse(plain, { depth: 1 }).catch(() => undefined);
    expect(fake.commands.slice(fake.commands.lastIndexOf('setoption name UCI_Chess960 value true'))).toContain(
      'setoption name UCI_Chess960 value false',
    );
    pos.dispose();
  });

  test("the lichess variants: the engine's UCI_Variant names (antichess is the older multi-variant Stockfish's giveaway)", async () => {
    const multi = 'option name UCI_Variant type combo default chess var chess var giveaway var 3check var crazyhouse';
    const { engine, fake } = await connect({ options: [multi] });
    await engine.analyse(Position.startpos('antichess'), { depth: 1 }).catch(() => undefined);
    expect(fake.commands).toContain('setoption name UCI_Variant value giveaway');
    await engine.analyse(Position.startpos('3check'), { depth: 1 }).catch(() => undefined);
    expect(fake.commands).toContain('setoption name UCI_Variant value 3check');
    expect(fake.commands).toContain('position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1');
    // Crazyhouse: the pockets in brackets, a drop in the moves since the last capture.
    using zh = Position.startpos('crazyhouse');
    for (const san of ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qa5', 'Nf3', 'Nf6', '@d5']) zh.play(san);
    await engine.analyse(zh, { depth: 1 }).catch(() => undefined);
    expect(fake.commands).toContain(
      'position fen rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3 moves b1c3 d5a5 g1f3 g8f6 P@d5',
    );
    expect((await rejection(engine.analyse(Position.startpos('atomic'), { depth: 1 }))).code).toBe('unsupported');
    // An engine with both names (Fairy-Stockfish, whose giveaway keeps castling) plays antichess.
    const both = await connect({ options: [`${multi} var antichess`] });
    await both.engine.analyse(Position.startpos('antichess'), { depth: 1 }).catch(() => undefined);
    expect(both.fake.commands).toContain('setoption name UCI_Variant value antichess');
    expect(both.fake.commands).not.toContain('setoption name UCI_Variant value giveaway');
  });

  test('close rejects later calls', async () => {
    const { engine, fake } = await connect();
    engine.close();
    expect(fake.received.at(-1)).toBe('quit');
    expect((await rejection(engine.analyse(Position.startpos(), { depth: 1 }))).code).toBe('closed');
  });
});

describe('move texts across rule sets', () => {
  test("a crazyhouse drop's PV text never becomes a standard move's (same squares: P@c3 / b1c3)", async () => {
    const options = STOCKFISH_OPTIONS.map((o) => (o.startsWith('option name UCI_Variant') ? `${o} var crazyhouse` : o));
    let pv = '';
    const { engine } = await connect({
      options,
      onGo: (f) => f.write(`info depth 2 multipv 1 score cp 10 pv ${pv}`, `bestmove ${pv.split(' ')[0]}`),
    });
    // Crazyhouse: white has a pawn in hand; P@c3 then a black reply.
    const zh = Position.fromFen('rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3', {
      variant: 'crazyhouse',
    });
    pv = 'P@c3 e7e5';
    const [a] = await engine.analyse(zh, { depth: 2 });
    expect(a!.pv).toEqual(['P@c3', 'e7e5']);
    expect(a!.san).toEqual(['@c3', 'e5']);
    // Standard chess next: b1c3 shares P@c3's squares field.
    const std = Position.startpos();
    pv = 'b1c3 d7d5';
    const [b] = await engine.analyse(std, { depth: 2 });
    expect(b!.pv).toEqual(['b1c3', 'd7d5']);
    expect(b!.san).toEqual(['Nc3', 'd5']);
    engine.close();
    zh.dispose();
    std.dispose();
  });

  test("reviewGame: a standard game read after a crazyhouse game keeps its moves' texts", async () => {
    // A crazyhouse game with the drop P@c3, written and read back (its texts are kept by move).
    const zh = new Game('rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3', { variant: 'crazyhouse' });
    zh.play('P@c3');
    expect(Game.fromPgn(zh.pgn()).mainlineNodes()[0]!.uci).toBe('P@c3');
    // Then a standard game whose first move has the same squares field (b1c3).
    const game = Game.fromPgn('1. Nc3 d5 2. e4 dxe4 3. Nxe4 *');
    const expected = ['b1c3', 'd7d5', 'e2e4', 'd5e4', 'c3e4'];
    let go = 0;
    // The engine's best move is always the move played: every move is the best.
    const { engine } = await connect({
      onGo: (f) => {
        const best = expected[go++] ?? '(none)';
        f.write(`info depth 1 multipv 1 score cp 0 pv ${best}`, `bestmove ${best}`);
      },
    });
    const review = await reviewGame(game, engine, { depth: 1 });
    expect(review.moves.map((m) => m.uci)).toEqual(expected);
    expect(review.moves.map((m) => m.judgement)).toEqual([null, null, null, null, null]);
    engine.close();
  });
});
