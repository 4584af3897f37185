// The embind classes of the module (Position, Setup, PgnSource) as cpp/wasm/library-trim.js
// registers them (a smaller class runtime than embind's own: no inheritance, smart pointers,
// clone or deleteLater). What the package relies on: constructors overloaded by argument
// count, methods, delete() and isDeleted(), a class returned by value that JS owns, and every
// misuse refused with embind's BindingError before it reaches wasm (a deleted object, null
// for a reference, an object of another class, a wrong number of constructor arguments),
// leaving the module usable.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// The release module as tsc's per-module output loads it (chesswasm-modules/: build/dist-modules,
// the same glue as the bundled dist/), because the test reaches the glue itself (wasm.js's M),
// typed by the generated declarations (chesswasm.d.mts): a call here that the types refuse is
// either a misuse on purpose (marked) or a stale declaration.
import { Position } from 'chesswasm-modules/entries/index.js';
import * as internal from 'chesswasm-modules/boundary/wasm.js';
import type { ChesswasmGlue } from '../../web/src/boundary/chesswasm.mjs';
import { FenError, Variant } from '../../web/src/boundary/boundary.js';

// The glue as loaded; embind's BindingError is not in the generated types.
type Glue = ChesswasmGlue & { BindingError: new (message: string) => Error };
const glue = (): Glue => internal.M as Glue;

describe('embind classes (library-trim.js)', () => {
  it('constructs, copies, calls methods and deletes', () => {
    Position.startpos(); // the module is loaded
    const M = glue();
    const a = new M.Position();
    expect(a).toBeInstanceOf(M.Position);
    // Codes cross as plain integers (bindings.cpp, `codes`): Variant CHESS, FenError OK.
    expect(a.setStart(Variant.indexOf('CHESS'), false)).toBe(FenError.indexOf('OK'));
    const b = new M.Position(a); // the copy constructor (overload by argument count)
    expect(b.address()).not.toBe(a.address());
    expect(b.key()).toBe(a.key());
    expect(a.isDeleted()).toBe(false);
    a.delete();
    expect(a.isDeleted()).toBe(true);
    expect(b.isDeleted()).toBe(false);
    b.delete();
  });

  it('returns a class by value as a new object that JS owns', () => {
    const M = glue();
    const p = new M.Position();
    p.setStart(Variant.indexOf('CHESS'), false);
    const s = M.setupOf(p);
    expect(s).toBeInstanceOf(M.Setup);
    expect(s.pieceOn(4)).toBe(p.pieceOn(4));
    const t = new M.Setup(s);
    s.delete();
    expect(t.pieceOn(4)).toBe(p.pieceOn(4));
    t.delete();
    p.delete();
  });

  it('refuses misuse with a BindingError and stays usable', () => {
    const M = glue();
    const p = new M.Position();
    p.setStart(Variant.indexOf('CHESS'), false);
    const s = new M.Setup();
    const gone = new M.Position();
    gone.delete();

    expect(() => gone.delete()).toThrow(/Position instance already deleted/);
    expect(() => gone.key()).toThrow(M.BindingError);
    expect(() => gone.key()).toThrow(/deleted object/);
    expect(() => M.setupOf(gone)).toThrow(/deleted object/);
    // @ts-expect-error null where a Position goes, on purpose
    expect(() => M.setupOf(null)).toThrow(/null is not a valid Position/);
    // @ts-expect-error a Setup where a Position goes, on purpose
    expect(() => M.setupOf(s)).toThrow(M.BindingError);
    // @ts-expect-error a plain object where a Position goes, on purpose
    expect(() => M.setupOf({})).toThrow(M.BindingError);
    // @ts-expect-error a number where a Position goes, on purpose
    expect(() => M.setupOf(42)).toThrow(M.BindingError);
    expect(() => s.build(p, 0)).not.toThrow();
    // @ts-expect-error a Setup where a Position goes, on purpose
    expect(() => s.build(s, 0)).toThrow(M.BindingError);
    expect(() => p.key.call(s)).toThrow(M.BindingError); // a method on an object of another class
    // @ts-expect-error no constructor takes two arguments, on purpose
    expect(() => new M.Position(1, 2)).toThrow(/invalid number of parameters/);
    expect(() => (M.Position as unknown as () => unknown)()).toThrow(/Use 'new'/);

    // Nothing reached wasm: the position is as it was.
    expect(BigInt.asUintN(64, p.key())).toBe(Position.startpos().hash());
    expect(s.pieceOn(4)).toBe(0);
    s.delete();
    p.delete();
  });

  it('has every function and class that the generated glue types declare', () => {
    // gen-boundary writes chesswasm.d.mts from the debug module, where some registrations
    // exist only for it (CHESSWASM_RECORD in bindings.cpp): the types must not declare those.
    const dts = readFileSync(new URL('../../web/src/boundary/chesswasm.d.mts', import.meta.url), 'utf8');
    const body = /export interface ChesswasmGlue \{([^}]*)\}/.exec(dts)?.[1] ?? '';
    const names = [...body.matchAll(/^ {2}(\w+)[(:]/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(20);
    const M = glue() as unknown as Record<string, unknown>;
    expect(names.filter((n) => typeof M[n] !== 'function')).toEqual([]);
    expect(M.registeredCodes).toBeUndefined(); // the debug module's only
  });
});
