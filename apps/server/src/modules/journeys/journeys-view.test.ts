import type { Segment } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import type { SegmentRow } from './journeys.repository.ts';
import { dayTotals, SILENT_TRIP_MS, segmentOut, spansByUnit, visitsOf } from './journeys-view.ts';

const day = { from: Date.parse('2026-11-20T00:00:00Z'), to: Date.parse('2026-11-21T00:00:00Z') };
function seg(kind: 'trip' | 'stop', start: string, end: string, more: Partial<Segment> = {}): Segment {
  return {
    id: 1, kind, open: false, unitid: 1, registration: 'A', start, end, durationS: (Date.parse(end) - Date.parse(start)) / 1000,
    startLat: 0, startLon: 0, endLat: 0, endLon: 0, startLoc: '', endLoc: '', distanceM: 0, drivingS: 0, idleS: 0, maxSpeed: 0, avgSpeed: 0,
    driverid: null, driver: null, startOdometer: null, endOdometer: null, startEngineHours: null, endEngineHours: null, ...more,
  };
}

describe("a day's totals", () => {
  it('count the part of each segment inside the day, a trip across midnight in proportion to its time', () => {
    const totals = dayTotals([
      seg('trip', '2026-11-19T23:30:00Z', '2026-11-20T00:30:00Z', { distanceM: 10_000, drivingS: 3000, idleS: 600, maxSpeed: 80 }),
      seg('stop', '2026-11-20T00:30:00Z', '2026-11-20T23:00:00Z'),
      seg('trip', '2026-11-20T23:00:00Z', '2026-11-21T01:00:00Z', { distanceM: 40_000, drivingS: 7200, maxSpeed: 100 }),
    ], day.from, day.to);
    expect(totals).toEqual({
      trips: 2, distanceM: 5000 + 20_000, drivingS: 1500 + 3600, idleS: 300, stopS: 22.5 * 3600, maxSpeed: 100,
      firstStart: '2026-11-20T00:00:00.000Z', lastEnd: '2026-11-21T00:00:00.000Z',
    });
  });

  it('count the engine running while stopped as idling too, as the stop rows show it', () => {
    const totals = dayTotals([
      seg('trip', '2026-11-20T08:00:00Z', '2026-11-20T09:00:00Z', { drivingS: 3540, idleS: 60 }),
      seg('stop', '2026-11-20T09:00:00Z', '2026-11-20T10:00:00Z', { idleS: 480 }),
    ], day.from, day.to);
    expect(totals).toMatchObject({ trips: 1, drivingS: 3540, idleS: 540, stopS: 3600 });
  });

  it('are zero for a day without trips', () => {
    expect(dayTotals([], day.from, day.to)).toEqual({ trips: 0, distanceM: 0, drivingS: 0, idleS: 0, stopS: 0, maxSpeed: 0, firstStart: null, lastEnd: null });
  });
});

describe('geofence visits', () => {
  const a = (event: string, poiid: number, time: string, unitid = 1) => ({ kind: 'geofence', event, unitid, poiid, poi: `P${poiid}`, time });
  it('pair each enter with the next exit of the same unit and place; the ends the day lacks are null', () => {
    expect(visitsOf([
      a('exit', 1, '2026-11-20T06:00:00Z'),
      a('enter', 2, '2026-11-20T07:00:00Z'),
      a('enter', 3, '2026-11-20T07:10:00Z'),
      a('exit', 2, '2026-11-20T07:30:00Z'),
      { kind: 'panic', event: 'press', unitid: 1, poiid: null, poi: null, time: '2026-11-20T07:40:00Z' },
      a('enter', 2, '2026-11-20T07:50:00Z', 2),
    ])).toEqual([
      { poiid: 1, name: 'P1', unitid: 1, enter: null, exit: '2026-11-20T06:00:00Z' },
      { poiid: 2, name: 'P2', unitid: 1, enter: '2026-11-20T07:00:00Z', exit: '2026-11-20T07:30:00Z' },
      { poiid: 3, name: 'P3', unitid: 1, enter: '2026-11-20T07:10:00Z', exit: null },
      { poiid: 2, name: 'P2', unitid: 2, enter: '2026-11-20T07:50:00Z', exit: null },
    ]);
  });
});

describe("a driver's spans", () => {
  it('are their segments per vehicle, clipped to the day', () => {
    const row = (unit_id: number, start: string, end: string) => ({ unit_id, start_time: new Date(start), end_time: new Date(end) }) as SegmentRow;
    const spans = spansByUnit([
      row(1, '2026-11-19T22:00:00Z', '2026-11-20T01:00:00Z'), row(2, '2026-11-20T09:00:00Z', '2026-11-20T10:00:00Z'),
      row(1, '2026-11-20T23:00:00Z', '2026-11-21T02:00:00Z'),
    ], day.from, day.to);
    expect(spans.get(1)?.from.map((d) => d.toISOString())).toEqual(['2026-11-20T00:00:00.000Z', '2026-11-20T23:00:00.000Z']);
    expect(spans.get(1)?.to.map((d) => d.toISOString())).toEqual(['2026-11-20T01:00:00.000Z', '2026-11-20T23:59:59.999Z']);
    expect([...spans.keys()]).toEqual([1, 2]);
  });
});

describe('an open trip of a device that went silent', () => {
  const row = (kind: 'trip' | 'stop', endIso: string): SegmentRow => ({
    id: '7', kind, open: true, unit_id: 1, registration: 'A', site_id: 1, start_time: new Date('2026-11-20T08:00:00Z'), end_time: new Date(endIso),
    start_lat: 0, start_lon: 0, end_lat: 0, end_lon: 0, distance_m: 0, driving_s: 0, idle_s: 0, max_speed: 0, avg_speed: 0,
    driver_id: null, driver: null, start_odometer: null, end_odometer: null, start_engine_hours: null, end_engine_hours: null,
  });
  const end = Date.parse('2026-11-20T09:00:00Z');
  it('is shown ended at its last position once it has been silent longer than the longest gap rule', () => {
    expect(segmentOut(row('trip', '2026-11-20T09:00:00Z'), () => '', end + SILENT_TRIP_MS + 1).open).toBe(false);
  });
  it('is still open within the gap rule, and an open stop stays open however long (parked devices report hourly)', () => {
    expect(segmentOut(row('trip', '2026-11-20T09:00:00Z'), () => '', end + SILENT_TRIP_MS).open).toBe(true);
    expect(segmentOut(row('stop', '2026-11-20T09:00:00Z'), () => '', end + 10 * SILENT_TRIP_MS).open).toBe(true);
  });
});
