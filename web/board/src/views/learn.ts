// "Learn from your mistakes", as lichess's retrospection after a computer analysis: after a
// review, the position before each of one side's mistakes and blunders in turn, "find a better
// move"; the attempt is judged (the game's move fails, the engine's best move wins, any other
// move is searched by the board's engine and judged by lichess's rule: it wins when the side's
// winning chances after it are no more than 0.04 below those before the mistake, on lichess's
// povDiff scale, half the -1..+1 winning chances); the solution on request, then the next one.
// The rule is lila's (ui/analyse retrospection), read for the idea; the code is ours.
// The session of a study chapter's game is kept with the chapter's review (storage.ts,
// `learn`): which mistake is on the board and how each went, so a reload, or another chapter
// and back, takes it up at the same mistake.
import { type Game, IllegalMoveError, type GameNode, Position } from 'chesswasm';
import { EngineError, type ReviewedMove } from 'chesswasm/engine';
import type { BoardEngine } from '../engine.js';
import { $, on } from '../dom.js';
import { type SidePanel, showPanel } from '../panels.js';
import type { PuzzleControl, Store } from '../store.js';
import type { LearnOutcome, LearnProgress } from '../storage.js';
import { mainLine } from '../reviews.js';
import type { JudgedMove, ReviewKeeper } from './review.js';
import { REVIEW_NODES, lineText } from './review.js';
import { isBetter } from '../learn-rule.js';

/** The Learn tab: the side, start, and the feedback. */
export const learnPanel: SidePanel = {
  id: 'learn',
  title: 'Learn',
  content: `
    <p class="small muted">After a review: the position before each of your mistakes and blunders; find a better move.</p>
    <div class="row wrap">
      <label for="learn-side" class="small">Your side</label>
      <select id="learn-side" data-testid="learn-side"><option value="w">White</option><option value="b">Black</option></select>
      <button id="learn-start" type="button" data-testid="learn-start">Learn from your mistakes</button>
    </div>
    <p id="learn-status" data-testid="learn-status" aria-live="polite"></p>
    <p id="learn-score" class="small muted" data-testid="learn-score"></p>
    <p id="learn-drill-note" class="small" data-testid="learn-drill-note" aria-live="polite"></p>
    <div class="row wrap">
      <button id="learn-solution" type="button" data-testid="learn-solution" hidden>View the solution</button>
      <button id="learn-drill" type="button" data-testid="learn-drill" hidden>Add to drill</button>
      <button id="learn-next" type="button" data-testid="learn-next" hidden>Next mistake</button>
      <button id="learn-stop" type="button" data-testid="learn-stop" hidden>Stop</button>
    </div>`,
};

/** Adds a lichess-format puzzle to the drill (views/drill.ts); false when it is there already. */
export type AddToDrill = (fen: string, moves: readonly string[], label: string) => Promise<boolean>;

type Feedback = 'find' | 'eval' | 'win' | 'fail' | 'view' | 'done';
type Fault = { node: GameNode; move: ReviewedMove };

/** The mistakes being learnt from, the one shown, how each went, and how the last attempt went. */
class Session implements PuzzleControl {
  readonly faults: Fault[];
  readonly side: 'w' | 'b';
  /** The chapter whose review the session is kept with, and that review's main line. */
  readonly chapter: number | undefined;
  readonly line: string;
  index = 0;
  outcomes: (LearnOutcome | null)[];
  feedback: Feedback = 'find';
  #view: LearnView;

  constructor(faults: Fault[], side: 'w' | 'b', chapter: number | undefined, line: string, view: LearnView) {
    this.faults = faults;
    this.side = side;
    this.chapter = chapter;
    this.line = line;
    this.outcomes = faults.map(() => null);
    this.#view = view;
  }

  /** Marks the mistake shown, unless it has an outcome already (solved stays solved). */
  mark(outcome: LearnOutcome): void {
    if (this.outcomes[this.index] === null) this.outcomes[this.index] = outcome;
  }

  get progress(): LearnProgress {
    return {
      side: this.side,
      plies: this.faults.map((f) => f.move.ply),
      index: this.index,
      outcomes: [...this.outcomes],
    };
  }

  get fault() {
    return this.faults[this.index];
  }

  get locked(): boolean {
    return this.feedback === 'find' || this.feedback === 'fail' || this.feedback === 'eval';
  }

  canMove(node: GameNode): boolean {
    return (this.feedback === 'find' || this.feedback === 'fail') && node === this.fault?.node.parent;
  }

  move(uci: string): void {
    void this.#view.attempt(this, uci);
  }
}

export class LearnView {
  #store: Store;
  #engine: BoardEngine;
  #judged: () => Map<GameNode, JudgedMove> | null;
  #run: Session | null = null;
  #status = '';
  #addToDrill: AddToDrill | null;
  #keeper: ReviewKeeper | null;
  /** Games whose kept session was looked for (or is being). */
  #looked = new WeakSet<Game>();
  /** The writes of the session's progress, one after the other. */
  #saving: Promise<unknown> = Promise.resolve();

  constructor(
    store: Store,
    engine: BoardEngine,
    judged: () => Map<GameNode, JudgedMove> | null,
    addToDrill: AddToDrill | null = null,
    keeper: ReviewKeeper | null = null,
  ) {
    this.#store = store;
    this.#engine = engine;
    this.#judged = judged;
    this.#addToDrill = addToDrill;
    this.#keeper = keeper;
    on('learn-drill', 'click', () => void this.#drill());
    $<HTMLSelectElement>('learn-side').value = store.orientation === 'black' ? 'b' : 'w';
    on('learn-start', 'click', () => this.start());
    on('learn-solution', 'click', () => this.#solution());
    on('learn-next', 'click', () => this.#next());
    on('learn-stop', 'click', () => this.stop());
  }

  /** Whether a mistake is being solved (its comment and best line stay hidden in the move list meanwhile). */
  get solving(): boolean {
    return !!this.#run?.locked && this.#store.puzzle === this.#run;
  }

  /** The mistakes and blunders of side `color` in the review of the game shown, in game order. */
  #faults(color: 'w' | 'b'): Fault[] {
    const judged = this.#judged();
    if (!judged) return [];
    return [...judged]
      .filter(([, j]) => j.move.color === color && (j.move.judgement === 'mistake' || j.move.judgement === 'blunder'))
      .map(([node, j]) => ({ node, move: j.move }))
      .sort((a, b) => a.move.ply - b.move.ply);
  }

  /** Starts with the first mistake of the chosen side. */
  start(): void {
    const side = $<HTMLSelectElement>('learn-side').value as 'w' | 'b';
    const faults = this.#faults(side);
    if (!faults.length) {
      this.#status = 'No mistakes or blunders of this side in the review.';
      this.#store.changed();
      return;
    }
    this.stop(false);
    const game = this.#store.game;
    this.#looked.add(game); // a session kept from before is replaced, not resumed
    this.#run = new Session(faults, side, this.#keeper?.chapterOf(game), mainLine(game), this);
    this.#show();
  }

  /** Ends the session (the board is free again) and forgets it. */
  stop(render = true): void {
    const run = this.#run;
    if (this.#store.puzzle === run && run) this.#store.puzzle = null;
    if (run) this.#save(run, true);
    this.#run = null;
    this.#status = '';
    if (render) this.#store.changed();
  }

  // Writes the session's progress with its chapter's review (`forget`: removes it), in order.
  #save(run: Session, forget = false): void {
    const db = this.#keeper?.storage;
    if (!db || run.chapter === undefined) return;
    const chapter = run.chapter;
    const progress = forget ? undefined : run.progress;
    this.#saving = this.#saving
      .then(() => db.saveLearn(chapter, run.line, progress))
      .catch((e: unknown) => {
        $('learn-drill-note').textContent =
          `The session could not be kept: ${e instanceof Error ? e.message : String(e)}`;
      });
  }

  /**
   * Takes up the session kept with the review of chapter `chapter` (the game shown), at the
   * mistake it was at, when it is of the review shown: the same side's mistakes at the same
   * plies. A record that does not fit is left out (the user starts again).
   */
  async #resume(game: Game, chapter: number): Promise<void> {
    const db = this.#keeper?.storage;
    if (!db) return;
    let rec;
    try {
      rec = await db.review(chapter);
    } catch {
      this.#looked.delete(game);
      return;
    }
    const p = rec?.learn;
    const store = this.#store;
    if (!p || !rec || rec.line !== mainLine(game) || store.game !== game) return;
    if (this.#run || store.puzzle || store.mode !== 'analysis') return;
    if (p.side !== 'w' && p.side !== 'b') return;
    const faults = this.#faults(p.side);
    const fits =
      Array.isArray(p.plies) &&
      p.plies.length === faults.length &&
      faults.every((f, i) => f.move.ply === p.plies[i]) &&
      Number.isInteger(p.index) &&
      p.index >= 0 &&
      p.index < faults.length &&
      Array.isArray(p.outcomes) &&
      p.outcomes.length === faults.length &&
      p.outcomes.every((o) => o === null || o === 'solved' || o === 'shown' || o === 'skipped');
    if (!fits) return;
    $<HTMLSelectElement>('learn-side').value = p.side;
    const run = new Session(faults, p.side, chapter, rec.line, this);
    run.index = p.index;
    run.outcomes = [...p.outcomes];
    this.#run = run;
    this.#show(false);
    showPanel('learn'); // the board waits for this mistake's move: the tab says why
  }

  // Puts the session's mistake on the board; `save`: keeps the session (not when it was just read).
  #show(save = true): void {
    const run = this.#run!;
    const f = run.fault!;
    const outcome = run.outcomes[run.index];
    run.feedback = outcome === 'solved' ? 'win' : outcome === 'shown' ? 'view' : 'find';
    $('learn-drill-note').textContent = '';
    // One change at the end: the render between would see the board without its session.
    this.#store.batch(() => {
      this.#store.puzzle = null;
      this.#store.goTo(f.node.parent!);
      this.#store.puzzle = run;
    });
    const side = f.move.color === 'w' ? 'White' : 'Black';
    const head = `Mistake ${run.index + 1} of ${run.faults.length}: ${lineText(this.#store.game, f.move.ply, [f.move.san])} was played.`;
    this.#status =
      run.feedback === 'win'
        ? `${head} ✓ Solved.`
        : run.feedback === 'view'
          ? `${head} ${this.#solutionText(f)}`
          : `${head} Find a better move for ${side}.`;
    if (save) this.#save(run);
    this.#store.changed();
  }

  /** Judges the user's move at the mistake's position. */
  async attempt(run: Session, uci: string): Promise<void> {
    const store = this.#store;
    const f = run.fault!;
    const pos = store.position;
    let san: string;
    try {
      san = pos.san(pos.parseUci(uci));
    } catch (e) {
      if (!(e instanceof IllegalMoveError)) throw e;
      store.changed();
      return;
    }
    if (uci === f.move.uci)
      return this.#verdict(run, false, `${san} is the move played in the game. Try another move.`);
    if (san === f.move.best) return this.#verdict(run, true, `${san} — yes, that is the best move.`);
    run.feedback = 'eval';
    this.#status = `${san}: evaluating…`;
    store.changed();
    const was = this.#engine.reviewing;
    this.#engine.reviewing = true;
    try {
      const engine = await this.#engine.get();
      const after = pos.clone();
      after.play(uci);
      let lines;
      try {
        lines = await engine.analyse(after, { nodes: REVIEW_NODES });
      } finally {
        after.dispose();
      }
      if (this.#run !== run || run.fault !== f) return; // stopped or moved on meanwhile
      const score = lines[0]?.score.white();
      if (!score) throw new EngineError('exited', 'no evaluation');
      const good = isBetter(f.move.color, score, f.move.before);
      this.#verdict(
        run,
        good,
        good ? `${san} — a good move: it keeps the position.` : `${san} is not better. Try another move.`,
      );
    } catch (e) {
      if (this.#run !== run) return;
      run.feedback = 'fail';
      this.#status = `${san} could not be judged: ${e instanceof Error ? e.message : String(e)}`;
      store.changed();
    } finally {
      this.#engine.reviewing = was;
    }
  }

  #verdict(run: Session, good: boolean, text: string): void {
    run.feedback = good ? 'win' : 'fail';
    this.#status = `${good ? '✓' : '✗'} ${text}`;
    if (good) {
      run.mark('solved');
      this.#save(run);
    }
    this.#store.changed();
  }

  #solutionText(f: Fault): string {
    const best = f.move.best;
    const line = f.move.bestLine.length ? ` Best line: ${lineText(this.#store.game, f.move.ply, f.move.bestLine)}` : '';
    return best ? `The solution: ${best}.${line}` : 'The engine gave no better move.';
  }

  #solution(): void {
    const run = this.#run;
    const f = run?.fault;
    if (!run || !f) return;
    run.feedback = 'view';
    run.mark('shown');
    this.#save(run);
    this.#status = this.#solutionText(f);
    this.#store.changed();
  }

  /**
   * The mistake shown, as a drill card: a lichess-format puzzle from the position before the
   * opponent's last move, that move, then the review's best move.
   */
  async #drill(): Promise<void> {
    const f = this.#run?.fault;
    const before = f?.node.parent;
    if (!f || !before || !this.#addToDrill) return;
    const note = $('learn-drill-note');
    if (!before.parent || !f.move.best) {
      note.textContent = before.parent
        ? 'The review has no better move here.'
        : 'A first move makes no puzzle (it needs the opponent’s move before it).';
      return;
    }
    const pos = Position.fromFen(before.fen, { variant: this.#store.game.variant });
    let best: string;
    try {
      best = pos.uci(pos.parseSan(f.move.best));
    } catch (e) {
      if (!(e instanceof IllegalMoveError)) throw e;
      return;
    } finally {
      pos.dispose();
    }
    const label = `${lineText(this.#store.game, f.move.ply, [f.move.san])} (a mistake of the game)`;
    try {
      const added = await this.#addToDrill(before.parent.fen, [before.uci, best], label);
      note.textContent = added ? 'Added to the drill (Puzzles from your games).' : 'It is in the drill already.';
    } catch (e) {
      note.textContent = e instanceof Error ? e.message : String(e);
    }
  }

  #next(): void {
    const run = this.#run;
    if (!run) return;
    run.mark('skipped');
    if (run.index + 1 >= run.faults.length) {
      run.feedback = 'done';
      if (this.#store.puzzle === run) this.#store.puzzle = null;
      this.#status = `Done: ${run.faults.length} ${run.faults.length === 1 ? 'mistake' : 'mistakes'} reviewed (${scoreText(run.outcomes)}).`;
      this.#save(run, true);
      this.#run = null;
      this.#store.changed();
      return;
    }
    run.index++;
    this.#show();
  }

  render(): void {
    const store = this.#store;
    const run = this.#run;
    if (run && (store.puzzle !== run || store.game !== run.fault?.node.game)) {
      // Another game or puzzle took the board: the session ends here but stays kept with its
      // review, taken up when its game is shown again.
      if (store.puzzle === run) store.puzzle = null;
      const game = run.fault?.node.game;
      if (game && store.game !== game) this.#looked.delete(game);
      this.#run = null;
      this.#status = '';
    }
    const chapter = this.#keeper?.chapterOf(store.game);
    if (
      !this.#run &&
      chapter !== undefined &&
      !this.#looked.has(store.game) &&
      store.mode === 'analysis' &&
      !store.puzzle &&
      this.#judged()
    ) {
      this.#looked.add(store.game);
      void this.#resume(store.game, chapter);
    }
    const r = this.#run;
    $('learn-score').textContent = r ? scoreText(r.outcomes) : '';
    $<HTMLButtonElement>('learn-start').disabled = !this.#judged() || this.#store.mode !== 'analysis';
    $('learn-status').textContent = this.#status;
    $('learn-solution').hidden = !r || r.feedback === 'view' || r.feedback === 'win';
    $<HTMLButtonElement>('learn-solution').disabled = r?.feedback === 'eval';
    $('learn-next').hidden = !r;
    $('learn-drill').hidden = !r || !this.#addToDrill || (r.feedback !== 'win' && r.feedback !== 'view');
    $('learn-stop').hidden = !r;
  }
}

/** `1 solved · 1 shown · 0 skipped`: how the session's mistakes went so far. */
function scoreText(outcomes: readonly (LearnOutcome | null)[]): string {
  const n = (o: LearnOutcome) => outcomes.filter((x) => x === o).length;
  return `${n('solved')} solved · ${n('shown')} shown · ${n('skipped')} skipped`;
}
