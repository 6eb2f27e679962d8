import { describe, expect, it } from 'vitest';
import { DRIVER_OUT_OF_DATE_MS, isDriverOutOfDate } from './driver.ts';

const now = Date.parse('2026-11-22T12:00:00.000Z');

describe('isDriverOutOfDate (spec 4 and 9: more than 24 hours old)', () => {
  const table: Array<[name: string, updated: string | null, outOfDate: boolean]> = [
    ['updated just now', '2026-11-22T12:00:00.000Z', false],
    ['updated an hour ago', '2026-11-22T11:00:00.000Z', false],
    ['updated 23 h 59 m ago', '2026-11-21T12:01:00.000Z', false],
    ['updated exactly 24 h ago', '2026-11-21T12:00:00.000Z', false],
    ['updated 24 h and 1 ms ago', '2026-11-21T11:59:59.999Z', true],
    ['updated 3 days ago', '2026-11-19T12:00:00.000Z', true],
    ['exactly 24 h ago, written with an offset', '2026-11-21T13:00:00.000+01:00', false],
    ['updated in the future (device clock ahead)', '2026-11-22T13:00:00.000Z', false],
    ['never updated', null, true],
    ['empty text', '', true],
    ['text that is not a date', 'yesterday', true],
  ];
  it.each(table)('%s -> %s', (_name, updated, outOfDate) => {
    expect(isDriverOutOfDate(updated, now)).toBe(outOfDate);
  });
  it('the threshold is 24 hours', () => expect(DRIVER_OUT_OF_DATE_MS).toBe(86_400_000));
});
