// Perft/divide in a Web Worker (perft-worker.ts): one root move at a time, so the page gets
// progress and stays responsive; the counting is the package's (in wasm).
import { $, h, on, thousands } from '../dom.js';
import type { SidePanel } from '../panels.js';
import type { Store } from '../store.js';

export const perftPanel: SidePanel = {
  id: 'perft',
  title: 'Perft',
  content: `
    <div class="row wrap">
      <label for="perft-depth">Depth (1–8)</label>
      <input id="perft-depth" data-testid="perft-depth" type="number" min="1" max="8" step="1" value="4" inputmode="numeric" />
      <button id="perft-run" type="button" data-testid="perft-run">Run perft</button>
      <button id="perft-stop" type="button" disabled>Stop</button>
    </div>
    <p id="perft-error" class="error" data-testid="perft-error" role="alert"></p>
    <progress id="perft-progress" value="0" max="1"></progress>
    <p id="perft-result" data-testid="perft-result" aria-live="polite"></p>
    <ol id="perft-divide" class="divide" data-testid="perft-divide"></ol>`,
};

type Msg =
  | { type: 'move'; uci: string; san: string; nodes: number; done: number; total: number; elapsed: number; sum: number }
  | { type: 'done'; nodes: number; elapsed: number }
  | { type: 'error'; message: string };

const fmt = thousands;

export class PerftView {
  #store: Store;
  #worker: Worker | null = null;

  constructor(store: Store) {
    this.#store = store;
    on('perft-run', 'click', () => this.run());
    on('perft-stop', 'click', () => {
      this.stop();
      $('perft-result').textContent = 'Stopped.';
    });
  }

  run(): void {
    this.stop();
    const text = $<HTMLInputElement>('perft-depth').value.trim();
    const depth = Number(text);
    const error = $('perft-error');
    if (!/^\d+$/.test(text) || depth < 1 || depth > 8) {
      error.textContent = `The depth is a whole number from 1 to 8 (not ${text || 'empty'}).`;
      return;
    }
    error.textContent = '';
    const store = this.#store;
    const result = $('perft-result');
    const list = $('perft-divide');
    const progress = $<HTMLProgressElement>('perft-progress');
    list.textContent = '';
    progress.value = 0;
    result.textContent = `Counting depth ${depth}…`;
    delete result.dataset.nodes;
    const w = new Worker(new URL('../perft-worker.ts', import.meta.url), { type: 'module' });
    this.#worker = w;
    $<HTMLButtonElement>('perft-run').disabled = true;
    $<HTMLButtonElement>('perft-stop').disabled = false;
    w.onmessage = (ev: MessageEvent<Msg>) => {
      const msg = ev.data;
      if (msg.type === 'move') {
        list.append(h('li', { 'data-uci': msg.uci }, h('span', null, msg.san), h('span', null, fmt(msg.nodes))));
        progress.max = msg.total;
        progress.value = msg.done;
        const nps = msg.elapsed > 0 ? Math.round(msg.sum / (msg.elapsed / 1000)) : 0;
        result.textContent = `Depth ${depth}: ${msg.done}/${msg.total} moves, ${fmt(msg.sum)} nodes, ${fmt(nps)} nodes/s`;
      } else if (msg.type === 'done') {
        const nps = msg.elapsed > 0 ? Math.round(msg.nodes / (msg.elapsed / 1000)) : 0;
        const time = msg.elapsed < 1000 ? `${Math.round(msg.elapsed)} ms` : `${(msg.elapsed / 1000).toFixed(2)} s`;
        result.textContent = `perft(${depth}) = ${fmt(msg.nodes)} nodes in ${time} (${fmt(nps)} nodes/s)`;
        result.dataset.nodes = String(msg.nodes);
        progress.value = progress.max;
        this.stop();
      } else {
        result.textContent = `Error: ${msg.message}`;
        this.stop();
      }
    };
    w.onerror = (e) => {
      result.textContent = `Worker error: ${e.message}`;
      this.stop();
    };
    w.postMessage({
      variant: store.variant,
      depth,
      moves: store.node.path().map((n) => n.uci),
      rootFen: store.game.rootFen,
    });
  }

  stop(): void {
    this.#worker?.terminate();
    this.#worker = null;
    $<HTMLButtonElement>('perft-run').disabled = false;
    $<HTMLButtonElement>('perft-stop').disabled = true;
  }
}
