// The analysis board. Every rule (legal moves, check, outcome, notation, hashing) comes from
// the chesswasm package; this file wires the package to chessground and the page.
import { Chessground } from '@lichess-org/chessground';
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';
import './style.css';
import {
  FenError,
  Game,
  GameNode,
  IllegalMoveError,
  PgnError,
  Position,
  readGames,
  SQUARE_NAMES,
  chess960StartFen,
  chessgroundDests,
  isPromotion,
  moveFrom,
  movePromotion,
  moveTo,
  type Move,
  type Outcome,
  type Variant,
} from 'chesswasm';
import { PuzzleSession, parsePuzzles, type PuzzleSpec } from './puzzle.js';

type Api = ReturnType<typeof Chessground>;
type Key = (typeof SQUARE_NAMES)[number];

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const START: Record<Variant, string> = {
  chess: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  chess960: chess960StartFen(518),
  makruk: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
};

// ---- state -----------------------------------------------------------------------------------

// The game (the package's Game: move tree, comments, PGN); `cur` is always game.current.
let game = new Game(START.chess, { variant: 'chess' });
let cur: GameNode = game.root;
let pos: Position = game.position;
let orientation: 'white' | 'black' = 'white';
let puzzle: PuzzleSession | null = null;
let puzzleQueue: PuzzleSpec[] = [];
let pgnGames: Game[] = [];

// ---- the board ---------------------------------------------------------------------------------

const boardEl = $('board');
const cg: Api = Chessground(boardEl, {
  coordinates: true,
  autoCastle: false, // the package's position is set after every move
  highlight: { lastMove: true, check: true },
  animation: { enabled: true, duration: 150 },
  movable: { free: false, showDests: true, rookCastle: true, events: { after: onUserMove } },
  premovable: { enabled: false },
  draggable: { enabled: true, showGhost: true },
  drawable: { enabled: true },
});

// Makruk pieces are drawn with chessground's roles (Khon as bishop, Met as queen) and
// restyled by the .makruk class; a promoted Bia keeps its '~'.
function boardFen(fen: string, variant: Variant): string {
  const board = fen.split(' ')[0]!;
  if (variant !== 'makruk') return board;
  return board.replace(/[sSmM]/g, (c) => ({ s: 'b', S: 'B', m: 'q', M: 'Q' })[c]!);
}

function lastMoveKeys(node: GameNode): Key[] | undefined {
  if (!node.uci) return undefined;
  return [node.uci.slice(0, 2) as Key, node.uci.slice(2, 4) as Key];
}

function colorName(c: 'w' | 'b'): 'white' | 'black' {
  return c === 'w' ? 'white' : 'black';
}

/** Move number and colour of a node's move, from the root FEN's turn and fullmove fields. */
function moveNumber(n: GameNode): { number: number; white: boolean } {
  const f = game.rootFen.split(' ');
  const plyFromWhite = n.ply - 1 + (f[1] === 'b' ? 1 : 0);
  return { number: Number(f[5] ?? 1) + Math.floor(plyFromWhite / 2), white: plyFromWhite % 2 === 0 };
}

function lineEnd(n: GameNode): GameNode {
  while (n.children[0]) n = n.children[0];
  return n;
}

const commentOf = (n: GameNode) => [...n.commentsBefore, ...n.commentsAfter].join(' ');

// ---- rendering ------------------------------------------------------------------------------

function outcomeText(o: Outcome, variant: Variant): string {
  const winner = o.winner ? `${o.winner === 'w' ? 'White' : 'Black'} wins` : 'draw';
  switch (o.termination as string) {
    case 'CHECKMATE':
      return `Checkmate — ${winner}`;
    case 'STALEMATE':
      return variant === 'makruk' ? 'Stalemate — draw' : 'Stalemate — draw';
    case 'INSUFFICIENT_MATERIAL':
      return 'Draw — insufficient material';
    case 'SEVENTYFIVE_MOVES':
      return 'Draw — 75-move rule';
    case 'FIVEFOLD_REPETITION':
      return 'Draw — fivefold repetition';
    case 'THREEFOLD_REPETITION':
      return variant === 'makruk' ? 'Draw — threefold repetition' : 'Draw can be claimed — threefold repetition';
    case 'FIFTY_MOVES':
      return 'Draw can be claimed — fifty-move rule';
    case 'COUNTING_RULE':
      return 'Draw — counting rule';
    default:
      return `${o.termination} — ${winner}`;
  }
}

function statusText(p: Position): string {
  const parts: string[] = [];
  const o = p.outcome();
  if (o) return outcomeText(o, p.variant);
  if (p.isCheck()) parts.push('Check');
  const claim = p.outcome({ claim: true });
  if (claim) parts.push(outcomeText(claim, p.variant));
  if (!parts.length) parts.push('Game in progress');
  return parts.join(' · ');
}

function resultOf(p: Position): string {
  const o = p.outcome();
  if (!o) return '*';
  return o.winner === 'w' ? '1-0' : o.winner === 'b' ? '0-1' : '1/2-1/2';
}

function render(opts: { keepFenInput?: boolean } = {}): void {
  game.goTo(cur);
  pos = game.position; // owned by the game
  const variant = game.variant;
  const turn = colorName(pos.turn);
  const userCanMove = !puzzle || puzzle.userToMove(cur);
  const dests = userCanMove && !pos.outcome() ? chessgroundDests(pos) : new Map();
  cg.set({
    fen: boardFen(pos.fen(), variant),
    orientation,
    turnColor: turn,
    check: pos.isCheck() ? turn : false,
    lastMove: lastMoveKeys(cur),
    movable: { color: userCanMove ? turn : undefined, dests: dests as Map<Key, Key[]> },
  });
  cg.cancelMove();
  cg.setAutoShapes([]);
  boardEl.classList.toggle('makruk', variant === 'makruk');
  $('promotion').hidden = true;

  $('turn').textContent = `${turn === 'white' ? 'White' : 'Black'}`;
  $('status').textContent = statusText(pos);
  $('legal').textContent = String(pos.legalMoves().length);
  $('hash').textContent = pos.hashHex();
  if (!opts.keepFenInput) {
    $<HTMLInputElement>('fen').value = pos.fen();
    $('fen-error').textContent = '';
  }
  ($<HTMLSelectElement>('variant')).value = variant;
  const comment = $<HTMLTextAreaElement>('comment');
  if (document.activeElement !== comment) comment.value = cur.commentsAfter.join(' ');

  ($<HTMLButtonElement>('nav-prev')).disabled = !cur.parent;
  ($<HTMLButtonElement>('nav-start')).disabled = !cur.parent;
  ($<HTMLButtonElement>('nav-next')).disabled = !cur.children.length;
  ($<HTMLButtonElement>('nav-end')).disabled = !cur.children.length;
  ($<HTMLButtonElement>('undo')).disabled = !cur.parent || !!puzzle;
  ($<HTMLButtonElement>('delete')).disabled = !cur.parent || !!puzzle;
  ($<HTMLButtonElement>('promote')).disabled = cur.isMainline || !!puzzle;

  renderMoves();
  saveHash();
}

// The nodes shown in the move list, by their data-id.
let shown: GameNode[] = [];

function renderMoves(): void {
  const box = $('moves');
  box.textContent = '';
  shown = [];
  const moveEl = (n: GameNode, forceNumber: boolean, parent: HTMLElement) => {
    const { number, white } = moveNumber(n);
    if (n.commentsBefore.length) {
      const c = document.createElement('span');
      c.className = 'comment';
      c.textContent = n.commentsBefore.join(' ');
      parent.append(c);
    }
    if (white || forceNumber) {
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = white ? `${number}.` : `${number}…`;
      parent.append(num);
    }
    const b = document.createElement('span');
    b.className = 'move' + (n === cur ? ' current' : '');
    b.textContent = n.san;
    b.dataset.id = String(shown.push(n) - 1);
    b.dataset.uci = n.uci;
    b.dataset.san = n.san;
    b.setAttribute('role', 'button');
    b.tabIndex = -1;
    if (n === cur) b.setAttribute('aria-current', 'true');
    parent.append(b);
    if (n.nags.length) {
      const g = document.createElement('span');
      g.className = 'nag';
      g.textContent = n.nags.map((x) => NAGS[x] ?? `$${x}`).join(' ');
      parent.append(g);
    }
    if (n.commentsAfter.length) {
      const c = document.createElement('span');
      c.className = 'comment';
      c.textContent = n.commentsAfter.join(' ');
      parent.append(c);
    }
  };
  const line = (from: GameNode, parent: HTMLElement, forceFirst: boolean) => {
    let n = from;
    let force = forceFirst;
    while (n.children.length) {
      const [main, ...alts] = n.children as [GameNode, ...GameNode[]];
      moveEl(main, force, parent);
      force = !!commentOf(main);
      for (const alt of alts) {
        const v = document.createElement('div');
        v.className = 'variation';
        v.dataset.testid = 'variation';
        moveEl(alt, true, v);
        line(alt, v, !!commentOf(alt));
        parent.append(v);
        force = true;
      }
      n = main;
    }
  };
  if (game.root.commentsAfter.length) {
    const c = document.createElement('span');
    c.className = 'comment';
    c.textContent = game.root.commentsAfter.join(' ');
    box.append(c);
  }
  line(game.root, box, true);
  if (!game.root.children.length) {
    const p = document.createElement('span');
    p.className = 'empty';
    p.textContent = 'No moves yet: play on the board.';
    box.append(p);
  }
  box.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

// ---- moves ----------------------------------------------------------------------------------

const NAGS: Record<number, string> = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

function goto(node: GameNode): void {
  cur = node;
  render();
}

function playUci(uci: string): void {
  if (puzzle) {
    puzzleMove(uci);
    return;
  }
  try {
    game.goTo(cur);
    cur = game.play(uci);
  } catch (e) {
    if (!(e instanceof IllegalMoveError)) throw e;
  }
  render();
}

function onUserMove(orig: string, dest: string): void {
  const promos = pos.legalMoves().filter(
    (m) => isPromotion(m) && SQUARE_NAMES[moveFrom(m)] === orig && SQUARE_NAMES[moveTo(m)] === dest,
  );
  if (promos.length > 1) showPromotion(orig as Key, dest as Key, promos);
  else if (promos.length === 1) playUci(pos.uci(promos[0]!));
  else playUci(orig + dest); // the package accepts king-to-destination and king-to-rook castling
}

const PROMO_NAMES: Record<string, [string, string, string]> = {
  q: ['Queen', '♕', '♛'],
  r: ['Rook', '♖', '♜'],
  b: ['Bishop', '♗', '♝'],
  n: ['Knight', '♘', '♞'],
  m: ['Met', '♕', '♛'],
};

function showPromotion(orig: Key, dest: Key, moves: Move[]): void {
  const box = $('promotion');
  box.textContent = '';
  const white = pos.turn === 'w';
  const order = ['q', 'r', 'b', 'n', 'm'];
  const sorted = [...moves].sort((a, b) => order.indexOf(movePromotion(a)!) - order.indexOf(movePromotion(b)!));
  for (const m of sorted) {
    const p = movePromotion(m)!;
    const [name, w, b] = PROMO_NAMES[p]!;
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'promo-piece';
    btn.dataset.testid = `promote-${p}`;
    btn.setAttribute('aria-label', `Promote to ${name.toLowerCase()}`);
    btn.title = name;
    btn.innerHTML = `<span aria-hidden="true">${white ? w : b}</span><small>${name}</small>`;
    btn.addEventListener('click', () => playUci(pos.uci(m)));
    box.append(btn);
  }
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'promo-cancel';
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', () => render());
  box.append(cancel);
  box.hidden = false;
  box.dataset.square = `${orig}${dest}`;
  (box.querySelector('button') as HTMLButtonElement).focus();
}

// ---- navigation and editing ---------------------------------------------------------------------

function siblings(n: GameNode): GameNode[] {
  return n.parent ? n.parent.children : [n];
}

function navigate(action: string): boolean {
  switch (action) {
    case 'prev':
      if (cur.parent) goto(cur.parent);
      return true;
    case 'next':
      if (cur.children[0]) goto(cur.children[0]);
      return true;
    case 'start':
      goto(game.root);
      return true;
    case 'end':
      goto(lineEnd(cur));
      return true;
    case 'up':
    case 'down': {
      const s = siblings(cur);
      const i = s.indexOf(cur) + (action === 'up' ? -1 : 1);
      if (s[i]) goto(s[i]!);
      return true;
    }
  }
  return false;
}

function undo(): void {
  if (!cur.parent || puzzle) return;
  const parent = cur.parent;
  if (!cur.children.length) game.deleteFrom(cur);
  goto(parent);
}

function deleteFromHere(): void {
  if (!cur.parent || puzzle) return;
  const parent = cur.parent;
  game.deleteFrom(cur);
  goto(parent);
}

function promoteVariation(): void {
  game.promoteVariation(cur);
  render();
}

function setGame(g: Game): void {
  if (g !== game) game.dispose();
  game = g;
  cur = g.root;
  pos = g.position;
}

function newTree(fen: string, variant: Variant): void {
  setGame(new Game(fen, { variant })); // throws FenError
}

// ---- FEN ----------------------------------------------------------------------------------------

function loadFen(text: string): boolean {
  const fen = text.trim();
  const variant = ($<HTMLSelectElement>('variant')).value as Variant;
  try {
    exitPuzzle(false);
    newTree(fen, variant);
  } catch (e) {
    if (!(e instanceof FenError)) throw e;
    $('fen-error').textContent = e.message;
    return false;
  }
  render();
  return true;
}

// ---- PGN ----------------------------------------------------------------------------------------

function pgnErrorText(e: PgnError): string {
  if (!e.line || e.message.includes(`line ${e.line}`)) return e.message;
  return `Line ${e.line}, column ${e.column}: ${e.message}`;
}

function importPgn(text: string): void {
  const err = $('pgn-error');
  err.textContent = '';
  const errors: PgnError[] = [];
  try {
    pgnGames = [...readGames(text, { onError: (e) => errors.push(e) })];
  } catch (e) {
    if (!(e instanceof PgnError)) throw e;
    errors.push(e);
    pgnGames = [];
  }
  const select = $<HTMLSelectElement>('pgn-games');
  select.textContent = '';
  select.hidden = pgnGames.length < 2;
  if (errors.length) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more game${errors.length > 2 ? 's' : ''} with errors)` : '';
    err.textContent = pgnErrorText(errors[0]!) + more;
  }
  if (!pgnGames.length) {
    if (!errors.length) err.textContent = 'No game found in the PGN.';
    return;
  }
  pgnGames.forEach((g, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    const h = (k: string) => g.tags.get(k) ?? '?';
    o.textContent = `${i + 1}. ${h('White')} – ${h('Black')} ${g.tags.get('Result') ?? ''}`.trim();
    select.append(o);
  });
  loadGame(0);
}

function loadGame(i: number): void {
  exitPuzzle(false);
  const g = pgnGames[i]!;
  setGame(g);
  cur = lineEnd(g.root);
  render();
}

function exportPgn(): string {
  if (game.result === '*') {
    using end = Position.fromFen(lineEnd(game.root).fen, { variant: game.variant });
    const r = resultOf(end);
    if (r !== '*') game.result = r as '1-0';
  }
  return game.pgn();
}

// ---- URL hash -------------------------------------------------------------------------------------

let hashTimer = 0;
let lastHash = '';
function saveHash(): void {
  clearTimeout(hashTimer);
  hashTimer = window.setTimeout(() => {
    if (puzzle) return;
    const params = new URLSearchParams();
    if (game.root.children.length) {
      params.set('pgn', exportPgn());
      params.set('node', cur.path().map((n) => n.parent!.children.indexOf(n)).join('.'));
    } else {
      params.set('fen', game.rootFen);
      if (game.variant !== 'chess') params.set('variant', game.variant);
    }
    lastHash = '#' + params.toString();
    if (location.hash !== lastHash) history.replaceState(null, '', lastHash);
  }, 150);
}

function loadHash(): void {
  if (!location.hash || location.hash === lastHash) return;
  const params = new URLSearchParams(location.hash.slice(1));
  const pgn = params.get('pgn');
  const fen = params.get('fen');
  if (pgn) {
    try {
      setGame(Game.fromPgn(pgn));
    } catch (e) {
      if (!(e instanceof PgnError)) throw e;
      $('pgn-error').textContent = pgnErrorText(e);
      return;
    }
    let n = game.root;
    const path = params.get('node');
    if (params.has('ply')) for (let k = Number(params.get('ply')); k > 0 && n.children[0]; k--) n = n.children[0];
    else if (path) for (const i of path.split('.')) n = n.children[Number(i)] ?? n;
    goto(n);
  } else if (fen) {
    const v = params.get('variant') as Variant | null;
    ($<HTMLSelectElement>('variant')).value = v ?? 'chess';
    if (!loadFen(fen)) $<HTMLInputElement>('fen').value = fen;
  }
}

// ---- puzzles -------------------------------------------------------------------------------------

function startPuzzle(spec: PuzzleSpec): void {
  try {
    puzzle = new PuzzleSession(spec);
    newTree(spec.fen, spec.variant);
  } catch (e) {
    puzzle = null;
    feedback(e instanceof Error ? e.message : String(e), 'bad');
    return;
  }
  // The first move of the line is the opponent's.
  cur = game.play(puzzle.setup);
  orientation = colorName(game.position.turn);
  feedback(`Find the best move for ${orientation}.`, '');
  puzzleButtons();
  render();
}

function puzzleButtons(): void {
  ($<HTMLButtonElement>('puzzle-hint')).disabled = !puzzle || puzzle.solved;
  ($<HTMLButtonElement>('puzzle-retry')).disabled = !puzzle;
  ($<HTMLButtonElement>('puzzle-next')).disabled = !puzzleQueue.length;
  ($<HTMLButtonElement>('puzzle-exit')).disabled = !puzzle;
}

function feedback(text: string, kind: 'good' | 'bad' | ''): void {
  const f = $('puzzle-feedback');
  f.textContent = text;
  f.className = `feedback ${kind}`;
}

function puzzleMove(uci: string): void {
  const p = puzzle!;
  let verdict: string;
  try {
    verdict = p.puzzle.play(uci);
  } catch (e) {
    if (!(e instanceof IllegalMoveError)) throw e;
    render();
    return;
  }
  if (verdict === 'wrong') {
    feedback(`✗ ${uci} is not the move. Try again.`, 'bad');
    render();
    return;
  }
  game.goTo(cur);
  cur = game.play(uci);
  const reply = p.puzzle.lastReply;
  if (verdict === 'solved' && !reply) {
    feedback('✓ Solved!', 'good');
    puzzleButtons();
    render();
    return;
  }
  feedback(verdict === 'solved' ? '✓ Solved!' : '✓ Correct — keep going.', 'good');
  puzzleButtons();
  render();
  // The opponent's reply, shown after a moment.
  window.setTimeout(() => {
    if (puzzle !== p || !reply) return;
    game.goTo(cur);
    cur = game.play(reply);
    render();
  }, 250);
}

function exitPuzzle(doRender = true): void {
  if (!puzzle) return;
  puzzle = null;
  feedback('', '');
  puzzleButtons();
  if (doRender) render();
}

// ---- perft worker -----------------------------------------------------------------------------

let worker: Worker | null = null;
function runPerft(): void {
  stopPerft();
  const depth = Number(($<HTMLInputElement>('perft-depth')).value);
  const result = $('perft-result');
  const list = $('perft-divide');
  const progress = $<HTMLProgressElement>('perft-progress');
  list.textContent = '';
  progress.value = 0;
  result.textContent = `Counting depth ${depth}…`;
  const w = new Worker(new URL('./perft-worker.ts', import.meta.url), { type: 'module' });
  worker = w;
  ($<HTMLButtonElement>('perft-run')).disabled = true;
  ($<HTMLButtonElement>('perft-stop')).disabled = false;
  const rows: [string, number][] = [];
  w.onmessage = (ev: MessageEvent) => {
    const msg = ev.data as
      | { type: 'move'; uci: string; san: string; nodes: number; done: number; total: number; elapsed: number; sum: number }
      | { type: 'done'; nodes: number; elapsed: number }
      | { type: 'error'; message: string };
    if (msg.type === 'move') {
      rows.push([msg.san, msg.nodes]);
      const li = document.createElement('li');
      li.innerHTML = `<span>${msg.san}</span><span>${msg.nodes.toLocaleString('en-US')}</span>`;
      li.dataset.uci = msg.uci;
      list.append(li);
      progress.max = msg.total;
      progress.value = msg.done;
      const nps = msg.elapsed > 0 ? Math.round(msg.sum / (msg.elapsed / 1000)) : 0;
      result.textContent = `Depth ${depth}: ${msg.done}/${msg.total} moves, ${msg.sum.toLocaleString('en-US')} nodes, ${nps.toLocaleString('en-US')} nodes/s`;
    } else if (msg.type === 'done') {
      const nps = msg.elapsed > 0 ? Math.round(msg.nodes / (msg.elapsed / 1000)) : 0;
      result.textContent = `perft(${depth}) = ${msg.nodes.toLocaleString('en-US')} nodes in ${msg.elapsed < 1000 ? `${Math.round(msg.elapsed)} ms` : `${(msg.elapsed / 1000).toFixed(2)} s`} (${nps.toLocaleString('en-US')} nodes/s)`;
      result.dataset.nodes = String(msg.nodes);
      progress.value = progress.max;
      stopPerft();
    } else {
      result.textContent = `Error: ${msg.message}`;
      stopPerft();
    }
  };
  w.onerror = (e) => {
    result.textContent = `Worker error: ${e.message}`;
    stopPerft();
  };
  delete result.dataset.nodes;
  w.postMessage({ variant: game.variant, depth, moves: cur.path().map((n) => n.uci), rootFen: game.rootFen });
}

function stopPerft(): void {
  worker?.terminate();
  worker = null;
  ($<HTMLButtonElement>('perft-run')).disabled = false;
  ($<HTMLButtonElement>('perft-stop')).disabled = true;
}

// ---- wiring -----------------------------------------------------------------------------------

function on(id: string, ev: string, fn: (e: Event) => void): void {
  $(id).addEventListener(ev, fn);
}

on('nav-start', 'click', () => navigate('start'));
on('nav-prev', 'click', () => navigate('prev'));
on('nav-next', 'click', () => navigate('next'));
on('nav-end', 'click', () => navigate('end'));
on('undo', 'click', undo);
on('delete', 'click', deleteFromHere);
on('promote', 'click', promoteVariation);
on('flip', 'click', () => {
  orientation = orientation === 'white' ? 'black' : 'white';
  render({ keepFenInput: true });
});
on('new-game', 'click', () => {
  exitPuzzle(false);
  const v = ($<HTMLSelectElement>('variant')).value as Variant;
  newTree(START[v], v);
  render();
});
on('variant', 'change', () => {
  exitPuzzle(false);
  const v = ($<HTMLSelectElement>('variant')).value as Variant;
  newTree(START[v], v);
  render();
});
on('moves', 'click', (e) => {
  const t = (e.target as HTMLElement).closest<HTMLElement>('.move');
  if (!t) return;
  const n = shown[Number(t.dataset.id)];
  if (n && !puzzle) goto(n);
});
on('comment', 'input', () => {
  const text = ($<HTMLTextAreaElement>('comment')).value;
  cur.commentsAfter = text.trim() ? [text] : [];
  renderMoves();
  saveHash();
});
on('move-input', 'keydown', (e) => {
  if ((e as KeyboardEvent).key !== 'Enter') return;
  const input = $<HTMLInputElement>('move-input');
  const text = input.value.trim();
  if (!text) return;
  $('move-error').textContent = '';
  try {
    // The package parses the move (UCI or SAN) and says why one is refused.
    const m = /^[a-h][1-8][a-h][1-8][qrbnm]?$/i.test(text) ? pos.parseUci(text.toLowerCase()) : pos.parseSan(text);
    input.value = '';
    playUci(pos.uci(m));
  } catch (err) {
    if (!(err instanceof IllegalMoveError)) throw err;
    $('move-error').textContent = err.message;
  }
});
on('fen-load', 'click', () => loadFen(($<HTMLInputElement>('fen')).value));
on('fen', 'keydown', (e) => {
  if ((e as KeyboardEvent).key === 'Enter') loadFen(($<HTMLInputElement>('fen')).value);
});
on('fen', 'paste', () => {
  window.setTimeout(() => loadFen(($<HTMLInputElement>('fen')).value), 0);
});
on('pgn-import', 'click', () => importPgn(($<HTMLTextAreaElement>('pgn')).value));
on('pgn-games', 'change', () => loadGame(Number(($<HTMLSelectElement>('pgn-games')).value)));
on('pgn-file', 'change', async () => {
  const f = ($<HTMLInputElement>('pgn-file')).files?.[0];
  if (!f) return;
  const text = await f.text();
  ($<HTMLTextAreaElement>('pgn')).value = text;
  importPgn(text);
});
on('pgn-export', 'click', () => {
  ($<HTMLTextAreaElement>('pgn')).value = exportPgn();
  $('pgn-error').textContent = '';
});
on('pgn-copy', 'click', async () => {
  const text = exportPgn();
  ($<HTMLTextAreaElement>('pgn')).value = text;
  try {
    await navigator.clipboard.writeText(text);
    $('pgn-error').textContent = 'Copied.';
  } catch {
    ($<HTMLTextAreaElement>('pgn')).select();
    $('pgn-error').textContent = 'Select and copy the text above (clipboard not available).';
  }
});
on('pgn-download', 'click', () => {
  const blob = new Blob([exportPgn()], { type: 'application/x-chess-pgn' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = 'game.pgn';
  a.click();
  window.setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});
on('perft-run', 'click', runPerft);
on('perft-stop', 'click', () => {
  stopPerft();
  $('perft-result').textContent = 'Stopped.';
});
on('puzzle-load', 'click', () => {
  try {
    puzzleQueue = parsePuzzles(($<HTMLTextAreaElement>('puzzle-input')).value);
  } catch (e) {
    feedback(e instanceof Error ? e.message : String(e), 'bad');
    return;
  }
  const first = puzzleQueue.shift();
  if (first) startPuzzle(first);
  else feedback('No puzzle given.', 'bad');
});
on('puzzle-hint', 'click', () => {
  if (!puzzle || !puzzle.userToMove(cur)) return;
  const hint = puzzle.puzzle.hint(); // the from-square first, then the whole move
  if (!hint) return;
  if (hint.length === 2) {
    cg.setAutoShapes([{ orig: hint as Key, brush: 'green' }]);
    feedback(`Hint: move the piece on ${hint}.`, '');
  } else {
    cg.setAutoShapes([{ orig: hint.slice(0, 2) as Key, dest: hint.slice(2, 4) as Key, brush: 'green' }]);
    feedback(`Hint: ${hint}.`, '');
  }
});
on('puzzle-retry', 'click', () => {
  if (puzzle) startPuzzle(puzzle.spec);
});
on('puzzle-next', 'click', () => {
  const next = puzzleQueue.shift();
  if (next) startPuzzle(next);
});
on('puzzle-exit', 'click', () => exitPuzzle());
on('start960', 'click', () => {
  const n = Number(($<HTMLInputElement>('n960')).value);
  if (!Number.isInteger(n) || n < 0 || n > 959) {
    $('fen-error').textContent = 'A Chess960 position number is 0 to 959.';
    return;
  }
  exitPuzzle(false);
  newTree(chess960StartFen(n), 'chess960');
  render();
});
on('random960', 'click', () => {
  const n = Math.floor(Math.random() * 960);
  ($<HTMLInputElement>('n960')).value = String(n);
  $('start960').click();
});

// Tabs (arrow keys move between them, as the ARIA pattern says).
const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role=tab]')];
function selectTab(tab: HTMLButtonElement): void {
  for (const t of tabs) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    $(t.getAttribute('aria-controls')!).hidden = !selected;
  }
}
for (const t of tabs) {
  t.addEventListener('click', () => selectTab(t));
  t.addEventListener('keydown', (e) => {
    const i = tabs.indexOf(t);
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    const next = tabs[(i + d + tabs.length) % tabs.length]!;
    selectTab(next);
    next.focus();
    e.stopPropagation();
  });
}
selectTab(tabs[0]!);

document.addEventListener('keydown', (e) => {
  const t = e.target as HTMLElement;
  if (t.closest('input, textarea, select, [role=tab]') || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'Escape' && !$('promotion').hidden) {
    render();
    return;
  }
  const map: Record<string, string> = { ArrowLeft: 'prev', ArrowRight: 'next', ArrowUp: 'up', ArrowDown: 'down', Home: 'start', End: 'end' };
  const action = map[e.key];
  if (action && !puzzle) {
    navigate(action);
    e.preventDefault();
  } else if (e.key === 'f') {
    $('flip').click();
  } else if (e.key === 'Delete' && !puzzle) {
    deleteFromHere();
  }
});
window.addEventListener('hashchange', loadHash);

// Puzzle text from the URL (#puzzle=...), handy for sharing a puzzle.
render();
loadHash();
// For automated checks: the board is ready once this attribute is set.
document.body.dataset.ready = 'true';
