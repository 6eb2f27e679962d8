import type { AlertEvent } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import {
  type AlertsState,
  alertsReducer,
  type DashAlerts,
  type GeofenceItem,
  geofenceLines,
  initialAlertsState,
  newPanicIds,
} from './alerts-state.ts';

const counts = { panic: 1, zone: 2, spn: 0, vcl: null, servicing: null, runover: null, device: 0 };
const zone = (aid: number, unitid: number, updated: string, event = 'enter'): GeofenceItem => ({
  aid,
  unitid,
  registration: `REG ${unitid}`,
  updated,
  vehiclealarm: true,
  poi: 'Depot',
  event,
});
const answer: DashAlerts = {
  panic: 'AB12 CDE|At Depot|2026-03-01T09:00:00Z|17|902',
  geofence: [zone(11, 5, '2026-03-01T08:30:00Z'), zone(10, 5, '2026-03-01T08:00:00Z', 'exit')],
  counts,
};
const event = (aid: number, kind: AlertEvent['kind'], uid = 7): AlertEvent => ({
  aid,
  kind,
  event: kind === 'geofence' ? 'enter' : kind === 'panic' ? 'press' : 'fault',
  uid,
  vehicle: `V${uid}`,
  poi: kind === 'geofence' ? 'Yard' : '',
  loc: 'At Yard',
  updated: '2026-03-01T10:00:00Z',
});

const loaded = (requestedAt = 1000, state: AlertsState = initialAlertsState) =>
  alertsReducer(state, { type: 'loaded', answer, requestedAt });

describe('alertsReducer', () => {
  it('loads dashalerts: the panic string parsed, geofence alerts and counts as answered', () => {
    const s = loaded();
    expect(s.panic).toEqual([{ vehicle: 'AB12 CDE', loc: 'At Depot', updated: '2026-03-01T09:00:00Z', uid: 17, aid: 902 }]);
    expect(s.geofence.map((a) => a.aid)).toEqual([11, 10]);
    expect(s.counts).toEqual(counts);
  });

  it('adds live panics and geofence alerts first and bumps their counts; SPN and device alarms only count', () => {
    const s = alertsReducer(loaded(), {
      type: 'received',
      events: [event(903, 'panic'), event(12, 'geofence'), event(50, 'spn'), event(52, 'device')],
      at: 2000,
    });
    expect(s.panic.map((a) => a.aid)).toEqual([903, 902]);
    expect(s.panic[0]).toEqual({ aid: 903, uid: 7, vehicle: 'V7', loc: 'At Yard', updated: '2026-03-01T10:00:00Z' });
    expect(s.geofence[0]).toMatchObject({ aid: 12, unitid: 7, registration: 'V7', poi: 'Yard', event: 'enter', vehiclealarm: true });
    expect(s.counts).toMatchObject({ panic: 2, zone: 3, spn: 1, vcl: null, device: 1 });
  });

  it('ignores an event it already has (same alert id twice, or already in the answer)', () => {
    const once = alertsReducer(loaded(), { type: 'received', events: [event(903, 'panic')], at: 2000 });
    const twice = alertsReducer(once, { type: 'received', events: [event(903, 'panic')], at: 2001 });
    expect(twice).toBe(once);
    const dup = alertsReducer(loaded(), { type: 'received', events: [event(902, 'panic', 17)], at: 2000 });
    expect(dup.panic).toHaveLength(1);
    expect(dup.counts?.panic).toBe(1);
  });

  it('keeps counts unknown until the first answer, then live events count', () => {
    const s = alertsReducer(initialAlertsState, { type: 'received', events: [event(903, 'panic')], at: 1 });
    expect(s.counts).toBeNull();
    expect(s.panic).toHaveLength(1);
  });

  it('re-applies live events an answer asked before them may not include', () => {
    const live = alertsReducer(initialAlertsState, {
      type: 'received',
      events: [event(903, 'panic'), event(51, 'spn'), event(53, 'device')],
      at: 5000,
    });
    const s = loaded(4000, live);
    expect(s.panic.map((a) => a.aid)).toEqual([903, 902]);
    // SPN and device alarms have no list to compare with, so their counts are taken from the answer.
    expect(s.counts).toMatchObject({ panic: 2, spn: 0, device: 0 });
    // An answer asked after the event covers it: nothing to re-apply, nothing kept.
    const later = loaded(6000, s);
    expect(later.panic.map((a) => a.aid)).toEqual([902]);
    expect(later.recent).toEqual([]);
  });

  it('clearing a vehicle: flag false while it runs, back on failure, its alerts gone on success', () => {
    const clearing = alertsReducer(loaded(), { type: 'geofenceClearing', unitid: 5 });
    expect(clearing.geofence.every((a) => !a.vehiclealarm)).toBe(true);
    const failed = alertsReducer(clearing, { type: 'geofenceClearFailed', unitid: 5 });
    expect(failed.geofence.every((a) => a.vehiclealarm)).toBe(true);
    const cleared = alertsReducer(clearing, { type: 'geofenceCleared', unitid: 5 });
    expect(cleared.geofence).toEqual([]);
    expect(cleared.counts?.zone).toBe(0);
  });

  it('an acknowledged panic leaves the banner and its count at once', () => {
    const s = alertsReducer(loaded(), { type: 'panicCleared', aid: 902 });
    expect(s.panic).toEqual([]);
    expect(s.counts?.panic).toBe(0);
    expect(alertsReducer(s, { type: 'panicCleared', aid: 999 }).counts?.panic).toBe(0);
  });

  it("drops alerts another browser cleared: the banners' lines and their counts, by alert id", () => {
    const live = alertsReducer(loaded(), { type: 'received', events: [event(12, 'geofence', 8)], at: 2000 });
    const s = alertsReducer(live, {
      type: 'cleared',
      alerts: [
        { aid: 902, kind: 'panic', uid: 17 },
        { aid: 11, kind: 'geofence', uid: 5 },
        { aid: 12, kind: 'geofence', uid: 8 },
      ],
    });
    expect(s.panic).toEqual([]);
    expect(s.geofence.map((a) => a.aid)).toEqual([10]);
    expect(s.recent).toEqual([]);
    expect(s.counts).toMatchObject({ panic: 0, zone: 1 });
    // A cleared live event is not re-applied by an answer asked before the clear.
    expect(alertsReducer(s, { type: 'loaded', answer: { ...answer, panic: '', geofence: [] }, requestedAt: 1500 }).geofence).toEqual([]);
  });

  it('changes nothing for a clear it has applied already or alerts it never held', () => {
    const s = alertsReducer(loaded(), { type: 'panicCleared', aid: 902 });
    expect(alertsReducer(s, { type: 'cleared', alerts: [{ aid: 902, kind: 'panic', uid: 17 }] })).toBe(s);
    expect(alertsReducer(s, { type: 'cleared', alerts: [{ aid: 77, kind: 'spn', uid: 3 }] })).toBe(s);
  });

  it('resets on sign-out or site switch', () => {
    expect(alertsReducer(loaded(), { type: 'reset' })).toEqual(initialAlertsState);
  });
});

describe('geofenceLines', () => {
  it('one line per vehicle with its most recently raised alert and how many it has, the latest raised first', () => {
    const lines = geofenceLines([zone(3, 9, '2026-03-01T10:00:00Z'), ...answer.geofence, zone(1, 9, '2026-03-01T07:00:00Z')]);
    expect(lines.map((l) => [l.unitid, l.latest.aid, l.count])).toEqual([
      [5, 11, 2],
      [9, 3, 2],
    ]);
  });
  it('puts an alert raised last first even when its device time is older (a buffered report)', () => {
    const lines = geofenceLines([zone(11, 5, '2026-03-01T08:30:00Z'), zone(12, 9, '2026-02-27T07:00:00Z')]);
    expect(lines.map((l) => l.unitid)).toEqual([9, 5]);
  });
  it('is empty without alerts', () => expect(geofenceLines([])).toEqual([]));
});

describe('newPanicIds', () => {
  it('lists the panics not seen before', () => {
    const panic = loaded().panic;
    expect(newPanicIds(new Set(), panic)).toEqual([902]);
    expect(newPanicIds(new Set([902]), panic)).toEqual([]);
  });
});
