// The Drill tab: spaced repetition over cards from your games (puzzles) and your repertoire (a
// study chapter for one side), scheduled by ts-fsrs (drill.ts). The tab lists the decks with what
// is due, adds a repertoire, shows the statistics, exports and imports the drill; the session
// itself runs on the board, its feedback and buttons in a strip right under it (in view on a
// phone). Every answer is written to IndexedDB as it is given, and the session (which deck) is
// kept too, so a reload goes on with the cards still due.
import { Game, type GameNode, IllegalMoveError, Puzzle } from 'chesswasm';
import { EngineError, type GamePuzzle, findPuzzles } from 'chesswasm/engine';
import type { BoardEngine } from '../engine.js';
import { Rating } from 'ts-fsrs';
import { $, h, on } from '../dom.js';
import {
  type Attempt,
  type Deck,
  type DrillCard,
  type ReviewRec,
  DrillFileError,
  PUZZLE_DECK,
  deckCounts,
  drillFile,
  drillStats,
  dueCards,
  easyOffered,
  gradeOf,
  newState,
  previewDue,
  puzzleCard,
  puzzleCardId,
  readDrillFile,
  repertoireCardId,
  repertoireCards,
  repertoireDeckId,
  schedule,
  solverMoves,
} from '../drill.js';
import type { SidePanel } from '../panels.js';
import type { PuzzleControl, Store } from '../store.js';
import type { BoardView, Key } from './board.js';
import { type ReviewView, lineText } from './review.js';
import { type StudiesView, chapterLabel, download } from './studies.js';

/** The Drill tab: the decks, adding a repertoire, the statistics, export and import. */
export const drillPanel: SidePanel = {
  id: 'drill',
  title: 'Drill',
  content: `
    <p class="small muted">Spaced repetition (FSRS): each card comes back when you are about to forget it.</p>
    <div id="drill-decks" data-testid="drill-decks" role="list" aria-label="Decks"></div>
    <div class="row wrap">
      <button id="drill-start" type="button" data-testid="drill-start">Start: all decks</button>
    </div>
    <h3 class="small">Statistics</h3>
    <dl id="drill-stats" class="drill-stats" data-testid="drill-stats"></dl>
    <h3 class="small">Puzzles from the game's review</h3>
    <p class="small muted">After a review (Review tab): puzzles from one side's mistakes and blunders, each with one clearly best line.</p>
    <div class="row wrap">
      <label for="drill-find-side" class="small">Whose mistakes</label>
      <select id="drill-find-side" data-testid="drill-find-side"><option value="w">White's</option><option value="b">Black's</option></select>
      <button id="drill-find" type="button" data-testid="drill-find">Find puzzles</button>
    </div>
    <p id="drill-find-status" class="small" data-testid="drill-find-status" aria-live="polite"></p>
    <div id="drill-found" data-testid="drill-found" role="list" aria-label="Puzzles found"></div>
    <h3 class="small">Add a repertoire</h3>
    <div class="row wrap">
      <label for="drill-chapter" class="small">Chapter</label>
      <select id="drill-chapter" data-testid="drill-chapter"></select>
      <label for="drill-side" class="small">Your side</label>
      <select id="drill-side" data-testid="drill-side"><option value="w">White</option><option value="b">Black</option></select>
      <button id="drill-add" type="button" data-testid="drill-add">Add to drill</button>
    </div>
    <p id="drill-note" class="small" data-testid="drill-note" aria-live="polite"></p>
    <div class="row wrap">
      <button id="drill-export" type="button" data-testid="drill-export">Export drill</button>
      <label class="file-btn">Import drill<input id="drill-import" type="file" data-testid="drill-import" accept=".json,application/json" /></label>
    </div>
    <p id="drill-error" class="error" data-testid="drill-error" role="alert"></p>`,
};

/** Nodes per search when puzzles are found in the board (findPuzzles' default, 1M, takes minutes a game here). */
export const PUZZLE_NODES = 200_000;

/** The strip under the board while a session runs: feedback and its buttons. */
function drillBar(): HTMLElement {
  const bar = h('div.drill-bar', { id: 'drill-bar', 'data-testid': 'drill', role: 'group', 'aria-label': 'Drill' });
  bar.innerHTML = `
    <p id="drill-feedback" class="feedback" data-testid="drill-feedback" aria-live="polite"></p>
    <div class="row wrap puzzle-controls">
      <span id="drill-progress" class="small" data-testid="drill-progress"></span>
      <button id="drill-hint" type="button" data-testid="drill-hint">Hint</button>
      <button id="drill-show" type="button" data-testid="drill-show">Show the answer</button>
      <button id="drill-next" type="button" data-testid="drill-next">Next</button>
      <button id="drill-easy" type="button" data-testid="drill-easy">Easy</button>
      <button id="drill-stop" type="button" data-testid="drill-stop">Stop</button>
    </div>`;
  bar.hidden = true;
  return bar;
}

const GRADE_NAMES: Record<number, string> = {
  [Rating.Again]: 'Again',
  [Rating.Hard]: 'Hard',
  [Rating.Good]: 'Good',
  [Rating.Easy]: 'Easy',
};

/** When a due date comes, for people: "in 10 min (18:52)", "in 3 days (7 Dec)". */
export function dueText(due: number, now: number): string {
  const min = Math.round((due - now) / 60_000);
  const d = new Date(due);
  const clock = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (min < 60) return `in ${Math.max(min, 1)} min (${clock})`;
  if (min < 36 * 60) return `in ${Math.round(min / 60)} h (${clock})`;
  const days = Math.round(min / 1440);
  return `in ${days} days (${d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })})`;
}

/** One card on the board: its game, the Puzzle for a puzzle card, and how the answer goes. */
class DrillRun implements PuzzleControl {
  readonly card: DrillCard;
  readonly game: Game;
  readonly puzzle: Puzzle | null;
  live: GameNode;
  readonly attempt: Attempt = { mistakes: 0, hints: 0, shown: false };
  readonly shownAt = Date.now();
  phase: 'ask' | 'wait' | 'done' = 'ask';
  hintLevel = 0;
  #view: DrillView;

  constructor(card: DrillCard, game: Game, view: DrillView) {
    this.card = card;
    this.game = game;
    this.live = game.current;
    this.puzzle =
      card.kind === 'puzzle' ? new Puzzle({ fen: card.fen, moves: card.moves, variant: card.variant }) : null;
    this.#view = view;
  }

  get locked(): boolean {
    return this.phase !== 'done';
  }

  canMove(node: GameNode): boolean {
    return this.phase === 'ask' && node === this.live;
  }

  move(uci: string): void {
    void this.#view.move(this, uci);
  }
}

/** The last answer, while Easy may still replace its grade. */
interface LastAnswer {
  run: DrillRun;
  reviewId: number;
  review: ReviewRec;
}

export class DrillView {
  #store: Store;
  #board: BoardView;
  #studies: StudiesView;
  #decks: Deck[] = [];
  #cards: DrillCard[] = [];
  #reviews: ReviewRec[] = [];
  #loaded = false;
  /** The session's deck (null: all decks), or undefined when no session runs. */
  #session: string | null | undefined = undefined;
  #run: DrillRun | null = null;
  #last: LastAnswer | null = null;
  /** The card the line goes on with (the position after the repertoire's reply). */
  #follow: string | null = null;
  #replyTimer = 0;
  #done = 0;
  #review: ReviewView;
  #engine: BoardEngine;
  #finding: AbortController | null = null;
  /** The puzzles found for the game shown (cleared when another game is shown). */
  #found: { game: Game; puzzles: GamePuzzle[] } | null = null;
  readonly bar = drillBar();

  constructor(store: Store, board: BoardView, studies: StudiesView, review: ReviewView, engine: BoardEngine) {
    this.#store = store;
    this.#board = board;
    this.#studies = studies;
    this.#review = review;
    this.#engine = engine;
    on('drill-find', 'click', () => void this.#findPuzzles());
    $('drill-found').addEventListener('click', (e) => {
      const t = (e.target as HTMLElement).closest<HTMLElement>('[data-puzzle]');
      if (t) void this.#addFound(Number(t.dataset.puzzle));
    });
    on('drill-start', 'click', () => void this.start(null));
    // The studies change without the store knowing (an import, a rename): the chapters are read
    // again when the tab is opened or the chapter picker focused.
    on('tab-drill', 'click', () => this.render());
    on('drill-chapter', 'focus', () => this.#renderChapters());
    on('drill-add', 'click', () => void this.#addRepertoire());
    on('drill-export', 'click', () => this.#export());
    on('drill-import', 'change', () => void this.#import());
    $('drill-decks').addEventListener('click', (e) => {
      const t = (e.target as HTMLElement).closest<HTMLElement>('[data-action]');
      if (!t) return;
      if (t.dataset.action === 'start') void this.start(t.dataset.deck!);
      else void this.#removeDeck(t.dataset.deck!);
    });
    this.bar.querySelector('#drill-hint')!.addEventListener('click', () => this.#hint());
    this.bar.querySelector('#drill-show')!.addEventListener('click', () => void this.#show());
    this.bar.querySelector('#drill-next')!.addEventListener('click', () => this.#next());
    this.bar.querySelector('#drill-easy')!.addEventListener('click', () => void this.#easy());
    this.bar.querySelector('#drill-stop')!.addEventListener('click', () => void this.stop());
  }

  /** Reads the drill from the studies' database and goes on with a session kept from before. */
  async init(): Promise<void> {
    await this.#studies.started;
    const db = this.#studies.storage;
    if (!db) {
      this.#error('This browser gives the page no storage: the drill cannot be kept.');
      return;
    }
    const all = await db.drill();
    this.#decks = all.decks;
    this.#cards = all.cards;
    this.#reviews = all.reviews;
    this.#loaded = true;
    const kept = await db.getMeta<{ deck: string | null }>('drill');
    if (kept) await this.start(kept.deck);
    else this.#store.changed();
  }

  /** Whether a card is being answered (the board takes only the answer meanwhile). */
  get active(): boolean {
    return !!this.#run && this.#store.puzzle === this.#run;
  }

  #error(text: string): void {
    $('drill-error').textContent = text;
  }

  async #guard(fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (e) {
      this.#error(e instanceof Error ? e.message : String(e));
      this.#store.changed();
    }
  }

  // ---- adding cards -------------------------------------------------------------------------

  async #addRepertoire(): Promise<void> {
    await this.#guard(async () => {
      const db = this.#studies.storage;
      const id = Number($<HTMLSelectElement>('drill-chapter').value);
      const chapter = this.#studies.shownStudy?.chapters.find((c) => c.id === id);
      if (!db || !chapter) return;
      const side = $<HTMLSelectElement>('drill-side').value as 'w' | 'b';
      await this.#studies.flush(); // the chapter as it is on the board now
      const rec = await db.game(id);
      if (!rec) return;
      const game = Game.fromPgn(rec.pgn);
      const deckId = repertoireDeckId(id, side);
      const name = `${chapter.event && chapter.event !== '?' ? chapter.event : chapterLabel(chapter)} — ${side === 'w' ? 'White' : 'Black'}`;
      let made;
      try {
        made = repertoireCards(game, side, deckId, name);
      } finally {
        game.dispose();
      }
      if (!made.length) {
        $('drill-note').textContent = `The chapter has no move of ${side === 'w' ? 'White' : 'Black'}'s: no card.`;
        this.#store.changed();
        return;
      }
      // Added again (the chapter changed): cards of positions still there keep their state.
      const now = Date.now();
      const had = new Map(this.#cards.filter((c) => c.deck === deckId).map((c) => [c.id, c]));
      const cards: DrillCard[] = made.map((c) => ({ ...c, fsrs: had.get(c.id)?.fsrs ?? newState(now) }));
      const gone = [...had.keys()].filter((k) => !cards.some((c) => c.id === k));
      const deck: Deck = this.#decks.find((d) => d.id === deckId) ?? {
        id: deckId,
        kind: 'repertoire',
        name,
        added: now,
        side,
        chapter: id,
      };
      await db.putDeck(deck, cards, gone);
      if (!this.#decks.includes(deck)) this.#decks.push(deck);
      this.#cards = [...this.#cards.filter((c) => c.deck !== deckId), ...cards];
      const kept = cards.filter((c) => had.has(c.id)).length;
      $('drill-note').textContent =
        `${name}: ${cards.length} ${cards.length === 1 ? 'card' : 'cards'}` +
        (had.size ? ` (${kept} kept with their schedule, ${gone.length} removed)` : '') +
        '.';
      this.#error('');
      this.#store.changed();
    });
  }

  /**
   * Adds a lichess-format puzzle (the setup move first) to the deck of puzzles from your games;
   * resolves with false when it is there already.
   */
  async addPuzzle(fen: string, moves: readonly string[], label: string): Promise<boolean> {
    const db = this.#studies.storage;
    if (!db || !this.#loaded) throw new Error('The drill is not loaded: this browser gives the page no storage.');
    const card: DrillCard = { ...puzzleCard(fen, moves, label, this.#cards.length), fsrs: newState(Date.now()) };
    if (this.#cards.some((c) => c.id === card.id)) return false;
    const deck: Deck = this.#decks.find((d) => d.id === PUZZLE_DECK) ?? {
      id: PUZZLE_DECK,
      kind: 'puzzles',
      name: 'Puzzles from your games',
      added: Date.now(),
    };
    await db.putDeck(deck, [card]);
    if (!this.#decks.includes(deck)) this.#decks.push(deck);
    this.#cards.push(card);
    this.#store.changed();
    return true;
  }

  /** Finds puzzles in the reviewed game shown (findPuzzles with a Stockfish worker of its own). */
  async #findPuzzles(): Promise<void> {
    if (this.#finding) {
      this.#finding.abort();
      return;
    }
    const game = this.#store.game;
    const review = this.#review.review;
    const status = $('drill-find-status');
    if (!review) {
      status.textContent = 'Review the game first (Review tab).';
      return;
    }
    const color = $<HTMLSelectElement>('drill-find-side').value as 'w' | 'b';
    const abort = new AbortController();
    this.#finding = abort;
    // Each puzzle is listed (and can be added) as it is found: Stop keeps those found so far.
    const found: { game: Game; puzzles: GamePuzzle[] } = { game, puzzles: [] };
    this.#found = found;
    status.textContent = 'Looking for puzzles…';
    this.#store.changed();
    const count = (n: number) => `${n} ${n === 1 ? 'puzzle' : 'puzzles'}`;
    let engine;
    try {
      engine = await this.#engine.spawn();
      if (abort.signal.aborted) throw new EngineError('aborted', 'stopped before the engine started');
      await findPuzzles(game, review, engine, {
        color,
        nodes: PUZZLE_NODES,
        signal: abort.signal,
        onPuzzle: (p) => {
          found.puzzles.push(p);
          this.#store.changed();
        },
        onProgress: ({ done, total }) => {
          status.textContent = `Looking for puzzles… ${done} of ${total} mistakes (${count(found.puzzles.length)} so far)`;
        },
      });
      status.textContent = found.puzzles.length
        ? `${count(found.puzzles.length)} found.`
        : 'No puzzle: no mistake of this side has one clearly best line.';
    } catch (e) {
      status.textContent =
        e instanceof EngineError && e.code === 'aborted'
          ? `Stopped: ${count(found.puzzles.length)} found before it stopped.`
          : `No more puzzles: ${e instanceof Error ? e.message : String(e)}${found.puzzles.length ? ` (${count(found.puzzles.length)} found before)` : ''}`;
    } finally {
      engine?.close();
      this.#finding = null;
      this.#store.changed();
    }
  }

  async #addFound(i: number): Promise<void> {
    const found = this.#found;
    const p = found?.puzzles[i];
    if (!found || !p) return;
    const tags = found.game.tags;
    const who = `${tags.get('White') ?? '?'} – ${tags.get('Black') ?? '?'}`;
    const label = `${who}, ${lineText(found.game, p.mistakePly, [found.game.mainline()[p.mistakePly - 1] ?? ''])}`;
    await this.#guard(async () => {
      const added = await this.addPuzzle(p.fen, p.moves, label);
      $('drill-find-status').textContent = added ? 'Added to the drill.' : 'That puzzle is in the drill already.';
    });
  }

  async #removeDeck(id: string): Promise<void> {
    const deck = this.#decks.find((d) => d.id === id);
    if (!deck || !window.confirm(`Remove the deck “${deck.name}”, its cards and their history?`)) return;
    await this.#guard(async () => {
      if (this.#run?.card.deck === id || this.#session === id) await this.stop();
      await this.#studies.storage!.removeDeck(id);
      this.#decks = this.#decks.filter((d) => d !== deck);
      this.#cards = this.#cards.filter((c) => c.deck !== id);
      this.#reviews = this.#reviews.filter((r) => r.deck !== id);
      this.#store.changed();
    });
  }

  // ---- the session --------------------------------------------------------------------------

  /** Starts (or goes on with) a session over the due cards of a deck, or of all decks. */
  async start(deck: string | null): Promise<void> {
    await this.#guard(async () => {
      if (!this.#loaded) return;
      this.#session = deck;
      this.#done = 0;
      await this.#studies.storage!.setMeta('drill', { deck });
      this.#next();
    });
  }

  /** Ends the session (the card's game stays on the board). */
  async stop(): Promise<void> {
    window.clearTimeout(this.#replyTimer);
    this.#end();
    this.#setFeedback('', '');
    this.#store.changed();
    await this.#studies.storage?.setMeta('drill', undefined).catch(() => {});
  }

  #end(): void {
    this.#session = undefined;
    this.#last = null;
    this.#follow = null;
    if (this.#run) {
      this.#run.puzzle?.dispose();
      if (this.#store.puzzle === this.#run) this.#store.puzzle = null;
    }
    this.#run = null;
    this.#board.setLayer('hint', []);
  }

  /** The next due card: the one the line goes on with when it is due, else the first due. */
  #next(): void {
    if (this.#session === undefined) return;
    window.clearTimeout(this.#replyTimer);
    const now = Date.now();
    const due = dueCards(this.#cards, this.#reviews, now, this.#session);
    const follow = this.#follow !== null ? due.find((c) => c.id === this.#follow) : undefined;
    const card = follow ?? due[0];
    const prev = this.#run;
    this.#last = null;
    this.#follow = null;
    if (!card) {
      const session = this.#session;
      const counts = this.#decks
        .filter((d) => session === null || d.id === session)
        .map((d) => deckCounts(this.#cards, this.#reviews, now, d.id).next)
        .filter((t): t is number => t !== null);
      const next = counts.length ? ` The next card is due ${dueText(Math.min(...counts), now)}.` : '';
      void this.stop().then(() => {
        this.#setFeedback(
          `${this.#done ? `Done: ${this.#done} ${this.#done === 1 ? 'card' : 'cards'} answered.` : 'No card is due.'}${next}`,
          '',
        );
        this.#store.changed(); // the strip shows the last words
      });
      return;
    }
    prev?.puzzle?.dispose();
    const store = this.#store;
    // The line goes on on the same board when the next card is where the reply left it.
    const onLine = !!follow && !!prev && prev.game === store.game && store.node.fen === card.fen;
    const game = onLine ? prev.game : new Game(card.fen, { variant: card.variant });
    const run = new DrillRun(card, game, this);
    this.#run = run;
    this.#board.setLayer('hint', []);
    store.batch(() => {
      store.puzzle = null;
      if (!onLine) store.setGame(game);
      if (run.puzzle) run.live = store.play(card.moves[0]!);
      else run.live = store.node;
      store.puzzle = run;
      store.orientation = this.#solver(run) === 'w' ? 'white' : 'black';
      store.changed();
    });
    const side = this.#solver(run) === 'w' ? 'White' : 'Black';
    const setup = run.puzzle ? `${side === 'White' ? 'Black' : 'White'} played ${run.live.san}. ` : '';
    const ask = card.kind === 'puzzle' ? `Find the best move for ${side}.` : `Your repertoire's move for ${side}?`;
    this.#setFeedback(`${setup}${ask}`, '');
  }

  #solver(run: DrillRun): 'w' | 'b' {
    return run.puzzle ? run.puzzle.position.turn : this.#store.position.turn;
  }

  /** A move of the user's on the card. */
  async move(run: DrillRun, uci: string): Promise<void> {
    const store = this.#store;
    if (run !== this.#run || !run.canMove(store.node)) {
      store.changed();
      return;
    }
    const pos = store.position;
    let san: string;
    let canonical: string;
    try {
      const m = pos.parseUci(uci);
      san = pos.san(m);
      canonical = pos.uci(m);
    } catch (e) {
      if (!(e instanceof IllegalMoveError)) throw e;
      store.changed();
      return;
    }
    this.#board.setLayer('hint', []);
    if (run.puzzle) {
      const verdict = run.puzzle.play(canonical);
      if (verdict === 'wrong') return this.#wrong(run, `${san} is not the move.`);
      const reply = run.puzzle.lastReply;
      run.live = store.play(canonical);
      if (verdict === 'solved') {
        if (reply) run.live = store.play(reply);
        return this.#answered(run, `✓ ${san} — solved.`);
      }
      run.phase = 'wait';
      run.hintLevel = 0;
      this.#setFeedback(`✓ ${san} is right. Keep going.`, 'good');
      store.changed();
      if (reply)
        this.#replyTimer = window.setTimeout(() => {
          if (this.#run !== run) return;
          run.live = store.play(reply);
          run.phase = 'ask';
          store.changed();
          this.#setFeedback(
            `✓ ${san} is right. ${this.#solver(run) === 'w' ? 'Black' : 'White'} answered ${run.live.san}. Keep going.`,
            'good',
          );
        }, 300);
      return;
    }
    const at = run.card.moves.indexOf(canonical);
    if (at < 0) return this.#wrong(run, `${san} is not in your repertoire here.`);
    run.live = store.play(canonical);
    const others = run.card.moves.length - 1;
    await this.#answered(
      run,
      `✓ ${san}${others ? ` (your repertoire has ${others} other ${others === 1 ? 'move' : 'moves'} here)` : ''}.`,
    );
    this.#reply(run, run.card.replies?.[at] ?? null);
  }

  // The repertoire's reply, played by the board after a moment; the line goes on from there.
  #reply(run: DrillRun, reply: string | null): void {
    if (!reply) return;
    this.#replyTimer = window.setTimeout(() => {
      if (this.#run !== run || this.#store.game !== run.game) return;
      this.#board.setLayer('hint', []);
      const node = this.#store.play(reply);
      this.#follow = repertoireCardId(run.card.deck, node.hash);
      this.#store.changed();
    }, 300);
  }

  async #wrong(run: DrillRun, text: string): Promise<void> {
    run.attempt.mistakes++;
    if (run.attempt.mistakes >= 2) return this.#show(`✗ ${text}`);
    this.#setFeedback(`✗ ${text} Try again.`, 'bad');
    this.#store.changed(); // the piece goes back
  }

  #hint(): void {
    const run = this.#run;
    if (!run || run.phase !== 'ask' || this.#store.node !== run.live) return;
    run.attempt.hints++;
    const uci = run.puzzle
      ? run.puzzle.hint()
      : run.hintLevel++ === 0
        ? run.card.moves[0]!.slice(0, 2)
        : run.card.moves[0]!;
    if (!uci) return;
    const from = uci.slice(0, 2) as Key;
    if (uci.length === 2) {
      this.#board.setLayer('hint', [{ orig: from, brush: 'green' }]);
      this.#setFeedback(`Hint: move the piece on ${uci}.`, '');
    } else {
      const pos = this.#store.position;
      this.#board.setLayer('hint', [{ orig: from, dest: uci.slice(2, 4) as Key, brush: 'green' }]);
      this.#setFeedback(`Hint: ${pos.san(pos.parseUci(uci))}.`, '');
    }
    this.#store.changed();
  }

  /** Shows the answer (asked for, or after the second wrong move): graded Again. */
  async #show(prefix = ''): Promise<void> {
    const run = this.#run;
    if (!run || run.phase === 'done') return;
    window.clearTimeout(this.#replyTimer);
    run.attempt.shown = true;
    const store = this.#store;
    const sans: string[] = [];
    if (run.puzzle) {
      const played = run.game.current.path().length;
      const line = run.card.moves;
      store.batch(() => {
        // The game holds the setup move and the moves played so far; the rest of the line follows them.
        for (let i = played; i < line.length; i++) sans.push(store.play(line[i]!).san);
      });
      run.live = store.node;
      await this.#answered(run, `${prefix ? `${prefix} ` : ''}The solution: ${sans.join(' ')}.`);
      return;
    }
    const pos = store.position;
    const names = run.card.moves.map((m) => pos.san(pos.parseUci(m)));
    this.#board.setLayer(
      'hint',
      run.card.moves.map((m) => ({ orig: m.slice(0, 2) as Key, dest: m.slice(2, 4) as Key, brush: 'green' })),
    );
    run.live = store.play(run.card.moves[0]!);
    await this.#answered(
      run,
      `${prefix ? `${prefix} ` : ''}Your repertoire plays ${names[0]}${names.length > 1 ? ` (also ${names.slice(1).join(', ')})` : ''}.`,
    );
    this.#reply(run, run.card.replies?.[0] ?? null);
  }

  /** The card is answered: graded, rescheduled by ts-fsrs and written at once. */
  async #answered(run: DrillRun, text: string): Promise<void> {
    run.phase = 'done';
    const now = Date.now();
    const grade = gradeOf(run.attempt);
    const ms = now - run.shownAt;
    const before = run.card.fsrs;
    const { state, log } = schedule(before, grade, now);
    const review: ReviewRec = { card: run.card.id, deck: run.card.deck, grade, time: now, ms, before, log };
    const card = { ...run.card, fsrs: state };
    this.#setFeedback(`${text} ${GRADE_NAMES[grade]}: saving…`, grade === Rating.Again ? 'bad' : 'good');
    this.#store.changed();
    try {
      const id = await this.#studies.storage!.answer(card, review);
      review.id = id;
      this.#replaceCard(card);
      this.#reviews.push(review);
      this.#done++;
      this.#last = easyOffered(grade, ms, solverMoves(run.card)) ? { run, reviewId: id, review } : null;
      this.#setFeedback(
        `${text} ${GRADE_NAMES[grade]}: next review ${dueText(state.due, now)}.`,
        grade === Rating.Again ? 'bad' : 'good',
      );
    } catch (e) {
      this.#setFeedback(`${text} The answer could not be kept: ${e instanceof Error ? e.message : String(e)}`, 'bad');
    }
    this.#store.changed();
  }

  /** Easy instead of Good, after a fast right answer: the same answer rescheduled from the card's state before it. */
  async #easy(): Promise<void> {
    const last = this.#last;
    if (!last || this.#run !== last.run) return;
    const { review } = last;
    const { state, log } = schedule(review.before, Rating.Easy, review.time);
    const card = { ...this.#cards.find((c) => c.id === review.card)!, fsrs: state };
    const easy: ReviewRec = { ...review, grade: Rating.Easy, log, id: last.reviewId };
    await this.#guard(async () => {
      await this.#studies.storage!.answer(card, easy, last.reviewId);
      this.#replaceCard(card);
      this.#reviews = this.#reviews.map((r) => (r.id === last.reviewId ? easy : r));
      this.#last = null;
      this.#setFeedback(`Easy: next review ${dueText(state.due, Date.now())}.`, 'good');
      this.#store.changed();
    });
  }

  #replaceCard(card: DrillCard): void {
    this.#cards = this.#cards.map((c) => (c.id === card.id ? card : c));
    if (this.#run?.card.id === card.id) (this.#run as { card: DrillCard }).card = card;
  }

  #setFeedback(text: string, kind: 'good' | 'bad' | ''): void {
    const f = this.bar.querySelector<HTMLElement>('#drill-feedback')!;
    f.textContent = text;
    f.className = `feedback ${kind}`;
    this.bar.dataset.message = text ? 'true' : '';
  }

  // ---- export and import --------------------------------------------------------------------

  #export(): void {
    const file = drillFile(this.#decks, this.#cards, this.#reviews, Date.now());
    download(`drill-${new Date().toISOString().slice(0, 10)}.json`, JSON.stringify(file, null, 1));
  }

  async #import(): Promise<void> {
    const input = $<HTMLInputElement>('drill-import');
    const f = input.files?.[0];
    input.value = '';
    if (!f) return;
    try {
      const file = readDrillFile(await f.text());
      await this.#studies.storage!.importDrill(file);
      const all = await this.#studies.storage!.drill();
      this.#decks = all.decks;
      this.#cards = all.cards;
      this.#reviews = all.reviews;
      this.#error('');
      $('drill-note').textContent =
        `Imported ${file.decks.length} ${file.decks.length === 1 ? 'deck' : 'decks'}, ${file.cards.length} cards, ${file.reviews.length} reviews.`;
    } catch (e) {
      this.#error(
        e instanceof DrillFileError
          ? `${f.name} was not imported (nothing changed): ${e.message}`
          : `${f.name} was not imported: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    this.#store.changed();
  }

  // ---- drawing ------------------------------------------------------------------------------

  render(): void {
    const store = this.#store;
    const run = this.#run;
    // Another game took the board (a chapter, a PGN, a puzzle): the session ends.
    if (run && (store.game !== run.game || (store.puzzle !== run && store.puzzle !== null))) {
      this.#end();
      void this.#studies.storage?.setMeta('drill', undefined).catch(() => {});
      this.#setFeedback('', '');
    }
    const r = this.#run;
    const drilling = this.#session !== undefined && !!r;
    document.body.classList.toggle('drilling', drilling);
    this.bar.hidden = !drilling && !this.bar.dataset.message;
    const button = (id: string) => this.bar.querySelector<HTMLButtonElement>(`#${id}`)!;
    button('drill-hint').disabled = !r || r.phase !== 'ask';
    button('drill-show').disabled = !r || r.phase === 'done';
    button('drill-next').disabled = !r || r.phase !== 'done';
    // After a session its last words stay until closed.
    button('drill-stop').textContent = drilling ? 'Stop' : 'Close';
    const easy = button('drill-easy');
    easy.hidden = !this.#last || this.#last.run !== r;
    if (this.#last) {
      const due = previewDue(this.#last.review.before, this.#last.review.time)[Rating.Easy];
      easy.textContent = `Easy (${dueText(due, this.#last.review.time).replace(/ \(.*/, '')})`;
    }
    const now = Date.now();
    if (drilling) {
      const left = dueCards(this.#cards, this.#reviews, now, this.#session ?? null).length;
      button('drill-progress').textContent = `${this.#done} answered · ${left} due`;
    } else button('drill-progress').textContent = '';
    this.#renderDecks(now);
    this.#renderFound();
    this.#renderChapters();
    this.#renderStats(now);
    $<HTMLButtonElement>('drill-start').disabled = !this.#loaded || !dueCards(this.#cards, this.#reviews, now).length;
    $<HTMLButtonElement>('drill-export').disabled = !this.#loaded;
  }

  #renderDecks(now: number): void {
    const list = $('drill-decks');
    if (!this.#decks.length) {
      list.replaceChildren(
        h('p.small.muted', { role: 'listitem' }, 'No deck yet: add a repertoire below, or puzzles from the Learn tab.'),
      );
      return;
    }
    list.replaceChildren(
      ...this.#decks.map((d) => {
        const c = deckCounts(this.#cards, this.#reviews, now, d.id);
        const when = c.due + c.new === 0 && c.next !== null ? ` · next ${dueText(c.next, now)}` : '';
        const start = h(
          'button',
          { type: 'button', 'data-action': 'start', 'data-deck': d.id, 'aria-label': `Start ${d.name}` },
          'Start',
        );
        start.disabled = c.due + c.new === 0;
        return h(
          'div.drill-deck',
          { role: 'listitem', 'data-testid': 'drill-deck', 'data-deck': d.id },
          h('span.drill-deck-name', {}, d.name),
          h(
            'span.small',
            { 'data-testid': 'drill-due', 'data-due': c.due, 'data-new': c.new },
            `${c.due} due · ${c.new} new · ${c.total} ${c.total === 1 ? 'card' : 'cards'}${when}`,
          ),
          start,
          h(
            'button',
            { type: 'button', 'data-action': 'remove', 'data-deck': d.id, 'aria-label': `Remove ${d.name}` },
            'Remove',
          ),
        );
      }),
    );
  }

  #renderFound(): void {
    if (this.#found && this.#found.game !== this.#store.game) this.#found = null;
    const find = $<HTMLButtonElement>('drill-find');
    find.textContent = this.#finding ? 'Stop' : 'Find puzzles';
    find.disabled = !this.#finding && (!this.#review.review || this.#store.game.variant !== 'chess' || !this.#loaded);
    const found = this.#found;
    const list = $('drill-found');
    if (!found) {
      list.replaceChildren();
      return;
    }
    const have = new Set(this.#cards.map((c) => c.id));
    list.replaceChildren(
      ...found.puzzles.map((p, i) => {
        // The accessible name starts with the visible text (what a voice user says), then the puzzle.
        const text = have.has(puzzleCardId(p.fen, p.moves)) ? 'In the drill' : 'Add to drill';
        const add = h(
          'button',
          {
            type: 'button',
            'data-puzzle': i,
            'aria-label': `${text}: the puzzle after ${lineText(found.game, p.ply, p.san.slice(0, 1))}`,
          },
          text,
        );
        add.disabled = have.has(puzzleCardId(p.fen, p.moves));
        return h(
          'div.drill-deck',
          { role: 'listitem', 'data-testid': 'drill-found-puzzle' },
          // The opponent's move before the puzzle, not the answer.
          h('span.drill-deck-name', {}, `After ${lineText(found.game, p.ply, p.san.slice(0, 1))}`),
          h('span.small', {}, [...p.themes].join(', ')),
          add,
        );
      }),
    );
  }

  #chapterKey = '';
  #renderChapters(): void {
    const shown = this.#studies.shownStudy;
    const chapters = shown?.chapters ?? [];
    const key = `${shown?.study.id ?? ''}:${chapters.map((c) => `${c.id}.${c.white}.${c.black}.${c.event}`).join(',')}`;
    const select = $<HTMLSelectElement>('drill-chapter');
    if (key !== this.#chapterKey) {
      this.#chapterKey = key;
      const was = select.value;
      select.replaceChildren(
        ...chapters.map((c, i) =>
          h(
            'option',
            { value: String(c.id) },
            `${i + 1}. ${c.event && c.event !== '?' ? `${c.event}: ` : ''}${chapterLabel(c)}`,
          ),
        ),
      );
      const onBoard = this.#studies.chapterOf(this.#store.game);
      if (chapters.some((c) => String(c.id) === was)) select.value = was;
      else if (onBoard !== undefined) select.value = String(onBoard);
    }
    select.disabled = !chapters.length;
    $<HTMLButtonElement>('drill-add').disabled = !chapters.length || !this.#loaded;
  }

  #renderStats(now: number): void {
    const s = drillStats(this.#cards, this.#reviews, now);
    const row = (name: string, value: string, id: string) => [
      h('dt', {}, name),
      h('dd', { 'data-testid': `drill-stat-${id}` }, value),
    ];
    $('drill-stats').replaceChildren(
      ...row('Reviews', String(s.reviews), 'reviews'),
      ...row('Retention', s.retention === null ? '–' : `${Math.round(s.retention * 100)}%`, 'retention'),
      ...row('Streak', `${s.streak} ${s.streak === 1 ? 'day' : 'days'}`, 'streak'),
      ...row('Cards', `${s.new} new · ${s.learning} learning · ${s.review} review`, 'cards'),
    );
  }
}
