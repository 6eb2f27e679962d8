import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { caughtUp } from '../../test/until.ts';

// A unit's state keeps the last value of each reported value, but not the keys of one report:
// a phone's one faked location (or one SOS) must not mark every later report as faked.
let t: TestApp;
let admin: SessionUser;
let phone: { id: number; uid: string };
const base = () => `http://127.0.0.1:${t.ingest.ports.osmand}/`;
const send = async (query: string) => expect((await fetch(`${base()}?id=${phone.uid}&${query}`)).status).toBe(200);
const state = async () => (await t.call('GET', `lastunitinfo?uid=${phone.id}`, { token: admin.token })).json().unit;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin.leeds@aire-valley.example');
  const added = await t.call('POST', 'addnewsiteunit', { token: admin.token, body: { siteid: admin.siteid, uid: 'state-keys-phone', unittype: 20, registration: 'state-keys-phone' } });
  phone = { id: added.json().unitid, uid: 'state-keys-phone' };
});
afterAll(async () => { await t.close(); });

describe('unit state: keys of one report', () => {
  it('a genuine report after a faked one clears the faked mark and the alarm, and keeps the standing values', async () => {
    const ts = Math.floor(Date.now() / 1000) - 60;
    await send(`lat=53.80&lon=-1.55&timestamp=${ts}&mock=true&alarm=sos&batt=70&rpm=1500&event=motionchange`);
    await caughtUp(t.database.pool, 15_000);
    expect(await state()).toMatchObject({ mock: 1, io: { mock: 1, alarm: 'sos', batteryLevel: 70, rpm: 1500, event: 'motionchange' } });

    await send(`lat=53.801&lon=-1.55&timestamp=${ts + 10}&batt=69`);
    await caughtUp(t.database.pool, 15_000);
    const after = await state();
    expect(after.mock).toBe(0);
    expect(after.io).toEqual({ batteryLevel: 69, rpm: 1500 });
    expect(after.attributes.map((a: { name: string }) => a.name)).not.toContain('Faked location');
  });
});
