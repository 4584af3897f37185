// The analysis board. Every rule (legal moves, check, outcome, notation, hashing, PGN,
// comment commands, puzzle verdicts) comes from the chesswasm package; this app holds one
// store of state (store.ts) and small views, each in its own file (views/), redrawn from
// the store after every change. This file builds them and wires the toolbar, navigation and
// keyboard.
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';
import './style.css';
import { type GameNode, IllegalMoveError, type Variant } from 'chesswasm';
import { $, on } from './dom.js';
import { Keyboard } from './keyboard.js';
import { installOffline } from './offline.js';
import { mountPanels, registerPanel, showPanel } from './panels.js';
import { installMakrukPieces } from './pieces.js';
import { playMoveSound, setSoundEnabled, soundEnabled } from './sound.js';
import { START, Store, VARIANT_NAMES, lineEnd } from './store.js';
import { UrlState } from './url.js';
import { BoardView } from './views/board.js';
import { BookView, bookPanel } from './views/book.js';
import { TablebaseView, tablebasePanel } from './views/tablebase.js';
import { ExplorerView, explorerPanel } from './views/explorer.js';
import { Chess960View, chess960Panel } from './views/chess960.js';
import { EditorView } from './views/editor.js';
import { BoardEngine } from './engine.js';
import { EngineView } from './views/engine.js';
import { FenView } from './views/fen.js';
import { HeaderView } from './views/header.js';
import { type MoveJudgement, MovesView } from './views/moves.js';
import { OpeningView } from './views/opening.js';
import { PerftView, perftPanel } from './views/perft.js';
import { PgnView } from './views/pgn.js';
import { PuzzlesView, puzzlePanel } from './views/puzzles.js';
import { type ReviewKeeper, ReviewView, lineText } from './views/review.js';
import { ReviewQueue } from './views/review-queue.js';
import { DbReviewQueue } from './views/db-review-queue.js';
import { TreeMenuView, splitGlyph } from './views/tree-menu.js';
import { LearnView, learnPanel } from './views/learn.js';
import { DrillView, drillPanel } from './views/drill.js';
import { MoveStrip } from './views/strip.js';
import { StudiesView, download } from './views/studies.js';

installMakrukPieces();

// The variant picker: every rule set of the package, in lichess's order (store.ts).
$<HTMLSelectElement>('variant').replaceChildren(
  ...VARIANT_NAMES.map(([value, name]) => {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = name;
    return option;
  }),
);

const store = new Store();
const studies = new StudiesView(store, { beforeOpen: () => pgn.forgetGames() });

// The tools beside the board, as tabs (the move list and the engine stay in view); the studies
// first, where a user looks first. A new tool: registerPanel + its view below.
registerPanel({ id: 'studies', title: 'Studies', content: studies.element });
registerPanel({ id: 'pgn', title: 'PGN · FEN', content: $('pgn-fen') });
registerPanel({ id: 'review', title: 'Review', content: $('review-panel') });
registerPanel(learnPanel);
registerPanel(drillPanel);
registerPanel(puzzlePanel);
registerPanel(bookPanel);
registerPanel(explorerPanel);
registerPanel(tablebasePanel);
registerPanel(perftPanel);
registerPanel(chess960Panel);
mountPanels($('tools'));
$('game-header').before(studies.scratchElement); // the prompt for a game kept in no study yet
const board = new BoardView(store);
const moves = new MovesView(store);
const header = new HeaderView(store);
const pgn = new PgnView(store);
const stockfish = new BoardEngine();
const engine = new EngineView(store, board, stockfish);
// Reviews are kept with a study chapter, or for a game opened from the Explorer, with its database game.
let explorerRef: ExplorerView | null = null;
const keeper: ReviewKeeper = {
  chapterOf: (g) => studies.chapterOf(g),
  dbGameOf: (g) => explorerRef?.sourceOf(g),
  get storage() {
    return studies.storage;
  },
};
const review = new ReviewView(store, stockfish, () => render(), keeper);
const queue = new ReviewQueue(store, studies, stockfish, review);
const drill = new DrillView(store, board, studies, review, stockfish);
$('puzzle-bar').after(drill.bar);
const learn = new LearnView(
  store,
  stockfish,
  () => review.judgedMoves(),
  (fen, moves, label) => drill.addPuzzle(fen, moves, label),
  studies,
);
moves.judgements = () => {
  if (learn.solving) return null; // the answer stays hidden while it is looked for
  const judged = review.judgedMoves();
  if (!judged) return null;
  const out = new Map<GameNode, MoveJudgement>();
  for (const [node, { move, comment }] of judged)
    out.set(node, {
      judgement: move.judgement!,
      comment,
      best: move.best,
      line: move.bestLine.length ? lineText(store.game, move.ply, move.bestLine) : '',
    });
  return out;
};
const editor = new EditorView(store, board);
const puzzles = new PuzzlesView(store, board);
const book = new BookView(store, board);
const tablebase = new TablebaseView(store);
const explorer = new ExplorerView(store, board, {
  beforeOpen: (game) => {
    pgn.forgetGames();
    studies.markCopy(game);
  },
  deleted: (file) => {
    // A deleted database's file may hold a new database later: its reviews and queue go with it.
    void studies.storage?.removeDbReviews(file).catch(() => undefined);
    void dbQueue.forget(file);
  },
});
explorerRef = explorer;
const dbQueue = new DbReviewQueue(store, () => studies.storage, studies.started, stockfish, review, explorer);
new PerftView(store);
const opening = new OpeningView(store);
const treeMenu = new TreeMenuView(store);
installOffline();
const keyboard = new Keyboard(store);
const strip = new MoveStrip(store);
document.querySelector('.board-row')!.after(strip.el);
pgn.onImported = (games) => void studies.addImported(games, $<HTMLSelectElement>('pgn-target').value);
pgn.onFile = (file) => void studies.importFile(file, $<HTMLSelectElement>('pgn-target').value);
pgn.onBigText = (text, progress) =>
  studies.importText(text, 'Pasted PGN', progress, $<HTMLSelectElement>('pgn-target').value);
studies.targetSelect($<HTMLSelectElement>('pgn-target'));
pgn.downloadAll = async () => {
  if (studies.openChapters < 2) return false;
  const out = await studies.studyPgn();
  if (!out) return false;
  download(`${out.name}.pgn`, out.text);
  return true;
};

/**
 * Asks before a new start drops the moves of the game: only when nothing keeps them (a chapter
 * or an unsaved game the studies keep until the user decides, the PGN list, a puzzle).
 */
function confirmDrop(what = 'Starting a new game'): boolean {
  if (!store.hasMoves || store.games.includes(store.game) || store.puzzle || studies.keeps(store.game)) return true;
  return window.confirm(`${what} drops the moves of this game. Continue?`);
}

new Chess960View(store, () => confirmDrop('Starting a Chess960 position'));

const url: UrlState = new UrlState(store, {
  puzzle: () => {
    const spec = puzzles.current;
    return spec ? { text: spec.text, variant: spec.variant } : null;
  },
  startPuzzle: (text, variant) => {
    $<HTMLTextAreaElement>('puzzle-input').value = text;
    $<HTMLSelectElement>('variant').value = variant;
    showPanel('puzzle');
    return puzzles.load(text);
  },
  loadFen: (f: string): boolean => fen.load(f),
});
const fen: FenView = new FenView(store, (): string => url.link());

// ---- redraw -----------------------------------------------------------------------------------

function render(): void {
  const node = store.node;
  const locked = !!store.puzzle?.locked;
  const editing = store.mode === 'editor';
  editor.render(); // first: leaving the editor hands the board back
  puzzles.render(); // may end a puzzle whose game was replaced
  board.render();
  moves.render();
  header.render();
  fen.render();
  pgn.render();
  engine.render();
  review.render();
  queue.render();
  learn.render();
  drill.render();
  book.render();
  tablebase.render();
  explorer.render();
  opening.render();
  treeMenu.render();
  strip.render();
  keyboard.render();
  $<HTMLButtonElement>('nav-start').disabled = !node.parent || locked;
  $<HTMLButtonElement>('nav-prev').disabled = !node.parent || locked;
  $<HTMLButtonElement>('nav-next').disabled = !node.children.length || locked;
  $<HTMLButtonElement>('nav-end').disabled = !node.children.length || locked;
  $<HTMLButtonElement>('undo').disabled = !node.parent || locked;
  $<HTMLButtonElement>('delete').disabled = !node.parent || locked;
  $<HTMLButtonElement>('edit-undo').disabled = !store.canUndoEdit;
  $<HTMLButtonElement>('edit-redo').disabled = !store.canRedoEdit;
  $<HTMLButtonElement>('promote').disabled = node.isMainline || locked;
  $<HTMLButtonElement>('new-game').disabled = editing;
  const comment = $<HTMLTextAreaElement>('comment');
  if (document.activeElement !== comment) comment.value = node.commentsAfter.join(' ');
  comment.disabled = locked;
  $<HTMLInputElement>('move-input').disabled = editing;
  clearMoveError();
  url.save();
}
store.on('change', render);
store.on('move', (node) => playMoveSound(node.san));

// ---- navigation -------------------------------------------------------------------------------

function navigate(action: string): void {
  const node = store.node;
  switch (action) {
    case 'prev':
      if (node.parent) store.goTo(node.parent);
      break;
    case 'next':
      if (node.children[0] && store.goTo(node.children[0])) playMoveSound(store.node.san);
      break;
    case 'start':
      store.goTo(store.game.root);
      break;
    case 'end':
      store.goTo(lineEnd(node));
      break;
    case 'up':
    case 'down': {
      const siblings = node.parent ? node.parent.children : [node];
      const next = siblings[siblings.indexOf(node) + (action === 'up' ? -1 : 1)];
      if (next) store.goTo(next);
      break;
    }
  }
}

on('nav-start', 'click', () => navigate('start'));
on('nav-prev', 'click', () => navigate('prev'));
on('nav-next', 'click', () => navigate('next'));
on('nav-end', 'click', () => navigate('end'));
on('undo', 'click', () => store.undo());
on('delete', 'click', () => store.deleteFromHere());
on('edit-undo', 'click', () => store.undoEdit());
on('edit-redo', 'click', () => store.redoEdit());
on('promote', 'click', () => store.promoteVariation());
on('flip', 'click', () => {
  store.flip();
  if (store.mode === 'editor') board.cg.set({ orientation: store.orientation });
});
on('new-game', 'click', () => {
  if (!confirmDrop()) return;
  const v = $<HTMLSelectElement>('variant').value as Variant;
  store.newGame(START[v], v);
});
on('variant', 'change', () => {
  const select = $<HTMLSelectElement>('variant');
  const v = select.value as Variant;
  if (v === store.variant) return;
  if (!confirmDrop(`Switching to ${select.selectedOptions[0]?.textContent ?? v}`)) {
    select.value = store.variant;
    return;
  }
  store.newGame(START[v], v);
});
on('sound-toggle', 'click', () => {
  setSoundEnabled(!soundEnabled());
  soundButton();
});
function soundButton(): void {
  const b = $('sound-toggle');
  b.setAttribute('aria-pressed', String(soundEnabled()));
  b.textContent = soundEnabled() ? 'Sound on' : 'Sound off';
}
soundButton();

on('comment', 'input', () => {
  const text = $<HTMLTextAreaElement>('comment').value;
  store.node.commentsAfter = text.trim() ? [text] : [];
  store.changed();
});
on('move-input', 'keydown', (e) => {
  if (e.key !== 'Enter') return;
  const input = $<HTMLInputElement>('move-input');
  const text = input.value.trim();
  if (!text) return;
  $('move-error').textContent = '';
  const pos = store.position;
  try {
    // The package parses the move (UCI, a drop or SAN: Position.parseMove) and says why one is
    // refused; a glyph typed with it (Nf3??) is kept as the move's NAG.
    const { move, nag } = splitGlyph(text);
    const m = pos.parseMove(move);
    const uci = pos.uci(m);
    input.value = '';
    const from = store.node;
    store.userMove(uci);
    const played = store.node;
    if (nag !== null && played.parent === from && played.uci === uci)
      store.edit('Glyph added', false, (g) => g.addNag(played, nag));
  } catch (err) {
    if (!(err instanceof IllegalMoveError)) throw err;
    showMoveError(err);
  }
});

// A refused move, said in a few words (the package's message names the whole position), until
// the next move or game.
const MOVE_ERRORS: Record<string, string> = {
  syntax: 'is not a move (try Nf3, e2e4, O-O)',
  illegal: 'is illegal here',
  ambiguous: 'is ambiguous: say which piece (e.g. Nbd2)',
};
let moveErrorAt: unknown = null;
function showMoveError(err: IllegalMoveError): void {
  const move = err.move.length > 12 ? `${err.move.slice(0, 12)}…` : err.move;
  $('move-error').textContent = `“${move}” ${MOVE_ERRORS[err.code] ?? 'is not a move here'}`;
  moveErrorAt = store.node;
}
function clearMoveError(): void {
  if (moveErrorAt !== null && moveErrorAt !== store.node) {
    $('move-error').textContent = '';
    moveErrorAt = null;
  }
}

document.addEventListener('keydown', (e) => {
  const t = e.target as HTMLElement;
  if (t.closest('input, textarea, select, [role=tab]') || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'Escape' && board.promotionOpen) {
    board.hidePromotion();
    return;
  }
  if (e.key === 'Escape' && board.cancelDrop()) return;
  if (store.mode === 'editor') return;
  const keys: Record<string, string> = {
    ArrowLeft: 'prev',
    ArrowRight: 'next',
    ArrowUp: 'up',
    ArrowDown: 'down',
    Home: 'start',
    End: 'end',
  };
  const action = keys[e.key];
  if (action) {
    navigate(action);
    e.preventDefault();
  } else if (e.key === 'f') {
    $('flip').click();
  } else if (e.key === 'Delete') {
    store.deleteFromHere();
  } else if (e.key === 'Backspace') {
    store.undo();
    e.preventDefault();
  } else if (e.key === 'e' && !store.puzzle?.locked) {
    engine.toggle();
  }
});

render();
const linked = !!location.hash || !!location.search; // read before url.load() rewrites the URL
url.load();
// The studies reopen the last study, chapter and move, unless the page was opened with a link
// to a game (a new navigation with a hash: the link's game is shown, and kept as a chapter)
// or to a puzzle.
const navigation = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
void studies.start(
  location.hash.includes('puzzle=') || (linked && navigation !== 'reload' && navigation !== 'back_forward'),
);
void queue.init(); // a study review kept from before goes on (after the studies are loaded)
void dbQueue.init(); // and a database review
void drill.init(); // the drill's cards; a session kept from before goes on
// For automated checks: the board is ready once this attribute is set.
document.body.dataset.ready = 'true';
