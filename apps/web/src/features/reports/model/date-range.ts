import { shiftDay } from '../../../shared/format/day.ts';

/** A range of site days, both included ('YYYY-MM-DD'). */
export interface DayRange {
  from: string;
  to: string;
}

export const QUICK_RANGES = ['yesterday', 'lastweek', 'lastmonth'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** 0 for Monday … 6 for Sunday, of a calendar day. */
function weekdayFromMonday(day: string): number {
  return (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * The range a quick pick names, counted from `today` (the site's today): yesterday; last week,
 * Monday to Sunday before this week; last month, its first to its last day.
 */
export function quickRange(pick: QuickRange, today: string): DayRange {
  if (pick === 'yesterday') {
    const d = shiftDay(today, -1);
    return { from: d, to: d };
  }
  if (pick === 'lastweek') {
    const monday = shiftDay(today, -weekdayFromMonday(today) - 7);
    return { from: monday, to: shiftDay(monday, 6) };
  }
  const firstOfThis = `${today.slice(0, 8)}01`;
  const lastOfPrevious = shiftDay(firstOfThis, -1);
  return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
}

/** Which quick pick a range is, if any (so its button shows as chosen). */
export function quickRangeOf(range: DayRange, today: string): QuickRange | null {
  return QUICK_RANGES.find((p) => {
    const r = quickRange(p, today);
    return r.from === range.from && r.to === range.to;
  }) ?? null;
}

/** Days in a range, both ends counted (0 when `to` is before `from`). */
export function daysIn(range: DayRange): number {
  const ms = Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`);
  return Number.isFinite(ms) && ms >= 0 ? ms / 86_400_000 + 1 : 0;
}

const short = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** '16 Nov 2026 – 22 Nov 2026', or one day alone ('23 Nov 2026'). */
export function formatRange(range: DayRange): string {
  const text = (d: string) => {
    const at = new Date(`${d}T12:00:00Z`);
    return Number.isNaN(at.getTime()) ? d : short.format(at);
  };
  return range.from === range.to ? text(range.from) : `${text(range.from)} – ${text(range.to)}`;
}
