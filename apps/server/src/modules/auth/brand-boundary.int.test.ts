import { schema } from '@fleet/db';
import { io as connect } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../lib/passwords.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => { await t.close(); });

const FLEETWISE = 'localhost';
const NORTHWAY = 'northway.localhost';
const loginOn = (host: string, user: string, pass = DEMO_PASSWORD) =>
  t.call('POST', 'login', { body: { versionstring: 'DEV:231', user, pass }, headers: { host } });

describe('brands are a boundary', () => {
  it('refuses a sign-in on another brand exactly like wrong credentials', async () => {
    const wrongBrand = await loginOn(FLEETWISE, 'ops@northway.example');
    const wrongPassword = await loginOn(NORTHWAY, 'ops@northway.example', 'Nope!123456');
    expect(wrongBrand.statusCode).toBe(401);
    expect(wrongBrand.json()).toEqual(wrongPassword.json());
    expect(wrongBrand.json()).toEqual({ ok: 0, message: 'The e-mail address or password is not right.' });
    expect((await loginOn(NORTHWAY, 'ops.leeds@aire-valley.example')).statusCode).toBe(401);
    expect((await loginOn(NORTHWAY, 'ops@northway.example')).statusCode).toBe(200);
    expect((await loginOn(FLEETWISE, 'ops.leeds@aire-valley.example')).statusCode).toBe(200);
  });

  it('accepts a token only on the hosts of the brand it was issued on', async () => {
    const northway = (await loginOn(NORTHWAY, 'ops@northway.example')).json().user;
    const here = await t.call('GET', 'user', { token: northway.token, headers: { host: NORTHWAY } });
    expect(here.json().ok).toBe(1);
    const there = await t.call('GET', `vehicles?siteid=${northway.siteid}`, { token: northway.token, headers: { host: FLEETWISE } });
    expect(there.statusCode).toBe(401);
    expect(there.json()).toMatchObject({ ok: 0, tokenerror: 1 });
    const fleetwise = (await loginOn(FLEETWISE, 'ops.leeds@aire-valley.example')).json().user;
    const cross = await t.call('GET', 'user', { token: fleetwise.token, headers: { host: NORTHWAY } });
    expect(cross.statusCode).toBe(401);
    expect(cross.json().tokenerror).toBe(1);
  });

  it('keeps the brand when pick or a password change issues a new token', async () => {
    const northway = (await loginOn(NORTHWAY, 'admin@northway.example')).json().user;
    const changed = await t.call('POST', 'changepassword', { token: northway.token, body: { pwd: 'Fresh!pass42' }, headers: { host: NORTHWAY } });
    const token = changed.json().user.token as string;
    expect((await t.call('GET', 'user', { token, headers: { host: NORTHWAY } })).json().ok).toBe(1);
    expect((await t.call('GET', 'user', { token, headers: { host: FLEETWISE } })).statusCode).toBe(401);
  });

  it('binds a super administrator to their own brand (the default one without a customer)', async () => {
    await t.database.db.insert(schema.users).values({
      email: 'root@fleet.test', name: 'Root', usertype: 0, passwordHash: await hashPassword('Root!pass123'),
    });
    expect((await loginOn(NORTHWAY, 'root@fleet.test', 'Root!pass123')).statusCode).toBe(401);
    const root = await loginOn(FLEETWISE, 'root@fleet.test', 'Root!pass123');
    expect(root.statusCode).toBe(200);
    const token = root.json().user.token as string;
    expect((await t.call('GET', 'user', { token, headers: { host: NORTHWAY } })).statusCode).toBe(401);
  });

  it('applies the same rule to the realtime socket', async () => {
    const user = (await loginOn(FLEETWISE, 'ops.leeds@aire-valley.example')).json().user;
    const attempt = (host?: string) => new Promise<string>((resolve) => {
      const s = connect(base, {
        transports: ['websocket'], reconnection: false, auth: { token: user.token, instanceuuid: user.instanceuuid },
        extraHeaders: host ? { host } : {},
      });
      s.once('connect', () => { s.disconnect(); resolve('connected'); });
      s.once('connect_error', (err) => { s.disconnect(); resolve(err.message); });
    });
    expect(await attempt()).toBe('connected');
    expect(await attempt(NORTHWAY)).toBe('tokenerror');
  });
});
