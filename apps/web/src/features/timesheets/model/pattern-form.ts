import { type ShiftPatternRec, shiftPatternRecSchema } from '@fleet/shared';

/**
 * The shift pattern form (config/shiftpatterns): its values as typed, the record sent
 * (shiftPatternRecSchema checks it, the server again), and the values of a record read back.
 * Overtime thresholds are typed in hours (8.5), stored in minutes; empty means no rule.
 */

export interface DayValues { on: boolean; start: string; end: string; paidBreakMin: string }
export interface PatternValues {
  name: string;
  isDefault: boolean;
  /** Index 0 Monday … 6 Sunday. */
  days: DayValues[];
  overtimeDayH: string;
  overtimeWeekH: string;
  nightOn: boolean;
  nightStart: string;
  nightEnd: string;
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function emptyPattern(): PatternValues {
  return {
    name: '',
    isDefault: false,
    days: WEEKDAYS.map((d) => ({ on: d <= 5, start: '07:00', end: '17:00', paidBreakMin: '30' })),
    overtimeDayH: '9',
    overtimeWeekH: '45',
    nightOn: true,
    nightStart: '23:00',
    nightEnd: '06:00',
  };
}

/** Hours typed as '9', '8.5' or '8,5' → whole minutes; '' → null (no rule); anything else NaN (refused). */
function minutesOf(hours: string): number | null {
  const s = hours.trim().replace(',', '.');
  if (s === '') return null;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return Number.NaN;
  return Math.round(Number(s) * 60);
}

const hoursOf = (minutes: number | null) => (minutes === null ? '' : String(Math.round((minutes / 60) * 100) / 100));

/** The record to send, or the first problem in words (which field, what is wrong). */
export function recordOf(v: PatternValues): { ok: true; rec: ShiftPatternRec } | { ok: false; field: string; message: string } {
  const raw = {
    isDefault: v.isDefault,
    pattern: {
      name: v.name,
      days: v.days.flatMap((d, i) => (d.on ? [{ weekday: i + 1, start: d.start, end: d.end, paidBreakMin: d.paidBreakMin.trim() === '' ? Number.NaN : Number(d.paidBreakMin) }] : [])),
      overtimeAfterDayMin: minutesOf(v.overtimeDayH),
      overtimeAfterWeekMin: minutesOf(v.overtimeWeekH),
      night: v.nightOn ? { start: v.nightStart, end: v.nightEnd } : null,
    },
  };
  const parsed = shiftPatternRecSchema.safeParse(raw);
  if (parsed.success) return { ok: true, rec: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  // pattern.days.<n>.<field> names the weekday the form shows, not the n-th planned day.
  let field = path.slice(1).join('.');
  if (path[1] === 'days' && typeof path[2] === 'number') field = `days.${raw.pattern.days[path[2]]?.weekday ?? 0}.${String(path[3] ?? '')}`;
  return { ok: false, field, message: issue?.message ?? 'is not valid' };
}

/** A record as configrecord answers it, as form values (unknown shapes start from the defaults). */
export function valuesOf(record: Record<string, unknown>): PatternValues {
  const out = emptyPattern();
  const parsed = shiftPatternRecSchema.safeParse({ isDefault: record.isDefault, pattern: record.pattern });
  if (!parsed.success) return out;
  const p = parsed.data.pattern;
  return {
    name: p.name,
    isDefault: parsed.data.isDefault,
    days: WEEKDAYS.map((wd) => {
      const d = p.days.find((x) => x.weekday === wd);
      return d ? { on: true, start: d.start, end: d.end, paidBreakMin: String(d.paidBreakMin) } : { on: false, start: '07:00', end: '17:00', paidBreakMin: '30' };
    }),
    overtimeDayH: hoursOf(p.overtimeAfterDayMin),
    overtimeWeekH: hoursOf(p.overtimeAfterWeekMin),
    nightOn: p.night !== null,
    nightStart: p.night?.start ?? '23:00',
    nightEnd: p.night?.end ?? '06:00',
  };
}
