// Makruk against the reference engine, Debian's fairy-stockfish (UCI_Variant makruk):
//  - perft divide on >= 200 positions taken from seeded random playouts;
//  - the FEN after every move of >= 100 seeded random games, counting fields included
//    (Fairy-Stockfish prints a promoted Met without the '~' we write; that mark is dropped
//    before comparing).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Position } from 'chesswasm';
import { prng } from '../tools/prng.mjs';

const FAIRY = '/usr/games/fairy-stockfish';
const START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
// Starts that reach the counting rules quickly: endgames with and without Bias.
const STARTS = [
  START,
  '8/3k4/8/2K1S1P1/8/8/8/8 w - - 0 1',
  '3k4/2m5/8/4MP2/3KS3/8/8/8 w - - 0 1',
  '8/2K3k1/5m2/4S1S1/8/8/8/8 w - 128 97 1',
  '4k3/8/8/4S3/8/2S5/8/4K3 w - - 0 1',
  '4k3/8/8/8/8/2p5/3N4/3K4 w - - 0 1',
  '2k5/8/8/3m4/2P5/8/3RR3/3K4 b - - 0 1',
  '8/8/4k3/8/2p5/8/1NN1S3/3K4 w - - 0 1',
  '1r1m3r/1n1k3n/pM2p3/1P1pPp2/5P2/1SP2sP1/R2M4/1N2K1N1 b - - 4 32',
];

/** A small line-oriented UCI client. */
class Engine {
  private proc: ChildProcessWithoutNullStreams;
  private buffer = '';
  private waiters: { pred: (line: string) => boolean; lines: string[]; resolve: (l: string[]) => void }[] = [];

  constructor(path: string) {
    this.proc = spawn(path, [], { stdio: 'pipe' });
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl).trim();
        this.buffer = this.buffer.slice(nl + 1);
        const w = this.waiters[0];
        if (!w) continue;
        w.lines.push(line);
        if (w.pred(line)) {
          this.waiters.shift();
          w.resolve(w.lines);
        }
      }
    });
  }

  send(cmd: string): void {
    this.proc.stdin.write(cmd + '\n');
  }

  /** Sends cmd and collects output lines up to the first one matching pred. */
  ask(cmd: string, pred: (line: string) => boolean): Promise<string[]> {
    return new Promise((resolve) => {
      this.waiters.push({ pred, lines: [], resolve });
      this.send(cmd);
    });
  }

  async fen(start: string, moves: string[]): Promise<string> {
    this.send(`position fen ${start}${moves.length ? ' moves ' + moves.join(' ') : ''}`);
    const out = await this.ask('d', (l) => l.startsWith('Checkers'));
    return out
      .find((l) => l.startsWith('Fen:'))!
      .slice(4)
      .trim();
  }

  async divide(fen: string, depth: number): Promise<Map<string, number>> {
    this.send(`position fen ${fen}`);
    const out = await this.ask(`go perft ${depth}`, (l) => l.startsWith('Nodes searched'));
    const map = new Map<string, number>();
    for (const l of out) {
      const m = /^([a-h][1-8][a-h][1-8]m?): (\d+)$/.exec(l);
      if (m) map.set(m[1]!, Number(m[2]));
    }
    return map;
  }

  quit(): void {
    this.send('quit');
  }
}

const available = existsSync(FAIRY);

describe.runIf(available)('Makruk vs fairy-stockfish', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = new Engine(FAIRY);
    await engine.ask('uci', (l) => l === 'uciok');
    engine.send('setoption name UCI_Variant value makruk');
    await engine.ask('isready', (l) => l === 'readyok');
  });
  afterAll(() => engine?.quit());

  test('the FEN after every move of 120 random games, counting fields included', async () => {
    let plies = 0;
    for (let g = 0; g < 120; g++) {
      const random = prng(1000 + g);
      const start = STARTS[g % STARTS.length]!;
      using pos = Position.fromFen(start, { variant: 'makruk' });
      const line: string[] = [];
      for (let ply = 0; ply < 80; ply++) {
        const moves = pos.legalMoves();
        if (moves.length === 0 || pos.outcome()) break;
        const m = moves[Math.floor(random() * moves.length)]!;
        line.push(pos.uci(m));
        pos.play(m);
        plies++;
        const theirs = await engine.fen(start, line);
        expect(pos.fen().replaceAll('~', ''), `${start} moves ${line.join(' ')}`).toBe(theirs);
      }
    }
    expect(plies).toBeGreaterThan(3000);
  }, 240_000);

  test('perft divide on 240 positions from random playouts', async () => {
    let checked = 0;
    for (let g = 0; g < 240; g++) {
      const random = prng(5000 + g);
      using pos = Position.fromFen(STARTS[g % STARTS.length]!, { variant: 'makruk' });
      const plies = Math.floor(random() * 40);
      for (let i = 0; i < plies; i++) {
        const moves = pos.legalMoves();
        if (moves.length === 0) break;
        pos.play(moves[Math.floor(random() * moves.length)]!);
      }
      const fen = pos.fen().replaceAll('~', '');
      // Fairy-Stockfish reads no '~', so both engines start from the same unmarked FEN.
      using same = Position.fromFen(fen, { variant: 'makruk' });
      const depth = 2;
      const ours = same.divide(depth);
      const theirs = await engine.divide(fen, depth);
      expect(new Map([...ours].sort()), fen).toEqual(new Map([...theirs].sort()));
      checked++;
    }
    expect(checked).toBe(240);
  }, 240_000);
});

test.skipIf(available)('fairy-stockfish is installed (scripts/check-deps.sh installs it)', () => {
  expect.fail(`${FAIRY} is missing: apt-get install -y fairy-stockfish`);
});
