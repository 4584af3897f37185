// "Learn from your mistakes", as lichess's retrospection after a computer analysis: after a
// review, the position before each of one side's mistakes and blunders in turn, "find a better
// move"; the attempt is judged (the game's move fails, the engine's best move wins, any other
// move is searched by the board's engine and judged by lichess's rule: it wins when the side's
// winning chances after it are no more than 0.04 below those before the mistake, on lichess's
// povDiff scale, half the -1..+1 winning chances); the solution on request, then the next one.
// The rule is lila's (ui/analyse retrospection), read for the idea; the code is ours.
import { IllegalMoveError, type GameNode, Position } from 'chesswasm';
import { EngineError, type ReviewedMove } from 'chesswasm/engine';
import type { BoardEngine } from '../engine.js';
import { $, on } from '../dom.js';
import type { SidePanel } from '../panels.js';
import type { PuzzleControl, Store } from '../store.js';
import type { JudgedMove } from './review.js';
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

/** The mistakes being learnt from, the one shown, and how the last attempt went. */
class Session implements PuzzleControl {
  readonly faults: { node: GameNode; move: ReviewedMove }[];
  index = 0;
  feedback: Feedback = 'find';
  #view: LearnView;

  constructor(faults: { node: GameNode; move: ReviewedMove }[], view: LearnView) {
    this.faults = faults;
    this.#view = view;
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

  constructor(
    store: Store,
    engine: BoardEngine,
    judged: () => Map<GameNode, JudgedMove> | null,
    addToDrill: AddToDrill | null = null,
  ) {
    this.#store = store;
    this.#engine = engine;
    this.#judged = judged;
    this.#addToDrill = addToDrill;
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

  /** The mistakes and blunders of the chosen side in the review of the game shown, in game order. */
  #faults(): { node: GameNode; move: ReviewedMove }[] {
    const color = $<HTMLSelectElement>('learn-side').value as 'w' | 'b';
    const judged = this.#judged();
    if (!judged) return [];
    return [...judged]
      .filter(([, j]) => j.move.color === color && (j.move.judgement === 'mistake' || j.move.judgement === 'blunder'))
      .map(([node, j]) => ({ node, move: j.move }))
      .sort((a, b) => a.move.ply - b.move.ply);
  }

  /** Starts with the first mistake of the chosen side. */
  start(): void {
    const faults = this.#faults();
    if (!faults.length) {
      this.#status = 'No mistakes or blunders of this side in the review.';
      this.#store.changed();
      return;
    }
    this.stop(false);
    this.#run = new Session(faults, this);
    this.#show();
  }

  /** Ends the session (the board is free again). */
  stop(render = true): void {
    if (this.#store.puzzle === this.#run && this.#run) this.#store.puzzle = null;
    this.#run = null;
    this.#status = '';
    if (render) this.#store.changed();
  }

  #show(): void {
    const run = this.#run!;
    const f = run.fault!;
    run.feedback = 'find';
    $('learn-drill-note').textContent = '';
    // One change at the end: the render between would see the board without its session.
    this.#store.batch(() => {
      this.#store.puzzle = null;
      this.#store.goTo(f.node.parent!);
      this.#store.puzzle = run;
    });
    const side = f.move.color === 'w' ? 'White' : 'Black';
    this.#status = `Mistake ${run.index + 1} of ${run.faults.length}: ${lineText(this.#store.game, f.move.ply, [f.move.san])} was played. Find a better move for ${side}.`;
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
    this.#store.changed();
  }

  #solution(): void {
    const run = this.#run;
    const f = run?.fault;
    if (!run || !f) return;
    run.feedback = 'view';
    const best = f.move.best;
    const line = f.move.bestLine.length ? ` Best line: ${lineText(this.#store.game, f.move.ply, f.move.bestLine)}` : '';
    this.#status = best ? `The solution: ${best}.${line}` : 'The engine gave no better move.';
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
    if (run.index + 1 >= run.faults.length) {
      run.feedback = 'done';
      if (this.#store.puzzle === run) this.#store.puzzle = null;
      this.#status = `Done: ${run.faults.length} ${run.faults.length === 1 ? 'mistake' : 'mistakes'} reviewed.`;
      this.#run = null;
      this.#store.changed();
      return;
    }
    run.index++;
    this.#show();
  }

  render(): void {
    const run = this.#run;
    if (run && (this.#store.puzzle !== run || this.#store.game !== run.fault?.node.game)) {
      // another game or puzzle took the board
      if (this.#store.puzzle === run) this.#store.puzzle = null;
      this.#run = null;
      this.#status = '';
    }
    const r = this.#run;
    $<HTMLButtonElement>('learn-start').disabled = !this.#judged() || this.#store.mode !== 'analysis';
    $('learn-status').textContent = this.#status;
    $('learn-solution').hidden = !r || r.feedback === 'view' || r.feedback === 'win';
    $<HTMLButtonElement>('learn-solution').disabled = r?.feedback === 'eval';
    $('learn-next').hidden = !r;
    $('learn-drill').hidden = !r || !this.#addToDrill || (r.feedback !== 'win' && r.feedback !== 'view');
    $('learn-stop').hidden = !r;
  }
}
