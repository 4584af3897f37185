// chesswasm/engine (ours only: chess.js and chessops have no engine client).
//  - 'engine-info': UCI `info` lines turned into typed lines (score, PV checked by the core
//    and written in SAN, the MultiPV snapshot) per second: a Stockfish-like line with a
//    12-move PV fed to a running analysis through a line transport.
//  - 'review-overhead': what reviewGame adds to the engine's own time, in % of it: the review
//    of the Opera Game (34 positions) with a stand-in engine that answers at once (8-move PVs;
//    all of the time is ours) against the same review with Debian's Stockfish at 20,000
//    nodes per position (a tenth of the CLI's example limit: an upper bound of the share).
//    Our side is measured warm: WARM_CALLS stand-in reviews first (a fresh process needs 100-200
//    of them, 1-2 s, before the engine client's JS settles: the first takes 40-90 ms, the 20th
//    ~10, a warm one ~1.3), then each run times OWN_CALLS of them (the process's CPU time with
//    --cpu) and takes the median. One cold call per run measured V8's warm-up instead: main
//    against a copy of itself spread 0.57-1.26x.
//  - 'review-throughput': the review's throughput as a share of the engine's own speed: the
//    Opera Game reviewed by Stockfish at THROUGHPUT_NODES nodes per position (the CLI's
//    example limit is 200,000) through reviewGame, over a transport that passes the engine's
//    lines on and adds up the `time` of each search's last `info` line: the engine's own search
//    time by its own clock, against the review's wall-clock time, in %. Both clocks run over
//    the same interval, so load on the machine slows both alike; what is lost is our work, the
//    pipes and the engine's own time between searches. Each run starts an engine (not timed).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuNow, median } from '../lib.mjs';

const none = () => undefined;
const SF = '/usr/games/stockfish';
const WARM_CALLS = 300;
const OWN_CALLS = 9;
export const OPERA =
  '1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 ' +
  '11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0';

async function engineModule(ctx) {
  const file = path.join(ctx.dist, 'engine.js');
  if (!existsSync(file)) return null; // a build from before chesswasm/engine (CHESSWASM_DIST)
  return import(pathToFileURL(file).href);
}

// A transport whose engine answers the handshake; `onGo` answers searches.
export function transport(onGo) {
  const t = {
    line: () => {},
    listen(onLine) {
      t.line = onLine;
    },
    send(cmd) {
      if (cmd === 'uci')
        queueMicrotask(() =>
          ['id name Bench', 'option name MultiPV type spin default 1 min 1 max 8', 'uciok'].forEach(t.line),
        );
      else if (cmd === 'isready') queueMicrotask(() => t.line('readyok'));
      else if (cmd.startsWith('go')) onGo(t);
    },
    close() {},
  };
  return t;
}

let sink = 0;
const THROUGHPUT_NODES = 100_000;

// A child-process transport (as Engine.spawn's) that adds up the engine's own search time: the
// `time` of the last `info` line before each `bestmove`.
function timedTransport(file) {
  const child = spawn(file, [], { stdio: ['pipe', 'pipe', 'ignore'] });
  const clock = { searchMs: 0, last: 0 };
  const t = {
    clock,
    send: (line) => child.stdin.write(line + '\n'),
    listen(onLine) {
      let buffer = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk) => {
        buffer += chunk;
        for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
          const line = buffer.slice(0, i).replace(/\r$/, '');
          buffer = buffer.slice(i + 1);
          if (line.startsWith('info ')) {
            const m = / time (\d+)/.exec(line);
            if (m) clock.last = Number(m[1]);
          } else if (line.startsWith('bestmove')) {
            clock.searchMs += clock.last;
            clock.last = 0;
          }
          onLine(line);
        }
      });
    },
    close: () => child.kill('SIGKILL'),
  };
  return t;
}

export default [
  {
    id: 'engine-info',
    title: 'UCI info lines -> typed lines with SAN PVs (12 moves)',
    unit: 'lines/s',
    impls: {
      ours: async (ctx) => {
        const mod = await engineModule(ctx);
        if (!mod) return undefined;
        const t = transport(() => {});
        const engine = await mod.Engine.connect(t);
        const analysis = engine.analysis(ctx.chesswasm.Position.startpos());
        await new Promise((r) => setTimeout(r, 0)); // the search has started
        const pv = 'e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5';
        let depth = 0;
        return {
          batch: () => {
            for (let i = 0; i < 100; i++) {
              depth = (depth % 60) + 1;
              t.line(
                `info depth ${depth} seldepth ${depth + 6} multipv 1 score cp ${depth} nodes 1234567 nps 1000000 hashfull 400 tbhits 0 time 1234 pv ${pv}`,
              );
            }
            sink += analysis.latest.lines[0].san.length;
            return 100;
          },
        };
      },
      'chess.js': none,
      chessops: none,
      native: none,
    },
  },
  {
    id: 'review-overhead',
    title: "reviewGame's own time, % of the engine's (Opera Game, Stockfish 20k nodes)",
    unit: '%',
    lowerIsBetter: true,
    impls: {
      ours: async (ctx) => {
        const mod = await engineModule(ctx);
        if (!mod || !existsSync(SF)) return undefined;
        const game = ctx.chesswasm.Game.fromPgn(OPERA);
        const ucis = game.mainlineNodes().map((n) => n.uci);
        let go = 0;
        const instant = await mod.Engine.connect(
          transport((t) => {
            const i = go++ % (ucis.length + 1);
            const pv = ucis.slice(i, i + 8).join(' ');
            queueMicrotask(() => {
              t.line(`info depth 12 seldepth 16 multipv 1 score cp 25 nodes 20000 nps 1000000 time 20 pv ${pv}`);
              t.line(`bestmove ${ucis[i] ?? '(none)'}`);
            });
          }),
        );
        const timed = async (engine, clock) => {
          go = 0;
          const t0 = clock();
          await mod.reviewGame(game, engine, { nodes: 20_000 });
          return clock() - t0;
        };
        const wall = () => performance.now();
        for (let i = 0; i < WARM_CALLS; i++) await timed(instant, wall);
        return {
          measure: async () => {
            // A Stockfish per run, closed after it (an open child process would keep the bench alive).
            const stockfish = await mod.Engine.spawn(SF);
            try {
              await stockfish.configure({ Threads: 1 });
              const calls = [];
              for (let i = 0; i < OWN_CALLS; i++) calls.push(await timed(instant, ctx.cpu ? cpuNow : wall));
              const ours = median(calls);
              // The engine's time: its review less our share of it (wall-clock time: a child process).
              const total = await timed(stockfish, wall);
              return (100 * ours) / Math.max(1e-9, total - ours);
            } finally {
              stockfish.close();
            }
          },
        };
      },
      'chess.js': none,
      chessops: none,
      native: none,
    },
  },
  {
    id: 'review-throughput',
    title: "review throughput, % of the engine's own speed (Opera Game, Stockfish 100k nodes)",
    unit: '%',
    impls: {
      ours: async (ctx) => {
        const mod = await engineModule(ctx);
        if (!mod || !existsSync(SF)) return undefined;
        const game = ctx.chesswasm.Game.fromPgn(OPERA);
        return {
          measure: async () => {
            const t = timedTransport(SF);
            const engine = await mod.Engine.connect(t);
            try {
              await engine.configure({ Threads: 1 });
              t.clock.searchMs = 0;
              const t0 = performance.now();
              const review = await mod.reviewGame(game, engine, { nodes: THROUGHPUT_NODES });
              const wall = performance.now() - t0;
              sink += review.moves.length;
              return (100 * t.clock.searchMs) / wall;
            } finally {
              engine.close();
            }
          },
        };
      },
      'chess.js': none,
      chessops: none,
      native: none,
    },
  },
];
