/**
 * Loading the wasm module and the low-level calls into it (cpp/wasm/bindings.cpp).
 * Internal: the public surface is {@link init} and {@link InitOptions}.
 * @module
 */
import createChesswasm, { type ChesswasmGlue } from './chesswasm.mjs';
import { ChessError } from './errors.js';

/** Where {@link init} gets the `.wasm` from when the default location does not suit. */
export interface InitOptions {
  /** The bytes of `chesswasm.wasm`. */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /** The URL of `chesswasm.wasm` (resolved against the page, else against this module). */
  wasmUrl?: string | URL;
}

/** The raw exports of bindings.cpp that the TS layer calls, by their C names less `cw_`. */
export interface Native {
  io_buffer(size: number): number;
  move_buffer(): number;
  count_buffer(): number;
  create(): number; // cw_new
  clone(p: number): number;
  delete(p: number): void;
  set_fen(p: number, len: number, variant: number): number;
  fen(p: number, shredder: number): number;
  fen_error_name(code: number): number;
  fen_error_message(code: number): number;
  key(p: number): bigint;
  turn(p: number): number;
  variant(p: number): number;
  in_check(p: number): number;
  checkers(p: number): bigint;
  has_legal_move(p: number): number;
  history_size(p: number): number;
  last_move(p: number): number;
  rule50(p: number): number;
  fullmove_number(p: number): number;
  piece_on(p: number, sq: number): number;
  attackers(p: number, sq: number): bigint;
  play_null(p: number): number;
  repetition_count(p: number): number;
  legal_moves(p: number): number;
  is_legal(p: number, m: number): number;
  play(p: number, m: number): number;
  undo(p: number): number;
  uci(p: number, m: number): number;
  parse_uci(p: number, len: number): number;
  perft(p: number, depth: number): number;
  divide(p: number, depth: number): number;
  san(p: number, m: number): number;
  legal_moves_san(p: number): number;
  san_key_buffer(): number;
  take_back(p: number): number;
  parse_san(p: number, len: number, strict: number): number;
  outcome(p: number, claim: number): number;
  termination_name(t: number): number;
  pgn_open(len: number): number;
  pgn_text(s: number): number;
  pgn_start(s: number): void;
  pgn_keep_partial(s: number, on: number): void;
  pgn_close(s: number): void;
  pgn_next(s: number): number;
  pgn_offset(s: number): number;
  pgn_line(s: number): number;
  pgn_game_line(s: number): number;
  pgn_error_line(s: number): number;
  pgn_error_column(s: number): number;
  pgn_error_message(s: number): number;
  tree_words(words: number): number;
  tree_bytes(bytes: number): number;
  pgn_write(words: number, bytes: number): number;
}

// Safe first calls, one per export, made once after loading: the 3.1.6 glue replaces each
// `Module._cw_x` wrapper by the raw wasm export on its first call, so capturing the
// functions afterwards lets every later call go straight into wasm.
function warmUp(g: ChesswasmGlue): void {
  const call = (name: string, ...args: number[]) => (g[`_cw_${name}`] as (...a: number[]) => unknown)(...args);
  call('io_buffer', 0);
  call('move_buffer');
  call('count_buffer');
  const p = call('new') as number;
  const q = call('clone', p) as number;
  call('delete', q);
  call('set_fen', p, 0, -1);
  call('fen', p, 0);
  call('fen_error_name', 0);
  call('fen_error_message', 0);
  for (const name of ['key', 'turn', 'variant', 'in_check', 'checkers', 'has_legal_move', 'history_size',
    'last_move', 'rule50', 'fullmove_number', 'legal_moves', 'undo']) call(name, p);
  call('piece_on', p, 0);
  call('attackers', p, 0);
  call('repetition_count', p);
  call('play_null', p);
  call('is_legal', p, 0);
  call('play', p, 0);
  call('uci', p, 0);
  call('parse_uci', p, 0);
  call('perft', p, 0);
  call('divide', p, 0);
  call('san', p, 0);
  call('legal_moves_san', p);
  call('san_key_buffer');
  call('take_back', p);
  call('parse_san', p, 0, 0);
  call('outcome', p, 0);
  call('termination_name', 1);
  const src = call('pgn_open', 0) as number;
  call('pgn_text', src);
  call('pgn_start', src);
  call('pgn_keep_partial', src, 0);
  for (const name of ['pgn_next', 'pgn_offset', 'pgn_line', 'pgn_game_line', 'pgn_error_line', 'pgn_error_column',
    'pgn_error_message']) call(name, src);
  call('pgn_close', src);
  call('tree_words', 0);
  call('tree_bytes', 0);
  call('pgn_write', 0, 0);
  call('delete', p);
}

// The PGN exports (web/src/pgn.ts).
const PGN_EXPORTS = ['pgn_open', 'pgn_text', 'pgn_start', 'pgn_keep_partial', 'pgn_close', 'pgn_next', 'pgn_offset', 'pgn_line',
  'pgn_game_line', 'pgn_error_line', 'pgn_error_column', 'pgn_error_message', 'tree_words', 'tree_bytes',
  'pgn_write'] as const;

function bind(g: ChesswasmGlue): Native {
  warmUp(g);
  const names = ['io_buffer', 'move_buffer', 'count_buffer', 'new', 'clone', 'delete', 'set_fen', 'fen',
    'fen_error_name', 'fen_error_message', 'key', 'turn', 'variant', 'in_check', 'checkers', 'has_legal_move',
    'history_size', 'last_move', 'rule50', 'fullmove_number', 'piece_on', 'legal_moves', 'is_legal', 'play',
    'undo', 'uci', 'parse_uci', 'perft', 'divide', 'san', 'parse_san', 'outcome', 'termination_name', 'attackers',
    'play_null', 'repetition_count'] as const;
  const table: Record<string, unknown> = {};
  for (const name of [...names, ...PGN_EXPORTS, 'legal_moves_san', 'san_key_buffer', 'take_back']) table[name === 'new' ? 'create' : name] = g[`_cw_${name}`];
  return table as unknown as Native;
}

function notInitialized(): never {
  const why = loadError instanceof Error ? `: ${loadError.message}` : '';
  throw new ChessError('not-initialized', `chesswasm: the wasm module is not loaded${why}; call init() first`);
}

// Until the module is loaded, every native call throws 'not-initialized'.
const unloaded = new Proxy({}, { get: () => notInitialized }) as Native;

/** The native calls (live binding: replaced once the module has loaded). */
export let N: Native = unloaded;
let glue: ChesswasmGlue | null = null;
let loading: Promise<void> | null = null;
let loadError: unknown = null;
/** Index (in uint16 units) of the move buffer, and (in float64 units) of the count buffer. */
export let moveBufferIndex = 0;
export let countBufferIndex = 0;
/** Index (in int32 units) of the SAN key buffer (cw_legal_moves_san). */
export let sanKeyIndex = 0;
let ioPtr = 0;
let ioCapacity = 0;

/** The glue's views of wasm memory (re-read on every use: memory growth replaces them). */
export function heapU16(): Uint16Array {
  return glue!.HEAPU16;
}
/** @see heapU16 */
export function heapU8(): Uint8Array {
  return glue!.HEAPU8;
}
/** @see heapU16 (a view over the same memory as the others) */
export function heapI32(): Int32Array {
  const buffer = glue!.HEAPU8.buffer;
  if (i32 === null || i32.buffer !== buffer) i32 = new Int32Array(buffer);
  return i32;
}
let i32: Int32Array | null = null;
/** @see heapU16 */
export function heapF64(): Float64Array {
  return glue!.HEAPF64;
}

/**
 * The size of the wasm linear memory in bytes (0 before loading). It grows when needed and
 * never shrinks; for monitoring memory use.
 */
export function wasmHeapSize(): number {
  return glue ? glue.HEAPU8.buffer.byteLength : 0;
}

/** Whether the wasm module is loaded (then every class is usable synchronously). */
export function isInitialized(): boolean {
  return glue !== null;
}

/**
 * Loads and instantiates the wasm module. Importing the package already calls it with the
 * default location (`chesswasm.wasm` next to the package's JS), so most hosts never call it;
 * hosts that serve the file elsewhere pass `wasmUrl` or the bytes as `wasmBinary`.
 * Idempotent: once loaded, further calls resolve at once and ignore their options.
 *
 * @param options - where the `.wasm` comes from; the default location when omitted.
 * @returns a promise that resolves when the module is ready.
 */
export function init(options: InitOptions = {}): Promise<void> {
  if (glue) return Promise.resolve();
  if (!loading) {
    loading = load(options).then(
      () => {
        loadError = null;
      },
      (e: unknown) => {
        loading = null;
        loadError = e;
        throw e;
      },
    );
  }
  return loading;
}

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

async function readFileUrl(url: URL): Promise<Uint8Array> {
  // A computed specifier keeps bundlers from trying to bundle Node's fs for browsers.
  const specifier = ['node', 'fs/promises'].join(':');
  const fs = (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as {
    readFile(path: URL): Promise<Uint8Array>;
  };
  return fs.readFile(url);
}

function resolveUrl(url: string | URL): URL {
  if (url instanceof URL) return url;
  const base = (globalThis as { location?: { href?: string } }).location?.href ?? import.meta.url;
  return new URL(url, base);
}

async function instantiate(
  source: ArrayBuffer | ArrayBufferView | URL,
  imports: WebAssembly.Imports,
): Promise<WebAssembly.Instance> {
  if (!(source instanceof URL)) return (await WebAssembly.instantiate(source as BufferSource, imports)).instance;
  if (source.protocol === 'file:' && isNode()) return instantiate(await readFileUrl(source), imports);
  if (typeof WebAssembly.instantiateStreaming === 'function') {
    try {
      return (await WebAssembly.instantiateStreaming(fetch(source), imports)).instance;
    } catch {
      // e.g. served without the application/wasm MIME type: fall back to the bytes.
    }
  }
  const response = await fetch(source);
  if (!response.ok) throw new ChessError('not-initialized', `chesswasm: cannot fetch ${source.href} (${response.status})`);
  return instantiate(await response.arrayBuffer(), imports);
}

async function load(options: InitOptions): Promise<void> {
  const source: ArrayBuffer | ArrayBufferView | URL =
    options.wasmBinary ??
    (options.wasmUrl !== undefined ? resolveUrl(options.wasmUrl) : new URL('./chesswasm.wasm', import.meta.url));
  const g = await new Promise<ChesswasmGlue>((resolve, reject) => {
    createChesswasm({
      instantiateWasm(imports, receiveInstance) {
        instantiate(source, imports).then((instance) => receiveInstance(instance), reject);
        return {};
      },
    }).then(resolve, reject);
  });
  const native = bind(g);
  glue = g;
  moveBufferIndex = native.move_buffer() >> 1;
  countBufferIndex = native.count_buffer() >> 3;
  sanKeyIndex = native.san_key_buffer() >> 2;
  ioPtr = native.io_buffer(0);
  N = native;
}

// ---- strings through the I/O buffer -----------------------------------------------------------

const encoder = new TextEncoder();
// ignoreBOM: a U+FEFF that starts a comment or tag value is text, not a byte-order mark.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Writes s (UTF-8) into the I/O buffer; returns its length in bytes. `encodeInto` straight
 * into wasm memory (measured about 2x faster than a charCodeAt loop for a FEN); the buffer
 * is first grown to the worst case of 3 bytes per UTF-16 unit.
 */
export function writeString(s: string): number {
  const max = s.length * 3;
  if (max > ioCapacity) {
    ioPtr = N.io_buffer(max);
    ioCapacity = max;
  }
  return encoder.encodeInto(s, glue!.HEAPU8.subarray(ioPtr, ioPtr + ioCapacity)).written;
}

/** Reads len bytes of ASCII/UTF-8 output from the I/O buffer. */
export function readString(len: number): string {
  if (len > ioCapacity) {
    // The buffer grew to hold this output (and may have moved).
    ioPtr = N.io_buffer(len);
    ioCapacity = len;
  }
  // TextDecoder: measured about 2x faster than String.fromCharCode.apply for a FEN.
  return decoder.decode(glue!.HEAPU8.subarray(ioPtr, ioPtr + len));
}

/** Reads len bytes of UTF-8 output from the I/O buffer (any text: PGN, comments, messages). */
export function readUtf8(len: number): string {
  if (len > ioCapacity) {
    ioPtr = N.io_buffer(len);
    ioCapacity = len;
  }
  return decoder.decode(glue!.HEAPU8.subarray(ioPtr, ioPtr + len));
}

/** Reads a NUL-terminated string at a wasm address. */
export function readCString(ptr: number): string {
  const heap = glue!.HEAPU8;
  let end = ptr;
  while (heap[end] !== 0) end++;
  return decoder.decode(heap.subarray(ptr, end));
}

// ---- puzzles (web/src/puzzle.ts, the puzzles CLI) ------------------------------------------------

/** The puzzle exports of bindings.cpp, by their C names less `cw_`. */
export interface PuzzleNative {
  puzzle_result(): number;
  row_buffer(size: number): number;
  play_line(p: number, fenLen: number, lineLen: number, variant: number, notation: number): number;
  check_puzzle(p: number, fenLen: number, lineLen: number, variant: number, mateIn: number, setupFirst: number): number;
  check_puzzle_row(p: number, offset: number, len: number): number;
  count_mating_moves(p: number): number;
}

let puzzleNative: PuzzleNative | null = null;
let puzzleI32: Int32Array | null = null;

/**
 * The puzzle exports (bound on first use, after a warm-up call each so that later calls go
 * straight into wasm, as in bind()). Throws 'not-initialized' before the module is loaded.
 */
export function puzzleExports(): PuzzleNative {
  if (puzzleNative) return puzzleNative;
  if (!glue) notInitialized();
  const g = glue;
  const fn = (name: string) => g[`_cw_${name}`] as (...a: number[]) => number;
  const p = N.create();
  fn('puzzle_result')();
  fn('row_buffer')(0);
  fn('play_line')(p, 0, 0, -1, 0);
  fn('check_puzzle')(p, 0, 0, -1, 0, 1);
  fn('check_puzzle_row')(p, -1, 0);
  fn('count_mating_moves')(p);
  N.delete(p);
  const table: Record<string, unknown> = {};
  for (const name of ['puzzle_result', 'row_buffer', 'play_line', 'check_puzzle', 'check_puzzle_row', 'count_mating_moves'])
    table[name] = g[`_cw_${name}`];
  return (puzzleNative = table as unknown as PuzzleNative);
}

/** An Int32Array view of wasm memory (re-made when memory grows). */
export function heapI32View(): Int32Array {
  const buffer = glue!.HEAPU8.buffer;
  if (puzzleI32 === null || puzzleI32.buffer !== buffer) puzzleI32 = new Int32Array(buffer);
  return puzzleI32;
}

/** The glue's byte view of wasm memory (re-read on every use: memory growth replaces it). */
export function heapBytes(): Uint8Array {
  return glue!.HEAPU8;
}
