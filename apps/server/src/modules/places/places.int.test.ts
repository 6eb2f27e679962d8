import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login('ops.leeds@aire-valley.example')).token;
});
afterAll(async () => { await t.close(); });

describe('reverse', () => {
  it("answers 'At {POI}' inside one of the site's POI", async () => {
    const res = (await t.call('GET', 'reverse?lat=53.7935&lng=-1.5485&dir=90', { token })).json();
    expect(res).toMatchObject({ ok: 1, loc: 'At Leeds Depot', poi: 'Leeds Depot', heading: 'east' });
  });

  it('answers the nearest town from the offline gazetteer elsewhere', async () => {
    const res = (await t.call('GET', 'reverse?lat=53.9921&lng=-1.5418', { token })).json();
    expect(res.ok).toBe(1);
    expect(res.poi).toBeNull();
    expect(res.town).toBe('Harrogate');
    expect(res.loc).toMatch(/Harrogate/);
  });

  it('refuses coordinates out of range', async () => {
    expect((await t.call('GET', 'reverse?lat=91&lng=0', { token })).statusCode).toBe(400);
  });
});

describe('w3wfrom', () => {
  it('says clearly that what3words is not configured', async () => {
    const res = await t.call('GET', 'w3wfrom?w3w=filled.count.soap', { token });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ok: 0, message: 'what3words is not configured on this server: set W3W_API_KEY to use it.' });
  });

  it('refuses something that is not three words', async () => {
    expect((await t.call('GET', 'w3wfrom?w3w=filled.count', { token })).statusCode).toBe(400);
  });
});
