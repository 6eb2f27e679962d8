import { describe, expect, it } from 'vitest';
import { activityQuerySchema, getDataPointQuerySchema, tripEventsBodySchema, tripsQuerySchema } from './journeys.schema.ts';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.error?.issues ?? []).map((i) => i.message);

describe('journeys inputs', () => {
  it('takes exactly one of a vehicle or a driver', () => {
    expect(activityQuerySchema.parse({ d: '2026-03-29', v: '12' })).toEqual({ d: '2026-03-29', v: 12 });
    expect(activityQuerySchema.parse({ d: '2026-03-29', driver: '3' })).toEqual({ d: '2026-03-29', driver: 3 });
    expect(messages(activityQuerySchema.safeParse({ d: '2026-03-29', v: '1', driver: '2' }))).toEqual(['give either v (a vehicle) or driver, not both']);
    expect(messages(activityQuerySchema.safeParse({ d: '2026-03-29' }))).toEqual(['give v (a vehicle) or driver']);
    expect(activityQuerySchema.safeParse({ d: '2026-02-30', v: '1' }).success).toBe(false);
  });

  it('takes a position id as digits up to the bigint bound', () => {
    const q = (id: string) => getDataPointQuerySchema.safeParse({ id, dt: '2026-05-01T08:30:00.000Z', v: '1' }).success;
    expect(q('9223372036854775807')).toBe(true);
    for (const bad of ['0', '9223372036854775808', '-1', '1.5', '01', '', '99999999999999999999']) expect(q(bad), bad).toBe(false);
  });

  it('bounds the span of tripevents to 48 hours, from before to', () => {
    const span = (from: string, to: string) => tripEventsBodySchema.safeParse({ events: { v: 1, from, to } });
    expect(span('2026-05-01T00:00:00Z', '2026-05-03T00:00:00Z').success).toBe(true);
    expect(messages(span('2026-05-01T00:00:00Z', '2026-05-03T00:00:01Z'))).toEqual(['the span from … to is at most 48 hours']);
    expect(messages(span('2026-05-01T10:00:00Z', '2026-05-01T10:00:00Z'))).toEqual(['must be after from']);
  });

  it('bounds the trips call to 31 days', () => {
    expect(tripsQuerySchema.safeParse({ siteid: '1', from: '2026-01-01', to: '2026-01-31' }).success).toBe(true);
    expect(messages(tripsQuerySchema.safeParse({ siteid: '1', from: '2026-01-01', to: '2026-02-01' }))).toEqual(['the span from … to is at most 31 days']);
    expect(messages(tripsQuerySchema.safeParse({ siteid: '1', from: '2026-01-02', to: '2026-01-01' }))).toEqual(['must be on or after from']);
  });
});
