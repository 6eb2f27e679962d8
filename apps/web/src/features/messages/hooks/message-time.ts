import { DEFAULT_TIME_ZONE, formatHHmm } from '../../../shared/format/time.ts';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: DEFAULT_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });

/** When a message was sent, in the site's zone: 'HH:mm' today, else its date ('3 Mar 2026'); '' when unreadable. */
export function messageTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return dayFormat.format(d) === dayFormat.format(now) ? formatHHmm(d) : dateFormat.format(d);
}

/** A version 4 uuid for a message's idempotency key (randomUUID needs a secure page; this does not). */
export function newMessageKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
