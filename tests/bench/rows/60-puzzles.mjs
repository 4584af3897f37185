// Puzzle validation throughput, 1 thread and all threads: see tests/bench/puzzles.mjs.
export { default } from '../puzzles.mjs';
