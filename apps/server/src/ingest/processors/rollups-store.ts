import { readCell, type RollupVals } from '@fleet/shared';
import { retentionCutoff } from '@fleet/db';
import type pg from 'pg';
import { bucketKey, type RollupBucket, type RollupRow } from './rollups-rules.ts';
import type { LogWindow, WindowRead } from './runner.ts';

// The roll-ups processor's storage: its window of the log and io_rollups (issue 16). The explorer
// module reads io_rollups through its own repository.

// Flagged rows are read (without their IO) only so the cursor passes them.
const READ = `SELECT id::text AS id, unit_id, round(date_part('epoch', device_time) * 1000) AS t,
    CASE WHEN implausible IS NULL THEN io ELSE '{}'::jsonb END AS io, implausible IS NOT NULL AS flagged
  FROM positions WHERE id > $1::bigint AND id <= $2::bigint ORDER BY positions.id LIMIT $3`;

export async function readRollupWindow(client: pg.PoolClient, w: LogWindow): Promise<WindowRead<RollupRow>> {
  const { rows } = await client.query<RollupRow>(READ, [w.from, w.to, w.limit]);
  return { rows, count: rows.length, lastId: rows.at(-1)?.id ?? w.from };
}

/** The stored buckets among `keys` (unit, bucket start ms). */
export async function loadBuckets(client: pg.PoolClient, keys: ReadonlyArray<{ unitId: number; bucket: number }>): Promise<Map<string, RollupBucket>> {
  const out = new Map<string, RollupBucket>();
  if (keys.length === 0) return out;
  const { rows } = await client.query<{ unit_id: number; b: number; vals: Record<string, unknown>; n: number }>(
    `SELECT r.unit_id, round(date_part('epoch', r.bucket) * 1000) AS b, r.vals, r.n
     FROM io_rollups r JOIN unnest($1::int[], $2::float8[]) AS k(u, b) ON r.unit_id = k.u AND r.bucket = to_timestamp(k.b / 1000.0)`,
    [keys.map((k) => k.unitId), keys.map((k) => k.bucket)]);
  for (const r of rows) {
    const vals: RollupVals = {};
    for (const [k, x] of Object.entries(r.vals)) {
      const cell = readCell(x);
      if (cell) vals[k] = cell;
    }
    out.set(bucketKey(r.unit_id, Number(r.b)), { unitId: r.unit_id, bucket: Number(r.b), vals, n: r.n });
  }
  return out;
}

export async function saveBuckets(client: pg.PoolClient, buckets: readonly RollupBucket[]): Promise<void> {
  if (buckets.length === 0) return;
  await client.query(
    `INSERT INTO io_rollups (unit_id, bucket, vals, n)
     SELECT u, to_timestamp(b / 1000.0), v, n FROM unnest($1::int[], $2::float8[], $3::jsonb[], $4::int[]) AS x(u, b, v, n)
     ON CONFLICT (unit_id, bucket) DO UPDATE SET vals = EXCLUDED.vals, n = EXCLUDED.n`,
    [buckets.map((b) => b.unitId), buckets.map((b) => b.bucket), buckets.map((b) => JSON.stringify(b.vals)), buckets.map((b) => b.n)]);
}

/**
 * Drops the roll-ups of positions the retention has dropped: a customer's buckets that end before
 * its positions' retention cutoff (customers.position_retention_months; null keeps everything).
 * Run with the partition upkeep (apps/server/src/ingest/partitions.ts). Returns the rows deleted.
 */
export async function pruneRollups(pool: pg.Pool, nowMs: number): Promise<number> {
  const { rows: customers } = await pool.query<{ id: number; months: number }>(
    'SELECT id, position_retention_months AS months FROM customers WHERE position_retention_months IS NOT NULL ORDER BY id');
  let deleted = 0;
  for (const c of customers) {
    const cutoff = retentionCutoff(nowMs, c.months);
    const del = await pool.query(
      `DELETE FROM io_rollups r USING units u, sites s
       WHERE r.unit_id = u.id AND s.id = u.site_id AND s.customer_id = $1 AND r.bucket + interval '10 minutes' <= $2`, [c.id, cutoff]);
    deleted += del.rowCount ?? 0;
  }
  return deleted;
}
