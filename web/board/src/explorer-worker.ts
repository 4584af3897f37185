// The explorer's databases, in a module worker: it owns every GameDatabase (chesswasm/database),
// because SQLite's OPFS storage needs a worker (synchronous access handles) and an import of a
// big file must not hold up the page. The page (views/explorer.ts) asks by messages; each
// request carries an id, and its answer (or its error, as a DatabaseError's code and message)
// comes back with it. An import also posts its progress, and is stopped by a `cancel` message
// naming it (the package's AbortSignal: the batches committed stay).
//   page → worker   { id, op: 'explore', file, fen, variant, chess960, filter }
//                   { id, op: 'games', file, fen, variant, chess960, filter, limit, offset }
//                   { id, op: 'game', file, game, ply }        { id, op: 'count', file }
//                   { id, op: 'import', file, source: File }   { id, op: 'cancel', import: id }
//                   { id, op: 'delete', file }                 (the store closed and deleted)
//                   { id, op: 'ids', file, filter }            (the ids of the games the filter keeps, oldest first)
//   worker → page   { id, type: 'done', value }  |  { id, type: 'error', code, message }
//                   { id, type: 'progress', progress: ImportProgressMessage }
import type { Variant } from 'chesswasm';
import type { GameDatabase, GameFilter, ImportError } from 'chesswasm/database';

// The handler first, the package (its wasm, and SQLite's on the first open) on the side: no
// message can arrive before the handler is installed.
const modules = Promise.all([import('chesswasm'), import('chesswasm/database')]);

/** A position as the page names it (a Position is not posted). */
export interface PositionSpec {
  fen: string;
  variant: Variant;
  chess960: boolean;
}

/** What the page asks. */
export type ExplorerRequest =
  | ({ id: number; op: 'explore'; file: string; filter: GameFilter } & PositionSpec)
  | ({ id: number; op: 'games'; file: string; filter: GameFilter; limit: number; offset: number } & PositionSpec)
  | { id: number; op: 'game'; file: string; game: number; ply: number | null }
  | { id: number; op: 'count'; file: string }
  | { id: number; op: 'import'; file: string; source: Blob }
  | { id: number; op: 'cancel'; import: number }
  | { id: number; op: 'delete'; file: string }
  | { id: number; op: 'ids'; file: string; filter: GameFilter };

/** A request as the page writes it (the id is added when it is sent). */
export type ExplorerAsk = ExplorerRequest extends infer R ? (R extends ExplorerRequest ? Omit<R, 'id'> : never) : never;

/** An import's progress: games read (added, skipped, malformed) and bytes of the file read. */
export interface ImportProgressMessage {
  games: number;
  added: number;
  skipped: number;
  errors: number;
  bytes: number;
  total: number;
}

/** What an import did (also when it was cancelled: what was committed). */
export interface ImportOutcome {
  added: number;
  skipped: number;
  /** Malformed games (the first few are in `firstErrors`). */
  errors: number;
  firstErrors: ImportError[];
  cancelled: boolean;
  /** The games in the store afterwards. */
  count: number;
}

/** What the worker posts. */
export type ExplorerReply =
  | { id: number; type: 'done'; value: unknown }
  | { id: number; type: 'error'; code: string; message: string }
  | { id: number; type: 'progress'; progress: ImportProgressMessage };

const open = new Map<string, Promise<GameDatabase>>();
const imports = new Map<number, AbortController>();

const post = (m: ExplorerReply): void => self.postMessage(m);

/** The database in `file`, opened once (and kept open: the page switches between a few). */
async function database(file: string): Promise<GameDatabase> {
  let db = open.get(file);
  if (!db) {
    db = modules.then(([, { GameDatabase }]) => GameDatabase.open(file));
    open.set(file, db);
    db.catch(() => open.delete(file)); // a refusal is not kept: the next request tries again
  }
  return db;
}

/**
 * A task boundary: the worker's queued messages (a `cancel`, the page's explore requests) run
 * before this resolves. A file's chunks and the games read from them resolve as microtasks,
 * which would otherwise keep every message waiting until the whole file is read.
 */
function yieldToMessages(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

// The most handed to the reader at once. Chromium's file streams give chunks of megabytes, whose
// thousand games would be read before a Cancel is seen: 64 KB is about 40 games.
const PIECE = 1 << 16;

/**
 * Reads a stream in pieces of at most {@link PIECE} bytes, counting them as they go, with a task
 * boundary after each.
 */
async function* counted(stream: ReadableStream<Uint8Array>, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (let at = 0; at < value.byteLength; at += PIECE) {
        const piece = value.subarray(at, at + PIECE);
        onBytes(piece.byteLength);
        yield piece;
        await yieldToMessages();
      }
    }
  } finally {
    reader.releaseLock();
  }
}

// Progress is posted after each committed batch and, between them, at most every 100 ms as
// bytes are read: the page redraws a line of text, never a message per chunk.
const PROGRESS_EVERY = 100;
// Games per transaction: the counts of the progress move on every 500 games, and a tab closed
// mid-import loses at most the games read since the last batch.
const BATCH = 500;
// Game headers read at once when listing a filter's games.
const IDS_PAGE = 1000;

async function importFile(id: number, file: string, source: Blob): Promise<ImportOutcome> {
  const db = await database(file);
  const before = db.count();
  const controller = new AbortController();
  imports.set(id, controller);
  const progress: ImportProgressMessage = { games: 0, added: 0, skipped: 0, errors: 0, bytes: 0, total: source.size };
  let posted = 0;
  const report = (force: boolean): void => {
    const now = performance.now();
    if (!force && now - posted < PROGRESS_EVERY) return;
    posted = now;
    post({ id, type: 'progress', progress: { ...progress } });
  };
  try {
    const r = await db.addGames(
      counted(source.stream(), (n) => {
        progress.bytes += n;
        report(false);
      }),
      {
        batchSize: BATCH,
        signal: controller.signal,
        onProgress: (p) => {
          Object.assign(progress, p);
          report(true);
        },
      },
    );
    const count = db.count();
    return {
      added: r.added,
      skipped: r.skipped,
      errors: r.errors.length,
      firstErrors: r.errors.slice(0, 5),
      cancelled: false,
      count,
    };
  } catch (e) {
    if (!controller.signal.aborted) throw e;
    // Cancelled: the games read before the signal were committed; the store says how many.
    const count = db.count();
    return {
      added: count - before,
      skipped: progress.skipped,
      errors: progress.errors,
      firstErrors: [],
      cancelled: true,
      count,
    };
  } finally {
    imports.delete(id);
  }
}

async function answer(m: ExplorerRequest): Promise<unknown> {
  const [{ Position }] = await modules;
  const at = (spec: PositionSpec) => Position.fromFen(spec.fen, { variant: spec.variant, chess960: spec.chess960 });
  switch (m.op) {
    case 'explore': {
      const db = await database(m.file);
      const pos = at(m);
      try {
        return db.explore(pos, m.filter);
      } finally {
        pos.dispose();
      }
    }
    case 'games': {
      const db = await database(m.file);
      const pos = at(m);
      try {
        return db.games(pos, m.filter, { limit: m.limit, offset: m.offset });
      } finally {
        pos.dispose();
      }
    }
    case 'game': {
      const db = await database(m.file);
      const game = db.game(m.game);
      try {
        // The game travels as PGN (the package writes and reads it whole: tags, comments,
        // variations); the page goes to the ply.
        return { pgn: game.pgn(), ply: m.ply };
      } finally {
        game.dispose();
      }
    }
    case 'count':
      return (await database(m.file)).count();
    case 'import':
      return importFile(m.id, m.file, m.source);
    case 'cancel':
      imports.get(m.import)?.abort(new DOMException('the import was cancelled', 'AbortError'));
      return null;
    case 'delete': {
      // Closed here first (GameDatabase.delete refuses a store this worker has open); a later
      // request for the file opens a new, empty store.
      const db = open.get(m.file);
      open.delete(m.file);
      if (db)
        await db.then(
          (d) => d.close(),
          () => undefined,
        );
      const [, { GameDatabase }] = await modules;
      return GameDatabase.delete(m.file);
    }
    case 'ids': {
      // Every game the filter keeps (games(null): no position), a page at a time, with a task
      // boundary between pages so that other requests are answered meanwhile.
      const db = await database(m.file);
      const ids: number[] = [];
      for (;;) {
        const page = db.games(null, m.filter, { limit: IDS_PAGE, offset: ids.length, order: 'oldest' });
        for (const g of page) ids.push(g.id);
        if (page.length < IDS_PAGE) return ids;
        await yieldToMessages();
      }
    }
  }
}

self.onmessage = (ev: MessageEvent<ExplorerRequest>) => {
  const m = ev.data;
  answer(m).then(
    (value) => post({ id: m.id, type: 'done', value }),
    (e: unknown) => {
      const code = typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : 'error';
      post({ id: m.id, type: 'error', code, message: e instanceof Error ? e.message : String(e) });
    },
  );
};
