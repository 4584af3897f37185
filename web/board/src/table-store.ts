// The Syzygy tables installed for offline use: the 3-4 piece tables that the board's build
// serves in syzygy/ (index.json lists them with their sizes) downloaded into the origin private
// file system (OPFS), or into IndexedDB where the browser gives the page no writable OPFS file,
// and opened from there after a reload, offline too.
//
// What is complete is never claimed, it is measured: the list of files and their sizes is kept
// beside the files (index.json, written before the first download), and a file counts only when
// it is stored whole at that size. A file is committed at once when its last byte is in (an
// OPFS writable commits on close(), an IndexedDB put is one transaction), so an interrupted
// download leaves the previous state, an empty file or nothing. A table is installed when both
// its files (.rtbw and .rtbz) are complete.
import type { TablebaseDirectory, TablebaseReader } from 'chesswasm/tablebase';

/** A file of the set: its name (`KQvK.rtbw`) and its size in bytes. */
export interface TableFile {
  name: string;
  size: number;
}

/** What is installed: the tables whose two files are complete, those files and their bytes. */
export interface Installed {
  /** Where the files are kept. */
  kind: StoreKind;
  /** The tables with both files complete (`['KBNvK', ...]`), sorted. */
  tables: string[];
  /** Their files (two a table). */
  files: string[];
  /** The bytes of those files. */
  bytes: number;
  /** The number of tables the set has (index.json's, 0 before any install). */
  total: number;
}

/** Where the installed tables are kept. */
export type StoreKind = 'opfs' | 'indexeddb';

/** Why an install stopped, told apart by code; the message is for people. */
export class InstallError extends Error {
  readonly code: 'cancelled' | 'network' | 'http' | 'quota' | 'incomplete' | 'manifest' | 'storage';
  constructor(code: InstallError['code'], message: string) {
    super(message);
    this.name = 'InstallError';
    this.code = code;
  }
}

/** Progress of an install: the bytes stored of the bytes to store, and the file being read. */
export interface InstallProgress {
  done: number;
  total: number;
  file: string;
}

const MANIFEST = 'index.json';
const FOLDER = 'chesswasm-board-syzygy';

/** The storage behind the installed set (OPFS or IndexedDB). */
interface Backend {
  readonly kind: StoreKind;
  /** The stored files and their sizes (the manifest left out). */
  sizes(): Promise<Map<string, number>>;
  /** Stores a file from its chunks, committed only when all were written; nothing on failure. */
  write(name: string, chunks: AsyncIterable<Uint8Array>): Promise<void>;
  readText(name: string): Promise<string | null>;
  /** A source for Tablebase.open over the files named. */
  source(names: readonly string[]): Promise<TablebaseDirectory | TablebaseReader>;
  clear(): Promise<void>;
}

// ---- OPFS -----------------------------------------------------------------------------------

interface OpfsDirectory extends FileSystemDirectoryHandle {
  values(): AsyncIterable<FileSystemHandle>;
}

async function opfsBackend(): Promise<Backend | null> {
  const storage = navigator.storage as StorageManager | undefined;
  if (typeof storage?.getDirectory !== 'function') return null;
  // Safari before 26 has OPFS files writable from workers only: IndexedDB there.
  if (typeof FileSystemFileHandle === 'undefined' || !('createWritable' in FileSystemFileHandle.prototype)) return null;
  let root: FileSystemDirectoryHandle;
  try {
    root = await storage.getDirectory();
  } catch {
    return null; // no OPFS for this page (a private window, storage refused)
  }
  // The folder is made by the first install only (a visit that installs nothing writes nothing).
  const folder = async (create: boolean): Promise<OpfsDirectory | null> => {
    try {
      return (await root.getDirectoryHandle(FOLDER, { create })) as OpfsDirectory;
    } catch (e) {
      if (!create && (e as { name?: unknown } | null)?.name === 'NotFoundError') return null;
      throw e;
    }
  };
  return {
    kind: 'opfs',
    async sizes() {
      const sizes = new Map<string, number>();
      const dir = await folder(false);
      if (dir)
        for await (const entry of dir.values())
          if (entry.kind === 'file' && entry.name !== MANIFEST)
            sizes.set(entry.name, (await (entry as FileSystemFileHandle).getFile()).size);
      return sizes;
    },
    async write(name, chunks) {
      const handle = await (await folder(true))!.getFileHandle(name, { create: true });
      const w = await handle.createWritable();
      try {
        for await (const chunk of chunks) await w.write(chunk as Uint8Array<ArrayBuffer>);
      } catch (e) {
        await w.abort().catch(() => undefined);
        throw e;
      }
      await w.close();
    },
    async readText(name) {
      try {
        const dir = await folder(false);
        return dir ? await (await (await dir.getFileHandle(name)).getFile()).text() : null;
      } catch {
        return null;
      }
    },
    source: async () => (await folder(true)) as unknown as TablebaseDirectory,
    async clear() {
      await root.removeEntry(FOLDER, { recursive: true }).catch((e: unknown) => {
        if ((e as { name?: unknown } | null)?.name !== 'NotFoundError') throw e;
      });
    },
  };
}

// ---- IndexedDB ------------------------------------------------------------------------------

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB: the request failed'));
  });
}

async function indexedDbBackend(): Promise<Backend | null> {
  if (typeof indexedDB === 'undefined') return null;
  let db: IDBDatabase;
  try {
    db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(FOLDER, 1);
      req.onupgradeneeded = () => req.result.createObjectStore('files');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB: the database did not open'));
    });
  } catch {
    return null;
  }
  const files = (mode: IDBTransactionMode) => db.transaction('files', mode).objectStore('files');
  const put = (name: string, blob: Blob) =>
    new Promise<void>((resolve, reject) => {
      const tx = db.transaction('files', 'readwrite');
      tx.objectStore('files').put(blob, name);
      tx.oncomplete = () => resolve();
      tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB: the write failed'));
    });
  const blobs = async (): Promise<Map<string, Blob>> => {
    const store = files('readonly');
    const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
    const out = new Map<string, Blob>();
    keys.forEach((k, i) => {
      const v: unknown = values[i];
      if (typeof k === 'string' && v instanceof Blob) out.set(k, v);
    });
    return out;
  };
  return {
    kind: 'indexeddb',
    async sizes() {
      const sizes = new Map<string, number>();
      for (const [name, blob] of await blobs()) if (name !== MANIFEST) sizes.set(name, blob.size);
      return sizes;
    },
    async write(name, chunks) {
      // The chunks are held as they come (one file is at most half a megabyte here) and stored
      // in one transaction: a failure before the put stores nothing.
      const parts: Uint8Array<ArrayBuffer>[] = [];
      for await (const chunk of chunks) parts.push(chunk as Uint8Array<ArrayBuffer>);
      await put(name, new Blob(parts));
    },
    async readText(name) {
      const v: unknown = await request(files('readonly').get(name)).catch(() => undefined);
      return v instanceof Blob ? v.text() : null;
    },
    async source(names) {
      const all = await blobs();
      const chosen = new Map(names.flatMap((n) => (all.has(n) ? [[n, all.get(n)!] as const] : [])));
      return {
        names: () => [...chosen.keys()],
        size: (name) => chosen.get(name)!.size,
        read: (name, offset, length) =>
          chosen
            .get(name)!
            .slice(offset, offset + length)
            .arrayBuffer(),
      };
    },
    async clear() {
      await request(files('readwrite').clear());
    },
  };
}

// ---- the installed set ----------------------------------------------------------------------

/** The set's file list, as index.json gives it; null for anything else. */
export function parseManifest(text: string | null): TableFile[] | null {
  if (text === null) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  const files = (v as { files?: unknown } | null)?.files;
  if (!Array.isArray(files) || files.length === 0) return null;
  const out: TableFile[] = [];
  for (const f of files as unknown[]) {
    const { name, size } = (f ?? {}) as { name?: unknown; size?: unknown };
    if (typeof name !== 'string' || !/^K[QRBNP]*vK[QRBNP]*\.rtb[wz]$/.test(name)) return null;
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size <= 0) return null;
    out.push({ name, size });
  }
  return out;
}

/** The tables of a list of files: each with both files in the list. */
function tablesOf(files: readonly string[]): string[] {
  const set = new Set(files);
  return [...set]
    .filter((f) => f.endsWith('.rtbw') && set.has(`${f.slice(0, -5)}.rtbz`))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** A response's body in the chunks it arrives in, each counted (an aborted fetch ends it with its error). */
async function* body(response: Response, onChunk: (n: number) => void): AsyncGenerator<Uint8Array> {
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onChunk(value.length);
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Bytes as megabytes for people (`4.35 MB`, decimal as the download sizes are given). */
export const megabytes = (n: number): string => `${(n / 1e6).toFixed(2)} MB`;

function isQuota(e: unknown): boolean {
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || (e instanceof Error && /quota|space/i.test(e.message));
}

/**
 * The installed tables of this browser: opened on OPFS when the page may write files there,
 * else on IndexedDB; `null` when the browser keeps neither.
 */
export class TableStore {
  readonly #backend: Backend;
  #busy = false;

  private constructor(backend: Backend) {
    this.#backend = backend;
  }

  /** The store of this page (OPFS, else IndexedDB), or null when the page can keep no files. */
  static async open(): Promise<TableStore | null> {
    const backend = (await opfsBackend()) ?? (await indexedDbBackend());
    return backend ? new TableStore(backend) : null;
  }

  get kind(): StoreKind {
    return this.#backend.kind;
  }

  /** What is installed now, measured on the stored files against the kept list. */
  async installed(): Promise<Installed> {
    const manifest = parseManifest(await this.#backend.readText(MANIFEST)) ?? [];
    const sizes = await this.#backend.sizes();
    const complete = manifest.filter((f) => sizes.get(f.name) === f.size);
    const tables = tablesOf(complete.map((f) => f.name));
    const kept = new Set(tables.flatMap((t) => [`${t}.rtbw`, `${t}.rtbz`]));
    const files = complete.filter((f) => kept.has(f.name));
    return {
      kind: this.#backend.kind,
      tables,
      files: files.map((f) => f.name),
      bytes: files.reduce((s, f) => s + f.size, 0),
      total: tablesOf(manifest.map((f) => f.name)).length,
    };
  }

  /** A source for `Tablebase.open` over the installed tables only. */
  async source(installed: Installed): Promise<TablebaseDirectory | TablebaseReader> {
    return this.#backend.source(installed.files);
  }

  /**
   * Downloads the set listed at `manifestUrl` (index.json, the files beside it) into the store,
   * the files already complete skipped; resolves to what is installed. Refused while another
   * install runs. On any failure the files complete so far stay (they count), the one being
   * read is dropped, and the error says why.
   * @throws InstallError
   */
  async install(
    manifestUrl: string,
    onProgress: (p: InstallProgress) => void,
    signal: AbortSignal,
  ): Promise<Installed> {
    if (this.#busy) throw new InstallError('storage', 'An install is already running.');
    this.#busy = true;
    try {
      await this.#install(new URL(manifestUrl, location.href), onProgress, signal);
      return await this.installed();
    } catch (e) {
      throw this.#reason(e, signal);
    } finally {
      this.#busy = false;
    }
  }

  async #install(url: URL, onProgress: (p: InstallProgress) => void, signal: AbortSignal): Promise<void> {
    const got = await fetch(url, { signal, cache: 'no-store' });
    if (!got.ok) throw new InstallError('http', `The table list (${url.pathname}) answered HTTP ${got.status}.`);
    const text = await got.text();
    const manifest = parseManifest(text);
    if (!manifest)
      throw new InstallError('manifest', `The table list (${url.pathname}) is not a list of Syzygy files.`);
    await this.#backend.write(
      MANIFEST,
      (async function* () {
        yield new TextEncoder().encode(text);
      })(),
    );
    const sizes = await this.#backend.sizes();
    const todo = manifest.filter((f) => sizes.get(f.name) !== f.size);
    const total = todo.reduce((s, f) => s + f.size, 0);
    let done = 0;
    onProgress({ done, total, file: '' });
    for (const file of todo) {
      signal.throwIfAborted();
      const response = await fetch(new URL(file.name, url), { signal, cache: 'no-store' }).catch((e: unknown) => {
        throw e instanceof TypeError && !signal.aborted
          ? new InstallError('network', `Network error while downloading ${file.name} (${e.message}).`)
          : e;
      });
      if (!response.ok || !response.body)
        throw new InstallError('http', `${file.name}: the server answered HTTP ${response.status}.`);
      let read = 0;
      const before = done;
      await this.#backend.write(
        file.name,
        (async function* () {
          for await (const chunk of body(response, (n) => {
            read += n;
            done = before + Math.min(read, file.size);
            onProgress({ done, total, file: file.name });
          }))
            yield chunk;
          // A short or long body is no table: the writer aborts and nothing of it is kept.
          if (read !== file.size)
            throw new InstallError('incomplete', `${file.name}: ${read} bytes arrived of ${file.size}.`);
        })(),
      );
    }
  }

  #reason(e: unknown, signal: AbortSignal): InstallError {
    if (signal.aborted) return new InstallError('cancelled', 'Install cancelled.');
    if (e instanceof InstallError) return e;
    if (isQuota(e))
      return new InstallError('quota', 'Not enough storage: the browser refused to keep more (its quota is full).');
    if (e instanceof TypeError) return new InstallError('network', `Network error: ${e.message}.`);
    return new InstallError('storage', `The browser could not store the tables (${String(e)}).`);
  }

  /** Removes every installed file and the kept list. */
  async remove(): Promise<void> {
    await this.#backend.clear();
  }
}
