import type { TimesheetListEntry, TimesheetSignoffEntry } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { canSignOff, hasNextWeek, otherWeek, sheetState, signoffsOf } from './signoff-state.ts';

const entry = (over: Partial<TimesheetListEntry>): TimesheetListEntry => ({
  id: 5, driver: { id: 1, name: 'Alice' }, wc: '2026-11-16', shifts: 4, workedS: 3600, drivingS: 0, overtimeS: 0, nightS: 0,
  corrections: 0, lockedAt: null, version: 1, driverSignedAt: null, ...over,
});
const signoff = (version: number, timesheetId = 5): TimesheetSignoffEntry => ({
  id: 100 + version, timesheetId, version, operatorName: 'Sam', operatorSignedAt: '2026-11-23T10:00:00Z', driverSignedAt: null, pdfSha256: 'x', pdfBytes: 1,
});

describe('a sheet\'s sign-off state', () => {
  it('reads none, open, signed by the driver and signed off (with the locked version\'s sign-off)', () => {
    expect(sheetState(entry({ id: null }), [])).toEqual({ kind: 'none' });
    expect(sheetState(entry({}), [])).toEqual({ kind: 'open', version: 1 });
    expect(sheetState(entry({ driverSignedAt: '2026-11-22T18:00:00Z' }), [])).toMatchObject({ kind: 'driverSigned', version: 1 });
    const locked = sheetState(entry({ lockedAt: '2026-11-23T10:00:00Z', version: 2 }), [signoff(1), signoff(2), signoff(2, 6)]);
    expect(locked).toMatchObject({ kind: 'signedOff', version: 2, signoff: { id: 102, timesheetId: 5 } });
    expect(canSignOff(locked)).toBe(false);
    expect(canSignOff(sheetState(entry({ id: null }), []))).toBe(true);
  });

  it('lists a sheet\'s sign-offs newest first and only its own', () => {
    expect(signoffsOf(5, [signoff(1), signoff(3), signoff(2, 6)]).map((s) => s.version)).toEqual([3, 1]);
    expect(signoffsOf(null, [signoff(1)])).toEqual([]);
  });

  it('moves between weeks', () => {
    expect(otherWeek('2026-11-16', -1)).toBe('2026-11-09');
    expect(otherWeek('2026-10-19', 1)).toBe('2026-10-26');
  });
});

describe('next week', () => {
  it('is offered before the site\'s current week, not on it or after', () => {
    expect(hasNextWeek('2026-11-16', '2026-11-23')).toBe(true);
    expect(hasNextWeek('2026-11-23', '2026-11-23')).toBe(false);
    expect(hasNextWeek('2026-11-30', '2026-11-23')).toBe(false);
  });
});
