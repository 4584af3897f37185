// The engine panel: on/off, the evaluation (number and the bar beside the board), depth,
// the best 1-5 lines in SAN, and the best move as an arrow on the board (a drop: the piece
// drawn on its square). It follows the current position and stops when switched off or in
// the editor. Stockfish analyses standard chess and Chess960, Fairy-Stockfish the variants
// (Makruk and the seven lichess variants, its UCI_Variant set from the position) on a
// cross-origin isolated page, stockfish.js 10 the lichess variants on a page without the
// headers (see docs/board.md). The settings (lines, search time, threads,
// hash) are kept across reloads; the engine's name, the variant it plays, its threads and
// speed are shown below the lines. The engines speak UCI; the package turns their moves into
// SAN, and a move it refuses ends the line there.
import type { Outcome, Position, Variant } from 'chesswasm';
import { type Analysis, type EngineLine, type Snapshot, winningChances } from 'chesswasm/engine';
import { type BoardEngine, HASH_SIZES, engineKind, maxThreads, saveSettings } from '../engine.js';
import { ROLE_OF } from '../pieces.js';
import { $, h, on } from '../dom.js';
import { type Store, moveNumber } from '../store.js';
import type { BoardView, Key } from './board.js';
import type { DrawShape } from '@lichess-org/chessground/draw';

const MAX_PV_MOVES = 12;
/** Lila stops at depth 99: deeper iterations (a forced mate reaches 245) tell nothing new. */
const MAX_DEPTH = 99;

/** How a finished game ended, in a few words (the variants' own endings named). */
export function endingText(outcome: Outcome, variant: Variant): string {
  if (!outcome.winner) return 'draw';
  if (outcome.termination === 'CHECKMATE') return 'checkmate';
  const why: Partial<Record<Variant, string>> = {
    atomic: 'king exploded',
    kingofthehill: 'king on the hill',
    '3check': 'third check',
    racingkings: 'king reached rank 8',
    horde: 'horde captured',
    antichess: 'no pieces or moves left',
  };
  return why[variant] ?? 'game over';
}

/** A line's score as text from White's point of view: `+0.32`, `−1.50`, `#3`, `#-2`. */
export function scoreText(l: EngineLine): string {
  return l.score.white().toString().replace(/^-/, '−');
}

export class EngineView {
  #store: Store;
  #board: BoardView;
  #engine: BoardEngine;
  #on = false;
  #jobKey = '';
  #analysis: Analysis | null = null;
  #snapshot: Snapshot | null = null;
  #pos: { fen: string } | null = null;
  #frame = 0;
  #name = '';
  #failure = '';
  #variant = '';
  #threads = 1;

  constructor(store: Store, board: BoardView, engine: BoardEngine) {
    this.#store = store;
    this.#board = board;
    this.#engine = engine;
    on('engine-toggle', 'click', (e) => {
      this.toggle();
      // Clicked with the mouse: the keys go to the board again (space plays the engine's
      // move, instead of pressing this button once more). From the keyboard the focus stays.
      if ((e as MouseEvent).detail > 0) $('board').focus({ preventScroll: true });
    });
    const threads = $<HTMLSelectElement>('engine-threads');
    for (let i = 1; i <= maxThreads(); i++) threads.append(h('option', { value: String(i) }, String(i)));
    threads.disabled = maxThreads() === 1;
    $('engine-hash').append(...HASH_SIZES.map((mb) => h('option', { value: String(mb) }, `${mb} MB`)));
    const set = engine.settings;
    const fields: [string, keyof typeof set][] = [
      ['engine-multipv', 'multipv'],
      ['engine-time', 'seconds'],
      ['engine-threads', 'threads'],
      ['engine-hash', 'hash'],
    ];
    for (const [id, k] of fields) {
      $<HTMLSelectElement>(id).value = String(set[k]);
      on(id, 'change', () => {
        set[k] = Number($<HTMLSelectElement>(id).value);
        saveSettings(set);
        this.#jobKey = '';
        this.render();
      });
    }
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
    if (this.#on) this.#failure = '';
    if (!this.#on) this.#stop();
    this.render();
  }

  #stop(): void {
    this.#analysis?.stop();
    this.#analysis = null;
    this.#jobKey = '';
  }

  /** Follows the store: analyses the current position, or stops. */
  render(): void {
    const store = this.#store;
    const missing = this.#engine.unavailable(store.variant);
    const btn = $('engine-toggle');
    btn.setAttribute('aria-pressed', String(this.#on));
    btn.textContent = this.#on ? 'Engine on' : 'Engine off';
    const reviewing = this.#engine.reviewing;
    const available = !missing && store.mode === 'analysis' && !store.puzzle?.locked && !reviewing;
    $('engine-note').textContent = missing
      ? missing
      : this.#failure && !this.#on
        ? this.#failure
        : store.puzzle?.locked
          ? 'The engine waits until the puzzle is solved.'
          : store.mode === 'editor'
            ? 'The engine waits until you continue from the edited position.'
            : reviewing && this.#on
              ? 'The engine is reviewing the game.'
              : '';
    document.body.classList.toggle('engine-on', this.#on && available);
    if (!this.#on || !available) {
      this.#stop();
      this.#snapshot = null;
      this.#board.setLayer('engine', []);
      $('engine-eval').textContent = this.#on && !available ? '–' : '';
      $('engine-depth').textContent = '';
      $('engine-lines').replaceChildren();
      // No engine runs: no credit line (it would name the last one, maybe another variant's).
      this.#name = '';
      this.#variant = '';
      $('engine-info').textContent = '';
      this.#bar(null);
      return;
    }
    const pos = store.position;
    const { multipv, seconds, threads, hash } = this.#engine.settings;
    const key = JSON.stringify([
      store.game.rootFen,
      store.node.path().map((n) => n.uci),
      store.variant,
      multipv,
      seconds,
      threads,
      hash,
    ]);
    if (key === this.#jobKey) return;
    this.#stop();
    this.#jobKey = key;
    this.#pos = { fen: pos.fen() };
    this.#snapshot = null;
    const outcome = pos.outcome();
    if (outcome) {
      // Nothing to search: mate or a draw on the board.
      $('engine-eval').textContent = outcome.winner ? (outcome.winner === 'w' ? '1-0' : '0-1') : '½-½';
      $('engine-depth').textContent = endingText(outcome, store.variant);
      $('engine-lines').replaceChildren();
      this.#board.setLayer('engine', []);
      this.#bar(outcome.winner === 'w' ? 1 : outcome.winner === 'b' ? -1 : 0);
      return;
    }
    $('engine-eval').textContent = '…';
    $('engine-depth').textContent = this.#engine.started(store.variant) ? 'searching' : 'loading the engine';
    $('engine-lines').replaceChildren();
    void this.#run(key, pos.clone(), multipv, seconds);
  }

  async #run(key: string, pos: Position, multipv: number, seconds: number): Promise<void> {
    try {
      const engine = await this.#engine.get(pos.variant);
      if (key !== this.#jobKey) return;
      this.#name = engine.name.replace(/\s*\[.*\]/, ''); // Fairy-Stockfish's build details in brackets are left out
      // The rules Fairy-Stockfish plays (its UCI_Variant, set from the position by the package).
      this.#variant = engineKind(pos.variant) === 'stockfish' ? '' : pos.variant;
      this.#threads = this.#engine.threads();
      this.#info(0);
      // A search time (lichess's default is a few seconds), or until the position changes.
      const a = engine.analysis(pos, {
        multipv: Math.min(multipv, pos.legalMoves().length || 1),
        ...(seconds > 0 ? { movetime: seconds * 1000 } : {}),
      });
      this.#analysis = a;
      for await (const s of a) {
        if (key !== this.#jobKey) break;
        if (s.depth >= MAX_DEPTH) a.stop();
        this.#snapshot = s;
        // At most about five redraws a second (the engine reports far more often).
        if (!this.#frame) this.#frame = window.setTimeout(() => this.#show(), 200);
      }
      await a.done;
      if (key === this.#jobKey) {
        window.clearTimeout(this.#frame);
        this.#show();
        const d = $('engine-depth');
        if (this.#snapshot) d.append(h('span.engine-speed', null, ' · done'));
      }
    } catch (e) {
      if (key !== this.#jobKey) return;
      this.#on = false;
      this.#jobKey = '';
      // Kept until the engine is switched on again (render() would clear a note set here).
      this.#failure = `The engine stopped: ${e instanceof Error ? e.message : String(e)}`;
      this.render();
    } finally {
      pos.dispose();
    }
  }

  /** The engine's name, threads and speed (nodes per second, once it reported one). */
  #info(nps: number): void {
    const threads = `${this.#threads} ${this.#threads === 1 ? 'thread' : 'threads'}`;
    $('engine-info').textContent = [this.#name, this.#variant, threads, nps ? `${Math.round(nps / 1000)} kn/s` : '']
      .filter(Boolean)
      .join(' · ');
  }

  #bar(chances: number | null): void {
    const fill = $('eval-fill');
    const white = chances === null ? 0.5 : (chances + 1) / 2;
    fill.style.height = `${(white * 100).toFixed(1)}%`;
    $('eval-bar').classList.toggle('idle', chances === null);
  }

  #show(): void {
    this.#frame = 0;
    const r = this.#snapshot;
    const at = this.#pos;
    if (!r || !at || !this.#on) return;
    const pos = this.#store.position;
    if (pos.fen() !== at.fen) return; // moved on: a newer search is coming
    const best = r.lines[0];
    if (!best) return;
    $('engine-eval').textContent = scoreText(best);
    const depth = $('engine-depth');
    // The snapshot's depth (the lowest of its lines); a forced mate's search is cut at 99.
    depth.textContent = `depth ${Math.min(r.depth, MAX_DEPTH)}`;
    if (best.nps) depth.append(h('span.engine-speed', null, ` · ${Math.round(best.nps / 1000)} kn/s`));
    this.#info(best.nps ?? 0);
    const white = best.score.white();
    this.#bar(white.mate !== undefined ? (white.isMated() ? -1 : 1) : winningChances(white));
    const game = this.#store.game;
    const node = this.#store.node;
    const rows = r.lines.map((l) => {
      const row = h('div.pv', { 'data-testid': 'engine-line' }, h('strong.pv-score', null, scoreText(l)));
      const moves = h('span.pv-moves');
      let ply = node.ply;
      l.san.slice(0, MAX_PV_MOVES).forEach((s, i) => {
        ply++;
        const white = (pos.turn === 'w') === (i % 2 === 0);
        const { number } = moveNumber(game, { ply });
        if (white || i === 0) moves.append(h('span.num', null, white ? `${number}.` : `${number}…`));
        moves.append(
          h(
            'span.pv-move',
            { 'data-pv': l.pv.slice(0, i + 1).join(' '), role: 'button', title: 'Play the line up to here' },
            s,
          ),
          ' ',
        );
      });
      row.append(moves);
      return row;
    });
    $('engine-lines').replaceChildren(...rows);
    this.#board.setLayer('engine', best.pv[0] ? bestMoveShapes(best.pv[0], pos.turn) : []);
  }
}

/** The best move on the board: an arrow, or for a drop (`N@f3`) the piece on its square, ringed. */
export function bestMoveShapes(uci: string, turn: 'w' | 'b'): DrawShape[] {
  // The package writes a drop as `N@f3` (the piece letter upper case, as UCI engines do).
  const drop = /^([PNBRQ])@([a-h][1-8])$/.exec(uci);
  if (drop) {
    const to = drop[2] as Key;
    const piece = {
      role: ROLE_OF[drop[1]!.toLowerCase()]!,
      color: turn === 'w' ? 'white' : 'black',
      scale: 0.8,
    } as const;
    return [
      { orig: to, brush: 'paleBlue' },
      { orig: to, brush: 'paleBlue', piece },
    ];
  }
  return [{ orig: uci.slice(0, 2) as Key, dest: uci.slice(2, 4) as Key, brush: 'paleBlue' }];
}
