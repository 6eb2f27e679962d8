import { type ReportKind, type ReportRow, siteSettingsOf } from '@fleet/shared';
import { col, count, perSubject, round1, subjectLabel } from './kinds-common.ts';
import { DEFAULT_MIN_IDLE_S, DEFAULT_MIN_STOP_S, DEFAULT_THRESHOLD_KMH } from './catalogue.ts';
import type { KindContext, KindFn } from './produce.ts';

const iso = (d: Date) => d.toISOString();
const seconds = (a: Date, b: Date) => Math.max(0, Math.round((b.getTime() - a.getTime()) / 1000));
import type { ReportSegment } from './reports.repository.ts';

/** Reads each subject's segments in turn (one index range each), handing them to `take`. */
async function eachSegments(ctx: KindContext, kind: 'trip' | 'stop' | null, take: (s: ReportSegment[], name: string) => void): Promise<void> {
  await ctx.each(ctx.subjects, subjectLabel(ctx), async (subject) => {
    take(await ctx.deps.repo.segments(subject.by, subject.id, kind, ctx.from, ctx.to), subject.name);
  });
}

const vehicleOf = (ctx: KindContext, s: ReportSegment) => ctx.vehicleName.get(s.unit_id) ?? `#${s.unit_id}`;

const trips: KindFn = async (ctx) => {
  const rows: ReportRow[] = [];
  const points: ReportRow[] = [];
  let distance = 0; let driving = 0; let idle = 0; let max = 0;
  await eachSegments(ctx, 'trip', (segs, name) => {
    let mine = 0;
    for (const s of segs) {
      rows.push({
        vehicle: vehicleOf(ctx, s), driver: s.driver, start: iso(s.start_time), end: iso(s.end_time),
        from: ctx.where(s.start_lat, s.start_lon), to: ctx.where(s.end_lat, s.end_lon),
        distanceM: round1(s.distance_m), drivingS: s.driving_s, idleS: s.idle_s, maxSpeed: s.max_speed,
      });
      mine += s.distance_m; driving += s.driving_s; idle += s.idle_s; max = Math.max(max, s.max_speed);
    }
    distance += mine;
    points.push({ name, distanceM: round1(mine), trips: segs.length });
  });
  return {
    headline: { label: `Distance driven in ${count(rows.length, 'trip')}`, value: round1(distance), kind: 'distance' },
    chart: perSubject(subjectLabel(ctx)(), 'distanceM', 'Distance', 'distance', points),
    columns: [
      col('vehicle', 'Vehicle', 'text'), col('driver', 'Driver', 'text'), col('start', 'Start', 'datetime'), col('end', 'End', 'datetime'),
      col('from', 'From', 'text'), col('to', 'To', 'text'), col('distanceM', 'Distance', 'distance'), col('drivingS', 'Driving', 'duration'),
      col('idleS', 'Idling', 'duration'), col('maxSpeed', 'Top speed', 'speed'),
    ],
    rows,
    totals: { vehicle: `Total: ${count(rows.length, 'trip')}`, distanceM: round1(distance), drivingS: driving, idleS: idle, maxSpeed: max },
  };
};

const stops: KindFn = async (ctx) => {
  const min = ctx.body.record.minStopS ?? DEFAULT_MIN_STOP_S;
  const rows: ReportRow[] = [];
  const points: ReportRow[] = [];
  let total = 0; let idle = 0;
  await eachSegments(ctx, 'stop', (segs, name) => {
    let mine = 0;
    for (const s of segs) {
      const d = seconds(s.start_time, s.end_time);
      if (d < min) continue;
      rows.push({ vehicle: vehicleOf(ctx, s), driver: s.driver, start: iso(s.start_time), end: iso(s.end_time), place: ctx.where(s.start_lat, s.start_lon), durationS: d, idleS: s.idle_s });
      mine += d; idle += s.idle_s;
    }
    total += mine;
    points.push({ name, durationS: mine });
  });
  return {
    headline: { label: `Time stopped in ${count(rows.length, 'stop')}`, value: total, kind: 'duration' },
    chart: perSubject(subjectLabel(ctx)(), 'durationS', 'Time stopped', 'duration', points),
    columns: [
      col('vehicle', 'Vehicle', 'text'), col('driver', 'Driver', 'text'), col('start', 'Start', 'datetime'), col('end', 'End', 'datetime'),
      col('place', 'Place', 'text'), col('durationS', 'Stopped for', 'duration'), col('idleS', 'Engine idling', 'duration'),
    ],
    rows,
    totals: { vehicle: `Total: ${count(rows.length, 'stop')}`, durationS: total, idleS: idle },
  };
};

const idling: KindFn = async (ctx) => {
  // The site's idle threshold (fleetconfig, issue 15) when the request leaves it out.
  const min = ctx.body.record.minIdleS ?? (ctx.site.settings === undefined ? DEFAULT_MIN_IDLE_S : siteSettingsOf(ctx.site.settings).idleMinutes * 60);
  const rows: ReportRow[] = [];
  const points: ReportRow[] = [];
  let total = 0;
  await eachSegments(ctx, null, (segs, name) => {
    let mine = 0;
    for (const s of segs) {
      if (s.idle_s <= 0 || s.idle_s < min) continue;
      rows.push({
        vehicle: vehicleOf(ctx, s), driver: s.driver, start: iso(s.start_time), end: iso(s.end_time),
        during: s.kind === 'trip' ? 'Trip' : 'Stop', place: ctx.where(s.start_lat, s.start_lon), idleS: s.idle_s,
      });
      mine += s.idle_s;
    }
    total += mine;
    points.push({ name, idleS: mine });
  });
  return {
    headline: { label: 'Engine idling', value: total, kind: 'duration' },
    chart: perSubject(subjectLabel(ctx)(), 'idleS', 'Idling', 'duration', points),
    columns: [
      col('vehicle', 'Vehicle', 'text'), col('driver', 'Driver', 'text'), col('start', 'Start', 'datetime'), col('end', 'End', 'datetime'),
      col('during', 'During', 'text'), col('place', 'Place (start)', 'text'), col('idleS', 'Idling', 'duration'),
    ],
    rows,
    totals: { vehicle: `Total: ${count(rows.length, 'period')}`, idleS: total },
  };
};

const speeding: KindFn = async (ctx) => {
  // The site's speeding threshold (fleetconfig, issue 15) when the request leaves it out.
  const threshold = ctx.body.record.threshold ?? (ctx.site.settings === undefined ? DEFAULT_THRESHOLD_KMH : siteSettingsOf(ctx.site.settings).speedingKmh);
  const rows: ReportRow[] = [];
  const points: ReportRow[] = [];
  let all = 0; let top = 0;
  await eachSegments(ctx, 'trip', (segs, name) => {
    all += segs.length;
    let mine = 0;
    for (const s of segs) {
      if (s.max_speed <= threshold) continue;
      rows.push({
        vehicle: vehicleOf(ctx, s), driver: s.driver, start: iso(s.start_time), end: iso(s.end_time),
        from: ctx.where(s.start_lat, s.start_lon), to: ctx.where(s.end_lat, s.end_lon), maxSpeed: s.max_speed,
        overBy: s.max_speed - threshold, distanceM: round1(s.distance_m),
      });
      mine += 1; top = Math.max(top, s.max_speed);
    }
    points.push({ name, trips: mine });
  });
  return {
    headline: { label: `Trips over the threshold (of ${count(all, 'trip')})`, value: rows.length, kind: 'number' },
    chart: perSubject(subjectLabel(ctx)(), 'trips', 'Trips over the threshold', 'number', points),
    columns: [
      col('vehicle', 'Vehicle', 'text'), col('driver', 'Driver', 'text'), col('start', 'Start', 'datetime'), col('end', 'End', 'datetime'),
      col('from', 'From', 'text'), col('to', 'To', 'text'), col('maxSpeed', 'Top speed', 'speed'), col('overBy', 'Over by', 'speed'),
      col('distanceM', 'Distance', 'distance'),
    ],
    rows,
    totals: { vehicle: `Total: ${count(rows.length, 'trip')}`, maxSpeed: top, overBy: top > threshold ? top - threshold : 0 },
  };
};

export const DRIVING_KINDS: Pick<Record<ReportKind, KindFn>, 'trips' | 'stops' | 'idling' | 'speeding'> = { trips, stops, idling, speeding };
