/**
 * Loading the wasm module, and what the other modules use of it: the embind registration
 * (`M`: classes, functions, enums; its types in chesswasm.d.mts and its codes in boundary.ts,
 * both generated from cpp/wasm/bindings.cpp), the raw calls (the hot calls), and the
 * buffers that text and move lists cross through.
 * Internal: the public surface is {@link init}, {@link InitOptions}, {@link isInitialized} and
 * {@link wasmHeapSize}.
 * @module
 */
import type { ChesswasmGlue } from './chesswasm.mjs';
import { ChessError } from './errors.js';
import { SYNCHRONOUS, hostTextCodecs, instantiate } from './glue.js';

/** Where {@link init} gets the `.wasm` from when the default location does not suit. */
export interface InitOptions {
  /** The bytes of `chesswasm.wasm`. */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /** The URL of `chesswasm.wasm` (resolved against the page, else against this module). */
  wasmUrl?: string | URL;
}

function notInitialized(): never {
  const why = loadError instanceof Error ? `: ${loadError.message}` : '';
  throw new ChessError('not-initialized', `chesswasm: the wasm module is not loaded${why}; call init() first`);
}

// Until the module is loaded, every use throws 'not-initialized'.
const unloaded = new Proxy({}, { get: notInitialized }) as ChesswasmGlue;

/**
 * UTF-8 text codecs (live bindings: made when the module loads, so that importing the
 * package needs no host global: Jest's jsdom environment has neither codec, and the CommonJS
 * build then takes Node's). `decoder` keeps a leading U+FEFF (`ignoreBOM`): a U+FEFF that
 * starts a comment or tag value is text, not a byte-order mark.
 */
export let encoder: TextEncoder = unloaded as unknown as TextEncoder;
export let decoder: TextDecoder = unloaded as unknown as TextDecoder;

/** The module (live binding: replaced once it has loaded). */
export let M: ChesswasmGlue = unloaded;
/**
 * The raw calls (cpp/wasm/bindings.cpp, "raw calls": where embind was measured at least
 * 1.3x slower): play(address, move) -> PlayStatus, takeBack(address) -> the move or -1,
 * legalMoves(address) -> the number of legal moves, written into the move buffer.
 */
export let play: (address: number, move: number) => number = notInitialized;
export let takeBack: (address: number) => number = notInitialized;
export let legalMoves: (address: number) => number = notInitialized;

let glue: ChesswasmGlue | null = null;
let loading: Promise<void> | null = null;
let loadError: unknown = null;

/**
 * The size of the wasm linear memory in bytes (0 before loading). It grows when needed and
 * never shrinks (the module's own buffers give their memory back to its allocator after a
 * large input, so that memory is reused); for monitoring memory use.
 */
export function wasmHeapSize(): number {
  // (A view of the module's move buffer: its buffer is the whole linear memory.)
  return glue ? glue.moveBuffer().buffer.byteLength : 0;
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
  // Node >= 20.16: its fs module (already loaded by Node's own module loader) read at once. An
  // import of fs/promises loads and compiles Node's internal modules behind it, and an async
  // read opens, stats and closes the file in three turns: a few ms of the import time.
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const fsSync = proc?.getBuiltinModule?.('fs') as { readFileSync(path: URL): Uint8Array } | undefined;
  if (fsSync) return fsSync.readFileSync(url);
  // A specifier computed at run time (not a constant a minifier folds) keeps bundlers from
  // trying to bundle Node's fs for browsers, or wrapping the import in a preload helper.
  // (process.release.name is 'node' in Node.)
  const release = (globalThis as { process?: { release?: { name?: string } } }).process?.release;
  const specifier = [release?.name ?? 'node', 'fs/promises'].join(':');
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

async function compile(source: ArrayBuffer | ArrayBufferView | URL): Promise<WebAssembly.Module> {
  if (!(source instanceof URL)) return WebAssembly.compile(source as BufferSource);
  if (source.protocol === 'file:' && isNode()) return compile(await readFileUrl(source));
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetch(source));
    } catch {
      // e.g. served without the application/wasm MIME type: fall back to the bytes.
    }
  }
  const response = await fetch(source);
  if (!response.ok)
    throw new ChessError('not-initialized', `chesswasm: cannot fetch ${source.href} (${response.status})`);
  return compile(await response.arrayBuffer());
}

async function load(options: InitOptions): Promise<void> {
  const source: ArrayBuffer | ArrayBufferView | URL =
    options.wasmBinary ??
    (options.wasmUrl !== undefined ? resolveUrl(options.wasmUrl) : new URL('./chesswasm.wasm', import.meta.url));
  // The module compiled here (streaming where the host can), then handed to the glue
  // (MINIMAL_RUNTIME: `wasm`, bytes or a compiled module), which instantiates it.
  let g: ChesswasmGlue;
  try {
    g = await instantiate(await compile(source));
  } catch (e) {
    throw loadFailure(e);
  }
  install(g);
}

// Bytes that are no wasm (CompileError), or another build's module (LinkError: its imports
// are not this glue's): typed, and init() can be called again with the right file.
function loadFailure(e: unknown): ChessError {
  if (e instanceof ChessError) return e;
  const why = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return new ChessError('not-initialized', `chesswasm: cannot load the .wasm (${why})`);
}

/**
 * Loads the module from its default location at once, where the build's glue instantiates
 * synchronously (the CommonJS build, in Node): what `require('chesswasm')` runs. A failure is
 * kept, as the ES module entries keep theirs, for {@link init} to be called with the file's
 * place; a second call does nothing. Internal (the CommonJS entries call it).
 */
export function loadSync(): void {
  if (glue || !SYNCHRONOUS || !isNode()) return;
  try {
    const url = new URL('./chesswasm.wasm', import.meta.url);
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    const fs = proc?.getBuiltinModule?.('fs') as { readFileSync(path: URL): Uint8Array } | undefined;
    if (!fs) throw new ChessError('not-initialized', 'chesswasm: Node >= 20.16 is needed to load the .wasm');
    install(instantiate(new WebAssembly.Module(fs.readFileSync(url) as BufferSource)) as ChesswasmGlue);
    loadError = null;
  } catch (e) {
    loadError = loadFailure(e);
  }
}

function install(g: ChesswasmGlue): void {
  // The host's codecs; where it has none (Jest's jsdom environment), the build's (Node's).
  const codecs =
    typeof TextEncoder === 'function' && typeof TextDecoder === 'function'
      ? { TextEncoder, TextDecoder }
      : hostTextCodecs();
  if (codecs === null) throw new ChessError('not-initialized', 'chesswasm: the host has no TextEncoder or TextDecoder');
  // The hot calls as the wasm functions themselves, from the module's function table
  // (cpp/wasm/bindings.cpp, "raw calls"): every call goes straight into wasm.
  const table = g.functionTable();
  if (!(table instanceof WebAssembly.Table))
    throw new ChessError('not-initialized', 'chesswasm: the wasm module exports no function table');
  const calls = g.hotCalls(); // their table indices: play, takeBack, legalMoves
  const call = (i: number): unknown => table.get(calls[i] ?? -1);
  play = call(0) as (address: number, move: number) => number;
  takeBack = call(1) as (address: number) => number;
  legalMoves = call(2) as (address: number) => number;
  encoder = new codecs.TextEncoder();
  decoder = new codecs.TextDecoder('utf-8', { ignoreBOM: true });
  glue = g;
  M = g;
  ioView = g.ioBuffer(0);
  ioBase = ioView.length;
}

// ---- buffers --------------------------------------------------------------------------------
//
// Views of the module's buffers (typed_memory_views). A view is made once and made again when
// wasm memory has grown (its old buffer is then detached: the view's length is 0).

let moves: Uint16Array | null = null;
let counts: Float64Array | null = null;
let sanKeys: Int32Array | null = null;

/** The move buffer (legal moves, a divide's moves, a line's moves). */
export function moveView(): Uint16Array {
  return moves !== null && moves.length !== 0 ? moves : (moves = M.moveBuffer());
}
/** The count buffer (a divide's counts). */
export function countView(): Float64Array {
  return counts !== null && counts.length !== 0 ? counts : (counts = M.countBuffer());
}
/** The SAN key buffer (legalSan: two words per move). */
export function sanKeyView(): Int32Array {
  return sanKeys !== null && sanKeys.length !== 0 ? sanKeys : (sanKeys = M.sanKeyBuffer());
}

// ---- text through the I/O buffer --------------------------------------------------------------

let ioView: Uint8Array = new Uint8Array(0);
let ioBase = 0;

/**
 * Writes s (UTF-8) into the I/O buffer; returns its length in bytes. `encodeInto` straight
 * into wasm memory (measured about 2x faster than a charCodeAt loop for a FEN); the buffer is
 * first grown to the worst case of 3 bytes per UTF-16 unit. After a call that grew it, the
 * caller gives the memory back with {@link releaseIo}.
 */
export function writeString(s: string): number {
  const max = s.length * 3;
  if (max > ioView.length) ioView = M.ioBuffer(Math.max(max, ioBase));
  return encoder.encodeInto(s, ioView).written;
}

/** Reads len bytes of UTF-8 output from the I/O buffer. */
export function readString(len: number): string {
  if (ioView.length === 0 || len > ioView.length) ioView = M.ioBuffer(len);
  // TextDecoder: measured about 2x faster than String.fromCharCode.apply for a FEN.
  return decoder.decode(ioView.subarray(0, len));
}

/** Shrinks the I/O buffer back to its base size after a long text (a no-op otherwise). */
export function releaseIo(): void {
  if (ioView.length > ioBase) ioView = M.ioBuffer(0);
}

/**
 * Bytes that the module's own buffers hold beyond their base sizes (0 between calls): the
 * I/O buffer, the CSV row buffer and the buffers of a game being written. Internal, for tests.
 */
export function bufferBytes(): number {
  return glue ? glue.bufferBytes() : 0;
}
