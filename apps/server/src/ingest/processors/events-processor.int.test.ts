import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_NOW } from '../../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { caughtUp } from '../../../test/until.ts';
import type { NewAlert } from './events-processor.ts';
import type { PositionRow } from '../position-writer.ts';

// Issue 13 through the writer and the running events processor: panics and device alarms of reports
// without a fix, device alarms in the alert calls, and alerts of a long-buffered past recorded late.

let t: TestApp;
let ops: SessionUser;
let unit: { id: number };
/** Another unit, for the buffered past: its reports are older than the first unit's. */
let other: { id: number };
let fence: { lat: number; lon: number };
const heard: NewAlert[] = [];
const AWAY = { lat: 54.5, lon: -2.5 };
let second = 0;

/** A report the writer stores; `ago` ms before the events clock. Without `at`, at 0,0 without a fix. */
function report(io: Record<string, number | string>, at: { lat: number; lon: number } | null, ago = 0, of = unit): PositionRow {
  return {
    unitId: of.id, deviceTimeMs: FIXTURE_NOW - ago + ++second * 1000, lat: at?.lat ?? 0, lon: at?.lon ?? 0, altitude: 0, angle: 0, satellites: at ? 9 : 0,
    speed: 0, priority: 0, eventIo: 0, io: at ? io : { ...io, fix: 0 }, protocol: 'osmand',
  };
}
async function write(...rows: PositionRow[]) {
  await t.ingest.writer.write(rows);
  await caughtUp(t.database.pool);
}
const list = async (kind: string, open = true, of = unit) =>
  (await t.call('GET', `alertlist?list=${kind}${open ? '&open=1' : ''}`, { token: ops.token })).json().alerts.filter((a: { uid: number }) => a.uid === of.id);
const counts = async () => (await t.call('GET', 'dashalerts', { token: ops.token })).json().counts;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  [unit, other] = (await t.database.pool.query('SELECT id FROM units WHERE site_id = $1 AND unit_type_id = 1 ORDER BY id DESC LIMIT 2', [ops.siteid])).rows;
  fence = (await t.database.pool.query('SELECT lat, lon FROM poi WHERE site_id = $1 AND mode = 1 AND is_geofence ORDER BY id LIMIT 1', [ops.siteid])).rows[0];
  t.ingest.alertEvents.on('alerts', (a) => heard.push(...a));
  // The unit's first plausible position: far from every POI.
  await write(report({}, AWAY), report({}, AWAY, 4 * 3_600_000, other));
});
afterAll(async () => {
  await t.close();
});

describe('reports without a fix', () => {
  it("raises an SOS reported without a fix as a panic at the unit's last plausible position", async () => {
    await write(report({ ignition: 1 }, AWAY), report({ alarm: 'sos' }, null));
    const flagged = await t.database.pool.query('SELECT implausible FROM positions WHERE unit_id = $1 ORDER BY id DESC LIMIT 1', [unit.id]);
    expect(flagged.rows[0].implausible).toBe('no-fix');
    const [panic] = await list('panic');
    expect(panic).toMatchObject({ lat: AWAY.lat, lon: AWAY.lon, cleared: null, late: false });
    expect(panic.loc).toMatch(/ from [A-Z]/);
    expect(heard.some((a) => a.kind === 'panic' && a.aid === panic.aid)).toBe(true);
  });

  it('raises a device alarm without a fix as a device alert: listed, counted, cleared by vehicle', async () => {
    await write(report({ alarm: 'powerCut' }, null), report({ alarm: 'powerCut' }, null));
    const alerts = await list('device');
    expect(alerts.map((a: { event: string; detail: string; lat: number }) => [a.event, a.detail, a.lat])).toEqual([['powerCut', 'Power cut', AWAY.lat]]);
    expect((await counts()).device).toBe(1);
    expect((await t.call('POST', 'cleardevicealarm', { token: ops.token, body: { uid: unit.id } })).json().ok).toBe(1);
    expect((await counts()).device).toBe(0);
    expect((await list('device', false))[0].clearedby).not.toBeNull();
    // The same alarm a minute later, in another batch: the quiet gap is remembered (unit_event_state.alarms).
    await write(report({ alarm: 'powerCut' }, null, -60_000));
    expect(await list('device', false)).toHaveLength(1);
  });
});

describe('alerts of a long-buffered past', () => {
  it('records geofence entries and exits of three hours ago cleared, late, unheard and uncounted; raises an old panic', async () => {
    const zoneBefore = (await counts()).zone;
    heard.length = 0;
    const HOURS_3 = 3 * 3_600_000;
    await write(report({}, fence, HOURS_3, other), report({}, AWAY, HOURS_3, other), report({ alarm: 'sos' }, AWAY, HOURS_3, other));
    const zone = await list('zone', false, other);
    expect(zone.map((a: { event: string; late: boolean; clearedby: string | null }) => [a.event, a.late, a.clearedby])).toEqual([['exit', true, null], ['enter', true, null]]);
    expect(zone.every((a: { cleared: string | null }) => a.cleared !== null)).toBe(true);
    expect((await counts()).zone).toBe(zoneBefore);
    expect(heard.map((a) => a.kind)).toEqual(['panic']);
  });

  it('raises a geofence entry of a few minutes ago', async () => {
    await write(report({}, fence, 5 * 60_000, other));
    expect((await list('zone', true, other)).map((a: { event: string; late: boolean }) => [a.event, a.late])).toEqual([['enter', false]]);
  });
});
