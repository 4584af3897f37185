// Stockfish in a Web Worker, through the package's UCI client (chesswasm/engine): the engine
// panel's live analysis and the game review share one engine. The build is the `stockfish`
// npm package's "lite single-threaded" one (Stockfish 19 with a small NNUE net embedded in a
// 1.8 MB .wasm): one thread, so no SharedArrayBuffer and no COOP/COEP headers are needed. Vite
// copies both files into the build as assets (the `?url` imports); the worker script finds
// its .wasm through the URL's hash. See docs/board.md for why this build.
import { Engine } from 'chesswasm/engine';
import stockfishJs from 'stockfish/bin/stockfish-19-lite-single.js?url';
import stockfishWasm from 'stockfish/bin/stockfish-19-lite-single.wasm?url';

/** The board's engine: started on first use, restarted after it failed. */
export class BoardEngine {
  #engine: Promise<Engine> | null = null;
  /** Set while a game review runs (the live analysis waits). */
  reviewing = false;
  /** The engine's name once it answered. */
  name = '';

  /** The engine, started (worker + UCI handshake) on first use. Rejects when it cannot start. */
  get(): Promise<Engine> {
    if (this.#engine) {
      const p = this.#engine;
      // A dead engine (crashed, killed after a timeout) is replaced.
      return p.then((e) => (e.closed ? this.#start() : e));
    }
    return this.#start();
  }

  /** Whether the worker was started. */
  get started(): boolean {
    return this.#engine !== null;
  }

  #start(): Promise<Engine> {
    const wasm = new URL(stockfishWasm, location.href).href;
    const url = `${new URL(stockfishJs, location.href).href}#${encodeURIComponent(wasm)}`;
    // A classic worker: the emscripten script is no module. The first start loads the .wasm and its net.
    const p = Engine.worker(new Worker(url), { timeout: 20_000 }).then(async (e) => {
      this.name = e.name;
      await e.configure({ Hash: 32 });
      return e;
    });
    this.#engine = p;
    p.catch(() => {
      if (this.#engine === p) this.#engine = null;
    });
    return p;
  }
}
