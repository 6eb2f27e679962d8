import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { checkShiftForm } from './shift-form.ts';

const t = ((key: string) => key) as unknown as TFunction;

describe('checkShiftForm', () => {
  it('reads a good form in the site clock', () => {
    const c = checkShiftForm('2026-11-16T07:00', '2026-11-16T15:00', '30', 'Europe/London', t);
    expect(c).toEqual({ startIso: '2026-11-16T07:00:00.000Z', endIso: '2026-11-16T15:00:00.000Z', breakValue: 30, errors: { start: null, end: null, break: null }, valid: true });
  });

  it('names each bad field', () => {
    expect(checkShiftForm('', '2026-11-16T15:00', '30', 'Europe/London', t).errors.start).toBe('timesheets.edit.badTime');
    expect(checkShiftForm('2026-11-16T07:00', 'x', '30', 'Europe/London', t).errors.end).toBe('timesheets.edit.badTime');
    const before = checkShiftForm('2026-11-16T15:00', '2026-11-16T07:00', '30', 'Europe/London', t);
    expect(before.errors.end).toBe('timesheets.edit.endBeforeStart');
    expect(before.valid).toBe(false);
    expect(checkShiftForm('2026-11-16T07:00', '2026-11-16T15:00', 'lots', 'Europe/London', t).errors.break).toBe('timesheets.edit.badBreak');
  });
});
