import type pg from 'pg';
import { checkout } from './connection.ts';

/*
 * The second half of a new index on the positions log (issue 17; docs/deployment.md, "Migrations
 * that never lock positions for long"). A migration may only create the index ON ONLY positions:
 * that is quick, builds nothing and leaves the parent's index invalid. This builds it on each
 * partition with CREATE INDEX CONCURRENTLY (writers go on; it cannot run inside a transaction, so
 * never inside the migrator's) and attaches each one to the parent's; once every partition has
 * its index, PostgreSQL marks the parent's valid. Months the partition upkeep creates afterwards
 * get the index when they are attached (an empty table: nothing to wait for).
 */

export interface PartitionIndexStep {
  index: string;
  partition: string;
  built: string;
}

interface Pending { parent: string; definition: string; partition: string }

/** Partitioned indexes on positions some partition has no index attached to, with those partitions. */
async function pending(client: pg.Pool | pg.PoolClient): Promise<Pending[]> {
  const { rows } = await client.query<Pending>(`
    SELECT pi.relname AS parent, pg_get_indexdef(pi.oid) AS definition, part.relname AS partition
    FROM pg_index x
    JOIN pg_class pi ON pi.oid = x.indexrelid AND pi.relkind = 'I'
    JOIN pg_inherits ti ON ti.inhparent = x.indrelid
    JOIN pg_class part ON part.oid = ti.inhrelid
    WHERE x.indrelid = 'positions'::regclass
      AND NOT EXISTS (
        SELECT 1 FROM pg_inherits ci JOIN pg_index cx ON cx.indexrelid = ci.inhrelid
        WHERE ci.inhparent = pi.oid AND cx.indrelid = part.oid)
    ORDER BY pi.relname, part.relname`);
  return rows;
}

/** The partition's index name: the partition's name and what the parent's adds to "positions", at most 63 bytes. */
export function partitionIndexName(parent: string, partition: string): string {
  const suffix = parent.startsWith('positions_') ? parent.slice('positions_'.length) : parent;
  return `${partition}_${suffix}`.slice(0, 63);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Builds every missing partition index of the positions log's partitioned indexes, one partition at
 * a time, and attaches it. An index left invalid by a build that failed earlier (CONCURRENTLY leaves
 * one behind) is dropped and built again, so a run that stopped half-way is finished by the next.
 */
export async function buildPartitionIndexes(pool: pg.Pool, options: { onStep?: (step: PartitionIndexStep) => void; lockTimeoutMs?: number } = {}): Promise<PartitionIndexStep[]> {
  const done: PartitionIndexStep[] = [];
  const client = await checkout(pool);
  try {
    for (const p of await pending(client)) {
      const name = partitionIndexName(p.parent, p.partition);
      // "CREATE [UNIQUE] INDEX parent ON ONLY public.positions USING ..." made into the partition's.
      const on = /^(CREATE (?:UNIQUE )?INDEX) \S+ ON (?:ONLY )?\S+ (USING .*)$/s.exec(p.definition);
      if (!on) throw new Error(`The index ${p.parent} has a definition this cannot build per partition: ${p.definition}`);
      const leftover = await client.query<{ valid: boolean }>(
        `SELECT x.indisvalid AS valid FROM pg_class c JOIN pg_index x ON x.indexrelid = c.oid
         WHERE c.relname = $1 AND c.relnamespace = 'public'::regnamespace`, [name]);
      const existing = leftover.rows[0];
      if (existing && !existing.valid) await client.query(`DROP INDEX CONCURRENTLY ${quoted(name)}`);
      // No lock limit here: a concurrent build waits for the transactions older than it to end
      // (writers go on meanwhile), and a limit would make it give up on a long report query.
      if (!existing?.valid) await client.query(`${on[1]} CONCURRENTLY ${quoted(name)} ON ${quoted(p.partition)} ${on[2]}`);
      // Attaching takes a brief lock on the parent's index only; bounded all the same.
      await client.query(`SET lock_timeout = ${Math.max(1, Math.round(options.lockTimeoutMs ?? 5_000))}`);
      try {
        await client.query(`ALTER INDEX ${quoted(p.parent)} ATTACH PARTITION ${quoted(name)}`);
      } finally {
        await client.query('RESET lock_timeout');
      }
      const step = { index: p.parent, partition: p.partition, built: name };
      done.push(step);
      options.onStep?.(step);
    }
  } finally {
    client.done();
  }
  return done;
}

/** The positions log's partitioned indexes not yet valid (some partition still lacks its index). */
export async function invalidPartitionIndexes(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
    WHERE x.indrelid = 'positions'::regclass AND NOT x.indisvalid ORDER BY 1`);
  return rows.map((r) => r.name);
}
