import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { checkout, connect, type Database } from './connection.ts';

let database: Database;
let admin: pg.Client;
const name = `fleet_t_${randomBytes(5).toString('hex')}`;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  database = connect(url.toString(), { max: 2 });
});
afterAll(async () => {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

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
