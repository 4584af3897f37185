/**
 * chesswasm/chessjs: the chess.js facade, `import { Chess } from 'chesswasm/chessjs'` (or
 * `require('chesswasm/chessjs')`) where code was written for chess.js: the same class names
 * (`Chess`, `Move`), type names (`Square`, `Color`, `Piece`, `PieceSymbol`), constants and
 * functions as chess.js 1.4. The main entry (`chesswasm`) does not export it.
 *
 * Like the main entry, importing it loads the wasm module (ES modules: top-level await;
 * CommonJS: synchronously).
 * @module chessjs
 */
export * from './chess.js';
export { init, isInitialized, type InitOptions } from '../../boundary/wasm.js';
