/**
 * Comment commands: the `[%name value]` annotations that lichess, ChessBase and other tools
 * embed in PGN comments — `[%clk 0:02:55]` (clock), `[%emt 0:00:05]` (elapsed move time),
 * `[%eval 0.17]` / `[%eval #-3]` (engine evaluation), `[%csl Gd4,Re5]` (coloured squares) and
 * `[%cal Gg1f3,Rb8c6]` (coloured arrows).
 *
 * {@link parseCommentCommands} splits a comment into these typed values and the remaining
 * text; {@link makeCommentCommands} writes them back. A command that is malformed (a clock
 * such as `[%clk soon]`, an arrow to `z9`) or that is not one of these five stays in the
 * text exactly as it was: parsing never throws. {@link Game} uses both for every move, so
 * `GameNode.clock`, `.emt`, `.eval` and `.shapes` hold the values and `pgn()` writes them.
 * @module
 */
import { ChessError, describe } from '../boundary/errors.js';
import type { SquareName } from '../core/move.js';

/** The colour of a drawn shape: the four brushes of lichess (`G`, `R`, `Y`, `B` in PGN). */
export type ShapeColor = 'green' | 'red' | 'yellow' | 'blue';

/**
 * A shape drawn on the board: a coloured square (`to` absent, `[%csl]`) or an arrow from
 * `from` to a different square `to` (`[%cal]`).
 */
export interface Shape {
  /** The brush. */
  color: ShapeColor;
  /** The square of a circle, or where an arrow starts. */
  from: SquareName;
  /** Where an arrow ends (a square other than `from`); absent for a circle. */
  to?: SquareName;
}

/**
 * An engine evaluation, from White's point of view (as lichess writes it): either `pawns`
 * (`[%eval 0.17]`: White is 0.17 pawns better; negative when Black is better) or `mate`
 * (`[%eval #-3]`: Black mates in 3 moves; positive when White mates). `depth` is the search
 * depth when the comment gives one (`[%eval 0.17,23]`).
 */
export type Evaluation =
  | {
      /** The evaluation in pawns, White's view (`0.17`, `-1.5`). */
      pawns: number;
      /** Absent when `pawns` is given. */
      mate?: undefined;
      /** The search depth, when the comment gives one. */
      depth?: number;
    }
  | {
      /** Moves to mate: positive when White mates, negative when Black mates. */
      mate: number;
      /** Absent when `mate` is given. */
      pawns?: undefined;
      /** The search depth, when the comment gives one. */
      depth?: number;
    };

/** A comment split into its commands and the rest of its text. */
export interface CommentCommands {
  /** The comment without the recognised commands (spaces around them collapsed, trimmed). */
  text: string;
  /** `[%clk]`: the player's remaining time after the move, in seconds; `null` if absent. */
  clock: number | null;
  /** `[%emt]`: the time spent on the move, in seconds; `null` if absent. */
  emt: number | null;
  /** `[%eval]`: the evaluation after the move; `null` if absent. */
  eval: Evaluation | null;
  /** `[%csl]` circles and `[%cal]` arrows, in the order they were written (circles of one command first). */
  shapes: Shape[];
}

/** The commands of a {@link CommentCommands} without its text, as {@link makeCommentCommands} takes them. */
export type CommentCommandValues = Omit<CommentCommands, 'text'> & {
  /** Text to write before the commands (default: none). */
  text?: string;
};

const COLORS: Record<string, ShapeColor> = { G: 'green', R: 'red', Y: 'yellow', B: 'blue' };
const COLOR_LETTERS: Record<ShapeColor, string> = { green: 'G', red: 'R', yellow: 'Y', blue: 'B' };
const SQUARE = /^[a-h][1-8]$/;
// A command: `[%name value]`. The value runs to the first `]` and may not contain `[`.
const COMMAND = /\[%([A-Za-z]\w*)(?:\s+([^\][]*?))?\s*\]/g;
const TIME = /^(\d{1,4}):([0-5]?\d):([0-5]?\d(?:\.\d{1,3})?)$/;
const PAWNS = /^[+-]?(?:\d{1,6}(?:\.\d{0,6})?|\.\d{1,6})$/;
const MATE = /^#([+-]?\d{1,4})$/;
const DEPTH = /^\d{1,4}$/;

/**
 * A clock or elapsed time (`h:mm:ss`, optionally with up to three decimals of seconds:
 * `0:00:07.3`) in seconds, or `null` if the text is not such a time.
 */
export function parseClock(text: string): number | null {
  const m = TIME.exec(text);
  if (m === null) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/**
 * A time in seconds as `h:mm:ss` (`175` → `'0:02:55'`), with the fraction of a second when
 * there is one, to the millisecond (`7.3` → `'0:00:07.3'`).
 * @throws {@link ChessError} `'invalid-argument'` for a negative or non-finite number.
 */
export function formatClock(seconds: number): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
    throw new ChessError('invalid-argument', `not a time in seconds: ${describe(seconds)}`);
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const frac = ms % 1000;
  const base = `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return frac === 0 ? base : `${base}.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
}

function parseEval(value: string): Evaluation | null {
  // The usual case (pawns, no depth) without splitting.
  if (PAWNS.test(value)) return { pawns: Number(value) + 0 };
  const [score, depthText, ...rest] = value.split(',').map((s) => s.trim());
  if (score === undefined || rest.length) return null;
  let depth: number | undefined;
  if (depthText !== undefined) {
    if (!DEPTH.test(depthText)) return null;
    depth = Number(depthText);
  }
  const mate = MATE.exec(score);
  if (mate !== null) return depth === undefined ? { mate: Number(mate[1]) } : { mate: Number(mate[1]), depth };
  if (!PAWNS.test(score)) return null;
  const pawns = Number(score) + 0; // + 0 turns -0 into 0
  return depth === undefined ? { pawns } : { pawns, depth };
}

function parseShapes(value: string, arrows: boolean): Shape[] | null {
  const shapes: Shape[] = [];
  for (const item of value.split(',')) {
    const t = item.trim();
    const color = COLORS[t[0] ?? ''];
    if (color === undefined || t.length !== (arrows ? 5 : 3)) return null;
    const from = t.slice(1, 3);
    if (!SQUARE.test(from)) return null;
    if (!arrows) {
      shapes.push({ color, from: from as SquareName });
      continue;
    }
    const to = t.slice(3, 5);
    if (!SQUARE.test(to) || to === from) return null;
    shapes.push({ color, from: from as SquareName, to: to as SquareName });
  }
  return shapes;
}

/**
 * Splits a comment into its commands and its text. Recognised: `[%clk]`, `[%emt]`,
 * `[%eval]`, `[%csl]`, `[%cal]`. A malformed or unknown command is left in the text as it
 * was; when `[%clk]`, `[%emt]` or `[%eval]` occurs more than once, the last one is taken
 * and the earlier ones stay in the text (shapes of every `[%csl]`/`[%cal]` are collected).
 * Never throws.
 */
export function parseCommentCommands(comment: string): CommentCommands {
  return parseWithout(comment, NONE);
}

const NONE: ReadonlySet<string> = new Set();

// parseCommentCommands, leaving the single-valued commands named in `asText` in the text.
function parseWithout(comment: string, asText: ReadonlySet<string>): CommentCommands {
  const out: CommentCommands = { text: '', clock: null, emt: null, eval: null, shapes: [] };
  const text = String(comment);
  if (!text.includes('[%')) {
    out.text = trimAscii(text);
    return out;
  }
  // First pass: where each single-valued command occurs last (earlier ones stay as text).
  type Found = { start: number; end: number; name: string; value: string };
  const found: Found[] = [];
  for (const m of text.matchAll(COMMAND))
    found.push({ start: m.index!, end: m.index! + m[0].length, name: m[1]!, value: m[2] ?? '' });
  const taken = new Set<Found>();
  const last = new Map<string, Found>();
  for (const f of found) {
    if (asText.has(f.name)) continue;
    switch (f.name) {
      case 'clk':
      case 'emt': {
        const seconds = parseClock(f.value.trim());
        if (seconds === null) break;
        if (f.name === 'clk') out.clock = seconds;
        else out.emt = seconds;
        last.set(f.name, f);
        break;
      }
      case 'eval': {
        const e = parseEval(f.value);
        if (e === null) break;
        out.eval = e;
        last.set(f.name, f);
        break;
      }
      case 'csl':
      case 'cal': {
        const shapes = parseShapes(f.value, f.name === 'cal');
        if (shapes === null) break;
        out.shapes.push(...shapes);
        taken.add(f);
        break;
      }
    }
  }
  for (const f of last.values()) taken.add(f);
  // The text around the commands taken out: joined by one space (or the line break that was
  // there); the rest of the text is kept as it was.
  let rest = '';
  let at = 0;
  for (const f of found) {
    if (!taken.has(f)) continue;
    rest = join(rest, text.slice(at, f.start));
    at = f.end;
  }
  out.text = trimAscii(join(rest, text.slice(at)));
  return out;
}

// PGN readers and writers trim ASCII white space only (not U+00A0 and friends).
const trimAscii = (t: string): string => t.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');

// Two pieces of text around a removed command, with the blanks at the joint made one.
function join(left: string, right: string): string {
  if (left === '') return right.replace(/^[ \t]+/, '');
  const l = left.replace(/[ \t]+$/, '');
  const r = right.replace(/^[ \t]+/, '');
  if (l === '' || r === '' || l.endsWith('\n') || r.startsWith('\n')) return l + r;
  return `${l} ${r}`;
}

function checkShape(s: Shape): string {
  const letter = s && COLOR_LETTERS[s.color];
  if (!letter || typeof s.from !== 'string' || !SQUARE.test(s.from))
    throw new ChessError(
      'invalid-argument',
      `not a shape: ${describe(s)} (a color green/red/yellow/blue and a square from)`,
    );
  if (s.to === undefined) return `${letter}${s.from}`;
  if (typeof s.to !== 'string' || !SQUARE.test(s.to) || s.to === s.from)
    throw new ChessError('invalid-argument', `not an arrow: ${describe(s)} (to must be another square)`);
  return `${letter}${s.from}${s.to}`;
}

function formatPawns(pawns: number): string {
  const s = String(pawns + 0);
  return s.includes('e') ? pawns.toFixed(6).replace(/\.?0+$/, '') : s;
}

function formatEval(e: Evaluation): string {
  let score: string;
  if (e !== null && typeof e === 'object' && typeof e.mate === 'number' && Number.isInteger(e.mate))
    score = `#${e.mate}`;
  else if (e !== null && typeof e === 'object' && typeof e.pawns === 'number' && Number.isFinite(e.pawns))
    score = formatPawns(e.pawns);
  else throw new ChessError('invalid-argument', `not an evaluation: ${describe(e)} ({ pawns } or { mate })`);
  if (e.depth === undefined) return score;
  if (typeof e.depth !== 'number' || !Number.isInteger(e.depth) || e.depth < 0)
    throw new ChessError('invalid-argument', `not a search depth: ${describe(e.depth)}`);
  return `${score},${e.depth}`;
}

/**
 * The comment text followed by the commands, in this order: `[%csl]`, `[%cal]`, `[%eval]`,
 * `[%emt]`, `[%clk]` (the layout lichess writes); `''` when there is nothing.
 * `parseCommentCommands(makeCommentCommands(c))` gives back `c`.
 * @throws {@link ChessError} `'invalid-argument'` for a value that cannot be written (a
 * negative clock, a shape on no square, an evaluation that is neither pawns nor mate).
 */
export function makeCommentCommands(c: CommentCommandValues): string {
  const parts: string[] = [];
  const text = (c.text ?? '').trim();
  if (text !== '') parts.push(text);
  const shapes = Array.isArray(c.shapes) ? c.shapes : [];
  const circles = shapes.filter((s) => s?.to === undefined).map(checkShape);
  const arrows = shapes.filter((s) => s?.to !== undefined).map(checkShape);
  if (circles.length) parts.push(`[%csl ${circles.join(',')}]`);
  if (arrows.length) parts.push(`[%cal ${arrows.join(',')}]`);
  if (c.eval !== null && c.eval !== undefined) parts.push(`[%eval ${formatEval(c.eval)}]`);
  if (c.emt !== null && c.emt !== undefined) parts.push(`[%emt ${formatClock(c.emt)}]`);
  if (c.clock !== null && c.clock !== undefined) parts.push(`[%clk ${formatClock(c.clock)}]`);
  return parts.join(' ');
}

/** The commands of a node-like object, split out of its comments (which are replaced by their text). */
export interface CommandHolder extends Omit<CommentCommands, 'text'> {
  commentsAfter: string[];
}

let commandsAsText = false;

/** Internal: whether the commands of games read now stay in the comment text (see {@link withCommandsAsText}). */
export function commandsKeptAsText(): boolean {
  return commandsAsText;
}

/**
 * Internal (used by the chess.js-compatible `Chess`, whose comments are raw text): runs `fn`
 * with the commands of every game read meanwhile left in the comment text.
 */
export function withCommandsAsText<T>(fn: () => T): T {
  const before = commandsAsText;
  commandsAsText = true;
  try {
    return fn();
  } finally {
    commandsAsText = before;
  }
}

// The bytes the fast path reads (wasm memory).
type Bytes = Uint8Array;
const isBlank = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const POWERS_OF_TEN = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

// The number of a decimal text of at most `intMax` digits before the point and `fracMax`
// after it, taken from s[at, end) (a sign first if `signed`), or NaN when that is not its
// form (at least one digit, as PAWNS and the seconds of TIME say). Equal to Number(text):
// the digits make an integer of at most 12 digits, exact in a double, and one division by a
// power of ten (also exact) is rounded once, to the double nearest the decimal's value.
function decimalAt(s: Bytes, at: number, end: number, intMax: number, fracMax: number, signed: boolean): number {
  let negative = false;
  if (signed && at < end) {
    const c = s[at]!;
    if (c === 45 || c === 43) {
      negative = c === 45;
      at++;
    }
  }
  let n = 0;
  let intDigits = 0;
  while (at < end && isDigit(s[at]!)) {
    if (++intDigits > intMax) return NaN;
    n = n * 10 + (s[at++]! - 48);
  }
  let fracDigits = 0;
  if (at < end && s[at]! === 46) {
    at++;
    while (at < end && isDigit(s[at]!)) {
      if (++fracDigits > fracMax) return NaN;
      n = n * 10 + (s[at++]! - 48);
    }
    if (intDigits === 0 && fracDigits === 0) return NaN;
  } else if (intDigits === 0) return NaN;
  if (at !== end) return NaN;
  const v = n / POWERS_OF_TEN[fracDigits]!;
  return negative ? -v + 0 : v; // + 0 turns -0 into 0, as parseEval does
}

// A clock of s[at, end) as parseClock reads it (TIME), or null.
function clockAt(s: Bytes, at: number, end: number): number | null {
  let h = 0;
  let digits = 0;
  while (at < end && isDigit(s[at]!)) {
    if (++digits > 4) return null;
    h = h * 10 + (s[at++]! - 48);
  }
  if (digits === 0 || at >= end || s[at++]! !== 58) return null;
  // [0-5]?\d, then ':'
  let m = 0;
  digits = 0;
  while (at < end && isDigit(s[at]!)) {
    if (++digits > 2) return null;
    m = m * 10 + (s[at++]! - 48);
  }
  if (digits === 0 || m > 59 || (digits === 2 && s[at - 2]! > 53) || at >= end || s[at++]! !== 58) return null;
  // [0-5]?\d(?:\.\d{1,3})?
  let i = at;
  while (i < end && isDigit(s[i]!)) i++;
  const secDigits = i - at;
  if (secDigits === 0 || secDigits > 2 || (secDigits === 2 && s[at]! > 53)) return null;
  if (i < end && (i + 1 === end || s[i]! !== 46)) return null; // a point needs a digit after it
  const seconds = decimalAt(s, at, end, 2, 3, false);
  if (Number.isNaN(seconds)) return null;
  return h * 3600 + m * 60 + seconds;
}

// An evaluation of s[from, to) as parseEval reads it, or null: pawns and mate scores here,
// the rest (a depth after a comma) by parseEval.
function evalAt(s: Bytes, from: number, to: number): Evaluation | null {
  const pawns = decimalAt(s, from, to, 6, 6, true);
  if (!Number.isNaN(pawns)) return { pawns };
  if (s[from] === 35) {
    // MATE: '#', a sign, 1 to 4 digits. Number('-0') is -0, and so is this one.
    const sign = s[from + 1];
    let at = sign === 45 || sign === 43 ? from + 2 : from + 1;
    const first = at;
    let n = 0;
    while (at < to && at - first < 4 && isDigit(s[at]!)) n = n * 10 + (s[at++]! - 48);
    if (at === to && at > first) return { mate: sign === 45 ? -n : n };
  }
  let value = '';
  for (let i = from; i < to; i++) value += String.fromCharCode(s[i]!);
  return parseEval(value);
}

/**
 * Internal (used by {@link Game} when it reads a game): the fast path of
 * {@link takeCommands} for the usual comment after a move (engine and lichess exports), given
 * as its ASCII bytes s[at, end) before any string is made of it: when it is one `[%clk]`,
 * `[%emt]` or `[%eval]` and nothing else (white space around it allowed; the value without
 * blanks or brackets) and its value is well-formed, the value goes into the node's field, the
 * comment is dropped (`commentsAfter` becomes empty) and the result is true. Otherwise
 * (false) nothing changed, and the caller hands the comment to takeCommands, which gives the
 * same fields for the comments taken here.
 */
export function takeSingleCommand(node: CommandHolder, s: Bytes, at: number, end: number): boolean {
  if (commandsAsText) return false;
  while (at < end && isBlank(s[at]!)) at++;
  while (end > at && isBlank(s[end - 1]!)) end--;
  if (end - at < 7 || s[at]! !== 91 || s[at + 1]! !== 37 || s[end - 1]! !== 93) return false;
  // The name, by its letters (no substring made): eval, clk or emt, then one space.
  const c0 = s[at + 2]!;
  const c1 = s[at + 3]!;
  const c2 = s[at + 4]!;
  const c3 = s[at + 5]!;
  let kind: 'clk' | 'emt' | 'eval';
  if (c0 === 101 && c1 === 118 && c2 === 97 && c3 === 108 && s[at + 6]! === 32) kind = 'eval';
  else if (c0 === 99 && c1 === 108 && c2 === 107 && c3 === 32) kind = 'clk';
  else if (c0 === 101 && c1 === 109 && c2 === 116 && c3 === 32) kind = 'emt';
  else return false;
  const from = at + 2 + kind.length + 1;
  const to = end - 1;
  if (from >= to) return false;
  for (let i = from; i < to; i++) {
    const c = s[i]!;
    if (c === 91 || c === 93 || isBlank(c)) return false;
  }
  if (kind === 'eval') {
    const e = evalAt(s, from, to);
    if (e === null) return false;
    node.eval = e;
  } else {
    const seconds = clockAt(s, from, to);
    if (seconds === null) return false;
    if (kind === 'clk') node.clock = seconds;
    else node.emt = seconds;
  }
  node.commentsAfter = [];
  return true;
}

/**
 * Internal (used by {@link Game}): moves the commands out of `node.commentsAfter` into its
 * typed fields; comments that held nothing else are dropped.
 */
export function takeCommands(node: CommandHolder): void {
  const comments = node.commentsAfter;
  if (comments.length === 0 || commandsAsText) return;
  let any = false;
  for (const c of comments) if (typeof c === 'string' && c.includes('[%')) any = true;
  if (!any) return;
  // From the last comment back, so that the last clock/emt/eval of all is the one taken.
  // Comments without commands are kept exactly; one that held only commands is dropped.
  const texts: string[] = [];
  const seen = new Set<string>();
  const shapes: Shape[][] = [];
  for (let i = comments.length - 1; i >= 0; i--) {
    const comment = comments[i]!;
    if (typeof comment !== 'string' || !comment.includes('[%')) {
      texts.unshift(comment);
      continue;
    }
    const c = parseWithout(comment, seen);
    if (c.clock !== null) {
      node.clock = c.clock;
      seen.add('clk');
    }
    if (c.emt !== null) {
      node.emt = c.emt;
      seen.add('emt');
    }
    if (c.eval !== null) {
      node.eval = c.eval;
      seen.add('eval');
    }
    shapes.unshift(c.shapes);
    if (c.text !== '') texts.unshift(c.text);
  }
  node.shapes.push(...shapes.flat());
  node.commentsAfter = texts;
}

/**
 * Internal (used by {@link Game}): the comments after a node as PGN holds them — its
 * `commentsAfter` with the typed commands appended to the last one, or as a comment of
 * their own when there is none (or the last one is blank, so that it reads back as it was).
 */
export function commentsWithCommands(node: CommandHolder): string[] {
  const commands = makeCommentCommands({ clock: node.clock, emt: node.emt, eval: node.eval, shapes: node.shapes });
  if (commands === '') return node.commentsAfter;
  const comments = [...node.commentsAfter];
  const last = comments.at(-1);
  if (typeof last !== 'string' || trimAscii(last) === '') comments.push(commands);
  else comments[comments.length - 1] = `${last.replace(/[\t\n\r ]+$/, '')} ${commands}`;
  return comments;
}

/**
 * Internal (used by {@link Game}): how a node's comments after the move were written when it
 * was read — each comment as it was (`raw`), commands in place — and the node's fields as
 * reading set them (`after`, `clock`, `emt`, `eval`, `shapes`). While the fields still hold
 * those values, the node's comments are `raw`: each command stays in the comment it came from,
 * in the order of the file. Once a field changes, the comments are made from the fields
 * ({@link commentsWithCommands}'s layout).
 */
export interface CommentLayout {
  raw: readonly string[];
  after: readonly string[];
  clock: number | null;
  emt: number | null;
  eval: Evaluation | null;
  shapes: readonly Shape[];
}

const copyEval = (e: Evaluation | null): Evaluation | null => (e === null ? null : { ...e });
const sameEval = (a: Evaluation | null, b: Evaluation | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    typeof a === 'object' &&
    a.pawns === b.pawns &&
    a.mate === b.mate &&
    a.depth === b.depth);

/** Internal: the layout of a node whose comments `raw` reading just split into its fields. */
export function recordLayout(node: CommandHolder, raw: readonly string[]): CommentLayout {
  return {
    raw,
    after: [...node.commentsAfter],
    clock: node.clock,
    emt: node.emt,
    eval: copyEval(node.eval),
    shapes: node.shapes.map((s) => ({ ...s })),
  };
}

/** Internal: whether a node's fields still hold what its layout recorded. */
export function layoutHolds(node: CommandHolder, layout: CommentLayout): boolean {
  const { commentsAfter: after, shapes } = node;
  if (node.clock !== layout.clock || node.emt !== layout.emt || !sameEval(node.eval, layout.eval)) return false;
  if (
    !Array.isArray(after) ||
    after.length !== layout.after.length ||
    !Array.isArray(shapes) ||
    shapes.length !== layout.shapes.length
  )
    return false;
  for (let i = 0; i < after.length; i++) if (after[i] !== layout.after[i]) return false;
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i];
    const t = layout.shapes[i]!;
    if (s === null || typeof s !== 'object' || s.color !== t.color || s.from !== t.from || s.to !== t.to) return false;
  }
  return true;
}

/**
 * Internal (used by {@link Game}): a node's comments after the move as PGN holds them — the
 * layout's comments while it holds, else {@link commentsWithCommands}.
 */
export function commentsOf(node: CommandHolder, layout: CommentLayout | null): readonly string[] {
  return layout !== null && layoutHolds(node, layout) ? layout.raw : commentsWithCommands(node);
}

/**
 * Internal (used by {@link Game}): sets a node's fields from a list of comments, each with its
 * own text and commands; returns the layout that keeps each command in its comment (null when
 * the usual layout writes the same comments).
 */
export function setComments(node: CommandHolder, comments: readonly Partial<CommentCommands>[]): CommentLayout | null {
  if (!Array.isArray(comments as unknown))
    throw new ChessError('invalid-argument', `not an array of comments: ${describe(comments)}`);
  const raw: string[] = [];
  for (const c of comments as readonly (Partial<CommentCommands> | null)[]) {
    if (c === null || typeof c !== 'object') throw new ChessError('invalid-argument', `not a comment: ${describe(c)}`);
    if (c.text !== undefined && typeof c.text !== 'string')
      throw new ChessError('invalid-argument', `not a comment text: ${describe(c.text)}`);
    const made = makeCommentCommands({
      text: c.text ?? '',
      clock: c.clock ?? null,
      emt: c.emt ?? null,
      eval: c.eval ?? null,
      shapes: c.shapes ?? [],
    });
    if (made !== '') raw.push(made);
  }
  node.commentsAfter = [...raw];
  node.clock = null;
  node.emt = null;
  node.eval = null;
  node.shapes = [];
  const before = commandsAsText;
  commandsAsText = false;
  try {
    takeCommands(node);
  } finally {
    commandsAsText = before;
  }
  const usual = commentsWithCommands(node);
  if (usual.length === raw.length && usual.every((c, i) => c === raw[i])) return null;
  return recordLayout(node, raw);
}
