import type { ScheduledReport, ScheduledReportRun, SessionUser } from '@fleet/shared';
import ExcelJS from 'exceljs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { PDFParse } from 'pdf-parse';
import { letterheadOfSite } from '../modules/brand/index.ts';
import { poiRepository } from '../modules/poi/index.ts';
import { reportsService } from '../modules/reports/index.ts';
import { OUTCOME_UNKNOWN, scheduleRunsRepository } from '../modules/schedules/index.ts';
import { reportFileMaker } from './report-file.ts';
import { type MakeReportFile, NO_SMTP, reportScheduler, type SchedulerOptions } from './report-scheduler.ts';

let t: TestApp;
let ops: SessionUser;
let sink: SmtpSink;
let sender: string;
let makeFile: MakeReportFile;
let vehicle: { id: number; registration: string };
let brandName: string;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const LEASE = 10 * 60_000;

/** A listener that refuses every mail (a mail server that is down for us), counting the attempts. */
async function refusingSmtp(mode: 'refuse' | 'reject' | 'hang') {
  let attempts = 0;
  const held: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
    onData(stream, _s, callback) {
      attempts++;
      stream.resume();
      stream.on('end', () => {
        if (mode === 'hang') held.push(() => callback(new Error('closing')));
        else if (mode === 'reject') callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
        else callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }));
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    attempts: () => attempts,
    close: () => { for (const h of held.splice(0)) h(); return new Promise<void>((r) => server.close(() => r())); },
  };
}

async function schedule(extra: object = {}): Promise<ScheduledReport> {
  const res = await t.call('POST', 'savescheduledreport', {
    token: ops.token,
    body: { name: 'Daily trips', what: 'trips', metric: 'site', range: 'yesterday', format: 'xlsx', frequency: 'daily', at: '07:00', recipients: ['fleet@aire-valley.example', 'boss@aire-valley.example'], ...extra },
  });
  expect(res.statusCode).toBe(200);
  const list = (await t.call('GET', 'scheduledreports', { token: ops.token })).json().schedules as ScheduledReport[];
  return list.find((s) => s.id === res.json().id)!;
}
/** A 42 km trip of the test vehicle at midday of a site day (12:00 UTC is 12:00 or 13:00 in London). */
async function tripOn(day: string): Promise<void> {
  const start = new Date(`${day}T12:00:00Z`);
  await t.database.pool.query(
    `INSERT INTO trips (unit_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id,
       distance_m, driving_s, idle_s, max_speed, avg_speed)
     VALUES ($1, 'trip', $2, $3, 53.8, -1.55, 53.81, -1.56, 1, 2, 42000, 2400, 120, 80, 50)`,
    [vehicle.id, start, new Date(start.getTime() + 45 * 60_000)]);
}
const londonDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
const runsOf = async (id: number) => (await t.call('GET', `scheduledreportruns?id=${id}`, { token: ops.token })).json().runs as ScheduledReportRun[];

function scheduler(clock: { now: Date }, extra: Partial<SchedulerOptions> = {}) {
  return reportScheduler({ runs: scheduleRunsRepository(t.database.pool), makeFile, smtpUrl: sink.url, log: silent, now: () => clock.now, leaseMs: LEASE, ...extra });
}
const later = (d: Date, ms: number) => new Date(d.getTime() + ms);

beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  ops = await t.login('ops.leeds@aire-valley.example');
  sender = (await t.database.pool.query<{ sender: string }>(
    'SELECT b.sender_address AS sender FROM sites s JOIN customers c ON c.id = s.customer_id JOIN brands b ON b.id = c.brand_id WHERE s.id = $1', [ops.siteid])).rows[0]!.sender;
  // The report engine's door, as main.ts wires it.
  const pool = t.database.pool;
  makeFile = reportFileMaker(reportsService({ pool, places: poiRepository(pool) }), (siteId) => letterheadOfSite(pool, siteId));
  vehicle = (await pool.query<{ id: number; registration: string }>(
    'SELECT id, registration FROM units WHERE site_id = $1 AND unit_type_id = 1 ORDER BY id LIMIT 1', [ops.siteid])).rows[0]!;
  brandName = (await pool.query<{ name: string }>(
    'SELECT b.name FROM sites s JOIN customers c ON c.id = s.customer_id JOIN brands b ON b.id = c.brand_id WHERE s.id = $1', [ops.siteid])).rows[0]!.name;
});
afterEach(async () => { await t.database.pool.query('DELETE FROM scheduled_reports'); });
afterAll(async () => {
  await sink.close();
  await t.close();
});

describe('report scheduler', () => {
  it('mails a due report once, from the brand\'s sender, with the file attached, and logs it sent', async () => {
    const s = await schedule();
    const yesterday = londonDay(new Date(new Date(s.nextRunAt!).getTime() - 86_400_000));
    await tripOn(yesterday);
    const clock = { now: later(new Date(s.nextRunAt!), 5_000) };
    const before = sink.received.length;
    await scheduler(clock).tick();
    const mail = await sink.next('fleet@aire-valley.example', before);
    expect(mail.from).toBe(sender.replace(/^(.*) </, '"$1" <'));
    expect(mail.to).toContain('boss@aire-valley.example');
    const [file] = mail.attachments;
    expect(file?.filename).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file!.content as unknown as ArrayBuffer);
    const cells = JSON.stringify(book.worksheets.map((w) => w.getSheetValues()));
    expect(cells).toContain(vehicle.registration);
    expect(cells).toContain(`Leeds Depot · ${yesterday}`);
    expect(cells).toContain('26.1'); // 42 km in the site's miles
    expect(mail.subject).toContain('Daily trips');

    const [run] = await runsOf(s.id);
    expect(run).toMatchObject({ status: 'sent', attempts: 1, error: null, dueAt: s.nextRunAt, from: yesterday, to: yesterday });
    // A second pass at the same time, and another scheduler, find nothing to send.
    await scheduler(clock).tick();
    await scheduler({ now: later(clock.now, 2 * LEASE) }).tick();
    expect(sink.received.length).toBe(before + 1);
    const after = (await t.call('GET', 'scheduledreports', { token: ops.token })).json().schedules as ScheduledReport[];
    const moved = after.find((x) => x.id === s.id)!;
    expect(new Date(moved.nextRunAt!).getTime()).toBeGreaterThan(clock.now.getTime());
    expect(moved.lastRun?.status).toBe('sent');
  });

  it('a PDF schedule is mailed as the branded PDF covering last week', async () => {
    const s = await schedule({ name: 'Weekly mileage', what: 'mileage', metric: 'vehicle', src: [vehicle.id], range: 'lastweek', format: 'pdf', frequency: 'weekly', weekday: 1 });
    const due = new Date(s.nextRunAt!);
    const lastWeekMonday = londonDay(new Date(due.getTime() - 7 * 86_400_000));
    await tripOn(lastWeekMonday);
    const before = sink.received.length;
    await scheduler({ now: later(due, 1_000) }).tick();
    const mail = await sink.next('fleet@aire-valley.example', before);
    const [file] = mail.attachments;
    expect(file?.contentType).toBe('application/pdf');
    const parsed = await new PDFParse({ data: new Uint8Array(file!.content) }).getText();
    expect(parsed.text).toContain(brandName);
    expect(parsed.text).toContain(vehicle.registration);
    const [run] = await runsOf(s.id);
    expect(run).toMatchObject({ status: 'sent', from: lastWeekMonday, to: londonDay(new Date(due.getTime() - 86_400_000)) });
    expect(mail.subject).toContain('Weekly mileage');
  });

  it('retries a refused mail after 1, 5 and 15 minutes, then logs the run failed', async () => {
    const refusing = await refusingSmtp('refuse');
    try {
      const s = await schedule();
      const clock = { now: later(new Date(s.nextRunAt!), 1_000) };
      const w = scheduler(clock, { smtpUrl: refusing.url });
      await w.tick();
      let [run] = await runsOf(s.id);
      expect(run).toMatchObject({ status: 'retrying', attempts: 1 });
      expect(run!.error).toContain('Mailbox unavailable');
      expect(run!.nextAttemptAt).toBe(later(clock.now, 60_000).toISOString());
      clock.now = later(clock.now, 30_000);
      await w.tick();
      expect(refusing.attempts()).toBe(1);
      for (const [minutes, attempts] of [[1, 2], [5, 3], [15, 4]] as const) {
        clock.now = later(clock.now, minutes * 60_000);
        await w.tick();
        expect(refusing.attempts()).toBe(attempts);
      }
      [run] = await runsOf(s.id);
      expect(run).toMatchObject({ status: 'failed', attempts: 4 });
      expect(run!.error).toContain('no attempts left');
      expect(run!.finishedAt).not.toBeNull();
      clock.now = later(clock.now, 60 * 60_000);
      await w.tick();
      expect(refusing.attempts()).toBe(4);
    } finally {
      await refusing.close();
    }
  });

  it('a permanent refusal (5xx) fails the run at once, without retries', async () => {
    const rejecting = await refusingSmtp('reject');
    try {
      const s = await schedule();
      const clock = { now: later(new Date(s.nextRunAt!), 1_000) };
      const w = scheduler(clock, { smtpUrl: rejecting.url });
      await w.tick();
      const [run] = await runsOf(s.id);
      expect(run).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
      expect(run!.error).toContain('No such mailbox here');
      expect(run!.error).toContain('permanent');
      clock.now = later(clock.now, 30 * 60_000);
      await w.tick();
      expect(rejecting.attempts()).toBe(1);
    } finally {
      await rejecting.close();
    }
  });

  it('a worker stopped after claiming: another takes the run over after its lease and it is sent once', async () => {
    const s = await schedule({ format: 'csv' });
    const clock = { now: later(new Date(s.nextRunAt!), 1_000) };
    let release: () => void = () => undefined;
    const stuck: MakeReportFile = async (...args) => {
      await new Promise<void>((r) => { release = r; });
      return makeFile(...args);
    };
    const before = sink.received.length;
    const first = scheduler(clock, { makeFile: stuck });
    const firstPass = first.tick();
    await expect.poll(async () => (await runsOf(s.id)).length).toBe(1);
    // Within the lease, nobody else touches it.
    const second = scheduler({ now: later(clock.now, LEASE - 1_000) });
    await second.tick();
    expect((await runsOf(s.id))[0]).toMatchObject({ status: 'running', attempts: 0 });
    // Past it, the second worker takes it over and sends it.
    await scheduler({ now: later(clock.now, LEASE + 1_000) }).tick();
    await sink.next('fleet@aire-valley.example', before);
    expect((await runsOf(s.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // The first worker wakes up: its lease is gone, so it does not send.
    release();
    await firstPass;
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.received.length).toBe(before + 1);
    expect((await runsOf(s.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a worker stopped while handing the mail over: the run is marked unknown and never sent again', async () => {
    const hanging = await refusingSmtp('hang');
    try {
      const s = await schedule();
      const clock = { now: later(new Date(s.nextRunAt!), 1_000) };
      const before = sink.received.length;
      void scheduler(clock, { smtpUrl: hanging.url }).tick();
      await expect.poll(() => hanging.attempts()).toBe(1);
      await scheduler({ now: later(clock.now, LEASE + 1_000) }).tick();
      const [run] = await runsOf(s.id);
      expect(run).toMatchObject({ status: 'failed', attempts: 1, error: OUTCOME_UNKNOWN });
      await scheduler({ now: later(clock.now, 3 * LEASE) }).tick();
      expect(sink.received.length).toBe(before);
    } finally {
      await hanging.close();
    }
  });

  it('without SMTP_URL a run is logged failed with the reason', async () => {
    const s = await schedule();
    await scheduler({ now: later(new Date(s.nextRunAt!), 1_000) }, { smtpUrl: undefined }).tick();
    expect((await runsOf(s.id))[0]).toMatchObject({ status: 'failed', attempts: 0, error: NO_SMTP });
  });

  it('a disabled schedule has no next run and is not run', async () => {
    const s = await schedule({ enabled: false });
    expect(s.nextRunAt).toBeNull();
    await scheduler({ now: later(new Date(), 40 * 86_400_000) }).tick();
    expect(await runsOf(s.id)).toEqual([]);
  });
});
