import { fuelEventsAnswerSchema, fuelLevelsAnswerSchema, fuelSummaryAnswerSchema, fuelVehiclesAnswerSchema, type SessionUser } from '@fleet/shared';
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { RaisedAlert } from '../units/index.ts';
import { fuelJob, type FuelJob, fuelRepository } from './index.ts';

// The detection job over a recorded noisy trace (packages/shared fuel fixtures) written into the
// positions log as a Teltonika unit would send it (IO 89 %, 83, 16, 102, 239), in two parts, so
// the drop crosses the boundary between two runs; then the calls over what it stored.

interface Fixture { tankLitres: number; rows: [number, number, number, 0 | 1, number, number, number, number, number][] }
const fixture = JSON.parse(readFileSync(new URL('../../../../../packages/shared/src/fuel/fixtures/truck-depot-day.json', import.meta.url), 'utf8')) as Fixture;

let t: TestApp;
let ops: SessionUser;
let admin: SessionUser;
let northway: SessionUser;
let job: FuelJob;
const raised: RaisedAlert[] = [];
let leeds = 0;
let uid = 0;
// The trace moved so that it ends 20 minutes ago: the drop is recent enough to raise its alert.
const shift = Date.now() - 20 * 60_000 - (fixture.rows[fixture.rows.length - 1]?.[0] ?? 0);
const iso = (ms: number) => new Date(ms).toISOString();
const from = iso((fixture.rows[0]?.[0] ?? 0) + shift - 3_600_000);
const to = iso(Date.now());

async function write(rows: Fixture['rows']): Promise<void> {
  await t.database.pool.query(
    `INSERT INTO positions (unit_id, device_time, lat, lon, speed, satellites, io, protocol)
     SELECT $1, x.at, x.lat, x.lon, x.speed, 9, x.io, 'teltonika' FROM json_to_recordset($2::json) AS x(at timestamptz, lat float8, lon float8, speed int, io jsonb)`,
    [uid, JSON.stringify(rows.map(([tm, level, speed, ign, lat, lon, used, odo, hours]) => ({
      at: iso(tm + shift), lat, lon, speed,
      io: { 89: Math.round((level / fixture.tankLitres) * 100), 83: Math.round(used * 10), 16: Math.round(odo * 1000), 102: Math.round(hours * 60), 239: ign },
    })))]);
}
const get = (url: string, token = ops.token) => t.call('GET', url, { token });

beforeAll(async () => {
  t = await createTestApp();
  await t.ingest.stop();
  ops = await t.login('ops.leeds@aire-valley.example');
  admin = await t.login('admin.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  leeds = ops.siteid ?? 0;
  const pool = t.database.pool;
  uid = (await pool.query<{ id: number }>(
    `INSERT INTO units (site_id, device_id, unit_type_id, registration, tank_litres) VALUES ($1, 'fuel-test-1', 1, 'FU26 EL', 400) RETURNING id`, [leeds])).rows[0]!.id;
  await pool.query(`INSERT INTO unit_state (unit_id, position_id, device_time, status_time, lat, lon, speed, angle, satellites, fuel_level, io)
    VALUES ($1, 1, now(), now(), 53.8, -1.5, 0, 0, 9, 51, '{"89": 51}')`, [uid]);
  // Other units' demo data is left out: this job scans only the test's unit.
  const repo = fuelRepository(pool);
  job = fuelJob({
    pool, log: pino({ level: 'silent' }), onAlerts: (list) => t.ingest.alertEvents.emit('alerts', list),
    repo: { ...repo, reportingUnits: async () => (await repo.reportingUnits()).filter((u) => u.id === uid) },
  });
  t.ingest.alertEvents.on('alerts', (list) => raised.push(...list.filter((a) => a.unitId === uid)));
});
afterAll(async () => {
  await job.stop();
  await t.close();
});

describe('fuel detection job', () => {
  it('takes the tank size (which turns a % level into litres) from the units list', async () => {
    const other = (await t.database.pool.query<{ id: number }>(
      `INSERT INTO units (site_id, device_id, unit_type_id, registration) VALUES ($1, 'fuel-test-2', 1, 'FU26 TK') RETURNING id`, [leeds])).rows[0]!.id;
    const { id: _id, ...rec } = (await get(`configrecord?list=units&id=${other}`, admin.token)).json().record as Record<string, unknown>;
    expect(rec.tanklitres).toBeNull();
    const res = await t.call('POST', 'updateconfigrecord', { token: admin.token, body: { mode: 'edit', list: 'units', id: other, rec: { ...rec, tanklitres: 300 } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`configrecord?list=units&id=${other}`, admin.token)).json().record.tanklitres).toBe(300);
    const listed = (await get('configlist?list=units&q=FU26%20TK', admin.token)).json().records as Array<Record<string, unknown>>;
    expect(listed[0]?.tank).toBe('300 l');
    const bad = await t.call('POST', 'updateconfigrecord', { token: admin.token, body: { mode: 'edit', list: 'units', id: other, rec: { ...rec, tanklitres: 2 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('at least 5 litres');
  });

  it('stores the refuel and the night drop once across runs and raises one fuel-drop alert, live', async () => {
    const dropAt = fixture.rows.findIndex(([tm]) => tm >= Date.parse('2026-11-16T20:13:00Z'));
    await write(fixture.rows.slice(0, dropAt + 1));
    await job.run();
    // The drop is the trace's last reading: not yet known to last, so not yet an event.
    const first = await t.database.pool.query<{ kind: string }>('SELECT kind FROM fuel_events WHERE unit_id = $1', [uid]);
    expect(first.rows.map((r) => r.kind)).toEqual(['refuel']);
    await write(fixture.rows.slice(dropAt + 1));
    await job.run();
    await job.run();
    const events = await t.database.pool.query<{ kind: string; litres: number; alert_id: string | null }>(
      'SELECT kind, litres, alert_id FROM fuel_events WHERE unit_id = $1 ORDER BY start_at', [uid]);
    expect(events.rows.map((r) => r.kind)).toEqual(['refuel', 'drop']);
    expect(Math.abs((events.rows[1]?.litres ?? 0) - 40)).toBeLessThanOrEqual(4);
    const alerts = await t.database.pool.query<{ id: string; kind: string; event: string; detail: string; cleared_at: Date | null }>(
      `SELECT id::text, kind, event, detail, cleared_at FROM alerts WHERE unit_id = $1`, [uid]);
    expect(alerts.rows).toHaveLength(1);
    expect(alerts.rows[0]).toMatchObject({ kind: 'fuel', event: 'drop', cleared_at: null });
    expect(alerts.rows[0]?.detail).toMatch(/^\d+\.\d l \(/);
    expect(events.rows[1]?.alert_id).toBe(alerts.rows[0]?.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ kind: 'fuel', event: 'drop', unitId: uid, siteId: leeds });
    // Listed and counted with the vehicle alarms on the alerts page, and cleared with them.
    const list = (await get('alertlist?list=device')).json().alerts as Array<{ aid: number; kind: string; detail: string }>;
    expect(list.find((a) => a.aid === Number(alerts.rows[0]?.id))).toMatchObject({ kind: 'fuel', detail: alerts.rows[0]?.detail });
    expect((await get('dashalerts')).json().counts.device).toBeGreaterThanOrEqual(1);
  });
});

describe('fuel calls', () => {
  it('lists the site\'s vehicles with a fuel level, the level series, events with places, consumption', async () => {
    const vehicles = fuelVehiclesAnswerSchema.parse((await get(`fuelvehicles?siteid=${leeds}`)).json());
    expect(vehicles.vehicles.find((v) => v.uid === uid)).toMatchObject({ registration: 'FU26 EL', tankLitres: 400, levelUnit: '%' });

    const levels = fuelLevelsAnswerSchema.parse((await get(`fuellevels?uid=${uid}&from=${from}&to=${to}`)).json());
    expect(levels.unit).toBe('l');
    expect(levels.readings).toBe(fixture.rows.length);
    expect(levels.t.length).toBe(levels.level.length);
    expect(Math.max(...levels.level)).toBeGreaterThan(200);

    const events = fuelEventsAnswerSchema.parse((await get(`fuelevents?siteid=${leeds}&uid=${uid}&from=${from}&to=${to}`)).json());
    expect(events.events.map((e) => e.kind)).toEqual(['drop', 'refuel']);
    expect(events.events[1]?.litres).toBeGreaterThan(130);
    expect(events.events[0]?.loc).not.toBe('');

    const summary = fuelSummaryAnswerSchema.parse((await get(`fuelsummary?uid=${uid}&from=${from}&to=${to}`)).json());
    expect(summary).toMatchObject({ source: 'counter', refuels: 1, drops: 1 });
    expect(summary.per100km).toBeGreaterThan(28);
    expect(summary.per100km).toBeLessThan(33);
  });

  it('exports the events as CSV', async () => {
    const res = await get(`fuelexport?siteid=${leeds}&uid=${uid}&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Vehicle,Kind,Start (UTC),End (UTC),Place,Latitude,Longitude,Before (l),After (l),Litres');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['drop', 'refuel']);
  });

  it("refuses another customer's vehicle and site, and a bad range, changing nothing", async () => {
    expect((await get(`fuellevels?uid=${uid}&from=${from}&to=${to}`, northway.token)).statusCode).toBe(404);
    expect((await get(`fuelsummary?uid=${uid}&from=${from}&to=${to}`, northway.token)).statusCode).toBe(404);
    expect((await get(`fuelevents?siteid=${leeds}&from=${from}&to=${to}`, northway.token)).statusCode).toBe(404);
    expect((await get(`fuelexport?siteid=${leeds}&from=${from}&to=${to}`, northway.token)).statusCode).toBe(404);
    expect((await get(`fuelvehicles?siteid=${leeds}`, northway.token)).statusCode).toBe(404);
    const backwards = await get(`fuelevents?siteid=${leeds}&from=${to}&to=${from}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('to must be after from');
  });
});

describe("the fuel job's lock", () => {
  // The chaos test's server ended with an unheard error event (57P01) when its database stopped in
  // the middle of a scan: the lock's connection was a plain pool client. Now the scan fails instead.
  it('fails the scan, and nothing else, when the database ends the lock holder\'s connection', async () => {
    const repo = fuelRepository(t.database.pool);
    const key = 7_262_916;
    const run = repo.withJobLock(key, async () => {
      const ended = await t.database.pool.query<{ ok: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted`, [key]);
      expect(ended.rows[0]?.ok).toBe(true);
      // Long enough for the FATAL message to reach the client and raise its error event.
      await new Promise((r) => setTimeout(r, 300));
    });
    await expect(run).rejects.toThrow();
    // The pool is still good: the dead client was discarded, not handed out again.
    expect((await t.database.pool.query<{ n: number }>('SELECT 1 AS n')).rows[0]?.n).toBe(1);
    expect(await repo.withJobLock(key, async () => {})).toBe(true);
  });
});
