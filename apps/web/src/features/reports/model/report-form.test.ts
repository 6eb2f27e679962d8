import type { ReportKindInfo } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { formatRange, quickRange, quickRangeOf } from './date-range.ts';
import { defaultThreshold, type ReportFormValues, toRunBody } from './report-form.ts';
import { fileNameOf } from '../../../shared/api/file-name.ts';
import { newestFirst, progressPercent } from './report-runs.ts';

const speeding: ReportKindInfo = { what: 'speeding', name: 'Speeding', description: '', metrics: ['vehicle', 'group'], options: ['threshold'], tracksec: false };
const form = (patch: Partial<ReportFormValues> = {}): ReportFormValues => ({
  what: 'speeding', metric: 'vehicle', src: [4, 7], from: '2026-11-16', to: '2026-11-22', threshold: 70, minIdleMin: 5, minStopMin: 5, ...patch,
});

describe('the report form', () => {
  it('sends the threshold in km/h from the site unit, and only the options the kind reads', () => {
    const out = toRunBody(form(), speeding, 'imperial');
    expect(out.body).toEqual({ what: 'speeding', metric: 'vehicle', src: [4, 7], record: { from: '2026-11-16', to: '2026-11-22', threshold: 113 } });
    expect(toRunBody(form({ threshold: 110 }), speeding, 'metric').body?.record.threshold).toBe(110);
  });

  it('refuses a backwards range, a range over the limit, a missing kind and a bad speed, naming the field', () => {
    expect(toRunBody(form({ to: '2026-11-15' }), speeding, 'imperial').errors).toEqual({ to: { key: 'toBeforeFrom' } });
    expect(toRunBody(form({ from: '2026-01-01', to: '2026-11-22' }), speeding, 'imperial').errors?.to?.key).toBe('tooLong');
    expect(toRunBody(form(), undefined, 'imperial').errors?.what?.key).toBe('chooseKind');
    expect(toRunBody(form({ threshold: '' }), speeding, 'imperial').errors?.threshold?.key).toBe('threshold');
    expect(toRunBody(form({ threshold: 200 }), speeding, 'imperial').errors?.threshold?.key).toBe('threshold');
    expect(toRunBody(form({ metric: 'driver' }), speeding, 'imperial').errors?.metric?.key).toBe('metric');
  });

  it('sends no ids for the whole site', () => {
    const site = { ...speeding, metrics: ['site' as const] };
    expect(toRunBody(form({ metric: 'site' }), site, 'metric').body?.src).toEqual([]);
  });
});

describe('quick ranges in site days', () => {
  it('counts yesterday, last week (Monday to Sunday) and last month from the site today', () => {
    // Tuesday 24 November 2026.
    expect(quickRange('yesterday', '2026-11-24')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(quickRange('lastweek', '2026-11-24')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(quickRange('lastweek', '2026-11-23')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(quickRange('lastweek', '2026-11-29')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(quickRange('lastmonth', '2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(quickRange('lastmonth', '2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(quickRange('lastmonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(quickRangeOf({ from: '2026-11-16', to: '2026-11-22' }, '2026-11-24')).toBe('lastweek');
    expect(quickRangeOf({ from: '2026-11-16', to: '2026-11-21' }, '2026-11-24')).toBeNull();
  });
});

describe('runs and files', () => {
  it('turns progress into a percentage, never past 100 nor NaN', () => {
    expect(progressPercent({ status: 'running', progress: { done: 120, total: 500, text: '' } })).toBe(24);
    expect(progressPercent({ status: 'running', progress: { done: 0, total: 0, text: '' } })).toBe(0);
    expect(progressPercent({ status: 'running', progress: { done: 9, total: 5, text: '' } })).toBe(100);
    expect(progressPercent({ status: 'done', progress: { done: 0, total: 0, text: '' } })).toBe(100);
  });

  it('lists runs newest first, by time and then id, not as text (9 before 19)', () => {
    const at = (m: number) => `2026-11-24T14:${String(m).padStart(2, '0')}:00Z`;
    const runs = [{ id: 9, createdAt: at(43) }, { id: 19, createdAt: at(48) }, { id: 1, createdAt: at(14) }, { id: 20, createdAt: at(48) }];
    expect(newestFirst(runs).map((r) => r.id)).toEqual([20, 19, 9, 1]);
  });

  it('takes the file name from Content-Disposition, without folders', () => {
    expect(fileNameOf('attachment; filename="trips-2026-11-16.xlsx"', 'x')).toBe('trips-2026-11-16.xlsx');
    expect(fileNameOf("attachment; filename=\"a.csv\"; filename*=UTF-8''Fahrten%20M%C3%BCnchen.csv", 'x')).toBe('Fahrten München.csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x')).toBe('.._.._etc_passwd');
    expect(fileNameOf(null, 'report-3.pdf')).toBe('report-3.pdf');
    expect(fileNameOf('attachment', 'report-3.pdf')).toBe('report-3.pdf');
  });
});

describe('a range in words', () => {
  it('names both days, or the one day', () => {
    expect(formatRange({ from: '2026-11-16', to: '2026-11-22' })).toBe('16 Nov 2026 – 22 Nov 2026');
    expect(formatRange({ from: '2026-11-23', to: '2026-11-23' })).toBe('23 Nov 2026');
  });

  it("starts from the site's own speeding threshold (km/h) in the site unit, else 70 mph or 110 km/h", () => {
    expect(defaultThreshold('imperial', 90)).toBe(56);
    expect(defaultThreshold('metric', 90)).toBe(90);
    expect(defaultThreshold('imperial')).toBe(70);
    expect(defaultThreshold('metric')).toBe(110);
  });
});
