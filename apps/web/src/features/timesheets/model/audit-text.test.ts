import type { TimesheetAuditEntry } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { auditLine, shortTime } from './audit-text.ts';

const entry = (e: Partial<TimesheetAuditEntry>): TimesheetAuditEntry => ({
  id: 1, shiftId: 5, action: 'updateshift', field: 'start', before: null, after: null, userName: 'Tom Whitaker', at: '2026-10-20T09:00:00Z', ...e,
});
const zone = 'Europe/London';

describe('audit lines in words', () => {
  it("writes times in the site's zone", () => {
    expect(shortTime('2026-10-19T06:00:00.000Z', zone)).toBe('Mon 19 Oct 07:00');
    expect(shortTime('not a time', zone)).toBe('not a time');
  });

  it('names each change with the values before and after', () => {
    expect(auditLine(entry({ before: '2026-10-19T06:00:00.000Z', after: '2026-10-19T05:30:00.000Z' }), zone))
      .toMatchObject({ what: 'start', before: 'Mon 19 Oct 07:00', after: 'Mon 19 Oct 06:30' });
    expect(auditLine(entry({ field: 'break', before: 2700, after: 1800 }), zone)).toMatchObject({ what: 'break', before: '0:45', after: '0:30' });
    expect(auditLine(entry({ action: 'updateshiftnotes', field: 'notes', before: '', after: 'Hull' }), zone)).toMatchObject({ what: 'notes', before: '—', after: 'Hull' });
    expect(auditLine(entry({ action: 'addtimesheetshift', field: null, after: { start: '2026-10-20T07:00:00Z', end: '2026-10-20T11:00:00Z', breakS: 900, notes: 'Training' } }), zone))
      .toMatchObject({ what: 'added', before: '—', after: 'Tue 20 Oct 08:00 – Tue 20 Oct 12:00, break 0:15, “Training”' });
    expect(auditLine(entry({ action: 'reopen', field: 'version', before: 1, after: 2 }), zone)).toMatchObject({ what: 'reopen', before: 'v1', after: 'v2' });
    expect(auditLine(entry({ action: 'createdufftimesheet', field: null, after: { wc: '2026-03-23' } }), zone)).toMatchObject({ what: 'created', after: 'w/c 2026-03-23' });
    expect(auditLine(entry({ action: 'somethingnew', field: null }), zone).what).toBe('other');
  });
});
