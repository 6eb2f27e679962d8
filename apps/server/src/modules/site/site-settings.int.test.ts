import { DEFAULT_SITE_SETTINGS, type SessionUser } from '@fleet/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart, photo } from '../../../test/uploads.ts';

let t: TestApp;
let admin: SessionUser;
let ops: SessionUser;
let northwayAdmin: SessionUser | null = null;
const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
const auditLines = (action: string, siteId: number) =>
  q<{ actor_name: string; before: Record<string, unknown>; after: Record<string, unknown>; target_name: string }>(
    'SELECT actor_name, before, after, target_name FROM audit_log WHERE action = $1 AND site_id = $2 ORDER BY id', [action, siteId]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  northwayAdmin = await t.login('admin@northway.example');
});
afterAll(async () => { await t.close(); });

describe('sitesettings and savesitesettings', () => {
  it('answers the defaults for a site that never saved any, with the operators menu to pick from', async () => {
    const res = await t.call('GET', 'sitesettings', { token: northwayAdmin!.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: 1, siteid: northwayAdmin!.siteid, timezone: 'Europe/London', settings: DEFAULT_SITE_SETTINGS });
    expect(body.menuchoices.map((e: { link: string }) => e.link)).toContain('/tabs/tabs/fleet');
  });

  it('saves what is sent, keeps the rest, writes one audit line with before and after, and other sites keep theirs', async () => {
    const save = await t.call('POST', 'savesitesettings', {
      token: admin.token,
      body: { timezone: 'europe/paris', settings: { volumeUnit: 'gallons', idleMinutes: 5, speedingKmh: 90, basemap: 'satellite', mapView: { lat: 53.8, lon: -1.55, zoom: 11 } } },
    });
    expect(save.statusCode, save.body).toBe(200);
    const read = (await t.call('GET', 'sitesettings', { token: admin.token })).json();
    expect(read.timezone).toBe('Europe/Paris');
    expect(read.settings).toMatchObject({ volumeUnit: 'gallons', idleMinutes: 5, speedingKmh: 90, basemap: 'satellite', mapView: { lat: 53.8, lon: -1.55, zoom: 11 }, operatorMenu: null });
    const lines = await auditLines('site.settings', admin.siteid!);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actor_name: admin.name, before: { timezone: 'Europe/London' }, after: { timezone: 'Europe/Paris', settings: { volumeUnit: 'gallons' } } });
    // Saving the same again changes nothing and writes nothing.
    await t.call('POST', 'savesitesettings', { token: admin.token, body: { settings: { volumeUnit: 'gallons' } } });
    expect(await auditLines('site.settings', admin.siteid!)).toHaveLength(1);
    expect((await t.call('GET', 'sitesettings', { token: northwayAdmin!.token })).json().settings.volumeUnit).toBe('litres');
    // Everyone on the site reads the settings in their session (not the menu).
    const user = (await t.call('GET', 'user', { token: ops.token })).json().user;
    expect(user.sitesettings).toMatchObject({ volumeUnit: 'gallons', basemap: 'satellite', mapView: { zoom: 11 } });
    expect(user.sitesettings.operatorMenu).toBeUndefined();
  });

  it('refuses a zone that is not IANA, bad numbers and unknown keys with 400, changing nothing', async () => {
    const before = (await t.call('GET', 'sitesettings', { token: admin.token })).json();
    for (const body of [
      { timezone: 'Mars/Olympus' },
      { settings: { idleMinutes: -1 } },
      { settings: { speedingKmh: 500 } },
      { settings: { mapView: { lat: 95, lon: 0, zoom: 5 } } },
      { settings: { volumeUnit: 'pints' } },
      { settings: { navigator: { profile: 'car' } } },
      { colour: 'red' },
      { image: 'http://evil.example/x.png' },
    ]) {
      const res = await t.call('POST', 'savesitesettings', { token: admin.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const zone = await t.call('POST', 'savesitesettings', { token: admin.token, body: { timezone: 'Mars/Olympus' } });
    expect(zone.json().message).toMatch(/IANA time zone/);
    const menu = await t.call('POST', 'savesitesettings', { token: admin.token, body: { settings: { operatorMenu: ['/tabs/tabs/superadmin'] } } });
    expect(menu.statusCode).toBe(400);
    expect(menu.json().message).toMatch(/not an entry of the operators' menu/);
    expect((await t.call('POST', 'savesitesettings', { token: admin.token, body: { settings: { operatorMenu: [] } } })).statusCode).toBe(400);
    expect((await t.call('GET', 'sitesettings', { token: admin.token })).json()).toEqual(before);
  });

  it('refuses operators and viewers (403) and writes the refusal to the audit log', async () => {
    const [viewer] = await q<{ id: number }>(`INSERT INTO users (email, name, password_hash, usertype, customer_id, default_site_id)
      SELECT 'viewer.settings@aire-valley.example', 'Vera Viewer', password_hash, 4, customer_id, default_site_id FROM users WHERE email = 'ops.leeds@aire-valley.example' RETURNING id`);
    await q('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [viewer!.id, ops.siteid]);
    const vera = await t.login('viewer.settings@aire-valley.example');
    for (const token of [ops.token, vera.token]) {
      expect((await t.call('GET', 'sitesettings', { token })).statusCode).toBe(403);
      expect((await t.call('POST', 'savesitesettings', { token, body: { settings: { idleMinutes: 9 } } })).statusCode).toBe(403);
      expect((await t.call('POST', 'navigatorconfig', { token, body: { profile: 'car', avoidTolls: true, avoidMotorways: false, arrivalRadiusM: 30, showTraffic: true } })).statusCode).toBe(403);
    }
    expect((await t.call('GET', 'sitesettings', { token: admin.token })).json().settings.idleMinutes).not.toBe(9);
    const refused = await q(`SELECT 1 FROM audit_log WHERE kind = 'refusal' AND actor_user_id = $1`, [viewer!.id]);
    expect(refused.length).toBeGreaterThan(0);
  });

  it("changes the unit system as setunitsystem does: the session's units follow", async () => {
    await t.call('POST', 'savesitesettings', { token: admin.token, body: { unitsystem: 'metric' } });
    expect((await t.call('GET', 'user', { token: ops.token })).json().user.unitsystem).toBe('metric');
    await t.call('POST', 'savesitesettings', { token: admin.token, body: { unitsystem: 'imperial' } });
    expect((await t.call('GET', 'user', { token: ops.token })).json().user.unitsystem).toBe('imperial');
  });
});

describe("the operators' menu", () => {
  it("shows an operator only the entries the site keeps on their next /user; administrators keep theirs", async () => {
    const links = ['/tabs/tabs/fleet', '/tabs/tabs/dashboard', '/tabs/tabs/reporting'];
    expect((await t.call('POST', 'savesitesettings', { token: admin.token, body: { settings: { operatorMenu: links } } })).statusCode).toBe(200);
    const menu = (await t.call('GET', 'user', { token: ops.token })).json().user.menu as Array<{ olink?: string; link: string }>;
    expect(menu.map((e) => e.olink ?? e.link)).toEqual(links);
    const adminMenu = (await t.call('GET', 'user', { token: admin.token })).json().user.menu as Array<{ link: string }>;
    expect(adminMenu.some((e) => e.link === '/tabs/tabs/config')).toBe(true);
    expect(adminMenu.some((e) => e.link === '/tabs/tabs/msg')).toBe(true);
    await t.call('POST', 'savesitesettings', { token: admin.token, body: { settings: { operatorMenu: null } } });
    expect(((await t.call('GET', 'user', { token: ops.token })).json().user.menu as unknown[]).length).toBeGreaterThan(links.length);
  });
});

describe('navigatorconfig', () => {
  it('saves the navigator settings whole, audited; a bad radius is refused', async () => {
    const nav = { profile: 'hgv', avoidTolls: true, avoidMotorways: false, arrivalRadiusM: 120, showTraffic: true };
    const res = await t.call('POST', 'navigatorconfig', { token: admin.token, body: nav });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', 'sitesettings', { token: admin.token })).json().settings.navigator).toEqual(nav);
    expect((await t.call('GET', 'user', { token: ops.token })).json().user.sitesettings.navigator).toEqual(nav);
    expect(await auditLines('site.navigator', admin.siteid!)).toHaveLength(1);
    const bad = await t.call('POST', 'navigatorconfig', { token: admin.token, body: { ...nav, arrivalRadiusM: 5 } });
    expect(bad.statusCode).toBe(400);
    expect((await t.call('POST', 'navigatorconfig', { token: admin.token, body: { profile: 'car' } })).statusCode).toBe(400);
    expect((await t.call('GET', 'sitesettings', { token: admin.token })).json().settings.navigator).toEqual(nav);
  });
});

describe('savesiteimage', () => {
  it('keeps a checked, shrunk WebP as a data: URL that the session carries, audited; removes it again', async () => {
    await t.call('POST', 'savesitesettings', { token: admin.token, body: { image: '' } });
    const form = multipart([{ name: 'image', filename: 'logo.jpg', type: 'image/jpeg', data: await photo({ width: 1600, height: 900, exifGps: true }) }]);
    const res = await t.call('POST', 'savesiteimage', { token: admin.token, body: form.body, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().image as string;
    expect(image.startsWith('data:image/webp;base64,')).toBe(true);
    const bytes = Buffer.from(image.slice('data:image/webp;base64,'.length), 'base64');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width! <= 480 && meta.height! <= 160).toBe(true);
    expect(meta.exif).toBeUndefined();
    expect((await t.call('GET', 'user', { token: ops.token })).json().user.siteimg).toBe(image);
    const lines = await auditLines('site.image', admin.siteid!);
    expect(lines.at(-1)).toMatchObject({ before: { image: 'none' }, after: { image: 'set' } });
    expect(JSON.stringify(lines)).not.toContain('base64');
    await t.call('POST', 'savesitesettings', { token: admin.token, body: { image: '' } });
    expect((await t.call('GET', 'user', { token: ops.token })).json().user.siteimg).toBe('');
  });

  it('refuses what is not an image by its bytes (415) and an empty form, keeping the image', async () => {
    const fake = multipart([{ name: 'image', filename: 'logo.png', type: 'image/png', data: Buffer.from('<svg onload="alert(1)"></svg>') }]);
    const res = await t.call('POST', 'savesiteimage', { token: admin.token, body: fake.body, headers: fake.headers });
    expect(res.statusCode).toBe(415);
    const none = multipart([{ name: 'other', value: 'x' }]);
    expect((await t.call('POST', 'savesiteimage', { token: admin.token, body: none.body, headers: none.headers })).statusCode).toBe(400);
    const asOps = multipart([{ name: 'image', filename: 'logo.jpg', type: 'image/jpeg', data: await photo() }]);
    expect((await t.call('POST', 'savesiteimage', { token: ops.token, body: asOps.body, headers: asOps.headers })).statusCode).toBe(403);
    expect((await t.call('GET', 'sitesettings', { token: admin.token })).json().image).toBe('');
  });
});

describe("the reports read the site's thresholds", () => {
  it('uses the idle and speeding thresholds of the site when a run leaves them out', async () => {
    const siteId = admin.siteid!;
    const [unit] = await q<{ id: number }>(`INSERT INTO units (site_id, device_id, unit_type_id, registration) VALUES ($1, 'settings-speed-1', 1, 'ST26 SPD') RETURNING id`, [siteId]);
    await q(`INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id, distance_m, driving_s, idle_s, max_speed, avg_speed)
      VALUES ($1, 'trip', '2026-11-17T09:00:00Z', '2026-11-17T10:00:00Z', 53.8, -1.55, 53.81, -1.56, 1, 2, 5000, 3300, 240, 100, 30)`, [unit!.id]);
    const run = async (what: string) => {
      const start = await t.call('POST', 'runreport', { token: admin.token, body: { what, metric: 'vehicle', src: [unit!.id], record: { from: '2026-11-16', to: '2026-11-20' } } });
      expect(start.statusCode, start.body).toBe(200);
      for (let i = 0; i < 200; i++) {
        const poll = (await t.call('GET', `reportrun?id=${start.json().id}`, { token: admin.token })).json();
        if (poll.run.status === 'done') return poll.result.rows as unknown[];
        if (poll.run.status !== 'queued' && poll.run.status !== 'running') throw new Error(JSON.stringify(poll.run));
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('the run did not finish');
    };
    await t.call('POST', 'savesitesettings', { token: admin.token, body: { settings: { speedingKmh: 90, idleMinutes: 5 } } });
    expect(await run('speeding')).toHaveLength(1);
    expect(await run('idling')).toHaveLength(0);
    await t.call('POST', 'savesitesettings', { token: admin.token, body: { settings: { speedingKmh: 110, idleMinutes: 3 } } });
    expect(await run('speeding')).toHaveLength(0);
    expect(await run('idling')).toHaveLength(1);
  });
});

describe('mobileconfig: removing a cab device', () => {
  it('is written to the audit log with the device named', async () => {
    const [cab] = await q<{ id: number }>(`INSERT INTO cab_devices (site_id, name, instance_uuid, key_hash, registered_at) VALUES ($1, 'Audit cab', gen_random_uuid()::text, 'x', now()) RETURNING id`, [admin.siteid]);
    const res = await t.call('POST', 'removecabdevice', { token: admin.token, body: { deviceid: cab!.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await q(`SELECT target_name FROM audit_log WHERE action = 'cab.remove' AND target_id = $1`, [String(cab!.id)])).toEqual([{ target_name: 'Audit cab' }]);
  });
});
