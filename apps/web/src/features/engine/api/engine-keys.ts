// Cache keys of the engine feature (issue 16): the fleet's engine data per site and one unit's.
export const engineKeys = {
  all: () => ['engine'] as const,
  fleet: (siteId: number) => ['engine', 'fleet', siteId] as const,
  unit: (uid: number) => ['engine', 'unit', uid] as const,
};
