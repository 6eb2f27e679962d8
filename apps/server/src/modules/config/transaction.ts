import { checkout } from '@fleet/db';
import type pg from 'pg';

/** Runs `work` in one transaction on a checked-out client: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await checkout(pool);
  try {
    await client.query('BEGIN');
    const out = await work(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.done();
  }
}
