/**
 * `Tablebase`: Syzygy endgame tables (`.rtbw` WDL, `.rtbz` DTZ) probed by the core's prober
 * (cpp/core/tablebase.h) in the tablebase module, with the files' bytes read asynchronously from
 * a folder, a URL, a directory handle or a reader of the caller's.
 * @module
 */
import { type PieceType as PieceLetter, isCapture, isEnPassant, movePromotion, moveTo } from '../../core/move.js';
import { Position, type Variant, fenError, variantCode } from '../../core/position.js';
import type { Tablebase as NativeTablebase, TablebaseGlue } from './chesswasm-tablebase.mjs';
import { TablebaseError, type TablebaseErrorCode } from './errors.js';
import { readText, tablebaseModule, writeText } from './native.js';
import {
  type TablebaseDirectory,
  type TablebaseReader,
  directoryReader,
  folderOfUrl,
  folderReader,
  isDirectory,
  isTableFile,
  isUrlText,
  urlReader,
} from './sources.js';
import {
  TB_CHECKMATE,
  TB_STALEMATE,
  TB_STATUS_BITS,
  TB_VERDICT_WORDS,
  TB_ZEROING,
  TbStatus,
} from './tablebase-boundary.js';

/**
 * What {@link Tablebase.open} reads: a folder path (Node), a base URL (a string outside Node, an
 * `http(s):` string or a `URL` anywhere; `file:` URLs are folders in Node), a
 * `FileSystemDirectoryHandle`, or a {@link TablebaseReader}.
 */
export type TablebaseSource = string | URL | TablebaseDirectory | TablebaseReader;

/** Options of {@link Tablebase.open}. */
export interface TablebaseOptions {
  /**
   * The file names to use (`['KQvK.rtbw', 'KQvK.rtbz', ...]`): needed for a URL (HTTP lists no
   * folder) and for a reader without `names()`; elsewhere they restrict the files used.
   */
  names?: readonly string[];
  /** The unit of reading and caching in bytes (a power of two from 64; 4096 by default). */
  chunkSize?: number;
  /**
   * For a URL: where the bytes read are kept for the next visit. By default the origin private
   * file system (`navigator.storage.getDirectory()`, folder `chesswasm-tablebase`) where the host
   * has one; `false` keeps nothing; a directory handle keeps them there.
   */
  cache?: TablebaseDirectory | false;
}

/** WDL for the side to move: -2 loss, -1 blessed loss (saved by the 50-move rule), 0 draw, 1 cursed win, 2 win. */
export type Wdl = -2 | -1 | 0 | 1 | 2;

/** A move's outcome for the side to move after it, as lichess's tablebase API names it. */
export type TablebaseCategory = 'win' | 'cursed-win' | 'draw' | 'blessed-loss' | 'loss';

/** A legal move and its verdict, in the shape of a move of lichess's tablebase API. */
export interface TablebaseMove {
  /** The move's UCI (`e1g1` castling in standard chess; none here: the tables hold no castling). */
  readonly uci: string;
  /** Its SAN. */
  readonly san: string;
  /**
   * The position after the move for the side to move there (the opponent), as lichess gives it:
   * `'loss'` is the mover's win. The 50-move rule counts with the position's halfmove clock: a win
   * whose zeroing move comes after the clock reaches 100 is cursed.
   */
  readonly category: TablebaseCategory;
  /** The DTZ of the position after the move (python-chess's conventions; 0 after mate or stalemate). */
  readonly dtz: number;
  /** Whether the move resets the halfmove clock (a capture or a pawn move). */
  readonly zeroing: boolean;
  /** Whether it mates. */
  readonly checkmate: boolean;
  /** Whether it stalemates. */
  readonly stalemate: boolean;
}

const CATEGORY_RANK: { readonly [c in TablebaseCategory]: number } = {
  loss: 0,
  'blessed-loss': 1,
  draw: 2,
  'cursed-win': 3,
  win: 4,
};
const ROLE_RANK: { readonly [p in PieceLetter]?: number } = { p: 1, n: 2, b: 3, r: 4, q: 5, k: 6 };
const CORE_CODES: readonly (TablebaseErrorCode | null)[] = TbStatus.map((name) =>
  name === 'OK' || name === 'PENDING' || name === 'BAD_NAME'
    ? null
    : (name.toLowerCase().replace(/_/g, '-') as TablebaseErrorCode),
);

/**
 * Syzygy tablebases: WDL and DTZ of positions of standard chess and Chess960 without castling
 * rights, up to as many pieces as the tables opened, and every legal move's verdict.
 *
 * The files are read as the probes need them: a probe reads only the chunks it decodes (the
 * header, an index entry, a block; {@link Tablebase.bytesRead}) and keeps them, so a probe of a
 * table probed before reads nothing. Probes may be started together: they run one at a time.
 *
 * @example
 * ```js
 * const tb = await Tablebase.open('/path/to/syzygy');            // Node; a base URL in a browser
 * await tb.probeWdl(Position.fromFen('8/8/8/8/8/8/2Q5/k1K5 w - - 0 1'));   // 2
 * (await tb.bestMoves('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'))[0].san;           // 'Kd2'
 * tb.close();
 * ```
 */
export class Tablebase {
  readonly #glue: TablebaseGlue;
  #native: NativeTablebase | null;
  readonly #reader: TablebaseReader;
  readonly #files: readonly string[];
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(glue: TablebaseGlue, native: NativeTablebase, reader: TablebaseReader, files: string[]) {
    this.#glue = glue;
    this.#native = native;
    this.#reader = reader;
    this.#files = files;
  }

  /**
   * Opens the tables of a source: lists its table files (or takes `options.names`) and their
   * sizes; reads no table byte yet.
   *
   * @param source - a folder, a base URL, a directory handle or a reader ({@link TablebaseSource}).
   * @param options - the names, the chunk size, the cache ({@link TablebaseOptions}).
   * @returns the tablebase.
   * @throws TablebaseError `'invalid-source'` (nothing to read, no table file), `'invalid-argument'`.
   */
  static async open(source: TablebaseSource, options: TablebaseOptions = {}): Promise<Tablebase> {
    const chunkSize = options.chunkSize ?? 4096;
    if (!Number.isInteger(chunkSize) || chunkSize < 64 || chunkSize > 1 << 24 || (chunkSize & (chunkSize - 1)) !== 0)
      throw new TablebaseError('invalid-argument', `tablebase: chunkSize must be a power of two from 64 to 2^24`);
    const names = options.names;
    if (names !== undefined && (!Array.isArray(names) || !names.every((n) => typeof n === 'string')))
      throw new TablebaseError('invalid-argument', 'tablebase: names must be an array of file names');
    const reader = await readerOf(source, options);
    try {
      let listed: readonly string[];
      if (names !== undefined) listed = names;
      else if (typeof reader.names === 'function') listed = await reader.names();
      else throw new TablebaseError('invalid-source', 'tablebase: a reader without names() needs options.names');
      const files = [...new Set(listed.filter(isTableFile))].sort();
      const glue = await tablebaseModule();
      const native = new glue.Tablebase(chunkSize);
      const registered: string[] = [];
      try {
        for (const name of files) {
          let size: number;
          try {
            size = await reader.size(name);
          } catch {
            continue; // listed but not there: a probe that needs it says which table is missing
          }
          const r = native.addFile(writeText(glue, name), size);
          if (r.status === 0) registered[r.value] = name;
          else if (TbStatus[r.status] === 'DAMAGED')
            throw new TablebaseError('damaged', `tablebase: ${name} has a size no table has (${size})`, { file: name });
          // BAD_NAME: a file named as no table of 3 to 7 pieces (e.g. lower-case letters): not used
        }
        if (registered.length === 0)
          throw new TablebaseError('invalid-source', 'tablebase: the source has no table file');
      } catch (e) {
        native.delete();
        throw e;
      }
      return new Tablebase(glue, native, reader, registered);
    } catch (e) {
      await reader.close?.();
      throw e;
    }
  }

  /** The largest number of pieces of a table opened (kings included; 0 with WDL files of none). */
  get maxPieces(): number {
    return this.#live().maxPieces();
  }

  /** The bytes read from the source so far (what the probes needed; each chunk once). */
  get bytesRead(): number {
    return this.#live().bytesRead();
  }

  /** The tables opened with their WDL file (`['KBNvK', 'KQvK', ...]`), sorted. */
  tables(): string[] {
    this.#live();
    return this.#files
      .filter((f) => /\.rtbw$/i.test(f))
      .map((f) => f.slice(0, -5))
      .sort();
  }

  /** The table files opened (`['KQvK.rtbw', 'KQvK.rtbz', ...]`). */
  files(): string[] {
    this.#live();
    return [...this.#files];
  }

  /**
   * The WDL of a position for the side to move (en passant and captures resolved).
   *
   * @param position - a {@link Position} (read when called: it may change while the probe runs) or a FEN.
   * @returns -2..2 ({@link Wdl}).
   * @throws TablebaseError (missing table, castling, too many pieces, damaged file, variant, read failure);
   * FenError for a bad FEN.
   */
  probeWdl(position: Position | string): Promise<Wdl> {
    return this.#probe(
      position,
      (n) => n.probeWdl(),
      (wdl) => wdl as Wdl,
    );
  }

  /**
   * The DTZ of a position for the side to move, in python-chess's conventions: 0 draw; 1..100 a
   * win, over 100 a cursed win (100 added); negated for losses; plies to the zeroing move, possibly
   * one more. The halfmove clock is not read.
   *
   * @param position - a {@link Position} or a FEN.
   * @returns the DTZ.
   * @throws as {@link Tablebase.probeWdl}; needs the DTZ table (and the WDL tables).
   */
  probeDtz(position: Position | string): Promise<number> {
    return this.#probe(
      position,
      (n) => n.probeDtz(),
      (dtz) => dtz,
    );
  }

  /**
   * Every legal move with its verdict, best first for the side to move, as lichess's tablebase
   * API gives and sorts them: by the category after the move (the opponent's loss first), mates
   * first, then stalemates; among wins the zeroing move first and the shortest DTZ; among losses
   * the longest, avoiding zeroing moves; then captures of the larger piece and promotions.
   *
   * @param position - a {@link Position} or a FEN.
   * @returns the moves ({@link TablebaseMove}); none when the position is mate or stalemate.
   * @throws as {@link Tablebase.probeDtz}: the DTZ tables of the positions after the moves are needed.
   */
  bestMoves(position: Position | string): Promise<TablebaseMove[]> {
    return this.#probe(
      position,
      (n) => n.probeMoves(),
      (count, board) => {
        // The moves are named on a Position of the main module (SAN, UCI): made for this call only.
        const pos = Position.fromFen(board.fen, { variant: board.variant, chess960: board.chess960 });
        try {
          return sortMoves(verdicts(this.#glue, count, pos, pos.halfmoves));
        } finally {
          pos.dispose();
        }
      },
    );
  }

  /** Frees the prober and its cache and closes the source's files; later calls throw `'closed'`. */
  close(): void {
    const n = this.#native;
    if (n === null) return;
    this.#native = null;
    // After the probes under way (each checks #native between reads).
    void this.#queue.then(() => {
      n.delete();
      return this.#reader.close?.();
    });
  }

  #live(): NativeTablebase {
    if (this.#native === null) throw new TablebaseError('closed', 'tablebase: closed');
    return this.#native;
  }

  // One probe: the position read now (its FEN and rules: what crosses into the tablebase module,
  // which parses it once per probe; no Position is made or copied), then probed after the probes
  // before it until no byte is pending. The answer comes packed: the value above TB_STATUS_BITS.
  #probe<T>(
    position: Position | string,
    call: (n: NativeTablebase) => number,
    done: (value: number, board: Board) => T,
  ): Promise<T> {
    let board: Board;
    try {
      this.#live();
      board = boardOf(position);
    } catch (e) {
      return Promise.reject(e as Error);
    }
    const run = this.#queue.then(async () => {
      const native = this.#live();
      const fenStatus = native.setPosition(
        writeText(this.#glue, board.fen),
        variantCode(board.variant),
        board.chess960,
      );
      if (fenStatus !== 0) throw fenError(fenStatus, board.fen);
      for (;;) {
        const r = call(this.#live());
        const status = r & STATUS_MASK;
        if (status === OK) return done(r >> TB_STATUS_BITS, board);
        if (status !== PENDING) throw this.#error(status);
        await this.#supply();
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  // Reads the chunk the last probe needs and hands it to the prober.
  async #supply(): Promise<void> {
    const range = this.#live().pending();
    const name = this.#files[range.file] ?? '';
    let bytes: Uint8Array;
    try {
      const got = await this.#reader.read(name, range.offset, range.length);
      bytes = got instanceof Uint8Array ? got : new Uint8Array(got);
    } catch (e) {
      throw new TablebaseError('read-failed', `tablebase: cannot read ${name} (${String(e)})`, { file: name });
    }
    const native = this.#live();
    if (bytes.length !== range.length)
      throw new TablebaseError(
        'damaged',
        `tablebase: ${name} is shorter than its size (${range.length} bytes expected at ${range.offset}, ${bytes.length} read)`,
        { file: name },
      );
    native.chunkBuffer().set(bytes);
    if (!native.supply(range.file, range.offset, range.length))
      throw new TablebaseError('damaged', `tablebase: ${name}: the chunk at ${range.offset} was refused`, {
        file: name,
      });
  }

  #error(status: number): TablebaseError {
    const native = this.#live();
    const code = CORE_CODES[status] ?? 'damaged';
    if (code === 'missing-table') {
      const table = readText(this.#glue, native.missingTable());
      return new TablebaseError(code, `tablebase: the table ${table} is needed and missing`, { table });
    }
    if (code === 'damaged') {
      const file = this.#files[native.damagedFile()] ?? '';
      return new TablebaseError(code, `tablebase: ${file} is damaged or truncated`, { file });
    }
    const why: { [c in TablebaseErrorCode]?: string } = {
      castling: 'the position has castling rights (the tables hold none)',
      'too-many-pieces': `the position has more pieces than the largest table (${native.maxPieces()})`,
      variant: 'the tables are of standard chess and Chess960 only',
    };
    return new TablebaseError(code, `tablebase: ${why[code] ?? code}`);
  }
}

const STATUS_MASK = (1 << TB_STATUS_BITS) - 1;
const OK = TbStatus.indexOf('OK');
const PENDING = TbStatus.indexOf('PENDING');

// What a probe reads of its position, taken when the probe is called (the caller's Position may
// change while the probe waits for bytes).
interface Board {
  readonly fen: string;
  readonly variant: Variant;
  readonly chess960: boolean;
}

function boardOf(position: Position | string): Board {
  if (typeof position === 'string') return { fen: position, variant: 'chess', chess960: false };
  if (position instanceof Position)
    return { fen: position.fen(), variant: position.variant, chess960: position.chess960 };
  throw new TablebaseError('invalid-argument', 'tablebase: a position must be a Position or a FEN');
}

async function readerOf(source: TablebaseSource, options: TablebaseOptions): Promise<TablebaseReader> {
  const cache = options.cache === false ? null : options.cache;
  if (typeof source === 'string') {
    if (!isUrlText(source)) return folderReader(source);
    return readerOf(new URL(source, (globalThis as { location?: { href?: string } }).location?.href), options);
  }
  if (source instanceof URL) {
    const folder = folderOfUrl(source);
    if (folder !== null) return folderReader(folder);
    if (!options.names)
      throw new TablebaseError('invalid-source', 'tablebase: a URL source needs options.names (HTTP lists no folder)');
    return urlReader(source, options.names.filter(isTableFile), cache);
  }
  if (isDirectory(source)) return directoryReader(source);
  const r = source as Partial<TablebaseReader> | null;
  if (typeof r === 'object' && r !== null && typeof r.size === 'function' && typeof r.read === 'function')
    return r as TablebaseReader;
  throw new TablebaseError(
    'invalid-source',
    'tablebase: the source must be a folder, a URL, a directory handle or a reader with size() and read()',
  );
}

interface Verdict extends TablebaseMove {
  readonly capture: number; // the captured piece's rank (ROLE_RANK), 0 for none
  readonly promotion: number;
}

function verdicts(glue: TablebaseGlue, count: number, pos: Position, halfmoves: number): Verdict[] {
  const words = glue.verdictBuffer();
  const out: Verdict[] = [];
  for (let i = 0; i < count; i++) {
    const at = i * TB_VERDICT_WORDS;
    const move = words[at]!;
    const wdl = words[at + 1]!;
    const dtz = words[at + 2]!;
    const flags = words[at + 3]!;
    const zeroing = (flags & TB_ZEROING) !== 0;
    const checkmate = (flags & TB_CHECKMATE) !== 0;
    const stalemate = (flags & TB_STALEMATE) !== 0;
    const captured = isEnPassant(move) ? 'p' : isCapture(move) ? pos.pieceAt(moveTo(move))?.type : undefined;
    const promoted = movePromotion(move);
    out.push({
      uci: pos.uci(move),
      san: pos.san(move),
      category: categoryOf(wdl, dtz, checkmate, zeroing ? 0 : halfmoves + 1, halfmoves),
      dtz,
      zeroing,
      checkmate,
      stalemate,
      capture: captured ? (ROLE_RANK[captured] ?? 0) : 0,
      promotion: promoted ? (ROLE_RANK[promoted] ?? 0) : 0,
    });
  }
  return out;
}

// The category of the position after a move, as lichess's API: from its WDL, with the halfmove
// clock before the move (past 100 a decisive result is cursed or blessed) and after it (a win whose
// DTZ runs past the 50-move limit is cursed).
function categoryOf(wdl: number, dtz: number, mate: boolean, after: number, before: number): TablebaseCategory {
  if (mate) return before < 100 ? 'loss' : 'blessed-loss';
  if (wdl === 0) return 'draw';
  const unconditional = Math.abs(wdl) === 2 && before < 100 && Math.abs(dtz) + after <= 100;
  if (wdl > 0) return unconditional ? 'win' : 'cursed-win';
  return unconditional ? 'loss' : 'blessed-loss';
}

// lichess's order (lila-tablebase): the category after the move (ascending: the opponent's loss
// first), mates, stalemates, then for the mover's wins and draws zeroing moves and captures first,
// for the mover's losses last; the DTZ after the move descending; larger captures and promotions.
function sortMoves(moves: Verdict[]): TablebaseMove[] {
  const key = (m: Verdict): number[] => {
    const opponentWins = m.dtz > 0;
    return [
      CATEGORY_RANK[m.category],
      m.checkmate ? 0 : 1,
      m.stalemate ? 0 : 1,
      Number(m.zeroing !== !opponentWins),
      Number(m.capture > 0 !== !opponentWins),
      -m.dtz,
      -m.capture,
      -m.promotion,
    ];
  };
  const keys = new Map(moves.map((m) => [m, key(m)]));
  const sorted = [...moves].sort((a, b) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  });
  return sorted.map(({ uci, san, category, dtz, zeroing, checkmate, stalemate }) => ({
    uci,
    san,
    category,
    dtz,
    zeroing,
    checkmate,
    stalemate,
  }));
}
