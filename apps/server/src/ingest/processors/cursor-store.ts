import type pg from 'pg';

// Where the log processors keep their place: one row per processor in processor_cursors, moved in
// the same transaction as what the processor wrote, and the advisory locks that keep runs apart.

/** Takes the processor's lock for the transaction, or tells that another run holds it. */
export async function tryProcessorLock(client: pg.PoolClient, key: number): Promise<boolean> {
  const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [key]);
  return Boolean(r.rows[0]?.ok);
}

/** Waits for two processors' locks for the transaction (a reset that must not interleave with either). */
export async function waitForProcessorLocks(client: pg.PoolClient, first: number, second: number): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1), pg_advisory_xact_lock($2)', [first, second]);
}

/** The id of the last position the processor has done with ('0' before its first run). */
export async function readCursor(client: pg.PoolClient, name: string): Promise<string> {
  const r = await client.query<{ p: string }>('SELECT position_id::text AS p FROM processor_cursors WHERE name = $1', [name]);
  return r.rows[0]?.p ?? '0';
}

export async function writeCursor(client: pg.PoolClient, name: string, positionId: string): Promise<void> {
  await client.query(
    `INSERT INTO processor_cursors (name, position_id) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET position_id = EXCLUDED.position_id, updated_at = now()`,
    [name, positionId]);
}
