/**
 * `.pgn.zst` sources (lichess's exports): a byte stream that starts with a Zstandard frame is
 * decompressed as it is read, by fzstd (MIT, pure JS, streaming; loaded only when such a
 * stream arrives). Internal.
 * @module
 */

import { DatabaseError } from './errors.js';

/** The first four bytes of a Zstandard frame (0xFD2FB528, little-endian). */
const MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;

/** Whether `bytes` start with a Zstandard frame. */
export function isZstd(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && MAGIC.every((b, i) => bytes[i] === b);
}

type Chunks = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

/**
 * The chunks of `source`, decompressed when its bytes start with a Zstandard frame (one or
 * more frames, as `zstd` and lichess write them); text and other bytes pass as they are.
 * Memory stays bounded by a chunk's decompressed size.
 * @throws {@link DatabaseError} `'truncated'` when the compressed stream ends inside a frame,
 *   `'invalid-argument'` for text chunks after compressed bytes.
 */
export async function* decompressIfZstd(source: Chunks): AsyncGenerator<string | Uint8Array> {
  const it = (Symbol.asyncIterator in source ? source : toAsync(source))[Symbol.asyncIterator]();
  // Enough of the first bytes to tell (a stream may start with chunks shorter than the magic).
  let head: Uint8Array = new Uint8Array(0);
  for (;;) {
    const r = await it.next();
    if (r.done) {
      if (head.length) yield head;
      return;
    }
    const chunk = r.value;
    if (typeof chunk === 'string') {
      if (head.length) yield head;
      yield chunk;
      yield* rest(it);
      return;
    }
    head = concat(head, chunk);
    if (head.length >= MAGIC.length) break;
  }
  if (!isZstd(head)) {
    yield head;
    yield* rest(it);
    return;
  }
  const { Decompress } = await import('fzstd');
  let out: Uint8Array[] = [];
  const d = new Decompress((data) => {
    // fzstd may hand out a view of its window: copied, as the next push overwrites it
    out.push(data.slice());
  });
  const push = (bytes: Uint8Array, final: boolean): Uint8Array[] => {
    try {
      d.push(bytes, final);
    } catch (e) {
      throw new DatabaseError(
        'truncated',
        `the compressed source ends inside a frame (${e instanceof Error ? e.message : String(e)})`,
      );
    }
    const ready = out;
    out = [];
    return ready;
  };
  yield* push(head, false);
  for (;;) {
    const r = await it.next();
    if (r.done) break;
    if (typeof r.value === 'string')
      throw new DatabaseError('invalid-argument', 'a source of compressed bytes went on with text');
    yield* push(r.value, false);
  }
  yield* push(new Uint8Array(0), true);
}

async function* rest(it: AsyncIterator<string | Uint8Array>): AsyncGenerator<string | Uint8Array> {
  for (;;) {
    const r = await it.next();
    if (r.done) return;
    yield r.value;
  }
}

async function* toAsync<T>(source: Iterable<T>): AsyncGenerator<T> {
  yield* source;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!a.length) return b;
  const c = new Uint8Array(a.length + b.length);
  c.set(a);
  c.set(b, a.length);
  return c;
}
