import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sharedHorizon } from '../log-horizon.ts';
import { type ProcessorDefinition, processorRunner } from './runner.ts';

/** A connection that answers the runner's own statements and writes down every step. */
function fakeConnection(steps: string[], opts: { locked?: boolean; cursor?: string } = {}) {
  const client = {
    async query(sql: string, params: unknown[] = []) {
      if (sql.includes('pg_try_advisory_xact_lock')) {
        steps.push(`lock ${String(params[0])}`);
        return { rows: [{ ok: !opts.locked }] };
      }
      if (sql.startsWith('SELECT position_id')) {
        steps.push(`cursor ${String(params[0])}`);
        return { rows: opts.cursor ? [{ p: opts.cursor }] : [] };
      }
      if (sql.includes('INSERT INTO processor_cursors')) {
        steps.push(`move ${String(params[0])} to ${String(params[1])}`);
        return { rows: [] };
      }
      steps.push(sql);
      return { rows: [] };
    },
    done() {
      steps.push('released');
    },
  };
  return async () => client as unknown as pg.PoolClient & { done(): void };
}

function definition(steps: string[], window: { rows: string[]; count: number; lastId: string }, apply?: () => Promise<string>): ProcessorDefinition<string, string> {
  return {
    name: 'test', lockKey: 42, batch: 500,
    prepare: async () => { steps.push('prepare'); },
    read: async (_client, w) => {
      steps.push(`read ${w.from}..${w.to} limit ${w.limit}`);
      return window;
    },
    apply: apply ?? (async (_client, rows) => {
      steps.push(`apply ${rows.join(',')}`);
      return 'result';
    }),
    onCommitted: (result) => { steps.push(`told ${result}`); },
  };
}
const horizon = () => sharedHorizon(async () => '99');

describe('processorRunner', () => {
  it('reads after its cursor up to the horizon, applies, moves the cursor, commits, then tells', async () => {
    const steps: string[] = [];
    const runner = processorRunner({} as pg.Pool, definition(steps, { rows: ['a', 'b'], count: 3, lastId: '17' }),
      { horizon: horizon(), connect: fakeConnection(steps, { cursor: '5' }) });
    expect(await runner.runOnce()).toBe(3);
    expect(steps).toEqual(['prepare', 'BEGIN', 'lock 42', 'cursor test', 'read 5..99 limit 500', 'apply a,b', 'move test to 17', 'COMMIT', 'released', 'told result']);
  });

  it('reports how far behind the horizon its last run left it, and nothing once caught up', async () => {
    const steps: string[] = [];
    const runner = processorRunner({} as pg.Pool, definition(steps, { rows: ['a'], count: 500, lastId: '60' }),
      { horizon: horizon(), connect: fakeConnection(steps, { cursor: '5' }) });
    expect(runner.lag()).toMatchObject({ rowsBehind: 0, lastRunAt: null });
    await runner.runOnce();
    expect(runner.lag()).toMatchObject({ cursor: '60', horizon: '99', rowsBehind: 39 });
    expect(runner.lag().lastRunAt).not.toBeNull();
    const caughtUp = processorRunner({} as pg.Pool, definition(steps, { rows: [], count: 0, lastId: '0' }),
      { horizon: horizon(), connect: fakeConnection(steps, { cursor: '99' }) });
    await caughtUp.runOnce();
    expect(caughtUp.lag()).toMatchObject({ cursor: '99', horizon: '99', rowsBehind: 0, secondsBehind: 0 });
  });

  it("starts a new processor's cursor at 0", async () => {
    const steps: string[] = [];
    const runner = processorRunner({} as pg.Pool, definition(steps, { rows: [], count: 0, lastId: '0' }),
      { horizon: horizon(), connect: fakeConnection(steps) });
    expect(await runner.runOnce()).toBe(0);
    expect(steps).toEqual(['prepare', 'BEGIN', 'lock 42', 'cursor test', 'read 0..99 limit 500', 'COMMIT', 'released']);
  });

  it('does nothing while another run holds the lock', async () => {
    const steps: string[] = [];
    const runner = processorRunner({} as pg.Pool, definition(steps, { rows: ['a'], count: 1, lastId: '6' }),
      { horizon: horizon(), connect: fakeConnection(steps, { locked: true }) });
    expect(await runner.runOnce()).toBe(0);
    expect(steps).toEqual(['prepare', 'BEGIN', 'lock 42', 'ROLLBACK', 'released']);
  });

  it('rolls back, tells no one and throws when applying fails (the cursor stays)', async () => {
    const steps: string[] = [];
    const runner = processorRunner({} as pg.Pool, definition(steps, { rows: ['a'], count: 1, lastId: '6' }, async () => {
      throw new Error('deadlock');
    }), { horizon: horizon(), connect: fakeConnection(steps, { cursor: '5' }) });
    await expect(runner.runOnce()).rejects.toThrow('deadlock');
    expect(steps).toEqual(['prepare', 'BEGIN', 'lock 42', 'cursor test', 'read 5..99 limit 500', 'ROLLBACK', 'released']);
  });
});
