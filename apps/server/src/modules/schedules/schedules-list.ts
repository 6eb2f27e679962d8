import { saveScheduledReportBodySchema } from '@fleet/shared';
import { defineConfigList } from '../config/index.ts';
import { CATALOGUE } from '../reports/index.ts';
import type { SchedulesService } from './schedules.service.ts';

/**
 * 'scheduledreports': the schedules module's records in the generic editor. Operators read them here
 * (and keep saving their own through savescheduledreport); the list changes them for administrators,
 * through the same service, so the same rules apply (Tracksec for the timesheets report, ids of the site).
 */
export function scheduledReportsConfigList(schedules: SchedulesService) {
  const one = async (siteId: number, id: number) => (await schedules.list(siteId)).find((s) => s.id === id) ?? null;
  return defineConfigList({
    name: 'scheduledreports',
    title: 'Scheduled reports',
    noun: 'scheduled report',
    rec: saveScheduledReportBodySchema,
    who: 'admin',
    read: 'operator',
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'report', label: 'Report', filter: true },
      { key: 'frequency', label: 'Frequency', filter: true },
      { key: 'at', label: 'At' },
      { key: 'recipients', label: 'Recipients' },
      { key: 'enabled', label: 'Enabled', kind: 'bool', filter: true },
      { key: 'nextRunAt', label: 'Next run', kind: 'datetime' },
    ],
    search: ['name', 'report', 'recipients'],
    async list({ siteId }) {
      return (await schedules.list(siteId)).map((s) => ({
        id: s.id, name: s.name, report: CATALOGUE[s.what].name, frequency: s.frequency, at: s.at,
        recipients: s.recipients.join(', '), enabled: s.enabled, nextRunAt: s.nextRunAt,
      }));
    },
    async get({ siteId }, id) {
      const s = await one(siteId, id);
      if (!s) return null;
      return {
        id: s.id, name: s.name, what: s.what, metric: s.metric, src: s.src, range: s.range, options: s.options, format: s.format,
        frequency: s.frequency, at: s.at, ...(s.weekday !== null ? { weekday: s.weekday } : {}), ...(s.monthDay !== null ? { monthDay: s.monthDay } : {}),
        recipients: s.recipients, enabled: s.enabled,
      };
    },
    async add({ siteId, caller }, rec) {
      return schedules.save(siteId, { userId: caller.user.id, tracksec: caller.user.tracksec }, { ...rec, id: undefined });
    },
    async edit({ siteId, caller }, id, rec) {
      if (!(await one(siteId, id))) return false;
      await schedules.save(siteId, { userId: caller.user.id, tracksec: caller.user.tracksec }, { ...rec, id });
      return true;
    },
    async remove({ siteId }, id) {
      if (!(await one(siteId, id))) return null;
      await schedules.remove(siteId, id);
      return 'The scheduled report was removed with its run log.';
    },
  });
}
