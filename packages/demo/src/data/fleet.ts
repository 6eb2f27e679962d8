/** Vehicle icon catalogue: named vehicle types by colour, plus the asset and shield icons. */
export const VEHICLE_ICONS = [
  { name: 'service-van-blue', label: 'Service van (blue)', kind: 'van' },
  { name: 'service-van-white', label: 'Service van (white)', kind: 'van' },
  { name: 'service-van-red', label: 'Service van (red)', kind: 'van' },
  { name: 'hgv-white', label: 'HGV (white)', kind: 'hgv' },
  { name: 'hgv-blue', label: 'HGV (blue)', kind: 'hgv' },
  { name: 'car-silver', label: 'Car (silver)', kind: 'car' },
  { name: 'car-black', label: 'Car (black)', kind: 'car' },
  { name: 'car-red', label: 'Car (red)', kind: 'car' },
  { name: 'gritter-orange', label: 'Gritter (orange)', kind: 'pto' },
  { name: 'tipper-yellow', label: 'Tipper (yellow)', kind: 'pto' },
  { name: 'asset', label: 'Asset Icon', kind: 'asset' },
  { name: 'shield', label: 'Shield Icon', kind: 'asset' },
  { name: 'phone', label: 'Phone', kind: 'phone' },
] as const;

export type VehicleIcon = (typeof VEHICLE_ICONS)[number]['name'];

/** The spec's default vehicle icon: a blue service van. */
export const DEFAULT_VEHICLE_ICON: VehicleIcon = 'service-van-blue';

export const UNIT_TYPE = { van: 1, hgv: 2, car: 3, asset: 6, trailer: 7, pto: 16, phone: 20 } as const;

/**
 * The demo vehicles' fuel tanks in litres by unit type (issue 16: the fuel monitor turns a level in %
 * into litres with it); the same sizes the simulator's profiles drive with (tools/simulator profiles.ts).
 */
export const DEMO_TANK_LITRES: Readonly<Record<number, number>> = { [UNIT_TYPE.van]: 80, [UNIT_TYPE.hgv]: 400, [UNIT_TYPE.car]: 55, [UNIT_TYPE.pto]: 300 };

/** Unit types with fixed ids (6: asset tracker, no speed text; 16: PTO icon by trigger). */
export const DEMO_UNIT_TYPES: ReadonlyArray<{ id: number; name: string; icon: VehicleIcon }> = [
  { id: UNIT_TYPE.van, name: 'Van', icon: 'service-van-blue' },
  { id: UNIT_TYPE.hgv, name: 'HGV', icon: 'hgv-white' },
  { id: UNIT_TYPE.car, name: 'Car', icon: 'car-silver' },
  { id: UNIT_TYPE.asset, name: 'Asset tracker', icon: 'asset' },
  // A type for trailers' check lists (issue 11); the demo's trailers still report as asset trackers.
  { id: UNIT_TYPE.trailer, name: 'Trailer', icon: 'asset' },
  { id: UNIT_TYPE.pto, name: 'PTO vehicle', icon: 'gritter-orange' },
  { id: UNIT_TYPE.phone, name: 'Phone (Traccar Client)', icon: 'phone' },
];

/**
 * A batch of units of one type at a site. Vehicles get UK registrations; asset trackers and
 * phones get the names in `labels` (their 'registration' is the name shown in lists).
 * Icons are used in turn.
 */
export interface UnitBatch {
  type: number;
  count: number;
  icons: readonly VehicleIcon[];
  labels?: readonly string[];
}

/** 26 + 18 + 16 = 60 units. */
export const SITE_FLEETS: Record<string, readonly UnitBatch[]> = {
  'Leeds Depot': [
    { type: UNIT_TYPE.van, count: 12, icons: ['service-van-blue', 'service-van-blue', 'service-van-white'] },
    { type: UNIT_TYPE.hgv, count: 7, icons: ['hgv-white', 'hgv-blue'] },
    { type: UNIT_TYPE.car, count: 3, icons: ['car-silver', 'car-black'] },
    { type: UNIT_TYPE.asset, count: 2, icons: ['asset'], labels: ['Trailer TR-07', 'Trailer TR-12'] },
    { type: UNIT_TYPE.phone, count: 2, icons: ['phone'], labels: ['Phone - Courier 1', 'Phone - Courier 2'] },
  ],
  'Bradford Yard': [
    { type: UNIT_TYPE.van, count: 6, icons: ['service-van-blue', 'service-van-red'] },
    { type: UNIT_TYPE.hgv, count: 5, icons: ['hgv-white'] },
    { type: UNIT_TYPE.pto, count: 4, icons: ['gritter-orange'] },
    { type: UNIT_TYPE.car, count: 2, icons: ['car-silver', 'car-red'] },
    { type: UNIT_TYPE.asset, count: 1, icons: ['shield'], labels: ['Salt spreader SP-2'] },
  ],
  'Wakefield Works': [
    { type: UNIT_TYPE.pto, count: 5, icons: ['tipper-yellow'] },
    { type: UNIT_TYPE.hgv, count: 3, icons: ['hgv-blue', 'hgv-white'] },
    { type: UNIT_TYPE.van, count: 4, icons: ['service-van-white', 'service-van-blue'] },
    { type: UNIT_TYPE.car, count: 1, icons: ['car-black'] },
    { type: UNIT_TYPE.asset, count: 2, icons: ['asset'], labels: ['Welfare unit WU-3', 'Generator GEN-5'] },
    { type: UNIT_TYPE.phone, count: 1, icons: ['phone'], labels: ['Phone - Site engineer'] },
  ],
};

/**
 * Groups per site: units of the listed types, taking every `every`-th of them (default all),
 * at most `max`. 'Spare vehicles' is deliberately empty: lists hide groups whose count is 0
 * (spec 9), so it shows only where groups are edited.
 */
export interface GroupPlan {
  name: string;
  types: readonly number[];
  every?: number;
  max?: number;
}

export const SITE_GROUPS: Record<string, readonly GroupPlan[]> = {
  'Leeds Depot': [
    { name: 'Multi-drop vans', types: [UNIT_TYPE.van] },
    { name: 'Trunking HGVs', types: [UNIT_TYPE.hgv] },
    { name: 'Night shift', types: [UNIT_TYPE.van, UNIT_TYPE.hgv], every: 3 },
    { name: 'Pool cars', types: [UNIT_TYPE.car] },
    { name: 'Trailers & couriers', types: [UNIT_TYPE.asset, UNIT_TYPE.phone] },
    { name: 'Spare vehicles', types: [] },
  ],
  'Bradford Yard': [
    { name: 'Gritters', types: [UNIT_TYPE.pto, UNIT_TYPE.asset] },
    { name: 'Day shift', types: [UNIT_TYPE.van, UNIT_TYPE.hgv], every: 2 },
    { name: 'Night shift', types: [UNIT_TYPE.van, UNIT_TYPE.hgv, UNIT_TYPE.pto], every: 3 },
    { name: 'Pool cars', types: [UNIT_TYPE.car] },
  ],
  'Wakefield Works': [
    { name: 'Tippers', types: [UNIT_TYPE.pto] },
    { name: 'Plant & welfare', types: [UNIT_TYPE.asset] },
    { name: 'Site vans', types: [UNIT_TYPE.van, UNIT_TYPE.car] },
    { name: 'Haulage', types: [UNIT_TYPE.hgv], max: 2 },
  ],
};
