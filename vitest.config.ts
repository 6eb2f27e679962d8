import { defineConfig } from 'vitest/config';
import './scripts/node20-polyfills.ts';

// Three suites: fast pure tests, integration tests on a real PostgreSQL, and browser tests.
// None isolates its files: a worker imports the server's (or the page's) module graph once and runs
// file after file in it, instead of a fresh worker importing it all again for each file. On CI's two
// cores that import was a third of the integration suite and more than half of the unit suite (the
// unit suite went from 94 s to 19 s, one integration suite from ~200 s to 99 s). The price is that a
// file must leave no module state behind: fake timers are put back, servers and pools closed, and
// no module is mocked (a vi.mock would reach the files after it in the same worker). docs/decisions.md, "Session 11: CI time".
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts', 'tools/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          isolate: false,
          setupFiles: ['scripts/node20-polyfills.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'packages/*/src/**/*.int.test.ts', 'tools/*/src/**/*.int.test.ts', 'bench/**/*.int.test.ts'],
          // The multi-process tests (issue 17, *.cluster.int.test.ts) start the server as several processes on
          // the machine's PostgreSQL and Redis: only the suite on TEST_DATABASE_URL collects them, the embedded one
          // leaves them out rather than showing them skipped (docs/testing.md, "Issue 17 — multi-process tests").
          exclude: ['**/node_modules/**', '**/.git/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.cluster.int.test.ts'])],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['scripts/node20-polyfills.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['scripts/node20-polyfills.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One worker runs the shard's files in turn and keeps one Chromium for them (e2e/support.ts).
          isolate: false,
          // expect.poll gives up after 1 s by default: 130 polls of the suite named no timeout, and on
          // CI's loaded two cores a page or a processor can take longer than that (a passing poll
          // returns at once, so this costs nothing when all is well).
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
