// Puzzle mode: lichess puzzle format (FEN + UCI line whose first move is the opponent's).
// Moves are judged by the package's Puzzle (the line's move, or any mate, is right).
import { Puzzle, type Variant } from 'chesswasm';
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

/** A solving session on the board: the package's Puzzle judges every move. */
export class PuzzleSession {
  readonly spec: PuzzleSpec;
  readonly puzzle: Puzzle;

  constructor(spec: PuzzleSpec) {
    // Validates the FEN and the whole line (throws FenError / IllegalMoveError).
    this.puzzle = new Puzzle({ fen: spec.fen, moves: [...spec.moves], variant: spec.variant });
    this.spec = spec;
  }

  get solved(): boolean {
    return this.puzzle.solved;
  }

  /** The opponent's setup move (the line's first). */
  get setup(): string {
    return this.puzzle.line[0]!;
  }

  /** Whether it is the solver's turn after `node` (ply 1 is after the setup move). */
  userToMove(node: GameNode): boolean {
    return !this.solved && node.ply % 2 === 1;
  }
}
