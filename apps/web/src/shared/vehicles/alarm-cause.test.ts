import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadAllStrings } from '../../i18n/i18n.ts';
import { alarmCauseText } from './alarm-cause.ts';

const t = i18n.t.bind(i18n);
// Only the startup sections are bundled with i18n.ts; the alarm texts come with the rest.
beforeAll(() => loadAllStrings());
const cause = (kind: string, event: string, poi = '', detail = '') => alarmCauseText({ kind, event, poi, detail }, t);

describe('alarmCauseText', () => {
  it("names the alert type as the banners do, with the zone's name", () => {
    expect(cause('panic', 'panic')).toBe('Vehicle Panic Alert Notification');
    expect(cause('geofence', 'enter', 'Depot yard')).toBe('Asset Geofence Alert: entered Depot yard');
    expect(cause('geofence', 'exit', ' ')).toBe('Asset Geofence Alert: left a zone');
    expect(cause('geofence', 'movement')).toBe('Asset Movement: started moving');
  });

  it('names the other categories by their dashboard names', () => {
    expect(cause('spn', 'new', '', '520192.4')).toBe('SPN Alerts: 520192.4');
    expect(cause('runover', 'ignition')).toBe('Run Over');
  });
});
