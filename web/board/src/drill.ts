// The drill's logic, apart from the page (tests/unit/board-drill.test.ts runs it in Node): what
// a card is, how an answer is graded, which cards are due, the statistics, and the export file.
// Scheduling is ts-fsrs's (FSRS, the open-spaced-repetition scheduler): this file only turns an
// answer into one of its four grades and keeps its card state with dates as numbers, so that
// IndexedDB and JSON store it exactly.
import { type Game, type GameNode, Position, Puzzle, type Variant, parseVariant } from 'chesswasm';
import { type Card, type Grade, type ReviewLog, Rating, State, createEmptyCard, fsrs } from 'ts-fsrs';

/** New cards a day, over all decks (as Anki's default). */
export const NEW_PER_DAY = 20;
/** A right first answer within this many seconds per solver move offers Easy. */
export const EASY_SECONDS = 10;
/** The export file's `format` field and version. */
export const DRILL_FORMAT = 'chesswasm-drill';
export const DRILL_VERSION = 1;

/** The scheduler: ts-fsrs with its published default parameters (no fuzz: intervals are reproducible). */
export const scheduler = fsrs();

/** ts-fsrs's card state with its dates as milliseconds since 1970 (`last_review` null before the first review). */
export interface CardState {
  due: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: State;
  last_review: number | null;
}

/** ts-fsrs's review log with its dates as milliseconds. */
export interface LogState {
  rating: Rating;
  state: State;
  due: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  last_elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  review: number;
}

/** A deck: the puzzles from your games, or one chapter drilled as a repertoire for one side. */
export interface Deck {
  id: string;
  kind: 'puzzles' | 'repertoire';
  name: string;
  added: number;
  /** A repertoire's side (the side whose moves are the answers). */
  side?: 'w' | 'b';
  /** A repertoire's chapter (its id in this browser's studies; a deck imported elsewhere keeps the number but may have no chapter). */
  chapter?: number;
}

/**
 * A card. A puzzle card is a lichess-format puzzle: `fen` before the opponent's last move, `moves`
 * that move then the solution (UCI), played with the package's Puzzle. A repertoire card is a
 * position where it is the deck's side to move: `moves` are the chapter's moves there (each one a
 * right answer), `replies[i]` the chapter's reply to `moves[i]` (null where the line ends).
 */
export interface DrillCard {
  id: string;
  deck: string;
  kind: 'puzzle' | 'repertoire';
  fen: string;
  variant: Variant;
  moves: string[];
  replies?: (string | null)[];
  /** Where the card comes from, for people ("Alice – Bob, move 12"). */
  label: string;
  /** The order new cards are shown in (the chapter's order: a line is learnt from its start). */
  order: number;
  fsrs: CardState;
}

/** One answer: the card, its grade, when, how long it took, its state before and the scheduler's log. */
export interface ReviewRec {
  id?: number;
  card: string;
  deck: string;
  grade: Grade;
  time: number;
  ms: number;
  before: CardState;
  log: LogState;
}

/** What happened while a card was answered. */
export interface Attempt {
  /** Wrong moves tried. */
  mistakes: number;
  /** Hints taken. */
  hints: number;
  /** Whether the answer was shown (asked for, or after the second wrong move). */
  shown: boolean;
}

/**
 * The grade of an answer: right at the first try is Good; right after a wrong try or a hint is
 * Hard; shown (asked for, or after two wrong moves) is Again. Easy is the user's choice after a
 * fast Good ({@link easyOffered}).
 */
export function gradeOf(a: Attempt): Grade {
  if (a.shown || a.mistakes >= 2) return Rating.Again;
  if (a.mistakes > 0 || a.hints > 0) return Rating.Hard;
  return Rating.Good;
}

/** Whether Easy is offered: a Good answer within {@link EASY_SECONDS} per solver move. */
export function easyOffered(grade: Grade, ms: number, solverMoves: number): boolean {
  return grade === Rating.Good && ms <= EASY_SECONDS * 1000 * Math.max(1, solverMoves);
}

export function toState(c: Card): CardState {
  return {
    due: c.due.getTime(),
    stability: c.stability,
    difficulty: c.difficulty,
    elapsed_days: c.elapsed_days,
    scheduled_days: c.scheduled_days,
    learning_steps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    last_review: c.last_review ? c.last_review.getTime() : null,
  };
}

export function fromState(s: CardState): Card {
  const { last_review, due, ...rest } = s;
  return { ...rest, due: new Date(due), ...(last_review !== null ? { last_review: new Date(last_review) } : {}) };
}

function toLog(l: ReviewLog): LogState {
  return { ...l, due: l.due.getTime(), review: l.review.getTime() };
}

/** A card never reviewed, due at `now`. */
export function newState(now: number): CardState {
  return toState(createEmptyCard(new Date(now)));
}

/** The scheduler's answer to `grade` at `now` (ts-fsrs's `next`): the card's new state and the log. */
export function schedule(card: CardState, grade: Grade, now: number): { state: CardState; log: LogState } {
  const { card: next, log } = scheduler.next(fromState(card), new Date(now), grade);
  return { state: toState(next), log: toLog(log) };
}

/** The due date each grade would give at `now` (ts-fsrs's `repeat`), e.g. to label Easy. */
export function previewDue(card: CardState, now: number): Record<Grade, number> {
  const r = scheduler.repeat(fromState(card), new Date(now));
  return {
    [Rating.Again]: r[Rating.Again].card.due.getTime(),
    [Rating.Hard]: r[Rating.Hard].card.due.getTime(),
    [Rating.Good]: r[Rating.Good].card.due.getTime(),
    [Rating.Easy]: r[Rating.Easy].card.due.getTime(),
  } as Record<Grade, number>;
}

// ---- cards ----------------------------------------------------------------------------------

/** A repertoire deck's id: its chapter and side. */
export const repertoireDeckId = (chapter: number, side: 'w' | 'b'): string => `rep:${chapter}:${side}`;
/** The one deck of puzzles from your games. */
export const PUZZLE_DECK = 'puzzles';

const hex = (h: bigint): string => h.toString(16).padStart(16, '0');

/** A repertoire card's id: its deck and position (a position reached by two move orders is one card). */
export const repertoireCardId = (deck: string, hash: bigint): string => `${deck}|${hex(hash)}`;

/**
 * The cards of a chapter drilled as `side`'s repertoire: one for every position of the move tree
 * where `side` is to move and the chapter has a move, with every move there accepted (moves of
 * one position reached by several move orders are merged), in the tree's order (main line first).
 */
export function repertoireCards(game: Game, side: 'w' | 'b', deck: string, label: string): Omit<DrillCard, 'fsrs'>[] {
  const root = Position.fromFen(game.rootFen, { variant: game.variant });
  const rootTurn = root.turn;
  root.dispose();
  const byId = new Map<string, Omit<DrillCard, 'fsrs'>>();
  const turnAt = (n: GameNode) => ((n.ply % 2 === 0) === (rootTurn === 'w') ? 'w' : 'b');
  const moveNo = (n: GameNode) => n.fen.split(' ')[5] ?? '';
  const visit = (n: GameNode) => {
    const kids = n.children.filter((c) => !c.isNull);
    if (turnAt(n) === side && kids.length) {
      const id = repertoireCardId(deck, n.hash);
      let card = byId.get(id);
      if (!card) {
        card = {
          id,
          deck,
          kind: 'repertoire',
          fen: n.fen,
          variant: game.variant,
          moves: [],
          replies: [],
          label: `${label}, move ${moveNo(n)}${side === 'b' ? '…' : ''}`,
          order: byId.size,
        };
        byId.set(id, card);
      }
      for (const c of kids) {
        if (card.moves.includes(c.uci)) continue;
        card.moves.push(c.uci);
        card.replies!.push(c.children.find((r) => !r.isNull)?.uci ?? null);
      }
    }
    for (const c of kids) visit(c);
  };
  visit(game.root);
  return [...byId.values()];
}

/** A puzzle card's id (its position and line). */
export const puzzleCardId = (fen: string, moves: readonly string[]): string => `puzzle|${fen}|${moves.join(' ')}`;

/** A puzzle card (lichess format: the setup move first); throws the package's error for a bad line. */
export function puzzleCard(
  fen: string,
  moves: readonly string[],
  label: string,
  order: number,
): Omit<DrillCard, 'fsrs'> {
  new Puzzle({ fen, moves: [...moves] }).dispose(); // checks the FEN and the whole line
  return {
    id: puzzleCardId(fen, moves),
    deck: PUZZLE_DECK,
    kind: 'puzzle',
    fen,
    variant: 'chess',
    moves: [...moves],
    label,
    order,
  };
}

/** How many moves the solver plays on a card. */
export function solverMoves(card: DrillCard): number {
  return card.kind === 'puzzle' ? card.moves.length >> 1 : 1;
}

// ---- what is due ----------------------------------------------------------------------------

/** The start of the local day of `t`. */
export function dayStart(t: number): number {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** New cards still to be shown today: {@link NEW_PER_DAY} minus the new cards answered since midnight. */
export function newLeft(reviews: readonly ReviewRec[], now: number): number {
  const today = dayStart(now);
  const seen = new Set(reviews.filter((r) => r.time >= today && r.before.state === State.New).map((r) => r.card));
  return Math.max(0, NEW_PER_DAY - seen.size);
}

/**
 * The cards due at `now` (of one deck, or all with `null`), in the order a session takes them:
 * cards in (re)learning and in review whose due date has come, earliest first, then new cards in
 * their order, as many as today's limit leaves.
 */
export function dueCards(
  cards: readonly DrillCard[],
  reviews: readonly ReviewRec[],
  now: number,
  deck: string | null = null,
): DrillCard[] {
  const mine = cards.filter((c) => deck === null || c.deck === deck);
  const old = mine
    .filter((c) => c.fsrs.state !== State.New && c.fsrs.due <= now)
    .sort((a, b) => a.fsrs.due - b.fsrs.due);
  const fresh = mine
    .filter((c) => c.fsrs.state === State.New)
    .sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1))
    .slice(0, newLeft(reviews, now));
  return [...old, ...fresh];
}

/** Due counts of a deck at `now`: cards to review and new cards it may show today. */
export function deckCounts(
  cards: readonly DrillCard[],
  reviews: readonly ReviewRec[],
  now: number,
  deck: string,
): { due: number; new: number; total: number; next: number | null } {
  const mine = cards.filter((c) => c.deck === deck);
  const due = mine.filter((c) => c.fsrs.state !== State.New && c.fsrs.due <= now).length;
  const fresh = Math.min(mine.filter((c) => c.fsrs.state === State.New).length, newLeft(reviews, now));
  const later = mine.filter((c) => c.fsrs.state !== State.New && c.fsrs.due > now).map((c) => c.fsrs.due);
  return { due, new: fresh, total: mine.length, next: later.length ? Math.min(...later) : null };
}

// ---- statistics -----------------------------------------------------------------------------

export interface DrillStats {
  reviews: number;
  /** Share of the reviews graded Hard, Good or Easy (null before the first review). */
  retention: number | null;
  /** Days in a row with reviews, up to today (or up to yesterday while today has none yet). */
  streak: number;
  new: number;
  learning: number;
  review: number;
}

export function drillStats(cards: readonly DrillCard[], reviews: readonly ReviewRec[], now: number): DrillStats {
  const passed = reviews.filter((r) => r.grade !== Rating.Again).length;
  const days = new Set(reviews.map((r) => dayStart(r.time)));
  let day = dayStart(now);
  if (!days.has(day)) day = dayStart(day - 12 * 3600_000); // the day before (12 h back from midnight: DST-safe)
  let streak = 0;
  while (days.has(day)) {
    streak++;
    day = dayStart(day - 12 * 3600_000);
  }
  return {
    reviews: reviews.length,
    retention: reviews.length ? passed / reviews.length : null,
    streak,
    new: cards.filter((c) => c.fsrs.state === State.New).length,
    learning: cards.filter((c) => c.fsrs.state === State.Learning || c.fsrs.state === State.Relearning).length,
    review: cards.filter((c) => c.fsrs.state === State.Review).length,
  };
}

// ---- the export file ------------------------------------------------------------------------

export interface DrillFile {
  format: typeof DRILL_FORMAT;
  version: typeof DRILL_VERSION;
  exported: number;
  decks: Deck[];
  cards: DrillCard[];
  reviews: ReviewRec[];
}

/** A drill file that cannot be read: the message says what is wrong, for people. */
export class DrillFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DrillFileError';
  }
}

export function drillFile(decks: Deck[], cards: DrillCard[], reviews: ReviewRec[], now: number): DrillFile {
  return { format: DRILL_FORMAT, version: DRILL_VERSION, exported: now, decks, cards, reviews };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';

const STATE_NUMBERS = ['stability', 'difficulty', 'elapsed_days', 'scheduled_days', 'learning_steps', 'reps', 'lapses'];

function checkState(v: unknown, where: string): CardState {
  if (!isObj(v)) throw new DrillFileError(`${where}: no FSRS state`);
  for (const k of ['due', ...STATE_NUMBERS])
    if (!isNum(v[k])) throw new DrillFileError(`${where}: the FSRS state's ${k} is not a number`);
  if (![State.New, State.Learning, State.Review, State.Relearning].includes(v.state as State))
    throw new DrillFileError(`${where}: the FSRS state is not one of New, Learning, Review, Relearning`);
  if (v.last_review !== null && !isNum(v.last_review))
    throw new DrillFileError(`${where}: the FSRS state's last_review is neither a date nor null`);
  const out = {} as Record<string, unknown>;
  for (const k of ['due', 'state', 'last_review', ...STATE_NUMBERS]) out[k] = v[k];
  return out as unknown as CardState;
}

function checkCard(v: unknown, i: number, decks: Set<string>): DrillCard {
  const where = `card ${i + 1}`;
  if (!isObj(v)) throw new DrillFileError(`${where} is not an object`);
  if (!isStr(v.id) || !isStr(v.deck) || !isStr(v.fen) || !isStr(v.label) || !isNum(v.order))
    throw new DrillFileError(`${where}: id, deck, fen, label and order are required`);
  if (!decks.has(v.deck)) throw new DrillFileError(`${where}: its deck “${v.deck}” is not in the file`);
  if (!Array.isArray(v.moves) || !v.moves.every(isStr) || !v.moves.length)
    throw new DrillFileError(`${where}: its moves are not a list of moves`);
  // The package's own rule-set names (parseVariant gives back a canonical name as it is).
  const variant = isStr(v.variant) && parseVariant(v.variant) === v.variant ? (v.variant as Variant) : null;
  if (!variant) throw new DrillFileError(`${where}: unknown variant`);
  const fsrsState = checkState(v.fsrs, where);
  const moves = v.moves as string[];
  try {
    if (v.kind === 'puzzle') {
      new Puzzle({ fen: v.fen, moves, variant }).dispose();
      return {
        id: v.id,
        deck: v.deck,
        kind: 'puzzle',
        fen: v.fen,
        variant,
        moves,
        label: v.label,
        order: v.order,
        fsrs: fsrsState,
      };
    }
    if (v.kind !== 'repertoire') throw new DrillFileError(`${where}: its kind is neither puzzle nor repertoire`);
    const replies = v.replies;
    if (!Array.isArray(replies) || replies.length !== moves.length || !replies.every((r) => r === null || isStr(r)))
      throw new DrillFileError(`${where}: its replies do not match its moves`);
    const pos = Position.fromFen(v.fen, { variant });
    try {
      moves.forEach((m, k) => {
        pos.play(m);
        if (replies[k]) pos.play(replies[k] as string);
        if (replies[k]) pos.undo();
        pos.undo();
      });
    } finally {
      pos.dispose();
    }
    return {
      id: v.id,
      deck: v.deck,
      kind: 'repertoire',
      fen: v.fen,
      variant,
      moves,
      replies: replies as (string | null)[],
      label: v.label,
      order: v.order,
      fsrs: fsrsState,
    };
  } catch (e) {
    if (e instanceof DrillFileError) throw e;
    throw new DrillFileError(`${where}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Reads an export file's text; throws {@link DrillFileError} naming the first thing wrong. */
export function readDrillFile(text: string): DrillFile {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new DrillFileError('This is not a drill file: it is not JSON.');
  }
  if (!isObj(v) || v.format !== DRILL_FORMAT)
    throw new DrillFileError('This is not a drill file (no “format”: “chesswasm-drill”).');
  if (v.version !== DRILL_VERSION)
    throw new DrillFileError(`Drill file version ${String(v.version)} is not known here (${DRILL_VERSION} is).`);
  if (!Array.isArray(v.decks) || !Array.isArray(v.cards) || !Array.isArray(v.reviews))
    throw new DrillFileError('The drill file has no decks, cards or reviews list.');
  const decks: Deck[] = v.decks.map((d: unknown, i: number) => {
    if (
      !isObj(d) ||
      !isStr(d.id) ||
      !isStr(d.name) ||
      !isNum(d.added) ||
      (d.kind !== 'puzzles' && d.kind !== 'repertoire')
    )
      throw new DrillFileError(`deck ${i + 1}: id, kind, name and added are required`);
    if (d.kind === 'repertoire' && d.side !== 'w' && d.side !== 'b')
      throw new DrillFileError(`deck ${i + 1}: a repertoire's side is w or b`);
    return {
      id: d.id,
      kind: d.kind,
      name: d.name,
      added: d.added,
      ...(d.side === 'w' || d.side === 'b' ? { side: d.side } : {}),
      ...(isNum(d.chapter) ? { chapter: d.chapter } : {}),
    };
  });
  const deckIds = new Set(decks.map((d) => d.id));
  const cards = v.cards.map((c: unknown, i: number) => checkCard(c, i, deckIds));
  const cardIds = new Set(cards.map((c) => c.id));
  if (cardIds.size !== cards.length) throw new DrillFileError('The drill file has a card twice.');
  const reviews: ReviewRec[] = v.reviews.map((r: unknown, i: number) => {
    const where = `review ${i + 1}`;
    if (!isObj(r) || !isStr(r.card) || !isStr(r.deck) || !isNum(r.time) || !isNum(r.ms))
      throw new DrillFileError(`${where}: card, deck, time and ms are required`);
    if (!cardIds.has(r.card)) throw new DrillFileError(`${where}: its card is not in the file`);
    if (![Rating.Again, Rating.Hard, Rating.Good, Rating.Easy].includes(r.grade as Rating))
      throw new DrillFileError(`${where}: its grade is not 1 to 4 (Again, Hard, Good, Easy)`);
    const log = r.log;
    if (!isObj(log) || !isNum(log.review) || !isNum(log.due) || log.rating !== r.grade)
      throw new DrillFileError(`${where}: its scheduler log is missing or does not match its grade`);
    return {
      card: r.card,
      deck: r.deck,
      grade: r.grade as Grade,
      time: r.time,
      ms: r.ms,
      before: checkState(r.before, where),
      log: log as unknown as LogState,
    };
  });
  return {
    format: DRILL_FORMAT,
    version: DRILL_VERSION,
    exported: isNum(v.exported) ? v.exported : 0,
    decks,
    cards,
    reviews,
  };
}
