import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * The issue 15 configuration lists (room B) through the four generic calls, each against the real
 * database: list, page, sort, filter, search; add, view, edit, delete; a bad record (400), another
 * site's record (404), an operator's change (403), the in-use refusals (409) and the audit lines.
 */

let t: TestApp;
let admin: SessionUser; // Leeds Depot administrator
let ops: SessionUser; // Leeds Depot operator
let adminId: number;
let leeds: number;
let bradford: number;
let leedsUnits: Array<{ id: number; registration: string }>;

const get = (token: string, url: string) => t.call('GET', url, { token });
const post = (token: string, url: string, body: unknown) => t.call('POST', url, { token, body });
const q = async <T>(sql: string, values: unknown[] = []) => (await t.database.pool.query(sql, values)).rows as T[];

async function page(list: string, params = '') {
  const res = await get(admin.token, `configlist?list=${list}${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { records: Array<Record<string, unknown> & { id: number }>; total: number; offset: number; limit: number; filters: Record<string, Array<{ value: string }>>; list: { canEdit: boolean; columns: Array<{ key: string }> } };
}
async function save(list: string, id: number, rec: unknown, token = admin.token) {
  return post(token, 'updateconfigrecord', { mode: id === 0 ? 'add' : 'edit', list, id, rec });
}
async function added(list: string, rec: unknown): Promise<number> {
  const res = await save(list, 0, rec);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}
const remove = (list: string, id: number, token = admin.token) => post(token, 'deleteconfigrecord', { mode: 'delete', list, id });
const record = async (list: string, id: number) => {
  const res = await get(admin.token, `configrecord?list=${list}&id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().record as Record<string, unknown>;
};
async function auditLines(action: string, targetId: number) {
  return q<{ actor_user_id: number; before: unknown; after: unknown; site_id: number }>(
    'SELECT actor_user_id, before, after, site_id FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id', [action, String(targetId)]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  leeds = admin.siteid as number;
  adminId = (await q<{ id: number }>("SELECT id FROM users WHERE email = 'admin.leeds@aire-valley.example'"))[0]!.id;
  bradford = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Bradford Yard'"))[0]!.id;
  leedsUnits = await q('SELECT id, registration FROM units WHERE site_id = $1 AND removed_at IS NULL ORDER BY registration', [leeds]);
});
afterAll(async () => { await t.close(); });

describe('every list (issue 15 room B)', () => {
  it.each(['drivers', 'units', 'groups', 'poi', 'workinghours', 'serviceplans', 'scheduledreports'])(
    '%s: answers a page with its columns, total and canEdit; an operator reads or is refused, never changes', async (list) => {
      const p = await page(list, '&limit=2');
      expect(p.list.canEdit).toBe(true);
      expect(p.records.length).toBeLessThanOrEqual(2);
      expect(p.total).toBeGreaterThanOrEqual(p.records.length);
      expect(p.limit).toBe(2);
      const read = await get(ops.token, `configlist?list=${list}`);
      if (list === 'units') expect(read.statusCode).toBe(403);
      else {
        expect(read.statusCode, read.body).toBe(200);
        expect(read.json().list.canEdit).toBe(false);
      }
      expect((await remove(list, p.records[0]?.id ?? 1, ops.token)).statusCode).toBe(403);
    });
});

describe('drivers', () => {
  it('adds, pages, sorts, searches, views, edits and deletes a driver, each change audited', async () => {
    const pattern = (await q<{ id: number }>('SELECT id FROM shift_patterns WHERE site_id = $1 LIMIT 1', [leeds]))[0]?.id ?? null;
    const id = await added('drivers', { name: 'Zara Quill', tag: 'FOB-991', shiftpattern: pattern });
    expect(await record('drivers', id)).toEqual({ id, name: 'Zara Quill', tag: 'FOB-991', shiftpattern: pattern });
    expect((await page('drivers', '&q=quill')).records.map((r) => r.id)).toEqual([id]);
    expect((await page('drivers', '&q=fob-991')).total).toBe(1);
    const sorted = (await page('drivers', '&sort=name&dir=desc&limit=1')).records[0];
    expect(sorted?.name).toBe('Zara Quill');
    const all = await page('drivers');
    const second = await page('drivers', '&sort=name&offset=1&limit=1');
    expect(second.total).toBe(all.total);
    expect(second.records).toHaveLength(1);
    expect(all.filters.pattern?.length).toBeGreaterThan(0);
    const edit = await save('drivers', id, { name: 'Zara Quill-Smith', tag: '', shiftpattern: null });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await record('drivers', id)).toMatchObject({ tag: null, shiftpattern: null });
    const lines = await auditLines('config.drivers.edit', id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actor_user_id: adminId, site_id: leeds, before: { name: 'Zara Quill' }, after: { name: 'Zara Quill-Smith' } });
    expect((await remove('drivers', id)).statusCode).toBe(200);
    expect((await get(admin.token, `configrecord?list=drivers&id=${id}`)).statusCode).toBe(404);
    expect(await auditLines('config.drivers.delete', id)).toHaveLength(1);
  });

  it('refuses a bad record, a shift pattern of another site and another site\'s driver, changing nothing', async () => {
    const before = (await page('drivers')).total;
    const bad = await save('drivers', 0, { name: '   ', tag: null, shiftpattern: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/name/);
    const otherPattern = (await q<{ id: number }>('SELECT id FROM shift_patterns WHERE site_id = $1 LIMIT 1', [bradford]))[0]?.id;
    if (otherPattern) expect((await save('drivers', 0, { name: 'X', shiftpattern: otherPattern })).statusCode).toBe(400);
    expect((await page('drivers')).total).toBe(before);
    const other = (await q<{ id: number }>('SELECT id FROM drivers WHERE site_id = $1 LIMIT 1', [bradford]))[0]!.id;
    expect((await get(admin.token, `configrecord?list=drivers&id=${other}`)).statusCode).toBe(404);
    expect((await save('drivers', other, { name: 'Taken' })).statusCode).toBe(404);
    expect((await remove('drivers', other)).statusCode).toBe(404);
  });

  it('refuses to delete a driver assigned to a vehicle, signed in on a cab or with timesheets (409 with the reason)', async () => {
    const id = await added('drivers', { name: 'Assigned Driver' });
    await q('UPDATE units SET driver_id = $1 WHERE id = $2', [id, leedsUnits[0]!.id]);
    const refused = await remove('drivers', id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`assigned to ${leedsUnits[0]!.registration}`);
    await q('UPDATE units SET driver_id = NULL WHERE id = $1', [leedsUnits[0]!.id]);
    const cab = await t.driverSession('Leeds Depot');
    const cabDriver = (await q<{ driver_id: number }>('SELECT driver_id FROM sessions WHERE kind = $1 ORDER BY id DESC LIMIT 1', ['driver']))[0]!.driver_id;
    expect(cab).toBeTruthy();
    const signedIn = await remove('drivers', cabDriver);
    expect(signedIn.statusCode).toBe(409);
    expect(signedIn.json().message).toMatch(/signed in on a cab/);
    await q("INSERT INTO timesheets (site_id, driver_id, wc) VALUES ($1, $2, '2026-11-16')", [leeds, id]);
    const sheets = await remove('drivers', id);
    expect(sheets.statusCode).toBe(409);
    expect(sheets.json().message).toMatch(/1 timesheet/);
    expect(await auditLines('config.drivers.delete', id)).toHaveLength(0);
  });
});

describe('units', () => {
  it('registers a device on the site, keeps its device id, filters by type and takes it off the site', async () => {
    const type = (await q<{ id: number; name: string }>('SELECT id, name FROM unit_types ORDER BY id LIMIT 1'))[0]!;
    const id = await added('units', { registration: 'CFG 15 A', deviceid: '359000000001515', unittype: type.id, icon: '', driver: null });
    expect(await record('units', id)).toMatchObject({ registration: 'CFG 15 A', deviceid: '359000000001515', unittype: type.id });
    const filtered = await page('units', `&filter=${encodeURIComponent(`type:${type.name}`)}&q=cfg`);
    expect(filtered.records.map((r) => r.id)).toEqual([id]);
    const again = await save('units', 0, { registration: 'CFG 15 B', deviceid: '359000000001515', unittype: type.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already registered on one of your sites/);
    const moved = await save('units', id, { registration: 'CFG 15 A', deviceid: '359000000009999', unittype: type.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toMatch(/device id cannot change/);
    expect((await save('units', id, { registration: 'CFG 15 Z', deviceid: '359000000001515', unittype: type.id })).statusCode).toBe(200);
    expect((await save('units', 0, { registration: 'X', deviceid: 'bad id!', unittype: type.id })).statusCode).toBe(400);
    const gone = await remove('units', id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await q<{ removed_at: Date | null }>('SELECT removed_at FROM units WHERE id = $1', [id]))[0]!.removed_at).not.toBeNull();
    expect((await page('units', '&q=cfg')).total).toBe(0);
    // The device id is free again: it can be registered anew.
    expect((await save('units', 0, { registration: 'CFG 15 A', deviceid: '359000000001515', unittype: type.id })).statusCode).toBe(200);
    expect(await auditLines('config.units.delete', id)).toHaveLength(1);
  });

  it("refuses to take off a vehicle a driver is signed on to, and another site's unit is missing", async () => {
    const unit = leedsUnits[1]!.id;
    await t.driverSession('Leeds Depot');
    await q("UPDATE sessions SET unit_id = $1 WHERE id = (SELECT max(id) FROM sessions WHERE kind = 'driver')", [unit]);
    const refused = await remove('units', unit);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/signed on to this vehicle/);
    await q("UPDATE sessions SET unit_id = NULL WHERE kind = 'driver'");
    const other = (await q<{ id: number }>('SELECT id FROM units WHERE site_id = $1 LIMIT 1', [bradford]))[0]!.id;
    expect((await get(admin.token, `configrecord?list=units&id=${other}`)).statusCode).toBe(404);
    expect((await remove('units', other)).statusCode).toBe(404);
  });
});

describe('groups and scheduled reports', () => {
  it('adds a group with members, edits it, refuses its delete while a scheduled report names it, then deletes it', async () => {
    const members = [leedsUnits[0]!.id, leedsUnits[1]!.id];
    const id = await added('groups', { name: 'Config north', units: members });
    expect((await record('groups', id)).units).toEqual(members);
    expect((await page('groups', '&q=config%20north')).records[0]).toMatchObject({ id, count: 2 });
    const other = (await q<{ id: number }>('SELECT id FROM units WHERE site_id = $1 LIMIT 1', [bradford]))[0]!.id;
    const bad = await save('groups', id, { name: 'Config north', units: [other] });
    expect(bad.statusCode).toBe(400);
    expect((await record('groups', id)).units).toEqual(members);
    const schedule = await added('scheduledreports', {
      name: 'Config north weekly', what: 'trips', metric: 'group', src: [id], range: 'lastweek', format: 'pdf', frequency: 'weekly', weekday: 1,
      at: '07:00', recipients: ['north@example.com'],
    });
    expect(await record('scheduledreports', schedule)).toMatchObject({ name: 'Config north weekly', metric: 'group', src: [id], weekday: 1 });
    expect((await page('scheduledreports', '&filter=frequency:weekly&q=north')).records.map((r) => r.id)).toEqual([schedule]);
    const refused = await remove('groups', id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The scheduled report "Config north weekly" reports on this group: change or delete it first.');
    const badSchedule = await save('scheduledreports', schedule, { ...(await record('scheduledreports', schedule)), frequency: 'daily' });
    expect(badSchedule.statusCode).toBe(400);
    const edited = await save('scheduledreports', schedule, { ...(await record('scheduledreports', schedule)), id: undefined, name: 'Config north Mondays' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await auditLines('config.scheduledreports.edit', schedule)).toHaveLength(1);
    expect((await remove('scheduledreports', schedule)).statusCode).toBe(200);
    expect((await remove('groups', id)).statusCode).toBe(200);
    expect(await auditLines('config.groups.delete', id)).toHaveLength(1);
    const otherSchedule = (await q<{ id: number }>('SELECT id FROM scheduled_reports WHERE site_id <> $1 LIMIT 1', [leeds]))[0]?.id;
    if (otherSchedule) expect((await get(admin.token, `configrecord?list=scheduledreports&id=${otherSchedule}`)).statusCode).toBe(404);
  });
});

describe('places', () => {
  it('adds a circle and a polygon, refuses a polygon of two points, filters geofences and deletes', async () => {
    const circle = await added('poi', { name: 'Config yard', mode: 1, lat: 53.8, lon: -1.55, radius: 120, showonmap: true, geofence: true });
    const polygon = await added('poi', {
      name: 'Config field', mode: 2, points: [{ x: -1.5, y: 53.8 }, { x: -1.49, y: 53.8 }, { x: -1.49, y: 53.81 }], showonmap: false, geofence: false,
    });
    expect(await record('poi', polygon)).toMatchObject({ mode: 2, lat: null, points: [{ x: -1.5, y: 53.8 }, { x: -1.49, y: 53.8 }, { x: -1.49, y: 53.81 }] });
    const two = await save('poi', 0, { name: 'Config line', mode: 2, points: [{ x: -1.5, y: 53.8 }, { x: -1.49, y: 53.8 }] });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toMatch(/at least 3 points/);
    expect((await save('poi', 0, { name: 'No centre', mode: 1, radius: 50 })).statusCode).toBe(400);
    const fences = await page('poi', '&filter=geofence:true&q=config');
    expect(fences.records.map((r) => r.id)).toEqual([circle]);
    expect((await page('poi', '&sort=name&q=config')).records.map((r) => r.name)).toEqual(['Config field', 'Config yard']);
    // The place shows in the operators' poi call at once.
    const listed = (await get(ops.token, `poi?siteid=${leeds}`)).json().poi as Array<{ id: number }>;
    expect(listed.some((p) => p.id === circle)).toBe(true);
    expect((await remove('poi', polygon)).statusCode).toBe(200);
    expect(await auditLines('config.poi.add', circle)).toHaveLength(1);
    const other = (await q<{ id: number }>('SELECT id FROM poi WHERE site_id = $1 LIMIT 1', [bradford]))[0]?.id;
    if (other) expect((await get(admin.token, `configrecord?list=poi&id=${other}`)).statusCode).toBe(404);
  });
});

describe('working hours and service plans', () => {
  it('keeps one working-hours record per site: edits it, refuses adding and deleting', async () => {
    const p = await page('workinghours');
    expect(p.records.map((r) => r.id)).toEqual([leeds]);
    const edit = await save('workinghours', leeds, { days: [6, 1, 2], start: '07:30', end: '16:00' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await record('workinghours', leeds)).toEqual({ id: leeds, days: [1, 2, 6], start: '07:30', end: '16:00' });
    expect((await page('workinghours')).records[0]).toMatchObject({ days: 'Mon, Tue, Sat', hours: '07:30–16:00' });
    expect((await save('workinghours', leeds, { days: [1, 1], start: '07:30', end: '16:00' })).statusCode).toBe(400);
    expect((await save('workinghours', leeds, { days: [1], start: '25:00', end: '16:00' })).statusCode).toBe(400);
    expect((await save('workinghours', 0, { days: [1], start: '07:00', end: '16:00' })).statusCode).toBe(400);
    expect((await remove('workinghours', leeds)).statusCode).toBe(409);
    expect((await get(admin.token, `configrecord?list=workinghours&id=${bradford}`)).statusCode).toBe(404);
    expect(await auditLines('config.workinghours.edit', leeds)).toHaveLength(1);
  });

  it("sets, lists as due and clears a unit's service plan", async () => {
    const unit = leedsUnits[2]!;
    const edit = await save('serviceplans', unit.id, { date: '2020-01-01', km: null, hours: 1500 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await record('serviceplans', unit.id)).toEqual({ id: unit.id, date: '2020-01-01', km: null, hours: 1500 });
    const due = await page('serviceplans', '&filter=status:Due');
    expect(due.records.map((r) => r.id)).toContain(unit.id);
    expect((await save('serviceplans', unit.id, { date: '2026-02-30' })).statusCode).toBe(400);
    expect((await save('serviceplans', unit.id, { km: -5 })).statusCode).toBe(400);
    expect((await remove('serviceplans', unit.id)).statusCode).toBe(200);
    expect(await record('serviceplans', unit.id)).toEqual({ id: unit.id, date: null, km: null, hours: null });
    const other = (await q<{ id: number }>('SELECT id FROM units WHERE site_id = $1 LIMIT 1', [bradford]))[0]!.id;
    expect((await save('serviceplans', other, { date: '2030-01-01' })).statusCode).toBe(404);
    expect(await auditLines('config.serviceplans.delete', unit.id)).toHaveLength(1);
  });
});
