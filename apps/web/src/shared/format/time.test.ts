import { describe, expect, it } from 'vitest';
import { formatFullDate, formatHHmm, formatHHmmss, formatRelative } from './time.ts';

describe('formatHHmm (alert times)', () => {
  it.each([
    ['2026-01-15T09:05:00Z', '09:05'],
    ['2026-07-15T09:05:00Z', '10:05'], // British Summer Time
    ['2026-01-15T23:59:59Z', '23:59'],
    ['2026-01-16T00:00:00Z', '00:00'],
    ['not a date', ''],
  ])('%s -> %s', (iso, expected) => expect(formatHHmm(iso)).toBe(expected));
});

describe('formatHHmmss (debugger frame times)', () => {
  it.each([
    ['2026-01-15T09:05:07.123Z', '09:05:07'],
    ['2026-07-15T23:59:59Z', '00:59:59'], // British Summer Time, next day
    ['2026-01-16T00:00:00Z', '00:00:00'],
    ['not a date', ''],
  ])('%s -> %s', (iso, expected) => expect(formatHHmmss(iso)).toBe(expected));
});

describe('formatRelative', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it.each([
    ['2026-03-01T11:59:40Z', 'now'],
    ['2026-03-01T11:56:00Z', '4 min ago'],
    ['2026-03-01T09:00:00Z', '3 hr ago'],
    ['2026-02-27T12:00:00Z', '2 days ago'],
  ])('%s -> %s', (iso, expected) => expect(formatRelative(iso, now)).toBe(expected));
});

describe('formatFullDate', () => {
  it('includes the date, time and zone', () => {
    expect(formatFullDate('2026-03-03T14:05:09Z')).toMatch(/3 Mar 2026.*14:05:09.*GMT/);
  });
});

describe('kept formatters', () => {
  it('keep each zone and locale apart', () => {
    const t = '2026-07-15T09:05:00Z';
    expect(formatHHmm(t)).toBe('10:05');
    expect(formatHHmm(t, 'America/New_York')).toBe('05:05');
    expect(formatHHmm(t)).toBe('10:05');
    expect(formatFullDate(t, 'UTC')).toMatch(/15 Jul 2026.*09:05:00.*UTC/);
    expect(formatFullDate(t)).toMatch(/10:05:00.*BST/);
    expect(formatFullDate(t, 'UTC', 'en-US')).toMatch(/Jul 15, 2026/);
  });
});
