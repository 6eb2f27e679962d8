import type { BuiltAlertList } from '../hooks/alert-categories.ts';

// Cache keys of the alerts feature's answers. The `all…` keys are prefixes: invalidating one asks
// every site's (and every category's) answer again. Other features use them through the index.
export const alertKeys = {
  allDash: () => ['dashalerts'] as const,
  dash: (siteId: number | null) => [...alertKeys.allDash(), siteId] as const,
  allLists: () => ['alertlist'] as const,
  list: (siteId: number | null, list: BuiltAlertList, open: boolean) =>
    [...alertKeys.allLists(), siteId, list, open ? 'open' : 'all'] as const,
  record: (siteId: number | null, list: BuiltAlertList, id: number) => [...alertKeys.allLists(), siteId, list, 'id', id] as const,
};
