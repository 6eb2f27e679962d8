import { describe, expect, it } from 'vitest';
import { emptyPattern, recordOf, valuesOf } from './pattern-form.ts';

describe('the shift pattern form', () => {
  it('sends the planned days, overtime in minutes and the night window, and reads them back', () => {
    const v = { ...emptyPattern(), name: 'Days', overtimeDayH: '8,5' };
    const r = recordOf(v);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rec.pattern.days.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(r.rec.pattern.overtimeAfterDayMin).toBe(510);
    expect(r.rec.pattern.night).toEqual({ start: '23:00', end: '06:00' });
    const back = valuesOf(r.rec as unknown as Record<string, unknown>);
    expect(back).toEqual({ ...v, overtimeDayH: '8.5' });
  });

  it('sends no rule for empty overtime and no night window when off', () => {
    const r = recordOf({ ...emptyPattern(), name: 'Flexible', overtimeDayH: '', overtimeWeekH: ' ', nightOn: false });
    expect(r.ok && r.rec.pattern).toMatchObject({ overtimeAfterDayMin: null, overtimeAfterWeekMin: null, night: null });
  });

  it('names the field of the first problem', () => {
    expect(recordOf({ ...emptyPattern(), name: '  ' })).toMatchObject({ ok: false, field: 'name' });
    const days = emptyPattern().days.map((d, i) => (i === 2 ? { ...d, end: '07:00' } : d));
    expect(recordOf({ ...emptyPattern(), name: 'x', days })).toMatchObject({ ok: false, field: 'days.3.end' });
    const breaks = emptyPattern().days.map((d, i) => (i === 0 ? { ...d, paidBreakMin: '' } : d));
    expect(recordOf({ ...emptyPattern(), name: 'x', days: breaks })).toMatchObject({ ok: false, field: 'days.1.paidBreakMin' });
    expect(recordOf({ ...emptyPattern(), name: 'x', overtimeWeekH: 'lots' })).toMatchObject({ ok: false, field: 'overtimeAfterWeekMin' });
  });
});
