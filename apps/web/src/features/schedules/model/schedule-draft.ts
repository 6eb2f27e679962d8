import {
  type ReportFormat, type ReportKind, type ReportMetric, type SaveScheduledReportBody, SCHEDULE_MAX_RECIPIENTS, type ScheduledReport,
  type ScheduleFrequency, type ScheduleRange,
} from '@fleet/shared';

/** The add/edit form's state: what the operator types, before it becomes a savescheduledreport body. */
export interface ScheduleDraft {
  id: number | null;
  name: string;
  what: ReportKind;
  metric: ReportMetric;
  src: number[];
  range: ScheduleRange;
  format: ReportFormat;
  frequency: ScheduleFrequency;
  at: string;
  weekday: number;
  monthDay: number;
  recipients: string[];
  enabled: boolean;
  /** speeding: km/h; idling and stops: minutes (sent as seconds). Empty: the report's default. */
  threshold: string;
  minIdleMin: string;
  minStopMin: string;
}

export const emptyDraft = (): ScheduleDraft => ({
  id: null, name: '', what: 'trips', metric: 'vehicle', src: [], range: 'yesterday', format: 'pdf', frequency: 'weekdays', at: '07:00',
  weekday: 1, monthDay: 1, recipients: [], enabled: true, threshold: '', minIdleMin: '', minStopMin: '',
});

export function draftOf(s: ScheduledReport): ScheduleDraft {
  return {
    id: s.id, name: s.name, what: s.what, metric: s.metric, src: s.src, range: s.range, format: s.format, frequency: s.frequency, at: s.at,
    weekday: s.weekday ?? 1, monthDay: s.monthDay ?? 1, recipients: s.recipients, enabled: s.enabled,
    threshold: s.options.threshold?.toString() ?? '',
    minIdleMin: s.options.minIdleS === undefined ? '' : String(Math.round(s.options.minIdleS / 60)),
    minStopMin: s.options.minStopS === undefined ? '' : String(Math.round(s.options.minStopS / 60)),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Problems the form shows beside its fields (keys of the schedules.errors i18n section), before asking the server. */
export type DraftError = 'nameNeeded' | 'timeNeeded' | 'recipientsNeeded' | 'recipientsTooMany' | 'recipientBad' | 'recipientTwice' | 'thresholdBad' | 'minutesBad';
export type DraftErrors = Partial<Record<'name' | 'at' | 'recipients' | 'threshold' | 'minIdleMin' | 'minStopMin', DraftError>>;

const whole = (v: string, min: number, max: number) => v === '' || (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max);

export function draftErrors(d: ScheduleDraft): DraftErrors {
  const e: DraftErrors = {};
  if (!d.name.trim()) e.name = 'nameNeeded';
  if (!HHMM.test(d.at)) e.at = 'timeNeeded';
  if (d.recipients.length === 0) e.recipients = 'recipientsNeeded';
  else if (d.recipients.length > SCHEDULE_MAX_RECIPIENTS) e.recipients = 'recipientsTooMany';
  else if (d.recipients.some((r) => !EMAIL.test(r))) e.recipients = 'recipientBad';
  else if (new Set(d.recipients.map((r) => r.toLowerCase())).size !== d.recipients.length) e.recipients = 'recipientTwice';
  if (!whole(d.threshold, 1, 300)) e.threshold = 'thresholdBad';
  if (!whole(d.minIdleMin, 0, 1440)) e.minIdleMin = 'minutesBad';
  if (!whole(d.minStopMin, 0, 1440)) e.minStopMin = 'minutesBad';
  return e;
}

/** The body the server takes; options only for the kinds that read them (`options` from the catalogue). */
export function bodyOf(d: ScheduleDraft, options: readonly string[]): SaveScheduledReportBody {
  const opts: SaveScheduledReportBody['options'] = {};
  if (options.includes('threshold') && d.threshold) opts.threshold = Number(d.threshold);
  if (options.includes('minIdleS') && d.minIdleMin) opts.minIdleS = Number(d.minIdleMin) * 60;
  if (options.includes('minStopS') && d.minStopMin) opts.minStopS = Number(d.minStopMin) * 60;
  return {
    ...(d.id === null ? {} : { id: d.id }),
    name: d.name.trim(), what: d.what, metric: d.metric, src: d.metric === 'site' ? [] : d.src, range: d.range, options: opts,
    format: d.format, frequency: d.frequency, at: d.at,
    ...(d.frequency === 'weekly' ? { weekday: d.weekday } : {}),
    ...(d.frequency === 'monthly' ? { monthDay: d.monthDay } : {}),
    recipients: d.recipients.map((r) => r.trim()), enabled: d.enabled,
  };
}
