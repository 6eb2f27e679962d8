import { ensureDefaultBrand } from '@fleet/db/seed/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { PARTITIONS_LOCK_KEY, runPartitionUpkeep, type UpkeepReport } from '@fleet/db';

// Issue 12, history at scale: the upkeep of the partitioned positions log. Months ahead are made,
// rows that waited in the default partition move into their month, and retention drops whole months
// only when every customer's retention has passed them, deletes the rest per customer in batches,
// and never touches trips. Runs at a chosen "now" so months to come can be tried today.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const q = (sql: string, params: unknown[] = []) => db.pool.query(sql, params);
const at = (iso: string) => Date.parse(iso);
let customers: { short: number; long: number; forever: number };
let units: { short: number; long: number; forever: number };

async function partitions(): Promise<string[]> {
  const { rows } = await q(`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass ORDER BY 1`);
  return rows.map((r) => r.name as string);
}

async function addPosition(unit: number, time: string, implausible: string | null = null): Promise<string> {
  const { rows: [r] } = await q(`INSERT INTO positions (unit_id, device_time, lat, lon, io, protocol, implausible)
    VALUES ($1, $2, 53.8, -1.5, '{"239":1,"16":123456}', 'teltonika', $3) RETURNING id::text`, [unit, time, implausible]);
  return r.id as string;
}

const where = async (id: string) => (await q('SELECT tableoid::regclass::text AS part FROM positions WHERE id = $1', [id])).rows[0]?.part as string | undefined;
const timesOf = async (unit: number) =>
  (await q(`SELECT to_char(device_time AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d FROM positions WHERE unit_id = $1 ORDER BY device_time`, [unit])).rows.map((r) => r.d as string);

async function upkeep(nowIso: string, options = {}): Promise<UpkeepReport> {
  const report = await runPartitionUpkeep(db.pool, at(nowIso), options);
  if (!report) throw new Error('the upkeep lock was held');
  return report;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await ensureDefaultBrand(db.db, { publicUrl: 'http://fleet.test:8080' });
  const { rows: [brand] } = await q('SELECT id FROM brands LIMIT 1');
  const made: Record<string, number>[] = [];
  for (const [name, months] of [['Short', 3], ['Long', 6], ['Forever', null]] as const) {
    const { rows: [c] } = await q('INSERT INTO customers (brand_id, name, position_retention_months) VALUES ($1, $2, $3) RETURNING id', [brand.id, name, months]);
    const { rows: [s] } = await q(`INSERT INTO sites (customer_id, name) VALUES ($1, $2) RETURNING id`, [c.id, `${name} site`]);
    await q(`INSERT INTO unit_types (id, name) VALUES (2, 'HGV') ON CONFLICT DO NOTHING`);
    const { rows: [u] } = await q(`INSERT INTO units (site_id, device_id, unit_type_id, registration) VALUES ($1, $2, 2, $3) RETURNING id`,
      [s.id, `35200000000${String(made.length).padStart(4, '0')}`, name]);
    made.push({ c: c.id, u: u.id });
  }
  customers = { short: made[0]!.c!, long: made[1]!.c!, forever: made[2]!.c! };
  units = { short: made[0]!.u!, long: made[1]!.u!, forever: made[2]!.u! };
});

afterAll(async () => {
  await db?.drop();
});

describe('partition upkeep', () => {
  it('makes this month and the next two, and moves the rows the default partition held for them, ids and all', async () => {
    // The migration made this month and two ahead; a clock that runs ahead writes into the default partition.
    const ahead = await addPosition(units.long, '2027-07-10T12:00:00Z', 'time-ahead');
    const later = await addPosition(units.long, '2031-01-01T00:00:00Z', 'time-ahead');
    const before = (await q('SELECT to_jsonb(p) - \'implausible\' AS row FROM positions p WHERE id = $1', [ahead])).rows[0].row;
    expect(await where(ahead)).toBe('positions_default');

    const report = await upkeep('2027-06-15T08:00:00Z');
    expect(report.created).toEqual(['positions_2027_06', 'positions_2027_07', 'positions_2027_08']);
    expect(report.moved).toBe(1);
    expect(await where(ahead)).toBe('positions_2027_07');
    expect((await q('SELECT to_jsonb(p) - \'implausible\' AS row FROM positions p WHERE id = $1', [ahead])).rows[0].row).toEqual(before);
    // Months outside stay where they are; a gap in the months (2027-02 to 05) is no one's business here.
    expect(await where(later)).toBe('positions_default');
    expect(await partitions()).not.toContain('positions_2027_03');

    // Attached months carry the parent's key, indexes and foreign key like those the migration made.
    const { rows: defs } = await q(`SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'positions_2027_07'::regclass ORDER BY 1`);
    expect(defs.map((d) => (d.def as string).replace(/^.* USING btree /, ''))).toEqual(
      expect.arrayContaining(['(id, device_time)', '(unit_id, device_time, event_io)', '(unit_id, id) WHERE (implausible IS NOT NULL)']));
    await expect(q(`INSERT INTO positions (unit_id, device_time, lat, lon, io, protocol) VALUES (999999, '2027-07-02T00:00:00Z', 1, 1, '{}', 'x')`))
      .rejects.toThrow(/foreign key/);
    // A second run has nothing to do.
    expect(await upkeep('2027-06-20T08:00:00Z')).toMatchObject({ created: [], moved: 0, dropped: [], deleted: 0, done: true });
    // The new month works like the others: a re-sent record is still refused by its key.
    await expect(q(`INSERT INTO positions (unit_id, device_time, lat, lon, io, protocol) VALUES ($1, '2027-07-10T12:00:00Z', 1, 1, '{}', 'x')`, [units.long]))
      .rejects.toThrow(/duplicate key/);
    await q('DELETE FROM positions WHERE id = ANY($1::bigint[])', [[ahead, later]]);
  });

  it('keeps every month while one customer keeps all, deleting only the shorter retentions, in batches', async () => {
    // Months of the past: the upkeep as it ran then made them.
    await upkeep('2027-02-05T00:00:00Z');
    await upkeep('2027-04-05T00:00:00Z');
    expect(await partitions()).toEqual(expect.arrayContaining(['positions_2026_11', 'positions_2026_12', 'positions_2027_01', 'positions_2027_03', 'positions_2027_05']));
    for (const unit of Object.values(units)) {
      for (const time of ['2026-11-25T10:00:00Z', '2026-12-05T10:00:00Z', '2026-12-25T10:00:00Z', '2027-01-15T10:00:00Z', '2027-03-05T10:00:00Z',
        '2027-03-25T10:00:00Z', '2027-06-10T10:00:00Z']) await addPosition(unit, time);
      await addPosition(unit, '1970-01-01T00:00:10Z', 'time-before-floor');
      await q(`INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id)
        VALUES ($1, 'trip', '2026-11-25T10:00:00Z', '2026-11-25T11:00:00Z', 53.8, -1.5, 53.9, -1.4, 1, 2)`, [unit]);
    }

    // On 2027-06-20, Short (3 months) is due before 2027-03-20, Long (6) before 2026-12-20; Forever keeps all.
    const first = await upkeep('2027-06-20T08:00:00Z', { batchRows: 2, maxBatches: 2 });
    expect(first).toMatchObject({ dropped: [], deleted: 4, done: false });
    const rest = await upkeep('2027-06-20T08:00:00Z', { batchRows: 2 });
    expect(rest.dropped).toEqual([]);
    expect(rest.done).toBe(true);
    expect(await timesOf(units.short)).toEqual(['2027-03-25', '2027-06-10']);
    expect(await timesOf(units.long)).toEqual(['2026-12-25', '2027-01-15', '2027-03-05', '2027-03-25', '2027-06-10']);
    expect(await timesOf(units.forever)).toEqual(['1970-01-01', '2026-11-25', '2026-12-05', '2026-12-25', '2027-01-15', '2027-03-05', '2027-03-25', '2027-06-10']);
    expect(await partitions()).toContain('positions_2026_11');
  });

  it('drops a month whole once every customer\'s retention has passed it, and never a trip', async () => {
    // Forever now keeps 12 months: the longest is 12, so nothing is wholly due yet (2026-06-20).
    await q('UPDATE customers SET position_retention_months = 12 WHERE id = $1', [customers.forever]);
    expect((await upkeep('2027-06-20T08:00:00Z')).dropped).toEqual([]);
    expect(await timesOf(units.forever)).toEqual(['2026-11-25', '2026-12-05', '2026-12-25', '2027-01-15', '2027-03-05', '2027-03-25', '2027-06-10']);

    // Down to 2: the longest is Long's 6 months, before 2026-12-20: November 2026 goes whole, December stays.
    await q('UPDATE customers SET position_retention_months = 2 WHERE id = $1', [customers.forever]);
    const report = await upkeep('2027-06-20T08:00:00Z');
    expect(report.dropped).toEqual(['positions_2026_11']);
    expect(await partitions()).not.toContain('positions_2026_11');
    expect(await partitions()).toEqual(expect.arrayContaining(['positions_2026_12', 'positions_2027_01', 'positions_default']));
    expect(await timesOf(units.forever)).toEqual(['2027-06-10']);
    expect(await timesOf(units.long)).toEqual(['2026-12-25', '2027-01-15', '2027-03-05', '2027-03-25', '2027-06-10']);
    expect((await q('SELECT count(*)::int AS n FROM trips')).rows[0].n).toBe(3);
    // And the log takes new rows as before.
    await addPosition(units.long, '2027-06-20T07:59:00Z');
  });

  it('lets one server at a time run it', async () => {
    const holder = await db.pool.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [PARTITIONS_LOCK_KEY]);
      expect(await runPartitionUpkeep(db.pool, at('2027-06-20T08:00:00Z'))).toBeUndefined();
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [PARTITIONS_LOCK_KEY]);
      holder.release();
    }
  });
});
