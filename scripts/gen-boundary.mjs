#!/usr/bin/env node
// Writes the TypeScript side of the wasm boundary from its embind registration
// (cpp/wasm/bindings.cpp), so that no name, code or constant is copied by hand:
//   web/src/boundary/boundary.ts            every registered code type (names by value) and constant, and
//                                  the tables derived from registered functions (piece
//                                  letters, promotion piece of each move flag, start FENs);
//   web/src/boundary/chesswasm.d.mts        the types of the emscripten glue: the module, its classes,
//                                  functions, value objects and code types.
// The tablebase module (cpp/wasm/tablebase_bindings.cpp, loaded by chesswasm/tablebase only) gets
// the same two files in its entry's folder: web/src/apps/tablebase/tablebase-boundary.ts and
// chesswasm-tablebase.d.mts.
// Both files are checked in. The registration is read from the built debug module
// (build/wasm-debug), which records it (cpp/wasm/library-record.js, linked into that build
// only): what embind registers (every type's name, each function's argument and return
// types, each value object's fields) is exactly what the generated files declare. The code types
// (enums of the core that cross as plain integers: `codes` in bindings.cpp) name their values
// only in that debug module, through its registeredCodes(); the constants, and the functions
// behind PIECE_LETTERS, PROMOTION_TYPE and START_FENS, are registered there only too.
//   node scripts/gen-boundary.mjs          rewrite the files
//   node scripts/gen-boundary.mjs --check  exit 1 when they differ from what the build registers
// Run by scripts/package.sh (writes) and scripts/test.sh (--check, before the package is built).
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const buildDir = path.join(root, process.env.CHESSWASM_WASM_DEBUG_DIR ?? 'build/wasm-debug');

// The two modules: the package's and the tablebase's (their glue, outputs and the names of the
// generated glue types). `tables` adds the package's derived tables (piece letters, ...).
const MODULES = [
  {
    base: 'chesswasm',
    boundary: 'web/src/boundary/boundary.ts',
    dts: 'web/src/boundary/chesswasm.d.mts',
    glueType: 'ChesswasmGlue',
    factory: 'createChesswasm',
    source: 'cpp/wasm/bindings.cpp',
    tables: true,
  },
  {
    base: 'chesswasm-tablebase',
    boundary: 'web/src/apps/tablebase/tablebase-boundary.ts',
    dts: 'web/src/apps/tablebase/chesswasm-tablebase.d.mts',
    glueType: 'TablebaseGlue',
    factory: 'createChesswasmTablebase',
    source: 'cpp/wasm/tablebase_bindings.cpp',
    tables: false,
  },
];

const outputs = [];
for (const mod of MODULES) outputs.push(...(await generate(mod)));

async function generate(mod) {
  const gluePath = path.join(buildDir, `${mod.base}.mjs`);
  if (!existsSync(gluePath)) {
    console.error(`gen-boundary: ${gluePath} is missing; build it first (bash scripts/build.sh wasm-debug)`);
    process.exit(2);
  }

  // ---- load the module ---------------------------------------------------------------------------

  // The debug module records its registration (cpp/wasm/library-record.js) as
  // `embindRegistrations`; its glue (MINIMAL_RUNTIME: loadable in Node as it is) is handed the bytes.
  const { default: create } = await import(pathToFileURL(gluePath).href);
  const bytes = readFileSync(path.join(buildDir, `${mod.base}.wasm`));
  const M = await create({ wasm: bytes });
  const rec = M.embindRegistrations;
  if (!rec) {
    console.error(`gen-boundary: ${gluePath} records no registration (built without cpp/wasm/library-record.js?)`);
    process.exit(2);
  }

  // ---- what is registered -------------------------------------------------------------------------

  // The code types, "Name:VALUE=0,VALUE=1,\n" each, in the order registered (listed by name).
  if (typeof M.registeredCodes !== 'function') {
    console.error(`gen-boundary: ${gluePath} lists no code names (built without CHESSWASM_RECORD?)`);
    process.exit(2);
  }
  const enums = M.registeredCodes()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [name, list] = line.split(':');
      const entries = list
        .split(',')
        .filter((e) => e !== '')
        .map((e) => {
          const [n, v] = e.split('=');
          return [n, Number(v)];
        })
        .sort((a, b) => a[1] - b[1]);
      return { name, entries };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const constants = [];
  for (const key of Object.keys(M).sort()) {
    const v = M[key];
    if (/^[A-Z][A-Z0-9_]*$/.test(key) && !key.startsWith('HEAP') && typeof v === 'number') constants.push([key, v]);
  }
  const enumNames = new Set(enums.map((e) => e.name));
  const structs = new Map(rec.structs.map((s) => [s.name, s.fields.map(([f, id]) => [f, rec.types.get(id)])]));

  // Classes, their constructors and methods; free functions. The functions this script calls to
  // build its tables are registered in the debug module only, like the constants and the codes'
  // names (CHESSWASM_RECORD in bindings.cpp): the glue's types leave them out.
  const RECORD_ONLY = new Set(['registeredCodes', 'startFen', 'pieceLetter', 'promotionType']);
  const classes = new Map();
  const functions = [];
  for (const { name, types } of rec.invokers) {
    const [ret, , ...args] = types;
    if (name.startsWith('constructor ')) {
      const cls = name.slice('constructor '.length);
      if (!classes.has(cls)) classes.set(cls, { ctors: [], methods: [] });
      classes.get(cls).ctors.push(args);
    } else if (name.includes('.')) {
      const [cls, method] = name.split('.');
      if (!classes.has(cls)) classes.set(cls, { ctors: [], methods: [] });
      classes.get(cls).methods.push({ name: method, ret, args });
    } else if (!RECORD_ONLY.has(name)) {
      functions.push({ name, ret, args });
    }
  }

  // Functions returning an emscripten::val return a typed_memory_view of a buffer, or the module's
  // function table (functionTable): each is called once, with zero arguments, to learn its type.
  const VIEW_TYPES = new Set([
    'Int8Array',
    'Uint8Array',
    'Int16Array',
    'Uint16Array',
    'Int32Array',
    'Uint32Array',
    'Float32Array',
    'Float64Array',
  ]);
  function viewType(name, value) {
    if (value instanceof WebAssembly.Table) return 'WebAssembly.Table';
    const type = value?.constructor?.name;
    if (!VIEW_TYPES.has(type))
      throw new Error(`gen-boundary: ${name} returns an emscripten::val that is no typed array`);
    return type;
  }
  const zeros = (args) => args.map((a) => (a === 'bool' ? false : 0));
  for (const f of functions) if (f.ret === 'emscripten::val') f.view = viewType(f.name, M[f.name](...zeros(f.args)));
  for (const [name, cls] of classes) {
    const views = cls.methods.filter((m) => m.ret === 'emscripten::val');
    if (!views.length) continue;
    const instance = new M[name](...zeros(cls.ctors[0]));
    for (const m of views) m.view = viewType(`${name}.${m.name}`, instance[m.name](...zeros(m.args)));
    instance.delete();
  }
  if (typeof M.ioBuffer === 'function') M.ioBuffer(0);

  // TypeScript of an embind type name.
  function ts(type) {
    if (type === 'void') return 'void';
    if (type === 'bool') return 'boolean';
    if (/^(unsigned )?(char|signed char|short|int|long|float|double)$/.test(type) || type === 'signed char')
      return 'number';
    if (/^(unsigned )?long long$/.test(type) || type === 'int64_t' || type === 'uint64_t') return 'bigint';
    if (type === 'std::string') return 'string';
    if (enumNames.has(type)) return `${type}Value`; // a code type: an integer
    if (structs.has(type)) return type;
    const cls = /^(\w+)( const)?\*?$/.exec(type);
    if (cls && classes.has(cls[1])) return cls[1];
    throw new Error(`gen-boundary: no TypeScript type for the embind type "${type}"`);
  }
  const params = (args) => args.map((a, i) => `arg${i}: ${ts(a)}`).join(', ');

  // ---- web/src/boundary/boundary.ts ------------------------------------------------------------------------

  const HEADER = (what) =>
    `// ${what}\n// Generated by scripts/gen-boundary.mjs from the embind registration of the wasm module\n` +
    `// (${mod.source}): do not edit. scripts/package.sh rewrites it; \`npm test\` fails when it\n` +
    '// is stale.\n';

  const lines = [HEADER('The codes and constants of the wasm boundary, as registered.')];
  for (const e of enums) {
    const contiguous = e.entries.every(([, v], i) => v === i);
    lines.push('');
    lines.push(`/** The names of the registered enum \`${e.name}\`${contiguous ? ', indexed by value' : ''}. */`);
    if (contiguous) {
      lines.push(`export const ${e.name} = [${e.entries.map(([n]) => `'${n}'`).join(', ')}] as const;`);
      lines.push(`/** A name of the registered enum \`${e.name}\`. */`);
      lines.push(`export type ${e.name}Name = ${e.entries.map(([n]) => `'${n}'`).join(' | ')};`);
    } else {
      lines.push(`export const ${e.name} = { ${e.entries.map(([n, v]) => `${n}: ${v}`).join(', ')} } as const;`);
      lines.push(`/** A name of the registered enum \`${e.name}\`. */`);
      lines.push(`export type ${e.name}Name = ${e.entries.map(([n]) => `'${n}'`).join(' | ')};`);
    }
  }
  const moveFlag = enums.find((e) => e.name === 'MoveFlag');
  if (mod.tables) {
    lines.push('');
    lines.push('/** The values of `MoveFlag` by name. */');
    lines.push(`export const MOVE_FLAGS = { ${moveFlag.entries.map(([n, v]) => `${n}: ${v}`).join(', ')} } as const;`);
  }
  for (const [name, value] of constants) {
    lines.push('');
    lines.push(`/** The registered constant \`${name}\`. */`);
    lines.push(`export const ${name} = ${value};`);
  }
  if (mod.tables) {
    const pieceTypes = enums.find((e) => e.name === 'PieceType').entries;
    const letters = pieceTypes.map(([, v]) => M.pieceLetter(v));
    lines.push('');
    lines.push("/** The letter of each piece type (`pieceLetter`), indexed by `PieceType` value; `' '` for none. */");
    lines.push(`export const PIECE_LETTERS = [${letters.map((l) => `'${l}'`).join(', ')}] as const;`);
    const promotions = moveFlag.entries.map(([, v]) => M.promotionType(v));
    lines.push('');
    lines.push('/** The piece type each move flag promotes to (`promotionType`), indexed by flag; 0 for none. */');
    lines.push(`export const PROMOTION_TYPE = [${promotions.join(', ')}] as const;`);
    const variants = enums.find((e) => e.name === 'Variant').entries;
    lines.push('');
    lines.push('/** The start position of each variant (`startFen`), by `Variant` name. */');
    lines.push(
      `export const START_FENS = { ${variants.map(([n, v]) => `${/^[A-Za-z_$][\w$]*$/.test(n) ? n : JSON.stringify(n)}: '${M.startFen(v)}'`).join(', ')} } as const;`,
    );
  }
  const boundaryTs = lines.join('\n') + '\n';

  // ---- web/src/boundary/chesswasm.d.mts -----------------------------------------------------------------

  const d = [HEADER(`Types of the emscripten glue (${mod.base}.mjs, next to the compiled package).`)];
  d.push('');
  for (const e of enums) {
    d.push(`/** A code of the registered code type \`${e.name}\`: its integer (names in boundary.ts). */`);
    d.push(`export type ${e.name}Value = number;`);
  }
  for (const [name, fields] of structs) {
    d.push(`/** The value object \`${name}\`. */`);
    d.push(`export interface ${name} {\n${fields.map(([f, t]) => `  ${f}: ${ts(t)};`).join('\n')}\n}`);
  }
  for (const [name, cls] of classes) {
    d.push(`/** An instance of the registered class \`${name}\` (free it with \`delete()\`). */`);
    d.push(`export interface ${name} {`);
    for (const m of cls.methods) d.push(`  ${m.name}(${params(m.args)}): ${m.view ?? ts(m.ret)};`);
    d.push('  delete(): void;');
    d.push('  isDeleted(): boolean;');
    d.push('}');
    d.push(`/** The registered class \`${name}\`. */`);
    d.push(`export interface ${name}Class {`);
    for (const args of cls.ctors) d.push(`  new (${params(args)}): ${name};`);
    d.push('}');
  }
  d.push('/** The module: what the registration puts on it. */');
  d.push(`export interface ${mod.glueType} {`);
  for (const f of functions) d.push(`  ${f.name}(${params(f.args)}): ${f.view ?? ts(f.ret)};`);
  for (const [name] of classes) d.push(`  ${name}: ${name}Class;`);
  d.push('}');
  d.push('');
  d.push(`export interface ${mod.glueType}Options {`);
  d.push('  /** The module (MINIMAL_RUNTIME: its bytes or compiled), which the glue instantiates. */');
  d.push('  wasm: BufferSource | WebAssembly.Module;');
  d.push('}');
  d.push('');
  d.push(`declare function ${mod.factory}(options: ${mod.glueType}Options): Promise<${mod.glueType}>;`);
  d.push(`export default ${mod.factory};`);
  const glueDts = d.join('\n') + '\n';
  return [
    [path.join(root, mod.boundary), boundaryTs],
    [path.join(root, mod.dts), glueDts],
  ];
}

// ---- write or check -----------------------------------------------------------------------------

let stale = 0;
for (const [file, text] of outputs) {
  const old = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (old === text) continue;
  if (check) {
    console.error(
      `gen-boundary: ${path.relative(root, file)} is stale: run node scripts/gen-boundary.mjs and commit it`,
    );
    stale++;
  } else {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.error(`gen-boundary: wrote ${path.relative(root, file)}`);
  }
}
process.exit(stale ? 1 : 0);
