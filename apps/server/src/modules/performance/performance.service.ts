import {
  addCounts, DRIVING_EVENT_KINDS, type DrivingEventKind, type DrivingEventOut, type EventCounts, type LeaguePeriod, type LeagueRow,
  MIN_PERIOD_KM, MIN_TRIP_KM, noCounts, type RecentTrip, type Scored, scoreOf, type WeekScore,
} from '@fleet/shared';
import type { EventRow, ScoredTripRow } from './performance.repository.ts';

// The performance calls' arithmetic over the repository's rows (the score itself:
// packages/shared performance/driving-score.ts).

const KINDS = new Set<string>(DRIVING_EVENT_KINDS);

/** A row's counts with every kind present (unknown kinds dropped). */
export function countsOf(raw: Record<string, number>): EventCounts {
  const c = noCounts();
  for (const [k, v] of Object.entries(raw)) if (KINDS.has(k)) c[k as DrivingEventKind] += v;
  return c;
}

/** Trips summed, then scored as one stretch (distance-weighted). */
export function scoreTrips(trips: readonly ScoredTripRow[], minKm = MIN_PERIOD_KM): Scored {
  let counts = noCounts();
  let metres = 0;
  for (const t of trips) {
    counts = addCounts(counts, countsOf(t.counts));
    metres += t.distance_m;
  }
  const km = Math.round(metres / 100) / 10;
  return { km, trips: trips.length, counts, ...scoreOf(metres / 1000, counts, minKm) };
}

/** One entry per week (Mondays oldest first, YYYY-MM-DD), empty weeks included. */
export function weeksOf(trips: readonly ScoredTripRow[], mondays: readonly string[]): WeekScore[] {
  return mondays.map((week) => ({ week, ...scoreTrips(trips.filter((t) => t.week === week)) }));
}

export function eventOut(e: EventRow): DrivingEventOut {
  return {
    kind: e.kind as DrivingEventKind, at: e.at.toISOString(), end: e.end_at?.toISOString() ?? null, value: e.value,
    lat: e.lat, lon: e.lon, unitid: e.unit_id, registration: e.registration,
  };
}

export function recentTripOut(t: ScoredTripRow, events: readonly EventRow[]): RecentTrip {
  const { trips: _trips, ...scored } = scoreTrips([t], MIN_TRIP_KM);
  return {
    ...scored, id: Number(t.id), unitid: t.unit_id, registration: t.registration, driverid: t.driver_id, driver: t.driver,
    start: t.start_time.toISOString(), end: t.end_time.toISOString(), events: events.map(eventOut),
  };
}

/** The league's weeks: how far back it starts (in weeks before this one) and whether it stops at this Monday. */
export const PERIOD_WEEKS: Readonly<Record<LeaguePeriod, { back: number; length: number }>> = {
  week: { back: 0, length: 1 }, lastweek: { back: 1, length: 1 }, '4weeks': { back: 3, length: 4 }, '12weeks': { back: 11, length: 12 },
};

/**
 * Drivers ranked by score, best first (ties: more kilometres first); drivers too short to score
 * follow, unranked, by distance. Trend: the score against `before`'s (the period before).
 */
export function leagueOf(trips: readonly ScoredTripRow[], before: readonly ScoredTripRow[]): LeagueRow[] {
  const byDriver = (list: readonly ScoredTripRow[]) => {
    const m = new Map<number, ScoredTripRow[]>();
    for (const t of list) {
      if (t.driver_id === null) continue;
      const l = m.get(t.driver_id);
      if (l) l.push(t);
      else m.set(t.driver_id, [t]);
    }
    return m;
  };
  const earlier = byDriver(before);
  const rows: LeagueRow[] = [...byDriver(trips)].map(([driverid, list]) => {
    const s = scoreTrips(list);
    const prev = earlier.get(driverid);
    const was = prev ? scoreTrips(prev).score : null;
    const vehicles = [...new Set(list.map((t) => t.registration))].sort();
    return { ...s, rank: null, driverid, name: list[0]?.driver ?? '', vehicles, trend: s.score !== null && was !== null ? s.score - was : null };
  });
  rows.sort((a, b) => (a.score === null ? 1 : 0) - (b.score === null ? 1 : 0) || (b.score ?? 0) - (a.score ?? 0) || b.km - a.km || a.name.localeCompare(b.name));
  rows.forEach((r, i) => { if (r.score !== null) r.rank = i + 1; });
  return rows;
}
