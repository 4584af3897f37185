// The URL hash keeps what is on the board, so that a link shares it:
//   #fen=FEN[&variant=V]            a position (no moves yet)
//   #pgn=PGN&node=0.1.0             a game (with comments, arrows and clocks) and the current
//                                   move: the child indices from the root (&ply=N also works)
//   #puzzle=LINE[&variant=V]        a puzzle, as typed (a lichess row, or FEN + solution)
//   #variant=V                      the start position of a variant
// The same parameters in the query string (`?variant=atomic&fen=…`) are read when the page
// has no hash. A variant is any name the package's parseVariant reads: ours (`3check`) and
// lichess's keys and names (`threeCheck`, `kingOfTheHill`, `Racing Kings`, `zh`, …).
import { Game, PgnError, type Variant, parseVariant } from 'chesswasm';
import { $ } from './dom.js';
import { START, type Store } from './store.js';
import { pgnErrorText } from './views/pgn.js';

export interface UrlHooks {
  /** The running puzzle's line, or null. */
  puzzle(): { text: string; variant: Variant } | null;
  /** Starts a puzzle from its line; false if refused. */
  startPuzzle(text: string, variant: Variant): boolean;
  /** Loads a FEN (false if refused). */
  loadFen(fen: string): boolean;
}

export class UrlState {
  #store: Store;
  #hooks: UrlHooks;
  #timer = 0;
  #last = '';

  constructor(store: Store, hooks: UrlHooks) {
    this.#store = store;
    this.#hooks = hooks;
    window.addEventListener('hashchange', () => this.load());
  }

  /** The hash for the current state. */
  hash(): string {
    const store = this.#store;
    const params = new URLSearchParams();
    const puzzle = this.#hooks.puzzle();
    if (puzzle) {
      params.set('puzzle', puzzle.text);
      if (puzzle.variant !== 'chess') params.set('variant', puzzle.variant);
    } else if (store.game.root.children.length) {
      params.set('pgn', store.pgn());
      params.set(
        'node',
        store.node
          .path()
          .map((n) => n.parent!.children.indexOf(n))
          .join('.'),
      );
    } else {
      params.set('fen', store.game.rootFen);
      if (store.variant !== 'chess') params.set('variant', store.variant);
    }
    return '#' + params.toString();
  }

  /** The shareable link of what is on the board. */
  link(): string {
    return location.origin + location.pathname + this.hash();
  }

  /** Writes the hash soon (changes come in bursts). */
  save(): void {
    window.clearTimeout(this.#timer);
    this.#timer = window.setTimeout(() => {
      if (this.#store.mode === 'editor') return;
      let hash;
      try {
        hash = this.hash();
      } catch {
        return; // a value the PGN writer refuses (it says why on export)
      }
      this.#last = hash;
      // The hash holds the state from now on: a query string that opened the page is dropped.
      if (location.hash !== hash || location.search) history.replaceState(null, '', location.pathname + hash);
    }, 150);
  }

  /** Restores the state from the hash (at start, and when the user edits the URL). */
  load(): void {
    const text = location.hash ? location.hash.slice(1) : location.search.slice(1);
    if (!text || (location.hash && location.hash === this.#last)) return;
    const store = this.#store;
    const params = new URLSearchParams(text);
    const key = params.get('variant');
    const variant = key === null ? 'chess' : parseVariant(key);
    if (!variant) {
      $('fen-error').textContent = `Unknown variant in the link: ${key}`;
      return;
    }
    const puzzle = params.get('puzzle');
    const pgn = params.get('pgn');
    const fen = params.get('fen');
    if (puzzle) {
      this.#hooks.startPuzzle(puzzle, variant);
    } else if (pgn) {
      let game: Game;
      try {
        game = Game.fromPgn(pgn);
      } catch (e) {
        if (!(e instanceof PgnError)) throw e;
        $('pgn-error').textContent = pgnErrorText(e);
        return;
      }
      let n = game.root;
      const path = params.get('node');
      if (params.has('ply')) for (let k = Number(params.get('ply')); k > 0 && n.children[0]; k--) n = n.children[0];
      else if (path) for (const i of path.split('.')) n = n.children[Number(i)] ?? n;
      store.setGame(game, n);
    } else if (fen) {
      $<HTMLSelectElement>('variant').value = variant;
      if (!this.#hooks.loadFen(fen)) $<HTMLInputElement>('fen').value = fen;
    } else if (key !== null) {
      store.newGame(START[variant], variant); // a variant alone: its start position (lichess's /analysis/horde)
    }
  }
}
