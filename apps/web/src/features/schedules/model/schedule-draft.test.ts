import { saveScheduledReportBodySchema, type ScheduledReport } from '@fleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { i18n } from '../../../i18n/i18n.ts';
import { bodyOf, draftErrors, draftOf, emptyDraft } from './schedule-draft.ts';
import { whenInWords } from './schedule-words.ts';

const draft = { ...emptyDraft(), name: 'Trips', recipients: ['a@example.com'] };

describe('schedule draft', () => {
  it('names what is wrong before asking the server', () => {
    expect(draftErrors(draft)).toEqual({});
    expect(draftErrors({ ...draft, name: ' ', at: '7', recipients: [] })).toEqual({ name: 'nameNeeded', at: 'timeNeeded', recipients: 'recipientsNeeded' });
    expect(draftErrors({ ...draft, recipients: ['a@example.com', 'nope'] }).recipients).toBe('recipientBad');
    expect(draftErrors({ ...draft, recipients: ['a@example.com', 'A@example.com'] }).recipients).toBe('recipientTwice');
    expect(draftErrors({ ...draft, threshold: '301', minIdleMin: 'x' })).toEqual({ threshold: 'thresholdBad', minIdleMin: 'minutesBad' });
  });

  it('makes a body the server schema takes, with only the options the kind reads and the day its frequency needs', () => {
    const weekly = bodyOf({ ...draft, what: 'speeding', frequency: 'weekly', weekday: 5, monthDay: 9, threshold: '110', minIdleMin: '5' }, ['threshold']);
    expect(weekly).toMatchObject({ options: { threshold: 110 }, weekday: 5 });
    expect(weekly).not.toHaveProperty('monthDay');
    expect(saveScheduledReportBodySchema.safeParse(weekly).success).toBe(true);
    const site = bodyOf({ ...draft, metric: 'site', src: [4], frequency: 'monthly', monthDay: 31, minIdleMin: '5' }, ['minIdleS']);
    expect(site).toMatchObject({ src: [], monthDay: 31, options: { minIdleS: 300 } });
    expect(saveScheduledReportBodySchema.safeParse(site).success).toBe(true);
  });

  it('reads a saved schedule back into the form', () => {
    const saved = { id: 3, name: 'Idling', what: 'idling', metric: 'group', src: [2], range: 'lastweek', options: { minIdleS: 600 }, format: 'xlsx',
      frequency: 'weekly', at: '06:30', weekday: 1, monthDay: null, recipients: ['b@example.com'], enabled: false, timezone: 'Europe/London', nextRunAt: null, lastRun: null } satisfies ScheduledReport;
    expect(draftOf(saved)).toMatchObject({ id: 3, minIdleMin: '10', weekday: 1, monthDay: 1, enabled: false });
  });
});

describe('when in words', () => {
  beforeAll(() => { i18n.addResourceBundle('en', 'translation', en, true, true); });
  const t = i18n.t.bind(i18n);
  it.each([
    [{ frequency: 'weekdays', at: '07:00', weekday: null, monthDay: null }, 'Weekdays at 07:00'],
    [{ frequency: 'daily', at: '18:15', weekday: null, monthDay: null }, 'Every day at 18:15'],
    [{ frequency: 'weekly', at: '17:30', weekday: 5, monthDay: null }, 'Fridays at 17:30'],
    [{ frequency: 'monthly', at: '06:00', weekday: null, monthDay: 1 }, 'Monthly on day 1 at 06:00'],
    [{ frequency: 'monthly', at: '06:00', weekday: null, monthDay: 31 }, "Monthly on day 31 (or the month's last day) at 06:00"],
  ] as const)('%o → %s', (s, words) => {
    expect(whenInWords(s, t)).toBe(words);
  });
});
