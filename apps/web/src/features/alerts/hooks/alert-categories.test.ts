import { describe, expect, it } from 'vitest';
import {
  ALERT_LISTS,
  alertsPath,
  CLEAR_CALL,
  categoryCount,
  isAlertList,
  isBuiltAlertList,
} from './alert-categories.ts';

const counts = { panic: 2, zone: 0, spn: 5, vcl: null, servicing: null, runover: null, device: 3 };

describe('alert categories (spec 2: the dashboard)', () => {
  it("has the spec's six categories in its order, then device alarms", () => {
    expect(ALERT_LISTS).toEqual(['panic', 'zone', 'vcl', 'servicing', 'runover', 'spn', 'device']);
  });
  it.each([
    ['panic', true, true],
    ['zone', true, true],
    ['spn', true, true],
    ['vcl', true, false],
    ['servicing', true, true],
    ['runover', true, true],
    ['geofence', false, false],
    ['', false, false],
    [undefined, false, false],
  ])('%j is a list: %s, built: %s', (list, known, built) => {
    expect(isAlertList(list)).toBe(known);
    expect(isBuiltAlertList(list)).toBe(built);
  });
  it('counts: numbers as answered, null for not built (never a number), undefined while loading', () => {
    expect(ALERT_LISTS.map((l) => categoryCount(counts, l))).toEqual([2, 0, null, null, null, 5, 3]);
    expect(categoryCount(null, 'panic')).toBeUndefined();
  });
  it('links under the tabs prefix', () => {
    expect(alertsPath('zone')).toBe('/tabs/tabs/alerts/zone');
    expect(alertsPath('panic', 902)).toBe('/tabs/tabs/alerts/panic/902');
  });
  it('clears a panic or a Run Over by alert, zone and SPN alerts by vehicle, and servicing not at all', () => {
    expect(CLEAR_CALL).toEqual({ panic: 'clearpanicalarm', zone: 'clearvehiclealarm', spn: 'clearspnalarm', runover: 'clearalert', servicing: null, device: 'cleardevicealarm' });
  });
});
