// The board's engines in Web Workers, through the package's UCI client (chesswasm/engine): the
// engine panel's live analysis and the game review share one engine per kind.
// - Standard chess and Chess960: Stockfish 19 from the `stockfish` npm package. When the page
//   is cross-origin isolated (`crossOriginIsolated`: served with COOP/COEP headers, as
//   `npm start` and the browser tests do) the multi-threaded "lite" build runs (its search
//   threads share the wasm memory through SharedArrayBuffer); otherwise the "lite
//   single-threaded" build, which needs no headers. Both embed a small NNUE net.
// - The variants (Makruk and the seven lichess variants): Fairy-Stockfish from the
//   `fairy-stockfish-nnue.wasm` npm package (a pthreads build: isolated pages only), in
//   ./fairy-worker.ts. The package's Engine sets `UCI_Variant` from each position's variant
//   (Fairy-Stockfish's names are the package's: crazyhouse, atomic, antichess, kingofthehill,
//   3check, racingkings, horde, makruk) and sends the FEN in the form it reads (pockets in
//   brackets, three-check counters as the checks still to give).
// - The lichess variants on a page that is not isolated: stockfish.js 10.0.2, the old
//   multi-variant Stockfish (single-threaded, 16 MB hash fixed, no headers needed), in
//   ./sfjs-worker.ts; it calls antichess `giveaway`, which the package's Engine maps. Makruk
//   has no engine there.
// Threads and hash come from the panel's settings, kept in localStorage with the number of
// lines and the search time. See docs/board.md.
import { Engine } from 'chesswasm/engine';
import stockfishMtJs from 'stockfish/bin/stockfish-19-lite.js?url';
import stockfishMtWasm from 'stockfish/bin/stockfish-19-lite.wasm?url';
import stockfishJs from 'stockfish/bin/stockfish-19-lite-single.js?url';
import stockfishWasm from 'stockfish/bin/stockfish-19-lite-single.wasm?url';

/** Which engine analyses a variant. */
export type EngineKind = 'stockfish' | 'fairy' | 'multivariant';

/** The engine panel's settings (kept across reloads). */
export interface EngineSettings {
  /** Number of lines, 1-5. */
  multipv: number;
  /** Search time per position in seconds; 0 for infinite. */
  seconds: number;
  /** Search threads (1 when the page is not isolated). */
  threads: number;
  /** Transposition table size in MB. */
  hash: number;
}

export const SEARCH_TIMES = [2, 5, 10, 30, 0];
export const HASH_SIZES = [16, 32, 64, 128, 256];
const KEY = 'chesswasm.engine';

/** Whether the page may share memory between threads (COOP/COEP headers). */
export function isolated(): boolean {
  return globalThis.crossOriginIsolated === true;
}

/** The most threads offered: the machine's cores when isolated, else 1. */
export function maxThreads(): number {
  return isolated() ? Math.max(1, Math.min(32, navigator.hardwareConcurrency || 1)) : 1;
}

/**
 * Lila's default number of threads: the cores, minus one when their number is even, clamped
 * to what the page allows.
 */
export function defaultThreads(cores = navigator.hardwareConcurrency || 1): number {
  return Math.min(maxThreads(), Math.max(1, cores % 2 === 0 ? cores - 1 : cores));
}

const pick = (v: unknown, allowed: number[], fallback: number) =>
  typeof v === 'number' && allowed.includes(v) ? v : fallback;

/** The settings from localStorage, each checked (a bad or missing one takes its default). */
export function loadSettings(): EngineSettings {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    // unreadable: the defaults
  }
  const threads = Array.from({ length: maxThreads() }, (_, i) => i + 1);
  return {
    multipv: pick(saved.multipv, [1, 2, 3, 4, 5], 3),
    seconds: pick(saved.seconds, SEARCH_TIMES, 5),
    threads: pick(saved.threads, threads, defaultThreads()),
    hash: pick(saved.hash, HASH_SIZES, 16),
  };
}

export function saveSettings(s: EngineSettings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // private mode: the settings last for this page only
  }
}

/**
 * The engine for a variant: Stockfish for standard chess and Chess960, Fairy-Stockfish for
 * the rest on an isolated page; there, without the headers, stockfish.js for the lichess
 * variants (Makruk keeps Fairy-Stockfish, which then cannot run).
 */
export function engineKind(variant: string): EngineKind {
  if (variant === 'chess' || variant === 'chess960') return 'stockfish';
  return variant === 'makruk' || isolated() ? 'fairy' : 'multivariant';
}

/** The board's engines: each started on first use, restarted after it failed. */
export class BoardEngine {
  #engines = new Map<EngineKind, Promise<Engine>>();
  #applied = new Map<EngineKind, string>();
  /** Set while a game review runs (the live analysis waits). */
  reviewing = false;
  settings: EngineSettings = loadSettings();

  /** Why a variant's engine cannot run on this page, or null. */
  unavailable(variant: string): string | null {
    if (engineKind(variant) === 'fairy' && !isolated())
      return `No engine for ${variant}: Fairy-Stockfish needs SharedArrayBuffer, which this page lacks (it is served without the COOP/COEP headers; see docs/board.md).`;
    return null;
  }

  /**
   * The engine for a variant (standard chess when omitted), started (worker + UCI handshake)
   * on first use, with the threads and hash of the settings. Rejects when it cannot start.
   */
  async get(variant = 'chess'): Promise<Engine> {
    const kind = engineKind(variant);
    let p = this.#engines.get(kind);
    if (p) p = p.then((e) => (e.closed ? this.#start(kind) : e)); // a dead engine is replaced
    const engine = await (p ?? this.#start(kind));
    await this.#apply(kind, engine);
    return engine;
  }

  /** Whether the engine for a variant was started. */
  started(variant = 'chess'): boolean {
    return this.#engines.has(engineKind(variant));
  }

  /** The threads the engines search with (1 on a page that is not isolated). */
  threads(): number {
    return !isolated() ? 1 : Math.max(1, Math.min(this.settings.threads, maxThreads()));
  }

  async #apply(kind: EngineKind, e: Engine): Promise<void> {
    const want: Record<string, number> = {};
    // An option the engine fixes (min = max: stockfish.js's Threads 1 and Hash 16) is not sent:
    // setting it stalls that build (it never answers the next isready).
    const threads = e.options.get('threads');
    if (threads?.type === 'spin' && threads.min < threads.max)
      want.Threads = Math.max(threads.min, Math.min(threads.max, this.threads()));
    const hash = e.options.get('hash');
    if (hash?.type === 'spin' && hash.min < hash.max)
      want.Hash = Math.max(hash.min, Math.min(hash.max, this.settings.hash));
    const key = JSON.stringify(want);
    if (this.#applied.get(kind) === key) return;
    await e.configure(want);
    this.#applied.set(kind, key);
  }

  /**
   * A Stockfish of its own (standard chess and Chess960) in a new worker, one search thread and
   * 16 MB of hash, for long background work (the study review queue) beside the live analysis.
   * The caller closes it.
   */
  async spawn(): Promise<Engine> {
    const e = await Engine.worker(this.#worker('stockfish'), { timeout: 30_000 });
    const want: Record<string, number> = {};
    const threads = e.options.get('threads');
    if (threads?.type === 'spin' && threads.min < threads.max) want.Threads = Math.max(threads.min, 1);
    const hash = e.options.get('hash');
    if (hash?.type === 'spin' && hash.min < hash.max) want.Hash = Math.max(hash.min, Math.min(hash.max, 16));
    await e.configure(want);
    return e;
  }

  #start(kind: EngineKind): Promise<Engine> {
    this.#applied.delete(kind);
    const worker = this.#worker(kind);
    // The first start loads the .wasm (and Fairy-Stockfish its script) before the handshake.
    const p = Engine.worker(worker, { timeout: 30_000 });
    this.#engines.set(kind, p);
    p.catch(() => {
      if (this.#engines.get(kind) === p) this.#engines.delete(kind);
    });
    return p;
  }

  #worker(kind: EngineKind): Worker {
    let worker: Worker;
    if (kind === 'fairy') {
      worker = new Worker(new URL('./fairy-worker.ts', import.meta.url), { type: 'module' });
    } else if (kind === 'multivariant') {
      worker = new Worker(new URL('./sfjs-worker.ts', import.meta.url), { type: 'module' });
    } else {
      // A classic worker (the emscripten script is no module) that finds its .wasm through the
      // URL's hash; the threaded build starts its search threads from the same script.
      const [js, wasm] = isolated() ? [stockfishMtJs, stockfishMtWasm] : [stockfishJs, stockfishWasm];
      worker = new Worker(
        `${new URL(js, location.href).href}#${encodeURIComponent(new URL(wasm, location.href).href)}`,
      );
    }
    return worker;
  }
}
