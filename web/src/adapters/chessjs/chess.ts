/**
 * `Chess`: a drop-in replacement for chess.js 1.x over the core (`Position`, `Game`).
 *
 * Same class name, constructor, methods, overloads, option objects, return shapes,
 * constants and error messages as chess.js 1.4, so that `import { Chess } from 'chesswasm/chessjs'`
 * replaces `import { Chess } from 'chess.js'`. Every rule (legality, SAN, check, mate,
 * draws, repetition, SAN) and all PGN reading and writing come from the C++ core (PGN in
 * chess.js's layout: the core's PgnStyle CHESS_JS); this file adapts shapes and keeps what
 * is chess.js's presentation (its messages, its move order, its FEN dialect). The
 * differences from chess.js are listed in docs/chessjs-migration.md.
 * @module
 */
import { withCommandsAsText } from '../../games/comment-commands.js';
import { FenError, IllegalMoveError, PgnError, type FenErrorCode } from '../../boundary/errors.js';
import {
  MoveFlag,
  type Move as MoveNumber,
  SQUARE_NAMES,
  isCapture,
  isCastling,
  isEnPassant,
  isPromotion,
  moveFlags,
  moveFrom,
  movePromotion,
  moveTo,
  parseSquare,
} from '../../core/move.js';
import {
  FIFTY_MOVE_PLIES,
  MAX_FULLMOVE_NUMBER,
  MAX_HALFMOVE_CLOCK,
  MAX_SAN_LENGTH,
  SAN_CAPTURE_MARK,
  SAN_DISAMBIGUATION,
  SAN_EXTRA_CAPTURE_MARK,
  SAN_LONG_ALGEBRAIC,
  SAN_LOWER_CASE,
  SAN_PAWN_LETTER,
  SAN_SHORT_PAWN_LETTER,
  SAN_ZERO_CASTLING,
  START_FENS,
} from '../../boundary/boundary.js';
import { Game, readFirstGame } from '../../games/game.js';
import { type TreeNode, writeNodes } from '../../games/tree-codec.js';
import { Position, VARIANTS, fenErrorMessage, nativePosition } from '../../core/position.js';
import { writeString } from '../../boundary/wasm.js';
import { Setup } from '../../core/setup.js';

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
export type Color = 'w' | 'b';
/** A piece letter, as in chess.js. */
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
/** A square name, as in chess.js (`'a8'` ... `'h1'`). */
export type Square = `${'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h'}${'1' | '2' | '3' | '4' | '5' | '6' | '7' | '8'}`;
/** A piece, as in chess.js. */
export interface Piece {
  color: Color;
  type: PieceSymbol;
}

/** The start position's FEN. */
export const DEFAULT_POSITION = START_FENS.CHESS;

/** The 64 square names in chess.js's order: a8, b8, ..., h8, a7, ..., h1. */
export const SQUARES: Square[] = Array.from({ length: 64 }, (_, i) => `${'abcdefgh'[i & 7]}${8 - (i >> 3)}` as Square);

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

const MASK64 = (1n << 64n) - 1n;
const rotl64 = (x: bigint, k: bigint): bigint => ((x << k) | (x >> (64n - k))) & MASK64;

/**
 * The pseudo-random generator chess.js exports (xoroshiro128**, Blackman and Vigna's
 * parameters 24, 16, 37): `state` holds s0 in its low 64 bits and s1 in the next 64; each call
 * of the returned function gives the next unsigned 64-bit output. The same sequence as
 * chess.js's for the same state (chess.js draws its hash keys from it; ours come from the core).
 *
 * @param state - the generator's 128-bit state.
 * @returns a function that gives the next output at each call.
 */
export function xoroshiro128(state: bigint): () => bigint {
  let s0 = state & MASK64;
  let s1 = (state >> 64n) & MASK64;
  return () => {
    const result = (rotl64((s0 * 5n) & MASK64, 7n) * 9n) & MASK64;
    s1 ^= s0;
    s0 = (rotl64(s0, 24n) ^ s1 ^ (s1 << 16n)) & MASK64;
    s1 = rotl64(s1, 37n);
    return result;
  };
}

// The other tags that chess.js's deprecated header() lists (as null when unset), in its order.
const SUPPLEMENTAL_TAGS = [
  'WhiteTitle',
  'BlackTitle',
  'WhiteElo',
  'BlackElo',
  'WhiteUSCF',
  'BlackUSCF',
  'WhiteNA',
  'BlackNA',
  'WhiteType',
  'BlackType',
  'EventDate',
  'EventSponsor',
  'Section',
  'Stage',
  'Board',
  'Opening',
  'Variation',
  'SubVariation',
  'ECO',
  'NIC',
  'Time',
  'UTCTime',
  'UTCDate',
  'TimeControl',
  'SetUp',
  'FEN',
  'Termination',
  'Annotator',
  'Mode',
  'PlyCount',
];

const PIECE_TYPES = 'pnbrqk';
// The largest width the core takes (a 32-bit int).
const INT_MAX = 0x7fffffff;

// ---- validateFen ---------------------------------------------------------------------------

// chess.js's message for each code of the core (cpp/core/setup.h) that chess.js also checks,
// in chess.js's order of checks; the other codes are verdicts chess.js does not give (it
// loads such boards).
const CHESSJS_FEN_CHECKS: [FenErrorCode, string][] = [
  ['bad-fullmove', 'move number must be a positive integer'],
  ['bad-halfmove', 'half move counter number must be a non-negative integer'],
  ['bad-en-passant', 'en-passant square is invalid'],
  ['bad-castling', 'castling availability is invalid'],
  ['bad-side', 'side-to-move is invalid'],
  ['rank-count', "piece data does not contain 8 '/'-delimited rows"],
  ['consecutive-digits', 'piece data is invalid (consecutive number)'],
  ['bad-piece', 'piece data is invalid (invalid piece)'],
  ['rank-too-long', 'piece data is invalid (too many squares in rank)'],
  ['rank-too-short', 'piece data is invalid (too many squares in rank)'],
  ['en-passant-wrong-rank', 'illegal en-passant square'],
  ['missing-king', 'missing'],
  ['too-many-kings', 'too many'],
  ['pawn-on-back-rank', 'some pawns are on the edge rows'],
];
const SIX_FIELDS = 'must contain six space-delimited fields';

// A FEN of chess.js's dialect in the core's: chess.js's board text may hold a '0' away from
// other digits (it counts no square), and it reads the counters with parseInt ('1.5' is 1).
function coreFen(fen: string): string {
  const tokens = fen.split(/\s+/);
  if (tokens[0]?.includes('0')) tokens[0] = tokens[0].replace(/(?<![0-9])0(?![0-9])/g, '');
  for (const i of [4, 5]) {
    const n = tokens[i] === undefined ? NaN : parseInt(tokens[i]!, 10);
    if (n >= (i === 4 ? 0 : 1)) tokens[i] = String(n);
  }
  return tokens.join(' ');
}

// The kings of a colour on a board (a set-up's or a position's).
function kingCount(board: Setup | Position, color: Color): number {
  let n = 0;
  for (let sq = 0; sq < 64; sq++) {
    const p = board.pieceAt(sq);
    if (p?.type === 'k' && p.color === color) n++;
  }
  return n;
}

/**
 * Checks a FEN the way chess.js does: `{ ok: true }`, or `{ ok: false, error }` with
 * chess.js's message (e.g. `'Invalid FEN: missing white king'`). The verdicts are the core's
 * (its FEN syntax and {@link Setup.validate}); this picks the first of them in chess.js's
 * order of checks and gives chess.js's words. chess.js's FEN dialect is narrower than the
 * core's: exactly six fields, castling written with `KQkq` only, an en passant square on
 * rank 3 or 6. Boards that chess.js accepts beyond the strict rules (more material than a
 * game can have, the side not to move in check, castling rights without their king or rook)
 * are accepted here too, and {@link Chess} plays them as chess.js does.
 */
export function validateFen(fen: string): { ok: boolean; error?: string } {
  const bad = (error: string) => ({ ok: false, error: `Invalid FEN: ${error}` });
  if (typeof fen !== 'string') return bad(SIX_FIELDS);
  const tokens = fen.split(/\s+/);
  if (tokens.length !== 6) return bad(SIX_FIELDS);
  // chess.js's checks of the fields as tokens first (an empty field, as a trailing space
  // leaves, is one of them), in its order; the board's by the core below.
  const fullmove = parseInt(tokens[5]!, 10);
  if (Number.isNaN(fullmove) || fullmove <= 0) return bad('move number must be a positive integer');
  const halfmove = parseInt(tokens[4]!, 10);
  if (Number.isNaN(halfmove) || halfmove < 0) return bad('half move counter number must be a non-negative integer');
  if (!/^(-|[a-h][36])$/.test(tokens[3]!)) return bad('en-passant square is invalid');
  if (/[^kKqQ-]/.test(tokens[2]!)) return bad('castling availability is invalid');
  if (!/^(w|b)$/.test(tokens[1]!)) return bad('side-to-move is invalid');
  if (tokens[0]!.split('/').length !== 8) return bad("piece data does not contain 8 '/'-delimited rows");
  fen = coreFen(fen);
  const codes = new Set<FenErrorCode>(Setup.syntaxErrors(fen));
  // chess.js's dialect, in the core's terms: other castling letters (rook files) are a
  // malformed field, an en passant square off ranks 3 and 6 a malformed square.
  if (/[^kKqQ-]/.test(tokens[2]!)) codes.add('bad-castling');
  if (/^[a-h][124578]$/.test(tokens[3]!)) codes.add('bad-en-passant');
  let setup: Setup | null = null;
  if (codes.size === 0) {
    setup = Setup.fromFen(fen);
    for (const c of setup.validate()) codes.add(c);
  }
  try {
    for (const [code, message] of CHESSJS_FEN_CHECKS) {
      if (!codes.has(code)) continue;
      if (code !== 'missing-king' && code !== 'too-many-kings') return bad(message);
      // chess.js names the colour, white first; missing before too many for each colour.
      for (const [color, name] of [
        ['w', 'white'],
        ['b', 'black'],
      ] as const) {
        const n = kingCount(setup!, color);
        if (n === 0) return bad(`missing ${name} king`);
        if (n > 1) return bad(`too many ${name} kings`);
      }
    }
    return { ok: true };
  } finally {
    setup?.dispose();
  }
}

// ---- Move ----------------------------------------------------------------------------------

/**
 * A move as chess.js describes it (`moves({ verbose: true })`, `history({ verbose: true })`,
 * `move()`, `undo()`); the same class name as chess.js's, so `instanceof Move` and printing
 * work as there. (The main entry's `Move` is the core's 16-bit move number, a type.)
 */
export class Move {
  /** The colour of the moving piece. */
  color: Color;
  /** Origin square. */
  from: Square;
  /** Destination square (the king's destination for castling). */
  to: Square;
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
    color: Color,
    from: Square,
    to: Square,
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

// Square index a1 = 0 -> name (the package's table).
const NAMES = SQUARE_NAMES as readonly Square[];
// chess.js's listing order (a8 first) -> square index.
const SCAN: number[] = Array.from({ length: 64 }, (_, i) => (7 - (i >> 3)) * 8 + (i & 7));

// The index of a square name, -1 for anything else.
function squareIndex(name: unknown): number {
  return parseSquare(name as string) ?? -1;
}

// chess.js's flag letters of a move, from the core's decoding of its kind.
function flagLetters(m: MoveNumber): string {
  if (isCastling(m)) return moveFlags(m) === MoveFlag.CASTLE_KING ? 'k' : 'q';
  if (isEnPassant(m)) return 'e';
  const kind = isCapture(m) ? 'c' : moveFlags(m) === MoveFlag.DOUBLE_PUSH ? 'b' : 'n';
  return isPromotion(m) ? `${kind}p` : kind;
}
// chess.js's promotion field: the piece letter, or undefined for a move that is no promotion.
function promotionOf(m: MoveNumber): PieceSymbol | undefined {
  return (movePromotion(m) ?? undefined) as PieceSymbol | undefined;
}

// chess.js lists moves by origin square (a8 ... h1), then by direction in a fixed order,
// then by distance, promotions n, b, r, q; castling last (kingside first). These keys
// reproduce that order (observed behaviour) for a stable sort of the core's list.
// Presentation, not a rule: the moves are the core's; only their order is chess.js's (its
// generator's loop order), which the square arithmetic below names.
const SLIDER_DIRECTIONS: Record<string, number> = {
  '-1,1': 0,
  '0,1': 1,
  '1,1': 2,
  '1,0': 3,
  '1,-1': 4,
  '0,-1': 5,
  '-1,-1': 6,
  '-1,0': 7,
};
const KNIGHT_DIRECTIONS: Record<string, number> = {
  '-2,1': 0,
  '-1,2': 1,
  '1,2': 2,
  '2,1': 3,
  '2,-1': 4,
  '1,-2': 5,
  '-1,-2': 6,
  '-2,-1': 7,
};
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
      dir = df === 0 ? 0 : df < 0 === dr > 0 ? 1 : 2;
    } else if (Math.abs(df) + Math.abs(dr) === 3 && df !== 0 && dr !== 0) {
      dir = KNIGHT_DIRECTIONS[`${df},${dr}`]!;
      dist = 1;
    } else {
      dir = SLIDER_DIRECTIONS[`${Math.sign(df)},${Math.sign(dr)}`]!;
      dist = Math.max(Math.abs(df), Math.abs(dr));
    }
    const promo = flag >= MoveFlag.PROMO_KNIGHT ? flag & 3 : 0;
    key = scan * 1000 + dir * 100 + dist * 10 + promo;
  }
  table[m] = key + 1;
  return key + 1;
}

// chess.js's two SAN parsers are the core's tolerant parser with the tolerances each refuses
// (the core's SanLeniency bits, the same ones the PGN reader refuses for loadPgn below).
// Permissive: an 'x' on a non-capture without an origin square, lower-case 'o-o' and
// promotion pieces in short SAN, 'P' in short SAN.
const PERMISSIVE_REFUSED = SAN_EXTRA_CAPTURE_MARK | SAN_LOWER_CASE | SAN_SHORT_PAWN_LETTER;
// Strict: only a missing or wrong check mark, annotation glyphs and a promotion without '='.
const STRICT_REFUSED =
  PERMISSIVE_REFUSED | SAN_ZERO_CASTLING | SAN_DISAMBIGUATION | SAN_LONG_ALGEBRAIC | SAN_CAPTURE_MARK | SAN_PAWN_LETTER;

// The legal move that SAN text names, read by the core's tolerant parser, if its text needed
// none of the refused tolerances; else 0.
function coreSan(pos: Position, text: string, refused: number): MoveNumber {
  if (text.length > MAX_SAN_LENGTH) return 0;
  const r = nativePosition(pos).parseSan(writeString(text), false);
  return r.status === 0 && (r.leniency & refused) === 0 ? r.move : 0;
}

// chess.js's strict parser refuses a check or mate sign inside the move ('Nf+3'), which the
// core's tolerant parser reads.
function strictSan(pos: Position, text: string): MoveNumber {
  return /[+#][^+#!?]/.test(text) ? 0 : coreSan(pos, text, STRICT_REFUSED);
}

// The permissive parser, after chess.js's own extras: a trailing 'e.p.' and a lower-case
// piece letter before an origin square ('ng1f3'). chess.js also reads castling in long
// algebraic only to the king's square ('e1g1', not the core's king-to-rook 'e1h1').
function permissiveSan(pos: Position, text: string): MoveNumber {
  let t = text.replace(/\s*e\.p\.$/, '');
  if (/^[nbrqk][a-h][1-8][-x]?[a-h][1-8]/.test(t)) t = t[0]!.toUpperCase() + t.slice(1);
  const m = coreSan(pos, t, PERMISSIVE_REFUSED);
  // (the king's square: the core's UCI of the move)
  if (isCastling(m) && /^[a-h][1-8]-?[a-h][1-8]/.test(t) && t.replace('-', '').slice(2, 4) !== pos.uci(m).slice(2, 4))
    return 0;
  return m;
}

// chess.js's FEN: the en passant square only when an en passant capture is legal.
const CHESSJS_FEN = { enPassant: 'legal' } as const;

function invalidMove(move: unknown): IllegalMoveError {
  const text = typeof move === 'string' ? move : JSON.stringify(move);
  return new IllegalMoveError('illegal', `Invalid move: ${text}`, String(text));
}

// ---- PGN (through Game: the core's reader) --------------------------------------------------

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
  const read = (anyBoard: boolean) =>
    withCommandsAsText(() =>
      readFirstGame(text, {
        fenTagRule: strict ? 'WITH_SETUP' : 'ANY_CASE',
        dropContradicted: true,
        refusedTolerances: strict ? STRICT_REFUSED : PERMISSIVE_REFUSED,
        keepCommentSpace: true,
        anyBoard,
      }),
    );
  try {
    try {
      game = read(false);
    } catch (e) {
      // A FEN tag the strict rules refuse and chess.js's checks accept (17 pieces, the side
      // not to move in check): read again on any board, as chess.js plays it.
      if (!(e instanceof PgnError && e.reason === 'bad-fen-tag' && validateFen(padFen(e.detail ?? '')).ok)) throw e;
      game = read(true);
    }
  } catch (e) {
    // chess.js reads a text without a game as an empty game from the start position
    if (e instanceof PgnError && e.code === 'no-game') game = new Game();
    else throw chessJsPgnError(e);
  }
  try {
    const nodes = game.mainlineNodes();
    const comments = new Map<number, string>();
    const syntax = () => new PgnError('invalid-pgn', COMMENT_SYNTAX_ERROR, 0, 0, 'unexpected-character', '{');
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
    case 'illegal-move':
    case 'ambiguous-move':
    case 'refused-tolerance':
      return as(`Invalid move in PGN: ${e.detail}`);
    case 'setup-without-fen':
      return as('Invalid PGN: FEN tag must be supplied with SetUp tag');
    case 'bad-fen-tag': {
      // chess.js's verdict on the tag, else the core's reason (by its code)
      const fen = e.detail ?? '';
      const { ok, error } = validateFen(padFen(fen));
      if (!ok) return as(error!);
      try {
        Position.fromFen(fen).dispose();
      } catch (f) {
        if (f instanceof FenError && f.code !== 'not-a-string') return as(`Invalid FEN: ${fenErrorMessage(f.code)}`);
      }
      return e;
    }
    default:
      return e;
  }
}

// chess.js's completion of a FEN with 2 to 5 fields (load(), and loadPgn's FEN tag): the
// missing fields' defaults, as text (its SetUp header holds the completed FEN as written).
function padFen(fen: string): string {
  const tokens = fen.split(/\s+/);
  if (tokens.length >= 2 && tokens.length < 6)
    return tokens.concat(['-', '-', '0', '1'].slice(-(6 - tokens.length))).join(' ');
  return fen;
}

// ---- Chess ---------------------------------------------------------------------------------

interface HistoryEntry {
  move: Move;
  number: MoveNumber; // the core's move, 0 for a null move
}

/**
 * A game of chess with chess.js 1.x's API, on the core. See docs/chessjs-migration.md,
 * "Differences", for the few documented differences.
 */
export class Chess {
  // The board is the core's: a Position when the core can make one (any board chess.js
  // plays: Setup.toPosition's permissive mode, e.g. 17 pieces of a side, the side not to
  // move in check, a side without a king), else a Setup (a board only, without moves: two
  // kings of a side, which only skipValidation loads). Exactly one of the two is set. Both
  // keep the castling rights of a loaded FEN that the board contradicts as written, as
  // chess.js does (chess.js issue #85): the position loses them by the rule of every right.
  #pos: Position | null = null;
  #setup: Setup | null = null;
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

  // Sets the board from a FEN (castling rights that the board contradicts kept as written, an
  // en passant square that it contradicts dropped, as chess.js ignores it). Clears the
  // history. Throws a FenError
  // when the core cannot read the FEN, or (unless allowBoardOnly) cannot make a position of it.
  #setBoard(fen: string, allowBoardOnly: boolean): void {
    let setup: Setup;
    try {
      setup = Setup.fromFen(fen);
    } catch (e) {
      if (!(e instanceof FenError)) throw e;
      const why = e.code === 'not-a-string' ? 'a FEN must be a string' : fenErrorMessage(e.code);
      throw new FenError(e.code, `Invalid FEN: ${why}`, String(fen));
    }
    setup.dropContradicted({ castling: false });
    this.#install(setup, allowBoardOnly, fen);
  }

  // Makes a set-up the board (taking it over): a position when the core can make one,
  // else the set-up itself (allowBoardOnly) or a FenError. Clears the history.
  #install(setup: Setup, allowBoardOnly: boolean, fen: string): void {
    let pos: Position | null = null;
    try {
      pos = setup.toPosition({ permissive: true });
    } catch (e) {
      if (!(e instanceof FenError)) throw e;
      // an en passant square that the core finds impossible (a check that the double push
      // cannot have given): the position without it
      if (allowBoardOnly && setup.epSquare !== null) {
        setup.epSquare = null;
        try {
          pos = setup.toPosition({ permissive: true });
        } catch (f) {
          if (!(f instanceof FenError)) throw f;
        }
      }
      if (!pos && !allowBoardOnly) {
        setup.dispose();
        throw new FenError(
          e.code,
          `Invalid FEN: ${fenErrorMessage(e.code as Exclude<FenErrorCode, 'not-a-string'>)}`,
          fen,
        );
      }
    }
    this.#pos?.dispose();
    this.#setup?.dispose();
    this.#pos = pos;
    this.#setup = pos ? null : setup;
    if (pos) setup.dispose();
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
  load(
    fen: string,
    { skipValidation = false, preserveHeaders = false }: { skipValidation?: boolean; preserveHeaders?: boolean } = {},
  ): void {
    if (typeof fen === 'string') fen = padFen(fen);
    if (!skipValidation) {
      const { ok, error } = validateFen(fen);
      if (!ok) throw new FenError('empty', error!, String(fen));
    } else if (typeof fen !== 'string') {
      throw new FenError('not-a-string', 'Invalid FEN: must contain six space-delimited fields', String(fen));
    }
    this.#setBoard(coreFen(fen), skipValidation);
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

  /**
   * The FEN. The en passant square is written only when an en passant capture is legal,
   * unless `forceEnpassantSquare`.
   */
  fen({ forceEnpassantSquare = false }: { forceEnpassantSquare?: boolean } = {}): string {
    if (!this.#pos) {
      // a board without moves: no en passant capture, so no square unless forced
      if (forceEnpassantSquare || this.#setup!.epSquare === null) return this.#setup!.fen();
      const board = this.#setup!.clone();
      try {
        board.epSquare = null;
        return board.fen();
      } finally {
        board.dispose();
      }
    }
    if (forceEnpassantSquare) return this.#pos.fen();
    return (this.#fenCache ??= this.#pos.fen(CHESSJS_FEN));
  }

  // A copy of the current board as a set-up (the caller owns it).
  #board(): Setup {
    return this.#pos ? Setup.fromPosition(this.#pos) : this.#setup!.clone();
  }

  /** The piece on a square, or `undefined`. */
  get(square: Square): Piece | undefined {
    const sq = squareIndex(square);
    if (sq < 0) return undefined;
    const p = (this.#pos ?? this.#setup!).pieceAt(sq);
    return p ? { type: p.type as PieceSymbol, color: p.color } : undefined;
  }

  /** The squares holding a piece, in chess.js's order (a8 ... h1). */
  findPiece(piece: Piece): Square[] {
    const out: Square[] = [];
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
  put({ type, color }: { type: PieceSymbol; color: Color }, square: Square): boolean {
    const sq = squareIndex(square);
    if (sq < 0 || typeof type !== 'string' || !PIECE_TYPES.includes(type) || type.length !== 1) return false;
    if (color !== 'w' && color !== 'b') return false;
    if (type === 'k')
      for (const other of SCAN)
        if (other !== sq && this.get(NAMES[other]!)?.type === 'k' && this.get(NAMES[other]!)?.color === color)
          return false;
    const board = this.#board();
    board.put(sq, { type, color });
    this.#edit(board);
    return true;
  }

  /** Removes and returns the piece on a square (`undefined` if it is empty). */
  remove(square: Square): Piece | undefined {
    const piece = this.get(square);
    if (!piece) {
      // chess.js drops the en passant square and the castling rights the board contradicts
      // (kept as written) even when the square was empty
      // (the en passant square as fen() writes it: only where an en passant capture is legal)
      if (squareIndex(square) >= 0 && (this.#epCapturable() || this.#hasWrittenRights())) this.#edit(this.#board());
      else if (this.#history.length === 0) this.#updateSetup(this.fen());
      return undefined;
    }
    const board = this.#board();
    board.remove(squareIndex(square));
    this.#edit(board);
    return piece;
  }

  // Whether an en passant capture is legal now (a board without moves has none).
  #epCapturable(): boolean {
    return this.#pos !== null && this.#pos.legalMoves().some(isEnPassant);
  }

  // Whether the board holds castling rights that it contradicts (kept as written): the
  // core's verdicts on it.
  #hasWrittenRights(): boolean {
    const board = this.#board();
    try {
      return board.validate().some((code) => code === 'castling-no-king' || code === 'castling-no-rook');
    } finally {
      board.dispose();
    }
  }

  // Makes an edited copy of the board the board (a new history).
  #edit(board: Setup, clearEp = true): void {
    // chess.js drops the en passant square on every put/remove, and the castling rights
    // whose king or rook left home
    if (clearEp) board.epSquare = null;
    board.dropContradicted();
    // chess.js sets the SetUp/FEN headers from the edited board while no move was played
    // (dropping them when the board is the start position again)
    const fresh = this.#history.length === 0;
    this.#install(board, true, '');
    if (fresh && clearEp) this.#updateSetup(this.fen());
  }

  /**
   * The squares of the pieces of a colour (default: the side to move) that attack a square,
   * pinned pieces included, in chess.js's order.
   */
  attackers(square: Square, attackedBy?: Color): Square[] {
    const sq = squareIndex(square);
    if (sq < 0 || !this.#pos) return [];
    const color = attackedBy ?? this.turn();
    const bits = this.#pos.attackers(sq);
    const out: Square[] = [];
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
  isAttacked(square: Square, attackedBy: Color): boolean {
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

  /**
   * Whether the side to move is stalemated: not in check and without a legal move (a side
   * without a king is never in check; a board the core holds without moves, e.g. with the
   * side not to move in check: true).
   */
  isStalemate(): boolean {
    return this.#pos ? this.#pos.isStalemate() : true;
  }

  /** Whether neither side can mate (the core's rule: K v K, K+N v K, same-coloured bishops). */
  isInsufficientMaterial(): boolean {
    // a board without a king: false (the rule is about mating a king)
    if (!this.#pos) return false;
    // The core's rule, unless the board is a checkmate (the core's outcome ranks checkmate first:
    // a board chess.js loads may have its kings touching). The rule first: it is rarely met, and
    // then few pieces are left to look for the kings among.
    const pos = this.#pos;
    return pos.isInsufficientMaterial() && !pos.isCheckmate() && kingCount(pos, 'w') > 0 && kingCount(pos, 'b') > 0;
  }

  /** Whether the current position occurred at least three times since the last load. */
  isThreefoldRepetition(): boolean {
    return this.#pos ? this.#pos.repetitionCount({ acrossNullMoves: true }) >= 3 : false;
  }

  /**
   * Whether 100 plies passed without a capture or pawn move: the core's fifty-move rule (a
   * draw can be claimed), true on a checkmate too, as in chess.js.
   */
  isDrawByFiftyMoves(): boolean {
    // a board without moves: its clock against the core's limit
    return this.#pos ? nativePosition(this.#pos).canClaimFiftyMoves() : this.#setup!.halfmoves >= FIFTY_MOVE_PLIES;
  }

  /** Fifty moves, stalemate, insufficient material or threefold repetition. */
  isDraw(): boolean {
    return (
      this.isDrawByFiftyMoves() || this.isStalemate() || this.isInsufficientMaterial() || this.isThreefoldRepetition()
    );
  }

  /** Checkmate or a draw ({@link Chess.isDraw}). */
  isGameOver(): boolean {
    return this.isCheckmate() || this.isDraw();
  }

  // The verbose move of a legal core move (not played).
  #verbose(pos: Position, m: MoveNumber, before: string, san: string = pos.san(m)): Move {
    const from = moveFrom(m);
    const turn = pos.turn;
    const piece = pos.pieceAt(from)!.type as PieceSymbol;
    const lan = pos.uci(m);
    let captured: PieceSymbol | undefined;
    if (isEnPassant(m)) captured = 'p';
    else if (isCapture(m)) captured = pos.pieceAt(moveTo(m))!.type as PieceSymbol;
    pos.play(m);
    const after = pos.fen(CHESSJS_FEN);
    pos.undo();
    return new Move(
      turn,
      lan.slice(0, 2) as Square,
      lan.slice(2, 4) as Square,
      piece,
      captured,
      promotionOf(m),
      flagLetters(m),
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
   * The legal moves, in chess.js's order: SAN strings, or {@link Move} objects with
   * `verbose`; `square` and `piece` restrict them.
   */
  moves(): string[];
  moves(options: { square: Square }): string[];
  moves(options: { piece: PieceSymbol }): string[];
  moves(options: { square: Square; piece: PieceSymbol }): string[];
  moves(options: { verbose: true; square?: Square }): Move[];
  moves(options: { verbose: false; square?: Square }): string[];
  moves(options: { verbose?: boolean; square?: Square }): string[] | Move[];
  moves(options: { verbose: true; piece?: PieceSymbol }): Move[];
  moves(options: { verbose: false; piece?: PieceSymbol }): string[];
  moves(options: { verbose?: boolean; piece?: PieceSymbol }): string[] | Move[];
  moves(options: { verbose: true; square?: Square; piece?: PieceSymbol }): Move[];
  moves(options: { verbose: false; square?: Square; piece?: PieceSymbol }): string[];
  moves(options: { verbose?: boolean; square?: Square; piece?: PieceSymbol }): string[] | Move[];
  moves(options: { square?: Square; piece?: PieceSymbol }): Move[];
  moves({ verbose = false, square, piece }: { verbose?: boolean; square?: Square; piece?: PieceSymbol } = {}):
    string[] | Move[] {
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
  move(
    move: string | { from: string; to: string; promotion?: string } | null,
    { strict = false }: { strict?: boolean } = {},
  ): Move {
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

  #commit(pos: Position, m: MoveNumber): Move {
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
      // chess.js names castling by the king's destination: the core's UCI of the move
      if (isCastling(m) ? pos.uci(m).slice(2, 4) !== NAMES[to] : moveTo(m) !== to) continue;
      const promo = promotionOf(m);
      if (promo !== undefined && promo !== move.promotion) continue;
      return m;
    }
    return 0;
  }

  #nullMove(): Move {
    const pos = this.#pos;
    if (!pos) throw invalidMove(null);
    if (pos.isCheck()) throw new IllegalMoveError('illegal', 'Null move not allowed when in check', '--');
    const before = this.fen();
    const color = pos.turn;
    pos.playNull();
    this.#touch();
    const record = new Move(color, 'a8', 'a8', 'k', undefined, undefined, '-', '--', 'a8a8', before, this.fen());
    this.#history.push({ move: record, number: 0 });
    return record;
  }

  /** Takes back the last move: the move, or `null` when there is none. */
  undo(): Move | null {
    const entry = this.#history.pop();
    if (!entry) return null;
    this.#pos!.undo();
    this.#fenCache = entry.move.before;
    return entry.move;
  }

  /**
   * The game in PGN, laid out as chess.js lays it out (written by the core: its PgnStyle
   * CHESS_JS, cpp/core/pgn.h): the headers that are set, comments as `{text}` and the moves;
   * `maxWidth` wraps the movetext (chess.js's wrapping, spaces lost included), `newline`
   * ends lines.
   */
  pgn({ newline = '\n', maxWidth = 0 }: { newline?: string; maxWidth?: number } = {}): string {
    this.#pruneComments();
    const fens = this.#lineFens();
    const nodes: TreeNode[] = [];
    const node = (parent: number, move: MoveNumber, san: string, ply: number): void => {
      const comment = this.#comments.get(fens[ply]!);
      nodes.push({
        parent,
        move,
        san,
        commentsBefore: [],
        commentsAfter: comment === undefined ? [] : [comment],
        nags: [],
      });
    };
    node(-1, 0, '', 0);
    this.#history.forEach(({ move, number }, i) => node(i, number, move.san, i + 1));
    const tags = Object.entries(this.#header).filter((e): e is [string, string] => e[1] !== null);
    // chess.js compares whole widths with maxWidth: the same as with its floor (NaN: never
    // passed); 0 does not wrap.
    const width = Math.floor(Number(maxWidth));
    return writeNodes(VARIANTS.indexOf('chess'), tags, this.#rootFen(), this.#header['Result'] || '*', nodes, {
      style: 'CHESS_JS',
      wrap: maxWidth !== 0,
      maxWidth: Number.isNaN(width) ? INT_MAX : Math.max(-INT_MAX, Math.min(INT_MAX, width)),
      newline: String(newline),
    });
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
  loadPgn(
    pgn: string,
    { strict = false, newlineChar = '\r?\n' }: { strict?: boolean; newlineChar?: string } = {},
  ): void {
    let text = String(pgn);
    if (newlineChar !== '\r?\n') text = text.replace(new RegExp(newlineChar, 'g'), '\n');
    // chess.js writes a first move by black as '17. ... Nf6': the export format's '17...'
    // (outside comments).
    text = text
      .split(/(\{[^}]*\})/)
      .map((part, i) => (i % 2 ? part : part.replace(/(\d+)\.\s+\.\.\./g, '$1...')))
      .join('');
    const game = readPgn(text, strict === true);
    // The tag chess.js loads the position of: permissive, the last FEN tag in any case;
    // strict, the FEN tag with [SetUp "1"].
    const fenTag = strict
      ? game.tags.some(([k, v]) => k === 'SetUp' && v === '1') && game.tags.find(([k]) => k === 'FEN')
      : game.tags.filter(([k]) => k.toLowerCase() === 'fen').pop();
    // Build the new state aside, then commit (a failure leaves this object unchanged). The
    // position is the FEN tag's as load() reads it (castling rights that its board
    // contradicts kept as written, as chess.js does: chess.js issue #85), which the core's
    // reader played the moves from.
    const next = new Chess(fenTag ? fenTag[1] : game.rootFen, { skipValidation: true });
    for (const u of game.uci) {
      if (u === '0000') next.move(null);
      else next.#commit(next.#pos!, next.#pos!.parseUci(u));
    }
    this.#pos?.dispose();
    this.#pos = next.#pos;
    this.#setup?.dispose();
    this.#setup = next.#setup;
    next.#setup = null;
    this.#history = next.#history;
    next.#pos = null;
    this.#touch();
    this.#resetHeaders();
    for (const [k, v] of game.tags) this.#header[k] = v;
    if (!game.tags.some(([k]) => k === 'Result')) this.#header['Result'] = game.result;
    // SetUp and FEN headers as load() sets them.
    if (fenTag) {
      this.#header['SetUp'] = next.#header['SetUp'] ?? null;
      this.#header['FEN'] = next.#header['FEN'] ?? null;
    }
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
  setTurn(color: Color): boolean {
    if (this.turn() === color) return false;
    if (!this.#pos) {
      // a board the core holds without moves (no null move to play on it): chess.js's null
      // move by hand, its clocks capped at the core's limits
      const board = this.#setup!.clone();
      // as chess.js's null move (any other value flips too): the clocks count it
      if (board.turn === 'b') board.fullmoves = Math.min(board.fullmoves + 1, MAX_FULLMOVE_NUMBER);
      board.turn = board.turn === 'w' ? 'b' : 'w';
      board.halfmoves = Math.min(board.halfmoves + 1, MAX_HALFMOVE_CLOCK);
      this.#edit(board);
      return true;
    }
    this.move(null);
    return true;
  }

  /** The side to move. */
  turn(): Color {
    return (this.#pos ?? this.#setup!).turn;
  }

  /** The board as 8 rows (rank 8 first) of `{ square, type, color }` or `null`. */
  board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][] {
    const rows: ({ square: Square; type: PieceSymbol; color: Color } | null)[][] = [];
    for (let r = 7; r >= 0; r--) {
      const row: ({ square: Square; type: PieceSymbol; color: Color } | null)[] = [];
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
  squareColor(square: Square): 'light' | 'dark' | null {
    // board geometry (a1 dark), not a rule of play
    const sq = squareIndex(square);
    if (sq < 0) return null;
    return ((sq & 7) + (sq >> 3)) % 2 === 0 ? 'dark' : 'light';
  }

  /** The moves played since the last load: SAN, or {@link Move} objects with `verbose`. */
  history(): string[];
  history(options: { verbose: true }): Move[];
  history(options: { verbose: false }): string[];
  history(options: { verbose: boolean }): string[] | Move[];
  history({ verbose = false }: { verbose?: boolean } = {}): string[] | Move[] {
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
  setCastlingRights(color: Color, rights: Partial<Record<'k' | 'q', boolean>>): boolean {
    if (color !== 'w' && color !== 'b') return true;
    // chess.js re-derives every right from the board here: rights kept as written without
    // their king or rook go (dropContradicted below)
    const board = this.#board();
    const before = board.fen();
    const home = color === 'w' ? 0 : 56;
    for (const side of ['k', 'q'] as const) {
      const want = rights?.[side];
      if (want === undefined) continue;
      // chess.js's rights: standard chess, the rook in its corner
      board.setCastlingRook(color, side, want ? home + (side === 'k' ? 7 : 0) : null);
    }
    board.dropContradicted();
    if (board.fen() !== before) this.#edit(board, false);
    else board.dispose();
    const now = this.getCastlingRights(color);
    return (rights?.k === undefined || rights.k === now.k) && (rights?.q === undefined || rights.q === now.q);
  }

  /** The castling rights of a colour (not whether castling is legal now). */
  getCastlingRights(color: Color): { k: boolean; q: boolean } {
    if (color !== 'w' && color !== 'b') return { k: false, q: false };
    // the rights as the board holds them (those kept as written included, as fen() writes them)
    const board = this.#pos ? Setup.fromPosition(this.#pos) : this.#setup!;
    try {
      return { k: board.castlingRook(color, 'k') !== null, q: board.castlingRook(color, 'q') !== null };
    } finally {
      if (board !== this.#setup) board.dispose();
    }
  }

  /** The fullmove number. */
  moveNumber(): number {
    return (this.#pos ?? this.#setup!).fullmoves;
  }
}
