import type { ClientToServerEvents, FmsVehicle, ServerToClientEvents, SessionUser } from '@fleet/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { caughtUp } from '../../../test/until.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestApp;
let base: string;
let leeds: SessionUser;
let northway: SessionUser;
let unit: { id: number; device_id: string; registration: string };
const sockets: Client[] = [];

/** What an FMB640 on a truck's FMS gateway reports beside the usual elements. */
const fmsIo = (coolantTenths: number) => new Map([
  [239, { size: 1 as const, value: 1 }], [240, { size: 1 as const, value: 1 }], [66, { size: 2 as const, value: 27_600 }],
  [89, { size: 1 as const, value: 64 }], [111, { size: 1 as const, value: 42 }], [160, { size: 1 as const, value: 2 }],
  [115, { size: 2 as const, value: coolantTenths }], [85, { size: 2 as const, value: 1450 }], [118, { size: 2 as const, value: 7000 }],
  [83, { size: 4 as const, value: 123_456 }], [102, { size: 4 as const, value: 120_000 }], [400, { size: 4 as const, value: 15_000 }],
]);

async function report(i: number, coolantTenths: number) {
  const device = await TestDevice.connect(t.ingest.ports.teltonika);
  await device.login(unit.device_id);
  expect(await device.send([record(i, { io: fmsIo(coolantTenths) })])).toBe(1);
  device.close();
  await caughtUp(t.database.pool);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  leeds = await t.login('ops.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  unit = (await t.database.pool.query('SELECT id, device_id, registration FROM units WHERE site_id = $1 AND unit_type_id <> 20 ORDER BY id LIMIT 1', [leeds.siteid])).rows[0];
  await report(1, 825);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const valueOf = (v: FmsVehicle | undefined, key: string) => v?.values.find((r) => r.key === key);

describe('fmsvvehicles', () => {
  it("lists every vehicle of the site with what its unit reports, in units, and the columns the fleet reports", async () => {
    const res = await t.call('GET', `fmsvvehicles?siteid=${leeds.siteid}`, { token: leeds.token });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { columns: Array<{ key: string; unit: string }>; vehicles: FmsVehicle[] };
    const { rows: [{ n }] } = await t.database.pool.query('SELECT count(*)::int AS n FROM units WHERE site_id = $1 AND removed_at IS NULL', [leeds.siteid]);
    expect(body.vehicles).toHaveLength(n);
    const mine = body.vehicles.find((v) => v.unitid === unit.id);
    expect(mine?.registration).toBe(unit.registration);
    expect(valueOf(mine, 'coolantTemp')).toMatchObject({ id: 115, value: 82.5, unit: '°C', text: '82.5 °C' });
    expect(valueOf(mine, 'axle1')).toMatchObject({ value: 7000, unit: 'kg' });
    expect(valueOf(mine, 'serviceDistance')).toMatchObject({ value: 15_000, unit: 'km' });
    expect(valueOf(mine, 'dtcCount')?.value).toBe(2);
    // Ignition is no engine value: not in the table.
    expect(mine?.values.some((r) => r.id === 239)).toBe(false);
    expect(body.columns.map((c) => c.key).slice(0, 3)).toEqual(['fuelLevelPercent', 'fuelUsed', 'engineHours']);
    expect(body.columns.find((c) => c.key === 'coolantTemp')?.unit).toBe('°C');
  });

  it("refuses another customer's site", async () => {
    const res = await t.call('GET', `fmsvvehicles?siteid=${leeds.siteid}`, { token: northway.token });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain(unit.registration);
  });
});

describe('lastfmsv2data (moved from the units module)', () => {
  it('keeps its fields and adds every catalogue value', async () => {
    const res = await t.call('GET', `lastfmsv2data?uid=${unit.id}`, { token: leeds.token });
    expect(res.statusCode).toBe(200);
    const { fms } = res.json() as { fms: Record<string, unknown> & { values: Array<{ id: number; text: string }> } };
    expect(fms).toMatchObject({ unitid: unit.id, registration: unit.registration, fuellevel: 64, fuelused: 12_345.6, enginehours: 2000, rpm: 1450, faultcodes: [] });
    expect(fms.values.find((r) => r.id === 115)?.text).toBe('82.5 °C');
    expect(fms.values.find((r) => r.id === 239)?.text).toBe('1');
  });

  it("refuses another customer's unit and reads a unit type's catalogue", async () => {
    expect([403, 404]).toContain((await t.call('GET', `lastfmsv2data?uid=${unit.id}`, { token: northway.token })).statusCode);
    const { rows: [{ unit_type_id: typeId }] } = await t.database.pool.query('SELECT unit_type_id FROM units WHERE id = $1', [unit.id]);
    const before = (await t.database.pool.query('SELECT io_catalogue FROM unit_types WHERE id = $1', [typeId])).rows[0].io_catalogue;
    await t.database.pool.query(`UPDATE unit_types SET io_catalogue = '{"115": {"name": "Coolant", "unit": "°F", "scale": 0.18, "decimals": 0}}' WHERE id = $1`, [typeId]);
    try {
      const { fms } = (await t.call('GET', `lastfmsv2data?uid=${unit.id}`, { token: leeds.token })).json() as { fms: { values: Array<{ id: number; name: string; text: string }> } };
      expect(fms.values.find((r) => r.id === 115)).toMatchObject({ name: 'Coolant', text: '149 °F' });
      // The unit's IO in words (lastunitinfo) reads the same catalogue.
      const info = (await t.call('GET', `lastunitinfo?uid=${unit.id}`, { token: leeds.token })).json() as { unit: { attributes: Array<{ id: string; name: string; text: string }> } };
      expect(info.unit.attributes.find((a) => a.id === '115')).toMatchObject({ name: 'Coolant', text: '149 °F' });
    } finally {
      await t.database.pool.query('UPDATE unit_types SET io_catalogue = $2 WHERE id = $1', [typeId, JSON.stringify(before)]);
    }
  });
});

function open(user: SessionUser): Promise<Client> {
  const s: Client = connect(base, { autoConnect: false, transports: ['websocket'], auth: { token: user.token, instanceuuid: user.instanceuuid }, extraHeaders: t.socketHeaders(user.token) });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
    s.connect();
  });
}

describe("live engine data ('fms:update')", () => {
  it("reaches the site's browsers when the unit reports, and no other customer's", async () => {
    const mine = await open(leeds);
    const theirs = await open(northway);
    const seenByOther: FmsVehicle[][] = [];
    theirs.on('fms:update', (list) => seenByOther.push(list));
    const got = new Promise<FmsVehicle>((resolve) => mine.on('fms:update', (list) => {
      const v = list.find((x) => x.unitid === unit.id);
      if (v && valueOf(v, 'coolantTemp')?.value === 91) resolve(v);
    }));
    await report(2, 910);
    const v = await got;
    expect(valueOf(v, 'coolantTemp')?.text).toBe('91 °C');
    expect(v.updated).toBe(new Date(record(2).timestampMs).toISOString());
    expect(seenByOther.flat().some((x) => x.unitid === unit.id)).toBe(false);
  });
});
