import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_PASSWORD, createTestApp, type TestApp } from '../../../test/harness.ts';
import { TestDevice, record } from '../../../test/device-client.ts';
import { until } from '../../../test/until.ts';

let t: TestApp;
let admin: SessionUser;
let ops: SessionUser;
let viewer: SessionUser;
let other: SessionUser;
let unit: { id: number; device_id: string };

beforeAll(async () => {
  t = await createTestApp({ commandTimeoutMs: 800 });
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  other = await t.login('admin@northway.example');
  const { rows: [v] } = await t.database.pool.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, usertype, customer_id, default_site_id)
     SELECT 'viewer.commands@fleet.test', 'Vera Viewer', $1, 4, customer_id, id FROM sites WHERE id = $2 RETURNING id`,
    [await hashPassword(DEMO_PASSWORD), admin.siteid]);
  await t.database.pool.query('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2)', [v!.id, admin.siteid]);
  viewer = await t.login('viewer.commands@fleet.test');
  const res = await t.database.pool.query(`SELECT id, device_id FROM units WHERE site_id = $1 AND unit_type_id = 2 ORDER BY id LIMIT 1`, [admin.siteid]);
  unit = res.rows[0];
});
afterAll(async () => { await t.close(); });

const send = (token: string, cmd: string, call = 'sendfmscommand', extra = '') =>
  t.call('GET', `${call}?uid=${unit.id}&cmd=${encodeURIComponent(cmd)}${extra}`, { token });
const history = async (token: string, query = '') => t.call('GET', `commandlog?uid=${unit.id}${query}`, { token });
const newest = async () => (await history(admin.token, '&limit=1')).json().entries[0];

async function online(): Promise<TestDevice> {
  const d = await TestDevice.connect(t.ingest.ports.teltonika);
  expect(await d.login(unit.device_id)).toBe(1);
  expect(await d.send([record(1)])).toBe(1);
  return d;
}

describe('sending commands', () => {
  it("relays an operator's read-only command and keeps it with the reply, who sent it and when", async () => {
    const d = await online();
    const answering = d.answerCommand((cmd) => `Ver:03.28.07 for ${cmd}`);
    const res = await send(ops.token, 'getver');
    expect(res.json()).toEqual({ ok: 1, reply: 'Ver:03.28.07 for getver' });
    expect(await answering).toBe('getver');
    expect(await newest()).toMatchObject({
      command: 'getver', status: 'answered', reply: 'Ver:03.28.07 for getver', reason: null, who: ops.name, time: expect.any(String),
    });
    d.close();
    await until(async () => t.ingest.commands.isOnline(unit.id), (v) => !v);
  });

  it('refuses, with a clear message, and logs: not allowed, viewer, malformed, forbidden, offline', async () => {
    const cases: [string, string, number, RegExp, string][] = [
      [ops.token, 'setdigout 1', 403, /^Only an administrator may send this command: it changes the device\.$/, 'refused'],
      [ops.token, 'somethingnew', 403, /^Only an administrator/, 'refused'],
      [viewer.token, 'getver', 403, /^Your account can view but not change anything/, 'refused'],
      [admin.token, 'readio abc', 400, /^readio takes one AVL id/, 'invalid'],
      [admin.token, 'setparam 2004:elsewhere.example', 400, /^This command is not sent from here/, 'invalid'],
      [admin.token, 'defaultcfg', 400, /^This command is not sent from here/, 'invalid'],
      // The unit's latest position came by Teltonika: a GT06 word is not one of its commands.
      [admin.token, 'STATUS#', 400, /^A Teltonika command is a word/, 'invalid'],
      [ops.token, 'getinfo', 409, /^The device is offline/, 'offline'],
    ];
    for (const [token, cmd, status, message, logged] of cases) {
      const res = await send(token, cmd);
      expect(res.statusCode, cmd).toBe(status);
      expect(res.json().message, cmd).toMatch(message);
      expect(await newest(), cmd).toMatchObject({ command: cmd, status: logged, reply: null, reason: res.json().message });
    }
  });

  it('says timed out when the device is silent, and busy while another command waits', async () => {
    const d = await online();
    const first = send(admin.token, 'setdigout 1', 'sendiocommand');
    expect(await d.read(8, 5000)).not.toBeNull(); // the command is on the wire: it waits for the device
    const busy = await send(ops.token, 'getinfo');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/answering another command/);
    const timedOut = await first;
    expect(timedOut.statusCode).toBe(504);
    expect(timedOut.json().message).toBe('The device did not answer within 1 second.');
    const log = (await history(admin.token, '&limit=2')).json().entries;
    expect(log.map((e: { command: string; status: string }) => [e.command, e.status]).sort()).toEqual([['getinfo', 'busy'], ['setdigout 1', 'timeout']]);
    d.close();
    await until(async () => t.ingest.commands.isOnline(unit.id), (v) => !v);
  });

  it("mails an IO command's answer to the caller's own address, and to no other", async () => {
    const d = await online();
    const answering = d.answerCommand(() => 'DOUT1:1 DOUT2:0');
    const res = await send(admin.token, 'setdigout 1', 'sendiocommand', '&notifyemail=1');
    expect(res.json()).toEqual({ ok: 1, reply: 'DOUT1:1 DOUT2:0' });
    await answering;
    await t.settled();
    const mail = await t.database.pool.query('SELECT to_address, subject, text FROM outbox WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [admin.userid]);
    expect(mail.rows[0]).toMatchObject({ to_address: admin.email, subject: 'Device command answered: setdigout 1' });
    expect(mail.rows[0].text).toContain('DOUT1:1 DOUT2:0');

    const before = (await history(admin.token)).json().total;
    const elsewhere = await send(admin.token, 'setdigout 0', 'sendiocommand', '&notifyemail=someone%40elsewhere.example');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('notifyemail may only be 1 or your own address.');
    expect((await history(admin.token)).json().total).toBe(before);
    d.close();
    await until(async () => t.ingest.commands.isOnline(unit.id), (v) => !v);
  });
});

describe('commandlog', () => {
  it('pages the history newest first for anyone who sees the unit, viewers too', async () => {
    const all = (await history(viewer.token, '&limit=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(10);
    expect(all.entries).toHaveLength(all.total);
    const ids = all.entries.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page = (await history(ops.token, '&offset=2&limit=3')).json();
    expect(page).toMatchObject({ ok: 1, total: all.total, offset: 2 });
    expect(page.entries.map((e: { id: number }) => e.id)).toEqual(ids.slice(2, 5));
  });

  it("answers 404 for another customer's unit, and sends or logs nothing there", async () => {
    const before = (await history(admin.token)).json().total;
    const log = await t.call('GET', `commandlog?uid=${unit.id}`, { token: other.token });
    expect(log.statusCode).toBe(404);
    const sent = await send(other.token, 'getinfo');
    expect(sent.statusCode).toBe(404);
    expect((await history(admin.token)).json().total).toBe(before);
  });

  it('refuses a bad page with 400', async () => {
    expect((await history(admin.token, '&limit=0')).statusCode).toBe(400);
    expect((await history(admin.token, '&limit=101')).statusCode).toBe(400);
  });
});
