/**
 * `Chess`: a drop-in replacement for chess.js 1.x over the core (`Position`, `Game`).
 *
 * Same class name, constructor, methods, overloads, option objects, return shapes,
 * constants and error messages as chess.js 1.4, so that `import { Chess } from 'chesswasm'`
 * replaces `import { Chess } from 'chess.js'`. Every rule (legality, SAN, check, mate,
 * draws, repetition, SAN) and all PGN reading come from the C++ core; this file adapts
 * shapes and lays the PGN out as chess.js does. The differences from chess.js are listed in
 * docs/chessjs-migration.md.
 * @module
 */
import { withCommandsAsText } from './comment-commands.js';
import { FenError, IllegalMoveError, PgnError } from './errors.js';
import { MoveFlag, type Move as MoveNumber, moveFlags, moveFrom, moveTo } from './move.js';
import {
  SAN_CAPTURE_MARK,
  SAN_DISAMBIGUATION,
  SAN_EXTRA_CAPTURE_MARK,
  SAN_LONG_ALGEBRAIC,
  SAN_LOWER_CASE,
  SAN_PAWN_LETTER,
  SAN_SHORT_PAWN_LETTER,
  SAN_ZERO_CASTLING,
} from './boundary.js';
import { Game, readFirstGame } from './game.js';
import { Position, fenErrorMessage } from './position.js';

/** White (`'w'`). */
export const WHITE = 'w';
/** Black (`'b'`). */
export const BLACK = 'b';
/** Pawn (`'p'`). */
export const PAWN = 'p';
/** Knight (`'n'`). */
export const KNIGHT = 'n';
/** Bishop (`'b'`). */
export const BISHOP = 'b';
/** Rook (`'r'`). */
export const ROOK = 'r';
/** Queen (`'q'`). */
export const QUEEN = 'q';
/** King (`'k'`). */
export const KING = 'k';

/** A colour, as in chess.js. */
export type ChessColor = 'w' | 'b';
/** A piece letter, as in chess.js. */
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
/** A square name, as in chess.js (`'a8'` ... `'h1'`). */
export type ChessSquare = `${'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h'}${'1' | '2' | '3' | '4' | '5' | '6' | '7' | '8'}`;
/** A piece, as in chess.js. */
export interface ChessPiece {
  color: ChessColor;
  type: PieceSymbol;
}

/** The start position's FEN. */
export const DEFAULT_POSITION = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** The 64 square names in chess.js's order: a8, b8, ..., h8, a7, ..., h1. */
export const SQUARES: ChessSquare[] = Array.from(
  { length: 64 },
  (_, i) => `${'abcdefgh'[i & 7]}${8 - (i >> 3)}` as ChessSquare,
);

/** The Seven Tag Roster with chess.js's default values. */
export const SEVEN_TAG_ROSTER: Record<string, string> = {
  Event: '?',
  Site: '?',
  Date: '????.??.??',
  Round: '?',
  White: '?',
  Black: '?',
  Result: '*',
};

// The other tags that chess.js's deprecated header() lists (as null when unset), in its order.
const SUPPLEMENTAL_TAGS = [
  'WhiteTitle', 'BlackTitle', 'WhiteElo', 'BlackElo', 'WhiteUSCF', 'BlackUSCF', 'WhiteNA', 'BlackNA', 'WhiteType',
  'BlackType', 'EventDate', 'EventSponsor', 'Section', 'Stage', 'Board', 'Opening', 'Variation', 'SubVariation', 'ECO',
  'NIC', 'Time', 'UTCTime', 'UTCDate', 'TimeControl', 'SetUp', 'FEN', 'Termination', 'Annotator', 'Mode', 'PlyCount',
];

const PIECE_TYPES = 'pnbrqk';

// ---- validateFen ---------------------------------------------------------------------------

/**
 * Checks a FEN the way chess.js does: `{ ok: true }`, or `{ ok: false, error }` with
 * chess.js's message (e.g. `'Invalid FEN: missing white king'`). Positions that chess.js
 * accepts but the core refuses (the side not to move in check, an impossible check) are
 * refused by {@link Chess.load} with a core message.
 */
export function validateFen(fen: string): { ok: boolean; error?: string } {
  const bad = (error: string) => ({ ok: false, error: `Invalid FEN: ${error}` });
  if (typeof fen !== 'string') return bad('must contain six space-delimited fields');
  const tokens = fen.split(/\s+/);
  if (tokens.length !== 6) return bad('must contain six space-delimited fields');
  const [board, side, castling, ep, half, full] = tokens as [string, string, string, string, string, string];
  const fullmove = parseInt(full, 10);
  if (isNaN(fullmove) || fullmove <= 0) return bad('move number must be a positive integer');
  const halfmove = parseInt(half, 10);
  if (isNaN(halfmove) || halfmove < 0) return bad('half move counter number must be a non-negative integer');
  if (!/^(-|[a-h][36])$/.test(ep)) return bad('en-passant square is invalid');
  if (/[^kKqQ-]/.test(castling)) return bad('castling availability is invalid');
  if (!/^(w|b)$/.test(side)) return bad('side-to-move is invalid');
  const rows = board.split('/');
  if (rows.length !== 8) return bad("piece data does not contain 8 '/'-delimited rows");
  for (const row of rows) {
    let squares = 0;
    let previousWasNumber = false;
    for (const ch of row) {
      if (ch >= '0' && ch <= '9') {
        if (previousWasNumber) return bad('piece data is invalid (consecutive number)');
        squares += Number(ch);
        previousWasNumber = true;
      } else {
        if (!/^[prnbqkPRNBQK]$/.test(ch)) return bad('piece data is invalid (invalid piece)');
        squares += 1;
        previousWasNumber = false;
      }
    }
    if (squares !== 8) return bad('piece data is invalid (too many squares in rank)');
  }
  if ((ep[1] === '3' && side === 'w') || (ep[1] === '6' && side === 'b')) return bad('illegal en-passant square');
  for (const [color, king] of [['white', 'K'], ['black', 'k']] as const) {
    const n = board.split(king).length - 1;
    if (n === 0) return bad(`missing ${color} king`);
    if (n > 1) return bad(`too many ${color} kings`);
  }
  if (/[pP]/.test(rows[0]! + rows[7]!)) return bad('some pawns are on the edge rows');
  return { ok: true };
}

// ---- Move ----------------------------------------------------------------------------------

/**
 * A move as chess.js describes it (`moves({ verbose: true })`, `history({ verbose: true })`,
 * `move()`, `undo()`). Exported from the package as `ChessMove` (the name `Move` is the
 * core's 16-bit move number there).
 */
export class ChessMove {
  /** The colour of the moving piece. */
  color: ChessColor;
  /** Origin square. */
  from: ChessSquare;
  /** Destination square (the king's destination for castling). */
  to: ChessSquare;
  /** The moving piece. */
  piece: PieceSymbol;
  /** The captured piece (only on captures). */
  captured?: PieceSymbol;
  /** The piece promoted to (only on promotions). */
  promotion?: PieceSymbol;
  /**
   * chess.js's flag letters: `n` normal, `b` two-square pawn push, `e` en passant, `c`
   * capture, `p` promotion, `k`/`q` king-/queenside castling (deprecated in chess.js).
   */
  flags: string;
  /** Standard Algebraic Notation. */
  san: string;
  /** Long algebraic notation (`e2e4`, `e7e8q`, `e1g1`). */
  lan: string;
  /** FEN before the move. */
  before: string;
  /** FEN after the move. */
  after: string;

  /** @internal */
  constructor(
    color: ChessColor,
    from: ChessSquare,
    to: ChessSquare,
    piece: PieceSymbol,
    captured: PieceSymbol | undefined,
    promotion: PieceSymbol | undefined,
    flags: string,
    san: string,
    lan: string,
    before: string,
    after: string,
  ) {
    this.color = color;
    this.from = from;
    this.to = to;
    this.piece = piece;
    this.captured = captured;
    this.promotion = promotion;
    this.flags = flags;
    this.san = san;
    this.lan = lan;
    this.before = before;
    this.after = after;
  }

  /** A capture other than en passant (as in chess.js). */
  isCapture(): boolean {
    return this.flags.indexOf('c') > -1;
  }
  /** A promotion. */
  isPromotion(): boolean {
    return this.flags.indexOf('p') > -1;
  }
  /** An en passant capture. */
  isEnPassant(): boolean {
    return this.flags.indexOf('e') > -1;
  }
  /** Kingside castling. */
  isKingsideCastle(): boolean {
    return this.flags.indexOf('k') > -1;
  }
  /** Queenside castling. */
  isQueensideCastle(): boolean {
    return this.flags.indexOf('q') > -1;
  }
  /** A two-square pawn push. */
  isBigPawn(): boolean {
    return this.flags.indexOf('b') > -1;
  }
}

// ---- helpers -------------------------------------------------------------------------------

// Square index a1 = 0 -> name.
const NAMES: ChessSquare[] = Array.from({ length: 64 }, (_, s) => `${'abcdefgh'[s & 7]}${(s >> 3) + 1}` as ChessSquare);
// chess.js's listing order (a8 first) -> square index.
const SCAN: number[] = Array.from({ length: 64 }, (_, i) => (7 - (i >> 3)) * 8 + (i & 7));

function squareIndex(name: unknown): number {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const f = name.charCodeAt(0) - 97;
  const r = name.charCodeAt(1) - 49;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 8 + f : -1;
}

const FLAG_LETTERS: string[] = ['n', 'b', 'k', 'q', 'c', 'e', 'np', 'cp', 'np', 'np', 'np', 'np', 'cp', 'cp', 'cp', 'cp'];
const PROMOTION_LETTERS: (PieceSymbol | undefined)[] = [
  undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined,
  'n', 'b', 'r', 'q', 'n', 'b', 'r', 'q',
];

// chess.js lists moves by origin square (a8 ... h1), then by direction in a fixed order,
// then by distance, promotions n, b, r, q; castling last (kingside first). These keys
// reproduce that order (observed behaviour) for a stable sort of the core's list.
const SLIDER_DIRECTIONS: Record<string, number> = { '-1,1': 0, '0,1': 1, '1,1': 2, '1,0': 3, '1,-1': 4, '0,-1': 5, '-1,-1': 6, '-1,0': 7 };
const KNIGHT_DIRECTIONS: Record<string, number> = { '-2,1': 0, '-1,2': 1, '1,2': 2, '2,1': 3, '2,-1': 4, '1,-2': 5, '-1,-2': 6, '-2,-1': 7 };
const orderKeys = [new Int32Array(65536), new Int32Array(65536)]; // [isPawn][move], key + 1

function orderKey(m: MoveNumber, pawn: boolean): number {
  const table = orderKeys[pawn ? 1 : 0]!;
  const cached = table[m]!;
  if (cached) return cached;
  const flag = moveFlags(m);
  let key: number;
  if (flag === MoveFlag.CASTLE_KING || flag === MoveFlag.CASTLE_QUEEN) {
    key = 1_000_000 + (flag === MoveFlag.CASTLE_KING ? 0 : 1);
  } else {
    const from = moveFrom(m);
    const to = moveTo(m);
    const df = (to & 7) - (from & 7);
    const dr = (to >> 3) - (from >> 3);
    const scan = (7 - (from >> 3)) * 8 + (from & 7);
    let dir: number;
    let dist: number;
    if (pawn) {
      // pushes first, then captures: towards the a-file first for white, the h-file for black
      dist = Math.abs(dr);
      dir = df === 0 ? 0 : (df < 0) === (dr > 0) ? 1 : 2;
    } else if (Math.abs(df) + Math.abs(dr) === 3 && df !== 0 && dr !== 0) {
      dir = KNIGHT_DIRECTIONS[`${df},${dr}`]!;
      dist = 1;
    } else {
      dir = SLIDER_DIRECTIONS[`${Math.sign(df)},${Math.sign(dr)}`]!;
      dist = Math.max(Math.abs(df), Math.abs(dr));
    }
    const promo = flag >= MoveFlag.PROMO_KNIGHT ? (flag & 3) : 0;
    key = scan * 1000 + dir * 100 + dist * 10 + promo;
  }
  table[m] = key + 1;
  return key + 1;
}

/** The mutable state of a board that the core cannot hold (no kings, pawns on back ranks). */
interface RawState {
  board: (ChessPiece | null)[]; // by square index, a1 = 0
  turn: ChessColor;
  castling: string; // '-' or a subset of KQkq
  ep: string; // '-' or a square
  half: number;
  full: number;
}

function parseRaw(fen: string): RawState {
  const [placement = '', turn = 'w', castling = '-', ep = '-', half = '0', full = '1'] = fen.split(/\s+/);
  const board = new Array<ChessPiece | null>(64).fill(null);
  const rows = placement.split('/');
  for (let r = 0; r < 8; r++) {
    let f = 0;
    for (const ch of rows[r] ?? '') {
      if (ch >= '0' && ch <= '9') f += Number(ch); // chess.js skips a '0'
      else {
        const lower = ch.toLowerCase();
        if (f < 8 && PIECE_TYPES.includes(lower))
          board[(7 - r) * 8 + f] = { color: ch === lower ? 'b' : 'w', type: lower as PieceSymbol };
        f++;
      }
    }
  }
  return {
    board,
    turn: turn === 'b' ? 'b' : 'w',
    castling: castling.replace(/[^KQkq]/g, '') || '-',
    ep: /^[a-h][36]$/.test(ep) ? ep : '-',
    half: parseInt(half, 10) || 0,
    full: parseInt(full, 10) || 1,
  };
}

function rawPlacement(board: (ChessPiece | null)[]): string {
  let s = '';
  for (let r = 7; r >= 0; r--) {
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = board[r * 8 + f];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) s += empty;
      empty = 0;
      s += p.color === 'w' ? p.type.toUpperCase() : p.type;
    }
    if (empty) s += empty;
    if (r) s += '/';
  }
  return s;
}

function isPiece(board: (ChessPiece | null)[], sq: number, color: ChessColor, type: PieceSymbol): boolean {
  const p = board[sq];
  return !!p && p.color === color && p.type === type;
}

// Drops castling rights whose king or rook left its home square, and an en passant square
// that no double push could have left (as chess.js does after put/remove).
function normalise(raw: RawState): void {
  let castling = '';
  for (const c of raw.castling) {
    const white = c === 'K' || c === 'Q';
    const color: ChessColor = white ? 'w' : 'b';
    const home = white ? 0 : 56;
    const rook = c === 'K' || c === 'k' ? home + 7 : home;
    if (isPiece(raw.board, home + 4, color, 'k') && isPiece(raw.board, rook, color, 'r') && !castling.includes(c)) castling += c;
  }
  raw.castling = 'KQkq'.split('').filter((c) => castling.includes(c)).join('') || '-';
  if (raw.ep !== '-') {
    const sq = squareIndex(raw.ep);
    const us = raw.turn;
    const them: ChessColor = us === 'w' ? 'b' : 'w';
    const push = us === 'w' ? -8 : 8; // from the ep square to the pushed pawn
    const ok =
      (sq >> 3) === (us === 'w' ? 5 : 2) &&
      isPiece(raw.board, sq + push, them, 'p') &&
      !raw.board[sq] &&
      !raw.board[sq - push];
    if (!ok) raw.ep = '-';
  }
}

function rawFen(raw: RawState): string {
  return `${rawPlacement(raw.board)} ${raw.turn} ${raw.castling} ${raw.ep} ${raw.half} ${raw.full}`;
}

// chess.js's strict parser: the SAN of a legal move, compared without a trailing check/mate
// mark and annotation glyphs, and without the '=' of a promotion (so 'Nf3+' and 'e8Q' pass;
// over-disambiguated 'Nge7' and a misplaced mark, 'Nf+3', do not).
function strictKey(san: string): string {
  return san.replace(/[+#]?[!?]*$/, '').replace(/=([NBRQ])$/, '$1');
}
function strictSan(pos: Position, text: string): MoveNumber {
  const key = strictKey(text);
  if (key === '') return 0;
  for (const m of pos.legalMoves()) if (strictKey(pos.san(m)) === key) return m;
  return 0;
}

// The permissive parser: the core's tolerant SAN reader (a superset of chess.js's permissive
// forms), after chess.js's own extras: a trailing 'e.p.' and a lower-case piece letter before
// an origin square ('ng1f3').
function permissiveSan(pos: Position, text: string): MoveNumber {
  let t = text.replace(/\s*e\.p\.$/, '');
  if (/^[nbrqk][a-h][1-8][-x]?[a-h][1-8]/.test(t)) t = t[0]!.toUpperCase() + t.slice(1);
  // Forms that chess.js's permissive parser refuses, refused too (its superset is the
  // long algebraic forms: Pf2-f4, Ng1xf3, e2e4, e7e8q): a 'P' or a lower-case promotion
  // piece in short SAN, 'o-o', a capture mark on a non-capture in short SAN, king-to-rook.
  if (/^P/.test(t) && !/^P[a-h][1-8][-x]?[a-h][1-8]/.test(t)) return 0;
  if (/^[a-h](x[a-h])?[18]=?[nbrq][+#!?]*$/.test(t) || /^o-o/.test(t)) return 0;
  let m: MoveNumber;
  try {
    m = pos.parseSan(t);
  } catch {
    return 0;
  }
  const flag = moveFlags(m);
  const capture = flag === MoveFlag.CAPTURE || flag === MoveFlag.EN_PASSANT || flag >= MoveFlag.PROMO_KNIGHT_CAPTURE;
  if (!capture && /^[NBRQK]([a-h]|[1-8])?x[a-h][1-8]/.test(t)) return 0;
  if ((flag === MoveFlag.CASTLE_KING || flag === MoveFlag.CASTLE_QUEEN) && /^[a-h][1-8]-?[a-h][1-8]/.test(t)) {
    const to = t.replace('-', '').slice(2, 4);
    if (to[0] !== (flag === MoveFlag.CASTLE_KING ? 'g' : 'c')) return 0;
  }
  return m;
}

function invalidMove(move: unknown): IllegalMoveError {
  const text = typeof move === 'string' ? move : JSON.stringify(move);
  return new IllegalMoveError('illegal', `Invalid move: ${text}`, String(text));
}

// ---- PGN (through Game: the core's reader) --------------------------------------------------

// The SAN tolerances (the core's SanLeniency bits) that chess.js's permissive parser refuses:
// an 'x' on a non-capture without an origin square, lower-case 'o-o' and promotion pieces in
// short SAN, 'P' in short SAN.
const PERMISSIVE_REFUSED = SAN_EXTRA_CAPTURE_MARK | SAN_LOWER_CASE | SAN_SHORT_PAWN_LETTER;
// And its strict parser (which takes a missing or wrong check mark, annotation glyphs and a
// promotion without '=').
const STRICT_REFUSED =
  PERMISSIVE_REFUSED | SAN_ZERO_CASTLING | SAN_DISAMBIGUATION | SAN_LONG_ALGEBRAIC | SAN_CAPTURE_MARK | SAN_PAWN_LETTER;

// chess.js's parser error for a second comment in a row or a comment after a variation
// (its grammar allows one comment per move, before any variation).
const COMMENT_SYNTAX_ERROR =
  'Expected end of input, game termination marker, move number, standard algebraic notation, or whitespace but "{" found.';

// chess.js's comment text: a brace comment with its line breaks as spaces.
function commentText(c: string): string {
  return c.replace(/\r?\n/g, ' ');
}

// Reads the first game as chess.js's loadPgn does: tags in order, root FEN, main line (UCI),
// comments by ply (0 is the root position; one per position, as chess.js's grammar allows).
function readPgn(
  text: string,
  strict: boolean,
): { tags: [string, string][]; rootFen: string; result: string; uci: string[]; comments: Map<number, string> } {
  let game: Game;
  try {
    game = withCommandsAsText(() =>
      readFirstGame(text, {
        fenTagRule: strict ? 'WITH_SETUP' : 'ANY_CASE',
        dropContradicted: true,
        refusedTolerances: strict ? STRICT_REFUSED : PERMISSIVE_REFUSED,
        keepCommentSpace: true,
      }),
    );
  } catch (e) {
    // chess.js reads a text without a game as an empty game from the start position
    if (e instanceof PgnError && e.code === 'no-game') game = new Game();
    else throw chessJsPgnError(e);
  }
  try {
    const nodes = game.mainlineNodes();
    const comments = new Map<number, string>();
    const syntax = () => new PgnError('invalid-pgn', COMMENT_SYNTAX_ERROR, 0, 0, 'UNEXPECTED_CHARACTER', '{');
    const add = (ply: number, parts: string[]) => {
      if (parts.length === 0) return;
      if (parts.length > 1 || comments.has(ply)) throw syntax();
      comments.set(ply, commentText(parts[0]!));
    };
    add(0, game.root.commentsAfter);
    nodes.forEach((n, i) => {
      if (n.commentsBefore.length) throw syntax();
      add(i + 1, n.commentsAfter);
    });
    return {
      tags: [...game.tags],
      rootFen: game.rootFen,
      result: String(game.result),
      uci: nodes.map((n) => (n.move === 0 ? '0000' : n.uci)),
      comments,
    };
  } finally {
    game.dispose();
  }
}

// chess.js's message for a PGN the core refuses, from its code (the core's line and column kept).
function chessJsPgnError(e: unknown): unknown {
  if (!(e instanceof PgnError)) return e;
  const as = (message: string) => new PgnError(e.code, message, e.line, e.column, e.reason, e.detail);
  switch (e.reason) {
    case 'ILLEGAL_MOVE':
    case 'AMBIGUOUS_MOVE':
    case 'REFUSED_TOLERANCE':
      return as(`Invalid move in PGN: ${e.detail}`);
    case 'SETUP_WITHOUT_FEN':
      return as('Invalid PGN: FEN tag must be supplied with SetUp tag');
    case 'BAD_FEN_TAG': {
      // chess.js's verdict on the tag, else the core's reason (by its code)
      const fen = e.detail ?? '';
      const { ok, error } = validateFen(padFen(fen));
      if (!ok) return as(error!);
      try {
        Position.fromFen(fen).dispose();
      } catch (f) {
        if (f instanceof FenError && f.code !== 'NOT_A_STRING') return as(`Invalid FEN: ${fenErrorMessage(f.code)}`);
      }
      return e;
    }
    default:
      return e;
  }
}

// chess.js's padding of a FEN with 2 to 5 fields (load()).
function padFen(fen: string): string {
  const tokens = fen.split(/\s+/);
  if (tokens.length >= 2 && tokens.length < 6) return tokens.concat(['-', '-', '0', '1'].slice(-(6 - tokens.length))).join(' ');
  return fen;
}

// ---- Chess ---------------------------------------------------------------------------------

interface HistoryEntry {
  move: ChessMove;
  number: MoveNumber; // the core's move, 0 for a null move
}

/**
 * A game of chess with chess.js 1.x's API, on the core. See docs/chessjs-migration.md,
 * "Differences", for the few documented differences.
 */
export class Chess {
  // The core position (null while the board is one the core cannot hold, e.g. no kings).
  #pos: Position | null = null;
  // The board while #pos is null.
  #raw: RawState | null = null;
  #history: HistoryEntry[] = [];
  #header: Record<string, string | null> = {};
  #comments = new Map<string, string>();
  #fenCache: string | null = null;

  /**
   * @param fen - the position (default: the start position).
   * @param options - `skipValidation`: load a FEN that chess.js's checks would refuse.
   * @throws Error (a {@link FenError}) `'Invalid FEN: ...'` for a bad FEN.
   */
  constructor(fen: string = DEFAULT_POSITION, { skipValidation = false }: { skipValidation?: boolean } = {}) {
    this.#resetHeaders();
    this.load(fen, { skipValidation });
  }

  #resetHeaders(): void {
    const h: Record<string, string | null> = { ...SEVEN_TAG_ROSTER };
    for (const t of SUPPLEMENTAL_TAGS) h[t] = null;
    this.#header = h;
  }

  #touch(): void {
    this.#fenCache = null;
  }

  // Sets the board from a FEN: into the core when it can hold it, else as a raw board.
  // Clears the history. Throws a FenError (unless allowRaw) when the core refuses it.
  #setBoard(fen: string, allowRaw: boolean): void {
    const raw = parseRaw(fen);
    normalise(raw);
    const normalised = rawFen(raw);
    let pos: Position | null = null;
    try {
      try {
        pos = Position.fromFen(normalised);
      } catch (e) {
        // an en passant square that the core finds impossible (a check that the double push
        // cannot have given): the position without it
        if (!(e instanceof FenError) || raw.ep === '-' || !allowRaw) throw e;
        raw.ep = '-';
        pos = Position.fromFen(rawFen(raw));
      }
    } catch (e) {
      if (!(e instanceof FenError)) throw e;
      if (!allowRaw) {
        const why = e.code === 'NOT_A_STRING' ? 'a FEN must be a string' : fenErrorMessage(e.code);
        throw new FenError(e.code, `Invalid FEN: ${why}`, fen);
      }
    }
    this.#pos?.dispose();
    this.#pos = pos;
    this.#raw = pos ? null : raw;
    this.#history = [];
    this.#touch();
  }

  /**
   * Empties the board (white to move, no castling). Headers are reset unless
   * `preserveHeaders`.
   */
  clear({ preserveHeaders = false }: { preserveHeaders?: boolean } = {}): void {
    this.#setBoard('8/8/8/8/8/8/8/8 w - - 0 1', true);
    this.#comments.clear();
    if (!preserveHeaders) this.#resetHeaders();
    // as chess.js: an empty board has no set-up headers (put() and load() add them)
    this.#header['SetUp'] = null;
    this.#header['FEN'] = null;
  }

  /**
   * Loads a FEN (missing trailing fields default to `w - - 0 1`), clearing the moves.
   * @throws Error (a {@link FenError}) `'Invalid FEN: ...'`; nothing changes then.
   */
  load(fen: string, { skipValidation = false, preserveHeaders = false }: { skipValidation?: boolean; preserveHeaders?: boolean } = {}): void {
    let tokens = typeof fen === 'string' ? fen.split(/\s+/) : [];
    if (tokens.length >= 2 && tokens.length < 6) {
      const defaults = ['w', '-', '-', '0', '1'];
      tokens = tokens.concat(defaults.slice(tokens.length - 1));
      fen = tokens.join(' ');
    }
    if (!skipValidation) {
      const { ok, error } = validateFen(fen);
      if (!ok) throw new FenError('EMPTY', error!, String(fen));
    } else if (typeof fen !== 'string' || tokens.length < 1) {
      throw new FenError('NOT_A_STRING', 'Invalid FEN: must contain six space-delimited fields', String(fen));
    }
    this.#setBoard(fen, skipValidation);
    this.#comments.clear();
    if (!preserveHeaders) this.#resetHeaders();
    this.#updateSetup(fen);
  }

  #updateSetup(fen: string): void {
    if (fen !== DEFAULT_POSITION) {
      this.#header['SetUp'] = '1';
      this.#header['FEN'] = fen;
    } else {
      this.#header['SetUp'] = null;
      this.#header['FEN'] = null;
    }
  }

  /** Resets to the start position (and default headers). */
  reset(): void {
    this.load(DEFAULT_POSITION);
  }

  // chess.js's FEN: the en passant square only when an en passant capture is legal.
  #fenOf(pos: Position, force: boolean): string {
    const f = pos.fen();
    if (force) return f;
    const end = f.lastIndexOf(' ', f.lastIndexOf(' ') - 1);
    const start = f.lastIndexOf(' ', end - 1);
    if (f.charCodeAt(start + 1) === 45 /* - */) return f;
    for (const m of pos.legalMoves()) if (moveFlags(m) === MoveFlag.EN_PASSANT) return f;
    return `${f.slice(0, start + 1)}-${f.slice(end)}`;
  }

  /**
   * The FEN. The en passant square is written only when an en passant capture is legal,
   * unless `forceEnpassantSquare`.
   */
  fen({ forceEnpassantSquare = false }: { forceEnpassantSquare?: boolean } = {}): string {
    if (!this.#pos) {
      const raw = this.#raw!;
      return forceEnpassantSquare || raw.ep === '-' ? rawFen(raw) : rawFen({ ...raw, ep: '-' });
    }
    if (forceEnpassantSquare) return this.#pos.fen();
    return (this.#fenCache ??= this.#fenOf(this.#pos, false));
  }

  // A mutable copy of the current board state.
  #snapshot(): RawState {
    return parseRaw(this.#pos ? this.#pos.fen() : rawFen(this.#raw!));
  }

  /** The piece on a square, or `undefined`. */
  get(square: ChessSquare): ChessPiece | undefined {
    const sq = squareIndex(square);
    if (sq < 0) return undefined;
    if (!this.#pos) {
      const p = this.#raw!.board[sq];
      return p ? { type: p.type, color: p.color } : undefined;
    }
    const p = this.#pos.pieceAt(sq);
    return p ? { type: p.type as PieceSymbol, color: p.color } : undefined;
  }

  /** The squares holding a piece, in chess.js's order (a8 ... h1). */
  findPiece(piece: ChessPiece): ChessSquare[] {
    const out: ChessSquare[] = [];
    for (const sq of SCAN) {
      const p = this.get(NAMES[sq]!);
      if (p && p.type === piece?.type && p.color === piece?.color) out.push(NAMES[sq]!);
    }
    return out;
  }

  /**
   * Places a piece. `false` (and no change) for a bad piece or square, or a second king of a
   * colour. The position is then re-loaded from the edited board (see
   * docs/chessjs-migration.md: board edits start a new move history).
   */
  put({ type, color }: { type: PieceSymbol; color: ChessColor }, square: ChessSquare): boolean {
    const sq = squareIndex(square);
    if (sq < 0 || typeof type !== 'string' || !PIECE_TYPES.includes(type) || type.length !== 1) return false;
    if (color !== 'w' && color !== 'b') return false;
    const raw = this.#snapshot();
    if (type === 'k' && raw.board.some((p, i) => i !== sq && p?.type === 'k' && p.color === color)) return false;
    raw.board[sq] = { type, color };
    this.#edit(raw);
    return true;
  }

  /** Removes and returns the piece on a square (`undefined` if it is empty). */
  remove(square: ChessSquare): ChessPiece | undefined {
    const piece = this.get(square);
    if (!piece) {
      // chess.js drops the en passant square even when the square was empty
      if (squareIndex(square) >= 0 && this.fen().split(' ')[3] !== '-') this.#edit(this.#snapshot());
      else if (this.#history.length === 0) this.#updateSetup(this.fen());
      return undefined;
    }
    const raw = this.#snapshot();
    raw.board[squareIndex(square)] = null;
    this.#edit(raw);
    return piece;
  }

  #edit(raw: RawState, clearEp = true): void {
    // chess.js drops the en passant square on every put/remove
    if (clearEp) raw.ep = '-';
    normalise(raw);
    // chess.js sets the SetUp/FEN headers from the edited board while no move was played
    // (dropping them when the board is the start position again)
    const fresh = this.#history.length === 0;
    this.#setBoard(rawFen(raw), true);
    if (fresh && clearEp) this.#updateSetup(this.fen());
  }

  /**
   * The squares of the pieces of a colour (default: the side to move) that attack a square,
   * pinned pieces included, in chess.js's order.
   */
  attackers(square: ChessSquare, attackedBy?: ChessColor): ChessSquare[] {
    const sq = squareIndex(square);
    if (sq < 0 || !this.#pos) return [];
    const color = attackedBy ?? this.turn();
    const bits = this.#pos.attackers(sq);
    const out: ChessSquare[] = [];
    if (bits === 0n) return out;
    for (const s of SCAN) {
      if ((bits >> BigInt(s)) & 1n && this.#pos.pieceAt(s)?.color === color) out.push(NAMES[s]!);
    }
    return out;
  }

  /** The Polyglot key of the position as 16 hex digits (chess.js has its own hash). */
  hash(): string {
    if (!this.#pos) return '0000000000000000';
    return this.#pos.hashHex();
  }

  /** Whether a piece of the colour attacks the square (pinned pieces included). */
  isAttacked(square: ChessSquare, attackedBy: ChessColor): boolean {
    return this.attackers(square, attackedBy).length > 0;
  }

  /** Whether the side to move is in check. */
  isCheck(): boolean {
    return this.#pos ? this.#pos.isCheck() : false;
  }

  /** Same as {@link Chess.isCheck}. */
  inCheck(): boolean {
    return this.isCheck();
  }

  /** Whether the side to move is checkmated. */
  isCheckmate(): boolean {
    return this.#pos ? this.#pos.isCheckmate() : false;
  }

  /** Whether the side to move is stalemated (a board without kings has no moves: true). */
  isStalemate(): boolean {
    return this.#pos ? this.#pos.isStalemate() : true;
  }

  /** Whether neither side can mate (the core's rule: K v K, K+N v K, same-coloured bishops). */
  isInsufficientMaterial(): boolean {
    if (!this.#pos) return false;
    return this.#pos.outcome()?.termination === 'INSUFFICIENT_MATERIAL';
  }

  /** Whether the current position occurred at least three times since the last load. */
  isThreefoldRepetition(): boolean {
    return this.#pos ? this.#pos.repetitionCount({ acrossNullMoves: true }) >= 3 : false;
  }

  /** Whether 100 plies passed without a capture or pawn move. */
  isDrawByFiftyMoves(): boolean {
    return (this.#pos ? this.#pos.halfmoves : this.#raw!.half) >= 100;
  }

  /** Fifty moves, stalemate, insufficient material or threefold repetition. */
  isDraw(): boolean {
    return this.isDrawByFiftyMoves() || this.isStalemate() || this.isInsufficientMaterial() || this.isThreefoldRepetition();
  }

  /** Checkmate or a draw ({@link Chess.isDraw}). */
  isGameOver(): boolean {
    return this.isCheckmate() || this.isDraw();
  }

  // The verbose move of a legal core move (not played).
  #verbose(pos: Position, m: MoveNumber, before: string, san: string = pos.san(m)): ChessMove {
    const flag = moveFlags(m);
    const from = moveFrom(m);
    const turn = pos.turn;
    const piece = pos.pieceAt(from)!.type as PieceSymbol;
    const lan = pos.uci(m);
    let captured: PieceSymbol | undefined;
    if (flag === MoveFlag.EN_PASSANT) captured = 'p';
    else if (flag === MoveFlag.CAPTURE || flag >= MoveFlag.PROMO_KNIGHT_CAPTURE)
      captured = pos.pieceAt(moveTo(m))!.type as PieceSymbol;
    pos.play(m);
    const after = this.#fenOf(pos, false);
    pos.undo();
    return new ChessMove(
      turn,
      lan.slice(0, 2) as ChessSquare,
      lan.slice(2, 4) as ChessSquare,
      piece,
      captured,
      PROMOTION_LETTERS[flag],
      FLAG_LETTERS[flag]!,
      san,
      lan,
      before,
      after,
    );
  }

  // The legal moves in chess.js's order, optionally from one square / of one piece type,
  // with their SAN (computed among all legal moves, in one call into wasm).
  #legal(square: string | undefined, piece: string | undefined): { moves: MoveNumber[]; sans: string[] } {
    const pos = this.#pos;
    if (!pos) return { moves: [], sans: [] };
    let from = -1;
    if (square !== undefined) {
      from = squareIndex(square);
      if (from < 0) return { moves: [], sans: [] };
    }
    const list = pos.legalMoves();
    const allSans = pos.legalSan();
    const moves: MoveNumber[] = [];
    const sans: string[] = [];
    const keys: number[] = [];
    for (let i = 0; i < list.length; i++) {
      const m = list[i]!;
      const f = moveFrom(m);
      if (from >= 0 && f !== from) continue;
      const type = pos.pieceAt(f)!.type;
      if (piece !== undefined && type !== piece) continue;
      moves.push(m);
      sans.push(allSans[i]!);
      keys.push(orderKey(m, type === 'p'));
    }
    // insertion sort by key (lists are short and nearly sorted)
    for (let i = 1; i < moves.length; i++) {
      const k = keys[i]!;
      const m = moves[i]!;
      const san = sans[i]!;
      let j = i - 1;
      while (j >= 0 && keys[j]! > k) {
        keys[j + 1] = keys[j]!;
        moves[j + 1] = moves[j]!;
        sans[j + 1] = sans[j]!;
        j--;
      }
      keys[j + 1] = k;
      moves[j + 1] = m;
      sans[j + 1] = san;
    }
    return { moves, sans };
  }

  /**
   * The legal moves, in chess.js's order: SAN strings, or {@link ChessMove} objects with
   * `verbose`; `square` and `piece` restrict them.
   */
  moves(): string[];
  moves(options: { square: ChessSquare }): string[];
  moves(options: { piece: PieceSymbol }): string[];
  moves(options: { square: ChessSquare; piece: PieceSymbol }): string[];
  moves(options: { verbose: true; square?: ChessSquare }): ChessMove[];
  moves(options: { verbose: false; square?: ChessSquare }): string[];
  moves(options: { verbose?: boolean; square?: ChessSquare }): string[] | ChessMove[];
  moves(options: { verbose: true; piece?: PieceSymbol }): ChessMove[];
  moves(options: { verbose: false; piece?: PieceSymbol }): string[];
  moves(options: { verbose?: boolean; piece?: PieceSymbol }): string[] | ChessMove[];
  moves(options: { verbose: true; square?: ChessSquare; piece?: PieceSymbol }): ChessMove[];
  moves(options: { verbose: false; square?: ChessSquare; piece?: PieceSymbol }): string[];
  moves(options: { verbose?: boolean; square?: ChessSquare; piece?: PieceSymbol }): string[] | ChessMove[];
  moves(options: { square?: ChessSquare; piece?: PieceSymbol }): ChessMove[];
  moves({ verbose = false, square, piece }: { verbose?: boolean; square?: ChessSquare; piece?: PieceSymbol } = {}): string[] | ChessMove[] {
    const pos = this.#pos;
    if (!pos) return [];
    const { moves, sans } = this.#legal(square, piece);
    if (verbose) {
      const before = this.fen();
      return moves.map((m, i) => this.#verbose(pos, m, before, sans[i]));
    }
    return sans;
  }

  /**
   * Plays a move: SAN (permissive by default, exact SAN with `strict`; UCI/long algebraic
   * accepted when permissive), a `{ from, to, promotion? }` object, or `null` (a null move).
   * @returns the move played.
   * @throws Error (an {@link IllegalMoveError}) `'Invalid move: ...'`; nothing changes then.
   */
  move(move: string | { from: string; to: string; promotion?: string } | null, { strict = false }: { strict?: boolean } = {}): ChessMove {
    const pos = this.#pos;
    if (move === null) return this.#nullMove();
    if (!pos) throw invalidMove(move);
    let m: MoveNumber = 0;
    if (typeof move === 'string') {
      if (move === '--') return this.#nullMove();
      m = strict ? strictSan(pos, move) : permissiveSan(pos, move);
      if (!m) throw invalidMove(move);
    } else if (typeof move === 'object') {
      m = this.#fromObject(pos, move);
      if (!m) throw invalidMove(move);
    } else {
      throw invalidMove(move);
    }
    return this.#commit(pos, m);
  }

  #commit(pos: Position, m: MoveNumber): ChessMove {
    const before = this.fen();
    const record = this.#verbose(pos, m, before);
    pos.play(m);
    this.#history.push({ move: record, number: m });
    this.#fenCache = record.after;
    return record;
  }

  #fromObject(pos: Position, move: { from: string; to: string; promotion?: string }): MoveNumber {
    const from = squareIndex(move.from);
    const to = squareIndex(move.to);
    if (from < 0 || to < 0) return 0;
    for (const m of pos.legalMoves()) {
      if (moveFrom(m) !== from) continue;
      const flag = moveFlags(m);
      let dest = moveTo(m);
      if (flag === MoveFlag.CASTLE_KING) dest = (from & 56) + 6;
      else if (flag === MoveFlag.CASTLE_QUEEN) dest = (from & 56) + 2;
      if (dest !== to) continue;
      const promo = PROMOTION_LETTERS[flag];
      if (promo !== undefined && promo !== move.promotion) continue;
      return m;
    }
    return 0;
  }

  #nullMove(): ChessMove {
    const pos = this.#pos;
    if (!pos) throw invalidMove(null);
    if (pos.isCheck()) throw new IllegalMoveError('illegal', 'Null move not allowed when in check', '--');
    const before = this.fen();
    const color = pos.turn;
    pos.playNull();
    this.#touch();
    const record = new ChessMove(color, 'a8', 'a8', 'k', undefined, undefined, '-', '--', 'a8a8', before, this.fen());
    this.#history.push({ move: record, number: 0 });
    return record;
  }

  /** Takes back the last move: the move, or `null` when there is none. */
  undo(): ChessMove | null {
    const entry = this.#history.pop();
    if (!entry) return null;
    this.#pos!.undo();
    this.#fenCache = entry.move.before;
    return entry.move;
  }

  /**
   * The game in PGN, laid out as chess.js lays it out: headers (the Seven Tag Roster and any
   * set), comments as `{text}` and the moves (their SAN from the core); `maxWidth` wraps the
   * movetext (chess.js's wrapping, spaces lost included), `newline` joins lines.
   */
  pgn({ newline = '\n', maxWidth = 0 }: { newline?: string; maxWidth?: number } = {}): string {
    const result: string[] = [];
    let headerExists = false;
    for (const [k, v] of Object.entries(this.#header)) {
      if (v) result.push(`[${k} "${v}"]${newline}`);
      headerExists = true;
    }
    const history = this.#history;
    if (headerExists && history.length) result.push(newline);
    this.#pruneComments();
    const fens = this.#lineFens();
    const appendComment = (moveString: string, ply: number): string => {
      const comment = this.#comments.get(fens[ply]!);
      if (comment === undefined) return moveString;
      return `${moveString}${moveString.length > 0 ? ' ' : ''}{${comment}}`;
    };
    const moves: string[] = [];
    let moveString = '';
    if (history.length === 0) moves.push(appendComment('', 0));
    history.forEach(({ move }, i) => {
      moveString = appendComment(moveString, i);
      const number = move.before.slice(move.before.lastIndexOf(' ') + 1);
      if (i === 0 && move.color === 'b') {
        const prefix = `${number}. ...`;
        moveString = moveString ? `${moveString} ${prefix}` : prefix;
      } else if (move.color === 'w') {
        if (moveString.length) moves.push(moveString);
        moveString = `${number}.`;
      }
      moveString = `${moveString} ${move.san}`;
    });
    if (moveString.length) moves.push(appendComment(moveString, history.length));
    moves.push(this.#header['Result'] || '*');
    if (maxWidth === 0) return result.join('') + moves.join(' ');
    // chess.js's wrapping, as it does it
    const strip = (): boolean => {
      if (result.length > 0 && result[result.length - 1] === ' ') {
        result.pop();
        return true;
      }
      return false;
    };
    const wrapComment = (width: number, move: string): number => {
      for (const token of move.split(' ')) {
        if (!token) continue;
        if (width + token.length > maxWidth) {
          while (strip()) width--;
          result.push(newline);
          width = 0;
        }
        result.push(token);
        width += token.length;
        result.push(' ');
        width++;
      }
      if (strip()) width--;
      return width;
    };
    let currentWidth = 0;
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i]!;
      if (currentWidth + m.length > maxWidth && m.includes('{')) {
        currentWidth = wrapComment(currentWidth, m);
        continue;
      }
      if (currentWidth + m.length > maxWidth && i !== 0) {
        if (result[result.length - 1] === ' ') result.pop();
        result.push(newline);
        currentWidth = 0;
      } else if (i !== 0) {
        result.push(' ');
        currentWidth++;
      }
      result.push(m);
      currentWidth += m.length;
    }
    return result.join('');
  }

  #rootFen(): string {
    return this.#history.length ? this.#history[0]!.move.before : this.fen();
  }

  // chess.js FENs of the positions of the line: root, then after each move.
  #lineFens(): string[] {
    return [this.#rootFen(), ...this.#history.map((h) => h.move.after)];
  }

  /**
   * Sets header pairs (`header('White', 'Morphy', ...)`) and returns every header, unset
   * ones as `null`.
   * @deprecated as in chess.js: use {@link Chess.setHeader} and {@link Chess.getHeaders}.
   */
  header(...args: string[]): Record<string, string | null> {
    for (let i = 0; i < args.length; i += 2) {
      if (typeof args[i] === 'string' && typeof args[i + 1] === 'string') this.#header[args[i]!] = args[i + 1]!;
    }
    return { ...this.#header };
  }

  /** Sets a header; returns the headers that are set. */
  setHeader(key: string, value: string): Record<string, string> {
    this.#header[key] = value ?? SEVEN_TAG_ROSTER[key] ?? null;
    return this.getHeaders();
  }

  /**
   * Removes a header (a Seven Tag Roster one goes back to its default); whether the key was
   * known (set, or one of the tags chess.js lists as `null` in {@link Chess.header}).
   */
  removeHeader(key: string): boolean {
    if (key in this.#header) {
      this.#header[key] = SEVEN_TAG_ROSTER[key] ?? null;
      return true;
    }
    return false;
  }

  /** The headers that are set. */
  getHeaders(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.#header)) if (v !== null) out[k] = v;
    return out;
  }

  /**
   * Loads the first game of a PGN text through the core's PGN reader (main line, headers,
   * one comment per position; variations and NAGs are read and dropped, as chess.js does).
   * The position comes from the last tag named FEN in any case, or with `strict` from the
   * FEN tag with `[SetUp "1"]` only; castling rights and an en passant square the board
   * contradicts are dropped. `strict` refuses the SAN forms chess.js's strict parser refuses
   * (`0-0`, `e2e4`, `Pe2-e4`, needless disambiguation, a wrong capture mark).
   * `newlineChar`: a RegExp fragment for unusual line separators.
   * @throws Error (a {@link PgnError}) for a malformed game or an illegal move; nothing
   * changes then.
   */
  loadPgn(pgn: string, { strict = false, newlineChar = '\r?\n' }: { strict?: boolean; newlineChar?: string } = {}): void {
    let text = String(pgn);
    if (newlineChar !== '\r?\n') text = text.replace(new RegExp(newlineChar, 'g'), '\n');
    // chess.js writes a first move by black as '17. ... Nf6': the export format's '17...'
    // (outside comments).
    text = text
      .split(/(\{[^}]*\})/)
      .map((part, i) => (i % 2 ? part : part.replace(/(\d+)\.\s+\.\.\./g, '$1...')))
      .join('');
    const game = readPgn(text, strict === true);
    // Build the new state aside, then commit (a failure leaves this object unchanged).
    const next = new Chess(game.rootFen, { skipValidation: true });
    for (const u of game.uci) {
      if (u === '0000') next.move(null);
      else next.#commit(next.#pos!, next.#pos!.parseUci(u));
    }
    this.#pos?.dispose();
    this.#pos = next.#pos;
    this.#raw = next.#raw;
    this.#history = next.#history;
    next.#pos = null;
    this.#touch();
    this.#resetHeaders();
    for (const [k, v] of game.tags) this.#header[k] = v;
    if (!game.tags.some(([k]) => k === 'Result')) this.#header['Result'] = game.result;
    // The tag chess.js loads the position of: permissive, the last FEN tag in any case;
    // strict, the FEN tag with [SetUp "1"]. SetUp and FEN headers then as load() sets them.
    const fenTag = strict
      ? game.tags.some(([k, v]) => k === 'SetUp' && v === '1') && game.tags.find(([k]) => k === 'FEN')
      : game.tags.filter(([k]) => k.toLowerCase() === 'fen').pop();
    if (fenTag) this.#updateSetup(padFen(fenTag[1]));
    this.#comments = new Map();
    const fens = this.#lineFens();
    for (const [ply, c] of game.comments) {
      const f = fens[ply];
      if (f !== undefined) this.#comments.set(f, c);
    }
  }

  /** An ASCII diagram of the board (chess.js's layout). */
  ascii(): string {
    let s = '   +------------------------+\n';
    for (let r = 7; r >= 0; r--) {
      s += ` ${r + 1} |`;
      for (let f = 0; f < 8; f++) {
        const p = this.get(NAMES[r * 8 + f]!);
        s += ` ${p ? (p.color === 'w' ? p.type.toUpperCase() : p.type) : '.'} `;
      }
      s += '|\n';
    }
    s += '   +------------------------+\n';
    s += '     a  b  c  d  e  f  g  h';
    return s;
  }

  /** Perft: leaf nodes of the legal move tree `depth` plies deep. */
  perft(depth: number): number {
    return this.#pos ? this.#pos.perft(depth) : 0;
  }

  /**
   * Sets the side to move by playing a null move (undoable, `'--'` in the history).
   * @returns `false` when that side is already to move.
   * @throws Error `'Null move not allowed when in check'`.
   */
  setTurn(color: ChessColor): boolean {
    if (this.turn() === color) return false;
    if (!this.#pos) {
      const raw = this.#raw!;
      // as chess.js's null move (any other value flips too): the clocks count it
      if (raw.turn === 'b') raw.full++;
      raw.turn = raw.turn === 'w' ? 'b' : 'w';
      raw.half++;
      raw.ep = '-';
      this.#edit(raw);
      return true;
    }
    this.move(null);
    return true;
  }

  /** The side to move. */
  turn(): ChessColor {
    return this.#pos ? this.#pos.turn : this.#raw!.turn;
  }

  /** The board as 8 rows (rank 8 first) of `{ square, type, color }` or `null`. */
  board(): ({ square: ChessSquare; type: PieceSymbol; color: ChessColor } | null)[][] {
    const rows: ({ square: ChessSquare; type: PieceSymbol; color: ChessColor } | null)[][] = [];
    for (let r = 7; r >= 0; r--) {
      const row: ({ square: ChessSquare; type: PieceSymbol; color: ChessColor } | null)[] = [];
      for (let f = 0; f < 8; f++) {
        const square = NAMES[r * 8 + f]!;
        const p = this.get(square);
        row.push(p ? { square, type: p.type, color: p.color } : null);
      }
      rows.push(row);
    }
    return rows;
  }

  /** `'light'` or `'dark'`, or `null` for a bad square name. */
  squareColor(square: ChessSquare): 'light' | 'dark' | null {
    const sq = squareIndex(square);
    if (sq < 0) return null;
    return ((sq & 7) + (sq >> 3)) % 2 === 0 ? 'dark' : 'light';
  }

  /** The moves played since the last load: SAN, or {@link ChessMove} objects with `verbose`. */
  history(): string[];
  history(options: { verbose: true }): ChessMove[];
  history(options: { verbose: false }): string[];
  history(options: { verbose: boolean }): string[] | ChessMove[];
  history({ verbose = false }: { verbose?: boolean } = {}): string[] | ChessMove[] {
    return verbose ? this.#history.map((h) => h.move) : this.#history.map((h) => h.move.san);
  }

  // Keeps only the comments of positions of the current line.
  #pruneComments(): void {
    if (this.#comments.size === 0) return;
    const live = new Set(this.#lineFens());
    for (const f of [...this.#comments.keys()]) if (!live.has(f)) this.#comments.delete(f);
  }

  /** The comment of the current position, or `undefined`. */
  getComment(): string {
    return this.#comments.get(this.fen()) as string;
  }

  /** Comments the current position (`{`/`}` become `[`/`]`). */
  setComment(comment: string): void {
    this.#comments.set(this.fen(), String(comment).replace('{', '[').replace('}', ']'));
  }

  /** @deprecated Renamed {@link Chess.removeComment}, as in chess.js. */
  deleteComment(): string {
    return this.removeComment();
  }

  /** Removes and returns the comment of the current position (`undefined` if none). */
  removeComment(): string {
    const f = this.fen();
    const c = this.#comments.get(f);
    this.#comments.delete(f);
    return c as string;
  }

  /** The comments of the positions of the current line, `{ fen, comment }`. */
  getComments(): { fen: string; comment: string }[] {
    this.#pruneComments();
    return [...this.#comments].map(([fen, comment]) => ({ fen, comment }));
  }

  /** @deprecated Renamed {@link Chess.removeComments}, as in chess.js. */
  deleteComments(): { fen: string; comment: string }[] {
    return this.removeComments();
  }

  /** Removes and returns every comment. */
  removeComments(): { fen: string; comment: string }[] {
    const out = this.getComments();
    this.#comments.clear();
    return out;
  }

  /**
   * Sets castling rights of a colour; `false` when a requested right cannot be had (king or
   * rook not on its home square). A change re-loads the position (a new move history).
   */
  setCastlingRights(color: ChessColor, rights: Partial<Record<'k' | 'q', boolean>>): boolean {
    const raw = this.#snapshot();
    const [kLetter, qLetter] = color === 'w' ? ['K', 'Q'] : color === 'b' ? ['k', 'q'] : ['', ''];
    if (!kLetter) return true;
    let castling = raw.castling === '-' ? '' : raw.castling;
    for (const [key, letter] of [['k', kLetter], ['q', qLetter]] as const) {
      const want = rights?.[key];
      if (want === undefined) continue;
      castling = castling.replace(letter!, '');
      if (want) castling += letter;
    }
    const before = raw.castling;
    raw.castling = castling || '-';
    normalise(raw);
    if (raw.castling !== before) this.#edit(raw, false);
    const now = this.getCastlingRights(color);
    return (rights?.k === undefined || rights.k === now.k) && (rights?.q === undefined || rights.q === now.q);
  }

  /** The castling rights of a colour (not whether castling is legal now). */
  getCastlingRights(color: ChessColor): { k: boolean; q: boolean } {
    if (color !== 'w' && color !== 'b') return { k: false, q: false };
    const castling = this.#pos ? this.#pos.fen().split(' ')[2]! : this.#raw!.castling;
    const [k, q] = color === 'w' ? ['K', 'Q'] : ['k', 'q'];
    return { k: castling.includes(k), q: castling.includes(q) };
  }

  /** The fullmove number. */
  moveNumber(): number {
    return this.#pos ? this.#pos.fullmoves : this.#raw!.full;
  }
}
