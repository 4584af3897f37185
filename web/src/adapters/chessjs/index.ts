/**
 * chesswasm/chessjs: the chess.js-compatible facade on its own, `import { Chess } from
 * 'chesswasm/chessjs'` where code was written for chess.js. The main entry (`chesswasm`)
 * exports the same names; an app that imports only this entry ships none of the rest.
 *
 * Like the main entry, importing it loads the wasm module (top-level await).
 * @module chessjs
 */
import { init } from '../../boundary/wasm.js';

export * from './chess.js';
export { init, isInitialized, type InitOptions } from '../../boundary/wasm.js';

// Load from the default location, as the main entry does (a failure is kept for init()).
await init().catch(() => undefined);
