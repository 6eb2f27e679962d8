// What one suite's Vitest JSON report counts for the total `npm test` prints (scripts/test-all.mjs).

/**
 * Passed, failed and skipped tests of a report. A file that failed without a failed test (it did not
 * load, or a beforeAll hook threw and its tests were skipped) is one failure, and a report that says
 * it did not succeed never counts as no failure.
 * @param {{ success?: boolean, numPassedTests: number, numFailedTests: number, numPendingTests: number,
 *   numTodoTests: number, testResults: { status: string, assertionResults: { status: string }[] }[] }} r
 */
export function suiteCounts(r) {
  const counts = { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
  counts.failed += r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
  if (r.success === false && counts.failed === 0) counts.failed = 1;
  return counts;
}
