// A UCI engine client over any line transport (a Web Worker, a child process, or what the app
// gives): the handshake, options, positions, searches as snapshots of typed lines whose PVs
// the core checked, and failures as EngineErrors that settle every pending call.
import { ChessError, describe } from '../../boundary/errors.js';
import { Game } from '../../games/game.js';
import { isCapture, isCastling, isDrop, moveFrom, type Color, type Move } from '../../core/move.js';
import { Position, type Variant } from '../../core/position.js';
import { PovScore } from './score.js';
import { type EngineOption, type RawInfo, type Wdl, parseInfo, parseOption } from './uci.js';

/**
 * Why an engine call failed: `'exited'` (the engine ended or crashed), `'timeout'` (it did not
 * answer within the engine's timeout and was killed), `'protocol'` (it answered what UCI does
 * not allow), `'spawn'` (it could not be started), `'invalid-option'` / `'invalid-limit'` (a
 * bad option or limit, refused before anything was sent), `'unsupported'` (the engine lacks
 * what the position needs, e.g. `UCI_Chess960`), `'aborted'` (the call's AbortSignal fired),
 * `'closed'` ({@link Engine.close} was called).
 */
export type EngineErrorCode =
  | 'exited'
  | 'timeout'
  | 'protocol'
  | 'spawn'
  | 'invalid-option'
  | 'invalid-limit'
  | 'unsupported'
  | 'aborted'
  | 'closed';

/** An engine call failed; `code` says why. */
export class EngineError extends ChessError {
  declare readonly code: EngineErrorCode;

  /**
   * @param code - why.
   * @param message - a sentence for humans.
   */
  constructor(code: EngineErrorCode, message: string) {
    super(code, message);
    this.name = 'EngineError';
  }
}

/**
 * A line transport: how the engine's UCI text goes in and out. {@link Engine.connect} calls
 * `listen` once, then `send` for each command; the transport calls `onLine` for each line the
 * engine writes (without its line break) and `onExit` once when the engine is gone.
 */
export interface EngineTransport {
  /** Writes one command (no line break). */
  send(line: string): void;
  /** Registers the callbacks (called once, before anything is sent). */
  listen(onLine: (line: string) => void, onExit: (reason: string) => void): void;
  /** Ends the engine (kills a process, terminates a worker). */
  close(): void;
}

/** Options of {@link Engine.connect}, {@link Engine.spawn} and {@link Engine.worker}. */
export interface EngineOptions {
  /** Milliseconds a silent engine is waited for before it is killed (default 10 000). */
  timeout?: number;
}

/** Options of {@link Engine.spawn}. */
export interface SpawnOptions extends EngineOptions {
  /** Arguments for the program. */
  args?: string[];
}

/**
 * How long or deep to search. At least one is needed for {@link Engine.analyse} and
 * {@link Engine.bestMove}; {@link Engine.analysis} without any searches until stopped.
 */
export interface Limit {
  /** Plies. */
  depth?: number;
  /** Nodes. */
  nodes?: number;
  /** Milliseconds. */
  movetime?: number;
  /** Search for a mate in this many moves. */
  mate?: number;
  /** White's clock, milliseconds. */
  wtime?: number;
  /** Black's clock, milliseconds. */
  btime?: number;
  /** White's increment, milliseconds. */
  winc?: number;
  /** Black's increment, milliseconds. */
  binc?: number;
  /** Moves to the next time control. */
  movestogo?: number;
}

/** A {@link Limit} and the number of lines wanted. */
export interface SearchOptions extends Limit {
  /** The number of lines (UCI `MultiPV`; default: what {@link Engine.configure} set, else 1). */
  multipv?: number;
  /** Stops the search when it fires: {@link Engine.analyse} and {@link Engine.bestMove} reject with `'aborted'`, an {@link Analysis} ends. */
  signal?: AbortSignal;
}

/** One principal variation as the engine reported it, its moves checked by the core. */
export interface EngineLine {
  /** 1 for the best line. */
  multipv: number;
  /** The search depth of the line (plies). */
  depth: number;
  /** The selective search depth (plies). */
  seldepth: number;
  /** Nodes searched. */
  nodes: number;
  /** Nodes per second. */
  nps: number;
  /** Milliseconds searched. */
  time: number;
  /** The score, from either side ({@link PovScore.white}, {@link PovScore.relative}, ...). */
  score: PovScore;
  /** `'lower'` / `'upper'` when the engine sent a bound, not an exact score. */
  bound: 'lower' | 'upper' | null;
  /** The moves in UCI (as the core writes them: `e1g1` for castling in standard chess). */
  pv: string[];
  /** The same moves in SAN. */
  san: string[];
  /** Win/draw/loss per mille from the side to move, when the engine sends it. */
  wdl?: Wdl;
  /** Set when the engine's PV had a move that is not legal: its index and text; `pv` stops before it. */
  pvError?: PvError;
}

/** Where an engine's PV stopped being legal. */
export interface PvError {
  /** The index in the engine's PV of the first move that is not legal. */
  index: number;
  /** That move's text as the engine sent it. */
  move: string;
}

/** The lines of one iteration of the search: all MultiPV lines, `depth` the lowest of theirs. */
export interface Snapshot {
  /** The lowest depth of its lines. */
  depth: number;
  /** In MultiPV order. */
  lines: EngineLine[];
}

/** What {@link Engine.bestMove} resolves to. */
export interface BestMove {
  /** The move in UCI, `null` when the position has none (mate or stalemate). */
  move: string | null;
  /** The move in SAN. */
  san: string | null;
  /** The move the engine expects in reply, if it said. */
  ponder: string | null;
  /** The last lines. */
  lines: EngineLine[];
}

const LIMIT_KEYS = ['depth', 'nodes', 'movetime', 'mate', 'wtime', 'btime', 'winc', 'binc', 'movestogo'] as const;
const MANAGED = new Set(['uci_chess960', 'uci_variant']);
const DEFAULT_TIMEOUT = 10_000;

/** A position to send: the FEN after the last irreversible move and the moves since (UCI). */
export interface EngineTarget {
  fen: string;
  moves: string[];
  variant: Variant;
  /** Chess960 castling (the `'chess960'` variant, or `{ chess960: true }` with another rule set). */
  chess960: boolean;
  turn: Color;
  /** A position to check PVs on (the caller disposes of it). */
  position: Position;
  legalCount: number;
}

// Irreversible, by lila's rule: a capture, a pawn move or castling (the position is the one
// before the move). A crazyhouse drop is not (its origin field names no square).
function irreversible(pos: Position, m: Move): boolean {
  if (isDrop(m)) return false;
  return isCapture(m) || isCastling(m) || pos.pieceAt(moveFrom(m))?.type === 'p';
}

// The UCI_Variant names an engine may give each variant, in order of preference.
// Fairy-Stockfish uses the package's (chessops') names for all of them; the older
// multi-variant Stockfish (stockfish.js, stockfish-mv.wasm) calls antichess `giveaway`, a
// name Fairy-Stockfish gives another game (with castling), so it is taken only from an
// engine without `antichess`. Chess960 is standard chess with UCI_Chess960.
const UCI_VARIANT_NAMES: Partial<Record<Variant, string[]>> = {
  chess960: ['chess'],
  antichess: ['antichess', 'giveaway'],
};

/**
 * The engine's name for a variant among the UCI_Variant values it declares (any case), or
 * `null` when it has none of the names; standard chess is `'chess'` (no option needed).
 */
export function uciVariantName(variant: Variant, declared: readonly string[]): string | null {
  const names = UCI_VARIANT_NAMES[variant] ?? [variant];
  if (names[0] === 'chess') return 'chess';
  for (const n of names) {
    const v = declared.find((d) => d.toLowerCase() === n);
    if (v !== undefined) return v;
  }
  return null;
}

/** The FEN after the last irreversible move of a position's history and the moves since. */
export function engineTarget(target: Position | Game): EngineTarget {
  let src: Position;
  if (target instanceof Game) src = target.position;
  else if (target instanceof Position) src = target;
  else throw new ChessError('invalid-argument', `not a Position or Game: ${describe(target)}`);
  const pos = src.clone();
  const chess960 = pos.chess960;
  const moves: Move[] = [];
  try {
    while (pos.historyLength > 0) {
      const m = pos.undo();
      if (m === 0) {
        pos.playNull();
        break;
      }
      if (irreversible(pos, m)) {
        pos.play(m);
        break;
      }
      moves.push(m);
    }
    moves.reverse();
    const fen = pos.fen({ shredder: chess960 });
    const ucis = moves.map((m) => {
      const u = pos.uci(m);
      pos.play(m);
      return u;
    });
    return {
      fen,
      moves: ucis,
      variant: pos.variant,
      chess960,
      turn: pos.turn,
      position: pos,
      legalCount: pos.legalMoves().length,
    };
  } catch (e) {
    pos.dispose();
    throw e;
  }
}

/** Turns a raw info line into an {@link EngineLine}, its PV checked on `pos`. */
export function toLine(info: RawInfo, pos: Position, turn: Color): EngineLine {
  const pv: string[] = [];
  const san: string[] = [];
  let pvError: { index: number; move: string } | undefined;
  let played = 0;
  try {
    for (let i = 0; i < info.pv.length; i++) {
      const u = info.pv[i]!;
      let m: Move;
      try {
        m = pos.parseUci(u);
      } catch {
        pvError = { index: i, move: u };
        break;
      }
      san.push(pos.san(m));
      pv.push(pos.uci(m));
      pos.play(m);
      played++;
    }
  } finally {
    for (; played > 0; played--) pos.undo();
  }
  const line: EngineLine = {
    multipv: info.multipv,
    depth: info.depth,
    seldepth: info.seldepth,
    nodes: info.nodes,
    nps: info.nps,
    time: info.time,
    score: new PovScore(info.score, turn),
    bound: info.bound,
    pv,
    san,
  };
  if (info.wdl) line.wdl = info.wdl;
  if (pvError) line.pvError = pvError;
  return line;
}

// Collects info lines into snapshots: one per iteration, emitted when the last expected
// MultiPV line arrives; a bound-only line never replaces an exact one of the same multipv.
export class SnapshotBuilder {
  #lines = new Map<number, EngineLine>();
  #expected: number;
  #dirty = false;
  latest: Snapshot | null = null;

  constructor(expected: number) {
    this.#expected = Math.max(1, expected);
  }

  /** Adds a line; returns the new snapshot when it completes one. */
  add(line: EngineLine): Snapshot | null {
    if (line.multipv > this.#expected) return null;
    const old = this.#lines.get(line.multipv);
    if (line.bound !== null && old && old.bound === null) return null;
    this.#lines.set(line.multipv, line);
    this.#dirty = true;
    if (line.multipv === this.#expected) return this.flush();
    return null;
  }

  /** The snapshot of what arrived so far (at the end of the search), or null when nothing is new. */
  flush(): Snapshot | null {
    if (!this.#dirty || this.#lines.size === 0) return null;
    this.#dirty = false;
    const lines = [...this.#lines.values()].sort((a, b) => a.multipv - b.multipv);
    this.latest = { depth: Math.min(...lines.map((l) => l.depth)), lines };
    return this.latest;
  }
}

// One search in progress: where its lines go and how it ends.
interface Search {
  onLine(line: string): void;
  fail(e: EngineError): void;
}

/**
 * A search started by {@link Engine.analysis}: an async iterable of {@link Snapshot}s as the
 * search deepens (a slow reader skips to the newest one); it ends when the search does.
 */
export class Analysis implements AsyncIterable<Snapshot> {
  #latest: Snapshot | null = null;
  #seen: Snapshot | null = null;
  #ended = false;
  #error: EngineError | null = null;
  #wake: (() => void) | null = null;
  #stop: () => void;
  /** Resolves to the result when the search ended (rejects with {@link EngineError} if the engine failed). */
  readonly done: Promise<BestMove>;

  /** @internal */
  constructor(run: (a: Analysis) => Promise<BestMove>, stop: () => void) {
    this.#stop = stop;
    this.done = run(this).then(
      (r) => {
        this.#end(null);
        return r;
      },
      (e: unknown) => {
        this.#end(e instanceof EngineError ? e : new EngineError('protocol', String(e)));
        throw e;
      },
    );
    this.done.catch(() => undefined); // read through iteration or `done`; never unhandled
  }

  /** The newest snapshot, or `null` before the first. */
  get latest(): Snapshot | null {
    return this.#latest;
  }

  /** Stops the search (the engine's `stop`); iteration ends once the engine answers. */
  stop(): void {
    this.#stop();
  }

  /** @internal */
  push(s: Snapshot): void {
    this.#latest = s;
    this.#wake?.();
  }

  #end(e: EngineError | null): void {
    this.#ended = true;
    this.#error = e;
    this.#wake?.();
  }

  /** The snapshots as they come (the newest when the reader is slower than the engine), until the search ends. */
  async *[Symbol.asyncIterator](): AsyncIterator<Snapshot> {
    for (;;) {
      if (this.#latest !== this.#seen && this.#latest !== null) {
        this.#seen = this.#latest;
        yield this.#latest;
        continue;
      }
      if (this.#ended) {
        if (this.#error && this.#error.code !== 'aborted') throw this.#error;
        return;
      }
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = null;
    }
  }
}

/**
 * A UCI chess engine. Create one with {@link Engine.spawn} (Node), {@link Engine.worker}
 * (browsers) or {@link Engine.connect} (any {@link EngineTransport}); the promise resolves
 * after the UCI handshake. Searches run one at a time (calls queue). When the engine exits or
 * stays silent past its timeout, every pending and later call rejects with {@link EngineError}.
 */
export class Engine {
  /** The engine's `id name`. */
  name = '';
  /** The engine's `id author`. */
  author = '';
  /** The options the engine declared, by lower-case name. */
  readonly options = new Map<string, EngineOption>();
  readonly #transport: EngineTransport;
  readonly #timeout: number;
  #dead: EngineError | null = null;
  #handler: Search | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #sent = new Map<string, string>(); // option values sent, by lower-case name
  #multipv = 1;
  #pending = 0;

  private constructor(transport: EngineTransport, timeout: number) {
    this.#transport = transport;
    this.#timeout = timeout;
  }

  /**
   * An engine over a line transport, after the handshake (`uci` → `uciok`, `isready` → `readyok`).
   * @throws {@link EngineError} `'timeout'`, `'exited'`.
   */
  static async connect(transport: EngineTransport, options: EngineOptions = {}): Promise<Engine> {
    const timeout = options?.timeout ?? DEFAULT_TIMEOUT;
    if (typeof timeout !== 'number' || !(timeout > 0))
      throw new EngineError(
        'invalid-option',
        `timeout must be a positive number of milliseconds: ${describe(timeout)}`,
      );
    const engine = new Engine(transport, timeout);
    transport.listen(
      (line) => engine.#onLine(line),
      (reason) => engine.#fail(new EngineError('exited', `the engine exited: ${reason}`)),
    );
    await engine.#handshake();
    return engine;
  }

  /**
   * Starts a UCI program as a child process (Node only) and does the handshake.
   * @throws {@link EngineError} `'spawn'` when it cannot be started, `'timeout'`, `'exited'`.
   */
  static async spawn(path: string, options: SpawnOptions = {}): Promise<Engine> {
    if (typeof path !== 'string' || path === '')
      throw new EngineError('spawn', `not a program path: ${describe(path)}`);
    // A specifier in a variable: bundlers of browser apps leave it alone (it only runs in Node).
    const childProcess = 'node:child_process';
    const { spawn } = (await import(/* @vite-ignore */ childProcess)) as typeof import('node:child_process');
    const child = spawn(path, options?.args ?? [], { stdio: ['pipe', 'pipe', 'ignore'] });
    let onExit: (reason: string) => void = () => {};
    let exited: string | null = null;
    const exit = (reason: string) => {
      if (exited !== null) return;
      exited = reason;
      onExit(reason);
    };
    child.on('error', (e: NodeJS.ErrnoException) => exit(e.code === 'ENOENT' ? `no such program: ${path}` : e.message));
    child.on('exit', (code, signal) => exit(signal ? `killed by ${signal}` : `exit code ${code}`));
    child.stdin.on('error', () => undefined); // EPIPE after the engine died: reported by 'exit'
    const transport: EngineTransport = {
      send: (line) => {
        if (exited === null && child.stdin.writable) child.stdin.write(line + '\n');
      },
      listen: (lineCb, exitCb) => {
        onExit = exitCb;
        let buf = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          buf += chunk;
          let i;
          while ((i = buf.indexOf('\n')) >= 0) {
            lineCb(buf.slice(0, i).replace(/\r$/, ''));
            buf = buf.slice(i + 1);
          }
        });
        if (exited !== null) exitCb(exited);
      },
      close: () => {
        if (exited === null) child.kill('SIGKILL');
      },
    };
    try {
      return await Engine.connect(transport, options);
    } catch (e) {
      child.kill('SIGKILL');
      if (e instanceof EngineError && e.code === 'exited' && !child.pid)
        throw new EngineError('spawn', `cannot start ${path}: ${exited ?? e.message}`);
      throw e;
    }
  }

  /**
   * A UCI engine in a Web Worker (a `Worker`, or the URL of a classic worker script such as the
   * `stockfish` npm package's), after the handshake.
   */
  static async worker(worker: Worker | string | URL, options: EngineOptions = {}): Promise<Engine> {
    const w = typeof worker === 'string' || worker instanceof URL ? new Worker(worker) : worker;
    let closed = false;
    const transport: EngineTransport = {
      send: (line) => {
        if (!closed) w.postMessage(line);
      },
      listen: (lineCb, exitCb) => {
        w.onmessage = (e: MessageEvent) => {
          for (const l of String(e.data).split(/\r?\n/)) if (l) lineCb(l);
        };
        w.onerror = (e: ErrorEvent) => {
          e.preventDefault();
          closed = true;
          w.terminate();
          exitCb(e.message || 'the worker failed');
        };
      },
      close: () => {
        closed = true;
        w.terminate();
      },
    };
    return Engine.connect(transport, options);
  }

  /** Whether the engine is gone (exited, killed after a timeout, or closed). */
  get closed(): boolean {
    return this.#dead !== null;
  }

  /** The engine's timeout in milliseconds. */
  get timeout(): number {
    return this.#timeout;
  }

  /**
   * Sets UCI options (names as the engine declared them, any case), checked against the
   * engine's declarations before anything is sent: a check takes a boolean, a spin an integer
   * in its range, a combo one of its values, a string a string, a button `null`. `MultiPV`
   * becomes the default number of lines. `UCI_Chess960` and `UCI_Variant` are set from each
   * position and refused here.
   * @throws {@link EngineError} `'invalid-option'`.
   */
  async configure(options: Record<string, string | number | boolean | null>): Promise<void> {
    const cmds = this.#checkOptions(options);
    return this.#serial(async () => {
      for (const [name, value, key] of cmds) {
        this.#transport.send(value === null ? `setoption name ${name}` : `setoption name ${name} value ${value}`);
        if (key === 'multipv') this.#multipv = Number(value);
        else if (value !== null) this.#sent.set(key, value);
      }
      await this.#ready();
    });
  }

  /**
   * Searches a position (or a game's current position; the moves it can undo are sent so the
   * engine sees repetitions) within a limit and resolves to the final lines, in MultiPV order.
   * @throws {@link EngineError} (`'invalid-limit'` before anything is sent; `'timeout'`, `'exited'`, `'aborted'`).
   */
  async analyse(target: Position | Game, options: SearchOptions): Promise<EngineLine[]> {
    return (await this.bestMove(target, options)).lines;
  }

  /**
   * The engine's move in a position (and its last lines).
   * @throws {@link EngineError} as {@link Engine.analyse}.
   */
  async bestMove(target: Position | Game, options: SearchOptions): Promise<BestMove> {
    this.#checkLimit(options, true);
    const t = engineTarget(target);
    let stop = () => {};
    const abort = () => stop();
    options.signal?.addEventListener('abort', abort);
    try {
      return await this.#serial(() =>
        this.#search(t, options, null, (s) => (stop = s)).then((r) => {
          if (options.signal?.aborted) throw new EngineError('aborted', 'the search was aborted');
          return r;
        }),
      );
    } finally {
      options.signal?.removeEventListener('abort', abort);
      t.position.dispose();
    }
  }

  /**
   * Starts a search and returns it as an {@link Analysis}: async-iterate it for the snapshots,
   * call `stop()` to end it (without a limit it searches until stopped), await `done` for the
   * result. The options are checked now (throws {@link EngineError} `'invalid-limit'`).
   */
  analysis(target: Position | Game, options: SearchOptions = {}): Analysis {
    this.#checkLimit(options, false);
    const t = engineTarget(target);
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    const doStop = () => stop();
    const analysis = new Analysis((a) => {
      options.signal?.addEventListener('abort', doStop);
      return this.#serial(() => {
        if (stopped || options.signal?.aborted) {
          const lines: EngineLine[] = [];
          return Promise.resolve({ move: null, san: null, ponder: null, lines });
        }
        return this.#search(t, options, a, (s) => (stop = s));
      }).finally(() => {
        options.signal?.removeEventListener('abort', doStop);
        t.position.dispose();
      });
    }, doStop);
    return analysis;
  }

  /** Sends `quit` and ends the engine; pending and later calls reject with `'closed'`. */
  close(): void {
    if (this.#dead) return;
    try {
      this.#transport.send('quit');
    } catch {
      // the transport may already be gone
    }
    this.#fail(new EngineError('closed', 'the engine was closed'));
  }

  /** Same as {@link Engine.close}, for `using` declarations. */
  [Symbol.dispose](): void {
    this.close();
  }

  #checkOptions(options: Record<string, unknown>): [string, string | null, string][] {
    if (typeof options !== 'object' || options === null)
      throw new EngineError('invalid-option', `not an options object: ${describe(options)}`);
    const out: [string, string | null, string][] = [];
    for (const [name, value] of Object.entries(options)) {
      const key = name.toLowerCase();
      const opt = this.options.get(key);
      const bad = (why: string) => new EngineError('invalid-option', `option ${name}: ${why}`);
      if (MANAGED.has(key)) throw bad('is set from the position');
      if (!opt) throw bad(`the engine has no such option${this.name ? ` (${this.name})` : ''}`);
      switch (opt.type) {
        case 'check':
          if (typeof value !== 'boolean') throw bad(`takes true or false, not ${describe(value)}`);
          out.push([opt.name, String(value), key]);
          break;
        case 'spin':
          if (typeof value !== 'number' || !Number.isInteger(value) || value < opt.min || value > opt.max)
            throw bad(`takes an integer from ${opt.min} to ${opt.max}, not ${describe(value)}`);
          out.push([opt.name, String(value), key]);
          break;
        case 'combo': {
          const v =
            typeof value === 'string' ? opt.vars.find((x) => x.toLowerCase() === value.toLowerCase()) : undefined;
          if (v === undefined) throw bad(`takes one of ${opt.vars.join(', ')}, not ${describe(value)}`);
          out.push([opt.name, v, key]);
          break;
        }
        case 'button':
          if (value !== null && value !== true) throw bad('is a button: pass null');
          out.push([opt.name, null, key]);
          break;
        case 'string':
          if (typeof value !== 'string' || /[\r\n]/.test(value))
            throw bad(`takes a one-line string, not ${describe(value)}`);
          out.push([opt.name, value, key]);
          break;
      }
    }
    return out;
  }

  #checkLimit(options: SearchOptions, needLimit: boolean): void {
    if (typeof options !== 'object' || options === null)
      throw new EngineError('invalid-limit', `not a limit: ${describe(options)}`);
    let any = false;
    for (const k of LIMIT_KEYS) {
      const v = options[k];
      if (v === undefined) continue;
      const min = k === 'winc' || k === 'binc' || k === 'wtime' || k === 'btime' ? 0 : 1;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
        throw new EngineError('invalid-limit', `${k} must be an integer of at least ${min}: ${describe(v)}`);
      any = true;
    }
    if (needLimit && !any)
      throw new EngineError('invalid-limit', 'a limit is needed (depth, nodes, movetime, mate or clocks)');
    const mpv = options.multipv;
    if (mpv !== undefined) {
      const opt = this.options.get('multipv');
      const max = opt?.type === 'spin' ? opt.max : 1;
      if (typeof mpv !== 'number' || !Number.isInteger(mpv) || mpv < 1 || mpv > max)
        throw new EngineError('invalid-limit', `multipv must be an integer from 1 to ${max}: ${describe(mpv)}`);
    }
    if (options.signal !== undefined && !(typeof AbortSignal !== 'undefined' && options.signal instanceof AbortSignal))
      throw new EngineError('invalid-limit', `signal must be an AbortSignal: ${describe(options.signal)}`);
  }

  // Runs calls one after another; a call on a dead engine rejects at once.
  #serial<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#dead) return Promise.reject(this.#dead);
    this.#pending++;
    const run = this.#queue.then(() => {
      if (this.#dead) throw this.#dead;
      return fn();
    });
    this.#queue = run.then(
      () => this.#pending--,
      () => this.#pending--,
    );
    return run;
  }

  #onLine(line: string): void {
    if (this.#dead) return;
    this.#handler?.onLine(line);
  }

  #fail(e: EngineError): void {
    if (this.#dead) return;
    this.#dead = e;
    try {
      this.#transport.close();
    } catch {
      // already gone
    }
    const h = this.#handler;
    this.#handler = null;
    h?.fail(e);
  }

  // Waits for a line that `done` accepts (other lines go to `other`), within the timeout.
  #await(done: (line: string) => boolean, other: (line: string) => void = () => {}, what = 'an answer'): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => this.#fail(new EngineError('timeout', `the engine did not send ${what} within ${this.#timeout} ms`)),
        this.#timeout,
      );
      this.#handler = {
        onLine: (line) => {
          if (!done(line)) return other(line);
          clearTimeout(timer);
          this.#handler = null;
          resolve();
        },
        fail: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  async #handshake(): Promise<void> {
    const p = this.#await(
      (l) => l.trim() === 'uciok',
      (l) => {
        if (l.startsWith('id name ')) this.name = l.slice(8).trim();
        else if (l.startsWith('id author ')) this.author = l.slice(10).trim();
        else if (l.startsWith('option ')) {
          const o = parseOption(l);
          if (o) this.options.set(o.name.toLowerCase(), o);
        }
      },
      'uciok',
    );
    this.#transport.send('uci');
    await p;
    const mpv = this.options.get('multipv');
    if (mpv?.type === 'spin') this.#multipv = Math.max(1, mpv.default);
    for (const [k, o] of this.options) if (o.type !== 'button') this.#sent.set(k, String(o.default));
    await this.#ready();
  }

  #ready(): Promise<void> {
    const p = this.#await((l) => l.trim() === 'readyok', undefined, 'readyok');
    this.#transport.send('isready');
    return p;
  }

  #set(name: string, value: string): boolean {
    const key = name.toLowerCase();
    const opt = this.options.get(key);
    if (!opt || this.#sent.get(key) === value) return false;
    this.#transport.send(`setoption name ${opt.name} value ${value}`);
    this.#sent.set(key, value);
    return true;
  }

  async #search(
    t: EngineTarget,
    options: SearchOptions,
    analysis: Analysis | null,
    onStop: (stop: () => void) => void,
  ): Promise<BestMove> {
    // Options for this position: Chess960 castling, the variant, the number of lines.
    const chess960 = this.options.get('uci_chess960');
    if (t.chess960 && chess960?.type !== 'check')
      throw new EngineError(
        'unsupported',
        `${this.name || 'the engine'} does not play Chess960 (no UCI_Chess960 option)`,
      );
    const variantOpt = this.options.get('uci_variant');
    const uciVariant = uciVariantName(t.variant, variantOpt?.type === 'combo' ? variantOpt.vars : []);
    if (uciVariant === null)
      throw new EngineError('unsupported', `${this.name || 'the engine'} does not play ${t.variant} (UCI_Variant)`);
    let changed = false;
    if (chess960?.type === 'check') changed = this.#set('UCI_Chess960', String(t.chess960)) || changed;
    if (variantOpt?.type === 'combo') changed = this.#set('UCI_Variant', uciVariant) || changed;
    const multipv = options.multipv ?? this.#multipv;
    if (this.options.has('multipv')) changed = this.#set('MultiPV', String(multipv)) || changed;
    if (changed) await this.#ready();

    const builder = new SnapshotBuilder(Math.min(multipv, t.legalCount));
    let result: BestMove | null = null;
    let stopping = false;
    let stopNow = () => {};
    const timeout = this.#timeout;
    const finite = LIMIT_KEYS.some((k) => options[k] !== undefined);
    const promise = new Promise<BestMove>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = (ms: number, why: string) => {
        clearTimeout(timer);
        timer = setTimeout(() => this.#fail(new EngineError('timeout', `the engine sent no bestmove ${why}`)), ms);
      };
      // A finite search must keep talking: silence past the timeout (past the movetime too) kills it.
      const watch = () => {
        if (stopping) return;
        if (options.movetime !== undefined)
          arm(options.movetime + timeout, `within ${options.movetime} + ${timeout} ms`);
        else if (finite) arm(timeout, `and nothing else for ${timeout} ms`);
      };
      watch();
      stopNow = () => {
        if (stopping || result || this.#dead) return;
        stopping = true;
        this.#transport.send('stop');
        arm(timeout, `within ${timeout} ms of stop`);
      };
      onStop(stopNow);
      this.#handler = {
        onLine: (line) => {
          if (line.startsWith('info ')) {
            if (options.movetime === undefined) watch();
            const raw = parseInfo(line);
            if (!raw) return;
            const snap = builder.add(toLine(raw, t.position, t.turn));
            if (snap && analysis) analysis.push(snap);
          } else if (line.startsWith('bestmove')) {
            clearTimeout(timer);
            this.#handler = null;
            const tok = line.trim().split(/\s+/);
            const last = builder.flush();
            if (last && analysis) analysis.push(last);
            let move: string | null = null;
            let san: string | null = null;
            const m = tok[1];
            if (m && m !== '(none)' && m !== '0000') {
              try {
                const mv = t.position.parseUci(m);
                move = t.position.uci(mv);
                san = t.position.san(mv);
              } catch {
                const e = new EngineError('protocol', `the engine's bestmove is not legal here: ${m}`);
                this.#fail(e);
                reject(e);
                return;
              }
            }
            const ponder = tok[2] === 'ponder' && tok[3] ? tok[3] : null;
            result = { move, san, ponder, lines: builder.latest?.lines ?? [] };
            resolve(result);
          }
        },
        fail: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
    const go = ['go'];
    for (const k of LIMIT_KEYS) if (options[k] !== undefined) go.push(k, String(options[k]));
    if (!finite) go.push('infinite');
    this.#transport.send(`position fen ${t.fen}${t.moves.length ? ` moves ${t.moves.join(' ')}` : ''}`);
    this.#transport.send(go.join(' '));
    if (options.signal?.aborted) stopNow();
    return promise;
  }
}
