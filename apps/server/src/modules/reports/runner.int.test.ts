import { spawn } from 'node:child_process';
import type { ReportResult, RunReportBody } from '@fleet/shared';
import os from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type ProduceOptions, ReportCancelled } from './produce.ts';
import { reportRunner } from './runner.ts';
import { RESTART_TEXT, runsRepository } from './runs.repository.ts';

// The runner on a real report_runs table, with a produce whose steps the test releases one by one.

let t: TestApp;
let siteId = 0;
let userId = 0;
const BODY: RunReportBody = { what: 'trips', metric: 'site', src: [], record: { from: '2026-11-16', to: '2026-11-20' } };
const RESULT: ReportResult = {
  title: 'Trips report', subtitle: '', timezone: 'Europe/London', unitSystem: 'metric', period: { from: '2026-11-16', to: '2026-11-20' },
  headline: { label: 'Distance', value: 0, kind: 'distance' }, chart: null, columns: [], rows: [], totals: null,
};
const log = pino({ level: 'silent' });

/** A produce of `steps` vehicles; each waits until the test calls next(). */
function steppedProduce(steps: number) {
  const waiting: Array<() => void> = [];
  let arrived: () => void = () => {};
  let arrival = new Promise<void>((r) => { arrived = r; });
  const produce = async (_site: number, _body: RunReportBody, opts: ProduceOptions) => {
    for (let i = 0; i < steps; i++) {
      if (opts.signal?.aborted) throw new ReportCancelled();
      opts.onProgress?.(i, steps, `Vehicle ${i + 1} of ${steps}`);
      await new Promise<void>((r) => {
        waiting.push(r);
        arrived();
      });
    }
    if (opts.signal?.aborted) throw new ReportCancelled();
    return RESULT;
  };
  return {
    produce,
    /** Waits until a step is waiting, then lets it go on. */
    async next() {
      while (waiting.length === 0) {
        await arrival;
        arrival = new Promise<void>((r) => { arrived = r; });
      }
      waiting.shift()!();
    },
    /** Lets every step waiting now go on. */
    releaseAll() { for (const r of waiting.splice(0)) r(); },
    get waiting() { return waiting.length; },
  };
}

const row = async (id: number) => (await t.database.pool.query<{ status: string; progress_text: string; error: string | null }>(
  'SELECT status, progress_text, error FROM report_runs WHERE id = $1', [id])).rows[0];
async function until(id: number, ok: (r: Awaited<ReturnType<typeof row>>) => boolean) {
  for (let i = 0; i < 300; i++) {
    const r = await row(id);
    if (ok(r)) return r;
    await new Promise((res) => setTimeout(res, 10));
  }
  return row(id);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.ingest.stop();
  siteId = (await t.database.pool.query<{ id: number }>(`SELECT id FROM sites WHERE name = 'Leeds Depot'`)).rows[0]!.id;
  userId = (await t.database.pool.query<{ id: number }>(`SELECT id FROM users WHERE email = 'ops.leeds@aire-valley.example'`)).rows[0]!.id;
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('the report runner', () => {
  it('runs at most two at once, writes progress, and cancels a queued run at once and a running one at its next step', async () => {
    const stepped = steppedProduce(3);
    const runner = reportRunner({ runs: runsRepository(t.database.pool), produce: stepped.produce, log, keepHours: 1 });
    const submit = () => runner.submit({ siteId, userId, body: BODY, title: 'Trips report', tracksec: false });
    const [a, b, c] = [await submit(), await submit(), await submit()];
    await until(a, (r) => r?.progress_text === 'Vehicle 1 of 3');
    expect(await until(b, (r) => r?.status === 'running')).toMatchObject({ status: 'running' });
    expect(await row(c)).toMatchObject({ status: 'queued' });
    expect(await runner.cancel(c)).toBe(true);
    expect(await row(c)).toMatchObject({ status: 'cancelled' });
    expect(await runner.cancel(a)).toBe(true);
    stepped.releaseAll();
    expect(await until(a, (r) => r?.status !== 'running')).toMatchObject({ status: 'cancelled', error: 'Cancelled.' });
    expect(await until(b, (r) => { stepped.releaseAll(); return r?.status === 'done'; })).toMatchObject({ status: 'done', progress_text: 'Done' });
    expect(await runner.cancel(b)).toBe(false);
    await runner.close();
  });

  it('fails the runs an earlier process on this host left unfinished, and sweeps expired runs', async () => {
    // An earlier process: one that has ended (its id is free); another live api node on this host: our parent process.
    const ended = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('exit', () => resolve(child.pid as number));
    });
    const insert = async (runner: string, status: string, expires = "now() + interval '1 hour'") => Number((await t.database.pool.query<{ id: string }>(
      `INSERT INTO report_runs (site_id, user_id, what, params, status, runner, expires_at) VALUES ($1, $2, 'trips', $3, $4, $5, ${expires}) RETURNING id::text`,
      [siteId, userId, { ...BODY, title: 'Trips report' }, status, runner])).rows[0]!.id);
    const left = await insert(`${os.hostname()}:${ended}:old`, 'running');
    const queued = await insert(`${os.hostname()}:${ended}:old`, 'queued');
    const elsewhere = await insert('another-host:1:x', 'running');
    const liveNode = await insert(`${os.hostname()}:${process.ppid}:other`, 'running');
    const expired = await insert(`${os.hostname()}:${ended}:old`, 'done', "now() - interval '1 minute'");
    const runner = reportRunner({ runs: runsRepository(t.database.pool), produce: steppedProduce(1).produce, log, keepHours: 1 });
    await runner.start();
    expect(await row(left)).toMatchObject({ status: 'failed', error: RESTART_TEXT });
    expect(await row(queued)).toMatchObject({ status: 'failed', error: RESTART_TEXT });
    expect(await row(elsewhere)).toMatchObject({ status: 'running' });
    // Issue 17: a live api node on this host keeps its runs.
    expect(await row(liveNode)).toMatchObject({ status: 'running' });
    expect(await row(expired)).toBeUndefined();
    await runner.close();
  });

  it('fails what it still holds when it stops, with the restart message', async () => {
    const stepped = steppedProduce(2);
    const runner = reportRunner({ runs: runsRepository(t.database.pool), produce: stepped.produce, log, keepHours: 1, maxConcurrent: 1 });
    const running = await runner.submit({ siteId, userId, body: BODY, title: 'Trips report', tracksec: false });
    const queued = await runner.submit({ siteId, userId, body: BODY, title: 'Trips report', tracksec: false });
    await until(running, (r) => r?.status === 'running');
    let closed = false;
    const closing = runner.close().then(() => { closed = true; });
    // Let each step go on until the runner has stopped (the abort lands between two of them).
    while (!closed) {
      if (stepped.waiting > 0) await stepped.next();
      else await new Promise((r) => setTimeout(r, 5));
    }
    await closing;
    expect(await row(running)).toMatchObject({ status: 'failed', error: RESTART_TEXT });
    expect(await row(queued)).toMatchObject({ status: 'failed', error: RESTART_TEXT });
  });
});
