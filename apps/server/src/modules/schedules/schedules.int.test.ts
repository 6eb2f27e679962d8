import type { ScheduledReport, SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let ops: SessionUser;
let northway: SessionUser;
let vehicle: number;
let theirVehicle: number;

const body = (extra: object = {}) => ({
  name: 'Yesterday\'s trips', what: 'trips', metric: 'vehicle', src: [vehicle], range: 'yesterday', format: 'xlsx',
  frequency: 'weekdays', at: '07:00', recipients: ['fleet.manager@aire-valley.example'], ...extra,
});
const save = (token: string, b: object) => t.call('POST', 'savescheduledreport', { token, body: b });
const list = async (token: string) => (await t.call('GET', 'scheduledreports', { token })).json().schedules as ScheduledReport[];

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  northway = await t.login('ops@northway.example');
  vehicle = (await t.database.pool.query<{ id: number }>('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [ops.siteid])).rows[0]!.id;
  theirVehicle = (await t.database.pool.query<{ id: number }>('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [northway.siteid])).rows[0]!.id;
});
afterAll(async () => t.close());

describe('scheduled report calls', () => {
  it('adds, lists with the next run in the site zone, edits and deletes a schedule', async () => {
    const added = await save(ops.token, body());
    expect(added.statusCode).toBe(200);
    const id = added.json().id as number;
    const mine = (await list(ops.token)).find((s) => s.id === id);
    expect(mine).toMatchObject({
      name: 'Yesterday\'s trips', what: 'trips', metric: 'vehicle', src: [vehicle], range: 'yesterday', format: 'xlsx',
      frequency: 'weekdays', at: '07:00', weekday: null, monthDay: null, enabled: true, timezone: 'Europe/London', lastRun: null,
    });
    // The next run is a weekday at 07:00 London time, in the future.
    const next = new Date(mine!.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' })).toBe('07:00');
    expect(['Sat', 'Sun']).not.toContain(next.toLocaleDateString('en-GB', { timeZone: 'Europe/London', weekday: 'short' }));

    const edited = await save(ops.token, body({ id, name: 'Monthly mileage', what: 'mileage', metric: 'site', src: [], range: 'lastmonth', format: 'pdf', frequency: 'monthly', monthDay: 31, at: '06:15' }));
    expect(edited.statusCode).toBe(200);
    const after = (await list(ops.token)).find((s) => s.id === id)!;
    expect(after).toMatchObject({ name: 'Monthly mileage', frequency: 'monthly', monthDay: 31, at: '06:15', range: 'lastmonth', format: 'pdf' });
    expect(new Date(after.nextRunAt!).toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' })).toBe('06:15');

    const runs = await t.call('GET', `scheduledreportruns?id=${id}`, { token: ops.token });
    expect(runs.json()).toEqual({ ok: 1, schedule: { id, name: 'Monthly mileage' }, runs: [] });

    expect((await t.call('POST', 'deletescheduledreport', { token: ops.token, body: { id } })).statusCode).toBe(200);
    expect((await list(ops.token)).some((s) => s.id === id)).toBe(false);
    expect((await t.call('POST', 'deletescheduledreport', { token: ops.token, body: { id } })).statusCode).toBe(404);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await list(ops.token);
    const cases: Array<[object, string]> = [
      [body({ at: '25:00' }), 'must be a time HH:mm'],
      [body({ frequency: 'weekly' }), 'a weekly schedule needs its weekday'],
      [body({ monthDay: 3 }), 'only a monthly schedule has a day of the month'],
      [body({ recipients: ['someone'] }), 'is not an e-mail address'],
      [body({ recipients: Array.from({ length: 21 }, (_, i) => `r${i}@example.com`) }), 'at most 20 addresses'],
      [body({ range: 'tomorrow' }), 'range'],
      [body({ what: 'weather' }), 'what'],
      [body({ format: 'docx' }), 'format'],
      [body({ options: { threshold: 900 } }), 'at most 300'],
      [body({ name: '  ' }), 'must not be empty'],
      [body({ src: [theirVehicle] }), `no vehicle ${theirVehicle} on this site`],
      [body({ what: 'timesheets', metric: 'vehicle' }), 'per driver or site, not per vehicle'],
    ];
    for (const [b, text] of cases) {
      const res = await save(ops.token, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.body, JSON.stringify(b)).toContain(text);
    }
    expect(await list(ops.token)).toEqual(before);
  });

  it('another site\'s schedule reads as missing for every call', async () => {
    const theirs = (await save(northway.token, body({ src: [theirVehicle] }))).json().id as number;
    expect((await save(ops.token, body({ id: theirs }))).statusCode).toBe(404);
    expect((await t.call('POST', 'deletescheduledreport', { token: ops.token, body: { id: theirs } })).statusCode).toBe(404);
    const runs = await t.call('GET', `scheduledreportruns?id=${theirs}`, { token: ops.token });
    expect(runs.statusCode).toBe(404);
    expect(runs.json().message).toBe('No such scheduled report.');
    expect((await list(ops.token)).some((s) => s.id === theirs)).toBe(false);
    expect((await list(northway.token)).find((s) => s.id === theirs)?.name).toBe('Yesterday\'s trips');
  });

  it('gates: signed in, office session, Tracksec for the timesheet report', async () => {
    expect((await t.call('GET', 'scheduledreports')).statusCode).toBe(401);
    const driver = await t.driverSession('Leeds Depot');
    expect((await t.call('GET', 'scheduledreports', { token: driver.token })).statusCode).toBe(403);
    expect((await save(driver.token, body())).statusCode).toBe(403);
    const timesheets = body({ what: 'timesheets', metric: 'driver', src: [] });
    // Whatever the demo gives this operator, without Tracksec the timesheet report is refused.
    await t.database.pool.query('UPDATE users SET tracksec = false WHERE email = $1', ['ops.leeds@aire-valley.example']);
    const plain = await t.login('ops.leeds@aire-valley.example');
    const refused = await save(plain.token, timesheets);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Tracksec');
    await t.database.pool.query('UPDATE users SET tracksec = true WHERE email = $1', ['ops.leeds@aire-valley.example']);
    const tracksec = await t.login('ops.leeds@aire-valley.example');
    expect((await save(tracksec.token, timesheets)).statusCode).toBe(200);
  });
});
