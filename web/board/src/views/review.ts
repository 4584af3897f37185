// The game review, like lichess's computer analysis: "Review game" evaluates every position of
// the main line with the board's Stockfish (the package's reviewGame), with a progress bar and
// a cancel; then an evaluation graph (click to go to a move, the current move marked), each
// side's accuracy, counts and accuracy per phase, "previous / next mistake" (the move and the
// board brought into view), the judged moves with their comment and best line in the move list
// (views/moves.ts asks `judgedMoves`), and the annotated PGN (the package's annotate) to download.
// The review of a study chapter is kept with it (storage.ts, reviews.ts): a reload or another
// chapter and back shows it again, while the chapter's main line is the one reviewed. That of a
// game opened from one of the Explorer's databases is kept by database file and game id.
import { Game, type GameNode } from 'chesswasm';
import {
  EngineError,
  type Judgement,
  type Review,
  type ReviewedMove,
  annotate,
  reviewGame,
  winningChances,
} from 'chesswasm/engine';
import type { BoardEngine } from '../engine.js';
import { $, h, on } from '../dom.js';
import { dbLockName, mainLine, reviewOf, withReviewLock } from '../reviews.js';
import type { StudyStorage } from '../storage.js';
import { type Store, moveNumber } from '../store.js';

/**
 * Where reviews are kept: the study chapter of a game (views/studies.ts), or for a game opened
 * from one of the Explorer's databases, that database's file and the game's id there.
 */
export interface ReviewKeeper {
  chapterOf(game: Game): number | undefined;
  dbGameOf?(game: Game): { file: string; game: number } | undefined;
  readonly storage: StudyStorage | null;
}

/** A judged move as the move list shows it: the review's move and the package's comment. */
export interface JudgedMove {
  move: ReviewedMove;
  /** The comment `annotate` writes: `(0.20 → -1.15) Mistake. Nf3 was best.` */
  comment: string;
}

type Done = { game: Game; line: string; review: Review };

/** Nodes per position: about 0.3 s each for the lite single-threaded Stockfish in a browser. */
export const REVIEW_NODES = 100_000;

const SVG = 'http://www.w3.org/2000/svg';
const GLYPH: Record<Judgement, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const svg = (tag: string, attrs: Record<string, string | number>): SVGElement => {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `15…` / `16.` before the move of ply `ply` of a game (plies from the start of the game's root). */
function moveLabel(game: Game, ply: number, san: string): string {
  const { number, white } = numberOf(game, ply);
  return `${number}${white ? '.' : '…'} ${san}`;
}

const numberOf = (game: Game, ply: number) => moveNumber(game, { ply });

/** A best line from the position before ply `ply`, with move numbers: `15… Qxd7 16. Rxd7`. */
export function lineText(game: Game, ply: number, sans: readonly string[]): string {
  return sans
    .map((san, i) => {
      const { number, white } = numberOf(game, ply + i);
      return white ? `${number}. ${san}` : i === 0 ? `${number}… ${san}` : san;
    })
    .join(' ');
}

/**
 * Scrolls the page, if it must, so that the current move of the move list and the board are
 * on screen: the list itself scrolls to the move (views/moves.ts); where the board is sticky
 * (phones) the move is brought out from under it.
 */
export function revealMoveAndBoard(): void {
  const el = document.querySelector<HTMLElement>('#moves .move.current');
  const board = document.querySelector<HTMLElement>('.board-row');
  if (!el || !board) return;
  const col = document.querySelector<HTMLElement>('.board-col');
  const sticky = !!col && getComputedStyle(col).position === 'sticky';
  const b = board.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const beside = b.right <= r.left || r.right <= b.left;
  const top = sticky && !beside ? Math.max(0, col!.getBoundingClientRect().bottom) : 0;
  // Both in view where they fit side by side or one above the other; else the move first.
  const lo = beside && !sticky ? Math.min(r.top, b.top) : r.top;
  const hi = beside && !sticky ? Math.max(r.bottom, b.bottom) : r.bottom;
  if (lo >= top && hi <= window.innerHeight) return;
  const span = hi - lo;
  const room = window.innerHeight - top;
  const dy = span <= room ? lo - top - (room - span) / 2 : r.top - top - 8;
  window.scrollBy({ top: dy });
}

export class ReviewView {
  #store: Store;
  #engine: BoardEngine;
  #keeper: ReviewKeeper | null;
  /** The review of each game in memory, with that game's main line when it was made. */
  #done = new WeakMap<Game, Done>();
  /** Games whose stored review was looked up (or is being). */
  #looked = new WeakSet<Game>();
  /** The comments of each review's judged moves, by ply (the package's annotate, read back). */
  #comments = new WeakMap<Review, Map<number, string>>();
  #abort: AbortController | null = null;
  #onBusy: () => void;

  constructor(store: Store, engine: BoardEngine, onBusy: () => void, keeper: ReviewKeeper | null = null) {
    this.#store = store;
    this.#engine = engine;
    this.#onBusy = onBusy;
    this.#keeper = keeper;
    on('review', 'click', () => void this.start());
    on('review-cancel', 'click', () => this.#abort?.abort());
    on('review-next', 'click', () => this.nextMistake());
    on('review-prev', 'click', () => this.nextMistake(-1));
    on('review-export', 'click', () => this.#export());
    $('eval-graph').addEventListener('click', (e) => {
      const svgEl = $('eval-graph').querySelector('svg');
      const r = this.#current();
      if (!svgEl || !r) return;
      const box = svgEl.getBoundingClientRect();
      const ply = Math.round(((e.clientX - box.left) / box.width) * (r.review.evals.length - 1));
      const node = ply === 0 ? this.#store.game.root : this.#store.game.mainlineNodes()[ply - 1];
      if (node) this.#store.goTo(node);
    });
  }

  /** The review of the game shown, while its main line is unchanged. */
  #current(): Done | null {
    const game = this.#store.game;
    const d = this.#done.get(game);
    if (!d) this.#lookUp(game);
    return d && d.line === mainLine(game) ? d : null;
  }

  // The stored review of a chapter's game (or a database game's), read once per game object;
  // shown when it comes.
  #lookUp(game: Game): void {
    const db = this.#keeper?.storage;
    const id = this.#keeper?.chapterOf(game);
    const source = id === undefined ? this.#keeper?.dbGameOf?.(game) : undefined;
    if (!db || (id === undefined && !source) || this.#looked.has(game)) return;
    this.#looked.add(game);
    const rec = id !== undefined ? db.review(id) : db.dbReview(source!.file, source!.game);
    void rec.then(
      (rec) => {
        if (this.#done.has(game)) return; // reviewed meanwhile
        const review = reviewOf(game, rec);
        if (!review) return;
        this.#done.set(game, { game, line: rec!.line, review });
        if (this.#store.game === game) this.#onBusy();
      },
      () => this.#looked.delete(game),
    );
  }

  /** Keeps a review made elsewhere (the review queue) for a game in memory. */
  adopt(game: Game, line: string, review: Review): void {
    this.#done.set(game, { game, line, review });
    if (this.#store.game !== game) return;
    if (/(study|database) review \(/.test($('review-note').textContent ?? '')) $('review-note').textContent = '';
    this.#onBusy();
  }

  /** The review of the game shown, while its main line is unchanged; null without one. */
  get review(): Review | null {
    return this.#current()?.review ?? null;
  }

  /** Whether a review of the board runs. */
  get running(): boolean {
    return this.#abort !== null;
  }

  /**
   * The judged moves of the game shown (by node of its main line) with the package's comment,
   * while its review is of the main line as it is; null without one.
   */
  judgedMoves(): Map<GameNode, JudgedMove> | null {
    const r = this.#current();
    if (!r) return null;
    const comments = this.#commentsOf(r);
    const nodes = r.game.mainlineNodes();
    const out = new Map<GameNode, JudgedMove>();
    for (const m of r.review.moves) {
      const node = nodes[m.ply - 1];
      if (m.judgement && node && node.uci === m.uci) out.set(node, { move: m, comment: comments.get(m.ply) ?? '' });
    }
    return out;
  }

  // The comments annotate writes on the judged moves: its PGN read back (one text, not two).
  #commentsOf(r: Done): Map<number, string> {
    let map = this.#comments.get(r.review);
    if (map) return map;
    map = new Map();
    try {
      const copy = Game.fromPgn(annotate(r.game, r.review));
      try {
        const nodes = copy.mainlineNodes();
        for (const m of r.review.moves) {
          if (!m.judgement) continue;
          const node = nodes[m.ply - 1];
          const text = node?.commentsAfter.find((c) => c.includes(' → '));
          if (text) map.set(m.ply, text);
        }
      } finally {
        copy.dispose();
      }
    } catch {
      // (a review of another game: no comments)
    }
    this.#comments.set(r.review, map);
    return map;
  }

  /** Reviews the game's main line (the live analysis waits meanwhile). */
  async start(): Promise<void> {
    if (this.#abort) return;
    const store = this.#store;
    const game = store.game;
    const line = mainLine(game); // the main line reviewed (moves may be added meanwhile)
    const chapter = this.#keeper?.chapterOf(game);
    const source = chapter === undefined ? this.#keeper?.dbGameOf?.(game) : undefined;
    const ctl = new AbortController();
    this.#abort = ctl;
    this.#engine.reviewing = true;
    $('review-note').textContent = '';
    this.#onBusy();
    const progress = $<HTMLProgressElement>('review-progress');
    progress.value = 0;
    this.render();
    try {
      const lock = chapter ?? (source ? dbLockName(source.file, source.game) : undefined);
      const run = await withReviewLock(lock, async () => {
        const engine = await this.#engine.get();
        const review = await reviewGame(game, engine, {
          nodes: REVIEW_NODES,
          signal: ctl.signal,
          onProgress: ({ done, total }) => {
            progress.value = done / total;
            progress.textContent = `${done} / ${total}`;
          },
        });
        this.#done.set(game, { game, line, review });
        if (source) await this.#keepDb(source, line, review);
        else await this.#keep(game, chapter, line, review);
      });
      if (run.busy)
        $('review-note').textContent = source
          ? 'This game is being reviewed by the database review (here or in another tab): its review shows here when it is done.'
          : 'This game is being reviewed by the study review (here or in another tab): its review shows here when it is done.';
    } catch (e) {
      $('review-note').textContent =
        e instanceof EngineError && e.code === 'aborted'
          ? 'Review cancelled.'
          : `The review failed: ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      this.#abort = null;
      this.#engine.reviewing = false;
      this.#onBusy();
    }
  }

  // Keeps a review with the game's chapter (the one it was in when the review started, or is in now).
  async #keep(game: Game, chapter: number | undefined, line: string, review: Review): Promise<void> {
    const db = this.#keeper?.storage;
    const id = chapter ?? this.#keeper?.chapterOf(game);
    if (!db || id === undefined) return;
    try {
      await db.saveReview({ id, line, nodes: REVIEW_NODES, review, created: Date.now() });
    } catch (e) {
      $('review-note').textContent =
        `The review is shown but could not be kept: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  // Keeps a database game's review with its database file and game id.
  async #keepDb(source: { file: string; game: number }, line: string, review: Review): Promise<void> {
    const db = this.#keeper?.storage;
    if (!db) return;
    try {
      await db.saveDbReview({ ...source, line, nodes: REVIEW_NODES, review, created: Date.now() });
    } catch (e) {
      $('review-note').textContent =
        `The review is shown but could not be kept: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  /**
   * Goes to the next judged move after the current one (`dir` -1: the one before; wrapping
   * around), and brings it and the board into view.
   */
  nextMistake(dir: 1 | -1 = 1): void {
    const r = this.#current();
    if (!r) return;
    const nodes = this.#store.game.mainlineNodes();
    const judged = r.review.moves.filter((m) => m.judgement);
    const ply = this.#store.node.isMainline ? this.#store.node.ply : 0;
    const next =
      dir > 0
        ? (judged.find((m) => m.ply > ply) ?? judged[0])
        : ([...judged].reverse().find((m) => m.ply < ply) ?? judged[judged.length - 1]);
    if (!next) return;
    this.#store.goTo(nodes[next.ply - 1]!);
    revealMoveAndBoard();
  }

  #export(): void {
    const r = this.#current();
    if (!r) return;
    const text = annotate(r.game, r.review);
    const a = h('a', {
      href: URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' })),
      download: 'annotated.pgn',
    });
    document.body.append(a);
    a.click();
    a.remove();
  }

  render(): void {
    const running = this.#abort !== null;
    const r = this.#current();
    const store = this.#store;
    const reviewBtn = $<HTMLButtonElement>('review');
    reviewBtn.hidden = running;
    reviewBtn.disabled =
      store.variant === 'makruk' ||
      store.mode !== 'analysis' ||
      !store.game.root.children.length ||
      !!store.puzzle?.locked;
    reviewBtn.textContent = r ? 'Review again' : 'Review game';
    $('review-progress').hidden = !running;
    $('review-cancel').hidden = !running;
    const none = !r || !r.review.moves.some((m) => m.judgement);
    $('review-next').hidden = !r;
    $('review-prev').hidden = !r;
    $<HTMLButtonElement>('review-next').disabled = none;
    $<HTMLButtonElement>('review-prev').disabled = none;
    $('review-export').hidden = !r;
    const graph = $('eval-graph');
    const summary = $('review-summary');
    const here = $('review-current');
    graph.hidden = !r;
    summary.hidden = !r;
    if (!r) {
      graph.replaceChildren();
      summary.replaceChildren();
      here.hidden = true;
      here.replaceChildren();
      return;
    }
    this.#graph(r.review);
    this.#summary(r.review);
    this.#here();
  }

  // The current move's judgement, comment and best line beside the buttons (what "next
  // mistake" went to, in view with the board on every screen).
  #here(): void {
    const here = $('review-current');
    const judged = this.judgedMoves()?.get(this.#store.node);
    here.hidden = !judged;
    if (!judged) {
      here.replaceChildren();
      return;
    }
    const m = judged.move;
    here.replaceChildren(
      h(`span.rc-move.${m.judgement}`, null, `${moveLabel(this.#store.game, m.ply, m.san)}${GLYPH[m.judgement!]}`),
      ' ',
      h('span.rc-comment', null, judged.comment),
      m.bestLine.length
        ? h('span.rc-line.muted', null, ` Best line: ${lineText(this.#store.game, m.ply, m.bestLine)}`)
        : '',
    );
  }

  #graph(review: Review): void {
    const n = review.evals.length - 1;
    const W = Math.max(1, n);
    const y = (i: number) => 50 - 48 * winningChances(review.evals[i]!);
    const pts = review.evals.map((_, i) => `${i},${y(i).toFixed(2)}`);
    const root = svg('svg', {
      viewBox: `0 0 ${W} 100`,
      preserveAspectRatio: 'none',
      role: 'img',
      'aria-label': 'Evaluation graph: White above, Black below',
    });
    root.append(
      svg('rect', { x: 0, y: 0, width: W, height: 100, class: 'eg-black' }),
      svg('polygon', { points: `0,100 ${pts.join(' ')} ${n},100`, class: 'eg-white' }),
      svg('line', { x1: 0, y1: 50, x2: W, y2: 50, class: 'eg-mid' }),
    );
    for (const m of review.moves) {
      if (!m.judgement) continue;
      root.append(svg('line', { x1: m.ply, y1: 0, x2: m.ply, y2: 100, class: `eg-judged ${m.judgement}` }));
    }
    const node = this.#store.node;
    const ply = node.isMainline ? node.ply : null;
    if (ply !== null)
      root.append(
        svg('line', {
          x1: ply,
          y1: 0,
          x2: ply,
          y2: 100,
          class: 'eg-current',
          'data-testid': 'eval-graph-current',
          'data-ply': ply,
        }),
      );
    $('eval-graph').replaceChildren(root);
  }

  #summary(review: Review): void {
    const store = this.#store;
    const side = (key: 'white' | 'black', name: string) => {
      const acc = review.accuracy[key];
      const c = review.counts[key];
      const acpl = review.acpl[key];
      return h(
        'div.rs-side',
        { 'data-side': key },
        h('strong', null, name),
        h('span.rs-acc', { title: "lichess's game accuracy" }, acc === null ? '–' : `${Math.round(acc)}% accuracy`),
        h('span.rs-count.inaccuracy', null, plural(c.inaccuracy, 'inaccuracy', 'inaccuracies')),
        h('span.rs-count.mistake', null, plural(c.mistake, 'mistake', 'mistakes')),
        h('span.rs-count.blunder', null, plural(c.blunder, 'blunder', 'blunders')),
        h('span.rs-acpl.muted', { title: 'average centipawn loss' }, acpl === null ? '' : `${Math.round(acpl)} ACPL`),
      );
    };
    const pct = (v: number | null) => (v === null ? '–' : `${Math.round(v)}%`);
    const phases = h(
      'table.rs-phases',
      { 'data-testid': 'review-phases' },
      h('caption.small.muted', null, 'Accuracy by phase (lichess’s division)'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'Phase'),
          h('th', { scope: 'col' }, 'White'),
          h('th', { scope: 'col' }, 'Black'),
        ),
      ),
      h(
        'tbody',
        null,
        ...(
          [
            ['opening', 'Opening'],
            ['middlegame', 'Middlegame'],
            ['endgame', 'Endgame'],
          ] as const
        ).map(([k, name]) =>
          h(
            'tr',
            { 'data-phase': k },
            h('th', { scope: 'row' }, name),
            h('td', null, pct(review.phases[k].white)),
            h('td', null, pct(review.phases[k].black)),
          ),
        ),
      ),
    );
    $('review-summary').replaceChildren(
      side('white', store.game.tags.get('White') ?? 'White'),
      side('black', store.game.tags.get('Black') ?? 'Black'),
      phases,
    );
  }
}
