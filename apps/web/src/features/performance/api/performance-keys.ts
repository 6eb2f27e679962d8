// Cache keys of the performance feature: a site's league, a driver's weeks and trips, a vehicle's heads-up summary.
export const performanceKeys = {
  all: () => ['performance'] as const,
  league: (siteId: number, period: string) => ['performance', 'league', siteId, period] as const,
  scores: (driverId: number, weeks: number) => ['performance', 'scores', driverId, weeks] as const,
  recent: (driverId: number) => ['performance', 'recent', driverId] as const,
  hud: (unitId: number) => ['performance', 'hud', unitId] as const,
};
