import { checkout } from '@fleet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readEventWindow } from './processors/events-store.ts';

// Position ids leave the database as text (they outgrow a JavaScript number), and ORDER BY picks an
// output column before a table's: two reads were ordered by the text, where '100' sorts before '96'.
// The events processor's window then took the wrong rows, in the wrong order, and left its cursor
// behind rows it had processed; an administrator's newest refused records were not the newest.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Inserts 12 positions of a unit whose ids go from n digits to n + 1; answers the id before the first. */
async function acrossADigit(unit: number, flagged: boolean): Promise<number> {
  const pool = t.database.pool;
  const top = Number((await pool.query<{ n: string }>('SELECT coalesce(max(id), 0)::text AS n FROM positions')).rows[0]!.n);
  const base = 10 ** Math.max(2, String(top + 10).length) - 5;
  await pool.query("SELECT setval('positions_id_seq', $1)", [base]);
  await pool.query(`INSERT INTO positions (unit_id, device_time, lat, lon, protocol, implausible)
    SELECT $1, timestamptz '2026-11-20T08:00:00Z' + make_interval(secs => n), 53.8, -1.55, 'teltonika', $2 FROM generate_series(1, 12) n`,
  [unit, flagged ? 'latitude' : null]);
  return base;
}

describe('reading the positions log by id', () => {
  it("the events processor's window holds the next ids in number order, and its last id is the largest", async () => {
    const pool = t.database.pool;
    const unit = (await pool.query<{ id: number }>('SELECT id FROM units ORDER BY id LIMIT 1')).rows[0]!.id;
    const base = await acrossADigit(unit, false);
    const client = await checkout(pool);
    try {
      const all = await readEventWindow(client, { from: String(base), to: String(base + 12), limit: 100 });
      expect(all.rows.map((r) => Number(r.id))).toEqual(Array.from({ length: 12 }, (_, i) => base + 1 + i));
      expect(all.lastId).toBe(String(base + 12));
      const first = await readEventWindow(client, { from: String(base), to: String(base + 12), limit: 5 });
      expect(first.rows.map((r) => Number(r.id))).toEqual([1, 2, 3, 4, 5].map((i) => base + i));
      expect(first.lastId).toBe(String(base + 5));
    } finally {
      client.done();
    }
  });

  it("an administrator's refused records of a unit come newest first", async () => {
    const { rows: [unit] } = await t.database.pool.query<{ id: number }>(
      "SELECT u.id FROM units u JOIN sites s ON s.id = u.site_id WHERE s.name = 'Leeds Depot' ORDER BY u.id DESC LIMIT 1");
    const base = await acrossADigit(unit!.id, true);
    const admin = await t.login('admin.leeds@aire-valley.example');
    const res = await t.call('GET', `unitflaggedrecords?uid=${unit!.id}`, { token: admin.token });
    const ids = (res.json() as { records: Array<{ id: number }> }).records.map((r) => r.id);
    expect(ids.slice(0, 12)).toEqual(Array.from({ length: 12 }, (_, i) => base + 12 - i));
  });
});
