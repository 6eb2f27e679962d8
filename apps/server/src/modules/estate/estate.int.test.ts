import { schema } from '@fleet/db';
import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { driversRepository } from '../drivers/index.ts';

// Issue 15, item 5: the estate for super administrators (customers, sites, units, unit types, search).

const SUPER = { email: 'estate.super@fleet.test', password: 'Estate!pass123' };
const NORTH_SUPER = { email: 'estate.north@fleet.test', password: 'Estate!pass123' };
const ONLY_SUPER = { ok: 0, message: 'Only a super administrator may do this.' };

let t: TestApp;
let root: SessionUser;
let north: SessionUser;
let admin: SessionUser;
let aire: number;
let northway: number;
let leeds: number;
let bradford: number;

const q = async <T = Record<string, unknown>>(sql: string, values: unknown[] = []) => (await t.database.pool.query(sql, values)).rows as T[];
/** The first row of a query that must find one. */
const one = async <T,>(sql: string, values: unknown[] = []) => {
  const [row] = await q<T>(sql, values);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
};
const auditLines = (action: string, targetId: number) =>
  q<{ actor_name: string; before: unknown; after: unknown }>('SELECT actor_name, before, after FROM audit_log WHERE action = $1 AND target_id = $2', [action, targetId]);

beforeAll(async () => {
  t = await createTestApp();
  ({ id: aire } = await one<{ id: number }>(`SELECT id FROM customers WHERE name = 'Aire Valley Logistics'`));
  ({ id: northway } = await one<{ id: number }>(`SELECT c.id FROM customers c JOIN sites s ON s.customer_id = c.id JOIN user_sites us ON us.site_id = s.id
    JOIN users u ON u.id = us.user_id WHERE u.email = 'ops@northway.example' LIMIT 1`));
  ({ id: leeds } = await one<{ id: number }>(`SELECT id FROM sites WHERE name = 'Leeds Depot'`));
  ({ id: bradford } = await one<{ id: number }>(`SELECT id FROM sites WHERE name = 'Bradford Yard'`));
  await t.database.db.insert(schema.users).values([
    { email: SUPER.email, name: 'Estate Root', usertype: 0, passwordHash: await hashPassword(SUPER.password) },
    { email: NORTH_SUPER.email, name: 'North Root', usertype: 0, customerId: northway, passwordHash: await hashPassword(NORTH_SUPER.password) },
  ]);
  root = await t.login(SUPER.email, SUPER.password);
  north = await t.login(NORTH_SUPER.email, NORTH_SUPER.password);
  admin = await t.login('admin.leeds@aire-valley.example');
});
afterAll(async () => { await t?.close(); });

describe('customers', () => {
  it("lists the brand's customers with counts, none of another brand's", async () => {
    const res = await t.call('GET', 'estate', { token: root.token });
    expect(res.statusCode).toBe(200);
    const names = res.json().customers.map((c: { name: string }) => c.name);
    expect(names).toContain('Aire Valley Logistics');
    expect(res.json().customers.some((c: { cid: number }) => c.cid === northway)).toBe(false);
    const av = res.json().customers.find((c: { cid: number }) => c.cid === aire);
    expect(av.sites).toBe(2);
    expect(av.units).toBeGreaterThan(0);
    expect(av.suspended).toBeNull();
    const theirs = (await t.call('GET', 'estate', { token: north.token })).json().customers;
    expect(theirs.map((c: { cid: number }) => c.cid)).toEqual([northway]);
  });

  it('adds and edits a customer, audited; bad input 400; another brand 404; a site administrator 403', async () => {
    const add = await t.call('POST', 'savecustomer', { token: root.token, body: { cid: 0, name: '  Calder Haulage ', retention: 24 } });
    expect(add.statusCode).toBe(200);
    const cid = add.json().cid as number;
    expect(await q('SELECT name, position_retention_months AS m, brand_id FROM customers WHERE id = $1', [cid])).toEqual([
      expect.objectContaining({ name: 'Calder Haulage', m: 24 }),
    ]);
    expect(await auditLines('customer.add', cid)).toEqual([expect.objectContaining({ actor_name: 'Estate Root', after: { name: 'Calder Haulage', retention: 24 } })]);

    const edit = await t.call('POST', 'savecustomer', { token: root.token, body: { cid, name: 'Calder Haulage Ltd' } });
    expect(edit.json()).toEqual({ ok: 1, cid });
    // retention absent: kept as it was.
    expect((await q<{ m: number }>('SELECT position_retention_months AS m FROM customers WHERE id = $1', [cid]))[0]?.m).toBe(24);
    expect(await auditLines('customer.edit', cid)).toEqual([expect.objectContaining({
      before: { name: 'Calder Haulage', retention: 24 }, after: { name: 'Calder Haulage Ltd', retention: 24 },
    })]);

    for (const body of [{ cid, name: '' }, { cid, name: 'x'.repeat(81) }, { cid, name: 'A', retention: 0 }, { cid: -1, name: 'A' }, { name: 'A' }]) {
      const bad = await t.call('POST', 'savecustomer', { token: root.token, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const foreign = await t.call('POST', 'savecustomer', { token: root.token, body: { cid: northway, name: 'Taken' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ ok: 0, message: 'No such customer.' });
    const refused = await t.call('POST', 'savecustomer', { token: admin.token, body: { cid: 0, name: 'Nope' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(ONLY_SUPER);
    expect(await q(`SELECT 1 FROM customers WHERE name IN ('Nope', 'Taken')`)).toEqual([]);
  });

  it("suspends a customer: its users' sessions end and they cannot sign in; data stays; lifting lets them back", async () => {
    const cid = (await t.call('POST', 'savecustomer', { token: root.token, body: { cid: 0, name: 'Suspense Ltd' } })).json().cid as number;
    const site = (await t.call('POST', 'addnewsite', { token: root.token, body: { cid, sitename: 'Suspense Yard' } })).json().siteid as number;
    const email = 'suspended.user@fleet.test';
    const { id: uid } = await one<{ id: number }>(`INSERT INTO users (email, name, usertype, customer_id, password_hash) VALUES ($1, 'Sus Pended', 2, $2, $3) RETURNING id`,
      [email, cid, await hashPassword('Suspend!pass1')]);
    await q('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [uid, site]);
    const { id: driverUser } = await one<{ id: number }>(`INSERT INTO users (email, name, usertype, customer_id, password_hash) VALUES ('sus.driver@fleet.test', 'Sus Driver', 3, $1, $2) RETURNING id`,
      [cid, await hashPassword('Suspend!pass1')]);
    await q(`INSERT INTO drivers (site_id, name, user_id) VALUES ($1, 'Sus Driver', $2)`, [site, driverUser]);
    const cabDrivers = () => driversRepository(t.database.db).withAccountOfSite(site);
    expect((await cabDrivers()).map((d) => d.name)).toEqual(['Sus Driver']);
    const user = await t.login(email, 'Suspend!pass1');
    expect((await t.call('GET', 'user', { token: user.token })).statusCode).toBe(200);

    const noReason = await t.call('POST', 'suspendcustomer', { token: root.token, body: { cid, suspend: true } });
    expect(noReason.statusCode).toBe(400);
    const res = await t.call('POST', 'suspendcustomer', { token: root.token, body: { cid, suspend: true, reason: 'Unpaid invoices' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionsEnded).toBe(1);
    expect((await t.call('GET', 'user', { token: user.token })).statusCode).toBe(401);
    await expect(t.login(email, 'Suspend!pass1')).rejects.toThrow("This customer's account is suspended.");
    // Its drivers are not offered on the cab devices either.
    expect(await cabDrivers()).toEqual([]);
    expect((await q('SELECT 1 FROM sites WHERE id = $1', [site]))).toHaveLength(1);
    const listed = (await t.call('GET', 'estate', { token: root.token })).json().customers.find((c: { cid: number }) => c.cid === cid);
    expect(listed).toMatchObject({ reason: 'Unpaid invoices', suspended: expect.any(String), users: 2 });
    expect(await auditLines('customer.suspend', cid)).toHaveLength(1);

    expect((await t.call('POST', 'suspendcustomer', { token: admin.token, body: { cid, suspend: false } })).statusCode).toBe(403);
    expect((await t.call('POST', 'suspendcustomer', { token: root.token, body: { cid: northway, suspend: true, reason: 'x' } })).statusCode).toBe(404);
    const lift = await t.call('POST', 'suspendcustomer', { token: root.token, body: { cid, suspend: false } });
    expect(lift.json().message).toContain('no longer suspended');
    expect((await t.login(email, 'Suspend!pass1')).userid).toBe(uid);
    expect(await cabDrivers()).toHaveLength(1);
    expect(await auditLines('customer.unsuspend', cid)).toHaveLength(1);
  });

  it("refuses to suspend the caller's own customer", async () => {
    const res = await t.call('POST', 'suspendcustomer', { token: north.token, body: { cid: northway, suspend: true, reason: 'Oops' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot suspend your own customer.');
  });
});

describe('sites', () => {
  it('adds a site that the super administrator sees at once, and removes it while empty; audited', async () => {
    const add = await t.call('POST', 'addnewsite', { token: root.token, body: { cid: aire, sitename: 'Wakefield Hub' } });
    expect(add.statusCode).toBe(200);
    const siteid = add.json().siteid as number;
    const sites = (await t.call('GET', `estatesites?cid=${aire}`, { token: root.token })).json().sites;
    expect(sites.find((s: { siteid: number }) => s.siteid === siteid)).toMatchObject({ sitename: 'Wakefield Hub', units: 0 });
    // Straight away in the session's sites (no wait for the session cache).
    expect((await t.call('GET', `vehicles?siteid=${siteid}`, { token: root.token })).json()).toEqual({ ok: 1, vehicles: [] });
    expect(await auditLines('site.add', siteid)).toHaveLength(1);

    await q('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [admin.userid, siteid]);
    const removed = await t.call('POST', 'removesite', { token: root.token, body: { siteid } });
    expect(removed.statusCode).toBe(200);
    expect(await q('SELECT 1 FROM user_sites WHERE site_id = $1', [siteid])).toEqual([]);
    expect((await q<{ r: boolean }>('SELECT removed_at IS NOT NULL AS r FROM sites WHERE id = $1', [siteid]))[0]?.r).toBe(true);
    expect((await t.call('GET', `vehicles?siteid=${siteid}`, { token: root.token })).statusCode).toBe(404);
    expect(await auditLines('site.remove', siteid)).toHaveLength(1);
    // Gone: removing again is 404.
    expect((await t.call('POST', 'removesite', { token: root.token, body: { siteid } })).statusCode).toBe(404);
  });

  it('refuses to remove a site while units remain, with how many, changing nothing', async () => {
    const { n } = await one<{ n: number }>('SELECT count(*)::int AS n FROM units WHERE site_id = $1 AND removed_at IS NULL', [bradford]);
    const res = await t.call('POST', 'removesite', { token: root.token, body: { siteid: bradford } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Move or remove its ${n} unit${n === 1 ? '' : 's'} first.`);
    expect((await q<{ r: boolean }>('SELECT removed_at IS NULL AS r FROM sites WHERE id = $1', [bradford]))[0]?.r).toBe(true);
  });

  it("refuses another brand's customer or site (404), a site administrator (403), bad names (400)", async () => {
    const { id: northSite } = await one<{ id: number }>('SELECT id FROM sites WHERE customer_id = $1 LIMIT 1', [northway]);
    expect((await t.call('POST', 'addnewsite', { token: root.token, body: { cid: northway, sitename: 'X' } })).json()).toEqual({ ok: 0, message: 'No such customer.' });
    expect((await t.call('POST', 'removesite', { token: root.token, body: { siteid: northSite } })).json()).toEqual({ ok: 0, message: 'No such site.' });
    expect((await t.call('GET', `estatesites?cid=${northway}`, { token: root.token })).statusCode).toBe(404);
    const refused = await t.call('POST', 'addnewsite', { token: admin.token, body: { cid: aire, sitename: 'Mine' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(ONLY_SUPER);
    expect((await t.call('POST', 'addnewsite', { token: root.token, body: { cid: aire, sitename: '  ' } })).statusCode).toBe(400);
    expect(await q(`SELECT 1 FROM sites WHERE name IN ('X', 'Mine')`)).toEqual([]);
  });
});

describe('removeunitfromsite', () => {
  it('keeps the history on the old site, closes the device, frees its id, and the device is accepted once added elsewhere', async () => {
    const imei = '356209080000555';
    const add = await t.call('POST', 'addnewsiteunit', { token: root.token, body: { siteid: leeds, uid: imei, unittype: 1, registration: 'YE26 MOV' } });
    const unitid = add.json().unitid as number;
    const d = await TestDevice.connect(t.ingest.ports.teltonika);
    expect(await d.login(imei)).toBe(1);
    expect(await d.send([record(1), record(2)])).toBe(2);
    const positions = async (id: number) => Number((await q<{ n: string }>('SELECT count(*) AS n FROM positions WHERE unit_id = $1', [id]))[0]?.n);
    expect(await positions(unitid)).toBe(2);
    const { id: group } = await one<{ id: number }>(`INSERT INTO groups (site_id, name) VALUES ($1, 'Estate group') RETURNING id`, [leeds]);
    await q('INSERT INTO group_units (group_id, unit_id) VALUES ($1, $2)', [group, unitid]);

    const res = await t.call('POST', 'removeunitfromsite', { token: root.token, body: { siteid: leeds, uid: unitid } });
    expect(res.statusCode).toBe(200);
    // The open connection is closed: the device's next login is an unknown device's.
    expect(await until(() => d.closed, (c) => c)).toBe(true);
    const again = await TestDevice.connect(t.ingest.ports.teltonika);
    expect(await again.login(imei)).toBe(0);
    const unknown = (await t.call('GET', 'unknowndevices', { token: root.token })).json().devices;
    expect(unknown.some((x: { deviceid: string }) => x.deviceid === imei)).toBe(true);

    // History stays with the old site; live lists leave the unit out.
    expect(await positions(unitid)).toBe(2);
    expect((await q<{ site_id: number }>('SELECT site_id FROM units WHERE id = $1', [unitid]))[0]?.site_id).toBe(leeds);
    const ops = await t.login('ops.leeds@aire-valley.example');
    expect((await t.call('GET', `vehicles?siteid=${leeds}`, { token: ops.token })).json().vehicles.some((v: { unitid: number }) => v.unitid === unitid)).toBe(false);
    expect((await t.call('GET', `units?cid=${aire}`, { token: root.token })).json().units.some((u: { unitid: number }) => u.unitid === unitid)).toBe(false);
    expect(await q('SELECT 1 FROM group_units WHERE unit_id = $1', [unitid])).toEqual([]);
    expect(await auditLines('unit.remove', unitid)).toEqual([expect.objectContaining({ before: expect.objectContaining({ deviceid: imei }) })]);

    // The device id is free: registered on Bradford Yard, its reports go to the new unit.
    const moved = await t.call('POST', 'addnewsiteunit', { token: root.token, body: { siteid: bradford, uid: imei, unittype: 1, registration: 'YE26 MOV' } });
    expect(moved.statusCode).toBe(200);
    const newId = moved.json().unitid as number;
    expect(newId).not.toBe(unitid);
    const third = await TestDevice.connect(t.ingest.ports.teltonika);
    expect(await third.login(imei)).toBe(1);
    expect(await third.send([record(3)])).toBe(1);
    expect(await positions(newId)).toBe(1);
    expect(await positions(unitid)).toBe(2);
    third.close();
    again.close();
  });

  it("refuses a unit of another site (404), another brand's site (404), a site administrator (403)", async () => {
    const { id: leedsUnit } = await one<{ id: number }>('SELECT id FROM units WHERE site_id = $1 AND removed_at IS NULL LIMIT 1', [leeds]);
    expect((await t.call('POST', 'removeunitfromsite', { token: root.token, body: { siteid: bradford, uid: leedsUnit } })).json()).toEqual({ ok: 0, message: 'No such unit.' });
    const { id: northSite } = await one<{ id: number }>('SELECT id FROM sites WHERE customer_id = $1 LIMIT 1', [northway]);
    expect((await t.call('POST', 'removeunitfromsite', { token: root.token, body: { siteid: northSite, uid: leedsUnit } })).statusCode).toBe(404);
    const refused = await t.call('POST', 'removeunitfromsite', { token: admin.token, body: { siteid: leeds, uid: leedsUnit } });
    expect(refused.statusCode).toBe(403);
    expect((await q<{ r: boolean }>('SELECT removed_at IS NULL AS r FROM units WHERE id = $1', [leedsUnit]))[0]?.r).toBe(true);
  });
});

describe('unit types', () => {
  it('lists the catalogue with IO maps; the default brand\'s super administrator adds and edits one, audited', async () => {
    const list = (await t.call('GET', 'estateunittypes', { token: root.token })).json();
    expect(list.canEdit).toBe(true);
    expect(list.unittypes.length).toBeGreaterThan(0);
    const add = await t.call('POST', 'saveunittype', { token: root.token, body: { id: 0, name: 'Tipper', icon: 'tipper-red', iomap: { ignition: 1, panic: 9 } } });
    expect(add.statusCode).toBe(200);
    const id = add.json().id as number;
    expect(await q('SELECT name, icon, io_map FROM unit_types WHERE id = $1', [id])).toEqual([{ name: 'Tipper', icon: 'tipper-red', io_map: { ignition: 1, panic: 9 } }]);
    const edit = await t.call('POST', 'saveunittype', { token: root.token, body: { id, name: 'Tipper truck', icon: 'tipper-red', iomap: { ignition: 239 } } });
    expect(edit.json()).toEqual({ ok: 1, id });
    expect(await auditLines('unittype.edit', id)).toEqual([expect.objectContaining({ before: expect.objectContaining({ iomap: { ignition: 1, panic: 9 } }), after: expect.objectContaining({ iomap: { ignition: 239 } }) })]);
    for (const iomap of [{ ignition: -1 }, { ignition: 70000 }, { ignition: 1.5 }, { nonsense: 1 }, { ignition: 'one' }]) {
      const bad = await t.call('POST', 'saveunittype', { token: root.token, body: { id, name: 'T', icon: 'x', iomap } });
      expect(bad.statusCode, JSON.stringify(iomap)).toBe(400);
    }
    expect((await t.call('POST', 'saveunittype', { token: root.token, body: { id: 999_999, name: 'T', icon: 'x', iomap: {} } })).statusCode).toBe(404);
  });

  it('keeps an IO catalogue per unit type (issue 16): saved as rows, kept when left out, bad rows refused with nothing changed', async () => {
    const rows = [{ id: 127, name: 'Coolant (FM63 FMS)', unit: '°C', scale: 1, decimals: 0, group: 'engine' }, { id: 5000, name: 'Crane load', unit: 't', scale: 0.1, decimals: 1 }];
    const add = await t.call('POST', 'saveunittype', { token: root.token, body: { id: 0, name: 'Crane', icon: 'crane', iomap: {}, iocatalogue: rows } });
    expect(add.statusCode).toBe(200);
    const id = add.json().id as number;
    const listed = async () => (await t.call('GET', 'estateunittypes', { token: root.token })).json().unittypes.find((u: { id: number }) => u.id === id).iocatalogue;
    expect(await listed()).toEqual(rows);
    expect((await q('SELECT io_catalogue FROM unit_types WHERE id = $1', [id]))[0]).toEqual({ io_catalogue: {
      127: { name: 'Coolant (FM63 FMS)', unit: '°C', scale: 1, decimals: 0, group: 'engine' }, 5000: { name: 'Crane load', unit: 't', scale: 0.1, decimals: 1 },
    } });
    await t.call('POST', 'saveunittype', { token: root.token, body: { id, name: 'Crane lorry', icon: 'crane', iomap: {} } });
    expect(await listed()).toEqual(rows);
    for (const iocatalogue of [[rows[0], rows[0]], [{ ...rows[1], scale: 0 }], [{ ...rows[1], name: '' }], [{ ...rows[1], id: 70_000 }], [{ ...rows[1], group: 'wheels' }]]) {
      const bad = await t.call('POST', 'saveunittype', { token: root.token, body: { id, name: 'X', icon: 'crane', iomap: {}, iocatalogue } });
      expect(bad.statusCode, JSON.stringify(iocatalogue)).toBe(400);
    }
    expect(await listed()).toEqual(rows);
    await t.call('POST', 'saveunittype', { token: root.token, body: { id, name: 'Crane lorry', icon: 'crane', iomap: {}, iocatalogue: [] } });
    expect(await listed()).toEqual([]);
  });

  it("refuses another brand's super administrator (403: the catalogue is shared) and a site administrator", async () => {
    expect((await t.call('GET', 'estateunittypes', { token: north.token })).json().canEdit).toBe(false);
    const res = await t.call('POST', 'saveunittype', { token: north.token, body: { id: 1, name: 'Mine', icon: 'x', iomap: {} } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/shared by every brand/);
    expect((await t.call('POST', 'saveunittype', { token: admin.token, body: { id: 1, name: 'Mine', icon: 'x', iomap: {} } })).json()).toEqual(ONLY_SUPER);
    expect((await q<{ name: string }>('SELECT name FROM unit_types WHERE id = 1'))[0]?.name).not.toBe('Mine');
  });
});

describe('searchsite', () => {
  it('finds customers, sites, units (registration or device id) and users the caller may see, at most 50', async () => {
    const hits = (await t.call('GET', 'searchsite?w=leeds', { token: root.token })).json().hits as { kind: string; name: string }[];
    expect(hits.some((h) => h.kind === 'site' && h.name === 'Leeds Depot')).toBe(true);
    expect(hits.some((h) => h.kind === 'user')).toBe(true);
    const { device_id: dev, registration } = await one<{ device_id: string; registration: string }>('SELECT device_id, registration FROM units WHERE site_id = $1 AND removed_at IS NULL LIMIT 1', [leeds]);
    const byDevice = (await t.call('GET', `searchsite?w=${dev}`, { token: root.token })).json().hits;
    expect(byDevice).toContainEqual(expect.objectContaining({ kind: 'unit', name: registration, siteid: leeds }));
    const many = (await t.call('GET', 'searchsite?w=ea', { token: root.token })).json();
    expect(many.hits.length).toBeLessThanOrEqual(50);
  });

  it("never shows another brand's or another site's records; a site administrator sees their sites only; an operator is refused", async () => {
    const fromNorth = (await t.call('GET', 'searchsite?w=Aire', { token: north.token })).json().hits;
    expect(fromNorth).toEqual([]);
    const adminHits = (await t.call('GET', 'searchsite?w=Bradford', { token: admin.token })).json().hits as { kind: string; siteid: number | null }[];
    expect(adminHits.filter((h) => h.kind === 'site')).toEqual([]);
    const ops = await t.login('ops.leeds@aire-valley.example');
    expect((await t.call('GET', 'searchsite?w=Leeds', { token: ops.token })).statusCode).toBe(403);
    expect((await t.call('GET', 'searchsite?w=a', { token: root.token })).statusCode).toBe(400);
  });
});
