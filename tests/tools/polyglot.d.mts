// Types of polyglot.mjs (for the TypeScript tests that import it through book-helpers.ts).
export declare const POLYGLOT: string;
export declare const polyglotAvailable: boolean;
export declare function polyglot(...args: string[]): string;
/** A move of a dump-book line: SAN, and the percentage printed after the dumped side's moves. */
export interface DumpMove {
  san: string;
  percent: number | null;
}
export declare function parseDump(text: string): DumpMove[][];
export declare function dumpBook(file: string, color: 'white' | 'black'): DumpMove[][];
export declare function dumpPercent(weight: number, total: number): number;
