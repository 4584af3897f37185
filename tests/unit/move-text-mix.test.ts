// Move texts stay right when rule sets mix in one process: games of all ten rule sets (and
// Chess960 castling in the others) are played, written as PGN and read back in random order
// and interleaved (a crazyhouse game between two standard games), and every node's `uci` and
// `san`, every `legalUci()`/`legalSan()` list, `validateLine` and `Puzzle` are compared with
// the text the core writes for that move in that position (`uci(m)`/`san(m)` on a position
// replayed from the game's start, listed fresh each time). A cache of move texts keyed by less
// than the text depends on (variant, Chess960 castling, the move's bits) fails here.
import { expect, test } from 'vitest';
import { Game, Position, Puzzle, readGames, validateLine, type Move, type Variant } from 'chesswasm';
import { prng } from '../tools/prng.mjs';

interface Played {
  variant: Variant;
  chess960: boolean;
  fen: string;
  moves: Move[];
  uci: string[];
  san: string[];
}

const VARIANTS: readonly Variant[] = [
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

const CHESS960_START = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';

// A random game of `variant` and its texts as the core writes them, move by move.
function playRandom(variant: Variant, chess960: boolean, plies: number, rand: ReturnType<typeof prng>): Played {
  const pos =
    chess960 && variant !== 'chess960'
      ? Position.fromFen(Position.startpos(variant).fen().replace(' KQkq ', ' HAha '), { variant, chess960 })
      : variant === 'chess960'
        ? Position.fromFen(CHESS960_START, { variant })
        : Position.startpos(variant);
  const played: Played = { variant, chess960, fen: pos.fen(), moves: [], uci: [], san: [] };
  for (let ply = 0; ply < plies && pos.outcome() === null; ply++) {
    const moves = pos.legalMoves();
    if (moves.length === 0) break;
    const m = rand.pick(moves)!;
    played.moves.push(m);
    played.uci.push(pos.uci(m));
    played.san.push(pos.san(m));
    pos.play(m);
  }
  pos.dispose();
  return played;
}

// The core's texts for a line, from a fresh position (no text cached by this path but the
// position's own listing, which is checked against uci(m) per move as well).
function expectCoreTexts(p: Played, read: Game): void {
  const nodes = read.mainlineNodes();
  expect(nodes.map((n) => n.move)).toEqual(p.moves);
  const uci = nodes.map((n) => n.uci);
  const san = nodes.map((n) => n.san);
  // The texts of the rule set the game was read as (a rule set other than chess960 from its
  // start position is written without a FEN, so Chess960 castling is not kept: the same moves,
  // castling written e1g1).
  const chess960 = read.chess960;
  const pos = Position.fromFen(p.fen, { variant: read.variant, chess960 });
  expect(uci.length).toBe(p.moves.length);
  for (let i = 0; i < p.moves.length; i++) {
    const m = p.moves[i]!;
    const text = pos.uci(m);
    if (chess960 === p.chess960) expect(text, `ply ${i} of a ${p.variant} game`).toBe(p.uci[i]);
    expect(uci[i], `uci at ply ${i} of a ${p.variant}${p.chess960 ? ' (960)' : ''} game`).toBe(text);
    expect(san[i], `san at ply ${i} of a ${p.variant}${p.chess960 ? ' (960)' : ''} game`).toBe(p.san[i]);
    const all = pos.legalMoves();
    const k = all.indexOf(m);
    expect(pos.legalUci()[k]).toBe(text);
    expect(pos.legalSan()[k]).toBe(p.san[i]);
    pos.play(m);
  }
  pos.dispose();
}

function gameOf(p: Played): Game {
  const game = new Game(p.fen, { variant: p.variant, chess960: p.chess960 });
  for (const m of p.moves) game.play(m);
  return game;
}

// Rule sets whose castling can be Chess960's (castling rights on the start position).
const WITH_960 = new Set<Variant>(['chess', 'crazyhouse', 'atomic', 'kingofthehill', '3check']);

function randomGames(seed: number, count: number): Played[] {
  const rand = prng(seed);
  const games: Played[] = [];
  for (let i = 0; i < count; i++) {
    // Every third game standard chess, the others any rule set: crazyhouse games fall between
    // standard ones.
    const variant: Variant = i % 3 === 0 ? 'chess' : rand.pick(VARIANTS)!;
    const chess960 = WITH_960.has(variant) && rand.chance(0.25);
    games.push(playRandom(variant, chess960, 40 + rand.int(80), rand));
  }
  return games;
}

test('every node of games read from PGN has the core text, rule sets interleaved', () => {
  const games = randomGames(38, 60);
  expect(new Set(games.map((g) => g.variant)).size).toBe(VARIANTS.length);
  for (const p of games) {
    expectCoreTexts(p, Game.fromPgn(gameOf(p).pgn()));
  }
});

test('readGames over one text of mixed rule sets gives every move its own text', async () => {
  const games = randomGames(3801, 40);
  const text = games.map((p) => gameOf(p).pgn()).join('\n\n');
  let i = 0;
  for await (const game of readGames(text)) {
    const p = games[i++]!;
    // Standard chess with Chess960 castling is written (and read back) as Chess960.
    expect(game.variant).toBe(p.chess960 && p.variant === 'chess' ? 'chess960' : p.variant);
    expectCoreTexts(p, game);
  }
  expect(i).toBe(games.length);
});

test('a crazyhouse drop and a standard move on the same squares keep their own texts', () => {
  // P@c3 and b1c3 share a square pair (a drop's origin field holds the piece type, 1 = b1).
  const zh = new Game(undefined, { variant: 'crazyhouse' });
  for (const m of ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qxd2+', 'Bxd2']) zh.play(m);
  const dropGame = zh.pgn() + '\n';
  const before = Game.fromPgn(dropGame);
  const drops = new Game(before.mainlineNodes().at(-1)!.fen, { variant: 'crazyhouse' });
  const drop = drops.play('P@e6');
  expect(drop.uci).toBe('P@e6');
  const std = Game.fromPgn('1. Nc3 d5 2. e4 Nf6 *');
  expect(std.mainlineNodes().map((n) => n.uci)).toEqual(['b1c3', 'd7d5', 'e2e4', 'g8f6']);
  const again = Game.fromPgn(drops.pgn());
  expect(again.mainlineNodes().map((n) => n.uci)).toEqual(['P@e6']);
  expect(Game.fromPgn('1. Nc3 d5 *').mainlineNodes()[0]!.uci).toBe('b1c3');
});

test('validateLine and Puzzle take the texts of the rule set they are given, interleaved', () => {
  const games = randomGames(3802, 30);
  for (const p of games) {
    const result = validateLine(p.fen, p.uci, { variant: p.variant, chess960: p.chess960 });
    expect(result.ok, `${p.variant} ${p.uci.join(' ')}`).toBe(true);
    const pos = Position.fromFen(p.fen, { variant: p.variant, chess960: p.chess960 });
    for (const m of p.moves) pos.play(m);
    if (result.ok) expect(result.fen).toBe(pos.fen());
    pos.dispose();
  }
  // A puzzle line in standard chess right after crazyhouse games were read.
  const puzzle = new Puzzle({
    fen: 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3',
    moves: ['d7d6', 'f3f7'],
  });
  expect(puzzle.play('f3f7')).toBe('solved');
});
