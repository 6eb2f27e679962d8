import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { applyMigrations, type Database } from './connection.ts';
import { freshDatabase } from './fresh-database.test-support.ts';
import { buildPartitionIndexes, invalidPartitionIndexes, partitionIndexName } from './partition-indexes.ts';

// A new index on the positions log the way docs/deployment.md prescribes (issue 17): the migration
// creates it ON ONLY positions (nothing built, the parent's index invalid), then each partition's is
// built CONCURRENTLY outside the migrator and attached, which makes the parent's valid.
let database: Database;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  fresh = await freshDatabase(inject('pgAdminUrl'));
  database = fresh.database;
  await applyMigrations(database);
});
afterAll(() => fresh.drop());

const partitions = async () => (await database.pool.query<{ name: string }>(
  "SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass ORDER BY 1")).rows.map((r) => r.name);
const indexesOf = async (table: string) => (await database.pool.query<{ indexname: string; indexdef: string }>(
  'SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1 ORDER BY 1', [table])).rows;

describe('an index created ON ONLY positions', () => {
  it('is built on every partition, attached, and the parent\'s becomes valid; a second run has nothing to do', async () => {
    const parts = await partitions();
    expect(parts).toContain('positions_default');
    expect(parts.length).toBeGreaterThan(2);
    await database.pool.query('CREATE INDEX "positions_speed_idx" ON ONLY "positions" USING btree ("unit_id", "speed")');
    expect(await invalidPartitionIndexes(database.pool)).toEqual(['positions_speed_idx']);
    // A concurrent build that failed half-way leaves an invalid index behind (made here by marking
    // one invalid, as PostgreSQL does when CREATE INDEX CONCURRENTLY fails); the run replaces it.
    const first = parts[0] as string;
    await database.pool.query(`CREATE INDEX "${partitionIndexName('positions_speed_idx', first)}" ON "${first}" (unit_id, speed)`);
    await database.pool.query(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = '"${partitionIndexName('positions_speed_idx', first)}"'::regclass`);

    const steps = await buildPartitionIndexes(database.pool);
    expect(steps.map((s) => s.partition).sort()).toEqual(parts);
    expect(await invalidPartitionIndexes(database.pool)).toEqual([]);
    for (const part of parts) {
      const made = (await indexesOf(part)).find((i) => i.indexname === partitionIndexName('positions_speed_idx', part));
      expect(made?.indexdef, part).toContain('USING btree (unit_id, speed)');
    }
    expect(await buildPartitionIndexes(database.pool)).toEqual([]);
  });

  it('reaches a month the partition upkeep attaches later', async () => {
    await database.pool.query('CREATE INDEX "positions_sats_idx" ON ONLY "positions" USING btree ("satellites")');
    await buildPartitionIndexes(database.pool);
    // As the upkeep creates a month (partitions.ts createMonth): a table of its own, then attached.
    await database.pool.query('CREATE TABLE "positions_2099_01" (LIKE positions INCLUDING DEFAULTS)');
    await database.pool.query("ALTER TABLE positions ATTACH PARTITION positions_2099_01 FOR VALUES FROM ('2099-01-01T00:00:00Z') TO ('2099-02-01T00:00:00Z')");
    expect((await indexesOf('positions_2099_01')).some((i) => i.indexdef.includes('USING btree (satellites)'))).toBe(true);
    expect(await invalidPartitionIndexes(database.pool)).toEqual([]);
  });

  it('names each partition\'s index after the partition and the parent\'s name, within 63 characters', () => {
    expect(partitionIndexName('positions_unit_time_event_idx', 'positions_2026_11')).toBe('positions_2026_11_unit_time_event_idx');
    expect(partitionIndexName(`positions_${'x'.repeat(80)}`, 'positions_2026_11')).toHaveLength(63);
  });
});
