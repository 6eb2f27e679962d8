import { isDay } from '../../../shared/format/day.ts';
import { parseUnitId } from '../../../shared/routing/unit-links.ts';
import type { JourneySubject } from '../api/journey-keys.ts';

export interface ReplayParams {
  subject: JourneySubject | null;
  /** YYYY-MM-DD as asked, or null for 'today in the site's time zone'. */
  day: string | null;
  /** Epoch ms to open at, or null. */
  at: number | null;
}

/** activitymap?v|driver&d&t, read leniently: a bad value is as if it were not there. */
export function readReplayParams(params: URLSearchParams): ReplayParams {
  const v = parseUnitId(params.get('v') ?? undefined);
  const driver = parseUnitId(params.get('driver') ?? undefined);
  const t = params.get('t');
  const at = t && /^\d{1,15}$/.test(t) ? Number(t) : null;
  return { subject: v !== null ? { v } : driver !== null ? { driver } : null, day: isDay(params.get('d')) ? params.get('d') : null, at };
}
