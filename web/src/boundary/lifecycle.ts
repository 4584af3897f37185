// The life cycle shared by the classes that own wasm memory (Position, Setup, Game): the
// error a disposed object throws, and `using` support.
import { ChessError } from './errors.js';

/** The `'disposed'` error of a `kind` object used after `dispose()`. */
export function disposedError(kind: 'Position' | 'Setup' | 'Game'): ChessError {
  return new ChessError('disposed', `this ${kind} was disposed and cannot be used any more`);
}

/**
 * Symbol.dispose where the runtime has it (Node 20 does), else Node's well-known name for it:
 * a class that declares `[DISPOSE]()` calling its `dispose()` works with `using x = ...`.
 * (Typed as Symbol.dispose so that it can name a class member.)
 */
export const DISPOSE = ((Symbol as { dispose?: symbol }).dispose ??
  Symbol.for('nodejs.dispose')) as typeof Symbol.dispose;

/**
 * Makes `using x = ...` call `x.dispose()` for the instances of a class. (A call at the top of
 * a module keeps the class in every app's bundle: classes declare `[DISPOSE]()` instead.)
 */
export function installDispose(proto: { dispose(): void }): void {
  Object.defineProperty(proto, DISPOSE, {
    value: function (this: { dispose(): void }) {
      this.dispose();
    },
    writable: true,
    configurable: true,
  });
}
