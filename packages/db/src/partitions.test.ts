import { describe, expect, it } from 'vitest';
import { addMonths, monthStart, partitionMonth, partitionName, retentionCutoff } from './partitions.ts';

describe('monthly partitions of the positions log', () => {
  it('names a month in UTC, whatever the local clock says', () => {
    expect(partitionName(monthStart(Date.parse('2026-11-30T23:59:59.999Z')))).toBe('positions_2026_11');
    expect(partitionName(monthStart(Date.parse('2026-12-01T00:00:00Z')))).toBe('positions_2026_12');
    expect(partitionName(addMonths(monthStart(Date.parse('2026-11-24T08:00:00Z')), 2))).toBe('positions_2027_01');
  });

  it('reads a month back from its partition only', () => {
    expect(partitionMonth('positions_2027_03')?.toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(partitionMonth('positions_default')).toBeUndefined();
    expect(partitionMonth('positions_2027_3')).toBeUndefined();
  });

  it('makes positions due a whole number of months back, at the same moment of the day', () => {
    expect(retentionCutoff(Date.parse('2027-06-20T08:00:00Z'), 6).toISOString()).toBe('2026-12-20T08:00:00.000Z');
    expect(retentionCutoff(Date.parse('2027-06-20T08:00:00Z'), 12).toISOString()).toBe('2026-06-20T08:00:00.000Z');
    // The 31st of a month whose target month is shorter: its last day.
    expect(retentionCutoff(Date.parse('2027-03-31T12:00:00Z'), 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
  });
});
