import { describe, expect, it } from 'vitest';
import { type AlarmAlert, alarmCauses } from './use-vehicle-alarm.ts';

const alert = (aid: number, uid: number, kind: string, updated: string, extra: Partial<AlarmAlert> = {}): AlarmAlert => ({
  aid, kind, event: kind === 'panic' ? 'panic' : 'enter', uid, vehicle: `V${uid}`, poi: 'Depot', loc: '', updated,
  lat: 0, lon: 0, detail: '', cleared: null, clearedby: null, late: false, ...extra,
});

describe('alarmCauses', () => {
  const panic = [alert(1, 7, 'panic', '2026-03-01T10:00:00Z'), alert(2, 8, 'panic', '2026-03-01T10:05:00Z'), alert(3, 7, 'panic', '2026-03-01T11:00:00Z')];
  const zone = [
    alert(10, 7, 'geofence', '2026-03-01T10:30:00Z'),
    alert(11, 7, 'geofence', '2026-03-01T10:45:00Z'),
    alert(12, 7, 'geofence', '2026-03-01T12:00:00Z', { cleared: '2026-03-01T12:01:00Z' }),
  ];

  it("lists the vehicle's panics one by one and its open zone alerts as one cause, newest first", () => {
    expect(alarmCauses(7, panic, zone).map((c) => [c.list, c.latest.aid, c.count])).toEqual([
      ['panic', 3, 1],
      ['zone', 11, 2],
      ['panic', 1, 1],
    ]);
  });

  it("leaves out other vehicles' alerts and cleared ones", () => {
    expect(alarmCauses(8, panic, zone).map((c) => c.latest.aid)).toEqual([2]);
    expect(alarmCauses(9, panic, zone)).toEqual([]);
  });
});
