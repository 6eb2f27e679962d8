import type { ScheduledReport } from '@fleet/shared';
import type { TFunction } from 'i18next';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const weekdayName = (isoDay: number | null) => WEEKDAYS[((isoDay ?? 1) - 1) % 7] ?? 'monday';

/** When a schedule runs, in words: "Weekdays at 07:00", "Fridays at 17:30", "Monthly on day 31 at 06:00". */
export function whenInWords(s: Pick<ScheduledReport, 'frequency' | 'at' | 'weekday' | 'monthDay'>, t: TFunction): string {
  switch (s.frequency) {
    case 'daily': return t('schedules.when.daily', { at: s.at });
    case 'weekdays': return t('schedules.when.weekdays', { at: s.at });
    case 'weekly': return t('schedules.when.weekly', { at: s.at, day: t(`schedules.weekdaysPlural.${weekdayName(s.weekday)}`) });
    case 'monthly': return t(s.monthDay !== null && s.monthDay > 28 ? 'schedules.when.monthlyLate' : 'schedules.when.monthly', { at: s.at, day: s.monthDay ?? 1 });
  }
}

/** The weekday names for the form's picker (ISO order, 1 Monday … 7 Sunday). */
export const weekdayKeys = WEEKDAYS.map((d, i) => ({ value: i + 1, key: `schedules.weekdays.${d}` as const }));

/** An instant as the site's clock reads it ("Tue 24 Nov 2026, 07:00"). */
export function siteTime(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A site day 'YYYY-MM-DD' as '1 Mar 2026'. */
export function shortDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
