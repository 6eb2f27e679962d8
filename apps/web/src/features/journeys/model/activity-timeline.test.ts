import type { Segment } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { durationParts, readActivityParams, replayMoment, timelineOf } from './activity-timeline.ts';

function segment(id: number, kind: 'trip' | 'stop', start: string, end: string): Segment {
  return {
    id, kind, open: false, unitid: 1, registration: 'YK21 ABC', start, end, durationS: (Date.parse(end) - Date.parse(start)) / 1000,
    startLat: 53.8, startLon: -1.5, endLat: 53.8, endLon: -1.5, startLoc: 'Leeds', endLoc: 'Leeds', distanceM: 0, drivingS: 0, idleS: 0,
    maxSpeed: 0, avgSpeed: 0, driverid: null, driver: null, startOdometer: null, endOdometer: null, startEngineHours: null, endEngineHours: null,
  };
}

describe('the day as one timeline', () => {
  it('puts trips, stops, alerts, visits and check-ins in their place in time', () => {
    const entries = timelineOf({
      segments: [segment(1, 'stop', '2026-11-23T18:00:00.000Z', '2026-11-24T08:00:00.000Z'), segment(2, 'trip', '2026-11-24T08:00:00.000Z', '2026-11-24T08:30:00.000Z')],
      alerts: [{ aid: 9, kind: 'panic', time: '2026-11-24T08:10:00.000Z', unitid: 1, registration: 'YK21 ABC', text: 'Panic', lat: null, lon: null }],
      // Only the end of this visit is in the day: it sits where it ended.
      visits: [
        { poiid: 4, name: 'Depot', unitid: 1, enter: null, exit: '2026-11-24T07:59:00.000Z' },
        { poiid: 5, name: 'Yard', unitid: 1, enter: '2026-11-24T08:00:00.000Z', exit: null },
        { poiid: 6, name: 'Nowhere', unitid: 1, enter: null, exit: null },
      ],
      checkins: [{ time: '2026-11-24T08:20:00.000Z', lat: 0, lon: 0, loc: '' }],
    });
    expect(entries.map((e) => e.kind)).toEqual(['stop', 'visit', 'trip', 'visit', 'alert', 'checkin']);
  });

  it("lets a visit stand for the geofence alerts at its ends, and keeps every other alert", () => {
    const alert = (aid: number, kind: string, time: string, unitid = 1) => ({ aid, kind, time, unitid, registration: 'YK21 ABC', text: '', lat: null, lon: null });
    const entries = timelineOf({
      segments: [],
      alerts: [
        alert(1, 'geofence', '2026-11-24T09:00:00.000Z'),
        alert(2, 'geofence', '2026-11-24T09:30:00.000Z'),
        alert(3, 'geofence', '2026-11-24T09:30:00.000Z', 2),
        alert(4, 'panic', '2026-11-24T09:00:00.000Z'),
        alert(5, 'geofence', '2026-11-24T10:00:00.000Z'),
      ],
      visits: [{ poiid: 4, name: 'Depot', unitid: 1, enter: '2026-11-24T09:00:00Z', exit: '2026-11-24T09:30:00.000Z' }],
      checkins: [],
    });
    expect(entries.map((e) => (e.kind === 'alert' ? e.alert.aid : e.kind))).toEqual(['visit', 4, 3, 5]);
  });

  it('opens a replay at the day start for a segment begun the day before', () => {
    expect(replayMoment(Date.parse('2026-11-23T18:00:00Z'), '2026-11-24T00:00:00.000Z')).toBe(Date.parse('2026-11-24T00:00:00Z'));
    expect(replayMoment(Date.parse('2026-11-24T08:00:00Z'), '2026-11-24T00:00:00.000Z')).toBe(Date.parse('2026-11-24T08:00:00Z'));
  });

  it('splits durations for reading', () => {
    expect(durationParts(45)).toEqual({ h: 0, m: 0, s: 45 });
    expect(durationParts(12 * 60 + 30)).toEqual({ h: 0, m: 12, s: 30 });
    expect(durationParts(3600 + 5 * 60 + 40)).toEqual({ h: 1, m: 6, s: 0 });
    expect(durationParts(-5)).toEqual({ h: 0, m: 0, s: 0 });
    expect(durationParts(Number.NaN)).toEqual({ h: 0, m: 0, s: 0 });
  });

  it('reads whose day and which day from the address', () => {
    expect(readActivityParams(new URLSearchParams('v=12&d=2026-11-24'))).toEqual({ subject: { kind: 'vehicle', id: 12 }, day: '2026-11-24', badDay: false });
    expect(readActivityParams(new URLSearchParams('driver=3'))).toEqual({ subject: { kind: 'driver', id: 3 }, day: null, badDay: false });
    expect(readActivityParams(new URLSearchParams('v=abc&d=2026-02-30'))).toEqual({ subject: null, day: null, badDay: true });
    expect(readActivityParams(new URLSearchParams(''))).toEqual({ subject: null, day: null, badDay: false });
  });
});
