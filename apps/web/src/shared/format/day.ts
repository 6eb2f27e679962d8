/**
 * Calendar days ('YYYY-MM-DD') in a time zone: journeys (issue 12) are counted in the site's days,
 * never the browser's or the server's, so "today" is asked of the site's zone.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building an Intl formatter costs far more than using one: one per zone (en-CA writes YYYY-MM-DD).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day a moment falls on in `timeZone`: '2026-11-24'; '' for an unreadable time. */
export function dayIn(value: string | number | Date, timeZone: string): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(d);
}

/** A real calendar day written YYYY-MM-DD ('2026-02-30' and '2026-1-5' are not). */
export function isDay(value: string | null | undefined): value is string {
  const m = value ? DAY.exec(value) : null;
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2200 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The day `days` after (or before, negative) `day`: calendar arithmetic, no zone involved. */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const longFormats = new Map<string, Intl.DateTimeFormat>();

/** 'Tuesday, 24 November 2026' for a YYYY-MM-DD day (the day itself, whatever the zone). */
export function formatDay(day: string, locale = 'en-GB'): string {
  if (!isDay(day)) return day;
  let f = longFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    longFormats.set(locale, f);
  }
  return f.format(new Date(`${day}T12:00:00Z`));
}
