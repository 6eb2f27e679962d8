// The vehicles answer, field by field, for a unit that never reported and for one with a stored state
// (read by the vehicles call's own query since issue 8: these pin what it answered before).
import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let ops: SessionUser;
beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
});
afterAll(async () => { await t.close(); });

const vehicles = async () => (await t.call('GET', `vehicles?siteid=${ops.siteid}`, { token: ops.token })).json().vehicles as Record<string, unknown>[];

describe('vehicles?siteid', () => {
  it('answers a unit that never reported with no position and zeros', async () => {
    const u = (await t.database.pool.query(`SELECT u.id, u.unit_type_id, u.registration, coalesce(nullif(u.vicon, ''), t.icon) AS vicon, coalesce(d.name, '') AS driver
      FROM units u JOIN unit_types t ON t.id = u.unit_type_id LEFT JOIN drivers d ON d.id = u.driver_id
      WHERE u.site_id = $1 AND NOT EXISTS (SELECT 1 FROM unit_state s WHERE s.unit_id = u.id) ORDER BY u.id LIMIT 1`, [ops.siteid])).rows[0];
    expect(u).toBeDefined();
    expect((await vehicles()).find((v) => v.unitid === u.id)).toEqual({
      unitid: u.id, unittype: u.unit_type_id, registration: u.registration, drivername: u.driver, vicon: u.vicon, loc: '',
      speed: 0, ign: 0, updated: null, lat: null, lon: null, direction: 0, vehiclealarm: false, ptotrigger1: 0, ptotrigger2: 0,
    });
  });

  it('answers a unit with a state: mph, ignition from movement, ms time, its code, alarm from an open geofence alert', async () => {
    const u = (await t.database.pool.query(`SELECT id, site_id FROM units WHERE site_id = $1 ORDER BY id DESC LIMIT 1`, [ops.siteid])).rows[0];
    await t.database.pool.query(`INSERT INTO unit_state (unit_id, position_id, device_time, status_time, lat, lon, speed, angle, satellites, ignition, pto1, loc_code)
      VALUES ($1, 1, '2026-11-20T08:15:30.123Z', '2026-11-20T08:15:30.123Z', 53.81234567, -1.5512345, 100, 271, 9, NULL, true, 'assetPing')
      ON CONFLICT (unit_id) DO UPDATE SET device_time = EXCLUDED.device_time, lat = EXCLUDED.lat, lon = EXCLUDED.lon, speed = 100, angle = 271,
        ignition = NULL, pto1 = true, pto2 = false, panic = false, loc_code = 'assetPing'`, [u.id]);
    const v = (await vehicles()).find((x) => x.unitid === u.id)!;
    expect(v).toMatchObject({
      lat: 53.81234567, lon: -1.5512345, speed: 62, ign: 1, direction: 271, updated: '2026-11-20T08:15:30.123Z',
      vehiclealarm: false, ptotrigger1: 1, ptotrigger2: 0,
    });
    expect(v.loc).toMatch(/^~AP~.+/);
    await t.database.pool.query(`INSERT INTO alerts (site_id, unit_id, kind, event, position_id, happened_at, lat, lon)
      VALUES ($1, $2, 'geofence', 'enter', 1, now(), 53.8, -1.55)`, [u.site_id, u.id]);
    expect((await vehicles()).find((x) => x.unitid === u.id)?.vehiclealarm).toBe(true);
  });
});
