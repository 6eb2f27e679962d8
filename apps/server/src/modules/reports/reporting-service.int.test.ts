import { serviceCatalogueAnswerSchema, serviceGenAnswerSchema, serviceResultAnswerSchema } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ensureReportingToken } from './reporting-service.ts';

// The generic reporting service (spec 7) on /reporting/v1/, with its own token and no session.

const TOKEN = 'reporting-test-token-0123456789abcdef';
const log: string[] = [];
let t: TestApp;
let leeds = 0;
let van = 0;

const call = (url: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  t.app.inject({ method: 'POST', url: `/reporting/v1/${url}`, payload: body as object, headers });
const RECORD = { from: '2026-11-16', to: '2026-11-17' };

beforeAll(async () => {
  t = await createTestApp({ reportingToken: TOKEN, logLevel: 'info', logStream: { write: (line: string) => { log.push(line); } } });
  await t.ingest.stop();
  leeds = (await t.database.pool.query<{ id: number }>(`SELECT id FROM sites WHERE name = 'Leeds Depot'`)).rows[0]!.id;
  van = (await t.database.pool.query<{ id: number }>(
    `INSERT INTO units (site_id, device_id, unit_type_id, registration) VALUES ($1, 'svc-van', 1, 'SV26 VAN') RETURNING id`, [leeds])).rows[0]!.id;
  await t.database.pool.query(
    `INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id, distance_m, driving_s, max_speed)
     VALUES ($1, 'trip', '2026-11-16T08:00:00Z', '2026-11-16T09:00:00Z', 53.8, -1.55, 53.81, -1.56, 1, 2, 15000, 3000, 70)`, [van]);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('the reporting service token', () => {
  it('answers 401 without the token or with a wrong one, and never writes the token to the log', async () => {
    const none = await call('jsonconfig', {}, {});
    expect(none.statusCode).toBe(401);
    expect((none.json() as { message: string }).message).toContain('needs its token');
    expect((await call('jsonconfig', {}, { authorization: 'Bearer wrong-token' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/reporting/v1/jsonconfig?token=wrong', payload: {} })).statusCode).toBe(401);
    const byQuery = await t.app.inject({ method: 'POST', url: `/reporting/v1/jsonconfig?token=${TOKEN}`, payload: {} });
    expect(byQuery.statusCode).toBe(200);
    expect(log.length).toBeGreaterThan(0);
    expect(log.join('\n')).not.toContain(TOKEN);
  });

  it('generates a token when none is set, prints it once, and stores only its hash', async () => {
    await t.database.pool.query(`DELETE FROM service_tokens WHERE name = 'reporting'`);
    const printed: string[] = [];
    await ensureReportingToken(t.database.pool, undefined, (line) => printed.push(line));
    await ensureReportingToken(t.database.pool, undefined, (line) => printed.push(line));
    expect(printed).toHaveLength(1);
    const token = /: (\S+)$/.exec(printed[0]!)?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = (await t.database.pool.query<{ token_hash: string }>(`SELECT token_hash FROM service_tokens WHERE name = 'reporting'`)).rows[0]!;
    expect(stored.token_hash).not.toContain(token);
    expect((await call('jsonconfig', {}, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await call('jsonconfig', {})).statusCode).toBe(401);
    expect(log.join('\n')).not.toContain(token);
    await ensureReportingToken(t.database.pool, TOKEN, () => {});
  });
});

describe('the reporting service calls', () => {
  it('jsonconfig: the whole catalogue', async () => {
    const res = await call('jsonconfig', {});
    expect(res.statusCode, res.body).toBe(200);
    const answer = serviceCatalogueAnswerSchema.parse(res.json());
    expect(answer.kinds.map((k) => k.what)).toContain('timesheets');
    expect(answer.formats).toEqual(['pdf', 'xlsx', 'csv']);
  });

  it('runreport: the report of a site as JSON; a missing site 404, bad input 400', async () => {
    const res = await call('runreport', { siteid: leeds, what: 'trips', metric: 'vehicle', src: [van], record: RECORD });
    expect(res.statusCode, res.body).toBe(200);
    const { result } = serviceResultAnswerSchema.parse(res.json());
    expect(result.rows).toHaveLength(1);
    expect(result.totals).toMatchObject({ distanceM: 15_000 });
    expect((await call('runreport', { siteid: 999_999, what: 'trips', metric: 'site', record: RECORD })).statusCode).toBe(404);
    const bad = await call('runreport', { siteid: leeds, what: 'trips', metric: 'site', record: { from: '2026-11-17', to: '2026-11-16' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toContain('must be on or after from');
  });

  it('gen: a kind with its params, answering the fields asked for', async () => {
    const res = await call('gen', { call: 'trips', params: { siteid: leeds, metric: 'vehicle', src: [van], record: RECORD }, fields: ['vehicle', 'distanceM'] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = serviceGenAnswerSchema.parse(res.json());
    expect(answer.columns.map((c) => c.key)).toEqual(['vehicle', 'distanceM']);
    expect(answer.rows).toEqual([{ vehicle: 'SV26 VAN', distanceM: 15_000 }]);
    const unknown = await call('gen', { call: 'trips', params: { siteid: leeds, record: RECORD }, fields: ['colour'] });
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as { message: string }).message).toContain("Unknown field 'colour'");
  });
});
