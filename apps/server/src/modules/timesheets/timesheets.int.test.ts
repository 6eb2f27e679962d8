import type { SessionUser, TimesheetListEntry, TimesheetSheet } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { LOCKED_TEXT, timesheetsService, type TimesheetsService } from './index.ts';

/**
 * The timesheet calls on recorded drives (trips rows as the trips processor writes them) in
 * Leeds Depot (Europe/London): a day on two vehicles with a break, a shift over midnight, a shift
 * across the autumn clock change and one across the spring change.
 */

let t: TestApp;
let ops: SessionUser; // Leeds Depot operator with Tracksec (demo)
let bradford: SessionUser; // Bradford Yard operator given Tracksec here
let noTracksec: SessionUser; // Bradford Yard administrator without it
let service: TimesheetsService;
let leeds: number;
let driverA: number;
let driverB: number;
let bradfordDriver: number;
let unit1: number;
let unit2: number;
const AUTUMN = '2026-10-19'; // clocks go back on Sunday 25 October 2026
const SPRING = '2026-03-23'; // clocks go forward on Sunday 29 March 2026
const by = { userId: null, userName: 'Test sign-off' };

async function trip(unit: number, driver: number, start: string, end: string, drivingS: number): Promise<number> {
  const spanS = (Date.parse(end) - Date.parse(start)) / 1000;
  const r = await t.database.pool.query<{ id: string }>(
    `INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id,
       driving_s, idle_s, driver_id)
     VALUES ($1, 'trip', $2, $3, 53.8, -1.55, 53.8, -1.55, 1, 2, $4, $5, $6) RETURNING id::text`,
    [unit, start, end, drivingS, spanS - drivingS, driver]);
  return Number(r.rows[0]?.id);
}

const get = async (token: string, url: string) => t.call('GET', url, { token });
const post = async (token: string, url: string, body: unknown) => t.call('POST', url, { token, body });
async function sheetOf(driver: number, wc: string): Promise<TimesheetSheet> {
  const res = await get(ops.token, `gettimesheet?driver=${driver}&wc=${wc}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().timesheet as TimesheetSheet;
}
async function auditCount(sheetId: number): Promise<number> {
  return Number((await t.database.pool.query('SELECT count(*) FROM timesheet_audit WHERE timesheet_id = $1', [sheetId])).rows[0].count);
}

let mondayTrip: number;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  await t.database.pool.query(`UPDATE users SET tracksec = true WHERE email = 'ops.bradford@aire-valley.example'`);
  bradford = await t.login('ops.bradford@aire-valley.example');
  noTracksec = await t.login('admin.bradford@aire-valley.example');
  service = timesheetsService(t.database.pool);
  leeds = ops.siteid as number;
  const drivers = (await t.database.pool.query<{ id: number }>('SELECT id FROM drivers WHERE site_id = $1 ORDER BY id LIMIT 2', [leeds])).rows;
  driverA = drivers[0]!.id;
  driverB = drivers[1]!.id;
  bradfordDriver = (await t.database.pool.query<{ id: number }>('SELECT id FROM drivers WHERE site_id = $1 ORDER BY id LIMIT 1', [bradford.siteid])).rows[0]!.id;
  const units = (await t.database.pool.query<{ id: number }>('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 2', [leeds])).rows;
  unit1 = units[0]!.id;
  unit2 = units[1]!.id;

  // Monday 19 October (BST, UTC+1): 07:00–09:00 on unit 1, a 45-minute break, then unit 2 until 17:30.
  mondayTrip = await trip(unit1, driverA, '2026-10-19T06:00:00Z', '2026-10-19T08:00:00Z', 6600);
  await trip(unit2, driverA, '2026-10-19T08:45:00Z', '2026-10-19T11:00:00Z', 7500);
  await trip(unit2, driverA, '2026-10-19T11:10:00Z', '2026-10-19T16:30:00Z', 18000);
  // Wednesday 22:00 → Thursday 02:00 local: one shift over midnight, on Wednesday.
  await trip(unit1, driverA, '2026-10-21T21:00:00Z', '2026-10-21T23:00:00Z', 6000);
  await trip(unit1, driverA, '2026-10-21T23:05:00Z', '2026-10-22T01:00:00Z', 6300);
  // Sunday 25 October 00:30 BST (Saturday 23:30 UTC) → 02:00 UTC: the night the clocks go back.
  await trip(unit2, driverA, '2026-10-24T23:30:00Z', '2026-10-25T02:00:00Z', 8000);
  // Sunday 29 March 00:30 GMT → 03:30 BST: two real hours across the spring change.
  await trip(unit1, driverA, '2026-03-29T00:30:00Z', '2026-03-29T02:30:00Z', 6000);
});
afterAll(async () => { await t.close(); });

describe('gate and tenancy', () => {
  it('refuses users without Tracksec on every call, and changes nothing', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `shiftpatterns?siteid=${noTracksec.siteid}`], ['GET', 'gettimesheets'], ['GET', `gettimesheet?driver=${bradfordDriver}&wc=${AUTUMN}`],
      ['POST', 'updateshift', { w: 'break', id: 1, nt: 60 }], ['POST', 'updateshiftnotes', { shift: 1, notes: 'x' }],
      ['POST', 'addtimesheetshift', { id: 1, start: '2026-10-20T08:00:00Z', end: '2026-10-20T09:00:00Z' }],
      ['POST', 'removetimesheetrecord', { id: 1 }], ['POST', 'createdufftimesheet', { driver: bradfordDriver, wc: AUTUMN }],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method as 'GET' | 'POST', url, { token: noTracksec.token, body });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Only users with Tracksec may do this.');
    }
    expect(Number((await t.database.pool.query('SELECT count(*) FROM timesheets')).rows[0].count)).toBe(0);
  });

  it("answers another site's driver, sheet and shift as missing", async () => {
    expect((await get(ops.token, `gettimesheet?driver=${bradfordDriver}&wc=${AUTUMN}`)).statusCode).toBe(404);
    expect((await post(ops.token, 'createdufftimesheet', { driver: bradfordDriver, wc: AUTUMN })).statusCode).toBe(404);
    expect((await get(ops.token, `shiftpatterns?siteid=${bradford.siteid}`)).statusCode).toBe(404);
    const sheet = await sheetOf(driverA, AUTUMN);
    const shift = sheet.shifts[0]!;
    const before = await auditCount(sheet.id);
    for (const [url, body] of [
      ['updateshift', { w: 'break', id: shift.id, nt: 600 }], ['updateshiftnotes', { shift: shift.id, notes: 'not mine' }],
      ['removetimesheetrecord', { id: shift.id }], ['addtimesheetshift', { id: sheet.id, start: '2026-10-20T08:00:00Z', end: '2026-10-20T09:00:00Z' }],
    ] as const) {
      const res = await post(bradford.token, url, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get(bradford.token, `gettimesheet?driver=${driverA}&wc=${AUTUMN}`)).statusCode).toBe(404);
    expect(await auditCount(sheet.id)).toBe(before);
    expect(await service.sheet([bradford.siteid as number], sheet.id)).toBeNull();
    expect(await service.sheetOf([bradford.siteid as number], driverA, AUTUMN)).toBeNull();
  });
});

describe('shift patterns', () => {
  it("lists the site's default pattern (demo: Mon–Fri 07:00–17:00)", async () => {
    const res = await get(ops.token, `shiftpatterns?siteid=${leeds}`);
    expect(res.statusCode, res.body).toBe(200);
    const patterns = res.json().patterns as Array<{ isDefault: boolean; pattern: { days: unknown[]; overtimeAfterDayMin: number } }>;
    expect(patterns).toHaveLength(1);
    expect(patterns[0]!.isDefault).toBe(true);
    expect(patterns[0]!.pattern.days).toHaveLength(5);
    expect(patterns[0]!.pattern.overtimeAfterDayMin).toBe(540);
  });

  it("is edited as the config list 'shiftpatterns', one default per site", async () => {
    const admin = await t.login('admin.leeds@aire-valley.example');
    const rec = {
      isDefault: false,
      pattern: { name: 'Nights', days: [{ weekday: 1, start: '22:00', end: '06:00', paidBreakMin: 30 }], overtimeAfterDayMin: null, overtimeAfterWeekMin: 2400, night: { start: '23:00', end: '06:00' } },
    };
    const add = await post(admin.token, 'updateconfigrecord', { mode: 'add', list: 'shiftpatterns', id: 0, rec });
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().id as number;
    const list = (await get(admin.token, 'configlist?list=shiftpatterns')).json().records as Array<{ id: number; default: string }>;
    expect(list.map((r) => r.default)).toEqual(['Yes', '']);
    const bad = await post(admin.token, 'updateconfigrecord', { mode: 'edit', list: 'shiftpatterns', id, rec: { ...rec, pattern: { ...rec.pattern, days: [{ weekday: 8, start: '22:00', end: '06:00', paidBreakMin: 30 }] } } });
    expect(bad.statusCode).toBe(400);
    const defaultId = list[0]!.id;
    const unmark = await post(admin.token, 'updateconfigrecord', { mode: 'edit', list: 'shiftpatterns', id: defaultId, rec: { ...(await get(admin.token, `configrecord?list=shiftpatterns&id=${defaultId}`)).json().record, id: undefined, isDefault: false } });
    expect(unmark.statusCode).toBe(400);
    expect((await post(admin.token, 'deleteconfigrecord', { mode: 'delete', list: 'shiftpatterns', id: defaultId })).statusCode).toBe(400);
    const del = await post(admin.token, 'deleteconfigrecord', { mode: 'delete', list: 'shiftpatterns', id });
    expect(del.statusCode, del.body).toBe(200);
    // Another site's pattern is missing to this admin.
    const other = (await t.database.pool.query<{ id: number }>('SELECT id FROM shift_patterns WHERE site_id = $1', [bradford.siteid])).rows[0]!.id;
    expect((await get(admin.token, `configrecord?list=shiftpatterns&id=${other}`)).statusCode).toBe(404);
  });
});

describe("a driver's week from the trips", () => {
  it('builds the shifts: two vehicles and a break, over midnight, across the autumn clock change', async () => {
    const s = await sheetOf(driverA, AUTUMN);
    expect(s.week.shifts.map((x) => x.day)).toEqual(['2026-10-19', '2026-10-21', '2026-10-25']);
    const [monday, wednesday, sunday] = s.week.shifts;
    expect(monday!.start).toBe('2026-10-19T06:00:00.000Z');
    expect(monday!.end).toBe('2026-10-19T16:30:00.000Z');
    expect(monday!.breakS).toBe(45 * 60);
    expect(monday!.vehicles.map((v) => v.unitid)).toEqual([unit1, unit2]);
    expect(monday!.drivingS).toBe(6600 + 7500 + 18000);
    // 22:00 → 02:00 local, night from 23:00: three hours (the 5-minute halt is work, not a break).
    expect(wednesday!.durationS).toBe(4 * 3600);
    expect(wednesday!.nightS).toBe(3 * 3600);
    // 00:30 BST → 02:00 GMT: two and a half real hours, all of it night.
    expect(sunday!.durationS).toBe(2.5 * 3600);
    expect(sunday!.nightS).toBe(2.5 * 3600);
    expect(s.week.days[6]!.lengthS).toBe(25 * 3600);
    expect(s.shifts).toHaveLength(3);
    expect(s.shifts.every((r) => r.source === 'data' && !r.corrected)).toBe(true);
    expect(s.pattern.name).toMatch(/Mon–Fri/);
    // Monday worked 10 h 30 with 45 min break (30 paid): 10 h 15 worked, 1 h 15 over 9 h.
    expect(s.week.days[0]!.workedS).toBe(10.25 * 3600);
    expect(s.week.days[0]!.dailyOvertimeS).toBe(1.25 * 3600);
  });

  it('counts the spring day as 23 hours and a shift across it in real time', async () => {
    const s = await sheetOf(driverA, SPRING);
    expect(s.week.days[6]!.lengthS).toBe(23 * 3600);
    expect(s.week.shifts).toHaveLength(1);
    expect(s.week.shifts[0]!.durationS).toBe(7200);
    expect(s.week.shifts[0]!.day).toBe('2026-03-29');
  });

  it("lists the week's drivers (gettimesheets) and refuses a week that is not a Monday", async () => {
    const res = await get(ops.token, `gettimesheets?wcoverride=${AUTUMN}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { wc: string; timezone: string; timesheets: TimesheetListEntry[] };
    expect(body.wc).toBe(AUTUMN);
    expect(body.timezone).toBe('Europe/London');
    const a = body.timesheets.find((e) => e.driver.id === driverA)!;
    expect(a.id).not.toBeNull();
    expect(a.shifts).toBe(3);
    const b = body.timesheets.find((e) => e.driver.id === driverB)!;
    expect(b).toMatchObject({ id: null, shifts: 0, workedS: 0 });
    expect(body.timesheets.some((e) => e.driver.id === bradfordDriver)).toBe(false);
    const bad = await get(ops.token, 'gettimesheets?wcoverride=2026-10-20');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Monday/);
    expect((await get(ops.token, 'gettimesheets')).statusCode).toBe(200);
    expect((await get(ops.token, `gettimesheet?driver=${driverA}&wc=2026-10-21`)).statusCode).toBe(400);
  });
});

describe("the office's corrections", () => {
  it('moves a start, keeps the value before in the audit, and refuses bad input without a change', async () => {
    const s = await sheetOf(driverA, AUTUMN);
    const monday = s.shifts[0]!;
    const res = await post(ops.token, 'updateshift', { w: 'start', id: monday.id, nt: '2026-10-19T05:30:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().timesheet as TimesheetSheet;
    const rec = after.shifts.find((r) => r.id === monday.id)!;
    expect(rec).toMatchObject({ start: '2026-10-19T05:30:00.000Z', dataStart: '2026-10-19T06:00:00.000Z', corrected: true });
    expect(after.week.shifts[0]!.durationS).toBe(11 * 3600);
    expect(after.audit.at(-1)).toMatchObject({
      action: 'updateshift', field: 'start', before: '2026-10-19T06:00:00.000Z', after: '2026-10-19T05:30:00.000Z', userName: 'Tom Whitaker', shiftId: monday.id,
    });
    const row = (await t.database.pool.query(
      `SELECT a.user_id = u.id AS mine FROM timesheet_audit a, users u WHERE a.timesheet_id = $1 AND u.email = 'ops.leeds@aire-valley.example'
        ORDER BY a.id DESC LIMIT 1`, [s.id])).rows[0];
    expect(row.mine).toBe(true);

    const count = await auditCount(s.id);
    for (const body of [
      { w: 'end', id: monday.id, nt: '2026-10-19T05:00:00Z' }, // ends before it starts
      { w: 'start', id: monday.id, nt: '2026-10-18T05:00:00Z' }, // a day of the week before
      { w: 'end', id: monday.id, nt: '2026-10-21T22:00:00Z' }, // longer than 24 h
      { w: 'break', id: monday.id, nt: '2026-10-19T05:00:00Z' }, // a time for a break
      { w: 'start', id: monday.id, nt: 3600 }, // seconds for a start
      { w: 'lunch', id: monday.id, nt: 60 },
      { w: 'break', id: monday.id, nt: 20 * 3600 },
    ]) {
      const bad = await post(ops.token, 'updateshift', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(ops.token, 'updateshift', { w: 'break', id: 999999, nt: 60 })).statusCode).toBe(404);
    // The value it already has: answered, nothing written.
    expect((await post(ops.token, 'updateshift', { w: 'start', id: monday.id, nt: '2026-10-19T05:30:00Z' })).statusCode).toBe(200);
    expect(await auditCount(s.id)).toBe(count);
    expect((await sheetOf(driverA, AUTUMN)).shifts[0]!.start).toBe('2026-10-19T05:30:00.000Z');
  });

  it('sets a break and notes, adds a shift, refuses an overlapping one, removes a record', async () => {
    let s = await sheetOf(driverA, AUTUMN);
    const wednesday = s.shifts[1]!;
    let res = await post(ops.token, 'updateshift', { w: 'break', id: wednesday.id, nt: 0 });
    expect(res.statusCode, res.body).toBe(200);
    res = await post(ops.token, 'updateshift', { w: 'break', id: s.shifts[0]!.id, nt: 1800 });
    expect(res.statusCode, res.body).toBe(200);
    s = res.json().timesheet;
    expect(s.week.shifts[0]!.breakS).toBe(1800);
    expect(s.audit.at(-1)).toMatchObject({ field: 'break', before: 2700, after: 1800 });

    res = await post(ops.token, 'updateshiftnotes', { shift: wednesday.id, notes: '  Night trunk to Hull  ' });
    expect(res.statusCode).toBe(200);
    s = res.json().timesheet;
    expect(s.shifts.find((r) => r.id === wednesday.id)!.notes).toBe('Night trunk to Hull');
    expect(s.audit.at(-1)).toMatchObject({ action: 'updateshiftnotes', before: '', after: 'Night trunk to Hull' });

    const overlap = await post(ops.token, 'addtimesheetshift', { id: s.id, start: '2026-10-19T16:00:00Z', end: '2026-10-19T18:00:00Z' });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toMatch(/overlap/);
    res = await post(ops.token, 'addtimesheetshift', { id: s.id, start: '2026-10-20T07:00:00Z', end: '2026-10-20T11:00:00Z', breakS: 900, notes: 'Yard training' });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json().id as number;
    s = res.json().timesheet;
    const rec = s.shifts.find((r) => r.id === added)!;
    expect(rec).toMatchObject({ source: 'office', day: '2026-10-20', notes: 'Yard training', breakS: 900 });
    expect(s.week.days[1]!.durationS).toBe(4 * 3600);
    expect(s.audit.at(-1)).toMatchObject({ action: 'addtimesheetshift', shiftId: added });

    res = await post(ops.token, 'removetimesheetrecord', { id: added });
    expect(res.statusCode).toBe(200);
    s = res.json().timesheet;
    expect(s.shifts.find((r) => r.id === added)!.removed).toBe(true);
    expect(s.week.days[1]!.durationS).toBe(0);
    expect(s.audit.at(-1)).toMatchObject({ action: 'removetimesheetrecord', before: { start: '2026-10-20T07:00:00.000Z' } });
    expect((await post(ops.token, 'removetimesheetrecord', { id: added })).statusCode).toBe(400);
    expect((await post(ops.token, 'updateshift', { w: 'break', id: added, nt: 60 })).statusCode).toBe(400);
  });

  it('keeps a correction when the trips change (new trip, a trip cut again with a new id)', async () => {
    const before = await sheetOf(driverA, AUTUMN);
    const monday = before.shifts[0]!;
    await trip(unit2, driverA, '2026-10-19T16:40:00Z', '2026-10-19T17:10:00Z', 1500);
    let s = await sheetOf(driverA, AUTUMN);
    expect(s.shifts[0]!.id).toBe(monday.id);
    expect(s.shifts[0]!.dataEnd).toBe('2026-10-19T17:10:00.000Z');
    expect(s.shifts[0]!.start).toBe('2026-10-19T05:30:00.000Z');
    // The first trip is cut again by the processor: a new row, a new id.
    await t.database.pool.query('DELETE FROM trips WHERE id = $1', [mondayTrip]);
    mondayTrip = await trip(unit1, driverA, '2026-10-19T06:00:00Z', '2026-10-19T08:00:00Z', 6600);
    s = await sheetOf(driverA, AUTUMN);
    expect(s.shifts[0]!.id).toBe(monday.id);
    expect(s.shifts[0]!.start).toBe('2026-10-19T05:30:00.000Z');
    expect(s.shifts.filter((r) => !r.removed && r.source === 'data')).toHaveLength(3);
  });
});

describe('sign-off lock (the door) and a week with no data', () => {
  it('locks a version: every correction is refused with 409 until reopened as a new version', async () => {
    const s = await sheetOf(driverA, AUTUMN);
    expect(await service.lock(s.id, s.version + 1, by)).toBe(false);
    expect(await service.lock(s.id, s.version, by)).toBe(true);
    expect(await service.lock(s.id, s.version, by)).toBe(false);
    const count = await auditCount(s.id);
    for (const [url, body] of [
      ['updateshift', { w: 'break', id: s.shifts[0]!.id, nt: 600 }], ['updateshiftnotes', { shift: s.shifts[0]!.id, notes: 'late' }],
      ['removetimesheetrecord', { id: s.shifts[0]!.id }], ['addtimesheetshift', { id: s.id, start: '2026-10-23T08:00:00Z', end: '2026-10-23T09:00:00Z' }],
    ] as const) {
      const res = await post(ops.token, url, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(LOCKED_TEXT);
    }
    expect(await auditCount(s.id)).toBe(count);
    const locked = (await service.sheet([leeds], s.id))!;
    expect(locked.lockedAt).not.toBeNull();

    await service.audit(s.id, { action: 'signoff', field: 'version', after: s.version }, by);
    const version = await service.reopen(s.id, { userId: null, userName: 'Helen Carter' });
    expect(version).toBe(s.version + 1);
    await expect(service.reopen(s.id, by)).rejects.toThrow(/not signed off/);
    const reopened = await sheetOf(driverA, AUTUMN);
    expect(reopened).toMatchObject({ version, lockedAt: null });
    expect(reopened.audit.slice(-2).map((a) => a.action)).toEqual(['signoff', 'reopen']);
    expect((await post(ops.token, 'updateshiftnotes', { shift: s.shifts[0]!.id, notes: 'after reopen' })).statusCode).toBe(200);
  });

  it('creates a timesheet for a week with no data, once, and not for a week with driving', async () => {
    const res = await post(ops.token, 'createdufftimesheet', { driver: driverB, wc: SPRING });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().timesheet as TimesheetSheet;
    expect(s).toMatchObject({ dummy: true, wc: SPRING, shifts: [] });
    expect(s.audit.map((a) => a.action)).toEqual(['createdufftimesheet']);
    expect((await post(ops.token, 'createdufftimesheet', { driver: driverB, wc: SPRING })).statusCode).toBe(409);
    expect((await post(ops.token, 'createdufftimesheet', { driver: driverA, wc: '2026-03-23' })).statusCode).toBe(409);
    expect((await post(ops.token, 'createdufftimesheet', { driver: driverB, wc: '2026-03-24' })).statusCode).toBe(400);
    const add = await post(ops.token, 'addtimesheetshift', { id: s.id, start: '2026-03-24T08:00:00Z', end: '2026-03-24T16:00:00Z', breakS: 1800 });
    expect(add.statusCode, add.body).toBe(200);
    expect((add.json().timesheet as TimesheetSheet).week.totals.workedS).toBe(8 * 3600);
  });

  it('lists the audit trail in the order the changes were made, past the ninth (ids by number, not as text)', async () => {
    const sheet = await service.sheetOf([leeds], driverB, '2026-06-01');
    expect(sheet).not.toBeNull();
    // Audit ids that cross a power of ten: as text '10…' sorts before '9…'.
    const next = Number((await t.database.pool.query<{ id: string }>('SELECT coalesce(max(id), 1)::text AS id FROM timesheet_audit')).rows[0]!.id);
    const base = 10 ** (String(next).length + 1) - 3;
    await t.database.pool.query(`SELECT setval(pg_get_serial_sequence('timesheet_audit', 'id'), $1, false)`, [base]);
    for (let i = 0; i < 5; i++) await service.audit(sheet!.id, { action: 'updateshiftnotes', field: 'notes', before: String(i), after: String(i + 1) }, by);
    const audit = (await service.sheet([leeds], sheet!.id))!.audit;
    expect(audit.map((a) => a.after)).toEqual(['1', '2', '3', '4', '5']);
  });

  it("weekOfSite gives every driver of the site, with corrections counted", async () => {
    const week = await service.weekOfSite(leeds, AUTUMN);
    const drivers = Number((await t.database.pool.query('SELECT count(*) FROM drivers WHERE site_id = $1', [leeds])).rows[0].count);
    expect(week).toHaveLength(drivers);
    const a = week.find((e) => e.driver.id === driverA)!;
    expect(a.corrections).toBeGreaterThanOrEqual(6);
    expect(a.version).toBe(2);
  });
});
