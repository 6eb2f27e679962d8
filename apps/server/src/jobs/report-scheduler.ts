import { rangeDays, type ReportFormat, type RunReportBody, SCHEDULE_RETRY_MINUTES } from '@fleet/shared';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { type RunJob, type ScheduleRunsRepository } from '../modules/schedules/index.ts';

/**
 * The scheduler of scheduled reports (issue 14), the worker part of the server: every tick it
 * claims due runs, takes over runs whose worker died, makes each report and mails it. The state
 * machine and its guarantee (a run whose mail the mail server accepted is never sent again) are in
 * the schedules module's run repository and docs/decisions.md, "Scheduled reports".
 */

/** A finished report file. */
export interface ReportFile { content: Buffer; fileName: string; title: string }
/** Makes a schedule's report file (the report engine's produce + render, wired in main.ts). */
export type MakeReportFile = (siteId: number, body: RunReportBody, format: ReportFormat, ctx: { madeBy: string }) => Promise<ReportFile>;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  runs: ScheduleRunsRepository;
  makeFile: MakeReportFile;
  /** SMTP_URL; without it every run is logged failed with the reason. */
  smtpUrl?: string;
  log: Log;
  /** The clock (tests move it). */
  now?: () => Date;
  /** How often the scheduler looks for due runs (30 s). */
  intervalMs?: number;
  /** How long a worker holds a run before another may take it over (20 min, past every SMTP timeout). */
  leaseMs?: number;
  /** Minutes before each retry of a failed mail. */
  retryMinutes?: readonly number[];
}

export const NO_SMTP = 'Not sent: this server has no mail server to send through (SMTP_URL is not set). Set SMTP_URL; the next run will be mailed.';

const MIME: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** The SMTP reply code nodemailer puts on a refusal (0 when the server never answered). */
const responseCode = (err: unknown) => (typeof err === 'object' && err !== null && 'responseCode' in err && typeof err.responseCode === 'number' ? err.responseCode : 0);

function longDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The report body a run asks for: the schedule's report with its range read at the run's due time. */
export function bodyOfRun(job: Pick<RunJob, 'what' | 'params' | 'due_at' | 'timezone'>): RunReportBody {
  const { from, to } = rangeDays(job.params.range, job.due_at.getTime() / 1000, job.timezone);
  return { what: job.what, metric: job.params.metric, src: job.params.src, record: { from, to, ...job.params.options } };
}

export function reportScheduler(opts: SchedulerOptions) {
  const now = opts.now ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? 20 * 60_000;
  const retryMinutes = opts.retryMinutes ?? SCHEDULE_RETRY_MINUTES;
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) as Transporter<SMTPTransport.SentMessageInfo> : null;
  const { runs, log } = opts;
  const leaseFrom = () => new Date(now().getTime() + leaseMs);
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let stopped = false;

  async function fail(job: RunJob, token: Date, error: string): Promise<void> {
    await runs.recordFailure(job.run_id, token, error, now(), null);
    log.warn({ runId: job.run_id, scheduleId: job.id, error }, 'scheduled report failed');
  }

  async function mail(job: RunJob, file: ReportFile, body: RunReportBody, tx: Transporter<SMTPTransport.SentMessageInfo>) {
    const { from, to } = body.record;
    const days = from === to ? longDay(from) : `${longDay(from)} to ${longDay(to)}`;
    return tx.sendMail({
      // brands.sender_address is a whole address, name included ('Fleetwise <no-reply@fleetwise.example>').
      from: job.sender,
      to: job.recipients,
      subject: `${job.name}: ${days}`,
      text: `${file.title} for ${job.site_name}, ${days}, is attached (${job.format.toUpperCase()}).\n\n`
        + `This is the scheduled report "${job.name}". To change or stop it, open Scheduled reports in ${job.brand_name}.\n`,
      attachments: [{ filename: file.fileName, content: file.content, contentType: MIME[job.format] }],
    });
  }

  /** Makes and mails one run this worker holds with lease `token`. */
  async function process(runId: number, token: Date): Promise<void> {
    const job = await runs.job(runId);
    if (!job) return;
    if (!transport) return fail(job, token, NO_SMTP);
    const body = bodyOfRun(job);
    let file: ReportFile;
    try {
      file = await opts.makeFile(job.site_id, body, job.format, { madeBy: `Scheduled report "${job.name}"` });
    } catch (err) {
      return fail(job, token, `The report could not be made: ${message(err)}`);
    }
    const lease = leaseFrom();
    if (!(await runs.startAttempt(runId, token, lease))) {
      log.warn({ runId }, 'scheduled report run was taken over by another worker; not sending it');
      return;
    }
    const attempt = job.attempts + 1;
    let sent: SMTPTransport.SentMessageInfo;
    try {
      sent = await mail(job, file, body, transport);
    } catch (err) {
      // A permanent refusal (5xx: an address the server will never take) is not worth retrying.
      const permanent = responseCode(err) >= 500;
      const delay = permanent ? undefined : retryMinutes[attempt - 1];
      const retryAt = delay === undefined ? null : new Date(now().getTime() + delay * 60_000);
      const after = retryAt ? '; it will be tried again.' : permanent ? '; the refusal is permanent, so it is not tried again.' : '; no attempts left.';
      const error = `Attempt ${attempt}: the mail server did not take the mail (${message(err)})${after}`;
      await runs.recordFailure(runId, lease, error, now(), retryAt);
      log.warn({ runId, scheduleId: job.id, attempt, err: message(err) }, 'scheduled report mail failed');
      return;
    }
    // The ambiguous window: accepted by the mail server, not yet recorded (docs/decisions.md).
    await runs.recordSent(runId, lease, sent.messageId, now());
    log.info({ runId, scheduleId: job.id, attempt }, 'scheduled report sent');
  }

  /** One pass: claim what is due, take over what was left, and make and mail each. */
  async function pass(): Promise<void> {
    const lease = leaseFrom();
    const claimed = await runs.claimDue(now(), lease);
    const { leased, unknown } = await runs.takeOver(now(), lease);
    for (const id of unknown) log.warn({ runId: id }, 'scheduled report left mid-send by a stopped worker: marked failed, not sent again');
    for (const id of [...claimed, ...leased]) {
      if (stopped) break;
      try {
        await process(id, lease);
      } catch (err) {
        // The database went away mid-run: the lease runs out and another pass takes it over.
        log.error({ runId: id, err: message(err) }, 'scheduled report run stopped');
      }
    }
  }

  async function tick(): Promise<void> {
    // One pass at a time; a tick during a pass waits for it and then makes its own.
    while (current) await current;
    current = pass().finally(() => { current = null; });
    return current;
  }

  return {
    tick,
    start(): void {
      if (timer) return;
      stopped = false;
      const loop = () => {
        tick().catch((err: unknown) => log.error({ err: message(err) }, 'report scheduler pass failed')).finally(() => {
          if (!stopped) timer = setTimeout(loop, opts.intervalMs ?? 30_000);
        });
      };
      timer = setTimeout(loop, 0);
    },
    /** Stops looking for runs and waits for the pass under way (its runs end or keep their lease). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current?.catch(() => undefined);
      transport?.close();
    },
  };
}
export type ReportScheduler = ReturnType<typeof reportScheduler>;
