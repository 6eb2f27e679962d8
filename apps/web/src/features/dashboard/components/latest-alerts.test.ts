import { describe, expect, it } from 'vitest';
import { latestAlerts } from './latest-alerts.tsx';

const alert = (aid: number, updated: string, cleared: string | null = null) => ({
  aid, kind: 'panic', event: 'panic', uid: 1, vehicle: 'V1', poi: '', loc: '', updated, lat: 0, lon: 0, detail: '', cleared, clearedby: null, late: false,
});

describe('latestAlerts', () => {
  it('merges the categories, newest first, open ones only, at most the count asked', () => {
    const rows = latestAlerts(
      [
        { list: 'panic', alerts: [alert(1, '2026-03-01T10:00:00Z'), alert(2, '2026-03-01T12:00:00Z', '2026-03-01T12:05:00Z')] },
        { list: 'zone', alerts: [alert(3, '2026-03-01T11:00:00Z'), alert(4, '2026-03-01T09:00:00Z')] },
        { list: 'runover', alerts: [alert(5, '2026-03-01T11:30:00Z')] },
      ],
      3,
    );
    expect(rows.map((r) => [r.list, r.alert.aid])).toEqual([
      ['runover', 5],
      ['zone', 3],
      ['panic', 1],
    ]);
  });
});
