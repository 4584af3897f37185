#!/usr/bin/env node
// Writes tests/data/syzygy/fathom.tsv: Debian's fathom prober's answers (WDL for the side to
// move, |DTZ|) on random legal positions of every table in tests/data/syzygy, so that the
// native tests (tests/cpp/test_tablebase.cpp) compare with an independent prober without
// running it. Positions without a legal move are left out (fathom reports no probe for them).
//   node scripts/gen-tablebase-oracle.mjs [per-table count, default 40]   (needs dist/ and
//   /usr/games/fathom: apt-get install fathom)
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Position } from '../dist/index.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dir = path.join(root, 'tests/data/syzygy');
const perTable = Number(process.argv[2] ?? 40);
const WDL = { Loss: -2, BlessedLoss: -1, Draw: 0, CursedWin: 1, Win: 2 };

// A fixed-seed generator: the file is the same on every run.
let seed = 42;
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((seed / 2147483648) * n);
};

function randomFen(name) {
  const [w, b] = name.split('v');
  for (;;) {
    const board = new Array(64).fill('');
    let ok = true;
    for (const [side, letters] of [
      ['w', w],
      ['b', b],
    ])
      for (const l of letters) {
        const sq = rand(64);
        if (board[sq] || (l === 'P' && (sq < 8 || sq >= 56))) ok = false;
        board[sq] = side === 'w' ? l : l.toLowerCase();
      }
    if (!ok) continue;
    const rows = [];
    for (let r = 7; r >= 0; r--) {
      let row = '';
      let empty = 0;
      for (let f = 0; f < 8; f++) {
        const p = board[r * 8 + f];
        if (!p) empty++;
        else {
          if (empty) row += empty;
          empty = 0;
          row += p;
        }
      }
      rows.push(row + (empty ? empty : ''));
    }
    const fen = `${rows.join('/')} ${rand(2) ? 'b' : 'w'} - - 0 1`;
    try {
      const pos = Position.fromFen(fen);
      if (pos.legalMoves().length === 0) continue;
      return fen;
    } catch {
      continue;
    }
  }
}

const names = readdirSync(dir)
  .filter((f) => f.endsWith('.rtbw'))
  .map((f) => f.slice(0, -5))
  .sort();
const lines = ['# fen\twdl\tabs_dtz (Debian fathom, scripts/gen-tablebase-oracle.mjs)'];
for (const name of names)
  for (let i = 0; i < perTable; i++) {
    const fen = randomFen(name);
    const out = execFileSync('/usr/games/fathom', [`--path=${dir}`, fen], { encoding: 'utf8' });
    const wdl = WDL[/\[WDL "(\w+)"\]/.exec(out)[1]];
    const dtz = Number(/\[DTZ "(-?\d+)"\]/.exec(out)[1]);
    lines.push(`${fen}\t${wdl}\t${dtz}`);
  }
writeFileSync(path.join(dir, 'fathom.tsv'), lines.join('\n') + '\n');
console.log(`${lines.length - 1} positions`);
