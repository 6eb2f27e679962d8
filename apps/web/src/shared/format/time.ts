/** Times are shown in the site's zone; UK unless a site says otherwise. */
export const DEFAULT_TIME_ZONE = 'Europe/London';

function toDate(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function clock(value: string | Date, timeZone: string, withSeconds: boolean): string {
  const d = toDate(value);
  if (!d) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: withSeconds ? '2-digit' : undefined,
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(d);
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
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).format(d);
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
    return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return rtf.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
