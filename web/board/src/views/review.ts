// The game review, like lichess's computer analysis: "Review game" evaluates every position of
// the main line with the board's Stockfish (the package's reviewGame), with a progress bar and
// a cancel; then an evaluation graph (click to go to a move, the current move marked), each
// side's accuracy and counts, "next mistake", the judged moves marked in the move list, and
// the annotated PGN (the package's annotate) to download.
import type { Game, GameNode } from 'chesswasm';
import { EngineError, type Judgement, type Review, annotate, reviewGame, winningChances } from 'chesswasm/engine';
import type { BoardEngine } from '../engine.js';
import { $, h, on } from '../dom.js';
import type { Store } from '../store.js';

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

export class ReviewView {
  #store: Store;
  #engine: BoardEngine;
  /** The review, the game it is of and that game's main line when it was made. */
  #done: { game: Game; line: string; review: Review } | null = null;
  #abort: AbortController | null = null;
  #onBusy: () => void;

  constructor(store: Store, engine: BoardEngine, onBusy: () => void) {
    this.#store = store;
    this.#engine = engine;
    this.#onBusy = onBusy;
    on('review', 'click', () => void this.start());
    on('review-cancel', 'click', () => this.#abort?.abort());
    on('review-next', 'click', () => this.nextMistake());
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
  #current(): { game: Game; line: string; review: Review } | null {
    const d = this.#done;
    const game = this.#store.game;
    return d && d.game === game && d.line === game.mainline().join(' ') ? d : null;
  }

  /** Reviews the game's main line (the live analysis waits meanwhile). */
  async start(): Promise<void> {
    if (this.#abort) return;
    const store = this.#store;
    const game = store.game;
    const line = game.mainline().join(' '); // the main line reviewed (moves may be added meanwhile)
    const ctl = new AbortController();
    this.#abort = ctl;
    this.#engine.reviewing = true;
    $('review-note').textContent = '';
    this.#onBusy();
    const progress = $<HTMLProgressElement>('review-progress');
    progress.value = 0;
    this.render();
    try {
      const engine = await this.#engine.get();
      const review = await reviewGame(game, engine, {
        nodes: REVIEW_NODES,
        signal: ctl.signal,
        onProgress: ({ done, total }) => {
          progress.value = done / total;
          progress.textContent = `${done} / ${total}`;
        },
      });
      this.#done = { game, line, review };
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

  /** Goes to the next judged move after the current one (from the start after the last). */
  nextMistake(): void {
    const r = this.#current();
    if (!r) return;
    const nodes = this.#store.game.mainlineNodes();
    const judged = r.review.moves.filter((m) => m.judgement);
    const ply = this.#store.node.isMainline ? this.#store.node.ply : 0;
    const next = judged.find((m) => m.ply > ply) ?? judged[0];
    if (next) this.#store.goTo(nodes[next.ply - 1]!);
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
    $('review-next').hidden = !r || running;
    $('review-export').hidden = !r || running;
    const graph = $('eval-graph');
    const summary = $('review-summary');
    graph.hidden = !r;
    summary.hidden = !r;
    if (!r) {
      graph.replaceChildren();
      summary.replaceChildren();
      return;
    }
    this.#graph(r.review);
    this.#summary(r.review);
    this.#markMoves(r.review);
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
    $('review-summary').replaceChildren(
      side('white', store.game.tags.get('White') ?? 'White'),
      side('black', store.game.tags.get('Black') ?? 'Black'),
    );
  }

  // The main line's moves in the move list, marked with their judgement.
  #markMoves(review: Review): void {
    const els = document.querySelectorAll<HTMLElement>('#moves .move.main');
    const nodes: GameNode[] = this.#store.game.mainlineNodes();
    els.forEach((el, i) => {
      const m = review.moves[i];
      if (!m || el.dataset.uci !== nodes[i]?.uci || !m.judgement) return;
      el.classList.add('judged', m.judgement);
      el.dataset.judgement = m.judgement;
      el.title = `${m.judgement[0]!.toUpperCase()}${m.judgement.slice(1)}${m.best ? `: ${m.best} was best` : ''}`;
      if (!nodes[i]!.nags.length) el.append(h('span.judgement', null, GLYPH[m.judgement]));
    });
  }
}
