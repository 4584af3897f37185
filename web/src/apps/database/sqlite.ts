/**
 * The part of SQLite's official wasm build (`@sqlite.org/sqlite-wasm`) the database uses: its
 * `oo1` API (connections, statements) and the pieces of its C API a VFS is written with. The
 * module is loaded on first {@link loadSqlite} (not when `chesswasm/database` is imported).
 * Internal.
 * @module
 */
/** A value SQLite hands back or is given. */
export type SqlValue = string | number | bigint | null | Uint8Array;

/** A prepared statement of `oo1` (the methods the database calls). */
export interface Statement {
  readonly pointer: number;
  bind(values: readonly SqlValue[]): Statement;
  step(): boolean;
  get(index: number): SqlValue;
  getInt(index: number): number | bigint | null;
  getBlob(index: number): Uint8Array | null;
  reset(): Statement;
  stepReset(): Statement;
  finalize(): void;
}

/** A connection of `oo1`. */
export interface Connection {
  readonly pointer: number;
  exec(sql: string): void;
  exec(options: { sql: string; bind?: readonly SqlValue[]; rowMode: 'array'; returnValue: 'resultRows' }): SqlValue[][];
  prepare(sql: string): Statement;
  selectValue(sql: string, bind?: readonly SqlValue[]): SqlValue | undefined;
  changes(): number;
  close(): void;
}

/** A struct of the C API bound to JS (a VFS, its I/O methods, a file). */
export interface Struct {
  readonly pointer: number;
  dispose(): void;
  [field: `$${string}`]: unknown;
}

/** What the database reaches of the loaded module. */
export interface Sqlite3 {
  oo1: {
    DB: new (filename: string, flags: string, vfs?: string) => Connection;
    OpfsSAHPoolDb?: new (filename: string) => Connection;
  };
  capi: Record<string, number> & {
    sqlite3_vfs: StructType;
    sqlite3_io_methods: StructType;
    sqlite3_file: StructType;
    sqlite3_vfs_find(name: string | null): number;
    sqlite3_busy_timeout(db: number, ms: number): number;
    sqlite3_last_insert_rowid(db: number): number | bigint;
    sqlite3_errstr(rc: number): string;
    sqlite3_bind_text(stmt: number, index: number, text: number, bytes: number, destructor: number): number;
  };
  wasm: {
    heap8u(): Uint8Array;
    alloc(bytes: number): number;
    poke32(ptr: number, value: number): void;
    poke64(ptr: number, value: bigint): void;
    poke(ptr: number, value: number, type: string): void;
    peek8(ptr: number): number;
    cstrToJs(ptr: number): string;
    cstrncpy(dest: number, src: number, n: number): number;
    allocCString(s: string): number;
    scopedAllocPush(): unknown;
    scopedAllocPop(scope: unknown): void;
    scopedAllocCString(s: string): number;
  };
  vfs: { installVfs(options: Record<string, unknown>): void };
  installOpfsSAHPoolVfs?: (options: { name?: string }) => Promise<{
    OpfsSAHPoolDb: new (name: string) => Connection;
    /** Removes a file of the pool (false when it has none of that name). */
    unlink(name: string): boolean;
  }>;
}

/** A struct type: `new T()` allocates one, `new T(pointer)` wraps one SQLite gave. */
export interface StructType {
  new (pointer?: number): Struct;
  readonly structInfo: { sizeof: number };
}

/** The error `oo1` throws: `resultCode` is SQLite's (extended) result code. */
export interface SqliteError extends Error {
  resultCode?: number;
}

let loading: Promise<Sqlite3> | null = null;
let loaded: Sqlite3 | null = null;

// The last storage error the OPFS VFS reported. It hands SQLite only SQLITE_IOERR for any
// failed call, a full quota too, and reports the error itself (the browser's
// QuotaExceededError, or its own for a short write) through the module's error logger: kept
// here, it tells a full quota from other I/O errors ({@link takeStorageError}).
let storageError: unknown = null;

/** The last storage error the VFS reported since the last call (then forgotten), or `null`. */
export function takeStorageError(): unknown {
  const e = storageError;
  storageError = null;
  return e;
}

const quiet = (): void => undefined;

/** The SQLite module, loaded once (its `.wasm` located by the package itself). */
export function loadSqlite(): Promise<Sqlite3> {
  // Imported when first needed (and so from the CommonJS build too: the package is an ES module).
  loading ??= import('@sqlite.org/sqlite-wasm').then(({ default: init }) => {
    // The module's documented configuration, read (and deleted) by its bootstrap: its log
    // lines stay out of the app's console (every failure reaches the caller as a
    // DatabaseError), and the errors it logs are kept for takeStorageError.
    (globalThis as { sqlite3ApiConfig?: unknown }).sqlite3ApiConfig = {
      debug: quiet,
      log: quiet,
      warn: quiet,
      error: (...args: unknown[]) => {
        for (const a of args)
          if (a instanceof Error || (a as { name?: unknown } | null)?.name !== undefined) storageError = a;
      },
    };
    return (init as unknown as (options: { print: () => void; printErr: () => void }) => Promise<Sqlite3>)({
      print: quiet,
      printErr: quiet,
    }).then((sqlite3) => (loaded = sqlite3));
  });
  return loading;
}

/** The rowid of the connection's last INSERT (a C call: no statement prepared). */
export function lastInsertId(db: Connection): number {
  return Number(loaded!.capi.sqlite3_last_insert_rowid(db.pointer));
}

/**
 * Binds UTF-8 bytes as text to parameter `index` (1-based) of a statement: the text stored
 * as it came, without a JavaScript string made of it and encoded again.
 */
export function bindUtf8(stmt: Statement, index: number, text: Uint8Array): void {
  // Copied into memory of SQLite's allocator, which SQLite frees when done with it.
  const { capi, wasm } = loaded!;
  const p = wasm.alloc(text.length || 1);
  wasm.heap8u().set(text, p);
  const rc = capi.sqlite3_bind_text(stmt.pointer, index, p, text.length, capi.SQLITE_WASM_DEALLOC!);
  if (rc !== 0) throw Object.assign(new Error(loaded!.capi.sqlite3_errstr(rc)), { resultCode: rc });
}

/**
 * Rolls back the open transaction; nothing when SQLite already did (it rolls back by itself
 * on some errors, a full disk among them), so that the error that caused it is the one thrown.
 */
export function rollback(db: Connection): void {
  try {
    db.exec('ROLLBACK');
  } catch {
    // no transaction was open any more
  }
}
