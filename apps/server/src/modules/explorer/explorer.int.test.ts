import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';
import type { PositionRow } from '../../ingest/position-writer.ts';
import { pruneRollups } from '../../ingest/processors/rollups-store.ts';

// Issue 16: the roll-ups processor running in the ingest (late positions merged, flagged ones left
// out) and the explorer's calls on top of it: reports, series (raw and rolled up), records, CSV,
// each refused on another customer's vehicle.

let t: TestApp;
let ops: SessionUser;
let northway: SessionUser;
let unit: number;
let theirUnit: number;
const START = Date.parse('2026-09-14T08:00:00Z');
const LEEDS = { lat: 53.8, lon: -1.55 };

function pos(unitId: number, at: number, io: Record<string, number | string>, where = LEEDS): PositionRow {
  return { unitId, deviceTimeMs: at, ...where, altitude: 50, angle: 0, satellites: 9, speed: 30, priority: 0, eventIo: 0, io, protocol: 'teltonika' };
}

/** Writes and waits for the roll-ups processor to pass the newest position. */
async function write(rows: PositionRow[]) {
  await t.ingest.writer.write(rows);
  const pool = t.database.pool;
  const behind = async () => (await pool.query<{ behind: boolean }>(
    `SELECT coalesce((SELECT position_id FROM processor_cursors WHERE name = 'rollups'), 0) < (SELECT max(id) FROM positions) AS behind`)).rows[0]?.behind;
  expect(await until(behind, (b) => b === false, 10_000)).toBe(false);
}
const bucket = async (at: string) =>
  (await t.database.pool.query('SELECT vals, n FROM io_rollups WHERE unit_id = $1 AND bucket = $2', [unit, at])).rows[0];
const get = async (url: string, token = ops.token) => t.call('GET', url, { token });
const range = (from: number, to: number) => `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  unit = (await t.database.pool.query('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [ops.siteid])).rows[0].id;
  theirUnit = (await t.database.pool.query('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [northway.siteid])).rows[0].id;
  // 20 minutes at 1 Hz from 08:00: external voltage ramps 12.000 → 13.199 V, one RPM spike, a text value that reads as a formula.
  const rows: PositionRow[] = [];
  for (let i = 0; i < 1200; i++) rows.push(pos(unit, START + i * 1000, { 66: 12_000 + i, 85: i === 700 ? 4_000 : 800, 11: '=HYPERLINK("x")' }));
  // A report without a fix: flagged implausible, so never rolled up.
  rows.push(pos(unit, START + 300_500, { 66: 99_999 }, { lat: 0, lon: 0 }));
  await write(rows);
});
afterAll(async () => {
  await t.close();
});

describe('the roll-ups processor', () => {
  it('folds each 10-minute bucket: min, max, first, last, sum, count and their times; text values and flagged positions left out', async () => {
    const first = await bucket('2026-09-14T08:00:00Z');
    expect(first.n).toBe(600);
    expect(first.vals['66']).toEqual([12_000, 12_599, 12_000, 12_599, 600 * 12_000 + (599 * 600) / 2, 600, 0, 599_000]);
    expect(first.vals['11']).toBeUndefined();
    expect((await bucket('2026-09-14T08:10:00Z')).vals['85'].slice(0, 2)).toEqual([800, 4_000]);
  });

  it('merges a late position into its older bucket as if it had come in order', async () => {
    await write([pos(unit, START - 1, { 66: 11_000 }), pos(unit, START + 500, { 66: 14_000 })]);
    // 07:59:59.999 opens the bucket before; 08:00:00.500 lands in the first one, neither first nor last.
    expect((await bucket('2026-09-14T07:50:00Z')).vals['66']).toEqual([11_000, 11_000, 11_000, 11_000, 11_000, 1, 599_999, 599_999]);
    const first = await bucket('2026-09-14T08:00:00Z');
    expect(first.n).toBe(601);
    expect(first.vals['66']).toEqual([12_000, 14_000, 12_000, 12_599, 600 * 12_000 + (599 * 600) / 2 + 14_000, 601, 0, 599_000]);
  });

  it('drops the roll-ups of a customer whose positions retention has passed, and keeps the others', async () => {
    const pool = t.database.pool;
    const customer = (await pool.query('SELECT s.customer_id AS id FROM sites s WHERE s.id = $1', [ops.siteid])).rows[0].id;
    await pool.query(`INSERT INTO io_rollups (unit_id, bucket, vals, n) VALUES ($1, '2024-01-01T00:00:00Z', '{}', 1), ($2, '2024-01-01T00:00:00Z', '{}', 1)`, [unit, theirUnit]);
    await pool.query('UPDATE customers SET position_retention_months = 12 WHERE id = $1', [customer]);
    try {
      expect(await pruneRollups(pool, Date.parse('2026-11-24T12:00:00Z'))).toBeGreaterThanOrEqual(1);
      const left = await pool.query(`SELECT unit_id FROM io_rollups WHERE bucket = '2024-01-01T00:00:00Z'`);
      expect(left.rows.map((r) => r.unit_id)).toEqual([theirUnit]);
      expect(await bucket('2026-09-14T08:00:00Z')).toBeDefined();
    } finally {
      await pool.query('UPDATE customers SET position_retention_months = NULL WHERE id = $1', [customer]);
      await pool.query('DELETE FROM io_rollups WHERE unit_id = $1', [theirUnit]);
    }
  });
});

describe('the explorer calls', () => {
  it('lists the IO values the vehicle reported with names and units (getfmsv2reports)', async () => {
    const res = await get(`getfmsv2reports?uid=${unit}`);
    expect(res.statusCode).toBe(200);
    const io = res.json().io as Array<{ id: string; name: string; unit: string; numeric: boolean }>;
    expect(io.find((i) => i.id === '66')).toMatchObject({ name: 'External voltage', unit: 'V', numeric: true });
    expect(io.find((i) => i.id === '85')).toMatchObject({ unit: 'rpm', numeric: true });
  });

  it('charts a short range from the positions, keeping the spike, at most two points a column (getioseries)', async () => {
    const res = await get(`getioseries?uid=${unit}&io=66,85&${range(START, START + 1_200_000)}&points=50`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.source).toBe('raw');
    const [volts, rpm] = a.series;
    expect(volts).toMatchObject({ io: '66', unit: 'V' });
    expect(volts.t.length).toBeLessThanOrEqual(100);
    expect(Math.min(...volts.v)).toBe(12);
    expect(Math.max(...volts.v)).toBe(14); // the late 14.000 V at 08:00:00.5
    expect(Math.max(...rpm.v)).toBe(4_000);
    expect(rpm.t[rpm.v.indexOf(4_000)]).toBe(START + 700_000);
    // Zoomed in on the spike: more detail (every second) is fetched.
    const zoom = (await get(`getioseries?uid=${unit}&io=85&${range(START + 690_000, START + 710_000)}&points=1000`)).json();
    expect(zoom.series[0].t).toHaveLength(20);
  });

  it('charts a long range from the roll-ups with the same extremes', async () => {
    const a = (await get(`getioseries?uid=${unit}&io=66,85&${range(START - 4 * 86_400_000, START + 86_400_000)}&points=500`)).json();
    expect(a.source).toBe('rollup');
    expect(Math.min(...a.series[0].v)).toBe(11);
    expect(Math.max(...a.series[0].v)).toBe(14);
    expect(Math.max(...a.series[1].v)).toBe(4_000);
  });

  it('pages the raw records with IO values in words (getdatarecords)', async () => {
    const a = (await get(`getdatarecords?uid=${unit}&${range(START, START + 1_200_000)}&offset=10&limit=5`)).json();
    expect(a.more).toBe(true);
    expect(a.records.map((r: { time: string }) => r.time)).toEqual([9, 10, 11, 12, 13].map((s) => new Date(START + s * 1000).toISOString()));
    expect(a.records[0].io.find((i: { id: string }) => i.id === '66')).toEqual({ id: '66', name: 'External voltage', text: '12.01 V' });
    const end = (await get(`getdatarecords?uid=${unit}&${range(START + 1_199_000, START + 1_200_000)}`)).json();
    expect(end).toMatchObject({ more: false, records: [{ time: new Date(START + 1_199_000).toISOString() }] });
  });

  it('streams the records as CSV with formulas defused', async () => {
    const res = await get(`getdatarecordscsv?uid=${unit}&${range(START + 300_000, START + 301_000)}&io=66,11`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Latitude,Longitude,Speed (km/h),Implausible,External voltage (66),ICCID1 (11)');
    // 08:05:00 and the flagged report at 08:05:00.5 (flagged rows are records too).
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(`${new Date(START + 300_000).toISOString()},53.8,-1.55,30,,12.3 V,"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain(',no-fix,');
  });

  it("answers another customer's vehicle as a missing one, and refuses a bad range", async () => {
    for (const call of ['getfmsv2reports?', `getioseries?io=66&${range(START, START + 1000)}&`, `getdatarecords?${range(START, START + 1000)}&`, `getdatarecordscsv?${range(START, START + 1000)}&`]) {
      const mine = await get(`${call}uid=${unit}`, northway.token);
      expect([mine.statusCode, mine.json().message], call).toEqual([404, 'No such unit.']);
      expect((await get(`${call}uid=${theirUnit}`)).statusCode, call).toBe(404);
    }
    const bad = await get(`getioseries?uid=${unit}&io=66&${range(START + 1000, START)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('must be after from');
  });
});
