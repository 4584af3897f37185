// Types of tb-positions.mjs (for the TypeScript tests).
import type { Prng } from './prng.d.mts';
/** A FEN of the table's pieces on random squares, or null when the draw was refused. */
export declare function tablePlacement(table: string, rand: Prng): string | null;
