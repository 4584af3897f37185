/**
 * `readGames`: every game of a PGN file, one at a time, from a string or from a stream of
 * text chunks.
 * @module
 */
import { ChessError, PgnError, describe } from '../boundary/errors.js';
import { encoder } from '../boundary/wasm.js';
import { Game, type PgnReadOptions, readPartialTree, readTree } from './game.js';
import { END, GAME, PARTIAL, openSource, sourceError } from './tree-codec.js';

/** Options of {@link readGames} (`partial`: see {@link PgnReadOptions}). */
export interface ReadGamesOptions extends PgnReadOptions {
  /**
   * Called with the {@link PgnError} of each malformed game, which is then skipped:
   * iteration goes on with the next game. Without it, the iterator throws the error (from
   * `next()`); the iterator itself stays usable, and calling `next()` again continues with
   * the next game (a `for` loop exits on the throw, a manual `next()` loop can go on).
   */
  onError?: (error: PgnError) => void;
}

/** The iterator {@link readGames} returns for a string: usable with `for` and `for await`. */
export interface GameIterator extends IterableIterator<Game>, AsyncIterable<Game> {}

type Item = Game | PgnError;

/**
 * The games of a PGN text, one at a time: each is read (every move validated) only when the
 * iterator gets to it, so the file is never held as one tree. A string source is
 * iterable both synchronously and with `for await`; a stream of chunks (strings or UTF-8
 * bytes, e.g. `fs.createReadStream(path)` or a fetch body; async or sync iterable) is read
 * with `for await`, buffering chunks until a game is complete.
 *
 * Malformed games: see {@link ReadGamesOptions.onError}. Errors' `line` and `column` are
 * those of the whole text (1-based; columns in UTF-8 bytes).
 *
 * ```ts
 * for (const game of readGames(text)) console.log(game.tags.get('White'), game.mainline().length);
 * for await (const game of readGames(stream, { onError: (e) => console.warn(e.message) })) ...
 * ```
 */
export function readGames(text: string, options?: ReadGamesOptions): GameIterator;
export function readGames(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options?: ReadGamesOptions,
): AsyncIterableIterator<Game>;
export function readGames(
  source: string | AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: ReadGamesOptions = {},
): GameIterator | AsyncIterableIterator<Game> {
  const onError = options?.onError;
  const partial = options?.partial === true;
  if (typeof source === 'string') return syncIterator(fromText(source, partial), onError);
  if (source !== null && typeof source === 'object') {
    if (Symbol.asyncIterator in source || Symbol.iterator in source)
      return asyncIterator(fromChunks(source, partial), onError);
  }
  throw new ChessError(
    'invalid-argument',
    `readGames needs a string or an iterable of strings, not ${describe(source)}`,
  );
}

// The source text of the games read by readGamesKeepingText (UTF-8, from the end of the
// previous game or error: white space and escape lines before the game included).
const sourceTexts = new WeakMap<Game, Uint8Array>();

/**
 * Internal (the game database, which stores each game as it was read): {@link readGames} over
 * a stream of chunks, each game's source text kept for {@link sourceTextOf}.
 */
export function readGamesKeepingText(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: ReadGamesOptions = {},
): AsyncIterableIterator<Game> {
  return asyncIterator(fromChunks(source, options.partial === true, true), options.onError);
}

/** Internal: the UTF-8 text a game of {@link readGamesKeepingText} was read from. */
export function sourceTextOf(game: Game): Uint8Array | undefined {
  return sourceTexts.get(game);
}

function syncIterator(items: Iterator<Item>, onError: ((e: PgnError) => void) | undefined): GameIterator {
  const next = (): IteratorResult<Game> => {
    for (;;) {
      const r = items.next();
      if (r.done) return { done: true, value: undefined };
      if (r.value instanceof Game) return { done: false, value: r.value };
      if (onError === undefined) throw r.value;
      onError(r.value);
    }
  };
  // `for await` over the same object: the same games, as promises.
  const asyncSide: AsyncIterator<Game> = {
    next: () => {
      try {
        return Promise.resolve(next());
      } catch (e) {
        return Promise.reject(e);
      }
    },
  };
  const it: GameIterator = {
    next,
    [Symbol.iterator]: () => it,
    [Symbol.asyncIterator]: () => asyncSide,
  };
  return it;
}

function asyncIterator(
  items: AsyncIterator<Item>,
  onError: ((e: PgnError) => void) | undefined,
): AsyncIterableIterator<Game> {
  const it: AsyncIterableIterator<Game> = {
    async next(): Promise<IteratorResult<Game>> {
      for (;;) {
        const r = await items.next();
        if (r.done) return { done: true, value: undefined };
        if (r.value instanceof Game) return { done: false, value: r.value };
        if (onError === undefined) throw r.value;
        onError(r.value);
      }
    },
    async return(): Promise<IteratorResult<Game>> {
      await items.return?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => it,
  };
  return it;
}

// The games (or errors) of a whole text, read from one source in wasm memory.
function* fromText(text: string, partial: boolean): Generator<Item> {
  const src = openSource(text, partial);
  try {
    for (;;) {
      const status = src.next();
      if (status === GAME) yield readTree(src);
      else if (status === PARTIAL) yield readPartialTree(src, 1, 1);
      else if (status === END) return;
      else yield sourceError(src, 1, 1);
    }
  } finally {
    src.delete();
  }
}

// The games (or errors) of a text that arrives in chunks. The bytes not yet read form a
// window; a game read from it is accepted when the reader stopped before the window's end
// (a result or the next game's tags ended it: more text cannot change it), or when the
// input has ended. Otherwise the window waits for more chunks and is read again, once it
// has at least doubled (so that many small chunks cost linear time, not quadratic).
async function* fromChunks(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  partial: boolean,
  keepText = false,
): AsyncGenerator<Item> {
  let window: Uint8Array = new Uint8Array(0);
  const pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let lineBase = 1; // the window's first line and column in the whole text
  let columnBase = 1;
  const iterator =
    Symbol.asyncIterator in chunks
      ? (chunks as AsyncIterable<string | Uint8Array>)[Symbol.asyncIterator]()
      : (chunks as Iterable<string | Uint8Array>)[Symbol.iterator]();
  let last = false;
  while (!last) {
    const r = await iterator.next();
    if (r.done) last = true;
    else {
      const chunk: unknown = r.value;
      let bytes: Uint8Array;
      if (typeof chunk === 'string') bytes = encoder.encode(chunk);
      else if (chunk instanceof Uint8Array)
        bytes = chunk.slice(); // UTF-8 bytes (copied: a producer may reuse its buffer)
      else
        throw new ChessError(
          'invalid-argument',
          `readGames: chunks must be strings or Uint8Arrays, not ${describe(chunk)}`,
        );
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes === 0 || pendingBytes < window.length) continue;
    }
    if (pendingBytes > 0) {
      const joined = new Uint8Array(window.length + pendingBytes);
      joined.set(window);
      let at = window.length;
      for (const p of pending) {
        joined.set(p, at);
        at += p.length;
      }
      window = joined;
      pending.length = 0;
      pendingBytes = 0;
    }
    if (window.length === 0) continue;
    const items: Item[] = [];
    const src = openSource(window, partial);
    let consumed = 0;
    let consumedLine = 1;
    try {
      for (;;) {
        const status = src.next();
        if (status === END) {
          // Only white space, comments or escape lines remain; a line cut by the chunk
          // boundary may go on in the next chunk, so that text waits until the end.
          if (last) consumed = window.length;
          break;
        }
        const offset = src.offset();
        if (offset >= window.length && !last) break;
        const item =
          status === GAME
            ? readTree(src)
            : status === PARTIAL
              ? readPartialTree(src, lineBase, columnBase)
              : sourceError(src, lineBase, columnBase);
        if (keepText && item instanceof Game) sourceTexts.set(item, window.slice(consumed, offset));
        items.push(item);
        consumed = offset;
        consumedLine = src.line();
        if (offset >= window.length) break;
      }
    } finally {
      src.delete();
    }
    if (consumed > 0) {
      // The new window starts at the consumed offset: its line and column in the text.
      let nl = consumed - 1;
      while (nl >= 0 && window[nl] !== 10) nl--;
      if (nl >= 0) columnBase = consumed - nl;
      else {
        const bom =
          lineBase === 1 && columnBase === 1 && window[0] === 0xef && window[1] === 0xbb && window[2] === 0xbf;
        columnBase += consumed - (bom ? 3 : 0);
      }
      lineBase += consumedLine - 1;
      window = window.slice(consumed);
    }
    yield* items;
  }
}
