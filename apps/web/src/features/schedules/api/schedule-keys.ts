// Cache keys of the scheduled reports feature's answers.
export const scheduleKeys = {
  /** The current site's schedules. */
  list: (siteId: number) => ['scheduledReports', siteId] as const,
  /** One schedule's run log. */
  runs: (siteId: number, id: number) => ['scheduledReports', siteId, 'runs', id] as const,
  /** The report catalogue the caller may schedule (getreports' kinds). */
  kinds: (siteId: number) => ['scheduledReports', siteId, 'kinds'] as const,
};
