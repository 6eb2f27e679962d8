import { addMonths, applyMigrations, connect, monthStart, partitionName, type Database } from '@fleet/db';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readStateWindow } from './processors/state-store.ts';
import { readHorizon } from './log-horizon.ts';
import { positionWriter, type PositionRow } from './position-writer.ts';

// Issue 12, history at scale: migration 0014 turns an existing, filled positions log into a table
// partitioned by month. Every row must come through unchanged (id, IO, flag, times), the id sequence
// must go on, re-sent records must still be stored once, and the processors' reads must still work.

const name = `fleet_t_${randomBytes(6).toString('hex')}`;
let admin: pg.Client;
let database: Database;
let unitA: number;
let unitB: number;
const YEAR_AHEAD = Date.now() + 365 * 86_400_000;
const WHEN = ['2026-06-03T10:00:00.125Z', '2026-07-31T23:59:59.999Z', '2026-08-01T00:00:00.000Z', '2026-09-15T08:30:00Z',
  '2026-10-02T17:45:12.5Z', '2026-11-20T06:00:00Z'];

const snapshot = async () =>
  (await database.pool.query<{ row: string }>('SELECT to_jsonb(p)::text AS row FROM positions p ORDER BY id')).rows.map((r) => r.row);

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  database = connect(url.toString(), { max: 4 });
  await applyMigrations(database, { through: '0013_journeys' });
  const q = (sql: string, params: unknown[] = []) => database.pool.query(sql, params);
  // A brand as 0013's table has it (the seed writes today's columns, which a database at 0013 lacks).
  await q(`INSERT INTO brands (key, is_default, name, theme_color, logo_svg, favicon_svg, public_url, sender_address)
    VALUES ('migrated', true, 'Migrated', '#1f6feb', '<svg/>', '<svg/>', 'http://fleet.test:8080', 'fleet@fleet.test')`);
  const { rows: [c] } = await q(`INSERT INTO customers (brand_id, name) SELECT id, 'Migrated' FROM brands LIMIT 1 RETURNING id`);
  const { rows: [s] } = await q(`INSERT INTO sites (customer_id, name) VALUES ($1, 'Migrated site') RETURNING id`, [c.id]);
  await q(`INSERT INTO unit_types (id, name) VALUES (2, 'HGV') ON CONFLICT DO NOTHING`);
  const { rows: units } = await q(`INSERT INTO units (site_id, device_id, unit_type_id, registration)
    VALUES ($1, '352000000001401', 2, 'MIG 1'), ($1, '352000000001402', 2, 'MIG 2') RETURNING id`, [s.id]);
  [unitA, unitB] = units.map((u) => u.id as number) as [number, number];
  // The log as 0013 left it: both units over six months, big IO values as strings, flagged rows, and
  // device clocks at 1970 and a year ahead.
  const insert = `INSERT INTO positions (unit_id, device_time, received_at, lat, lon, altitude, angle, satellites, speed, priority, event_io, io, protocol, implausible)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`;
  let k = 0;
  for (const when of WHEN) {
    for (const unit of [unitA, unitB]) {
      k++;
      await q(insert, [unit, when, new Date(Date.parse(when) + 1500).toISOString(), 53.8 + k / 1000, -1.5 - k / 1000, 40 + k, k * 10, 9, 30 + k, k % 2, k % 3 === 0 ? 239 : 0,
        JSON.stringify({ 239: k % 2, 16: 1_000_000 + k * 1234, 78: '18446744073709551615', 281: '0x00ff', 9: 12.5 }), 'teltonika', null]);
    }
  }
  await q(insert, [unitA, '2026-09-15T08:30:01Z', '2026-09-15T08:31:00Z', 0, 0, 0, 0, 0, 0, 0, 0, '{"239":1}', 'teltonika', 'no-fix']);
  await q(insert, [unitA, '1970-01-01T00:00:05Z', '2026-09-01T00:00:00Z', 53.8, -1.5, 0, 0, 5, 0, 0, 0, '{}', 'teltonika', 'time-before-floor']);
  await q(insert, [unitB, new Date(YEAR_AHEAD).toISOString(), '2026-10-01T00:00:00Z', 53.8, -1.5, 0, 0, 5, 0, 0, 0, '{}', 'osmand', 'time-ahead']);
  // A gap in the ids, as a rolled-back insert leaves.
  await q(`DELETE FROM positions WHERE id = (SELECT min(id) + 4 FROM positions)`);
});

afterAll(async () => {
  await database?.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migration 0014 on a filled positions log', () => {
  let before: string[];
  let lastId: number;

  it('keeps every row unchanged and makes the table partitioned by month, odd times in the default partition', async () => {
    before = await snapshot();
    expect(before).toHaveLength(WHEN.length * 2 + 3 - 1);
    lastId = Number((await database.pool.query('SELECT max(id) AS id FROM positions')).rows[0].id);
    await applyMigrations(database);

    expect(await snapshot()).toEqual(before);
    const kind = await database.pool.query(`SELECT relkind FROM pg_class WHERE oid = 'positions'::regclass`);
    expect(kind.rows[0].relkind).toBe('p');
    const { rows: parts } = await database.pool.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass ORDER BY 1`);
    const thisMonth = monthStart(Date.now());
    const expected = new Set([...WHEN.map((w) => partitionName(monthStart(Date.parse(w)))),
      ...[0, 1, 2].map((k) => partitionName(addMonths(thisMonth, k))), 'positions_default']);
    expect(parts.map((p) => p.name)).toEqual([...expected].sort());

    // Each row sits in its month's partition; the clocks at 1970 and a year ahead in the default one.
    const { rows: placed } = await database.pool.query<{ part: string; t: Date; implausible: string | null }>(
      'SELECT tableoid::regclass::text AS part, device_time AS t, implausible FROM positions');
    for (const r of placed) {
      const outside = r.implausible === 'time-before-floor' || r.implausible === 'time-ahead';
      expect(r.part).toBe(outside ? 'positions_default' : partitionName(monthStart(r.t.getTime())));
    }
    expect(placed.filter((r) => r.part === 'positions_default')).toHaveLength(2);
  });

  it('gives every partition the key, the re-send index and the flagged index, and keeps the foreign key', async () => {
    const { rows } = await database.pool.query<{ part: string; defs: string[] }>(
      `SELECT c.relname AS part, array_agg(pg_get_indexdef(x.indexrelid) ORDER BY pg_get_indexdef(x.indexrelid)) AS defs
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_index x ON x.indrelid = c.oid
        WHERE i.inhparent = 'positions'::regclass GROUP BY 1`);
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      expect(r.defs.some((d) => d.startsWith('CREATE UNIQUE INDEX') && d.endsWith('(id, device_time)'))).toBe(true);
      expect(r.defs.some((d) => d.startsWith('CREATE UNIQUE INDEX') && d.endsWith('(unit_id, device_time, event_io)'))).toBe(true);
      expect(r.defs.some((d) => d.includes('(unit_id, id) WHERE (implausible IS NOT NULL)'))).toBe(true);
    }
    await expect(database.pool.query(`INSERT INTO positions (unit_id, device_time, lat, lon, protocol) VALUES (999999, now(), 1, 1, 'x')`))
      .rejects.toThrow(/foreign key/);
  });

  it('goes on with larger ids through the position writer, and stores a re-sent record once', async () => {
    const writer = positionWriter(database.pool);
    const fresh: PositionRow = {
      unitId: unitA, deviceTimeMs: Date.now() - 60_000, lat: 53.81, lon: -1.52, altitude: 50, angle: 90, satellites: 11, speed: 42,
      priority: 0, eventIo: 0, io: { 239: 1, 16: 2_000_000 }, protocol: 'teltonika',
    };
    // An old record sent again (its ACK was lost before the migration), and a new one, twice.
    const old = (await database.pool.query(`SELECT extract(epoch FROM device_time) * 1000 AS t, event_io FROM positions WHERE unit_id = $1 AND device_time = $2`,
      [unitB, WHEN[1]])).rows[0];
    const resent: PositionRow = { ...fresh, unitId: unitB, deviceTimeMs: Number(old.t), eventIo: old.event_io as number };
    await writer.write([fresh, resent]);
    await writer.write([fresh, resent]);
    const { rows } = await database.pool.query<{ id: string; unit_id: number }>(
      'SELECT id::text, unit_id FROM positions WHERE (unit_id = $1 AND device_time = to_timestamp($2 / 1000.0)) OR (unit_id = $3 AND device_time = $4)',
      [unitA, fresh.deviceTimeMs, unitB, WHEN[1]]);
    expect(rows).toHaveLength(2);
    const newRow = rows.find((r) => r.unit_id === unitA);
    expect(Number(newRow?.id)).toBeGreaterThan(lastId);
    // The old one is the row that was there: same id, same content.
    const oldAfter = (await database.pool.query('SELECT to_jsonb(p)::text AS row FROM positions p WHERE unit_id = $1 AND device_time = $2', [unitB, WHEN[1]])).rows[0].row;
    expect(before).toContain(oldAfter);
    expect((await database.pool.query('SELECT count(*)::int AS n FROM positions')).rows[0].n).toBe(before.length + 1);
  });

  it('still serves the processors: the horizon and an id window across months, in id order', async () => {
    const client = await database.pool.connect();
    try {
      const horizon = await readHorizon(client);
      expect(Number(horizon)).toBeGreaterThan(lastId);
      const ids = (await client.query<{ id: string }>(
        'SELECT id::text FROM positions WHERE id > $1::bigint AND id <= $2::bigint ORDER BY id LIMIT $3', ['2', horizon, 5])).rows.map((r) => Number(r.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids[0]).toBeGreaterThan(2);
      expect(ids).toHaveLength(5);
      const window = await readStateWindow(client, { from: '0', to: horizon, limit: 1000 });
      expect(window.count).toBe(before.length + 1);
      expect(window.lastId).toBe(horizon);
      // Each unit's newest plausible row by device time: unit A's new one (unit B's newest is a year ahead, flagged);
      // and its newest row flagged only no-fix (its status counts): unit A's at 0,0.
      expect(window.rows.filter((r) => !r.noFix).map((r) => r.unit_id).sort()).toEqual([unitA, unitB].sort());
      expect(window.rows.filter((r) => r.noFix).map((r) => r.unit_id)).toEqual([unitA]);
    } finally {
      client.release();
    }
  });
});
