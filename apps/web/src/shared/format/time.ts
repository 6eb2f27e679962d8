/** Times are shown in the site's zone; UK unless a site says otherwise. */
export const DEFAULT_TIME_ZONE = 'Europe/London';

function toDate(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Building an Intl formatter costs far more than using one (a list of thousands of rows spent a
 * sixth of its time here), so each distinct set of options is built once and kept.
 */
function cached<T>(build: (...key: string[]) => T): (...key: string[]) => T {
  const made = new Map<string, T>();
  return (...key) => {
    const k = key.join('|');
    let f = made.get(k);
    if (!f) {
      f = build(...key);
      made.set(k, f);
    }
    return f;
  };
}

const clockFormat = cached(
  (timeZone, withSeconds) =>
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      second: withSeconds === 's' ? '2-digit' : undefined,
      hourCycle: 'h23',
      timeZone,
    }),
);

const fullFormat = cached(
  (locale, timeZone) =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone,
      timeZoneName: 'short',
    }),
);

const relativeFormat = cached(
  (locale, style) =>
    new Intl.RelativeTimeFormat(locale, style === 'now' ? { numeric: 'auto' } : { numeric: 'always', style: 'short' }),
);

function clock(value: string | Date, timeZone: string, withSeconds: boolean): string {
  const d = toDate(value);
  if (!d) return '';
  const parts = clockFormat(timeZone, withSeconds ? 's' : '').formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return [part('hour'), part('minute'), ...(withSeconds ? [part('second')] : [])].join(':');
}

/** 'HH:mm' (24 hour), the spec's alert time format; '' for an unreadable time. */
export function formatHHmm(value: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  return clock(value, timeZone, false);
}

/** 'HH:mm:ss' (24 hour), e.g. a debugger frame's time; '' for an unreadable time. */
export function formatHHmmss(value: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  return clock(value, timeZone, true);
}

/** Full date and time for hover text, e.g. '3 Mar 2026, 14:05:09 GMT'. */
export function formatFullDate(value: string | Date, timeZone = DEFAULT_TIME_ZONE, locale = 'en-GB'): string {
  const d = toDate(value);
  if (!d) return '';
  return fullFormat(locale, timeZone).format(d);
}

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** Relative time such as '4 min ago' or 'in 2 hr'; 'now' within 45 seconds. */
export function formatRelative(value: string | Date, now: Date = new Date(), locale = 'en-GB'): string {
  const d = toDate(value);
  if (!d) return '';
  let amount = (d.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 45)
    return relativeFormat(locale, 'now').format(0, 'second');
  const rtf = relativeFormat(locale, 'short');
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return rtf.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
