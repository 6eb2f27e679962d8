import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assetTracker, hgvLongIdle, phoneCheckins, TrackBuilder, vanDay } from './fixtures/tracks.ts';
import {
  comparePoints, type CutterState, foldPositions, freshState, restartIndex, type Segment, TRIP_RULES, type TripPoint,
} from './trips-rules.ts';

/** One fold of everything, sorted: the answer every order of arrival must give. */
function cutAll(points: readonly TripPoint[]): Segment[] {
  const r = foldPositions(freshState(), [...points].sort(comparePoints));
  return r.open ? [...r.closed, r.open] : r.closed;
}

/**
 * The trips processor over memory: a log that stores a re-sent position once, and per batch either
 * a fold on from the stored state or, when the batch holds a position older than the newest folded
 * one, a cut again from restartIndex (trips-processor.ts does the same in SQL).
 */
class ModelProcessor {
  log: TripPoint[] = [];
  segments: Segment[] = [];
  state: CutterState | null = null;

  arrive(batch: readonly TripPoint[]): void {
    const fresh: TripPoint[] = [];
    for (const p of batch) {
      if (this.log.some((q) => comparePoints(q, p) === 0) || fresh.some((q) => comparePoints(q, p) === 0)) continue;
      fresh.push(p);
    }
    if (fresh.length === 0) return;
    this.log.push(...fresh);
    const rows = [...fresh].sort(comparePoints);
    const first = rows[0] as TripPoint;
    let result;
    if (this.state?.prev && comparePoints(first, this.state.prev) < 0) {
      const at = restartIndex(this.segments, first.t);
      const from = at >= 0 ? (this.segments[at] as Segment) : null;
      const sorted = [...this.log].sort(comparePoints);
      const startIdx = from ? sorted.findIndex((p) => p.id === from.startPositionId) : 0;
      this.segments = from ? this.segments.slice(0, at) : [];
      result = foldPositions(freshState(startIdx > 0 ? sorted[startIdx - 1] : null), sorted.slice(startIdx));
    } else {
      this.segments = this.segments.filter((s) => !s.open);
      result = foldPositions(this.state ?? freshState(), rows);
    }
    this.segments = this.segments.filter((s) => !s.open);
    this.segments.push(...result.closed);
    if (result.open) this.segments.push(result.open);
    // The state is stored as JSON.
    this.state = JSON.parse(JSON.stringify(result.state)) as CutterState;
  }
}

function checkTotals(segments: readonly Segment[], points: readonly TripPoint[]): void {
  const sorted = [...points].sort(comparePoints);
  let covered = 0;
  for (const [i, s] of segments.entries()) {
    expect(s.endTime).toBeGreaterThanOrEqual(s.startTime);
    const next = segments[i + 1];
    if (next) {
      expect(next.startTime).toBeGreaterThanOrEqual(s.endTime);
      expect(next.kind === s.kind && next.startTime === s.endTime).toBe(false);
      expect(s.open).toBe(false);
    }
    if (s.kind === 'trip') {
      expect(s.drivingS + s.idleS).toBe(Math.round((s.endTime - s.startTime) / 1000));
      expect(s.drivingS).toBeGreaterThanOrEqual(0);
      expect(s.idleS).toBeGreaterThanOrEqual(0);
    }
    // The segment's own positions: from its first to the next segment's first.
    const a = sorted.findIndex((p) => p.id === s.startPositionId);
    const b = next ? sorted.findIndex((p) => p.id === next.startPositionId) : sorted.length;
    expect(a).toBe(covered);
    expect(b - a).toBe(s.points);
    covered = b;
  }
  expect(covered).toBe(sorted.length);
}

const kinds = (s: readonly Segment[]) => s.map((x) => x.kind).join(' ');

describe('trip cutting on recorded tracks', () => {
  it("cuts a van's working day into its drops, the quick drop and the lunch, and filters the GPS jump", () => {
    const pts = vanDay();
    const s = cutAll(pts);
    checkTotals(s, pts);
    expect(kinds(s)).toBe('stop trip stop trip stop trip stop trip stop');
    const trips = s.filter((x) => x.kind === 'trip');
    // Odometer differences: 12 km; 8 + 0.5 km; 15 km; 23 km (the 40 km jump is not in an odometer).
    expect(trips.map((x) => Math.round(x.distanceM / 100) / 10)).toEqual([12, 8.5, 15, 23]);
    expect(trips[0]?.idleS).toBeGreaterThanOrEqual(120);
    expect(trips.every((x) => x.driverTag === '0000A1B2C3D4E5F6')).toBe(true);
    expect(s.at(-1)?.open).toBe(true);
    expect(s.at(-1)?.kind).toBe('stop');
    // The 2-minute drop with the ignition off is a stop; 90 s at the lights is not.
    expect(Math.round(((s[4] as Segment).endTime - (s[4] as Segment).startTime) / 1000)).toBe(125);
  });

  it('without an odometer sums the track and leaves a GPS jump out', () => {
    const pts = vanDay().map((p) => ({ ...p, odo: null }));
    const trips = cutAll(pts).filter((x) => x.kind === 'trip');
    const km = trips.map((x) => x.distanceM / 1000);
    expect(km[0]).toBeCloseTo(12, 0);
    expect(km[3]).toBeGreaterThan(21);
    expect(km[3]).toBeLessThan(25);
  });

  it("keeps an HGV's 25 minutes of engine-on idling as a stop, a queue in the trip, and ends a trip at a gap", () => {
    const pts = hgvLongIdle();
    const s = cutAll(pts);
    checkTotals(s, pts);
    expect(kinds(s)).toBe('trip stop trip trip stop');
    const idle = s[1] as Segment;
    expect(idle.idleS).toBeGreaterThanOrEqual(24 * 60);
    // The gap of 15 minutes: the trip ends at its last position, the next starts after it.
    expect((s[3] as Segment).startTime - (s[2] as Segment).endTime).toBeGreaterThan(TRIP_RULES.gapS * 1000);
    const last = s[3] as Segment;
    expect(last.idleS).toBeGreaterThanOrEqual(80);
    expect(last.startEngineHours).not.toBeNull();
  });

  it('an asset tracker without ignition: drift is no trip; a haul is one, by displacement', () => {
    const pts = assetTracker();
    const s = cutAll(pts);
    checkTotals(s, pts);
    expect(kinds(s)).toBe('stop trip stop');
    const trip = s[1] as Segment;
    expect(trip.distanceM / 1000).toBeGreaterThan(39);
    expect(trip.idleS).toBe(0);
  });

  it('a phone checking in: a drive is a trip, a walk of 400 m across a site is one too, standing is a stop', () => {
    const pts = phoneCheckins();
    const s = cutAll(pts);
    checkTotals(s, pts);
    expect(kinds(s)).toBe('stop trip stop trip stop');
    expect((s[1] as Segment).distanceM / 1000).toBeGreaterThan(6.9);
  });

  it('a device that re-sends a batch (lost acknowledgement): stored once, the same trips', () => {
    const pts = vanDay();
    const m = new ModelProcessor();
    for (let i = 0; i < pts.length; i += 20) {
      m.arrive(pts.slice(i, i + 20));
      m.arrive(pts.slice(Math.max(0, i - 10), i + 20));
    }
    expect(m.segments).toEqual(cutAll(pts));
  });

  it('a device that reports out of order (newest first after a coverage gap): the same trips', () => {
    const pts = hgvLongIdle();
    const m = new ModelProcessor();
    const cut = Math.floor(pts.length / 2);
    m.arrive(pts.slice(0, 40));
    m.arrive(pts.slice(cut));
    m.arrive(pts.slice(40, cut).reverse());
    expect(m.segments).toEqual(cutAll(pts));
  });

  it('a short hop under 100 m out of a stop is jitter: it stays in the stop', () => {
    const pts = new TrackBuilder({ t: '2026-11-23T08:00:00Z', lat: 53.8, lon: -1.5 })
      .park(600, 300).start().drive(0.06, 10, 0, 10).park(600, 300).start().drive(5, 40, 0).park(600, 300).points;
    const s = cutAll(pts);
    checkTotals(s, pts);
    expect(kinds(s)).toBe('stop trip stop');
  });
});

// Random days: legs of driving, idling, parking, silence and jumps, vehicle or sparse.
const legArb = fc.oneof(
  fc.record({ k: fc.constant('drive' as const), km: fc.double({ min: 0.02, max: 8, noNaN: true }), kmh: fc.integer({ min: 6, max: 90 }), b: fc.integer({ min: 0, max: 359 }), every: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ k: fc.constant('idle' as const), s: fc.integer({ min: 10, max: 900 }), every: fc.integer({ min: 5, max: 120 }) }),
  fc.record({ k: fc.constant('park' as const), s: fc.integer({ min: 10, max: 7200 }), every: fc.integer({ min: 60, max: 3600 }) }),
  fc.record({ k: fc.constant('start' as const) }),
  fc.record({ k: fc.constant('silent' as const), s: fc.integer({ min: 60, max: 4000 }) }),
  fc.record({ k: fc.constant('jump' as const), m: fc.integer({ min: 100, max: 50_000 }) }),
  fc.record({ k: fc.constant('report' as const), s: fc.integer({ min: 0, max: 3600 }), speed: fc.integer({ min: 0, max: 80 }) }),
  fc.record({ k: fc.constant('move' as const), km: fc.double({ min: 0, max: 20, noNaN: true }), b: fc.integer({ min: 0, max: 359 }), s: fc.integer({ min: 1, max: 3600 }) }),
);

const trackArb = fc.record({
  sparse: fc.boolean(), odometer: fc.boolean(), ignition: fc.boolean(), legs: fc.array(legArb, { minLength: 1, maxLength: 14 }),
}).map(({ sparse, odometer, ignition, legs }) => {
  const b = new TrackBuilder({ t: '2026-11-23T06:00:00Z', lat: 53.8, lon: -1.55 }, { sparse, odometer, ignition, engineHours: odometer, tag: odometer ? 'AB' : null });
  for (const l of legs) {
    if (l.k === 'drive') b.drive(l.km, l.kmh, l.b, l.every);
    else if (l.k === 'idle') b.idle(l.s, l.every);
    else if (l.k === 'park') b.park(l.s, l.every);
    else if (l.k === 'start') b.start();
    else if (l.k === 'silent') b.silent(l.s);
    else if (l.k === 'jump') b.jump(l.m);
    else if (l.k === 'report') b.report(l.s, l.speed);
    else b.move(l.km, l.b, l.s);
  }
  // The log holds one record per device time and event IO id (a second one is a re-send).
  const seen = new Set<string>();
  return b.points.filter((p) => !seen.has(`${p.t}/${p.e}`) && Boolean(seen.add(`${p.t}/${p.e}`)));
}).filter((p) => p.length > 0);

/** A track and a way its positions arrive: split into batches, the batches in any order, some re-sent. */
const arrivalArb = trackArb.chain((points) => fc.record({
  points: fc.constant(points),
  order: fc.shuffledSubarray(points.map((_, i) => i), { minLength: points.length, maxLength: points.length }),
  keepSorted: fc.boolean(),
  cuts: fc.array(fc.integer({ min: 1, max: Math.max(1, points.length) }), { maxLength: 8 }),
  resend: fc.array(fc.nat({ max: Math.max(0, points.length - 1) }), { maxLength: 5 }),
}));

describe('trip cutting: properties', () => {
  it('any split into batches, in any order of arrival, re-sent or not, gives the trips of one fold of the sorted list', () => {
    fc.assert(fc.property(arrivalArb, ({ points, order, keepSorted, cuts, resend }) => {
      const idx = keepSorted ? points.map((_, i) => i) : order;
      const bounds = [...new Set([0, ...cuts.map((c) => Math.min(c, idx.length)), idx.length])].sort((a, b) => a - b);
      const m = new ModelProcessor();
      for (let i = 0; i + 1 < bounds.length; i++) {
        const batch = idx.slice(bounds[i], bounds[i + 1]).map((j) => points[j] as TripPoint);
        m.arrive(batch);
        const again = resend.filter((r) => r < i + 1).map((r) => points[idx[r] as number] as TripPoint);
        if (again.length) m.arrive(again);
      }
      expect(m.segments).toEqual(cutAll(points));
    }), { numRuns: 400 });
  }, 60_000);

  it('totals are consistent: trips are driving plus idling, segments never overlap, every position in exactly one segment', () => {
    fc.assert(fc.property(trackArb, (points) => {
      checkTotals(cutAll(points), points);
    }), { numRuns: 400 });
  }, 60_000);

  it('the state survives JSON: folding in two halves through a stored state gives one fold', () => {
    fc.assert(fc.property(trackArb, fc.nat(), (points, k) => {
      const sorted = [...points].sort(comparePoints);
      const at = k % (sorted.length + 1);
      const a = foldPositions(freshState(), sorted.slice(0, at));
      const b = foldPositions(JSON.parse(JSON.stringify(a.state)) as CutterState, sorted.slice(at));
      expect([...a.closed, ...b.closed, ...(b.open ? [b.open] : [])]).toEqual(cutAll(points));
    }), { numRuns: 300 });
  }, 60_000);
});
