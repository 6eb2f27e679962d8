import {
  nextDueAt, rangeDays, type SaveScheduledReportBody, type ScheduledReport, type ScheduledReportRun, type ScheduleRange,
} from '@fleet/shared';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { CATALOGUE } from '../reports/index.ts';
import { frequencyOf, type RunRow, type ScheduleRow, type SchedulesRepository } from './schedules.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A run as the log shows it, with the days its report covers (the range read at its due time). */
export function runOut(run: RunRow, range: ScheduleRange, timeZone: string): ScheduledReportRun {
  const days = rangeDays(range, run.due_at.getTime() / 1000, timeZone);
  return {
    id: run.id, dueAt: run.due_at.toISOString(), ...days, status: run.status, attempts: run.attempts,
    nextAttemptAt: iso(run.next_attempt_at), error: run.error, startedAt: run.started_at.toISOString(),
    sentAt: iso(run.sent_at), finishedAt: iso(run.finished_at),
  };
}

function scheduleOut(row: ScheduleRow, last: RunRow | null): ScheduledReport {
  return {
    id: row.id, name: row.name, what: row.what, metric: row.params.metric, src: row.params.src, range: row.params.range,
    options: row.params.options, format: row.format, frequency: frequencyOf(row), at: row.at_time, weekday: row.weekday,
    monthDay: row.month_day, recipients: row.recipients, enabled: row.enabled, timezone: row.timezone,
    nextRunAt: row.enabled ? row.next_run_at.toISOString() : null, lastRun: last ? runOut(last, row.params.range, row.timezone) : null,
  };
}

/** The calls' rules over the schedules of the caller's current site. */
export function schedulesService(repo: SchedulesRepository, now: () => Date = () => new Date()) {
  return {
    async list(siteId: number): Promise<ScheduledReport[]> {
      return (await repo.list(siteId)).map((r) => scheduleOut(r, r.last));
    },

    /** Adds or changes a schedule; its next run is computed afresh in the site's zone. */
    async save(siteId: number, caller: { userId: number; tracksec: boolean }, b: SaveScheduledReportBody): Promise<number> {
      const kind = CATALOGUE[b.what];
      if (!kind.metrics.includes(b.metric)) throw badRequest(`metric: the ${kind.name} report is made per ${kind.metrics.join(' or ')}, not per ${b.metric}.`);
      if (kind.tracksec && !caller.tracksec) throw forbidden(`Only users with Tracksec may schedule the ${kind.name} report.`);
      const zone = await repo.zoneOf(siteId);
      if (!zone) throw notFound('site');
      const missing = await repo.notOnSite(siteId, b.metric, b.src);
      if (missing.length > 0) throw badRequest(`src: no ${b.metric} ${missing.slice(0, 5).join(', ')} on this site.`);
      const when = { frequency: b.frequency, at: b.at, weekday: b.weekday ?? null, monthDay: b.monthDay ?? null };
      const input = {
        name: b.name, what: b.what, format: b.format, frequency: b.frequency, at: b.at, weekday: when.weekday, monthDay: when.monthDay,
        params: { metric: b.metric, src: b.src, range: b.range, options: b.options, ...(b.frequency === 'weekdays' ? { weekdaysOnly: true } : {}) },
        recipients: b.recipients, enabled: b.enabled,
        nextRunAt: new Date(nextDueAt(when, Math.floor(now().getTime() / 1000), zone) * 1000),
      };
      if (b.id === undefined) return repo.insert(siteId, caller.userId, input);
      if (!(await repo.update(siteId, b.id, input))) throw notFound('scheduled report');
      return b.id;
    },

    async remove(siteId: number, id: number): Promise<void> {
      if (!(await repo.remove(siteId, id))) throw notFound('scheduled report');
    },

    async runs(siteId: number, id: number) {
      const row = await repo.get(siteId, id);
      if (!row) throw notFound('scheduled report');
      const runs = (await repo.runs(id)).map((r) => runOut(r, row.params.range, row.timezone));
      return { schedule: { id: row.id, name: row.name }, runs };
    },
  };
}
export type SchedulesService = ReturnType<typeof schedulesService>;
