import type { VclAlert } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { applyVclDealt, faultSummary, newestFirst, reportedWhen, searchVclAlerts } from './office-vcl-alerts.ts';

const row = (id: number, over: Partial<VclAlert> = {}): VclAlert => ({
  id, uid: 100 + id, registration: `YK21 AB${id}`, reported: `2026-11-2${id}T08:00:00.000Z`, driver: `Driver ${id}`,
  ic: 2, open: 2, items: ['Tyres', 'Lights'], ...over,
});

describe('newestFirst', () => {
  it('orders by report time, newest first, then by id', () => {
    const list = [row(1), row(3), row(2), row(4, { reported: row(3).reported })];
    expect(newestFirst(list).map((a) => a.id)).toEqual([4, 3, 2, 1]);
  });
  it('does not change the list it is given', () => {
    const list = [row(1), row(2)];
    newestFirst(list);
    expect(list.map((a) => a.id)).toEqual([1, 2]);
  });
});

describe('searchVclAlerts', () => {
  const list = [row(1, { registration: 'YK21 ABC', driver: 'Sam Patel' }), row(2, { registration: 'LD70 XYZ', driver: 'Ann Lee' })];
  it('finds by registration with or without its space, and by driver', () => {
    expect(searchVclAlerts(list, 'yk21abc').map((a) => a.id)).toEqual([1]);
    expect(searchVclAlerts(list, 'YK21 A').map((a) => a.id)).toEqual([1]);
    expect(searchVclAlerts(list, 'lee').map((a) => a.id)).toEqual([2]);
    expect(searchVclAlerts(list, 'ann ld70').map((a) => a.id)).toEqual([2]);
  });
  it('an empty search keeps everything; no match keeps nothing', () => {
    expect(searchVclAlerts(list, '  ')).toHaveLength(2);
    expect(searchVclAlerts(list, 'nobody')).toEqual([]);
  });
});

describe('applyVclDealt', () => {
  const list = [row(1, { open: 3 }), row(2)];
  it('sets the open count of the check list', () => {
    expect(applyVclDealt(list, { id: 1, faultid: 9, open: 2 }).find((a) => a.id === 1)?.open).toBe(2);
  });
  it('drops a check list with nothing open', () => {
    expect(applyVclDealt(list, { id: 2, faultid: 9, open: 0 }).map((a) => a.id)).toEqual([1]);
  });
  it('leaves the list as it was for a check list it does not hold, or an unchanged count', () => {
    expect(applyVclDealt(list, { id: 7, faultid: 9, open: 0 })).toBe(list);
    expect(applyVclDealt(list, { id: 1, faultid: 9, open: 3 })).toBe(list);
  });
});

describe('faultSummary', () => {
  it('names the first three faulty items and counts the rest', () => {
    expect(faultSummary({ ic: 5, items: ['Tyres', 'Lights', 'Mirrors', 'Horn', 'Wipers'] })).toEqual({
      count: 5, names: ['Tyres', 'Lights', 'Mirrors'], more: 2,
    });
    expect(faultSummary({ ic: 1, items: ['Tyres'] })).toEqual({ count: 1, names: ['Tyres'], more: 0 });
  });
});

describe('reportedWhen', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  it('shows only the time today, in the site zone (UK summer time included)', () => {
    expect(reportedWhen('2026-11-24T07:05:00Z', now)).toEqual({ time: '07:05', date: null });
    expect(reportedWhen('2026-07-01T07:05:00Z', new Date('2026-07-01T12:00:00Z'))).toEqual({ time: '08:05', date: null });
  });
  it('adds the date on another day, and the year in another year', () => {
    expect(reportedWhen('2026-11-20T16:30:00Z', now)).toEqual({ time: '16:30', date: '20 Nov' });
    expect(reportedWhen('2025-11-20T16:30:00Z', now)).toEqual({ time: '16:30', date: '20 Nov 2025' });
  });
  it('a day is the site zone day, not UTC', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    expect(reportedWhen('2026-06-30T23:30:00Z', new Date('2026-07-01T09:00:00Z'))).toEqual({ time: '00:30', date: null });
  });
  it('an unreadable time shows nothing', () => {
    expect(reportedWhen('nonsense', now)).toEqual({ time: '', date: null });
  });
});
