/**
 * A SQLite VFS over Node's synchronous positional file calls, so that a database in Node is a
 * file: `fs.readSync`/`fs.writeSync` at an offset straight into and out of the wasm heap,
 * `fs.fsyncSync` for SQLite's syncs, and a rollback journal beside the file as SQLite writes it
 * (every transaction atomic and durable; a hot journal left by a killed process is rolled back
 * by the next connection). SQLite's Node build has in-memory databases only.
 *
 * Locking: Node has no advisory file locks, so a lock file (`PATH-lock`, created with
 * `O_EXCL`, holding the owner's process id) is one mutex for every lock level above none: a
 * connection holds it from its first read of a transaction to its end, readers included. A
 * second connection (this process or another) meanwhile gets `SQLITE_BUSY` and waits in
 * SQLite's busy handler (`xSleep` blocks the thread). A lock file whose process is gone (a
 * killed import) is stale and taken over, under a second mutex so that two processes finding
 * it stale at once do not both take it ({@link lockFiles}). Internal.
 * @module
 */
import { DatabaseError } from './errors.js';
import type { Sqlite3, Struct } from './sqlite.js';

interface NodeFs {
  openSync(path: string, flags: number | string, mode?: number): number;
  closeSync(fd: number): void;
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  writeFileSync(file: string | number, text: string): void;
  linkSync(existing: string, path: string): void;
  readFileSync(path: string, encoding: 'utf8'): string;
  fsyncSync(fd: number): void;
  fstatSync(fd: number): { size: number };
  ftruncateSync(fd: number, length: number): void;
  unlinkSync(path: string): void;
  existsSync(path: string): boolean;
  accessSync(path: string, mode: number): void;
  constants: Record<string, number>;
}

interface NodeModules {
  fs: NodeFs;
  resolve: (p: string) => string;
  tmpdir: () => string;
  pid: number;
}

interface OpenFile {
  fd: number;
  path: string;
  flags: number;
  /** The SQLite lock level held (0: none). */
  lock: number;
  /** The lock file of a main database (null for journals and temporary files). */
  lockPath: string | null;
}

/** The name the VFS is registered under. */
export const NODE_VFS = 'chesswasm-node';

let modules: NodeModules | null = null;

/** Node's fs, path and os modules, imported by a computed name (bundlers leave it alone). */
async function nodeModules(): Promise<NodeModules> {
  if (modules) return modules;
  const proc = (globalThis as { process?: { release?: { name?: string }; pid?: number } }).process;
  const prefix = proc?.release?.name ?? 'node';
  const load = (name: string): Promise<unknown> =>
    import(/* @vite-ignore */ /* webpackIgnore: true */ [prefix, name].join(':'));
  const [fs, path, os] = (await Promise.all([load('fs'), load('path'), load('os')])) as [
    NodeFs,
    { resolve(p: string): string },
    { tmpdir(): string },
  ];
  modules = { fs, resolve: (p) => path.resolve(p), tmpdir: () => os.tmpdir(), pid: proc?.pid ?? 0 };
  return modules;
}

/** Whether this is Node (the VFS can be installed). */
export function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string';
}

// Whether the process `pid` is running (a signal 0 probe; EPERM: it runs under another user).
function alive(pid: number): boolean {
  const proc = (globalThis as { process?: { kill(pid: number, signal: number): void } }).process;
  try {
    proc?.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
}

// SQLite's result code for a failed file call (a full disk, a quota or the process's file
// size limit: SQLITE_FULL; else an I/O error of `fallback`).
function ioCode(sqlite3: Sqlite3, e: unknown, fallback: number): number {
  const code = (e as { code?: string }).code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG') return sqlite3.capi.SQLITE_FULL!;
  return fallback;
}

/** A lock file's operations (internal; exported for the tests that interleave two owners). */
export interface LockFiles {
  /** Takes the lock `path` when free or stale (its process gone); false while another holds it. */
  take(path: string): boolean;
  /** Whether another connection holds `path` (a live process's lock, or this process's). */
  heldElsewhere(path: string): boolean;
  /** Releases `path`. */
  release(path: string): void;
}

/**
 * Lock files over `fs` for the process `pid`, whose liveness `isAlive` tells. A lock appears
 * with its owner's pid already in it (written to a file of our own, then linked to the lock's
 * name, which fails if the name exists): a lock created and not yet written would read as no
 * owner, and be taken over as stale by a second process while the first holds it.
 */
export function lockFiles(
  fs: Pick<NodeFs, 'writeFileSync' | 'linkSync' | 'readFileSync' | 'unlinkSync'>,
  pid: number,
  isAlive: (pid: number) => boolean = alive,
): LockFiles {
  let tries = 0;
  // Links a file holding this process's id to `name`: false if `name` exists.
  const link = (name: string): boolean => {
    const mine = `${name}.${pid}.${++tries}`;
    fs.writeFileSync(mine, String(pid));
    try {
      fs.linkSync(mine, name);
      return true;
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST') throw e;
      return false;
    } finally {
      remove(mine);
    }
  };
  const remove = (name: string): void => {
    try {
      fs.unlinkSync(name);
    } catch {
      // (gone already)
    }
  };
  // The owner's process id in a lock file: null when there is no such file, 0 when the owner is
  // gone (or the file holds no process id: never so for a lock made by link()).
  const ownerOf = (name: string): number | null => {
    let owner: number;
    try {
      owner = Number(fs.readFileSync(name, 'utf8'));
    } catch {
      return null;
    }
    return Number.isInteger(owner) && owner > 0 && (owner === pid || isAlive(owner)) ? owner : 0;
  };
  return {
    take(path) {
      for (let attempt = 0; attempt < 2; attempt++) {
        if (link(path)) return true;
        const owner = ownerOf(path);
        if (owner === null) continue; // released meanwhile: try again
        if (owner !== 0) return false;
        // Stale. Removing it is the one step two processes must not both take: the second would
        // remove the lock the first has just made, and both would write. So a stale lock is
        // removed and remade only under a second mutex made the same way (PATH-takeover, held
        // for these few calls), after checking again that its process is gone. That mutex is
        // itself stale only when a process died in those few calls; it is then removed and the
        // lock left for the next attempt (the same race as above, for that much rarer case).
        const takeover = `${path}-takeover`;
        if (!link(takeover)) {
          if (ownerOf(takeover) === 0) remove(takeover);
          return false;
        }
        try {
          if (ownerOf(path) !== 0) continue; // taken over by another process, or released
          remove(path);
          if (link(path)) return true;
        } finally {
          remove(takeover);
        }
      }
      return false;
    },
    heldElsewhere(path) {
      const owner = ownerOf(path);
      return owner !== null && owner > 0;
    },
    release: remove,
  };
}

/** The absolute path of a store's file, as the VFS opens it. */
export async function storePath(path: string): Promise<string> {
  return (await nodeModules()).resolve(path);
}

/**
 * Deletes the store at `path`: its file and rollback journal, under its lock (so never inside
 * another connection's transaction), the lock removed with them. Resolves to whether there was a
 * file; rejects with `'locked'` while another connection holds the lock, `'io'` when a file cannot
 * be removed.
 */
export async function deleteStore(path: string): Promise<boolean> {
  const { fs, resolve, pid } = await nodeModules();
  const full = resolve(path);
  const lock = `${full}-lock`;
  const locks = lockFiles(fs, pid);
  if (!locks.take(lock)) throw new DatabaseError('locked', `${full} is being written by another connection`);
  try {
    const existed = fs.existsSync(full);
    for (const file of [full, `${full}-journal`])
      try {
        fs.unlinkSync(file);
      } catch (e) {
        if ((e as { code?: string }).code !== 'ENOENT')
          throw new DatabaseError('io', `cannot delete ${file}: ${String(e)}`);
      }
    return existed;
  } finally {
    locks.release(lock);
  }
}

let installed: Promise<void> | null = null;

/** Registers the VFS (once per module instance); it is not made the default VFS. */
export function installNodeVfs(sqlite3: Sqlite3): Promise<void> {
  installed ??= install(sqlite3);
  return installed;
}

async function install(sqlite3: Sqlite3): Promise<void> {
  const { fs, resolve, tmpdir, pid } = await nodeModules();
  const { capi, wasm } = sqlite3;
  const C = capi as Record<string, number>;
  const files = new Map<number, OpenFile>();
  const heap = (ptr: number, n: number): Uint8Array => wasm.heap8u().subarray(ptr, ptr + n);
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  let lastError: unknown = null;
  const fail = (e: unknown, code: number): number => {
    lastError = e;
    return code;
  };

  const locks = lockFiles(fs, pid);
  const takeLock = (file: OpenFile): boolean => locks.take(file.lockPath!);
  const lockHeldElsewhere = (file: OpenFile): boolean =>
    file.lockPath !== null && file.lock === 0 && locks.heldElsewhere(file.lockPath);
  const releaseLock = (file: OpenFile): void => locks.release(file.lockPath!);

  const io = new capi.sqlite3_io_methods();
  io.$iVersion = 1;
  const ioMethods = {
    xCheckReservedLock(pFile: number, pOut: number): number {
      wasm.poke32(pOut, lockHeldElsewhere(files.get(pFile)!) ? 1 : 0);
      return 0;
    },
    xClose(pFile: number): number {
      const file = files.get(pFile);
      if (!file) return 0;
      files.delete(pFile);
      try {
        if (file.lock > 0 && file.lockPath !== null) releaseLock(file);
        fs.closeSync(file.fd);
        if (file.flags & C.SQLITE_OPEN_DELETEONCLOSE!) fs.unlinkSync(file.path);
        return 0;
      } catch (e) {
        return fail(e, C.SQLITE_IOERR_CLOSE!);
      }
    },
    xDeviceCharacteristics(): number {
      return 0;
    },
    xFileControl(): number {
      return C.SQLITE_NOTFOUND!;
    },
    xFileSize(pFile: number, pSize: number): number {
      try {
        wasm.poke64(pSize, BigInt(fs.fstatSync(files.get(pFile)!.fd).size));
        return 0;
      } catch (e) {
        return fail(e, C.SQLITE_IOERR_FSTAT!);
      }
    },
    xLock(pFile: number, level: number): number {
      const file = files.get(pFile)!;
      if (file.lockPath === null || file.lock >= level) {
        file.lock = Math.max(file.lock, level);
        return 0;
      }
      try {
        if (file.lock === 0 && !takeLock(file)) return C.SQLITE_BUSY!;
      } catch (e) {
        return fail(e, C.SQLITE_IOERR_LOCK!);
      }
      file.lock = level;
      return 0;
    },
    xRead(pFile: number, pDest: number, n: number, offset: bigint | number): number {
      const file = files.get(pFile)!;
      try {
        let done = 0;
        for (;;) {
          const r = fs.readSync(file.fd, heap(pDest + done, n - done), 0, n - done, Number(offset) + done);
          done += r;
          if (r === 0 || done === n) break;
        }
        if (done < n) {
          wasm.heap8u().fill(0, pDest + done, pDest + n);
          return C.SQLITE_IOERR_SHORT_READ!;
        }
        return 0;
      } catch (e) {
        return fail(e, C.SQLITE_IOERR_READ!);
      }
    },
    xSectorSize(): number {
      return 4096;
    },
    xSync(pFile: number): number {
      try {
        fs.fsyncSync(files.get(pFile)!.fd);
        return 0;
      } catch (e) {
        return fail(e, ioCode(sqlite3, e, C.SQLITE_IOERR_FSYNC!));
      }
    },
    xTruncate(pFile: number, size: bigint | number): number {
      try {
        fs.ftruncateSync(files.get(pFile)!.fd, Number(size));
        return 0;
      } catch (e) {
        return fail(e, C.SQLITE_IOERR_TRUNCATE!);
      }
    },
    xUnlock(pFile: number, level: number): number {
      const file = files.get(pFile)!;
      if (file.lockPath !== null && file.lock > 0 && level === 0) releaseLock(file);
      file.lock = Math.min(file.lock, level);
      return 0;
    },
    xWrite(pFile: number, pSrc: number, n: number, offset: bigint | number): number {
      const file = files.get(pFile)!;
      try {
        let done = 0;
        while (done < n) done += fs.writeSync(file.fd, heap(pSrc + done, n - done), 0, n - done, Number(offset) + done);
        return 0;
      } catch (e) {
        return fail(e, ioCode(sqlite3, e, C.SQLITE_IOERR_WRITE!));
      }
    },
  };
  sqlite3.vfs.installVfs({ io: { struct: io, methods: ioMethods } });

  const vfs = new capi.sqlite3_vfs();
  const defaultVfs = capi.sqlite3_vfs_find(null);
  vfs.$iVersion = 2;
  vfs.$szOsFile = capi.sqlite3_file.structInfo.sizeof;
  vfs.$mxPathname = 1024;
  if (defaultVfs) {
    const d = new capi.sqlite3_vfs(defaultVfs);
    vfs.$xRandomness = d.$xRandomness;
    d.dispose();
  }
  let temp = 0;
  const vfsMethods: Record<string, (...args: never[]) => number> = {
    xAccess(_pVfs: number, zName: number, _flags: number, pOut: number): number {
      wasm.poke32(pOut, fs.existsSync(wasm.cstrToJs(zName)) ? 1 : 0);
      return 0;
    },
    xCurrentTime(_pVfs: number, pOut: number): number {
      wasm.poke(pOut, 2440587.5 + Date.now() / 864e5, 'double');
      return 0;
    },
    xCurrentTimeInt64(_pVfs: number, pOut: number): number {
      wasm.poke64(pOut, BigInt(0xbfc83e532200 + Date.now()));
      return 0;
    },
    xDelete(_pVfs: number, zName: number): number {
      try {
        fs.unlinkSync(wasm.cstrToJs(zName));
        return 0;
      } catch (e) {
        return fail(
          e,
          (e as { code?: string }).code === 'ENOENT' ? C.SQLITE_IOERR_DELETE_NOENT! : C.SQLITE_IOERR_DELETE!,
        );
      }
    },
    xFullPathname(_pVfs: number, zName: number, nOut: number, pOut: number): number {
      const full = resolve(wasm.cstrToJs(zName));
      const scope = wasm.scopedAllocPush();
      try {
        return wasm.cstrncpy(pOut, wasm.scopedAllocCString(full), nOut) < nOut ? 0 : C.SQLITE_CANTOPEN!;
      } finally {
        wasm.scopedAllocPop(scope);
      }
    },
    xGetLastError(_pVfs: number, nOut: number, pOut: number): number {
      const e = lastError;
      lastError = null;
      if (e === null || nOut <= 0) return 0;
      const scope = wasm.scopedAllocPush();
      try {
        wasm.cstrncpy(pOut, wasm.scopedAllocCString(String((e as Error).message ?? e)), nOut);
        wasm.heap8u()[pOut + nOut - 1] = 0;
      } finally {
        wasm.scopedAllocPop(scope);
      }
      return 0;
    },
    xOpen(_pVfs: number, zName: number, pFile: number, flags: number, pOutFlags: number): number {
      const named = zName !== 0 && wasm.peek8(zName) !== 0;
      const path = named ? wasm.cstrToJs(zName) : `${tmpdir()}/chesswasm-sqlite-${pid}-${++temp}-${Date.now()}`;
      const K = fs.constants;
      let mode = flags & C.SQLITE_OPEN_READONLY! ? K.O_RDONLY! : K.O_RDWR!;
      if (flags & C.SQLITE_OPEN_CREATE!) mode |= K.O_CREAT!;
      if (flags & C.SQLITE_OPEN_EXCLUSIVE!) mode |= K.O_EXCL!;
      let fd: number;
      try {
        fd = fs.openSync(path, mode, 0o644);
      } catch (e) {
        return fail(e, (e as { code?: string }).code === 'EISDIR' ? C.SQLITE_CANTOPEN_ISDIR! : C.SQLITE_CANTOPEN!);
      }
      const main = (flags & C.SQLITE_OPEN_MAIN_DB!) !== 0;
      files.set(pFile, {
        fd,
        path,
        flags: named ? flags : flags | C.SQLITE_OPEN_DELETEONCLOSE!,
        lock: 0,
        lockPath: main ? `${path}-lock` : null,
      });
      const file: Struct = new capi.sqlite3_file(pFile);
      file.$pMethods = io.pointer;
      file.dispose();
      if (pOutFlags) wasm.poke32(pOutFlags, flags);
      return 0;
    },
    xSleep(_pVfs: number, microseconds: number): number {
      Atomics.wait(sleeper, 0, 0, Math.max(1, microseconds / 1000));
      return microseconds;
    },
  };
  if (!vfs.$xRandomness) {
    vfsMethods.xRandomness = (_pVfs: number, nOut: number, pOut: number): number => {
      const bytes = wasm.heap8u();
      for (let i = 0; i < nOut; i++) bytes[pOut + i] = (Math.random() * 256) & 255;
      return nOut;
    };
  }
  sqlite3.vfs.installVfs({ vfs: { struct: vfs, methods: vfsMethods, name: NODE_VFS } });
}
