// Fairy-Stockfish (the `fairy-stockfish-nnue.wasm` npm package) in a Web Worker, relaying UCI
// text both ways so that chesswasm/engine's Engine.worker drives it like Stockfish. The build
// is an emscripten pthreads build: it needs SharedArrayBuffer, so a cross-origin isolated page
// (COOP/COEP), and it starts its search threads as nested workers (stockfish.worker.js, which
// loads stockfish.js again). Its script is no ES module: it is fetched and evaluated here.
import fairyJs from 'fairy-stockfish-nnue.wasm/stockfish.js?url';
import fairyWasm from 'fairy-stockfish-nnue.wasm/stockfish.wasm?url';
import fairyPthread from 'fairy-stockfish-nnue.wasm/stockfish.worker.js?url';

interface FairyModule {
  postMessage(line: string): void;
  addMessageListener(cb: (line: string) => void): void;
}
type Factory = (m: object) => Promise<FairyModule>;

const scope = self as unknown as { onmessage: ((e: MessageEvent) => void) | null; postMessage(m: unknown): void };
const abs = (u: string) => new URL(u, self.location.href).href;
const pending: string[] = [];
let engine: FairyModule | null = null;

scope.onmessage = (e: MessageEvent) => {
  const line = String(e.data);
  if (engine) engine.postMessage(line);
  else pending.push(line);
};

async function start(): Promise<void> {
  const source = await (await fetch(abs(fairyJs))).text();
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the package's script defines a global factory
  const load = new Function(`${source}\nreturn Stockfish;`) as () => Factory;
  const factory = load();
  const m = await factory({
    locateFile: (file: string) =>
      abs(file.endsWith('.wasm') ? fairyWasm : file.endsWith('.worker.js') ? fairyPthread : file),
    mainScriptUrlOrBlob: abs(fairyJs),
  });
  m.addMessageListener((line) => scope.postMessage(line));
  engine = m;
  for (const l of pending.splice(0)) m.postMessage(l);
}

start().catch((e: unknown) => {
  // An error event: Engine.worker reports it as the engine's exit.
  setTimeout(() => {
    throw e instanceof Error ? e : new Error(String(e));
  });
});
