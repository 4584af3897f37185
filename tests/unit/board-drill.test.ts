// The board's drill logic (web/board/src/drill.ts): the cards of a repertoire chapter, the
// grading rule, what is due (new cards limited per day), the statistics, and the export file's
// checks. The schedules themselves are ts-fsrs's: compared with the library called directly.
import { describe, expect, it } from 'vitest';
import { Game } from 'chesswasm';
import { Rating, State, createEmptyCard, fsrs } from 'ts-fsrs';
import {
  DrillFileError,
  NEW_PER_DAY,
  type DrillCard,
  type ReviewRec,
  deckCounts,
  drillFile,
  drillStats,
  dueCards,
  easyOffered,
  gradeOf,
  newState,
  puzzleCard,
  readDrillFile,
  repertoireCards,
  schedule,
} from '../../web/board/src/drill.js';

const T0 = new Date(2026, 11, 4, 9, 0, 0).getTime(); // local time: days are local
const DAY = 86_400_000;

describe('drill: repertoire cards', () => {
  it('one card per position of the side to move with a move, every move there accepted, transpositions merged', () => {
    // 1. e4 e5 2. Nf3 Nc6 and 1. Nf3 Nc6 2. e4 e5 reach one position: White's answers there are Bb5 and Bc4.
    const game = Game.fromPgn('1. e4 (1. Nf3 Nc6 2. e4 e5 3. Bc4) 1... e5 2. Nf3 Nc6 3. Bb5 a6 *');
    const cards = repertoireCards(game, 'w', 'rep:1:w', 'Test');
    expect(cards.map((c) => c.moves)).toEqual([['e2e4', 'g1f3'], ['g1f3'], ['f1b5', 'f1c4'], ['e2e4']]);
    const merged = cards[2]!;
    expect(merged.replies).toEqual(['a7a6', null]);
    expect(merged.fen.startsWith('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq')).toBe(true);
    expect(cards.map((c) => c.order)).toEqual([0, 1, 2, 3]);
    // Black's side: the positions after White's moves.
    const black = repertoireCards(game, 'b', 'rep:1:b', 'Test');
    expect(black.map((c) => c.moves)).toEqual([['e7e5'], ['b8c6'], ['a7a6'], ['b8c6'], ['e7e5']]);
    game.dispose();
  });

  it('a puzzle card is checked by the package’s Puzzle', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';
    expect(puzzleCard(fen, ['g8f6', 'h5f7'], 'x', 0).moves).toEqual(['g8f6', 'h5f7']);
    expect(() => puzzleCard(fen, ['g8f6', 'h5h8'], 'x', 0)).toThrow();
  });
});

describe('drill: grades and schedules', () => {
  it('first try Good, after a retry or a hint Hard, shown or two wrong Again; Easy only after a fast Good', () => {
    expect(gradeOf({ mistakes: 0, hints: 0, shown: false })).toBe(Rating.Good);
    expect(gradeOf({ mistakes: 1, hints: 0, shown: false })).toBe(Rating.Hard);
    expect(gradeOf({ mistakes: 0, hints: 1, shown: false })).toBe(Rating.Hard);
    expect(gradeOf({ mistakes: 2, hints: 0, shown: false })).toBe(Rating.Again);
    expect(gradeOf({ mistakes: 0, hints: 0, shown: true })).toBe(Rating.Again);
    expect(easyOffered(Rating.Good, 9_000, 1)).toBe(true);
    expect(easyOffered(Rating.Good, 11_000, 1)).toBe(false);
    expect(easyOffered(Rating.Good, 11_000, 2)).toBe(true);
    expect(easyOffered(Rating.Hard, 1_000, 1)).toBe(false);
  });

  it('schedules as ts-fsrs does, dates kept as numbers', () => {
    const f = fsrs();
    let card = createEmptyCard(new Date(T0));
    let state = newState(T0);
    for (const [grade, at] of [
      [Rating.Good, T0 + 1000],
      [Rating.Good, T0 + 11 * 60_000],
      [Rating.Again, T0 + 3 * DAY],
      [Rating.Easy, T0 + 4 * DAY],
    ] as const) {
      const lib = f.next(card, new Date(at), grade);
      const ours = schedule(state, grade, at);
      expect(ours.state.due).toBe(lib.card.due.getTime());
      expect(ours.state.stability).toBe(lib.card.stability);
      expect(ours.state.state).toBe(lib.card.state);
      expect(ours.log.review).toBe(at);
      card = lib.card;
      state = ours.state;
    }
    expect(state.lapses).toBe(1);
  });
});

const card = (id: string, order: number, s = newState(T0), deck = 'd'): DrillCard => ({
  id,
  deck,
  kind: 'repertoire',
  fen: '',
  variant: 'chess',
  moves: ['e2e4'],
  replies: [null],
  label: id,
  order,
  fsrs: s,
});
const review = (c: string, grade: ReviewRec['grade'], time: number, before = newState(T0)): ReviewRec => ({
  card: c,
  deck: 'd',
  grade,
  time,
  ms: 1000,
  before,
  log: { ...schedule(before, grade, time).log },
});

describe('drill: what is due, statistics', () => {
  it('cards due first (earliest first), then new cards in order, at most NEW_PER_DAY a day', () => {
    const learnt = schedule(newState(T0), Rating.Good, T0).state; // due in 10 minutes
    const cards = [card('late', 5), card('a', 2), card('b', 1), { ...card('l', 0), fsrs: learnt }];
    expect(dueCards(cards, [], T0).map((c) => c.id)).toEqual(['b', 'a', 'late']);
    expect(dueCards(cards, [], T0 + 11 * 60_000).map((c) => c.id)).toEqual(['l', 'b', 'a', 'late']);
    const many = Array.from({ length: 30 }, (_, i) => card(`n${i}`, i));
    // 19 new cards answered today: one more new card today; tomorrow 20 again.
    const today = Array.from({ length: NEW_PER_DAY - 1 }, (_, i) => review(`x${i}`, Rating.Good, T0 + i));
    expect(dueCards(many, today, T0 + 100).length).toBe(1);
    expect(dueCards(many, today, T0 + DAY).length).toBe(NEW_PER_DAY);
    expect(deckCounts(cards, [], T0, 'd')).toEqual({ due: 0, new: 3, total: 4, next: learnt.due });
  });

  it('reviews, retention, the streak of days and cards by state', () => {
    const reviews = [
      review('a', Rating.Good, T0 - 2 * DAY),
      review('a', Rating.Again, T0 - DAY),
      review('b', Rating.Hard, T0 - DAY + 1000),
      review('b', Rating.Easy, T0),
    ];
    const learning = schedule(newState(T0), Rating.Good, T0).state;
    const reviewing = schedule(newState(T0), Rating.Easy, T0).state;
    const s = drillStats(
      [card('n', 0), { ...card('l', 1), fsrs: learning }, { ...card('r', 2), fsrs: reviewing }],
      reviews,
      T0,
    );
    expect(s).toEqual({ reviews: 4, retention: 0.75, streak: 3, new: 1, learning: 1, review: 1 });
    expect(reviewing.state).toBe(State.Review);
    // No review yet today: the streak up to yesterday still counts; a day missed ends it.
    expect(drillStats([], reviews.slice(0, 3), T0).streak).toBe(2);
    expect(drillStats([], reviews.slice(0, 1), T0).streak).toBe(0);
  });
});

describe('drill: the export file', () => {
  const game = Game.fromPgn('1. e4 e5 2. Nf3 *');
  const cards: DrillCard[] = repertoireCards(game, 'w', 'rep:1:w', 'R').map((c) => ({ ...c, fsrs: newState(T0) }));
  game.dispose();
  const decks = [{ id: 'rep:1:w', kind: 'repertoire' as const, name: 'R', added: T0, side: 'w' as const, chapter: 1 }];
  const good = drillFile(decks, cards, [{ ...review(cards[0]!.id, Rating.Good, T0), deck: 'rep:1:w' }], T0);

  it('reads back what it writes', () => {
    expect(readDrillFile(JSON.stringify(good))).toEqual(good);
  });

  it('refuses a bad file with the reason', () => {
    const bad = (edit: (f: ReturnType<typeof structuredClone<typeof good>>) => void) => {
      const f = structuredClone(good);
      edit(f);
      return () => readDrillFile(JSON.stringify(f));
    };
    expect(() => readDrillFile('{')).toThrow(DrillFileError);
    expect(() => readDrillFile('{"format":"x"}')).toThrow(/not a drill file/);
    expect(bad((f) => ((f as { version: number }).version = 2))).toThrow(/version 2/);
    expect(bad((f) => (f.cards[0]!.moves = ['e2e5']))).toThrow(/card 1: /);
    expect(bad((f) => (f.cards[1]!.replies = ['e7e5', 'a7a6']))).toThrow(/card 2: its replies/);
    expect(bad((f) => ((f.cards[0]!.fsrs as { state: number }).state = 9))).toThrow(/card 1: the FSRS state/);
    expect(bad((f) => ((f.cards[0]!.fsrs as { due: unknown }).due = 'soon'))).toThrow(/due is not a number/);
    expect(bad((f) => (f.cards[0]!.deck = 'other'))).toThrow(/its deck/);
    expect(bad((f) => (f.cards[1]!.id = f.cards[0]!.id))).toThrow(/a card twice/);
    expect(bad((f) => (f.reviews[0]!.card = 'gone'))).toThrow(/review 1: its card/);
    expect(bad((f) => ((f.reviews[0] as { grade: number }).grade = 0))).toThrow(/review 1: its grade/);
    expect(bad((f) => (f.reviews[0]!.log.rating = Rating.Easy))).toThrow(/does not match its grade/);
  });
});
