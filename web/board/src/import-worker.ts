// Reads the games of a PGN (a file, or a pasted text) in a web worker, so that the
// page stays responsive however big it is: the package's readGames over the Blob's slices,
// each game turned into the chapter a study stores (chapters.ts), posted to the page in
// batches, which writes them (views/studies.ts). The page cancels by terminating the worker.
//   page → worker   { source, batch }   (source: a Blob, or a pasted text)
//   worker → page   { type: 'batch', items, bytes, errors }   (errors: the games left out so far)
//                   { type: 'done', items, bytes, errors }  |  { type: 'failed', message }
import type { PgnError } from 'chesswasm';
import { importedChapter } from './chapters.js';
import type { NewChapter } from './storage.js';

// The handler first, the package (its wasm) on the side: no message can arrive before it.
const pkg = import('chesswasm');

/** The parts of a PgnError the page shows (an Error is not posted whole). */
export interface ImportError {
  message: string;
  line: number;
  column: number;
}

/** A message of the worker to the page. */
export type ImportMessage =
  | { type: 'batch' | 'done'; items: NewChapter[]; bytes: number; errors: ImportError[] }
  | { type: 'failed'; message: string };

const SLICE = 1 << 18; // bytes read at a time

async function* slices(blob: Blob, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < blob.size; at += SLICE) {
    const bytes = new Uint8Array(await blob.slice(at, at + SLICE).arrayBuffer());
    onBytes(bytes.byteLength);
    yield bytes;
  }
}

self.onmessage = async (ev: MessageEvent<{ source: Blob | string; batch: number }>) => {
  const { source, batch: size } = ev.data;
  // (a pasted text is made a Blob here: its UTF-8 copy is not the page's work)
  const blob = typeof source === 'string' ? new Blob([source]) : source;
  const post = (m: ImportMessage) => self.postMessage(m);
  try {
    const { readGames } = await pkg;
    let bytes = 0;
    let errors: ImportError[] = [];
    let items: NewChapter[] = [];
    const onError = (e: PgnError) => errors.push({ message: e.message, line: e.line, column: e.column });
    for await (const g of readGames(
      slices(blob, (n) => (bytes += n)),
      { onError },
    )) {
      try {
        items.push(importedChapter(g));
      } finally {
        g.dispose();
      }
      if (items.length >= size) {
        post({ type: 'batch', items, bytes, errors });
        items = [];
        errors = [];
      }
    }
    post({ type: 'done', items, bytes, errors });
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
};
