// ESLint (flat config), run by `npm run lint` after tsc and before dependency-cruiser.
// typescript-eslint's recommended rules without type information: its type-aware rules need the
// TypeScript JavaScript API, which TypeScript 7 does not ship (docs/decisions.md, "Lint").
// Import boundaries are dependency-cruiser's (.dependency-cruiser.cjs); this file adds the SQL rule it
// cannot see: query calls and sql`` templates outside the code that owns the tables.
// Lines that broke the SQL rule when it was written are listed in eslint-suppressions.json
// (`npm run lint:baseline` rewrites it); they pass, a new one fails.
import { js, tseslint } from '@fleet/lint';

/**
 * Where SQL may be written: the server modules, the positions log itself (its group-commit writer
 * and the gate that gives the processors their horizon), the log processors' storage, packages/db.
 */
const SQL_HOMES = [
  'apps/server/src/modules/**', 'apps/server/src/ingest/position-writer.ts', 'apps/server/src/ingest/log-horizon.ts',
  'apps/server/src/ingest/processors/**', 'packages/db/**',
];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/web/public/**', '.test-results/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a callback's position, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'tools/**/*.ts'],
    ignores: [...SQL_HOMES, ...TESTS],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], TaggedTemplateExpression[tag.object.name='sql']",
          message: 'SQL lives in the server modules, ingest/processors and packages/db: call a module door instead.',
        },
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(query|execute)$/]",
          message: 'SQL lives in the server modules, ingest/processors and packages/db: call a module door instead.',
        },
      ],
    },
  },
  {
    // Runs inside the benchmark's browser page.
    files: ['bench/map-10k/probe.js'],
    languageOptions: {
      globals: Object.fromEntries(
        ['window', 'document', 'performance', 'requestAnimationFrame', 'MutationObserver', 'PerformanceObserver'].map((g) => [g, 'readonly']),
      ),
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', module: 'writable', require: 'readonly' },
    },
  },
);
