import { describe, expect, it } from 'vitest';
import { daysInRange, formatBytes, isActive, percentDone } from './data-request-view.ts';

describe('data request view', () => {
  it('says which states are still active', () => {
    expect(['queued', 'running', 'ready', 'failed', 'cancelled', 'expired'].filter((s) => isActive(s as never))).toEqual(['queued', 'running']);
  });

  it('shows progress against an estimate, never 100 % before the file is ready', () => {
    expect(percentDone(0, 0, 'running')).toBe(0);
    expect(percentDone(250, 1000, 'running')).toBe(25);
    expect(percentDone(1500, 1000, 'running')).toBe(99);
    expect(percentDone(7, 8, 'ready')).toBe(100);
  });

  it('writes sizes in decimal units', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(4_200_000)).toBe('4.20 MB');
    expect(formatBytes(18_400_000)).toBe('18.4 MB');
    expect(formatBytes(1_350_000_000)).toBe('1.35 GB');
  });

  it('counts the days of a range, both ends included', () => {
    expect(daysInRange('2025-06-10', '2025-06-10')).toBe(1);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInRange('2025-06-10', '2025-06-09')).toBeNull();
    expect(daysInRange('', '2025-06-09')).toBeNull();
  });
});
