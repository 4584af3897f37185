/**
 * The filters of the game database and the game facts they test, packed as the position
 * index stores them: PGN dates (partial ones too), results and lichess's speed classes.
 * Internal (the types are re-exported by the entry).
 * @module
 */

/** lichess's speed classes, by the estimated duration of a game (`'correspondence'`: no clock). */
export type Speed = 'ultraBullet' | 'bullet' | 'blitz' | 'rapid' | 'classical' | 'correspondence';

/** A game's result as PGN writes it. */
export type Result = '1-0' | '0-1' | '1/2-1/2' | '*';

/** Which games a query looks at. Every field is optional; the fields combine with "and". */
export interface GameFilter {
  /** Games this player played (as White or Black; the name compared case-insensitively). */
  player?: string;
  /** With `player`: only the games the player had this colour in. */
  color?: 'w' | 'b';
  /**
   * The lowest rating: without `player`, both players' ratings must reach it; with `player`,
   * the opponent's. A game without the rating is left out.
   */
  minRating?: number;
  /** The highest rating, as {@link GameFilter.minRating}. */
  maxRating?: number;
  /** The first date (a PGN date, `'2024'`, `'2024.03'` or `'2024.03.17'`; `-` also separates). */
  since?: string;
  /** The last date, as {@link GameFilter.since}: `'2024.03'` includes all of March. */
  until?: string;
  /** Only games with this result (or one of these). */
  result?: Result | readonly Result[];
  /** Only games of this speed class (or one of these), from the `TimeControl` tag as lichess classes it. */
  timeControl?: Speed | readonly Speed[];
}

/** The speed codes the index stores (0: unknown), in {@link SPEEDS}' order from 1. */
export const SPEEDS: readonly Speed[] = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'];
/** The result codes the index stores. */
export const RESULTS: readonly Result[] = ['1-0', '1/2-1/2', '0-1', '*'];

/**
 * The speed class of a `TimeControl` tag, lichess's way: the estimated duration is the initial
 * time plus 40 times the increment (seconds); under 30 s ultraBullet, under 180 s bullet, under
 * 480 s blitz, under 1500 s rapid, else classical. `-` (no clock) and the PGN standard's
 * `moves/seconds` and `*N` forms are correspondence. 0 when the tag is absent or unreadable.
 */
export function speedOf(timeControl: string | undefined): number {
  if (timeControl === undefined) return 0;
  const tc = timeControl.trim();
  if (tc === '-' || /^\d+\/\d+/.test(tc) || /^\*\d+$/.test(tc)) return SPEEDS.indexOf('correspondence') + 1;
  const m = /^(\d+)(?:\+(\d+))?$/.exec(tc);
  if (!m) return 0;
  const estimate = Number(m[1]) + 40 * Number(m[2] ?? 0);
  const speed: Speed =
    estimate < 30
      ? 'ultraBullet'
      : estimate < 180
        ? 'bullet'
        : estimate < 480
          ? 'blitz'
          : estimate < 1500
            ? 'rapid'
            : 'classical';
  return SPEEDS.indexOf(speed) + 1;
}

/**
 * A PGN date packed as `year << 9 | month << 5 | day` (an unknown part is 0, so packed dates
 * sort as the dates do); 0 for no date. `end`: an unknown part counts as the last possible
 * (for the upper bound of a range).
 */
export function packDate(date: string | undefined, end = false): number {
  if (date === undefined) return 0;
  const m = /^(\d{4}|\?{4})(?:[.-](\d{1,2}|\?\?)(?:[.-](\d{1,2}|\?\?))?)?$/.exec(date.trim());
  if (!m) return 0;
  const part = (s: string | undefined, max: number, top: number): number => {
    const n = s === undefined || s.startsWith('?') ? NaN : Number(s);
    return Number.isInteger(n) && n >= 1 && n <= max ? n : end ? top : 0;
  };
  const year = m[1]!.startsWith('?') ? 0 : Number(m[1]);
  if (year === 0) return 0;
  return (Math.min(year, 4095) << 9) | (part(m[2], 12, 15) << 5) | part(m[3], 31, 31);
}

/** A packed date back as a PGN date (`'2024.03.??'`); null for 0. */
export function unpackDate(packed: number): string | null {
  if (packed === 0) return null;
  const year = packed >> 9;
  const month = (packed >> 5) & 15;
  const day = packed & 31;
  const two = (n: number): string => (n === 0 ? '??' : String(n).padStart(2, '0'));
  return `${String(year).padStart(4, '0')}.${two(month)}.${two(day)}`;
}

/** A filter checked and reduced to what the index entries are tested with. */
export interface CompiledFilter {
  minRating: number;
  maxRating: number;
  since: number;
  until: number;
  /** Bit i: result code i accepted. */
  results: number;
  /** Bit i: speed code i accepted. */
  speeds: number;
  player: string | null;
  color: 'w' | 'b' | null;
}

/** Whether a filter tests anything. */
export function filters(f: CompiledFilter): boolean {
  return (
    f.player !== null ||
    f.minRating > 0 ||
    f.maxRating < 65535 ||
    f.since > 0 ||
    f.until < 0x7fffffff ||
    f.results !== 15 ||
    f.speeds !== 127
  );
}

/** Checks a filter (`invalid(message)` throws the caller's error) and compiles it. */
export function compileFilter(filter: GameFilter | undefined, invalid: (message: string) => never): CompiledFilter {
  const f: CompiledFilter = {
    minRating: 0,
    maxRating: 65535,
    since: 0,
    until: 0x7fffffff,
    results: 15,
    speeds: 127,
    player: null,
    color: null,
  };
  if (filter === undefined || filter === null) return f;
  if (typeof filter !== 'object') invalid(`a filter is an object, not ${typeof filter}`);
  for (const key of Object.keys(filter))
    if (!['player', 'color', 'minRating', 'maxRating', 'since', 'until', 'result', 'timeControl'].includes(key))
      invalid(`unknown filter field '${key}'`);
  if (filter.player !== undefined) {
    if (typeof filter.player !== 'string' || filter.player === '') invalid('filter.player must be a non-empty string');
    f.player = filter.player;
  }
  if (filter.color !== undefined) {
    if (filter.color !== 'w' && filter.color !== 'b') invalid(`filter.color must be 'w' or 'b'`);
    if (f.player === null) invalid('filter.color needs filter.player');
    f.color = filter.color;
  }
  const rating = (v: unknown, name: string): number => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 65535)
      invalid(`filter.${name} must be an integer from 0 to 65535`);
    return v;
  };
  if (filter.minRating !== undefined) f.minRating = rating(filter.minRating, 'minRating');
  if (filter.maxRating !== undefined) f.maxRating = rating(filter.maxRating, 'maxRating');
  const date = (v: unknown, name: string, end: boolean): number => {
    const packed = typeof v === 'string' ? packDate(v, end) : 0;
    if (packed === 0) invalid(`filter.${name} must be a PGN date ('2024', '2024.03' or '2024.03.17')`);
    return packed;
  };
  if (filter.since !== undefined) f.since = date(filter.since, 'since', false);
  if (filter.until !== undefined) f.until = date(filter.until, 'until', true);
  const set = <T>(
    v: T | readonly T[] | undefined,
    names: readonly T[],
    name: string,
    offset: number,
  ): number | null => {
    if (v === undefined) return null;
    const list = (Array.isArray(v) ? v : [v]) as readonly T[];
    let bits = 0;
    for (const x of list) {
      const i = names.indexOf(x);
      if (i < 0) invalid(`filter.${name}: ${String(x)} is not one of ${names.join(', ')}`);
      bits |= 1 << (i + offset);
    }
    return bits;
  };
  f.results = set(filter.result, RESULTS, 'result', 0) ?? f.results;
  f.speeds = set(filter.timeControl, SPEEDS, 'timeControl', 1) ?? f.speeds;
  return f;
}
