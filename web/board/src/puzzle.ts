// Puzzle text: what people paste. One puzzle a line:
//   - a line with commas is a lichess CSV row (`PuzzleId,FEN,Moves,Rating,...`): its first
//     move is the opponent's (the lichess format);
//   - a line without commas is `FEN move move ...`: the solution, starting with the side to
//     move (the solver).
// Moves in UCI or SAN. The package's Puzzle checks the FEN and the whole line; a line it
// refuses is reported with its number, and the others are kept.
import { ChessError, Puzzle, type Variant } from 'chesswasm';

export interface PuzzleSpec {
  /** The line as given (kept in the URL). */
  readonly text: string;
  readonly fen: string;
  readonly moves: readonly string[];
  /** `true` for a lichess row (the first move is the opponent's). */
  readonly setupFirst: boolean;
  readonly variant: Variant;
  readonly id?: string;
  readonly rating?: string;
  readonly themes?: string;
}

export interface ParsedPuzzles {
  puzzles: PuzzleSpec[];
  /** Lines that are no puzzle: 1-based line number and why. */
  errors: { line: number; message: string }[];
}

/** One line as a puzzle spec (not yet checked), or `null` for a blank, comment or header line. */
export function parsePuzzleLine(raw: string, variant: Variant): PuzzleSpec | null {
  const text = raw.trim();
  if (!text || text.startsWith('#') || /^PuzzleId\s*,/i.test(text)) return null;
  if (text.includes(',')) {
    const cols = text.split(',').map((c) => c.trim());
    const fen = cols[1] ?? '';
    const moves = (cols[2] ?? '').split(/\s+/).filter(Boolean);
    if (!fen || moves.length < 2)
      throw new ChessError(
        'invalid-argument',
        'a lichess row is PuzzleId,FEN,Moves,… with the opponent’s move and at least one solver move',
      );
    return {
      text,
      fen,
      moves,
      setupFirst: true,
      variant: 'chess',
      id: cols[0] || undefined,
      rating: cols[3] || undefined,
      themes: cols[7] || undefined,
    };
  }
  const tokens = text.split(/\s+/);
  // The FEN: 4 fields, then the halfmove and fullmove numbers if present (no SAN or UCI move is all digits).
  let i = 4;
  while (i < tokens.length && i < 6 && /^\d+$/.test(tokens[i]!)) i++;
  const fen = tokens.slice(0, i).join(' ');
  const moves = tokens.slice(i);
  if (tokens.length < 4 || moves.length < 1)
    throw new ChessError(
      'invalid-argument',
      'a puzzle is a FEN followed by the solution (the side to move plays first), in UCI or SAN',
    );
  return { text, fen, moves, setupFirst: false, variant };
}

/** Every puzzle of a text (one a line); lines the package refuses are reported, not thrown. */
export function parsePuzzles(text: string, variant: Variant = 'chess'): ParsedPuzzles {
  const out: ParsedPuzzles = { puzzles: [], errors: [] };
  text.split(/\r?\n/).forEach((raw, i) => {
    try {
      const spec = parsePuzzleLine(raw, variant);
      if (!spec) return;
      makePuzzle(spec).dispose(); // checks the FEN and the whole line
      out.puzzles.push(spec);
    } catch (e) {
      if (!(e instanceof ChessError)) throw e;
      out.errors.push({ line: i + 1, message: e.message });
    }
  });
  return out;
}

/** The package's Puzzle for a spec (throws its FenError / IllegalMoveError / ChessError). */
export function makePuzzle(spec: PuzzleSpec): Puzzle {
  return spec.setupFirst
    ? new Puzzle({ fen: spec.fen, moves: [...spec.moves], variant: spec.variant })
    : new Puzzle({ fen: spec.fen, solution: [...spec.moves], variant: spec.variant });
}
