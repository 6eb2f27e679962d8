// The import rules of ../shared/architecture.md ("Shape of the code"), checked by `npm run lint`.
// Violations that existed when a rule was written are listed in .dependency-cruiser-known-violations.json
// (`npm run lint:baseline` rewrites it); `--ignore-known` lets those pass, so only a NEW violation fails.
// Tests may reach into the code they test, so the door rules do not apply to *.test.ts(x) files or to
// the server's test harness (apps/server/test/).
const TESTS = ['\\.test\\.tsx?$', '^apps/server/test/'];
const SERVER_DOOR = '^apps/server/src/modules/[^/]+/index\\.ts$';
const WEB_DOOR = '^apps/web/src/features/[^/]+/index\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'package-imports-app',
      comment: 'A package (packages/*) never imports from an app (apps/*).',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'simulator-imports-db',
      comment: 'The device simulator is a device fleet: it never imports packages/db (demo data comes from packages/demo).',
      severity: 'error',
      from: { path: '^tools/simulator/' },
      to: { path: '^packages/db/' },
    },
    {
      name: 'server-module-internals-from-module',
      comment: 'A server module uses another module only through its door, modules/<area>/index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: ['^apps/server/src/modules/$1/', SERVER_DOOR] },
    },
    {
      name: 'server-module-internals-from-outside',
      comment:
        'Outside the modules (ingest, realtime, jobs, plugins, bootstrap, app.ts), a module is used only through its door, modules/<area>/index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/modules/', ...TESTS] },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: SERVER_DOOR },
    },
    {
      name: 'web-feature-internals-from-feature',
      comment: "A web feature never reaches into another feature's internals: only features/<area>/index.ts.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: ['^apps/web/src/features/$1/', WEB_DOOR] },
    },
    {
      name: 'web-feature-internals-from-outside',
      comment: 'The shell (app/), shared/ and main.tsx use a feature only through features/<area>/index.ts.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: ['^apps/web/src/features/', ...TESTS] },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: WEB_DOOR },
    },
    {
      name: 'sql-driver-outside-storage',
      comment:
        'SQL lives in the server modules, the positions log (ingest/position-writer.ts, ingest/log-horizon.ts), the log processors (ingest/processors) and packages/db only: nothing else imports pg or drizzle-orm. (eslint.config.js catches query calls and sql`` templates on a Db handed in.)',
      severity: 'error',
      from: {
        path: '^(apps|packages|tools)/',
        pathNot: ['^apps/server/src/modules/', '^apps/server/src/ingest/position-writer[.]ts$', '^apps/server/src/ingest/log-horizon[.]ts$', '^apps/server/src/ingest/processors/', '^packages/db/', ...TESTS],
      },
      // A type (a client handed in) is not SQL; the calls on it are eslint.config.js's to catch.
      to: { path: '^node_modules/(pg|pg-pool|drizzle-orm)/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    // Parsed with TypeScript 5.9 (tools/lint/typescript-5.mjs): TypeScript 7 has no JavaScript API.
    parser: 'tsc',
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    cache: false,
  },
};
