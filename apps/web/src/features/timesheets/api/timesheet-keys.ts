// Cache keys of the timesheets feature: a site's week (the list) and a driver's week (the sheet).
export const timesheetKeys = {
  all: () => ['timesheets'] as const,
  lists: () => ['timesheets', 'list'] as const,
  list: (siteId: number, wc: string | null) => ['timesheets', 'list', siteId, wc ?? 'current'] as const,
  sheets: () => ['timesheets', 'sheet'] as const,
  sheet: (driverId: number, wc: string) => ['timesheets', 'sheet', driverId, wc] as const,
};
