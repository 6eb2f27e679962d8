import type { ActivityAlert, ActivityAnswer, Checkin, Segment, Visit } from '@fleet/shared';
import { KM_PER_MILE } from '@fleet/shared';
import { parseUnitId } from '../../../shared/routing/unit-links.ts';
import { isDay } from '../../../shared/format/day.ts';
import type { ActivitySubject } from '../model/activity-subject.ts';

/** One line of the day's timeline, in its place in time. */
export type TimelineEntry =
  | { kind: 'trip'; at: number; segment: Segment }
  | { kind: 'stop'; at: number; segment: Segment }
  | { kind: 'alert'; at: number; alert: ActivityAlert }
  | { kind: 'visit'; at: number; visit: Visit }
  | { kind: 'checkin'; at: number; checkin: Checkin };

// At the same moment a trip or stop comes before what happened in it.
const ORDER: Record<TimelineEntry['kind'], number> = { stop: 0, trip: 0, visit: 1, alert: 2, checkin: 3 };

/**
 * The day's trips, stops, alerts, geofence visits and check-ins as one list, oldest first. A
 * segment begun the day before sits at the top (it is shown whole); a visit sits where it began,
 * or where it ended when the day holds only its end, and stands for the geofence alerts of its ends.
 */
export function timelineOf(answer: Pick<ActivityAnswer, 'segments' | 'alerts' | 'visits' | 'checkins'>): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const segment of answer.segments) entries.push({ kind: segment.kind, at: Date.parse(segment.start), segment } as TimelineEntry);
  // A geofence alert that opens or closes a visit is told by the visit's line (one line, not three).
  const visitEnds = new Set(answer.visits.flatMap((v) => [v.enter, v.exit].filter((t) => t !== null).map((t) => `${v.unitid}|${Date.parse(t)}`)));
  for (const alert of answer.alerts) {
    const at = Date.parse(alert.time);
    if (alert.kind === 'geofence' && visitEnds.has(`${alert.unitid}|${at}`)) continue;
    entries.push({ kind: 'alert', at, alert });
  }
  for (const visit of answer.visits) {
    const at = Date.parse(visit.enter ?? visit.exit ?? '');
    if (Number.isFinite(at)) entries.push({ kind: 'visit', at, visit });
  }
  for (const checkin of answer.checkins) entries.push({ kind: 'checkin', at: Date.parse(checkin.time), checkin });
  return entries
    .filter((e) => Number.isFinite(e.at))
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at - b.e.at || ORDER[a.e.kind] - ORDER[b.e.kind] || a.i - b.i)
    .map(({ e }) => e);
}

/**
 * Where the replay of a row opens: its start, or the day's first moment for a segment begun the
 * day before (the replay shows one day).
 */
export function replayMoment(startMs: number, dayFromIso: string): number {
  const from = Date.parse(dayFromIso);
  return Number.isFinite(from) ? Math.max(startMs, from) : startMs;
}

/** The answers carry km/h and metres; the web's formatters take mph and km (units.ts). */
export const kmhToMph = (kmh: number): number => kmh / KM_PER_MILE;
export const metresToKm = (m: number): number => m / 1000;

/** A duration in whole hours, minutes and seconds (rounded to the minute from an hour on). */
export function durationParts(seconds: number): { h: number; m: number; s: number } {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  if (total < 3600) return { h: 0, m: Math.floor(total / 60), s: total % 60 };
  const minutes = Math.round(total / 60);
  return { h: Math.floor(minutes / 60), m: minutes % 60, s: 0 };
}

/** What the page's address asks for: whose day (v or driver; v wins when both), and which day (null: today). */
export function readActivityParams(params: URLSearchParams): { subject: ActivitySubject | null; day: string | null; badDay: boolean } {
  const v = parseUnitId(params.get('v') ?? undefined);
  const driver = parseUnitId(params.get('driver') ?? undefined);
  const subject: ActivitySubject | null = v !== null ? { kind: 'vehicle', id: v } : driver !== null ? { kind: 'driver', id: driver } : null;
  const d = params.get('d');
  const day = isDay(d) ? d : null;
  return { subject, day, badDay: d !== null && d !== '' && day === null };
}
