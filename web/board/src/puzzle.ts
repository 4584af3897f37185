// Puzzle mode: lichess puzzle format (FEN + UCI line whose first move is the opponent's).
// Moves are judged by the package: a move is right if it is the line's move, or if the
// line's move mates and this one mates too.
import { Position, type Variant } from 'chesswasm';
import type { GameNode } from 'chesswasm';

export interface PuzzleSpec {
  readonly fen: string;
  readonly moves: readonly string[];
  readonly variant: Variant;
  readonly id?: string;
}

const UCI = /^[a-h][1-8][a-h][1-8][qrbnm]?$/i;

/** Reads puzzles, one a line: `FEN moves…` or a lichess CSV row (`PuzzleId,FEN,Moves,…`). */
export function parsePuzzles(text: string): PuzzleSpec[] {
  const out: PuzzleSpec[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('PuzzleId') || line.startsWith('#')) continue;
    if (line.includes(',')) {
      const cols = line.split(',');
      const fen = cols[1]?.trim() ?? '';
      const moves = (cols[2] ?? '').trim().split(/\s+/).filter(Boolean);
      if (!fen || moves.length < 2) throw new Error(`not a lichess puzzle row: ${line.slice(0, 60)}`);
      out.push({ id: cols[0]!.trim(), fen, moves, variant: 'chess' });
      continue;
    }
    const tokens = line.split(/\s+/);
    let i = 4;
    while (i < tokens.length && i < 6 && /^\d+$/.test(tokens[i]!)) i++;
    const fen = tokens.slice(0, i).join(' ');
    const moves = tokens.slice(i);
    if (moves.length < 2 || !moves.every((m) => UCI.test(m)))
      throw new Error('a puzzle is a FEN followed by at least two UCI moves (the first is the opponent\'s)');
    out.push({ fen, moves, variant: 'chess' });
  }
  return out;
}

export type Verdict = 'correct' | 'solved' | 'wrong';

export class PuzzleSession {
  solved = false;
  readonly spec: PuzzleSpec;

  constructor(spec: PuzzleSpec) {
    // Validates the whole line with the package before starting.
    using pos = Position.fromFen(spec.fen, { variant: spec.variant });
    for (const [i, m] of spec.moves.entries()) {
      try {
        pos.play(pos.parseUci(m));
      } catch (e) {
        throw new Error(`puzzle move ${i + 1} (${m}) is not legal: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    this.spec = spec;
  }

  /** The line's move at a ply from the puzzle's FEN (0: the opponent's first move). */
  expected(ply: number): string | undefined {
    return this.spec.moves[ply];
  }

  /** Whether it is the solver's turn after `node`. */
  userToMove(node: GameNode): boolean {
    return !this.solved && node.ply % 2 === 1 && node.ply < this.spec.moves.length;
  }

  /** Judges the solver's move `uci` in `position` (not changed), `ply` plies into the line. */
  check(position: Position, ply: number, uci: string): Verdict {
    using pos = position.clone();
    let played: string;
    let mates = false;
    try {
      const m = pos.parseUci(uci);
      played = pos.uci(m);
      pos.play(m);
      mates = pos.isCheckmate();
      pos.undo();
    } catch {
      return 'wrong';
    }
    const want = this.expected(ply);
    if (!want) return 'wrong';
    const w = pos.parseUci(want);
    const wanted = pos.uci(w);
    const last = ply + 1 >= this.spec.moves.length;
    if (played === wanted) return last ? 'solved' : 'correct';
    if (!mates) return 'wrong';
    // Another mating move where the line's move mates too.
    pos.play(w);
    const lineMates = pos.isCheckmate();
    pos.undo();
    return lineMates ? 'solved' : 'wrong';
  }
}
