// List rules for the fleet screens (spec sections 4 and 9).

/** Keeps the items whose vehicle count is above 0 (spec 9: groups and POI with no vehicles are dropped). */
export function keepNonEmpty<T>(list: readonly T[], count: (item: T) => number): T[] {
  return list.filter((item) => count(item) > 0);
}

/** Which vehicles the fleet screen shows: all of them, one group's units, or a text search. */
export type FleetView =
  | { kind: 'all' }
  | { kind: 'group'; units: readonly number[] }
  | { kind: 'search'; text: string };

/** The fields of a vehicle the view looks at. */
export interface ViewableVehicle {
  unitid: number;
  registration: string;
  drivername: string;
}

/**
 * The vehicles in the view, in their original order. A search matches the registration or the
 * driver name, case-insensitively, anywhere in the text; a blank search shows every vehicle.
 */
export function vehiclesInView<T extends ViewableVehicle>(vehicles: readonly T[], view: FleetView): T[] {
  switch (view.kind) {
    case 'all':
      return [...vehicles];
    case 'group': {
      const units = new Set(view.units);
      return vehicles.filter((v) => units.has(v.unitid));
    }
    case 'search': {
      const needle = view.text.trim().toLowerCase();
      if (needle === '') return [...vehicles];
      return vehicles.filter(
        (v) => v.registration.toLowerCase().includes(needle) || v.drivername.toLowerCase().includes(needle),
      );
    }
  }
}
