import { describe, expect, it } from 'vitest';
import {
  type AlertFilter, DEFAULT_SORT, filterAlerts, groupByVehicle, inDateRange, NO_FILTER, nextSort, openIds, sortAlerts, vehiclesOf,
} from './alert-filters.ts';

const now = new Date('2026-11-23T12:00:00Z'); // a Monday, GMT
const a = (aid: number, uid: number, vehicle: string, updated: string, loc = 'At Depot', cleared: string | null = null) =>
  ({ aid, uid, vehicle, loc, updated, cleared, what: aid % 2 ? 'Entered Depot' : 'Left Depot' });
const alerts = [
  a(1, 10, 'YK21 ABC', '2026-11-23T11:00:00Z'),
  a(2, 11, 'AB12 CDE', '2026-11-23T09:00:00Z', '3.2 km from Morley'),
  a(3, 10, 'YK21 ABC', '2026-11-22T18:00:00Z', 'At Depot', '2026-11-22T19:00:00Z'),
  a(4, 12, 'ZZ99 ZZZ', '2026-11-10T08:00:00Z'),
];
const what = (x: { what: string }) => x.what;
const f = (over: Partial<AlertFilter>) => ({ ...NO_FILTER, ...over });
const ids = (xs: Array<{ aid: number }>) => xs.map((x) => x.aid);

describe('filterAlerts', () => {
  it('passes everything without a filter', () => expect(ids(filterAlerts(alerts, NO_FILTER, what, now))).toEqual([1, 2, 3, 4]));
  it('searches the vehicle, what happened and where, any case, every word', () => {
    expect(ids(filterAlerts(alerts, f({ search: 'yk21' }), what, now))).toEqual([1, 3]);
    expect(ids(filterAlerts(alerts, f({ search: 'morley' }), what, now))).toEqual([2]);
    expect(ids(filterAlerts(alerts, f({ search: 'left  depot yk21' }), what, now))).toEqual([]);
    expect(ids(filterAlerts(alerts, f({ search: 'left depot' }), what, now))).toEqual([2, 4]);
  });
  it('keeps one vehicle', () => expect(ids(filterAlerts(alerts, f({ vehicle: 10 }), what, now))).toEqual([1, 3]));
  it('keeps a date range in the site\'s days', () => {
    expect(ids(filterAlerts(alerts, f({ date: 'today' }), what, now))).toEqual([1, 2]);
    expect(ids(filterAlerts(alerts, f({ date: 'yesterday' }), what, now))).toEqual([3]);
    expect(ids(filterAlerts(alerts, f({ date: 'week' }), what, now))).toEqual([1, 2, 3]);
    expect(ids(filterAlerts(alerts, f({ date: 'month' }), what, now))).toEqual([1, 2, 3, 4]);
  });
});

describe('inDateRange', () => {
  it('counts the UK day, summer time included', () => {
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(inDateRange('2026-07-14T23:30:00Z', 'today', summer)).toBe(true); // 00:30 BST on the 15th
    expect(inDateRange('2026-07-14T22:30:00Z', 'today', summer)).toBe(false);
    expect(inDateRange('nonsense', 'today', summer)).toBe(false);
  });
});

describe('sortAlerts and nextSort', () => {
  it('sorts newest first by default and by any column either way', () => {
    expect(ids(sortAlerts(alerts, DEFAULT_SORT, what))).toEqual([1, 2, 3, 4]);
    expect(ids(sortAlerts(alerts, { column: 'vehicle', descending: false }, what))).toEqual([2, 1, 3, 4]);
    expect(ids(sortAlerts(alerts, { column: 'vehicle', descending: true }, what))).toEqual([4, 1, 3, 2]);
    expect(ids(sortAlerts(alerts, { column: 'state', descending: true }, what))).toEqual([3, 1, 2, 4]);
    expect(ids(sortAlerts(alerts, { column: 'where', descending: false }, what))).toEqual([2, 1, 3, 4]);
  });
  it('a new column starts ascending (time newest first); the same column reverses', () => {
    expect(nextSort(DEFAULT_SORT, 'vehicle')).toEqual({ column: 'vehicle', descending: false });
    expect(nextSort(DEFAULT_SORT, 'when')).toEqual({ column: 'when', descending: false });
    expect(nextSort({ column: 'vehicle', descending: false }, 'when')).toEqual({ column: 'when', descending: true });
  });
});

describe('groupByVehicle, openIds, vehiclesOf', () => {
  it('groups in the order vehicles first appear', () => {
    expect(groupByVehicle(alerts).map((g) => [g.vehicle, ids(g.alerts)])).toEqual([['YK21 ABC', [1, 3]], ['AB12 CDE', [2]], ['ZZ99 ZZZ', [4]]]);
  });
  it('clears only the open ones', () => expect(openIds(alerts)).toEqual([1, 2, 4]));
  it('lists the vehicles once each, by registration', () => {
    expect(vehiclesOf(alerts)).toEqual([{ uid: 11, vehicle: 'AB12 CDE' }, { uid: 10, vehicle: 'YK21 ABC' }, { uid: 12, vehicle: 'ZZ99 ZZZ' }]);
  });
});
