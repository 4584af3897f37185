// A scripted UCI engine behind a line transport, for protocol tests: it answers the handshake
// and `isready`, records every command, and on `go` runs the test's script, which writes lines
// (now or later) or stays silent.
import { Position } from 'chesswasm';
import type { EngineTransport } from 'chesswasm/engine';

export interface FakeOptions {
  /** `option ...` lines sent during the handshake. */
  options?: string[];
  name?: string;
  /** Called on `go` with the command; writes lines through `fake.write`. Default: one info line and `bestmove`. */
  onGo?: (fake: FakeEngine, go: string) => void;
  /** Called on `stop`. Default: `bestmove` with the last PV's first move, or `(none)`. */
  onStop?: (fake: FakeEngine) => void;
  /** Never answer `uci` (handshake timeout tests). */
  silent?: boolean;
}

export const STOCKFISH_OPTIONS = [
  'option name Debug Log File type string default <empty>',
  'option name Threads type spin default 1 min 1 max 1024',
  'option name Hash type spin default 16 min 1 max 33554432',
  'option name Clear Hash type button',
  'option name Ponder type check default false',
  'option name MultiPV type spin default 1 min 1 max 500',
  'option name Skill Level type spin default 20 min 0 max 20',
  'option name UCI_Chess960 type check default false',
  'option name UCI_Variant type combo default chess var chess var makruk',
];

export class FakeEngine implements EngineTransport {
  /** Every command received, in order. */
  readonly received: string[] = [];
  closed = false;
  #onLine: (line: string) => void = () => {};
  #onExit: (reason: string) => void = () => {};
  #opts: FakeOptions;
  lastMove = '(none)';
  /** A legal move of the last position sent (the default answer), or `(none)`. */
  legalMove = '(none)';
  /** The last position sent (its FEN after the moves), `''` before one or when it could not be read. */
  fen = '';
  /** The legal moves of the last position sent, in UCI. */
  legal: string[] = [];
  /** The last MultiPV value set (1 until one is). */
  multipv = 1;
  #variant: 'chess' | 'chess960' | 'makruk' = 'chess';

  constructor(opts: FakeOptions = {}) {
    this.#opts = opts;
  }

  listen(onLine: (line: string) => void, onExit: (reason: string) => void): void {
    this.#onLine = onLine;
    this.#onExit = onExit;
  }

  /** Writes lines as the engine (asynchronously, as a real transport would). */
  write(...lines: string[]): void {
    queueMicrotask(() => {
      for (const l of lines) {
        if (this.closed) return;
        const m = /\bpv (\S+)/.exec(l);
        if (m) this.lastMove = m[1]!;
        this.#onLine(l);
      }
    });
  }

  /** The engine dies. */
  exit(reason = 'exit code 1'): void {
    this.closed = true;
    this.#onExit(reason);
  }

  send(line: string): void {
    if (this.closed) return;
    this.received.push(line);
    const o = this.#opts;
    if (line.startsWith('setoption name UCI_Chess960 value '))
      this.#variant = line.endsWith('true') ? 'chess960' : 'chess';
    else if (line === 'setoption name UCI_Variant value makruk') this.#variant = 'makruk';
    else if (line === 'setoption name UCI_Variant value chess' && this.#variant === 'makruk') this.#variant = 'chess';
    else if (line.startsWith('setoption name MultiPV value ')) this.multipv = Number(line.slice(29));
    if (line.startsWith('position fen ')) {
      const [fen, moves] = line.slice(13).split(' moves ');
      try {
        using p = Position.fromFen(fen!, { variant: this.#variant });
        for (const m of moves?.split(' ') ?? []) p.play(m);
        this.legal = p.legalUci();
        this.legalMove = this.legal[0] ?? '(none)';
        this.fen = p.fen();
      } catch {
        this.legalMove = '(none)';
        this.legal = [];
        this.fen = '';
      }
    }
    if (line === 'uci') {
      if (o.silent) return;
      this.write(`id name ${o.name ?? 'Fakefish'}`, 'id author tests', ...(o.options ?? STOCKFISH_OPTIONS), 'uciok');
    } else if (line === 'isready') this.write('readyok');
    else if (line.startsWith('go')) {
      if (o.onGo) o.onGo(this, line);
      else
        this.write(
          `info depth 1 seldepth 1 multipv 1 score cp 20 nodes 20 nps 1000 time 1 pv ${this.legalMove}`,
          `bestmove ${this.legalMove}`,
        );
    } else if (line === 'stop') {
      if (o.onStop) o.onStop(this);
      else this.write(`bestmove ${this.lastMove}`);
    }
  }

  close(): void {
    this.closed = true;
  }

  /** The commands after the handshake that are not `isready`. */
  get commands(): string[] {
    return this.received.filter((c) => c !== 'isready' && c !== 'uci');
  }
}
