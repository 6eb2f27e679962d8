import { dataRequestsAnswerSchema, type DataRequest, type SessionUser } from '@fleet/shared';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { dataRequestRunner, RESTARTED_TEXT } from '../../jobs/data-request-runner.ts';
import { dataRequestsRepository } from './index.ts';

// Rows are written here by SQL as the device side and processors would (the processors are
// stopped first); the export must hold exactly these rows, in the site's days (Europe/London).

let t: TestApp;
let admin: SessionUser;
let ops: SessionUser;
let theirAdmin: SessionUser;
let clock = Date.parse('2025-07-01T09:00:00Z');
const dir = mkdtempSync(path.join(os.tmpdir(), 'datarequests-test-'));
const ids = { leeds: 0, wakefield: 0, van: 0, truck: 0, theirVan: 0, driver: 0 };

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
const one = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await q<T>(text, values))[0] as T;

async function unit(siteId: number, registration: string): Promise<number> {
  return (await one<{ id: number }>('INSERT INTO units (site_id, device_id, unit_type_id, registration) VALUES ($1, $2, 1, $3) RETURNING id',
    [siteId, `dr-${registration}-${Date.now()}`, registration])).id;
}
async function position(unitId: number, at: string, io: Record<string, number | string>, speed = 0): Promise<void> {
  await q(`INSERT INTO positions (unit_id, device_time, received_at, lat, lon, speed, angle, satellites, io, protocol)
    VALUES ($1, $2, $2::timestamptz + interval '2 seconds', 53.8, -1.55, $3, 90, 9, $4, 'teltonika')`, [unitId, at, speed, JSON.stringify(io)]);
}

/** RFC 4180 CSV to rows (the test's own reader: quoted fields, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n') { row.push(field.replace(/\r$/, '')); rows.push(row); row = []; field = ''; } else field += c;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  return rows;
}

/** The ZIP's entries: name → text, and whether each was streamed (size in a data descriptor, not known up front). */
async function unzip(buffer: Buffer): Promise<Map<string, { text: string; streamed: boolean }>> {
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) => yauzl.fromBuffer(buffer, { lazyEntries: true }, (e, z) => (e ? fail(e) : ok(z))));
  const out = new Map<string, { text: string; streamed: boolean }>();
  await new Promise<void>((done, fail) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) { fail(err); return; }
        const parts: Buffer[] = [];
        stream.on('data', (c: Buffer) => parts.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, { text: Buffer.concat(parts).toString('utf8'), streamed: (entry.generalPurposeBitFlag & 0x8) !== 0 });
          zip.readEntry();
        });
        stream.on('error', fail);
      });
    });
    zip.on('end', () => done());
    zip.on('error', fail);
    zip.readEntry();
  });
  return out;
}

async function list(token = admin.token): Promise<DataRequest[]> {
  const res = await t.call('GET', 'datarequests', { token });
  expect(res.statusCode, res.body).toBe(200);
  return dataRequestsAnswerSchema.parse(res.json()).requests;
}
async function waitFor(id: number, ok: (r: DataRequest) => boolean): Promise<DataRequest> {
  for (let i = 0; i < 400; i++) {
    const r = (await list()).find((x) => x.id === id);
    if (r && ok(r)) return r;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`data request ${id} never got there: ${JSON.stringify((await list()).find((x) => x.id === id))}`);
}
async function ask(from: string, to: string, token = admin.token): Promise<number> {
  const res = await t.call('POST', 'awsdatarequest', { token, body: { from, to } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

beforeAll(async () => {
  t = await createTestApp({ dataRequests: { dir, now: () => new Date(clock) } });
  await t.ingest.stop();
  admin = await t.login('admin.leeds@aire-valley.example');
  ops = await t.login('ops.leeds@aire-valley.example');
  theirAdmin = await t.login('admin@northway.example');
  ids.leeds = admin.siteid as number;
  ids.wakefield = theirAdmin.siteid as number;
  ids.van = await unit(ids.leeds, 'DR25 VAN');
  ids.truck = await unit(ids.leeds, 'DR25 "BIG", TRUCK');
  ids.theirVan = await unit(ids.wakefield, 'DR25 WKF');
  ids.driver = (await one<{ id: number }>("INSERT INTO drivers (site_id, name) VALUES ($1, 'Dana Export') RETURNING id", [ids.leeds])).id;

  // 10 June 2025 in Leeds (BST) is 2025-06-09T23:00Z … 2025-06-10T23:00Z.
  await position(ids.van, '2025-06-09T22:59:59.999Z', { 239: 1 }); // 23:59 on the 9th: outside
  await position(ids.van, '2025-06-09T23:30:00.000Z', { 239: 1, 16: 123456 }, 42); // 00:30 on the 10th
  await position(ids.van, '2025-06-10T12:00:00.250Z', { 239: 0 });
  await position(ids.truck, '2025-06-10T08:00:00.000Z', { 239: 1, 66: 24100 }, 80);
  await position(ids.truck, '2025-06-10T23:00:00.000Z', { 239: 1 }); // 00:00 on the 11th: outside
  await position(ids.theirVan, '2025-06-10T10:00:00Z', { 239: 1 }); // another site's

  await q(`INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id,
      distance_m, driving_s, idle_s, max_speed, avg_speed, driver_id)
    VALUES ($1, 'trip', '2025-06-10T07:00:00Z', '2025-06-10T07:30:00Z', 53.8, -1.55, 53.9, -1.6, 1, 2, 12345.6, 1700, 100, 88, 41.25, $3),
           ($1, 'stop', '2025-06-10T07:30:00Z', '2025-06-10T09:00:00Z', 53.9, -1.6, 53.9, -1.6, 2, 3, 0, 0, 0, 0, 0, NULL),
           ($1, 'trip', '2025-06-11T07:00:00Z', '2025-06-11T07:30:00Z', 53.8, -1.55, 53.9, -1.6, 4, 5, 1, 1, 1, 1, 1, NULL),
           ($2, 'trip', '2025-06-10T07:00:00Z', '2025-06-10T07:30:00Z', 53.8, -1.55, 53.9, -1.6, 6, 7, 1, 1, 1, 1, 1, NULL)`,
  [ids.van, ids.theirVan, ids.driver]);
  await q(`INSERT INTO alerts (site_id, unit_id, kind, event, position_id, happened_at, lat, lon, detail)
    VALUES ($1, $2, 'panic', 'press', 900001, '2025-06-10T10:00:00Z', 53.8, -1.55, ''),
           ($1, $2, 'spn', 'fault', 900002, '2025-06-10T11:00:00Z', 53.8, -1.55, 'SPN 100 FMI 1'),
           ($1, $2, 'panic', 'press', 900003, '2025-06-12T10:00:00Z', 53.8, -1.55, ''),
           ($3, $4, 'panic', 'press', 900004, '2025-06-10T10:00:00Z', 53.8, -1.55, '')`,
  [ids.leeds, ids.van, ids.wakefield, ids.theirVan]);
  const checklist = await one<{ id: number }>(`INSERT INTO checklists (site_id, unit_id, driver_id, client_key, operator, mileage, issue_count, details, reported_at)
    VALUES ($1, $2, $3, 'dr-1', 'D. Export', 45678, 1, '{}', '2025-06-10T06:45:00Z') RETURNING id::int`, [ids.leeds, ids.truck, ids.driver]);
  await q(`INSERT INTO checklist_faults (checklist_id, site_id, unit_id, item, note) VALUES ($1, $2, $3, 'Tyres', 'Nearside "front" worn')`,
    [checklist.id, ids.leeds, ids.truck]);
  await q(`INSERT INTO checklists (site_id, unit_id, client_key, details, reported_at) VALUES ($1, $2, 'dr-2', '{}', '2025-06-20T06:45:00Z'),
      ($3, $4, 'dr-3', '{}', '2025-06-10T06:45:00Z')`, [ids.leeds, ids.truck, ids.wakefield, ids.theirVan]);
});
afterAll(async () => { await t.close(); });

describe('data requests', () => {
  it("exports exactly the site's positions, trips, alerts and check lists of the range in one streamed ZIP, audited", async () => {
    const id = await ask('2025-06-10', '2025-06-10');
    const ready = await waitFor(id, (r) => r.status === 'ready');
    expect(ready).toMatchObject({ from: '2025-06-10', to: '2025-06-10', user: 'Helen Carter', rows: 3 + 2 + 2 + 1, error: null });
    expect(ready.expires).toBe(new Date(Date.parse(ready.finished as string) + 72 * 3_600_000).toISOString());

    const res = await t.call('GET', `datarequestfile?id=${id}`, { token: admin.token, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="data-request-${id}-2025-06-10-to-2025-06-10.zip"`);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(ready.bytes).toBe(res.rawPayload.length);
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(['README.txt', 'positions.csv', 'trips.csv', 'alerts.csv', 'checklists.csv']);
    // The CSVs went through the archive as streams (their sizes written after the data), never as a whole text.
    for (const name of ['positions.csv', 'trips.csv', 'alerts.csv', 'checklists.csv']) expect(files.get(name)?.streamed).toBe(true);
    expect(files.get('README.txt')?.text).toContain('speed_kmh: speed, km/h');

    const positions = parseCsv(files.get('positions.csv')?.text ?? '');
    expect(positions[0]).toEqual(['registration', 'unit_id', 'device_time', 'received_time', 'lat', 'lon', 'speed_kmh', 'heading', 'altitude_m',
      'satellites', 'ignition', 'implausible', 'protocol', 'io']);
    expect(positions.slice(1)).toEqual([
      ['DR25 "BIG", TRUCK', String(ids.truck), '2025-06-10T08:00:00Z', '2025-06-10T08:00:02Z', '53.8', '-1.55', '80', '90', '0', '9', '1', '', 'teltonika', '{"66": 24100, "239": 1}'],
      ['DR25 VAN', String(ids.van), '2025-06-09T23:30:00Z', '2025-06-09T23:30:02Z', '53.8', '-1.55', '42', '90', '0', '9', '1', '', 'teltonika', '{"16": 123456, "239": 1}'],
      ['DR25 VAN', String(ids.van), '2025-06-10T12:00:00.25Z', '2025-06-10T12:00:02.25Z', '53.8', '-1.55', '0', '90', '0', '9', '0', '', 'teltonika', '{"239": 0}'],
    ]);
    const trips = parseCsv(files.get('trips.csv')?.text ?? '');
    expect(trips.slice(1).map((r) => r.slice(0, 11))).toEqual([
      ['DR25 VAN', 'trip', '2025-06-10T07:00:00Z', '2025-06-10T07:30:00Z', '1800', '12345.6', '1700', '100', '88', '41.3', 'Dana Export'],
      ['DR25 VAN', 'stop', '2025-06-10T07:30:00Z', '2025-06-10T09:00:00Z', '5400', '0.0', '0', '0', '0', '0.0', ''],
    ]);
    const alerts = parseCsv(files.get('alerts.csv')?.text ?? '');
    expect(alerts.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[8]])).toEqual([
      ['DR25 VAN', 'panic', 'press', '2025-06-10T10:00:00Z', ''],
      ['DR25 VAN', 'spn', 'fault', '2025-06-10T11:00:00Z', 'SPN 100 FMI 1'],
    ]);
    const checklists = parseCsv(files.get('checklists.csv')?.text ?? '');
    expect(checklists.slice(1)).toHaveLength(1);
    expect(checklists[1]?.slice(1, 10)).toEqual(['DR25 "BIG", TRUCK', '2025-06-10T06:45:00Z', expect.any(String), 'Dana Export', '', 'D. Export', '', '45678', '1']);
    expect(JSON.parse(checklists[1]?.[10] ?? '')).toEqual([{ item: 'Tyres', note: 'Nearside "front" worn', dealt_time: null }]);

    const audited = (await list()).find((r) => r.id === id);
    expect(audited?.audit.map((a) => [a.action, a.user])).toEqual([['requested', 'Helen Carter'], ['ready', 'system'], ['downloaded', 'Helen Carter']]);
    expect(audited?.audit[2]?.ip).toBe('127.0.0.1'); // the connection's address: no proxy is trusted here
    expect(audited?.audit[1]?.detail).toMatchObject({ files: { 'positions.csv': 3, 'trips.csv': 2, 'alerts.csv': 2, 'checklists.csv': 1 } });
  });

  it('refuses bad ranges with a clear message and stores nothing', async () => {
    const before = (await list()).length;
    const backwards = await t.call('POST', 'awsdatarequest', { token: admin.token, body: { from: '2025-06-10', to: '2025-06-09' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The last day must be on or after the first day.');
    const long = await t.call('POST', 'awsdatarequest', { token: admin.token, body: { from: '2024-01-01', to: '2025-01-01' } });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('at most 366 days');
    const bad = await t.call('POST', 'awsdatarequest', { token: admin.token, body: { from: '2025-02-30', to: '2025-03-01' } });
    expect(bad.statusCode).toBe(400);
    expect((await list()).length).toBe(before);
  });

  it('refuses a fourth request while a site has three waiting or being prepared (409), storing nothing', async () => {
    const repo = dataRequestsRepository(t.database.pool);
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await repo.create(ids.leeds, '2025-06-16', '2025-06-16', { userId: null, userName: 'Helen Carter' }));
    const before = (await list()).length;
    const res = await t.call('POST', 'awsdatarequest', { token: admin.token, body: { from: '2025-06-10', to: '2025-06-10' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This site already has 3 data requests waiting or being prepared: wait for one to finish, or cancel one.');
    expect((await list()).length).toBe(before);
    // Another site is not held up by this one's queue.
    const theirs = await t.call('POST', 'awsdatarequest', { token: theirAdmin.token, body: { from: '2025-06-10', to: '2025-06-10' } });
    expect(theirs.statusCode).toBe(200);
    for (const id of held) await repo.finish(id, 'failed', 'test over', { userId: null, userName: 'test' }, new Date(clock));
  });

  it("refuses operators ('Not Admin') and hides one site's requests from another's administrator (404)", async () => {
    const id = await ask('2025-06-11', '2025-06-11');
    await waitFor(id, (r) => r.status === 'ready');
    for (const [method, url, body] of [['POST', 'awsdatarequest', { from: '2025-06-10', to: '2025-06-10' }], ['GET', 'datarequests', undefined],
      ['GET', `datarequestfile?id=${id}`, undefined], ['POST', 'canceldatarequest', { id }]] as const) {
      const res = await t.call(method, url, { token: ops.token, body });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ ok: 0, message: 'Not Admin' });
    }
    expect((await list(theirAdmin.token)).map((r) => r.id)).not.toContain(id);
    const file = await t.call('GET', `datarequestfile?id=${id}`, { token: theirAdmin.token });
    expect(file.statusCode).toBe(404);
    expect(file.json().message).toBe('No such data request.');
    const cancel = await t.call('POST', 'canceldatarequest', { token: theirAdmin.token, body: { id } });
    expect(cancel.statusCode).toBe(404);
    expect((await list()).find((r) => r.id === id)?.status).toBe('ready');
  });

  it('cancels a request while it runs: the partial file is removed, the cancel audited', async () => {
    // The check list file waits on a lock held here, so the request is caught mid-way for certain.
    const hold = await t.database.pool.connect();
    try {
      await hold.query('BEGIN');
      await hold.query('LOCK TABLE vcl_templates IN ACCESS EXCLUSIVE MODE');
      const id = await ask('2025-06-10', '2025-06-10');
      const running = await waitFor(id, (r) => r.progress.text === 'Writing checklists.csv');
      expect(running.status).toBe('running');
      expect(running.progress.total).toBeGreaterThan(0);
      expect(readdirSync(dir).some((f) => f.startsWith(`data-request-${id}-`))).toBe(true);
      const res = await t.call('POST', 'canceldatarequest', { token: admin.token, body: { id } });
      expect(res.json()).toEqual({ ok: 1, message: 'The data request was cancelled.' });
      const cancelled = await waitFor(id, (r) => r.status === 'cancelled');
      expect(cancelled.error).toBe('Cancelled by Helen Carter.');
      expect(cancelled.audit.map((a) => a.action)).toEqual(['requested', 'cancelled']);
      expect(readdirSync(dir).some((f) => f.startsWith(`data-request-${id}-`))).toBe(false);
      const file = await t.call('GET', `datarequestfile?id=${id}`, { token: admin.token });
      expect(file.statusCode).toBe(410);
      expect(file.json().message).toContain('was cancelled');
      const again = await t.call('POST', 'canceldatarequest', { token: admin.token, body: { id } });
      expect(again.statusCode).toBe(409);
    } finally {
      await hold.query('ROLLBACK');
      hold.release();
    }
  });

  it('deletes files past their expiry in the sweep (refused with 410 after), and a ready file on request', async () => {
    const id = await ask('2025-06-12', '2025-06-12');
    const ready = await waitFor(id, (r) => r.status === 'ready');
    const name = ready.file as string;
    expect(existsSync(path.join(dir, name))).toBe(true);
    clock += 71 * 3_600_000;
    expect(await t.app.dataRequests.sweep()).toBe(0);
    clock += 2 * 3_600_000;
    expect(await t.app.dataRequests.sweep()).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(dir, name))).toBe(false);
    const expired = (await list()).find((r) => r.id === id);
    expect(expired?.status).toBe('expired');
    expect(expired?.audit.at(-1)).toMatchObject({ action: 'expired', user: 'system', detail: { file: name } });
    const file = await t.call('GET', `datarequestfile?id=${id}`, { token: admin.token });
    expect(file.statusCode).toBe(410);
    expect(file.json().message).toMatch(/^This file expired on .* UTC and was deleted: ask for the data again\.$/);

    const other = await ask('2025-06-13', '2025-06-13');
    const done = await waitFor(other, (r) => r.status === 'ready');
    const del = await t.call('POST', 'canceldatarequest', { token: admin.token, body: { id: other } });
    expect(del.json()).toEqual({ ok: 1, message: 'The file was deleted.' });
    expect(existsSync(path.join(dir, done.file as string))).toBe(false);
    expect((await list()).find((r) => r.id === other)?.audit.at(-1)).toMatchObject({ action: 'deleted', user: 'Helen Carter' });
  });

  it('marks what a stopped server left unfinished as failed at the next start, removing partial files', async () => {
    const repo = dataRequestsRepository(t.database.pool);
    const id = await repo.create(ids.leeds, '2025-06-14', '2025-06-14', { userId: null, userName: 'Helen Carter' });
    await q("UPDATE data_requests SET status = 'running', file_name = 'data-request-x.zip' WHERE id = $1", [id]);
    const queued = await repo.create(ids.leeds, '2025-06-15', '2025-06-15', { userId: null, userName: 'Helen Carter' });
    writeFileSync(path.join(dir, 'data-request-x.zip.part'), 'half a file');
    const restarted = dataRequestRunner({ pool: t.database.pool, repo, dir, keepHours: 72, log: pino({ level: 'silent' }), now: () => new Date(clock) });
    await restarted.start();
    await restarted.stop();
    expect(existsSync(path.join(dir, 'data-request-x.zip.part'))).toBe(false);
    for (const r of (await list()).filter((x) => x.id === id || x.id === queued)) {
      expect(r).toMatchObject({ status: 'failed', error: RESTARTED_TEXT });
      expect(r.audit.at(-1)).toMatchObject({ action: 'failed', user: 'system' });
    }
  });
});
