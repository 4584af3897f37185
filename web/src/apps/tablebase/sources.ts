/**
 * Where a tablebase's bytes come from: a folder in Node, a base URL (HTTP Range requests, the
 * bytes kept in the origin private file system when the host has one), a
 * `FileSystemDirectoryHandle`, or any reader of the caller's. Each becomes a
 * {@link TablebaseReader}. Internal but for the types the entry exports.
 * @module
 */
import { TablebaseError } from './errors.js';

/**
 * A reader of table files, for {@link Tablebase.open}: the bytes of `name` (`'KQvK.rtbw'`) from
 * `offset`, `length` of them (fewer only at the file's end). `names()` lists the files when the
 * caller does not pass them (`options.names`).
 */
export interface TablebaseReader {
  /** The file names it holds (table files and anything else: other names are ignored). */
  names?(): readonly string[] | Promise<readonly string[]>;
  /** The size of a file in bytes. */
  size(name: string): number | Promise<number>;
  /** Bytes of a file. */
  read(name: string, offset: number, length: number): Uint8Array | ArrayBuffer | Promise<Uint8Array | ArrayBuffer>;
  /** Called by {@link Tablebase.close} (closes files the reader keeps open). */
  close?(): void | Promise<void>;
}

/**
 * The subset of the File System Access API's directory handle that a tablebase uses (a folder
 * the user picked, or the origin private file system's).
 */
export interface TablebaseDirectory {
  /** The directory's entries. */
  values(): AsyncIterable<TablebaseDirectoryEntry>;
  /** A file of the directory (`create`: made when missing). */
  getFileHandle(name: string, options?: { create?: boolean }): Promise<TablebaseFileHandle>;
  /** A sub-directory (`create`: made when missing). */
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<TablebaseDirectory>;
}

/** An entry of a {@link TablebaseDirectory} (a file or a directory handle). */
export interface TablebaseDirectoryEntry {
  /** `'file'` or `'directory'`. */
  readonly kind: string;
  /** Its name. */
  readonly name: string;
}

/** The subset of a `FileSystemWritableFileStream` that the cache uses. */
export interface TablebaseWritable {
  /** Writes the bytes. */
  write(data: Uint8Array): Promise<void>;
  /** Commits the file. */
  close(): Promise<void>;
}

/** The subset of a `FileSystemFileHandle` that a tablebase uses. */
export interface TablebaseFileHandle {
  /** The file's bytes as a `Blob` (its size; `slice().arrayBuffer()` reads a range). */
  getFile(): Promise<Blob>;
  /** A writer (the origin private file system's cache writes chunks). */
  createWritable?(): Promise<TablebaseWritable>;
}

const TABLE_FILE = /\.rtb[wz]$/i;

/** Whether a name is a table file's (`.rtbw`, `.rtbz`). */
export function isTableFile(name: string): boolean {
  return TABLE_FILE.test(name);
}

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

// ---- Node: a folder -------------------------------------------------------------------------

interface NodeFs {
  readdir(dir: string): Promise<string[]>;
  stat(file: string): Promise<{ size: number; isFile(): boolean }>;
  open(
    file: string,
    flags: string,
  ): Promise<{
    read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
    close(): Promise<void>;
  }>;
}

async function nodeFs(): Promise<NodeFs> {
  // A specifier computed at run time keeps bundlers from bundling Node's fs for browsers.
  const release = (globalThis as { process?: { release?: { name?: string } } }).process?.release;
  const specifier = [release?.name ?? 'node', 'fs/promises'].join(':');
  return (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as NodeFs;
}

/** A folder of table files in Node. */
export async function folderReader(dir: string): Promise<TablebaseReader> {
  const fs = await nodeFs();
  const join = (name: string): string => (dir.endsWith('/') || dir.endsWith('\\') ? dir + name : `${dir}/${name}`);
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch (e) {
    throw new TablebaseError('invalid-source', `tablebase: cannot list the folder ${dir} (${String(e)})`);
  }
  const handles = new Map<string, ReturnType<NodeFs['open']>>();
  return {
    names: () => entries.filter(isTableFile),
    size: async (name) => (await fs.stat(join(name))).size,
    async read(name, offset, length) {
      let handle = handles.get(name);
      if (!handle) {
        handle = fs.open(join(name), 'r');
        handles.set(name, handle);
        handle.catch(() => handles.delete(name));
      }
      const buffer = new Uint8Array(length);
      const { bytesRead } = await (await handle).read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    },
    async close() {
      const open = [...handles.values()];
      handles.clear();
      await Promise.all(open.map((h) => h.then((f) => f.close()).catch(() => undefined)));
    },
  };
}

// ---- a directory handle ------------------------------------------------------------------------

/** A `FileSystemDirectoryHandle` (a folder the user picked; the origin private file system's). */
export function directoryReader(dir: TablebaseDirectory): TablebaseReader {
  const files = new Map<string, Promise<Blob>>();
  const file = (name: string): Promise<Blob> => {
    let f = files.get(name);
    if (!f) {
      f = dir.getFileHandle(name).then((h) => h.getFile());
      files.set(name, f);
      f.catch(() => files.delete(name));
    }
    return f;
  };
  return {
    async names() {
      const names: string[] = [];
      for await (const entry of dir.values())
        if (entry.kind === 'file' && isTableFile(entry.name)) names.push(entry.name);
      return names;
    },
    size: async (name) => (await file(name)).size,
    read: async (name, offset, length) => (await file(name)).slice(offset, offset + length).arrayBuffer(),
  };
}

/** Whether a value looks like a directory handle. */
export function isDirectory(value: unknown): value is TablebaseDirectory {
  const d = value as Partial<TablebaseDirectory> | null;
  return typeof d === 'object' && d !== null && typeof d.getFileHandle === 'function' && typeof d.values === 'function';
}

// ---- a base URL ---------------------------------------------------------------------------------

/** The origin private file system's root, where the host has one. */
async function privateRoot(): Promise<TablebaseDirectory | null> {
  const storage = (globalThis as { navigator?: { storage?: { getDirectory?: () => Promise<unknown> } } }).navigator
    ?.storage;
  if (typeof storage?.getDirectory !== 'function') return null;
  try {
    const root = await storage.getDirectory();
    return isDirectory(root) ? root : null;
  } catch {
    return null; // e.g. a private window without storage
  }
}

async function readBlob(dir: TablebaseDirectory, name: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await (await (await dir.getFileHandle(name)).getFile()).arrayBuffer());
  } catch {
    return null;
  }
}

async function writeBlob(dir: TablebaseDirectory, name: string, bytes: Uint8Array): Promise<void> {
  try {
    const handle = await dir.getFileHandle(name, { create: true });
    const w = await handle.createWritable?.();
    if (!w) return;
    await w.write(bytes);
    await w.close();
  } catch {
    // A full or refused store only costs the next visit a download.
  }
}

/**
 * Files under a base URL, read with HTTP Range requests. `cache`: where the bytes are kept (one
 * file per chunk read, and the files' sizes), so that a second visit reads nothing from the
 * network; by default the origin private file system's folder `chesswasm-tablebase`, where the
 * host has one.
 */
export async function urlReader(
  base: URL,
  names: readonly string[],
  cache: TablebaseDirectory | null | undefined,
): Promise<TablebaseReader> {
  const href = base.href.endsWith('/') ? base.href : `${base.href}/`;
  const url = (name: string): string => new URL(encodeURIComponent(name), href).href;
  let store: TablebaseDirectory | null = null;
  try {
    const root = cache === undefined ? await privateRoot() : cache;
    if (root)
      store = await (
        await root.getDirectoryHandle('chesswasm-tablebase', { create: true })
      ).getDirectoryHandle(encodeURIComponent(href), { create: true });
  } catch {
    store = null;
  }
  // The sizes: the ones kept from an earlier visit (a table file never changes), the others from
  // the server (a HEAD request each), then kept with them.
  const kept = store ? await readBlob(store, 'sizes.json') : null;
  let keptSizes: Record<string, unknown> = {};
  try {
    if (kept) keptSizes = JSON.parse(new TextDecoder().decode(kept)) as Record<string, unknown>;
  } catch {
    keptSizes = {};
  }
  const sizes = new Map<string, number>();
  let fetched = false;
  await Promise.all(
    names.map(async (name) => {
      const k = Object.hasOwn(keptSizes, name) ? keptSizes[name] : undefined;
      if (typeof k === 'number' && Number.isInteger(k) && k >= 0) {
        sizes.set(name, k);
        return;
      }
      try {
        const r = await fetch(url(name), { method: 'HEAD' });
        const n = Number(r.headers.get('content-length'));
        if (r.ok && Number.isInteger(n) && n >= 0) {
          sizes.set(name, n);
          fetched = true;
        }
      } catch {
        // offline or refused: a table without a size is missing (a probe that needs it says so)
      }
    }),
  );
  if (store && fetched) {
    const all = { ...keptSizes, ...Object.fromEntries(sizes) };
    await writeBlob(store, 'sizes.json', new TextEncoder().encode(JSON.stringify(all)));
  }
  return {
    names: () => [...sizes.keys()],
    size(name) {
      const n = sizes.get(name);
      if (n === undefined) throw new Error(`${url(name)}: no size (not on the server, nor kept)`);
      return n;
    },
    async read(name, offset, length) {
      const chunkName = `${name}@${offset}`;
      const cached = store ? await readBlob(store, chunkName) : null;
      if (cached && cached.length === length) return cached;
      const r = await fetch(url(name), { headers: { Range: `bytes=${offset}-${offset + length - 1}` } });
      if (r.status !== 206 && r.status !== 200) throw new Error(`HTTP ${r.status} for ${url(name)}`);
      let bytes = new Uint8Array(await r.arrayBuffer());
      if (r.status === 200) bytes = bytes.subarray(offset, offset + length); // the Range was ignored
      if (store && bytes.length === length) await writeBlob(store, chunkName, bytes);
      return bytes;
    },
  };
}

/** Whether a string source names a URL (any string outside Node; http(s) URLs in Node). */
export function isUrlText(source: string): boolean {
  return !isNode() || /^https?:/i.test(source);
}

/** The folder a `file:` URL names, in Node; null for any other URL. */
export function folderOfUrl(url: URL): string | null {
  return isNode() && url.protocol === 'file:' ? decodeURIComponent(url.pathname) : null;
}
