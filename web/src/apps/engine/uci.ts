// UCI text: `option` declarations and `info` lines turned into typed values. Malformed or
// unknown parts make the parsers return null (an `info` line that cannot be read is ignored,
// as python-chess and lila do).
import type { Color } from '../../core/move.js';
import { PovScore, Score } from './score.js';

/** One UCI option as the engine declared it (`option name Hash type spin default 16 min 1 max 33554432`). */
export type EngineOption = CheckOption | SpinOption | ComboOption | ButtonOption | StringOption;

/** What every {@link EngineOption} has. */
export interface OptionBase {
  /** The name as the engine wrote it (matched in any case). */
  name: string;
}
/** A UCI `check` option (a boolean). */
export interface CheckOption extends OptionBase {
  /** The kind. */
  type: 'check';
  /** The engine's default. */
  default: boolean;
}
/** A UCI `spin` option (an integer in a range). */
export interface SpinOption extends OptionBase {
  /** The kind. */
  type: 'spin';
  /** The engine's default. */
  default: number;
  /** The smallest value. */
  min: number;
  /** The largest value. */
  max: number;
}
/** A UCI `combo` option (one of a list of values). */
export interface ComboOption extends OptionBase {
  /** The kind. */
  type: 'combo';
  /** The engine's default. */
  default: string;
  /** The values allowed. */
  vars: string[];
}
/** A UCI `button` option (an action, no value). */
export interface ButtonOption extends OptionBase {
  /** The kind. */
  type: 'button';
}
/** A UCI `string` option. */
export interface StringOption extends OptionBase {
  /** The kind. */
  type: 'string';
  /** The engine's default (`<empty>` read as ''). */
  default: string;
}

const OPTION_KEYS = new Set(['name', 'type', 'default', 'min', 'max', 'var']);

/** Reads an `option ...` line; `null` when it is malformed. */
export function parseOption(line: string): EngineOption | null {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'option') return null;
  const fields: Record<string, string[]> = {};
  const vars: string[] = [];
  let key = '';
  let cur: string[] = [];
  const flush = () => {
    if (key === 'var') vars.push(cur.join(' '));
    else if (key) fields[key] = cur;
  };
  for (let i = 1; i < t.length; i++) {
    const w = t[i]!;
    // A keyword ends the previous field, except inside the name (which may hold spaces but
    // not the word "type").
    if (OPTION_KEYS.has(w) && !(key === 'name' && w !== 'type')) {
      flush();
      key = w;
      cur = [];
    } else cur.push(w);
  }
  flush();
  const name = fields.name?.join(' ');
  const type = fields.type?.join(' ');
  if (!name) return null;
  const dflt = fields.default?.join(' ');
  switch (type) {
    case 'check':
      if (dflt !== 'true' && dflt !== 'false') return null;
      return { name, type, default: dflt === 'true' };
    case 'spin': {
      const [d, lo, hi] = [dflt, fields.min?.join(' '), fields.max?.join(' ')].map((x) =>
        x !== undefined && /^-?\d+$/.test(x) ? Number(x) : NaN,
      );
      if (Number.isNaN(d) || Number.isNaN(lo) || Number.isNaN(hi)) return null;
      return { name, type, default: d!, min: lo!, max: hi! };
    }
    case 'combo':
      return { name, type, default: dflt ?? '', vars };
    case 'button':
      return { name, type };
    case 'string':
      return { name, type, default: dflt === undefined || dflt === '<empty>' ? '' : dflt };
    default:
      return null;
  }
}

/** Win/draw/loss statistics per mille, from the side to move's point of view (UCI `wdl`). */
export interface Wdl {
  /** Wins per mille. */
  wins: number;
  /** Draws per mille. */
  draws: number;
  /** Losses per mille. */
  losses: number;
}

/** One `info` line with a score, as read (before its PV is checked against the position). */
export interface RawInfo {
  multipv: number;
  depth: number;
  seldepth: number;
  nodes: number;
  nps: number;
  time: number;
  hashfull?: number;
  tbhits?: number;
  score: Score;
  bound: 'lower' | 'upper' | null;
  pv: string[];
  wdl?: Wdl;
}

const INT_FIELDS = new Set(['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull', 'tbhits', 'cpuload']);
const INFO_KEYS = new Set([
  ...INT_FIELDS,
  'score',
  'pv',
  'wdl',
  'currmove',
  'currmovenumber',
  'refutation',
  'currline',
  'string',
  'lowerbound',
  'upperbound',
  'cp',
  'mate',
]);
const UINT = /^\d+$/;
const INT = /^-?\d+$/;

/**
 * Reads an `info` line that carries a score; `null` for any other line (e.g. `info depth 5
 * currmove e2e4`, `info string ...`) and for a malformed one (a field without its number, an
 * unknown score kind, a negative depth).
 */
export function parseInfo(line: string): RawInfo | null {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'info') return null;
  const out: Partial<RawInfo> & Record<string, unknown> = { bound: null };
  let score: Score | null = null;
  for (let i = 1; i < t.length;) {
    const k = t[i++]!;
    if (k === 'string') break; // free text to the end of the line
    if (INT_FIELDS.has(k)) {
      const v = t[i++];
      if (v === undefined || !UINT.test(v)) return null;
      out[k] = Number(v);
    } else if (k === 'score') {
      const kind = t[i++];
      const v = t[i++];
      if (v === undefined || !INT.test(v)) return null;
      if (kind === 'cp') score = Score.cp(Number(v));
      else if (kind === 'mate') score = Score.mate(v === '0' || v === '-0' ? -0 : Number(v));
      else return null;
      if (t[i] === 'lowerbound' || t[i] === 'upperbound') out.bound = t[i++] === 'lowerbound' ? 'lower' : 'upper';
    } else if (k === 'wdl') {
      const [w, d, l] = [t[i], t[i + 1], t[i + 2]];
      i += 3;
      if (![w, d, l].every((x) => x !== undefined && UINT.test(x))) return null;
      out.wdl = { wins: Number(w), draws: Number(d), losses: Number(l) };
    } else if (k === 'pv') {
      const pv: string[] = [];
      while (i < t.length && !INFO_KEYS.has(t[i]!)) pv.push(t[i++]!);
      out.pv = pv;
    } else if (k === 'currmove' || k === 'currmovenumber' || k === 'ebf') {
      i++;
    } else if (k === 'refutation' || k === 'currline') {
      while (i < t.length && !INFO_KEYS.has(t[i]!)) i++;
    } else {
      return null; // unknown token: the line is not understood
    }
  }
  if (score === null) return null;
  const depth = (out.depth as number | undefined) ?? 0;
  const info: RawInfo = {
    multipv: (out.multipv as number | undefined) ?? 1,
    depth,
    seldepth: (out.seldepth as number | undefined) ?? depth,
    nodes: (out.nodes as number | undefined) ?? 0,
    nps: (out.nps as number | undefined) ?? 0,
    time: (out.time as number | undefined) ?? 0,
    score,
    bound: out.bound ?? null,
    pv: out.pv ?? [],
  };
  if (info.multipv < 1) return null;
  if (out.hashfull !== undefined) info.hashfull = out.hashfull as number;
  if (out.tbhits !== undefined) info.tbhits = out.tbhits as number;
  if (out.wdl) info.wdl = out.wdl;
  return info;
}

/** A score from the side to move as a {@link PovScore}. */
export function povScore(score: Score, turn: Color): PovScore {
  return new PovScore(score, turn);
}
