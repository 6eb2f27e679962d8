import type pg from 'pg';
import { checkout } from './connection.ts';

/*
 * Upkeep of the partitioned positions log (migration 0014; docs/decisions.md, issue 12): one
 * partition a UTC month, positions_YYYY_MM, and positions_default for times outside them.
 * - Months ahead: this month and the next `monthsAhead` always have their partition, so the log's
 *   writers never meet a missing month. A month whose rows already sit in the default partition (a
 *   device clock that ran ahead) gets them moved in the same transaction that creates it.
 * - Retention (customers.position_retention_months, null keeps all): a month wholly older than every
 *   customer's retention is dropped as a whole table; the rows of a customer whose retention is
 *   shorter are deleted from the kept months in bounded batches. Trips are never touched.
 * The server runs it at start and then daily (apps/server/src/ingest/partitions.ts); one server at a
 * time (an advisory lock), so several may run.
 */

/** Advisory lock key of the upkeep (the log's migrations, gate and processors hold 7262001-7262005). */
export const PARTITIONS_LOCK_KEY = 7262020;

export interface UpkeepOptions {
  /** Months after this one that always have a partition. */
  monthsAhead?: number;
  /** Rows per retention DELETE, and DELETEs per run: a run stays short; the rest waits for the next. */
  batchRows?: number;
  maxBatches?: number;
  /** How long a DDL statement waits for its lock before this run gives up on it (the next run tries again). */
  lockTimeoutMs?: number;
}

export interface UpkeepReport {
  created: string[];
  /** Rows moved out of the default partition into a month created for them. */
  moved: number;
  dropped: string[];
  /** Rows deleted for customers whose retention is shorter than the kept months. */
  deleted: number;
  /** False when batches were left for the next run. */
  done: boolean;
}

const NAME = /^positions_(\d{4})_(\d{2})$/;

/** The month (UTC) of a time, as the first instant of it. */
export function monthStart(ms: number): Date {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

/** The month `n` months after `month` (a month start). */
export function addMonths(month: Date, n: number): Date {
  return new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + n, 1));
}

/** The partition that holds a month's positions. */
export function partitionName(month: Date): string {
  return `positions_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The start of the month a partition's name stands for; undefined for any other table. */
export function partitionMonth(name: string): Date | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
}

/** When a retention of `months` makes positions due: those before `now` less that many months (same day of month, clamped). */
export function retentionCutoff(nowMs: number, months: number): Date {
  const d = new Date(nowMs);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
}

const iso = (d: Date) => d.toISOString();

async function monthPartitions(client: pg.PoolClient): Promise<Map<string, Date>> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass`);
  const out = new Map<string, Date>();
  for (const r of rows) {
    const month = partitionMonth(r.name);
    if (month) out.set(r.name, month);
  }
  return out;
}

const COLUMNS = 'id, unit_id, device_time, received_at, lat, lon, altitude, angle, satellites, speed, priority, event_io, io, protocol, implausible';

/**
 * Creates a month's partition. It is made as a table of its own and attached, which locks the log's
 * parent only against other DDL (writers and readers of other months go on) and the default
 * partition briefly while its rows are checked against the new bound. Rows of that month already in
 * the default partition (a clock that ran ahead) would fail that check, so in the same transaction
 * they are moved into the new table first, the default locked against new rows meanwhile.
 */
async function createMonth(client: pg.PoolClient, month: Date, lockTimeoutMs: number): Promise<number> {
  const name = partitionName(month);
  const from = iso(month);
  const to = iso(addMonths(month, 1));
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
    await client.query(`CREATE TABLE "${name}" (LIKE positions INCLUDING DEFAULTS)`);
    await client.query('LOCK TABLE positions_default IN SHARE ROW EXCLUSIVE MODE');
    const moved = await client.query(
      `WITH gone AS (DELETE FROM positions_default WHERE device_time >= $1 AND device_time < $2 RETURNING ${COLUMNS})
       INSERT INTO "${name}" (${COLUMNS}) SELECT ${COLUMNS} FROM gone`, [from, to]);
    // Attaching builds the partition's key, indexes and foreign key from the parent's.
    await client.query(`ALTER TABLE positions ATTACH PARTITION "${name}" FOR VALUES FROM ('${from}') TO ('${to}')`);
    await client.query('COMMIT');
    return moved.rowCount ?? 0;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** One run of the upkeep at `nowMs`; undefined when another server holds it. */
export async function runPartitionUpkeep(pool: pg.Pool, nowMs = Date.now(), options: UpkeepOptions = {}): Promise<UpkeepReport | undefined> {
  const monthsAhead = options.monthsAhead ?? 2;
  const batchRows = options.batchRows ?? 10_000;
  const maxBatches = options.maxBatches ?? 500;
  const lockTimeoutMs = options.lockTimeoutMs ?? 3_000;
  const client = await checkout(pool);
  try {
    const { rows: [lock] } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [PARTITIONS_LOCK_KEY]);
    if (!lock?.ok) return undefined;
    try {
      const report: UpkeepReport = { created: [], moved: 0, dropped: [], deleted: 0, done: true };
      const thisMonth = monthStart(nowMs);
      let have = await monthPartitions(client);
      for (let k = 0; k <= monthsAhead; k++) {
        const month = addMonths(thisMonth, k);
        if (have.has(partitionName(month))) continue;
        report.moved += await createMonth(client, month, lockTimeoutMs);
        report.created.push(partitionName(month));
      }
      have = await monthPartitions(client);

      // Retention. Whole months first: due once older than the longest retention, and only when
      // every customer has one (null keeps everything).
      const { rows: [ret] } = await client.query<{ customers: number; unlimited: number; longest: number | null }>(
        `SELECT count(*)::int AS customers, count(*) FILTER (WHERE position_retention_months IS NULL)::int AS unlimited,
           max(position_retention_months)::int AS longest FROM customers`);
      if (ret && ret.customers > 0 && ret.unlimited === 0 && ret.longest !== null) {
        const cutoff = retentionCutoff(nowMs, ret.longest).getTime();
        for (const [name, month] of [...have].sort((a, b) => a[1].getTime() - b[1].getTime())) {
          if (addMonths(month, 1).getTime() > cutoff) continue;
          await client.query(`SET lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
          try {
            await client.query(`DROP TABLE "${name}"`);
            report.dropped.push(name);
          } finally {
            await client.query('RESET lock_timeout');
          }
        }
      }
      // Then each customer with a retention: its rows older than it, from the months still kept
      // (and the default partition), a batch at a time. The (unit_id, device_time) index finds them;
      // the time bound prunes the scan to the months concerned.
      const { rows: customers } = await client.query<{ id: number; months: number }>(
        `SELECT id, position_retention_months AS months FROM customers WHERE position_retention_months IS NOT NULL ORDER BY id`);
      let batches = 0;
      for (const c of customers) {
        const { rows: units } = await client.query<{ id: number }>(
          'SELECT u.id FROM units u JOIN sites s ON s.id = u.site_id WHERE s.customer_id = $1', [c.id]);
        if (units.length === 0) continue;
        const cutoff = iso(retentionCutoff(nowMs, c.months));
        const ids = units.map((u) => u.id);
        for (;;) {
          if (batches >= maxBatches) {
            report.done = false;
            return report;
          }
          batches++;
          const del = await client.query(
            `WITH x AS MATERIALIZED (SELECT id, device_time FROM positions WHERE unit_id = ANY($1::int[]) AND device_time < $2 LIMIT $3)
             DELETE FROM positions p USING x WHERE p.id = x.id AND p.device_time = x.device_time AND p.device_time < $2`, [ids, cutoff, batchRows]);
          report.deleted += del.rowCount ?? 0;
          if ((del.rowCount ?? 0) < batchRows) break;
        }
      }
      return report;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PARTITIONS_LOCK_KEY]);
    }
  } finally {
    client.done();
  }
}
