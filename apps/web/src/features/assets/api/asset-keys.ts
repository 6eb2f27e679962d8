/** Cache keys of the assets feature: a site's asset trackers (assets?siteid). */
export const assetKeys = {
  all: () => ['assets'] as const,
  list: (siteId: number) => ['assets', siteId] as const,
};
