// Cache keys of the tenancy feature's answers (customers, sites, unknown devices).
export const tenancyKeys = {
  companies: () => ['companies'] as const,
  sites: (companyId: number) => ['customers', companyId] as const,
  allSites: () => ['customers', 'all'] as const,
  unknownDevices: () => ['unknowndevices'] as const,
};
