import type { SessionUser } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let ops: SessionUser;
beforeAll(async () => {
  t = await createTestApp();
  ops = await t.login('ops.leeds@aire-valley.example');
});
afterAll(async () => { await t.close(); });

describe('drivers', () => {
  it('flags drivers not updated for more than 24 hours', async () => {
    const drivers = (await t.call('GET', `drivers?siteid=${ops.siteid}`, { token: ops.token })).json().drivers as { outofdate: boolean; updated: string | null }[];
    for (const d of drivers) {
      const old = d.updated === null || Date.now() - new Date(d.updated).getTime() > 24 * 3600 * 1000;
      expect(d.outofdate).toBe(old);
    }
    expect(drivers.some((d) => d.outofdate)).toBe(true);
  });
});
