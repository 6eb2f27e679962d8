import { buildTimesheetWeek, type ShiftPattern, type TimesheetSheet, type TimesheetTrip } from '@fleet/shared';
import sharp from 'sharp';

/**
 * A driver's signed week for the sign-off PDF's tests and its screenshot (not used by the calls):
 * Monday to Friday days with a break, Tuesday's shift over midnight, one correction of each kind.
 */
const pattern: ShiftPattern = {
  name: 'Days 07:00–17:00',
  days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '07:00', end: '17:00', paidBreakMin: 30 })),
  overtimeAfterDayMin: 9 * 60,
  overtimeAfterWeekMin: 45 * 60,
  night: { start: '23:00', end: '06:00' },
};

function trip(id: number, start: string, end: string, drivingS: number): TimesheetTrip {
  const span = (Date.parse(end) - Date.parse(start)) / 1000;
  return { id, unitid: 101, registration: 'FW21 KXA', start, end, drivingS, idleS: span - drivingS };
}

export function fixtureSheet(opts: { driverName?: string; corrections?: number } = {}): TimesheetSheet {
  const trips = [
    trip(1, '2026-11-16T07:02:00Z', '2026-11-16T11:30:00Z', 14000), trip(2, '2026-11-16T12:15:00Z', '2026-11-16T17:40:00Z', 17000),
    trip(3, '2026-11-17T14:00:00Z', '2026-11-17T19:00:00Z', 16000), trip(4, '2026-11-17T19:45:00Z', '2026-11-18T01:30:00Z', 19000),
    trip(5, '2026-11-19T06:55:00Z', '2026-11-19T12:00:00Z', 16500), trip(6, '2026-11-19T12:40:00Z', '2026-11-19T16:10:00Z', 11000),
    trip(7, '2026-11-20T07:10:00Z', '2026-11-20T15:00:00Z', 24000),
  ];
  const week = buildTimesheetWeek({ trips, weekCommencing: '2026-11-16', timeZone: 'Europe/London', pattern });
  const shifts = week.shifts.map((s, i) => ({
    id: 500 + i, source: 'data' as const, day: s.day, start: s.start, end: s.end, dataStart: s.start, dataEnd: s.end, breakS: null,
    notes: i === 1 ? 'Late run to Leeds depot' : '', corrected: i === 0, removed: false, vehicles: s.vehicles,
  }));
  const kinds: Array<{ action: string; field: string; before: unknown; after: unknown; shiftId: number }> = [
    { action: 'updateshift', field: 'start', before: '2026-11-16T07:12:00.000Z', after: '2026-11-16T07:02:00.000Z', shiftId: 500 },
    { action: 'updateshift', field: 'break', before: null, after: 2700, shiftId: 501 },
    { action: 'updateshiftnotes', field: 'notes', before: '', after: 'Late run to Leeds depot', shiftId: 501 },
  ];
  const audit = Array.from({ length: opts.corrections ?? 3 }, (_, i) => {
    const k = kinds[i % kinds.length] ?? { action: 'updateshift', field: 'start', before: null, after: null, shiftId: 500 };
    return { id: i + 1, ...k, userName: 'Sam Office', at: new Date(Date.UTC(2026, 10, 23, 9, i)).toISOString() };
  });
  return {
    id: 42, driver: { id: 7, name: opts.driverName ?? 'Alice Driver' }, site: { id: 1, name: 'Leeds Depot', timezone: 'Europe/London' },
    wc: '2026-11-16', dummy: false, version: 2, lockedAt: null, pattern: { id: 3, name: pattern.name }, shifts, week, audit,
    signoffs: [], driverSignedAt: null,
  };
}

/** A signature as drawn on a screen: a black stroke on transparent, as signature_pad's PNG. */
export function fixtureSignature(): Promise<Buffer> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="160"><path d="M20 120 C 80 20, 120 20, 150 110 S 240 150, 280 60 S 380 30, 420 120 L 560 80" stroke="#000" stroke-width="5" fill="none"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}
