import { defineConfig } from 'vitest/config';
import './scripts/node20-polyfills.ts';

// Three suites: fast pure tests, integration tests on a real PostgreSQL, and browser tests.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts', 'tools/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: ['scripts/node20-polyfills.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'packages/*/src/**/*.int.test.ts', 'tools/*/src/**/*.int.test.ts', 'bench/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['scripts/node20-polyfills.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
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
        },
      },
    ],
  },
});
