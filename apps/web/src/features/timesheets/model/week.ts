import { addDays, isIanaTimeZone, weekCommencingOf, zonedInstant } from '@fleet/shared';

/**
 * The timesheet pages' arithmetic (issue 14): weeks commencing Monday in the site's zone, the
 * office's times typed as the site's wall clock, and durations as payroll reads them (h:mm).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real date 'YYYY-MM-DD' that is a Monday (a week commencing), else null. */
export function readWeek(value: string | null | undefined): string | null {
  if (!value || !DAY.test(value)) return null;
  if (addDays(value, 0) !== value) return null;
  return weekCommencingOf(value) === value ? value : null;
}

export const previousWeek = (wc: string) => addDays(wc, -7);
export const nextWeek = (wc: string) => addDays(wc, 7);
export const weekEnd = (wc: string) => addDays(wc, 6);

/** Seconds as hours and minutes: 37 h 30 → '37:30'; negative never happens (0:00). */
export function hoursMinutes(seconds: number): string {
  const min = Math.max(0, Math.round(seconds / 60));
  return `${Math.floor(min / 60)}:${String(min % 60).padStart(2, '0')}`;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let f = wallFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
    });
    wallFormats.set(timeZone, f);
  }
  return f;
}

/** An instant as the site's wall clock for a datetime-local field: '2026-10-19T07:00'. */
export function toLocalInput(value: string, timeZone: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const p: Record<string, string> = {};
  for (const part of wallFormat(timeZone).formatToParts(d)) if (part.type !== 'literal') p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * The instant a site's clock reads 'YYYY-MM-DDTHH:mm' (a datetime-local field), as ISO UTC; null
 * when it is not such a time. A time the clocks skip is read past the gap, one they pass twice is
 * the first (the shared zone rules).
 */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!m || !isIanaTimeZone(timeZone)) return null;
  const day = m[1] as string;
  if (addDays(day, 0) !== day) return null;
  return new Date(zonedInstant(day, Number(m[2]) * 60 + Number(m[3]), timeZone) * 1000).toISOString();
}

/** Break minutes typed by the office: a whole number 0 … 720, else null. */
export function readBreakMinutes(value: string | number): number | null {
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (value === '' || !Number.isInteger(n) || n < 0 || n > 720) return null;
  return n;
}
