import { migrationState } from '@fleet/db';
import type { SessionUser } from '@fleet/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record, TestDevice } from '../../test/device-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';
import { positionWriter } from '../ingest/position-writer.ts';
import { createMetrics } from './metrics.ts';
import { metricsListener } from './metrics-server.ts';
import { readiness } from './readiness.ts';

// The operations calls and metrics (issue 17) on the real app: health/live and health/ready, the
// metrics on their own listener moved by a device's report, request ids and log redaction, and
// readiness turning 503 when the drain starts (main.ts's SIGTERM; last, it ends the app's readiness).

const metrics = createMetrics();
const lines: string[] = [];
let t: TestApp;
let scraper: Awaited<ReturnType<typeof metricsListener>>;
let ops: SessionUser;
beforeAll(async () => {
  t = await createTestApp({
    metrics, ingest: { writer: { onCommit: metrics.writerCommitted } },
    logLevel: 'info', logStream: { write: (line: string) => { lines.push(line); } },
  });
  scraper = await metricsListener(metrics, { port: 0, host: '127.0.0.1' });
  ops = await t.login('ops.leeds@aire-valley.example');
});
afterAll(async () => {
  await scraper?.close();
  await t?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${scraper.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}
/** One sample's value; `labels` as written in the exposition ('{processor="trips"}'), '' for none. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('health/live and health/ready', () => {
  it('live answers with the uptime and the event loop delay, without the database', async () => {
    const res = await t.app.inject({ url: '/api/v1/health/live' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: 1, uptimeSeconds: expect.any(Number) });
    expect(body.eventLoopDelayMs.p99).toBeGreaterThanOrEqual(0);
    expect(body.eventLoopDelayMs.max).toBeGreaterThanOrEqual(body.eventLoopDelayMs.p99);
    expect(body.eventLoopDelayMs.max).toBeLessThan(60_000);
  });

  it('ready answers 200 while the database answers, its migrations are applied and the device listeners are bound', async () => {
    const res = await t.app.inject({ url: '/api/v1/health/ready' });
    expect(res.json()).toEqual({ ok: 1, ready: true });
    expect(res.statusCode).toBe(200);
  });

  it('the old health call is as it was', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: 1, version: 'test', uptimeSeconds: expect.any(Number) });
  });

  it('readiness names migrations the database lacks, read from packages/db\'s journal', async () => {
    const { pool } = t.database;
    expect((await migrationState(pool)).pending).toEqual([]);
    const { rows: [last] } = await pool.query<{ id: number; hash: string; created_at: string }>(
      'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING id, hash, created_at');
    try {
      const state = await migrationState(pool);
      expect(state.pending).toEqual([state.expected]);
      const answer = await readiness({ ping: async () => {}, pendingMigrations: async () => (await migrationState(pool)).pending, listening: () => true }).check();
      expect(answer.ready).toBe(false);
      expect(answer.reasons).toEqual([`The database lacks 1 migration of this version (${state.expected}).`]);
    } finally {
      await pool.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [last!.id, last!.hash, last!.created_at]);
    }
    expect((await migrationState(pool)).pending).toEqual([]);
  });
});

describe('metrics', () => {
  it('are served on their own listener only: GET /metrics there, nothing on the public port', async () => {
    expect((await fetch(`http://127.0.0.1:${scraper.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${scraper.port}/metrics`, { method: 'POST' })).status).toBe(404);
    // The public port has no such call (the web app's fallback answers; without a built app, 503).
    const onPublic = await t.app.inject({ url: '/metrics' });
    expect(onPublic.statusCode).not.toBe(200);
    expect(onPublic.body).not.toContain('fleet_positions_stored_total');
  });

  it('name every measure, and the positions counter, batch sizes and commit latency move with a device\'s report', async () => {
    const before = await scrape();
    for (const name of ['fleet_positions_stored_total', 'fleet_writer_batch_rows_count', 'fleet_writer_commit_seconds_count',
      'fleet_socket_clients', 'nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_cpu_seconds_total']) {
      expect(sample(before, name), name).toBeTypeOf('number');
    }
    for (const state of ['total', 'idle', 'waiting']) expect(sample(before, 'fleet_db_pool_clients', `{state="${state}"}`), state).toBeTypeOf('number');
    expect(sample(before, 'fleet_db_pool_clients', '{state="total"}')).toBeGreaterThan(0);
    for (const processor of ['trips']) {
      expect(sample(before, 'fleet_processor_lag_rows', `{processor="${processor}"}`), processor).toBeTypeOf('number');
      expect(sample(before, 'fleet_processor_lag_seconds', `{processor="${processor}"}`), processor).toBeTypeOf('number');
    }

    const { rows: [unit] } = await t.database.pool.query<{ device_id: string }>(
      'SELECT device_id FROM units WHERE site_id = $1 AND unit_type_id = 2 ORDER BY id LIMIT 1', [ops.siteid]);
    const d = await TestDevice.connect(t.ingest.ports.teltonika);
    try {
      expect(await d.login(unit!.device_id)).toBe(1);
      const batch = [record(901), record(902), record(903)];
      expect(await d.send(batch)).toBe(3);
      const after = await scrape();
      expect(sample(after, 'fleet_positions_stored_total')).toBe((sample(before, 'fleet_positions_stored_total') ?? 0) + 3);
      expect(sample(after, 'fleet_writer_batch_rows_count')).toBeGreaterThan(sample(before, 'fleet_writer_batch_rows_count') ?? 0);
      expect(sample(after, 'fleet_writer_commit_seconds_count')).toBeGreaterThan(sample(before, 'fleet_writer_commit_seconds_count') ?? 0);
      // A re-sent batch (its ACK lost) is acknowledged again but stored once: the counter counts stored rows.
      expect(await d.send(batch)).toBe(3);
      expect(sample(await scrape(), 'fleet_positions_stored_total')).toBe((sample(before, 'fleet_positions_stored_total') ?? 0) + 3);
    } finally {
      d.close();
    }
  });

  it('count HTTP answers by route pattern and status, never by raw path', async () => {
    await t.app.inject({ url: '/api/v1/health/live' });
    await t.call('GET', 'lastunitinfo?uid=987654321', { token: ops.token });
    const text = await scrape();
    expect(sample(text, 'fleet_http_request_duration_seconds_count', '{method="GET",route="/api/v1/health/live",status_code="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fleet_http_request_duration_seconds_count', '{method="GET",route="/api/v1/lastunitinfo",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654321');
  });

  it('count the Socket.IO clients connected', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const before = sample(await scrape(), 'fleet_socket_clients') ?? -1;
    const socket: Socket = connect(`http://127.0.0.1:${port}`, {
      transports: ['websocket'], auth: { token: ops.token, instanceuuid: ops.instanceuuid }, extraHeaders: t.socketHeaders(ops.token),
    });
    try {
      await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
      expect(sample(await scrape(), 'fleet_socket_clients')).toBe(before + 1);
    } finally {
      socket.close();
    }
    expect(await until(async () => sample(await scrape(), 'fleet_socket_clients'), (n) => n === before)).toBe(before);
  });
});

describe('request ids and secrets in the log', () => {
  const linesOf = (id: string) => lines.filter((l) => (JSON.parse(l) as { reqId?: string }).reqId === id);

  it('keeps a safe incoming X-Request-Id, returns it, and puts it on every log line of the request', async () => {
    const res = await t.app.inject({ url: '/api/v1/health/live', headers: { 'x-request-id': 'lb-7f3a:0042' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a:0042');
    const own = linesOf('lb-7f3a:0042');
    expect(own.map((l) => JSON.parse(l).msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces an unsafe or overlong one with a new id, also on a refused call', async () => {
    for (const given of ['a b', 'x'.repeat(129), 'id"}\n{"forged":1', '']) {
      const res = await t.app.inject({ url: '/api/v1/lastunitinfo?uid=1', headers: { 'x-request-id': given } });
      expect(res.statusCode).toBe(401);
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(id).length).toBeGreaterThan(0);
    }
    expect(lines.join('\n')).not.toContain('forged');
  });

  it('never logs a password, a session token, a cookie or a secret field', async () => {
    const from = lines.length;
    const password = 'Sup3r-Secret-Pass!';
    await t.call('POST', 'login', { body: { versionstring: 'DEV:231', user: 'ops.leeds@aire-valley.example', pass: password, product: 'fleet' } });
    await t.app.inject({
      url: `/api/v1/lastunitinfo?uid=1&token=${ops.token}`,
      headers: { authorization: `Bearer ${ops.token}`, cookie: `fleet_session=${ops.token}; XSRF-TOKEN=cookie-secret-value` },
    });
    t.app.log.info({ password, user: { token: ops.token, name: 'kept' }, secretAccessKey: 'aws-secret-value' }, 'a careless line');
    const written = lines.slice(from).join('\n');
    expect(written).toContain('kept');
    expect(written).toContain('[redacted]');
    for (const secret of [password, ops.token, 'cookie-secret-value', 'aws-secret-value']) expect(written).not.toContain(secret);
  });
});

describe('draining', () => {
  it('the writer\'s drain resolves only once every queued batch is committed', async () => {
    const { pool } = t.database;
    const { rows: [unit] } = await pool.query<{ id: number }>('SELECT id FROM units WHERE site_id = $1 ORDER BY id DESC LIMIT 1', [ops.siteid]);
    const count = async () => Number((await pool.query('SELECT count(*) FROM positions WHERE unit_id = $1', [unit!.id])).rows[0].count);
    const before = await count();
    const batches: number[] = [];
    const writer = positionWriter(pool, { maxBatchRows: 5, concurrency: 1, onCommit: (rows) => batches.push(rows) });
    const at = Date.UTC(2026, 10, 22, 9, 0, 0);
    const writes = Array.from({ length: 12 }, (_, i) => writer.write([{
      unitId: unit!.id, deviceTimeMs: at + i * 1000, lat: 53.8, lon: -1.55, altitude: 60, angle: 90, satellites: 9, speed: 40,
      priority: 0, eventIo: 0, io: {}, protocol: 'teltonika',
    }]));
    expect(writer.pending).toBeGreaterThan(0);
    await writer.drained();
    expect(writer.pending).toBe(0);
    expect(await count()).toBe(before + 12);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(12);
    expect(Math.max(...batches)).toBeLessThanOrEqual(5);
    await Promise.all(writes);
    await writer.drained();
  });

  it('turns readiness to 503 at once when the shutdown starts, with the reason in words; liveness stays 200', async () => {
    t.app.readiness.startDraining();
    const res = await t.app.inject({ url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      ok: 0, ready: false, reasons: ['The server is shutting down.'], message: 'Not ready: The server is shutting down.',
    });
    expect((await t.app.inject({ url: '/api/v1/health/live' })).statusCode).toBe(200);
  });
});
