import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { checkout, type Database } from './connection.ts';
import { freshDatabase } from './fresh-database.test-support.ts';

let database: Database;
let admin: pg.Client;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  fresh = await freshDatabase(inject('pgAdminUrl'));
  ({ database, admin } = fresh);
});
afterAll(() => fresh.drop());

describe('a checked-out client whose connection dies', () => {
  it('does not end the process; its next statement fails and the pool recovers', async () => {
    const client = await checkout(database.pool);
    const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    // The connection dies between two statements, as when the database restarts.
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    // Gone on the server's side before the client tries again.
    await expect.poll(async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount).toBe(0);
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.done();
    const again = await database.pool.query('SELECT 1 AS one');
    expect(again.rows[0].one).toBe(1);
  });
});
