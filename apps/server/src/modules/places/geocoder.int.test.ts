import { schema } from '@fleet/db';
import { eq } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { GeocoderFailed, nominatimGeocoder } from './geocoder.ts';

// Street addresses (issue 10): a Nominatim-compatible service, played by a fake on 127.0.0.1 (no
// outside host), cached and given up after its timeout; the offline gazetteer when none is configured.

interface Fake { url: string; asked: string[]; mode: 'address' | 'none' | 'hang' | 'fail' | 'junk'; close(): Promise<void> }
async function fakeNominatim(): Promise<Fake> {
  const fake = { asked: [] as string[], mode: 'address' as Fake['mode'] };
  const server = http.createServer((req, res) => {
    fake.asked.push(req.url ?? '');
    if (fake.mode === 'hang') return;
    if (fake.mode === 'fail') {
      res.statusCode = 503;
      res.end('busy');
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    if (fake.mode === 'junk') return res.end('<html>');
    if (fake.mode === 'none') return res.end(JSON.stringify({ error: 'Unable to geocode' }));
    res.end(JSON.stringify({
      display_name: 'Wellington Street, Leeds, West Yorkshire, England, LS1 4DL, United Kingdom',
      address: { house_number: '12', road: 'Wellington Street', city: 'Leeds', postcode: 'LS1 4DL' },
    }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  });
}

let fake: Fake;
beforeAll(async () => {
  fake = await fakeNominatim();
});
afterAll(async () => {
  await fake.close();
});

describe('the Nominatim-compatible geocoder', () => {
  it('answers a street address, asks with the position and names itself', async () => {
    fake.mode = 'address';
    const g = nominatimGeocoder(`${fake.url}/`, { userAgent: 'fleet-test' });
    expect(await g.reverse(53.79712, -1.54931, 'imperial')).toBe('12 Wellington Street, Leeds LS1 4DL');
    expect(fake.asked.at(-1)).toMatch(/^\/reverse\?format=jsonv2&zoom=18&addressdetails=1&lat=53\.7971&lon=-1\.5493$/);
  });

  it('caches by position (about 11 m) and sends the same position asked twice at once only once', async () => {
    fake.mode = 'address';
    const g = nominatimGeocoder(fake.url);
    const before = fake.asked.length;
    const [a, b] = await Promise.all([g.reverse(53.8, -1.55, 'imperial'), g.reverse(53.80001, -1.55001, 'imperial')]);
    expect(a).toBe(b);
    await g.reverse(53.8, -1.55, 'imperial');
    expect(fake.asked.length - before).toBe(1);
    await g.reverse(53.81, -1.55, 'imperial');
    expect(fake.asked.length - before).toBe(2);
  });

  it('answers null where the service knows no address', async () => {
    fake.mode = 'none';
    expect(await nominatimGeocoder(fake.url).reverse(0.5, -30, 'imperial')).toBeNull();
  });

  it('gives up after its timeout, and says so', async () => {
    fake.mode = 'hang';
    const g = nominatimGeocoder(fake.url, { timeoutMs: 200 });
    await expect(g.reverse(53.7, -1.6, 'imperial')).rejects.toThrow(new GeocoderFailed('The address service did not answer in 0.2 s.'));
  });

  it('names an error status or an answer that is not JSON, and caches neither', async () => {
    const g = nominatimGeocoder(fake.url);
    fake.mode = 'fail';
    await expect(g.reverse(53.6, -1.6, 'imperial')).rejects.toThrow('The address service answered 503.');
    fake.mode = 'junk';
    await expect(g.reverse(53.6, -1.6, 'imperial')).rejects.toThrow('not JSON');
    fake.mode = 'address';
    expect(await g.reverse(53.6, -1.6, 'imperial')).toBe('12 Wellington Street, Leeds LS1 4DL');
  });
});

describe('vehicleaddress', () => {
  let configured: TestApp;
  let plain: TestApp;
  let unit: number;
  let otherBrandUnit: number;
  let silent: number;
  beforeAll(async () => {
    configured = await createTestApp({ geocoder: nominatimGeocoder(fake.url, { timeoutMs: 300 }) });
    plain = await createTestApp();
    for (const t of [configured, plain]) {
      const leeds = await t.database.pool.query<{ id: number }>(`SELECT u.id FROM units u JOIN sites s ON s.id = u.site_id WHERE s.name = 'Leeds Depot' ORDER BY u.id LIMIT 2`);
      unit = leeds.rows[0]!.id;
      silent = leeds.rows[1]!.id;
      await t.database.db.delete(schema.unitState).where(eq(schema.unitState.unitId, silent));
      await t.database.db.insert(schema.unitState).values({
        unitId: unit, positionId: 1, deviceTime: new Date(), statusTime: new Date(), lat: 53.79712, lon: -1.54931, speed: 0, angle: 0, satellites: 9,
      }).onConflictDoUpdate({ target: schema.unitState.unitId, set: { lat: 53.79712, lon: -1.54931 } });
      otherBrandUnit = (await t.database.pool.query<{ id: number }>(`SELECT u.id FROM units u JOIN sites s ON s.id = u.site_id WHERE s.name = 'Wakefield Works' LIMIT 1`)).rows[0]!.id;
    }
  });
  afterAll(async () => {
    await configured?.close();
    await plain?.close();
  });
  const ask = async (t: TestApp, unitId: number) => {
    const token = (await t.login('ops.leeds@aire-valley.example')).token;
    return t.call('GET', `vehicleaddress?unitid=${unitId}`, { token });
  };

  it("answers the street address of the vehicle's latest position", async () => {
    fake.mode = 'address';
    expect((await ask(configured, unit)).json()).toEqual({ ok: 1, configured: true, address: '12 Wellington Street, Leeds LS1 4DL', note: null });
  });

  it('says clearly when no geocoder is configured, and gives the nearest town', async () => {
    const res = (await ask(plain, unit)).json();
    expect(res).toMatchObject({ ok: 1, configured: false, note: expect.stringContaining('No street geocoder is configured') });
    expect(res.address).toMatch(/Leeds/);
  });

  it('answers 502 with the reason when the service does not answer in time', async () => {
    fake.mode = 'hang';
    // The position asked above is cached: the vehicle moves somewhere not asked yet.
    await configured.database.db.update(schema.unitState).set({ lat: 53.5, lon: -1.2 }).where(eq(schema.unitState.unitId, unit));
    const moved = await ask(configured, unit);
    expect(moved.statusCode).toBe(502);
    expect(moved.json().message).toBe('The address service did not answer in 0.3 s.');
  });

  it('says when the vehicle has no position yet', async () => {
    expect((await ask(configured, silent)).json()).toEqual({
      ok: 1, configured: true, address: null, note: 'The vehicle has not reported a position yet.',
    });
  });

  it("refuses a unit outside the caller's sites as missing", async () => {
    expect((await ask(configured, otherBrandUnit)).statusCode).toBe(404);
  });
});
