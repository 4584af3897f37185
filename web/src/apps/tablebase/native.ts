/**
 * The tablebase module (chesswasm-tablebase.wasm: cpp/wasm/tablebase_bindings.cpp), loaded on the
 * first {@link Tablebase.open}, once: a module of its own, so that the package's module, which
 * every entry loads, does not carry the prober. Its glue (the minimal runtime, like the package's)
 * instantiates it asynchronously, in the ES module and the CommonJS builds alike. Internal.
 * @module
 */
import { ChessError } from '../../boundary/errors.js';
import createChesswasmTablebase, { type TablebaseGlue } from './chesswasm-tablebase.mjs';

let loading: Promise<TablebaseGlue> | null = null;

/** The module, loaded from beside the entry's JS (`chesswasm-tablebase.wasm`) on first use. */
export function tablebaseModule(): Promise<TablebaseGlue> {
  loading ??= load().catch((e: unknown) => {
    loading = null; // a later open tries again
    throw e instanceof ChessError
      ? e
      : new ChessError('not-initialized', `chesswasm: cannot load chesswasm-tablebase.wasm (${String(e)})`);
  });
  return loading;
}

async function load(): Promise<TablebaseGlue> {
  return createChesswasmTablebase({ wasm: await compile(moduleUrl()) });
}

// Beside the entry's JS, written as bundlers look for it (Vite copies the file and rewrites the
// URL). The CommonJS build (dist/cjs/tablebase.cjs) uses the ES module build's file one folder up:
// one copy in the package (the glue and the module are the same for both builds).
function moduleUrl(): URL {
  const url = new URL('./chesswasm-tablebase.wasm', import.meta.url);
  return /\/cjs\/chesswasm-tablebase\.wasm$/.test(url.pathname) ? new URL('../chesswasm-tablebase.wasm', url) : url;
}

// The module compiled from its file: read with Node's fs for a file: URL, else fetched (streaming
// where the host can). The package's loader (boundary/wasm.ts) does the same for its module; it is
// not shared so that the package's chunk, which every entry loads, carries nothing for this one.
async function compile(url: URL): Promise<WebAssembly.Module> {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (url.protocol === 'file:' && proc) {
    const fs = proc.getBuiltinModule?.('fs') as { readFileSync(path: URL): Uint8Array } | undefined;
    if (fs) return WebAssembly.compile(fs.readFileSync(url) as BufferSource);
    const release = (globalThis as { process?: { release?: { name?: string } } }).process?.release;
    const specifier = [release?.name ?? 'node', 'fs/promises'].join(':');
    const fsp = (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as {
      readFile(path: URL): Promise<Uint8Array>;
    };
    return WebAssembly.compile((await fsp.readFile(url)) as BufferSource);
  }
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch {
      // e.g. served without the application/wasm MIME type: from the bytes below
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new ChessError('not-initialized', `chesswasm: cannot fetch ${url.href} (${response.status})`);
  return WebAssembly.compile(await response.arrayBuffer());
}

// Made on first use: importing the entry needs no host global (Jest's jsdom environment has none).
let encoder: TextEncoder | null = null;
let decoder: TextDecoder | null = null;
// The view of the module's I/O buffer last handed out (a probe writes its FEN through it: asking
// the module for a new view per probe costs more than the probe). It is asked again when too
// small, when the memory grew (the old view is then empty) and by readText, which follows every
// call that lets the module resize the buffer itself.
let io: Uint8Array | null = null;
let ioOf: TablebaseGlue | null = null;

/** Writes s into the module's I/O buffer; its length in bytes. */
export function writeText(g: TablebaseGlue, s: string): number {
  const room = s.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 unit
  if (io === null || ioOf !== g || io.length < room) {
    io = g.ioBuffer(room);
    ioOf = g;
  }
  return (encoder ??= new TextEncoder()).encodeInto(s, io).written;
}

/** The first len bytes of the module's I/O buffer as text. */
export function readText(g: TablebaseGlue, len: number): string {
  io = g.ioBuffer(0);
  ioOf = g;
  return (decoder ??= new TextDecoder()).decode(io.subarray(0, len));
}
