// PGN read, every move validated, the main line read back as SAN, over
// 1,000 games: the Stockfish self-play corpus (tests/data/corpus, 500 games with variations
// and comments) taken twice.
//   pgn-read       main lines only (variations and NAGs removed, a move's comments joined in one), games/s: ours
//                  readGames(text) and game.mainline() per game; chess.js loadPgn + history()
//                  per game; chessops parsePgn + replay of every move (parseSan + play) and
//                  makeSan of each main-line move; native chesswasm-notation-bench --pgn on the
//                  same file (it reads the games; the main line's SAN is its parser's text).
//   pgn-read-tree  the games with their variations, games/s (chess.js left out: its parser
//                  refuses a comment at the start of a variation).
//   pgn-read-mbs   the same as pgn-read-tree in MB/s.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Chess } from 'chess.js';
import { parsePgn, startingPosition, walk } from 'chessops/pgn';
import { makeSan, parseSan } from 'chessops/san';
import { root } from '../lib.mjs';

let sink = 0;
let files = null;

// The two 1,000-game texts, made once (the main-line one with our package), and their
// temporary files for the native tool.
function texts(chesswasm) {
  if (files) return files;
  const corpus = readFileSync(path.join(root, 'tests/data/corpus/stockfish-selfplay.pgn'), 'utf8');
  const tree = [corpus, corpus].join('\n');
  const mains = [];
  for (const g of chesswasm.readGames(corpus)) {
    const stack = [g.root];
    while (stack.length) {
      const n = stack.pop();
      for (const v of n.children.slice(1)) g.deleteFrom(v);
      // chess.js 1.4 refuses a comment after a NAG, and two comments in a row: no NAGs, and
      // one comment per move (the texts joined, the commands such as [%eval] after them).
      n.nags = [];
      const text = [...n.commentsBefore, ...n.commentsAfter].join(' ');
      const commands = n.clock !== null || n.emt !== null || n.eval !== null || n.shapes.length > 0;
      n.commentsBefore = [];
      n.comments = text || commands ? [{ text, clock: n.clock, emt: n.emt, eval: n.eval, shapes: n.shapes }] : [];
      stack.push(...n.children);
    }
    mains.push(g.pgn());
  }
  const main = [...mains, ...mains].join('\n');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chesswasm-bench-pgn-'));
  writeFileSync(path.join(dir, 'main.pgn'), main);
  writeFileSync(path.join(dir, 'tree.pgn'), tree);
  const split = (t) => t.split(/\n(?=\[Event )/);
  files = {
    main: { text: main, games: split(main), file: path.join(dir, 'main.pgn') },
    tree: { text: tree, games: split(tree), file: path.join(dir, 'tree.pgn') },
  };
  return files;
}

function ours(which, unit) {
  return ({ chesswasm }) => {
    const t = texts(chesswasm)[which];
    const units = unit === 'MB' ? Buffer.byteLength(t.text) / 1e6 : t.games.length;
    return {
      batch: () => {
        let n = 0;
        for (const g of chesswasm.readGames(t.text)) n += g.mainline().length;
        sink += n;
        return units;
      },
    };
  };
}

// chessops' walk context: the position, and whether the node is on the main line.
class Walk {
  constructor(pos, main) {
    this.pos = pos;
    this.main = main;
  }
  clone() {
    return new Walk(this.pos.clone(), this.main);
  }
}

function chessops(which, unit) {
  return ({ chesswasm }) => {
    const t = texts(chesswasm)[which];
    const units = unit === 'MB' ? Buffer.byteLength(t.text) / 1e6 : t.games.length;
    return {
      batch: () => {
        let n = 0;
        for (const game of parsePgn(t.text)) {
          // Every move validated (variations too); the main line's moves written back as SAN
          // (as Game.mainline() gives them), in the same walk.
          const sans = [];
          walk(game.moves, new Walk(startingPosition(game.headers).unwrap(), true), (ctx, node, i) => {
            const move = parseSan(ctx.pos, node.san);
            if (!move) throw new Error(`chessops: illegal ${node.san}`);
            ctx.main &&= i === 0;
            if (ctx.main) sans.push(makeSan(ctx.pos, move));
            ctx.pos.play(move);
            return true;
          });
          n += sans.length;
        }
        sink += n;
        return units;
      },
    };
  };
}

// chess.js is slow: a batch is 100 games (the rate is per game all the same).
function chessjs(which) {
  return ({ chesswasm }) => {
    const games = texts(chesswasm)[which].games.slice(0, 100);
    const c = new Chess();
    return {
      batch: () => {
        for (const g of games) {
          c.loadPgn(g);
          sink += c.history().length;
        }
        return games.length;
      },
    };
  };
}

function native(which, unit) {
  return ({ chesswasm, quick }) => {
    const tool = path.join(root, 'build/native/chesswasm-notation-bench');
    if (!existsSync(tool)) return undefined;
    const file = texts(chesswasm)[which].file;
    return {
      measure: () => {
        const out = execFileSync(tool, ['--json', '--pgn', file, ...(quick ? ['--quick'] : [])], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        const r = JSON.parse(out.trim().split('\n').pop());
        return unit === 'MB' ? r.pgn_mb_per_s : r.pgn_games_per_s;
      },
    };
  };
}

export default [
  {
    id: 'pgn-read',
    title: 'PGN read, 1,000 games, main lines (every move validated)',
    unit: 'games/s',
    impls: { ours: ours('main'), 'chess.js': chessjs('main'), chessops: chessops('main'), native: native('main') },
  },
  {
    id: 'pgn-read-tree',
    title: 'PGN read, 1,000 games with variations',
    unit: 'games/s',
    impls: { ours: ours('tree'), 'chess.js': () => undefined, chessops: chessops('tree'), native: native('tree') },
  },
  {
    id: 'pgn-read-mbs',
    title: 'PGN read, 1,000 games with variations',
    unit: 'MB/s',
    impls: {
      ours: ours('tree', 'MB'),
      'chess.js': () => undefined,
      chessops: chessops('tree', 'MB'),
      native: native('tree', 'MB'),
    },
  },
];
