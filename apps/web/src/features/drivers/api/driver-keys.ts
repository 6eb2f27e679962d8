// Cache keys of the drivers feature's answers.
export const driverKeys = {
  list: (siteId: number) => ['drivers', siteId] as const,
};
