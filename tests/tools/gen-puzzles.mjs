#!/usr/bin/env node
// Generates lichess-format puzzle rows (PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,
// NbPlays,Themes,GameUrl,OpeningTags) from positions of weak self-play, with Debian's
// stockfish (/usr/games/stockfish) as the mate finder:
//   node tests/tools/gen-puzzles.mjs mates [--count N] [--seed S] [--depth D] > rows.csv
//       plays games (random moves mixed with shallow stockfish moves); after each ply asks
//       `go depth D`; when stockfish reports `score mate k` (1 <= k <= 4) for the side to
//       move, the position before the last move becomes the puzzle FEN, that move the setup
//       move, and stockfish's PV the solution; rows are kept only when chesswasm confirms the
//       line ends in checkmate after k solver moves (theme `mateIn<k>`). Every 3rd find
//       instead keeps a 3-ply PV prefix as a non-mate `advantage` row.
//   node tests/tools/gen-puzzles.mjs big <rows.csv> <out.csv> [--rows N]
//       the benchmark file: replicates the given rows (fresh ids) up to N rows (default
//       100000). Write it to /tmp: never commit it.
// Needs the built package (dist/: npm run build:package).
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import readline from 'node:readline';
import { prng } from './prng.mjs';

const HEADER = 'PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags';
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};

// Reproducible runs for a given --seed.
const rand = prng(opt('seed', 12345));

function id(n) {
  const a = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let s = '';
  for (let i = 0; i < 5; i++) {
    s = a[n % 62] + s;
    n = Math.floor(n / 62);
  }
  return s;
}

class Engine {
  constructor() {
    this.p = spawn('/usr/games/stockfish', [], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.lines = [];
    this.waiters = [];
    readline.createInterface({ input: this.p.stdout }).on('line', (l) => {
      const w = this.waiters[0];
      if (w) {
        w.lines.push(l);
        if (w.until(l)) {
          this.waiters.shift();
          w.resolve(w.lines);
        }
      }
    });
  }
  send(cmd) {
    this.p.stdin.write(cmd + '\n');
  }
  wait(until) {
    return new Promise((resolve) => this.waiters.push({ until, resolve, lines: [] }));
  }
  async init() {
    this.send('uci');
    await this.wait((l) => l === 'uciok');
    this.send('setoption name Threads value 1');
    this.send('setoption name Hash value 16');
    this.send('isready');
    await this.wait((l) => l === 'readyok');
  }
  async go(fen, depth) {
    this.send(`position fen ${fen}`);
    this.send(`go depth ${depth}`);
    const lines = await this.wait((l) => l.startsWith('bestmove'));
    let info = null;
    for (const l of lines) if (l.startsWith('info') && / pv /.test(l) && !/ multipv [2-9]/.test(l)) info = l;
    const best = lines.at(-1).split(' ')[1];
    if (!info) return { best };
    const mate = / score mate (-?\d+)/.exec(info);
    const cp = / score cp (-?\d+)/.exec(info);
    const pv = info.split(' pv ')[1].trim().split(' ');
    return { best, mate: mate ? Number(mate[1]) : null, cp: cp ? Number(cp[1]) : null, pv };
  }
  quit() {
    this.send('quit');
  }
}

async function mates() {
  const { Position } = await import('../../dist/index.js');
  const count = opt('count', 60);
  const depth = opt('depth', 10);
  const engine = new Engine();
  await engine.init();
  process.stdout.write(HEADER + '\n');
  let made = 0;
  let finds = 0;
  for (let game = 0; made < count && game < count * 50; game++) {
    const pos = Position.startpos();
    let prevFen = null;
    let last = null;
    for (let ply = 0; ply < 120 && made < count; ply++) {
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      if (ply >= 6 && last) {
        const r = await engine.go(pos.fen(), depth);
        if (r.mate !== null && r.mate >= 1 && r.mate <= 4 && r.pv.length >= 2 * r.mate - 1) {
          finds++;
          const k = r.mate;
          const advantage = finds % 3 === 0 && r.pv.length >= 4 && k >= 3;
          const line = advantage ? r.pv.slice(0, 3) : r.pv.slice(0, 2 * k - 1);
          // Check with chesswasm: every move legal, ends in mate (mate rows).
          const check = Position.fromFen(pos.fen());
          let ok = true;
          for (const u of line) {
            try {
              check.play(u);
            } catch {
              ok = false;
              break;
            }
          }
          if (ok && (advantage || check.isCheckmate())) {
            const theme = advantage
              ? 'advantage middlegame'
              : `mate mateIn${k} ${k === 1 ? 'oneMove' : k === 2 ? 'short' : 'long'}`;
            const rating = 800 + Math.floor(rand() * 1800);
            process.stdout.write(
              `${id(made + 1000)},${prevFen},${[last, ...line].join(' ')},${rating},75,${80 + Math.floor(rand() * 20)},${Math.floor(rand() * 5000)},${theme},https://example.org/selfplay/${game}#${ply},\n`,
            );
            made++;
            process.stderr.write(`\r${made}/${count} puzzles (game ${game})`);
          }
          check.dispose();
          break; // one puzzle per game: more variety
        }
      }
      let uci;
      if (rand() < 0.45) uci = pos.uci(moves[Math.floor(rand() * moves.length)]);
      else uci = (await engine.go(pos.fen(), 2)).best;
      prevFen = pos.fen();
      last = uci;
      pos.play(uci);
    }
    pos.dispose();
  }
  process.stderr.write('\n');
  engine.quit();
}

async function big() {
  const [src, out] = args.slice(1, 3);
  const rows = opt('rows', 100000);
  const base = readFileSync(src, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('PuzzleId'));
  const good = base.filter((l) => l.split(',').length === 10);
  const w = createWriteStream(out);
  w.write(HEADER + '\n');
  for (let i = 0; i < rows; i++) {
    const f = good[i % good.length].split(',');
    f[0] = id(i + 100000);
    if (!w.write(f.join(',') + '\n')) await new Promise((r) => w.once('drain', r));
  }
  await new Promise((r) => w.end(r));
  process.stderr.write(`${out}: ${rows} rows from ${good.length} distinct puzzles\n`);
}

// The committed sample (tests/data/puzzles/sample.csv): good rows of a generated file, then
// known-bad rows made from good ones. Each PuzzleId says what the row must give: `ok-N`, or
// the core's PuzzleStatus in lower case (`illegal-1`, `mate_length-1`, ...).
async function sample() {
  const src = args[1];
  const good = readFileSync(src, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('PuzzleId'))
    .map((l) => l.split(','));
  const mates = good.filter((f) => /mateIn\d/.test(f[7]));
  // Non-mate lines end with a solver move (older runs kept one reply too many).
  const other = good
    .filter((f) => !/mateIn\d/.test(f[7]))
    .map((f) => {
      const m = f[2].split(' ');
      return [...f.slice(0, 2), (m.length % 2 ? m.slice(0, -1) : m).join(' '), ...f.slice(3)];
    });
  const byN = (n) => mates.filter((f) => f[7].includes(`mateIn${n}`));
  const picked = [
    ...byN(1).slice(0, 5),
    ...byN(2).slice(0, 5),
    ...byN(3).slice(0, 4),
    ...byN(4).slice(0, 3),
    ...other.slice(0, 4),
  ];
  const rows = picked.map((f, i) => ['ok-' + String(i + 1).padStart(2, '0'), ...f.slice(1)]);
  const bad = (name, f) => rows.push([name, ...f.slice(1)]);
  const m2 = byN(2)[0],
    m3 = byN(3)[0],
    m1 = byN(1)[0];
  const mv = (f) => f[2].split(' ');
  // Illegal: the solver's first move replaced by the setup move again (a piece of the wrong side).
  bad('illegal-1', [0, m2[1], [mv(m2)[0], mv(m2)[0], ...mv(m2).slice(2)].join(' '), ...m2.slice(3)]);
  // Illegal: the opponent's reply swapped for a move to an occupied own square... the solver's move again.
  bad('illegal-2', [0, m3[1], [...mv(m3).slice(0, 3), mv(m3)[1], ...mv(m3).slice(4)].join(' '), ...m3.slice(3)]);
  bad('syntax-1', [0, m2[1], [mv(m2)[0], 'e9e4', ...mv(m2).slice(2)].join(' '), ...m2.slice(3)]);
  // Wrong mate length: the theme claims one more move than the line has.
  bad('mate_length-1', [0, ...m2.slice(1, 7), m2[7].replace('mateIn2', 'mateIn3'), ...m2.slice(8)]);
  bad('mate_length-2', [0, ...m3.slice(1, 7), m3[7].replace('mateIn3', 'mateIn2'), ...m3.slice(8)]);
  // Not mate: the last solver move and the reply before it dropped.
  bad('not_mate-1', [0, m2[1], mv(m2).slice(0, 2).join(' '), ...m2.slice(3)]);
  // Bad FENs: a missing king, a rank too long, a wrong field count.
  bad('fen-1', [0, m1[1].replace(/k/, '1'), ...m1.slice(2)]);
  bad('fen-2', [0, m1[1].replace('/', '1/'), ...m1.slice(2)]);
  bad('fen-3', [0, m1[1].split(' ').slice(0, 3).join(' '), ...m1.slice(2)]);
  bad('no_moves-1', [0, m1[1], mv(m1)[0], ...m1.slice(3)]);
  bad('ambiguous-1', [
    0,
    '4k3/8/8/8/8/8/8/1N2KN2 b - - 0 1',
    'e8d8 Nd2',
    '1500',
    '75',
    '90',
    '100',
    'advantage',
    'https://example.org/x',
    '',
  ]);
  const out = [HEADER, ...rows.map((f) => f.join(','))];
  // A truncated row (the file cut in the middle of the line): last.
  const t = [...m3];
  t[0] = 'row-1';
  out.push(t.join(',').slice(0, 70));
  process.stdout.write(out.join('\n') + '\n');
}

const cmd = args[0];
if (cmd === 'sample') await sample();
else if (cmd === 'mates') await mates();
else if (cmd === 'big') await big();
else {
  process.stderr.write(
    'usage: gen-puzzles.mjs mates [--count N] [--seed S] [--depth D] | big <rows.csv> <out.csv> [--rows N]\n',
  );
  process.exit(2);
}
void createReadStream;
