// findPuzzles with a scripted engine: each position's lines come from a table (by FEN), so the
// review's judgements, the uniqueness rule at every solver move, where the line ends and the
// themes are all decided here; lila's hasMultipleSolutions at its thresholds.
import { Game, Position, Puzzle } from 'chesswasm';
import {
  Engine,
  EngineError,
  PUZZLE_CSV_HEADER,
  Score,
  findPuzzles,
  hasMultipleSolutions,
  puzzleCsvRow,
  reviewGame,
  winningChances,
  type FindPuzzlesOptions,
} from 'chesswasm/engine';
import { describe, expect, test } from 'vitest';
import { FakeEngine, STOCKFISH_OPTIONS } from './fake-engine.js';

/** Lines by position (the FEN's first four fields): `[pv, score]`, best first, scores from the side to move. */
type Script = Record<string, [string, string][]>;

const key = (fen: string) => fen.split(' ').slice(0, 4).join(' ');

// An engine answering from the script; elsewhere the first legal moves, all at 0.00.
async function scripted(script: Script, options?: string[]) {
  const table = new Map(Object.entries(script).map(([fen, lines]) => [key(fen), lines]));
  const searches: { fen: string; multipv: number }[] = [];
  const fake = new FakeEngine({
    ...(options ? { options } : {}),
    onGo: (f) => {
      searches.push({ fen: f.fen, multipv: f.multipv });
      const lines = table.get(key(f.fen)) ?? f.legal.slice(0, 2).map((m): [string, string] => [m, 'cp 0']);
      const out = lines
        .slice(0, f.multipv)
        .map(
          ([pv, score], i) =>
            `info depth 10 seldepth 12 multipv ${i + 1} score ${score} nodes 1000 nps 1000 time 1 pv ${pv}`,
        );
      f.write(...out, `bestmove ${lines[0]?.[0].split(' ')[0] ?? '(none)'}`);
    },
  });
  const engine = await Engine.connect(fake, { timeout: 2000 });
  return { engine, fake, searches };
}

const fenAfter = (start: string | undefined, moves: string) => {
  const p = start ? Position.fromFen(start) : Position.startpos();
  for (const m of moves.split(' ').filter(Boolean)) p.play(m);
  const fen = p.fen();
  p.dispose();
  return fen;
};

// Scholar's mate: 3...Nf6?? allows 4.Qxf7#.
const SCHOLAR = '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0';
const BEFORE_NF6 = fenAfter(undefined, 'e2e4 e7e5 f1c4 b8c6 d1h5');
const AFTER_NF6 = fenAfter(undefined, 'e2e4 e7e5 f1c4 b8c6 d1h5 g8f6');

// Philidor's legacy after 1...b6??: 2.Nf7+ Kg8 3.Nh6+ Kh8 4.Qg8+ Rxg8 5.Nf7#.
const PHILIDOR_FEN = '4r2k/pp4pp/8/q5N1/2Q5/8/PPP3PP/5RK1 b - - 0 1';
const PHILIDOR = `[White "Alice"]\n[Black "Bob"]\n[SetUp "1"]\n[FEN "${PHILIDOR_FEN}"]\n\n1... b6 2. Nf7+ Kg8 3. Nh6+ Kh8 4. Qg8+ Rxg8 5. Nf7# 1-0`;
const PHILIDOR_LINE = 'g5f7 h8g8 f7h6 g8h8 c4g8 e8g8 h6f7';
const phil = (moves: string) => fenAfter(PHILIDOR_FEN, moves);
const PHILIDOR_SCRIPT: Script = {
  [PHILIDOR_FEN]: [['h7h6', 'cp 0']],
  [phil('b7b6')]: [
    [PHILIDOR_LINE, 'mate 4'],
    ['a2a3', 'cp 30'],
  ],
  [phil('b7b6 g5f7 h8g8')]: [
    ['f7h6 g8h8 c4g8 e8g8 h6f7', 'mate 3'],
    ['f7d8', 'cp 100'],
  ],
  [phil('b7b6 g5f7 h8g8 f7h6 g8h8')]: [
    ['c4g8 e8g8 h6f7', 'mate 2'],
    ['h6f7 h8g8', 'cp 0'],
  ],
  [phil('b7b6 g5f7 h8g8 f7h6 g8h8 c4g8 e8g8')]: [['h6f7', 'mate 1']],
};

async function puzzlesOf(pgn: string, script: Script, options: FindPuzzlesOptions = {}) {
  const { engine, searches } = await scripted(script);
  const game = Game.fromPgn(pgn);
  const review = await reviewGame(game, engine, { depth: 10 });
  searches.length = 0;
  const puzzles = await findPuzzles(game, review, engine, { depth: 10, ...options });
  engine.close();
  return { game, review, puzzles, searches };
}

// Plays a found puzzle through the package's Puzzle: every listed solver move is accepted.
function solves(p: { fen: string; moves: string[] }): boolean {
  const puzzle = new Puzzle({ fen: p.fen, moves: p.moves });
  let result = '';
  for (let i = 1; i < p.moves.length; i += 2) result = puzzle.play(p.moves[i]!);
  puzzle.dispose();
  return result === 'solved';
}

describe("lila's hasMultipleSolutions", () => {
  test('a second move that still wins (from +200 cp) is a second solution', () => {
    // 0.3524 is the winning chances of +200 cp.
    expect(winningChances(200)).toBeGreaterThanOrEqual(0.3524);
    expect(winningChances(199)).toBeLessThan(0.3524);
    expect(hasMultipleSolutions(Score.mate(2), Score.cp(200))).toBe(true);
    expect(hasMultipleSolutions(Score.mate(2), Score.cp(199))).toBe(false);
    expect(hasMultipleSolutions(Score.mate(3), Score.mate(5))).toBe(true);
  });

  test('two similar evaluations are two solutions: half their difference in winning chances below 0.14', () => {
    // From 0: the second move must be below about -158 cp (winning chances -0.28).
    expect(hasMultipleSolutions(Score.cp(0), Score.cp(-150))).toBe(true);
    expect(hasMultipleSolutions(Score.cp(0), Score.cp(-160))).toBe(false);
    expect(hasMultipleSolutions(Score.cp(150), Score.cp(0))).toBe(true);
    expect(hasMultipleSolutions(Score.cp(300), Score.cp(0))).toBe(false);
    // Losing anyway: the best move keeps -500, the second -900: still similar.
    expect(hasMultipleSolutions(Score.cp(-500), Score.cp(-900))).toBe(true);
    expect(hasMultipleSolutions(Score.cp(-300), Score.mate(-2))).toBe(false);
  });

  test('a forced move is the only solution; bad arguments are refused', () => {
    expect(hasMultipleSolutions(Score.cp(0), null)).toBe(false);
    expect(() => hasMultipleSolutions({ cp: 1 } as unknown as Score, null)).toThrow(/not scores/);
  });
});

describe('findPuzzles (scripted engine)', () => {
  const scholarScript = (defence: [string, string][]): Script => ({
    [BEFORE_NF6]: defence,
    [AFTER_NF6]: [['h5f7', 'mate 1']],
  });

  test('punish the blunder: the blunder is the setup move, the mate the solution', async () => {
    const { review, puzzles } = await puzzlesOf(
      SCHOLAR,
      scholarScript([
        ['g7g6', 'cp 0'],
        ['d8e7', 'cp -10'],
      ]),
      { punish: true },
    );
    expect(review.moves[5]!.judgement).toBe('blunder');
    expect(puzzles).toHaveLength(1);
    const p = puzzles[0]!;
    expect(p).toMatchObject({
      fen: BEFORE_NF6,
      moves: ['g8f6', 'h5f7'],
      san: ['Nf6', 'Qxf7#'],
      color: 'w',
      ply: 6,
      mistakePly: 6,
      judgement: 'blunder',
      punish: true,
    });
    expect(p.themes.sort()).toEqual(['mate', 'mateIn1', 'oneMove']);
    expect(p.score.mate).toBe(1);
    expect(p.id).toMatch(/^[0-9a-f]{8}$/);
    expect(solves(p)).toBe(true);
    // White made no mistake: nothing to punish for Black.
    const none = await puzzlesOf(SCHOLAR, scholarScript([['g7g6', 'cp 0']]), { punish: true, color: 'b' });
    expect(none.puzzles).toEqual([]);
  });

  test("the player's own blunder: a puzzle only when the defence was the one clear move", async () => {
    // Two defences of about the same value: no puzzle.
    const two = await puzzlesOf(
      SCHOLAR,
      scholarScript([
        ['g7g6', 'cp 0'],
        ['d8e7', 'cp -10'],
      ]),
      { color: 'b' },
    );
    expect(two.review.moves[5]!.judgement).toBe('blunder');
    expect(two.puzzles).toEqual([]);
    // Searched once, with two lines, in the position before the blunder.
    expect(two.searches).toEqual([{ fen: BEFORE_NF6, multipv: 2 }]);
    // One clear defence: the puzzle starts before White's 3.Qh5 and asks for 3...Qe7.
    const one = await puzzlesOf(
      SCHOLAR,
      scholarScript([
        ['d8e7', 'cp 0'],
        ['g7g6', 'cp -400'],
      ]),
      { color: 'b' },
    );
    expect(one.puzzles).toHaveLength(1);
    expect(one.puzzles[0]).toMatchObject({
      fen: fenAfter(undefined, 'e2e4 e7e5 f1c4 b8c6'),
      moves: ['d1h5', 'd8e7'],
      color: 'b',
      ply: 5,
      mistakePly: 6,
      punish: false,
      themes: ['oneMove'],
    });
    expect(solves(one.puzzles[0]!)).toBe(true);
    // White's puzzles: White made no mistake.
    const white = await puzzlesOf(SCHOLAR, scholarScript([['d8e7', 'cp 0']]), { color: 'w' });
    expect(white.puzzles).toEqual([]);
  });

  test("a mate in four with a queen sacrifice, checked at every solver move (Philidor's legacy)", async () => {
    const { review, puzzles, searches } = await puzzlesOf(PHILIDOR, PHILIDOR_SCRIPT, { punish: true, player: 'alice' });
    expect(review.moves[0]).toMatchObject({ san: 'b6', judgement: 'blunder', mate: 'created' });
    expect(puzzles).toHaveLength(1);
    const p = puzzles[0]!;
    expect(p.fen).toBe(PHILIDOR_FEN);
    expect(p.moves.join(' ')).toBe(`b7b6 ${PHILIDOR_LINE}`);
    expect(p.san).toEqual(['b6', 'Nf7+', 'Kg8', 'Nh6+', 'Kh8', 'Qg8+', 'Rxg8', 'Nf7#']);
    expect(p.themes.sort()).toEqual(['mate', 'mateIn4', 'sacrifice', 'veryLong']);
    expect(solves(p)).toBe(true);
    // Four searches with two lines, one per solver move; the replies come from the PVs.
    expect(searches.map((s) => s.multipv)).toEqual([2, 2, 2, 2]);
    // The CSV row in lichess's columns.
    const row = puzzleCsvRow(p, 'https://lichess.org/abcdefgh');
    expect(PUZZLE_CSV_HEADER.split(',')).toHaveLength(10);
    expect(row.split(',')).toEqual([
      p.id,
      PHILIDOR_FEN,
      p.moves.join(' '),
      '',
      '',
      '',
      '',
      p.themes.join(' '),
      'https://lichess.org/abcdefgh#1',
      '',
    ]);
    expect(puzzleCsvRow(p, 'Somewhere, Earth').split(',')[8]).toBe('');
  });

  test('the line ends before a solver move that is not unique, and on a solver move', async () => {
    // Before 3.Nh6+ a second move (Nd8) mates as fast: the line ends there, on 2.Nf7+ (the
    // reply after it dropped: a puzzle ends on a solver move).
    const script: Script = {
      ...PHILIDOR_SCRIPT,
      [phil('b7b6 g5f7 h8g8')]: [
        ['f7h6 g8h8 c4g8 e8g8 h6f7', 'mate 3'],
        ['f7d8 g8h8 c4g8', 'mate 3'],
      ],
    };
    const { puzzles } = await puzzlesOf(PHILIDOR, script, { punish: true });
    expect(puzzles.map((p) => p.moves.join(' '))).toEqual(['b7b6 g5f7']);
    expect(puzzles[0]!.themes).toEqual(['oneMove']);
    // maxMoves: two solver moves at most.
    const short = await puzzlesOf(PHILIDOR, PHILIDOR_SCRIPT, { punish: true, maxMoves: 2 });
    expect(short.puzzles[0]!.moves.join(' ')).toBe('b7b6 g5f7 h8g8 f7h6');
    expect(short.puzzles[0]!.themes).toEqual(['short']);
    // Only mistakes and blunders by default; with inaccuracies too when asked.
    const none = await puzzlesOf(PHILIDOR, PHILIDOR_SCRIPT, { punish: true, judgements: ['inaccuracy'] });
    expect(none.puzzles).toEqual([]);
  });

  test('a mate in one with several mating moves is a puzzle (Puzzle accepts any mate)', async () => {
    // White to move mates with Ra8# or Rb8# after Black's ...Kh8?? (the rook and the king box it in).
    const fen = '6k1/5ppp/8/8/8/8/1R6/R5K1 b - - 0 1';
    const pgn = `[SetUp "1"]\n[FEN "${fen}"]\n\n1... Kh8 2. Ra8# 1-0`;
    const after = fenAfter(fen, 'g8h8');
    const script: Script = {
      [fen]: [['h7h6', 'cp 0']],
      [after]: [
        ['a1a8', 'mate 1'],
        ['b2b8', 'mate 1'],
      ],
    };
    const { puzzles } = await puzzlesOf(pgn, script, { punish: true });
    expect(puzzles.map((p) => p.moves)).toEqual([['g8h8', 'a1a8']]);
    const puzzle = new Puzzle({ fen: puzzles[0]!.fen, moves: puzzles[0]!.moves });
    expect(puzzle.play('Rb8#')).toBe('solved');
    puzzle.dispose();
  });

  test('a solver move that is the only legal move does not end a puzzle', async () => {
    // 1...Rd1+?? leaves White one legal move, Qxd1: no puzzle in it.
    const fen = '3r2k1/5ppp/8/8/8/1Q6/6PP/7K b - - 0 1';
    const pgn = `[SetUp "1"]\n[FEN "${fen}"]\n\n1... Rd1+ 2. Qxd1 *`;
    const script: Script = {
      [fen]: [['h7h6', 'cp 0']],
      [fenAfter(fen, 'd8d1')]: [['b3d1', 'cp 900']],
    };
    const { review, puzzles, searches } = await puzzlesOf(pgn, script, { punish: true });
    expect(review.moves[0]!.judgement).toBe('blunder');
    expect(puzzles).toEqual([]);
    // One line asked for where only one move is legal.
    expect(searches[0]!.multipv).toBe(1);
  });

  test('bad arguments: typed errors before any search', async () => {
    const { engine, fake } = await scripted({});
    const game = Game.fromPgn(SCHOLAR);
    const review = await reviewGame(game, engine, { depth: 1 });
    const sent = fake.commands.length;
    const other = Game.fromPgn('1. d4 d5 *');
    await expect(findPuzzles(other, review, engine)).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(findPuzzles(game, review, engine, { color: 'x' as 'w' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(findPuzzles(game, review, engine, { color: 'w', player: 'A' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(findPuzzles(game, review, engine, { onPuzzle: 'log' as unknown as () => void })).rejects.toMatchObject(
      { code: 'invalid-argument' },
    );
    await expect(findPuzzles(game, review, engine, { maxMoves: 0 })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(findPuzzles(game, review, engine, { judgements: ['awful' as 'mistake'] })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    const zh = Game.fromPgn('[Variant "Crazyhouse"]\n\n1. e4 e5 *');
    await expect(findPuzzles(zh, review, engine)).rejects.toMatchObject({ code: 'invalid-variant' });
    expect(fake.commands.length).toBe(sent);
    // A player who is not in the game: no puzzle, no search.
    expect(await findPuzzles(game, review, engine, { player: 'Nobody' })).toEqual([]);
    expect(fake.commands.length).toBe(sent);
    engine.close();
    // An engine without MultiPV.
    const single = await scripted(
      {},
      STOCKFISH_OPTIONS.filter((o) => !o.includes('MultiPV')),
    );
    const e = await findPuzzles(game, review, single.engine).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('unsupported');
    single.engine.close();
  });

  test('onPuzzle: each puzzle as it is found, the same as the result', async () => {
    const seen: unknown[] = [];
    const { puzzles } = await puzzlesOf(
      SCHOLAR,
      scholarScript([
        ['d8e7', 'cp 0'],
        ['g7g6', 'cp -400'],
      ]),
      { color: 'b', onPuzzle: (p) => seen.push(p) },
    );
    expect(puzzles).toHaveLength(1);
    expect(seen).toEqual(puzzles);
    expect(seen[0]).toBe(puzzles[0]);
  });

  test('an aborted search rejects with aborted', async () => {
    const { engine } = await scripted(
      scholarScript([
        ['d8e7', 'cp 0'],
        ['g7g6', 'cp -400'],
      ]),
    );
    const game = Game.fromPgn(SCHOLAR);
    const review = await reviewGame(game, engine, { depth: 1 });
    const ac = new AbortController();
    ac.abort();
    await expect(findPuzzles(game, review, engine, { signal: ac.signal })).rejects.toMatchObject({ code: 'aborted' });
    engine.close();
  });
});
