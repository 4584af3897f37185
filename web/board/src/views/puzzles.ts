// Puzzles: a list of puzzles (pasted rows or a CSV file) solved one after the other, with
// progress (puzzle n of N, solved so far). The package's Puzzle judges every move (the
// line's move, or any mate where the line mates). Feedback is in SAN, in a strip right
// under the board, so it is visible without scrolling. While a puzzle is unsolved,
// navigation is blocked (the board stays where the puzzle is); once solved, or after
// "Solution", the moves can be browsed and analysed. The current puzzle is kept in the URL.
import { ChessError, Game, type GameNode, IllegalMoveError, type Puzzle } from 'chesswasm';
import { $, h, on } from '../dom.js';
import { type ParsedPuzzles, type PuzzleSpec, makePuzzle, parsePuzzles } from '../puzzle.js';
import type { SidePanel } from '../panels.js';
import type { PuzzleControl, Store } from '../store.js';
import type { BoardView, Key } from './board.js';

type Status = 'new' | 'solved' | 'failed';

/** The Puzzles tab: the list's input and its progress (the controls and feedback are under the board). */
export const puzzlePanel: SidePanel = {
  id: 'puzzle',
  title: 'Puzzles',
  content: `
    <label for="puzzle-input" class="small">One puzzle a line: a lichess CSV row (<code>PuzzleId,FEN,Moves,…</code>; its first
      move is the opponent's), or a FEN followed by the solution, the side to move playing first. Moves in UCI or SAN.</label>
    <textarea id="puzzle-input" data-testid="puzzle-input" rows="3" spellcheck="false"
      placeholder="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 Ra8#"></textarea>
    <div class="row wrap">
      <button id="puzzle-load" type="button" data-testid="puzzle-load">Start</button>
      <label class="file-btn" title="Open a CSV file of lichess puzzles">Open CSV<input id="puzzle-file" type="file" accept=".csv,text/csv,text/plain" /></label>
    </div>
    <p id="puzzle-errors" class="error pre" data-testid="puzzle-errors" role="alert"></p>
    <p id="puzzle-progress" data-testid="puzzle-progress" aria-live="polite"></p>
    <div id="puzzle-list" class="chips" data-testid="puzzle-list" role="group" aria-label="Puzzles of the list"></div>`,
};

/** One puzzle being solved: the package's Puzzle and the game its moves are played into. */
class PuzzleRun implements PuzzleControl {
  readonly spec: PuzzleSpec;
  readonly puzzle: Puzzle;
  readonly game: Game;
  /** The node where the puzzle stands (the solver to move, or the end). */
  live: GameNode;
  gaveUp = false;
  #view: PuzzlesView;

  constructor(spec: PuzzleSpec, view: PuzzlesView) {
    this.spec = spec;
    this.#view = view;
    this.puzzle = makePuzzle(spec);
    this.game = new Game(spec.fen, { variant: spec.variant });
    this.live = this.game.root;
  }

  get locked(): boolean {
    return !this.puzzle.solved && !this.gaveUp;
  }

  canMove(node: GameNode): boolean {
    return this.locked && node === this.live && this.game.position.turn === this.solverColor;
  }

  get solverColor(): 'w' | 'b' {
    return this.puzzle.position.turn;
  }

  move(uci: string): void {
    this.#view.move(this, uci);
  }
}

export class PuzzlesView {
  #store: Store;
  #board: BoardView;
  #list: PuzzleSpec[] = [];
  #status: Status[] = [];
  #index = -1;
  #run: PuzzleRun | null = null;
  #replyTimer = 0;

  constructor(store: Store, board: BoardView) {
    this.#store = store;
    this.#board = board;
    on('puzzle-load', 'click', () => this.load($<HTMLTextAreaElement>('puzzle-input').value));
    on('puzzle-file', 'change', async () => {
      const f = $<HTMLInputElement>('puzzle-file').files?.[0];
      if (!f) return;
      const text = await f.text();
      $<HTMLTextAreaElement>('puzzle-input').value = text.length > 200_000 ? text.slice(0, 200_000) : text;
      this.load(text);
    });
    on('puzzle-hint', 'click', () => this.#hint());
    on('puzzle-retry', 'click', () => this.#index >= 0 && this.start(this.#index));
    on('puzzle-next', 'click', () => this.#index + 1 < this.#list.length && this.start(this.#index + 1));
    on('puzzle-prev', 'click', () => this.#index > 0 && this.start(this.#index - 1));
    on('puzzle-solution', 'click', () => this.#showSolution());
    on('puzzle-exit', 'click', () => this.exit());
    $('puzzle-list').addEventListener('click', (e) => {
      const t = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
      if (t) this.start(Number(t.dataset.index));
    });
  }

  /** The current puzzle's line (for the URL), or null. */
  get current(): PuzzleSpec | null {
    return this.#run?.spec ?? null;
  }

  /** Reads a list of puzzles and starts the first; errors of other lines are listed. */
  load(text: string): boolean {
    const parsed: ParsedPuzzles = parsePuzzles(text, $<HTMLSelectElement>('variant').value as 'chess');
    const errors = parsed.errors.slice(0, 3).map((e) => `Line ${e.line}: ${e.message}`);
    if (parsed.errors.length > 3) errors.push(`… and ${parsed.errors.length - 3} more lines refused`);
    $('puzzle-errors').textContent = errors.join('\n');
    if (!parsed.puzzles.length) {
      this.#feedback(
        parsed.errors.length ? 'No puzzle could be read (see the errors in the Puzzles panel).' : 'No puzzle given.',
        'bad',
      );
      return false;
    }
    this.#list = parsed.puzzles;
    this.#status = parsed.puzzles.map(() => 'new');
    this.start(0);
    return true;
  }

  /** Starts puzzle `i` of the list (again, for Retry). */
  start(i: number): void {
    const spec = this.#list[i];
    if (!spec) return;
    const store = this.#store;
    window.clearTimeout(this.#replyTimer);
    let run: PuzzleRun;
    try {
      run = new PuzzleRun(spec, this);
    } catch (e) {
      if (!(e instanceof ChessError)) throw e;
      this.#feedback(e.message, 'bad');
      return;
    }
    this.#run?.puzzle.dispose();
    this.#index = i;
    this.#run = run;
    store.batch(() => {
      store.puzzle = null;
      store.setGame(run.game);
      if (spec.setupFirst) run.live = store.play(spec.moves[0]!);
      store.puzzle = run;
      store.orientation = run.solverColor === 'w' ? 'white' : 'black';
      store.changed();
    });
    // The board and the feedback under it come into view (the list may be far down on a phone).
    window.scrollTo({ top: 0 });
    const side = run.solverColor === 'w' ? 'White' : 'Black';
    const setup = spec.setupFirst ? `${side === 'White' ? 'Black' : 'White'} played ${run.live.san}. ` : '';
    this.#feedback(`${setup}Find the best move for ${side}.`, '');
  }

  /** Ends the puzzle mode (the game stays on the board for analysis). */
  exit(): void {
    window.clearTimeout(this.#replyTimer);
    this.#run?.puzzle.dispose();
    this.#run = null;
    this.#list = [];
    this.#status = [];
    this.#index = -1;
    this.#store.puzzle = null;
    this.#board.setLayer('hint', []);
    this.#feedback('', '');
    this.#store.changed();
  }

  /** A move of the solver's. */
  move(run: PuzzleRun, uci: string): void {
    const store = this.#store;
    if (run !== this.#run || !run.canMove(store.node)) {
      store.changed();
      return;
    }
    const pos = store.position;
    let san: string;
    let verdict;
    try {
      san = pos.san(pos.parseUci(uci));
      verdict = run.puzzle.play(uci);
    } catch (e) {
      if (!(e instanceof IllegalMoveError)) throw e;
      store.changed();
      return;
    }
    this.#board.setLayer('hint', []);
    if (verdict === 'wrong') {
      this.#feedback(`✗ ${san} is not the move. Try again.`, 'bad');
      store.changed(); // the piece goes back
      this.#renderList();
      return;
    }
    const reply = run.puzzle.lastReply;
    run.live = store.play(uci);
    if (verdict === 'solved') {
      if (reply) run.live = store.play(reply);
      this.#status[this.#index] = 'solved';
      const mistakes = run.puzzle.progress.mistakes;
      this.#feedback(
        `✓ ${san} — solved!${mistakes ? ` (${mistakes} wrong ${mistakes === 1 ? 'try' : 'tries'})` : ''}`,
        'good',
      );
      store.changed();
      this.#renderList();
      return;
    }
    this.#feedback(`✓ ${san} is right. Keep going.`, 'good');
    // The opponent's reply, after a moment (the puzzle already played it).
    if (reply) {
      this.#replyTimer = window.setTimeout(() => {
        if (this.#run !== run) return;
        const node = store.play(reply);
        run.live = node;
        store.changed(); // the solver may move now
        this.#feedback(
          `✓ ${san} is right. ${run.solverColor === 'w' ? 'Black' : 'White'} answered ${node.san}. Keep going.`,
          'good',
        );
      }, 300);
    }
  }

  #hint(): void {
    const run = this.#run;
    if (!run || !run.locked || this.#store.node !== run.live) return;
    const hint = run.puzzle.hint();
    if (!hint) return;
    if (hint.length === 2) {
      this.#board.setLayer('hint', [{ orig: hint as Key, brush: 'green' }]);
      this.#feedback(`Hint: move the piece on ${hint}.`, '');
    } else {
      const pos = this.#store.position;
      this.#board.setLayer('hint', [{ orig: hint.slice(0, 2) as Key, dest: hint.slice(2, 4) as Key, brush: 'green' }]);
      this.#feedback(`Hint: ${pos.san(pos.parseUci(hint))}.`, '');
    }
  }

  #showSolution(): void {
    const run = this.#run;
    if (!run || !run.locked) return;
    window.clearTimeout(this.#replyTimer);
    const store = this.#store;
    run.gaveUp = true;
    this.#board.setLayer('hint', []);
    const line = run.puzzle.line;
    // The game holds the moves played so far; the rest of the line follows them.
    const path = run.game.current.path().map((n) => n.uci);
    const sans: string[] = [];
    store.batch(() => {
      for (let i = path.length; i < line.length; i++) sans.push(store.play(line[i]!).san);
    });
    run.live = store.node;
    this.#status[this.#index] = 'failed';
    this.#feedback(`Solution: ${sans.join(' ')}`, 'bad');
    this.#renderList();
  }

  #feedback(text: string, kind: 'good' | 'bad' | ''): void {
    const f = $('puzzle-feedback');
    f.textContent = text;
    f.className = `feedback ${kind}`;
    f.hidden = text === '';
  }

  #renderList(): void {
    const n = this.#list.length;
    const solved = this.#status.filter((s) => s === 'solved').length;
    const progress = n ? `Puzzle ${this.#index + 1} of ${n} · ${solved} solved` : '';
    $('puzzle-progress').textContent = progress;
    $('puzzle-bar-progress').textContent = progress;
    $('puzzle-list').replaceChildren(
      ...this.#list.map((p, i) =>
        h(
          `button.chip.${this.#status[i]}`,
          {
            type: 'button',
            'data-index': i,
            'aria-current': i === this.#index ? 'true' : null,
            title: p.id ? `${p.id}${p.rating ? ` (${p.rating})` : ''}` : p.fen,
          },
          String(i + 1),
        ),
      ),
    );
  }

  render(): void {
    const store = this.#store;
    const run = this.#run;
    // Another game replaced the puzzle's (a FEN, a PGN, the editor): the puzzle ends.
    if (run && store.game !== run.game) {
      this.exit();
      return;
    }
    const active = !!run;
    document.body.classList.toggle('puzzling', active);
    $<HTMLButtonElement>('puzzle-hint').disabled = !run?.locked;
    $<HTMLButtonElement>('puzzle-solution').disabled = !run?.locked;
    $<HTMLButtonElement>('puzzle-retry').disabled = !active;
    $<HTMLButtonElement>('puzzle-prev').disabled = !active || this.#index <= 0;
    $<HTMLButtonElement>('puzzle-next').disabled = !active || this.#index + 1 >= this.#list.length;
    $<HTMLButtonElement>('puzzle-exit').disabled = !active;
    this.#renderList();
  }
}
