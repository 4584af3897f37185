// stockfish.js 10.0.2 (the `stockfish.js` npm package: the multi-variant Stockfish 10 that
// lichess once ran, single-threaded, no SharedArrayBuffer) in a Web Worker: the engine of the
// seven lichess variants on a page that is not cross-origin isolated, where Fairy-Stockfish
// cannot start. Its script is a classic worker that loads `stockfish.wasm` from beside itself;
// Vite gives both files hashed names, so this module worker fetches the script, points the
// script's fetch of `stockfish.wasm` at the real URL, evaluates it in the global scope (it sets
// `onmessage` and answers with `postMessage`, UCI text both ways) and hands it the commands
// that arrived before it was ready.
import sfJs from 'stockfish.js/stockfish.wasm.js?url';
import sfWasm from 'stockfish.js/stockfish.wasm?url';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent) => void) | null;
  fetch: typeof fetch;
};
const abs = (u: string) => new URL(u, self.location.href).href;
const early: MessageEvent[] = [];
scope.onmessage = (e) => early.push(e);

async function start(): Promise<void> {
  const realFetch = scope.fetch.bind(self);
  scope.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(/(^|\/)stockfish\.wasm$/.test(typeof input === 'string' ? input : '') ? abs(sfWasm) : input, init);
  const source = await (await realFetch(abs(sfJs))).text();
  // Indirect eval: the script's `onmessage = …` and `Module` become globals of this worker.
  (0, eval)(source);
  const handler = scope.onmessage;
  for (const e of early.splice(0)) handler?.(e);
}

start().catch((e: unknown) => {
  // An error event: Engine.worker reports it as the engine's exit.
  setTimeout(() => {
    throw e instanceof Error ? e : new Error(String(e));
  });
});
