import { checkout } from '@fleet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { storeRaisedAlerts, type AlertToStore } from './index.ts';

let t: TestApp;
let unit: { id: number; site_id: number };
beforeAll(async () => {
  t = await createTestApp();
  unit = (await t.database.pool.query('SELECT id, site_id FROM units ORDER BY id LIMIT 1')).rows[0];
});
afterAll(async () => { await t.close(); });

/** An alert on a position id no device of the seed reaches, so the case owns every row it looks at. */
const pending = (positionId: string): AlertToStore<'panic'> => ({
  kind: 'panic', event: 'pressed', siteId: unit.site_id, unitId: unit.id, poiId: null, positionId,
  happenedAt: '2026-01-02T03:04:05.000Z', lat: 53.8, lon: -1.55, detail: '',
});
const storedFor = async (positionId: string) =>
  (await t.database.pool.query('SELECT count(*)::int AS n FROM alerts WHERE position_id = $1', [positionId])).rows[0].n;

describe("the processors' alert store", () => {
  it("stores through the processor's transaction: rolled back, no alert is left", async () => {
    const client = await checkout(t.database.pool);
    try {
      await client.query('BEGIN');
      expect(await storeRaisedAlerts(client, [pending('900000000001')])).toHaveLength(1);
      await client.query('ROLLBACK');
    } finally {
      client.done();
    }
    expect(await storedFor('900000000001')).toBe(0);
  });

  it('stores an alert once: the same kind, unit, position and place again is neither stored nor returned', async () => {
    const client = await checkout(t.database.pool);
    try {
      const [first] = await storeRaisedAlerts(client, [pending('900000000002')]);
      expect(first).toMatchObject({ kind: 'panic', unitId: unit.id, siteId: unit.site_id, happenedAt: '2026-01-02T03:04:05.000Z' });
      expect(await storeRaisedAlerts(client, [pending('900000000002')])).toEqual([]);
    } finally {
      client.done();
    }
    expect(await storedFor('900000000002')).toBe(1);
  });
});
