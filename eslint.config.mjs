// ESLint 9 (flat config) with typescript-eslint's type-aware rules: `npm run lint`, run by
// `npm test` before the builds. It is set to catch faults, not to enforce a style (the code's
// layout is left to the authors; the C++ has clang-format): promises that are neither awaited
// nor handled, promises passed where a callback's result is ignored, values and imports never
// used, `any` leaking into typed code, awaiting what is not a promise, throwing what is not an
// Error, unbound methods, `${object}` rendering as "[object Object]".
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const here = import.meta.dirname;

export default tseslint.config(
  {
    // Build output, generated code (web/src/boundary/boundary.ts after issue 14's merge), declarations.
    ignores: [
      'dist/**',
      'cpp/**',
      'build/**',
      'build-*/**',
      'node_modules/**',
      'test-artifacts/**',
      'web/src/boundary/boundary.ts',
      '**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.eslint.json', './web/board/tsconfig.eslint.json'],
        tsconfigRootDir: here,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused values are faults; a leading underscore marks one kept on purpose (a callback's
      // parameter), a benchmark's `sink` is written so that the work cannot be optimized
      // away, and `catch {}` needs no name.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^(_|sink$)', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // A promise handed to an event listener (addEventListener('click', async () => ...)) is
      // the DOM's way; a promise where a boolean or a value is checked is still an error.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      // Numbers, booleans and null in template strings are fine; objects are not.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowAny: true, allowNumber: true, allowBoolean: true, allowNullish: true, allowRegExp: true },
      ],
      // Re-throwing or rejecting with what a `catch` caught (unknown) passes it on unchanged.
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true, allowThrowingAny: true }],
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingUnknown: true, allowThrowingAny: true },
      ],
      // node:test's test()/describe() return promises the runner awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite', 'before', 'after'] },
          ],
        },
      ],
      // Matters of taste or deliberate patterns, not faults: `x!` the checker already knows,
      // `{}` as a type, `const self = this` in a getter object, a class merged with its
      // interface (the `[Symbol.dispose]` declarations), `'*' | string` unions that keep
      // editor completion, control characters in the text sanitizers' regexes, an async
      // function without await.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-this-alias': 'off',
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      'no-control-regex': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests feed odd values on purpose (String({}), a symbol, a hostile object) and name
    // cases after them.
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // Code that runs in the page (page.evaluate callbacks in the browser tests, the
    // screenshot script) sees the DOM's globals.
    files: ['tests/browser/**', 'scripts/board-screenshot.mjs', 'scripts/board-study-screenshots.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/board/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Plain JavaScript (scripts, the CLI, test tools, the bench, browser tests): no types to
    // check `any` against, so the no-unsafe-* rules would flag every value; the promise
    // rules and the unused-value rules stay.
    files: ['**/*.mjs', '**/*.js'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Types TypeScript infers for untyped JavaScript (a tuple's element read as a union)
      // are too loose for these two; monkey-patching prototypes in page scripts is deliberate.
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The Jest project (tests/jest: an app's CommonJS test files, run by Jest from tests/pack):
    // outside the TypeScript programs, CommonJS with Jest's globals. Untyped rules only.
    files: ['tests/jest/**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: { ...globals.node, ...globals.jest, ...globals.browser },
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Outside the TypeScript programs: the CLI (a Node script without an extension) and the
    // .mjs test tools that have a .d.mts (TypeScript reads the declarations instead).
    // Untyped rules only.
    files: [
      'bin/chesswasm',
      'tests/tools/polyglot.mjs',
      'tests/tools/prng.mjs',
      'tests/tools/variant-play.mjs',
      'tests/tools/tb-positions.mjs',
    ],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'module',
      globals: { ...globals.node },
    },
  },
);
