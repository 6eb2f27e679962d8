import type { WorkingHours } from '@fleet/shared';

export type WorkingHoursProblem = 'noDays' | 'badStart' | 'badEnd';

/** How the window reads: within one day, over midnight (end before start), or the whole day (end = start). */
export type WindowShape = 'sameDay' | 'overnight' | 'allDay';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** ISO weekdays in the order shown, Monday first (the UK week). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * What stops these hours from being saved, or null. The server's rule (isOutsideWorkingHours)
 * takes an end before the start as a night window and an equal end as the whole day, so both are
 * fine; a week with no working day is refused here, since it would make every journey a Run Over.
 */
export function hoursProblem(h: WorkingHours): WorkingHoursProblem | null {
  if (h.days.length === 0) return 'noDays';
  if (!HHMM.test(h.start)) return 'badStart';
  if (!HHMM.test(h.end)) return 'badEnd';
  return null;
}

/** True for a 24-hour HH:mm time ('06:00', '23:59'). */
export function isClockTime(s: string): boolean {
  return HHMM.test(s);
}

/**
 * A time as typed, tidied to HH:mm when it plainly is one ('6:00', '0600', '6.30', ' 18:00 ');
 * anything else comes back trimmed, for hoursProblem to refuse with its reason. Never guesses
 * AM/PM: '6pm' is refused, since the site's hours are written on the 24-hour clock.
 */
export function tidyTime(typed: string): string {
  const s = typed.trim();
  const m = /^(\d{1,2})[:.]?(\d{2})$/.exec(s);
  if (!m) return s;
  const tidy = `${(m[1] as string).padStart(2, '0')}:${m[2] as string}`;
  return HHMM.test(tidy) ? tidy : s;
}

export function windowShape(start: string, end: string): WindowShape {
  if (start === end) return 'allDay';
  return end < start ? 'overnight' : 'sameDay';
}

/** The days with one day switched, kept in weekday order. */
export function toggleDay(days: readonly number[], day: number): number[] {
  const next = days.includes(day) ? days.filter((d) => d !== day) : [...days, day];
  return next.sort((a, b) => a - b);
}

/** True when the form differs from what is saved (so Save means something). */
export function hoursChanged(a: WorkingHours, b: WorkingHours): boolean {
  const days = (h: WorkingHours) => [...h.days].sort((x, y) => x - y).join(',');
  return a.start !== b.start || a.end !== b.end || days(a) !== days(b);
}
