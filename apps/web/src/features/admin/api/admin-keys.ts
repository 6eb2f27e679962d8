// Cache keys of the admin feature's answers; other code uses them only through the feature's index.
export const adminKeys = {
  outbox: () => ['outbox'] as const,
  units: (customerId: number) => ['units', customerId] as const,
  servicePlan: (unitId: number) => ['serviceplan', unitId] as const,
  workingHours: (siteId: number) => ['workinghours', siteId] as const,
  brandMaps: () => ['brandmaps'] as const,
  siteSettings: (siteId: number) => ['sitesettings', siteId] as const,
};
