import type { FaultEpisode, SessionUser } from '@fleet/shared';
import type { AvlRecord } from '@fleet/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { caughtUp } from '../../../test/until.ts';
import { EVENTS_LOCK_KEY } from '../../ingest/processors/events-processor.ts';

// J1939 faults from Teltonika Codec 8E frames through ingest: IO 281 is a variable-length element
// holding the active fault codes as ASCII 'SPN n FMI m', comma-separated (the Teltonika FMB/FMC
// "Fault codes" element as the simulator's formatFaultCodes writes it); an empty value is the list
// of a report with no fault active. One spn alert per fault episode, the episodes in vehiclefaults.

let t: TestApp;
let ops: SessionUser;
let other: SessionUser;
let viewer: SessionUser;
type Unit = { id: number; device_id: string; registration: string };
let units: Unit[];
const devices: TestDevice[] = [];
let seq = 0;

/** A report carrying IO 281 with these codes ([]: the element present and empty); undefined: without the element. */
function report(codes?: string[]): AvlRecord {
  const r = record(++seq);
  if (codes !== undefined) r.ioVariable.set(281, Buffer.from(codes.join(','), 'latin1'));
  return r;
}
async function send(device: TestDevice, ...records: AvlRecord[]) {
  expect(await device.send(records)).toBe(records.length);
  await caughtUp(t.database.pool);
}
const faultsOf = async (uid: number, u = ops) => (await t.call('GET', `vehiclefaults?uid=${uid}`, { token: u.token })).json() as { ok: 1; active: number; faults: FaultEpisode[] };
const spnAlerts = async (uid: number) =>
  (await t.call('GET', 'alertlist?list=spn', { token: ops.token })).json().alerts.filter((a: { uid: number }) => a.uid === uid) as { aid: number; detail: string; cleared: string | null }[];
const spnCount = async () => (await t.call('GET', 'dashalerts', { token: ops.token })).json().counts.spn as number;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  other = await t.login('ops@northway.example');
  const q = t.database.pool.query.bind(t.database.pool);
  const [v] = (await q(`INSERT INTO users (email, name, password_hash, usertype, customer_id, default_site_id)
    SELECT 'viewer.faults@aire-valley.example', 'Vic Viewer', password_hash, 4, customer_id, default_site_id FROM users WHERE email = 'ops.leeds@aire-valley.example' RETURNING id`)).rows;
  await q('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [v.id, ops.siteid]);
  viewer = await t.login('viewer.faults@aire-valley.example');
  units = (await q('SELECT id, device_id, registration FROM units WHERE site_id = $1 AND unit_type_id = 1 ORDER BY id LIMIT 3', [ops.siteid])).rows;
  for (const u of units) {
    const d = await TestDevice.connect(t.ingest.ports.teltonika);
    expect(await d.login(u.device_id)).toBe(1);
    devices.push(d);
    // Each unit's first position, without faults.
    await send(d, report());
  }
});
afterAll(async () => {
  for (const d of devices) d.close();
  await t.close();
});

describe('fault episodes from IO 281', () => {
  it('raises one alert per episode: appear, persist, absent element, vanish, come back', async () => {
    const [unit] = units as [Unit];
    await send(devices[0]!,
      report(['SPN 110 FMI 0']), report(['SPN 110 FMI 0']), report(), report(['SPN 110 FMI 0', 'SPN 100 FMI 1']),
      report([]), report(['SPN 110 FMI 0']));
    const alerts = await spnAlerts(unit.id);
    expect(alerts.map((a) => a.detail).reverse()).toEqual([
      'SPN 110 FMI 0: Engine coolant temperature — above normal (most severe)',
      'SPN 100 FMI 1: Engine oil pressure — below normal (most severe)',
      'SPN 110 FMI 0: Engine coolant temperature — above normal (most severe)',
    ]);
    const list = await faultsOf(unit.id);
    expect(list.active).toBe(1);
    const at = (i: number) => new Date(Date.parse(list.faults.at(-1)!.first) + i * 1000).toISOString();
    expect(list.faults.map((f) => [f.code, f.active, f.first, f.last, f.ended, f.severity])).toEqual([
      ['SPN 110 FMI 0', true, at(5), at(5), null, 'critical'],
      ['SPN 100 FMI 1', false, at(3), at(3), at(4), 'critical'],
      ['SPN 110 FMI 0', false, at(0), at(3), at(4), 'critical'],
    ]);
    expect(list.faults[0]).toMatchObject({ uid: unit.id, vehicle: unit.registration, spn: 110, fmi: 0, text: 'Engine coolant temperature — above normal (most severe)', cleared: null });
    expect(new Set(list.faults.map((f) => f.aid))).toEqual(new Set(alerts.map((a) => a.aid)));
  });

  it('is cleared by clearspnalarm (operators, own tenant): the dashboard count drops, the list shows it cleared, the ongoing fault raises no new alert', async () => {
    const [, unit] = units as [Unit, Unit];
    await send(devices[1]!, report(['SPN 3226 FMI 2', 'P0101']), report(['SPN 3226 FMI 2']));
    const before = await spnCount();
    expect((await spnAlerts(unit.id)).filter((a) => !a.cleared)).toHaveLength(1);
    expect((await t.call('POST', 'clearspnalarm', { token: viewer.token, body: { uid: unit.id } })).statusCode).toBe(403);
    expect((await t.call('POST', 'clearspnalarm', { token: other.token, body: { uid: unit.id } })).statusCode).toBe(404);
    expect((await t.call('POST', 'clearspnalarm', { token: ops.token, body: { uid: unit.id } })).json().ok).toBe(1);
    expect(await spnCount()).toBe(before - 1);
    const list = await faultsOf(unit.id);
    // Both codes appeared in one report: one alert, both episodes tied to it, both shown cleared.
    expect(list.faults.map((f) => [f.code, f.active, f.cleared !== null])).toEqual([['SPN 3226 FMI 2', true, true], ['P0101', false, true]]);
    expect(list.faults[1]?.text).toBe('OBD-II powertrain code P0101');
    expect(list.faults.every((f) => typeof f.clearedby === 'string' && f.clearedby.length > 0)).toBe(true);
    await send(devices[1]!, report(['SPN 3226 FMI 2']));
    expect(await spnCount()).toBe(before - 1);
    expect(await spnAlerts(unit.id)).toHaveLength(1);
  });

  it("keeps a vehicle's faults to its own tenant: vehiclefaults 404, sitefaults without it", async () => {
    const [unit] = units as [Unit];
    expect((await t.call('GET', `vehiclefaults?uid=${unit.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call('GET', 'sitefaults', { token: other.token })).json().faults.some((f: FaultEpisode) => f.uid === unit.id)).toBe(false);
    const mine = (await t.call('GET', 'sitefaults', { token: viewer.token })).json().faults as FaultEpisode[];
    expect(mine.filter((f) => f.uid === unit.id).map((f) => f.code)).toEqual(['SPN 110 FMI 0']);
    const all = (await t.call('GET', 'sitefaults?all=1', { token: viewer.token })).json().faults as FaultEpisode[];
    expect(all.filter((f) => f.uid === unit.id)).toHaveLength(3);
    expect((await t.call('GET', 'vehiclefaults?uid=abc', { token: ops.token })).statusCode).toBe(400);
  });

  it('stores nothing twice when the same window is processed again from the same memory', async () => {
    const [, , unit] = units as [Unit, Unit, Unit];
    const q = t.database.pool.query.bind(t.database.pool);
    const cursor = (await q(`SELECT position_id::text AS p FROM processor_cursors WHERE name = 'events'`)).rows[0].p as string;
    const memory = (await q('SELECT to_jsonb(s) AS m FROM unit_event_state s WHERE unit_id = $1', [unit.id])).rows[0].m;
    await send(devices[2]!, report(['SPN 1761 FMI 1']), report(['SPN 1761 FMI 1']), report([]), report(['SPN 1761 FMI 1']));
    const first = await faultsOf(unit.id);
    expect(first.faults).toHaveLength(2);
    // Back to before the window, under the processor's lock: the cursor and the unit's memory as they were.
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [EVENTS_LOCK_KEY]);
      await client.query(`UPDATE processor_cursors SET position_id = $1 WHERE name = 'events'`, [cursor]);
      await client.query(`UPDATE unit_event_state s SET fault_codes = m.fault_codes, last_time = m.last_time FROM jsonb_populate_record(NULL::unit_event_state, $2) m
        WHERE s.unit_id = $1`, [unit.id, memory]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await t.ingest.events.runOnce();
    await caughtUp(t.database.pool);
    expect(await faultsOf(unit.id)).toEqual(first);
    expect(await spnAlerts(unit.id)).toHaveLength(2);
  });
});
