// The life cycle shared by the classes that own wasm memory (Position, Setup, Game): the
// error a disposed object throws, and `using` support.
import { ChessError } from './errors.js';

/** The `'disposed'` error of a `kind` object used after `dispose()`. */
export function disposedError(kind: 'Position' | 'Setup' | 'Game'): ChessError {
  return new ChessError('disposed', `this ${kind} was disposed and cannot be used any more`);
}

// Symbol.dispose where the runtime has it (Node 20 does), else Node's well-known name for it.
const DISPOSE: symbol = (Symbol as { dispose?: symbol }).dispose ?? Symbol.for('nodejs.dispose');

/** Makes `using x = ...` call `x.dispose()` for the instances of a class. */
export function installDispose(proto: { dispose(): void }): void {
  Object.defineProperty(proto, DISPOSE, {
    value: function (this: { dispose(): void }) {
      this.dispose();
    },
    writable: true,
    configurable: true,
  });
}
