import { startEmbeddedPostgres } from '@fleet/db';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL on which tests may create and drop their own databases. */
    pgAdminUrl: string;
    pgLabel: string;
  }
}

/**
 * The integration suite runs on the embedded PostgreSQL by default, or on the server named by
 * TEST_DATABASE_URL (CI runs it both ways).
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('pgAdminUrl', external);
    project.provide('pgLabel', `external ${new URL(external).host}`);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fleet-it-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, database: 'postgres' });
  project.provide('pgAdminUrl', server.url);
  project.provide('pgLabel', 'embedded');
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
