/// <reference types="node" />
/**
 * Node only (not exported by the package index): validation of lichess puzzle CSV files
 * (`PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags`),
 * streamed in chunks and spread over worker threads. Used by `chesswasm puzzles` and the
 * benchmark (tests/bench/puzzles.mjs).
 * @module
 */
import { createReadStream, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { PuzzleStatus, type PuzzleStatusName } from '../boundary/boundary.js';
import type { Position as NativePosition } from '../boundary/chesswasm.mjs';
import { MOVE_ERROR_TEXT, type KebabCase, kebabCase } from '../boundary/errors.js';
import { M, init } from '../boundary/wasm.js';

/** Why a row is invalid (the core's PuzzleStatus as a code). */
export type PuzzleRowReason = KebabCase<Exclude<PuzzleStatusName, 'OK'>>;

const REASONS = PuzzleStatus.map((s) => kebabCase(s) as PuzzleRowReason);

/** Totals of a file or chunk. */
export interface PuzzleTotals {
  puzzles: number;
  valid: number;
  invalid: number;
  /** Rows with a mateInN theme, and those of them whose last solver ply has 2+ mating moves. */
  mateThemes: number;
  multipleMates: number;
}

/** The result of one chunk of rows (what a worker sends back). */
export interface ChunkResult extends PuzzleTotals {
  /** Lines in the chunk (header and empty lines included). */
  lines: number;
  /** Reported rows: the 0-based line index in the chunk and the text after `line N`. */
  rows: [number, string][];
}

let handle: NativePosition | null = null;
const latin1 = new TextDecoder('latin1');

function fieldsOf(bytes: Uint8Array, start: number, end: number): string[] {
  return latin1.decode(bytes.subarray(start, end)).replace(/\r$/, '').split(',');
}

function describeRow(reason: PuzzleRowReason, ply: number, fields: string[]): string {
  const moves = (fields[2] ?? '').trim().split(/\s+/);
  switch (reason) {
    case 'fen':
      return `bad FEN: ${fields[1] ?? ''}`;
    case 'row':
      return `truncated row: ${fields.length} of 10 fields`;
    case 'syntax':
    case 'illegal':
    case 'ambiguous':
      return `${MOVE_ERROR_TEXT[reason]} at ply ${ply}: ${moves[ply] ?? ''}`;
    case 'no-moves':
      return 'no solver move';
    case 'not-mate':
      return `theme ${/mateIn\d+/.exec(fields[7] ?? '')?.[0] ?? 'mateIn?'} but the line does not end in checkmate`;
    case 'mate-length':
      return `theme ${/mateIn\d+/.exec(fields[7] ?? '')?.[0] ?? 'mateIn?'} but checkmate comes after a different number of solver moves`;
  }
}

/**
 * Checks every row of a chunk of CSV bytes (complete lines; a header line is skipped).
 * @param json - report every row as a JSON object (else only the invalid ones, as text).
 */
export function checkChunk(bytes: Uint8Array, json: boolean): ChunkResult {
  handle ??= new M.Position();
  // The chunk in the row buffer, given back at the end.
  M.rowBuffer(bytes.length).set(bytes);
  const out: ChunkResult = { lines: 0, puzzles: 0, valid: 0, invalid: 0, mateThemes: 0, multipleMates: 0, rows: [] };
  const len = bytes.length;
  let pos = 0;
  let line = 0;
  try {
    while (pos < len) {
      let end = bytes.indexOf(10, pos);
      if (end < 0) end = len;
      const n = end - pos;
      const index = line++;
      const start = pos;
      pos = end + 1;
      // Skip empty lines and the header.
      if (n === 0 || (n === 1 && bytes[start] === 13)) continue;
      if (bytes[start] === 80 /* P */ && latin1.decode(bytes.subarray(start, start + 9)) === 'PuzzleId,') continue;
      const r = handle.checkPuzzleRow(start, n);
      const status = r.status;
      out.puzzles++;
      if (r.mateIn > 0) {
        out.mateThemes++;
        if (r.matingMoves > 1) out.multipleMates++;
      }
      if (status === 0) out.valid++;
      else out.invalid++;
      if (!json && status === 0) continue;
      const fields = fieldsOf(bytes, start, end);
      const id = fields[0] ?? '';
      const reason = REASONS[status] ?? 'row';
      if (!json) {
        out.rows.push([index, ` (${id}): ${describeRow(reason, r.ply, fields)}`]);
        continue;
      }
      const o: Record<string, unknown> = { id, valid: status === 0 };
      if (status !== 0) {
        o.reason = reason;
        o.message = describeRow(reason, r.ply, fields);
        if (reason === 'syntax' || reason === 'illegal' || reason === 'ambiguous') o.ply = r.ply;
      }
      if (reason !== 'fen' && reason !== 'row') {
        o.plies = r.plies;
        o.solverMoves = r.solverMoves;
        o.mateIn = r.mateIn;
        o.mate = r.mate;
        o.matingMoves = r.matingMoves;
      }
      out.rows.push([index, JSON.stringify(o).slice(1)]);
    }
  } finally {
    M.rowBuffer(0);
  }
  out.lines = line;
  return out;
}

/** Options of {@link validatePuzzleFile}. */
export interface PuzzleFileOptions {
  /** Worker threads (default: every core); 0 checks in the calling thread. */
  workers?: number;
  /** One JSON object per row (else only invalid rows, as text lines). */
  json?: boolean;
  /** Where report lines go (default: stdout). Each call gets one or more whole lines. */
  write?: (text: string) => void;
  /** Show a progress bar on stderr (default: when stderr is a terminal). */
  progress?: boolean;
  /** Chunk size in bytes (default 1 MiB). */
  chunkSize?: number;
  /**
   * Called before each chunk is read; a returned promise holds reading back until it
   * settles (e.g. until stdout drains, so that a slow reader of `--json` output keeps
   * memory bounded).
   */
  drain?: () => Promise<void> | void;
}

/** The totals of {@link validatePuzzleFile}, and how long it took. */
export interface PuzzleFileResult extends PuzzleTotals {
  seconds: number;
}

function formatRows(r: ChunkResult, base: number, json: boolean): string {
  let s = '';
  for (const [i, text] of r.rows) s += json ? `{"line":${base + i + 1},${text}\n` : `line ${base + i + 1}${text}\n`;
  return s;
}

/**
 * Validates a lichess puzzle CSV file, streaming it in chunks (the file is never held whole
 * in memory) over worker threads; row reports come out in file order. Line numbers count
 * from 1 with the header as line 1.
 */
export async function validatePuzzleFile(path: string, options: PuzzleFileOptions = {}): Promise<PuzzleFileResult> {
  const t0 = performance.now();
  const json = options.json ?? false;
  const write = options.write ?? ((s: string) => void process.stdout.write(s));
  const workers = Math.max(0, Math.floor(options.workers ?? availableParallelism()));
  const size = statSync(path).size;
  const showProgress = options.progress ?? process.stderr.isTTY === true;
  const totals: PuzzleTotals = { puzzles: 0, valid: 0, invalid: 0, mateThemes: 0, multipleMates: 0 };
  let baseLine = 0;
  let bytesDone = 0;
  let lastDraw = 0;

  const progress = (force = false) => {
    if (!showProgress) return;
    const now = performance.now();
    if (!force && now - lastDraw < 200) return;
    lastDraw = now;
    const frac = size ? bytesDone / size : 1;
    const width = 30;
    const filled = Math.round(frac * width);
    const rate = totals.puzzles / Math.max(1e-3, (now - t0) / 1000);
    process.stderr.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(frac * 100).toFixed(1)}% ${totals.puzzles} puzzles, ${totals.invalid} invalid, ${Math.round(rate)}/s `,
    );
  };

  const absorb = (r: ChunkResult, bytes: number) => {
    if (r.rows.length) write(formatRows(r, baseLine, json));
    baseLine += r.lines;
    totals.puzzles += r.puzzles;
    totals.valid += r.valid;
    totals.invalid += r.invalid;
    totals.mateThemes += r.mateThemes;
    totals.multipleMates += r.multipleMates;
    bytesDone += bytes;
    progress();
  };

  // Chunks of whole lines from the file, in order.
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const stream = createReadStream(path, { highWaterMark: options.chunkSize ?? 1 << 20 });
    let rest: Buffer | null = null;
    for await (const data of stream as AsyncIterable<Buffer>) {
      const buf: Buffer = rest ? Buffer.concat([rest, data]) : data;
      const cut = buf.lastIndexOf(10);
      if (cut < 0) {
        rest = buf;
        continue;
      }
      rest = cut + 1 < buf.length ? buf.subarray(cut + 1) : null;
      yield new Uint8Array(buf.subarray(0, cut + 1)); // a copy: transferable, and rest stays valid
    }
    if (rest && rest.length) yield new Uint8Array(rest);
  }

  if (workers === 0) {
    await init();
    for await (const chunk of chunks()) {
      absorb(checkChunk(chunk, json), chunk.length);
      await options.drain?.();
    }
  } else {
    const pool = Array.from({ length: workers }, () => new Worker(new URL('./puzzle-worker.js', import.meta.url)));
    try {
      await runPool(pool, chunks(), json, absorb, options.drain);
    } finally {
      await Promise.all(pool.map((w) => w.terminate()));
    }
  }
  progress(true);
  if (showProgress) process.stderr.write('\n');
  return { ...totals, seconds: (performance.now() - t0) / 1000 };
}

async function runPool(
  pool: Worker[],
  source: AsyncGenerator<Uint8Array>,
  json: boolean,
  absorb: (r: ChunkResult, bytes: number) => void,
  drain?: () => Promise<void> | void,
): Promise<void> {
  const pending = new Map<number, { result: ChunkResult; bytes: number }>();
  const sizes = new Map<number, number>();
  let nextToEmit = 0;
  let nextId = 0;
  // What a worker threw, boxed: `null` until then (a thrown value may be anything).
  let failure = null as { error: unknown } | null;
  const idle: Worker[] = [...pool, ...pool]; // two chunks in flight per worker
  let wake: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  for (const w of pool) {
    w.on('message', (msg: { id: number; result: ChunkResult }) => {
      pending.set(msg.id, { result: msg.result, bytes: sizes.get(msg.id) ?? 0 });
      sizes.delete(msg.id);
      while (pending.has(nextToEmit)) {
        const { result, bytes } = pending.get(nextToEmit)!;
        pending.delete(nextToEmit++);
        absorb(result, bytes);
      }
      idle.push(w);
      signal();
    });
    w.on('error', (e) => {
      failure = { error: e };
      signal();
    });
  }
  const waitIdle = () => new Promise<void>((resolve) => (wake = resolve));
  for await (const chunk of source) {
    await drain?.();
    while (idle.length === 0 && failure === null) await waitIdle();
    if (failure !== null) throw failure.error;
    const w = idle.pop()!;
    const id = nextId++;
    sizes.set(id, chunk.length);
    w.postMessage({ id, bytes: chunk, json }, [chunk.buffer as ArrayBuffer]);
  }
  while (nextToEmit < nextId && failure === null) await waitIdle();
  if (failure !== null) throw failure.error;
}
