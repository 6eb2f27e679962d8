import type { ActivityTotals, Segment, Visit } from '@fleet/shared';
import type { SegmentRow, Spans } from './journeys.repository.ts';

/** Location text of a point ('At {place}' or the nearest town), from the site's places. */
export type Where = (lat: number, lon: number) => string;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * An open trip whose last position is older than this has ended where its data ends: the trips
 * processor's longest gap rule (30 min, for sparse devices; 10 for vehicles) would end it there at
 * the device's next position, which a device that went silent never sends. Until then it is only
 * shown ended (the row stays open, so a late position still continues or cuts it as the rules say).
 */
export const SILENT_TRIP_MS = 30 * 60_000;

/** A trips row as the calls answer it, its places in words; `nowMs` judges a silent open trip. */
export function segmentOut(r: SegmentRow, where: Where, nowMs = Date.now()): Segment {
  const start = r.start_time.getTime();
  const end = r.end_time.getTime();
  const open = r.open && !(r.kind === 'trip' && nowMs - end > SILENT_TRIP_MS);
  return {
    id: Number(r.id), kind: r.kind, open, unitid: r.unit_id, registration: r.registration,
    start: r.start_time.toISOString(), end: r.end_time.toISOString(), durationS: Math.max(0, Math.round((end - start) / 1000)),
    startLat: r.start_lat, startLon: r.start_lon, endLat: r.end_lat, endLon: r.end_lon,
    startLoc: where(r.start_lat, r.start_lon), endLoc: where(r.end_lat, r.end_lon),
    distanceM: round1(r.distance_m), drivingS: r.driving_s, idleS: r.idle_s, maxSpeed: r.max_speed, avgSpeed: round1(r.avg_speed),
    driverid: r.driver_id, driver: r.driver,
    startOdometer: r.start_odometer, endOdometer: r.end_odometer, startEngineHours: r.start_engine_hours, endEngineHours: r.end_engine_hours,
  };
}

/**
 * A day's totals, counted on the part of each segment inside [from, to): a trip that began before
 * midnight adds the share of its distance, driving and idling that falls in the day (in proportion
 * to time, as nothing finer is kept per segment).
 */
export function dayTotals(segments: readonly Segment[], from: number, to: number): ActivityTotals {
  const totals: ActivityTotals = { trips: 0, distanceM: 0, drivingS: 0, idleS: 0, stopS: 0, maxSpeed: 0, firstStart: null, lastEnd: null };
  let first = Infinity;
  let last = -Infinity;
  for (const s of segments) {
    const start = Date.parse(s.start);
    const end = Date.parse(s.end);
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    if (b < a || (b === a && end > start)) continue;
    const share = end > start ? (b - a) / (end - start) : 1;
    // Idling is the engine running while standing, in a trip's short halts or through a stop.
    totals.idleS += s.idleS * share;
    if (s.kind === 'stop') {
      totals.stopS += (b - a) / 1000;
      continue;
    }
    totals.trips += 1;
    totals.distanceM += s.distanceM * share;
    totals.drivingS += s.drivingS * share;
    totals.maxSpeed = Math.max(totals.maxSpeed, s.maxSpeed);
    first = Math.min(first, a);
    last = Math.max(last, b);
  }
  totals.distanceM = round1(totals.distanceM);
  totals.drivingS = Math.round(totals.drivingS);
  totals.idleS = Math.round(totals.idleS);
  totals.stopS = Math.round(totals.stopS);
  if (first !== Infinity) totals.firstStart = new Date(first).toISOString();
  if (last !== -Infinity) totals.lastEnd = new Date(last).toISOString();
  return totals;
}

/**
 * Geofence visits from enter and exit alerts, oldest first: an enter opens a visit of its unit and
 * place, the next exit of the same closes it. An exit with no enter that day is a visit that began
 * before (enter null); an enter never closed lasts past the end of the day (exit null).
 */
export function visitsOf(alerts: ReadonlyArray<{ kind: string; event: string; unitid: number; poiid: number | null; poi: string | null; time: string }>): Visit[] {
  const visits: Visit[] = [];
  const open = new Map<string, Visit>();
  for (const a of alerts) {
    if (a.kind !== 'geofence' || a.poiid === null || (a.event !== 'enter' && a.event !== 'exit')) continue;
    const key = `${a.unitid}:${a.poiid}`;
    if (a.event === 'enter') {
      const v: Visit = { poiid: a.poiid, name: a.poi ?? '', unitid: a.unitid, enter: a.time, exit: null };
      visits.push(v);
      open.set(key, v);
    } else {
      const v = open.get(key);
      if (v) {
        v.exit = a.time;
        open.delete(key);
      } else {
        visits.push({ poiid: a.poiid, name: a.poi ?? '', unitid: a.unitid, enter: null, exit: a.time });
      }
    }
  }
  return visits.sort((x, y) => (x.enter ?? x.exit ?? '').localeCompare(y.enter ?? y.exit ?? ''));
}

/** A driver's segments, per vehicle, as spans clipped to [from, to): their share of each vehicle's day. */
export function spansByUnit(rows: readonly SegmentRow[], from: number, to: number): Map<number, Spans> {
  const out = new Map<number, Spans>();
  for (const r of rows) {
    const a = Math.max(r.start_time.getTime(), from);
    const b = Math.min(r.end_time.getTime(), to - 1);
    if (b < a) continue;
    const s = out.get(r.unit_id) ?? { from: [], to: [] };
    s.from.push(new Date(a));
    s.to.push(new Date(b));
    out.set(r.unit_id, s);
  }
  return out;
}
