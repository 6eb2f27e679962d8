// Cache keys of the tenancy feature's answers (customers, sites, unknown devices, the estate).
export const tenancyKeys = {
  companies: () => ['companies'] as const,
  sites: (companyId: number) => ['customers', companyId] as const,
  allSites: () => ['customers', 'all'] as const,
  unknownDevices: () => ['unknowndevices'] as const,
  estateAll: () => ['estate'] as const,
  estate: () => ['estate', 'customers'] as const,
  estateSites: (cid: number) => ['estate', 'sites', cid] as const,
  estateUnits: (cid: number) => ['estate', 'units', cid] as const,
  estateUnitTypes: () => ['estate', 'unittypes'] as const,
  search: (w: string) => ['estate', 'search', w] as const,
};
