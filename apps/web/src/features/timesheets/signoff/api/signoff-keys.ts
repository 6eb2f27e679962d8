// Cache keys of the sign-off (issue 14): the office's week of sheets and sign-offs, the driver's own week.
export const signoffKeys = {
  all: () => ['timesheet-signoff'] as const,
  week: (siteId: number, wc: string | null) => ['timesheet-signoff', 'week', siteId, wc ?? 'current'] as const,
  driverWeek: (wc: string | null) => ['timesheet-signoff', 'driver-week', wc ?? 'current'] as const,
  driverWeeks: () => ['timesheet-signoff', 'driver-week'] as const,
};
