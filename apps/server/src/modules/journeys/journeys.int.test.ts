import {
  activityAnswerSchema, type ActivityAnswer, dataAnswerSchema, type DataAnswer, getDataPointAnswerSchema, type SessionUser,
  tripEventsAnswerSchema, tripsAnswerSchema,
} from '@fleet/shared';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

// Each call answers from rows written here as the trips processor and the device side would write
// them: trips rows by SQL, positions into the log by SQL. The log processors are stopped first, so
// nothing else writes trips or alerts for these units while the tests read them.

let t: TestApp;
let ops: SessionUser;
let northway: SessionUser;
let driverToken: string;
const ids = { leeds: 0, bradford: 0, wakefield: 0, van: 0, van2: 0, phone: 0, bradfordVan: 0, theirVan: 0, driver: 0, theirDriver: 0, poi: 0 };

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
const one = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await q<T>(text, values))[0] as T;

let serial = 0;
async function unit(siteId: number, type: number, registration: string): Promise<number> {
  return (await one<{ id: number }>('INSERT INTO units (site_id, device_id, unit_type_id, registration) VALUES ($1, $2, $3, $4) RETURNING id',
    [siteId, `journeys-${++serial}-${Date.now()}`, type, registration])).id;
}

interface Seg {
  unit: number; kind: 'trip' | 'stop'; start: string; end: string; open?: boolean; distance?: number; driving?: number; idle?: number;
  max?: number; avg?: number; driver?: number | null; lat?: number; lon?: number; odo?: [number, number];
}
async function segment(s: Seg): Promise<number> {
  const lat = s.lat ?? 54.45;
  const lon = s.lon ?? -3.05;
  return Number((await one<{ id: string }>(
    `INSERT INTO trips (unit_id, kind, open, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id,
       distance_m, driving_s, idle_s, max_speed, avg_speed, driver_id, start_odometer, end_odometer)
     VALUES ($1, $2, $3, $4, $5, $6::float8, $7::float8, $6::float8 + 0.01, $7::float8 + 0.01, 1, 2, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id::text`,
    [s.unit, s.kind, s.open ?? false, s.start, s.end, lat, lon, s.distance ?? 0, s.driving ?? 0, s.idle ?? 0, s.max ?? 0, s.avg ?? 0,
      s.driver ?? null, s.odo?.[0] ?? null, s.odo?.[1] ?? null])).id);
}

interface Pos { at: string; lat?: number; lon?: number; speed?: number; angle?: number; io?: Record<string, number | string>; implausible?: string }
async function positions(unitId: number, list: Pos[]): Promise<void> {
  await t.database.pool.query(
    `INSERT INTO positions (unit_id, device_time, lat, lon, speed, angle, satellites, io, protocol, implausible)
     SELECT $1, x.at, x.lat, x.lon, x.speed, x.angle, 9, x.io, 'teltonika', x.implausible
     FROM json_to_recordset($2::json) AS x(at timestamptz, lat float8, lon float8, speed int, angle int, io jsonb, implausible text)`,
    [unitId, JSON.stringify(list.map((p) => ({
      at: p.at, lat: p.lat ?? 54.45, lon: p.lon ?? -3.05, speed: p.speed ?? 0, angle: p.angle ?? 0, io: p.io ?? {}, implausible: p.implausible ?? null,
    })))]);
}

async function alert(unitId: number, siteId: number, kind: string, event: string, at: string, poiId: number | null = null): Promise<number> {
  return Number((await one<{ id: string }>(
    `INSERT INTO alerts (site_id, unit_id, kind, event, poi_id, position_id, happened_at, lat, lon)
     VALUES ($1, $2, $3, $4, $5, -floor(random() * 1e9)::bigint, $6, 54.45, -3.05) RETURNING id::text`,
    [siteId, unitId, kind, event, poiId, at])).id);
}

const get = (url: string, token = ops.token, headers: Record<string, string> = {}) => t.call('GET', url, { token, headers });
const activity = async (qs: string, token = ops.token) => {
  const res = await get(`activity?${qs}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return activityAnswerSchema.parse(res.json()) as ActivityAnswer;
};
const data = async (qs: string) => {
  const res = await get(`data?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataAnswerSchema.parse(res.json()) as DataAnswer;
};
const minutes = (from: string, count: number, stepMin = 1) => Array.from({ length: count }, (_, i) => new Date(Date.parse(from) + i * stepMin * 60_000).toISOString());

const seg: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.ingest.stop();
  ops = await t.login('ops.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  driverToken = (await t.driverSession('Leeds Depot')).token;
  const site = async (name: string) => (await one<{ id: number }>('SELECT id FROM sites WHERE name = $1', [name])).id;
  ids.leeds = await site('Leeds Depot');
  ids.bradford = await site('Bradford Yard');
  ids.wakefield = await site('Wakefield Works');
  ids.van = await unit(ids.leeds, 1, 'JY26 VAN');
  ids.van2 = await unit(ids.leeds, 1, 'JY26 TWO');
  ids.phone = await unit(ids.leeds, 6, 'Field phone');
  ids.bradfordVan = await unit(ids.bradford, 1, 'JY26 BFD');
  ids.theirVan = await unit(ids.wakefield, 1, 'JY26 WKF');
  ids.driver = (await one<{ id: number }>(`INSERT INTO drivers (site_id, name) VALUES ($1, 'Dora Journey') RETURNING id`, [ids.leeds])).id;
  ids.theirDriver = (await one<{ id: number }>(`INSERT INTO drivers (site_id, name) VALUES ($1, 'Wally Wakefield') RETURNING id`, [ids.wakefield])).id;
  ids.poi = (await one<{ id: number }>(
    `INSERT INTO poi (site_id, name, mode, lat, lon, radius, is_geofence) VALUES ($1, 'Keswick yard', 1, 54.6, -3.13, 300, true) RETURNING id`, [ids.leeds])).id;

  // Friday 20 November 2026 (GMT): overnight stop, two trips with a stop between, an open stop after.
  const d = ids.driver;
  seg.before = await segment({ unit: ids.van, kind: 'trip', start: '2026-11-18T09:00:00Z', end: '2026-11-18T10:00:00Z', distance: 5000, driver: d });
  seg.night = await segment({ unit: ids.van, kind: 'stop', start: '2026-11-19T18:00:00Z', end: '2026-11-20T07:00:00Z' });
  seg.t1 = await segment({ unit: ids.van, kind: 'trip', start: '2026-11-20T07:00:00Z', end: '2026-11-20T08:00:00Z', distance: 30_000,
    driving: 3300, idle: 300, max: 90, avg: 33.3, driver: d, odo: [1_000_000, 1_030_000] });
  seg.s1 = await segment({ unit: ids.van, kind: 'stop', start: '2026-11-20T08:00:00Z', end: '2026-11-20T12:00:00Z', lat: 54.6, lon: -3.13 });
  seg.t2 = await segment({ unit: ids.van, kind: 'trip', start: '2026-11-20T12:00:00Z', end: '2026-11-20T12:30:00Z', distance: 10_000,
    driving: 1800, max: 70, avg: 20, driver: d });
  seg.open = await segment({ unit: ids.van, kind: 'stop', start: '2026-11-20T12:30:00Z', end: '2026-11-21T09:00:00Z', open: true });
  seg.t3 = await segment({ unit: ids.van2, kind: 'trip', start: '2026-11-20T14:00:00Z', end: '2026-11-20T14:30:00Z', distance: 8000,
    driving: 1800, max: 60, driver: d });
  seg.theirs = await segment({ unit: ids.theirVan, kind: 'trip', start: '2026-11-20T07:00:00Z', end: '2026-11-20T08:00:00Z', driver: ids.theirDriver });

  // The van's log that day: parked with the ignition off, then trip 1 each minute (given newest first), one flagged
  // row, a position during the stop, trip 2.
  const trip1 = minutes('2026-11-20T07:00:00Z', 61).map((at, i) => ({ at, speed: i === 0 || i === 60 ? 0 : 50, angle: i % 360, io: { 239: i === 60 ? 0 : 1, 66: 27_600 } }));
  await positions(ids.van, [
    { at: '2026-11-20T06:50:00Z', io: { 239: 0 } },
    ...trip1.reverse(),
    { at: '2026-11-20T07:30:30Z', lat: 0, lon: 0, io: { 239: 1 }, implausible: 'null-island' },
    { at: '2026-11-20T10:00:00Z', lat: 54.6, lon: -3.13, io: { 239: 0 } },
    ...minutes('2026-11-20T12:00:00Z', 31).map((at) => ({ at, speed: 40, io: { 239: 1 } })),
  ]);
  await positions(ids.van2, minutes('2026-11-20T13:50:00Z', 50).map((at) => ({ at, speed: 30, io: { 239: 1 } })));
  await positions(ids.theirVan, minutes('2026-11-20T07:00:00Z', 10).map((at) => ({ at })));
  // The phone's check-ins (one flagged, one the day before).
  await positions(ids.phone, [
    { at: '2026-11-20T09:15:00Z', lat: 54.6, lon: -3.13 }, { at: '2026-11-20T16:40:00Z', lat: 54.5, lon: -3.0 },
    { at: '2026-11-20T11:00:00Z', lat: 95, lon: 0, implausible: 'lat' }, { at: '2026-11-19T23:59:00Z' },
  ]);

  // Alerts: an exit of a visit that began the day before, a panic, a visit inside trip 1, a Run Over on van 2, one the next day.
  seg.exitEarly = await alert(ids.van, ids.leeds, 'geofence', 'exit', '2026-11-20T06:55:00Z', ids.poi);
  seg.panic = await alert(ids.van, ids.leeds, 'panic', 'press', '2026-11-20T07:10:00Z');
  seg.enter = await alert(ids.van, ids.leeds, 'geofence', 'enter', '2026-11-20T07:30:00Z', ids.poi);
  seg.exit = await alert(ids.van, ids.leeds, 'geofence', 'exit', '2026-11-20T07:45:00Z', ids.poi);
  seg.runover = await alert(ids.van2, ids.leeds, 'runover', 'ignition', '2026-11-20T14:05:00Z');
  seg.van2Late = await alert(ids.van2, ids.leeds, 'panic', 'press', '2026-11-20T18:00:00Z');
  seg.nextDay = await alert(ids.van, ids.leeds, 'panic', 'press', '2026-11-21T07:10:00Z');
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('activity', () => {
  it("answers a vehicle's day: whole segments overlapping it, alerts, visits and totals inside it", async () => {
    const a = await activity(`d=2026-11-20&v=${ids.van}`);
    expect(a).toMatchObject({
      day: '2026-11-20', timezone: 'Europe/London', unitSystem: 'imperial', from: '2026-11-20T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z',
      subject: { kind: 'vehicle', unitid: ids.van, registration: 'JY26 VAN', unittype: 1 },
      checkins: [],
    });
    expect(a.segments.map((s) => s.id)).toEqual([seg.night, seg.t1, seg.s1, seg.t2, seg.open]);
    const t1 = a.segments[1]!;
    expect(t1).toMatchObject({
      kind: 'trip', open: false, unitid: ids.van, registration: 'JY26 VAN', start: '2026-11-20T07:00:00.000Z', end: '2026-11-20T08:00:00.000Z',
      durationS: 3600, distanceM: 30_000, drivingS: 3300, idleS: 300, maxSpeed: 90, avgSpeed: 33.3, driverid: ids.driver, driver: 'Dora Journey',
      startOdometer: 1_000_000, endOdometer: 1_030_000, startEngineHours: null,
    });
    expect(t1.startLoc).toMatch(/ of |Keswick|Penrith|Ambleside|Cockermouth/i);
    expect(a.segments[2]).toMatchObject({ kind: 'stop', startLoc: 'At Keswick yard' });
    expect(a.segments[4]).toMatchObject({ open: true, end: '2026-11-21T09:00:00.000Z' });
    expect(a.totals).toEqual({
      trips: 2, distanceM: 40_000, drivingS: 5100, idleS: 300, maxSpeed: 90,
      stopS: 7 * 3600 + 4 * 3600 + 11.5 * 3600, firstStart: '2026-11-20T07:00:00.000Z', lastEnd: '2026-11-20T12:30:00.000Z',
    });
    expect(a.alerts.map((x) => [x.aid, x.kind, x.text])).toEqual([
      [seg.exitEarly, 'geofence', 'Left Keswick yard'], [seg.panic, 'panic', 'Panic button pressed'],
      [seg.enter, 'geofence', 'Entered Keswick yard'], [seg.exit, 'geofence', 'Left Keswick yard'],
    ]);
    expect(a.visits).toEqual([
      { poiid: ids.poi, name: 'Keswick yard', unitid: ids.van, enter: null, exit: '2026-11-20T06:55:00.000Z' },
      { poiid: ids.poi, name: 'Keswick yard', unitid: ids.van, enter: '2026-11-20T07:30:00.000Z', exit: '2026-11-20T07:45:00.000Z' },
    ]);
  });

  it("answers a driver's day across vehicles, with the alerts of their vehicles during their segments only", async () => {
    const a = await activity(`d=2026-11-20&driver=${ids.driver}`);
    expect(a.subject).toEqual({ kind: 'driver', driverid: ids.driver, name: 'Dora Journey' });
    expect(a.segments.map((s) => [s.id, s.registration])).toEqual([[seg.t1, 'JY26 VAN'], [seg.t2, 'JY26 VAN'], [seg.t3, 'JY26 TWO']]);
    expect(a.totals).toMatchObject({ trips: 3, distanceM: 48_000, stopS: 0 });
    // Van 2's 18:00 panic is outside the driver's trip on it; the van's 06:55 exit is before their first trip.
    expect(a.alerts.map((x) => x.aid)).toEqual([seg.panic, seg.enter, seg.exit, seg.runover]);
    expect(a.alerts.at(-1)?.text).toBe('Ignition on outside working hours');
  });

  it("answers a phone's check-ins: every plausible position of the day with its place", async () => {
    const a = await activity(`d=2026-11-20&v=${ids.phone}`);
    expect(a.subject).toMatchObject({ unittype: 6 });
    expect(a.checkins).toEqual([
      { time: '2026-11-20T09:15:00.000Z', lat: 54.6, lon: -3.13, loc: 'At Keswick yard' },
      { time: '2026-11-20T16:40:00.000Z', lat: 54.5, lon: -3, loc: expect.any(String) },
    ]);
    expect(a.segments).toEqual([]);
  });

  it('cuts days at the site zone\'s midnights: 23 hours in spring, 25 in autumn', async () => {
    const v = await unit(ids.leeds, 1, 'JY26 DST');
    const inSpring = await segment({ unit: v, kind: 'trip', start: '2026-03-29T00:30:00Z', end: '2026-03-29T01:30:00Z', distance: 1000 });
    await segment({ unit: v, kind: 'trip', start: '2026-03-28T23:30:00Z', end: '2026-03-28T23:50:00Z' }); // 23:30 GMT on the 28th
    await segment({ unit: v, kind: 'trip', start: '2026-03-29T23:10:00Z', end: '2026-03-29T23:40:00Z' }); // 00:10 BST on the 30th
    const spring = await activity(`d=2026-03-29&v=${v}`);
    expect([spring.from, spring.to]).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z']);
    expect(spring.segments.map((s) => s.id)).toEqual([inSpring]);

    const early = await segment({ unit: v, kind: 'trip', start: '2026-10-24T23:20:00Z', end: '2026-10-24T23:40:00Z' }); // 00:20 BST on the 25th
    const late = await segment({ unit: v, kind: 'trip', start: '2026-10-25T23:20:00Z', end: '2026-10-25T23:40:00Z' }); // 23:20 GMT on the 25th
    await segment({ unit: v, kind: 'trip', start: '2026-10-24T22:20:00Z', end: '2026-10-24T22:40:00Z' }); // 23:20 BST on the 24th
    await positions(v, [{ at: '2026-10-24T22:59:59.999Z' }, { at: '2026-10-24T23:00:00Z' }, { at: '2026-10-26T00:00:00Z' }, { at: '2026-10-25T23:59:59.999Z' }]);
    const autumn = await activity(`d=2026-10-25&v=${v}`);
    expect([autumn.from, autumn.to]).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    expect(autumn.segments.map((s) => s.id)).toEqual([early, late]);
    const positionsOfDay = await data(`d=2026-10-25&v=${v}`);
    expect(positionsOfDay.tracks[0]!.points.t.map((x) => new Date(x).toISOString())).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-25T23:59:59.999Z']);
  });

  it("reads the day in the site's own zone, not the server's", async () => {
    const site = (await one<{ id: number }>(`INSERT INTO sites (customer_id, name, timezone) SELECT customer_id, 'Journeys NY', 'America/New_York' FROM sites WHERE id = $1 RETURNING id`, [ids.leeds])).id;
    await q('INSERT INTO user_sites (user_id, site_id) SELECT id, $1 FROM users WHERE email = $2', [site, 'ops.leeds@aire-valley.example']);
    const v = await unit(site, 1, 'NY 1');
    const trip = await segment({ unit: v, kind: 'trip', start: '2026-11-21T03:00:00Z', end: '2026-11-21T03:30:00Z' }); // 22:00 on the 20th in New York
    const me = await t.login('ops.leeds@aire-valley.example');
    const a = await activity(`d=2026-11-20&v=${v}`, me.token);
    expect([a.timezone, a.from, a.to]).toEqual(['America/New_York', '2026-11-20T05:00:00.000Z', '2026-11-21T05:00:00.000Z']);
    expect(a.segments.map((s) => s.id)).toEqual([trip]);
  });
});

describe('data', () => {
  it("answers a vehicle's plausible positions of the day, columnar, oldest first", async () => {
    const d = await data(`d=2026-11-20&v=${ids.van}`);
    expect(d).toMatchObject({ day: '2026-11-20', timezone: 'Europe/London', from: '2026-11-20T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z' });
    expect(d.tracks).toHaveLength(1);
    const { unitid, registration, unittype, points: p } = d.tracks[0]!;
    expect([unitid, registration, unittype]).toEqual([ids.van, 'JY26 VAN', 1]);
    expect(p.t).toHaveLength(1 + 61 + 1 + 31);
    for (const k of ['id', 'lat', 'lon', 'speed', 'angle', 'ign'] as const) expect(p[k], k).toHaveLength(p.t.length);
    expect([...p.t].sort((a, b) => a - b)).toEqual(p.t);
    expect(new Date(p.t[0]!).toISOString()).toBe('2026-11-20T06:50:00.000Z');
    expect(p.lat).not.toContain(0);
    expect([p.ign[0], p.ign[1], p.ign[61], p.speed[2], p.angle[3]]).toEqual([0, 1, 0, 50, 2]);
    expect(p.id.every((x) => /^\d+$/.test(x))).toBe(true);
  });

  it('answers a day without positions with empty columns, and a day without segments with zero totals', async () => {
    const d = await data(`d=2026-11-10&v=${ids.van}`);
    expect(d.tracks).toEqual([{ unitid: ids.van, registration: 'JY26 VAN', unittype: 1, points: { id: [], t: [], lat: [], lon: [], speed: [], angle: [], ign: [] } }]);
    const a = await activity(`d=2026-11-10&v=${ids.van}`);
    expect([a.segments, a.alerts, a.visits]).toEqual([[], [], []]);
    expect(a.totals).toEqual({ trips: 0, distanceM: 0, drivingS: 0, idleS: 0, stopS: 0, maxSpeed: 0, firstStart: null, lastEnd: null });
    expect((await data(`d=2026-11-10&driver=${ids.driver}`)).tracks).toEqual([]);
  });

  it("answers a driver's tracks: each vehicle they drove, only within their segments", async () => {
    const d = await data(`d=2026-11-20&driver=${ids.driver}`);
    expect(d.tracks.map((x) => x.registration)).toEqual(['JY26 TWO', 'JY26 VAN']);
    const [two, van] = d.tracks as [DataAnswer['tracks'][0], DataAnswer['tracks'][0]];
    // Van 2 reported from 13:50; the driver's trip on it is 14:00-14:30.
    expect([new Date(two.points.t[0]!).toISOString(), new Date(two.points.t.at(-1)!).toISOString()]).toEqual(['2026-11-20T14:00:00.000Z', '2026-11-20T14:30:00.000Z']);
    // The van's 06:50 and 10:00 positions are outside the driver's trips.
    expect(van.points.t).toHaveLength(61 + 31);
  });

  it('is compressed when the client accepts gzip', async () => {
    const res = await get(`data?d=2026-11-20&v=${ids.van}`, ops.token, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = dataAnswerSchema.parse(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')));
    expect(body.tracks[0]!.points.t).toHaveLength(94);
    const plain = await get(`data?d=2026-11-20&v=${ids.van}`, ops.token, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);
  });
});

describe('getdatapoint', () => {
  it('answers one position with every IO value in words, found by id and device time', async () => {
    const d = await data(`d=2026-11-20&v=${ids.van}`);
    const p = d.tracks[0]!.points;
    const res = await get(`getdatapoint?id=${p.id[1]}&dt=${new Date(p.t[1]!).toISOString()}&v=${ids.van}`);
    expect(res.statusCode, res.body).toBe(200);
    const { point } = getDataPointAnswerSchema.parse(res.json());
    expect(point).toMatchObject({
      id: p.id[1], unitid: ids.van, registration: 'JY26 VAN', time: '2026-11-20T07:00:00.000Z', lat: 54.45, lon: -3.05, satellites: 9,
      protocol: 'teltonika', implausible: null,
    });
    expect(point.loc).not.toBe('');
    expect(point.io).toEqual([
      { id: '66', name: 'External voltage', value: 27_600, text: '27.6 V' },
      { id: '239', name: 'Ignition', value: 1, text: 'On' },
    ]);
  });

  it('answers a missing position at another time, and another vehicle\'s position as missing', async () => {
    const p = (await data(`d=2026-11-20&v=${ids.van}`)).tracks[0]!.points;
    const wrongTime = await get(`getdatapoint?id=${p.id[1]}&dt=2026-11-20T07:00:01.000Z&v=${ids.van}`);
    expect([wrongTime.statusCode, wrongTime.json().message]).toEqual([404, 'No such position.']);
    const wrongVan = await get(`getdatapoint?id=${p.id[1]}&dt=${new Date(p.t[1]!).toISOString()}&v=${ids.van2}`);
    expect([wrongVan.statusCode, wrongVan.json().message]).toEqual([404, 'No such position.']);
  });
});

describe('tripevents', () => {
  it("answers a trip's events oldest first: ignition, alerts, geofence, the stop at its end", async () => {
    const res = await t.call('POST', 'tripevents', { token: ops.token, body: { events: { v: ids.van, from: '2026-11-20T07:00:00Z', to: '2026-11-20T08:00:00Z' } } });
    expect(res.statusCode, res.body).toBe(200);
    const { events } = tripEventsAnswerSchema.parse(res.json());
    expect(events.map((e) => [e.time.slice(11, 16), e.kind, e.text])).toEqual([
      ['07:00', 'ignition', 'Ignition on'],
      ['07:10', 'alert', 'Panic button pressed'],
      ['07:30', 'geofence', 'Entered Keswick yard'],
      ['07:45', 'geofence', 'Left Keswick yard'],
      ['08:00', 'ignition', 'Ignition off'],
      ['08:00', 'stop', 'Stopped 4 h 00 min at Keswick yard'],
    ]);
    expect(events[1]).toMatchObject({ aid: seg.panic, lat: 54.45, lon: -3.05 });
  });

  it('refuses a span that is empty, reversed or longer than 48 hours, with a clear message', async () => {
    const span = async (from: string, to: string) => {
      const res = await t.call('POST', 'tripevents', { token: ops.token, body: { events: { v: ids.van, from, to } } });
      return [res.statusCode, res.json().message];
    };
    expect(await span('2026-11-20T07:00:00Z', '2026-11-22T07:00:01Z')).toEqual([400, 'The request is not valid: body.events.to: the span from … to is at most 48 hours']);
    expect(await span('2026-11-20T08:00:00Z', '2026-11-20T07:00:00Z')).toEqual([400, 'The request is not valid: body.events.to: must be after from']);
    expect((await span('2026-11-20T08:00:00Z', 'yesterday'))[0]).toBe(400);
  });
});

describe('trips', () => {
  it("answers a site's trips over days with per-vehicle totals", async () => {
    const res = await get(`trips?siteid=${ids.leeds}&from=2026-11-18&to=2026-11-20`);
    expect(res.statusCode, res.body).toBe(200);
    const a = tripsAnswerSchema.parse(res.json());
    expect([a.from, a.to]).toEqual(['2026-11-18T00:00:00.000Z', '2026-11-21T00:00:00.000Z']);
    const mine = a.trips.filter((x) => [ids.van, ids.van2].includes(x.unitid));
    expect(mine.map((x) => x.id)).toEqual([seg.before, seg.t1, seg.t2, seg.t3]);
    expect(a.trips.every((x) => x.kind === 'trip')).toBe(true);
    expect(a.vehicles.filter((x) => [ids.van, ids.van2].includes(x.unitid))).toEqual([
      { unitid: ids.van2, registration: 'JY26 TWO', trips: 1, distanceM: 8000, drivingS: 1800, idleS: 0 },
      { unitid: ids.van, registration: 'JY26 VAN', trips: 3, distanceM: 45_000, drivingS: 5100, idleS: 300 },
    ]);
    const one = tripsAnswerSchema.parse((await get(`trips?siteid=${ids.leeds}&from=2026-11-20&to=2026-11-20&v=${ids.van}`)).json());
    expect(one.trips.map((x) => x.id)).toEqual([seg.t1, seg.t2]);
    expect(one.trips[0]!.endLoc).not.toBe('');
    // The same segment as activity answers it, field for field.
    const day = await activity(`d=2026-11-20&v=${ids.van}`);
    expect(one.trips).toEqual(day.segments.filter((x) => x.kind === 'trip'));
  });

  it('refuses more than 31 days, and a vehicle of another site', async () => {
    const long = await get(`trips?siteid=${ids.leeds}&from=2026-01-01&to=2026-02-01`);
    expect([long.statusCode, long.json().message]).toEqual([400, 'The request is not valid: querystring.to: the span from … to is at most 31 days']);
    const elsewhere = await get(`trips?siteid=${ids.leeds}&from=2026-11-20&to=2026-11-20&v=${ids.bradfordVan}`);
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([404, 'No such vehicle.']);
  });
});

describe('tenancy and bad input', () => {
  it("answers another customer's or another site's vehicle or driver as a missing one", async () => {
    const missing = async (url: string, token = ops.token) => {
      const res = await get(url, token);
      return [res.statusCode, res.json().message];
    };
    for (const call of ['activity', 'data']) {
      expect(await missing(`${call}?d=2026-11-20&v=${ids.theirVan}`), call).toEqual([404, 'No such vehicle.']);
      expect(await missing(`${call}?d=2026-11-20&v=${ids.bradfordVan}`), call).toEqual([404, 'No such vehicle.']);
      expect(await missing(`${call}?d=2026-11-20&v=999999`), call).toEqual([404, 'No such vehicle.']);
      expect(await missing(`${call}?d=2026-11-20&driver=${ids.theirDriver}`), call).toEqual([404, 'No such driver.']);
      expect(await missing(`${call}?d=2026-11-20&v=${ids.van}`, northway.token), call).toEqual([404, 'No such vehicle.']);
      expect(await missing(`${call}?d=2026-11-20&driver=${ids.driver}`, northway.token), call).toEqual([404, 'No such driver.']);
    }
    expect(await missing(`getdatapoint?id=1&dt=2026-11-20T07:00:00Z&v=${ids.theirVan}`)).toEqual([404, 'No such vehicle.']);
    expect(await missing(`trips?siteid=${ids.wakefield}&from=2026-11-20&to=2026-11-20`)).toEqual([404, 'No such site.']);
    const events = await t.call('POST', 'tripevents', { token: northway.token, body: { events: { v: ids.van, from: '2026-11-20T07:00:00Z', to: '2026-11-20T08:00:00Z' } } });
    expect([events.statusCode, events.json().message]).toEqual([404, 'No such vehicle.']);
  });

  it('refuses a driver-mode session every journeys call', async () => {
    const calls = [
      () => get(`activity?d=2026-11-20&v=${ids.van}`, driverToken), () => get(`data?d=2026-11-20&v=${ids.van}`, driverToken),
      () => get(`getdatapoint?id=1&dt=2026-11-20T07:00:00Z&v=${ids.van}`, driverToken),
      () => get(`trips?siteid=${ids.leeds}&from=2026-11-20&to=2026-11-20`, driverToken),
      () => t.call('POST', 'tripevents', { token: driverToken, body: { events: { v: ids.van, from: '2026-11-20T07:00:00Z', to: '2026-11-20T08:00:00Z' } } }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
  });

  it('refuses a bad day, both a vehicle and a driver, or neither, with a clear message', async () => {
    const bad = async (qs: string) => {
      const res = await get(`activity?${qs}`);
      return [res.statusCode, res.json().message];
    };
    expect(await bad(`d=2026-02-30&v=${ids.van}`)).toEqual([400, 'The request is not valid: querystring.d: must be a real date between 1900 and 2200']);
    expect(await bad(`d=20-11-2026&v=${ids.van}`)).toEqual([400, 'The request is not valid: querystring.d: must be a date as YYYY-MM-DD']);
    expect(await bad(`d=2026-11-20&v=${ids.van}&driver=${ids.driver}`)).toEqual([400, 'The request is not valid: querystring.driver: give either v (a vehicle) or driver, not both']);
    expect(await bad('d=2026-11-20')).toEqual([400, 'The request is not valid: querystring.v: give v (a vehicle) or driver']);
    const dataBad = await get('data?d=2026-11-20');
    expect([dataBad.statusCode, dataBad.json().message]).toEqual([400, 'The request is not valid: querystring.v: give v (a vehicle) or driver']);
    const point = await get(`getdatapoint?id=abc&dt=2026-11-20&v=${ids.van}`);
    expect(point.statusCode).toBe(400);
  });
});
