import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { caughtUp, until } from '../../test/until.ts';

// The Traccar Client app over real HTTP: its SOS in both forms raises the panic alert, a faked
// location is marked, a report without coordinates is stored without a fix.
let t: TestApp;
let admin: SessionUser;
let ops: SessionUser;
const phones: Record<'query' | 'json' | 'cells', { id: number; uid: string }> = {} as never;
const now = () => Math.floor(Date.now() / 1000);
const base = () => `http://127.0.0.1:${t.ingest.ports.osmand}/`;
const postJson = (body: unknown) =>
  fetch(base(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const rows = async (unitId: number) => (await t.database.pool.query(
  'SELECT lat, lon, event_io, io, implausible FROM positions WHERE unit_id = $1 ORDER BY id', [unitId])).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  for (const [name, uid] of [['query', 'sos-phone-q'], ['json', 'sos-phone-j'], ['cells', 'cell-phone']] as const) {
    const added = await t.call('POST', 'addnewsiteunit', { token: admin.token, body: { siteid: admin.siteid, uid, unittype: 20, registration: uid } });
    expect(added.json()).toMatchObject({ ok: 1 });
    phones[name] = { id: added.json().unitid, uid };
  }
});
afterAll(async () => { await t.close(); });

const panicAlerts = async (unitId: number) => (await t.database.pool.query(
  `SELECT kind, event, lat, lon FROM alerts WHERE unit_id = $1 AND kind = 'panic'`, [unitId])).rows;

describe('Traccar Client SOS', () => {
  it('alarm=sos in the query form raises the panic alert, on the dashboard as a Teltonika panic', async () => {
    const p = phones.query;
    const ts = now();
    expect((await fetch(`${base()}?id=${p.uid}&lat=53.80&lon=-1.55&timestamp=${ts}&batt=71`)).status).toBe(200);
    // The SOS at the same device second as the position is a report of its own (re-send key eventIo 1).
    expect((await fetch(`${base()}?id=${p.uid}&lat=53.80&lon=-1.55&timestamp=${ts}&alarm=sos&batt=71`)).status).toBe(200);
    const stored = await rows(p.id);
    expect(stored.map((r) => r.event_io)).toEqual([0, 1]);
    expect(stored[1].io).toEqual({ alarm: 'sos', batteryLevel: 71 });
    const alerts = await until(() => panicAlerts(p.id), (a) => a.length > 0, 15_000);
    expect(alerts).toEqual([{ kind: 'panic', event: 'press', lat: 53.8, lon: -1.55 }]);
    const dash = (await t.call('GET', 'dashalerts', { token: ops.token })).json();
    expect(dash.counts.panic).toBeGreaterThanOrEqual(1);
    expect(dash.panic).toContain(`|${p.id}|`);
  });

  it('location.extras.alarm = "sos" in the JSON of the newer app raises the panic alert too', async () => {
    const p = phones.json;
    // A unit's very first report only sets the events processor's memory (events-rules.ts): a position first.
    expect((await postJson({ device_id: p.uid, location: { timestamp: new Date(Date.now() - 1000).toISOString(), coords: { latitude: 53.81, longitude: -1.56 } } })).status).toBe(200);
    const res = await postJson({
      device_id: p.uid,
      location: {
        timestamp: new Date().toISOString(), coords: { latitude: 53.81, longitude: -1.56, accuracy: 5, speed: 0, heading: -1 },
        is_moving: false, event: 'motionchange', battery: { level: 0.42, is_charging: true }, activity: { type: 'still' }, extras: { alarm: 'sos' },
      },
    });
    expect(res.status).toBe(200);
    expect((await rows(p.id))[1]).toMatchObject({ event_io: 1, io: { alarm: 'sos', batteryLevel: 42, charge: 1, motion: 0, accuracy: 5 } });
    const alerts = await until(() => panicAlerts(p.id), (a) => a.length > 0, 15_000);
    expect(alerts).toHaveLength(1);
    const list = (await t.call('GET', 'alertlist?list=panic', { token: ops.token })).json().alerts;
    expect(list.some((a: { uid: number }) => a.uid === p.id)).toBe(true);
  });
});

describe('Traccar Client fields', () => {
  it('mock=true marks the position as faked, and the unit state says so', async () => {
    const p = phones.json;
    const res = await postJson({
      device_id: p.uid,
      location: { timestamp: new Date(Date.now() + 1000).toISOString(), mock: true, coords: { latitude: 53.82, longitude: -1.57 }, extras: { note: 'x' } },
    });
    expect(res.status).toBe(200);
    expect((await rows(p.id)).at(-1)).toMatchObject({ event_io: 0, io: { mock: 1, note: 'x' }, implausible: null });
    await caughtUp(t.database.pool, 15_000);
    const info = (await t.call('GET', `lastunitinfo?uid=${p.id}`, { token: ops.token })).json().unit;
    expect(info.mock).toBe(1);
    expect(info.attributes).toContainEqual({ id: 'mock', name: 'Faked location', value: 1, text: 'Yes' });
  });

  it("lastunitinfo reads the attributes' distances in the site's units and names the protocol (no satellite count)", async () => {
    const p = phones.query;
    // The look helper's odometer: 179,577.8 km, in metres as the app sends it.
    expect((await fetch(`${base()}?id=${p.uid}&lat=53.80&lon=-1.55&timestamp=${now() + 3}&odometer=179577800`)).status).toBe(200);
    await caughtUp(t.database.pool, 15_000);
    const odometer = async (system: 'imperial' | 'metric') => {
      expect((await t.call('POST', 'setunitsystem', { token: admin.token, body: { system } })).json()).toMatchObject({ ok: 1 });
      const unit = (await t.call('GET', `lastunitinfo?uid=${p.id}`, { token: ops.token })).json().unit;
      expect(unit).toMatchObject({ protocol: 'osmand', satellites: 0 });
      return unit.attributes.find((a: { id: string }) => a.id === 'odometer');
    };
    try {
      expect(await odometer('metric')).toEqual({ id: 'odometer', name: 'Total odometer', value: 179577800, text: '179,578 km' });
      expect(await odometer('imperial')).toEqual({ id: 'odometer', name: 'Total odometer', value: 179577800, text: '111,584 mi' });
    } finally {
      await t.call('POST', 'setunitsystem', { token: admin.token, body: { system: 'imperial' } });
    }
  });

  it('a report with cell towers only is stored without a fix (0,0, fix 0, flagged no-fix), not refused', async () => {
    const p = phones.cells;
    const res = await fetch(`${base()}?id=${p.uid}&timestamp=${now()}&cell=234,15,1001,52021&wifi=00-14-22-01-23-45,-80&batt=55`);
    expect(res.status).toBe(200);
    const [row] = await rows(p.id);
    expect(row).toMatchObject({ lat: 0, lon: 0, implausible: 'no-fix', io: { fix: 0, cell: '234:15:1001:52021', batteryLevel: 55 } });
    const json = await postJson({ device_id: p.uid, location: { timestamp: new Date(Date.now() + 2000).toISOString(), battery: { level: 0.5 } } });
    expect(json.status).toBe(200);
    expect((await rows(p.id)).at(-1)).toMatchObject({ lat: 0, lon: 0, io: { fix: 0, batteryLevel: 50 } });
    await caughtUp(t.database.pool, 15_000);
    // No position jump: the unit has no state from reports without a fix.
    expect((await t.call('GET', `lastunitinfo?uid=${p.id}`, { token: ops.token })).json().unit.lat).toBeNull();
  });

  it('keeps a free parameter holding a NUL (as U+FFFD): the report is stored, not refused for good', async () => {
    const p = phones.query;
    const res = await fetch(`${base()}?id=${p.uid}&lat=53.8&lon=-1.55&timestamp=${now() + 5}&note=a%00b&my_flag=true`);
    expect([res.status, await res.text()]).toEqual([200, 'OK']);
    expect((await rows(p.id)).at(-1)?.io).toEqual({ note: 'a\ufffdb', myFlag: 1 });
  });

  it('a malformed coordinate is still refused with a clear message, nothing stored', async () => {
    const p = phones.cells;
    const before = (await rows(p.id)).length;
    const res = await fetch(`${base()}?id=${p.uid}&timestamp=${now()}&lat=53.8&lon=west`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("invalid lon 'west': expected a decimal number");
    const half = await fetch(`${base()}?id=${p.uid}&timestamp=${now()}&lat=53.8`);
    expect([half.status, await half.text()]).toEqual([400, "missing lon: send 'lat' and 'lon' or 'location=lat,lon'"]);
    expect((await rows(p.id)).length).toBe(before);
  });
});
