import { describe, expect, it } from 'vitest';
import { buildShifts } from './shifts.ts';
import { drive, FW21, FW70 } from './test-drives.ts';

const london = 'Europe/London';
const night = { start: '23:00', end: '06:00' };
const a = (id: number, v: typeof FW21, start: string, end: string, drivingS: number) => drive(id, v.unitid, v.registration, start, end, drivingS);

describe('shifts from a driver\'s trips', () => {
  it('keeps a night shift over midnight whole, on the day it started, with its break and night time', () => {
    // November: London is on GMT, so UTC reads as the local clock.
    const trips = [
      a(3, FW21, '2026-11-24T03:18:00Z', '2026-11-24T05:45:00Z', 8400), // 8 min after the last: not a break
      a(1, FW21, '2026-11-23T21:40:00Z', '2026-11-23T23:55:00Z', 7800),
      a(2, FW21, '2026-11-24T00:20:00Z', '2026-11-24T03:10:00Z', 9600), // 25 min after the first: a break
    ];
    const [shift, ...more] = buildShifts(trips, london, night);
    expect(more).toEqual([]);
    expect(shift).toEqual({
      day: '2026-11-23',
      start: '2026-11-23T21:40:00.000Z',
      end: '2026-11-24T05:45:00.000Z',
      durationS: 8 * 3600 + 5 * 60,
      drivingS: 7800 + 9600 + 8400,
      idleS: 300 + 600 + 420,
      breakS: 25 * 60,
      otherS: 8 * 60,
      // 23:00–23:55 and 00:20–05:45: the break is not night work.
      nightS: 55 * 60 + (5 * 3600 + 25 * 60),
      breaks: [{ start: '2026-11-23T23:55:00.000Z', end: '2026-11-24T00:20:00.000Z', durationS: 1500 }],
      vehicles: [FW21],
      tripIds: [1, 2, 3],
    });
  });

  it('keeps a driver who switches vehicles mid-shift in one shift, listing the vehicles in order', () => {
    const trips = [
      a(10, FW21, '2026-11-24T07:00:00Z', '2026-11-24T09:30:00Z', 8400),
      a(11, FW70, '2026-11-24T09:40:00Z', '2026-11-24T12:00:00Z', 8000), // swapped at the depot in 10 min
      a(12, FW21, '2026-11-24T12:45:00Z', '2026-11-24T16:30:00Z', 12600), // back after a 45-minute break
    ];
    const shifts = buildShifts(trips, london, night);
    expect(shifts).toHaveLength(1);
    expect(shifts[0]).toMatchObject({ vehicles: [FW21, FW70], tripIds: [10, 11, 12], durationS: 9.5 * 3600, breakS: 2700, otherS: 600, nightS: 0 });
  });

  it('ends a shift at 4 hours of rest, not before', () => {
    const morning = a(20, FW21, '2026-11-25T06:00:00Z', '2026-11-25T10:00:00Z', 13000);
    const later = (start: string) => a(21, FW21, start, '2026-11-25T16:00:00Z', 5000);
    expect(buildShifts([morning, later('2026-11-25T14:00:00Z')], london, night).map((s) => s.tripIds)).toEqual([[20], [21]]);
    const split = buildShifts([morning, later('2026-11-25T13:59:59Z')], london, night);
    expect(split.map((s) => [s.tripIds, s.breakS])).toEqual([[[20, 21], 4 * 3600 - 1]]);
  });

  it('counts time two overlapping trips share once', () => {
    // The driver's key left in one cab while driving another: 08:00–10:00 and 09:30–11:00.
    const trips = [
      a(30, FW21, '2026-11-26T08:00:00Z', '2026-11-26T10:00:00Z', 7000),
      a(31, FW70, '2026-11-26T09:30:00Z', '2026-11-26T11:00:00Z', 5000),
    ];
    const [shift] = buildShifts(trips, london, night);
    // Trip 31 adds its last hour only: two thirds of its 5000 s driving and 400 s idling.
    expect(shift).toMatchObject({ durationS: 3 * 3600, drivingS: 7000 + 3333, idleS: 200 + 267, breakS: 0, otherS: 0 });
  });

  it('answers nothing for no trips, and refuses a trip that ends before it starts or is not dated', () => {
    expect(buildShifts([], london, night)).toEqual([]);
    const back = { ...a(40, FW21, '2026-11-26T08:00:00Z', '2026-11-26T09:00:00Z', 3000), end: '2026-11-26T07:00:00Z' };
    expect(() => buildShifts([back], london, night)).toThrow('trip 40: ends (2026-11-26T07:00:00Z) before it starts (2026-11-26T08:00:00Z)');
    const undated = { ...back, start: 'yesterday' };
    expect(() => buildShifts([undated], london, night)).toThrow("trip 40: start 'yesterday' is not a date and time");
    const negative = { ...a(41, FW21, '2026-11-26T08:00:00Z', '2026-11-26T09:00:00Z', 3000), idleS: -1 };
    expect(() => buildShifts([negative], london, night)).toThrow('trip 41: idleS must be 0 or more seconds');
  });
});
