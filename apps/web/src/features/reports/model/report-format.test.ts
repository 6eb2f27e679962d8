import { describe, expect, it } from 'vitest';
import { chartValue, formatCell, formatDuration } from './report-format.ts';

const uk = { system: 'imperial' as const, timeZone: 'Europe/London' };
const metric = { system: 'metric' as const, timeZone: 'Europe/Berlin' };

describe('report cells in the site units', () => {
  it('shows metres as miles or kilometres, one decimal under 100', () => {
    expect(formatCell('distance', 16_093.44, uk)).toBe('10 mi');
    expect(formatCell('distance', 1_500, metric)).toBe('1.5 km');
    expect(formatCell('distance', 250_000, metric)).toBe('250 km');
  });

  it('shows km/h as mph on an imperial site and as km/h on a metric one', () => {
    expect(formatCell('speed', 112.65, uk)).toBe('70 mph');
    expect(formatCell('speed', 112.65, metric)).toBe('113 km/h');
  });

  it('writes durations in hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(12 * 60 + 20)).toBe('12 min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2 h 05 min');
    expect(formatDuration(-1)).toBe('–');
    expect(formatCell('duration', 3600 * 30, uk)).toBe('30 h 00 min');
  });

  it('shows times in the site zone and days as days, whatever the browser zone', () => {
    // 23:30 UTC on the last Saturday of October is already Sunday 00:30 in Berlin, 00:30 BST in London.
    expect(formatCell('datetime', '2026-10-24T23:30:00Z', uk)).toBe('25 Oct 2026, 00:30');
    expect(formatCell('datetime', '2026-10-24T23:30:00Z', metric)).toBe('25 Oct 2026, 01:30');
    expect(formatCell('date', '2026-11-24', metric)).toBe('Tue, 24 Nov 2026');
  });

  it('shows no value as a dash, and numbers with separators', () => {
    expect(formatCell('distance', null, uk)).toBe('–');
    expect(formatCell('text', '', uk)).toBe('–');
    expect(formatCell('number', 12345.678, uk)).toBe('12,345.68');
    expect(formatCell('percent', 42.25, uk)).toBe('42.3 %');
    expect(formatCell('text', 'YK21 ABC', uk)).toBe('YK21 ABC');
  });

  it('plots distances in the site unit and durations in hours', () => {
    expect(chartValue('distance', 1609.344, 'imperial')).toBeCloseTo(1, 6);
    expect(chartValue('distance', 1000, 'metric')).toBe(1);
    expect(chartValue('duration', 5400, 'metric')).toBe(1.5);
    expect(chartValue('number', 'x', 'metric')).toBeNull();
  });
});
