// The cache keys of the answers shared/ asks for (not a feature's: every signed-in page may need them).
export const sharedKeys = {
  /** The host's brand: the one answer kept across sign-out and site pick. */
  brand: () => ['brand'] as const,
  unitTypes: () => ['unittypes'] as const,
  /** A vehicle's street address at a position (rounded: a new one about every 100 m). */
  vehicleAddress: (unitId: number, at: string) => ['vehicleaddress', unitId, at] as const,
  /** The current site's time zone (issue 12: days of journeys are the site's days). */
  siteTimeZone: (siteId: number) => ['sitetimezone', siteId] as const,
  /** A unit's latest state (lastunitinfo): the debugger and the vehicle details share it. */
  lastUnitInfo: (uid: number) => ['lastunitinfo', uid] as const,
};
