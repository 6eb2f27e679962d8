// Cache keys of the fleet feature's answers. `allVehicles` is a prefix: invalidating it asks every
// site's vehicles again (a unit added or its state rebuilt elsewhere).
export const fleetKeys = {
  allVehicles: () => ['vehicles'] as const,
  vehicles: (siteId: number) => [...fleetKeys.allVehicles(), siteId] as const,
};
