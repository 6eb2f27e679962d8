import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

// clearalerts: the alerts page's "Clear 3 alerts for …" and "Clear the 12 shown". All of them or
// none; never another tenant's; never a panic (acknowledged one by one, with the spec's confirm).
let t: TestApp;
let ops: SessionUser;
let other: SessionUser;
let unitId: number;
let position = -1_000_000;

/** Stores an open alert of the operator's site straight into the table (no device traffic needed). */
async function raise(kind: string, siteId = ops.siteid as number, unit = unitId): Promise<number> {
  const r = await t.database.pool.query<{ id: string }>(
    `INSERT INTO alerts (site_id, unit_id, kind, event, position_id, happened_at, lat, lon)
     VALUES ($1, $2, $3, 'enter', $4, now(), 53.8, -1.5) RETURNING id::text`, [siteId, unit, kind, --position]);
  return Number(r.rows[0]?.id);
}
const openOf = async (ids: number[]) =>
  (await t.database.pool.query('SELECT id FROM alerts WHERE id = ANY($1::bigint[]) AND cleared_at IS NULL', [ids])).rowCount;
const clear = (u: SessionUser, aids: unknown) => t.call('POST', 'clearalerts', { token: u.token, body: { aids } });

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
  other = await t.login('ops@northway.example');
  unitId = (await t.database.pool.query('SELECT id FROM units WHERE site_id = $1 ORDER BY id LIMIT 1', [ops.siteid])).rows[0].id;
});
afterAll(async () => {
  await t.close();
});

describe('clearalerts', () => {
  it('clears every listed alert together and records who cleared them', async () => {
    const ids = [await raise('geofence'), await raise('geofence'), await raise('runover')];
    const res = await clear(ops, ids);
    expect(res.json()).toEqual({ ok: 1 });
    expect(await openOf(ids)).toBe(0);
    const by = await t.database.pool.query('SELECT DISTINCT cleared_by FROM alerts WHERE id = ANY($1::bigint[])', [ids]);
    expect(by.rows).toEqual([{ cleared_by: expect.any(Number) }]);
    // Again: nothing left to clear, still fine.
    expect((await clear(ops, ids)).json()).toEqual({ ok: 1 });
  });

  it("changes nothing for a caller of another tenant, who is told there is no such alert", async () => {
    const ids = [await raise('geofence'), await raise('spn')];
    const res = await clear(other, ids);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such alert.');
    expect(await openOf(ids)).toBe(2);
  });

  it("clears none when one of the ids is another site's alert (atomic)", async () => {
    const otherSite = (await t.database.pool.query<{ id: number; unit: number }>(
      `SELECT s.id, min(u.id) AS unit FROM sites s JOIN units u ON u.site_id = s.id WHERE s.id <> $1 GROUP BY s.id ORDER BY s.id LIMIT 1`, [ops.siteid])).rows[0]!;
    const mine = await raise('geofence');
    const theirs = await raise('geofence', otherSite.id, otherSite.unit);
    const res = await clear(ops, [mine, theirs]);
    expect(res.statusCode).toBe(404);
    expect(await openOf([mine, theirs])).toBe(2);
  });

  it('refuses a list with a panic in it, and clears none of it', async () => {
    const ids = [await raise('geofence'), await raise('panic')];
    const res = await clear(ops, ids);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/one by one/);
    expect(await openOf(ids)).toBe(2);
  });

  it('refuses an empty list, too many ids and ids that are not ids, changing nothing', async () => {
    const id = await raise('geofence');
    for (const aids of [[], Array.from({ length: 501 }, (_, i) => i + 1), [id, 'x'], [id, -3], id]) {
      const res = await clear(ops, aids);
      expect(res.statusCode, JSON.stringify(aids).slice(0, 40)).toBe(400);
    }
    expect(await openOf([id])).toBe(1);
  });
});
