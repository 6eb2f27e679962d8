import { describe, expect, it } from 'vitest';
import { readiness, type ReadinessChecks } from './readiness.ts';

/** Checks whose answers the test sets; counts the migration questions asked. */
function checks(over: Partial<ReadinessChecks> = {}) {
  const asked = { migrations: 0 };
  const c: ReadinessChecks = {
    ping: async () => {},
    pendingMigrations: async () => {
      asked.migrations += 1;
      return [];
    },
    listening: () => true,
    ...over,
  };
  return { c, asked };
}

describe('readiness', () => {
  it('is ready when the database answers, nothing is pending, the listeners are bound and no drain began', async () => {
    expect(await readiness(checks().c).check()).toEqual({ ready: true, reasons: [] });
  });

  it('says each reason in words', async () => {
    const r = readiness(checks({
      pendingMigrations: async () => ['0040_more', '0041_most'],
      listening: () => false,
    }).c);
    r.startDraining();
    expect(r.draining).toBe(true);
    expect(await r.check()).toEqual({
      ready: false,
      reasons: [
        'The server is shutting down.',
        'The database lacks 2 migrations of this version (0040_more, 0041_most).',
        'The device listeners are not bound.',
      ],
    });
  });

  it('names a database that fails or does not answer in time, and then does not ask about migrations', async () => {
    const failing = checks({ ping: async () => { throw new Error('connection refused'); } });
    expect((await readiness(failing.c).check()).reasons).toEqual(['The database does not answer (connection refused).']);
    expect(failing.asked.migrations).toBe(0);
    const silent = checks({ ping: () => new Promise(() => {}) });
    const started = Date.now();
    expect((await readiness(silent.c, { dbTimeoutMs: 100 }).check()).reasons).toEqual(['The database does not answer (no answer within 0.1 s).']);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('asks about migrations only until they are found applied', async () => {
    let pending = ['0041_most'];
    const { c, asked } = checks();
    c.pendingMigrations = async () => {
      asked.migrations += 1;
      return pending;
    };
    const r = readiness(c);
    expect((await r.check()).ready).toBe(false);
    pending = [];
    expect((await r.check()).ready).toBe(true);
    expect((await r.check()).ready).toBe(true);
    expect(asked.migrations).toBe(2);
  });
});
