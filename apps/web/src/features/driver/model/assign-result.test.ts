import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { assignResult, isDriverRecord } from './assign-result.ts';

const record = { ok: 1, empty: false, name: 'Ann Driver', registration: 'YX21 ABC', site: 'Leeds Depot', deviceid: 3, uid: 12, vcl: 4, driver: 7 };

describe('assign result (spec 8)', () => {
  it('is the record when ok is 1', () => {
    const r = assignResult({ answer: record });
    expect(r).toEqual(record);
    expect(isDriverRecord(r)).toBe(true);
  });

  it('is false on a network error', () => {
    const r = assignResult({ error: new ApiError('Cannot reach the server.', 'network', 0, 'assigndriver') });
    expect(r).toBe(false);
    expect(isDriverRecord(r)).toBe(false);
  });

  it('is the raw answer when ok is not 1', () => {
    const refused = assignResult({ error: new ApiError('No such unit.', 'server', 404, 'assigndriver') });
    expect(refused).toEqual({ ok: 0, message: 'No such unit.' });
    expect(isDriverRecord(refused)).toBe(false);
    const odd = { ok: 2, whatever: true };
    expect(assignResult({ answer: odd })).toBe(odd);
    expect(isDriverRecord(assignResult({ answer: odd }))).toBe(false);
    // ok 1 without a vehicle is not a record to store.
    const empty = { ok: 1, empty: true };
    expect(assignResult({ answer: empty })).toBe(empty);
    expect(isDriverRecord(assignResult({ answer: empty }))).toBe(false);
  });

  it('is the raw answer for a token or shape error, and never throws', () => {
    expect(assignResult({ error: new ApiError('Your session has ended.', 'token', 401, 'assigndriver') })).toEqual({ ok: 0, message: 'Your session has ended.' });
    expect(assignResult({ error: 'boom' })).toEqual({ ok: 0, message: 'boom' });
    expect(assignResult({ answer: null })).toEqual({ ok: 0, answer: null });
  });
});
