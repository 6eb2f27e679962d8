import { parseUnitId } from '../../../shared/routing/unit-links.ts';
import type { JourneySubject } from '../api/journey-keys.ts';

export interface ReplayParams {
  subject: JourneySubject | null;
  /** YYYY-MM-DD as asked, or null for 'today in the site's time zone'. */
  day: string | null;
  /** Epoch ms to open at, or null. */
  at: number | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day 'YYYY-MM-DD', else null ('2026-02-30', '26-1-1'). */
export function parseDay(value: string | null): string | null {
  const m = value ? DAY.exec(value) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? value : null;
}

/** activitymap?v|driver&d&t, read leniently: a bad value is as if it were not there. */
export function readReplayParams(params: URLSearchParams): ReplayParams {
  const v = parseUnitId(params.get('v') ?? undefined);
  const driver = parseUnitId(params.get('driver') ?? undefined);
  const t = params.get('t');
  const at = t && /^\d{1,15}$/.test(t) ? Number(t) : null;
  return { subject: v !== null ? { v } : driver !== null ? { driver } : null, day: parseDay(params.get('d')), at };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `time` in a time zone, as 'YYYY-MM-DD'. */
export function dayIn(timeZone: string, time = Date.now()): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(time);
}
