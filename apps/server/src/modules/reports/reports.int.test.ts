import { getReportsAnswerSchema, reportRunAnswerSchema, type ReportRunSummary, type ReportResult, type SessionUser } from '@fleet/shared';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { timesheetsService } from '../timesheets/index.ts';

// Every call through the real app on a fresh database: trips, alerts and check lists are written
// here by SQL (the log processors are stopped), so each report's figures are known.

let t: TestApp;
let ops: SessionUser;
let otherUser: SessionUser;
let northway: SessionUser;
const ids = { leeds: 0, wakefield: 0, a: 0, b: 0, theirs: 0, driver: 0, theirDriver: 0, group: 0, poi: 0 };

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
const one = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await q<T>(text, values))[0] as T;

async function unit(siteId: number, registration: string): Promise<number> {
  return (await one<{ id: number }>('INSERT INTO units (site_id, device_id, unit_type_id, registration) VALUES ($1, $2, 1, $3) RETURNING id',
    [siteId, `reports-${registration}-${Date.now()}`, registration])).id;
}
async function segment(unitId: number, kind: 'trip' | 'stop', start: string, end: string, s: { distance?: number; driving?: number; idle?: number; max?: number; driver?: number } = {}) {
  await t.database.pool.query(
    `INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id,
       distance_m, driving_s, idle_s, max_speed, avg_speed, driver_id)
     VALUES ($1, $2, $3, $4, 53.8, -1.55, 53.81, -1.56, 1, 2, $5, $6, $7, $8, 30, $9)`,
    [unitId, kind, start, end, s.distance ?? 0, s.driving ?? 0, s.idle ?? 0, s.max ?? 0, s.driver ?? null]);
}
async function alert(unitId: number, siteId: number, kind: string, event: string, at: string, poiId: number | null = null, cleared: string | null = null) {
  await t.database.pool.query(
    `INSERT INTO alerts (site_id, unit_id, kind, event, poi_id, position_id, happened_at, lat, lon, cleared_at)
     VALUES ($1, $2, $3, $4, $5, -floor(random() * 1e9)::bigint, $6, 53.8, -1.55, $7)`, [siteId, unitId, kind, event, poiId, at, cleared]);
}

const RANGE = { from: '2026-11-16', to: '2026-11-20' };
type RunAnswer = { run: ReportRunSummary; result: ReportResult | null; totalRows: number };

async function start(body: unknown, token = ops.token) {
  return t.call('POST', 'runreport', { token, body });
}
/** Starts a run and polls it until it has finished; the answer of its last poll. */
async function runToEnd(body: unknown, token = ops.token, page = ''): Promise<RunAnswer> {
  const res = await start(body, token);
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { id: number }).id;
  for (let i = 0; i < 200; i++) {
    const poll = await t.call('GET', `reportrun?id=${id}${page}`, { token });
    expect(poll.statusCode, poll.body).toBe(200);
    const answer = reportRunAnswerSchema.parse(poll.json()) as RunAnswer;
    if (answer.run.status !== 'queued' && answer.run.status !== 'running') return answer;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`run ${id} did not finish`);
}
const report = async (what: string, metric = 'vehicle', src: number[] = [], record: Record<string, unknown> = {}) => {
  const answer = await runToEnd({ what, metric, src, record: { ...RANGE, ...record } });
  expect(answer.run.status, answer.run.error ?? '').toBe('done');
  return answer.result as ReportResult;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.ingest.stop();
  // The demo gives Leeds Tracksec; these users start without it (the gate is tested by turning it on).
  await q(`UPDATE users SET tracksec = false WHERE email IN ('ops.leeds@aire-valley.example', 'admin.leeds@aire-valley.example')`);
  ops = await t.login('ops.leeds@aire-valley.example');
  otherUser = await t.login('admin.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  ids.leeds = (await one<{ id: number }>(`SELECT id FROM sites WHERE name = 'Leeds Depot'`)).id;
  ids.wakefield = (await one<{ id: number }>(`SELECT id FROM sites WHERE name = 'Wakefield Works'`)).id;
  await q(`UPDATE sites SET timezone = 'Europe/London', unit_system = 'metric', working_hours = '{"days":[1,2,3,4,5],"start":"06:00","end":"18:00"}' WHERE id = $1`, [ids.leeds]);
  ids.a = await unit(ids.leeds, 'RP26 AAA');
  ids.b = await unit(ids.leeds, 'RP26 BBB');
  ids.theirs = await unit(ids.wakefield, 'RP26 WKF');
  ids.driver = (await one<{ id: number }>(`INSERT INTO drivers (site_id, name) VALUES ($1, 'Rita Report') RETURNING id`, [ids.leeds])).id;
  ids.theirDriver = (await one<{ id: number }>(`INSERT INTO drivers (site_id, name) VALUES ($1, 'Wanda Wakefield') RETURNING id`, [ids.wakefield])).id;
  ids.group = (await one<{ id: number }>(`INSERT INTO groups (site_id, name) VALUES ($1, 'Report vans') RETURNING id`, [ids.leeds])).id;
  await q('INSERT INTO group_units (group_id, unit_id) VALUES ($1, $2), ($1, $3)', [ids.group, ids.a, ids.b]);
  ids.poi = (await one<{ id: number }>(
    `INSERT INTO poi (site_id, name, mode, lat, lon, radius, is_geofence) VALUES ($1, 'Report yard', 1, 53.9, -1.6, 300, true) RETURNING id`, [ids.leeds])).id;

  // Monday 16 November 2026 (GMT) … Friday 20th.
  await segment(ids.a, 'trip', '2026-11-16T08:00:00Z', '2026-11-16T09:00:00Z', { distance: 10_000, driving: 3300, idle: 300, max: 80, driver: ids.driver });
  await segment(ids.a, 'stop', '2026-11-16T09:00:00Z', '2026-11-16T12:00:00Z', { idle: 600 });
  await segment(ids.a, 'trip', '2026-11-16T12:00:00Z', '2026-11-16T12:30:00Z', { distance: 5000, driving: 1800, max: 125, driver: ids.driver });
  await segment(ids.a, 'stop', '2026-11-16T12:30:00Z', '2026-11-16T12:32:00Z');
  await segment(ids.a, 'trip', '2026-11-17T23:30:00Z', '2026-11-18T00:30:00Z', { distance: 12_000, driving: 3600, max: 90 });
  await segment(ids.b, 'trip', '2026-11-18T10:00:00Z', '2026-11-18T11:00:00Z', { distance: 20_000, driving: 3600, max: 100 });
  await segment(ids.b, 'trip', '2026-11-21T10:00:00Z', '2026-11-21T11:00:00Z', { distance: 99_000, driving: 3600, max: 100 });
  await segment(ids.theirs, 'trip', '2026-11-16T10:00:00Z', '2026-11-16T11:00:00Z', { distance: 77_000, driving: 3600, max: 150, driver: ids.theirDriver });

  await alert(ids.a, ids.leeds, 'geofence', 'enter', '2026-11-16T09:05:00Z', ids.poi);
  await alert(ids.a, ids.leeds, 'panic', 'press', '2026-11-16T10:00:00Z');
  await alert(ids.a, ids.leeds, 'geofence', 'exit', '2026-11-16T11:55:00Z', ids.poi);
  await alert(ids.b, ids.leeds, 'runover', 'ignition', '2026-11-18T10:30:00Z', null, '2026-11-18T12:00:00Z');
  await alert(ids.theirs, ids.wakefield, 'panic', 'press', '2026-11-16T10:00:00Z');

  const cl = await one<{ id: string }>(
    `INSERT INTO checklists (site_id, unit_id, driver_id, client_key, operator, issue_count, mileage, details, reported_at)
     VALUES ($1, $2, $3, 'rep-1', 'Rita Report', 1, 12345, '{}', '2026-11-16T07:30:00Z') RETURNING id::text`, [ids.leeds, ids.a, ids.driver]);
  await q(`INSERT INTO checklist_faults (checklist_id, site_id, unit_id, item, note) VALUES ($1, $2, $3, 'Tyres', 'Nearside front worn')`, [cl.id, ids.leeds, ids.a]);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('getreports', () => {
  it('lists the catalogue (timesheets only with tracksec) and only the caller\'s runs on the current site', async () => {
    const mine = await runToEnd({ what: 'trips', metric: 'vehicle', src: [ids.a], record: RANGE });
    await runToEnd({ what: 'trips', metric: 'site', src: [], record: RANGE }, otherUser.token);
    const res = await t.call('GET', 'getreports', { token: ops.token });
    expect(res.statusCode, res.body).toBe(200);
    const answer = getReportsAnswerSchema.parse(res.json());
    expect(answer.kinds.map((k) => k.what)).not.toContain('timesheets');
    expect(answer.kinds.map((k) => k.what)).toContain('trips');
    expect(answer.runs.map((r) => r.id)).toContain(mine.run.id);
    expect(answer.runs.every((r) => r.title === 'Trips report')).toBe(true);
    const theirs = getReportsAnswerSchema.parse((await t.call('GET', 'getreports', { token: otherUser.token })).json());
    expect(theirs.runs.map((r) => r.id)).not.toContain(mine.run.id);
  });

  it('lists the runs newest first by number, not by their ids as text (run 10 before run 9)', async () => {
    const who = { site_id: ids.leeds, user_id: (await one<{ id: number }>(`SELECT id FROM users WHERE email = 'ops.leeds@aire-valley.example'`)).id };
    // Runs whose ids cross a power of ten: as text '9…' sorts after '10…'.
    const next = Number((await one<{ id: string | null }>(`SELECT coalesce(max(id), 1)::text AS id FROM report_runs`)).id);
    const base = 10 ** (String(next).length + 1) - 3;
    for (const id of [base, base + 1, base + 2, base + 3, base + 4]) {
      await q(`INSERT INTO report_runs (id, site_id, user_id, what, params, status, expires_at)
               VALUES ($1, $2, $3, 'trips', $4, 'failed', now() + interval '1 hour')`,
      [id, who.site_id, who.user_id, JSON.stringify({ what: 'trips', metric: 'site', src: [], record: RANGE })]);
    }
    await q(`SELECT setval(pg_get_serial_sequence('report_runs', 'id'), $1)`, [base + 4]);
    const answer = getReportsAnswerSchema.parse((await t.call('GET', 'getreports', { token: ops.token })).json());
    const listed = answer.runs.map((r) => r.id);
    expect(listed).toEqual([...listed].sort((x, y) => y - x));
    expect(listed[0]).toBe(base + 4);
  });

  it('refuses a driver-mode session and a signed-out caller', async () => {
    const driver = await t.driverSession('Leeds Depot');
    expect((await t.call('GET', 'getreports', { token: driver.token })).statusCode).toBe(403);
    expect((await t.call('GET', 'getreports')).statusCode).toBe(401);
  });
});

describe('runreport input', () => {
  it.each([
    [{ what: 'trips', metric: 'vehicle', record: { from: '2026-11-20', to: '2026-11-16' } }, 'must be on or after from'],
    [{ what: 'trips', metric: 'vehicle', record: { from: '2026-01-01', to: '2026-12-31' } }, 'at most 93 days'],
    [{ what: 'nonsense', metric: 'vehicle', record: RANGE }, 'body.what'],
    [{ what: 'trips', metric: 'planet', record: RANGE }, 'body.metric'],
    [{ what: 'trips', metric: 'site', src: [1], record: RANGE }, 'takes no src'],
    [{ what: 'speeding', metric: 'vehicle', record: { ...RANGE, threshold: 0 } }, 'threshold'],
  ])('answers 400 with what was wrong: %j', async (body, words) => {
    const res = await start(body);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { message: string }).message).toContain(words);
  });

  it("answers 404 for another site's vehicle, group or driver, as for a missing one", async () => {
    for (const [metric, src, what] of [['vehicle', ids.theirs, 'vehicle'], ['driver', ids.theirDriver, 'driver'], ['group', 999_999, 'group']] as const) {
      const res = await start({ what: 'trips', metric, src: [src], record: RANGE });
      expect(res.statusCode, res.body).toBe(404);
      expect((res.json() as { message: string }).message).toBe(`No such ${what}.`);
    }
  });

  it('gates the timesheet summary behind tracksec (403) and takes it per driver or site only', async () => {
    const res = await start({ what: 'timesheets', metric: 'driver', record: RANGE });
    expect(res.statusCode, res.body).toBe(403);
    await q('UPDATE users SET tracksec = true WHERE email = $1', ['admin.leeds@aire-valley.example']);
    const gated = await t.login('admin.leeds@aire-valley.example');
    const perVehicle = await start({ what: 'timesheets', metric: 'vehicle', record: RANGE }, gated.token);
    expect(perVehicle.statusCode, perVehicle.body).toBe(400);
    expect((perVehicle.json() as { message: string }).message).toBe('The Timesheet summary report is made per driver or site, not per vehicle.');
    const kinds = getReportsAnswerSchema.parse((await t.call('GET', 'getreports', { token: gated.token })).json()).kinds;
    expect(kinds.map((k) => k.what)).toContain('timesheets');
    await q('UPDATE users SET tracksec = false WHERE email = $1', ['admin.leeds@aire-valley.example']);
  });
});

describe('runs of another user or site', () => {
  it('reads as missing (404) on reportrun, cancelreport and reportfile', async () => {
    const mine = await runToEnd({ what: 'mileage', metric: 'vehicle', src: [ids.a], record: RANGE });
    for (const token of [otherUser.token, northway.token]) {
      expect((await t.call('GET', `reportrun?id=${mine.run.id}`, { token })).statusCode).toBe(404);
      expect((await t.call('POST', 'cancelreport', { token, body: { id: mine.run.id } })).statusCode).toBe(404);
      expect((await t.call('GET', `reportfile?id=${mine.run.id}&format=csv`, { token })).statusCode).toBe(404);
    }
    const finished = await t.call('POST', 'cancelreport', { token: ops.token, body: { id: mine.run.id } });
    expect(finished.statusCode).toBe(409);
    expect((await t.call('GET', `reportfile?id=${mine.run.id}&format=doc`, { token: ops.token })).statusCode).toBe(400);
  });

  it('pages the rows of a done run and reports its progress', async () => {
    const answer = await runToEnd({ what: 'mileage', metric: 'group', src: [ids.group], record: RANGE }, ops.token, '&offset=3&limit=2');
    expect(answer.totalRows).toBe(10);
    expect(answer.result?.rows).toHaveLength(2);
    expect(answer.result?.rows[0]).toMatchObject({ day: '2026-11-17' });
    expect(answer.run.progress).toMatchObject({ done: 2, total: 2 });
    expect(answer.run.rowCount).toBe(10);
  });
});

describe('cancelreport', () => {
  it('stops a running run at its next vehicle; progress names the vehicle it is on', async () => {
    // A lock on trips holds the run at its first vehicle's read, so the cancel lands while it runs.
    const lock = await t.database.pool.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE trips IN ACCESS EXCLUSIVE MODE');
      const res = await start({ what: 'trips', metric: 'vehicle', src: [ids.a, ids.b], record: RANGE });
      expect(res.statusCode, res.body).toBe(200);
      const id = (res.json() as { id: number }).id;
      let run: ReportRunSummary | undefined;
      for (let i = 0; i < 200 && run?.progress.text !== 'Vehicle 1 of 2'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        run = (reportRunAnswerSchema.parse((await t.call('GET', `reportrun?id=${id}`, { token: ops.token })).json()) as RunAnswer).run;
      }
      expect(run).toMatchObject({ status: 'running', progress: { done: 0, total: 2, text: 'Vehicle 1 of 2' } });
      const cancel = await t.call('POST', 'cancelreport', { token: ops.token, body: { id } });
      expect(cancel.statusCode, cancel.body).toBe(200);
      await lock.query('COMMIT');
      for (let i = 0; i < 200 && (run?.status === 'running' || run?.status === 'queued'); i++) {
        await new Promise((r) => setTimeout(r, 20));
        run = (reportRunAnswerSchema.parse((await t.call('GET', `reportrun?id=${id}`, { token: ops.token })).json()) as RunAnswer).run;
      }
      expect(run).toMatchObject({ status: 'cancelled', error: 'Cancelled.', rowCount: null });
    } finally {
      await lock.query('ROLLBACK').catch(() => undefined);
      lock.release();
    }
  });
});

describe('report kinds', () => {
  it('trips: each trip of the range on the asked vehicles, with totals and a distance per vehicle', async () => {
    const r = await report('trips', 'group', [ids.group]);
    expect(r.rows.map((x) => [x.vehicle, x.distanceM])).toEqual([['RP26 AAA', 10_000], ['RP26 AAA', 5000], ['RP26 AAA', 12_000], ['RP26 BBB', 20_000]]);
    expect(r.rows[0]).toMatchObject({ driver: 'Rita Report', start: '2026-11-16T08:00:00.000Z', drivingS: 3300, idleS: 300, maxSpeed: 80 });
    expect(r.totals).toMatchObject({ distanceM: 47_000, drivingS: 12_300, idleS: 300, maxSpeed: 125, vehicle: 'Total: 4 trips' });
    expect(r.headline).toMatchObject({ value: 47_000, kind: 'distance' });
    expect(r.chart?.points).toEqual([{ name: 'RP26 AAA', distanceM: 27_000, trips: 3 }, { name: 'RP26 BBB', distanceM: 20_000, trips: 1 }]);
    expect(r.subtitle).toContain('Groups: Report vans');
    const byDriver = await report('trips', 'driver', [ids.driver]);
    expect(byDriver.rows.map((x) => x.distanceM)).toEqual([10_000, 5000]);
  });

  it('stops and idling: stops at least the shortest asked for; idle in trips and at stops', async () => {
    const stops = await report('stops', 'vehicle', [ids.a]);
    expect(stops.rows.map((x) => x.durationS)).toEqual([3 * 3600]);
    const all = await report('stops', 'vehicle', [ids.a], { minStopS: 60 });
    expect(all.rows).toHaveLength(2);
    const idling = await report('idling', 'vehicle', [ids.a]);
    expect(idling.rows.map((x) => [x.during, x.idleS])).toEqual([['Trip', 300], ['Stop', 600]]);
    expect(idling.headline.value).toBe(900);
  });

  it('speeding: trips whose top speed passed the threshold, by how much', async () => {
    const r = await report('speeding', 'site', [], { threshold: 95 });
    expect(r.rows.map((x) => [x.vehicle, x.maxSpeed, x.overBy])).toEqual([['RP26 AAA', 125, 30], ['RP26 BBB', 100, 5]]);
    expect((await report('speeding', 'site')).rows).toHaveLength(1);
  });

  it('mileage: each day of the range, a trip over midnight split by time', async () => {
    const r = await report('mileage', 'vehicle', [ids.a]);
    expect(r.rows.map((x) => x.distanceM)).toEqual([15_000, 6000, 6000, 0, 0]);
    expect(r.totals).toMatchObject({ distanceM: 27_000, trips: 3 });
    expect(r.chart?.points?.map((p) => p.day)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
  });

  it('utilisation: engine-on time against working hours, per vehicle and per group', async () => {
    const perVehicle = await report('utilisation', 'vehicle', [ids.a, ids.b]);
    const a = perVehicle.rows.find((x) => x.name === 'RP26 AAA');
    // Engine on: driving 3300 + 1800 + 3600 and idling 300 + 600; working hours: 5 days of 12 h.
    expect(a).toMatchObject({ engineS: 9600, availableS: 216_000, daysUsed: 3, percent: 4.4 });
    const perGroup = await report('utilisation', 'group', [ids.group]);
    expect(perGroup.rows).toEqual([expect.objectContaining({ name: 'Report vans', vehicles: 2, engineS: 13_200, availableS: 432_000, percent: 3.1 })]);
  });

  it('geofences and alerts: visits from enter and exit, every alert with its clearing', async () => {
    const visits = await report('geofences', 'site');
    expect(visits.rows).toEqual([{ vehicle: 'RP26 AAA', place: 'Report yard', enter: '2026-11-16T09:05:00.000Z', exit: '2026-11-16T11:55:00.000Z', durationS: 10_200 }]);
    const alerts = await report('alerts', 'site');
    expect(alerts.rows.map((x) => [x.vehicle, x.kind, x.cleared])).toEqual([
      ['RP26 AAA', 'Geofence', null], ['RP26 AAA', 'Panic', null], ['RP26 AAA', 'Geofence', null], ['RP26 BBB', 'Run over', '2026-11-18T12:00:00.000Z'],
    ]);
    const byDriver = await report('alerts', 'driver', [ids.driver]);
    expect(byDriver.rows).toHaveLength(0);
  });

  it('check lists and faults: who completed them, faults found and still open', async () => {
    const lists = await report('checklists', 'driver', [ids.driver]);
    expect(lists.rows).toEqual([{ time: '2026-11-16T07:30:00.000Z', vehicle: 'RP26 AAA', by: 'Rita Report', faults: 1, mileage: 12345 }]);
    const faults = await report('faults', 'site');
    expect(faults.rows).toEqual([expect.objectContaining({ vehicle: 'RP26 AAA', item: 'Tyres', note: 'Nearside front worn', dealt: null })]);
    expect(faults.headline.value).toBe(1);
  });
});

describe('timesheet summary', () => {
  it("is each driver's week as the timesheets door answers it, for users with tracksec", async () => {
    await q('UPDATE users SET tracksec = true WHERE email = $1', ['admin.leeds@aire-valley.example']);
    try {
      const gated = await t.login('admin.leeds@aire-valley.example');
      const res = await runToEnd({ what: 'timesheets', metric: 'driver', src: [ids.driver], record: RANGE }, gated.token);
      expect(res.run.status, res.run.error ?? '').toBe('done');
      const week = (await timesheetsService(t.database.pool).weekOfSite(ids.leeds, '2026-11-16')).find((e) => e.driver.id === ids.driver)!;
      expect(week.drivingS).toBeGreaterThan(0);
      expect(res.result?.rows).toEqual([{
        wc: '2026-11-16', driver: 'Rita Report', shifts: week.shifts, workedS: week.workedS, drivingS: week.drivingS, overtimeS: week.overtimeS,
        nightS: week.nightS, corrections: 0, signedOff: null,
      }]);
      expect(res.result?.headline).toMatchObject({ value: week.workedS, kind: 'duration' });
    } finally {
      await q('UPDATE users SET tracksec = false WHERE email = $1', ['admin.leeds@aire-valley.example']);
    }
  });
});

describe('reportfile', () => {
  async function download(format: string) {
    const answer = await runToEnd({ what: 'trips', metric: 'site', record: RANGE });
    const res = await t.call('GET', `reportfile?id=${answer.run.id}&format=${format}`, { token: ops.token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return res;
  }

  it('streams a CSV with the units in the headers and the totals last', async () => {
    const res = await download('csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="trips-report-2026-11-16-to-2026-11-20.csv"');
    const lines = res.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Vehicle,Driver,Start,End,From,To,Distance (km),Driving (h:mm),Idling (h:mm),Top speed (km/h)');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(/^RP26 AAA,Rita Report,2026-11-16 08:00,2026-11-16 09:00,.*,10\.0,0:55,0:05,80$/);
    expect(lines[5]).toMatch(/^Total: 4 trips,,,,,,47\.0,3:25,0:05,125$/);
  });

  it('streams an XLSX with typed cells: numbers, durations and times', async () => {
    const res = await download('xlsx');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(String(ws.getCell('A1').value)).toContain('Trips report');
    expect(ws.getRow(4).values).toContain('Distance (km)');
    expect(ws.getCell('A5').value).toBe('RP26 AAA');
    expect(ws.getCell('G5').value).toBe(10);
    expect(ws.getCell('G5').numFmt).toBe('#,##0.0');
    // Excel reads a duration formatted [h]:mm back as a time of 30 December 1899 (its day 0).
    expect((ws.getCell('H5').value as Date).getTime() - Date.UTC(1899, 11, 30)).toBe(3300_000);
    expect(ws.getCell('H5').numFmt).toBe('[h]:mm');
    expect((ws.getCell('C5').value as Date).toISOString()).toBe('2026-11-16T08:00:00.000Z');
    expect(ws.getCell('G9').value).toBe(47);
    expect(ws.getCell('G9').font?.bold).toBe(true);
    expect(ws.getCell('G9').numFmt).toBe('#,##0.0');
    expect(ws.getCell('G5').font?.bold).toBeFalsy();
  });

  it('makes a branded PDF with the table, its totals and page numbers', async () => {
    const res = await download('pdf');
    expect(res.headers['content-type']).toBe('application/pdf');
    const parsed = await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText();
    expect(parsed.total).toBe(1);
    const brand = (await one<{ name: string }>(
      'SELECT b.name FROM sites s JOIN customers c ON c.id = s.customer_id JOIN brands b ON b.id = c.brand_id WHERE s.id = $1', [ids.leeds])).name;
    expect(parsed.text).toContain(brand);
    expect(parsed.text).toContain('Trips report');
    expect(parsed.text).toContain('Total: 4 trips');
    expect(parsed.text).toContain('47.0');
    expect(parsed.text).toContain('Page 1 of 1');
  });

  it('keeps, pages and writes a run larger than one write (20,000 rows) and one PDF (2,000 rows)', async () => {
    const big = await unit(ids.leeds, 'RP26 BIG');
    await q(`INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id, distance_m, driving_s, max_speed)
      SELECT $1, 'trip', '2026-11-16T00:00:00Z'::timestamptz + (g * 12 || ' seconds')::interval, '2026-11-16T00:00:00Z'::timestamptz + (g * 12 + 10 || ' seconds')::interval,
        53.8, -1.55, 53.8, -1.55, 1, 2, g, 10, 50 FROM generate_series(0, 20499) g`, [big]);
    const answer = await runToEnd({ what: 'trips', metric: 'vehicle', src: [big], record: RANGE }, ops.token, '&offset=20498&limit=5');
    expect(answer.totalRows).toBe(20_500);
    expect(answer.result?.rows.map((r) => r.distanceM)).toEqual([20_498, 20_499]);
    const csv = await t.call('GET', `reportfile?id=${answer.run.id}&format=csv`, { token: ops.token });
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(20_502);
    expect(lines[20_500]).toContain(',20.5,');
    const pdf = await t.call('GET', `reportfile?id=${answer.run.id}&format=pdf`, { token: ops.token });
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    expect(text).toContain('lists the first 2,000 of 20,500 rows');
    // The PDF stopped reading its cursor early: the connection went back to the pool usable.
    expect((await t.call('GET', `reportrun?id=${answer.run.id}`, { token: ops.token })).statusCode).toBe(200);
    await q('DELETE FROM trips WHERE unit_id = $1', [big]);
  }, 60_000);

  it('refuses a run that is not done with 409', async () => {
    const id = (await one<{ id: string }>(
      `INSERT INTO report_runs (site_id, user_id, what, params, status, expires_at) SELECT $1, id, 'trips', $2, 'failed', now() + interval '1 hour'
         FROM users WHERE email = 'ops.leeds@aire-valley.example' RETURNING id::text`,
      [ids.leeds, { what: 'trips', metric: 'site', src: [], record: RANGE, title: 'Trips report' }])).id;
    const res = await t.call('GET', `reportfile?id=${id}&format=pdf`, { token: ops.token });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toContain('did not finish');
  });
});
