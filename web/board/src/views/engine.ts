// The engine panel: on/off, the evaluation (number and the bar beside the board), depth,
// the best 1-3 lines in SAN, and the best move as an arrow on the board. It follows the
// current position and stops when switched off, in the editor, or for Makruk (no
// single-threaded Fairy-Stockfish build on npm: see docs/board.md). The engine speaks UCI;
// the package turns its moves into SAN, and a move it refuses ends the line there.
import { IllegalMoveError, type Position } from 'chesswasm';
import { Engine, type EngineLine, type EngineReport } from '../engine.js';
import { $, h, on } from '../dom.js';
import { type Store, moveNumber } from '../store.js';
import type { BoardView, Key } from './board.js';

const MAX_PV_MOVES = 12;

/** White's winning chances in [-1, 1] from centipawns (a logistic curve, as lichess draws its bar). */
export function winningChances(cp: number): number {
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** A line's score as text from White's point of view: `+0.32`, `#3`, `#-2`. */
export function scoreText(l: EngineLine, whiteToMove: boolean): string {
  const sign = whiteToMove ? 1 : -1;
  if (l.mate !== null) return `#${sign * l.mate}`;
  const p = (sign * (l.cp ?? 0)) / 100;
  return `${p > 0 ? '+' : p < 0 ? '−' : ''}${Math.abs(p).toFixed(2)}`;
}

/** The UCI moves of a line as SAN from `pos` (checked by the package; stops at a refused move). */
export function pvToSan(pos: Position, pv: readonly string[], max = MAX_PV_MOVES): { san: string[]; uci: string[] } {
  using p = pos.clone();
  const san: string[] = [];
  const uci: string[] = [];
  for (const u of pv.slice(0, max)) {
    let m;
    try {
      m = p.parseUci(u);
    } catch (e) {
      if (e instanceof IllegalMoveError) break;
      throw e;
    }
    san.push(p.san(m));
    uci.push(u);
    p.play(m);
  }
  return { san, uci };
}

export class EngineView {
  #store: Store;
  #board: BoardView;
  #engine = new Engine();
  #on = false;
  #jobKey = '';
  #jobId = 0;
  #report: EngineReport | null = null;
  #pos: { fen: string; white: boolean } | null = null;
  #frame = 0;

  constructor(store: Store, board: BoardView) {
    this.#store = store;
    this.#board = board;
    this.#engine.onReport = (r) => {
      if (r.id !== this.#jobId) return;
      this.#report = r;
      // At most about five redraws a second (the engine reports far more often).
      if (!this.#frame) this.#frame = window.setTimeout(() => this.#show(), r.done ? 0 : 200);
    };
    this.#engine.onReady = (name) => {
      $('engine-name').textContent = name;
    };
    this.#engine.onError = (message) => {
      this.#on = false;
      $('engine-note').textContent = `The engine could not start: ${message}`;
      this.render();
    };
    on('engine-toggle', 'click', () => this.toggle());
    on('engine-multipv', 'change', () => {
      this.#jobKey = '';
      this.render();
    });
    // On mousedown: the lines are redrawn as the search deepens, and a click's element could
    // be gone by mouseup.
    $('engine-lines').addEventListener('mousedown', (e) => {
      const t = (e.target as HTMLElement).closest<HTMLElement>('[data-pv]');
      if (!t || e.button !== 0 || store.puzzle?.locked) return;
      e.preventDefault();
      // Plays the line up to the clicked move.
      const moves = t.dataset.pv!.split(' ');
      store.batch(() => {
        for (const u of moves) store.play(u);
      });
    });
  }

  get on(): boolean {
    return this.#on;
  }

  toggle(force?: boolean): void {
    this.#on = force ?? !this.#on;
    if (!this.#on) {
      this.#engine.stop();
      this.#jobKey = '';
    }
    this.render();
  }

  /** Follows the store: analyses the current position, or stops. */
  render(): void {
    const store = this.#store;
    const makruk = store.variant === 'makruk';
    const btn = $('engine-toggle');
    btn.setAttribute('aria-pressed', String(this.#on));
    btn.textContent = this.#on ? 'Engine on' : 'Engine off';
    const available = !makruk && store.mode === 'analysis' && !store.puzzle?.locked;
    $('engine-note').textContent = makruk
      ? 'No engine for Makruk: the Fairy-Stockfish builds on npm need SharedArrayBuffer (COOP/COEP headers).'
      : store.puzzle?.locked
        ? 'The engine waits until the puzzle is solved.'
        : store.mode === 'editor'
          ? 'The engine waits until you continue from the edited position.'
          : '';
    document.body.classList.toggle('engine-on', this.#on && available);
    if (!this.#on || !available) {
      this.#engine.stop();
      this.#jobKey = '';
      this.#report = null;
      this.#board.setLayer('engine', []);
      $('engine-eval').textContent = this.#on && !available ? '–' : '';
      $('engine-depth').textContent = '';
      $('engine-lines').replaceChildren();
      this.#bar(null);
      return;
    }
    const game = store.game;
    const path = store.node.path();
    const hasNull = path.some((n) => n.isNull);
    const multiPv = Number($<HTMLSelectElement>('engine-multipv').value) || 1;
    const job = {
      rootFen: hasNull ? store.position.fen() : game.rootFen,
      moves: hasNull ? [] : path.map((n) => n.uci),
      chess960: store.variant === 'chess960',
      multiPv,
    };
    const key = JSON.stringify(job);
    if (key === this.#jobKey) return;
    this.#jobKey = key;
    const pos = store.position;
    this.#pos = { fen: pos.fen(), white: pos.turn === 'w' };
    this.#report = null;
    if (pos.outcome()) {
      // Nothing to search: mate or a draw on the board.
      this.#engine.stop();
      const o = pos.outcome()!;
      $('engine-eval').textContent = o.winner ? (o.winner === 'w' ? '1-0' : '0-1') : '½-½';
      $('engine-depth').textContent = o.termination === 'CHECKMATE' ? 'checkmate' : 'draw';
      $('engine-lines').replaceChildren();
      this.#board.setLayer('engine', []);
      this.#bar(o.winner === 'w' ? 1 : o.winner === 'b' ? -1 : 0);
      return;
    }
    $('engine-eval').textContent = '…';
    $('engine-depth').textContent = this.#engine.running ? 'searching' : 'loading the engine';
    $('engine-lines').replaceChildren();
    this.#jobId = this.#engine.analyse(job);
  }

  #bar(chances: number | null): void {
    const fill = $('eval-fill');
    const white = chances === null ? 0.5 : (chances + 1) / 2;
    fill.style.height = `${(white * 100).toFixed(1)}%`;
    $('eval-bar').classList.toggle('idle', chances === null);
  }

  #show(): void {
    this.#frame = 0;
    const r = this.#report;
    const at = this.#pos;
    if (!r || !at || !this.#on) return;
    const pos = this.#store.position;
    if (pos.fen() !== at.fen) return; // moved on: a newer search is coming
    const best = r.lines[0];
    if (!best) return;
    $('engine-eval').textContent = scoreText(best, at.white);
    const depth = $('engine-depth');
    depth.textContent = `depth ${best.depth}`;
    if (r.nps) depth.append(h('span.engine-speed', null, ` · ${Math.round(r.nps / 1000)} kn/s`));
    const sign = at.white ? 1 : -1;
    this.#bar(best.mate !== null ? Math.sign(sign * best.mate) : winningChances(sign * (best.cp ?? 0)));
    const game = this.#store.game;
    const node = this.#store.node;
    const rows = r.lines.map((l) => {
      const { san, uci } = pvToSan(pos, l.pv);
      const row = h('div.pv', { 'data-testid': 'engine-line' }, h('strong.pv-score', null, scoreText(l, at.white)));
      const moves = h('span.pv-moves');
      let ply = node.ply;
      san.forEach((s, i) => {
        ply++;
        const white = (pos.turn === 'w') === (i % 2 === 0);
        const { number } = moveNumber(game, { ply });
        if (white || i === 0) moves.append(h('span.num', null, white ? `${number}.` : `${number}…`));
        moves.append(h('span.pv-move', { 'data-pv': uci.slice(0, i + 1).join(' '), role: 'button', title: 'Play the line up to here' }, s), ' ');
      });
      row.append(moves);
      return row;
    });
    $('engine-lines').replaceChildren(...rows);
    const first = best.pv[0];
    this.#board.setLayer('engine', first ? [{ orig: first.slice(0, 2) as Key, dest: first.slice(2, 4) as Key, brush: 'paleBlue' }] : []);
  }
}
