/**
 * `chesswasm/openings`: opening names from the lichess opening table
 * (lichess-org/chess-openings, CC0, 3,807 lines), by position, so that a transposed move order
 * gets the same name.
 *
 * An entry point of its own: `import 'chesswasm'` does not load the table (dist/openings.js,
 * 114 KB of JS, 37 KB gzipped); importing this entry does, and lets {@link Game.pgn} write the
 * `ECO` and `Opening` tags (`game.pgn({ openingTags: true })`). The table is keyed on first
 * use (the 8,649 positions of its lines replayed once: ~0.1 s), or beforehand without blocking
 * by {@link loadOpeningTable}.
 *
 * Matching follows lichess (scalachess `OpeningDb`): a position is keyed by its board, side to
 * move, castling rights, and en passant square only when an en passant capture is legal (the
 * EPD of the table's positions); a game is named by the deepest named position among the
 * positions after plies 1 to 40 of its main line, looking no further than the first position
 * with fewer than 20 pieces. The start position is never named.
 * @module
 */
import { ChessError, describe } from '../../boundary/errors.js';
import { type OpeningLookup, type OpeningName, Game, registerOpeningTags } from '../../games/game.js';
import { MoveFlag, type Move, isEnPassant, moveFlags } from '../../core/move.js';
import { Position } from '../../core/position.js';
import { NAMES, TREE } from './table.js';

export type { OpeningName } from '../../games/game.js';

/** A move to a named position: {@link openingsAfter}. */
export interface OpeningMove extends OpeningName {
  /** The move in UCI (`'g1f3'`). */
  uci: string;
  /** The move in SAN (`'Nf3'`). */
  san: string;
}

/** The plies of a main line that are looked at (lichess's `SEARCH_MAX_PLIES`). */
export const OPENING_MAX_PLIES = 40;
/** The scan stops at the first position with fewer pieces than this (lichess's `SEARCH_MIN_PIECES`). */
export const OPENING_MIN_PIECES = 20;

let table: Map<bigint, OpeningName> | null = null;

/**
 * The key the table files a position under: what lichess's EPD holds (board, side to move,
 * castling rights, en passant square only when an en passant capture is legal) as a 64-bit
 * number. It is the Polyglot key ({@link Position.hash}) unless that key counts an en passant
 * capture that a pawn could make but that is not legal (the pawn is pinned, or the king would
 * stay in check); then it is the key of the same position without the en passant square.
 * @param position - a standard chess {@link Position} (left as it was) or a FEN.
 */
export function openingKey(position: Position | string): bigint {
  const pos = typeof position === 'string' ? Position.fromFen(position) : position;
  try {
    if (!(pos instanceof Position))
      throw new ChessError('invalid-argument', `not a Position or FEN: ${describe(position)}`);
    return keyOf(pos);
  } finally {
    if (pos !== position) pos.dispose();
  }
}

// The key after `move` was played: only a double push can leave an en passant square.
function keyAfter(pos: Position, move: Move): bigint {
  return moveFlags(move) === MoveFlag.DOUBLE_PUSH ? keyOf(pos) : pos.hash();
}

// The legal moves in the order the table's trie numbers them (by move number).
const byNumber = (a: number, b: number): number => a - b;

function keyOf(pos: Position): bigint {
  const key = pos.hash();
  const fen = pos.fen();
  const fields = fen.split(' ');
  if (fields[3] === '-' || pos.legalMoves().some(isEnPassant)) return key;
  fields[3] = '-';
  const without = Position.fromFen(fields.join(' '));
  try {
    return without.hash();
  } finally {
    without.dispose();
  }
}

// The pieces on the board (the letters of the FEN's first field).
function pieceCount(pos: Position): number {
  const board = pos.fen().split(' ', 1)[0]!;
  let n = 0;
  for (let i = 0; i < board.length; i++) {
    const c = board.charCodeAt(i);
    if (c >= 65) n++; // a letter (digits and '/' are below 'A')
  }
  return n;
}

// The trie walked so far: the table is built by one walk, which a lookup finishes at once and
// loadOpeningTable() does in slices (a page keyed on first use would wait ~0.1 s in one task).
interface Walk {
  map: Map<bigint, OpeningName>;
  names: string[];
  pos: Position;
  at: number; // the next character of TREE
  next: number; // the next name
  previous: string; // the last name (each name is stored as a suffix of it)
  last: Move; // the last move played
}
let walk: Walk | null = null;

// Walks the trie until it ends (the table is then built) or until `deadline` (performance.now()).
function walkTable(deadline: number): Map<bigint, OpeningName> | null {
  if (table !== null) return table;
  walk ??= {
    map: new Map(),
    names: NAMES.split('\n'),
    pos: Position.startpos(),
    at: 0,
    next: 0,
    previous: '',
    last: 0,
  };
  const w = walk;
  const pos = w.pos;
  let steps = 0;
  try {
    for (; w.at < TREE.length; w.at++) {
      if ((++steps & 255) === 0 && performance.now() > deadline) return null;
      const c = TREE.charCodeAt(w.at);
      if (c === 0x2e /* . */) pos.undo();
      else if (c === 0x21 /* ! */) {
        const entry = w.names[w.next++]!;
        const name = w.previous.slice(0, entry.charCodeAt(3) - 0x20) + entry.slice(4);
        w.previous = name;
        w.map.set(keyAfter(pos, w.last), { eco: entry.slice(0, 3), name });
      } else {
        const move = pos.legalMoves().sort(byNumber)[c - 0x30]!;
        pos.play(move);
        w.last = move;
      }
    }
  } catch (e) {
    pos.dispose();
    walk = null;
    throw e;
  }
  pos.dispose();
  walk = null;
  table = w.map;
  return table;
}

/** The table, keyed by position: read from the encoded trie on first use. */
function openingTable(): Map<bigint, OpeningName> {
  return table ?? walkTable(Infinity)!;
}

/**
 * Builds the opening table now, in slices of a few milliseconds with the event loop free
 * between them, so that a page never waits for it in one task (~0.1 s of work: the 8,649
 * positions of the table's lines replayed). Optional: the lookups build it at once on first
 * use if it is not built yet. Resolves when it is built.
 */
export async function loadOpeningTable(): Promise<void> {
  while (walkTable(performance.now() + 8) === null) await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The opening of a position in the table, without any scan: `{ eco, name }` if the position
 * itself is named, else `null`. Only standard chess positions are named.
 */
export function openingAt(position: Position | string): OpeningName | null {
  const pos = typeof position === 'string' ? Position.fromFen(position) : position;
  try {
    if (!(pos instanceof Position))
      throw new ChessError('invalid-argument', `not a Position or FEN: ${describe(position)}`);
    if (pos.variant !== 'chess') return null;
    return openingTable().get(keyOf(pos)) ?? null;
  } finally {
    if (pos !== position) pos.dispose();
  }
}

/**
 * The opening of a game or of a sequence of positions: `{ eco, name }` of the deepest named
 * position among the positions after plies 1 to 40 of the main line, stopping at the first
 * position with fewer than 20 pieces; `null` when none is named (and for variants other than
 * standard chess).
 * @param source - a {@link Game} (its main line, from its root), or the positions after each
 *   move (an iterable of {@link Position} or FEN, without the starting position).
 * @throws `ChessError` `'invalid-argument'` for anything else, `FenError` for a
 *   bad FEN; nothing given is changed.
 */
export function openingOf(source: Game | Iterable<Position | string>): OpeningName | null {
  if (source instanceof Game) return openingOfGame(source);
  if (
    source === null ||
    typeof source !== 'object' ||
    typeof (source as Iterable<unknown>)[Symbol.iterator] !== 'function'
  )
    throw new ChessError(
      'invalid-argument',
      `openingOf takes a Game or an iterable of positions, not ${describe(source)}`,
    );
  const map = openingTable();
  let found: OpeningName | null = null;
  let ply = 0;
  for (const item of source) {
    if (++ply > OPENING_MAX_PLIES) break;
    const pos = typeof item === 'string' ? Position.fromFen(item) : item;
    try {
      if (!(pos instanceof Position))
        throw new ChessError('invalid-argument', `not a Position or FEN: ${describe(item)}`);
      if (pos.variant !== 'chess' || pieceCount(pos) < OPENING_MIN_PIECES) break;
      found = map.get(keyOf(pos)) ?? found;
    } finally {
      if (pos !== item) pos.dispose();
    }
  }
  return found;
}

function openingOfGame(game: Game): OpeningName | null {
  if (game.variant !== 'chess') return null;
  const map = openingTable();
  const pos = Position.fromFen(game.rootFen);
  let found: OpeningName | null = null;
  try {
    let node = game.root.children[0];
    for (let ply = 1; node !== undefined && ply <= OPENING_MAX_PLIES; ply++, node = node.children[0]) {
      if (node.move === 0) pos.playNull();
      else pos.play(node.move);
      if (pieceCount(pos) < OPENING_MIN_PIECES) break;
      found = map.get(node.move === 0 ? keyOf(pos) : keyAfter(pos, node.move)) ?? found;
    }
  } finally {
    pos.dispose();
  }
  return found;
}

/**
 * The named positions one move away: for each legal move that leads to a position of the
 * table, `{ uci, san, eco, name }`, in the order of {@link Position.legalMoves}. Empty for
 * variants other than standard chess.
 * @param position - a {@link Position} (left as it was) or a FEN.
 */
export function openingsAfter(position: Position | string): OpeningMove[] {
  const source = typeof position === 'string' ? Position.fromFen(position) : position;
  if (!(source instanceof Position))
    throw new ChessError('invalid-argument', `not a Position or FEN: ${describe(position)}`);
  const result: OpeningMove[] = [];
  if (source.variant !== 'chess') return result;
  const map = openingTable();
  const pos = source.clone();
  try {
    for (const move of pos.legalMoves()) {
      const uci = pos.uci(move);
      const san = pos.san(move);
      pos.play(move);
      const named = map.get(keyAfter(pos, move));
      if (named) result.push({ uci, san, eco: named.eco, name: named.name });
      pos.undo();
    }
  } finally {
    pos.dispose();
    if (source !== position) source.dispose();
  }
  return result;
}

/** The number of named positions in the table (3,807). */
export function openingCount(): number {
  return openingTable().size;
}

registerOpeningTags((game: Game, how: true | OpeningLookup): ReadonlyMap<string, string> => {
  if (how !== true && typeof how !== 'function')
    throw new ChessError('invalid-argument', `openingTags must be a boolean or a function, not ${describe(how)}`);
  const opening = how === true ? openingOf(game) : how(game);
  if (opening === null) return game.tags;
  const tags = new Map(game.tags);
  tags.set('ECO', String(opening.eco));
  tags.set('Opening', String(opening.name));
  return tags;
});
