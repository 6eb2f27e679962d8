import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS helper of scripts/test-all.mjs
import { suiteCounts } from './test-counts.mjs';

const report = (testResults: { status: string; assertionResults: { status: string }[] }[], over: Record<string, unknown> = {}) => ({
  success: true, numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults, ...over,
});

describe('suiteCounts: what a suite adds to the total line', () => {
  it('counts tests as the report does', () => {
    const r = report([{ status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'passed' }] }], { numPassedTests: 2, numPendingTests: 1 });
    expect(suiteCounts(r)).toEqual({ passed: 2, failed: 0, skipped: 1 });
  });

  it('counts a file whose beforeAll threw (its tests skipped) as a failure', () => {
    const r = report([{ status: 'failed', assertionResults: [{ status: 'skipped' }, { status: 'skipped' }] }], { success: false, numPendingTests: 2 });
    expect(suiteCounts(r)).toEqual({ passed: 0, failed: 1, skipped: 2 });
  });

  it('counts a file that did not load as a failure', () => {
    expect(suiteCounts(report([{ status: 'failed', assertionResults: [] }], { success: false })).failed).toBe(1);
  });

  it('does not count a file twice when its tests failed', () => {
    const r = report([{ status: 'failed', assertionResults: [{ status: 'failed' }, { status: 'passed' }] }], { success: false, numFailedTests: 1, numPassedTests: 1 });
    expect(suiteCounts(r).failed).toBe(1);
  });

  it('never reports no failure for a run that did not succeed', () => {
    expect(suiteCounts(report([], { success: false })).failed).toBe(1);
  });
});
