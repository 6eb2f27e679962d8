import type { AvlRecord, IoValue } from '@fleet/protocols';
import { activityAnswerSchema, dataAnswerSchema, tripEventsAnswerSchema } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestDevice } from '../../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { caughtUp } from '../../../test/until.ts';
import { TrackBuilder } from '../../ingest/processors/fixtures/tracks.ts';
import type { TripPoint } from '../../ingest/processors/trips-rules.ts';

// End to end: a device reports a morning (parked, a trip, a stop, a second trip still going) over
// Teltonika TCP; the position writer, the log processors and the trips processor do their work;
// then the journeys calls answer that day from what they wrote.

/** A track position as the device sends it (ignition 239, movement 240, odometer 16). */
function toRecord(p: TripPoint): AvlRecord {
  const io = new Map<number, IoValue>([[240, { size: 1, value: p.speed >= 5 ? 1 : 0 }]]);
  if (p.ign !== null) io.set(239, { size: 1, value: p.ign ? 1 : 0 });
  if (p.odo !== null) io.set(16, { size: 4, value: p.odo });
  return {
    timestampMs: p.t, priority: 0, longitude: p.lon, latitude: p.lat, altitude: 60, angle: 90, satellites: 10,
    speedKmh: p.speed, eventIoId: p.e, io, ioVariable: new Map(),
  };
}

let t: TestApp;
let token: string;
let van: number;
const track = new TrackBuilder({ t: '2026-11-23T07:00:00Z', lat: 53.7997, lon: -1.5492 }, { odometer: true })
  .park(1800).start().idle(60).drive(6, 45, 30).park(900, 300).start().drive(2, 30, 90).points;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('ops.leeds@aire-valley.example')).token;
  const { rows: [site] } = await t.database.pool.query<{ id: number }>(`SELECT id FROM sites WHERE name = 'Leeds Depot'`);
  const { rows: [unit] } = await t.database.pool.query<{ id: number }>(
    `INSERT INTO units (site_id, device_id, unit_type_id, registration) VALUES ($1, '356307042441999', 1, 'JY26 E2E') RETURNING id`, [site!.id]);
  van = unit!.id;
  const device = await TestDevice.connect(t.ingest.ports.teltonika);
  expect(await device.login('356307042441999')).toBe(1);
  for (let i = 0; i < track.length; i += 25) expect(await device.send(track.slice(i, i + 25).map(toRecord))).toBe(Math.min(25, track.length - i));
  device.close();
  await caughtUp(t.database.pool);
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('a device drives a trip and a stop; the journeys calls answer the day', () => {
  it('activity: the parked start, the trip, the stop and the last trip (silent since, so shown ended), with places and totals', async () => {
    const res = await t.call('GET', `activity?d=2026-11-23&v=${van}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const a = activityAnswerSchema.parse(res.json());
    // The device has been silent since that morning: its last trip is still open in `trips` (a late
    // position would continue it) but answered as ended at its last position.
    expect(a.segments.map((s) => `${s.kind}${s.open ? '*' : ''}`)).toEqual(['stop', 'trip', 'stop', 'trip']);
    const { rows: stored } = await t.database.pool.query<{ open: boolean }>('SELECT open FROM trips WHERE unit_id = $1 ORDER BY start_time', [van]);
    expect(stored.map((r) => r.open)).toEqual([false, false, false, true]);
    const [, trip, stop] = a.segments as [unknown, (typeof a.segments)[0], (typeof a.segments)[0]];
    expect(trip).toMatchObject({ unitid: van, registration: 'JY26 E2E', distanceM: 6000, startOdometer: 120_000_000, endOdometer: 120_006_000 });
    expect(trip.startLoc).toMatch(/Leeds/);
    expect(trip.maxSpeed).toBeGreaterThan(30);
    expect(stop.start).toBe(trip.end);
    expect(stop.durationS).toBeGreaterThanOrEqual(900);
    expect(a.totals.trips).toBe(2);
    expect(a.totals.distanceM).toBeGreaterThanOrEqual(6000);
    expect(a.totals.firstStart).toBe(trip.start);
  });

  it('data: every position the device sent, oldest first, with its ignition', async () => {
    const res = await t.call('GET', `data?d=2026-11-23&v=${van}`, { token });
    const d = dataAnswerSchema.parse(res.json());
    const p = d.tracks[0]!.points;
    expect(p.t).toEqual(track.map((x) => x.t));
    expect(p.ign).toEqual(track.map((x) => (x.ign ? 1 : 0)));
    expect(p.speed).toEqual(track.map((x) => x.speed));
  });

  it("tripevents: the trip's ignition on and the stop that ends it", async () => {
    const a = activityAnswerSchema.parse((await t.call('GET', `activity?d=2026-11-23&v=${van}`, { token })).json());
    const trip = a.segments[1]!;
    const res = await t.call('POST', 'tripevents', { token, body: { events: { v: van, from: trip.start, to: trip.end } } });
    expect(res.statusCode, res.body).toBe(200);
    const { events } = tripEventsAnswerSchema.parse(res.json());
    expect(events.filter((e) => e.kind === 'stop')).toHaveLength(1);
    expect(events.find((e) => e.kind === 'stop')?.time).toBe(trip.end);
    expect(events.filter((e) => e.kind === 'ignition').map((e) => e.text)).toContain('Ignition off');
  });
});
