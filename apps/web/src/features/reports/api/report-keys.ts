// Cache keys of the reports feature: the catalogue with the user's runs, and a run's pages.
export const reportKeys = {
  all: () => ['reports'] as const,
  list: (siteId: number) => ['reports', 'list', siteId] as const,
  run: (id: number) => ['reports', 'run', id] as const,
  page: (id: number, offset: number, limit: number) => ['reports', 'run', id, offset, limit] as const,
};
