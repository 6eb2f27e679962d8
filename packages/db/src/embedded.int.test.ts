import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_EMBEDDED_PASSWORD, PASSWORD_FILE, startEmbeddedPostgres } from './embedded.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'fleet-embedded-pw-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const file = path.join(dir, PASSWORD_FILE);

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}
async function refuses(port: number, password: string): Promise<boolean> {
  const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  try {
    await c.connect();
    await c.end();
    return false;
  } catch (err) {
    return (err as { code?: string }).code === '28P01';
  }
}
const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);

describe('the embedded PostgreSQL superuser password', () => {
  it('is generated per data directory, kept beside it readable by this user only, and the old fixed one is refused', async () => {
    const server = await startEmbeddedPostgres({ dataDir: dir, database: 'fleet' });
    try {
      const stored = (await readFile(file, 'utf8')).trim();
      expect(stored).toMatch(/^[\w-]{32}$/);
      expect(passwordOf(server.url)).toBe(stored);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await refuses(server.port, LEGACY_EMBEDDED_PASSWORD)).toBe(true);
      await query(server.url, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES (\'still here\')');
    } finally {
      await server.stop();
    }
    // The next start reads the same password.
    const again = await startEmbeddedPostgres({ dataDir: dir, database: 'fleet' });
    try {
      expect(passwordOf(again.url)).toBe((await readFile(file, 'utf8')).trim());
    } finally {
      await again.stop();
    }
  });

  it('moves a data directory made with the old fixed password to a generated one at its first start', async () => {
    // Make the directory what an older version left: superuser password 'fleet-embedded', no file.
    const first = await startEmbeddedPostgres({ dataDir: dir, database: 'fleet' });
    try {
      await query(first.url, `ALTER ROLE postgres WITH PASSWORD '${LEGACY_EMBEDDED_PASSWORD}'`);
    } finally {
      await first.stop();
    }
    await rm(file);

    const server = await startEmbeddedPostgres({ dataDir: dir, database: 'fleet' });
    try {
      const stored = (await readFile(file, 'utf8')).trim();
      expect(stored).not.toBe(LEGACY_EMBEDDED_PASSWORD);
      expect(passwordOf(server.url)).toBe(stored);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await refuses(server.port, LEGACY_EMBEDDED_PASSWORD)).toBe(true);
      expect((await query(server.url, 'SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
    } finally {
      await server.stop();
    }
  });
});
