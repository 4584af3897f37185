// Stockfish in a Web Worker, spoken to in UCI. The build is the `stockfish` npm package's
// "lite single-threaded" one (Stockfish 19 with a small NNUE net embedded in a 1.8 MB
// .wasm): one thread, so no SharedArrayBuffer and no COOP/COEP headers are needed. Vite
// copies both files into the build as assets (the `?url` imports); the worker script finds
// its .wasm through the URL's hash. See docs/board.md for why this build.
import stockfishJs from 'stockfish/bin/stockfish-19-lite-single.js?url';
import stockfishWasm from 'stockfish/bin/stockfish-19-lite-single.wasm?url';

/** One principal variation of a search: score from the side to move's point of view, moves in UCI. */
export interface EngineLine {
  multipv: number;
  depth: number;
  /** Centipawns, or `null` when `mate` is set. */
  cp: number | null;
  /** Moves to mate (negative: the side to move is mated), or `null`. */
  mate: number | null;
  pv: string[];
}

/** What the engine reported so far for one position. */
export interface EngineReport {
  /** The job it belongs to. */
  id: number;
  depth: number;
  nodes: number;
  nps: number;
  lines: EngineLine[];
  /** Set when the search ended (`bestmove`). */
  done: boolean;
}

/** A position to analyse: a root FEN and the moves from it (so that repetitions count). */
export interface EngineJob {
  rootFen: string;
  moves: string[];
  chess960: boolean;
  multiPv: number;
}

type State = 'off' | 'loading' | 'idle' | 'searching' | 'stopping';

export class Engine {
  #worker: Worker | null = null;
  #state: State = 'off';
  #pending: EngineJob | null = null;
  #job = 0;
  #report: EngineReport | null = null;
  #options = { chess960: false, multiPv: 1 };
  /** Called with every update of the current search. */
  onReport: (r: EngineReport) => void = () => {};
  /** Called once the engine has said who it is (its `id name`). */
  onReady: (name: string) => void = () => {};
  /** Called when the worker fails (e.g. the .wasm cannot be loaded). */
  onError: (message: string) => void = () => {};
  name = '';

  get running(): boolean {
    return this.#state !== 'off';
  }

  /** Analyses a position until {@link Engine.stop}; the previous search is stopped first. Returns the job id. */
  analyse(job: EngineJob): number {
    this.#pending = job;
    const id = this.#job + 1;
    if (this.#state === 'off') this.#start();
    else if (this.#state === 'searching') {
      this.#state = 'stopping';
      this.#send('stop');
    } else if (this.#state === 'idle') this.#next();
    return id;
  }

  /** Stops the search (the worker stays, ready for the next position). */
  stop(): void {
    this.#pending = null;
    if (this.#state === 'searching') {
      this.#state = 'stopping';
      this.#send('stop');
    }
  }

  /** Ends the worker. */
  terminate(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#state = 'off';
    this.#pending = null;
  }

  #start(): void {
    this.#state = 'loading';
    const wasm = new URL(stockfishWasm, location.href).href;
    const url = `${new URL(stockfishJs, location.href).href}#${encodeURIComponent(wasm)}`;
    const w = new Worker(url); // a classic worker: the emscripten script is no module
    this.#worker = w;
    w.onmessage = (e: MessageEvent) => this.#line(String(e.data));
    w.onerror = (e) => {
      e.preventDefault();
      this.onError(e.message || 'the engine could not be started');
      this.terminate();
    };
    this.#send('uci');
  }

  #send(cmd: string): void {
    this.#worker?.postMessage(cmd);
  }

  #next(): void {
    const job = this.#pending;
    if (!job) {
      this.#state = 'idle';
      return;
    }
    this.#pending = null;
    if (job.chess960 !== this.#options.chess960) {
      this.#send(`setoption name UCI_Chess960 value ${job.chess960}`);
      this.#options.chess960 = job.chess960;
    }
    if (job.multiPv !== this.#options.multiPv) {
      this.#send(`setoption name MultiPV value ${job.multiPv}`);
      this.#options.multiPv = job.multiPv;
    }
    this.#job++;
    this.#report = { id: this.#job, depth: 0, nodes: 0, nps: 0, lines: [], done: false };
    this.#send(`position fen ${job.rootFen}${job.moves.length ? ` moves ${job.moves.join(' ')}` : ''}`);
    this.#send('go infinite');
    this.#state = 'searching';
  }

  #line(line: string): void {
    if (line.startsWith('info ')) {
      if (this.#state === 'searching') this.#info(line);
    } else if (line.startsWith('bestmove')) {
      if (this.#report && this.#state === 'searching') {
        this.#report.done = true;
        this.onReport(this.#report);
      }
      this.#state = 'idle';
      this.#next();
    } else if (line.startsWith('id name ')) {
      this.name = line.slice(8);
    } else if (line === 'uciok') {
      this.#send('setoption name Hash value 32');
      this.#send('isready');
    } else if (line === 'readyok' && this.#state === 'loading') {
      this.onReady(this.name);
      this.#state = 'idle';
      this.#next();
    }
  }

  #info(line: string): void {
    const t = line.split(' ');
    const get = (k: string) => {
      const i = t.indexOf(k);
      return i < 0 ? undefined : t[i + 1];
    };
    const report = this.#report!;
    const nodes = get('nodes');
    if (nodes) report.nodes = Number(nodes);
    const nps = get('nps');
    if (nps) report.nps = Number(nps);
    const pvAt = t.indexOf('pv');
    const scoreAt = t.indexOf('score');
    if (pvAt < 0 || scoreAt < 0 || t.includes('lowerbound') || t.includes('upperbound')) return;
    const depth = Number(get('depth') ?? 0);
    const multipv = Number(get('multipv') ?? 1);
    const kind = t[scoreAt + 1];
    const value = Number(t[scoreAt + 2]);
    const entry: EngineLine = { multipv, depth, cp: kind === 'cp' ? value : null, mate: kind === 'mate' ? value : null, pv: t.slice(pvAt + 1) };
    const lines = report.lines.filter((l) => l.multipv !== multipv);
    lines.push(entry);
    lines.sort((a, b) => a.multipv - b.multipv);
    report.lines = lines.filter((l) => l.multipv <= this.#options.multiPv);
    report.depth = Math.max(...report.lines.filter((l) => l.multipv === 1).map((l) => l.depth), 0);
    this.onReport(report);
  }
}
