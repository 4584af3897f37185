/**
 * The game-tree wire codec: a PGN source in wasm memory (`PgnSource`), the tree buffers it
 * fills for each game read (the tree layout of cpp/wasm/tree_codec.h), decoded into a
 * {@link TreeStore} (a compact tree in typed arrays, read node by node when the model asks),
 * and a tree written back into the input buffers for the core's PGN writer.
 *
 * No model here: `game.ts` builds its `Game` and `GameNode`s over a {@link TreeStore}, and
 * hands the tree to {@link writeTree} to write PGN.
 * @module
 */
import {
  FenTagRule,
  type FenTagRuleName,
  PgnStatus,
  PgnStyle,
  type PgnStyleName,
  TREE_CHESS960,
  TREE_HEADER_WORDS,
  TREE_NON_ASCII,
} from '../boundary/boundary.js';
import type { PgnSource } from '../boundary/chesswasm.mjs';
import { ChessError, PGN_ERROR_REASONS, PgnError, type PgnErrorReason } from '../boundary/errors.js';
import { M, decoder, encoder, readString, releaseIo, writeString } from '../boundary/wasm.js';
import { VARIANTS, sanOf, uciKey } from '../core/position.js';

/** The PgnStatus codes (PgnSource.next). */
export const GAME = PgnStatus.indexOf('GAME');
export const END = PgnStatus.indexOf('END');
export const PARTIAL = PgnStatus.indexOf('PARTIAL');

/**
 * Internal: reading rules beyond the defaults (the core PgnReader's settings): which tag
 * gives the root position, whether the castling rights and en passant square its board
 * contradicts are dropped, the SanLeniency bits a main-line move may not need, and whether
 * brace comments keep their surrounding white space.
 */
export interface ReadRules {
  /** The core's FenTagRule (default `'FEN_TAG'`). */
  fenTagRule?: FenTagRuleName;
  /** Drop contradicted castling rights and en passant square (default `false`). */
  dropContradicted?: boolean;
  /** SanLeniency bits refused on the main line (default 0). */
  refusedTolerances?: number;
  /** Keep the white space around the text of `{...}` comments (default `false`: trimmed). */
  keepCommentSpace?: boolean;
  /** A root FEN may be any board chess.js plays (`Setup.toPosition({ permissive: true })`; default `false`). */
  anyBoard?: boolean;
}

/**
 * Internal: a PGN source over a text or its UTF-8 bytes, ready to read (keeping partial
 * games if asked: `next()` then gives PARTIAL for one); free it with `delete()`.
 */
export function openSource(input: string | Uint8Array, partial = false, rules: ReadRules = {}): PgnSource {
  let src: PgnSource;
  if (typeof input === 'string') {
    // Encoded straight into the source's buffer (no copy of the bytes), first as long as
    // the text (all of it when it is ASCII), then, while characters are left, with room for
    // them at 3 bytes a UTF-16 unit (the most one takes), and cut to the bytes written.
    src = new M.PgnSource(input.length);
    let { read, written } = encoder.encodeInto(input, src.text());
    while (read < input.length) {
      src.resize(written + 3 * (input.length - read));
      const r = encoder.encodeInto(input.substring(read), src.text().subarray(written));
      read += r.read;
      written += r.written;
    }
    if (written !== input.length) src.resize(written);
  } else {
    src = new M.PgnSource(input.length);
    src.text().set(input);
  }
  src.start();
  if (partial) src.keepPartial(true);
  if (rules.fenTagRule) src.fenTagRule(FenTagRule.indexOf(rules.fenTagRule));
  if (rules.dropContradicted) src.dropContradicted(true);
  if (rules.refusedTolerances) src.refuseTolerances(rules.refusedTolerances);
  if (rules.keepCommentSpace) src.keepCommentSpace(true);
  if (rules.anyBoard) src.allowAnyBoard(true);
  return src;
}

/**
 * Internal: the PgnError of the last failed read of a source; `line` and `column` are
 * shifted for a source that starts at line `lineBase`, column `columnBase` of a file.
 */
export function sourceError(src: PgnSource, lineBase: number, columnBase: number): PgnError {
  const e = src.error();
  const fileLine = lineBase + e.line - 1;
  const fileColumn = e.line === 1 ? columnBase + e.column - 1 : e.column;
  const reason = PGN_ERROR_REASONS[e.code] as PgnErrorReason;
  return new PgnError(
    'invalid-pgn',
    `PGN line ${fileLine}, column ${fileColumn}: ${e.message}`,
    fileLine,
    fileColumn,
    reason,
    e.detail,
  );
}

// The index of a store: five numbers per node (see TreeStore).
const AT = 0; // the node's first word
const BYTE = 1; // the node's first byte
const FIRST = 2; // its first child, -1 if none
const NEXT = 3; // its next sibling, -1 if none
const LAST = 4; // its last child while indexing
const INDEX_FIELDS = 5;
const LENGTH = ~TREE_NON_ASCII;

/**
 * Internal: one game's tree as read: a copy of the tree buffers (cpp/wasm/tree_codec.h),
 * read front to back ({@link TreeStore.forEachNode}) or node by node through an index made on
 * first use (per node: where its words and bytes start, its first child, its next sibling),
 * so that any node's move, SAN, comments and NAGs are read without decoding the others. Node 0
 * is the root; a node's children are in their order. Immutable: the model keeps its edits in
 * its own nodes.
 */
export class TreeStore {
  /** The variant's code (`VARIANTS[code]`). */
  readonly variant: number;
  /** The key of its moves' UCI texts (`uciKey`: the variant's code and Chess960 castling). */
  readonly uciKey: number;
  /** The number of nodes (the root included). */
  readonly size: number;
  readonly #words: Int32Array;
  readonly #bytes: Uint8Array;
  // The bytes as one string when every string is pure ASCII (made on first use: a caller that
  // reads only moves and SAN never decodes the comments), else ''.
  #blob: string | null = null;
  readonly #ascii: boolean;
  // The index (see above), made on first use: a caller that makes every node reads the
  // buffers front to back instead ({@link TreeStore.forEachNode}).
  #index: Int32Array | null = null;
  // The first node's word and byte.
  readonly #start: number;
  readonly #startByte: number;

  /** Internal: use {@link decodeTree}. */
  constructor(
    variant: number,
    chess960: boolean,
    words: Int32Array,
    bytes: Uint8Array,
    ascii: boolean,
    at: number,
    b: number,
  ) {
    this.variant = variant;
    this.uciKey = uciKey(variant, chess960);
    this.#words = words;
    this.#bytes = bytes;
    this.#ascii = ascii;
    this.size = words[at]!;
    this.#start = at + 1;
    this.#startByte = b;
  }

  #ix(): Int32Array {
    if (this.#index !== null) return this.#index;
    const words = this.#words;
    const n = this.size;
    const index = new Int32Array(INDEX_FIELDS * n);
    let at = this.#start;
    let b = this.#startByte;
    for (let i = 0; i < n; i++) {
      const x = INDEX_FIELDS * i;
      index[x + AT] = at;
      index[x + BYTE] = b;
      index[x + FIRST] = -1;
      index[x + NEXT] = -1;
      const parent = words[at]!;
      at += 2;
      const lo = words[at]!;
      at += 2;
      if (lo === -1) b += words[at++]! & LENGTH;
      for (let k = words[at++]!; k > 0; k--) b += words[at++]! & LENGTH;
      for (let k = words[at++]!; k > 0; k--) b += words[at++]! & LENGTH;
      at += words[at]! + 1;
      if (i === 0) continue;
      const p = INDEX_FIELDS * parent;
      if (index[p + FIRST] === -1) index[p + FIRST] = i;
      else index[INDEX_FIELDS * index[p + LAST]! + NEXT] = i;
      index[p + LAST] = i;
    }
    return (this.#index = index);
  }

  /**
   * Every node in order (a node's parent before it, siblings in their order), read front to
   * back: `visit(i, parent, move, san, before, after, nags, loneLength)`, with `after` as
   * {@link TreeStore.commentsAfter} gives it, and `loneLength` the length of a lone comment
   * given as a number (else 0).
   */
  forEachNode(
    visit: (
      i: number,
      parent: number,
      move: number,
      san: string,
      before: string[],
      after: string[] | number,
      nags: number[],
      loneLength: number,
    ) => void,
  ): void {
    const w = this.#words;
    let at = this.#start;
    let b = this.#startByte;
    for (let i = 0, n = this.size; i < n; i++) {
      const parent = w[at++]!;
      const move = w[at++]!;
      const lo = w[at++]!;
      const hi = w[at++]!;
      let san = '';
      if (lo === -1) {
        const len = w[at++]! & LENGTH;
        san = this.#text(b, len);
        b += len;
      } else if (i !== 0) san = sanOf(lo, hi);
      let k = w[at++]!;
      const before: string[] = k === 0 ? [] : new Array<string>(k);
      for (let j = 0; j < k; j++) {
        const len = w[at++]! & LENGTH;
        before[j] = this.#text(b, len);
        b += len;
      }
      k = w[at++]!;
      let after: string[] | number;
      let loneLength = 0;
      if (k === 1 && (w[at]! & TREE_NON_ASCII) === 0) {
        after = -1 - b;
        loneLength = w[at++]!;
        b += loneLength;
      } else {
        after = k === 0 ? [] : new Array<string>(k);
        for (let j = 0; j < k; j++) {
          const len = w[at++]! & LENGTH;
          after[j] = this.#text(b, len);
          b += len;
        }
      }
      k = w[at++]!;
      const nags: number[] = [];
      for (; k > 0; k--) nags.push(w[at++]!);
      visit(i, parent, move, san, before, after, nags, loneLength);
    }
  }

  /** The parent of node `i` (-1 for the root). */
  parent(i: number): number {
    return this.#words[this.#ix()[INDEX_FIELDS * i + AT]!]!;
  }

  /** The first child of node `i`, -1 if none (its main continuation). */
  firstChild(i: number): number {
    return this.#ix()[INDEX_FIELDS * i + FIRST]!;
  }

  /** The next sibling of node `i`, -1 if none. */
  nextSibling(i: number): number {
    return this.#ix()[INDEX_FIELDS * i + NEXT]!;
  }

  /** The move of node `i` (0 for the root and a null move). */
  move(i: number): number {
    return this.#words[this.#ix()[INDEX_FIELDS * i + AT]! + 1]!;
  }

  /** The SAN of node `i` (`''` for the root). */
  san(i: number): string {
    if (i === 0) return '';
    const at = this.#ix()[INDEX_FIELDS * i + AT]!;
    const lo = this.#words[at + 2]!;
    if (lo !== -1) return sanOf(lo, this.#words[at + 3]!);
    return this.#text(this.#ix()[INDEX_FIELDS * i + BYTE]!, this.#words[at + 4]!);
  }

  /** The comments before the move of node `i` (a new array). */
  commentsBefore(i: number): string[] {
    let at = this.#ix()[INDEX_FIELDS * i + AT]! + 4;
    let b = this.#ix()[INDEX_FIELDS * i + BYTE]!;
    if (this.#words[at - 2] === -1) b += this.#words[at++]! & LENGTH;
    return this.#strings(at, b);
  }

  /**
   * The comments after the move of node `i` (a new array), or, when there is exactly one
   * and it is pure ASCII, -1 - its first byte (see {@link TreeStore.bytes}; its length is
   * {@link TreeStore.loneLength}): the model may read it without making a string.
   */
  commentsAfter(i: number): string[] | number {
    let at = this.#ix()[INDEX_FIELDS * i + AT]! + 4;
    let b = this.#ix()[INDEX_FIELDS * i + BYTE]!;
    const w = this.#words;
    if (w[at - 2] === -1) b += w[at++]! & LENGTH;
    for (let k = w[at++]!; k > 0; k--) b += w[at++]! & LENGTH;
    if (w[at] === 1 && (w[at + 1]! & TREE_NON_ASCII) === 0) return -1 - b;
    return this.#strings(at, b);
  }

  /** The length of node `i`'s lone comment after its move (see {@link TreeStore.commentsAfter}). */
  loneLength(i: number): number {
    let at = this.#ix()[INDEX_FIELDS * i + AT]! + 4;
    const w = this.#words;
    if (w[at - 2] === -1) at++;
    at += w[at]! + 1;
    return w[at + 1]!;
  }

  /** The string of `length` bytes at byte `at` (of a lone comment: see {@link TreeStore.commentsAfter}). */
  text(at: number, length: number): string {
    return this.#text(at, length);
  }

  /** The UTF-8 bytes of the strings (read only). */
  get bytes(): Uint8Array {
    return this.#bytes;
  }

  /** The NAGs of node `i` (a new array). */
  nags(i: number): number[] {
    let at = this.#ix()[INDEX_FIELDS * i + AT]! + 4;
    const w = this.#words;
    if (w[at - 2] === -1) at++;
    at += w[at]! + 1;
    at += w[at]! + 1;
    const nags: number[] = [];
    for (let k = w[at++]!; k > 0; k--) nags.push(w[at++]!);
    return nags;
  }

  /** Whether node `i` has comments before or after its move, or NAGs. */
  annotated(i: number): boolean {
    let at = this.#ix()[INDEX_FIELDS * i + AT]! + 4;
    const w = this.#words;
    if (w[at - 2] === -1) at++;
    if (w[at] !== 0) return true;
    at += 1;
    if (w[at] !== 0) return true;
    return w[at + 1] !== 0;
  }

  // A count of strings at word `at`, their bytes from `b`.
  #strings(at: number, b: number): string[] {
    const n = this.#words[at++]!;
    const list: string[] = n === 0 ? [] : new Array<string>(n);
    for (let k = 0; k < n; k++) {
      const len = this.#words[at++]! & LENGTH;
      list[k] = this.#text(b, len);
      b += len;
    }
    return list;
  }

  #text(at: number, len: number): string {
    return this.#ascii
      ? (this.#blob ??= decoder.decode(this.#bytes)).substring(at, at + len)
      : decoder.decode(this.#bytes.subarray(at, at + len));
  }
}

/** Internal: a game as decoded from the tree buffers: its header, and its tree. */
export interface DecodedGame {
  variant: number;
  /** Chess960 castling (the variant word's TREE_CHESS960 bit, or the variant 'chess960'). */
  chess960: boolean;
  tags: Map<string, string>;
  rootFen: string;
  result: string;
  tree: TreeStore;
}

/**
 * Internal: the game that a source's tree buffers hold (after `next()` gave GAME or PARTIAL).
 * The buffers are copied (the source reuses them for its next game); the nodes are not
 * decoded (see {@link TreeStore}).
 */
export function decodeTree(src: PgnSource): DecodedGame {
  const wordsView = src.treeWords();
  const bytesView = src.treeBytes();
  // words[1] (the byte count) says whether some string is not pure ASCII; a pure-ASCII game
  // (the usual case) decodes its strings in one go.
  const ascii = (wordsView[1]! & TREE_NON_ASCII) === 0;
  // Both copied into one new buffer (one allocation).
  const copy = new ArrayBuffer(4 * wordsView.length + bytesView.length);
  const words = new Int32Array(copy, 0, wordsView.length);
  words.set(wordsView);
  const bytes = new Uint8Array(copy, 4 * wordsView.length, bytesView.length);
  bytes.set(bytesView);
  // The header's strings (tags, root FEN, result) decoded now, in one go when they are ASCII;
  // the nodes' strings when the model asks for them (TreeStore).
  const ntags = words[TREE_HEADER_WORDS + 1]!;
  let headerBytes = 0;
  for (let k = 0, w = TREE_HEADER_WORDS + 2; k < 2 * ntags + 2; k++) headerBytes += words[w++]! & LENGTH;
  const head = ascii ? decoder.decode(bytes.subarray(0, headerBytes)) : '';
  const text = (at: number, len: number): string =>
    ascii ? head.substring(at, at + len) : decoder.decode(bytes.subarray(at, at + len));
  let w = TREE_HEADER_WORDS;
  let b = 0;
  let len = 0;
  const variantWord = words[w++]!;
  const variant = variantWord & ~TREE_CHESS960;
  const chess960 = (variantWord & TREE_CHESS960) !== 0 || VARIANTS[variant] === 'chess960';
  w++; // ntags
  const tags = new Map<string, string>();
  for (let i = 0; i < ntags; i++) {
    len = words[w++]! & LENGTH;
    const name = text(b, len);
    b += len;
    len = words[w++]! & LENGTH;
    tags.set(name, text(b, len));
    b += len;
  }
  len = words[w++]! & LENGTH;
  const rootFen = text(b, len);
  b += len;
  len = words[w++]! & LENGTH;
  const result = text(b, len);
  b += len;
  return {
    variant,
    chess960,
    tags,
    rootFen,
    result,
    tree: new TreeStore(variant, chess960, words, bytes, ascii, w, b),
  };
}

/** Internal: what {@link writeTree} reads of a node (a `GameNode` is one). */
export interface WireNode {
  readonly parent: WireNode | null;
  readonly children: readonly WireNode[];
  readonly move: number;
  readonly san: string;
  readonly commentsBefore: readonly string[];
  readonly nags: readonly number[];
}

/**
 * Internal: a node of a game tree as the core's PGN writer takes it (cw::PgnNode): its
 * parent's index (-1 for the root, which comes first; a parent before its children, the
 * children of a node in their order).
 */
export interface TreeNode {
  parent: number;
  move: number;
  san: string;
  commentsBefore: readonly string[];
  commentsAfter: readonly string[];
  nags: readonly number[];
}

/** Internal: how the core lays PGN out (cw::PgnLayout, cpp/core/pgn.h). */
export interface PgnLayout {
  style: PgnStyleName;
  /** Wrap lines at `maxWidth` columns. */
  wrap: boolean;
  maxWidth: number;
  /** What ends a line. */
  newline: string;
}

/** The layout of {@link Game.pgn}: PGN export format, 80 columns. */
export const EXPORT_LAYOUT: PgnLayout = { style: 'EXPORT', wrap: true, maxWidth: 80, newline: '\n' };

/**
 * Internal: a game tree written as PGN by the core, in export layout: its nodes in
 * {@link writeNodes}' order (depth first, children in order). `commentsAfter` gives the
 * comments after a node's move as they are to be written (their commands in them).
 */
export function writeTree<N extends WireNode>(
  variant: number,
  tags: ReadonlyMap<string, string>,
  rootFen: string,
  result: string,
  root: N,
  commentsAfter: (node: N) => readonly string[],
): string {
  const order: N[] = [];
  const index = new Map<WireNode, number>();
  const stack: N[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    index.set(n, order.length);
    order.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as N);
  }
  const nodes: TreeNode[] = order.map((n) => ({
    parent: n.parent === null ? -1 : index.get(n.parent)!,
    move: n.move,
    san: n.san,
    commentsBefore: n.commentsBefore,
    commentsAfter: commentsAfter(n),
    nags: n.nags,
  }));
  return writeNodes(variant, tags, rootFen, result, nodes, EXPORT_LAYOUT);
}

/**
 * Internal: PGN written by the core from a game's parts, serialised into the input tree
 * buffers (the layout of cpp/wasm/tree_codec.h, each SAN spelled out) and laid out as `layout` says (the
 * chess.js facade's `pgn()` writes chess.js's layout with it).
 * @throws {@link ChessError} `'invalid-argument'` when the nodes are no well-formed tree.
 */
export function writeNodes(
  variant: number,
  tags: Iterable<readonly [string, string]>,
  rootFen: string,
  result: string,
  nodes: readonly TreeNode[],
  layout: PgnLayout,
): string {
  // The newline goes first, through the I/O buffer (making the tree buffers may grow wasm
  // memory, which the I/O buffer's view then re-reads).
  const newlineLength = writeString(String(layout.newline));
  const words: number[] = [0, 0, variant, 0];
  const parts: string[] = [];
  let nbytes = 0;
  const str = (s: string): void => {
    let len = s.length;
    let flag = 0;
    for (let i = 0; i < s.length; i++)
      if (s.charCodeAt(i) > 127) {
        len = encoder.encode(s).length;
        flag = TREE_NON_ASCII;
        break;
      }
    words.push(len | flag);
    parts.push(s);
    nbytes += len;
  };
  const strs = (v: readonly string[]): void => {
    words.push(v.length);
    for (const s of v) str(String(s));
  };
  let tagCount = 0;
  for (const [name, value] of tags) {
    str(String(name));
    str(String(value));
    tagCount++;
  }
  words[3] = tagCount;
  str(rootFen);
  str(result);
  words.push(nodes.length);
  for (const n of nodes) {
    // The SAN is never packed here (-1, -1, then its text), which the layout allows.
    words.push(n.parent, n.move, -1, -1);
    str(n.san);
    strs(n.commentsBefore);
    strs(n.commentsAfter);
    words.push(n.nags.length);
    for (const nag of n.nags) words.push(nag & 255);
  }
  M.treeWordsIn(words.length).set(words);
  // The bytes buffer is made second: making it may grow wasm memory, which the words are past.
  encoder.encodeInto(parts.join(''), M.treeBytesIn(nbytes));
  const len = M.writePgn(PgnStyle.indexOf(layout.style), layout.wrap, layout.maxWidth, newlineLength);
  if (len === 0) throw new ChessError('invalid-argument', 'the game tree could not be written');
  const text = readString(len);
  releaseIo();
  return text;
}
