import { type DriverRecord, driverRecordSchema } from '@fleet/shared';
import { ApiError } from '../../../shared/api/api-error.ts';

/**
 * What assigning a driver to a vehicle resolves to (issue 11, spec 8): the device driver record when
 * the answer's ok is 1; false on a network error (no answer at all); otherwise the raw answer, as the
 * server sent it ({ ok: 0, message } for a refusal). It never throws.
 */
export type AssignResult = DriverRecord | false | Record<string, unknown>;

export function assignResult(outcome: { answer: unknown } | { error: unknown }): AssignResult {
  if ('error' in outcome) {
    const e = outcome.error;
    if (e instanceof ApiError && e.code === 'network') return false;
    if (e instanceof ApiError) return { ok: 0, message: e.message };
    return { ok: 0, message: e instanceof Error ? e.message : String(e) };
  }
  const answer = outcome.answer;
  const parsed = driverRecordSchema.safeParse(answer);
  if (parsed.success && parsed.data.empty === false) return parsed.data;
  return typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : { ok: 0, answer };
}

/** Whether an assign result is a driver record (ok 1): the app stores it and clears its check-list caches. */
export function isDriverRecord(r: AssignResult): r is DriverRecord {
  return r !== false && r.ok === 1 && r.empty === false;
}
