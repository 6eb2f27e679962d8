import { describe, expect, it } from 'vitest';
import { type FleetView, keepNonEmpty, vehiclesInView } from './lists.ts';

describe('keepNonEmpty (spec 9: groups and POI kept only when their vehicle count is above 0)', () => {
  const table: Array<[name: string, vc: number, kept: boolean]> = [
    ['no vehicles', 0, false],
    ['one vehicle', 1, true],
    ['many vehicles', 40, true],
    ['a negative count (bad data)', -1, false],
    ['a missing count read as NaN', Number.NaN, false],
  ];
  it.each(table)('%s (vc=%s) -> kept %s', (_name, vc, kept) => {
    expect(keepNonEmpty([{ name: 'g', vc }], (g) => g.vc)).toHaveLength(kept ? 1 : 0);
  });
  it('keeps the order of what remains', () => {
    const groups = [{ name: 'a', vc: 2 }, { name: 'b', vc: 0 }, { name: 'c', vc: 1 }];
    expect(keepNonEmpty(groups, (g) => g.vc).map((g) => g.name)).toEqual(['a', 'c']);
  });
});

const fleet = [
  { unitid: 1, registration: 'AB12 CDE', drivername: 'Jane Smith' },
  { unitid: 2, registration: 'YX70 ZZZ', drivername: 'Sam Jones' },
  { unitid: 3, registration: 'LS19 ABC', drivername: '' },
  { unitid: 4, registration: 'JS01 TRK', drivername: 'Alex Abbot' },
];

describe('vehiclesInView', () => {
  const table: Array<[name: string, view: FleetView, ids: number[]]> = [
    ['all vehicles', { kind: 'all' }, [1, 2, 3, 4]],
    ['a group', { kind: 'group', units: [4, 2] }, [2, 4]],
    ['an empty group', { kind: 'group', units: [] }, []],
    ['a group naming units not on this site', { kind: 'group', units: [99] }, []],
    ['search by registration', { kind: 'search', text: 'ab12' }, [1]],
    ['search by registration with its space', { kind: 'search', text: 'b12 c' }, [1]],
    ['search by driver name, any case', { kind: 'search', text: 'SMITH' }, [1]],
    ['search matching registrations and a driver', { kind: 'search', text: 'ab' }, [1, 3, 4]],
    ['search matching part of several registrations', { kind: 'search', text: 'abc' }, [3]],
    ['search with surrounding spaces', { kind: 'search', text: '  jones ' }, [2]],
    ['search with no match', { kind: 'search', text: 'zzzz9' }, []],
    ['blank search shows all', { kind: 'search', text: '   ' }, [1, 2, 3, 4]],
  ];
  it.each(table)('%s', (_name, view, ids) => {
    expect(vehiclesInView(fleet, view).map((v) => v.unitid)).toEqual(ids);
  });
  it('returns a new array, leaving the input untouched', () => {
    const out = vehiclesInView(fleet, { kind: 'all' });
    expect(out).not.toBe(fleet);
    expect(out).toEqual(fleet);
  });
});
