import { describe, expect, it } from 'vitest';
import { alertState, describeAlert, isSameDay } from './alert-rows.ts';

describe('describeAlert', () => {
  it.each([
    [{ kind: 'panic', event: 'press', poi: '' }, { key: 'panic' }],
    [{ kind: 'geofence', event: 'enter', poi: 'Depot' }, { key: 'enter', values: { poi: 'Depot' } }],
    [{ kind: 'geofence', event: 'exit', poi: ' Yard ' }, { key: 'exit', values: { poi: 'Yard' } }],
    [{ kind: 'geofence', event: 'exit', poi: '' }, { key: 'exitUnknown' }],
    [{ kind: 'geofence', event: 'movement', poi: '' }, { key: 'movement' }],
    [{ kind: 'spn', event: 'fault', poi: '', detail: '520192.4, 100.1' }, { key: 'spn', values: { codes: '520192.4, 100.1' } }],
    [{ kind: 'spn', event: 'fault', poi: '', detail: '' }, { key: 'spnUnknown' }],
    [{ kind: 'runover', event: 'ignition', poi: '', detail: 'Mon–Fri 06:00–18:00' }, { key: 'runover', values: { hours: 'Mon–Fri 06:00–18:00' } }],
    [{ kind: 'runover', event: 'ignition', poi: '', detail: '' }, { key: 'runoverUnknown' }],
    [{ kind: 'servicing', event: 'due', poi: '', detail: 'Service due: date reached' }, { key: 'servicing', values: { detail: 'Service due: date reached' } }],
    [{ kind: 'device', event: 'powerCut', poi: '', detail: 'Power cut' }, { key: 'device', values: { alarm: 'Power cut' } }],
    [{ kind: 'device', event: 'jamming', poi: '', detail: '' }, { key: 'device', values: { alarm: 'jamming' } }],
    [{ kind: 'geofence', event: 'dwell', poi: 'X' }, { key: 'other', values: { kind: 'geofence', event: 'dwell' } }],
  ])('%j -> %j', (facts, what) => expect(describeAlert(facts)).toEqual(what));
});

describe('alertState', () => {
  it('open until cleared, then by whom (blank names count as unknown)', () => {
    expect(alertState({ cleared: null, clearedby: null })).toEqual({ open: true });
    expect(alertState({ cleared: '2026-03-01T10:00:00Z', clearedby: 'Olive' })).toEqual({
      open: false,
      at: '2026-03-01T10:00:00Z',
      by: 'Olive',
      late: false,
    });
    expect(alertState({ cleared: '2026-03-01T10:00:00Z', clearedby: ' ' })).toMatchObject({ by: null });
  });
  it('tells an alert recorded late (never raised) from one cleared', () => {
    expect(alertState({ cleared: '2026-03-01T10:00:00Z', clearedby: null, late: true })).toMatchObject({ open: false, by: null, late: true });
  });
});

describe('isSameDay (UK time)', () => {
  const now = new Date('2026-07-15T12:00:00Z');
  it.each([
    ['2026-07-15T00:30:00Z', true],
    ['2026-07-14T23:30:00Z', true], // 00:30 BST on the 15th
    ['2026-07-14T22:30:00Z', false],
    ['nonsense', false],
  ])('%s -> %s', (value, expected) => expect(isSameDay(value, now)).toBe(expected));
});
